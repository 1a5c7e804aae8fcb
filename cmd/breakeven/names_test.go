package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A claims file's model names read as others are listed under the table,
// one line each with its row, and in the name_note column of --csv; a
// model's own name adds nothing.
func TestClaimsFileSaysWhatEachNameWasReadAs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "claims.csv")
	require.NoError(t, os.WriteFile(file, []byte("model,tokens,seconds,links,source\n"+
		"LLaMA3-70B,7500,1s,,a\nQwen 2.5-7B,8000,1s,,b\nLlama 3.1 8B,8000,1s,,c\n"), 0o644))
	code, out, errOut := runCmd("check", "--claims", file)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Model names read as others:\n- line 2: LLaMA3-70B read as Llama 3.1 70B's architecture (alias: Llama 3 70B,\n")
	assert.Contains(t, out, "- line 3: Qwen 2.5-7B read as Qwen2.5-7B (case, spaces and punctuation\n  normalised)\n")
	assert.NotContains(t, out, "line 4: ")

	code, out, errOut = runCmd("check", "--claims", file, "--csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	col := -1
	for i, h := range recs[0] {
		if h == "name_note" {
			col = i
		}
	}
	require.GreaterOrEqual(t, col, 0, "a name_note column")
	assert.True(t, strings.HasPrefix(recs[1][col], "LLaMA3-70B read as Llama 3.1 70B's architecture"), recs[1][col])
	assert.Equal(t, "Qwen 2.5-7B read as Qwen2.5-7B (case, spaces and punctuation normalised)", recs[2][col])
	assert.Empty(t, recs[3][col])
}

// One claim on the command line: the name row in the text, name_note in
// --json.
func TestCheckPrintsTheNameLine(t *testing.T) {
	code, out, errOut := runCmd("check", "--model", "qwen2.5_7b", "--tokens", "8000", "--seconds", "1s")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\n  name                 qwen2.5_7b read as Qwen2.5-7B (case, spaces and\n")
	code, out, errOut = runCmd("check", "--model", "qwen2.5_7b", "--tokens", "8000", "--seconds", "1s", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"name_note": "qwen2.5_7b read as Qwen2.5-7B (case, spaces and punctuation normalised)"`)
}
