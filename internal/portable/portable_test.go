package portable

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Exp and Log agree with the standard library to within two units in the
// last place (amd64's assembly Exp is itself up to 1 ulp off the
// algorithm here) over the arguments the fit uses and far beyond, and keep
// its special cases.
func TestExpAndLogAgreeWithTheStandardLibraryToTheLastBits(t *testing.T) {
	ulps := func(a, b float64) uint64 {
		x, y := math.Float64bits(a), math.Float64bits(b)
		if x > y {
			return x - y
		}
		return y - x
	}
	for x := -700.0; x < 700; x += 0.0137 {
		assert.LessOrEqual(t, ulps(Exp(x), math.Exp(x)), uint64(2), "Exp(%v)", x)
	}
	for x := 1e-300; x < 1e300; x *= 1.0173 {
		assert.LessOrEqual(t, ulps(Log(x), math.Log(x)), uint64(2), "Log(%v)", x)
	}
	assert.Equal(t, 1.0, Exp(0))
	assert.Equal(t, 0.0, Log(1))
	assert.Equal(t, math.E, Exp(1))
	assert.Equal(t, 1.0, Log(math.E))
	assert.True(t, math.IsInf(Exp(710), 1))
	assert.Equal(t, 0.0, Exp(-746))
	assert.True(t, math.IsNaN(Exp(math.NaN())))
	assert.True(t, math.IsInf(Log(0), -1))
	assert.True(t, math.IsNaN(Log(-1)))
	assert.True(t, math.IsInf(Log(math.Inf(1)), 1))
}
