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

// The latency structures' design rows, written out by hand for a run with
// 3 s of matrix products and 1 s of attention at peak (t = 4 s; the
// by-phase structure keeps the two apart), a memory
// regressor of 500, 61 layers and 0.25 s of all-reduce: timed as one
// request among 4 in flight, it has the request indicator, its layers, its
// communication and 3 requests of 4 s at peak to wait behind; timed alone, no wait; as a
// batched throughput, only the FLOP and memory terms (even at a stated
// concurrency). The regimes structures put t in the throughput column of
// a batch and in the single-request column of a request.
func TestLatencyDesignRowsByHand(t *testing.T) {
	mk := func(perRequest bool, concurrency int) Run {
		r := Run{LinearMin: 3, AttentionMin: 1, Memory: 500, Layers: 61, Comm: 0.25, PerRequest: perRequest}
		r.Concurrency = concurrency
		return r
	}
	queued, alone, unstated, batch := mk(true, 4), mk(true, 1), mk(true, 0), mk(false, 4)
	for s, want := range map[Structure][4][]float64{ // queued, alone, unstated, batch
		RequestCost:         {{4, 1, 12}, {4, 1, 0}, {4, 1, 0}, {4, 0, 0}},
		Regimes:             {{0, 4, 12}, {0, 4, 0}, {0, 4, 0}, {4, 0, 0}},
		RegimesRequestCost:  {{0, 4, 1, 12}, {0, 4, 1, 0}, {0, 4, 1, 0}, {4, 0, 0, 0}},
		RooflineRequestCost: {{4, 500, 1, 12}, {4, 500, 1, 0}, {4, 500, 1, 0}, {4, 500, 0, 0}},
		RooflineLatency:     {{4, 500, 1, 61, 12}, {4, 500, 1, 61, 0}, {4, 500, 1, 61, 0}, {4, 500, 0, 0, 0}},
		RooflineLatencyComm: {{4, 500, 1, 61, 0.25, 12}, {4, 500, 1, 61, 0.25, 0}, {4, 500, 1, 61, 0.25, 0}, {4, 500, 0, 0, 0, 0}},
		ByPhaseRequestCost:  {{3, 1, 500, 1, 12}, {3, 1, 500, 1, 0}, {3, 1, 500, 1, 0}, {3, 1, 500, 0, 0}},
	} {
		for i, r := range []Run{queued, alone, unstated, batch} {
			assert.Equal(t, want[i], r.design(s), "%s, run %d", s, i)
			assert.Len(t, r.design(s), len(s.Params()), "%s: one column per parameter", s)
		}
	}
}

// The by-phase structure scales each phase by the pipeline's factor
// apart: a single request with 3 s of matrix products, 2 s of attention
// and a memory regressor of 500, through a pipeline that doubles its
// time, has the row (6, 4, 1000, 1, 0).
func TestByPhaseDesignScalesEachPhaseByThePipeline(t *testing.T) {
	r := Run{LinearMin: 3, AttentionMin: 2, Memory: 500, PerRequest: true, Pipeline: 2}
	assert.Equal(t, []float64{6, 4, 1000, 1, 0}, r.design(ByPhaseRequestCost))
}

// A latency structure's coefficients become Phases by hand: 1/2 of peak
// for a coefficient of 2, 64 FLOP per byte for 1/64, 1/8 s per request,
// 1/128 s per layer and 0.8 of the link for 1.25, and for the by-phase
// structure attention at 3/4 of peak for 4/3; a coefficient of zero
// (no run informed it) leaves its term out. The regimes structures price
// one request at the single-request share (1/4 for 4) and keep the batch
// share (1/2) as Throughput; where no single request informed its share
// (zero), the request is priced at the batch's.
func TestLatencyPhasesByHand(t *testing.T) {
	for _, c := range []struct {
		s    Structure
		coef []float64
		want prefill.Phases
	}{
		{RequestCost, []float64{2, 0.125}, prefill.Phases{Linear: 0.5, Attention: 0.5, Fixed: 0.125}},
		{Regimes, []float64{2, 4}, prefill.Phases{Linear: 0.25, Attention: 0.25, Throughput: 0.5}},
		{Regimes, []float64{2, 0}, prefill.Phases{Linear: 0.5, Attention: 0.5, Throughput: 0.5}},
		{RegimesRequestCost, []float64{2, 4, 0.125}, prefill.Phases{Linear: 0.25, Attention: 0.25, Throughput: 0.5, Fixed: 0.125}},
		{RegimesRequestCost, []float64{2, 0, 0.125}, prefill.Phases{Linear: 0.5, Attention: 0.5, Throughput: 0.5, Fixed: 0.125}},
		{RooflineRequestCost, []float64{2, 1.0 / 64, 0.125}, prefill.Phases{Linear: 0.5, Attention: 0.5, Intensity: 64, Fixed: 0.125}},
		{RooflineLatency, []float64{2, 1.0 / 64, 0.125, 1.0 / 128}, prefill.Phases{Linear: 0.5, Attention: 0.5, Intensity: 64, Fixed: 0.125, PerLayer: 1.0 / 128}},
		{RooflineLatencyComm, []float64{2, 1.0 / 64, 0.125, 1.0 / 128, 1.25}, prefill.Phases{Linear: 0.5, Attention: 0.5, Intensity: 64, Fixed: 0.125, PerLayer: 1.0 / 128, Link: 0.8}},
		{RooflineLatencyComm, []float64{2, 0, 0.125, 0, 0}, prefill.Phases{Linear: 0.5, Attention: 0.5, Fixed: 0.125}},
		{ByPhaseRequestCost, []float64{2, 4.0 / 3, 1.0 / 64, 0.125}, prefill.Phases{Linear: 0.5, Attention: 0.75, Intensity: 64, Fixed: 0.125}},
	} {
		assert.Equal(t, c.want, latencyPhases(c.s, c.coef), "%s %v", c.s, c.coef)
	}
}

// A cost must be positive to stay in the fit: one at exactly zero is
// dropped like a negative one, and the efficiency refitted alone (rows
// (1, 0) and (1, 1) against 1 and 1: the efficiency's column alone gives
// 1).
func TestClampCostsDropsAZeroCost(t *testing.T) {
	used, x, err := clampCosts([][]float64{{1, 0}, {1, 1}}, []float64{1, 1}, []int{0, 2}, []float64{1, 0})
	require.NoError(t, err)
	assert.Equal(t, []int{0}, used)
	assert.InDelta(t, 1, x[0], 1e-12)
}

// Every latency structure holds a cost the runs push below zero at zero:
// single requests each exactly 2 x their peak time less 0.1 s would need
// a per-request cost of -0.1 s, so the cost is zero and the efficiency
// fitted alone, by the robust fit on log errors (all within the Huber
// knee, one run per source): 1/efficiency is the geometric mean of
// measured / peak. A structure without costs does not clamp: by phase,
// runs needing a negative attention share fail to fit, with the reason.
func TestLatencyStructuresHoldNegativeCostsAtZero(t *testing.T) {
	var runs []Run
	logSum := 0.0
	for i, peak := range []float64{1, 2, 3, 5, 8, 13} {
		r := run(string(rune('a'+i)), sources.SourceID(rune('A'+i)), "H100", "vllm", true)
		r.PerRequest, r.LinearMin = true, breakeven.Seconds(peak)
		m := 2*peak - 0.1
		r.Measured = breakeven.Exact(breakeven.Seconds(m))
		runs = append(runs, r)
		logSum += math.Log(m / peak)
	}
	want := math.Exp(logSum / 6) // 1/efficiency
	for _, s := range []Structure{RequestCost, RooflineRequestCost, RooflineLatency, RooflineLatencyComm, RegimesRequestCost} {
		f, err := FitPhases(runs, s)
		require.NoError(t, err, s.String())
		cost := 2 // the per-request cost's place in the structure's parameters
		if s == RequestCost {
			cost = 1
		}
		require.Equal(t, "per-request cost", s.Params()[cost], s.String())
		assert.Zero(t, f.Coef[cost], s.String())
		eff := 0 // the efficiency a request is priced at
		if s == RegimesRequestCost {
			eff = 1
		}
		assert.InEpsilon(t, want, f.Coef[eff], 1e-9, s.String())
		assert.Zero(t, f.Phases.Fixed, s.String())
	}

	// By phase: t = 2 x matrix products - 0.5 x attention, exactly.
	var neg []Run
	for i, c := range [][2]float64{{10, 1}, {5, 4}, {8, 2}, {3, 0.5}} {
		r := run(string(rune('a'+i)), sources.SourceID(rune('A'+i)), "H100", "vllm", false)
		r.LinearMin, r.AttentionMin = breakeven.Seconds(c[0]), breakeven.Seconds(c[1])
		r.Measured = breakeven.Exact(breakeven.Seconds(2*c[0] - 0.5*c[1]))
		neg = append(neg, r)
	}
	_, err := FitPhases(neg, ByPhase)
	assert.ErrorContains(t, err, "the fitted attention efficiency is not positive")
}

// Beyond a factor of two a run pulls on the fit as if off by a factor of
// two: one coefficient fitted to three runs measured at 1 (weights 1, 1
// and 2) and an outlier measured at e^3 (weight 1) has log errors theta
// for the three and theta - 3 for the outlier, beyond the knee; the Huber
// loss is least where 4 theta = ln 2 (the three's weighted pull against
// the outlier's ln 2), so the coefficient is 2^(1/4), where least squares
// on the logs would give e^(3/5).
func TestRefineLogCapsAnOutliersPull(t *testing.T) {
	d := [][]float64{{1}, {1}, {1}, {1}}
	m := []float64{1, 1, 1, math.Exp(3)}
	got := refineLog(d, m, []float64{1, 1, 2, 1}, []float64{1})
	assert.InEpsilon(t, math.Pow(2, 0.25), got[0], 1e-6)
	// From a start on the other side of the optimum, the same.
	got = refineLog(d, m, []float64{1, 1, 2, 1}, []float64{3})
	assert.InEpsilon(t, math.Pow(2, 0.25), got[0], 1e-6)
}

// The robust loss is continuous at the knee, so a fit moves a run past a
// factor of two when that lowers the loss: a run measured at 1 (weight
// 1) and one at e^(1.25 ln 2 + 0.1) (weight 4), from a coefficient of
// 1.9 (the first run just within a factor of two) or of 1.
// With the first beyond the knee and the second within it, the loss is
// least where 4 (theta - 1.25 ln 2 - 0.1) + ln 2 = 0: theta = ln 2 + 0.1,
// the first run's log error just beyond ln 2 and the second's -ln 2 / 4,
// within; so the coefficient is 2 e^0.1. A loss that jumped up at the
// knee would hold the first run at a factor of two (a coefficient of 2).
func TestRefineLogMovesARunPastTheKnee(t *testing.T) {
	for _, start := range []float64{1.9, 1} {
		got := refineLog([][]float64{{1}, {1}}, []float64{1, math.Exp(1.25*math.Ln2 + 0.1)}, []float64{1, 4}, []float64{start})
		assert.InEpsilon(t, 2*math.Exp(0.1), got[0], 1e-6, "from %g", start)
	}
}

// The most negative cost is dropped first, and of two equally negative
// the first: with b = 1 + m exactly, dropping the n column leaves b on
// (1, m) at (1, 1), both positive, so the m column stays; dropping the m
// column first would have left (1, n) at (1.3, 0.8) (slope cov(n, b) /
// var(n) = 4 / 5, intercept 2.5 - 0.8 x 1.5).
func TestClampCostsDropsTheMostNegativeFirstAndTheFirstOnATie(t *testing.T) {
	n := []float64{0, 1, 2, 3}
	m := []float64{0, 1, 3, 2}
	var a [][]float64
	var b []float64
	for i := range n {
		a = append(a, []float64{1, n[i], m[i]})
		b = append(b, 1+m[i])
	}
	for _, start := range [][]float64{{1, -2, -1}, {1, -1, -1}} {
		used, x, err := clampCosts(a, b, []int{0, 1, 2}, start)
		require.NoError(t, err)
		assert.Equal(t, []int{0, 2}, used, "%v", start)
		require.Len(t, x, 2)
		assert.InDelta(t, 1, x[0], 1e-12)
		assert.InDelta(t, 1, x[1], 1e-12)
	}
}

// The damped steps recover consistent coefficients from a start far off
// (the first 50 times too large, the second 3,000 times too small), where
// the undamped Gauss-Newton step from there raises the loss at every
// try and the fit would stop short (at about 2.01 and 0.015).
func TestRefineLogRecoversFromAFarStart(t *testing.T) {
	want := []float64{2, 0.3}
	d := [][]float64{{1, 0}, {2, 1}, {0.5, 3}, {4, 0.2}}
	m := make([]float64, len(d))
	for i := range d {
		m[i] = d[i][0]*want[0] + d[i][1]*want[1]
	}
	got := refineLog(d, m, []float64{1, 1, 1, 1}, []float64{100, 1e-4})
	assert.InEpsilon(t, want[0], got[0], 1e-6)
	assert.InEpsilon(t, want[1], got[1], 1e-6)
}

// A prediction charges a request at a stated concurrency at most the
// others' prefills at the fitted single-request share: with 0.3 s of
// matrix products and 0.1 s of attention at peak (t = 0.4 s) among 4 in
// flight, a fitted wait of 25 per request is charged as 4 (the single-
// request coefficient), 3 x 4 x 0.4 = 4.8 s, on top of 4 x 0.4 + 0.1 s;
// a wait of 1, below the cap, is charged as fitted (1.2 s); where the
// structure has one efficiency (2), that is the cap (2.4 s), as it is
// where a regimes fit's single-request coefficient is 0, informed by no
// run (2.4 s again, not a cap of 0); and one request alone pays none.
func TestPredictedWaitIsAtMostTheOthersPrefills(t *testing.T) {
	r := Run{LinearMin: 0.3, AttentionMin: 0.1, PerRequest: true}
	r.Concurrency = 4
	alone := r
	alone.Concurrency = 1
	for _, c := range []struct {
		s           Structure
		coef        []float64
		queued, one float64
	}{
		{RegimesRequestCost, []float64{2, 4, 0.1, 25}, 1.6 + 0.1 + 4.8, 1.7},
		{RegimesRequestCost, []float64{2, 4, 0.1, 1}, 1.6 + 0.1 + 1.2, 1.7},
		{RequestCost, []float64{2, 0.1, 25}, 0.8 + 0.1 + 2.4, 0.9},
		{RegimesRequestCost, []float64{2, 0, 0.1, 25}, 0 + 0.1 + 2.4, 0.1},
	} {
		f := Fit{Structure: c.s, Coef: c.coef}
		assert.InDelta(t, c.queued, float64(f.Predict(r)), 1e-12, "%s %v", c.s, c.coef)
		assert.InDelta(t, c.one, float64(f.Predict(alone)), 1e-12, "%s %v alone", c.s, c.coef)
	}
}

// The ceiling structure fits no share of peak: runs made with the FLOPs
// at the ceiling, 1 byte of memory traffic per 250 FLOP and 0.1 s a
// request give back 250 and 0.1, and a run's prediction is its time at
// the ceiling (times its pipeline's bubble) plus the fitted terms. Its
// design row has the memory regressor, the request indicator and the
// wait at a stated concurrency in units of the time at the ceiling.
func TestCeilingStructureFitsOnlyWhatTheCeilingLeaves(t *testing.T) {
	var runs []Run
	for i, c := range []struct {
		ceil, mem, pf float64
		req           bool
	}{{2, 100, 1, true}, {0.5, 400, 1, true}, {8, 30, 1, false}, {1, 250, 2, true}, {3, 900, 1, false}, {0.2, 20, 1, true}} {
		r := Run{LinearCeil: breakeven.Seconds(c.ceil * 0.75), AttentionCeil: breakeven.Seconds(c.ceil * 0.25), Memory: c.mem, PerRequest: c.req, Pipeline: c.pf}
		r.ID = string(rune('a' + i))
		want := c.pf*c.ceil + c.pf*c.mem/250
		if c.req {
			want += 0.1
		}
		r.Measured = breakeven.Exact(breakeven.Seconds(want))
		runs = append(runs, r)
	}
	// Two requests timed among two others each, waiting half of each
	// other's time at the ceiling (under the cap of one whole).
	for i, c := range []struct{ ceil, mem float64 }{{1, 100}, {4, 300}} {
		r := Run{LinearCeil: breakeven.Seconds(c.ceil), Memory: c.mem, PerRequest: true, Pipeline: 1}
		r.ID, r.Concurrency = string(rune('p'+i)), 3
		r.Measured = breakeven.Exact(breakeven.Seconds(c.ceil + c.mem/250 + 0.1 + 0.5*2*c.ceil))
		runs = append(runs, r)
	}
	f, err := FitPhases(runs, CeilingRequestCost)
	require.NoError(t, err)
	assert.True(t, f.Phases.Ceiling)
	assert.InEpsilon(t, 0.5, f.Coef[2], 1e-6, "the wait per request in flight, in time at the ceiling")
	assert.Equal(t, 1.0, f.Phases.Linear)
	assert.Equal(t, 1.0, f.Phases.Attention)
	assert.InEpsilon(t, 250, f.Phases.Intensity, 1e-6)
	assert.InEpsilon(t, 0.1, float64(f.Phases.Fixed), 1e-6)
	for _, r := range runs {
		assert.InEpsilon(t, float64(r.Measured.Value), float64(f.Predict(r)), 1e-6, r.ID)
	}
	r := Run{LinearCeil: 3, AttentionCeil: 1, Memory: 500, PerRequest: true, Pipeline: 2}
	r.Concurrency = 3
	assert.Equal(t, []float64{1000, 1, 2 * 2 * 4}, r.design(CeilingRequestCost))
	// The sparse-cost structure waits the same: two others in flight, the
	// pipeline's factor of 2, and both phases' 4 s at the ceiling; its
	// request indicator is the dense one, the run having no experts.
	assert.Equal(t, []float64{1000, 1, 0, 2 * 2 * 4}, r.design(CeilingWeightsSparseCost))
	assert.Equal(t, 8.0, r.offset(CeilingRequestCost))
	assert.Zero(t, r.offset(ByPhaseRequestCost))
}

// A model that prices FLOPs at the measured ceiling says so of a chip
// with none (the H20: its peak stands in) and gives it the interval for
// what the fit has not seen, though the fit has runs on the chip; a
// measured chip (the H100) keeps the usual interval.
func TestAChipWithoutAMeasuredCeilingTakesTheWiderInterval(t *testing.T) {
	seen := func(chip string) Run {
		r := Run{PerRequest: true}
		r.Chip, r.Engine = chip, "sglang"
		r.Seconds.Name = "x"
		return r
	}
	m := Model{Fit: Fit{Phases: prefill.Phases{Linear: 1, Attention: 1, Ceiling: true, Fixed: 0.1}}, fitRuns: []Run{seen("H100"), seen("H20")}}
	m.Low, m.High, m.LowNovel, m.HighNovel = 0.5, 2, 0.25, 4
	pm := prefill.Model{Name: "x", ActiveParams: 10e9, Attention: []prefill.AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	for chip, want := range map[string]bool{"H100": false, "H20": true} {
		g, err := sources.ParseGPUs("8x" + chip)
		require.NoError(t, err)
		p, err := m.PredictRequest(pm, 8192, g, prefill.Parallel{TP: 8}, "sglang")
		require.NoError(t, err)
		assert.Empty(t, p.Novel, chip)
		assert.Equal(t, want, p.NoCeiling, chip)
		lo := 0.5
		if want {
			lo = 0.25
		}
		assert.InEpsilon(t, lo, float64(p.Time.Lo/p.Time.Value), 1e-12, chip)
	}
}

// A prompt timed inside the engine by an offline benchmark (TensorRT-LLM's
// low-latency tables) is one prompt, so its regime is its own and a
// pipeline would still stall on it, but no server stands between it and
// the clock: its row has no per-request indicator, so no fit charges it
// the per-request cost, and its predicted time is the FLOPs at the
// ceiling plus the memory traffic, worked out here from the run's own
// regressors.
func TestAnOfflinePromptPaysNoPerRequestCost(t *testing.T) {
	r := NewRun(sources.TRTPerfH100L7B2K)
	require.True(t, r.Priced(), r.Reason)
	assert.True(t, r.Offline)
	assert.False(t, r.PerRequest, "timed without a server")
	assert.Equal(t, "offline", r.Regime())
	assert.Equal(t, []float64{r.Memory, 0, 0}, r.latencyDesign(CeilingRequestCost), "memory traffic only: no request indicator, no wait")
	f := Fit{Structure: CeilingRequestCost, Coef: []float64{1.0 / 300, 0.15, 1}}
	assert.Zero(t, f.RequestCost(r))
	assert.InEpsilon(t, float64(r.LinearCeil+r.AttentionCeil)+r.Memory/300, float64(f.Predict(r)), 1e-12)
	// The same row served (not offline) pays the cost.
	served := sources.TRTPerfH100L7B2K
	served.Offline = false
	s := NewRun(served)
	assert.True(t, s.PerRequest)
	assert.Equal(t, "request", s.Regime())
	assert.InEpsilon(t, 0.15, float64(f.RequestCost(s)), 1e-12)
	// A pipeline stalls on an offline prompt as on a served one.
	pp := sources.TRTPerfH100L7B2K
	pp.Par = prefill.Parallel{PP: 4}
	assert.Equal(t, prefill.PipelineFactor(r.N, pp.Par), NewRun(pp).Pipeline)
	assert.Greater(t, NewRun(pp).Pipeline, 1.0)
}

// The weights structure fits what the ceiling and one read of each single
// prompt's weights leave: runs made from known costs (intensity 250, 0.1 s
// a served request) give them back; a batched throughput is charged no
// read, a prompt timed offline is charged the read but not the cost, and
// the phases it returns price the read (Weights) at the ceiling.
func TestCeilingWeightsStructureChargesEachSinglePromptOneRead(t *testing.T) {
	var runs []Run
	for i, c := range []struct {
		ceil, mem, w, pf float64
		req, offline     bool
	}{{2, 100, 0.3, 1, true, false}, {0.5, 400, 0.05, 1, true, false}, {8, 30, 0.2, 1, false, false}, {1, 250, 0.1, 2, true, false},
		{3, 900, 0.4, 1, false, false}, {0.2, 20, 0.02, 1, true, false}, {0.1, 10, 0.03, 1, false, true}, {0.6, 60, 0.01, 1, false, true}} {
		r := Run{LinearCeil: breakeven.Seconds(c.ceil), Memory: c.mem, WeightRead: breakeven.Seconds(c.w), PerRequest: c.req, Pipeline: c.pf}
		r.ID, r.Offline = string(rune('a'+i)), c.offline
		r.Seconds.Name = "x"
		want := c.pf*c.ceil + c.pf*c.mem/250
		if c.req || c.offline {
			want += c.pf * c.w
		}
		if c.req {
			want += 0.1
		}
		r.Measured = breakeven.Exact(breakeven.Seconds(want))
		runs = append(runs, r)
	}
	f, err := FitPhases(runs, CeilingWeightsRequestCost)
	require.NoError(t, err)
	assert.True(t, f.Phases.Ceiling)
	assert.True(t, f.Phases.Weights)
	assert.InEpsilon(t, 250, f.Phases.Intensity, 1e-6)
	assert.InEpsilon(t, 0.1, float64(f.Phases.Fixed), 1e-6)
	for _, r := range runs {
		assert.InEpsilon(t, float64(r.Measured.Value), float64(f.Predict(r)), 1e-6, r.ID)
	}
	batch := runs[2]
	assert.Equal(t, batch.offset(CeilingRequestCost), batch.offset(CeilingWeightsRequestCost), "a batch reads no weights for one prompt")
	served := runs[3]
	assert.InEpsilon(t, 2*(1+0.1), served.offset(CeilingWeightsRequestCost), 1e-12, "the ceiling and the read, times the pipeline's bubble")
	assert.Contains(t, Candidates(), CeilingWeightsRequestCost)
}

// CeilingWeightsSparseCost charges a single request of a mixture of
// experts a per-request cost of its own and a dense model's another:
// runs built from costs of 0.03 s (dense) and 0.17 s (sparse) over the
// ceiling, the weight read and memory traffic at 250 FLOP a byte fit
// back to those costs, and the phases price a request of each kind with
// its own. With no sparse single request in the fit, the one cost stands
// for both.
func TestSparseCostStructureFitsADenseAndASparseCost(t *testing.T) {
	dense := prefill.Model{Name: "d", ActiveParams: 8e9, TotalParams: 8e9}
	sparse := prefill.Model{Name: "s", ActiveParams: 37e9, TotalParams: 671e9}
	build := func(withSparse bool) []Run {
		var runs []Run
		for i, c := range []struct {
			ceil, mem, w float64
			req, moe     bool
		}{{2, 100, 0.3, true, false}, {0.5, 400, 0.05, true, false}, {8, 30, 0.2, false, false}, {1, 250, 0.1, true, true},
			{3, 900, 0.4, false, true}, {0.2, 20, 0.02, true, true}, {0.1, 10, 0.03, true, false}, {0.6, 60, 0.01, true, true}} {
			if c.moe && !withSparse {
				continue
			}
			r := Run{LinearCeil: breakeven.Seconds(c.ceil), Memory: c.mem, WeightRead: breakeven.Seconds(c.w), PerRequest: c.req, Pipeline: 1, FLOP: dense}
			if c.moe {
				r.FLOP = sparse
			}
			r.ID = string(rune('a' + i))
			r.Seconds.Name = "x"
			want := c.ceil + c.mem/250
			if c.req {
				want += c.w + 0.03
				if c.moe {
					want += 0.14
				}
			}
			r.Measured = breakeven.Exact(breakeven.Seconds(want))
			runs = append(runs, r)
		}
		return runs
	}
	runs := build(true)
	f, err := FitPhases(runs, CeilingWeightsSparseCost)
	require.NoError(t, err)
	assert.True(t, f.Phases.Ceiling)
	assert.True(t, f.Phases.Weights)
	assert.InEpsilon(t, 250, f.Phases.Intensity, 1e-6)
	assert.InEpsilon(t, 0.03, float64(f.Phases.Fixed), 1e-6)
	assert.InEpsilon(t, 0.17, float64(f.Phases.FixedSparse), 1e-6)
	for _, r := range runs {
		assert.InEpsilon(t, float64(r.Measured.Value), float64(f.Predict(r)), 1e-6, r.ID)
		want := 0.03
		if r.FLOP.Sparse() {
			want = 0.17
		}
		if r.PerRequest {
			assert.InEpsilon(t, want, float64(f.RequestCost(r)), 1e-6, r.ID)
		}
	}
	assert.InEpsilon(t, 0.03, float64(f.Phases.FixedFor(dense)), 1e-6)
	assert.InEpsilon(t, 0.17, float64(f.Phases.FixedFor(sparse)), 1e-6)
	assert.Equal(t, runs[3].offset(CeilingWeightsRequestCost), runs[3].offset(CeilingWeightsSparseCost), "the same ceiling and weight read")
	assert.Contains(t, Candidates(), CeilingWeightsSparseCost)

	denseOnly, err := FitPhases(build(false), CeilingWeightsSparseCost)
	require.NoError(t, err)
	assert.InEpsilon(t, 0.03, float64(denseOnly.Phases.Fixed), 1e-6)
	assert.Zero(t, denseOnly.Phases.FixedSparse, "no sparse request: the dense cost stands for both")
	assert.InEpsilon(t, 0.03, float64(denseOnly.Phases.FixedFor(sparse)), 1e-6)
}
