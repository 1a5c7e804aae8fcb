package measure

import (
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
)

// A request whose cache is loaded still pays the cached TTFT: the hit's
// time is the load plus it, its break-even the cache over (cold -
// cached), and its crossover moves from the post's. Here the cold TTFT is
// exactly 50 ms + N / (1,000 tokens/s) and the cached one 60 ms at every
// N, so by hand over 10GbE (1.25 GB/s), with SmolLM2-135M's 23,040 bytes
// per token: a load of N tokens takes N x 18.432 us, and a hit beats a
// cold request from N = (60 - 50) ms / (1 ms - 18.432 us) = 10.19, that
// is from 11 tokens; the post's arithmetic, with no cached TTFT, from 1.
func TestAHitPaysTheCachedTTFTOnTopOfTheLoad(t *testing.T) {
	const b, link = 23040.0, 1.25e9
	f := Formula{Name: "SmolLM2-135M", Arch: breakeven.GQAArchitecture(30, 3, 64), Known: true}
	require.Equal(t, b, float64(f.Arch.BytesPerToken()))
	raw := Raw{SaveRestore: "not measured: vllm has no API to save and restore a KV cache"}
	for _, n := range []int{128, 512, 2048, 8192} {
		raw.Points = append(raw.Points, RawPoint{Tokens: n,
			Cold:   []Sample{{Tokens: n, TTFT: 0.05 + float64(n)/1000}},
			Cached: []Sample{{Tokens: n, TTFT: 0.06}}})
	}
	res, err := Analyze(raw, f, []string{"10GbE"}, Settings{}, Provenance{Engine: EngineVLLM})
	require.NoError(t, err)
	require.NotNil(t, res.CachedFit)
	assert.InDelta(t, 0.06, res.CachedFit.Intercept, 1e-12)
	assert.InDelta(t, 0, res.CachedFit.Slope, 1e-15)

	lv := res.Links[0]
	assert.Equal(t, 1.0, lv.CrossoverTokens, "the post's arithmetic: a load of one token beats 51 ms")
	assert.Equal(t, math.Ceil(0.01/(1.0/1000-b/link)), lv.HitCrossoverTokens)
	assert.Equal(t, 11.0, lv.HitCrossoverTokens)

	p := lv.Points[1]
	require.Equal(t, 512, p.Tokens)
	cold, load := 0.05+0.512, 512*b/link
	assert.InDelta(t, cold, p.RecomputeSeconds, 1e-12)
	assert.InDelta(t, 0.06, p.CachedTTFTSeconds, 1e-15)
	assert.InDelta(t, load+0.06, p.HitSeconds, 1e-12)
	assert.InDelta(t, cold/(load+0.06), p.HitSpeedup, 1e-9)
	assert.Equal(t, "load", p.HitWinner)
	assert.InDelta(t, 512*b/(cold-0.06), p.HitBreakEvenBytesPerSecond, 1e-3)
	assert.Greater(t, p.HitBreakEvenBytesPerSecond, p.BreakEvenBytesPerSecond, "a hit needs a faster link than the post's B*")

	// Printed: 9.44 ms + 60.0 ms = 69.4 ms; 562 / 69.4 = 8.09x; 11.8 MB
	// over 502 ms is 23.5 MB/s.
	text := res.Text()
	assert.Contains(t, text, "+ cached 60.0 ms   = 69.4 ms   load (8.09x), B* 23.5 MB/s\n")
	assert.Contains(t, strings.ReplaceAll(text, "\n  ", " "), "Link 10GbE (1.25 GB/s): loading wins from 1 token; with the cached TTFT a hit still pays, from 11 tokens.")
}

// Where the cached TTFT is not below the cold one, no link makes a hit
// faster: recompute wins, with no break-even, and the report says why.
func TestAHitNoFasterThanColdHasNoBreakEven(t *testing.T) {
	lp := LinkPointJSON{Tokens: 64, RecomputeSeconds: 0.1, LoadSeconds: 0.01}
	lp.hit(0.15, 1e6, 1e8) // a load of 1 MB at 100 MB/s takes the 10 ms above
	assert.InDelta(t, 0.16, lp.HitSeconds, 1e-15)
	assert.Equal(t, "recompute", lp.HitWinner)
	assert.InDelta(t, 0.1/0.16, lp.HitSpeedup, 1e-12)
	assert.Zero(t, lp.HitBreakEvenBytesPerSecond)
	r := Result{CachedFit: &LineFit{Intercept: 0.15}, Links: []LinkVerdict{{Link: "10GbE", BytesPerSecond: 1.25e9, Points: []LinkPointJSON{lp}}}}
	assert.Contains(t, r.Text(), "recompute (0.625x), no link: the cached TTFT is not below the cold one")
}

// measure --csv carries each length's hit break-even beside the post's:
// N x b over (cold - cached), here 512 x 23,040 B over (562 - 200) ms =
// 32.6 MB/s against the post's 512 x 23,040 B / 562 ms = 21.0 MB/s; a
// length whose cached TTFT is not below the cold one leaves the cell
// empty rather than print 0 B/s.
func TestTheCSVCarriesEachLengthsHitBreakEven(t *testing.T) {
	const b = 23040.0
	f := Formula{Name: "SmolLM2-135M", Arch: breakeven.GQAArchitecture(30, 3, 64), Known: true}
	raw := Raw{SaveRestore: "not measured: vllm has no API to save and restore a KV cache"}
	for _, n := range []int{64, 512} {
		raw.Points = append(raw.Points, RawPoint{Tokens: n,
			Cold:   []Sample{{Tokens: n, TTFT: 0.05 + float64(n)/1000}},
			Cached: []Sample{{Tokens: n, TTFT: 0.2}}})
	}
	res, err := Analyze(raw, f, nil, Settings{}, Provenance{Engine: EngineVLLM})
	require.NoError(t, err)
	var buf strings.Builder
	require.NoError(t, res.WriteCSV(&buf))
	rows, err := csv.NewReader(strings.NewReader(buf.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	require.Contains(t, col, "hit_break_even_bytes_per_second")
	require.Contains(t, col, "break_even_bytes_per_second")

	short, long := rows[1], rows[2]
	assert.Equal(t, "64", short[col["tokens"]])
	assert.Empty(t, short[col["hit_break_even_bytes_per_second"]], "cached 200 ms is not below cold 114 ms")
	assert.Equal(t, "512", long[col["tokens"]])
	got, err := strconv.ParseFloat(long[col["hit_break_even_bytes_per_second"]], 64)
	require.NoError(t, err)
	assert.InEpsilon(t, 512*b/(0.562-0.2), got, 1e-5)
	post, err := strconv.ParseFloat(long[col["break_even_bytes_per_second"]], 64)
	require.NoError(t, err)
	assert.InEpsilon(t, 512*b/0.562, post, 1e-5)
}

// A recompute that rises fast over its first hundred tokens, then slowly,
// then quadratically, against a load of 4 ms a token (4 MB a token over
// 1 GB/s, no fixed cost): restoring wins on the first tokens, loses from
// the first root of 0.004 n = 1 + 0.001 n + 1e-8 n^2, and wins again from
// the second. The crossover is the second root's first whole prompt, and
// the note names the short range too, which a single bisection missed.
func TestTheCrossoverNoteNamesEveryRangeWhereRestoringWins(t *testing.T) {
	recompute := func(n breakeven.Tokens) breakeven.Seconds {
		x := float64(n)
		return breakeven.Seconds(0.01*math.Min(x, 100) + 0.001*x + 1e-8*x*x)
	}
	d := math.Sqrt(0.003*0.003 - 4e-8)
	r2 := (0.003 + d) / 2e-8
	l := extended.Load{Efficiency: 1, Link: breakeven.GBps}
	n, note := crossover(recompute, l, 4e6, 1e6, 1e6)
	assert.Equal(t, math.Ceil(r2), n)
	assert.Equal(t, "loading wins from 1 to 333 tokens and from 299,667; recomputing elsewhere", note)
	// Up to 100,000 tokens restoring wins only on the short range.
	n, note = crossover(recompute, l, 4e6, 1e5, 1e5)
	assert.Zero(t, n)
	assert.Equal(t, "loading wins from 1 to 333 tokens only; recomputing below and above, up to 100,000", note)
}
