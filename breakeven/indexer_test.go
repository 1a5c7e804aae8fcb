package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// An indexer group keeps HeadDim FP8 bytes and a 4-byte scale per 128
// numbers on each of its layers, whatever the KV element type and
// compression: GLM-5.2's 21 layers of 128 numbers, 21 x 132 = 2,772 B.
func TestIndexerBytes(t *testing.T) {
	a := Architecture{Groups: []LayerGroup{{Attention: Indexer, Layers: 21, HeadDim: 128}}}
	assert.NoError(t, a.Validate())
	assert.Equal(t, BytesPerToken(2772), a.BytesPerToken())
	assert.Equal(t, BytesPerToken(2772), a.With(FP8, 0).BytesPerToken())
	assert.Equal(t, BytesPerToken(2772), a.With(BF16, 5).BytesPerToken())
	// 129 numbers need a second scale: 129 + 8.
	b := Architecture{Groups: []LayerGroup{{Attention: Indexer, Layers: 1, HeadDim: 129}}}
	assert.Equal(t, BytesPerToken(137), b.BytesPerToken())
	// A BF16 index key (IndexBits 16, MiniMax M3's) is 2 bytes a number
	// and no scale, whatever the KV element: 57 layers x 128 x 2.
	m3 := Architecture{Groups: []LayerGroup{{Attention: Indexer, Layers: 57, HeadDim: 128, IndexBits: 16}}}
	assert.NoError(t, m3.Validate())
	assert.Equal(t, BytesPerToken(14592), m3.BytesPerToken())
	assert.Equal(t, BytesPerToken(14592), m3.With(FP8, 0).BytesPerToken())
	bad := Architecture{Groups: []LayerGroup{{Attention: Indexer, Layers: 1}}}
	assert.EqualError(t, bad.Validate(), "breakeven: layer group 1: an indexer needs a key dim of at least 1 (e.g. 128), got 0")
}

// A compressed group keeps one entry of HeadDim numbers per Ratio tokens,
// at the KV element type and compression: DeepSeek V4 Pro's 30 CSA layers
// of 512 numbers per 4 tokens are 30 x 512 x 2 / 4 = 7,680 B/token at 16
// bits and half that in FP8. An FP4 indexer (IndexBits 4) keeps half a
// byte a number per Ratio tokens whatever the element: 30 x 128 / 2 / 4 =
// 480. A ratio-1 group with a window is the uncompressed recent tokens.
func TestCompressedBytes(t *testing.T) {
	csa := Architecture{Groups: []LayerGroup{{Attention: Compressed, Layers: 30, HeadDim: 512, Ratio: 4}}}
	assert.NoError(t, csa.Validate())
	assert.Equal(t, BytesPerToken(7680), csa.BytesPerToken())
	assert.Equal(t, BytesPerToken(3840), csa.With(FP8, 0).BytesPerToken())
	idx := Architecture{Groups: []LayerGroup{{Attention: Indexer, Layers: 30, HeadDim: 128, Ratio: 4, IndexBits: 4}}}
	assert.Equal(t, BytesPerToken(480), idx.With(FP8, 5).BytesPerToken())
	win := Architecture{Groups: []LayerGroup{{Attention: Compressed, Layers: 61, HeadDim: 512, Ratio: 1, Window: 128}}}
	assert.Zero(t, win.BytesPerToken())
	assert.Equal(t, Bytes(61*128*512*2), win.CacheSize(100000))
	// Ratio 2: an entry per 2 tokens; 0 and 1 both mean every token, and
	// a GQA group may state 1 but no more.
	two := Architecture{Groups: []LayerGroup{{Attention: Compressed, Layers: 1, HeadDim: 512, Ratio: 2}}}
	assert.Equal(t, BytesPerToken(512), two.BytesPerToken())
	for _, r := range []int{0, 1} {
		one := Architecture{Groups: []LayerGroup{{Attention: Compressed, Layers: 1, HeadDim: 512, Ratio: r}}}
		assert.Equal(t, BytesPerToken(1024), one.BytesPerToken(), "ratio %d", r)
		gqa := Architecture{Groups: []LayerGroup{{Attention: GQA, Layers: 1, KVHeads: 8, HeadDim: 128, Ratio: r}}}
		assert.NoError(t, gqa.Validate(), "GQA at ratio %d", r)
	}
	for _, c := range []struct {
		g    LayerGroup
		want string
	}{
		{LayerGroup{Attention: GQA, Layers: 1, KVHeads: 8, HeadDim: 128, Ratio: 2}, "compression ratio 2: need 0 or 1, or for compressed and indexer layers a positive number of tokens per entry (e.g. 4)"},
		{LayerGroup{Attention: Compressed, Layers: 1, Ratio: 4}, "compressed attention needs an entry of at least 1 number (e.g. 512), got 0"},
		{LayerGroup{Attention: GQA, Layers: 1, KVHeads: 8, HeadDim: 128, Ratio: 4}, "compression ratio 4: need 0 or 1, or for compressed and indexer layers a positive number of tokens per entry (e.g. 4)"},
		{LayerGroup{Attention: Compressed, Layers: 1, HeadDim: 512, Ratio: -1}, "compression ratio -1: need 0 or 1, or for compressed and indexer layers a positive number of tokens per entry (e.g. 4)"},
		{LayerGroup{Attention: Indexer, Layers: 1, HeadDim: 128, IndexBits: 3}, "an indexer's numbers are FP8 (0), FP4 (4 bits) or BF16 (16 bits), got 3 bits"},
	} {
		a := Architecture{Groups: []LayerGroup{c.g}}
		assert.EqualError(t, a.Validate(), "breakeven: layer group 1: "+c.want)
	}
}

// A GQA group whose values are narrower than its keys keeps KV heads x
// (key dim + value dim) numbers a layer: MiMo-V2-Flash's 9 full layers of
// 4 heads, keys of 192 and values of 128, 9 x 4 x 320 x 2 = 23,040 B at 16
// bits, and half in FP8. A VDim equal to HeadDim, or 0, is the plain
// group's 2 x head dim.
func TestAGQAGroupsValuesMayBeNarrowerThanItsKeys(t *testing.T) {
	a := Architecture{Groups: []LayerGroup{{Attention: GQA, Layers: 9, KVHeads: 4, HeadDim: 192, VDim: 128}}}
	assert.NoError(t, a.Validate())
	assert.Equal(t, BytesPerToken(23040), a.BytesPerToken())
	assert.Equal(t, BytesPerToken(11520), a.With(FP8, 0).BytesPerToken())
	assert.Equal(t, 128, a.Groups[0].ValueDim())
	for _, v := range []int{0, 192} {
		g := LayerGroup{Attention: GQA, Layers: 9, KVHeads: 4, HeadDim: 192, VDim: v}
		assert.Equal(t, 192, g.ValueDim())
		assert.Equal(t, BytesPerToken(2*9*4*192*2), Architecture{Groups: []LayerGroup{g}}.BytesPerToken())
	}
	bad := Architecture{Groups: []LayerGroup{{Attention: GQA, Layers: 1, KVHeads: 1, HeadDim: 8, VDim: -1}}}
	assert.EqualError(t, bad.Validate(), "breakeven: layer group 1: value dim -1: need 0 (the head dim) or a positive number per head (e.g. 128)")
}
