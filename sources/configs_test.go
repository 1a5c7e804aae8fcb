package sources

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/modelconfig"
	"signalweight.dev/kv/breakeven/prefill"
)

// Every file in configs/ is listed once, with a registered source that
// was read, and parses.
func TestConfigFilesListedAndRegistered(t *testing.T) {
	entries, err := configFS.ReadDir("configs")
	require.NoError(t, err)
	var onDisk, listed []string
	for _, e := range entries {
		onDisk = append(onDisk, e.Name())
	}
	for _, f := range ConfigFiles {
		listed = append(listed, f.File)
		s, ok := Lookup(f.Source)
		if assert.True(t, ok, f.File) {
			assert.Equal(t, Read, s.Access, f.File)
			assert.Contains(t, s.URL, "http", f.File)
		}
		if s.URL != "" && strings.Contains(s.URL, "/tree/") {
			assert.NotEmpty(t, f.Path, "%s: a file in a repository tree needs its path", f.File)
		}
		assert.NotPanics(t, func() { KeptConfig(f.File) }, f.File)
	}
	sort.Strings(onDisk)
	sort.Strings(listed)
	assert.Equal(t, onDisk, listed)
	assert.GreaterOrEqual(t, len(ConfigFiles), 15)
	// Across all families.
	families := map[string]bool{}
	for _, f := range ConfigFiles {
		c := KeptConfig(f.File)
		families[strings.TrimSuffix(c.Family, ", MoE")] = true
		if strings.HasSuffix(c.Family, ", MoE") {
			families["MoE"] = true
		}
	}
	for _, f := range []string{"GQA", "MLA", "sliding window + full", "chunked + global", "hybrid: linear attention + GQA", "MoE"} {
		assert.True(t, families[f], "no kept config of family %q", f)
	}
}

// The kept configs, worked by hand from the figures in each file at 2
// bytes per element (GQA: 2 x full layers x KV heads x head dim x 2; MLA:
// layers x (kv_lora_rank + qk_rope_head_dim) x 2), and the fixed state of
// the hybrid ones (per Gated DeltaNet layer: (value heads x key dim x
// value dim x recurrent bytes + (2 x key heads x key dim + value heads x
// value dim) x conv kernel x 2)).
func TestKeptConfigsByHand(t *testing.T) {
	cases := []struct {
		file  string
		bpt   float64
		fixed float64
	}{
		{"meta-llama--Meta-Llama-3.1-70B.json", 327680, 0}, // 2 x 80 x 8 x 128 x 2
		{"meta-llama--Llama-3.3-70B-Instruct.json", 2 * 80 * 8 * 128 * 2, 0},
		{"perplexity-ai--r1-1776-distill-llama-70b.json", 2 * 80 * 8 * 128 * 2, 0},
		{"meta-llama--Meta-Llama-3.1-405B.json", 516096, 0}, // the post's figure
		{"meta-llama--Llama-3.2-3B-Instruct.json", 2 * 28 * 8 * 128 * 2, 0},
		{"Qwen--Qwen2.5-7B-Instruct.json", 2 * 28 * 4 * (3584 / 28) * 2, 0},
		// The engine's two shapes: head_dim stated (64), and 896 / 14.
		{"HuggingFaceTB--SmolLM2-135M.json", 2 * 30 * 3 * 64 * 2, 0},
		{"Qwen--Qwen2.5-0.5B.json", 2 * 24 * 2 * (896 / 14) * 2, 0},
		{"deepseek-ai--DeepSeek-V3.json", (512 + 64) * 61 * 2, 0},
		{"deepseek-ai--DeepSeek-R1.json", (512 + 64) * 61 * 2, 0},
		{"moonshotai--Kimi-K2-Instruct.json", (512 + 64) * 61 * 2, 0},
		{"Qwen--Qwen3-Coder-480B-A35B-Instruct.json", 2 * 62 * 8 * 128 * 2, 0},
		{"Qwen--Qwen3-32B-FP8.json", 2 * 64 * 8 * 128 * 2, 0},
		{"Qwen--Qwen3-30B-A3B-FP8.json", 2 * 48 * 4 * 128 * 2, 0},
		{"Qwen--Qwen3-235B-A22B-FP8.json", 2 * 94 * 4 * 128 * 2, 0},
		{"Qwen--Qwen3-Next-80B-A3B-Thinking.json", 2 * 12 * 2 * 256 * 2, 36 * (32*128*128*2 + (2*16*128+32*128)*4*2)},
		// mamba_ssm_dtype float32 in both Qwen3.5 files: the recurrent
		// state at 4 bytes.
		{"Qwen--Qwen3.5-27B.json", 2 * 16 * 4 * 256 * 2, 48 * (48*128*128*4 + (2*16*128+48*128)*4*2)},
		{"Qwen--Qwen3.5-35B-A3B.json", 2 * 10 * 2 * 256 * 2, 30 * (32*128*128*4 + (2*16*128+32*128)*4*2)},
	}
	for _, c := range cases {
		cfg := KeptConfig(c.file)
		assert.Equal(t, c.bpt, float64(cfg.Arch.BytesPerToken()), c.file)
		assert.Equal(t, c.fixed, float64(cfg.Arch.FixedBytes()), c.file)
	}
}

// The R1 distill's config has Llama 3.3 70B's architecture, and
// DeepSeek-R1's has DeepSeek-V3's: the aliases hold in the files.
func TestAliasesShareTheArchitecture(t *testing.T) {
	assert.Equal(t, KeptConfig("meta-llama--Llama-3.3-70B-Instruct.json").Arch, KeptConfig("perplexity-ai--r1-1776-distill-llama-70b.json").Arch)
	assert.Equal(t, KeptConfig("deepseek-ai--DeepSeek-V3.json").Arch, KeptConfig("deepseek-ai--DeepSeek-R1.json").Arch)
	v3, v31 := KeptConfig("deepseek-ai--DeepSeek-V3.json"), KeptConfig("nvidia--DeepSeek-V3.1-NVFP4.json")
	assert.Equal(t, v3.Arch, v31.Arch)
	assert.Equal(t, v3.TotalParams, v31.TotalParams)
	assert.Equal(t, v3.ActiveParams, v31.ActiveParams)
	assert.Equal(t, v3.Context, v31.Context)
	// NVIDIA's NVFP4 checkpoints of Qwen3.6, Kimi K2.6 and GLM-5.2 carry their own
	// quantization, and two of them an FP8 KV cache (kv_cache_scheme of
	// 8 bits; the Qwen3.6-35B-A3B file states none); their layers, heads,
	// windows, states, parameters and context are the base models'.
	for evidence, c := range map[string]struct {
		base string
		kv   breakeven.ElementType
	}{"nvidia--Qwen3.6-27B-NVFP4.json": {"Qwen--Qwen3.5-27B.json", breakeven.FP8},
		"nvidia--Qwen3.6-35B-A3B-NVFP4.json": {"Qwen--Qwen3.5-35B-A3B.json", breakeven.ElementType{}},
		"nvidia--Kimi-K2.6-NVFP4.json":       {"moonshotai--Kimi-K2.5.json", breakeven.FP8},
		// Its layer_types call every layer deepseek_sparse_attention.
		"nvidia--GLM-5.2-NVFP4.json": {"zai-org--GLM-5.2.json", breakeven.FP8}} {
		e, b := KeptConfig(evidence), KeptConfig(c.base)
		assert.Equal(t, b.Arch.Groups, e.Arch.Groups, evidence)
		assert.Equal(t, c.kv, e.Arch.Element, "%s: the checkpoint's KV cache", evidence)
		assert.Equal(t, b.Attention, e.Attention, evidence)
		assert.Equal(t, b.TotalParams, e.TotalParams, evidence)
		assert.Equal(t, b.ActiveParams, e.ActiveParams, evidence)
		assert.Equal(t, b.Context, e.Context, evidence)
	}
	for _, a := range Aliases {
		m, err := FindModel(a.Name)
		require.NoError(t, err, a.Name)
		assert.Equal(t, a.Model, m.Name)
		require.NotNil(t, m.Via, a.Name)
		assert.Equal(t, a.Name, m.Via.Name)
		s, ok := Lookup(a.Source)
		require.True(t, ok, a.Name)
		assert.NotEmpty(t, s.URL)
		assert.NotEmpty(t, a.Quote, a.Name)
	}
	m, err := FindModel("deepseek-ai/DeepSeek-R1-Distill-Llama-70B")
	require.NoError(t, err)
	assert.Equal(t, breakeven.BytesPerToken(2*80*8*128*2), m.Arch.BytesPerToken())
}

// A name that only resembles a model is refused, and the suggestions say
// how far apart they are: the DeepSeek-R1-70B, whose nearest
// catalog name by spelling (DeepSeek-V3) caches 4.7x less than the
// distill it means. The distill of the same family, version (R1) and
// size comes first (the 8B one, 8.75x smaller, is too far); DeepSeek-V3
// follows by spelling.
func TestSuggestionsShowAttentionAndBytesPerToken(t *testing.T) {
	_, err := FindModel("DeepSeek-R1-70B")
	var u *UnknownModelError
	require.ErrorAs(t, err, &u)
	assert.Equal(t, `unknown model "DeepSeek-R1-70B" (did you mean `+
		`"DeepSeek-R1-Distill-Llama-70B" (Llama 3.3 70B's architecture, GQA; 327,680 B/token at 16 bits), `+
		`"DeepSeek-V3" (MLA, MoE; 70,272 B/token at 16 bits)? none is used unless named); `+
		`list them with "breakeven models", or read its config.json with --config`, err.Error())
	// Qwen2.5-7B is in the catalog now, not suggested as Qwen3-8B.
	m, err := FindModel("Qwen2.5-7B")
	require.NoError(t, err)
	assert.Equal(t, breakeven.BytesPerToken(2*28*4*128*2), m.Arch.BytesPerToken())
	// A model whose cache is unknown says so.
	_, err = FindModel("Mistral Medium 3.6")
	require.ErrorAs(t, err, &u)
	assert.Contains(t, err.Error(), `"Mistral Medium 3.5" (unknown (dense); cache size unknown)`)
	// All of the input's words, at least two, make a suggestion; one
	// word in common does not.
	assert.True(t, sharesWords("deepseek-r1-70b", "deepseek-r1-distill-llama-70b"))
	assert.False(t, sharesWords("70b", "deepseek-r1-distill-llama-70b"))
	assert.False(t, sharesWords("deepseek-r2-70b", "deepseek-r1-distill-llama-70b"))
	// Two words are enough: the bound is at two, not three.
	assert.True(t, sharesWords("llama-70b", "deepseek-r1-distill-llama-70b"))
}

// agrees reports whether a computed count rounds to a printed one at the
// printed precision: "70B" to the billion, "5.1B" to the hundred million,
// "1T" to the trillion.
func agrees(computed float64, printed string) bool {
	unit := map[byte]float64{'B': 1e9, 'T': 1e12}[printed[len(printed)-1]]
	digits := printed[:len(printed)-1]
	decimals := 0
	if _, frac, ok := strings.Cut(digits, "."); ok {
		decimals = len(frac)
	}
	scale := math.Pow(10, float64(decimals))
	return math.Round(computed/unit*scale)/scale == readFloat(digits)
}

func readFloat(s string) float64 {
	var v, div float64 = 0, 0
	for _, r := range s {
		if r == '.' {
			div = 1
			continue
		}
		v = v*10 + float64(r-'0')
		if div > 0 {
			div *= 10
		}
	}
	if div > 0 {
		v /= div
	}
	return v
}

// The parameters computed from each config, against the published figure
// at its printed precision. Total counts every matrix of the language
// model (the output head unless tied, no MTP layers); active leaves out
// the input embedding table and the experts not routed to. Where a card's
// figure does not agree, the case says why.
func TestConfigParamsAgainstPublished(t *testing.T) {
	cases := []struct {
		name          string
		total, active string
		totalOK       bool
		activeOK      bool
	}{
		{"Llama 3.1 8B", "8B", "8B", true, true}, // 8.03B; 7.50B without the input table
		// 70.55B: Meta's "70B" names the size class, rounding down;
		// without the input table, 69.50B rounds to 70B.
		{"Llama 3.1 70B", "70B", "70B", false, true},
		{"Llama 3.3 70B", "70B", "70B", false, true},
		// 405.85B: "405B" truncates; 403.75B without the input table.
		{"Llama 3.1 405B", "405B", "405B", false, false},
		{"Llama 3.2 3B", "3B", "3B", true, true}, // 3.21B, tied embeddings
		{"Qwen3-8B", "8B", "8B", true, true},
		{"Qwen3-32B", "32.8B", "32.8B", true, false}, // 32.76B; 31.98B active
		// 30.53B: the name's "30B" rounds down (Qwen's card is not read).
		{"Qwen3-30B-A3B", "30B", "3B", false, true},
		{"Qwen3-235B-A22B", "235B", "22B", true, true},
		// 3.56B active: the name's "A3B" is below the count (with the
		// output head); the card's exact active count is not read.
		{"Qwen3-Next-80B-A3B", "80B", "3B", true, false},
		{"DeepSeek-V3", "671B", "37B", true, true}, // 671.03B without the MTP layer; 36.62B
		{"Kimi K2", "1T", "32B", true, true},       // 1.026T; 31.69B
		{"Mixtral 8x22B", "141B", "39B", true, true},
		{"gpt-oss-120b", "117B", "5.1B", true, true}, // 116.79B; 5.13B
		{"gpt-oss-20b", "21B", "3.6B", true, true},
		// 107.77B from the text config against the card's 109B, which
		// may count the vision encoder (not described by the text
		// config); Meta's 17B active matches only with the input table
		// counted (16.14B + 1.03B).
		{"Llama 4 Scout", "109B", "17B", false, false},
		// 400.71B rounds to 401B against "400B"; active as for Scout.
		{"Llama 4 Maverick", "400B", "17B", false, false},
	}
	for _, c := range cases {
		m := MustModel(c.name)
		require.NotNil(t, m.Config, c.name)
		assert.Equal(t, readCount(t, c.total), m.TotalParams, "%s: the catalog keeps the published total", c.name)
		assert.Equal(t, c.totalOK, agrees(m.Config.TotalParams, c.total), "%s total %.4gB against %s", c.name, m.Config.TotalParams/1e9, c.total)
		assert.Equal(t, c.activeOK, agrees(m.Config.ActiveParams, c.active), "%s active %.4gB against %s", c.name, m.Config.ActiveParams/1e9, c.active)
	}
}

// Each catalog model read from a config has the query heads and MLA dims
// that the catalog's other citation (Attention) gives, so its prefill
// FLOPs are those of that citation too; and the 405B's attention FLOPs at
// the post's 127,188 tokens are 2 x n^2/2 x 126 x 128 x (128 + 128).
func TestConfigAttentionAgreesWithCitedHeads(t *testing.T) {
	for _, m := range Models() {
		if m.Config == nil {
			continue
		}
		dims, ok := FindAttention(m.Name)
		if !ok {
			continue
		}
		for _, g := range m.Config.Attention {
			assert.Equal(t, int(dims.QueryHeads.V()), g.QueryHeads, m.Name)
			if dims.QKNope.Name != "" {
				assert.Equal(t, int(dims.QKNope.V())+m.Arch.Groups[0].RopeDim, g.QKDim, m.Name)
				assert.Equal(t, int(dims.V.V()), g.VDim, m.Name)
			}
		}
	}
	pm, err := PrefillModel(MustModel("Llama 3.1 405B"))
	require.NoError(t, err)
	n := 127188.0
	assert.InDelta(t, 2*(n*n/2)*126*128*(128+128), float64(pm.AttentionFLOPs(breakeven.Tokens(n))), 1)
	assert.Equal(t, 405e9, pm.ActiveParams, "the catalog's published count")
	// DeepSeek-V3: queries and keys of 128 + 64, values of 128.
	pm, err = PrefillModel(MustModel("DeepSeek-V3"))
	require.NoError(t, err)
	assert.Equal(t, []prefill.AttentionGroup{{Layers: 61, QueryHeads: 128, QKDim: 192, VDim: 128}}, pm.Attention)
}

func TestModelFromConfig(t *testing.T) {
	data, err := ConfigData("perplexity-ai--r1-1776-distill-llama-70b.json")
	require.NoError(t, err)
	m, err := ModelFromConfig("", data)
	require.NoError(t, err)
	assert.Equal(t, "deepseek-ai/DeepSeek-R1-Distill-Llama-70B", m.Name, "the config's _name_or_path")
	assert.Equal(t, FromFile, m.Provenance)
	assert.Equal(t, breakeven.BytesPerToken(327680), m.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Tokens(131072), m.Context)
	assert.True(t, m.Known())
	pm, err := PrefillModel(m)
	require.NoError(t, err)
	assert.Equal(t, m.ActiveParams, pm.ActiveParams)
	m, err = ModelFromConfig("mine", data)
	require.NoError(t, err)
	assert.Equal(t, "mine", m.Name)

	_, err = ModelFromConfig("", []byte(`{"hidden_size": 8}`))
	var ce *modelconfig.Error
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "num_hidden_layers", ce.Field)
}

// A config with one thing to note carries that one note: Llama 3.1 8B's
// config without its tie_word_embeddings says how the output head is
// counted.
func TestModelFromConfigOneNote(t *testing.T) {
	data, err := ConfigData("meta-llama--Meta-Llama-3.1-8B.json")
	require.NoError(t, err)
	cut := strings.Replace(string(data), `"tie_word_embeddings": false,`, "", 1)
	require.NotEqual(t, string(data), cut)
	m, err := ModelFromConfig("", []byte(cut))
	require.NoError(t, err)
	assert.Equal(t, "read from a config.json; parameters computed from its shapes; tie_word_embeddings not stated: the output head is counted as its own matrix", m.Note)
}

func TestReadConfigModel(t *testing.T) {
	dir := t.TempDir()
	data, err := ConfigData("Qwen--Qwen2.5-7B-Instruct.json")
	require.NoError(t, err)
	path := filepath.Join(dir, "my-model_config.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	m, err := ReadConfigModel(path)
	require.NoError(t, err)
	assert.Equal(t, "my-model", m.Name, "no _name_or_path: the file's name")
	assert.Equal(t, breakeven.BytesPerToken(57344), m.Arch.BytesPerToken())

	_, err = ReadConfigModel(filepath.Join(dir, "missing.json"))
	require.Error(t, err)
	assert.True(t, errors.Is(err, os.ErrNotExist) || strings.Contains(err.Error(), "no such file"))
	assert.Contains(t, err.Error(), `config "`)
}

// The Llama code derives the head dim as dim // n_heads: the catalog's
// head dims agree with the quoted query heads.
func TestLlamaHeadDimIsTheModelDimOverQueryHeads(t *testing.T) {
	for model, dim := range map[string]int{
		"Llama 3.1 8B": 4096, "Llama 3.1 70B": 8192, "Llama 3.1 405B": 16384, "Llama 3.3 70B": 8192,
		"Llama 3.2 3B": 3072, "Llama 4 Scout": 5120, "Llama 4 Maverick": 5120,
	} {
		m, err := FindModel(model)
		require.NoError(t, err)
		a, ok := FindAttention(model)
		require.True(t, ok, model)
		for _, g := range m.Arch.Groups {
			assert.Equal(t, dim/int(a.QueryHeads.V()), g.HeadDim, model)
		}
	}
}

// A config's model is named by its file: the part after "--" of a config
// kept as "org--name.json" (as the hub writes "org/name"), the part
// before "config" of "qwen3_config.json", and the folder of a file named
// config.json. calc's title and measure's report then name it alike.
func TestAConfigsModelIsNamedByItsFile(t *testing.T) {
	for path, want := range map[string]string{
		"sources/configs/Qwen--Qwen3-8B.json":                     "Qwen3-8B",
		"HuggingFaceTB--SmolLM2-135M.json":                        "SmolLM2-135M",
		"/tmp/qwen3_config.json":                                  "qwen3",
		"/models/Llama-3.1-8B/config.json":                        "Llama-3.1-8B",
		"my-model.json":                                           "my-model",
		"odd--.json":                                              "odd--",
		"deepseek-ai--DeepSeek-V3--fp8.json":                      "DeepSeek-V3--fp8",
		"sources/configs/meta-llama--Llama-3.3-70B-Instruct.json": "Llama-3.3-70B-Instruct",
	} {
		assert.Equal(t, want, ConfigName(path), path)
	}
	m, err := ReadConfigModel("configs/HuggingFaceTB--SmolLM2-135M.json")
	require.NoError(t, err)
	assert.Equal(t, "SmolLM2-135M", m.Name)
}

// The MXFP4 width the memory fit uses is the format's definition, 4 bits
// and an 8-bit scale per 32; OpenAI's figure for gpt-oss agrees.
func TestMXFP4WidthIsOpenAIsFigure(t *testing.T) {
	assert.Equal(t, GPTOSSMXFP4Bits.V(), prefill.MXFP4Bits)
}

// Qwen's FP8 checkpoints resolve by their repository names to catalog
// models of their own: the BF16 model's shapes and parameters (the files
// differ only in quantization_config), with the weights a byte each
// where the BF16 model's are two, so the memory check sees half the
// bytes, and their context the model's.
func TestQwenFP8CheckpointsAreTheirModelsAtAByteAWeight(t *testing.T) {
	for fp8, bf16 := range map[string]string{"Qwen/Qwen3-32B-FP8": "Qwen3-32B", "Qwen/Qwen3-30B-A3B-FP8": "Qwen3-30B-A3B", "Qwen/Qwen3-235B-A22B-FP8": "Qwen3-235B-A22B"} {
		q, b := MustModel(fp8), MustModel(bf16)
		assert.Equal(t, strings.TrimPrefix(fp8, "Qwen/"), q.Name)
		assert.Equal(t, b.Arch, q.Arch, fp8)
		assert.Equal(t, b.Config.TotalParams, q.Config.TotalParams, fp8)
		assert.Equal(t, b.Config.ActiveParams, q.Config.ActiveParams, fp8)
		assert.Equal(t, 1.0, q.Config.Weights.Bytes, fp8)
		assert.Zero(t, b.Config.Weights.Bytes, bf16+": stored as computed")
		// The files repeat the BF16 configs' 40,960 positions; the entry
		// takes the 131,072 (with YaRN) the catalog cites for its model.
		assert.Equal(t, breakeven.Tokens(40960), q.Config.Context, fp8)
		assert.Equal(t, breakeven.Tokens(131072), q.Context, fp8)
	}
}

// A checkpoint as NVIDIA ModelOpt publishes it keeps its quantization in
// hf_quant_config.json beside config.json. ReadConfigModel reads the two
// together, given the folder, its config.json, or aiconfigurator's
// NAME_config.json beside NAME_hf_quant_config.json; a config with no such
// file beside it reads alone. Qwen2.5-7B's 28 layers of 4 KV heads of 128
// take 28 x 4 x 256 x 1 B = 28,672 B a token in the FP8 cache the file
// states, half the 57,344 of 16 bits.
func TestReadConfigModelReadsTheQuantizationFileBesideIt(t *testing.T) {
	data, err := ConfigData("Qwen--Qwen2.5-7B-Instruct.json")
	require.NoError(t, err)
	quant := []byte(`{"producer": {"name": "modelopt"}, "quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8", "exclude_modules": ["lm_head"]}}`)
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "Qwen2.5-7B-Instruct-FP8")
	require.NoError(t, os.Mkdir(ckpt, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ckpt, "config.json"), data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(ckpt, "hf_quant_config.json"), quant, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "q_config.json"), data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "q_hf_quant_config.json"), quant, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "alone.json"), data, 0o644))

	for _, path := range []string{ckpt, filepath.Join(ckpt, "config.json"), filepath.Join(dir, "q_config.json")} {
		m, err := ReadConfigModel(path)
		require.NoError(t, err, path)
		assert.Equal(t, breakeven.BytesPerToken(28*4*256), m.Arch.BytesPerToken(), path)
		assert.Equal(t, 1.0, m.Config.Weights.Bytes, path)
		assert.Contains(t, m.Note, "quantization read from the hf_quant_config.json", path)
	}
	m, err := ReadConfigModel(ckpt)
	require.NoError(t, err)
	assert.Equal(t, "Qwen2.5-7B-Instruct-FP8", m.Name, "a folder names its model")

	m, err = ReadConfigModel(filepath.Join(dir, "alone.json"))
	require.NoError(t, err)
	assert.Equal(t, breakeven.BytesPerToken(57344), m.Arch.BytesPerToken())
	assert.Zero(t, m.Config.Weights)

	_, err = ReadConfigModel(filepath.Join(ckpt, "hf_quant_config.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "this is NVIDIA ModelOpt's quantization file, not a model's config; give the config.json beside it")

	require.NoError(t, os.WriteFile(filepath.Join(ckpt, "hf_quant_config.json"), []byte(`{"producer": {}}`), 0o644))
	_, err = ReadConfigModel(ckpt)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `hf_quant_config.json field "quantization": missing`)

	for path, want := range map[string]string{
		"/m/config.json":         "/m/hf_quant_config.json",
		"config.json":            "hf_quant_config.json",
		"/m/x_config.json":       "/m/x_hf_quant_config.json",
		"/m/Qwen--Qwen3-8B.json": "",
		"/m/model.json":          "",
	} {
		assert.Equal(t, filepath.FromSlash(want), QuantFileBeside(filepath.FromSlash(path)), path)
	}
}

// A name that says the checkpoint is quantized, with a config that states
// no quantization (a config.json copied without the hf_quant_config.json
// beside it, or pasted), is read as BF16 weights and a 16-bit cache; the
// answer says so, once, naming the word. A name without such a word, or a
// config that states its quantization, gets no such note.
func TestANameThatSaysQuantizedWithAnUnquantizedConfigIsNoted(t *testing.T) {
	data, err := ConfigData("Qwen--Qwen2.5-7B-Instruct.json")
	require.NoError(t, err)
	hint := `the name says "FP8" but the config states no quantization`
	named := strings.Replace(string(data), "{", `{"_name_or_path": "someone/Qwen2.5-7B-Instruct-FP8",`, 1)
	m, err := ModelFromConfig("", []byte(named))
	require.NoError(t, err)
	assert.Contains(t, strings.Join(m.Config.Notes, "; "), hint)
	assert.Contains(t, m.Note, hint)

	stated := strings.Replace(named, "{", `{"quantization_config": {"quant_method": "fp8"},`, 1)
	m, err = ModelFromConfig("", []byte(stated))
	require.NoError(t, err)
	assert.NotContains(t, m.Note, "the name says")

	plain, err := ModelFromConfig("Qwen3-30B-A3B", data)
	require.NoError(t, err)
	assert.NotContains(t, plain.Note, "the name says")

	dir := t.TempDir()
	ckpt := filepath.Join(dir, "Qwen2.5-7B-Instruct-NVFP4")
	require.NoError(t, os.Mkdir(ckpt, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ckpt, "config.json"), data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Qwen2.5-7B-AWQ.json"), data, 0o644))
	for path, word := range map[string]string{ckpt: "NVFP4", filepath.Join(dir, "Qwen2.5-7B-AWQ.json"): "AWQ"} {
		m, err := ReadConfigModel(path)
		require.NoError(t, err, path)
		assert.Equal(t, 1, strings.Count(m.Note, "the name says"), path)
		assert.Contains(t, strings.Join(m.Config.Notes, "; "), `the name says "`+word+`"`, path)
	}
	require.NoError(t, os.WriteFile(filepath.Join(ckpt, "hf_quant_config.json"), []byte(`{"quantization": {"quant_algo": "FP8"}}`), 0o644))
	m, err = ReadConfigModel(ckpt)
	require.NoError(t, err)
	assert.NotContains(t, m.Note, "the name says")
}
