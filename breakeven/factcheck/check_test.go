package factcheck_test

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// num writes a typed input back as text, the way a user would type it.
func num[T ~float64](x T) string { return strconv.FormatFloat(float64(x), 'g', -1, 64) }

// claimOf builds the claim of a published test from its typed inputs.
func claimOf(t sources.PrefillTest, links string) factcheck.Claim {
	return factcheck.Claim{Model: t.Model, Tokens: num(t.Tokens.V()), Seconds: num(t.Cached.V()), Links: links}
}

// linksOf writes count links of the given speed as the parser reads them.
func linksOf(count float64, each breakeven.Bandwidth) string {
	return fmt.Sprintf("%gx%g B/s", count, float64(each))
}

// The post's three claims, checked from the typed inputs, agree with the
// post's own claim table and with the figures the post prints.
func TestPostClaims(t *testing.T) {
	cases := map[string]factcheck.Claim{
		sources.VAST405B.Model: claimOf(sources.VAST405B, linksOf(sources.VASTLinks.V(), sources.VASTLinkSpeed.V())),
		sources.QwenWWT.Model:  claimOf(sources.QwenWWT, ""),
		sources.WEKA70B.Model:  claimOf(sources.WEKA70B, linksOf(1, sources.WEKALinkSpeed.V())),
	}
	// The cache per token of each model at 16 bits, by hand: 2 (K and V)
	// x layers x KV heads x head dim x 2 bytes.
	perToken := map[string]float64{
		sources.VAST405B.Model: 2 * 126 * 8 * 128 * 2, // 516,096
		sources.QwenWWT.Model:  2 * 64 * 8 * 128 * 2,  // 262,144
		sources.WEKA70B.Model:  2 * 80 * 8 * 128 * 2,  // 327,680
	}
	// The post's claim table (package post) runs the same arithmetic over
	// the inputs' intervals; both must give the hand-computed values.
	claims := post.Claims()
	require.Len(t, claims, len(cases))
	for _, want := range claims {
		t.Run(want.Name, func(t *testing.T) {
			got, err := factcheck.Check(cases[want.Model], factcheck.Options{})
			require.NoError(t, err)
			tokens, secs := float64(got.Tokens), float64(got.Seconds)
			cache := tokens * perToken[want.Model]
			assert.InEpsilon(t, cache, float64(got.Cache), 1e-12)
			assert.InEpsilon(t, cache/secs, float64(got.Required), 1e-12)
			assert.InEpsilon(t, cache, float64(want.Cache.Value), 1e-12)
			assert.InEpsilon(t, cache/secs, float64(want.Needs.Value), 1e-12)
			if want.Link > 0 {
				links := int(math.Ceil(cache / secs / float64(want.Link)))
				assert.Equal(t, links, want.LinksNeeded)
				assert.Equal(t, links, got.LinksNeeded)
				assert.Equal(t, float64(want.Link), float64(got.Link.Each))
			} else {
				assert.Nil(t, got.Link)
			}
		})
	}

	// As the post prints them: WEKA "needs 59 GB/s for a 34.4 GB cache. One
	// 400 Gbit/s InfiniBand link carries 50"; Qwen "34.4 GB ... needs 22.9
	// GB/s, which is plausible".
	weka, err := factcheck.Check(cases[sources.WEKA70B.Model], factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, "59", breakeven.FormatSignificant(float64(weka.Required/breakeven.GBps), 2))
	assert.Equal(t, "34.4 GB", weka.Cache.String())
	assert.InDelta(t, 50, float64(weka.Capacity()/breakeven.GBps), 1e-12)
	assert.Equal(t, factcheck.NeedsMoreLinks, weka.Verdict, "the post: it used more than one link or moved a smaller cache")
	assert.Greater(t, weka.LinksNeeded, 1)
	require.NotNil(t, weka.FitsWith, "a smaller cache would do")
	assert.Equal(t, "fp8", weka.FitsWith.Name)
	assert.Contains(t, weka.Explanation(), "59.")
	assert.Contains(t, weka.Explanation(), "50.0 GB/s")

	qwen, err := factcheck.Check(cases[sources.QwenWWT.Model], factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, "22.9 GB/s", qwen.Required.String())
	assert.Equal(t, "34.4 GB", qwen.Cache.String())
	assert.Equal(t, factcheck.NoBound, qwen.Verdict, "no link and no host stated: nothing bounds it")
	assert.Contains(t, qwen.Explanation(), "no link and no host stated")
	// On a DGX H100 it is well within what the host takes in.
	qwen, err = factcheck.Check(cases[sources.QwenWWT.Model], factcheck.Options{Host: "dgx-h100"})
	require.NoError(t, err)
	assert.Equal(t, factcheck.Plausible, qwen.Verdict)

	vast, err := factcheck.Check(cases[sources.VAST405B.Model], factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, "65.6 GB", vast.Cache.String())
	assert.Equal(t, factcheck.Plausible, vast.Verdict)
}

// Each verdict, on claims built with arithmetic written out here.
func TestVerdicts(t *testing.T) {
	const perToken = 2 * 126 * 8 * 128 * 2 // Llama 3.1 405B at 16 bits
	const tokens = 100000
	cache := float64(tokens * perToken)
	ceiling := 12 * 400e9 / 8 // a DGX H100's twelve 400 Gbit/s ports
	seconds := func(bw float64) string { return num(cache / bw) }
	cases := []struct {
		name    string
		seconds string
		links   string
		want    factcheck.Verdict
		needed  int
	}{
		{"exactly what one link carries", seconds(50e9), "1x400Gbit/s", factcheck.Plausible, 1},
		{"a little more than one link", seconds(51e9), "1x400Gbit/s", factcheck.NeedsMoreLinks, 2},
		{"two links carry it", seconds(51e9), "2x400Gbit/s", factcheck.Plausible, 2},
		{"within the ceiling, no link", seconds(ceiling), "", factcheck.Plausible, 0},
		{"above the ceiling, no link", seconds(ceiling * 1.01), "", factcheck.Implausible, 0},
		{"above the ceiling, with links", seconds(ceiling * 2), "ndr", factcheck.Implausible, int(math.Ceil(ceiling * 2 / 50e9))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-405b", Tokens: num(float64(tokens)), Seconds: c.seconds, Links: c.links}, factcheck.Options{Host: "dgx-h100"})
			require.NoError(t, err)
			assert.InEpsilon(t, cache, float64(r.Cache), 1e-12)
			assert.Equal(t, c.want, r.Verdict, r.Explanation())
			assert.Equal(t, c.needed, r.LinksNeeded)
			assert.NotEmpty(t, r.Explanation())
			assert.NotContains(t, r.Explanation(), "\n", "one line")
		})
	}
	// A ceiling of one's own moves the line.
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-405b", Tokens: num(float64(tokens)), Seconds: seconds(ceiling * 2)},
		factcheck.Options{Ceiling: breakeven.Bandwidth(ceiling * 4)})
	require.NoError(t, err)
	assert.Equal(t, factcheck.Plausible, r.Verdict)
	assert.Contains(t, r.Explanation(), "ceiling")
	// With no host, no ceiling: the same need is no-bound-stated, or
	// needs more links when links are stated, never implausible.
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-405b", Tokens: num(float64(tokens)), Seconds: seconds(ceiling * 2)}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, factcheck.NoBound, r.Verdict)
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-405b", Tokens: num(float64(tokens)), Seconds: seconds(ceiling * 2), Links: "ndr"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, factcheck.NeedsMoreLinks, r.Verdict)
	assert.Contains(t, r.Explanation(), "no host stated, so no ceiling is assumed")
}

// The smaller KV type named is the widest that fits; past int4 the
// explanation turns to TurboQuant's reported factor.
func TestFitsWith(t *testing.T) {
	const perToken = 2 * 80 * 8 * 128 * 2 // Llama 3.1 70B at 16 bits
	const tokens = 100000
	cache := float64(tokens * perToken)
	check := func(shrink float64, kv string) factcheck.Result {
		r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: num(float64(tokens)), Seconds: num(cache / 50e9 / shrink),
			Links: "400GbE", KVDtype: kv}, factcheck.Options{})
		require.NoError(t, err)
		assert.InEpsilon(t, shrink, r.Shrink, 1e-9)
		return r
	}
	r := check(1.5, "")
	require.NotNil(t, r.FitsWith)
	assert.Equal(t, "fp8", r.FitsWith.Name)
	r = check(3, "")
	require.NotNil(t, r.FitsWith)
	assert.Equal(t, "int4", r.FitsWith.Name)
	r = check(4.5, "")
	assert.Nil(t, r.FitsWith)
	assert.Contains(t, r.FitText(false), "within TurboQuant's reported more than 5x")
	r = check(6, "")
	assert.Nil(t, r.FitsWith)
	assert.Contains(t, r.FitText(false), "more than TurboQuant's reported 5x")
	// A claim stated at fp8 halves the cache, so the same seconds need half.
	r8, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: num(float64(tokens)), Seconds: num(cache / 50e9 / 1.5),
		Links: "400GbE", KVDtype: "fp8"}, factcheck.Options{})
	require.NoError(t, err)
	assert.InEpsilon(t, cache/2, float64(r8.Cache), 1e-12)
	assert.Equal(t, factcheck.Plausible, r8.Verdict)
	assert.Equal(t, "", r8.FitText(true))
}

// A fixed state does not shrink with the KV type, and a windowed model
// stops growing at its window.
func TestCacheShapes(t *testing.T) {
	// Mistral 7B v0.1: every layer keeps the last 4096 tokens.
	r, err := factcheck.Check(factcheck.Claim{Model: "mistralai/Mistral-7B-v0.1", Tokens: "100000", Seconds: "1"}, factcheck.Options{})
	require.NoError(t, err)
	assert.InEpsilon(t, 2*32*8*128*2*4096, float64(r.Cache), 1e-12)
	assert.InEpsilon(t, 2*32*8*128*2*4096/100000.0, float64(r.PerToken), 1e-12)

	next := sources.MustModel("Qwen3-Next-80B-A3B")
	fixed := float64(next.Arch.FixedBytes())
	require.Positive(t, fixed)
	r16, err := factcheck.Check(factcheck.Claim{Model: next.Name, Tokens: "1000", Seconds: "1"}, factcheck.Options{})
	require.NoError(t, err)
	r8, err := factcheck.Check(factcheck.Claim{Model: next.Name, Tokens: "1000", Seconds: "1", KVDtype: "fp8"}, factcheck.Options{})
	require.NoError(t, err)
	assert.InEpsilon(t, (float64(r16.Cache)-fixed)/2, float64(r8.Cache)-fixed, 1e-12)
}

func TestFieldErrors(t *testing.T) {
	ok := factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s"}
	with := func(f func(*factcheck.Claim)) factcheck.Claim { c := ok; f(&c); return c }
	cases := []struct {
		name  string
		claim factcheck.Claim
		field string
		says  string
	}{
		{"unknown model", with(func(c *factcheck.Claim) { c.Model = "llama-3.1-450b" }), "model", `did you mean "Llama 3.1 405B"`},
		{"no model", with(func(c *factcheck.Claim) { c.Model = " " }), "model", "missing"},
		{"no config", with(func(c *factcheck.Claim) { c.Model = "Mistral Medium 3.5" }), "model", "no published config"},
		{"tokens not a number", with(func(c *factcheck.Claim) { c.Tokens = "lots" }), "tokens", "no number"},
		{"negative tokens", with(func(c *factcheck.Claim) { c.Tokens = "-5" }), "tokens", "negative"},
		{"fractional tokens", with(func(c *factcheck.Claim) { c.Tokens = "1.5" }), "tokens", "whole number"},
		{"zero seconds", with(func(c *factcheck.Claim) { c.Seconds = "0" }), "seconds", "zero"},
		{"negative seconds", with(func(c *factcheck.Claim) { c.Seconds = "-0.58" }), "seconds", "negative"},
		{"vanishing seconds", with(func(c *factcheck.Claim) { c.Seconds = "1e-300" }), "seconds", "below 1 µs"},
		{"unknown link unit", with(func(c *factcheck.Claim) { c.Links = "12 parsecs/s" }), "links", `unknown unit "parsecs/s"`},
		{"zero links", with(func(c *factcheck.Claim) { c.Links = "0x400GbE" }), "links", "link count"},
		{"absurdly slow link", with(func(c *factcheck.Claim) { c.Links = "10 kB/s" }), "links", "more than"},
		{"unknown KV type", with(func(c *factcheck.Claim) { c.KVDtype = "fp7" }), "kv-dtype", "unknown type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := factcheck.Check(c.claim, factcheck.Options{})
			var fe *breakeven.FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.field, fe.Field)
			assert.Contains(t, err.Error(), c.says)
			assert.Contains(t, err.Error(), "e.g.", "shows a valid example")
			assert.NotContains(t, err.Error(), "NaN")
		})
	}
	// A prompt beyond the context is no error, with or without the old
	// option: it is checked, with a finding (TestEveryFormNotesAPromptBeyondTheContext).
	for _, opt := range []factcheck.Options{{}, {AllowBeyondContext: true}} {
		r, err := factcheck.Check(with(func(c *factcheck.Claim) { c.Tokens = "1M" }), opt)
		require.NoError(t, err)
		assert.True(t, r.BeyondContext)
	}
}

// A need far below one link still takes one link (the fuzzer found
// breakeven.LinksNeeded rounding it to none).
func TestTinyNeedTakesOneLink(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1", Seconds: "1", Links: "1070000GbE"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, 1, r.LinksNeeded)
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1", Seconds: "1"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Contains(t, r.Explanation(), "1 x 100GbE would carry it")
}

func TestVerdictOrder(t *testing.T) {
	assert.True(t, factcheck.Implausible.AtLeast(factcheck.NeedsMoreLinks))
	assert.True(t, factcheck.NeedsMoreLinks.AtLeast(factcheck.NeedsMoreLinks))
	assert.False(t, factcheck.Plausible.AtLeast(factcheck.NeedsMoreLinks))

	// Every pair, against the order --fail-on documents: a match and a
	// plausible need; no bound stated or a misread size; more links
	// needed; implausible or a size that matches no reading.
	level := map[factcheck.Verdict]int{
		factcheck.Plausible: 0, factcheck.SizeMatches: 0,
		factcheck.NoBound: 1, factcheck.SizeMisread: 1,
		factcheck.NeedsMoreLinks: 2,
		factcheck.Implausible:    3, factcheck.SizeDiffers: 3,
	}
	require.Len(t, factcheck.Verdicts, len(level))
	for _, v := range factcheck.Verdicts {
		for _, w := range factcheck.Verdicts {
			assert.Equal(t, level[v] >= level[w], v.AtLeast(w), "%s at least %s", v, w)
		}
	}
}

// A stated link so slow that a claim would need more than a million of
// them is read as a typo and refused; just under a million is checked.
// Llama 3.1 70B keeps 327,680 B/token, so 100,000 tokens are 32.768 GB,
// and 1 kB/s links carry it in 32.768 s with exactly 10^6 of them.
func TestLinksNeededBound(t *testing.T) {
	claim := func(secs string) factcheck.Claim {
		return factcheck.Claim{Model: "llama-3.1-70b", Tokens: "100000", Seconds: secs, Links: "1kB/s"}
	}
	_, err := factcheck.Check(claim("32.76"), factcheck.Options{}) // 1.000244 x 10^6 links
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 1e+06 of them")
	r, err := factcheck.Check(claim("32.78"), factcheck.Options{}) // 0.999634 x 10^6 links
	require.NoError(t, err)
	assert.Equal(t, 999634, r.LinksNeeded) // 32.768e9 / 32.78 / 1e3 = 999,633.9, rounded up
}

// A prompt past the model's context is flagged at any context, a
// one-token one included; at the context it is not. The rule is the same
// for a size and a time.
func TestBeyondContextAtOneToken(t *testing.T) {
	load := func(string) (sources.Model, error) {
		m := sources.MustModel("Llama 3.1 8B")
		m.Context = 1
		return m, nil
	}
	// Llama 3.1 8B keeps 32 x 8 x 128 x 2 x 2 = 131,072 B per token.
	r, err := factcheck.Check(factcheck.Claim{Config: "x", Tokens: "2", Size: "262144 B"}, factcheck.Options{LoadConfig: load})
	require.NoError(t, err)
	assert.True(t, r.BeyondContext)
	assert.Equal(t, factcheck.SizeMatches, r.Verdict)
	r, err = factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1", Size: "131072 B"}, factcheck.Options{LoadConfig: load})
	require.NoError(t, err)
	assert.False(t, r.BeyondContext)
	// A time for a prompt past the context is checked and flagged alike.
	r, err = factcheck.Check(factcheck.Claim{Config: "x", Tokens: "2", Seconds: "1"}, factcheck.Options{LoadConfig: load})
	require.NoError(t, err)
	assert.True(t, r.BeyondContext)
	assert.Contains(t, r.Findings()[0], "2 tokens is beyond Llama 3.1 8B's context of 1 token")
}

// The JSON record leaves out what a claim does not state (no uncached
// time, speedup, ratio, throughput or ceiling: nil, not 0), and echoes a
// single extra column.
func TestJSONOmitsWhatIsNotStated(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58",
		Extra: []factcheck.Field{{Name: "vendor", Value: "WEKA"}}}, factcheck.Options{})
	require.NoError(t, err)
	j := r.JSON()
	assert.Nil(t, j.UncachedSeconds)
	assert.Nil(t, j.Speedup)
	assert.Nil(t, j.Ratio)
	assert.Nil(t, j.Throughput)
	assert.Nil(t, j.CeilingBytesPerSecond)
	assert.Equal(t, map[string]string{"vendor": "WEKA"}, j.Extra)
	// A ratio of exactly one (a cached time equal to the uncached) is
	// stated, and kept.
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "2s", Uncached: "2s"}, factcheck.Options{})
	require.NoError(t, err)
	require.NotNil(t, r.JSON().Ratio)
	assert.Equal(t, 1.0, *r.JSON().Ratio)
}

// The smallest claim still states its assumptions: one token as written,
// and a need of 131,072 B in 10^6 s (0.131 B/s) with no host, so no
// ceiling.
func TestAssumptionsOfTheSmallestClaim(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1", Seconds: "1e6"}, factcheck.Options{})
	require.NoError(t, err)
	assert.InEpsilon(t, 131072/1e6, float64(r.Required), 1e-12)
	a := r.Assumptions()
	require.NotEmpty(t, a)
	assert.Equal(t, "1 token, as written", a[0])
	assert.Contains(t, a, "no host stated, so no ceiling")
}
