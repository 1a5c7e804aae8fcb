package modelconfig

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// nemotronBase is a small Nemotron-H: hidden 64, 8 heads, vocab 100;
// attention with 2 KV heads of 16; Mamba-2 with 4 heads of 8 (d_inner
// 32), 2 groups, a state of 16 kept in float32 and a kernel of 4; a
// relu2 MLP of 96; 8 experts of 24, 2 a token, and a shared expert of
// 48.
const nemotronBase = `"hidden_size": 64, "num_attention_heads": 8, "vocab_size": 100, "num_key_value_heads": 2, "head_dim": 16,
	"mamba_num_heads": 4, "mamba_head_dim": 8, "n_groups": 2, "ssm_state_size": 16, "conv_kernel": 4, "mamba_ssm_cache_dtype": "float32",
	"intermediate_size": 96, "mlp_hidden_act": "relu2", "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 24,
	"n_shared_experts": 1, "moe_shared_expert_intermediate_size": 48, "tie_word_embeddings": false, "max_position_embeddings": 4096`

// Pattern "MEM*-E": three kinds of fixed or growing cache and four kinds
// of weights, each by hand. Per token, the one attention layer keeps 2 x
// 2 x 16 x 2 = 128 bytes. Each Mamba-2 layer holds (4 - 1) x (32 + 2 x 2
// x 16) x 2 = 576 bytes of convolution state and 4 x 8 x 16 x 4 = 2,048
// of SSM state. Parameters: the embedding and the untied head, 100 x 64
// each; attention 64 x 128 + 2 x 64 x 32 + 128 x 64 = 20,480; a Mamba-2
// mixer's in_proj 64 x (2 x 32 + 2 x 2 x 16 + 4) = 8,448, convolution
// 96 x 4 = 384 and out_proj 32 x 64 = 2,048; the MLP 2 x 64 x 96 =
// 12,288; an MoE layer's experts 8 x 2 x 64 x 24 = 24,576 (2 of 8
// active), shared expert 2 x 64 x 48 = 6,144 and router 64 x 8 = 512.
func TestNemotronHLayersByHand(t *testing.T) {
	c := parse(t, `{`+nemotronBase+`, "hybrid_override_pattern": "MEM*-E"}`)
	assert.Equal(t, breakeven.BytesPerToken(128), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(2*(576+2048)), c.Arch.FixedBytes())
	assert.Equal(t, []prefill.AttentionGroup{{Layers: 1, QueryHeads: 8, QKDim: 16, VDim: 16}}, c.Attention)
	attn, mamba, mlp := 20480.0, 8448.0+384+2048, 12288.0
	experts, shared, router := 24576.0, 6144.0, 512.0
	assert.Equal(t, 2*6400+attn+2*mamba+mlp+2*(experts+shared+router), c.TotalParams)
	assert.Equal(t, 6400+attn+2*mamba+mlp+2*(experts/4+shared+router), c.ActiveParams)
	assert.Equal(t, 6400.0, c.Head)
	assert.Equal(t, 2, c.MoELayers)
	assert.Equal(t, 2, c.ExpertsPerToken)
	assert.Equal(t, 64, c.Hidden)
	assert.Equal(t, "hybrid: Mamba-2 + GQA, MoE", c.Family)
	assert.Equal(t, breakeven.Tokens(4096), c.Context)

	// The same layers named in layers_block_type, with no layer count
	// (Nemotron 3 Ultra's form), read the same.
	named := parse(t, `{`+nemotronBase+`, "layers_block_type": ["mamba", "moe", "mamba", "attention", "mlp", "moe"]}`)
	assert.Equal(t, c.TotalParams, named.TotalParams)
	assert.Equal(t, c.Arch, named.Arch)

	// The SSM state at 16 bits where the config does not say float32,
	// and latent experts: each of width 24 on an 8-number latent, 8 x 2 x
	// 8 x 24 = 3,072, with the projections to and from it, 2 x 64 x 8.
	half := parse(t, `{`+nemotronBase+`, "hybrid_override_pattern": "ME", "mamba_ssm_cache_dtype": "auto", "moe_latent_size": 8}`)
	assert.Equal(t, breakeven.Bytes(576+1024), half.Arch.FixedBytes())
	assert.Equal(t, 2*6400+mamba+3072+2*64*8+shared+router, half.TotalParams)
	assert.Equal(t, "Mamba-2, MoE", half.Family)

	// The note says which width the state was read at.
	assert.Contains(t, strings.Join(c.Notes, "\n"), "the SSM state in float32")
	assert.Contains(t, strings.Join(half.Notes, "\n"), "the SSM state in 16 bits")
}

// Python writes float('inf') as a bare Infinity (Nemotron-H's
// time_step_limit); such a config is read, its non-finite values as null.
func TestNemotronHReadsPythonsInfinity(t *testing.T) {
	c := parse(t, `{`+nemotronBase+`, "hybrid_override_pattern": "M*", "time_step_limit": [0.0, Infinity], "x": -Infinity, "y": NaN}`)
	assert.Equal(t, breakeven.BytesPerToken(128), c.Arch.BytesPerToken())
	// Inside a string, the same words are text, escaped quotes included.
	named := parse(t, `{`+nemotronBase+`, "hybrid_override_pattern": "M*", "_name_or_path": "NaN \"Infinity\" -Infinity", "x": [Infinity, NaN]}`)
	assert.Equal(t, `NaN "Infinity" -Infinity`, named.Name)
	_, err := Parse([]byte(`{` + nemotronBase + `, "hybrid_override_pattern": "M*", "z": Inf}`))
	assert.ErrorContains(t, err, "not a JSON object", "only Python's spellings are read")
}

// Every Nemotron-H field that is missing or wrong gets one line naming it
// with a valid line.
func TestNemotronHFieldsRefusedWithTheirName(t *testing.T) {
	for cfg, want := range map[string]string{
		`, "hybrid_override_pattern": "M*X"}`:                                                                `config.json field "hybrid_override_pattern": layer 2 is 'X' (known: M Mamba-2, * attention, - MLP, E mixture of experts)`,
		`, "hybrid_override_pattern": ""}`:                                                                   `config.json field "hybrid_override_pattern": empty`,
		`, "hybrid_override_pattern": "M*", "num_hidden_layers": 3}`:                                         `config.json field "num_hidden_layers": 3, but the layer pattern lists 2 layers (e.g. "num_hidden_layers": 2)`,
		`, "hybrid_override_pattern": "M*", "layers_block_type": []}`:                                        `config.json field "layers_block_type": given beside hybrid_override_pattern`,
		`, "layers_block_type": ["mamba", "conv"]}`:                                                          `config.json field "layers_block_type": layer 1 is "conv" (known: mamba, attention, mlp, moe)`,
		`, "hybrid_override_pattern": "M-", "mlp_hidden_act": "silu"}`:                                       `config.json field "mlp_hidden_act": "silu": only Nemotron-H's ungated relu2 MLP is modelled`,
		`, "hybrid_override_pattern": "M", "mamba_ssm_cache_dtype": "int4"}`:                                 `config.json field "mamba_ssm_cache_dtype": "int4": not a type the state is kept in`,
		`, "hybrid_override_pattern": "E", "num_experts_per_tok": 9}`:                                        `config.json field "num_experts_per_tok": 9 is more than the 8 experts`,
		`, "hybrid_override_pattern": "*", "num_key_value_heads": 3}`:                                        `config.json field "num_key_value_heads": 3 does not divide num_attention_heads 8`,
		`, "hybrid_override_pattern": "E", "n_shared_experts": 1, "moe_shared_expert_intermediate_size": 0}`: `config.json field "moe_shared_expert_intermediate_size": 0: need a positive number`,
	} {
		_, err := Parse([]byte(`{` + nemotronBase + cfg))
		require.Error(t, err, cfg)
		assert.Contains(t, err.Error(), want, cfg)
	}
	for _, field := range []string{"mamba_num_heads", "mamba_head_dim", "n_groups", "ssm_state_size", "conv_kernel"} {
		// The later key wins: the field is null, every other one stated.
		_, err := Parse([]byte(`{` + nemotronBase + `, "hybrid_override_pattern": "M", "` + field + `": null}`))
		require.Error(t, err, field)
		assert.Contains(t, err.Error(), `config.json field "`+field+`": missing`)
	}
}
