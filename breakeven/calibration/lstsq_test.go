package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"
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
