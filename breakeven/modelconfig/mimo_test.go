package modelconfig

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// mimoBase is base with MiMo-V2-Flash's fields at small sizes: layers 0
// and 3 full attention (2 KV heads), layers 1 and 2 sliding (4 KV heads,
// a 16-token window); keys and queries of 24 numbers a head, values of 16;
// layer 0 a dense MLP, the others 2 of 4 experts of 8.
const mimoBase = base + `, "num_key_value_heads": 2, "head_dim": 24, "v_head_dim": 16, "tie_word_embeddings": false,
	"hybrid_layer_pattern": [0, 1, 1, 0], "sliding_window": 16, "attention_chunk_size": 16,
	"swa_num_attention_heads": 8, "swa_num_key_value_heads": 4, "swa_head_dim": 24, "swa_v_head_dim": 16,
	"moe_layer_freq": [0, 1, 1, 1], "n_routed_experts": 4, "n_shared_experts": null, "num_experts_per_tok": 2, "moe_intermediate_size": 8`

// By hand: a full layer keeps 2 KV heads x (24 + 16) x 2 bytes = 160
// bytes a token, a sliding layer 4 x 40 x 2 = 320 for at most 16 tokens.
// Attention weights: q 64 x 8 x 24, k 64 x kv x 24, v 64 x kv x 16, o
// 8 x 16 x 64. MLPs: layer 0's 3 x 64 x 128; each MoE layer's 4 experts of
// 3 x 64 x 8 (2 active) and a 64 x 4 router. The 100 x 64 embedding and
// head, untied.
func TestKeysAndValuesOfTheirOwnWidthsAndSlidingLayersOfTheirOwnHeads(t *testing.T) {
	c := parse(t, `{`+mimoBase+`}`)
	assert.Equal(t, breakeven.BytesPerToken(2*2*40*2), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(2*2*40*2*1000+2*4*40*2*16), c.Arch.CacheSize(1000))
	assert.Equal(t, []prefill.AttentionGroup{
		{Layers: 2, QueryHeads: 8, QKDim: 24, VDim: 16},
		{Layers: 2, QueryHeads: 8, QKDim: 24, VDim: 16, Window: 16},
	}, c.Attention)
	attn := func(kv float64) float64 { return 64*8*24 + 64*kv*24 + 64*kv*16 + 8*16*64 }
	dense, expert, router := 3.0*64*128, 3.0*64*8, 64.0*4
	layers := 2*attn(2) + 2*attn(4) + dense + 3*router
	assert.Equal(t, 2*6400+layers+3*4*expert, c.TotalParams)
	assert.Equal(t, 6400+layers+3*2*expert, c.ActiveParams, "the input embedding is looked up, not multiplied")
	assert.Equal(t, 3, c.MoELayers)
	assert.Equal(t, "sliding window + full, MoE", c.Family)

	// Without the sliding layers' own fields they take the full layers'
	// shape; without v_head_dim, values are as wide as keys.
	same := parse(t, `{`+base+`, "num_key_value_heads": 2, "head_dim": 24, "hybrid_layer_pattern": [0, 1, 1, 0], "sliding_window": 16}`)
	assert.Equal(t, breakeven.BytesPerToken(2*2*48*2), same.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(2*2*48*2*1000+2*2*48*2*16), same.Arch.CacheSize(1000))
}

// v_head_dim on a GQA config (no kv_lora_rank) sets the values' width:
// before, it was read only for MLA and a GQA config's values were taken
// as wide as its keys.
func TestAValueHeadDimNarrowsAGQACache(t *testing.T) {
	wide := parse(t, `{`+base+`, "num_key_value_heads": 2, "head_dim": 32}`)
	narrow := parse(t, `{`+base+`, "num_key_value_heads": 2, "head_dim": 32, "v_head_dim": 8}`)
	assert.Equal(t, breakeven.BytesPerToken(4*2*(32+32)*2), wide.Arch.BytesPerToken())
	assert.Equal(t, breakeven.BytesPerToken(4*2*(32+8)*2), narrow.Arch.BytesPerToken())
	// The value and output projections shrink by 4 layers x (64 x 2 x
	// 24 + 8 x 24 x 64).
	assert.Equal(t, wide.TotalParams-4*(64*2*24+8*24*64), narrow.TotalParams)
	assert.Equal(t, 8, narrow.Attention[0].VDim)
}

// Each MiMo-style field that cannot be read gets one line naming it with
// a valid line.
func TestHybridPatternAndMoEListRefusedWithTheirName(t *testing.T) {
	for cfg, want := range map[string]string{
		`, "hybrid_layer_pattern": [0, 1, 0]}`:                                                        `config.json field "hybrid_layer_pattern": lists 3 layers but num_hidden_layers is 4`,
		`, "hybrid_layer_pattern": [0, 2, 1, 0]}`:                                                     `config.json field "hybrid_layer_pattern": layer 1 is 2; the list holds 0 (full attention) or 1 (a sliding window) per layer`,
		`, "hybrid_layer_pattern": [0, 1, 1, 0], "layer_types": ["full_attention"]}`:                  `config.json field "hybrid_layer_pattern": given beside layer_types`,
		`, "hybrid_layer_pattern": [0, 1, 1, 0]}`:                                                     `config.json field "sliding_window": missing`,
		`, "swa_num_key_value_heads": 4}`:                                                             `config.json field "swa_num_key_value_heads": sliding-layer dims, but no layer is a sliding window`,
		`, "hybrid_layer_pattern": [0, 1, 1, 0], "sliding_window": 16, "swa_num_key_value_heads": 3}`: `config.json field "swa_num_key_value_heads": 3 does not divide the sliding layers' 8 query heads`,
		`, "hybrid_layer_pattern": [0, 1, 1, 0], "sliding_window": 16, "swa_head_dim": 0}`:            `config.json field "swa_head_dim": 0: need a positive number`,
		`, "v_head_dim": 0}`: `config.json field "v_head_dim": 0: need a positive number`,
		`, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": [0, 1]}`:                                   `config.json field "moe_layer_freq": lists 2 layers but num_hidden_layers is 4`,
		`, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": [0, 1, 2, 1]}`:                             `config.json field "moe_layer_freq": layer 2 is 2; a list holds 0 (a dense MLP) or 1 (a mixture of experts) per layer`,
		`, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": [1, 1, 1, 1], "first_k_dense_replace": 1}`: `config.json field "moe_layer_freq": layer 0 is a mixture, but first_k_dense_replace 1 makes it dense`,
		`, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": "every"}`:                                  `config.json field "moe_layer_freq": "every": neither a whole number nor a list`,
		`, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": [0.5]}`:                                    `config.json field "moe_layer_freq": a list of other than whole numbers`,
		`, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": -1}`:                                       `config.json field "moe_layer_freq": -1: below 0, the least it may be`,
	} {
		_, err := Parse([]byte(`{` + base + `, "num_key_value_heads": 2` + cfg))
		require.Error(t, err, cfg)
		assert.Contains(t, err.Error(), want, cfg)
	}
	_, err := Parse([]byte(`{` + base + `, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16, "v_head_dim": 16, "swa_num_key_value_heads": 4}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"swa_num_key_value_heads": sliding-layer dims with MLA (kv_lora_rank) are not modelled`)
}
