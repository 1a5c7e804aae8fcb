package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// The hand-written least squares agrees with gonum's QR solve on an
// overdetermined system, and solves an exact one exactly.
func TestLeastSquaresAgreesWithGonum(t *testing.T) {
	a := [][]float64{{0.2, 0.05, 0.7}, {0.4, 0.01, 0.3}, {0.1, 0.3, 0.5}, {0.6, 0.2, 0.1}, {0.33, 0.12, 0.45}, {0.9, 0.02, 0.05}}
	b := []float64{1, 1, 1, 1, 1, 1}
	got, err := leastSquares(a, b)
	require.NoError(t, err)
	ad := mat.NewDense(len(a), 3, nil)
	for i, r := range a {
		for j, v := range r {
			ad.Set(i, j, v)
		}
	}
	var x mat.VecDense
	require.NoError(t, x.SolveVec(ad, mat.NewVecDense(len(b), b)))
	for j := range got {
		assert.InEpsilon(t, x.AtVec(j), got[j], 1e-10, "x[%d]", j)
	}

	// 2x + y = 5, x - y = 1: x = 2, y = 1.
	exact, err := leastSquares([][]float64{{2, 1}, {1, -1}}, []float64{5, 1})
	require.NoError(t, err)
	assert.InDelta(t, 2, exact[0], 1e-12)
	assert.InDelta(t, 1, exact[1], 1e-12)

	_, err = leastSquares([][]float64{{1, 2}, {2, 4}, {3, 6}}, []float64{1, 1, 1})
	assert.ErrorContains(t, err, "rank deficient")
	_, err = leastSquares([][]float64{{1, 2}}, []float64{1})
	assert.Error(t, err)
}

// A cost the runs push below zero is dropped and the rest refitted, the
// first cost column included: b = 2 - n + 3m fits exactly with n's cost
// at -1, so n goes, and b on (1, m) alone is 1.4 + 2.2 m (slope 3 minus
// cov(n, m) / var(m) = 1.6 / 2 = 0.8; intercept 8 - 2.2 x 3), worked by
// hand from the five rows.
func TestClampCostsDropsTheFirstCostWhenItIsNegative(t *testing.T) {
	n := []float64{1, 2, 3, 4, 5}
	m := []float64{1, 3, 2, 5, 4}
	var a [][]float64
	var b []float64
	for i := range n {
		a = append(a, []float64{1, n[i], m[i]})
		b = append(b, 2-n[i]+3*m[i])
	}
	used, x, err := clampCosts(a, b, []int{0, 1, 2}, []float64{2, -1, 3})
	require.NoError(t, err)
	assert.Equal(t, []int{0, 2}, used)
	require.Len(t, x, 2)
	assert.InDelta(t, 1.4, x[0], 1e-9)
	assert.InDelta(t, 2.2, x[1], 1e-9)
}

// After a cost is clamped, the robust fit refines the columns kept: runs
// made by t = 2 x t_peak + 0.1 s per request + 0.5 s per other request
// in flight - 10 us per layer (a per-layer cost the fit must hold at
// zero) recover 2, 0.1 and 0.5 to within the 1.2 ms the layers move,
// with the per-layer cost at zero. Refining a's first columns instead,
// as before, gave the queueing coefficient the per-layer column's fit.
func TestFitAfterClampRefinesTheKeptColumns(t *testing.T) {
	mk := func(id string, src sources.SourceID, peak, layers float64, conc int) Run {
		r := run(id, src, "H100", "vllm", true)
		r.PerRequest, r.Concurrency, r.Layers = true, conc, layers
		r.LinearMin = breakeven.Seconds(peak)
		want := 2*peak + 0.1 + 0.5*float64(max(conc-1, 0))*peak - 1e-5*layers
		r.Measured = breakeven.Exact(breakeven.Seconds(want))
		return r
	}
	runs := []Run{
		mk("a", "A", 1, 10, 1), mk("b", "B", 0.1, 80, 1), mk("c", "C", 3, 120, 1),
		mk("d", "D", 0.05, 61, 4), mk("e", "E", 0.2, 61, 2), mk("f", "F", 5, 40, 1),
	}
	f, err := FitPhases(runs, RooflineLatency)
	require.NoError(t, err)
	require.Len(t, f.Coef, 5)
	assert.InEpsilon(t, 2, f.Coef[0], 0.01, "1/efficiency")
	assert.InEpsilon(t, 0.1, f.Coef[2], 0.05, "per-request cost")
	assert.Zero(t, f.Coef[3], "per-layer cost, clamped")
	assert.InEpsilon(t, 0.5, f.Coef[4], 0.01, "queueing per request in flight")
	// One request pays no queueing: the phases carry the per-request cost
	// and the efficiency only.
	assert.InEpsilon(t, f.Coef[2], float64(f.Phases.Fixed), 1e-12)
	assert.InEpsilon(t, 1/f.Coef[0], f.Phases.Linear, 1e-12)
	assert.Zero(t, f.Phases.PerLayer)
	for _, r := range runs {
		assert.InEpsilon(t, float64(r.Measured.Value), float64(f.Predict(r)), 0.02, r.ID)
	}
}
