package calculator

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

func keptConfig(file string) string { return filepath.Join("..", "..", sources.ConfigDir, file) }

// A catalog model and its config give the same answer: the same cache,
// break-even, times and verdict. Only the name differs, and the context
// where the catalog gives the card's (with YaRN) and the config its
// max_position_embeddings; the prompt is below both. The config's answer
// also says what the file left to a default (config_assumptions).
func TestConfigAnswersAsItsCatalogModel(t *testing.T) {
	n := 0
	for _, m := range sources.Models() {
		if m.ConfigFile == "" {
			continue
		}
		n++
		base := Request{Tokens: "32000", Prefill: "5000", Link: "100GbE", HitRate: "80%", MissPenalty: "1s"}
		byName, byConfig := base, base
		byName.Model, byConfig.Config = m.Name, keptConfig(m.ConfigFile)
		a, err := Compute(byName)
		require.NoError(t, err, m.Name)
		b, err := Compute(byConfig)
		require.NoError(t, err, m.Name)
		assert.Equal(t, m.Arch.Groups, b.Input.Arch.Groups, m.Name)
		a.Output.Model, b.Output.Model = "", ""
		a.Output.ContextTokens, b.Output.ContextTokens = 0, 0
		assert.Empty(t, a.Output.ConfigAssumptions, m.Name)
		b.Output.ConfigAssumptions = ""
		assert.Equal(t, a.Output, b.Output, m.Name)

		if m.Config.ActiveParams == 0 {
			// A family whose weights are not counted (DeepSeek V4,
			// Kimi K3) has no FLOP model either way.
			continue
		}
		// With --gpus the attention FLOPs are the same; the linear term
		// differs by the parameter count (the card's against the one
		// computed from the config, compared in package sources).
		// 64 H100s (5.12 TB) hold the largest catalog model's BF16 weights
		// (Kimi K2, 1T parameters, 2 TB), so the memory fit refuses none.
		byName.GPUs, byConfig.GPUs = "64xH100", "64xH100"
		byName.Prefill, byConfig.Prefill = "", ""
		a, err = Compute(byName)
		require.NoError(t, err, m.Name)
		b, err = Compute(byConfig)
		require.NoError(t, err, m.Name)
		assert.Equal(t, a.Input.Flop.Model.Attention, b.Input.Flop.Model.Attention, m.Name)
		assert.Equal(t, m.Config.ActiveParams, b.Input.Flop.Model.ActiveParams, m.Name)
	}
	assert.GreaterOrEqual(t, n, 15)
}

// The vendor claim: DeepSeek-R1-Distill-Llama-70B, 131,072
// tokens in 465 ms, needs 131,072 x 327,680 B / 0.465 s = 92.4 GB/s.
func TestDistillConfigBreakEven(t *testing.T) {
	ans, err := Compute(Request{Config: keptConfig("perplexity-ai--r1-1776-distill-llama-70b.json"), Tokens: "131072", TTFT: "465ms", Link: "4x200GbE"})
	require.NoError(t, err)
	assert.Equal(t, "deepseek-ai/DeepSeek-R1-Distill-Llama-70B", ans.Output.Model)
	assert.InDelta(t, 92.4e9, ans.Output.BreakEvenBytesPerSecond, 0.05e9)
	assert.InDelta(t, 131072*327680/0.465, ans.Output.BreakEvenBytesPerSecond, 1)
	// By its cited alias, the same answer.
	byAlias, err := Compute(Request{Model: "DeepSeek-R1-Distill-Llama-70B", Tokens: "131072", TTFT: "465ms", Link: "4x200GbE"})
	require.NoError(t, err)
	assert.Equal(t, ans.Output.BreakEvenBytesPerSecond, byAlias.Output.BreakEvenBytesPerSecond)
	assert.Equal(t, "DeepSeek-R1-Distill-Llama-70B (Llama 3.3 70B's architecture, per deepseek-r1-readme)", byAlias.Output.Model)
}

// The config text (the page's paste box, KV_CONFIG_TEXT) reads as the
// file does.
func TestConfigText(t *testing.T) {
	data, err := os.ReadFile(keptConfig("Qwen--Qwen2.5-7B-Instruct.json"))
	require.NoError(t, err)
	a, err := Compute(Request{ConfigText: string(data), Prefill: "5000", Link: "10GbE", Tokens: "8000"})
	require.NoError(t, err)
	// 2 x 28 x 4 x 128 x 2 bytes.
	assert.Equal(t, 57344.0, a.Output.BytesPerToken)
	r, err := WithEnv(Request{}, func(k string) (string, bool) {
		v, ok := map[string]string{"KV_CONFIG": "x.json"}[k]
		return v, ok
	})
	require.NoError(t, err)
	assert.Equal(t, "x.json", r.Config)
}

// A config that states its KV-cache type is read at that type unless
// --kv-dtype says otherwise.
func TestConfigStatedKVType(t *testing.T) {
	text := `{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 8,
		"vocab_size": 10, "intermediate_size": 8, "kv_cache_dtype": "fp8"}`
	a, err := Compute(Request{ConfigText: text, Prefill: "5000", Link: "10GbE", Tokens: "1000"})
	require.NoError(t, err)
	assert.Equal(t, "fp8", a.Output.KVDtype)
	assert.Equal(t, float64(2*2*2*8*1), a.Output.BytesPerToken)
	a, err = Compute(Request{ConfigText: text, KVDtype: "bf16", Prefill: "5000", Link: "10GbE", Tokens: "1000"})
	require.NoError(t, err)
	assert.Equal(t, float64(2*2*2*8*2), a.Output.BytesPerToken)
}

func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 8, "vocab_size": 10, "intermediate_size": 8, "num_key_value_heads": 3}`), 0o644))
	cases := []struct {
		r    Request
		want string
	}{
		{Request{Config: bad, Prefill: "1", Link: "10GbE"},
			`--config "` + bad + `": config.json field "num_key_value_heads": 3 does not divide num_attention_heads 8; a valid line is "num_key_value_heads": 8 (e.g. --config sources/configs/meta-llama--Llama-3.3-70B-Instruct.json)`},
		{Request{Config: filepath.Join(dir, "none.json"), Prefill: "1", Link: "10GbE"},
			`--config "` + filepath.Join(dir, "none.json") + `": no such file or directory (e.g. --config sources/configs/meta-llama--Llama-3.3-70B-Instruct.json)`},
		{Request{ConfigText: `{"hidden_size": 4096}`, Prefill: "1", Link: "10GbE"},
			`--config-text "{\"hidden_size\": 4096}": config.json field "num_hidden_layers": missing; a valid line is "num_hidden_layers": 80 (e.g. --config-text '{"num_hidden_layers": 80, ...}')`},
		{Request{Config: bad, Model: "llama-3.1-70b", Prefill: "1", Link: "10GbE"},
			`--model, --config, --config-text and an architecture (--layers, --kv-heads, ...) are alternatives; give one (e.g. --model llama-3.1-70b, or --config config.json)`},
		{Request{Model: "DeepSeek-R1-70B", Prefill: "1", Link: "10GbE"},
			`--model "DeepSeek-R1-70B": unknown model; did you mean "DeepSeek-R1-Distill-Llama-70B" (Llama 3.3 70B's architecture, GQA; 327,680 B/token at 16 bits), "DeepSeek-V3" (MLA, MoE; 70,272 B/token at 16 bits)? none is used unless named (e.g. --model llama-3.1-70b, or --config config.json; "breakeven models" lists them)`},
	}
	for _, c := range cases {
		_, err := Compute(c.r)
		require.Error(t, err)
		assert.Equal(t, c.want, err.Error())
	}
	// Pasted text is shown as its first 40 characters, spaces folded.
	_, err := Compute(Request{ConfigText: "{\n  \"hidden_size\": 4096,\n  \"vocab_size\": 128256,\n  \"intermediate_size\": 14336\n}", Prefill: "1", Link: "10GbE"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `--config-text "{ \"hidden_size\": 4096, \"vocab_size\": 128...": `)
}

// A context is a bound from its first token: a config whose
// max_position_embeddings is 1 takes a one-token prompt silently and
// computes two with a note, as check does in every form.
func TestContextOfOneToken(t *testing.T) {
	text := `{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 8,
		"vocab_size": 10, "intermediate_size": 8, "max_position_embeddings": 1}`
	_, err := Compute(Request{ConfigText: text, Prefill: "5000", Link: "10GbE", Tokens: "1"})
	require.NoError(t, err)
	a, err := Compute(Request{ConfigText: text, Prefill: "5000", Link: "10GbE", Tokens: "2"})
	require.NoError(t, err)
	assert.Contains(t, a.Output.BeyondContextAllowedNote, "context of 1 token")
}
