package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The command says what it needs, and refuses a config it cannot write,
// naming the file.
func TestRunRefuses(t *testing.T) {
	var out, errb bytes.Buffer
	err := run([]string{"-config", "x.json"}, &out, &errb)
	assert.EqualError(t, err, "-config, -vocab and -o are needed, e.g. -config sources/configs/Qwen--Qwen2.5-0.5B.json -vocab ggml-vocab-qwen2.gguf -o model.gguf")
	cfg := filepath.Join("..", "..", "sources", "configs", "deepseek-ai--DeepSeek-V3.json")
	err = run([]string{"-config", cfg, "-vocab", "v.gguf", "-o", filepath.Join(t.TempDir(), "m.gguf")}, &out, &errb)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "config "+cfg+`: model_type "deepseek_v3": only "llama" and "qwen2" are written`)
	err = run([]string{"-inspect", filepath.Join(t.TempDir(), "none.gguf")}, &out, &errb)
	assert.ErrorContains(t, err, "no such file")
}
