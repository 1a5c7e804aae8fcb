package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each kind of layer group is valid at its smallest: an MLA latent of 1
// without a rope part, a linear layer without state, a reported group of
// 1 B per token, an indexer key of one number; one below is refused.
func TestLayerGroupsAtTheirSmallest(t *testing.T) {
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
