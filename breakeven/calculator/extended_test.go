package calculator

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// h100Peak is the H100's dense BF16 peak as the hardware catalog types it.
func h100Peak(t *testing.T) float64 {
	for _, c := range sources.Chips() {
		if c.Name == "H100" {
			r, err := c.PeakAt(prefill.BF16)
			require.NoError(t, err)
			return float64(r)
		}
	}
	t.Fatal("no H100 in the hardware catalog")
	return 0
}

// The case: the 405B test's prompt on 8 H100s, prefill from the
// phase model fitted on published runs; its interval holds the measured
// 62 s, its time is each phase's FLOPs, counted here by hand, at the
// fitted shares plus the memory term, and the fastest prefill is the
// FLOPs at peak.
func TestGPUsGivePrefillFromFLOPs(t *testing.T) {
	ans, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", GPUs: "8xH100", Link: "181Gbit/s"})
	require.NoError(t, err)
	o := ans.Output
	assert.Equal(t, "flop model", o.PrefillSource)
	require.NotNil(t, o.RecomputeLowSeconds)
	require.NotNil(t, o.RecomputeHighSeconds)
	assert.LessOrEqual(t, *o.RecomputeLowSeconds, 62.5, "the interval holds the post's 62 seconds")
	assert.GreaterOrEqual(t, *o.RecomputeHighSeconds, 61.5, "the interval holds the post's 62 seconds")
	const n = 127188.0
	// 2 x active parameters x N, plus 126 layers x N^2/2 causal pairs x
	// 128 heads x (128 + 128) numbers x 2 FLOPs.
	linear := 2 * 405e9 * n
	attention := 126 * (n * n / 2) * 128 * (128 + 128) * 2
	flops := linear + attention
	require.NotNil(t, o.MinRecomputeSeconds)
	assert.InEpsilon(t, flops/(8*h100Peak(t)), *o.MinRecomputeSeconds, 1e-9)
	m, _, err := calibration.Fitted()
	require.NoError(t, err)
	e := m.Phases
	bw := 3.35e12 // H100 SXM HBM3, bytes/s
	want := linear/(8*h100Peak(t)*e.Linear) + attention/(8*h100Peak(t)*e.Attention)
	if e.Intensity > 0 {
		want += flops / (8 * bw * e.Intensity)
	}
	assert.InEpsilon(t, want, o.RecomputeSeconds, 1e-9)
	assert.InEpsilon(t, want*m.Low, *o.RecomputeLowSeconds, 1e-9)
	assert.Contains(t, o.PrefillModel, "vast405b")
	assert.Nil(t, o.ImpliedMFU, "no measured time, no implied MFU")
	assert.Nil(t, o.OverlapSeconds)
}

func TestLatencyAndOverlap(t *testing.T) {
	base, err := Compute(Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s"})
	require.NoError(t, err)
	ans, err := Compute(Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s", Latency: "50ms", Efficiency: "0.96", Overlap: true})
	require.NoError(t, err)
	o := ans.Output
	cache := 127188.0 * 2 * 126 * 8 * 128 * 2
	assert.InDelta(t, 0.05+cache/(0.96*181e9/8), o.LoadSeconds, 1e-9, "latency + N b / (efficiency x B)")
	assert.InDelta(t, cache/(0.96*(62-0.05)), o.BreakEvenBytesPerSecond, 1e-3, "B*(N) = size / (efficiency x (t_recompute - latency))")
	require.NotNil(t, o.CrossoverTokens)
	// Linear prefill: N* = latency / (1/r - b / (efficiency x B)).
	r, b := 127188.0/62, 2.0*126*8*128*2
	assert.InDelta(t, 0.05/(1/r-b/(0.96*181e9/8)), *o.CrossoverTokens, 1)
	require.NotNil(t, o.OverlapSeconds)
	assert.LessOrEqual(t, *o.OverlapSeconds, math.Min(o.LoadSeconds, o.RecomputeSeconds), "overlap is never slower than the better single path")
	assert.GreaterOrEqual(t, *o.OverlapGain, 1.0)

	// Without the extended flags the output is the post's formula, unchanged.
	assert.Nil(t, base.Output.LoadLatencySeconds)
	assert.Nil(t, base.Output.CrossoverTokens)
	assert.InDelta(t, cache/(181e9/8), base.Output.LoadSeconds, 1e-9)
}

func TestMeasuredTimeImpliesMFU(t *testing.T) {
	// The post's Qwen3-32B row: 131,072 tokens in "over 11 seconds" on one
	// H100 is faster than the chip at peak.
	ans, err := Compute(Request{Model: "qwen3-32b", TTFT: "11s", Tokens: "131072", GPUs: "1xH100", Link: "10GbE"})
	require.NoError(t, err)
	o := ans.Output
	const n = 131072.0
	flops := 2*32.8e9*n + 64*(n*n/2)*64*(128+128)*2
	require.NotNil(t, o.ImpliedMFU)
	assert.InEpsilon(t, flops/h100Peak(t)/11, *o.ImpliedMFU, 1e-9)
	assert.Equal(t, "measured", o.PrefillSource)
	assert.NotEqual(t, "plausible", o.PhysicalLimit)
}

func TestExtendedBadInputs(t *testing.T) {
	cases := []struct {
		r     Request
		field string
	}{
		{Request{Model: "llama-3.1-405b", GPUs: "8xTPU", Link: "10GbE"}, "gpus"},
		{Request{Model: "llama-3.1-405b", GPUs: "0xH100", Link: "10GbE"}, "gpus"},
		{Request{Layers: "80", KVHeads: "8", HeadDim: "128", GPUs: "8xH100", Link: "10GbE"}, "params"},
		{Request{Model: "llama-3.1-405b", GPUs: "8xH100", MFU: "1.5", Link: "10GbE"}, "mfu"},
		{Request{Model: "llama-3.1-405b", Prefill: "2051", MFU: "0.3", Link: "10GbE"}, "mfu"},
		{Request{Model: "llama-3.1-405b", Prefill: "2051", Link: "10GbE", Latency: "-1s"}, "latency"},
		{Request{Model: "llama-3.1-405b", Prefill: "2051", Link: "10GbE", Efficiency: "1.2"}, "efficiency"},
		{Request{Model: "llama-3.1-405b", Prefill: "2051", Tokens: "100", Link: "10GbE", Latency: "1h"}, "latency"},
		{Request{Model: "llama-3.1-405b", Prefill: "2051", Link: "10GbE", Latency: "1e300s"}, "latency"},
		{Request{Model: "llama-3.1-405b", Prefill: "2051", Link: "10GbE", Efficiency: "1e-300"}, "efficiency"},
	}
	for _, c := range cases {
		_, err := Compute(c.r)
		var fe *breakeven.FieldError
		require.ErrorAs(t, err, &fe, "%+v", c.r)
		assert.Equal(t, c.field, fe.Field, "%+v: %v", c.r, err)
		assert.Contains(t, err.Error(), "e.g.", "%+v", c.r)
	}
}
