package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The hostile and extreme inputs of the issue that found them: each gives
// exit 2 and one line on stderr naming the input, with nothing on stdout,
// or a readable answer.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.csv")
	assert.NoError(t, os.WriteFile(empty, nil, 0o644))
	file := filepath.Join(dir, "file")
	assert.NoError(t, os.WriteFile(file, nil, 0o644))
	weka := []string{"check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "0.58"}
	calc := []string{"calc", "--model", "llama-3.1-405b", "--link", "10GbE"}
	for _, c := range []struct {
		args []string
		says string // a part of the one line on stderr
	}{
		{append(weka, "--ceiling", "1e-300GB/s"), `--ceiling "1e-300GB/s": below 1 kB/s`},
		{append(weka, "--ceiling", "0"), `--ceiling "0": zero value`},
		{append(weka, "--ceiling", "0GB/s"), `--ceiling "0GB/s": zero value`},
		{append(weka, "--links", "1e-300GB/s"), `--links "1e-300GB/s": below 1 kB/s`},
		{append(weka, "--links", "1e20GB/s"), `--links "1e20GB/s": above 1 PB/s`},
		{[]string{"check", "--model", "llama-3.1-70b", "--tokens", "1e308", "--seconds", "1e-300"}, `--tokens "1e308": above 1e9 tokens`},
		{[]string{"check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "1e-308"}, `--seconds "1e-308": below 1 µs`},
		{append(calc, "--gpus", "1000000000xH100"), "GPU count must be a whole number from 1 to 100,000"},
		{append(calc, "--gpus", "99999999999999999999xH100"), "GPU count must be a whole number from 1 to 100,000"},
		{[]string{"check", "--model", strings.Repeat("m", 1<<20), "--tokens", "105000", "--seconds", "0.58"}, "model name too long (1,048,576 characters; at most 128)"},
		{[]string{"check", "--claims", empty, "--json"}, "empty file"},
		{[]string{"check", "--claims", empty, "--csv"}, "empty file"},
		{[]string{"check", "--claims", dir}, "a directory, not a file"},
		{[]string{"reproduce", "--out", "/proc/nope"}, `--out "/proc/nope": cannot create data/ there`},
		{[]string{"reproduce", "--out", file}, "not a directory"},
		{[]string{"calc", "--frob"}, "no flag --frob (see: breakeven calc -h for its flags)"},
		{[]string{"calc", "--links", "--model", "x"}, "--links lists the link presets and takes no --model"},
		{[]string{"audit", "--only", ""}, `unknown --only ""`},
	} {
		code, stdout, stderr := runCmd(c.args...)
		name := strings.Join(c.args, " ")
		if len(name) > 120 {
			name = name[:120]
		}
		assert.Equal(t, 2, code, name)
		assert.Empty(t, stdout, "%s: nothing on stdout", name)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s: one line: %q", name, stderr)
		assert.Contains(t, stderr, c.says, name)
		assert.Less(t, len(stderr), 400, name)
		assert.NotRegexp(t, `NaN|Inf`, stderr, name)
	}

	// Extreme but valid: a readable answer.
	code, stdout, _ := runCmd("calc", "--model", "llama-3.1-405b", "--tokens", "131072", "--ttft", "1e6s", "--gpus", "8xH100", "--link", "10GbE")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "0.131 tokens/s", "a slow prefill is not rounded to zero")
	assertReadable(t, "1e6 s", stdout)
	code, stdout, _ = runCmd(append(weka, "--links", "1000 TB/s", "--ceiling", "1 kB/s")...)
	assert.Equal(t, 0, code)
	assertReadable(t, "extreme ceiling and link", stdout)
}

// number finds the numbers a text prints.
var number = regexp.MustCompile(`\d[\d,]*(\.\d+)?(e[+-]\d+)?`)

// echoed is an echoed input in a message.
var echoed = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// roundedToZero finds a quantity printed as zero.
var roundedToZero = regexp.MustCompile(`(^|[\s(])0(\.0+)? (tokens/s|[KMGT]?B/s|[kMGT]?bit/s|s|ms|[KMGT]?B)\b`)

// assertReadable fails on a text that prints +Inf, NaN, a number of more
// than ten digits, or a quantity rounded to zero.
func assertReadable(t testing.TB, name, text string) {
	t.Helper()
	if strings.Contains(text, "Inf") || strings.Contains(text, "NaN") {
		t.Errorf("%s prints Inf or NaN:\n%s", name, text)
	}
	for _, n := range number.FindAllString(text, -1) {
		mant, _, _ := strings.Cut(n, "e")
		digits := strings.TrimLeft(strings.NewReplacer(",", "", ".", "").Replace(mant), "0")
		if len(digits) > 10 {
			t.Errorf("%s prints %q, %d digits:\n%s", name, n, len(digits), text)
		}
	}
	if m := roundedToZero.FindString(text); m != "" {
		t.Errorf("%s prints %q, a quantity rounded to zero:\n%s", name, m, text)
	}
}

// The calculator and the checker, end to end, on any inputs: exit 0 with
// a readable answer, or exit 2 with one line and nothing on stdout.
func FuzzCalcText(f *testing.F) {
	for _, s := range [][4]string{
		{"127188", "2051", "181Gbit/s", "80%"}, {"1", "1", "1 kB/s", "0"}, {"1e9", "1e9", "1 PB/s", "1"},
		{"128Ki", "11.9k", "2x100GbE", ""}, {"1e308", "1e-300", "1e-300GB/s", "1.5"}, {"5", "0.5", "ndr", "50%"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, tokens, rate, link, hit string) {
		args := []string{"calc", "--model", "llama-3.1-70b", "--tokens", tokens, "--prefill", rate, "--link", link}
		if hit != "" {
			args = append(args, "--hit-rate", hit, "--miss-penalty", "1s")
		}
		checkText(t, args)
		checkText(t, []string{"check", "--model", "qwen3-32b", "--tokens", tokens, "--seconds", rate, "--links", link})
	})
}

func checkText(t *testing.T, args []string) {
	code, stdout, stderr := runCmd(args...)
	name := strings.Join(args, " ")
	switch code {
	case 0:
		assertReadable(t, name, stdout)
	case 2:
		if stdout != "" || strings.Count(stderr, "\n") != 1 {
			t.Fatalf("%s: exit 2 must be one line on stderr and nothing on stdout:\n%s\n%s", name, stdout, stderr)
		}
		// The input is echoed as given (cut to its start); the rest of
		// the line must be readable.
		assertReadable(t, name, echoed.ReplaceAllString(stderr, `""`))
	default:
		t.Fatalf("%s: exit %d\n%s\n%s", name, code, stdout, stderr)
	}
}

// BenchmarkTenMegabyteField is the cost of refusing a 10 MB input, in
// each field that takes text:
//
//	go test ./cmd/breakeven -run '^$' -bench TenMegabyteField
func BenchmarkTenMegabyteField(b *testing.B) {
	huge := strings.Repeat("9", 10<<20)
	for _, flag := range []string{"--model", "--tokens", "--seconds", "--links", "--ceiling"} {
		b.Run(strings.TrimPrefix(flag, "--"), func(b *testing.B) {
			args := []string{"check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "0.58", flag, huge}
			for b.Loop() {
				if code, _, _ := runCmd(args...); code != 2 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
