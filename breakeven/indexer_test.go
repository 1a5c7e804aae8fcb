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
	bad := Architecture{Groups: []LayerGroup{{Attention: Indexer, Layers: 1}}}
	assert.EqualError(t, bad.Validate(), "breakeven: layer group 1: an indexer needs a key dim of at least 1 (e.g. 128), got 0")
}
