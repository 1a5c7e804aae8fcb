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
