package calibration

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The edges of the phase model's helpers, each checked by hand (gremlins'
// survivors in this package).

// The quantile's ends are the extreme order statistics; one value is every
// quantile.
func TestQuantileEnds(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	assert.Equal(t, 5.0, quantile(xs, 1))
	assert.Equal(t, 1.0, quantile(xs, 0))
	assert.Equal(t, 7.0, quantile([]float64{7}, 0.5))
	assert.Equal(t, 7.0, quantile([]float64{7}, 1))
}

// A score exactly at its target meets it; the next value past it does not.
func TestMetAtTheTargets(t *testing.T) {
	// The targets: median error at most 20%, at least 70% of runs
	// within 25%, intervals covering at least 85%.
	m, w, c := Summary{MedianAbsError: 0.20, Within25: 0.70, Coverage: 0.85}.Met()
	assert.True(t, m)
	assert.True(t, w)
	assert.True(t, c)
	m, w, c = Summary{MedianAbsError: math.Nextafter(0.20, 1), Within25: math.Nextafter(0.70, 0), Coverage: math.Nextafter(0.85, 0)}.Met()
	assert.False(t, m)
	assert.False(t, w)
	assert.False(t, c)
}

// One priced run is its own median; the shares are of one.
func TestSummaryOfOnePriced(t *testing.T) {
	s := Summarize(ByPhase, []Row{{Run: Run{Reason: "not read"}}, {Error: -0.3, Covered: true}})
	assert.Equal(t, 1, s.Priced)
	assert.InDelta(t, 0.3, s.MedianAbsError, 1e-15)
	assert.Zero(t, s.Within25)
	assert.Equal(t, 1.0, s.Coverage)
}

// With no run priced, the scores are zero, not 0/0.
func TestSummaryOfNothingPriced(t *testing.T) {
	s := Summarize(ByPhase, []Row{{Run: Run{Reason: "not read"}}, {Run: Run{Reason: "no prompt length"}}})
	assert.Equal(t, 0, s.Priced)
	assert.Equal(t, 2, s.Unpriced)
	assert.Zero(t, s.MedianAbsError)
	assert.Zero(t, s.Within25)
	assert.Zero(t, s.Coverage)
}

// Each validation row's flags, recomputed here from its numbers: within
// 25% is |predicted/measured - 1| <= 0.25, and covered is an overlap of
// the interval with the measured value's own range. Neither flag is the
// same for every row, so both are tested both ways.
func TestValidationFlagsByHand(t *testing.T) {
	m, _, err := Validated()
	require.NoError(t, err)
	var within, covered, priced int
	for _, row := range m.Rows {
		if !row.Priced() {
			continue
		}
		priced++
		p, lo, hi := float64(row.Predicted.Value), float64(row.Predicted.Lo), float64(row.Predicted.Hi)
		mlo, mhi := float64(row.Measured.Lo), float64(row.Measured.Hi)
		e := p/float64(row.Measured.Value) - 1
		assert.Equal(t, math.Abs(e) <= 0.25, row.Within25, row.ID)
		// A gap between the ranges larger than a part in 10^6 of the
		// prediction decides; no row is closer than that.
		gap := math.Max(lo-mhi, mlo-hi)
		require.Greater(t, math.Abs(gap), 1e-6*p, "%s is too close to call", row.ID)
		assert.Equal(t, gap < 0, row.Covered, row.ID)
		if row.Within25 {
			within++
		}
		if row.Covered {
			covered++
		}
	}
	assert.Positive(t, within)
	assert.Less(t, within, priced)
	assert.Positive(t, covered)
	assert.Less(t, covered, priced)
}

// The chosen structure has the smallest median error of those validated.
func TestChosenStructureHasTheSmallestMedian(t *testing.T) {
	m, _, err := Validated()
	require.NoError(t, err)
	validated := 0
	for s, med := range m.Outside {
		if math.IsNaN(med) {
			continue
		}
		validated++
		assert.LessOrEqual(t, m.Outside[m.Structure], med, s.String())
	}
	assert.Greater(t, validated, 1, "a choice needs more than one candidate")
	// The optimism of choosing outside the loop is that best median less
	// the nested validation's.
	assert.InDelta(t, m.Outside[m.Structure]-m.Summary.MedianAbsError, m.Optimism(), 1e-12)
}

// A fit with exactly as many runs as parameters solves them exactly.
func TestFitWithAsManyRunsAsParameters(t *testing.T) {
	want := prefill.Phases{Linear: 0.55, LowLinear: 0.35, Attention: 0.42}
	runs := synthetic(want)[:3] // BF16, BF16, FP8: every parameter informed
	require.Len(t, ByPhaseAndPrecision.Params(), 3)
	f, err := FitPhases(runs, ByPhaseAndPrecision)
	require.NoError(t, err)
	assert.InDelta(t, want.Linear, f.Phases.Linear, 1e-9)
	assert.InDelta(t, want.LowLinear, f.Phases.LowLinear, 1e-9)
	assert.InDelta(t, want.Attention, f.Phases.Attention, 1e-9)
	_, err = FitPhases(runs[:2], ByPhaseAndPrecision)
	assert.ErrorContains(t, err, "2 priced runs for 3 parameters")
}

// A fit's prediction adds each phase at its efficiency and the memory
// term at its intensity, written out here.
func TestPredictByHand(t *testing.T) {
	r := Run{LinearMin: 10, AttentionMin: 2, Memory: 3000}
	r.GPUs.Compute = prefill.Uniform(prefill.BF16)
	f := Fit{Phases: prefill.Phases{Linear: 0.5, Attention: 0.4, Intensity: 300}}
	assert.InEpsilon(t, 10/0.5+2/0.4+3000.0/300, float64(f.Predict(r)), 1e-12)
	f.Phases.Intensity = 0.5 // below one FLOP per byte, still a memory term
	assert.InEpsilon(t, 10/0.5+2/0.4+3000.0/0.5, float64(f.Predict(r)), 1e-12)
	f.Phases.Intensity = 0 // no memory term
	assert.InEpsilon(t, 10/0.5+2/0.4, float64(f.Predict(r)), 1e-12)
}

// The least squares refuses a matrix of zeros, and solves a full-rank
// system whose entries are all tiny (the rank test is relative to them).
func TestLeastSquaresScale(t *testing.T) {
	// One equation, one unknown: 2x = 4.
	x1, err1 := leastSquares([][]float64{{2}}, []float64{4})
	require.NoError(t, err1)
	assert.Equal(t, []float64{2}, x1)
	_, err1 = leastSquares(nil, nil)
	assert.ErrorContains(t, err1, "no equations")

	_, err := leastSquares([][]float64{{0, 0}, {0, 0}, {0, 0}}, []float64{1, 1, 1})
	assert.ErrorContains(t, err, "rank deficient")
	// 2e-7 x + 1e-7 y = 5, 1e-7 x - 1e-7 y = 1: x = 2e7, y = 1e7.
	x, err := leastSquares([][]float64{{2e-7, 1e-7}, {1e-7, -1e-7}}, []float64{5, 1})
	require.NoError(t, err)
	assert.InEpsilon(t, 2e7, x[0], 1e-9)
	assert.InEpsilon(t, 1e7, x[1], 1e-9)
	// The same system at 10^-14: the test is relative to the largest
	// entry, not to a floor.
	x, err = leastSquares([][]float64{{2e-14, 1e-14}, {1e-14, -1e-14}}, []float64{5, 1})
	require.NoError(t, err)
	assert.InEpsilon(t, 2e14, x[0], 1e-9)
	assert.InEpsilon(t, 1e14, x[1], 1e-9)
	// Two columns a part in 10^12 apart: [[1, 1], [1, 1 + d]] leaves d/√2
	// of the second column after the first reflection, and the rank test
	// refuses what is below 10^-12 of the largest entry.
	near := func(r float64) error {
		d := r * math.Sqrt2
		_, err := leastSquares([][]float64{{1, 1}, {1, 1 + d}}, []float64{1, 1})
		return err
	}
	assert.NoError(t, near(1.5e-12), "1.5 parts in 10^12")
	assert.ErrorContains(t, near(0.5e-12), "rank deficient", "half a part in 10^12")
}

// A run whose GPU count was not read cannot be priced, and says so; a
// reason the source gives is kept over any found later.
func TestRunReasons(t *testing.T) {
	p := sources.NIMLlama70B
	require.Empty(t, p.Unpriceable)
	require.True(t, NewRun(p).Priced(), "the run as published is priced")

	noGPUs := p
	noGPUs.GPUs = sources.Input[float64]{}
	assert.Equal(t, "the number of GPUs was not read", NewRun(noGPUs).Reason)

	stated := noGPUs
	stated.Unpriceable = "a reason from the source"
	assert.Equal(t, "a reason from the source", NewRun(stated).Reason)

	unknown := p
	unknown.Chip = "TPU v9"
	unknown.Unpriceable = "kept"
	assert.Equal(t, "kept", NewRun(unknown).Reason)
	unknown.Unpriceable = ""
	assert.Equal(t, "the TPU v9 is not in the chip catalog", NewRun(unknown).Reason)

	noTokens := p
	noTokens.Tokens = sources.Input[breakeven.Tokens]{}
	assert.Equal(t, "no prompt length", NewRun(noTokens).Reason)
}

// Each priced run is credited to the parameter whose term is the largest
// part of its fitted time, worked out here for every structure on runs
// made to favour each term in turn.
func TestInformantsByHand(t *testing.T) {
	e := prefill.Phases{Linear: 0.5, LowLinear: 0.25, Attention: 0.4, Intensity: 100}
	mk := func(id string, l, a, mem float64, p prefill.Precision) Row {
		r := Run{LinearMin: breakeven.Seconds(l), AttentionMin: breakeven.Seconds(a), Memory: mem}
		r.ID = id
		r.GPUs.Compute = prefill.Compute{Linear: p, Attention: prefill.BF16}
		return Row{Run: r}
	}
	// Each run's terms L/e_L, A/e_A and memory/I (and (L + A)/e_A for one
	// shared efficiency) are in its comment.
	rows := []Row{
		mk("lin", 10, 1, 10, prefill.BF16),     // 20, 2.5, 0.1; 27.5
		mk("att", 1, 10, 10, prefill.BF16),     // 2, 25, 0.1; 27.5
		mk("mem", 1, 1, 5000, prefill.BF16),    // 2, 2.5, 50; 5
		mk("low", 10, 6, 10, prefill.FP8),      // 40 at e_low (20 at e_L), 15, 0.1; 40
		mk("lin2", 1.5, 1, 10, prefill.BF16),   // 3, 2.5, 0.1; 6.25
		mk("mix", 1, 1, 300, prefill.BF16),     // 2, 2.5, 3; 5
		mk("small", 0.1, 0.3, 1, prefill.BF16), // 0.2, 0.75, 0.01; 1: every term at most 1
		mk("tie", 0.5, 0.4, 10, prefill.BF16),  // 1, 1, 0.1; 2.25: a tie goes to the first
		mk("mem2", 1, 1, 600, prefill.BF16),    // 2, 2.5, 6; 5
		mk("att3", 1.2, 1, 240, prefill.BF16),  // 2.4, 2.5, 2.4; 5.5
		mk("low2", 1, 1.5, 10, prefill.FP8),    // 4 at e_low (2 at e_L), 3.75, 0.1; 6.25
		mk("low3", 0.9, 1.5, 10, prefill.FP8),  // 3.6 at e_low (1.8 at e_L), 3.75, 0.1; 6
		{Run: Run{Reason: "not priced"}},       // left out
	}
	require.Equal(t, 0.5*(1/e.Linear), 0.4*(1/e.Attention), "the tie is exact")
	for s, want := range map[Structure]map[string][]string{
		OneEfficiency: {"efficiency": {"lin", "att", "mem", "low", "lin2", "mix", "small", "tie", "mem2", "att3", "low2", "low3"}},
		ByPhase: {"matrix products": {"lin", "low", "lin2", "tie"},
			"attention": {"att", "mem", "mix", "small", "mem2", "att3", "low2", "low3"}},
		ByPhaseAndPrecision: {"BF16 matrix products": {"lin", "lin2", "tie"}, "FP8/FP4 matrix products": {"low", "low2"},
			"attention": {"att", "mem", "mix", "small", "mem2", "att3", "low3"}},
		Roofline: {"efficiency": {"lin", "att", "low", "lin2", "mix", "small", "tie", "att3", "low2", "low3"},
			"memory traffic": {"mem", "mem2"}},
		ByPhaseRoofline: {"matrix products": {"lin", "low", "lin2", "tie"}, "attention": {"att", "small", "att3", "low2", "low3"},
			"memory traffic": {"mem", "mix", "mem2"}},
	} {
		m := Model{Fit: Fit{Structure: s, Phases: e}, Rows: rows}
		assert.Equal(t, want, m.Informants(), s.String())
	}
}

// The models named as setting the per-request cost are those of the
// runs whose largest fitted part is that cost, each once and sorted: a
// batch (no per-request cost) and a single request whose memory traffic
// outweighs the cost name nothing.
func TestRequestCostModelsAreThoseOfTheRunsMostlyPayingIt(t *testing.T) {
	mk := func(id, model string, single bool, mem float64) Row {
		r := Run{Memory: mem, PerRequest: single}
		r.ID, r.Model = id, model
		return Row{Run: r}
	}
	// Coefficients: 1/intensity 0.01, 0.15 s per request, no queueing.
	// Each run's memory term (0.01 x Memory) against its 0.15 s cost:
	rows := []Row{
		mk("a", "M1", true, 2),           // 0.02 < 0.15: the cost
		mk("b", "M2", false, 2),          // a batch: memory only
		mk("c", "M0", true, 100),         // 1.0 > 0.15: memory
		mk("d", "M1", true, 1),           // 0.01 < 0.15: the cost, M1 again
		mk("e", "A-first", true, 10),     // 0.10 < 0.15: the cost
		{Run: Run{Reason: "not priced"}}, // left out
	}
	m := Model{Fit: Fit{Structure: CeilingRequestCost, Coef: []float64{0.01, 0.15, 0}}, Rows: rows}
	dense := prefill.Model{Name: "q", ActiveParams: 8e9, TotalParams: 8e9}
	assert.Equal(t, []string{"A-first", "M1"}, m.RequestCostModels(dense))
	m.Coef = []float64{0.01, 0, 0} // no cost: memory is every run's largest part
	assert.Empty(t, m.RequestCostModels(dense))
	assert.Empty(t, Model{Fit: Fit{Structure: ByPhase, Phases: prefill.Phases{Linear: 0.5, Attention: 0.5}}, Rows: rows}.RequestCostModels(dense),
		"a structure without a per-request cost names no model")
	// With a cost for mixtures of experts apart (0.15 s dense, 0.5 s
	// sparse), a prompt names the models of the runs paying its kind's:
	// e's 0.10 s memory is under either cost, c's 1.0 s over both.
	sparseModel := prefill.Model{Name: "s", ActiveParams: 37e9, TotalParams: 671e9}
	rows[0].FLOP, rows[3].FLOP, rows[4].FLOP = dense, dense, sparseModel
	rows[2].FLOP = sparseModel
	m = Model{Fit: Fit{Structure: CeilingWeightsSparseCost, Coef: []float64{0.01, 0.15, 0.5, 0}}, Rows: rows}
	assert.Equal(t, []string{"M1"}, m.RequestCostModels(dense), "the dense runs paying the dense cost")
	assert.Equal(t, []string{"A-first"}, m.RequestCostModels(sparseModel), "the sparse run paying the sparse cost")
}

// The sentence that describes a model names its structure, its runs'
// count, each parameter's informants and the interval.
func TestDescribe(t *testing.T) {
	r := Run{LinearMin: 10, AttentionMin: 1}
	r.ID = "x"
	r2 := Run{LinearMin: 1, AttentionMin: 10}
	r2.ID = "y"
	m := Model{Fit: Fit{Structure: ByPhase, Phases: prefill.Phases{Linear: 0.5, Attention: 0.4}, Runs: []string{"x", "y"}},
		Rows: []Row{{Run: r}, {Run: r2}}, Low: 0.654, High: 1.899}
	d := m.Describe()
	assert.Contains(t, d, "by phase, fitted jointly on 2 published runs: ")
	assert.Contains(t, d, "; matrix products mostly from x; attention mostly from y")
	assert.True(t, strings.HasSuffix(d, "; interval x0.65 to x1.90 where the fit has runs like the query, x0.00 to x0.00 where it has none (5th to 95th percentiles of the leave-one-source-out errors)"), d)
	// Runs that chiefly inform one parameter are listed with commas.
	r3 := Run{LinearMin: 20, AttentionMin: 1}
	r3.ID = "z"
	both := m
	both.Rows = append(both.Rows, Row{Run: r3})
	assert.Contains(t, both.Describe(), "; matrix products mostly from x, z; attention mostly from y")
	// Up to four are named; beyond, their count, the first three and
	// how many more (five runs: three named, "and 2 more").
	many := m
	for _, id := range []string{"z1", "z2", "z3", "z4"} {
		rz := Run{LinearMin: 20, AttentionMin: 1}
		rz.ID = id
		many.Rows = append(many.Rows, Row{Run: rz})
	}
	assert.Contains(t, many.Describe(), "; matrix products mostly from 5 runs (x, z1, z2 and 2 more); attention mostly from y")
	// Where the interval for what the fit has not seen is the same, it
	// is given once.
	m.LowNovel, m.HighNovel = 0.6541, 1.8992
	assert.True(t, strings.HasSuffix(m.Describe(), "; interval x0.65 to x1.90 whether or not the fit has runs like the query (5th to 95th percentiles of the leave-one-source-out errors)"), m.Describe())
	m.LowNovel, m.HighNovel = 0, 0
	// A parameter no run chiefly informs is not named.
	m.Structure, m.Phases.Intensity = ByPhaseRoofline, 100
	d = m.Describe()
	assert.Contains(t, d, "; matrix products mostly from x; attention mostly from y; interval")
	assert.NotContains(t, d, "memory traffic mostly")
}

// A prediction is the phase time at the fitted efficiencies, with the
// interval's factors applied to it.
func TestModelPredictScalesThePhaseTime(t *testing.T) {
	m, err := Fitted()
	require.NoError(t, err)
	pm, err := sources.PrefillModel(sources.MustModel("Llama 3.1 70B"))
	require.NoError(t, err)
	g, err := sources.ParseGPUs("8xH100")
	require.NoError(t, err)
	// One request, tensor parallel over the 8 GPUs; the H100 has runs in
	// the fit, so the narrower interval.
	want, _, err := prefill.RequestTime(pm, 32000, g, prefill.Parallel{TP: 8}, m.Phases)
	require.NoError(t, err)
	got, err := m.Predict(pm, 32000, g)
	require.NoError(t, err)
	assert.Equal(t, want, got.Value)
	assert.InEpsilon(t, float64(want)*m.Low, float64(got.Lo), 1e-12)
	assert.InEpsilon(t, float64(want)*m.High, float64(got.Hi), 1e-12)
	// A chip with no run in the fit takes the wider interval, and says so.
	b, err := sources.ParseGPUs("8xMI325X")
	require.NoError(t, err)
	p, err := m.PredictRequest(pm, 32000, b, prefill.Parallel{TP: 8}, "")
	require.NoError(t, err)
	assert.Equal(t, []string{"chip MI325X"}, p.Novel)
	assert.InEpsilon(t, float64(p.Time.Value)*m.LowNovel, float64(p.Time.Lo), 1e-12)
	assert.InEpsilon(t, float64(p.Time.Value)*m.HighNovel, float64(p.Time.Hi), 1e-12)
	_, err = m.Predict(pm, 32000, prefill.GPUs{})
	assert.Error(t, err, "no GPUs")
}

// Within 25% is inclusive at a quarter either way, and no further.
func TestWithin25(t *testing.T) {
	for e, want := range map[float64]bool{0: true, 0.25: true, -0.25: true, 0.2501: false, -0.2501: false, 0.26: false} {
		assert.Equal(t, want, IsWithin25(e), "%g", e)
	}
}

// A row's verdict prints its error in whole percent: +90% for 0.9, -30%
// for -0.3.
func TestRowVerdictPercent(t *testing.T) {
	assert.Equal(t, "off by +90%, measured outside the interval", Row{Error: 0.9}.Verdict())
	assert.Equal(t, "off by -30%, measured within the interval", Row{Error: -0.3, Covered: true}.Verdict())
	assert.Equal(t, "within 25%, measured within the interval", Row{Error: 0.2, Within25: true, Covered: true}.Verdict())
}

// A share of peak fitted at exactly 1/e = 0 (an infinitely fast phase) is
// refused like a negative one: four runs of 1 s of matrix products at
// peak, measured at 2 s whatever their 0.5 s or 1 s of attention, are
// explained exactly by matrix products at 1/2 of peak and attention at
// 1/e = 0 (the least squares of rows (0.5, 0.25), (0.5, 0.5) twice
// against 1 gives (2, 0) exactly).
func TestFitRefusesAnEfficiencyAtZeroCost(t *testing.T) {
	var runs []Run
	for i, att := range []float64{0.5, 1, 0.5, 1} {
		r := run(string(rune('a'+i)), sources.SourceID(rune('A'+i)), "H100", "vllm", false)
		r.LinearMin, r.AttentionMin = 1, breakeven.Seconds(att)
		r.Measured = breakeven.Exact[breakeven.Seconds](2)
		runs = append(runs, r)
	}
	_, err := FitPhases(runs, ByPhase)
	assert.ErrorContains(t, err, "the fitted attention efficiency is not positive")
}

// A request's prediction takes the seen interval when the fit has runs of
// its chip, vendor, engine family and regime, else the novel one, naming
// what is new; an engine of no family is new unless a fitted run names
// it, and one not given is not held against the fit. And it
// says the communication was left out only when the model prices
// communication (a link share) and the chip's link bandwidth is unknown.
func TestPredictRequestNoveltyAndCommunication(t *testing.T) {
	m := Model{Fit: Fit{Structure: OneEfficiency, Phases: prefill.Phases{Linear: 0.5, Attention: 0.5}},
		Low: 0.8, High: 1.25, LowNovel: 0.5, HighNovel: 2,
		fitRuns: []Run{run("a", "s1", "H100", "vLLM 0.7", true), run("b", "s2", "H100", "LMDeploy v0.1.0a1 (TurboMind)", true)}}
	pm, err := sources.PrefillModel(sources.MustModel("Llama 3.1 70B"))
	require.NoError(t, err)
	h100, err := sources.ParseGPUs("8xH100")
	require.NoError(t, err)
	b300, err := sources.ParseGPUs("8xB300")
	require.NoError(t, err)
	tp8 := prefill.Parallel{TP: 8}
	for _, c := range []struct {
		g      prefill.GPUs
		engine string
		novel  []string
	}{
		{h100, "", nil},
		{h100, "vLLM 0.9", nil},
		{h100, "TGI", []string{"engine tgi"}},
		{b300, "", []string{"chip B300"}},
		{b300, "SGLang", []string{"chip B300", "engine sglang"}},
		{h100, "lmdeploy", nil},
		{h100, "llama.cpp", []string{"engine llama.cpp"}},
		{h100, "not stated", nil},
	} {
		p, err := m.PredictRequest(pm, 32000, c.g, tp8, c.engine)
		require.NoError(t, err)
		want, _, err := prefill.RequestTime(pm, 32000, c.g, tp8, m.Phases)
		require.NoError(t, err)
		lo, hi := 0.8, 1.25
		if c.novel != nil {
			lo, hi = 0.5, 2
		}
		assert.Equal(t, c.novel, p.Novel, "%s %q", c.g.Chip.Name, c.engine)
		assert.Equal(t, want, p.Time.Value)
		assert.InEpsilon(t, float64(want)*lo, float64(p.Time.Lo), 1e-12, "%s %q", c.g.Chip.Name, c.engine)
		assert.InEpsilon(t, float64(want)*hi, float64(p.Time.Hi), 1e-12, "%s %q", c.g.Chip.Name, c.engine)
		assert.True(t, p.CommKnown, "a known link bandwidth")
	}
	noLink := h100
	noLink.Chip.ScaleUp.Bandwidth = 0
	p, err := m.PredictRequest(pm, 32000, noLink, tp8, "")
	require.NoError(t, err)
	assert.True(t, p.CommKnown, "no communication priced: nothing left out")
	m.Phases.Link = 0.8
	p, err = m.PredictRequest(pm, 32000, noLink, tp8, "")
	require.NoError(t, err)
	assert.False(t, p.CommKnown, "communication priced, the link's bandwidth unknown")
	p, err = m.PredictRequest(pm, 32000, h100, tp8, "")
	require.NoError(t, err)
	assert.True(t, p.CommKnown)
}

// Every structure is scored leaving each source out with the structure
// fixed, one summary each in Structures' order; a candidate's median
// error is the one the structure choice compared on all runs (Outside),
// reached here through the validation's own rows.
func TestEveryStructureIsScoredLeavingEachSourceOut(t *testing.T) {
	m, sums, err := Validated()
	require.NoError(t, err)
	require.Len(t, sums, len(Structures()))
	for i, s := range Structures() {
		assert.Equal(t, s, sums[i].Structure)
	}
	compared := 0
	for _, s := range sums {
		if med, ok := m.Outside[s.Structure]; ok && !math.IsNaN(med) {
			require.Empty(t, s.Err, s.Structure.String())
			assert.InDelta(t, med, s.MedianAbsError, 1e-12, s.Structure.String())
			assert.Equal(t, m.Summary.Priced, s.Priced, s.Structure.String())
			compared++
		}
	}
	assert.Equal(t, len(Candidates()), compared, "every candidate was compared on all runs")
}

// A structure that cannot be fitted without some source is not scored:
// its validation says which source's fold failed.
func TestAStructureThatCannotBeFittedLeavingASourceOutSaysWhich(t *testing.T) {
	runs := []Run{tput("a", "H100", 1, 2), tput("b", "H100", 3, 6)}
	require.Len(t, ByPhaseAndPrecision.Params(), 3)
	_, err := ValidateSourceOut(runs, ByPhaseAndPrecision)
	assert.ErrorContains(t, err, "without a:")
}

// A run whose weights are stored narrower than they are computed reads
// them at their stored width: the post's 405B test computes in BF16 on
// AWQ 4-bit weights, so each weight is half a byte, named by its bits;
// a run that states no stored width keeps its compute precision's bytes
// (two for BF16).
func TestARunReadsItsWeightsAtTheirStoredWidth(t *testing.T) {
	var vast, other sources.PrefillRun
	for _, p := range sources.PrefillRuns() {
		switch {
		case p.ID == sources.VAST405B.ID:
			vast = p
		case other.ID == "" && p.WeightBits.Name == "" && p.Compute == prefill.Uniform(prefill.BF16):
			other = p
		}
	}
	require.Equal(t, 4.0, vast.WeightBits.V(), "AWQ 4-bit, as the source says")
	r := NewRun(vast)
	assert.Equal(t, prefill.Weights{Name: "4-bit", Bytes: 0.5}, r.GPUs.Weights)
	assert.Equal(t, 0.5, r.GPUs.StoredWeights(r.FLOP).Bytes)

	require.NotEmpty(t, other.ID, "a BF16 run with no stored width")
	o := NewRun(other)
	assert.Equal(t, prefill.Weights{}, o.GPUs.Weights, other.ID)
	assert.Equal(t, 2.0, o.GPUs.StoredWeights(o.FLOP).Bytes, other.ID)
}

// A run's physical-limits verdict is the check of MinTime / measured, on
// the measured interval's low end, against 1 and the highest published
// share of peak: here 2 s of work at peak measured in 1 s, in a time
// between the two bounds, and in 4 s; a run with no time to rule on is
// plausible.
func TestARunsLimitRulesOnTheShareOfPeakItsTimeImplies(t *testing.T) {
	best := sources.HighestPublishedMFU.V()
	require.Less(t, best, 0.9)
	run := func(measured float64) Run {
		return Run{LinearMin: 1.5, AttentionMin: 0.5, Measured: breakeven.Exact(breakeven.Seconds(measured))}
	}
	assert.Equal(t, prefill.BeyondPeak, run(1).Limit(), "2 s of work in 1 s")
	assert.Equal(t, prefill.BeyondPublished, run(2/0.9).Limit(), "a share of peak of 0.9")
	assert.Equal(t, prefill.Plausible, run(4).Limit(), "a share of peak of 0.5")
	assert.Equal(t, prefill.Plausible, run(0).Limit(), "no measured time")
	assert.Equal(t, prefill.Plausible, Run{Measured: breakeven.Exact(breakeven.Seconds(1))}.Limit(), "no minimum time")
}
