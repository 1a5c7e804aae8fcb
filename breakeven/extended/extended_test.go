package extended

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

var arch = breakeven.GQAArchitecture(126, 8, 128) // 516,096 bytes per token at 16 bits

func TestLoadTimeByHand(t *testing.T) {
	l := Load{Latency: 0.1, Efficiency: 0.5, Link: 10 * breakeven.GBps}
	require.NoError(t, l.Validate())
	// 0.1 s + 10 GB / (0.5 x 10 GB/s) = 2.1 s.
	assert.InDelta(t, 2.1, float64(l.Time(10*breakeven.GB)), 1e-12)
	assert.Zero(t, float64(l.Time(0)))
	assert.Error(t, Load{Latency: -1, Efficiency: 1, Link: 1}.Validate())
	assert.Error(t, Load{Efficiency: 1.5, Link: 1}.Validate())
}

// With no latency and efficiency 1 the load is the post's N b / B, and
// with a constant prefill B*(N) is the post's r x b for every N.
func TestSpecialCasesAreThePost(t *testing.T) {
	l := Load{Efficiency: 1, Link: 22.6 * breakeven.GBps}
	r := breakeven.TokenRate(2051)
	for _, n := range []breakeven.Tokens{1000, 127188, 1e6} {
		assert.InDelta(t, float64(breakeven.LoadTime(arch.CacheSize(n), l.Link)), float64(LoadOf(arch, l)(n)), 1e-12)
		be := BreakEvenAt(arch.CacheSize(n), LinearPrefill(r)(n), 0, 1)
		assert.InDelta(t, float64(breakeven.BreakEvenBandwidth(r, arch.BytesPerToken())), float64(be), 1e-3)
	}
	// No fixed cost: loading wins from the first token when B > r b.
	n, err := CrossoverLinear(r, arch.BytesPerToken(), l)
	require.NoError(t, err)
	assert.Zero(t, float64(n))
}

func TestCrossoverByHand(t *testing.T) {
	// r = 2,000 tokens/s, b = 500 KB, 25 GB/s at efficiency 1, 0.1 s:
	// N* = 0.1 / (1/2000 - 500e3/25e9) = 0.1 / 0.00048 = 208.33 tokens.
	l := Load{Latency: 0.1, Efficiency: 1, Link: 25 * breakeven.GBps}
	n, err := CrossoverLinear(2000, 500e3, l)
	require.NoError(t, err)
	assert.InDelta(t, 0.1/(1.0/2000-500e3/25e9), float64(n), 1e-9)
	// The bisection finds the same length.
	a := breakeven.Architecture{Groups: []breakeven.LayerGroup{{Attention: breakeven.Reported, Layers: 1, PerToken16: 500e3}}}
	nb, err := Crossover(LinearPrefill(2000), LoadOf(a, l), 1e6)
	require.NoError(t, err)
	assert.InDelta(t, float64(n), float64(nb), 1)
	// A crossover below one token is found too: with a 0.1 ms fixed cost
	// N* = 0.0001 / 0.00048 = 0.21 tokens, and the bisection from zero
	// ends within half a token of it.
	tiny := Load{Latency: 0.0001, Efficiency: 1, Link: 25 * breakeven.GBps}
	nt, err := CrossoverLinear(2000, 500e3, tiny)
	require.NoError(t, err)
	assert.InDelta(t, 0.0001/(1.0/2000-500e3/25e9), float64(nt), 1e-12)
	nb, err = Crossover(LinearPrefill(2000), LoadOf(a, tiny), 1e6)
	require.NoError(t, err)
	assert.InDelta(t, float64(nt), float64(nb), 0.5)
	// Half a token at worst: with max = 0.59 x 2^20 tokens the bisection's
	// steps are multiples of 0.59, and a crossover 0.01 above one of them
	// (300 x 0.59 + 0.01 = 177.01 tokens, from a fixed cost of 177.01 x
	// 0.00048 s) is found within 0.295 of it, the next halving.
	at := Load{Latency: breakeven.Seconds(177.01 * (1.0/2000 - 500e3/25e9)), Efficiency: 1, Link: 25 * breakeven.GBps}
	nb, err = Crossover(LinearPrefill(2000), LoadOf(a, at), breakeven.Tokens(0.59*(1<<20)))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, float64(nb), 177.01-1e-9)
	assert.LessOrEqual(t, float64(nb)-177.01, 0.5)
	// Below the break-even loading never wins.
	_, err = CrossoverLinear(2000, 500e3, Load{Latency: 0.1, Efficiency: 1, Link: 0.5 * breakeven.GBps})
	assert.Error(t, err)
	_, err = Crossover(LinearPrefill(2000), LoadOf(a, Load{Latency: 0.1, Efficiency: 1, Link: 0.5 * breakeven.GBps}), 1e6)
	assert.Error(t, err)
}

func TestBreakEvenAtLatency(t *testing.T) {
	// 10 GB over (2 s - 0.5 s) at efficiency 0.8 = 10 / 1.2 GB/s.
	assert.InDelta(t, 10e9/(0.8*1.5), float64(BreakEvenAt(10*breakeven.GB, 2, 0.5, 0.8)), 1e-3)
	assert.True(t, math.IsInf(float64(BreakEvenAt(1, 0.1, 0.2, 1)), 1))
}

// A hit pays the load and the cached TTFT. 1 GB over 5 GB/s at
// efficiency 0.8 with 0.05 s fixed is 0.3 s; with 0.2 s cached the hit
// takes 0.5 s against a 2 s recompute: 4x. It ties with recomputing where
// 1 GB / (0.8 x B) = 2 - 0.05 - 0.2 s, at B = 1 GB / (0.8 x 1.75 s) =
// 714 MB/s.
func TestAHitPaysTheLoadAndTheCachedTTFT(t *testing.T) {
	l := Load{Latency: 0.05, Efficiency: 0.8, Link: 5 * breakeven.GBps}
	h := HitOf(breakeven.GB, 2, 0.2, l)
	assert.InDelta(t, 0.5, float64(h.Seconds), 1e-12)
	assert.InDelta(t, 4, h.Speedup, 1e-12)
	assert.Equal(t, breakeven.Load, h.Winner)
	assert.InDelta(t, 1e9/1.4, float64(h.BreakEven), 1e-3)

	// Over 500 MB/s the hit takes 0.05 + 2.5 + 0.2 = 2.75 s: recompute.
	slow := HitOf(breakeven.GB, 2, 0.2, Load{Latency: 0.05, Efficiency: 0.8, Link: breakeven.GBps / 2})
	assert.Equal(t, breakeven.Recompute, slow.Winner)
	assert.InDelta(t, 2/2.75, slow.Speedup, 1e-12)

	// A cached TTFT as long as the recompute leaves no link to tie at.
	assert.True(t, math.IsInf(float64(HitOf(breakeven.GB, 2, 2, Load{Efficiency: 1, Link: breakeven.GBps}).BreakEven), 1))
}

func TestOverlapByHand(t *testing.T) {
	// Linear prefill 1,000 tokens/s; loading 1,000 tokens/s worth, no
	// latency: each path alone takes N/1000 s; split in half, N/2000 s.
	a := breakeven.Architecture{Groups: []breakeven.LayerGroup{{Attention: breakeven.Reported, Layers: 1, PerToken16: 1000}}}
	l := Load{Efficiency: 1, Link: 1e6} // 1e6 B/s / 1000 B/token = 1000 tokens/s
	o := SplitCache(a, 10000, LinearPrefill(1000), l)
	assert.InDelta(t, 10, float64(o.Recompute), 1e-9)
	assert.InDelta(t, 10, float64(o.Load), 1e-9)
	assert.InDelta(t, 5, float64(o.Time), 1e-4)
	assert.InDelta(t, 5000, float64(o.Computed), 0.1)
	assert.InDelta(t, 2, o.Gain, 1e-4)
}

// Overlap is never slower than the better single path, whatever the
// fixed cost, link and prompt.
func TestOverlapNeverSlower(t *testing.T) {
	quadratic := func(n breakeven.Tokens) breakeven.Seconds {
		return breakeven.Seconds(float64(n)/5000 + float64(n)*float64(n)/5e9)
	}
	for _, lat := range []breakeven.Seconds{0, 0.05, 0.5, 5} {
		for _, bw := range []breakeven.Bandwidth{0.1 * breakeven.GBps, 1 * breakeven.GBps, 25 * breakeven.GBps, 400 * breakeven.GBps} {
			for _, n := range []breakeven.Tokens{10, 1000, 32768, 131072} {
				o := SplitCache(arch, n, quadratic, Load{Latency: lat, Efficiency: 0.9, Link: bw})
				assert.LessOrEqual(t, float64(o.Time), float64(o.Best)*(1+1e-12), "lat %v bw %v n %v", lat, bw, n)
				assert.GreaterOrEqual(t, o.Gain, 1-1e-12)
				assert.LessOrEqual(t, float64(o.Best), float64(min(o.Recompute, o.Load)))
			}
		}
	}
}

// An empty prompt leaves nothing to load: the load path takes no time,
// whatever the link's latency.
func TestSplitCacheOfAnEmptyPromptTakesNoTime(t *testing.T) {
	a := breakeven.GQAArchitecture(32, 8, 128)
	l := Load{Latency: 0.1, Efficiency: 1, Link: 10 * breakeven.GBps}
	prefix := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(float64(x) / 1e4) }
	o := SplitCache(a, 0, prefix, l)
	assert.Equal(t, breakeven.Seconds(0), o.Load)
	assert.Equal(t, breakeven.Seconds(0), o.Time)
}

// A load of one byte pays the fixed cost; only an empty cache loads in no
// time: 50 ms + 1 B / (0.5 x 1 GB/s) = 0.050000002 s.
func TestLoadOfOneBytePaysTheFixedCost(t *testing.T) {
	l := Load{Latency: 0.05, Efficiency: 0.5, Link: breakeven.GBps}
	assert.InEpsilon(t, 0.05+1/(0.5*1e9), float64(l.Time(1)), 1e-15)
	assert.Zero(t, float64(l.Time(0)))
}

// Validate takes any positive finite link, however slow: half a byte per
// second is a link (a second's transfer moves half a byte); zero is not.
func TestLoadTakesAnyPositiveLinkHoweverSlow(t *testing.T) {
	assert.NoError(t, Load{Efficiency: 1, Link: 0.5}.Validate())
	assert.Error(t, Load{Efficiency: 1, Link: 0}.Validate())
}

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
func TestSplitFindsAFractionOfAToken(t *testing.T) {
	n := breakeven.Tokens(10)
	prefix := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(x) * 100 } // 100 s a token
	load := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(n - x) }     // 1 s a token
	o := Split(n, prefix, load)
	// 100 x = 10 - x: x = 10 / 101 tokens, 9.90 s.
	assert.InDelta(t, 10.0/101, float64(o.Computed), 1e-4)
	assert.InDelta(t, 1000.0/101, float64(o.Time), 1e-3)
}

// A prefill that rises fast on the first hundred tokens (the weights a
// prompt touches), then slowly, then quadratically, against a load of 4 ms
// a token: loading wins from the start (4 ms < 11 ms a token), loses from
// where 0.004 n = 1 + 0.001 n + 1e-8 n^2 first holds, and wins again from
// its second root. One bisection over the whole range would find one of
// the three; every one is found within half a token of the roots worked
// here.
func TestFindCrossingsFindsEveryChangeOfTheFasterPath(t *testing.T) {
	recompute := func(n breakeven.Tokens) breakeven.Seconds {
		x := float64(n)
		return breakeven.Seconds(0.01*math.Min(x, 100) + 0.001*x + 1e-8*x*x)
	}
	load := func(n breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(0.004 * float64(n)) }
	// 1e-8 n^2 - 0.003 n + 1 = 0.
	d := math.Sqrt(0.003*0.003 - 4e-8)
	r1, r2 := (0.003-d)/2e-8, (0.003+d)/2e-8
	c := FindCrossings(recompute, load, 1e6)
	require.Len(t, c.Changes, 3)
	assert.LessOrEqual(t, float64(c.Changes[0]), 0.5, "loading wins from the first tokens")
	assert.InDelta(t, r1, float64(c.Changes[1]), 0.5)
	assert.InDelta(t, r2, float64(c.Changes[2]), 0.5)
	assert.True(t, c.LoadWinsAtMax())
	assert.False(t, c.Once())
	assert.Equal(t, "loading wins from 1 to 333 tokens and from 299,667; recomputing elsewhere", c.String())
	n, err := Crossover(recompute, load, 1e6)
	require.NoError(t, err)
	assert.InDelta(t, r2, float64(n), 0.5, "the crossover is the length from which loading wins at every longer one")

	// Up to 100,000 tokens loading wins only on the first 333.
	c = FindCrossings(recompute, load, 1e5)
	require.Len(t, c.Changes, 2)
	assert.False(t, c.LoadWinsAtMax())
	assert.Equal(t, "loading wins from 1 to 333 tokens only; recomputing below and above, up to 100,000", c.String())
	_, err = Crossover(recompute, load, 1e5)
	assert.Error(t, err)
}

// The resolution FindCrossings states: it compares at 32 lengths a
// decade from a thousandth of a token, so a window of loading wins that
// holds one of those lengths is found whole, however narrow. Here 1e-3 x
// 10^(176/32) = 316.23 tokens is one of them, and loading wins only from
// 313 to 319.4 tokens (within 1% of it): both changes are found, to
// within a thousandth of a token. (A grid of 33 a decade, whose nearest
// lengths are 305.4 and 327.4, would miss the window.)
func TestFindCrossingsFindsAWindowAroundOneOfItsLengths(t *testing.T) {
	at := 1e-3 * math.Pow(10, 176.0/32)
	lo, hi := 0.99*at, 1.01*at
	recompute := func(n breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(float64(n)) }
	load := func(n breakeven.Tokens) breakeven.Seconds {
		if x := float64(n); x >= lo && x <= hi {
			return breakeven.Seconds(x / 2)
		}
		return breakeven.Seconds(2 * float64(n))
	}
	c := FindCrossings(recompute, load, 1000)
	require.Len(t, c.Changes, 2)
	assert.InDelta(t, lo, float64(c.Changes[0]), 2e-3)
	assert.InDelta(t, hi, float64(c.Changes[1]), 2e-3)
}

// The sentences of the plain cases: no change, one change at or below a
// token, one change.
func TestCrossingsSayWhereEachPathWins(t *testing.T) {
	assert.Equal(t, "none up to 1,000 tokens: recomputing wins at every length", Crossings{Max: 1000}.String())
	assert.Equal(t, "none: loading wins at every prompt length", Crossings{Changes: []breakeven.Tokens{0.21}, Max: 1000}.String())
	assert.Equal(t, "loading wins from 209 tokens; recomputing below", Crossings{Changes: []breakeven.Tokens{208.33}, Max: 1000}.String())
	assert.Equal(t, "the faster path changes at 1, 10, 100, 500 tokens, loading winning from the first, up to 1,000",
		Crossings{Changes: []breakeven.Tokens{0.5, 10, 100, 500}, Max: 1000}.String())
}

// A link above the post's break-even with no fixed cost loads faster at
// every length: the scan starts from zero tokens, where neither path
// takes time, so its one change is found at the first length compared, a
// thousandth of a token, and the sentence says loading wins at every
// prompt length.
func TestLoadingFasterAtEveryLengthChangesAtTheFirstLengthCompared(t *testing.T) {
	a := breakeven.Architecture{Groups: []breakeven.LayerGroup{{Attention: breakeven.Reported, Layers: 1, PerToken16: 500e3}}}
	c := FindCrossings(LinearPrefill(2000), LoadOf(a, Load{Efficiency: 1, Link: 25 * breakeven.GBps}), 1e6)
	require.Len(t, c.Changes, 1)
	assert.LessOrEqual(t, float64(c.Changes[0]), 1e-3)
	assert.Equal(t, "none: loading wins at every prompt length", c.String())
}

// A change is printed as the first whole prompt at or after it, at least
// one; a bisection that stops a hair above a whole length prints that
// length.
func TestFirstWholeIsTheFirstWholePromptAfterAChange(t *testing.T) {
	assert.Equal(t, breakeven.Tokens(384), FirstWhole(383.2))
	assert.Equal(t, breakeven.Tokens(383), FirstWhole(383+1e-12))
	assert.Equal(t, breakeven.Tokens(384), FirstWhole(383+1.5e-9), "beyond a billionth of a token, the next prompt")
	assert.Equal(t, breakeven.Tokens(1), FirstWhole(0.21))
}

// A longest length that is not a positive finite number gives no length
// to compare at, so no change, rather than a grid without end.
func TestFindCrossingsComparesNothingBeyondABadLongestLength(t *testing.T) {
	for _, max := range []float64{0, -5, math.NaN(), math.Inf(1)} {
		assert.Empty(t, FindCrossings(LinearPrefill(2000), LinearPrefill(1000), breakeven.Tokens(max)).Changes, "%v", max)
	}
}
