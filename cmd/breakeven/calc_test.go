package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// text writes a typed input as a user would type it.
func text[T ~float64](x T) string { return strconv.FormatFloat(float64(x), 'g', -1, 64) }

// vastArgs is the post's headline case, from the inputs typed in sources.
func vastArgs(extra ...string) []string {
	return append([]string{"calc", "--model", sources.VAST405B.Model,
		"--ttft", text(sources.VAST405B.Uncached.V()) + "s", "--tokens", text(sources.VAST405B.Tokens.V()),
		"--link", text(sources.VASTThroughput.V()) + " B/s"}, extra...)
}

func calcJSONOf(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := runCmd(append(args, "--json")...)
	require.Equal(t, 0, code, errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	return m
}

// The "done when": a break-even of about 1.06 GB/s and a speedup
// of about 21x, with the keys of calculator.Output in SI units.
func TestCalcPostHeadline(t *testing.T) {
	m := calcJSONOf(t, vastArgs()...)
	for _, k := range []string{"model", "tokens", "bytes_per_token", "cache_bytes", "prefill_tokens_per_second",
		"link_bytes_per_second", "break_even_bytes_per_second", "recompute_seconds", "load_seconds", "speedup", "winner"} {
		assert.Contains(t, m, k)
	}
	perToken := 2.0 * 126 * 8 * 128 * 2 // 126 layers, 8 KV heads, head dim 128, 2 bytes
	assert.Equal(t, "Llama 3.1 405B", m["model"])
	assert.Equal(t, 127188.0, m["tokens"])
	assert.InEpsilon(t, perToken, m["bytes_per_token"], 1e-12)
	assert.InEpsilon(t, 127188*perToken, m["cache_bytes"], 1e-12)
	assert.InEpsilon(t, 127188.0/62, m["prefill_tokens_per_second"], 1e-12)
	assert.InEpsilon(t, 181e9/8, m["link_bytes_per_second"], 1e-12)
	assert.InEpsilon(t, 127188.0/62*perToken, m["break_even_bytes_per_second"], 1e-12)
	assert.InEpsilon(t, 62.0, m["recompute_seconds"], 1e-12)
	assert.InEpsilon(t, 127188*perToken/(181e9/8), m["load_seconds"], 1e-12)
	assert.InEpsilon(t, (181e9/8)/(127188.0/62*perToken), m["speedup"], 1e-12)
	assert.Equal(t, "load", m["winner"])
	// As the post prints them: 1.06 GB/s, 21x, 2.9 s.
	assert.Equal(t, "1.06", breakeven.FormatSignificant(m["break_even_bytes_per_second"].(float64)/1e9, 3))
	assert.Equal(t, "21", breakeven.FormatSignificant(m["speedup"].(float64), 2))
	assert.Equal(t, "2.9", breakeven.FormatSignificant(m["load_seconds"].(float64), 2))

	code, out, errOut := runCmd(vastArgs()...)
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `break-even +1\.06 GB/s`, out)
	assert.Regexp(t, `speedup +21(\.\d)?x`, out)
	assert.Empty(t, errOut)
}

// Hit-rate economics against the formulas written out here.
func TestCalcHitRate(t *testing.T) {
	m := calcJSONOf(t, vastArgs("--hit-rate", "80%", "--miss-penalty", "4s")...)
	h, p := 0.8, 4.0
	load, rec := m["load_seconds"].(float64), m["recompute_seconds"].(float64)
	assert.InEpsilon(t, h, m["hit_rate"], 1e-12)
	assert.InEpsilon(t, p, m["miss_penalty_seconds"], 1e-12)
	assert.InEpsilon(t, h*load+(1-h)*(rec+p), m["mean_ttft_seconds"], 1e-12)
	assert.InEpsilon(t, p/(p+rec-load), m["break_even_hit_rate"], 1e-12)

	// No hit rate pays when a load is slower than a recompute.
	m = calcJSONOf(t, vastArgs("--miss-penalty", "4s", "--link", "ucx")...)
	assert.NotContains(t, m, "break_even_hit_rate")
	assert.Contains(t, m["break_even_hit_rate_note"], "no hit rate")
	assert.Equal(t, "recompute", m["winner"])

	// Zero penalty: any hit pays.
	m = calcJSONOf(t, vastArgs("--hit-rate", "0.5", "--miss-penalty", "0")...)
	assert.Equal(t, 0.0, m["break_even_hit_rate"])
}

// KV type, compression, windows and fixed state change the cache as the
// formula says.
func TestCalcCacheShapes(t *testing.T) {
	base := calcJSONOf(t, "calc", "--model", "qwen3-32b", "--prefill", "10000", "--link", "10GbE")
	fp8 := calcJSONOf(t, "calc", "--model", "qwen3-32b", "--prefill", "10000", "--link", "10GbE", "--kv-dtype", "fp8")
	c5 := calcJSONOf(t, "calc", "--model", "qwen3-32b", "--prefill", "10000", "--link", "10GbE", "--compression", "5x")
	assert.InEpsilon(t, 2*64*8*128*2.0, base["bytes_per_token"], 1e-12)
	assert.InEpsilon(t, base["cache_bytes"].(float64)/2, fp8["cache_bytes"], 1e-12)
	assert.InEpsilon(t, base["break_even_bytes_per_second"].(float64)/5, c5["break_even_bytes_per_second"], 1e-12)
	assert.Equal(t, float64(sources.Conversation128K.V()), base["tokens"], "the default prompt is a 128K-token conversation")

	// Mistral 7B v0.1 keeps the last 4096 tokens of every layer.
	m := calcJSONOf(t, "calc", "--model", "Mistral 7B v0.1", "--prefill", "10000", "--link", "10GbE", "--tokens", "100000")
	assert.InEpsilon(t, 2*32*8*128*2*4096.0, m["cache_bytes"], 1e-12)
	assert.InEpsilon(t, 2*32*8*128*2*4096/100000.0, m["bytes_per_token"], 1e-12)
	assert.Equal(t, 0.0, m["growth_bytes_per_token"])

	// A custom MLA architecture with a fixed state: layers x (latent + rope) x 2 B, plus the state.
	m = calcJSONOf(t, "calc", "--layers", "61", "--latent-dim", "512", "--rope-dim", "64", "--fixed", "1 MiB",
		"--prefill", "5000", "--link", "ndr", "--tokens", "1000")
	assert.InEpsilon(t, 61*(512+64)*2.0, m["growth_bytes_per_token"], 1e-12)
	assert.InEpsilon(t, 61*(512+64)*2.0*1000+(1<<20), m["cache_bytes"], 1e-12)
	assert.Equal(t, "custom architecture", m["model"])
}

// Bad inputs: exit 2, one line on stderr naming the flag and value, a
// valid example, nothing on stdout.
func TestCalcBadInputsExit2(t *testing.T) {
	good := []string{"calc", "--model", "llama-3.1-405b", "--prefill", "2051", "--link", "10GbE"}
	cases := []struct {
		args  []string
		names string
	}{
		{[]string{"--model", "llama-3.1-450b"}, `--model "llama-3.1-450b"`},
		{[]string{"--model", "mistral-medium-3.5-128b"}, `--model "mistral-medium-3.5-128b"`},
		{[]string{"--link", "12 parsecs/s"}, `--link "12 parsecs/s"`},
		{[]string{"--link", "0x10GbE"}, `--link "0x10GbE"`},
		{[]string{"--prefill", "-5"}, `--prefill "-5"`},
		{[]string{"--prefill", "0"}, `--prefill "0"`},
		{[]string{"--prefill", "fast"}, `--prefill "fast"`},
		{[]string{"--model", "!!!"}, `--model "!!!": no letter or digit`},
		{[]string{"--model", strings.Repeat("x", 10<<10)}, `(10,240 characters): model name too long`},
		{[]string{"--tokens", "0"}, `--tokens "0"`},
		{[]string{"--hit-rate", "1.5"}, `--hit-rate "1.5"`},
		{[]string{"--hit-rate", "-0.1"}, `--hit-rate "-0.1"`},
		{[]string{"--hit-rate", "NaN"}, `--hit-rate "NaN"`},
		{[]string{"--miss-penalty", "-1s"}, `--miss-penalty "-1s"`},
		{[]string{"--kv-dtype", "fp3"}, `--kv-dtype "fp3"`},
		{[]string{"--compression", "Inf"}, `--compression "Inf"`},
	}
	for _, c := range cases {
		args := append(append([]string(nil), good...), c.args...)
		code, out, errOut := runCmd(args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		assert.Contains(t, errOut, c.names)
		assert.Contains(t, errOut, "e.g.")
	}
}

// No input, however odd, puts a NaN or an Inf in the output, or panics.
func TestCalcNeverPrintsNaN(t *testing.T) {
	values := []string{"1e-320", "1e-300", "1e-12", "1", "1e12", "1e300", "1e308"}
	for _, tok := range values {
		for _, pre := range values {
			for _, link := range values {
				args := []string{"calc", "--layers", "1", "--kv-heads", "1", "--head-dim", "1", "--tokens", tok,
					"--prefill", pre, "--link", link + " B/s", "--hit-rate", "0.5"}
				code, out, errOut := runCmd(args...)
				assert.Contains(t, []int{0, 2}, code, "%v", args)
				for _, s := range []string{out, errOut} {
					assert.NotRegexp(t, `NaN|Inf|e\+\d\d\d`, s, "%v", args)
				}
			}
		}
	}
}

// Every line the command prints fits 80 columns, help included.
func TestOutputFits80Columns(t *testing.T) {
	runs := [][]string{
		{"help"}, {"help", "calc"}, {"help", "check"}, {"calc", "-h"}, {"check", "-h"}, {"audit-cache", "-h"},
		vastArgs(), vastArgs("--hit-rate", "0.8", "--miss-penalty", "4s"),
		vastArgs("--link", "ucx", "--miss-penalty", "4s", "--kv-dtype", "fp8", "--compression", "2"),
		{"calc", "--model", "Qwen3-Next-80B-A3B", "--prefill", "1e5", "--link", "2xvast", "--tokens", "262144"},
		{"calc", "--model", "llama-3.1-405b", "--prefill", "1", "--tokens", "1e12", "--allow-beyond-context", "--link", "1 B/s"},
		{"calc", "--links"},
		{"check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "0.58", "--links", "1x400Gbit/s"},
		{"check", "--model", "llama-3.1-405b", "--tokens", "127188", "--seconds", "0.01", "--links", "1024xucx"},
		{"check", "--claims", "../../data/claims.csv"},
	}
	for _, args := range runs {
		_, out, errOut := runCmd(args...)
		for _, s := range []string{out, errOut} {
			for _, l := range strings.Split(s, "\n") {
				l = strings.ReplaceAll(l, "\t", "        ")
				assert.LessOrEqual(t, len([]rune(l)), 80, "%v: %q", args, l)
			}
		}
	}
}

func BenchmarkCalc(b *testing.B) {
	args := vastArgs("--hit-rate", "0.8")
	for b.Loop() {
		if code, _, errOut := runCmd(args...); code != 0 {
			b.Fatal(errOut)
		}
	}
}
