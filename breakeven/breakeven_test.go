package breakeven

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCacheSize(t *testing.T) {
	gemmaLike := Architecture{Groups: []LayerGroup{
		{Attention: GQA, Layers: 10, KVHeads: 16, HeadDim: 128},
		{Attention: GQA, Layers: 52, KVHeads: 16, HeadDim: 128, Window: 1024},
	}}
	hybrid := Architecture{Groups: []LayerGroup{
		{Attention: GQA, Layers: 12, KVHeads: 2, HeadDim: 256},
		{Attention: Linear, Layers: 36, StateBytes: 1 << 20},
	}}
	mla := Architecture{Groups: []LayerGroup{{Attention: MLA, Layers: 61, LatentDim: 512, RopeDim: 64}}}
	reported := Architecture{Groups: []LayerGroup{{Attention: Reported, Layers: 1, PerToken16: 7900}}, Fixed: 15e6}

	cases := []struct {
		name     string
		arch     Architecture
		n        Tokens
		perToken float64 // growth, by hand
		size     float64 // cache of n tokens, by hand
	}{
		{"GQA 405B", GQAArchitecture(126, 8, 128), 127188, 2 * 126 * 8 * 128 * 2, 127188 * 2 * 126 * 8 * 128 * 2},
		{"GQA 405B fp8", GQAArchitecture(126, 8, 128).With(FP8, 1), 1000, 2 * 126 * 8 * 128 * 1, 1000 * 2 * 126 * 8 * 128},
		{"GQA 405B int4", GQAArchitecture(126, 8, 128).With(INT4, 1), 1000, 126 * 8 * 128, 1000 * 126 * 8 * 128},
		{"GQA 405B 5x", GQAArchitecture(126, 8, 128).With(BF16, 5), 1000, 2 * 126 * 8 * 128 * 2 / 5.0, 1000 * 2 * 126 * 8 * 128 * 2 / 5.0},
		{"MLA", mla, 4096, (512 + 64) * 61 * 2, 4096 * (512 + 64) * 61 * 2},
		{"window, short prompt", gemmaLike, 500, 2 * 10 * 16 * 128 * 2, 500 * 2 * 62 * 16 * 128 * 2},
		{"window, long prompt", gemmaLike, 131072, 2 * 10 * 16 * 128 * 2, 131072*2*10*16*128*2 + 1024*2*52*16*128*2},
		{"hybrid", hybrid, 131072, 2 * 12 * 2 * 256 * 2, 131072*2*12*2*256*2 + 36*(1<<20)},
		{"reported", reported, 131072, 7900, 131072*7900 + 15e6},
	}
	for _, c := range cases {
		require.NoError(t, c.arch.Validate(), c.name)
		assert.InDelta(t, c.perToken, float64(c.arch.BytesPerToken()), 1e-6, c.name)
		assert.InDelta(t, c.size, float64(c.arch.CacheSize(c.n)), 1e-3, c.name)
		assert.InDelta(t, c.size/float64(c.n), float64(c.arch.MeanBytesPerToken(c.n)), 1e-9, c.name)
	}
}

func TestArchitectureValidate(t *testing.T) {
	bad := []Architecture{
		{},
		GQAArchitecture(0, 8, 128),
		GQAArchitecture(126, -8, 128),
		GQAArchitecture(126, 8, 128).With(BF16, 0.5),
		GQAArchitecture(126, 8, 128).With(BF16, math.NaN()),
		{Groups: []LayerGroup{{Attention: "ssm", Layers: 1}}},
		{Groups: []LayerGroup{{Attention: MLA, Layers: 61}}},
		{Groups: []LayerGroup{{Attention: GQA, Layers: 1, KVHeads: 1, HeadDim: 1, Window: -1}}},
		{Groups: []LayerGroup{{Attention: Reported, Layers: 1}}},
		{Groups: []LayerGroup{{Attention: GQA, Layers: 1, KVHeads: 1, HeadDim: 1}}, Fixed: -1},
	}
	for i, a := range bad {
		assert.Error(t, a.Validate(), "case %d", i)
	}
}

// The post's formulas against hand arithmetic on the 405B test.
func TestFormulas(t *testing.T) {
	const n, ttft, b = 127188.0, 62.0, 516096.0
	link := 181e9 / 8
	r := PrefillRate(n, ttft)
	assert.InDelta(t, n/ttft, float64(r), 1e-9)
	assert.InDelta(t, n/ttft*b, float64(BreakEvenBandwidth(r, b)), 1e-3)
	assert.InDelta(t, ttft, float64(RecomputeTime(n, r)), 1e-9)
	assert.InDelta(t, n*b/link, float64(LoadTime(Bytes(n*b), Bandwidth(link))), 1e-9)
	assert.InDelta(t, link/(n/ttft*b), Speedup(Bandwidth(link), BreakEvenBandwidth(r, b)), 1e-9)
	assert.InDelta(t, 34406400000/0.58, float64(RequiredBandwidth(105000*327680, 0.58)), 1e-3)
	assert.Equal(t, 2, LinksNeeded(59.3e9, 50e9))
	assert.Equal(t, 2, LinksNeeded(100e9, 50e9), "an exact multiple does not round up")
	assert.Equal(t, 1, LinksNeeded(1.06e9, 1.25e9))
	assert.InDelta(t, 1000*1.05e9, float64(ParkedCapacity(1000, 1.05e9)), 1e-3)
	assert.InDelta(t, 1e9/7900, float64(PrefillForBreakEven(GBps, 7900)), 1e-9)

	// The speedup is the same whichever way it is computed: the prompt
	// length cancels.
	for _, tokens := range []Tokens{1000, 127188, 1e6} {
		sp := float64(RecomputeTime(tokens, r) / LoadTime(BytesPerToken(b).Bytes(tokens), Bandwidth(link)))
		assert.InDelta(t, Speedup(Bandwidth(link), BreakEvenBandwidth(r, b)), sp, 1e-9)
	}
}

func TestHitRate(t *testing.T) {
	const p, tr, tl = 4.0, 22.0, 6.6
	h, err := BreakEvenHitRate(p, tr, tl)
	require.NoError(t, err)
	assert.InDelta(t, p/(p+tr-tl), h, 1e-12)
	// At the break-even hit rate the mean equals always recomputing.
	m, err := MeanTTFT(h, tl, tr, p)
	require.NoError(t, err)
	assert.InDelta(t, tr, float64(m), 1e-9)
	m, err = MeanTTFT(0.8, tl, tr, p)
	require.NoError(t, err)
	assert.InDelta(t, 0.8*tl+0.2*(tr+p), float64(m), 1e-12)

	for _, bad := range []float64{-0.1, 1.5, math.NaN()} {
		_, err := MeanTTFT(bad, tl, tr, p)
		assert.Error(t, err, "hit rate %v", bad)
	}
	_, err = MeanTTFT(0.5, -1, tr, p)
	assert.Error(t, err)
	_, err = BreakEvenHitRate(p, 5, 6)
	assert.ErrorContains(t, err, "no faster")
	_, err = BreakEvenHitRate(Seconds(math.NaN()), tr, tl)
	assert.Error(t, err)
}

func TestScenario(t *testing.T) {
	s := Scenario{Arch: GQAArchitecture(126, 8, 128), Tokens: 127188, Prefill: PrefillRate(127188, 62), Link: 181 * Gbps}
	res, err := s.Evaluate()
	require.NoError(t, err)
	assert.Equal(t, Load, res.Winner)
	assert.InDelta(t, 62, float64(res.Recompute), 1e-9)
	assert.InDelta(t, 127188*516096/(181e9/8), float64(res.Load), 1e-9)

	slow := s
	slow.Link = 0.55 * GBps
	res, err = slow.Evaluate()
	require.NoError(t, err)
	assert.Equal(t, Recompute, res.Winner)
	assert.Less(t, res.Speedup, 1.0)

	for name, mut := range map[string]func(*Scenario){
		"prompt length":  func(s *Scenario) { s.Tokens = 0 },
		"prefill speed":  func(s *Scenario) { s.Prefill = -1 },
		"link bandwidth": func(s *Scenario) { s.Link = Bandwidth(math.NaN()) },
		"layers":         func(s *Scenario) { s.Arch = GQAArchitecture(0, 8, 128) },
	} {
		bad := s
		mut(&bad)
		_, err := bad.Evaluate()
		assert.ErrorContains(t, err, name)
	}
}

func TestEstimate(t *testing.T) {
	// The Qwen row: 131,072 tokens over "more than 11 s" (11 to 12 s).
	ttft := MustBetween[Seconds](11, 11, 12)
	r := Apply2(Exact[Tokens](131072), ttft, PrefillRate)
	assert.InDelta(t, 131072.0/11, float64(r.Value), 1e-9)
	assert.InDelta(t, 131072.0/12, float64(r.Lo), 1e-9)
	assert.InDelta(t, 131072.0/11, float64(r.Hi), 1e-9)
	assert.True(t, r.Contains(r.Value))
	be := Apply1(r, func(r TokenRate) Bandwidth { return BreakEvenBandwidth(r, 262144) })
	assert.InDelta(t, 131072.0/12*262144, float64(be.Lo), 1e-3)

	rounded := Rounded[Bytes](516*KB, KB)
	assert.Equal(t, 515.5*KB, rounded.Lo)
	assert.Equal(t, 516.5*KB, rounded.Hi)
	assert.False(t, rounded.IsExact())
	assert.True(t, rounded.Overlaps(Exact(516.4*KB)))
	assert.Equal(t, "516 KB [516 KB, 517 KB]", rounded.String())

	_, err := Between[Seconds](10, 11, 12)
	assert.Error(t, err)
	_, err = Between[Seconds](Seconds(math.NaN()), 11, 12)
	assert.Error(t, err)

	// Apply4 over the mean TTFT: every corner is inside the bounds.
	m := Apply4(MustBetween(0.8, 0.7, 0.9), MustBetween[Seconds](6.6, 6.55, 6.65), Exact[Seconds](22), Exact[Seconds](4),
		func(h float64, tl, tr, p Seconds) Seconds { v, _ := MeanTTFT(h, tl, tr, p); return v })
	assert.InDelta(t, 0.9*6.55+0.1*26, float64(m.Lo), 1e-9)
	assert.InDelta(t, 0.7*6.65+0.3*26, float64(m.Hi), 1e-9)
}

func TestConstructors(t *testing.T) {
	for _, bad := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		_, err := NewBandwidth(bad)
		assert.ErrorContains(t, err, "bandwidth", "%v", bad)
		_, err = NewTokenRate(bad)
		assert.ErrorContains(t, err, "prefill speed", "%v", bad)
		_, err = NewTokens(bad)
		assert.ErrorContains(t, err, "token count", "%v", bad)
		_, err = NewSeconds(bad)
		assert.ErrorContains(t, err, "duration", "%v", bad)
	}
	for _, bad := range []float64{-1, math.NaN(), math.Inf(1)} {
		_, err := NewBytes(bad)
		assert.ErrorContains(t, err, "size", "%v", bad)
	}
	for _, bad := range []float64{-0.01, 1.5, math.NaN()} {
		_, err := NewHitRate(bad)
		assert.ErrorContains(t, err, "hit rate", "%v", bad)
	}
	bw, err := NewBandwidth(22.6e9)
	require.NoError(t, err)
	assert.Equal(t, 22.6*GBps, bw)
	_, err = NewBytes(0)
	assert.NoError(t, err)
	h, err := NewHitRate(1)
	require.NoError(t, err)
	assert.Equal(t, 1.0, h)
}

// An estimate's bounds are finite numbers that hold its value: an
// infinity of either sign or NaN anywhere is refused, as is a value
// outside its bounds.
func TestBetweenRefuses(t *testing.T) {
	_, err := Between(1.0, 0.5, 2)
	require.NoError(t, err)
	for _, c := range [][3]float64{
		{1, math.Inf(-1), 2}, {1, 0, math.Inf(1)}, {math.Inf(-1), math.Inf(-1), 0}, {math.NaN(), 0, 2}, {3, 0, 2}, {-1, 0, 2},
	} {
		_, err := Between(c[0], c[1], c[2])
		assert.Error(t, err, "%v", c)
	}
}

// Each kind of layer group is valid at its smallest: an MLA latent of 1
// without a rope part, a linear layer without state, a reported group of
// 1 B per token, an indexer key of one number; one below is refused.
func TestEachLayerGroupIsValidAtItsSmallest(t *testing.T) {
	ok := []LayerGroup{
		{Attention: MLA, Layers: 1, LatentDim: 1, RopeDim: 0},
		{Attention: Linear, Layers: 1, StateBytes: 0},
		{Attention: Reported, Layers: 1, PerToken16: 1},
		{Attention: Indexer, Layers: 1, HeadDim: 1},
		{Attention: GQA, Layers: 1, KVHeads: 1, HeadDim: 1},
	}
	for _, g := range ok {
		assert.NoError(t, g.validate(), "%+v", g)
	}
	bad := []LayerGroup{
		{Attention: MLA, Layers: 1, LatentDim: 1, RopeDim: -1},
		{Attention: Linear, Layers: 1, StateBytes: -1},
		{Attention: Reported, Layers: 1, PerToken16: 0},
		{Attention: Indexer, Layers: 1, HeadDim: 0},
		{Attention: GQA, Layers: 1, KVHeads: 0, HeadDim: 1},
	}
	for _, g := range bad {
		assert.Error(t, g.validate(), "%+v", g)
	}
}

// A window of one token keeps one token: its layers add one token's K and
// V (2 x 8 heads x 128 dims x 2 B = 4,096 B per layer) whatever the
// prompt's length, beside the full layers' growth.
func TestWindowOfOneTokenKeepsOneToken(t *testing.T) {
	a := Architecture{Groups: []LayerGroup{
		{Attention: GQA, Layers: 2, KVHeads: 8, HeadDim: 128},
		{Attention: GQA, Layers: 3, KVHeads: 8, HeadDim: 128, Window: 1},
	}}
	per := 2.0 * 8 * 128 * 2
	for _, n := range []Tokens{1, 10, 1000} {
		assert.Equal(t, 2*per*float64(n)+3*per, float64(a.CacheSize(n)), "%v tokens", n)
	}
}

// A token's cache may be exactly the bound at 16 bits, and not a byte
// more: 1,000 layers x 500 KV heads x (500 + 500) dims x 2 bytes is 1 GB.
func TestATokensCacheAtTheBoundIsAcceptedAndOneHeadMoreIsNot(t *testing.T) {
	at := GQAArchitecture(1000, 500, 500)
	require.Equal(t, MaxBytesPerToken, 1000*500*(500+500)*2.0)
	assert.NoError(t, at.Validate())
	assert.Error(t, GQAArchitecture(1000, 501, 500).Validate())
}
