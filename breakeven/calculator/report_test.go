package calculator

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// The post's headline, rendered: each number is checked against hand
// arithmetic. Llama 3.1 405B keeps 2 (K and V) x 126 layers x 8 KV heads
// x 128 dims x 2 bytes = 516,096 B per token; 127,188 tokens in 62 s is
// 2,051.4 tokens/s; B* = 2,051.4 x 516,096 = 1.0587 GB/s; the cache is
// 65.64 GB and 181 Gbit/s (22.625 GB/s) moves it in 2.901 s.
func TestRenderHeadline(t *testing.T) {
	ans, err := Compute(Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s"})
	require.NoError(t, err)
	perToken := 2.0 * 126 * 8 * 128 * 2
	rate := 127188.0 / 62
	be := rate * perToken
	rep := Render(ans)
	assert.Equal(t, "Llama 3.1 405B: a 127,188-token prompt, 16-bit KV cache", rep.Title)
	assert.Equal(t, breakeven.Bytes(perToken).String()+" (504 KiB)", rep.Get("bytes_per_token"))
	assert.Equal(t, "516 KB (504 KiB)", rep.Get("bytes_per_token"))
	assert.Equal(t, "1.06 GB/s (8.47 Gbit/s)", rep.Get("break_even"))
	assert.InDelta(t, 1.0587e9, be, 1e6)
	assert.Equal(t, "65.6 GB (61.1 GiB)", rep.Get("cache"))
	assert.Equal(t, "2.90 s", rep.Get("load"), "65.64 GB / 22.625 GB/s")
	assert.Equal(t, "21.4x", rep.Get("speedup"), "22.625 / 1.0587")
	assert.Equal(t, "load", rep.Get("winner"))
	assert.Equal(t, "", rep.Get("mean_ttft"), "no hit rate, no mean")

	text := rep.Text()
	assert.True(t, strings.HasPrefix(text, rep.Title+"\n\n"), text)
	for _, l := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 79, l)
	}
	assert.Contains(t, text, "\n  break-even           1.06 GB/s (8.47 Gbit/s)\n")
}

// A link below the break-even: a slowdown, named as such.
func TestRenderSlowdown(t *testing.T) {
	// WEKA's row: 4,380 tokens/s x 327,680 B/token (80 layers x 8 heads x
	// 128 dims x 2 x 2 B) = 1.435 GB/s against 10GbE's 1.25 GB/s.
	ans, err := Compute(Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "10GbE"})
	require.NoError(t, err)
	rep := Render(ans)
	assert.Equal(t, "1.44 GB/s (11.5 Gbit/s)", rep.Get("break_even"))
	slow := 4380.0 * 327680 / 1.25e9
	assert.Equal(t, Ratio(slow)+": loading takes longer than recomputing (speedup "+Ratio(1/slow)+")", rep.Get("speedup"))
	assert.Equal(t, "1.15x", Ratio(slow))
	assert.Equal(t, "recompute", rep.Get("winner"))
}

// A hit rate adds its section; the break-even hit rate is the share at
// which the mean equals recomputing: h = p / (R - L + p).
func TestRenderHitRate(t *testing.T) {
	ans, err := Compute(Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s", HitRate: "80%", MissPenalty: "4s"})
	require.NoError(t, err)
	rep := Render(ans)
	load := 127188 * 516096 / 22.625e9
	mean := 0.8*load + 0.2*(62+4)
	assert.Equal(t, breakeven.Seconds(mean).String()+" (62.0 s without offload)", rep.Get("mean_ttft"))
	h := 4 / (62 - load + 4)
	assert.Equal(t, breakeven.Percent(h)+": offloading pays above it", rep.Get("break_even_hit_rate"))
	assert.Equal(t, "80.0%", rep.Get("hit_rate"))
}

// The notebook's variables, read exactly as calc reads its flags.
func TestWithEnv(t *testing.T) {
	env := map[string]string{"KV_MODEL": "llama-3.1-70b", "KV_TOKENS": "32000", "KV_TTFT": "4s", "KV_LINK": "roce", "KV_HIT_RATE": "80%", "KV_OVERLAP": "yes"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	cell := Request{Layers: "61", LatentDim: "512", RopeDim: "64", Prefill: "2051", Link: "10GbE"}
	r, err := WithEnv(cell, lookup)
	require.NoError(t, err)
	assert.Equal(t, Request{Model: "llama-3.1-70b", Tokens: "32000", TTFT: "4s", Link: "roce", HitRate: "80%", Overlap: true}, r,
		"KV_MODEL clears the cell's architecture, KV_TTFT its prefill")
	assert.Equal(t, "breakeven calc --model llama-3.1-70b --tokens 32000 --ttft 4s --link roce --hit-rate 80% --overlap", r.Command())

	_, err = Compute(r)
	require.NoError(t, err)

	env = map[string]string{"KV_LINK": "12 parsecs/s"}
	r, err = WithEnv(DefaultRequest(), lookup)
	require.NoError(t, err)
	_, err = Compute(r)
	var fe *breakeven.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, `KV_LINK "12 parsecs/s": unknown unit "parsecs/s" (e.g. KV_LINK=181Gbit/s, KV_LINK=2x100GbE, KV_LINK="22.6 GB/s", KV_LINK=ndr)`, fe.For(Env))

	env = map[string]string{"KV_OVERLAP": "maybe"}
	_, err = WithEnv(DefaultRequest(), lookup)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, `KV_OVERLAP "maybe": a switch is on (1, true, yes) or off (0, false, no) (e.g. KV_OVERLAP=1)`, fe.For(Env))

	// KV_LAYERS picks a custom architecture over the cell's model.
	env = map[string]string{"KV_LAYERS": "80", "KV_KV_HEADS": "8", "KV_HEAD_DIM": "128"}
	r, err = WithEnv(DefaultRequest(), lookup)
	require.NoError(t, err)
	assert.Empty(t, r.Model)
	assert.Equal(t, "80", r.Layers)
}

func TestFields(t *testing.T) {
	f := Fields()
	assert.Contains(t, f, "model")
	assert.Contains(t, f, "hit-rate")
	assert.Contains(t, f, "overlap")
	assert.Equal(t, "KV_KV_DTYPE", EnvName("kv-dtype"))
	assert.Equal(t, []string{"link", "model"}, Request{Model: "x", Link: "y"}.Given())
}

// A custom architecture with --gpus: the FLOP model from flags prices the
// catalog model it describes (Llama 3.1 70B: 80 layers, 8 KV heads of 128
// dims, 64 query heads, its active parameters) with the same attention,
// and its matrix products with every token through all the parameters:
// flags say nothing of an output head, which the catalog's config.json
// gives (vocab 128,256 x hidden 8,192, untied) and through which a
// prefill sends only its last token.
func TestCustomArchitectureWithGPUs(t *testing.T) {
	cat, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"})
	require.NoError(t, err)
	active := cat.Input.Flop.Model.ActiveParams
	params := strconv.FormatFloat(active, 'g', -1, 64)
	custom, err := Compute(Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: params, QueryHeads: "64", Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"})
	require.NoError(t, err)
	cp, kp := custom.Output.PrefillParts, cat.Output.PrefillParts
	require.NotNil(t, cp)
	require.NotNil(t, kp)
	assert.InEpsilon(t, kp.Attention, cp.Attention, 1e-12)
	head := 128256.0 * 8192
	assert.InEpsilon(t, active*32000/((active-head)*32000+head), cp.MatrixProducts/kp.MatrixProducts, 1e-9)
	assert.Less(t, cat.Output.PrefillTokensPerSecond, 1.02*custom.Output.PrefillTokensPerSecond)
	assert.Greater(t, cat.Output.PrefillTokensPerSecond, custom.Output.PrefillTokensPerSecond)

	// 70.6B active parameters: 2 x 70.6e9 FLOPs a token, plus attention:
	// 80 layers x 2 x (32000^2 / 2) pairs x 64 heads x (128 + 128).
	flops := 2*70.6e9*32000 + 80*2*(32000.0*32000/2)*64*256
	c2, err := Compute(Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "70.6B", QueryHeads: "64", Tokens: "32000", GPUs: "8xH100", MFU: "0.5", Link: "2x100GbE"})
	require.NoError(t, err)
	peak := c2.Input.Flop.GPUs.Peak()
	assert.InEpsilon(t, flops/(float64(peak)*0.5), c2.Output.RecomputeSeconds, 1e-9)

	for _, c := range []struct {
		r    Request
		says string
	}{
		{Request{Layers: "80", KVHeads: "8", HeadDim: "128", Tokens: "32000", GPUs: "8xH100", Link: "10GbE"}, "needs --params and --query-heads"},
		{Request{Layers: "61", LatentDim: "512", RopeDim: "64", Params: "37B", QueryHeads: "128", Tokens: "32000", GPUs: "8xH100", Link: "10GbE"}, "needs --qk-dim and --v-dim"},
		{Request{Model: "llama-3.1-70b", Params: "70B", Tokens: "32000", GPUs: "8xH100", Link: "10GbE"}, "describes a custom architecture"},
		{Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "70B", Prefill: "2000", Link: "10GbE"}, "goes with --gpus"},
		{Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "lots", QueryHeads: "64", Tokens: "32000", GPUs: "8xH100", Link: "10GbE"}, `--params "lots"`},
	} {
		_, err := Compute(c.r)
		assert.ErrorContains(t, err, c.says)
	}
}

// A report's title and note fold at 78 columns: a title of two words of 38
// and 39 letters (78 columns) is one line; of 39 and 39 (79), two, the
// second indented.
func TestReportTitleFoldsAt78(t *testing.T) {
	a38, a39, b39 := strings.Repeat("a", 38), strings.Repeat("a", 39), strings.Repeat("b", 39)
	r := Report{Title: a38 + " " + b39}
	assert.Equal(t, a38+" "+b39+"\n", r.Text())
	r = Report{Title: a39 + " " + b39}
	assert.Equal(t, a39+"\n  "+b39+"\n", r.Text())
	// The note, "(note: " and ")" included: 7 + 70 + 1 = 78 columns.
	r = Report{Title: "t", Note: strings.Repeat("n", 70)}
	assert.Equal(t, "t\n(note: "+strings.Repeat("n", 70)+")\n", r.Text())
	r = Report{Title: "t", Note: "x " + strings.Repeat("n", 69)} // 7 + 2 + 69 + 1 = 79
	assert.Equal(t, "t\n(note: x\n  "+strings.Repeat("n", 69)+")\n", r.Text())
}

// The crossover line: a crossover at or below one token means loading wins
// at every length; above it, the first whole token from which it wins.
func TestCrossoverLineNamesTheFirstWholeToken(t *testing.T) {
	for _, c := range []struct {
		tokens float64
		want   string
	}{
		{1, "none: loading wins at every prompt length"},
		{0.2, "none: loading wins at every prompt length"},
		{1.5, "loading wins from 2 tokens; recomputing below"},
		{183.2, "loading wins from 184 tokens; recomputing below"},
	} {
		var out Output
		out.CrossoverTokens = &c.tokens
		rows := renderExtended(Input{}, out)
		require.Len(t, rows, 1)
		assert.Equal(t, c.want, rows[0].Text, "%v tokens", c.tokens)
	}
}

// The report's optional lines: a fixed state of any size, a measured time
// under a second, and an extended section of a single line.
func TestReportPrintsItsOptionalLinesAtTheirSmallest(t *testing.T) {
	a, err := Compute(Request{Layers: "4", KVHeads: "2", HeadDim: "8", Fixed: "1 B", Prefill: "2000", Tokens: "1000", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, "1.00 B", Render(a).Get("fixed"))
	a, err = Compute(Request{Model: "llama-3.1-8b", TTFT: "0.5s", Tokens: "8000", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, "16,000 tokens/s (8,000 tokens in 500 ms)", Render(a).Get("prefill"))
	a, err = Compute(Request{Model: "llama-3.1-8b", TTFT: "0.5s", Tokens: "8000", Link: "10GbE", Overlap: true})
	require.NoError(t, err)
	rep := Render(a)
	require.Len(t, rep.Sections, 3, "the overlap alone is a section of one line")
	assert.Len(t, rep.Sections[2], 1)
	assert.NotEmpty(t, rep.Get("overlap"))
}

// A fixed cost alone leaves the load at line rate: the load model reads
// "(1 x link)".
func TestLatencyAloneLoadsAtLineRate(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Latency: "50ms"})
	require.NoError(t, err)
	assert.Equal(t, "50.0 ms fixed cost + cache / (1 x link); the load, speedup and break-even above include it", Render(a).Get("load_model"))
}

// An efficiency alone leaves no fixed cost: the load model reads "0 s".
func TestEfficiencyAloneHasNoFixedCost(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Efficiency: "0.96"})
	require.NoError(t, err)
	assert.Equal(t, "0 s fixed cost + cache / (0.96 x link); the load, speedup and break-even above include it", Render(a).Get("load_model"))
}

// The title and the note on a prompt beyond the context name the prompt
// with the article its length is read with: "an 8,000-token prompt"
// (eight thousand), "an 11,000-token" (eleven thousand), "a
// 127,188-token" (one hundred twenty-seven thousand).
func TestTheTitleReadsTheArticleOfThePromptsLength(t *testing.T) {
	for tokens, want := range map[string]string{
		"8000":   "Qwen3-32B: an 8,000-token prompt, 16-bit KV cache",
		"11000":  "Qwen3-32B: an 11,000-token prompt, 16-bit KV cache",
		"127188": "Qwen3-32B: a 127,188-token prompt, 16-bit KV cache",
	} {
		ans, err := Compute(Request{Model: "qwen3-32b", Prefill: "5000", Tokens: tokens, Link: "10GbE"})
		require.NoError(t, err, tokens)
		assert.Equal(t, want, Render(ans).Title)
	}
	ans, err := Compute(Request{Model: "qwen3-32b", Prefill: "5000", Tokens: "800000", Link: "10GbE", AllowBeyondContext: true})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(ans.Output.BeyondContextAllowedNote, "an 800,000-token prompt is beyond Qwen3-32B's context"), ans.Output.BeyondContextAllowedNote)
}

// The prefill row says where r came from: the fitted phase model's time
// is an estimate, and the share of peak it implies is a result, not the
// MFU the user gave; an MFU given is named as the FLOP model's input.
func TestPrefillRowNamesAnEstimateApartFromAnMFUGiven(t *testing.T) {
	est, err := Compute(Request{Model: "qwen3-32b", Tokens: "8000", GPUs: "8xH100", Link: "10GbE"})
	require.NoError(t, err)
	require.NotNil(t, est.Input.Flop.Phases, "no --mfu: the fitted phase model prices the prefill")
	row := Render(est).Get("prefill")
	implied := float64(est.Input.Flop.Min / est.Input.Flop.Time)
	assert.Contains(t, row, "(estimated on 8x H100: "+strconv.FormatFloat(implied, 'g', 3, 64)+" of peak)")
	assert.NotContains(t, row, "MFU")

	given, err := Compute(Request{Model: "qwen3-32b", Tokens: "8000", GPUs: "8xH100", MFU: "0.4", Link: "10GbE"})
	require.NoError(t, err)
	assert.Contains(t, Render(given).Get("prefill"), "(FLOP model: 8x H100 at MFU 0.4)")
}
