package modelconfig

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// mla is base with MLA dims: 4 layers x (32 + 8) x 2 bytes = 320 B/token.
const mla = base + `, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16, "v_head_dim": 16, "num_key_value_heads": 8, "tie_word_embeddings": false`

// A DSA indexer on the layers indexer_types marks full: 2 of 4 layers keep
// a 16-number key in FP8 with one 4-byte scale (16 + 4 = 20 bytes), so
// 320 + 2 x 20 = 360 B/token at 16 bits, and 4 x (32 + 8) x 1 + 40 = 200
// at 8 bits: the indexer's bytes do not follow the KV element.
func TestIndexerFullLayers(t *testing.T) {
	c := parse(t, `{`+mla+`, "index_topk": 64, "index_head_dim": 16, "indexer_types": ["full", "shared", "full", "shared"]}`)
	assert.Equal(t, breakeven.BytesPerToken(360), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.BytesPerToken(200), c.Arch.With(breakeven.FP8, 0).BytesPerToken())
	assert.Equal(t, breakeven.LayerGroup{Attention: breakeven.Indexer, Layers: 2, HeadDim: 16}, c.Arch.Groups[1])
	assert.Equal(t, "MLA with a sparse indexer", c.Family)
	// each query scores at most index_topk keys.
	assert.Equal(t, []prefill.AttentionGroup{{Layers: 4, QueryHeads: 8, QKDim: 24, VDim: 16, Window: 64}}, c.Attention)
	assert.Contains(t, c.Notes[len(c.Notes)-1], "2 of 4 layers")
}

// Without indexer_types (DeepSeek V3.2) every layer has its indexer; a
// 200-number key takes two scales: 200 + 8 = 208 bytes, x 4 = 832, plus
// the MLA 320: 1152 B/token.
func TestIndexerEveryLayer(t *testing.T) {
	c := parse(t, `{`+mla+`, "index_topk": 64, "index_head_dim": 200}`)
	assert.Equal(t, breakeven.BytesPerToken(1152), c.Arch.BytesPerToken())
}

// GLM-5.2 states head_dim as the no-rope part (192 of 192 + 64).
func TestMLAHeadDimNoRope(t *testing.T) {
	c := parse(t, `{`+mla+`, "head_dim": 16}`)
	assert.Equal(t, breakeven.BytesPerToken(320), c.Arch.BytesPerToken())
}

func TestIndexerErrors(t *testing.T) {
	cases := []struct{ config, want string }{
		{`{` + mla + `, "index_topk": 64, "index_head_dim": 16, "indexer_types": ["full", "shared"]}`, `config.json field "indexer_types": 2 entries for 4 layers (e.g. "indexer_types": ["full", "shared", ...])`},
		{`{` + mla + `, "index_topk": 64, "index_head_dim": 16, "indexer_types": ["full", "x", "full", "full"]}`, `config.json field "indexer_types": unknown type "x" (valid: full, shared) (e.g. "indexer_types": ["full", "shared", ...])`},
		{`{` + mla + `, "index_topk": 64, "index_head_dim": 16, "indexer_types": ["shared", "shared", "shared", "shared"]}`, `config.json field "indexer_types": no layer has an indexer of its own (full) (e.g. "indexer_types": ["full", "shared", ...])`},
		{`{` + mla + `, "index_topk": 64}`, `config.json field "index_head_dim": missing (e.g. "index_head_dim": 128)`},
		{`{` + mla + `, "index_head_dim": 16}`, `config.json field "index_topk": indexer fields without index_topk; give the keys each query keeps, or leave the indexer fields out (e.g. "index_topk": 2048)`},
		{`{` + base + `, "index_topk": 64, "index_head_dim": 16}`, `config.json field "index_topk": a sparse-attention indexer without MLA (kv_lora_rank) is not modelled (e.g. "kv_lora_rank": 512)`},
		{`{` + mla + `, "index_topk": 0, "index_head_dim": 16}`, `config.json field "index_topk": 0: need a positive number of keys (e.g. "index_topk": 2048)`},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.config))
		var e *Error
		if assert.ErrorAs(t, err, &e, c.config) {
			assert.Equal(t, c.want, err.Error())
		}
	}
}

// The smallest indexer is read: one key kept per query and a one-number
// key, 1 + 4 (its scale) = 5 bytes on each of 4 layers, 320 + 20 = 340
// B/token.
func TestIndexerSmallest(t *testing.T) {
	c := parse(t, `{`+mla+`, "index_topk": 1, "index_head_dim": 1}`)
	assert.Equal(t, breakeven.BytesPerToken(340), c.Arch.BytesPerToken())
	assert.Equal(t, 1, c.Attention[0].Window)
}
