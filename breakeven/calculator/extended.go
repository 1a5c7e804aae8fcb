package calculator

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// Extended is what calc --json adds beyond the post's formula, each key
// only when its inputs are given (SI base units).
type Extended struct {
	// With --gpus: the prefill from the FLOP model.
	GPUs string `json:"gpus,omitempty"`
	// Replicas is how many copies of --parallel's group the GPUs given
	// hold, when more than one: gpus is then one group, the GPUs one
	// request's prefill runs on.
	Replicas int `json:"replicas,omitempty"`
	// PrefillSource says which prefill the GPUs' figures describe:
	// "given" (a speed or time given, --prefill, --ttft or a measured
	// one, whose implied MFU is shown) or "flop model" (--gpus alone).
	// prefill_provenance says where the speed came from.
	PrefillSource string   `json:"prefill_source,omitempty"`
	MFU           *float64 `json:"mfu,omitempty"`
	// PrefillModel states the fitted phase model and the runs it comes
	// from, and the prefill time's interval from its leave-one-out errors
	// (without --mfu).
	PrefillModel string `json:"prefill_model,omitempty"`
	// PrefillModelRuns lists, for each of the fitted model's parameters,
	// every run that mostly sets it (prefill_model names a few of them).
	PrefillModelRuns     map[string][]string `json:"prefill_model_runs,omitempty"`
	RecomputeLowSeconds  *float64            `json:"recompute_low_seconds,omitempty"`
	RecomputeHighSeconds *float64            `json:"recompute_high_seconds,omitempty"`
	// PrefillParts splits the fitted model's prefill time by what one
	// request pays for; they sum to recompute_seconds.
	PrefillParts *PrefillParts `json:"prefill_parts,omitempty"`
	// MinRecomputeSeconds is the fastest prefill the GPUs allow, at their
	// peak (MFU = 1).
	MinRecomputeSeconds *float64 `json:"min_recompute_seconds,omitempty"`
	// ImpliedMFU is the MFU a measured time implies on the GPUs, with
	// PhysicalLimit saying whether it is possible.
	ImpliedMFU    *float64 `json:"implied_mfu,omitempty"`
	PhysicalLimit string   `json:"physical_limit,omitempty"`
	// Precision is the run's compute precision ("BF16", "FP8 (BF16
	// attention)"); peaks and the implied MFU are of it.
	Precision string `json:"precision,omitempty"`
	// Memory fit with --gpus for a catalog model: weights, cache and the
	// activation allowance against the GPUs' memory (MemoryFit states
	// the arithmetic). A FLOP-model prefill that does not fit is refused.
	MemoryNeedBytes *float64 `json:"memory_need_bytes,omitempty"`
	MemoryBytes     *float64 `json:"memory_bytes,omitempty"`
	MemoryFits      *bool    `json:"memory_fits,omitempty"`
	MemoryFit       string   `json:"memory_fit,omitempty"`

	// With --latency or --efficiency: the load's fixed cost and share of
	// line rate (load_seconds, speedup, winner and the break-even then
	// include them).
	LoadLatencySeconds *float64 `json:"load_latency_seconds,omitempty"`
	LoadEfficiency     *float64 `json:"load_efficiency,omitempty"`
	// CrossoverTokens is the prompt length from which loading wins at
	// every longer one (up to the prompt or the context, the longer).
	// CrossoverNote says why there is none, or where the faster path
	// changes when it changes more than once.
	CrossoverTokens *float64 `json:"crossover_tokens,omitempty"`
	CrossoverNote   string   `json:"crossover_note,omitempty"`

	// With a measured prefill that knows its cached time to first token
	// (calc --measured), or a prefill the fitted model estimates (its
	// time for a one-token request stands for the cached TTFT, and
	// HitCachedTTFTFrom says which): a hit's time, the load (with any --latency and
	// --efficiency) plus that cached TTFT, which a request whose cache is
	// loaded still pays; the cold TTFT over it; the faster path; and the
	// link at which the two are equal, nil where the cached TTFT is not
	// below the recompute time and no link makes a hit faster.
	HitCachedTTFTSeconds       *float64 `json:"hit_cached_ttft_seconds,omitempty"`
	HitCachedTTFTFrom          string   `json:"hit_cached_ttft_from,omitempty"`
	HitSeconds                 *float64 `json:"hit_seconds,omitempty"`
	HitSpeedup                 *float64 `json:"hit_speedup,omitempty"`
	HitWinner                  string   `json:"hit_winner,omitempty"`
	HitBreakEvenBytesPerSecond *float64 `json:"hit_break_even_bytes_per_second,omitempty"`
	// With --hit-rate or --miss-penalty as well: the mean TTFT and the
	// break-even hit rate with each hit taking HitSeconds, not the load
	// alone (the note says why there is none).
	HitMeanTTFTSeconds      *float64 `json:"hit_mean_ttft_seconds,omitempty"`
	HitBreakEvenHitRate     *float64 `json:"hit_break_even_hit_rate,omitempty"`
	HitBreakEvenHitRateNote string   `json:"hit_break_even_hit_rate_note,omitempty"`

	// With --overlap: recompute the first tokens while loading the rest.
	OverlapSeconds         *float64 `json:"overlap_seconds,omitempty"`
	OverlapRecomputeTokens *float64 `json:"overlap_recompute_tokens,omitempty"`
	OverlapGain            *float64 `json:"overlap_gain,omitempty"`
}

// PrefillParts is a fitted prefill time by its parts, in seconds: the
// FLOP phases (matrix products, attention, memory traffic), the read of
// the weights, and what a
// request pays beyond them (its per-request cost, its communication).
type PrefillParts struct {
	MatrixProducts float64 `json:"matrix_products_seconds"`
	Attention      float64 `json:"attention_seconds"`
	Memory         float64 `json:"memory_seconds"`
	// Weights is one read of the weights at the memory bandwidth, where
	// the fitted structure prices it.
	Weights       float64 `json:"weights_seconds,omitempty"`
	PerRequest    float64 `json:"per_request_seconds"`
	Communication float64 `json:"communication_seconds"`
	// CostModels are the models of the published runs whose fitted time
	// is mostly the per-request cost (calibration.Model.
	// RequestCostModels), and Model the prompt's: a cost learnt on other
	// models says little about this one's engine.
	CostModels []string `json:"per_request_cost_models,omitempty"`
	Model      string   `json:"-"`
	// Yours is set where the per-request cost is the user's
	// (--request-cost), not a fitted one.
	Yours bool `json:"per_request_cost_yours,omitempty"`
}

func partsOf(p prefill.RequestParts, m *calibration.Model, pm prefill.Model) *PrefillParts {
	return &PrefillParts{MatrixProducts: float64(p.MatrixProducts), Attention: float64(p.Attention), Memory: float64(p.Memory),
		Weights: float64(p.Weights), PerRequest: float64(p.PerRequest), Communication: float64(p.Communication), CostModels: m.RequestCostModels(pm), Model: pm.Name, Yours: m.OwnCost}
}

// FlopPrefill is the FLOP model of a prompt's prefill on given GPUs.
type FlopPrefill struct {
	Model      prefill.Model
	GPUs       prefill.GPUs
	MFU        float64
	MFUDefault bool // no --mfu: the phase model fitted on published runs (or, failing it, the MFU calibrated on the 405B test)
	// PrecisionDefault: no --precision, so the matrix products are
	// priced in BF16 whatever the checkpoint stores.
	PrecisionDefault bool
	// Phases is the fitted phase model used when no --mfu is given, and
	// Interval the prefill time with the spread of its leave-one-out
	// errors; MFU is then the share of peak the phase model's time is.
	Phases   *calibration.Model
	Interval breakeven.Estimate[breakeven.Seconds]
	// Par and Engine are the parallelism and engine the fitted model
	// prices one request with; Novel lists what of the query (its chip,
	// vendor, engine) has no published run in the fit, which widens the
	// interval.
	Par    prefill.Parallel
	Engine string
	Novel  []string
	// NoCeiling: the chip has no measured matmul ceiling for a model that
	// prices FLOPs at one (its peak stands in; the interval widens).
	NoCeiling bool
	// Parts is the fitted model's time at the prompt's length split by
	// what the request pays for (with Phases).
	Parts prefill.RequestParts
	// Replicas is how many copies of the parallel group --gpus holds
	// when --parallel spans fewer GPUs than it gives (tp4 on 16 GPUs:
	// 4); GPUs is then one group, the GPUs one request runs on. Zero
	// when the group is all the GPUs.
	Replicas int
	Time     breakeven.Seconds
	Rate     breakeven.TokenRate
	Min      breakeven.Seconds
	// Fit is the memory fit; unknown (Fit.Known false) for a custom
	// architecture, whose total parameters are not given.
	Fit prefill.Fit
}

// TimeAt is the prefill time of n tokens: the fitted phase model, or the
// chosen MFU.
func (f FlopPrefill) TimeAt(n breakeven.Tokens) breakeven.Seconds {
	if f.Phases != nil {
		if p, err := f.Phases.PriceRequest(f.Model, n, f.GPUs, f.Par, f.Engine); err == nil {
			return p.Total()
		}
	}
	return prefill.TimeAt(f.Model, n, f.GPUs, f.MFU)
}

func ptr(v float64) *float64 { return &v }

// The bounds of the load inputs: a fixed cost of a day is no longer a
// load's, and an efficiency below a thousandth is no link's.
const (
	maxLatency    = breakeven.Seconds(86400)
	minEfficiency = 1e-3
)

// resolveFlop reads --gpus and --mfu for a catalog model.
func resolveFlop(r Request, in Input) (FlopPrefill, error) {
	var f FlopPrefill
	if !given(r.GPUs) {
		switch {
		case given(r.MFU):
			return f, sentence("mfu", "--mfu goes with --gpus, the GPUs it is a share of (e.g. --gpus 8xH100 --mfu 0.35)")
		case given(r.Precision):
			return f, sentence("precision", "--precision goes with --gpus, the GPUs whose peak it picks (e.g. --gpus 32xH20 --precision fp8)")
		case given(r.RequestCost):
			return f, sentence("request-cost", "--request-cost goes with --gpus, the GPUs whose estimate it prices (e.g. --gpus 8xH100 --request-cost 40ms)")
		default:
			return f, sentence("weights", "--weights goes with --gpus, whose memory they must fit (e.g. --gpus 8xH100 --weights int4)")
		}
	}
	var pm prefill.Model
	var err error
	if in.Model == nil {
		if pm, err = customFlop(r, in.Arch); err != nil {
			return f, err
		}
	} else if pm, err = sources.PrefillModel(*in.Model); err != nil {
		return f, breakeven.Bad("gpus", r.GPUs, fmt.Sprintf("%s has no FLOP model (%v)", in.Model.Name, err), "--model llama-3.1-405b --gpus 8xH100")
	}
	g, err := sources.ParseGPUs(r.GPUs)
	var unknown *prefill.UnknownChipError
	switch {
	case errors.As(err, &unknown):
		// The chips are listed once, in the example.
		return f, breakeven.Bad("gpus", r.GPUs, "unknown GPU "+breakeven.Quote(unknown.Chip), gpusExample())
	case err != nil:
		return f, breakeven.Bad("gpus", r.GPUs, strings.TrimPrefix(err.Error(), "prefill: "), gpusExample())
	}
	cp, precision := prefill.DefaultCompute, "bf16 (the default)"
	f.PrecisionDefault = !given(r.Precision)
	if given(r.Precision) {
		if cp, err = prefill.ParseCompute(r.Precision); err != nil {
			return f, breakeven.Bad("precision", r.Precision, err.Error(), "--precision "+prefill.ComputeExample)
		}
		precision = r.Precision
	}
	if g, err = g.In(cp); err != nil {
		var pe *prefill.PrecisionError
		example := "--precision bf16"
		if errors.As(err, &pe) {
			example = "--precision " + strings.ToLower(string(nearestPrecision(pe.Precision, pe.Known)))
		}
		return f, breakeven.Bad("precision", precision, err.Error(), example)
	}
	var w prefill.Weights
	if given(r.Weights) {
		t, err := breakeven.ParseElementType(r.Weights)
		if err != nil {
			var names []string
			for _, e := range breakeven.ElementTypes {
				names = append(names, e.Name)
			}
			return f, breakeven.Bad("weights", r.Weights, "unknown weight type (one of "+strings.Join(names, ", ")+")", "--weights int4")
		}
		w = prefill.Weights{Name: t.Name, Bytes: float64(t.Size)}
	}
	g.Weights = w // the memory fit and the weight read both use them
	f.Model, f.GPUs = pm, g
	f.Par = prefill.Parallel{TP: g.Count}
	if given(r.Parallel) {
		if f.Par, err = prefill.ParseParallel(r.Parallel); err != nil {
			return f, err
		}
		// Tensor, pipeline and context parallel split the GPUs between
		// them, and experts are spread over at most all of them.
		p := f.Par
		split := max(p.TP, 1) * max(p.PP, 1) * max(p.CP, 1)
		if split > g.Count || p.EP > g.Count {
			return f, breakeven.Bad("parallel", r.Parallel, fmt.Sprintf("needs more GPUs than the %d of --gpus (tp x pp x cp, and ep, at most the GPUs)", g.Count), fmt.Sprintf("--parallel tp%d", g.Count))
		}
		// One request runs on the GPUs its parallelism spans (tp x pp x
		// cp, or the experts' ep where that is wider); the other GPUs are
		// replicas serving other requests. The request is priced, and its
		// memory checked, on one group.
		if group := max(split, p.EP); group < g.Count {
			if g.Count%group != 0 {
				return f, breakeven.Bad("parallel", r.Parallel, fmt.Sprintf("spans %d GPUs, and the %d of --gpus are not a whole number of such groups (replicas)", group, g.Count), fmt.Sprintf("--gpus %dx%s --parallel %s", g.Count/group*group, g.Chip.Name, p))
			}
			f.Replicas = g.Count / group
			g.Count = group
			f.GPUs = g
		}
	}
	if given(r.Engine) {
		// A family the fit knows by its short name; any other engine by
		// its own name, priced with the cost the engines of no family
		// share and, where no fitted run names it, the wider interval.
		name := strings.ToLower(strings.TrimSpace(r.Engine))
		switch f.Engine = calibration.EngineKind(name); {
		case f.Engine != "other":
		case !engineName(name):
			return f, breakeven.Bad("engine", r.Engine, "not an engine's name (letters and digits, with . - _ +, at most 40 characters: vllm, sglang, trtllm, tgi, dynamo or another)", "--engine vllm")
		default:
			f.Engine = name
		}
	}
	f.Fit = prefill.MemoryFit(pm, in.Arch.CacheSize(in.Tokens), g, sources.ActivationShare.V())
	var own breakeven.Seconds
	if given(r.RequestCost) {
		switch {
		case given(r.MFU):
			return f, sentence("request-cost", "--request-cost replaces the fitted prefill model's per-request cost, and --mfu prices by the FLOP model at that share instead; give one (e.g. --gpus 8xH100 --request-cost 40ms)")
		case given(r.Prefill) || given(r.TTFT) || r.Measured != nil:
			return f, sentence("request-cost", "--request-cost prices an estimate, and --prefill, --ttft or --measured already give the time; leave it out, or give --gpus alone (e.g. --gpus 8xH100 --request-cost 40ms)")
		}
		if own, err = parseDuration0(r.RequestCost); err != nil {
			return f, breakeven.FieldFromParse("request-cost", r.RequestCost, err, "--request-cost 40ms")
		}
		if own > maxLatency {
			return f, breakeven.Bad("request-cost", r.RequestCost, fmt.Sprintf("a fixed cost above %v is not one request's", maxLatency), "--request-cost 40ms")
		}
	}
	if given(r.MFU) {
		m, err := breakeven.ParseFraction(r.MFU) // a share in (0, 1], as a fraction or a percentage
		if err != nil || m == 0 {
			return f, breakeven.Bad("mfu", r.MFU, "an MFU is a share of the GPUs' peak above 0 and at most 1", "--mfu 0.35 or --mfu 35%")
		}
		f.MFU = m
	} else {
		f.MFU, f.MFUDefault = calibration.CalibratedMFU().Value, true
		if m, err := calibration.Fitted(); err == nil {
			if given(r.RequestCost) {
				m = m.WithRequestCost(own)
			}
			if p, err := m.PredictRequest(pm, in.Tokens, f.GPUs, f.Par, f.Engine); err == nil {
				f.Phases, f.Interval, f.Novel, f.Parts, f.NoCeiling = &m, p.Time, p.Novel, p.Parts, p.NoCeiling
			}
		}
		if given(r.RequestCost) && f.Phases == nil {
			return f, sentence("request-cost", "--request-cost replaces the fitted prefill model's per-request cost, and that model could not price this request; give --mfu or --ttft instead (e.g. --gpus 8xH100 --mfu 0.35)")
		}
	}
	if !f.Fit.Fits() && !given(r.Prefill) && !given(r.TTFT) && r.Measured == nil {
		if f.Replicas > 1 {
			all := f.GPUs.Count * f.Replicas
			return f, breakeven.Bad("parallel", r.Parallel, fmt.Sprintf("one request's group, %s of the %d GPUs given, must hold the model, and it does not fit in memory, so the FLOP model does not price it: %s", f.GPUs, all, f.Fit), fmt.Sprintf("--parallel tp%d", all))
		}
		return f, breakeven.Bad("gpus", r.GPUs, "does not fit in memory, so the FLOP model does not price it: "+f.Fit.String(), fitExample(f.Fit))
	}
	f.Time = f.TimeAt(in.Tokens)
	f.Rate = breakeven.PrefillRate(in.Tokens, f.Time)
	f.Min = prefill.MinTime(pm, in.Tokens, f.GPUs)
	if f.Phases != nil {
		f.MFU = float64(f.Min / f.Time)
	}
	return f, nil
}

// customFlop is the FLOP model of a custom architecture: --params active
// parameters, --query-heads per layer, and the head dims (--head-dim for
// GQA; --qk-dim and --v-dim for MLA).
func customFlop(r Request, a breakeven.Architecture) (prefill.Model, error) {
	const need = "--gpus with a custom architecture needs --params and --query-heads for the FLOP model (e.g. --layers 80 --kv-heads 8 --head-dim 128 --params 70.6B --query-heads 64 --gpus 8xH100)"
	if !given(r.Params) || !given(r.QueryHeads) {
		return prefill.Model{}, sentence("params", need)
	}
	params, err := ParseCount(r.Params)
	if err != nil || params < 1e6 || params > 1e15 {
		return prefill.Model{}, breakeven.Bad("params", r.Params, "active parameters are a count from 1M to 1000T (\"70.6B\", \"405e9\")", "--params 70.6B")
	}
	whole := func(name, v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || breakeven.CheckWhole(n, 1, breakeven.MaxDim) != nil {
			return 0, breakeven.Bad(name, v, "not a whole number from 1 to 1,048,576", customExample(name))
		}
		return n, nil
	}
	h, err := whole("query-heads", r.QueryHeads)
	if err != nil {
		return prefill.Model{}, err
	}
	// --params is every weight that computes a token: for a dense model
	// all its weights, so the memory fit takes them as the total too (an
	// MoE model holds more, so its fit is a lower bound; the memory line
	// says so).
	pm := prefill.Model{Name: "custom architecture", ActiveParams: params, TotalParams: params}
	for _, g := range a.Groups {
		ag := prefill.AttentionGroup{Layers: g.Layers, QueryHeads: h, QKDim: g.HeadDim, VDim: g.ValueDim(), Window: g.Window}
		if g.Attention == breakeven.MLA {
			if !given(r.QKDim) || !given(r.VDim) {
				return prefill.Model{}, sentence("qk-dim", "--gpus with an MLA architecture needs --qk-dim and --v-dim, the query-key and value dims per head (e.g. --qk-dim 192 --v-dim 128)")
			}
			if ag.QKDim, err = whole("qk-dim", r.QKDim); err != nil {
				return prefill.Model{}, err
			}
			if ag.VDim, err = whole("v-dim", r.VDim); err != nil {
				return prefill.Model{}, err
			}
		}
		pm.Attention = append(pm.Attention, ag)
	}
	if err := pm.Validate(); err != nil {
		return pm, sentence("params", err.Error())
	}
	return pm, nil
}

// ParseCount reads a count with an optional scale: "70.6B" and "70.6G"
// (10^9), "1.2T" (10^12), "350M", "8k", or "405e9".
func ParseCount(s string) (float64, error) {
	t := strings.TrimSpace(s)
	scale := 1.0
	for _, c := range []struct {
		suffix string
		f      float64
	}{{"T", 1e12}, {"B", 1e9}, {"G", 1e9}, {"M", 1e6}, {"k", 1e3}, {"K", 1e3}} {
		if rest, ok := strings.CutSuffix(t, c.suffix); ok {
			t, scale = strings.TrimSpace(rest), c.f
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return 0, fmt.Errorf("not a count: %q", s)
	}
	return v * scale, nil
}

// nearestPrecision is the precision of known nearest to p in width, the
// narrower of two equally near: FP8 for an FP4 run on an H100, FP8 for a
// BF16 run on a chip with only FP8 and FP4 peaks.
func nearestPrecision(p prefill.Precision, known []prefill.Precision) prefill.Precision {
	all := prefill.Precisions()
	at := func(q prefill.Precision) int {
		for i, x := range all {
			if x == q {
				return i
			}
		}
		return 0
	}
	best, dist := prefill.BF16, len(all)+1
	for _, k := range known {
		d := at(k) - at(p)
		if d < 0 {
			d = -d
		}
		if d < dist || (d == dist && at(k) > at(best)) {
			best, dist = k, d
		}
	}
	return best
}

// fitExample is the fewest GPUs of the chip that hold the run, and the
// smaller weights that would: need <= n x memory with the allowance a
// share of it, so n >= (weights + cache) / ((1 - share) x memory per GPU).
func fitExample(f prefill.Fit) string {
	per := float64(f.GPUs.Chip.Memory) * (1 - f.Share)
	n := math.Ceil(float64(f.Weights+f.Cache) / per)
	var alts []string
	if n <= prefill.MaxGPUs {
		alts = append(alts, fmt.Sprintf("--gpus %.0fx%s", n, f.GPUs.Chip.Name))
	}
	// Only weights smaller than the run's own: FP8 weights are not told
	// to be FP8.
	var smaller []string
	for _, name := range []string{"fp8", "int4"} {
		if t, err := breakeven.ParseElementType(name); err == nil && float64(t.Size) < f.BytesPerWeight {
			smaller = append(smaller, "--weights "+name)
		}
	}
	if len(smaller) > 0 {
		alts = append(alts, "smaller weights: "+strings.Join(smaller, " or "))
	}
	if len(alts) == 0 {
		return fmt.Sprintf("--gpus %dx%s", prefill.MaxGPUs, f.GPUs.Chip.Name)
	}
	return strings.Join(alts, ", or ")
}

// gpusExample lists the chips --gpus reads.
func gpusExample() string {
	var names []string
	for _, c := range sources.Chips() {
		names = append(names, c.Name)
	}
	return "--gpus 8xH100; chips: " + strings.Join(names, ", ")
}

// extend adds the extended model's answers to the output, and with a
// latency or an efficiency recomputes the load, speedup, winner and
// break-even with them.
func extend(r Request, in Input, out *Output, res *breakeven.Result) error {
	if f := in.Flop; f != nil {
		out.GPUs = f.GPUs.String()
		if f.Replicas > 1 {
			out.Replicas = f.Replicas
		}
		out.Precision = f.GPUs.Compute.Or().String()
		if f.Fit.Known() {
			fits := f.Fit.Fits()
			out.MemoryNeedBytes, out.MemoryBytes, out.MemoryFits = ptr(float64(f.Fit.Need)), ptr(float64(f.Fit.Memory)), &fits
		}
		out.MemoryFit = f.Fit.String()
		out.MinRecomputeSeconds = ptr(float64(f.Min))
		if given(r.Prefill) || given(r.TTFT) || r.Measured != nil {
			out.PrefillSource = "given"
			measured := breakeven.RecomputeTime(in.Tokens, in.Prefill)
			implied := prefill.ImpliedMFU(f.Model, breakeven.Exact(in.Tokens), f.GPUs, breakeven.Exact(measured))
			out.ImpliedMFU = ptr(implied.Value)
			out.PhysicalLimit = string(prefill.Check(implied, sources.HighestPublishedMFU.V()))
		} else {
			out.PrefillSource = "flop model"
			out.MFU = ptr(f.MFU)
			if f.Phases != nil {
				out.PrefillModel, out.PrefillModelRuns = f.Phases.Describe(), f.Phases.Informants()
				out.RecomputeLowSeconds, out.RecomputeHighSeconds = ptr(float64(f.Interval.Lo)), ptr(float64(f.Interval.Hi))
				out.PrefillParts = partsOf(f.Parts, f.Phases, f.Model)
			}
		}
	}
	recompute := extended.LinearPrefill(in.Prefill)
	if f := in.Flop; f != nil && out.PrefillSource == "flop model" {
		recompute = f.TimeAt
		if f.Phases != nil {
			// The fitted model charges every request a fixed and a
			// per-layer cost. A request whose cache is loaded still pays
			// them (it runs its one new token through every layer), so
			// what a load replaces, for the crossover and the overlap, is
			// the recompute time beyond a one-token request's.
			recompute = func(n breakeven.Tokens) breakeven.Seconds {
				if n <= 1 {
					return 0
				}
				return f.TimeAt(n) - f.TimeAt(1)
			}
		}
	}
	load := extended.Load{Efficiency: 1, Link: in.Link.Total()}
	if given(r.Latency) {
		t, err := parseDuration0(r.Latency)
		if err != nil {
			return breakeven.FieldFromParse("latency", r.Latency, err, "--latency 50ms")
		}
		if t > maxLatency {
			return breakeven.Bad("latency", r.Latency, fmt.Sprintf("a fixed cost above %v is not a load's", maxLatency), "--latency 50ms")
		}
		load.Latency = t
		out.LoadLatencySeconds = ptr(float64(t))
	}
	if given(r.Efficiency) {
		e, err := breakeven.ParseFraction(r.Efficiency)
		if err != nil || e < minEfficiency {
			return breakeven.Bad("efficiency", r.Efficiency, fmt.Sprintf("an efficiency is the share of line rate a transfer reaches, from %g to 1", minEfficiency), "--efficiency 0.96 or --efficiency 96%")
		}
		load.Efficiency = e
		out.LoadEfficiency = ptr(e)
	}
	if given(r.Latency) || given(r.Efficiency) {
		res.Load = load.Time(res.CacheBytes)
		res.Speedup = float64(res.Recompute / res.Load)
		res.Winner = breakeven.Recompute
		if res.Load < res.Recompute {
			res.Winner = breakeven.Load
		}
		res.BreakEven = extended.BreakEvenAt(res.CacheBytes, res.Recompute, load.Latency, load.Efficiency)
		out.LoadSeconds, out.Speedup, out.Winner = float64(res.Load), res.Speedup, string(res.Winner)
		if math.IsInf(float64(res.BreakEven), 0) {
			return sentence("latency", fmt.Sprintf("the fixed cost of a load, %v, is as long as recomputing the whole prompt (%v), so no link makes loading win; try a longer --tokens or a smaller --latency (e.g. --latency 50ms)", load.Latency, res.Recompute))
		}
		out.BreakEvenBytesPerSecond = float64(res.BreakEven)
		out.LinkOverBreakEven = float64(in.Link.Total() - res.BreakEven)
		for _, v := range []float64{out.LoadSeconds, out.Speedup, out.BreakEvenBytesPerSecond} {
			if !breakeven.InRange(v) {
				return sentence("latency", "these --latency and --efficiency give a load outside what this tool prints (1e-12 to 1e21 in SI units) (e.g. --latency 50ms --efficiency 0.96)")
			}
		}
	}
	if given(r.Latency) || in.Flop != nil {
		max := in.Tokens
		if in.Context > max {
			max = in.Context
		}
		crossings(out, extended.FindCrossings(recompute, extended.LoadOf(in.Arch, load), max))
	}
	if r.Overlap {
		o := extended.SplitCache(in.Arch, in.Tokens, recompute, load)
		out.OverlapSeconds = ptr(float64(o.Time))
		out.OverlapRecomputeTokens = ptr(float64(o.Computed))
		out.OverlapGain = ptr(o.Gain)
	}
	return nil
}

// crossings sets the crossover's keys from the lengths at which the
// faster path changes: the crossover where loading wins at the longest
// length, and a note where it never does or where the path changes more
// than once (extended.Crossings' String), so that no line claims that
// recomputing wins where it does not.
func crossings(out *Output, c extended.Crossings) {
	if c.LoadWinsAtMax() {
		out.CrossoverTokens = ptr(float64(c.Changes[len(c.Changes)-1]))
	}
	if !c.LoadWinsAtMax() || !c.Once() {
		out.CrossoverNote = c.String()
	}
}

// engineName reports whether s can name a serving engine: 1 to 40
// letters and digits with . - _ + inside, starting with a letter
// ("lmdeploy", "llama.cpp", "tensorrt-llm").
func engineName(s string) bool {
	if len(s) == 0 || len(s) > 40 || !unicode.IsLetter(rune(s[0])) {
		return false
	}
	for _, c := range s {
		if !(c < unicode.MaxASCII && (unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune(".-_+", c))) {
			return false
		}
	}
	return true
}
