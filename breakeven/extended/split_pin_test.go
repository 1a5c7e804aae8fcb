package extended

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// When recomputing any token costs more than loading the whole prompt,
// nothing is recomputed: with a prefix whose first token already takes
// longer than the whole load, the split is zero tokens.
func TestSplitLoadsAllWhenPrefillIsSlow(t *testing.T) {
	n := breakeven.Tokens(1000)
	prefix := func(x breakeven.Tokens) breakeven.Seconds {
		if x <= 0 {
			return 0
		}
		return 100 + breakeven.Seconds(x) // a 100 s start before any token
	}
	load := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(n-x) / 1000 } // 1 s for all
	o := Split(n, prefix, load)
	assert.Equal(t, breakeven.Tokens(0), o.Computed)
	assert.Equal(t, breakeven.Seconds(1), o.Time)
}

// A split of a fraction of a token: when the best x is below one token,
// the bisection finds it from zero.
func TestSplitBelowOneToken(t *testing.T) {
	n := breakeven.Tokens(10)
	prefix := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(x) * 100 } // 100 s a token
	load := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(n - x) }     // 1 s a token
	o := Split(n, prefix, load)
	// 100 x = 10 - x: x = 10 / 101 tokens, 9.90 s.
	assert.InDelta(t, 10.0/101, float64(o.Computed), 1e-4)
	assert.InDelta(t, 1000.0/101, float64(o.Time), 1e-3)
}
