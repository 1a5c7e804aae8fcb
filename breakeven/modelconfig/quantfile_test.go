package modelconfig

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// NVIDIA ModelOpt's checkpoints keep their quantization in an
// hf_quant_config.json beside config.json. Read with it, the small GQA
// config below (4 layers, 2 KV heads of 8) stores FP8 weights, a byte
// each, and an FP8 cache: 4 x 2 x 8 x 2 (keys and values) x 1 B = 128 B a
// token, where config.json alone gives 16-bit elements and no stored
// weights (the caller's). A note says which file was read.
func TestHFQuantConfigBesideConfigJSONSetsWeightsAndCache(t *testing.T) {
	cfg := []byte(`{` + base + `, "num_key_value_heads": 2}`)
	quant := []byte(`{"producer": {"name": "modelopt", "version": "0.23.0"},
		"quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8", "exclude_modules": ["lm_head"]}}`)

	alone, err := Parse(cfg)
	require.NoError(t, err)
	assert.Zero(t, alone.Weights)
	assert.Zero(t, alone.Arch.Element)

	c, err := ParseWithQuant(cfg, quant)
	require.NoError(t, err)
	assert.Equal(t, 1.0, c.Weights.Bytes)
	assert.Equal(t, breakeven.FP8, c.Arch.Element)
	assert.Equal(t, breakeven.BytesPerToken(4*2*8*2*1), c.Arch.BytesPerToken())
	assert.Contains(t, strings.Join(c.Notes, "; "), "quantization read from the hf_quant_config.json beside config.json (NVIDIA ModelOpt's): quant_algo FP8, kv_cache_quant_algo FP8")

	// A file that quantizes only the cache (quant_algo null) leaves the
	// weights the caller's, with no note that a scheme went unread.
	kvOnly, err := ParseWithQuant(cfg, []byte(`{"quantization": {"quant_algo": null, "kv_cache_quant_algo": "FP8"}}`))
	require.NoError(t, err)
	assert.Zero(t, kvOnly.Weights)
	assert.Equal(t, breakeven.FP8, kvOnly.Arch.Element)
	assert.NotContains(t, strings.Join(kvOnly.Notes, "; "), "is not read")
}

// NVIDIA's NVFP4 checkpoint of DeepSeek-V3.1 (its config kept in sources)
// has no quantization_config; its hf_quant_config.json (the fields below
// as aiconfigurator keeps it) gives NVFP4 with a scale per 16 and keeps
// attention's projections out. The routed experts, 58 MoE layers of 256 of
// 3 x 7168 x 2048, are counted at 4 + 8/16 bits and the rest in BF16; the
// cache of its 61 MLA layers (512 + 64 numbers) is 61 x 576 x 1 B in FP8.
func TestHFQuantConfigReadsNVFP4ExpertsOfAMixture(t *testing.T) {
	cfg, err := os.ReadFile("../../sources/configs/nvidia--DeepSeek-V3.1-NVFP4.json")
	require.NoError(t, err)
	quant := []byte(`{"producer": {"name": "modelopt"}, "quantization": {"quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "group_size": 16,
		"exclude_modules": ["lm_head", "model.layers.61*", "model.layers.0.self_attn.kv_a_proj_with_mqa", "model.layers.0.self_attn.q_b_proj"]}}`)
	c, err := ParseWithQuant(cfg, quant)
	require.NoError(t, err)
	routed := 58 * 256 * 3 * 7168 * 2048.0
	assert.InEpsilon(t, (routed*4.5/8+(c.TotalParams-routed)*2)/c.TotalParams, c.Weights.Bytes, 1e-12)
	assert.Contains(t, c.Weights.Name, "NVFP4 experts (an FP8 scale per 16)")
	assert.Equal(t, breakeven.BytesPerToken(61*576), c.Arch.BytesPerToken())

	// Without the file the same config reads as BF16 weights (none
	// stated) and a 16-bit cache, twice the bytes.
	alone, err := Parse(cfg)
	require.NoError(t, err)
	assert.Zero(t, alone.Weights)
	assert.Equal(t, 2*c.Arch.BytesPerToken(), alone.Arch.BytesPerToken())
}

// Where config.json has a quantization_config of its own (ModelOpt's newer
// exports write the scheme in both files), that one is read; a note says
// the file beside it was not, only where the two name other schemes.
func TestConfigJSONsOwnQuantizationIsReadBeforeTheFileBesideIt(t *testing.T) {
	cfg := []byte(`{` + base + `, "quantization_config": {"quant_method": "modelopt", "quant_algo": "FP8"}}`)
	same, err := ParseWithQuant(cfg, []byte(`{"quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8"}}`))
	require.NoError(t, err)
	assert.Equal(t, 1.0, same.Weights.Bytes)
	assert.Zero(t, same.Arch.Element, "the cache type is config.json's: unstated there")
	assert.NotContains(t, strings.Join(same.Notes, "; "), QuantFile)

	other, err := ParseWithQuant(cfg, []byte(`{"quantization": {"quant_algo": "NVFP4", "group_size": 16}}`))
	require.NoError(t, err)
	assert.Equal(t, 1.0, other.Weights.Bytes)
	assert.Contains(t, strings.Join(other.Notes, "; "), `the hf_quant_config.json beside it, which says quant_algo "NVFP4", is not read`)
}

// A bad hf_quant_config.json is one line naming that file and the field,
// with a valid line; the config itself is not blamed.
func TestABadHFQuantConfigNamesItsFileAndField(t *testing.T) {
	cfg := []byte(`{` + base + `}`)
	for quant, want := range map[string]string{
		`{"producer": {}}`:                    `hf_quant_config.json field "quantization": missing (e.g. "quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8"})`,
		`not json`:                            `hf_quant_config.json: not a JSON object`,
		`{"quantization": {"quant_algo": 5}}`: `hf_quant_config.json field "quantization.quant_algo": is a number where a string belongs`,
		`{"quantization": {"exclude_modules": "lm_head"}}`:           `hf_quant_config.json field "quantization.exclude_modules": is a string where a list belongs`,
		`{"quantization": {"quant_algo": "NVFP4", "group_size": 0}}`: `hf_quant_config.json field "quantization.group_size": 0: below 1`,
		`{"quantization": {"kv_cache_quant_algo": "FP4"}}`:           `hf_quant_config.json field "quantization.kv_cache_quant_algo": "FP4": unknown KV-cache type (known: FP8, INT8)`,
	} {
		_, err := ParseWithQuant(cfg, []byte(quant))
		require.Error(t, err, quant)
		var ce *Error
		require.ErrorAs(t, err, &ce, quant)
		assert.Equal(t, QuantFile, ce.File, quant)
		assert.Contains(t, err.Error(), want, quant)
		line := FieldError("config", "ckpt/config.json", err).Error()
		assert.Contains(t, line, "hf_quant_config.json", quant)
		assert.NotRegexp(t, `(^|[^_])config\.json field`, line, quant)
		assert.NotContains(t, line, "\n", quant)
	}
}

// NVIDIA's NVFP4 checkpoint of Nemotron 3 Nano keeps its mixers'
// projections (attention's q_proj and o_proj among them, and the Mamba
// layers' in_proj and out_proj) out by name, as its hf_quant_config.json
// lists them; its routed experts are NVFP4: 23 layers of 128 ungated
// experts of 2 x 2688 x 1856, at 4.5 bits, the rest BF16 (the kept BF16
// checkpoint's config has the same shapes).
func TestHFQuantConfigReadsNVFP4ExpertsOfAHybrid(t *testing.T) {
	cfg, err := os.ReadFile("../../sources/configs/nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json")
	require.NoError(t, err)
	quant := []byte(`{"producer": {"name": "modelopt", "version": "0.29.0"}, "quantization": {"quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "group_size": 16,
		"exclude_modules": ["backbone.layers.0.mixer.in_proj", "backbone.layers.0.mixer.out_proj", "backbone.layers.0.mixer.conv1d", "backbone.layers.5.mixer.q_proj", "backbone.layers.5.mixer.k_proj", "backbone.layers.5.mixer.v_proj", "backbone.layers.5.mixer.o_proj", "lm_head"]}}`)
	c, err := ParseWithQuant(cfg, quant)
	require.NoError(t, err)
	routed := 23 * 128 * 2 * 2688 * 1856.0
	assert.InEpsilon(t, (routed*4.5/8+(c.TotalParams-routed)*2)/c.TotalParams, c.Weights.Bytes, 1e-12)
	assert.Contains(t, c.Weights.Name, "NVFP4 experts (an FP8 scale per 16)")
}

// An ignore list that keeps a whole layer of experts out leaves them in
// BF16, which a count of every routed expert at 4.5 bits would understate:
// it is not read. A layer past the last (DeepSeek's multi-token-prediction
// layer, "model.layers.61*" of 61) is not counted, and the list reads; so
// does one keeping out a dense first layer (Kimi K2.6's "layers.0*"), or a
// layer of a module outside the model's (Qwen3.5's "mtp.layers.0*").
func TestNVFP4WithAWholeLayerOfExpertsKeptOutIsNotRead(t *testing.T) {
	moe := `"num_hidden_layers": 4, "hidden_size": 64, "num_attention_heads": 8, "num_key_value_heads": 2, "vocab_size": 100,
		"intermediate_size": 128, "max_position_embeddings": 4096, "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32, "mlp_only_layers": [0]`
	read := func(ignore string) Config {
		c, err := ParseWithQuant([]byte(`{`+moe+`}`), []byte(`{"quantization": {"quant_algo": "NVFP4", "group_size": 16, "exclude_modules": [`+ignore+`]}}`))
		require.NoError(t, err, ignore)
		return c
	}
	for _, ignore := range []string{`"model.layers.2*"`, `"model.layers.2.*"`, `"model.layers.3"`} {
		c := read(`"lm_head", "model.layers.1.self_attn*", ` + ignore)
		assert.Zero(t, c.Weights, ignore)
		assert.Contains(t, strings.Join(c.Notes, "; "), `hf_quant_config.json quant_algo "NVFP4" is not read`, ignore)
	}
	for _, ignore := range []string{`"model.layers.4*"`, `"model.layers.0*"`, `"model.layers.12.self_attn*"`, `"mtp.layers.2*"`, `"model.visual.layers.2*"`} {
		c := read(`"lm_head", "model.layers.1.self_attn*", ` + ignore)
		assert.Contains(t, c.Weights.Name, "NVFP4 experts", ignore)
	}
}
