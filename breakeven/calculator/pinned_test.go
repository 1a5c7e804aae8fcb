package calculator

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Counts at and below one: one GPU is a count, a fraction is too, zero
// and negatives are not.
func TestParseCountSmall(t *testing.T) {
	for s, want := range map[string]float64{"1": 1, "0.5": 0.5, "1k": 1e3, "2": 2} {
		got, err := ParseCount(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
	}
	for _, s := range []string{"0", "-1", "0k"} {
		_, err := ParseCount(s)
		assert.Error(t, err, s)
	}
}

// An MLA cache without a decoupled rope part is a valid custom
// architecture: --rope-dim 0 adds nothing per token.
func TestCustomArchRopeDimZero(t *testing.T) {
	a, err := customArch(Request{Layers: "61", LatentDim: "512", RopeDim: "0"})
	require.NoError(t, err)
	b, err := customArch(Request{Layers: "61", LatentDim: "512"})
	require.NoError(t, err)
	assert.Equal(t, b.BytesPerToken(), a.BytesPerToken())
	assert.Equal(t, float64(61*512*2), float64(a.BytesPerToken()))

	// The smallest of each dimension is one: a latent of 1 and a GQA head
	// of 1 dim are caches of 2 B and 2 x 2 B per layer; 0 is refused.
	one, err := customArch(Request{Layers: "1", LatentDim: "1"})
	require.NoError(t, err)
	assert.Equal(t, 2.0, float64(one.BytesPerToken()))
	one, err = customArch(Request{Layers: "1", KVHeads: "1", HeadDim: "1"})
	require.NoError(t, err)
	assert.Equal(t, 4.0, float64(one.BytesPerToken()))
	_, err = customArch(Request{Layers: "1", LatentDim: "0"})
	assert.ErrorContains(t, err, "not a whole number of at least 1")
}

// A break-even out of range blames the field the prefill came from: a
// time to first token under one second is still --ttft. Every input is
// within its span, but 10^9 tokens in 0.5 ms of a custom architecture of
// 10^5 layers of 64 KV heads of 1,024 dims (2.6e10 B per token) is 5.2e22
// B/s.
func TestOutOfRangeBlamesSubSecondTTFT(t *testing.T) {
	_, err := Compute(Request{Layers: "100000", KVHeads: "64", HeadDim: "1024", Tokens: "1e9", TTFT: "0.5ms", Link: "10GbE"})
	var fe *breakeven.FieldError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, "ttft", fe.Field)
	assert.Contains(t, fe.Message, "break-even outside")
}

// With no --efficiency the chart loads at line rate: every point's load
// time is the cache over that bandwidth, worked here.
func TestPlotLineRateByDefault(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", Prefill: "2051", Link: "10GbE"})
	require.NoError(t, err)
	c := Plot(a)
	require.NotEmpty(t, c.BytesPerSecond)
	cache := float64(a.Result.CacheBytes)
	for i, bw := range c.BytesPerSecond {
		assert.InEpsilon(t, cache/bw, c.LoadSeconds[i], 1e-12, "point %d", i)
	}
}

// The crossover line: a crossover at or below one token means loading wins
// at every length; above it, the first whole token from which it wins.
func TestCrossoverLine(t *testing.T) {
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

// One KV head (multi-query attention) is a valid custom architecture:
// 2 x 32 layers x 1 head x 128 dims x 2 B = 16,384 B per token.
func TestCustomArchOneKVHead(t *testing.T) {
	a, err := customArch(Request{Layers: "32", KVHeads: "1", HeadDim: "128"})
	require.NoError(t, err)
	assert.Equal(t, 16384.0, float64(a.BytesPerToken()))
}

// A head of one dimension is still an architecture: 2 x 4 layers x 2
// heads x 1 dim x 2 B = 32 B per token.
func TestCustomArchHeadDimOne(t *testing.T) {
	a, err := customArch(Request{Layers: "4", KVHeads: "2", HeadDim: "1"})
	require.NoError(t, err)
	assert.Equal(t, 32.0, float64(a.BytesPerToken()))
}

// The chart runs from a decade below the lower of the break-even and the
// link to a decade above the higher, ends included.
func TestPlotEnds(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", Prefill: "2051", Link: "10GbE"})
	require.NoError(t, err)
	c := Plot(a)
	lo := math.Min(float64(a.Result.BreakEven), 1.25e9) / 10
	hi := math.Max(float64(a.Result.BreakEven), 1.25e9) * 10
	assert.InEpsilon(t, lo, c.BytesPerSecond[0], 1e-12)
	assert.InEpsilon(t, hi, c.BytesPerSecond[len(c.BytesPerSecond)-1], 1e-12)
}

// The report's optional lines: a fixed state of any size, a measured time
// under a second, and an extended section of a single line.
func TestReportOptionalLines(t *testing.T) {
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

// A tier with no cited speed and none given asks for one.
func TestRouteWithoutLink(t *testing.T) {
	a, err := Compute(DefaultRequest())
	require.NoError(t, err)
	for _, r := range Routes(a, nil) {
		if r.LinkBytesPerSecond == 0 && !r.NoTransfer && r.Error == nil {
			assert.Equal(t, "give "+sources.YourValue, r.Verdict, r.Tier)
			assert.Equal(t, "–", r.LoadText, r.Tier)
		}
	}
}

// The custom FLOP model's parameter count runs from 10^6 to 10^15, both
// ends included: past them the field is refused, inside them any other
// refusal (here the memory fit) is not the count's.
func TestCustomParamsBounds(t *testing.T) {
	req := func(params string) Request {
		return Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: params, QueryHeads: "64",
			GPUs: "8xH100", Tokens: "32000", Link: "10GbE"}
	}
	field := func(err error) string {
		var fe *breakeven.FieldError
		if errors.As(err, &fe) {
			return fe.Field
		}
		return ""
	}
	for _, p := range []string{"1e6", "1e15"} {
		_, err := Compute(req(p))
		assert.NotEqual(t, "params", field(err), "%s: %v", p, err)
	}
	for _, p := range []string{"999999", "1.5e15"} {
		_, err := Compute(req(p))
		assert.Equal(t, "params", field(err), "%s: %v", p, err)
	}
}

// An MFU of exactly 1 (the whole peak) is a valid input; 0 is not.
func TestMFUOfOne(t *testing.T) {
	for _, v := range []string{"1", "100%"} {
		out, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xH100", MFU: v, Link: "10GbE"})
		require.NoError(t, err, v)
		require.NotNil(t, out.Output.MFU, v)
		assert.Equal(t, 1.0, *out.Output.MFU, v)
	}
	_, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xH100", MFU: "0", Link: "10GbE"})
	assert.ErrorContains(t, err, "above 0 and at most 1")
}

// The custom FLOP model takes one query head (multi-query attention's
// smallest) and refuses none.
func TestCustomOneQueryHead(t *testing.T) {
	req := Request{Layers: "2", KVHeads: "1", HeadDim: "64", Params: "1e6", QueryHeads: "1", GPUs: "1xH100", Tokens: "1000", Link: "10GbE"}
	_, err := Compute(req)
	require.NoError(t, err)
	req.QueryHeads = "0"
	_, err = Compute(req)
	assert.ErrorContains(t, err, "query-heads")
}

// A fixed cost alone leaves the load at line rate: the load model reads
// "(1 x link)".
func TestLoadModelLatencyOnly(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Latency: "50ms"})
	require.NoError(t, err)
	assert.Equal(t, "50.0 ms fixed cost + cache / (1 x link); the load, speedup and break-even above include it", Render(a).Get("load_model"))
}

// A load's fixed cost runs up to a day, 86,400 s, included (a day is
// longer than this prompt's recompute, which is the refusal then).
func TestLatencyUpToADay(t *testing.T) {
	req := Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Latency: "86400s"}
	_, err := Compute(req)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "a fixed cost above")
	assert.Contains(t, err.Error(), "is as long as recomputing the whole prompt")
	req.Latency = "86400.5s"
	_, err = Compute(req)
	assert.ErrorContains(t, err, "a fixed cost above")
}

// An efficiency runs down to a thousandth, included: 0.1% of line rate
// is taken, 0.09% is refused with the range.
func TestEfficiencyDownToAThousandth(t *testing.T) {
	req := Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Efficiency: "0.1%"}
	_, err := Compute(req)
	require.NoError(t, err)
	req.Efficiency = "0.09%"
	_, err = Compute(req)
	assert.ErrorContains(t, err, "from 0.001 to 1")
}

// An efficiency alone leaves no fixed cost: the load model reads "0 s".
func TestLoadModelEfficiencyOnly(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Efficiency: "0.96"})
	require.NoError(t, err)
	assert.Equal(t, "0 s fixed cost + cache / (0.96 x link); the load, speedup and break-even above include it", Render(a).Get("load_model"))
}

// The page's chart draws 49 points a curve, from a decade below the lower
// of the break-even and the link to a decade above the higher, evenly on
// a log scale.
func TestPlotPoints(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-405b", Prefill: "2051", Link: "10GbE", Tokens: "127188"})
	require.NoError(t, err)
	c := Plot(a)
	require.Len(t, c.BytesPerSecond, 49)
	be, link := float64(a.Result.BreakEven), 10e9/8
	assert.InEpsilon(t, math.Min(be, link)/10, c.BytesPerSecond[0], 1e-9)
	assert.InEpsilon(t, math.Max(be, link)*10, c.BytesPerSecond[48], 1e-9)
	assert.InEpsilon(t, c.BytesPerSecond[1]/c.BytesPerSecond[0], c.BytesPerSecond[48]/c.BytesPerSecond[47], 1e-9)
}
