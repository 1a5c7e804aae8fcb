package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// assertOneLine holds a refused input to exit 2, one line on stderr
// holding says, and nothing unescaped from the input.
func assertOneLine(t *testing.T, args []string, says string) {
	t.Helper()
	code, _, stderr := runCmd(args...)
	name := strings.Join(args, " ")
	if len(name) > 120 {
		name = name[:120]
	}
	assert.Equal(t, 2, code, name)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s: one line: %q", name, stderr)
	assert.Contains(t, stderr, says, name)
	assert.Less(t, len(stderr), 400, name)
}

// A file that is not CSV at all, read for ever, ends at the bound on a
// row with one line and exit 2.
func TestHostileClaimsDevZero(t *testing.T) {
	assertOneLine(t, []string{"check", "--claims", "/dev/zero"}, "/dev/zero:1: more than 1048576 bytes (1 MiB) without a line break, the limit for one row")
}

// A dimension out of range is refused the same way from a flag and from
// a config.json, naming the flag or the field.
func TestHostileDimensionsFlagsAndConfig(t *testing.T) {
	calc := []string{"calc", "--prefill", "10k", "--link", "10GbE"}
	assertOneLine(t, append(calc, "--layers", "80", "--kv-heads", "8", "--head-dim", "1099511627776"), `--head-dim "1099511627776": above 1,048,576, the most it may be`)
	cfg := `{"num_hidden_layers": 80, "hidden_size": 8192, "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 1099511627776, "vocab_size": 128256, "intermediate_size": 28672}`
	assertOneLine(t, append(calc, "--config-text", cfg), `config.json field "head_dim": 1099511627776: above 1,048,576, the most it may be`)
	cfg = strings.Replace(cfg, `"head_dim": 1099511627776`, `"head_dim": 128`, 1)
	cfg = strings.Replace(cfg, `"vocab_size": 128256`, `"vocab_size": 1000000000000000000`, 1)
	assertOneLine(t, append(calc, "--config-text", cfg, "--gpus", "8xH100"), `config.json field "vocab_size": 1000000000000000000: above 1,048,576`)
}
