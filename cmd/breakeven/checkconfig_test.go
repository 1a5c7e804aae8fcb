package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The claim: the R1 distill of Llama 3.3 70B (80 layers x 8 KV
// heads x 128 dims x 2 (K, V) x 2 bytes = 327,680 B/token), 131,072 tokens
// loaded in 465 ms, needs 131,072 x 327,680 / 0.465 = 92.4 GB/s.
func TestCheckConfig(t *testing.T) {
	cfg := filepath.Join("..", "..", "sources", "configs", "perplexity-ai--r1-1776-distill-llama-70b.json")
	code, out, errOut := runCmd("check", "--config", cfg, "--tokens", "131072", "--seconds", "465ms", "--seconds-are", "load", "--links", "4xPCIe4x16")
	require.Equal(t, 0, code, errOut)
	assert.InDelta(t, 92.4, 131072*327680/0.465/1e9, 0.05)
	assert.Contains(t, out, "92.4 GB/s")

	// --config and --model are alternatives.
	code, _, errOut = runCmd("check", "--config", cfg, "--model", "llama-3.1-70b", "--tokens", "131072", "--seconds", "1s")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "alternatives")

	// A claims file's config column is relative to the file.
	dir := t.TempDir()
	data, err := os.ReadFile(cfg)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "distill.json"), data, 0o644))
	csv := "model,tokens,seconds,links,source,config,seconds_are\n,131072,465ms,4xPCIe4x16,test,distill.json,load\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "claims.csv"), []byte(csv), 0o644))
	code, out, errOut = runCmd("check", "--claims", filepath.Join(dir, "claims.csv"))
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "92.4 GB/s")
}
