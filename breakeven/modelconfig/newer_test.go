package modelconfig

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// compressedBase is base with DeepSeek V4's fields at small sizes: 4
// layers, an entry of 8 numbers, a 16-token window, an indexer key of 4.
const compressedBase = base + `, "head_dim": 8, "sliding_window": 16, "index_head_dim": 4, "index_topk": 2, "num_key_value_heads": 1`

// Ratios 0, 4, 128, 4 (and a fifth, a multi-token-prediction layer's,
// not read): per token 2 CSA layers x 8 x 2 / 4 + 1 HCA layer x 8 x 2 /
// 128 + 2 indexer keys x 4 x 0.5 / 4 = 8 + 0.125 + 1 = 9.125 bytes; fixed
// 2 x (2 x 4 x 2 x 8 x 4 + 2 x 4 x 2 x 4 x 4) + 2 x 128 x 8 x 4 = 1536 +
// 8192 = 9728 bytes; and 4 layers x 16 tokens x 8 x 2 = 1024 bytes of
// window once the prompt fills it.
func TestCompressedAttention(t *testing.T) {
	c := parse(t, `{`+compressedBase+`, "compress_ratios": [0, 4, 128, 4, 4]}`)
	assert.Equal(t, breakeven.BytesPerToken(9.125), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(9728), c.Arch.FixedBytes())
	assert.Equal(t, breakeven.Bytes(9.125*1000+9728+1024), c.Arch.CacheSize(1000))
	// Below the window, every token is in it.
	assert.Equal(t, breakeven.Bytes(9.125*10+9728+4*10*8*2), c.Arch.CacheSize(10))
	// An FP8 cache halves the entries and the window, not the FP4 indexer
	// keys or the float32 state: 4 + 0.0625 + 1.
	assert.Equal(t, breakeven.BytesPerToken(5.0625), c.Arch.With(breakeven.FP8, 0).BytesPerToken())
	assert.Equal(t, "compressed attention (CSA + HCA) with a sliding window", c.Family, "no experts stated")
	assert.Zero(t, c.ActiveParams, "the shapes do not give the parameters")
	assert.Contains(t, c.Notes[len(c.Notes)-1], "2 CSA")
	// The FLOP model's attention: 8 heads with an 8-number entry as key
	// and value; CSA keeps at most index_topk 2 entries of 4 tokens (a
	// window of 8 raw tokens), HCA all of 128, the ratio-0 layer its
	// 16-token window; each compressed layer scores its 16 recent tokens.
	assert.Equal(t, []prefill.AttentionGroup{
		{Layers: 2, QueryHeads: 8, QKDim: 8, VDim: 8, Ratio: 4, Window: 8, Recent: 16},
		{Layers: 1, QueryHeads: 8, QKDim: 8, VDim: 8, Ratio: 128, Recent: 16},
		{Layers: 1, QueryHeads: 8, QKDim: 8, VDim: 8, Window: 16},
	}, c.Attention)
	// The output head is untied unless stated: vocab 100 x hidden 64.
	assert.Equal(t, 6400.0, c.Head)
}

// DeepSeek V4's checkpoint: routed experts in FP4 (MXFP4's 4.25 bits with
// their scales) where expert_dtype says so and the rest in FP8, over a
// published total: 4 layers x 8 experts x 3 x 64 x 32 = 196,608 routed
// weights; of a total of 1,000,000, (196,608 x 4.25 / 8 + 803,392) /
// 1,000,000 bytes a weight.
func TestCompressedCheckpointWeights(t *testing.T) {
	c := parse(t, `{`+compressedBase+`, "compress_ratios": [0, 4, 128, 4], "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 32, "expert_dtype": "fp4", "quantization_config": {"quant_method": "fp8"}}`)
	assert.Equal(t, 196608.0, c.RoutedParams)
	assert.Equal(t, 4, c.MoELayers)
	assert.Equal(t, 2, c.ExpertsPerToken)
	w := c.WeightsOf(1e6)
	assert.InDelta(t, (196608*4.25/8+803392)/1e6, w.Bytes, 1e-12)
	assert.Zero(t, c.WeightsOf(1e5).Bytes, "a total below the routed experts is refused")
	assert.Equal(t, "compressed attention (CSA + HCA) with a sliding window, MoE", c.Family)
	// Without expert_dtype the storage is not known.
	d := parse(t, `{`+compressedBase+`, "compress_ratios": [0, 4, 128, 4], "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 32}`)
	assert.Zero(t, d.WeightsOf(1e6).Bytes)
}

// Kimi Linear: layers numbered from 1; 2 MLA layers x (32 + 8) x 2 = 160
// B/token; 2 KDA layers of 2 heads x 4 x 4 x 4 bytes + 3 x 2 x 4 x (3 - 1)
// x 2 bytes = 128 + 96 = 224, so 448 bytes fixed.
func TestKimiLinear(t *testing.T) {
	c := parse(t, `{`+mla+`, "linear_attn_config": {"full_attn_layers": [2, 4], "kda_layers": [1, 3], "num_heads": 2, "head_dim": 4, "short_conv_kernel_size": 3}}`)
	assert.Equal(t, breakeven.BytesPerToken(160), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(448), c.Arch.FixedBytes())
	assert.Equal(t, "hybrid: Kimi Delta Attention + MLA", c.Family, "no experts stated")
	assert.Zero(t, c.ActiveParams)
	assert.Empty(t, c.Attention)
}

// One routed expert is a dense MLP; two or more make a mixture.
func TestCompressedMixtureNeedsTwoExperts(t *testing.T) {
	one := parse(t, `{`+compressedBase+`, "compress_ratios": [4, 4, 4, 4], "n_routed_experts": 1}`)
	assert.Equal(t, "compressed attention (CSA + HCA) with a sliding window", one.Family)
	assert.Zero(t, one.MoELayers)
	two := parse(t, `{`+compressedBase+`, "compress_ratios": [4, 4, 4, 4], "n_routed_experts": 2, "num_experts_per_tok": 1, "moe_intermediate_size": 8}`)
	assert.Equal(t, "compressed attention (CSA + HCA) with a sliding window, MoE", two.Family)
	assert.Equal(t, 4, two.MoELayers)
	assert.Equal(t, 4.0*2*3*64*8, two.RoutedParams)
}

// Kimi Linear's full-attention layers need not be MLA: with GQA shapes
// the family says so, and the cache is 2 x 2 layers x 8 KV heads x 8
// dims x 2 bytes = 512 B/token beside the same 448 bytes of KDA state.
func TestKimiLinearWithGQALayers(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 8, "linear_attn_config": {"full_attn_layers": [2, 4], "kda_layers": [1, 3], "num_heads": 2, "head_dim": 4, "short_conv_kernel_size": 3}}`)
	assert.Equal(t, "hybrid: Kimi Delta Attention + GQA", c.Family)
	assert.Equal(t, breakeven.BytesPerToken(512), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(448), c.Arch.FixedBytes())
}

func TestNewerFamiliesRefuseBadFields(t *testing.T) {
	la := func(s string) string { return `{` + mla + `, "linear_attn_config": {` + s + `}}` }
	shape := `"num_heads": 2, "head_dim": 4, "short_conv_kernel_size": 3`
	cases := []struct{ config, field, msg string }{
		{`{` + compressedBase + `, "compress_ratios": [4, 4, 4]}`, "compress_ratios", "lists 3 layers but num_hidden_layers is 4"},
		{`{` + compressedBase + `, "compress_ratios": [4, 8, 4, 4]}`, "compress_ratios", "layer 1 has ratio 8 (known: 0, 4 and 128)"},
		{`{` + base + `, "sliding_window": 16, "compress_ratios": [4, 4, 4, 4]}`, "head_dim", "missing"},
		{`{` + base + `, "head_dim": 8, "compress_ratios": [4, 4, 4, 4]}`, "sliding_window", "missing"},
		{`{` + base + `, "head_dim": 8, "sliding_window": 16, "compress_ratios": [4, 4, 4, 4]}`, "index_head_dim", "missing"},
		{`{` + base + `, "head_dim": 8, "sliding_window": 16, "index_head_dim": 4, "compress_ratios": [4, 4, 4, 4]}`, "index_topk", "missing"},
		{la(`"full_attn_layers": [2, 4], "kda_layers": [1, 5], ` + shape), "linear_attn_config", "layer 5 is outside 1 to num_hidden_layers 4 (the lists number layers from 1)"},
		{la(`"full_attn_layers": [2, 4], "kda_layers": [1, 2], ` + shape), "linear_attn_config", "layer 2 is listed twice"},
		{la(`"full_attn_layers": [2, 4], "kda_layers": [1], ` + shape), "linear_attn_config", "layer 3 is in neither full_attn_layers nor kda_layers"},
		{la(`"full_attn_layers": [2, 4], "kda_layers": [1, 3], "head_dim": 4, "short_conv_kernel_size": 3`), "num_heads", "missing"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.config))
		var e *Error
		if assert.True(t, errors.As(err, &e), c.config) {
			assert.Equal(t, c.field, e.Field, c.config)
			assert.Equal(t, c.msg, e.Message, c.config)
			assert.NotEmpty(t, e.Example, c.config)
		}
	}
}
