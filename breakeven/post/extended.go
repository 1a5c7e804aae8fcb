package post

import (
	"fmt"
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// This file is "beyond the post": the prefill FLOP model checked against
// the published tests, the extended load model validated on them, and
// the break-evens the post could not give, estimated.
//
// Calibration and validation use different tests: the MFU is calibrated
// on calibration.Test (VAST and CoreWeave's 405B run) and validated on
// the other two; the load efficiency is calibrated on llm-d's RoCE
// measurement, which is not one of the validated tests.

// TestHardware returns the hardware of a published test.
func TestHardware(id string) sources.TestHardware {
	for _, h := range sources.TestsHardware() {
		if h.Test.ID == id {
			return h
		}
	}
	panic("post: no hardware for test " + id)
}

func testPrefillModel(t sources.PrefillTest) prefill.Model {
	pm, err := sources.PrefillModel(sources.MustModel(t.Model))
	if err != nil {
		panic(err)
	}
	return pm
}

// LoadTime returns latency + size / (efficiency x link) over the default
// latency and efficiency intervals.
func LoadTime(size breakeven.Bytes, link breakeven.Bandwidth) E[breakeven.Seconds] {
	return breakeven.Apply2(sources.LoadLatency.Value, calibration.DefaultEfficiency(), func(lat breakeven.Seconds, eff float64) breakeven.Seconds {
		return extended.Load{Latency: lat, Efficiency: eff, Link: link}.Time(size)
	})
}

// LimitRow is a published test against what its hardware can do.
type LimitRow struct {
	Test     sources.PrefillTest
	Hardware sources.TestHardware
	FLOPs    prefill.FLOPs
	MinTime  breakeven.Seconds // at peak, MFU = 1
	Reported E[breakeven.Seconds]
	Implied  E[float64]
	Verdict  prefill.Limit
	// The load: the bandwidth the cached time needs against the stated
	// links (zero where none is stated).
	Cache     breakeven.Bytes
	LoadNeeds E[breakeven.Bandwidth]
	Links     breakeven.Bandwidth
	LoadOK    string // "within the links", "faster than the links carry", "no link stated"
	Reason    string // the arithmetic, where a check fails
}

// LimitTable checks every published test against its hardware: the
// fastest prefill at peak, the MFU the reported time implies, and whether
// the cached load fits through the stated links.
func LimitTable() []LimitRow {
	var rows []LimitRow
	ceiling := sources.HighestPublishedMFU.V()
	for _, h := range sources.TestsHardware() {
		t := h.Test
		pm := testPrefillModel(t)
		g := h.GPUs()
		n := t.Tokens.V()
		r := LimitRow{Test: t, Hardware: h, FLOPs: pm.FLOPs(n), MinTime: prefill.MinTime(pm, n, g), Reported: calibration.ReportedPrefill(t)}
		r.Implied = prefill.ImpliedMFU(pm, t.Tokens.Value, g, r.Reported)
		r.Verdict = prefill.Check(r.Implied, ceiling)
		r.Cache = archAt16(t.Model).CacheSize(n)
		r.LoadNeeds = breakeven.Apply1(t.Cached.Value, func(s breakeven.Seconds) breakeven.Bandwidth { return breakeven.RequiredBandwidth(r.Cache, s) })
		r.Links = h.Links
		switch {
		case h.Links == 0:
			r.LoadOK = "no link stated"
		case r.LoadNeeds.Lo > h.Links:
			r.LoadOK = "faster than the links carry"
		default:
			r.LoadOK = "within the links"
		}
		if r.Verdict != prefill.Plausible {
			work := fmt.Sprintf("2 x %s billion active parameters x N", breakeven.FormatSignificant(pm.ActiveParams/1e9, breakeven.DefaultSignificant))
			if pm.Head > 0 {
				work += fmt.Sprintf(", the output head's %s billion of them for the last token only,", breakeven.FormatSignificant(pm.Head/1e9, breakeven.DefaultSignificant))
			}
			r.Reason = fmt.Sprintf("%s tokens of %s take %s (%s + attention); %s at %s peak each gives at least %s, but the test reports %s: an implied MFU of %.2f (%s)",
				n, t.Model, r.FLOPs, work, g, g.ChipPeak(), r.MinTime, r.Reported, r.Implied.Value, r.Verdict)
		}
		if r.LoadOK == "faster than the links carry" {
			if r.Reason != "" {
				r.Reason += "; "
			}
			r.Reason += fmt.Sprintf("its %s cache in %s needs %s, more than the %s stated", r.Cache, t.Cached.Value.Value, r.LoadNeeds.Value, h.Links)
		}
		rows = append(rows, r)
	}
	return rows
}

// ValidationRow is one quantity of one published test: what the post's
// formula predicts, what the extended model predicts, what was reported.
type ValidationRow struct {
	Test     sources.PrefillTest
	Quantity string // "uncached TTFT", "cached TTFT", "speedup"
	Simple   E[float64]
	Extended E[float64]
	Reported E[float64]
	Role     string // "calibration" or "validation"
	// SimpleIsInput marks a row where the post's formula only gives back
	// its own input (the uncached time, since r = N / t): no prediction.
	SimpleIsInput bool
	SimpleNote    string // the input or link behind the post's formula
}

// Post's formula and extended model, as Closer names them.
const (
	FormulaName  = "post's formula"
	ExtendedName = "extended model"
)

// Closer returns which prediction is nearer the reported value at the
// nominal values, FormulaName or ExtendedName, "tie" when both are as
// near, or "" where only one predicts (the formula's input, a missing
// link, a missing report).
func (v ValidationRow) Closer() string {
	se, ee := math.Abs(v.FormulaError()), math.Abs(v.ExtendedError())
	switch {
	case v.SimpleIsInput || math.IsNaN(se) || math.IsNaN(ee):
		return ""
	case se < ee:
		return FormulaName
	case ee < se:
		return ExtendedName
	}
	return "tie"
}

// FormulaError is the post's formula's prediction / reported - 1; NaN
// where it does not predict.
func (v ValidationRow) FormulaError() float64 { return relErr(v.Simple, v.Reported) }

// ExtendedError is the extended model's prediction / reported - 1.
func (v ValidationRow) ExtendedError() float64 { return relErr(v.Extended, v.Reported) }

// formulaLink is the bandwidth the post's formula is fed for a test: the
// throughput the test measured where it reports one (VAST's 181 Gbit/s,
// as the post and the multiplier check use it), else the stated links'
// line rate; zero where no link is stated.
func formulaLink(h sources.TestHardware) (E[breakeven.Bandwidth], string) {
	if h.Test.ID == sources.VAST405B.ID {
		bw := sources.VASTThroughput.Value
		return bw, fmt.Sprintf("at the measured %s (%s), as the post uses it", bw.Value.Bits(), bw.Value)
	}
	return breakeven.Exact(h.Links), fmt.Sprintf("at the line rate of %s, %s; no throughput reported", h.LinkNote, h.Links)
}

// relErr returns predicted / reported - 1 at the nominal values.
func relErr(pred, rep E[float64]) float64 {
	if math.IsNaN(pred.Value) || math.IsNaN(rep.Value) {
		return math.NaN()
	}
	return pred.Value/rep.Value - 1
}

// ValidationTable compares, for every published test, the post's formula
// (t = N / r with the test's own r, t_load = N b / B, speedup B / (r b),
// with B the throughput the test measured where it reports one, as the
// post uses it, else the stated links' line rate)
// with the extended model (FLOPs at the calibrated MFU; latency +
// N b / (efficiency x B)) and with what was reported.
func ValidationTable() []ValidationRow {
	cal := calibration.CalibratedMFU()
	var rows []ValidationRow
	for _, h := range sources.TestsHardware() {
		t := h.Test
		role := "validation"
		if t.ID == calibration.Test.ID {
			role = "calibration"
		}
		pm := testPrefillModel(t)
		n := t.Tokens.V()
		g := h.GPUs()
		cache := archAt16(t.Model).CacheSize(n)
		rate := t.PrefillRate()
		rep := calibration.ReportedPrefill(t)
		// The extended prefill at the calibrated MFU, with its interval.
		ext := breakeven.Apply1(cal, func(u float64) breakeven.Seconds { return prefill.TimeAt(pm, n, g, u) })
		rows = append(rows, ValidationRow{Test: t, Quantity: "uncached TTFT (s)", Simple: breakeven.Apply1(rate, func(r breakeven.TokenRate) float64 { return float64(breakeven.RecomputeTime(n, r)) }),
			Extended: ext.Float(), Reported: rep.Float(), Role: role, SimpleIsInput: true, SimpleNote: "the post's r is this test's N / t, so this is an input, not a prediction"})
		none := noneE()
		simpleLoad, extLoad, simpleSpeed, extSpeed := none, none, none, none
		var note string
		if h.Links > 0 {
			var bw E[breakeven.Bandwidth]
			bw, note = formulaLink(h)
			simpleLoad = breakeven.Apply1(bw, func(b breakeven.Bandwidth) float64 { return float64(breakeven.LoadTime(cache, b)) })
			// The extended model's efficiency is a share of line rate.
			el := LoadTime(cache, h.Links)
			extLoad = el.Float()
			simpleSpeed = breakeven.Apply2(bw, rate, func(b breakeven.Bandwidth, r breakeven.TokenRate) float64 {
				return breakeven.Speedup(b, breakeven.BreakEvenBandwidth(r, breakeven.BytesPerToken(float64(cache)/float64(n))))
			})
			extSpeed = breakeven.Apply2(ext, el, func(p, l breakeven.Seconds) float64 { return float64(p / l) })
		}
		rows = append(rows, ValidationRow{Test: t, Quantity: "cached TTFT (s)", Simple: simpleLoad, Extended: extLoad, Reported: t.Cached.Value.Float(), Role: role, SimpleNote: note})
		repSpeed := breakeven.Apply2(rep, t.Cached.Value, func(u, c breakeven.Seconds) float64 { return float64(u / c) })
		switch t.ID {
		case sources.VAST405B.ID:
			repSpeed = sources.VASTSpeedup.Value
		case sources.WEKA70B.ID:
			repSpeed = sources.WEKAHeadline.Value
		}
		rows = append(rows, ValidationRow{Test: t, Quantity: "speedup (x)", Simple: simpleSpeed, Extended: extSpeed, Reported: repSpeed, Role: role, SimpleNote: note})
	}
	return rows
}

// EstimateRow is a catalog model's estimated prefill and break-even.
type EstimateRow struct {
	Model     prefill.Model
	Tokens    breakeven.Tokens
	InContext bool
	FLOPs     prefill.FLOPs
	Time      E[breakeven.Seconds]
	Rate      E[breakeven.TokenRate]
	PerToken  breakeven.BytesPerToken // mean over the prompt, 16 bits
	BreakEven E[breakeven.Bandwidth]  // cache / time (no latency, line rate)
	// Beaten counts the post's compared links above the whole interval;
	// Slowest is the slowest of them.
	Beaten, Links int
	Slowest       string
	// Fit is the memory fit of the model's weights (as its checkpoint
	// stores them, else BF16: prefill.GPUs.StoredWeights), the prompt's
	// 16-bit cache and the activation allowance on the GPUs. A row that
	// does not fit is not priced: Time, Rate and BreakEven are NaN.
	Fit prefill.Fit
}

// Priced reports whether the row has an estimate: its run fits in memory.
func (r EstimateRow) Priced() bool { return r.Fit.Fits() }

// EstimateGPUs returns the estimates' hardware: 8 H100s.
func EstimateGPUs() prefill.GPUs {
	g, err := sources.ParseGPUs(sources.EstimateChip)
	if err != nil {
		panic(err)
	}
	g.Count = int(sources.EstimateGPUs.V())
	return g
}

// EstimateTokens returns the estimates' prompt lengths: 32K and the
// post's 128K conversation.
func EstimateTokens() []breakeven.Tokens {
	return []breakeven.Tokens{sources.EstimateShort.V(), sources.Conversation128K.V()}
}

// Estimate returns one model's estimated prefill and break-even at n
// tokens on g, over the default MFU.
func Estimate(pm prefill.Model, n breakeven.Tokens, g prefill.GPUs) EstimateRow {
	m := sources.MustModel(pm.Name)
	arch := archAt16(pm.Name)
	r := EstimateRow{Model: pm, Tokens: n, InContext: m.Context == 0 || n <= m.Context, FLOPs: pm.FLOPs(n)}
	r.Time = estimateTime(pm, n, g)
	r.Rate = breakeven.Apply1(r.Time, func(t breakeven.Seconds) breakeven.TokenRate { return breakeven.TokenRate(float64(n) / float64(t)) })
	r.Rate.Lo, r.Rate.Hi = breakeven.TokenRate(float64(n)/float64(r.Time.Hi)), breakeven.TokenRate(float64(n)/float64(r.Time.Lo))
	r.PerToken = arch.MeanBytesPerToken(n)
	size := arch.CacheSize(n)
	r.Fit = prefill.MemoryFit(pm, size, g, sources.ActivationShare.V())
	r.Links = len(ComparedLinks())
	if !r.Fit.Fits() {
		r.Time = E[breakeven.Seconds]{Value: breakeven.Seconds(nan()), Lo: breakeven.Seconds(nan()), Hi: breakeven.Seconds(nan())}
		r.Rate = E[breakeven.TokenRate]{Value: breakeven.TokenRate(nan()), Lo: breakeven.TokenRate(nan()), Hi: breakeven.TokenRate(nan())}
		r.BreakEven = E[breakeven.Bandwidth]{Value: breakeven.Bandwidth(nan()), Lo: breakeven.Bandwidth(nan()), Hi: breakeven.Bandwidth(nan())}
		return r
	}
	r.BreakEven = breakeven.Apply1(r.Time, func(t breakeven.Seconds) breakeven.Bandwidth { return extended.BreakEvenAt(size, t, 0, 1) })
	links := ComparedLinks()
	r.Links = len(links)
	for _, l := range links {
		if l.Bandwidth.Lo > r.BreakEven.Hi {
			r.Beaten++
			if r.Slowest == "" {
				r.Slowest = l.Name
			}
		}
	}
	return r
}

// EstimateModel says how the estimates price a prefill: the phase model
// fitted on the published runs, and its interval.
func EstimateModel() string {
	m, err := calibration.Fitted()
	if err != nil {
		return "no fitted prefill model (" + err.Error() + ")"
	}
	return fmt.Sprintf("the prefill model fitted on %d published runs (%s; interval x%.2f to x%.2f, the 5th to 95th percentile of its leave-one-source-out errors)",
		len(m.Runs), m.Phases, m.Low, m.High)
}

// estimateTime is a prefill's time by the phase model fitted on the
// published runs (calibration.Fitted), with the interval of its
// leave-one-out errors; NaN if the model cannot price it.
func estimateTime(pm prefill.Model, n breakeven.Tokens, g prefill.GPUs) E[breakeven.Seconds] {
	nanT := E[breakeven.Seconds]{Value: breakeven.Seconds(nan()), Lo: breakeven.Seconds(nan()), Hi: breakeven.Seconds(nan())}
	m, err := calibration.Fitted()
	if err != nil {
		return nanT
	}
	t, err := m.Predict(pm, n, g)
	if err != nil {
		return nanT
	}
	return t
}

// EstimateTable estimates every catalog model with enough data on 8 H100s
// at 32K and 128K tokens.
func EstimateTable() []EstimateRow {
	g := EstimateGPUs()
	var rows []EstimateRow
	for _, pm := range sources.PrefillModels() {
		for _, n := range EstimateTokens() {
			rows = append(rows, Estimate(pm, n, g))
		}
	}
	return rows
}

// LimitData is the physical-limit check of every published test.
func LimitData() Table {
	rows := LimitTable()
	b := newBuilder("physical-limits", "Every published test against its hardware: the fastest prefill at peak, the implied MFU, and the load against the stated links", len(rows))
	b.text("test_id", "test id", func(i int) string { return rows[i].Test.ID })
	b.text("test", "model and hardware", func(i int) string { return rows[i].Test.Label })
	b.text("gpus", "GPUs", func(i int) string { return rows[i].Hardware.GPUs().String() })
	b.num("prompt", "prompt", uTokens, func(i int) float64 { return float64(rows[i].Test.Tokens.V()) })
	b.num("prefill_flop", "prefill work (PFLOP)", unit{"flop", "", "", 1e15}, func(i int) float64 { return float64(rows[i].FLOPs) })
	b.num("min_recompute", "fastest at peak", uSeconds, func(i int) float64 { return float64(rows[i].MinTime) })
	b.est("reported_uncached", "reported uncached", uSeconds, func(i int) E[float64] { return rows[i].Reported.Float() })
	b.est("implied_mfu", "implied MFU", uRatio, func(i int) E[float64] { return rows[i].Implied })
	b.num("highest_published_mfu", "highest published MFU", uRatio, func(i int) float64 { return sources.HighestPublishedMFU.V() })
	b.text("prefill_verdict", "prefill verdict", func(i int) string { return string(rows[i].Verdict) })
	b.num("cache", "cache", uGB, func(i int) float64 { return float64(rows[i].Cache) })
	b.est("load_needs", "load needs", uBandwidth, func(i int) E[float64] { return rows[i].LoadNeeds.Float() })
	b.num("stated_links", "stated links", uBandwidth, func(i int) float64 {
		if rows[i].Links == 0 {
			return nan()
		}
		return float64(rows[i].Links)
	})
	b.text("load_verdict", "load verdict", func(i int) string { return rows[i].LoadOK })
	b.text("reason", "reason", func(i int) string { return rows[i].Reason })
	return b.t
}

// ValidationData is the validation table.
func ValidationData() Table {
	rows := ValidationTable()
	b := newBuilder("validation", fmt.Sprintf("The post's formula and the extended model against every published test (MFU calibrated on %s only)", calibration.Test.ID), len(rows))
	b.text("test_id", "test id", func(i int) string { return rows[i].Test.ID })
	b.text("quantity", "quantity", func(i int) string { return rows[i].Quantity })
	b.text("role", "role", func(i int) string { return rows[i].Role })
	b.est("simple", "post's formula", uCount, func(i int) E[float64] { return rows[i].Simple })
	b.est("extended", "extended model", uCount, func(i int) E[float64] { return rows[i].Extended })
	b.est("reported", "reported", uCount, func(i int) E[float64] { return rows[i].Reported })
	b.num("simple_error", "post's formula error", uFraction, func(i int) float64 { return rows[i].FormulaError() })
	b.num("extended_error", "extended error", uFraction, func(i int) float64 { return rows[i].ExtendedError() })
	b.text("note", "note", func(i int) string { return rows[i].SimpleNote })
	return b.t
}

// EstimateData is the estimated break-evens of the catalog.
func EstimateData() Table {
	rows := EstimateTable()
	b := newBuilder("estimated-break-evens", fmt.Sprintf("Estimates, not measurements: prefill and break-even on %s by %s; a run whose weights (as the checkpoint stores them, else BF16), cache and activation allowance do not fit in memory is not priced", EstimateGPUs(), EstimateModel()), len(rows))
	b.text("model", "model", func(i int) string { return rows[i].Model.Name })
	b.num("prompt", "prompt", uTokens, func(i int) float64 { return float64(rows[i].Tokens) })
	b.text("within_context", "within context", func(i int) string { return boolText(rows[i].InContext) })
	b.num("prefill_flop", "prefill work (PFLOP)", unit{"flop", "", "", 1e15}, func(i int) float64 { return float64(rows[i].FLOPs) })
	b.est("prefill_time", "estimated prefill", uSeconds, func(i int) E[float64] { return rows[i].Time.Float() })
	b.est("prefill", "estimated prefill speed", uTokenRate, func(i int) E[float64] { return rows[i].Rate.Float() })
	b.num("", "mean cache per token at the prompt length", uPerToken, func(i int) float64 { return float64(rows[i].PerToken) })
	b.est("break_even", "estimated break-even", uBandwidth, func(i int) E[float64] { return rows[i].BreakEven.Float() })
	b.count("links_beaten", "post's links above it", func(i int) float64 { return float64(rows[i].Beaten) })
	b.count("links_compared", "post's links", func(i int) float64 { return float64(rows[i].Links) })
	b.text("slowest_link_clearing", "slowest link clearing it", func(i int) string { return rows[i].Slowest })
	b.text("fits_in_memory", "weights (as the checkpoint stores them, else BF16), cache and activations fit", func(i int) string { return boolText(rows[i].Fit.Fits()) })
	b.num("memory_need", "memory needed (weights + cache + activations)", uGB, func(i int) float64 { return float64(rows[i].Fit.Need) })
	b.num("memory", "GPU memory", uGB, func(i int) float64 { return float64(rows[i].Fit.Memory) })
	return b.t
}

// ExtendedTables returns the tables of "beyond the post", for data/.
func ExtendedTables() []Table {
	return []Table{LimitData(), ValidationData(), EstimateData()}
}

// Printed columns of the tables beyond the post.
var (
	colPFLOP = breakeven.Column{Label: "prefill work", Unit: "PFLOP", Scale: 1e15, Precision: breakeven.Sig(3)}
	colMFU   = breakeven.Column{Label: "implied MFU", Precision: breakeven.Sig(3)}
	colError = breakeven.Column{Label: "error", Unit: "%", Scale: 0.01, Precision: breakeven.Decimals(0)}
)

// LimitPrinted is the physical-limit check, as printed: each test's
// fastest prefill at peak, the MFU its reported time implies, and its
// load against the stated links.
func LimitPrinted() breakeven.PrintedTable {
	var n breakeven.Notes
	peak := with(colSeconds, "fastest prefill at peak")
	rep := with(colSeconds, "reported uncached")
	needs := with(colBandwidth, "load needs")
	links := with(colBandwidth, "stated links")
	t := breakeven.PrintedTable{Header: headers([]string{"model and hardware"}, colPrompt, colPFLOP, peak, rep, colMFU)}
	t.Header = append(t.Header, "prefill verdict", colCache.Header(), needs.Header(), links.Header(), "load verdict")
	for _, r := range LimitTable() {
		reported := rep.Interval(r.Reported.Float())
		if r.Test.Uncached.Name == "" {
			reported = n.Mark(reported, "N / r with the post's prefill speed: the uncached time was not in the source read")
		}
		l := n.Dash("no link stated")
		if r.Links > 0 {
			l = links.Cell(float64(r.Links))
		}
		t.Rows = append(t.Rows, []string{r.Test.Label, colPrompt.Cell(float64(r.Test.Tokens.V())), colPFLOP.Cell(float64(r.FLOPs)),
			peak.Cell(float64(r.MinTime)), reported, colMFU.Interval(r.Implied), string(r.Verdict),
			colCache.Cell(float64(r.Cache)), needs.Interval(r.LoadNeeds.Float()), l, r.LoadOK})
	}
	t.Notes = append(n.List(), fmt.Sprintf("implausible above the highest published MFU, %s", colMFU.Cell(sources.HighestPublishedMFU.V())))
	return t
}

// ValidationPrinted is the validation, as printed: per test and quantity
// the post's formula, the extended model and the reported value, each
// prediction's error and which is closer.
func ValidationPrinted() breakeven.PrintedTable {
	var n breakeven.Notes
	v := breakeven.Column{Precision: breakeven.Sig(3)}
	fe, ee := with(colError, FormulaName+" error"), with(colError, ExtendedName+" error")
	t := breakeven.PrintedTable{Header: []string{"model and hardware", "role", "quantity", FormulaName, ExtendedName, "reported", fe.Header(), ee.Header(), "closer"}}
	for _, r := range ValidationTable() {
		simple, ferr := v.Interval(r.Simple), fe.Cell(r.FormulaError())
		switch {
		case r.SimpleIsInput:
			simple, ferr = n.Mark(simple, r.SimpleNote), n.Dash(r.SimpleNote)
		case r.SimpleNote != "":
			simple = n.Mark(simple, r.SimpleNote)
		}
		ext, eerr := v.Interval(r.Extended), ee.Cell(r.ExtendedError())
		if math.IsNaN(r.Extended.Value) {
			simple, ferr = n.Dash("no link stated"), n.Dash("no link stated")
			ext, eerr = simple, ferr
		}
		closer := r.Closer()
		if closer == "" {
			closer = breakeven.Dash
		}
		t.Rows = append(t.Rows, []string{r.Test.Label, r.Role, r.Quantity, simple, ext, v.Input(r.Reported), ferr, eerr, closer})
	}
	t.Notes = append(n.List(), "errors are predicted / reported - 1 at the nominal values")
	return t
}

// EstimatePrinted is the estimated prefill and break-even of every
// catalog model with a config, as printed.
func EstimatePrinted() breakeven.PrintedTable {
	var n breakeven.Notes
	tm := with(colSeconds, "estimated prefill")
	rate := with(colPrefill, "estimated prefill speed")
	mean := with(colPerToken, "mean cache per token at N")
	// In MB/s: an interval's low end runs to a few MB/s, which GB/s at
	// three digits would print with five decimals.
	be := with(colBreakEven, "estimated break-even")
	be.Unit, be.Scale = "MB/s", float64(breakeven.GBps)/1000
	t := breakeven.PrintedTable{Header: headers([]string{"model"}, with(colPrompt, "prompt N"), tm, rate, mean, be)}
	t.Header = append(t.Header, "slowest of the post's links above it")
	for _, r := range EstimateTable() {
		prompt := colPrompt.Cell(float64(r.Tokens))
		if !r.InContext {
			prompt = n.Mark(prompt, "longer than the model's context window")
		}
		if !r.Priced() {
			// One note for every model that does not fit; the cell gives
			// the memory it needs (the CSV has the parts).
			why := fmt.Sprintf("not priced: the weights (as the checkpoint stores them, else BF16), the cache and activations need more than the %s of %s (the cell gives the need; data/estimated-break-evens.csv its parts)",
				EstimateGPUs().Memory(), EstimateGPUs())
			cell := n.Mark("needs "+r.Fit.Need.String(), why)
			t.Rows = append(t.Rows, []string{r.Model.Name, prompt, cell, breakeven.Dash, mean.Cell(float64(r.PerToken)), breakeven.Dash, breakeven.Dash})
			continue
		}
		slowest := r.Slowest
		if slowest == "" {
			slowest = n.Dash("none of the post's links is above the whole interval")
		}
		t.Rows = append(t.Rows, []string{r.Model.Name, prompt, shortIn(r.Time.Float(), tm), shortIn(r.Rate.Float(), rate),
			mean.Cell(float64(r.PerToken)), shortIn(r.BreakEven.Float(), be), slowest})
	}
	t.Notes = append(n.List(), fmt.Sprintf("estimates on %s by %s; 16-bit cache; each estimate is followed by its interval, low–high", EstimateGPUs(), EstimateModel()))
	return t
}

// shortIn prints an estimate in a column's unit as "141k (74k–215k)".
func shortIn(e breakeven.Estimate[float64], c breakeven.Column) string {
	s := c.Scale
	if s == 0 {
		s = 1
	}
	return breakeven.ShortInterval(e.Scale(1 / s))
}
