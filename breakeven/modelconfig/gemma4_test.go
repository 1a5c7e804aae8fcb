package modelconfig

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// gemma4Base is base with Gemma 4's fields at small sizes: three sliding
// layers (4 KV heads of 16, a 32-token window) and one global layer (2 KV
// heads of 32) whose value is its key's projection; tied embeddings.
const gemma4Base = base + `, "num_key_value_heads": 4, "head_dim": 16, "sliding_window": 32, "tie_word_embeddings": true,
	"layer_types": ["sliding_attention", "sliding_attention", "sliding_attention", "full_attention"],
	"num_global_key_value_heads": 2, "global_head_dim": 32, "attention_k_eq_v": true, "num_kv_shared_layers": 0,
	"hidden_size_per_layer_input": 0, "use_double_wide_mlp": false`

// The global layer keeps 2 x 2 x 32 x 2 = 256 bytes a token, key and
// value both; each sliding layer 2 x 4 x 16 x 2 = 256 for at most 32
// tokens. Parameters by hand: the 100 x 64 embedding once (tied); each
// sliding layer q 64 x 128 + k, v 2 x 64 x 64 + o 128 x 64 = 24,576; the
// global layer q 64 x 256 + k 64 x 64 (no v) + o 256 x 64 = 36,864; each
// layer's MLP 3 x 64 x 128 = 24,576.
func TestGemma4GlobalLayersHaveTheirOwnHeads(t *testing.T) {
	c := parse(t, `{`+gemma4Base+`}`)
	assert.Equal(t, breakeven.BytesPerToken(256), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(256*1000+3*256*32), c.Arch.CacheSize(1000))
	assert.Equal(t, []prefill.AttentionGroup{
		{Layers: 1, QueryHeads: 8, QKDim: 32, VDim: 32},
		{Layers: 3, QueryHeads: 8, QKDim: 16, VDim: 16, Window: 32},
	}, c.Attention)
	sliding, global, mlp := 64.0*128+2*64*64+128*64, 64.0*256+64*64+256*64, 3.0*64*128
	assert.Equal(t, 6400+3*(sliding+mlp)+global+mlp, c.TotalParams)
	assert.Equal(t, 3*(sliding+mlp)+global+mlp, c.ActiveParams, "the input embedding is looked up, not multiplied")
	assert.Equal(t, "sliding window + full", c.Family)
	assert.Zero(t, c.MoELayers)

	// Without attention_k_eq_v the global layer has its value projection.
	c = parse(t, `{`+gemma4Base+`, "attention_k_eq_v": false}`)
	assert.Equal(t, 6400+3*(sliding+mlp)+global+64*64+mlp, c.TotalParams)
	assert.Equal(t, breakeven.BytesPerToken(256), c.Arch.BytesPerToken(), "the cache is the same")

	// attention_k_eq_v false on a config with no global dims changes
	// nothing, a gated query included (Qwen3.5's attn_output_gate).
	plain := `{` + base + `, "num_key_value_heads": 4, "head_dim": 16, "attn_output_gate": true`
	assert.Equal(t, parse(t, plain+`}`).TotalParams, parse(t, plain+`, "attention_k_eq_v": false}`).TotalParams)
	// With it true, only the value projection goes: 4 layers x 64 x 64.
	assert.Equal(t, parse(t, plain+`}`).TotalParams-4*64*64, parse(t, plain+`, "attention_k_eq_v": true}`).TotalParams)
}

// Gemma 4's mixture: a dense MLP of intermediate_size beside top_k_experts
// of num_experts routed experts on every layer. Per layer: routed 4 x 3 x
// 64 x 8 = 6,144 (2 of 4 active), router 64 x 4 = 256, dense 24,576.
// enable_moe_block false keeps a dense model whatever num_experts says.
func TestGemma4MixtureKeepsItsDenseMLP(t *testing.T) {
	moe := `, "enable_moe_block": true, "num_experts": 4, "top_k_experts": 2, "moe_intermediate_size": 8}`
	c := parse(t, `{`+gemma4Base+moe)
	sliding, global, mlp := 64.0*128+2*64*64+128*64, 64.0*256+64*64+256*64, 3.0*64*128
	routed, router := 4.0*3*64*8, 64.0*4
	assert.Equal(t, 6400+3*sliding+global+4*(routed+router+mlp), c.TotalParams)
	assert.Equal(t, 3*sliding+global+4*(routed/2+router+mlp), c.ActiveParams)
	assert.Equal(t, 4, c.MoELayers)
	assert.Equal(t, 2, c.ExpertsPerToken)
	assert.Equal(t, "sliding window + full, MoE", c.Family)

	off := parse(t, `{`+gemma4Base+`, "enable_moe_block": false, "num_experts": 4, "top_k_experts": 2, "moe_intermediate_size": 8}`)
	assert.Equal(t, 6400+3*(sliding+mlp)+global+mlp, off.TotalParams)
	assert.Zero(t, off.MoELayers)
}

// Each Gemma field the package does not compute, or a global shape that
// cannot be, gets one line naming it with a valid line.
func TestGemma4FieldsRefusedWithTheirName(t *testing.T) {
	for cfg, want := range map[string]string{
		`, "num_kv_shared_layers": 20}`:         `config.json field "num_kv_shared_layers": 20: layers sharing another layer's KV cache (Gemma 3n) is not modelled`,
		`, "hidden_size_per_layer_input": 256}`: `config.json field "hidden_size_per_layer_input": 256: per-layer input embeddings (Gemma 3n, Gemma 4's smallest models) are not modelled`,
		`, "use_double_wide_mlp": true}`:        `config.json field "use_double_wide_mlp": a double-wide MLP is not modelled`,
		`, "num_global_key_value_heads": 3}`:    `config.json field "num_global_key_value_heads": 3 does not divide num_attention_heads 8 (e.g. "num_global_key_value_heads": 8)`,
		`, "global_head_dim": 0}`:               `config.json field "global_head_dim": 0: need a positive number (e.g. "global_head_dim": 512)`,
		`, "v_head_dim": 8}`:                    `config.json field "v_head_dim": a value width beside global-layer dims (global_head_dim, num_global_key_value_heads, attention_k_eq_v) is not modelled`,
		`, "enable_moe_block": true, "num_experts": 4, "top_k_experts": 5, "moe_intermediate_size": 8}`: `config.json field "top_k_experts": 5 is more than the 4 experts (e.g. "top_k_experts": 4)`,
		`, "enable_moe_block": true, "num_experts": 4, "moe_intermediate_size": 8}`:                     `config.json field "top_k_experts"`,
	} {
		_, err := Parse([]byte(`{` + gemma4Base + cfg))
		require.Error(t, err, cfg)
		assert.Contains(t, err.Error(), want, cfg)
	}
	_, err := Parse([]byte(`{` + base + `, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16, "v_head_dim": 16, "global_head_dim": 64}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"global_head_dim": global-layer dims with MLA (kv_lora_rank) are not modelled`)
}
