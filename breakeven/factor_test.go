package breakeven_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// A factor runs from 1 (none) to a million, with or without its x.
func TestCompressionFactorRunsFromOneToAMillion(t *testing.T) {
	for s, want := range map[string]float64{"1": 1, "1000000": 1e6, "1e6x": 1e6, " 5x ": 5, "5X": 5, "5×": 5, "152": 152} {
		f, err := breakeven.ParseFactor(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, f, s)
	}
	for _, s := range []string{"0.99", "-5", "0"} {
		f, err := breakeven.ParseFactor(s)
		assert.ErrorIs(t, err, breakeven.ErrFactorBelowOne, s)
		assert.Zero(t, f, s)
	}
	for _, s := range []string{"1000001", "1.000001e6"} {
		f, err := breakeven.ParseFactor(s)
		assert.ErrorIs(t, err, breakeven.ErrFactorTooLarge, s)
		assert.Zero(t, f, s)
	}
}

// A factor that is not a finite number says so, whatever its sign.
func TestCompressionFactorNotANumberSaysSo(t *testing.T) {
	for _, s := range []string{"Inf", "-Inf", "+Inf", "NaN", "five", "", "x"} {
		f, err := breakeven.ParseFactor(s)
		assert.ErrorIs(t, err, breakeven.ErrNotNumber, s)
		assert.Zero(t, f, s)
	}
}

// A share is read as a decimal fraction or a percentage, from 0 to 1
// both included.
func TestParseFraction(t *testing.T) {
	for s, want := range map[string]float64{"0.8": 0.8, "80%": 0.8, " 80 % ": 0.8, "0": 0, "0%": 0, "1": 1, "100%": 1, "0.1%": 0.001} {
		f, err := breakeven.ParseFraction(s)
		require.NoError(t, err, s)
		assert.InDelta(t, want, f, 1e-15, s)
	}
	for _, s := range []string{"1.5", "101%", "-0.1", "-5%"} {
		f, err := breakeven.ParseFraction(s)
		assert.ErrorIs(t, err, breakeven.ErrNotFraction, s)
		assert.Zero(t, f, s)
	}
	for _, s := range []string{"NaN", "Inf", "-Inf", "eighty", "%", ""} {
		f, err := breakeven.ParseFraction(s)
		assert.ErrorIs(t, err, breakeven.ErrNotNumber, s)
		assert.Zero(t, f, s)
	}
}

// A derived quantity is printed from 10^-12 to 10^21 in SI units, both
// ends included; the calculator and the claim checker share the rule.
func TestInRangeIncludesBothEnds(t *testing.T) {
	for x, want := range map[float64]bool{1e-12: true, 1.5e-12: true, 0.9e-12: false, 1: true, 1e21: true, 1.5e21: false, 0: false, -1: false} {
		assert.Equal(t, want, breakeven.InRange(x), "%g", x)
	}
	assert.False(t, breakeven.InRange(math.NaN()))
	assert.False(t, breakeven.InRange(math.Inf(1)))
}

// A share prints as a percentage with three significant digits: the
// post's 90% hit, and a break-even hit rate of 20.6%.
func TestPercent(t *testing.T) {
	assert.Equal(t, "90.0%", breakeven.Percent(0.9))
	assert.Equal(t, "20.6%", breakeven.Percent(0.2063))
	assert.Equal(t, "100%", breakeven.Percent(1))
	assert.Equal(t, "0.100%", breakeven.Percent(0.001))
}
