package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{{}, {"bogus"}, {"audit", "--frob"}, {"models", "--attention", "quantum"},
		{"audit", "--only", "maybe"}, {"audit", "--section", "Nowhere"}, {"models", "extra"}, {"help", "bogus"}} {
		code, _, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.NotEmpty(t, stderr, "%v", args)
	}
	code, _, stderr := runCmd("models", "--attention", "quantum")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `"quantum"`)
	assert.Contains(t, stderr, "--attention mla")
}

func TestHelp(t *testing.T) {
	code, out, _ := runCmd("help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "audit")
	assert.Contains(t, out, "models")
	code, out, _ = runCmd("help", "audit")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Examples:")
	code, _, errOut := runCmd("audit", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, errOut, "--json")
}

func TestAuditTable(t *testing.T) {
	code, out, stderr := runCmd("audit")
	require.Equal(t, 0, code, stderr)
	// The headline and a known difference, as the post prints them.
	assert.Contains(t, out, "open.break-even")
	assert.Contains(t, out, "1.06 GB/s")
	assert.Regexp(t, `hit\.mean\.offload +10\.6 s +10\.54 \(10\.49-10\.59\) +approx`, out)
	for _, line := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, "line fits 80 columns: %q", line)
	}
	code, out, _ = runCmd("audit", "--only", "differs")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "newer.million")
	assert.NotContains(t, out, "open.break-even ")
}

func TestAuditJSON(t *testing.T) {
	code, out, stderr := runCmd("audit", "--json")
	require.Equal(t, 0, code, stderr)
	var rows []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	require.NotEmpty(t, rows)
	for _, k := range []string{"id", "section", "printed", "recomputed", "unit", "verdict"} {
		assert.Contains(t, rows[0], k)
	}
	for _, r := range rows {
		if r["id"] == "open.break-even" {
			assert.Equal(t, "GB/s", r["unit"])
			assert.InDelta(t, 1.06, r["printed"], 1e-12)
			// 127,188 tokens / 62 s x 516,096 B, in GB/s.
			assert.InDelta(t, 127188.0/62*516096/1e9, r["recomputed"], 1e-9)
			assert.Equal(t, "match", r["verdict"])
		}
	}
}

func TestModels(t *testing.T) {
	code, out, stderr := runCmd("models", "--json")
	require.Equal(t, 0, code, stderr)
	var rows []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	assert.GreaterOrEqual(t, len(rows), 20)
	byName := map[string]map[string]any{}
	for _, r := range rows {
		for _, k := range []string{"name", "aliases", "bytes_per_token", "fixed_bytes", "source"} {
			assert.Contains(t, r, k, r["name"])
		}
		byName[r["name"].(string)] = r
	}
	assert.InDelta(t, 2*126*8*128*2, byName["Llama 3.1 405B"]["bytes_per_token"], 1e-9)
	assert.InDelta(t, (512+64)*61*2, byName["DeepSeek-V3"]["bytes_per_token"], 1e-9)
	// The untied output head, vocab x hidden from the kept config.json:
	// Llama 3.1 405B's 128,256 x 16,384. Llama 3.2 3B ties it to the input
	// table, and Llama 2 7B has no config.json kept: neither states one.
	assert.InDelta(t, 128256.0*16384, byName["Llama 3.1 405B"]["output_head_params"], 1e-9)
	assert.NotContains(t, byName["Llama 3.2 3B"], "output_head_params")
	assert.NotContains(t, byName["Llama 2 7B"], "output_head_params")

	// A 128Ki size beyond the model's context is marked, and the note
	// under the table counts those models: Llama 2 7B's context is 4,096
	// tokens, Llama 3.1 8B's 131,072.
	code, out, _ = runCmd("models")
	require.Equal(t, 0, code)
	beyond := 0
	for _, r := range rows {
		if c, ok := r["context_tokens"].(float64); ok && c > 0 && c < 131072 {
			beyond++
		}
	}
	assert.Contains(t, out, fmt.Sprintf("* beyond the model's context: %d models cannot hold 131,072 tokens", beyond))
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "Llama 2 7B "):
			assert.Contains(t, line, " *", line)
		case strings.HasPrefix(line, "Llama 3.1 8B "):
			assert.NotContains(t, line, "*", line)
		}
	}
	assert.Greater(t, beyond, 0)

	code, out, _ = runCmd("models", "--attention", "MLA")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "DeepSeek-V3")
	assert.NotContains(t, out, "Llama 3.1 405B")
	for _, line := range strings.Split(out, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, "line fits 80 columns: %q", line)
	}
}

// A mistyped or misremembered flag gets one line naming it and the flag
// that takes what it meant, with that flag's argument and example, in
// every command; a name near no flag points to -h.
func TestAnUnknownFlagNamesTheNearestFlagWithItsExample(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"calc", "--tokns", "8000"}, "no flag --tokns; did you mean --tokens N: prompt length"},
		{[]string{"calc", "--Tokens", "8000"}, "no flag --Tokens; did you mean --tokens N"},
		{[]string{"calc", "--chip", "H100"}, `no flag --chip; did you mean --gpus COUNTxCHIP: COUNTxCHIP for the FLOP model of prefill ("8xH100")?`},
		{[]string{"calc", "--tp", "8"}, "no flag --tp; did you mean --parallel DEGREES: one request's split: DEGREES (tp8ep8"},
		{[]string{"calc", "--prec", "fp8"}, "did you mean --precision PRECISION"},
		{[]string{"check", "--tokns", "5"}, "breakeven check: no flag --tokns; did you mean --tokens N"},
		{[]string{"replay", "--gpu", "8xH100"}, "breakeven replay: no flag --gpu; did you mean --gpus COUNTxCHIP"},
	} {
		code, _, stderr := runCmd(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	}
	// A synonym names a flag only where the command has it: audit has no --gpus.
	code, _, stderr := runCmd("audit", "--chip", "H100")
	assert.Equal(t, 2, code)
	assert.Equal(t, "breakeven audit: no flag --chip (see: breakeven audit -h for its flags)\n", stderr)
	_, _, stderr = runCmd("calc", "--zzz", "1")
	assert.Equal(t, "breakeven calc: no flag --zzz (see: breakeven calc -h for its flags)\n", stderr)
	// A name longer than any flag is shown cut, not echoed whole.
	_, _, stderr = runCmd("calc", "--"+strings.Repeat("z", 1<<16))
	assert.Equal(t, "breakeven calc: no flag --"+strings.Repeat("z", 40)+"… (see: breakeven calc -h for its flags)\n", stderr)
}
