package post

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// The smallest window and fixed state still print: a window of one token
// and one byte of fixed state are as real as any other, and the catalog
// table must not hide them.
func TestGroupsTextPrintsEveryWindowAndFixedState(t *testing.T) {
	a := breakeven.Architecture{
		Groups: []breakeven.LayerGroup{
			{Attention: breakeven.GQA, Layers: 2, KVHeads: 1, HeadDim: 4, Window: 1},
			{Attention: breakeven.GQA, Layers: 3, KVHeads: 1, HeadDim: 4},
		},
		Fixed: 1,
	}
	assert.Equal(t, "gqa layers=2 kv_heads=1 head_dim=4 window=1; gqa layers=3 kv_heads=1 head_dim=4; fixed_bytes=1", groupsText(a))
}
