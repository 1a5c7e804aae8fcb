package breakeven

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Zero and the infinities have no leading digit to round at: they come
// back as they are.
func TestRoundSigKeepsZeroAndInfinities(t *testing.T) {
	assert.Equal(t, 0.0, roundSig(0, 3))
	assert.Equal(t, math.Inf(1), roundSig(math.Inf(1), 3))
	assert.Equal(t, math.Inf(-1), roundSig(math.Inf(-1), 3))
	assert.True(t, math.IsNaN(roundSig(math.NaN(), 3)))
	assert.Equal(t, 1.0, roundSig(1, 3))
}

// An infinity of either sign, or NaN, prints as the dash.
func TestFormatNonFiniteIsDash(t *testing.T) {
	for _, x := range []float64{math.Inf(1), math.Inf(-1), math.NaN()} {
		assert.Equal(t, Dash, Decimals(0).Format(x), "%v", x)
		assert.Equal(t, Dash, Sig(3).Format(x), "%v", x)
	}
}
