package breakeven_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// Short keeps three significant digits under a thousands suffix, as a
// reader writes "74k" for 73,984, up to "T" for a trillion.
func TestShortPrintsThreeDigitsWithASuffix(t *testing.T) {
	for x, want := range map[float64]string{
		73984: "74k", 215324: "215k", 2245: "2.25k", 1234567: "1.23M", 14.9: "14.9", 511: "511",
		999.6: "1k", 0.121651: "0.122", 3.28e10: "32.8G", 0: "0", -1500: "-1.5k", 100000: "100k", 1.5e12: "1.5T", 999.6e9: "1T",
	} {
		assert.Equal(t, want, breakeven.Short(x), "%v", x)
	}
	assert.Equal(t, breakeven.Dash, breakeven.Short(math.NaN()))
	assert.Equal(t, "74k–215k", breakeven.ShortRange(73984, 215324))
	assert.Equal(t, "141k (74k–215k)", breakeven.ShortInterval(breakeven.Estimate[float64]{Value: 140882, Lo: 73984, Hi: 215324}))
	assert.Equal(t, "2.05k", breakeven.ShortInterval(breakeven.Estimate[float64]{Value: 2051, Lo: 2049, Hi: 2052}), "ends that print alike")
}
