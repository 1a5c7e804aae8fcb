package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Qwen3-32B's cache: 64 layers x 8 KV heads x 128 dims x (K and V) x 2
// bytes = 262,144 bytes a token, worked by hand.
const qwen32bBytesPerToken = 64 * 8 * 128 * 2 * 2

// The break-even moves with the prefill across its interval, B* = r x b
// at each end, and the winner is said to hold there only where the link
// is beyond both ends.
func TestBreakEvenFollowsThePrefillsInterval(t *testing.T) {
	a, err := Compute(Request{Model: "qwen3-32b", GPUs: "8xH100", Tokens: "8000", Link: "400Gbit/s"})
	require.NoError(t, err)
	o := a.Output
	require.NotNil(t, o.PrefillLowTokensPerSecond, "an estimate has an interval")
	require.NotNil(t, o.BreakEvenLowBytesPerSecond)
	require.NotNil(t, o.BreakEvenHighBytesPerSecond)
	assert.InEpsilon(t, *o.PrefillLowTokensPerSecond*qwen32bBytesPerToken, *o.BreakEvenLowBytesPerSecond, 1e-9)
	assert.InEpsilon(t, *o.PrefillHighTokensPerSecond*qwen32bBytesPerToken, *o.BreakEvenHighBytesPerSecond, 1e-9)
	assert.InEpsilon(t, 50e9/qwen32bBytesPerToken, *o.TiePrefillTokensPerSecond, 1e-9, "the speed at which recompute takes the 400 Gbit/s load's time")
	require.NotNil(t, o.WinnerAcrossInterval)
	assert.True(t, *o.WinnerAcrossInterval, "50 GB/s is above the break-even at the interval's fast end")
	rep := Render(a)
	assert.Equal(t, "load", rep.Get("winner"))
	assert.Regexp(t, `^break-even \S+ GB/s to \S+ GB/s; load wins wherever in it the prefill is$`, rep.Get("over_interval"))

	// At 100 Gbit/s loading wins at the estimate, but recomputing wins
	// from 12.5e9 / 262,144 = 47,683.7 tokens/s, inside the interval.
	a, err = Compute(Request{Model: "qwen3-32b", GPUs: "8xH100", Tokens: "8000", Link: "100Gbit/s"})
	require.NoError(t, err)
	require.Equal(t, "load", a.Output.Winner)
	assert.False(t, *a.Output.WinnerAcrossInterval)
	assert.Contains(t, Render(a).Get("over_interval"), "; recompute wins if the prefill is faster than 47,684 tokens/s, as it may be")
}

// A published time's interval (Qwen3-32B's "over 11 seconds", read as
// 11 to 12 s for 131,072 tokens) carries to the break-even as an
// estimate's does: 131,072 / 12 x 262,144 = 2.86 GB/s to 131,072 / 11 x
// 262,144 = 3.12 GB/s. At 3 GB/s recomputing wins at the published speed
// and loading below 3e9 / 262,144 = 11,444.1 tokens/s, which the
// interval reaches.
func TestAPublishedRangeCanTurnTheWinner(t *testing.T) {
	a, err := Compute(Request{Model: "qwen3-32b", Link: "3GB/s"})
	require.NoError(t, err)
	require.Equal(t, "recompute", a.Output.Winner)
	require.NotNil(t, a.Output.WinnerAcrossInterval)
	assert.False(t, *a.Output.WinnerAcrossInterval)
	assert.Equal(t, "break-even 2.86 GB/s to 3.12 GB/s; load wins if the prefill is slower than 11,444 tokens/s, as it may be", Render(a).Get("over_interval"))
	// A 10 Gbit/s link is below the break-even at both ends.
	a, err = Compute(Request{Model: "qwen3-32b", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, "break-even 2.86 GB/s to 3.12 GB/s; recompute wins wherever in it the prefill is", Render(a).Get("over_interval"))
}

// With a load's fixed cost longer than the fast end's recompute, no link
// makes loading win there: that end is unbounded, not a number. The tie
// is where recomputing 8,000 tokens takes the load's 150 ms plus its
// transfer.
func TestAFixedLoadCostLeavesTheFastEndUnbounded(t *testing.T) {
	a, err := Compute(Request{Model: "qwen3-32b", GPUs: "8xH100", Tokens: "8000", Link: "400Gbit/s", Latency: "150ms"})
	require.NoError(t, err)
	o := a.Output
	require.NotNil(t, o.RecomputeLowSeconds)
	require.Less(t, *o.RecomputeLowSeconds, 0.15, "the interval's fast end recomputes in under the 150 ms fixed cost")
	assert.Nil(t, o.BreakEvenHighBytesPerSecond)
	require.NotNil(t, o.BreakEvenLowBytesPerSecond)
	assert.InEpsilon(t, 8000/(0.15+a.Output.CacheBytes/50e9), *o.TiePrefillTokensPerSecond, 1e-9)
	assert.Contains(t, Render(a).Get("over_interval"), "unbounded at the fast end")
	assert.False(t, *o.WinnerAcrossInterval)
}

// A speed the user gives has no interval: no range, no row.
func TestAGivenPrefillHasNoBreakEvenRange(t *testing.T) {
	a, err := Compute(Request{Model: "qwen3-32b", Prefill: "11.9k", Link: "2x100GbE"})
	require.NoError(t, err)
	assert.Nil(t, a.Output.BreakEvenLowBytesPerSecond)
	assert.Nil(t, a.Output.WinnerAcrossInterval)
	assert.Equal(t, "", Render(a).Get("over_interval"))
}
