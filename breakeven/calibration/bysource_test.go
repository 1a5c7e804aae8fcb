package calibration

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// run is a priced run of a source for the tests: its chip, engine, and
// whether it is one request's time.
func run(id string, src sources.SourceID, chip, engine string, request bool) Run {
	r := Run{}
	r.ID, r.Chip, r.Engine = id, chip, engine
	if request {
		r.Seconds = sources.Input[breakeven.Seconds]{Name: id, Cite: sources.Cite{Source: src}}
	} else {
		r.Rate = sources.Input[breakeven.TokenRate]{Name: id, Cite: sources.Cite{Source: src}}
	}
	return r
}

// What of a run the fit has not seen: its chip, the chip's maker, its
// engine's family and its regime, each against the fit's priced runs.
func TestNoveltyNamesWhatTheFitHasNotSeen(t *testing.T) {
	fit := []Run{run("a", "s1", "H100", "vLLM 0.7", true), run("b", "s2", "H200", "SGLang", false)}
	unpriced := run("c", "s3", "MI300X", "TGI", true)
	unpriced.Reason = "not priced"
	fit = append(fit, unpriced)
	assert.Empty(t, Novelty(run("q", "s9", "H200", "vllm", true), fit))
	assert.Equal(t, []string{"chip MI300X", "vendor AMD", "engine tgi"}, Novelty(run("q", "s9", "MI300X", "text-generation-inference", true), fit))
	assert.Equal(t, []string{"chip B200", "engine trtllm"}, Novelty(run("q", "s9", "B200", "TensorRT-LLM", false), fit))
	assert.Equal(t, []string{"regime throughput"}, Novelty(run("q", "s9", "H100", "vllm", false), []Run{fit[0]}))
}

// An engine of no family is seen only where a fitted run names it: the
// runs of every such engine share the kind "other", so one of them in
// the fit does not make another seen. An engine not stated is held
// neither for nor against the fit.
func TestNoveltyNamesAnEngineOfNoFamilyNoFittedRunNames(t *testing.T) {
	fit := []Run{run("a", "s1", "H100", "ATOM 0.1.1 (AMD; ROCm 7.2.0 image)", true), run("b", "s2", "H100", "not stated (dense attention)", true)}
	assert.Empty(t, Novelty(run("q", "s9", "H100", "ATOM", true), fit))
	assert.Equal(t, []string{"engine hf-transformers"}, Novelty(run("q", "s9", "H100", "hf-transformers (flash_attention_2)", true), fit))
	assert.Equal(t, []string{"engine Meta's"}, Novelty(run("q", "s9", "H100", "Meta's (PyTorch, ring attention pass-KV)", true), fit),
		"a word of an engine not stated does not name it")
	assert.Empty(t, Novelty(run("q", "s9", "H100", "not stated", true), fit))
	assert.Empty(t, Novelty(run("q", "s9", "H100", "", true), fit))
	assert.Equal(t, []string{"engine vllm"}, Novelty(run("q", "s9", "H100", "vLLM", true), fit), "a family is seen by its runs alone")
}

// Engines by family, as the runs name them.
func TestEngineKind(t *testing.T) {
	for e, want := range map[string]string{
		"vLLM 0.14.1": "vllm", "SGLang with NVIDIA Dynamo": "sglang", "TensorRT-LLM": "trtllm", "NVIDIA NIM 1.8.0": "trtllm",
		"TGI (ROCm image sha-11d7af7)": "tgi", "NVIDIA Dynamo (pre-release)": "dynamo", "not stated": "other", "": "other",
		"text-generation-inference 2.0": "tgi", "TRT-LLM": "trtllm", "vllm0.7": "vllm", "vllm-ascend": "vllm",
		// a family's name inside another word is not the family
		"myvllmfork": "other", "MiniMax's server": "other", "hf-transformers": "other", "nimble": "other",
	} {
		assert.Equal(t, want, EngineKind(e), e)
	}
	assert.Equal(t, "AMD", Vendor("MI355X"))
	assert.Equal(t, "NVIDIA", Vendor("GB300"))
}

// An interval is taken from all errors; a novel run's is widened to the
// novel errors' spread where there are at least minSpread of them.
// Errors 0 .. 0.4 (seen) and 0 .. -4 (novel): ten in all, whose q95 is
// 0.355 and q05 -3.55 (interpolated between order statistics); the novel
// five alone reach q05 = -3.8.
func TestSpreadForNovelAndSeen(t *testing.T) {
	var errs []sourceError
	for i := 0; i < 5; i++ {
		errs = append(errs, sourceError{Log: 0.1 * float64(i), Novel: false}) // 0 .. 0.4
		errs = append(errs, sourceError{Log: -float64(i), Novel: true})       // 0 .. -4
	}
	lo, hi := spreadFor(errs, false)
	assert.InEpsilon(t, math.Exp(-(0.3 + 0.55*0.1)), lo, 1e-9)
	assert.InEpsilon(t, math.Exp(3+0.55*1), hi, 1e-9) // exp(-q05) of all ten
	lo, hi = spreadFor(errs, true)
	assert.InEpsilon(t, math.Exp(-(0.3 + 0.55*0.1)), lo, 1e-9) // the novel q95 (-0.2) is narrower: all ten's
	assert.InEpsilon(t, math.Exp(3.8), hi, 1e-9)               // q05 of -4..0 is -3.8, beyond all ten's -3.55
	// Three novel errors are too few to widen: all six are used.
	lo2, hi2 := spreadFor(errs[:6], true)
	wlo, whi := spread([]float64{0, 0, 0.1, -1, 0.2, -2})
	assert.Equal(t, wlo, lo2)
	assert.Equal(t, whi, hi2)
}

// Costs the runs push below zero are held at zero: two runs, one needing
// a negative per-request cost to fit exactly, fit with the cost at zero
// and the efficiency by least squares alone.
func TestClampCostsDropsNegativeCosts(t *testing.T) {
	// Rows (t, request) / measured against 1: exact solution x = (2, -1).
	a := [][]float64{{1, 1}, {0.5, 0}}
	b := []float64{1, 1}
	x, err := leastSquares(a, b)
	require.NoError(t, err)
	require.InDelta(t, -1, x[1], 1e-12)
	used, x, err := clampCosts(a, b, []int{0, 1}, x)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, used)
	// Least squares of (1, 0.5) x = (1, 1): x = 1.5 / 1.25.
	assert.InDelta(t, 1.5/1.25, x[0], 1e-12)
}

// The robust log fit recovers exact coefficients from consistent runs,
// whatever the weights.
func TestRefineLogRecoversConsistentCoefficients(t *testing.T) {
	want := []float64{2, 0.3}
	d := [][]float64{{1, 0}, {2, 1}, {0.5, 3}, {4, 0.2}}
	m := make([]float64, len(d))
	for i := range d {
		m[i] = d[i][0]*want[0] + d[i][1]*want[1]
	}
	got := refineLog(d, m, []float64{1, 0.5, 0.25, 1}, []float64{1, 1})
	assert.InEpsilon(t, want[0], got[0], 1e-6)
	assert.InEpsilon(t, want[1], got[1], 1e-6)
}

// Every source counts once in a fit: three identical-design runs of one
// source measured 10 s, against one run of another measured 40 s, fit
// one efficiency at the geometric middle (20 s), where three unweighted
// copies would pull it toward 10 s.
func TestEachSourceWeighsAsOne(t *testing.T) {
	mk := func(id string, src sources.SourceID, measured float64) Run {
		r := run(id, src, "H100", "vllm", true)
		r.LinearMin, r.AttentionMin = 5, 0
		r.Measured = breakeven.Exact(breakeven.Seconds(measured))
		return r
	}
	runs := []Run{mk("a1", "A", 10), mk("a2", "A", 10), mk("a3", "A", 10), mk("b", "B", 40)}
	f, err := FitPhases(runs, OneEfficiency)
	require.NoError(t, err)
	assert.InEpsilon(t, 20, float64(f.Predict(runs[3])), 1e-6)
}

// A novel run's interval is never narrower than the seen runs': novel
// errors of +-0.1 beside seen errors of +-1 give both the spread of all
// eight, the novel ones being too narrow to widen it.
func TestNovelIntervalIsNeverNarrowerThanAllErrors(t *testing.T) {
	var errs []sourceError
	for _, v := range []float64{-1, -0.5, 0.5, 1} {
		errs = append(errs, sourceError{Log: v})
	}
	for _, v := range []float64{-0.1, -0.05, 0.05, 0.1} {
		errs = append(errs, sourceError{Log: v, Novel: true})
	}
	nlo, nhi := spreadFor(errs, true)
	slo, shi := spreadFor(errs, false)
	alo, ahi := spread([]float64{-1, -0.5, 0.5, 1, -0.1, -0.05, 0.05, 0.1})
	assert.Equal(t, [2]float64{alo, ahi}, [2]float64{nlo, nhi})
	assert.Equal(t, [2]float64{alo, ahi}, [2]float64{slo, shi})
	assert.Less(t, nlo, 1.0)
	assert.Greater(t, nhi, 1.0)
}

// A time to first token at a stated concurrency above one is its own
// regime: a fit with only single requests has not seen it.
func TestConcurrentRegimeIsNovelToSingleRequests(t *testing.T) {
	single := run("a", "s1", "H100", "vllm", true)
	single.Concurrency = 1
	conc := run("q", "s2", "H100", "vllm", true)
	conc.Concurrency = 4
	assert.Equal(t, "request", single.Regime())
	assert.Equal(t, "concurrent", conc.Regime())
	assert.Equal(t, "throughput", run("b", "s3", "H100", "vllm", false).Regime())
	assert.Equal(t, []string{"regime concurrent"}, Novelty(conc, []Run{single}))
}

// Among the published runs, exactly the TTFTs read at a stated
// concurrency above one (dstack's five DeepSeek-R1 runs at four,
// InferenceX's seventeen at two to eight) are "concurrent", and only they
// carry the queueing regressor: the requests in flight besides their own
// times their FLOP time at peak.
func TestPublishedConcurrentRunsAreTheQueueingOnes(t *testing.T) {
	n := 0
	for _, r := range Runs() {
		q := r.design(RooflineRequestCost)
		if r.Seconds.Name != "" && r.Concurrency > 1 {
			n++
			assert.Equal(t, "concurrent", r.Regime(), r.ID)
			assert.InEpsilon(t, float64(r.Concurrency-1)*float64(r.LinearMin+r.AttentionMin), q[len(q)-1], 1e-12, r.ID)
			continue
		}
		assert.NotEqual(t, "concurrent", r.Regime(), r.ID)
		assert.Zero(t, q[len(q)-1], r.ID)
	}
	assert.Equal(t, 22, n) // dstack's five and InferenceX's seventeen
}
