package heldout

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
)

// within counts, independently of the search, the runs within 25% at
// scale k, dense cost d and sparse cost s.
func within(runs []hindRun, k, d, s float64) int {
	n := 0
	for _, r := range runs {
		c := d
		if r.sparse {
			c = s
		}
		t := k * r.rest
		if r.paysCost {
			t += c
		}
		if t >= 0.75*r.measured-1e-12 && t <= 1.25*r.measured+1e-12 {
			n++
		}
	}
	return n
}

// Worked by hand: dense runs A (1 s of FLOPs, measured 1 s), B (2 s,
// 2 s) and C (1 s, 3 s), and a mixture of experts D (1 s, 0.5 s). A and
// C need k + c in [0.75, 1.25] and in [2.25, 3.75], which never meet, so
// three is the most. At the fitted k = 1 and no cost only A and B are
// within; D needs k <= 0.625, where A and B still fit with a dense cost
// (k = 0.6: A needs c in [0.15, 0.65], B in [0.3, 1.3]).
func TestHindsightFindsTheMostRunsAnyScaleAndCostsPutWithin25(t *testing.T) {
	runs := []hindRun{
		{rest: 1, measured: 1, paysCost: true},
		{rest: 2, measured: 2, paysCost: true},
		{rest: 1, measured: 3, paysCost: true},
		{rest: 1, measured: 0.5, paysCost: true, sparse: true},
	}
	assert.Equal(t, 2, within(runs, 1, 0, 0), "the fitted constants")
	assert.Equal(t, 3, within(runs, 0.6, 0.3, 0), "the hand solution")
	h := bestWithin(runs)
	assert.Equal(t, 3, h.Within)
	assert.Equal(t, 3, within(runs, h.Scale, float64(h.Dense), float64(h.Sparse)), "the values found put that many within")
	assert.LessOrEqual(t, h.Scale, 0.625+1e-12)
}

// Worked by hand: two dense runs of 1 s of FLOPs, measured 2 s on one
// engine and 10 s on another. One shared cost cannot hold both: their
// bands of c at scale k, [1.5 - k, 2.5 - k] and [7.5 - k, 12.5 - k],
// never meet. A cost for each engine holds both, and a run that pays no
// cost counts whatever its group.
func TestHindsightGivesEachGroupItsOwnCost(t *testing.T) {
	runs := []hindRun{
		{rest: 1, measured: 2, paysCost: true, group: "vllm"},
		{rest: 1, measured: 10, paysCost: true, group: "sglang"},
		{rest: 1, measured: 1, group: "sglang"},
	}
	h := bestWithin(runs)
	assert.Equal(t, 3, h.Within)
	for _, r := range runs[:2] {
		c := float64(h.Costs[GroupLabel(r.group, false)])
		assert.InDelta(t, r.measured, h.Scale*r.rest+c, 0.25*r.measured, r.group)
	}
	for i := range runs {
		runs[i].group = ""
	}
	assert.Equal(t, 2, bestWithin(runs).Within, "one cost for both engines")
	assert.Equal(t, "sglang, mixture of experts", GroupLabel("sglang", true))
	assert.Equal(t, "dense", GroupLabel("", false))
}

// On random runs the exact search finds at least what a fine grid over
// the scale and both costs finds, and its values reach the count it
// reports.
func TestHindsightIsAtLeastAGridSearchAndReachesItsCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 20 {
		var runs []hindRun
		for range 12 {
			rest := math.Exp(rng.NormFloat64())
			runs = append(runs, hindRun{
				rest:     rest,
				measured: (rest + 0.3*rng.Float64()) * math.Exp(0.5*rng.NormFloat64()),
				paysCost: rng.Float64() < 0.85,
				sparse:   rng.Float64() < 0.5,
			})
		}
		h := bestWithin(runs)
		require.Equal(t, h.Within, within(runs, h.Scale, float64(h.Dense), float64(h.Sparse)), "trial %d", trial)
		grid := 0
		for k := 0.0; k <= 3; k += 0.05 {
			for d := 0.0; d <= 1.5; d += 0.05 {
				for s := 0.0; s <= 1.5; s += 0.05 {
					grid = max(grid, within(runs, k, d, s))
				}
			}
		}
		assert.GreaterOrEqual(t, h.Within, grid, "trial %d", trial)
	}
}

// On the held-out runs, the fitted constants are one choice hindsight
// weighs, so it puts at least as many within 25% as the calculator's
// model; its median error is worked again here at the values it found.
func TestHindsightOnTheHeldOutRunsBoundsTheFittedModel(t *testing.T) {
	runs, _ := Runs()
	m, err := calibration.Fitted()
	require.NoError(t, err)
	rows := Predict(m, runs)
	h, err := HindsightOf(rows)
	require.NoError(t, err)
	fitted := Summarize(m.Structure, rows)
	require.Equal(t, fitted.Priced, h.Priced)
	assert.Equal(t, TargetWithin25Runs(h.Priced), h.Target)
	assert.GreaterOrEqual(t, h.Share(), fitted.Within25)
	t.Logf("in hindsight %d of %d within 25%% (target %d) at scale %.3f, dense %v, sparse %v; median error %.1f%%; fitted %.1f%% within",
		h.Within, h.Priced, TargetWithin25Runs(h.Priced), h.Scale, h.Dense, h.Sparse, 100*h.MedianAbsError, 100*fitted.Within25)
	var abs []float64
	n := 0
	for _, r := range rows {
		if !r.Priced() {
			continue
		}
		pm, _, _, err := price(r.Run)
		require.NoError(t, err)
		c := h.Dense
		if pm.Sparse() {
			c = h.Sparse
		}
		cost := 0.0
		if r.Parts.PerRequest > 0 {
			cost = float64(c)
		}
		e := (h.Scale*float64(r.Predicted.Value-r.Parts.PerRequest)+cost)/float64(r.TTFT) - 1
		abs = append(abs, math.Abs(e))
		if math.Abs(e) <= 0.25+1e-12 {
			n++
		}
	}
	assert.Equal(t, h.Within, n)
	assert.InDelta(t, medianOf(abs), h.MedianAbsError, 1e-12)
}

// medianOf is the median worked apart from the package's.
func medianOf(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	return (s[(n-1)/2] + s[n/2]) / 2
}

// The target share within 25% of n runs, rounded up to whole runs: 70%
// of 77 is 53.9, so 54.
func TestTheTargetCountsWholeRuns(t *testing.T) {
	assert.Equal(t, 54, TargetWithin25Runs(77))
	assert.Equal(t, 7, TargetWithin25Runs(10))
}

// A priced row with no positive measured time would divide by zero: it
// is refused with a line naming the run, as is a set with no priced row.
func TestHindsightRefusesARunWithNoMeasuredTime(t *testing.T) {
	_, err := HindsightOf([]Row{{Run: Run{ID: "zero", TTFT: 0}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "zero: measured time 0 is not positive")
	_, err = HindsightOf([]Row{{Run: Run{ID: "unpriced", TTFT: 1}, Reason: "no such chip"}})
	assert.ErrorContains(t, err, "no priced run")
}
