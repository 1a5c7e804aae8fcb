package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

func lookupIn(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

// KV_CONFIG as the README shows it replaces the inputs cell's default
// model, rather than conflicting with it, and the cell's time, which
// belongs to its model, goes with it; a config's text or an architecture
// in the cell is replaced the same way. Two model variables at once are
// still two answers to one question.
func TestConfigVariableReplacesTheCellsModel(t *testing.T) {
	path := keptConfig("Qwen--Qwen3-8B.json")
	r, err := WithEnv(DefaultRequest(), lookupIn(map[string]string{"KV_CONFIG": path}))
	require.NoError(t, err)
	assert.Equal(t, "", r.Model, "the cell's Llama 3.1 405B")
	assert.Equal(t, path, r.Config)
	// The config's model is named from its file, so no published run is
	// its own, and its context is below the cell's prompt: the FLOP
	// model prices a prompt it takes.
	r.GPUs, r.Tokens = "1xH100", "32k"
	a, err := Compute(r)
	require.NoError(t, err)
	// Qwen3-8B's config: 36 layers x 8 KV heads x 128 dims x 2 (keys and
	// values) x 2 bytes.
	assert.Equal(t, float64(36*8*128*2*2), a.Output.BytesPerToken)

	r, err = WithEnv(Request{Layers: "80", KVHeads: "8", HeadDim: "128", ConfigText: "{}"}, lookupIn(map[string]string{"KV_MODEL": "qwen3-32b"}))
	require.NoError(t, err)
	assert.Equal(t, Request{Model: "qwen3-32b"}, r)

	r, err = WithEnv(Request{Config: "x.json"}, lookupIn(map[string]string{"KV_LAYERS": "80", "KV_KV_HEADS": "8", "KV_HEAD_DIM": "128"}))
	require.NoError(t, err)
	assert.Equal(t, Request{Layers: "80", KVHeads: "8", HeadDim: "128"}, r)

	r, err = WithEnv(DefaultRequest(), lookupIn(map[string]string{"KV_CONFIG": path, "KV_MODEL": "qwen3-32b"}))
	require.NoError(t, err)
	_, err = Compute(r)
	require.Error(t, err, "KV_MODEL and KV_CONFIG both set")
}

// An error names the input where notebook 10 took it from: the variable
// the environment sets, or else the inputs cell's field.
func TestErrorNamesWhereTheInputCameFrom(t *testing.T) {
	fromCell := Request{Model: "llama-3.1-70b", Tokens: "32000", TTFT: "4s", Link: "10GbE", GPUs: "8xH1OO"}
	_, err := Compute(fromCell)
	var fe *breakeven.FieldError
	require.ErrorAs(t, err, &fe)
	require.Equal(t, "gpus", fe.Field)
	line := fe.For(EnvOrCell(fromCell, lookupIn(nil)))
	assert.Regexp(t, `^cell\.GPUs "8xH1OO": .*\(e\.g\. cell\.GPUs = "[^"]+"`, line)
	assert.NotContains(t, line, "KV_")

	cell := Request{Model: "llama-3.1-70b", Tokens: "32000", TTFT: "4s", Link: "10GbE"}
	r, err := WithEnv(cell, lookupIn(map[string]string{"KV_GPUS": "8xH1OO"}))
	require.NoError(t, err)
	_, err = Compute(r)
	require.ErrorAs(t, err, &fe)
	line = fe.For(EnvOrCell(cell, lookupIn(map[string]string{"KV_GPUS": "8xH1OO"})))
	assert.Regexp(t, `^KV_GPUS "8xH1OO": .*\(e\.g\. KV_GPUS=[^ ,)]+`, line)
	assert.NotContains(t, line, "cell.")

	// Asked for a prefill neither gave: the variables when the reader
	// uses them, the cell's fields when not.
	env := map[string]string{"KV_MODEL": "deepseek-v4-pro"}
	r, err = WithEnv(DefaultRequest(), lookupIn(env))
	require.NoError(t, err)
	_, err = Compute(r)
	require.ErrorAs(t, err, &fe)
	assert.Contains(t, fe.For(EnvOrCell(DefaultRequest(), lookupIn(env))), "give KV_PREFILL, KV_TTFT or KV_GPUS")
	cell = DefaultRequest()
	cell.Model = "deepseek-v4-pro"
	_, err = Compute(cell)
	require.ErrorAs(t, err, &fe)
	assert.Contains(t, fe.For(EnvOrCell(cell, lookupIn(nil))), "give cell.Prefill, cell.TTFT or cell.GPUs")
}
