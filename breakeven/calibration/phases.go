package calibration

// The phase model of prefill, fitted to published runs (the package doc
// gives the formula).
//
// A prefill is two kinds of work: the matrix products through the weights
// (2 x active parameters x N FLOPs, the output head's for the last token
// only) and attention (the N^2 term). Each
// runs at its own share of the peak of the precision it computes in:
//
//	t = L / (G x peak_L x e_L) + A / (G x peak_A x e_A)
//
// With x = 1/e this is linear in the parameters: t = x_L * t_L + x_A * t_A,
// where t_L and t_A are each phase's time at its peak. Fitting minimises
// the squared relative error sum_i (predicted_i / measured_i - 1)^2,
// which is least squares on the rows (t_L, t_A) / measured against 1
// (close to least squares on log time for errors of tens of percent, and
// solved exactly); that solution then starts the robust fit on log
// errors (latency.go). The structures compared include:
//
//   - OneEfficiency: one share of peak for both phases (the old single MFU,
//     but against each phase's own precision peak);
//   - ByPhase: matrix products and attention apart;
//   - ByPhaseAndPrecision: and FP8/FP4 matrix products apart from BF16
//     ones;
//   - Roofline: one share of peak, plus memory traffic that does not
//     overlap the tensor cores, FLOPs / (GPUs x memory bandwidth x I),
//     with I, the FLOP per byte of that traffic, fitted (x_M = 1/I is its
//     coefficient, M = FLOPs / bandwidth its regressor);
//   - ByPhaseRoofline: the two phases apart, plus the memory traffic.
//
// Each is validated leave-one-source-out (bysource.go), with the choice
// of structure and the interval made inside each fold, and scored on its
// own leaving each source out (ValidateSourceOut), so the structures
// can be compared; the older leave-one-run-out validation (Validate),
// which keeps a run's near-twins from its source in the fit, is kept
// for comparison on any set of runs. The latency structures (latency.go)
// add one request's costs.
//
// A run is left out of the fit, with the reason, when it cannot be
// priced: its GPUs or precision were not read, its chip or a precision
// peak is not in the catalog, it counts work that was not done (cache
// hits), it cannot be what it says (a cache that does not fit), or its
// time beats the hardware at peak (no efficiency explains it).

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/internal/portable"
	"signalweight.dev/kv/sources"
)

// Structure is a choice of the efficiency parameters.
type Structure int

// The structures, from fewest parameters.
const (
	OneEfficiency Structure = iota
	ByPhase
	ByPhaseAndPrecision
	Roofline
	ByPhaseRoofline
	// The latency regime (latency.go): a per-request cost, a per-layer
	// cost and tensor-parallel communication, paid by one request's time
	// to first token and amortised away in a batched throughput.
	RequestCost
	RooflineRequestCost
	RooflineLatency
	RooflineLatencyComm
	Regimes
	RegimesRequestCost
	// EngineRequestCost is RegimesRequestCost with a per-request cost of
	// its own for each engine family whose single requests come from two
	// sources or more in the fit (EngineCosts); the other engines share
	// one.
	EngineRequestCost
	// ByPhaseRequestCost is RooflineRequestCost with the matrix products
	// and attention at shares of peak of their own: a long prompt's
	// attention (FlashAttention's tiles, thousands of tokens deep) runs
	// nearer its peak than a single request's matrix products, and one
	// shared share prices a 128K-token prompt's attention as slowly as a
	// 2K-token prompt's weights.
	ByPhaseRequestCost
	// CeilingRequestCost prices the FLOPs at each chip's measured matmul
	// ceiling (sources' MAMF table; the datasheet peak where the chip has
	// none), with no fitted share of peak: what a run takes beyond that
	// is the memory traffic at a fitted intensity (FLOPs over the memory
	// bandwidth: the work bound by bandwidth, not by the tensor cores)
	// and the per-request cost. A chip with little compute per byte of
	// bandwidth (the H20, the A100) reaches nearer its peak than one with
	// much (the H100, the B200), which a share of peak fitted across chips
	// cannot say.
	CeilingRequestCost
	// CeilingWeightsRequestCost is CeilingRequestCost with one read of the
	// weights a prompt touches at the GPUs' full memory bandwidth
	// (prefill.WeightRead), added to every single prompt's time, served or
	// offline, and fitted to none: a prompt of a few hundred tokens is
	// bound by that read, not by its FLOPs, and a batch spreads it over
	// its many prompts.
	CeilingWeightsRequestCost
	// CeilingWeightsSparseCost is CeilingWeightsRequestCost with a
	// per-request cost for a mixture of experts apart from a dense
	// model's: a sparse model's forward pass routes each token, gathers
	// and scatters it to its experts and launches a grouped matrix
	// product per layer, work a dense model of the same FLOPs does not
	// do. Added when the served single requests of small dense models
	// (sources' AWSNIMBench and GPUStackQwen3Lab) joined a fit whose other
	// served single requests were mostly DeepSeek-V3's.
	CeilingWeightsSparseCost
)

// atCeiling reports whether s prices the FLOPs at the measured matmul
// ceiling with no fitted share of it.
func (s Structure) atCeiling() bool {
	return s == CeilingRequestCost || s == CeilingWeightsRequestCost || s == CeilingWeightsSparseCost
}

// readsWeights reports whether s charges each single prompt one read of
// its weights.
func (s Structure) readsWeights() bool {
	return s == CeilingWeightsRequestCost || s == CeilingWeightsSparseCost
}

// Candidates are the structures validation chooses among: those with a
// per-request cost. A single request always pays one (its scheduling,
// tokenization and round trip), and the published runs mix single
// requests with batches; a structure without it can describe a batch-1
// run only by a share of peak far below a batch's. Chosen before the
// nested validation, on physics, after an earlier run of it (every
// structure a candidate) picked a structure without the cost in two of
// its folds and predicted their batch-1 runs of a few thousand tokens
// four to ten times too fast.
func Candidates() []Structure {
	var out []Structure
	for _, s := range Structures() {
		if s.isLatency() {
			out = append(out, s)
		}
	}
	return out
}

// Structures lists the structures compared.
func Structures() []Structure {
	return []Structure{OneEfficiency, ByPhase, ByPhaseAndPrecision, Roofline, ByPhaseRoofline,
		RequestCost, RooflineRequestCost, RooflineLatency, RooflineLatencyComm, Regimes, RegimesRequestCost, EngineRequestCost, ByPhaseRequestCost, CeilingRequestCost, CeilingWeightsRequestCost, CeilingWeightsSparseCost}
}

func (s Structure) String() string {
	switch s {
	case OneEfficiency:
		return "one efficiency"
	case ByPhase:
		return "by phase"
	case ByPhaseAndPrecision:
		return "by phase, FP8/FP4 matrix products apart"
	case Roofline:
		return "one efficiency and memory traffic"
	case ByPhaseRoofline:
		return "by phase and memory traffic"
	case RequestCost:
		return "one efficiency and a per-request cost"
	case RooflineRequestCost:
		return "one efficiency, memory traffic and a per-request cost"
	case RooflineLatency:
		return "one efficiency, memory traffic, per-request and per-layer costs"
	case RooflineLatencyComm:
		return "one efficiency, memory traffic, per-request and per-layer costs, tensor-parallel communication"
	case Regimes:
		return "an efficiency for batched throughput and one for single requests"
	case RegimesRequestCost:
		return "an efficiency for batched throughput, one for single requests, and a per-request cost"
	case EngineRequestCost:
		return "an efficiency for batched throughput, one for single requests, and a per-request cost by engine where two sources show it"
	case ByPhaseRequestCost:
		return "matrix products and attention apart, memory traffic and a per-request cost"
	case CeilingRequestCost:
		return "FLOPs at the measured matmul ceiling, memory traffic and a per-request cost"
	case CeilingWeightsRequestCost:
		return "FLOPs at the measured matmul ceiling, the weights read once, memory traffic and a per-request cost"
	case CeilingWeightsSparseCost:
		return "FLOPs at the measured matmul ceiling, the weights read once, memory traffic and a per-request cost for dense models and one for mixtures of experts"
	}
	return fmt.Sprintf("Structure(%d)", int(s))
}

// Params names the structure's parameters, in the order of the fit.
func (s Structure) Params() []string {
	switch s {
	case OneEfficiency:
		return []string{"efficiency"}
	case ByPhase:
		return []string{"matrix products", "attention"}
	case ByPhaseAndPrecision:
		return []string{"BF16 matrix products", "FP8/FP4 matrix products", "attention"}
	case Roofline:
		return []string{"efficiency", "memory traffic"}
	case ByPhaseRoofline:
		return []string{"matrix products", "attention", "memory traffic"}
	case RequestCost:
		return []string{"efficiency", perRequest, queueing}
	case RooflineRequestCost:
		return []string{"efficiency", "memory traffic", perRequest, queueing}
	case ByPhaseRequestCost:
		return []string{"matrix products", "attention", "memory traffic", perRequest, queueing}
	case CeilingRequestCost, CeilingWeightsRequestCost:
		return []string{"memory traffic", perRequest, queueing}
	case CeilingWeightsSparseCost:
		return []string{"memory traffic", perRequest + " (dense)", perRequest + " (mixture of experts)", queueing}
	case RooflineLatency:
		return []string{"efficiency", "memory traffic", perRequest, "per-layer cost", queueing}
	case Regimes:
		return []string{"throughput efficiency", "single-request efficiency", queueing}
	case RegimesRequestCost, EngineRequestCost:
		return []string{"throughput efficiency", "single-request efficiency", perRequest, queueing}
	}
	return []string{"efficiency", "memory traffic", perRequest, "per-layer cost", "communication", queueing}
}

// perRequest names the latency structures' per-request cost; an engine's
// own cost is named perRequest + " of " + its family (ParamNames), which
// Fit.RequestCost reads.
const perRequest = "per-request cost"

// queueing names the latency structures' last parameter: the wait of a
// request timed at a stated concurrency, per other request in flight, in
// units of its FLOP time at peak (latency.go).
const queueing = "queueing per request in flight"

// Run is a published run as the fit sees it.
type Run struct {
	sources.PrefillRun
	FLOP     prefill.Model // the model's FLOP model
	GPUs     prefill.GPUs  // with the run's precision
	N        breakeven.Tokens
	Measured breakeven.Estimate[breakeven.Seconds]
	// LinearMin and AttentionMin are each phase's time at its peak;
	// Memory is the FLOPs over the GPUs' memory bandwidth (seconds x FLOP
	// per byte), the regressor of the memory traffic.
	LinearMin, AttentionMin breakeven.Seconds
	Memory                  float64
	// LinearCeil and AttentionCeil are each phase's time at the chip's
	// measured matmul ceiling (prefill.CeilingTimes; at peak where
	// CeilMeasured is false).
	LinearCeil, AttentionCeil breakeven.Seconds
	CeilMeasured              bool
	// WeightRead is one read of the weights the prompt touches at the
	// GPUs' full memory bandwidth (prefill.WeightRead), which
	// CeilingWeightsRequestCost charges a single prompt.
	WeightRead breakeven.Seconds
	// The latency regime's regressors (latency.go): PerRequest is set for
	// a served request's time to first token (a Seconds run not timed
	// offline), Layers is
	// the model's depth, Comm the tensor-parallel all-reduce time at the
	// link's quoted bandwidth (zero, with CommKnown false, where the
	// chip's link bandwidth is not in the catalog).
	PerRequest bool
	Layers     float64
	Comm       breakeven.Seconds
	CommKnown  bool
	// Pipeline is a single request's pipeline factor (prefill.
	// PipelineFactor): its FLOP and memory time over all GPUs is
	// multiplied by it; 1 for a batched throughput, which keeps every
	// stage busy.
	Pipeline float64
	// Reason says why the run is not priced; empty if it is.
	Reason string
}

// Source is the source of the run's measured figure: the unit the
// validation leaves out together.
func (r Run) Source() sources.SourceID {
	if r.Seconds.Name != "" {
		return r.Seconds.Cite.Source
	}
	return r.Rate.Cite.Source
}

// Priced reports whether the run is in the fit.
func (r Run) Priced() bool { return r.Reason == "" }

// MinTime is the run's time at peak: both phases at efficiency 1.
func (r Run) MinTime() breakeven.Seconds { return r.LinearMin + r.AttentionMin }

// Implied is the share of peak the measured time implies over the whole
// prefill: MinTime / measured (an MFU against each phase's own peak).
func (r Run) Implied() float64 { return float64(r.MinTime() / r.Measured.Value) }

// Limit is the physical-limits verdict on the run's measured time: the
// share of peak it implies over the whole prefill (MinTime / measured,
// at the longest time the measured interval allows, so that a verdict of
// failure holds over the whole interval) against 1 and the highest
// published MFU. A run with no measured time is Plausible: there is
// nothing to rule on (and one with no minimum time implies a share of 0).
func (r Run) Limit() prefill.Limit {
	if r.Measured.Value <= 0 {
		return prefill.Plausible
	}
	implied := breakeven.Apply1(r.Measured, func(t breakeven.Seconds) float64 { return float64(r.MinTime() / t) })
	return prefill.Check(implied, sources.HighestPublishedMFU.V())
}

// pipeline is the run's pipeline factor, 1 where not set.
func (r Run) pipeline() float64 {
	if r.Pipeline > 0 {
		return r.Pipeline
	}
	return 1
}

// lowLinear reports whether the run's matrix products are FP8 or FP4.
func (r Run) lowLinear() bool {
	p := r.GPUs.Compute.Or().Linear
	return p == prefill.FP8 || p == prefill.FP4
}

// design is the run's row of the fit: each parameter's time at efficiency
// 1, so that predicted = sum(design_k x 1/e_k).
func (r Run) design(s Structure) []float64 {
	pf := r.pipeline()
	l, a, mem := pf*float64(r.LinearMin), pf*float64(r.AttentionMin), pf*r.Memory
	switch s {
	case OneEfficiency:
		return []float64{l + a}
	case ByPhase:
		return []float64{l, a}
	case Roofline:
		return []float64{l + a, mem}
	case ByPhaseRoofline:
		return []float64{l, a, mem}
	case RequestCost, RooflineRequestCost, RooflineLatency, RooflineLatencyComm, Regimes, RegimesRequestCost, EngineRequestCost, ByPhaseRequestCost, CeilingRequestCost, CeilingWeightsRequestCost, CeilingWeightsSparseCost:
		return r.latencyDesign(s)
	}
	if r.lowLinear() {
		return []float64{0, l, a}
	}
	return []float64{l, 0, a}
}

// NewRun prices a published run against the catalog: its model's FLOPs,
// its GPUs in its precision, and each phase's time at peak; Reason is set
// where it cannot be priced.
func NewRun(p sources.PrefillRun) Run {
	r := Run{PrefillRun: p, Measured: p.Time(), Reason: p.Unpriceable}
	if p.Tokens.Name != "" {
		r.N = p.Tokens.V()
	}
	m, err := sources.FindModel(p.Model)
	if err == nil {
		r.FLOP, err = sources.PrefillModel(m)
	}
	if err != nil {
		r.Reason = or(r.Reason, fmt.Sprintf("no FLOP model for %s", p.Model))
		return r
	}
	g, err := sources.ParseGPUs(p.Chip)
	if err != nil {
		r.Reason = or(r.Reason, fmt.Sprintf("the %s is not in the chip catalog", p.Chip))
		return r
	}
	if g, err = g.In(p.Compute); err != nil {
		var pe *prefill.PrecisionError
		if errors.As(err, &pe) {
			r.Reason = or(r.Reason, fmt.Sprintf("the catalog has no %s peak for the %s", pe.Precision, pe.Chip))
		} else {
			r.Reason = or(r.Reason, err.Error())
		}
		return r
	}
	if p.WeightBits.Name != "" { // weights stored narrower than they are computed
		b := p.WeightBits.V()
		g.Weights = prefill.Weights{Name: fmt.Sprintf("%g-bit", b), Bytes: b / 8}
	}
	g.Count = 0 // not read, unless the run states it
	if p.GPUs.Name != "" {
		g.Count = int(p.GPUs.V())
	}
	r.GPUs = g
	if r.Reason == "" && g.Count == 0 {
		r.Reason = "the number of GPUs was not read"
	}
	if r.Reason != "" || r.N == 0 {
		r.Reason = or(r.Reason, "no prompt length")
		return r
	}
	r.LinearMin, r.AttentionMin, _ = prefill.PhaseMinTimes(r.FLOP, r.N, g)
	r.LinearCeil, r.AttentionCeil, r.CeilMeasured, _ = prefill.CeilingTimes(r.FLOP, r.N, g)
	r.Memory = prefill.MemoryTerm(r.FLOP, r.N, g)
	r.WeightRead = prefill.WeightRead(r.FLOP, r.N, g)
	// A served request pays the per-request cost; a time taken inside the
	// engine by an offline benchmark (sources.PrefillRun.Offline) does
	// not, but its one prompt still goes through the pipeline alone.
	r.PerRequest = p.Seconds.Name != "" && !p.Offline
	r.Layers = float64(r.FLOP.Layers())
	r.Comm, r.CommKnown = prefill.CommTime(r.FLOP, r.N, g, p.Par)
	r.Pipeline = 1
	if p.Seconds.Name != "" {
		r.Pipeline = prefill.PipelineFactor(r.N, p.Par)
	}
	switch r.Limit() {
	case prefill.BeyondPeak:
		r.Reason = fmt.Sprintf("faster than the hardware at peak: at least %s at every phase's peak, measured %s (an implied share of peak of %.2f)",
			r.MinTime(), r.Measured.Value, r.Implied())
	case prefill.BeyondPublished:
		limit := sources.HighestPublishedMFU.V()
		r.Reason = fmt.Sprintf("implausible as read: it implies %s of the %s peak, above the %.2f the best published kernel reaches",
			breakeven.FormatApart(r.Implied(), limit, 2), g.Compute.Or(), limit)
	}
	if r.Reason == "" && r.Memory == 0 {
		r.Reason = fmt.Sprintf("the %s's memory bandwidth is not in the catalog", g.Chip.Name)
	}
	return r
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Runs returns every published run, priced where it can be.
func Runs() []Run {
	var out []Run
	for _, p := range sources.PrefillRuns() {
		out = append(out, NewRun(p))
	}
	return out
}

// Fit is the phase model fitted to a set of runs.
type Fit struct {
	Structure Structure
	Phases    prefill.Phases
	// Coef are the fitted coefficients of the structure's design, in the
	// order of Params: 1/efficiency for a share of peak, seconds for a
	// cost.
	Coef []float64
	// Runs are the IDs of the runs the fit used.
	Runs []string
	// Engines are the engine families (EngineKind) with a per-request
	// cost of their own (EngineRequestCost only), and EngineCosts those
	// costs; every other engine pays Phases.Fixed.
	Engines     []string
	EngineCosts map[string]breakeven.Seconds
}

// ParamNames names the fit's coefficients, in the order of Coef: the
// structure's parameters, with an engine's own per-request cost before
// the queueing one.
func (f Fit) ParamNames() []string {
	p := f.Structure.Params()
	if len(f.Engines) == 0 {
		return p
	}
	out := append([]string(nil), p[:len(p)-1]...)
	for _, e := range f.Engines {
		out = append(out, perRequest+" of "+e)
	}
	return append(out, p[len(p)-1])
}

// row is the run's design row in fit f: the structure's design, with
// the per-request indicator moved to the run's engine's own column where
// that engine has one.
func (r Run) row(s Structure, engines []string) []float64 {
	d := r.design(s)
	if s != EngineRequestCost || len(engines) == 0 {
		return d
	}
	out := append([]float64(nil), d[:len(d)-1]...)
	own := make([]float64, len(engines))
	for i, e := range engines {
		if EngineKind(r.Engine) == e {
			own[i], out[2] = out[2], 0
		}
	}
	return append(append(out, own...), d[len(d)-1])
}

// ownCostEngines returns the engine families (EngineKind, "other" left
// out) whose priced single-request runs (one request or a stated
// concurrency) come from at least two sources, sorted.
func ownCostEngines(runs []Run) []string {
	srcs := map[string]map[sources.SourceID]bool{}
	for _, r := range runs {
		k := EngineKind(r.Engine)
		if !r.Priced() || !r.PerRequest || k == "other" {
			continue
		}
		if srcs[k] == nil {
			srcs[k] = map[sources.SourceID]bool{}
		}
		srcs[k][r.Source()] = true
	}
	var out []string
	for k, v := range srcs {
		if len(v) >= 2 {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// FitPhases fits structure s to the priced runs by least squares on the
// relative error. It fails with fewer runs than parameters, or when a
// fitted efficiency is not positive.
func FitPhases(runs []Run, s Structure) (Fit, error) {
	f := Fit{Structure: s}
	if s == EngineRequestCost {
		f.Engines = ownCostEngines(runs)
	}
	var rows [][]float64
	var weights, offs []float64
	perSource := map[sources.SourceID]int{}
	for _, r := range runs {
		if r.Priced() {
			perSource[r.Source()]++
		}
	}
	for _, r := range runs {
		if !r.Priced() {
			continue
		}
		d := r.row(s, f.Engines)
		for k := range d {
			d[k] /= float64(r.Measured.Value)
		}
		rows = append(rows, d)
		// Each source weighs as one: a source's runs share its weight.
		weights = append(weights, 1/float64(perSource[r.Source()]))
		offs = append(offs, r.offset(s)/float64(r.Measured.Value))
		f.Runs = append(f.Runs, r.ID)
	}
	k := len(f.ParamNames())
	if len(rows) < k {
		return f, fmt.Errorf("calibration: %d priced runs for %d parameters", len(rows), k)
	}
	// Drop a parameter no run informs (a column of zeros): it is left unset.
	used := make([]int, 0, k)
	for j := 0; j < k; j++ {
		for _, r := range rows {
			if r[j] != 0 {
				used = append(used, j)
				break
			}
		}
	}
	// b is the measured time, rel the part of it the fitted terms must
	// explain (all of it, less the structure's fixed offset): both over
	// the measured time, weighted.
	a := make([][]float64, len(rows))
	b := make([]float64, len(rows))
	rel := make([]float64, len(rows))
	off := make([]float64, len(rows))
	for i, r := range rows {
		sw := math.Sqrt(weights[i])
		a[i] = make([]float64, len(used))
		for c, j := range used {
			a[i][c] = sw * r[j]
		}
		b[i] = sw
		off[i] = sw * offs[i]
		rel[i] = b[i] - off[i]
	}
	x, err := leastSquares(a, rel)
	if err != nil {
		return f, fmt.Errorf("calibration: %s: %w", s, err)
	}
	if s.isLatency() {
		// Costs cannot be negative: a cost the runs push below zero is
		// held at zero and the rest refitted (non-negative least squares
		// by elimination: the most negative cost first, the first of equals
		// on a tie, until none is negative).
		kept, xk, err := clampCosts(a, rel, used, x)
		if err != nil {
			return f, fmt.Errorf("calibration: %s: %w", s, err)
		}
		// The robust fit below works on the columns kept, not on a's
		// first len(x) columns.
		a = keepColumns(a, used, kept)
		used, x = kept, xk
	}
	// From the least-squares start, the robust fit on log errors.
	if allPositive(x) {
		x = refineLogOffset(a, b, weights, x, off)
	}
	inv := make([]float64, k)
	for c, j := range used {
		inv[j] = x[c]
		if !(inv[j] > 0) {
			return f, fmt.Errorf("calibration: %s: the fitted %s efficiency is not positive (its inverse fitted at or below zero)", s, f.ParamNames()[j])
		}
	}
	if s == ByPhaseAndPrecision { // a precision no run informs takes the other's share
		if inv[0] == 0 {
			inv[0] = inv[1]
		}
		if inv[1] == 0 {
			inv[1] = inv[0]
		}
	}
	f.Coef = inv
	e := func(j int) float64 {
		if inv[j] == 0 {
			return 0
		}
		return 1 / inv[j]
	}
	switch s {
	case OneEfficiency:
		f.Phases = prefill.Phases{Linear: e(0), Attention: e(0)}
	case ByPhase:
		f.Phases = prefill.Phases{Linear: e(0), Attention: e(1)}
	case Roofline:
		f.Phases = prefill.Phases{Linear: e(0), Attention: e(0), Intensity: e(1)}
	case ByPhaseRoofline:
		f.Phases = prefill.Phases{Linear: e(0), Attention: e(1), Intensity: e(2)}
	case RequestCost, RooflineRequestCost, RooflineLatency, RooflineLatencyComm, Regimes, RegimesRequestCost, ByPhaseRequestCost, CeilingRequestCost, CeilingWeightsRequestCost, CeilingWeightsSparseCost:
		f.Phases = latencyPhases(s, inv[:len(inv)-1])
	case EngineRequestCost:
		f.Phases = latencyPhases(RegimesRequestCost, inv[:3])
		f.EngineCosts = map[string]breakeven.Seconds{}
		for i, e := range f.Engines {
			f.EngineCosts[e] = breakeven.Seconds(inv[3+i])
		}
	default:
		f.Phases = prefill.Phases{Linear: e(0), LowLinear: e(1), Attention: e(2)}
		if f.Phases.Linear == 0 { // no BF16 run: BF16 at the low-precision share
			f.Phases.Linear = f.Phases.LowLinear
		}
		if f.Phases.LowLinear == 0 {
			f.Phases.LowLinear = f.Phases.Linear
		}
	}
	return f, nil
}

// Predict is the fitted time of a priced run.
func (f Fit) Predict(r Run) breakeven.Seconds {
	if f.Coef != nil {
		t := 0.0
		row := r.row(f.Structure, f.Engines)
		for k, d := range row {
			t += d * f.Coef[k]
		}
		t += r.offset(f.Structure)
		if f.Structure.isLatency() {
			// The wait charged is at most the others' prefills (waitCap).
			k := len(row) - 1
			t += row[k] * (math.Min(f.Coef[k], f.waitCap()) - f.Coef[k])
		}
		return breakeven.Seconds(t)
	}
	el := f.Phases.LinearFor(r.GPUs.Compute.Or().Linear)
	t := r.LinearMin/breakeven.Seconds(el) + r.AttentionMin/breakeven.Seconds(f.Phases.Attention)
	if f.Phases.Intensity > 0 {
		t += breakeven.Seconds(r.Memory / f.Phases.Intensity)
	}
	return t * breakeven.Seconds(r.pipeline())
}

// RequestCost is the part of f's predicted time of r (Predict) that is
// a per-request cost: the shared one and an engine's own, each times its
// indicator in r's row; zero for a batched throughput, which pays none,
// and for a structure without the cost.
func (f Fit) RequestCost(r Run) breakeven.Seconds {
	if f.Coef == nil {
		return 0
	}
	t := 0.0
	names := f.ParamNames()
	for k, d := range r.row(f.Structure, f.Engines) {
		if strings.HasPrefix(names[k], perRequest) {
			t += d * f.Coef[k]
		}
	}
	return breakeven.Seconds(t)
}

// waitCap is the most a prediction charges for queueing, per other
// request in flight, in units of FLOP time at peak: the inverse of the
// share of peak one request reaches (the single-request one where the
// structure has it and a run informed it). A request among c in a closed
// loop waits behind at most the c - 1 others' prefills; the fitted
// coefficient may be larger, since it absorbs whatever the concurrent
// runs in the fit waited for (dstack's early-2025 engines about a
// second), but it is not charged beyond that bound. Without the cap, a
// fit whose only concurrent runs are dstack's (InferenceX left out)
// charged InferenceX's requests 25 times their FLOP time at peak per
// request in flight and predicted them up to eleven times too slow. The
// bound is physics, not a structure chosen by validation, but it was
// added after those held-out errors were seen.
func (f Fit) waitCap() float64 {
	if f.Structure.atCeiling() { // the queue is in units of time at the ceiling
		return 1
	}
	if (f.Structure == Regimes || f.Structure == RegimesRequestCost || f.Structure == EngineRequestCost) && f.Coef[1] > 0 {
		return f.Coef[1]
	}
	return f.Coef[0]
}

// keepColumns returns the columns of a (whose columns are the parameters
// used) that are the parameters kept, in order.
func keepColumns(a [][]float64, used, kept []int) [][]float64 {
	pos := map[int]int{}
	for c, j := range used {
		pos[j] = c
	}
	out := make([][]float64, len(a))
	for i := range a {
		out[i] = make([]float64, len(kept))
		for c, j := range kept {
			out[i][c] = a[i][pos[j]]
		}
	}
	return out
}

// without returns runs with the IDs given left out.
func without(runs []Run, ids ...string) []Run {
	out := make([]Run, 0, len(runs))
next:
	for _, r := range runs {
		for _, id := range ids {
			if r.ID == id {
				continue next
			}
		}
		out = append(out, r)
	}
	return out
}

// Interval is the share of the leave-one-out errors an interval spans:
// from the 5th to the 95th percentile.
const (
	IntervalLow  = 0.05
	IntervalHigh = 0.95
)

// Row is one run of the validation table.
type Row struct {
	Run
	// Predicted is the leave-one-out prediction with its interval (zero
	// for a run not priced).
	Predicted breakeven.Estimate[breakeven.Seconds]
	// Fit is the fit without this run.
	Fit Fit
	// Novel lists what of the run had no run in its fit (leave-one-source-
	// out: "chip MI300X", "engine tgi"); its interval is then the wider.
	Novel []string
	// Error is predicted / measured - 1.
	Error    float64
	Within25 bool
	Covered  bool
	// RequestCost is the part of Predicted's time that is the per-request
	// cost (Fit.RequestCost).
	RequestCost breakeven.Seconds
}

// MostlyRequestCost reports whether the per-request cost is more than
// half the predicted time.
func (r Row) MostlyRequestCost() bool {
	return r.Priced() && prefill.MostlyRequestCost(r.RequestCost, r.Predicted.Value)
}

// Verdict says how the prediction did, or why there is none.
func (r Row) Verdict() string { return r.Scored().Verdict() }

// Scored is the row as a summary reads it.
func (r Row) Scored() Scored {
	return Scored{Priced: r.Priced(), Error: r.Error, Lo: r.Predicted.Lo, Hi: r.Predicted.Hi, Within25: r.Within25, Covered: r.Covered, Reason: r.Reason, MostlyCost: r.MostlyRequestCost()}
}

// Verdict says how the prediction did ("within 25%, measured within the
// interval", "off by +45%, measured outside the interval"), or why there
// is none.
func (s Scored) Verdict() string {
	if !s.Priced {
		return "cannot predict: " + s.Reason
	}
	v := "within 25%"
	if !s.Within25 {
		v = fmt.Sprintf("off by %+.0f%%", 100*s.Error)
	}
	if s.Covered {
		return v + ", measured within the interval"
	}
	return v + ", measured outside the interval"
}

// fitsWithout fits one structure to runs with some runs left out,
// keeping each fit by the set of IDs left out (in any order): the nested
// leave-one-run-out loop fits runs without r and q once, not once for r
// held out and again for q. A fit is a pure function of the runs it is
// given, so a kept fit is the fit computed again.
type fitsWithout struct {
	runs []Run
	s    Structure
	kept map[string]keptFit
}

type keptFit struct {
	f   Fit
	err error
}

func newFitsWithout(runs []Run, s Structure) *fitsWithout {
	return &fitsWithout{runs: runs, s: s, kept: map[string]keptFit{}}
}

// without returns the fit of the runs without the IDs given.
func (c *fitsWithout) without(ids ...string) (Fit, error) {
	key := append([]string(nil), ids...)
	sort.Strings(key)
	k := strings.Join(key, "\x00")
	if kf, ok := c.kept[k]; ok {
		return kf.f, kf.err
	}
	f, err := FitPhases(without(c.runs, ids...), c.s)
	c.kept[k] = keptFit{f, err}
	return f, err
}

// looErrors returns the leave-one-out log errors ln(predicted/measured)
// of the priced runs other than the one left out (none for ""), by ID:
// each run predicted by the fit without it and without left.
func (c *fitsWithout) looErrors(left string) (map[string]float64, error) {
	out := map[string]float64{}
	for _, r := range c.runs {
		if !r.Priced() || r.ID == left {
			continue
		}
		ids := []string{r.ID}
		if left != "" {
			ids = append(ids, left)
		}
		f, err := c.without(ids...)
		if err != nil {
			return nil, err
		}
		out[r.ID] = portable.Log(float64(f.Predict(r) / r.Measured.Value))
	}
	return out, nil
}

// quantile is the q-quantile of sorted xs, interpolating linearly
// between order statistics (type 7).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	h := q * float64(len(xs)-1)
	i := int(math.Floor(h))
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (h-float64(i))*(xs[i+1]-xs[i])
}

// spread returns the interval's factors from log errors: predicted x
// exp(-q95) to predicted x exp(-q05) holds the measured value in 90% of
// the errors seen (a log error e = ln(predicted/measured)).
func spread(errs []float64) (lo, hi float64) {
	xs := append([]float64(nil), errs...)
	sort.Float64s(xs)
	return portable.Exp(-quantile(xs, IntervalHigh)), portable.Exp(-quantile(xs, IntervalLow))
}

// Validate is the leave-one-out validation of structure s on runs: each
// priced run predicted by a fit without it, with the interval of that
// fit's own leave-one-out errors; unpriced runs carry their reason.
func Validate(runs []Run, s Structure) ([]Row, error) {
	var rows []Row
	fits := newFitsWithout(runs, s)
	for _, r := range runs {
		row := Row{Run: r}
		if r.Priced() {
			f, err := fits.without(r.ID)
			if err != nil {
				return nil, err
			}
			inner, err := fits.looErrors(r.ID)
			if err != nil {
				return nil, err
			}
			var errs []float64
			for _, e := range inner {
				errs = append(errs, e)
			}
			lo, hi := spread(errs)
			p := f.Predict(r)
			row.Fit = f
			row.Predicted = breakeven.Estimate[breakeven.Seconds]{Value: p, Lo: p * breakeven.Seconds(lo), Hi: p * breakeven.Seconds(hi)}
			row.Error = float64(p/r.Measured.Value) - 1
			row.Within25 = IsWithin25(row.Error)
			// Overlap of the interval and the measured value's own rounding
			// (with a rounding tolerance, for intervals of zero width).
			tol := 1e-9 * row.Predicted.Value
			row.Covered = row.Predicted.Lo-tol <= r.Measured.Hi && r.Measured.Lo <= row.Predicted.Hi+tol
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// IsWithin25 reports whether a relative error is within 25% either way.
func IsWithin25(e float64) bool { return math.Abs(e) <= 0.25 }

// Summary is a validation's score against the targets.
type Summary struct {
	Structure Structure
	Priced    int // runs predicted
	Unpriced  int
	// MedianAbsError is the median of |predicted/measured - 1|.
	MedianAbsError float64
	Within25       float64 // share of priced runs within 25%
	Coverage       float64 // share whose interval holds the measured value
	// MedianWidth is the median of the intervals' high / low: how much a
	// coverage costs (zero where no interval was given).
	MedianWidth float64
	// Err says why the structure could not be validated (a fit with a
	// run left out had a parameter that was not positive); the scores are
	// then zero.
	Err string
}

// The targets of the validation.
const (
	TargetMedianAbsError = 0.20
	TargetWithin25       = 0.70
	TargetCoverage       = 0.85
)

// Met reports each target: median error, share within 25%, coverage.
func (s Summary) Met() (median, within, coverage bool) {
	return s.MedianAbsError <= TargetMedianAbsError, s.Within25 >= TargetWithin25, s.Coverage >= TargetCoverage
}

// Scored is what a summary reads of one prediction: whether there is
// one, its relative error, its interval, and whether it was within 25%
// of the measured time and its interval held that time.
type Scored struct {
	Priced            bool
	Error             float64
	Lo, Hi            breakeven.Seconds
	Within25, Covered bool
	// Reason says why there is no prediction, where there is none.
	Reason string
	// MostlyCost is set where the per-request cost is more than half the
	// predicted time (prefill.MostlyRequestCost).
	MostlyCost bool
}

// Score summarises predictions against the targets: the median absolute
// error, the shares within 25% and covered, and the median interval
// width, over those priced. Summarize (the validation's rows) and the
// check on held-out runs (package heldout) both score with it.
func Score(s Structure, preds []Scored) Summary {
	sum := Summary{Structure: s}
	var abs, widths []float64
	for _, r := range preds {
		if !r.Priced {
			sum.Unpriced++
			continue
		}
		sum.Priced++
		abs = append(abs, math.Abs(r.Error))
		if r.Lo > 0 {
			widths = append(widths, float64(r.Hi/r.Lo))
		}
		if r.Within25 {
			sum.Within25++
		}
		if r.Covered {
			sum.Coverage++
		}
	}
	if sum.Priced > 0 {
		sort.Float64s(abs)
		sum.MedianAbsError = quantile(abs, 0.5)
		sort.Float64s(widths)
		if len(widths) > 0 {
			sum.MedianWidth = quantile(widths, 0.5)
		}
		sum.Within25 /= float64(sum.Priced)
		sum.Coverage /= float64(sum.Priced)
	}
	return sum
}

// ScoreByPart scores the predictions apart by what sets their time:
// those where the FLOPs and memory traffic are at least half of it, and
// those where the per-request cost is more (Scored.MostlyCost). Each is
// Score's summary of its own predictions; a prediction not priced counts
// in neither.
func ScoreByPart(s Structure, preds []Scored) (flops, cost Summary) {
	var f, c []Scored
	for _, p := range preds {
		switch {
		case !p.Priced:
		case p.MostlyCost:
			c = append(c, p)
		default:
			f = append(f, p)
		}
	}
	return Score(s, f), Score(s, c)
}

// Summarize scores validation rows.
func Summarize(s Structure, rows []Row) Summary { return Score(s, Scoreds(rows)) }

// Scoreds is each validation row as a summary reads it (Row.Scored), for
// Score and ScoreByPart.
func Scoreds(rows []Row) []Scored {
	preds := make([]Scored, len(rows))
	for i, r := range rows {
		preds[i] = r.Scored()
	}
	return preds
}

// Model is the phase model used for estimates: the structure chosen by
// leave-one-source-out validation, fitted on every priced run, with the
// intervals of its leave-one-source-out errors.
type Model struct {
	Fit
	Summary Summary
	// Rows are the validation table: leave-one-source-out with the
	// structure and interval chosen inside each fold (bysource.go).
	Rows []Row
	// Low and High are the factors on a prediction for what the fit has
	// seen (a chip, vendor, engine and regime with runs in it), LowNovel
	// and HighNovel for what it has not: the 5th to 95th percentiles of
	// all the leave-one-source-out log errors, for the novel widened to
	// those of the runs that were novel to their fit (spreadFor).
	Low, High           float64
	LowNovel, HighNovel float64
	// Outside is every structure's median leave-one-source-out error on
	// all runs: the smallest of them, against Summary.MedianAbsError, is
	// the optimism of choosing the structure outside the loop.
	Outside map[Structure]float64
	fitRuns []Run
	// OwnCost is set by WithRequestCost: Phases.Fixed is then the
	// user's per-request cost, not a fitted one.
	OwnCost bool
}

// WithRequestCost returns m with every request paying c as its fixed
// cost, in place of the fitted per-request costs (the dense and the
// mixture-of-experts one, an engine's own and the per-layer cost): the
// cost of one's own setup, as "breakeven measure" fits it on a server
// (its fixed_seconds), which no published run carries. The other
// constants and the interval stay the fitted ones.
func (m Model) WithRequestCost(c breakeven.Seconds) Model {
	m.Phases.Fixed, m.Phases.FixedSparse, m.Phases.PerLayer = c, 0, 0
	m.EngineCosts = nil
	m.OwnCost = true
	return m
}

// Prediction is an estimate with what of its query the fit had not seen.
type Prediction struct {
	Time breakeven.Estimate[breakeven.Seconds]
	// Parts is Time.Value split by what the request pays for.
	Parts prefill.RequestParts
	// NoCeiling is set when the model prices FLOPs at a chip's measured
	// matmul ceiling and the chip has none (its datasheet peak stands in):
	// the interval is then the one for what the fit has not seen.
	NoCeiling bool
	Novel     []string
	// CommKnown is false when the structure prices communication but the
	// chip's link bandwidth is not in the catalog, so it was left out.
	CommKnown bool
}

// PredictRequest returns one request's prefill time for an n-token
// prompt of pm on g split as par, served by engine ("" if not given),
// with the interval for what the fit has seen or not (the chip, its
// vendor and the engine against the fitted runs'; the regime is a
// request).
func (m Model) PredictRequest(pm prefill.Model, n breakeven.Tokens, g prefill.GPUs, par prefill.Parallel, engine string) (Prediction, error) {
	parts, err := m.PriceRequest(pm, n, g, par, engine)
	if err != nil {
		return Prediction{}, err
	}
	t, commKnown := parts.Total(), parts.CommKnown
	q := Run{PrefillRun: sources.PrefillRun{Chip: g.Chip.Name, Engine: engine, Seconds: sources.Input[breakeven.Seconds]{Name: "query"}}}
	nov := Novelty(q, m.fitRuns)
	noCeiling := false
	if m.Phases.Ceiling {
		_, measured := g.Chip.CeilingShare(g.Compute.Or().Linear)
		noCeiling = !measured
	}
	lo, hi := m.Low, m.High
	if len(nov) > 0 || noCeiling {
		lo, hi = m.LowNovel, m.HighNovel
	}
	return Prediction{Time: breakeven.Estimate[breakeven.Seconds]{Value: t, Lo: t * breakeven.Seconds(lo), Hi: t * breakeven.Seconds(hi)},
		Parts: parts, Novel: nov, NoCeiling: noCeiling, CommKnown: commKnown || m.Phases.Link == 0}, nil
}

// PriceRequest returns one request's prefill time by its parts
// (prefill.PriceRequest with the fitted phases), the engine's own
// per-request cost in place of the shared one where the fit has one for
// the engine ("" if not given).
func (m Model) PriceRequest(pm prefill.Model, n breakeven.Tokens, g prefill.GPUs, par prefill.Parallel, engine string) (prefill.RequestParts, error) {
	parts, err := prefill.PriceRequest(pm, n, g, par, m.Phases)
	if err != nil {
		return parts, err
	}
	if c, ok := m.EngineCosts[EngineKind(engine)]; ok && engine != "" {
		parts = parts.WithCost(c - m.Phases.Fixed)
	}
	return parts, nil
}

// Predict returns the time of one n-token prefill of pm on g, tensor
// parallel over the GPUs, engine not given: PredictRequest's time and
// interval.
func (m Model) Predict(pm prefill.Model, n breakeven.Tokens, g prefill.GPUs) (breakeven.Estimate[breakeven.Seconds], error) {
	p, err := m.PredictRequest(pm, n, g, prefill.Parallel{TP: g.Count}, "")
	return p.Time, err
}

// Choose validates every structure leave-one-source-out on runs and
// returns the model of the one with the smallest median absolute error,
// fitted on all priced runs, with the validation table of the nested
// validation (the structure chosen again inside each fold) and every
// structure's leave-one-source-out summary with the structure fixed
// (ValidateSourceOut; for the candidates, the fits are those the nested
// validation made).
func Choose(runs []Run) (Model, []Summary, error) {
	memo := newFitMemo(runs)
	m, err := choosePredict(runs, memo)
	if err != nil {
		return Model{}, nil, err
	}
	rows, outside := validateBySource(runs, memo)
	m.Rows, m.Summary, m.Outside = rows, Summarize(m.Structure, rows), outside
	m.Summary.Structure = m.Structure
	var sums []Summary
	for _, s := range Structures() {
		rows, err := validateSourceOut(runs, s, memo)
		if err != nil {
			sums = append(sums, Summary{Structure: s, Err: err.Error()})
			continue
		}
		sums = append(sums, Summarize(s, rows))
	}
	return m, sums, nil
}

// choosePredict is what a prediction needs of Choose: the structure
// with the smallest median leave-one-source-out error, fitted on all
// priced runs, with the intervals of those held-out errors. It leaves
// the validation table (Rows, Summary, Outside) empty: the nested
// validation and every structure's summary cost many times more and
// change no prediction.
func choosePredict(runs []Run, memo *fitMemo) (Model, error) {
	s, errs, _, ok := chooseBySource(runs, memo)
	if !ok {
		return Model{}, errors.New("calibration: no structure could be fitted to the published runs leaving a source out")
	}
	f, err := FitPhases(runs, s)
	if err != nil {
		return Model{}, err
	}
	m := Model{Fit: f}
	m.Structure = s
	// The interval of all errors, pooled across regimes (spreadFor).
	m.Low, m.High = spreadFor(errs, false)
	m.LowNovel, m.HighNovel = spreadFor(errs, true)
	for _, r := range runs {
		if r.Priced() {
			m.fitRuns = append(m.fitRuns, r)
		}
	}
	return m, nil
}

// Optimism is how much smaller the median error looks when the structure
// is chosen outside the loop: the best structure's leave-one-source-out
// median on all runs less the nested validation's median (negative:
// choosing outside flatters the model).
func (m Model) Optimism() float64 {
	best := math.Inf(1)
	for _, v := range m.Outside {
		if v < best {
			best = v
		}
	}
	return best - m.Summary.MedianAbsError
}

var fitted struct {
	once sync.Once
	m    Model
	err  error
}

// Fitted returns the phase model for predictions, fitted on every
// published run (computed once: the runs are fixed): the structure chosen
// leaving a source out, its coefficients and its intervals. It is what
// the calculator, the page and the command use; its validation table is
// Validated's, which costs a hundred times more.
func Fitted() (Model, error) {
	fitted.once.Do(func() { fitted.m, fitted.err = FitOn(Runs()) })
	return fitted.m, fitted.err
}

// FitOn is the model Fitted makes, made on the runs given: the structure
// chosen leaving a source out, fitted on every priced run, with its
// intervals. A run's source (Run.Source) is the unit left out, so runs
// from outside sources/ join the fit by citing a source ID of their own.
func FitOn(runs []Run) (Model, error) { return choosePredict(runs, newFitMemo(runs)) }

var validated struct {
	once sync.Once
	m    Model
	sums []Summary
	err  error
}

// Validated returns Fitted's model with its validation (computed once,
// and kept in FitStore when one is set): the nested leave-one-source-out
// table and summary, every structure's median error outside the loop,
// and every structure's leave-one-source-out summary with the structure
// fixed (ValidateSourceOut). Notebook 11, figure
// 11 and data/prefill-validation.csv report it.
func Validated() (Model, []Summary, error) {
	validated.once.Do(func() {
		validated.m, validated.sums, validated.err = fitOrKept(func() (Model, []Summary, error) { return Choose(Runs()) })
	})
	return validated.m, validated.sums, validated.err
}

// Informants returns, for each of the model's parameters, the runs in
// which that parameter's term is the largest part of the fitted time:
// the runs that chiefly determine it (all are fitted jointly). With a
// per-request cost of one's own (WithRequestCost) the fitted costs' runs
// are left out: they set no part of its predictions.
func (m Model) Informants() map[string][]string {
	out := map[string][]string{}
	names := m.ParamNames()
	coef := m.Coef
	if coef == nil { // a model given as Phases: its coefficients from them
		e := m.Phases
		switch m.Structure {
		case OneEfficiency:
			coef = []float64{1 / e.Attention}
		case ByPhase:
			coef = []float64{1 / e.Linear, 1 / e.Attention}
		case Roofline:
			coef = []float64{1 / e.Attention, 1 / e.Intensity}
		case ByPhaseRoofline:
			coef = []float64{1 / e.Linear, 1 / e.Attention, 1 / e.Intensity}
		case ByPhaseAndPrecision:
			coef = []float64{1 / e.Linear, 1 / e.LowLinear, 1 / e.Attention}
		default:
			return out
		}
	}
	// The runs fitted (Fitted's model has no validation rows), else those
	// of the validation rows.
	runs := m.fitRuns
	if runs == nil {
		for _, r := range m.Rows {
			runs = append(runs, r.Run)
		}
	}
	for _, r := range runs {
		if !r.Priced() {
			continue
		}
		d := r.row(m.Structure, m.Engines)
		best, bestV := 0, -1.0
		for k := range d {
			if v := d[k] * coef[k]; v > bestV {
				best, bestV = k, v
			}
		}
		out[names[best]] = append(out[names[best]], r.ID)
	}
	if m.OwnCost { // the fitted per-request costs price nothing here
		for p := range out {
			if strings.HasPrefix(p, perRequest) {
				delete(out, p)
			}
		}
	}
	return out
}

// RequestCostModels returns the models (as the runs name them, sorted,
// each once) of the runs whose largest fitted part is the per-request
// cost a request of pm pays (the shared one or an engine's own; where
// the fit has one for mixtures of experts apart, the one of pm's kind):
// the runs that mostly set that cost (Informants). Empty for a
// structure without one.
func (m Model) RequestCostModels(pm prefill.Model) []string {
	other := perRequest + " (mixture of experts)" // the cost pm does not pay
	if pm.Sparse() {
		other = perRequest + " (dense)"
	}
	inf := m.Informants()
	byID := map[string]string{}
	runs := m.fitRuns
	if runs == nil {
		for _, r := range m.Rows {
			runs = append(runs, r.Run)
		}
	}
	for _, r := range runs {
		byID[r.ID] = r.Model
	}
	seen := map[string]bool{}
	var out []string
	for _, p := range m.ParamNames() {
		if !strings.HasPrefix(p, perRequest) || p == other {
			continue
		}
		for _, id := range inf[p] {
			if name := byID[id]; name != "" && !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Describe states the model in a sentence for reports: its parameters,
// the runs each mostly comes from, and the interval's spread.
func (m Model) Describe() string {
	inf := m.Informants()
	s := fmt.Sprintf("%s, fitted jointly on %d published runs: %s", m.Structure, len(m.Runs), m.Phases)
	if m.OwnCost {
		s += " (the per-request cost yours, not fitted)"
	}
	for _, e := range m.Engines {
		if c, ok := m.EngineCosts[e]; ok {
			s += fmt.Sprintf(", %.3g s per request on %s", float64(c), e)
		}
	}
	for _, p := range m.ParamNames() {
		if ids := inf[p]; len(ids) > 0 {
			s += fmt.Sprintf("; %s mostly from %s", p, someIDs(ids))
		}
	}
	seen, novel := fmt.Sprintf("x%.2f to x%.2f", m.Low, m.High), fmt.Sprintf("x%.2f to x%.2f", m.LowNovel, m.HighNovel)
	if seen == novel { // the novel runs' errors lie within the others'
		return s + "; interval " + seen + " whether or not the fit has runs like the query (5th to 95th percentiles of the leave-one-source-out errors)"
	}
	return s + "; interval " + seen + " where the fit has runs like the query, " + novel + " where it has none (5th to 95th percentiles of the leave-one-source-out errors)"
}

// shownIDs is how many informing runs Describe names before it counts
// the rest: a parameter set by dozens of runs would otherwise fill a
// screen of calc's report (Informants has them all).
const shownIDs = 4

// someIDs names a parameter's informing runs: all of them up to
// shownIDs, else their count, the first three and how many more.
func someIDs(ids []string) string {
	if len(ids) <= shownIDs {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%d runs (%s and %d more)", len(ids), strings.Join(ids[:shownIDs-1], ", "), len(ids)-(shownIDs-1))
}

// leastSquares returns the x that minimises |a x - b| for a tall a of
// full column rank, by Householder QR: the few parameters of a phase
// model need no matrix library, and the page's WebAssembly module does
// without one.
func leastSquares(a [][]float64, b []float64) ([]float64, error) {
	m := len(a)
	if m == 0 {
		return nil, errors.New("no equations")
	}
	n := len(a[0])
	if m < n {
		return nil, fmt.Errorf("%d equations for %d unknowns", m, n)
	}
	r := make([][]float64, m)
	for i := range a {
		r[i] = append([]float64(nil), a[i]...)
	}
	y := append([]float64(nil), b...)
	scale := 0.0
	for i := range r {
		for _, v := range r[i] {
			scale = math.Max(scale, math.Abs(v))
		}
	}
	for k := 0; k < n; k++ {
		norm := 0.0
		for i := k; i < m; i++ {
			norm = math.Hypot(norm, r[i][k])
		}
		if norm <= 1e-12*scale {
			return nil, errors.New("the runs do not determine every parameter (rank deficient)")
		}
		alpha := -math.Copysign(norm, r[k][k])
		v := make([]float64, m-k)
		for i := k; i < m; i++ {
			v[i-k] = r[i][k]
		}
		v[0] -= alpha
		vv := 0.0
		for _, x := range v {
			vv += x * x
		}
		reflect := func(col func(i int) *float64) {
			dot := 0.0
			for i := k; i < m; i++ {
				dot += v[i-k] * *col(i)
			}
			f := 2 * dot / vv
			for i := k; i < m; i++ {
				*col(i) -= f * v[i-k]
			}
		}
		for j := k; j < n; j++ {
			reflect(func(i int) *float64 { return &r[i][j] })
		}
		reflect(func(i int) *float64 { return &y[i] })
	}
	x := make([]float64, n)
	for k := n - 1; k >= 0; k-- {
		sum := y[k]
		for j := k + 1; j < n; j++ {
			sum -= r[k][j] * x[j]
		}
		x[k] = sum / r[k][k]
	}
	return x, nil
}
