package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A step of 10^-11 keeps eleven decimals, though ten times 10^-11 ten
// times over is 0.9999999999999999 in floating point, not 1: the loop
// stops a hair below 1.
func TestStepPrecisionAtTheEdgeOfFloatingPoint(t *testing.T) {
	assert.Equal(t, Decimals(11), StepPrecision(1e-11))
	assert.Equal(t, Decimals(2), StepPrecision(0.01))
	assert.Equal(t, Decimals(0), StepPrecision(1))
}

// From a billion on, a number prints with an exponent.
func TestFormatSignificantFromABillion(t *testing.T) {
	assert.Equal(t, "1.50e+09", FormatSignificant(1.5e9, 3))
	assert.Equal(t, "999000000", FormatSignificant(999e6, 3))
}
