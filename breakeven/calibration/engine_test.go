package calibration

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The candidates are the structures with a per-request cost, in the
// order of Structures.
func TestCandidatesAreTheLatencyStructures(t *testing.T) {
	assert.Equal(t, []Structure{RequestCost, RooflineRequestCost, RooflineLatency, RooflineLatencyComm, RegimesRequestCost, EngineRequestCost, ByPhaseRequestCost, CeilingRequestCost, CeilingWeightsRequestCost, CeilingWeightsSparseCost}, Candidates())
}

// An engine gets a cost of its own when its single requests come from
// two sources: sglang from s1 and s2 does; vllm from s1 twice does not;
// trtllm's second source is a throughput, which pays no per-request cost;
// "other" never does; an unpriced run does not count.
func TestOwnCostEnginesNeedTwoSources(t *testing.T) {
	unpriced := run("u", "s3", "H100", "vLLM", true)
	unpriced.Reason = "not read"
	unpriced.PerRequest = true
	runs := []Run{
		run("a", "s1", "H100", "SGLang", true), run("b", "s2", "H100", "sglang 0.4", true),
		run("c", "s1", "H100", "vLLM", true), run("d", "s1", "H100", "vllm", true), unpriced,
		run("e", "s1", "H100", "TensorRT-LLM", true), run("f", "s2", "H100", "trtllm", false),
		run("g", "s1", "H100", "", true), run("h", "s2", "H100", "not stated", true),
	}
	for i := range runs {
		if runs[i].ID != "u" {
			runs[i].PerRequest = runs[i].Seconds.Name != ""
		}
	}
	assert.Equal(t, []string{"sglang"}, ownCostEngines(runs))
	runs = append(runs, run("i", "s2", "H100", "vLLM 0.7", true))
	runs[len(runs)-1].PerRequest = true
	assert.Equal(t, []string{"sglang", "vllm"}, ownCostEngines(runs))
}

// The engine structure's row moves the per-request indicator to the
// run's engine's own column, before the queueing one; an engine without a
// column keeps the shared one; other structures are unchanged.
func TestRowMovesTheRequestCostToTheEnginesColumn(t *testing.T) {
	r := Run{LinearMin: 3, AttentionMin: 1, PerRequest: true}
	r.Engine, r.Concurrency = "vLLM", 4
	engines := []string{"sglang", "vllm"}
	assert.Equal(t, []float64{0, 4, 0, 0, 1, 12}, r.row(EngineRequestCost, engines))
	r.Engine = "TGI"
	assert.Equal(t, []float64{0, 4, 1, 0, 0, 12}, r.row(EngineRequestCost, engines))
	assert.Equal(t, []float64{0, 4, 1, 12}, r.row(EngineRequestCost, nil))
	assert.Equal(t, []float64{0, 4, 1, 12}, r.row(RegimesRequestCost, engines))
	f := Fit{Structure: EngineRequestCost, Engines: engines}
	assert.Equal(t, []string{"throughput efficiency", "single-request efficiency", "per-request cost", "per-request cost of sglang", "per-request cost of vllm", queueing}, f.ParamNames())
	assert.Equal(t, RegimesRequestCost.Params(), Fit{Structure: RegimesRequestCost}.ParamNames())
}

// Fitted on runs made exactly by a model with shares of peak 1/2 (batch)
// and 1/4 (one request), 0.1 s per request for sglang (two sources),
// 0.3 s for every other engine, the engine structure recovers each cost;
// a request's prediction adds its engine's own cost.
func TestEngineRequestCostRecoversEachEnginesCost(t *testing.T) {
	mk := func(id string, src sources.SourceID, engine string, request bool, peak float64) Run {
		r := run(id, src, "H100", engine, request)
		r.LinearMin = breakeven.Seconds(peak)
		r.PerRequest = request
		t := 2 * peak
		if request {
			t = 4*peak + 0.3
			if EngineKind(engine) == "sglang" {
				t = 4*peak + 0.1
			}
		}
		r.Measured = breakeven.Exact(breakeven.Seconds(t))
		return r
	}
	runs := []Run{
		mk("a", "s1", "SGLang", true, 0.1), mk("b", "s2", "SGLang", true, 0.5), mk("c", "s2", "SGLang", true, 1),
		mk("d", "s3", "TGI", true, 0.2), mk("e", "s3", "TGI", true, 2), mk("f", "s5", "vLLM", false, 1), mk("g", "s6", "vLLM", false, 3),
	}
	f, err := FitPhases(runs, EngineRequestCost)
	require.NoError(t, err)
	assert.Equal(t, []string{"sglang"}, f.Engines)
	assert.InDelta(t, 0.5, f.Phases.Throughput, 1e-6)
	assert.InDelta(t, 0.25, f.Phases.Linear, 1e-6)
	assert.InDelta(t, 0.3, float64(f.Phases.Fixed), 1e-6)
	assert.InDelta(t, 0.1, float64(f.EngineCosts["sglang"]), 1e-6)
	for _, r := range runs {
		assert.InEpsilon(t, float64(r.Measured.Value), float64(f.Predict(r)), 1e-6, r.ID)
	}
	m := Model{Fit: f, Low: 0.5, High: 2, LowNovel: 0.25, HighNovel: 4, fitRuns: runs}
	pm := prefill.Model{Name: "x", ActiveParams: 1e9}
	g := prefill.GPUs{Count: 1, Chip: prefill.Chip{Name: "H100", Peaks: []prefill.Peak{{Precision: prefill.BF16, Rate: 1000 * prefill.TFLOPS}}}}
	atPeak := 2 * 1e9 * 1000 / 1000e12
	p, err := m.PredictRequest(pm, 1000, g, prefill.Parallel{}, "SGLang")
	require.NoError(t, err)
	assert.InEpsilon(t, 4*atPeak+0.1, float64(p.Time.Value), 1e-6)
	p, err = m.PredictRequest(pm, 1000, g, prefill.Parallel{}, "TGI")
	require.NoError(t, err)
	assert.InEpsilon(t, 4*atPeak+0.3, float64(p.Time.Value), 1e-6)
	p, err = m.PredictRequest(pm, 1000, g, prefill.Parallel{}, "")
	require.NoError(t, err)
	assert.InEpsilon(t, 4*atPeak+0.3, float64(p.Time.Value), 1e-6)
	assert.Contains(t, m.Describe(), "0.1 s per request on sglang")
}

// With two engine families each shown by two sources, each gets its own
// column and cost: 0.1 s for sglang, 0.2 s for TGI, and 0.3 s for
// TensorRT-LLM, shown by one source only, which pays the shared cost.
func TestEngineRequestCostGivesEachEngineItsOwnCost(t *testing.T) {
	mk := func(id string, src sources.SourceID, engine string, request bool, peak, cost float64) Run {
		r := run(id, src, "H100", engine, request)
		r.LinearMin = breakeven.Seconds(peak)
		r.PerRequest = request
		t := 2 * peak
		if request {
			t = 4*peak + cost
		}
		r.Measured = breakeven.Exact(breakeven.Seconds(t))
		return r
	}
	runs := []Run{
		mk("a", "s1", "SGLang", true, 0.1, 0.1), mk("b", "s2", "SGLang", true, 0.5, 0.1),
		mk("c", "s3", "TGI", true, 0.2, 0.2), mk("d", "s4", "TGI", true, 2, 0.2),
		mk("e", "s7", "TensorRT-LLM", true, 0.3, 0.3), mk("h", "s7", "TensorRT-LLM", true, 1.5, 0.3),
		mk("f", "s5", "vLLM", false, 1, 0), mk("g", "s6", "vLLM", false, 3, 0),
	}
	f, err := FitPhases(runs, EngineRequestCost)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"sglang", "tgi"}, f.Engines)
	assert.InDelta(t, 0.1, float64(f.EngineCosts["sglang"]), 1e-6)
	assert.InDelta(t, 0.2, float64(f.EngineCosts["tgi"]), 1e-6)
	assert.InDelta(t, 0.3, float64(f.Phases.Fixed), 1e-6)
	for _, r := range runs {
		assert.InEpsilon(t, float64(r.Measured.Value), float64(f.Predict(r)), 1e-6, r.ID)
	}
}

// The interval pools the regimes: throughput errors of +-0.1, request
// errors of +-1 and one concurrent error of 3 give every run, whatever
// its regime, the spread of all nine; four novel errors of +-0.01 are
// narrower than that and do not narrow a novel run's interval.
func TestSpreadForPoolsTheRegimes(t *testing.T) {
	var errs []sourceError
	for _, v := range []float64{-0.1, -0.05, 0.05, 0.1} {
		errs = append(errs, sourceError{Log: v, Regime: "throughput"})
	}
	for _, v := range []float64{-1, -0.5, 0.5, 1} {
		errs = append(errs, sourceError{Log: v, Regime: "request"})
	}
	errs = append(errs, sourceError{Log: 3, Regime: "concurrent"})
	nine := []float64{-0.1, -0.05, 0.05, 0.1, -1, -0.5, 0.5, 1, 3}
	wlo, whi := spread(nine)
	lo, hi := spreadFor(errs, false)
	assert.Equal(t, [2]float64{wlo, whi}, [2]float64{lo, hi})
	// q05 of the nine is -0.8 (0.4 of the way from -1 to -0.5): x exp(0.8).
	assert.InEpsilon(t, math.Exp(0.8), hi, 1e-9)
	for _, v := range []float64{-0.01, 0, 0, 0.01} {
		errs = append(errs, sourceError{Log: v, Regime: "throughput", Novel: true})
	}
	lo, hi = spreadFor(errs, true)
	wlo, whi = spread(append(nine, -0.01, 0, 0, 0.01))
	assert.Equal(t, [2]float64{wlo, whi}, [2]float64{lo, hi})
}

// The summary's width is the median of high / low over the priced rows
// with an interval: widths 2, 4 and 10 have median 4 (the unpriced row's
// 100 and the row with no interval left out).
func TestSummaryMedianWidth(t *testing.T) {
	row := func(lo, hi float64) Row {
		r := Row{Predicted: breakeven.Estimate[breakeven.Seconds]{Value: 1, Lo: breakeven.Seconds(lo), Hi: breakeven.Seconds(hi)}}
		return r
	}
	unpriced := row(1, 100)
	unpriced.Reason = "x"
	s := Summarize(OneEfficiency, []Row{row(1, 2), row(0.5, 2), row(0.1, 1), unpriced, row(0, 0)})
	assert.InDelta(t, 4.0, s.MedianWidth, 1e-12)
	assert.Equal(t, 4, s.Priced) // the row without an interval is priced but has no width
	// Priced rows none of which has an interval have no median width: 0,
	// never NaN.
	s = Summarize(OneEfficiency, []Row{row(0, 0), row(0, 0)})
	assert.Equal(t, 2, s.Priced)
	assert.Zero(t, s.MedianWidth)
}

// A single request's pipeline factor multiplies its FLOP and memory
// columns, not its costs; an unset factor reads as 1; Predict from Phases
// alone applies it too.
func TestDesignScalesTheFLOPColumnsByThePipelineFactor(t *testing.T) {
	r := Run{LinearMin: 3, AttentionMin: 1, Memory: 500, Layers: 61, Comm: 0.25, PerRequest: true, Pipeline: 1.75}
	assert.Equal(t, []float64{7}, r.design(OneEfficiency))
	assert.Equal(t, []float64{5.25, 1.75}, r.design(ByPhase))
	assert.Equal(t, []float64{7, 875}, r.design(Roofline))
	assert.Equal(t, []float64{5.25, 1.75, 875}, r.design(ByPhaseRoofline))
	assert.Equal(t, []float64{7, 875, 1, 61, 0.25, 0}, r.design(RooflineLatencyComm))
	assert.Equal(t, []float64{0, 7, 1, 0}, r.design(RegimesRequestCost))
	r.Pipeline = 0
	assert.Equal(t, []float64{4}, r.design(OneEfficiency))
	r.Pipeline = 2
	f := Fit{Structure: ByPhaseRoofline, Phases: prefill.Phases{Linear: 0.5, Attention: 0.25, Intensity: 250}}
	assert.InEpsilon(t, 2*(3/0.5+1/0.25+500.0/250), float64(f.Predict(r)), 1e-12)
}

// The published PP4 runs on GB300 carry their bubbles: 128K tokens in
// four 32K chunks, (4 + 3) / 4; unchunked, 4. A batched throughput has
// none.
func TestPublishedPipelineRunsCarryTheirBubble(t *testing.T) {
	want := map[string]float64{"sglang-gb300-r1-128k": 7.0 / 4, "sglang-gb300-r1-128k-nochunk": 4, "sglang-h100-dsv3-2k": 1, "vast405b": 1}
	for _, r := range Runs() {
		if w, ok := want[r.ID]; ok {
			assert.Equal(t, w, r.Pipeline, r.ID)
			assert.True(t, r.Priced(), r.ID)
			delete(want, r.ID)
		}
	}
	assert.Empty(t, want)
}

// Errors of one sign still give an interval that holds the prediction:
// a regime whose errors are all -1 to -0.5 (predicted too fast) has
// factors from 1 up, not from above 1.
func TestSpreadForStraddlesThePrediction(t *testing.T) {
	var errs []sourceError
	for _, v := range []float64{-1, -0.8, -0.6, -0.5} {
		errs = append(errs, sourceError{Log: v, Regime: "concurrent"})
	}
	lo, hi := spreadFor(errs, false)
	_, whi := spread([]float64{-1, -0.8, -0.6, -0.5})
	assert.Equal(t, 1.0, lo)
	assert.Equal(t, whi, hi)
	assert.Greater(t, hi, 1.0)
	for i := range errs {
		errs[i].Log = -errs[i].Log
	}
	lo, hi = spreadFor(errs, false)
	wlo, _ := spread([]float64{1, 0.8, 0.6, 0.5})
	assert.Equal(t, wlo, lo)
	assert.Equal(t, 1.0, hi)
}

// The per-request part of a fitted time is the cost's coefficient times
// its indicator: 0.2 s for a single request in the ceiling structure,
// nothing for a batch; with costs by engine, sglang's own 0.05 s and the
// shared 0.3 s for an engine without one.
func TestRequestCostIsThePerRequestTermOfTheFittedTime(t *testing.T) {
	one := run("a", "s1", "H100", "SGLang", true)
	one.PerRequest, one.Memory, one.LinearCeil = true, 0.01, 0.1
	batch := run("b", "s2", "H100", "SGLang", false)
	batch.Memory, batch.LinearCeil = 0.01, 0.1
	f := Fit{Structure: CeilingRequestCost, Coef: []float64{2, 0.2, 0.5}}
	assert.InDelta(t, 0.2, float64(f.RequestCost(one)), 1e-12)
	assert.InDelta(t, 0.1+2*0.01+0.2, float64(f.Predict(one)), 1e-12)
	assert.Zero(t, f.RequestCost(batch))
	assert.Zero(t, Fit{Structure: OneEfficiency, Phases: prefill.Phases{Linear: 0.5, Attention: 0.5}}.RequestCost(one))
	e := Fit{Structure: EngineRequestCost, Engines: []string{"sglang"}, Coef: []float64{2, 4, 0.3, 0.05, 1}}
	assert.InDelta(t, 0.05, float64(e.RequestCost(one)), 1e-12)
	other := one
	other.Engine = "TGI"
	assert.InDelta(t, 0.3, float64(e.RequestCost(other)), 1e-12)
}

// Scoring by what sets the time: of four priced predictions, two mostly
// per-request cost (errors +0.1 and -0.6) and two mostly FLOPs (-0.2 and
// +0.3, one of them covered), each part scored on its own; the unpriced
// one counts in neither.
func TestScoreByPartScoresEachPartOnItsOwn(t *testing.T) {
	preds := []Scored{
		{Priced: true, Error: 0.1, Within25: true, Covered: true, MostlyCost: true, Lo: 1, Hi: 2},
		{Priced: true, Error: -0.6, MostlyCost: true, Lo: 1, Hi: 4},
		{Priced: true, Error: -0.2, Within25: true, Covered: true, Lo: 1, Hi: 3},
		{Priced: true, Error: 0.3, Lo: 1, Hi: 5},
		{Reason: "no such chip", MostlyCost: true},
	}
	flops, cost := ScoreByPart(CeilingRequestCost, preds)
	assert.Equal(t, 2, flops.Priced)
	assert.Equal(t, 2, cost.Priced)
	assert.Zero(t, flops.Unpriced+cost.Unpriced)
	assert.InDelta(t, 0.25, flops.MedianAbsError, 1e-12) // |-0.2|, |0.3|
	assert.InDelta(t, 0.35, cost.MedianAbsError, 1e-12)  // |0.1|, |-0.6|
	assert.InDelta(t, 0.5, flops.Within25, 1e-12)
	assert.InDelta(t, 0.5, cost.Coverage, 1e-12)
	assert.InDelta(t, 4, flops.MedianWidth, 1e-12) // widths 3 and 5
	assert.InDelta(t, 3, cost.MedianWidth, 1e-12)  // widths 2 and 4
}

// A validation row's time is mostly its per-request cost when that part
// is more than half its prediction, and only for a priced row; its
// Scored says the same.
func TestRowIsMostlyRequestCostAboveHalfItsPrediction(t *testing.T) {
	at := func(cost breakeven.Seconds) Row {
		return Row{Run: run("a", "s1", "H100", "SGLang", true), Predicted: breakeven.Exact[breakeven.Seconds](1), RequestCost: cost}
	}
	assert.True(t, at(0.6).MostlyRequestCost())
	assert.True(t, at(0.6).Scored().MostlyCost)
	assert.False(t, at(0.5).MostlyRequestCost())
	assert.False(t, at(0.5).Scored().MostlyCost)
	unpriced := at(0.6)
	unpriced.Reason = "no such chip"
	assert.False(t, unpriced.MostlyRequestCost())
}

// An engine of no family is seen where a fitted run's engine field has
// its name (its first word) as a word, in any case; a fragment of a word
// is not a name, nor is a word of a field that states no engine.
func TestAnEngineIsNamedInTheFitByAWordOfARunsEngine(t *testing.T) {
	run := func(engine string) Run {
		return Run{PrefillRun: sources.PrefillRun{Engine: engine, Seconds: sources.Input[breakeven.Seconds]{Name: "x"}}}
	}
	fit := []Run{run("LMDeploy v0.1.0a1 (TurboMind, static inference benchmark)"), run("ATOM 0.1.1 (AMD; ROCm 7.2.0 image)"), run("llama.cpp"),
		run("not stated (dense attention)")}
	for _, e := range []string{"lmdeploy", "LMDeploy", "turbomind", "atom", "llama.cpp", "ATOM 0.2 (MI355X)"} {
		assert.True(t, namedInFit(e, fit), e)
	}
	for _, e := range []string{"a", "deploy", "llama", "mlc-llm", "attention", "stated"} {
		assert.False(t, namedInFit(e, fit), e)
	}
}
