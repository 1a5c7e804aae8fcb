package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A window of one token keeps one token: its layers add one token's K and
// V (2 x 8 heads x 128 dims x 2 B = 4,096 B per layer) whatever the
// prompt's length, beside the full layers' growth.
func TestWindowOfOneToken(t *testing.T) {
	a := Architecture{Groups: []LayerGroup{
		{Attention: GQA, Layers: 2, KVHeads: 8, HeadDim: 128},
		{Attention: GQA, Layers: 3, KVHeads: 8, HeadDim: 128, Window: 1},
	}}
	per := 2.0 * 8 * 128 * 2
	for _, n := range []Tokens{1, 10, 1000} {
		assert.Equal(t, 2*per*float64(n)+3*per, float64(a.CacheSize(n)), "%v tokens", n)
	}
}
