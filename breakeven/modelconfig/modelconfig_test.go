package modelconfig

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// The configs below are small made-up ones, written for each rule; the
// real files are in sources/configs and tested in package sources. Each
// expectation is worked by hand in the comment above it.

func parse(t *testing.T, s string) Config {
	t.Helper()
	c, err := Parse([]byte(s))
	require.NoError(t, err)
	return c
}

// base is a dense GQA model: 4 layers, hidden 64, 8 heads, 2 KV heads,
// vocab 100, MLP 128.
const base = `"num_hidden_layers": 4, "hidden_size": 64, "num_attention_heads": 8, "vocab_size": 100, "intermediate_size": 128, "max_position_embeddings": 4096`

func TestGQAHeadDimGiven(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 2, "head_dim": 16, "tie_word_embeddings": false}`)
	// 2 x 4 layers x 2 KV heads x 16 x 2 bytes = 512 B/token.
	assert.Equal(t, breakeven.BytesPerToken(512), c.Arch.BytesPerToken())
	assert.Equal(t, "GQA", c.Family)
	assert.Equal(t, breakeven.Tokens(4096), c.Context)
	// attention: q 64x128 + k,v 2x64x32 + o 128x64 = 8192+4096+8192 = 20480
	// MLP: 3 x 64 x 128 = 24576; per layer 45056, x 4 = 180224
	// embeddings 100 x 64 = 6400, head 6400: total 193024; active less
	// the input table: 186624.
	assert.Equal(t, 193024.0, c.TotalParams)
	assert.Equal(t, 186624.0, c.ActiveParams)
	assert.Equal(t, []prefill.AttentionGroup{{Layers: 4, QueryHeads: 8, QKDim: 16, VDim: 16}}, c.Attention)
	assert.Empty(t, c.Notes)
}

func TestMQA(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 1}`)
	// 2 x 4 x 1 x 8 x 2 = 128 B/token.
	assert.Equal(t, breakeven.BytesPerToken(128), c.Arch.BytesPerToken())
	assert.Equal(t, "GQA", c.Family)
}

func TestMHAHeadDimFromHidden(t *testing.T) {
	c := parse(t, `{`+base+`, "tie_word_embeddings": true}`)
	// No KV heads: 8, head dim 64/8 = 8: 2 x 4 x 8 x 8 x 2 = 1024.
	assert.Equal(t, breakeven.BytesPerToken(1024), c.Arch.BytesPerToken())
	assert.Equal(t, "MHA", c.Family)
	// attention 4 x 64 x 64 = 16384, MLP 24576: 40960 x 4 = 163840,
	// plus one tied table of 6400; active: no input table.
	assert.Equal(t, 170240.0, c.TotalParams)
	assert.Equal(t, 163840.0, c.ActiveParams)
	assert.Contains(t, c.Notes[0], "num_key_value_heads not stated")
}

func TestUntiedWhenUnstated(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 8}`)
	assert.Equal(t, 163840.0+2*6400, c.TotalParams)
	assert.Contains(t, strings.Join(c.Notes, "|"), "tie_word_embeddings not stated")
}

func TestMLA(t *testing.T) {
	c := parse(t, `{`+base+`, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16, "v_head_dim": 16, "q_lora_rank": 24, "num_key_value_heads": 8, "tie_word_embeddings": false}`)
	// 4 layers x (32 + 8) x 2 bytes = 320 B/token.
	assert.Equal(t, breakeven.BytesPerToken(320), c.Arch.BytesPerToken())
	assert.Equal(t, "MLA", c.Family)
	assert.Equal(t, []breakeven.LayerGroup{{Attention: breakeven.MLA, Layers: 4, LatentDim: 32, RopeDim: 8}}, c.Arch.Groups)
	// queries score nope + rope = 24 numbers, values 16.
	assert.Equal(t, []prefill.AttentionGroup{{Layers: 4, QueryHeads: 8, QKDim: 24, VDim: 16}}, c.Attention)
	// attention: q 64x24 + 24x(8x24) = 1536+4608, kv_a 64x40 = 2560,
	// kv_b 32x(8x32) = 8192, o 128x64 = 8192: 25088; + MLP 24576 =
	// 49664 x 4 = 198656; + 2 x 6400.
	assert.Equal(t, 211456.0, c.TotalParams)
}

// MLA without a query latent (q_lora_rank 0 or absent) projects queries
// from the hidden state; a rope dim of 0 is allowed.
func TestMLAWithoutQueryLatent(t *testing.T) {
	mla := base + `, "kv_lora_rank": 32, "qk_nope_head_dim": 16, "v_head_dim": 16, "num_key_value_heads": 8, "tie_word_embeddings": true`
	c := parse(t, `{`+mla+`, "qk_rope_head_dim": 8, "q_lora_rank": 0}`)
	// q 64 x (8 x 24) = 12288, kv_a 64 x 40 = 2560, kv_b 8192, o 8192:
	// 31232 + MLP 24576, x 4, + 6400.
	assert.Equal(t, 4*(31232+24576)+6400.0, c.TotalParams)
	z := parse(t, `{`+mla+`, "qk_rope_head_dim": 0}`)
	// 4 layers x 32 x 2 bytes.
	assert.Equal(t, breakeven.BytesPerToken(256), z.Arch.BytesPerToken())
}

func TestSlidingLayerTypes(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 2, "head_dim": 16, "sliding_window": 128,
		"layer_types": ["sliding_attention", "full_attention", "sliding_attention", "full_attention"]}`)
	// 2 full layers: 2 x 2 x 2 x 16 x 2 = 256 B/token; 2 sliding at 128.
	assert.Equal(t, breakeven.BytesPerToken(256), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(256*1000+256*128), c.Arch.CacheSize(1000))
	assert.Equal(t, "sliding window + full", c.Family)
	assert.Equal(t, 128, c.Attention[1].Window)
}

func TestSlidingWindowPattern(t *testing.T) {
	c := parse(t, `{"num_hidden_layers": 7, "hidden_size": 64, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 16,
		"vocab_size": 100, "intermediate_size": 128, "sliding_window": 32, "sliding_window_pattern": 3}`)
	// layers 3 and 6 (i+1 divisible by 3) are global: 2 global, 5 sliding.
	assert.Equal(t, 2, c.Arch.Groups[0].Layers)
	assert.Equal(t, 0, c.Arch.Groups[0].Window)
	assert.Equal(t, 5, c.Arch.Groups[1].Layers)
	assert.Equal(t, 32, c.Arch.Groups[1].Window)
}

// Which layers an interval picks: layer i when (i+1) is a multiple of it,
// on layer counts where an off-by-one changes the count; an interval of 1
// picks every layer.
func TestIntervalsCountFromLayerOne(t *testing.T) {
	layers := func(n int) string {
		return `"num_hidden_layers": ` + string(rune('0'+n)) + `, "hidden_size": 64, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 16, "vocab_size": 100, "intermediate_size": 128`
	}
	// 8 layers, pattern 3: layers 2 and 5 global, 6 sliding.
	c := parse(t, `{`+layers(8)+`, "sliding_window": 32, "sliding_window_pattern": 3}`)
	assert.Equal(t, []int{2, 6}, []int{c.Arch.Groups[0].Layers, c.Arch.Groups[1].Layers})
	// 7 layers, Llama 4's NoPE every 4th: layer 3 global, 6 chunked.
	c = parse(t, `{"model_type": "llama4_text", `+layers(7)+`, "attention_chunk_size": 64}`)
	assert.Equal(t, []int{1, 6}, []int{c.Arch.Groups[0].Layers, c.Arch.Groups[1].Layers})
	// 5 layers, full attention every 2nd: layers 1 and 3 full, 3 linear.
	c = parse(t, `{`+layers(5)+`, "linear_conv_kernel_dim": 3, "linear_key_head_dim": 8, "linear_value_head_dim": 8,
		"linear_num_key_heads": 2, "linear_num_value_heads": 4, "full_attention_interval": 2}`)
	assert.Equal(t, []int{2, 3}, []int{c.Arch.Groups[0].Layers, c.Arch.Groups[1].Layers})
	// An interval of 1: every layer full or global.
	for _, f := range []string{`"sliding_window": 32, "sliding_window_pattern": 1`, `"attention_chunk_size": 64, "no_rope_layer_interval": 1`, `"full_attention_interval": 1`} {
		c = parse(t, `{`+layers(5)+`, `+f+`}`)
		assert.Equal(t, []breakeven.LayerGroup{{Attention: breakeven.GQA, Layers: 5, KVHeads: 2, HeadDim: 16}}, c.Arch.Groups, f)
	}
}

// DeepSeek's MoE layers without first_k_dense_replace start at layer 0;
// with moe_layer_freq 2, every other layer.
func TestMoELayerFrequency(t *testing.T) {
	moe := `"num_key_value_heads": 8, "tie_word_embeddings": true, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32`
	all := parse(t, `{`+base+`, `+moe+`, "moe_layer_freq": 1}`)
	// every layer: 16384 + 24576 + 256 routed, no dense MLP.
	assert.Equal(t, 4*(16384+24576+256)+6400.0, all.TotalParams)
	half := parse(t, `{`+base+`, `+moe+`, "moe_layer_freq": 2}`)
	// layers 0 and 2 MoE, 1 and 3 dense (24576).
	assert.Equal(t, 2*(16384+24576+256)+2*(16384+24576)+6400.0, half.TotalParams)
}

// The edges of the MoE rules: two experts are a mixture; DeepSeek's
// moe_layer_freq defaults to 1; moe_layers may name one layer; Llama 4's
// interleave step 2 makes layers 1, 3, ... MoE.
func TestMoEEdges(t *testing.T) {
	three := `"num_hidden_layers": 3, "hidden_size": 64, "num_attention_heads": 8, "vocab_size": 100, "intermediate_size": 128, "tie_word_embeddings": true`
	// attention 16384; dense MLP 24576; two experts 2 x 6144 + router 128.
	two := parse(t, `{`+three+`, "num_local_experts": 2, "num_experts_per_tok": 1, "moe_intermediate_size": 32}`)
	assert.Equal(t, 3*(16384+12288+128)+6400.0, two.TotalParams)
	assert.Equal(t, "MHA, MoE", two.Family)
	moe := `"n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32`
	// first_k_dense_replace 1, frequency 1 by default: layers 1 and 2.
	k := parse(t, `{`+three+`, `+moe+`, "first_k_dense_replace": 1}`)
	assert.Equal(t, (16384+24576)+2*(16384+24576+256)+6400.0, k.TotalParams)
	// moe_layers [1]: one MoE layer.
	one := parse(t, `{`+three+`, "num_local_experts": 4, "num_experts_per_tok": 1, "moe_intermediate_size": 32, "moe_layers": [1]}`)
	assert.Equal(t, 2*(16384+24576)+(16384+24576+256)+6400.0, one.TotalParams)
	// Llama 4, step 2 over 3 layers: layer 1 MoE, with its shared expert
	// (6144); layers 0 and 2 dense at intermediate_size_mlp 16 (3072).
	l4 := parse(t, `{`+three+`, "model_type": "llama4_text", "num_local_experts": 4, "num_experts_per_tok": 1, "intermediate_size": 32,
		"intermediate_size_mlp": 16, "interleave_moe_layer_step": 2, "attention_chunk_size": 64, "no_rope_layers": [1, 1, 0]}`)
	assert.Equal(t, 2*(16384+3072)+(16384+24576+6144+256)+6400.0, l4.TotalParams)
	// Qwen's decoder_sparse_step 2 over 3 layers: layer 1 is MoE.
	sparse := parse(t, `{`+three+`, "num_experts": 4, "num_experts_per_tok": 1, "moe_intermediate_size": 32, "decoder_sparse_step": 2}`)
	assert.Equal(t, 2*(16384+24576)+(16384+24576+256)+6400.0, sparse.TotalParams)
	// A one-layer list of NoPE layers.
	nope := parse(t, `{"num_hidden_layers": 1, "hidden_size": 64, "num_attention_heads": 8, "vocab_size": 100, "intermediate_size": 128, "attention_chunk_size": 64, "no_rope_layers": [0]}`)
	assert.Equal(t, 0, nope.Arch.Groups[0].Window)
}

func TestUseSlidingWindow(t *testing.T) {
	off := parse(t, `{`+base+`, "sliding_window": 32, "use_sliding_window": false, "max_window_layers": 2}`)
	assert.Len(t, off.Arch.Groups, 1)
	assert.Equal(t, 0, off.Arch.Groups[0].Window, "a window that is not used is not a window")
	for _, f := range []string{``, `, "max_window_layers": 0`} {
		all := parse(t, `{`+base+`, "sliding_window": 32, "use_sliding_window": true`+f+`}`)
		assert.Equal(t, []breakeven.LayerGroup{{Attention: breakeven.GQA, Layers: 4, KVHeads: 8, HeadDim: 8, Window: 32}}, all.Arch.Groups, "from layer 0: %s", f)
	}
	on := parse(t, `{`+base+`, "sliding_window": 32, "use_sliding_window": true, "max_window_layers": 1}`)
	// layers 1 to 3 slide, layer 0 keeps everything.
	assert.Equal(t, 1, on.Arch.Groups[0].Layers)
	assert.Equal(t, 3, on.Arch.Groups[1].Layers)
	assert.Equal(t, 32, on.Arch.Groups[1].Window)
}

func TestMistralWindowOnEveryLayer(t *testing.T) {
	c := parse(t, `{`+base+`, "sliding_window": 32}`)
	assert.Equal(t, breakeven.BytesPerToken(0), c.Arch.BytesPerToken())
	assert.Equal(t, "sliding window", c.Family)
}

func TestChunkedNoRope(t *testing.T) {
	c := parse(t, `{`+base+`, "attention_chunk_size": 64, "no_rope_layers": [1, 0, 1, 1]}`)
	// one NoPE (global) layer, three chunked.
	assert.Equal(t, []int{1, 3}, []int{c.Arch.Groups[0].Layers, c.Arch.Groups[1].Layers})
	assert.Equal(t, 64, c.Arch.Groups[1].Window)
	assert.Equal(t, "chunked + global", c.Family)
	// Llama 4 with no list: every 4th layer is NoPE.
	l4 := parse(t, `{"text_config": {`+base+`, "model_type": "llama4_text", "attention_chunk_size": 64}}`)
	assert.Equal(t, []int{1, 3}, []int{l4.Arch.Groups[0].Layers, l4.Arch.Groups[1].Layers})
}

// Hybrid: 4 layers, every 2nd full; linear layers of 2 key heads and 4
// value heads of 8 dims, conv kernel 3.
const hybrid = base + `, "num_key_value_heads": 2, "head_dim": 16, "linear_conv_kernel_dim": 3, "linear_key_head_dim": 8,
	"linear_value_head_dim": 8, "linear_num_key_heads": 2, "linear_num_value_heads": 4`

func TestHybridLinear(t *testing.T) {
	c := parse(t, `{`+hybrid+`, "full_attention_interval": 2}`)
	// 2 full layers: 2 x 2 x 2 x 16 x 2 = 256 B/token.
	assert.Equal(t, breakeven.BytesPerToken(256), c.Arch.BytesPerToken())
	// state per linear layer: (4 x 8 x 8 + (2x2x8 + 4x8) x 3) x 2 =
	// (256 + 64 x 3) x 2 = 896 bytes; two layers.
	assert.Equal(t, breakeven.Bytes(2*896), c.Arch.FixedBytes())
	assert.Equal(t, "hybrid: linear attention + GQA", c.Family)
	assert.Len(t, c.Attention, 1, "linear layers have no quadratic term")
	same := parse(t, `{`+hybrid+`, "layer_types": ["linear_attention", "full_attention", "linear_attention", "full_attention"]}`)
	assert.Equal(t, c.Arch, same.Arch)
	// Parameters: a linear layer has in-projections 64 x (2x16 + 2x32 +
	// 2x4) = 6656, a conv of 64 channels x 3 = 192 and an out-projection
	// 32 x 64 = 2048: 8896; a full layer 20480 (q 64x128, k and v 64x32,
	// o 128x64); every layer an MLP of 24576; two untied tables of 6400.
	assert.Equal(t, 2*8896+2*20480+4*24576+2*6400.0, c.TotalParams)
	assert.Equal(t, 2*8896+2*20480+4*24576+6400.0, c.ActiveParams)
	// An output gate doubles the query projection of full layers.
	gated := parse(t, `{`+hybrid+`, "full_attention_interval": 2, "attn_output_gate": true}`)
	assert.Equal(t, c.TotalParams+2*64*128, gated.TotalParams)
	// The recurrent state in float32 doubles its part: 256 x 4 + 192 x 2.
	f32 := parse(t, `{`+hybrid+`, "full_attention_interval": 2, "mamba_ssm_dtype": "float32"}`)
	assert.Equal(t, breakeven.Bytes(2*(256*4+192*2)), f32.Arch.FixedBytes())
}

func TestMoEDeepSeekStyle(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 8, "tie_word_embeddings": true, "n_routed_experts": 4, "num_experts_per_tok": 2,
		"moe_intermediate_size": 32, "n_shared_experts": 1, "first_k_dense_replace": 1, "moe_layer_freq": 1}`)
	// layer 0 dense: 16384 attention + 24576 MLP = 40960.
	// layers 1-3: 16384 + routed 4 x 3x64x32 (24576) + shared 6144 +
	// router 256 = 47360 total, 16384 + 2 x 6144 + 6144 + 256 = 35072 active.
	assert.Equal(t, 40960+3*47360+6400.0, c.TotalParams)
	assert.Equal(t, 40960+3*35072.0, c.ActiveParams)
	assert.Equal(t, "MHA, MoE", c.Family)
}

func TestMoEQwenStyle(t *testing.T) {
	c := parse(t, `{`+base+`, "num_key_value_heads": 8, "tie_word_embeddings": true, "num_experts": 4, "num_experts_per_tok": 1,
		"moe_intermediate_size": 32, "shared_expert_intermediate_size": 16, "mlp_only_layers": [0], "decoder_sparse_step": 1}`)
	// layers 1-3: routed 24576 + shared 3x64x16 + gate 64 = 3136 +
	// router 256; active one expert 6144 + 3136 + 256.
	assert.Equal(t, 40960+3*(16384+24576+3136+256)+6400.0, c.TotalParams)
	assert.Equal(t, 40960+3*(16384+6144+3136+256.0), c.ActiveParams)
}

func TestTextConfigAndTopLevelTie(t *testing.T) {
	c := parse(t, `{"model_type": "x", "tie_word_embeddings": true, "_name_or_path": "org/x", "text_config": {`+base+`}}`)
	assert.Equal(t, 170240.0, c.TotalParams, "the top level's tie applies to the text model")
	assert.Equal(t, "org/x", c.Name)
}

func TestStatedKVType(t *testing.T) {
	for s, want := range map[string]breakeven.ElementType{
		`"quantization_config": {"kv_cache_scheme": {"num_bits": 8, "type": "int"}}`: breakeven.INT8,
		`"quantization_config": {"kv_cache_scheme": {"num_bits": 4, "type": "int"}}`: breakeven.INT4,
		`"quantization_config": {"kv_cache_quant_algo": "int8"}`:                     breakeven.INT8,
	} {
		assert.Equal(t, want, parse(t, `{`+base+`, `+s+`}`).Arch.Element, s)
	}
	for _, s := range []string{
		`"kv_cache_dtype": "fp8"`,
		`"kv_cache_dtype": "fp8_e4m3"`,
		`"quantization_config": {"kv_cache_scheme": {"num_bits": 8, "type": "float"}}`,
		`"quantization_config": {"kv_cache_quant_algo": "FP8"}`,
	} {
		c := parse(t, `{`+base+`, `+s+`}`)
		assert.Equal(t, breakeven.FP8, c.Arch.Element, s)
		// 2 x 4 x 8 x 8 x 1 byte.
		assert.Equal(t, breakeven.BytesPerToken(512), c.Arch.BytesPerToken(), s)
	}
	assert.Equal(t, breakeven.ElementType{}, parse(t, `{`+base+`}`).Arch.Element, "unstated: the caller's default")
}

// A checkpoint quantized to FP8 throughout (quant_method "fp8", as
// DeepSeek-V3's) stores a byte a weight, and its FLOP model says so; a
// dense model's MXFP4, with no experts to hold it, or another method is
// not read, and a note says the weights are taken as computed.
func TestCheckpointWeightsFromQuantMethod(t *testing.T) {
	fp8 := parse(t, `{`+base+`, "quantization_config": {"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]}}`)
	assert.Equal(t, 1.0, fp8.Weights.Bytes)
	assert.Equal(t, fp8.Weights, fp8.Prefill("x", 1e9).Checkpoint)
	assert.Equal(t, breakeven.ElementType{}, fp8.Arch.Element, "the weights' type is not the cache's")
	for _, s := range []string{`{` + base + `}`, `{` + base + `, "quantization_config": {"kv_cache_quant_algo": "fp8"}}`} {
		c := parse(t, s)
		assert.Zero(t, c.Weights, s)
		assert.Zero(t, c.Prefill("x", 1e9).Checkpoint, s)
		assert.NotContains(t, strings.Join(c.Notes, "; "), "quant_method", s)
	}
	mx := parse(t, `{`+base+`, "quantization_config": {"quant_method": "mxfp4", "modules_to_not_convert": ["model.layers.*.self_attn"]}}`)
	assert.Zero(t, mx.Weights)
	assert.Contains(t, strings.Join(mx.Notes, "; "), `quant_method "mxfp4" is not read`)
	assert.Contains(t, strings.Join(mx.Notes, "; "), "--weights int4")
	data, err := os.ReadFile("../../sources/configs/deepseek-ai--DeepSeek-V3.json")
	require.NoError(t, err)
	ds, err := Parse(data)
	require.NoError(t, err)
	assert.Equal(t, 1.0, ds.Weights.Bytes, "DeepSeek-V3's published checkpoint is FP8")

	// gpt-oss-120b: its routed experts (36 layers x 128 experts x a
	// 2880 x 5760 gate-up and a 2880 x 2880 down matrix) in MXFP4, 4 bits
	// and an 8-bit scale per 32; the rest (attention, router, embeddings,
	// head: modules_to_not_convert) in BF16.
	data, err = os.ReadFile("../../sources/configs/openai--gpt-oss-120b.json")
	require.NoError(t, err)
	oss, err := Parse(data)
	require.NoError(t, err)
	experts := 36 * 128 * 3 * 2880.0 * 2880
	assert.Greater(t, experts/oss.TotalParams, 0.9, "OpenAI: the MoE weights are 90+% of the parameters")
	assert.InEpsilon(t, (experts*4.25/8+(oss.TotalParams-experts)*2)/oss.TotalParams, oss.Weights.Bytes, 1e-12)
	assert.Contains(t, oss.Weights.Name, "MXFP4 experts")
	// Kimi K2.5 (compressed-tensors): the routed experts of its 60 MoE
	// layers (384 of 3 x 7168 x 2048) in INT4 with a 16-bit scale per 32,
	// 4.5 bits; attention, shared experts, the dense first MLP and the
	// head (its ignore list) in BF16.
	data, err = os.ReadFile("../../sources/configs/moonshotai--Kimi-K2.5.json")
	require.NoError(t, err)
	k25, err := Parse(data)
	require.NoError(t, err)
	routed := 60 * 384 * 3 * 7168 * 2048.0
	assert.InEpsilon(t, (routed*4.5/8+(k25.TotalParams-routed)*2)/k25.TotalParams, k25.Weights.Bytes, 1e-12)
	assert.Equal(t, "INT4 experts (a 16-bit scale per 32), the rest BF16: the checkpoint's", k25.Weights.Name)
	assert.NotContains(t, strings.Join(k25.Notes, "; "), "quant_method")
	// compressed-tensors that may quantize the shared experts too is not
	// read.
	ct := parse(t, `{`+base+`, "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "quantization_config": {"quant_method": "compressed-tensors", "ignore": ["re:.*self_attn.*"], "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "int", "strategy": "group", "group_size": 32}}}}}`)
	assert.Zero(t, ct.Weights)
	assert.Contains(t, strings.Join(ct.Notes, "; "), `quant_method "compressed-tensors" is not read`)
	// MXFP4 named without attention kept out is not read.
	part := parse(t, `{`+base+`, "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "quantization_config": {"quant_method": "mxfp4"}}`)
	assert.Zero(t, part.Weights)
	assert.Contains(t, strings.Join(part.Notes, "; "), `quant_method "mxfp4" is not read`)
}

// A compressed-tensors group is read from 1 bit and a group of 1 up to
// 15 bits; a width of 0 or 16 and more, or a group of 0, is not.
func TestCompressedTensorsWidthsRead(t *testing.T) {
	ct := func(bits, group int) Config {
		return parse(t, fmt.Sprintf(`{`+base+`, "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "quantization_config": {"quant_method": "compressed-tensors", "ignore": ["re:.*self_attn.*", "re:.*shared_experts.*"], "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": %d, "type": "int", "strategy": "group", "group_size": %d}}}}}`, bits, group))
	}
	for _, c := range []struct{ bits, group int }{{1, 32}, {15, 32}, {4, 1}} {
		w := ct(c.bits, c.group).Weights
		assert.Positive(t, w.Bytes, c)
		assert.Contains(t, w.Name, fmt.Sprintf("INT%d experts (a 16-bit scale per %d)", c.bits, c.group), c)
	}
	for _, c := range []struct{ bits, group int }{{0, 32}, {16, 32}, {4, 0}} {
		assert.Zero(t, ct(c.bits, c.group).Weights, c)
	}
}

// Each bad config gets one line naming the field, with an example.
func TestErrors(t *testing.T) {
	cases := []struct{ config, want string }{
		{`{"hidden_size": 64}`, `config.json field "num_hidden_layers": missing (e.g. "num_hidden_layers": 80)`},
		{`{` + base + `, "num_key_value_heads": 3}`, `config.json field "num_key_value_heads": 3 does not divide num_attention_heads 8 (e.g. "num_key_value_heads": 8)`},
		{`{` + base + `, "layer_types": ["full_attention"]}`, `config.json field "layer_types": lists 1 layers but num_hidden_layers is 4 (e.g. "layer_types": ["sliding_attention", "full_attention", ...])`},
		{`{` + base + `, "layer_types": ["full_attention", "x", "full_attention", "full_attention"]}`, `config.json field "layer_types": layer 1 is "x" (known: full_attention, sliding_attention, chunked_attention, linear_attention, deepseek_sparse_attention) (e.g. "layer_types": ["sliding_attention", "full_attention", ...])`},
		{`{` + base + `, "layer_types": ["full_attention", "sliding_attention", "full_attention", "full_attention"]}`, `config.json field "sliding_window": missing (e.g. "sliding_window": 4096)`},
		{`{` + base + `, "attention_chunk_size": 64}`, `config.json field "no_rope_layers": attention_chunk_size needs the layers that attend globally (no_rope_layers or no_rope_layer_interval) (e.g. "no_rope_layers": [1, 1, 1, 0, ...])`},
		{`{` + base + `, "num_kv_shared_layers": 2}`, `config.json field "num_kv_shared_layers": 2: layers sharing another layer's KV cache (Gemma 3n) is not modelled; give the architecture by hand (--layers, --kv-heads, --head-dim) (e.g. "num_kv_shared_layers": 0)`},
		{`{` + base + `, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "v_head_dim": 16}`, `config.json field "qk_nope_head_dim": missing (e.g. "qk_nope_head_dim": 128)`},
		{`{` + base + `, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16, "v_head_dim": 16, "head_dim": 40}`, `config.json field "head_dim": 40 contradicts the MLA dims (qk_rope_head_dim 8, qk_nope_head_dim 16) (e.g. "head_dim": 8)`},
		{`{` + hybrid + `, "full_attention_interval": 2, "layer_types": ["full_attention", "linear_attention", "full_attention", "linear_attention"]}`, `config.json field "full_attention_interval": 2 contradicts layer_types at layer 0 (full_attention) (e.g. "full_attention_interval": 2)`},
		{`{` + base + `, "num_experts": 4, "num_experts_per_tok": 5, "moe_intermediate_size": 8}`, `config.json field "num_experts_per_tok": 5 is more than the 4 experts (e.g. "num_experts_per_tok": 4)`},
		{`{` + base + `, "num_experts": 16, "num_experts_per_tok": 17, "moe_intermediate_size": 8}`, `config.json field "num_experts_per_tok": 17 is more than the 16 experts (e.g. "num_experts_per_tok": 8)`},
		{`{` + base + `, "max_position_embeddings": 0}`, `config.json field "max_position_embeddings": 0: need a positive number (e.g. "max_position_embeddings": 131072)`},
		{`{` + base + `, "head_dim": 0}`, `config.json field "head_dim": 0: need a positive number (e.g. "head_dim": 128)`},
		{`{` + base + `, "text_config": 1}`, `config.json field "text_config": not an object (e.g. "text_config": {"num_hidden_layers": 48, ...})`},
		{`{` + base + `, "num_experts": 4, "moe_intermediate_size": 8}`, `config.json field "num_experts_per_tok": missing (e.g. "num_experts_per_tok": 8)`},
		{`{` + base + `, "kv_cache_dtype": "fp5"}`, `config.json field "kv_cache_dtype": "fp5": unknown type (known: bf16, fp16, fp8, int8, int4, fp32) (e.g. "kv_cache_dtype": "fp8")`},
		{`{"num_hidden_layers": "eighty"}`, `config.json field "num_hidden_layers": is a string where a number belongs`},
		{`not json`, `config.json: not a JSON object (invalid character 'o' in literal null (expecting 'u')) (e.g. {"num_hidden_layers": 80, ...})`},
		{`{` + base + `, "qk_rope_head_dim": 64}`, `config.json field "qk_rope_head_dim": an MLA dim without kv_lora_rank; give the latent rank too, or leave the MLA dims out (e.g. "kv_lora_rank": 512)`},
		{`{` + hybrid + `}`, `config.json field "linear_num_value_heads": linear-attention dims but no linear layers; give layer_types or full_attention_interval (e.g. "full_attention_interval": 4)`},
		{`{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 8, "vocab_size": 100}`, `config.json field "intermediate_size": missing (e.g. "intermediate_size": 28672)`},
		{`{` + base + `, "num_experts": 4, "num_experts_per_tok": 2, "intermediate_size": null}`, `config.json field "moe_intermediate_size": missing (e.g. "moe_intermediate_size": 2048)`},
		{`{` + base + `, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "first_k_dense_replace": 1, "intermediate_size": null}`, `config.json field "intermediate_size": missing (e.g. "intermediate_size": 28672)`},
		{`{` + base + `, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "moe_layer_freq": 0}`, `config.json field "moe_layer_freq": 0: need a positive number (e.g. "moe_layer_freq": 1)`},
		{`{` + base + `, "sliding_window": 8, "sliding_window_pattern": 0}`, `config.json field "sliding_window_pattern": 0: need a positive number of layers (e.g. "sliding_window_pattern": 6)`},
		{`{` + base + `, "attention_chunk_size": 8, "no_rope_layer_interval": 0}`, `config.json field "no_rope_layer_interval": 0: need a positive number of layers (e.g. "no_rope_layer_interval": 4)`},
		{`{` + base + `, "full_attention_interval": 0}`, `config.json field "full_attention_interval": 0: need a positive number of layers (e.g. "full_attention_interval": 4)`},
		{`{` + base + `, "attention_chunk_size": 8, "no_rope_layers": [1, 0]}`, `config.json field "no_rope_layers": lists 2 layers but num_hidden_layers is 4 (e.g. "no_rope_layers": [1, 1, 1, 0, ...])`},
		{`{` + base + `, "use_sliding_window": true}`, `config.json field "sliding_window": missing while use_sliding_window is true (e.g. "sliding_window": 32768)`},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.config))
		var e *Error
		if assert.ErrorAs(t, err, &e, c.config) {
			assert.Equal(t, c.want, err.Error())
			assert.NotContains(t, err.Error(), "\n")
		}
	}
	for _, n := range []int{5, 2, 4, 8} {
		_, err := Parse([]byte(`{` + base + `, "num_key_value_heads": 3, "num_attention_heads": ` + string(rune('0'+n)) + `}`))
		want := n
		if n == 5 {
			want = 1
		}
		assert.ErrorContains(t, err, `(e.g. "num_key_value_heads": `+string(rune('0'+want))+`)`, "the example divides the heads")
	}
	_, err := Parse(make([]byte, MaxConfigBytes+1))
	assert.EqualError(t, err, "config.json: file of 16777217 bytes is too large for a config (at most 16777216)")
}

// BenchmarkParse reads the largest kept config (Qwen3.5-27B's, with a
// text_config, 64 layer types and a vision_config).
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("../../sources/configs/Qwen--Qwen3.5-27B.json")
	require.NoError(b, err)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// The prefill's communication shape is read from the config: DeepSeek-V3
// has hidden_size 7168, 8 experts a token, and its first 3 of 61 layers
// dense (first_k_dense_replace 3), so 58 MoE layers; Llama 3.1 405B is
// dense, hidden_size 16384.
func TestPrefillCarriesTheCommunicationShape(t *testing.T) {
	data, err := os.ReadFile("../../sources/configs/deepseek-ai--DeepSeek-V3.json")
	require.NoError(t, err)
	c, err := Parse(data)
	require.NoError(t, err)
	pm := c.Prefill("DeepSeek-V3", 37e9)
	assert.Equal(t, [3]int{7168, 61 - 3, 8}, [3]int{pm.Hidden, pm.MoELayers, pm.ExpertsPerToken})
	data, err = os.ReadFile("../../sources/configs/meta-llama--Meta-Llama-3.1-405B.json")
	require.NoError(t, err)
	c, err = Parse(data)
	require.NoError(t, err)
	pm = c.Prefill("Llama 3.1 405B", 405e9)
	assert.Equal(t, [3]int{16384, 0, 0}, [3]int{pm.Hidden, pm.MoELayers, pm.ExpertsPerToken})
	// Its untied output head, vocab 128,256 x hidden 16,384, for the
	// prefill's last token only.
	assert.Equal(t, 128256.0*16384, pm.Head)
}

// The output head the prefill sends only its last token through is the
// untied one (vocab 100 x hidden 64 = 6,400, counted in the active
// parameters), also where the tie is not stated; a tied table is not in
// the active parameters, so there is no head to take out.
func TestTheHeadIsTheUntiedOutputTable(t *testing.T) {
	untied := parse(t, `{`+base+`, "num_key_value_heads": 2, "tie_word_embeddings": false}`)
	assert.Equal(t, 6400.0, untied.Head)
	assert.Equal(t, 6400.0, untied.Prefill("x", untied.ActiveParams).Head)
	assert.Equal(t, 6400.0, parse(t, `{`+base+`, "num_key_value_heads": 8}`).Head)
	assert.Zero(t, parse(t, `{`+base+`, "tie_word_embeddings": true}`).Head)
}

// A KV-cache scheme of 0 bits is read as a number (it is in range) and
// refused as a type no engine stores, naming the scheme with a valid
// one; one of more than 64 bits is refused as a number.
func TestAKVCacheSchemeOfZeroBitsIsAnUnknownType(t *testing.T) {
	_, err := Parse([]byte(`{` + base + `, "quantization_config": {"kv_cache_scheme": {"num_bits": 0, "type": "float"}}}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `0-bit "float" is not a known KV-cache type`)
	assert.Contains(t, err.Error(), `"kv_cache_scheme": {"num_bits": 8, "type": "float"}`)
	_, err = Parse([]byte(`{` + base + `, "quantization_config": {"kv_cache_scheme": {"num_bits": 65, "type": "float"}}}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "num_bits")
	assert.NotContains(t, err.Error(), "not a known KV-cache type")
}

// NVIDIA's GLM-5.2 checkpoint names its DSA layers
// deepseek_sparse_attention: layers that keep every token, read as such
// where the config gives the indexer's index_topk, refused where not.
func TestDeepSeekSparseAttentionLayersNeedTheIndexer(t *testing.T) {
	mla := base + `, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qk_nope_head_dim": 16, "v_head_dim": 16, "index_head_dim": 4`
	dsaLayers := `, "layer_types": ["deepseek_sparse_attention", "deepseek_sparse_attention", "deepseek_sparse_attention", "deepseek_sparse_attention"]`
	named := parse(t, `{`+mla+`, "index_topk": 2`+dsaLayers+`}`)
	plain := parse(t, `{`+mla+`, "index_topk": 2}`)
	assert.Equal(t, plain.Arch, named.Arch)
	assert.Equal(t, plain.Attention, named.Attention)
	_, err := Parse([]byte(`{` + base + dsaLayers + `}`))
	assert.ErrorContains(t, err, `config.json field "layer_types": layer 0 is deepseek_sparse_attention, but the config gives no index_topk`)
}

// NVIDIA ModelOpt's older exports name the KV-cache scheme as a string
// ("kv_cache_scheme": "FP8", as Qwen's FP8-Static-PerTensor checkpoint
// does), not as the object compressed-tensors writes: read, 2 x 4 x 8 x 8
// bytes a token at one byte; an empty name is unstated, and an unknown one
// is refused with a valid line.
func TestKVCacheSchemeGivenAsAName(t *testing.T) {
	for s, want := range map[string]breakeven.ElementType{`"FP8"`: breakeven.FP8, `"fp8"`: breakeven.FP8, `"INT8"`: breakeven.INT8} {
		c := parse(t, `{`+base+`, "quantization_config": {"kv_cache_scheme": `+s+`}}`)
		assert.Equal(t, want, c.Arch.Element, s)
		assert.Equal(t, breakeven.BytesPerToken(512), c.Arch.BytesPerToken(), s)
	}
	assert.Equal(t, breakeven.ElementType{}, parse(t, `{`+base+`, "quantization_config": {"kv_cache_scheme": ""}}`).Arch.Element)
	_, err := Parse([]byte(`{` + base + `, "quantization_config": {"kv_cache_scheme": "NVFP4"}}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"NVFP4": unknown KV-cache type`)
	assert.Contains(t, err.Error(), `"kv_cache_scheme": "FP8"`)
}

// ModelOpt states its scheme in quant_algo, with quant_method "modelopt"
// or none at all: FP8 is a byte a weight, as quant_method "fp8" is; its
// NVFP4 is not read, and the note names quant_algo rather than an empty
// quant_method.
func TestModelOptFP8WeightsAreReadFromQuantAlgo(t *testing.T) {
	for _, q := range []string{`{"quant_algo": "FP8", "kv_cache_scheme": "FP8"}`, `{"quant_method": "modelopt", "quant_algo": "FP8"}`} {
		c := parse(t, `{`+base+`, "quantization_config": `+q+`}`)
		assert.Equal(t, 1.0, c.Weights.Bytes, q)
		assert.Equal(t, c.Weights, c.Prefill("x", 1e9).Checkpoint, q)
	}
	nv := parse(t, `{`+base+`, "quantization_config": {"quant_method": "modelopt", "quant_algo": "NVFP4"}}`)
	assert.Zero(t, nv.Weights)
	assert.Contains(t, strings.Join(nv.Notes, "; "), `quant_algo "NVFP4" is not read`)
}

// NVIDIA's NVFP4 checkpoint of Kimi K2.6 (kept in sources): its routed
// experts (60 MoE layers of 384 of 3 x 7168 x 2048) in 4-bit floats with
// an FP8 scale per 16, 4.5 bits; attention, the dense first layer, the
// shared experts and the head, which its ignore list keeps out, and the
// embedding in BF16.
func TestModelOptNVFP4ExpertsAreReadInAMixture(t *testing.T) {
	data, err := os.ReadFile("../../sources/configs/nvidia--Kimi-K2.6-NVFP4.json")
	require.NoError(t, err)
	k, err := Parse(data)
	require.NoError(t, err)
	routed := 60 * 384 * 3 * 7168 * 2048.0
	assert.InEpsilon(t, (routed*4.5/8+(k.TotalParams-routed)*2)/k.TotalParams, k.Weights.Bytes, 1e-12)
	assert.Contains(t, k.Weights.Name, "NVFP4 experts (an FP8 scale per 16)")
}

// A dense model's NVFP4 checkpoint with attention kept out stores its MLPs
// in 4-bit floats with an FP8 scale per 16 and the rest in BF16. The base
// config: 4 MLPs of 3 x 64 x 128 = 98,304 weights; 176,640 in all (an
// untied 100 x 64 embedding and head, 4 layers of 4 x 64 x 64 multi-head
// attention), so (98,304 x 4.5/8 + 78,336 x 2) / 176,640 = 1.2 B a weight.
// NVIDIA's Gemma 4 31B (its kept config): 60 MLPs of 3 x 5376 x 21504.
// Where the list keeps an MLP, or a whole layer, out too, the weights are
// not read, and the note says so.
func TestModelOptNVFP4MLPsAreReadInADenseModel(t *testing.T) {
	group := `"config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "float", "group_size": 16}}}`
	nvfp4 := func(ignore string) string {
		return `{` + base + `, "quantization_config": {"quant_method": "modelopt", "quant_algo": "NVFP4", "ignore": [` + ignore + `], ` + group + `}}`
	}
	dense := parse(t, nvfp4(`"lm_head", "model.layers.*.self_attn*"`))
	assert.InDelta(t, 1.2, dense.Weights.Bytes, 1e-12)
	assert.Equal(t, "NVFP4 MLPs (an FP8 scale per 16), the rest BF16: the checkpoint's", dense.Weights.Name)

	data, err := os.ReadFile("../../sources/configs/nvidia--Gemma-4-31B-IT-NVFP4.json")
	require.NoError(t, err)
	g, err := Parse(data)
	require.NoError(t, err)
	mlp := 60 * 3 * 5376 * 21504.0
	assert.InEpsilon(t, (mlp*4.5/8+(g.TotalParams-mlp)*2)/g.TotalParams, g.Weights.Bytes, 1e-12)

	for _, ignore := range []string{`"lm_head", "model.layers.*.self_attn*", "model.layers.0.mlp*"`, `"lm_head", "model.layers.*.self_attn*", "model.layers.2*"`} {
		c := parse(t, nvfp4(ignore))
		assert.Zero(t, c.Weights, ignore)
		assert.Contains(t, strings.Join(c.Notes, "; "), `quant_algo "NVFP4" is not read`, ignore)
	}
}

// Where ModelOpt's list keeps out only the head and the routers, every
// linear layer is NVFP4 and the embedding, head and routers BF16. The
// base config: 12,800 of its 176,640 weights are the untied 100 x 64
// embedding and head, so (163,840 x 4.5/8 + 12,800 x 2) / 176,640 = 2/3 B
// a weight. NVIDIA's Qwen3-235B-A22B checkpoint (its hf_quant_config.json
// keeps out lm_head and every mlp.gate; its config.json is Qwen's kept
// one): 151,936 x 4096 twice, and 94 routers of 4096 x 128, in BF16.
// A list that keeps out a whole layer, or a projection, is not read.
func TestModelOptNVFP4OfEveryLinearLayerIsRead(t *testing.T) {
	group := `"config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "float", "group_size": 16}}}`
	nvfp4 := func(ignore string) string {
		return `{` + base + `, "quantization_config": {"quant_method": "modelopt", "quant_algo": "NVFP4", "ignore": [` + ignore + `], ` + group + `}}`
	}
	all := parse(t, nvfp4(`"lm_head"`))
	assert.InDelta(t, 2.0/3, all.Weights.Bytes, 1e-12)
	assert.Equal(t, "NVFP4 (an FP8 scale per 16), the embedding, head and routers BF16: the checkpoint's", all.Weights.Name)

	data, err := os.ReadFile("../../sources/configs/Qwen--Qwen3-235B-A22B.json")
	require.NoError(t, err)
	q, err := ParseWithQuant(data, []byte(`{"producer": {"name": "modelopt", "version": "0.33.0"},
		"quantization": {"quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "group_size": 16, "exclude_modules": ["lm_head", "model.layers.0.mlp.gate", "model.layers.93.mlp.gate"]}}`))
	require.NoError(t, err)
	kept := 2*151936*4096.0 + 94*4096*128
	assert.InEpsilon(t, ((q.TotalParams-kept)*4.5/8+kept*2)/q.TotalParams, q.Weights.Bytes, 1e-12)
	assert.Equal(t, breakeven.FP8, q.Arch.Element)

	for _, ignore := range []string{`"lm_head", "model.layers.0*"`, `"lm_head", "model.layers.0.mlp.gate_proj"`, `"lm_head", "model.layers.3.mlp.down_proj"`} {
		c := parse(t, nvfp4(ignore))
		assert.Zero(t, c.Weights, ignore)
		assert.Contains(t, strings.Join(c.Notes, "; "), `quant_algo "NVFP4" is not read`, ignore)
	}
}

// A config saved from a local directory names it in _name_or_path; the
// model is called by the directory's last element, while a Hugging Face
// repository id ("org/name") is kept whole.
func TestNameFromALocalCheckpointDirectory(t *testing.T) {
	for path, want := range map[string]string{
		"/opt/ckpts/Llama-3.1-70B-Instruct/": "Llama-3.1-70B-Instruct",
		"./out/qwen3-32b-fp8":                "qwen3-32b-fp8",
		`C:\\models\\Mistral-7B`:             "Mistral-7B",
		"models/ft/run-3/":                   "run-3",
		"/Llama-3.1-8B":                      "Llama-3.1-8B",
		"Qwen/Qwen3-32B":                     "Qwen/Qwen3-32B",
		"gpt2":                               "gpt2",
		"/":                                  "/",
	} {
		assert.Equal(t, want, parse(t, `{`+base+`, "_name_or_path": "`+path+`"}`).Name, path)
	}
}
