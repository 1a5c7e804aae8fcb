package calculator

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
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
// FLOPs at peak. The test ran AWQ 4-bit weights (the post: "AWQ 4-bit
// weights"); in BF16 they would not fit in 8 x 80 GB.
func TestGPUsGivePrefillFromFLOPs(t *testing.T) {
	require.Equal(t, 4.0, sources.VASTWeightBits.V())
	ans, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", GPUs: "8xH100", Weights: "int4", Link: "181Gbit/s"})
	require.NoError(t, err)
	o := ans.Output
	assert.Equal(t, "flop model", o.PrefillSource)
	require.NotNil(t, o.RecomputeLowSeconds)
	require.NotNil(t, o.RecomputeHighSeconds)
	assert.LessOrEqual(t, *o.RecomputeLowSeconds, 62.5, "the interval holds the post's 62 seconds")
	assert.GreaterOrEqual(t, *o.RecomputeHighSeconds, 61.5, "the interval holds the post's 62 seconds")
	const n = 127188.0
	// 2 x active parameters x N, less the output head (vocab 128,256 x
	// hidden 16,384, untied) for all but the last token, plus 126 layers
	// x N^2/2 causal pairs x 128 heads x (128 + 128) numbers x 2 FLOPs.
	head := 128256.0 * 16384
	linear := 2*(405e9-head)*n + 2*head
	attention := 126 * (n * n / 2) * 128 * (128 + 128) * 2
	flops := linear + attention
	require.NotNil(t, o.MinRecomputeSeconds)
	assert.InEpsilon(t, flops/(8*h100Peak(t)), *o.MinRecomputeSeconds, 1e-9)
	m, err := calibration.Fitted()
	require.NoError(t, err)
	e := m.Phases
	bw := 3.35e12 // H100 SXM HBM3, bytes/s
	peak := h100Peak(t)
	if e.Ceiling {
		peak = 794.5e12 // the H100's measured matmul throughput (the MAMF table's BF16 row), which the ceiling structure prices at
	}
	want := linear/(8*peak*e.Linear) + attention/(8*peak*e.Attention)
	if e.Intensity > 0 {
		want += flops / (8 * bw * e.Intensity)
	}
	if e.Weights {
		// One read of the 405B weights, stored in 4 bits (half a byte
		// each, --weights int4) though computed in BF16, over the 8 GPUs'
		// memory bandwidth; without --weights, 2 bytes each in BF16 (on
		// 16 GPUs, where BF16 weights fit).
		want += 405e9 * 0.5 / (8 * bw)
		require.NotNil(t, o.PrefillParts)
		assert.InEpsilon(t, 405e9*0.5/(8*bw), o.PrefillParts.Weights, 1e-9)
		bf16, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", GPUs: "16xH100", Link: "181Gbit/s"})
		require.NoError(t, err)
		require.NotNil(t, bf16.Output.PrefillParts)
		assert.InEpsilon(t, 405e9*2/(16*bw), bf16.Output.PrefillParts.Weights, 1e-9)
	}
	// One request, tensor parallel over the 8 GPUs: the fixed and
	// per-layer costs, and two all-reduces per layer of n x 16,384 BF16
	// values, 2 x 7/8 of them through each GPU's link one way at half the
	// H100's 900 GB/s, at the fitted link share.
	want += float64(e.Fixed) + float64(e.PerLayer)*126
	if e.Link > 0 {
		want += 126 * 2 * (2 * 7.0 / 8) * n * 16384 * 2 / 450e9 / e.Link
	}
	assert.InEpsilon(t, want, o.RecomputeSeconds, 1e-9)
	assert.InEpsilon(t, want*m.Low, *o.RecomputeLowSeconds, 1e-9)
	assert.Contains(t, o.PrefillModel, "vast405b")
	// The report names a few runs per parameter; the JSON keeps them all.
	var runs []string
	for _, ids := range o.PrefillModelRuns {
		runs = append(runs, ids...)
	}
	assert.Contains(t, runs, "vast405b")
	assert.Contains(t, runs, "weka70b")
	assert.Contains(t, o.PrefillModel, "more)", "dozens of runs counted, not listed")
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
	// The output head (vocab 151,936 x hidden 5,120, untied) takes only
	// the last token.
	head := 151936.0 * 5120
	flops := 2*(32.8e9-head)*n + 2*head + 64*(n*n/2)*64*(128+128)*2
	require.NotNil(t, o.ImpliedMFU)
	assert.InEpsilon(t, flops/h100Peak(t)/11, *o.ImpliedMFU, 1e-9)
	assert.Equal(t, "given", o.PrefillSource)
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

// An FP8 run is priced and checked against the FP8 peak: the H20's 296
// TFLOP/s, and its implied MFU is a share of that, half what the BF16 peak
// would give.
func TestPrecisionPicksThePeak(t *testing.T) {
	const n = 32000.0
	// DeepSeek-V3: 37B active, the untied output head (vocab 129,280 x
	// hidden 7,168) for the last token only; 61 MLA layers of 128 heads,
	// (128 + 64) + 128 numbers per query-key and value.
	head := 129280.0 * 7168
	flops := 2*(37e9-head)*n + 2*head + 61*(n*n/2)*128*(128+64+128)*2
	fp8, err := Compute(Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "32xH20", Precision: "fp8", Link: "2x100GbE"})
	require.NoError(t, err)
	require.NotNil(t, fp8.Output.MinRecomputeSeconds)
	assert.InEpsilon(t, flops/(32*296e12), *fp8.Output.MinRecomputeSeconds, 1e-9)
	assert.Equal(t, "FP8", fp8.Output.Precision)
	assert.Equal(t, "32x H20 in FP8", fp8.Output.GPUs)
	assert.Contains(t, Render(fp8).Get("precision"), "FP8: dense peak 296.0 TFLOP/s per H20")

	// A measured time's implied MFU: FLOPs / (GPUs x FP8 peak x t).
	m8, err := Compute(Request{Model: "deepseek-v3", Tokens: "32000", TTFT: "2s", GPUs: "32xH20", Precision: "fp8", Link: "2x100GbE"})
	require.NoError(t, err)
	m16, err := Compute(Request{Model: "deepseek-v3", Tokens: "32000", TTFT: "2s", GPUs: "32xH20", Link: "2x100GbE"})
	require.NoError(t, err)
	require.NotNil(t, m8.Output.ImpliedMFU)
	assert.InEpsilon(t, flops/(32*296e12*2), *m8.Output.ImpliedMFU, 1e-9)
	assert.InEpsilon(t, flops/(32*148e12*2), *m16.Output.ImpliedMFU, 1e-9)

	// Mixed: the linear term at the FP8 peak, attention at BF16's.
	mix, err := Compute(Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "32xH20", Precision: "fp8+bf16", Link: "2x100GbE"})
	require.NoError(t, err)
	lin, att := 2*(37e9-head)*n+2*head, 61*(n*n/2)*128*(128+64+128)*2
	assert.InEpsilon(t, lin/(32*296e12)+att/(32*148e12), *mix.Output.MinRecomputeSeconds, 1e-9)
	assert.Equal(t, "FP8 (BF16 attention)", mix.Output.Precision)
}

// A run whose weights, cache and allowance exceed the GPUs' memory is
// refused with the numbers when the FLOP model would price it, and
// reported beside a measured time.
func TestMemoryFitInCalc(t *testing.T) {
	// Llama 3.1 405B in BF16 on 8 H100s: 405e9 x 2 B = 810 GB of weights.
	_, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"})
	var fe *breakeven.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "gpus", fe.Field)
	assert.Contains(t, fe.Message, "does not fit in memory")
	assert.Contains(t, fe.Message, "weights 810 GB (405B x 2 B, BF16)")
	assert.Contains(t, fe.Message, "more than the 640 GB of 8x H100")
	// Fewest H100s: (810 GB + cache) / (0.9 x 80 GB) rounds up to 12.
	cache405 := 32000.0 * 126 * 8 * 128 * 2 * 2
	assert.Equal(t, fmt.Sprintf("--gpus %.0fxH100, or smaller weights: --weights fp8 or --weights int4", math.Ceil((405e9*2+cache405)/(0.9*80e9))), fe.Example)
	assert.Contains(t, fe.Example, "12xH100")
	// DeepSeek-V3's checkpoint is FP8 (its config.json's quant_method):
	// computed in BF16, its weights stay 671e9 x 1 B.
	_, err = Compute(Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"})
	require.ErrorAs(t, err, &fe)
	assert.Contains(t, fe.Message, "weights 671 GB (671B x 1 B, FP8, the checkpoint's)")
	cache := 32000.0 * 61 * (512 + 64) * 2
	// In FP8 on 16 H100s it fits: 671 GB + 2.25 GB + 128 GB <= 1,280 GB.
	ok, err := Compute(Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "16xH100", Precision: "fp8", Link: "2x100GbE"})
	require.NoError(t, err)
	require.NotNil(t, ok.Output.MemoryFits)
	assert.True(t, *ok.Output.MemoryFits)
	assert.InDelta(t, 671e9+cache+0.1*16*80e9, *ok.Output.MemoryNeedBytes, 1)

	// Qwen3-32B's measured 11 s on one H100 in BF16: 65.6 GB of weights +
	// its 34.4 GB cache + 8 GB > 80 GB. Measured, so reported, not refused.
	q, err := Compute(Request{Model: "qwen3-32b", TTFT: "11s", Tokens: "131072", GPUs: "1xH100", Link: "10GbE"})
	require.NoError(t, err)
	require.NotNil(t, q.Output.MemoryFits)
	assert.False(t, *q.Output.MemoryFits)
	qcache := 131072.0 * 64 * 8 * 128 * 2 * 2
	assert.InDelta(t, 32.8e9*2+qcache+8e9, *q.Output.MemoryNeedBytes, 1)
	assert.Contains(t, Render(q).Get("memory"), "does not fit: weights 65.6 GB (32.8B x 2 B, BF16) + cache 34.4 GB")
	// The same prompt priced by the FLOP model is refused.
	_, err = Compute(Request{Model: "qwen3-32b", Tokens: "131072", GPUs: "1xH100", Link: "10GbE"})
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "gpus", fe.Field)
	// A custom architecture is checked with --params as all its weights:
	// 70.6e9 x 2 B = 141 GB do not fit one 80 GB H100, and the FLOP
	// model does not price it.
	_, err = Compute(Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "70.6B", QueryHeads: "64", Tokens: "32000", GPUs: "1xH100", Link: "10GbE"})
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "gpus", fe.Field)
	assert.Contains(t, fe.Message, "weights 141 GB (70.6B x 2 B, BF16)")
	// On 4 H100s: 141.2 GB + 80 x 8 x 128 x 2 x 2 B x 32,000 + 32 GB <= 320 GB.
	c, err := Compute(Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "70.6B", QueryHeads: "64", Tokens: "32000", GPUs: "4xH100", Link: "10GbE"})
	require.NoError(t, err)
	require.NotNil(t, c.Output.MemoryFits)
	assert.True(t, *c.Output.MemoryFits)
	assert.InDelta(t, 70.6e9*2+32000.0*80*8*128*2*2+0.1*4*80e9, *c.Output.MemoryNeedBytes, 1)
	assert.Contains(t, Render(c).Get("memory"), "as for a dense model")
}

// The hint of a run that does not fit suggests only weights smaller than
// its own: FP8 weights are told int4, int4 weights more GPUs alone.
func TestMemoryHintSuggestsOnlySmallerWeights(t *testing.T) {
	for _, c := range []struct {
		r    Request
		want string
	}{
		// DeepSeek-V3 in FP8 on 8 H100s: 671 GB + 2.25 GB > 0.9 x 640 GB.
		{Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "8xH100", Precision: "fp8", Link: "10GbE"}, "--gpus 10xH100, or smaller weights: --weights int4"},
		// Computed in BF16 its weights are still its FP8 checkpoint's.
		{Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "8xH100", Link: "10GbE"}, "--gpus 10xH100, or smaller weights: --weights int4"},
		// Weights stated wider than the checkpoint's are the user's.
		{Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "8xH100", Weights: "bf16", Link: "10GbE"}, "--gpus 19xH100, or smaller weights: --weights fp8 or --weights int4"},
		{Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "8xH100", Weights: "fp8", Link: "10GbE"}, "--gpus 10xH100, or smaller weights: --weights int4"},
		// In int4, 335.5 GB on 2 H100s: only more GPUs.
		{Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "2xH100", Weights: "int4", Link: "10GbE"}, "--gpus 5xH100"},
	} {
		_, err := Compute(c.r)
		var fe *breakeven.FieldError
		require.ErrorAs(t, err, &fe, c.want)
		assert.Equal(t, c.want, fe.Example)
		if own := c.r.Precision + c.r.Weights; own != "" {
			assert.NotContains(t, fe.Error(), "--weights "+own, "the weights' own type")
		}
		assert.NotContains(t, fe.Error(), "--weights bf16", "never wider weights")
	}
}

// Precision and weight errors name their field, show a valid value, and
// list the chip's precisions once.
func TestPrecisionErrors(t *testing.T) {
	for _, c := range []struct {
		r              Request
		field, message string
		example        string
	}{
		{Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xH100", Precision: "fp4", Link: "10GbE"}, "precision", "the H100 has no FP4 tensor peak (it has tf32, fp16, bf16, fp8)", "--precision fp8"},
		{Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xA100", Precision: "fp8", Link: "10GbE"}, "precision", "the A100 has no FP8 tensor peak (it has tf32, fp16, bf16)", "--precision bf16"},
		{Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xH100", Precision: "int8", Link: "10GbE"}, "precision", `unknown precision "int8" (one of tf32, fp16, bf16, fp8, fp4)`, "--precision " + prefill.ComputeExample},
		{Request{Model: "llama-3.1-70b", Tokens: "32000", Prefill: "1000", Precision: "fp8", Link: "10GbE"}, "precision", "--precision goes with --gpus", ""},
		{Request{Model: "llama-3.1-70b", Tokens: "32000", Prefill: "1000", Weights: "int4", Link: "10GbE"}, "weights", "--weights goes with --gpus", ""},
		{Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "8xH100", Weights: "int3", Link: "10GbE"}, "weights", "unknown weight type (one of bf16, fp16, fp8, int8, int4, fp32)", "--weights int4"},
	} {
		_, err := Compute(c.r)
		var fe *breakeven.FieldError
		if !assert.ErrorAs(t, err, &fe, "%+v", c.r) {
			continue
		}
		assert.Equal(t, c.field, fe.Field)
		assert.Contains(t, fe.Message, c.message)
		assert.Equal(t, c.example, fe.Example)
	}
	// The unknown-chip message lists every chip once, in every front end.
	_, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: "4xRTX4090", Link: "10GbE"})
	var fe *breakeven.FieldError
	require.ErrorAs(t, err, &fe)
	for _, text := range []string{fe.For(breakeven.Flag), fe.For(Env), fe.For(PageFront)} {
		for _, name := range sources.ChipNames() {
			assert.Equal(t, 1, len(regexp.MustCompile(`(^|[ ,(])`+regexp.QuoteMeta(name)+`($|[ ,)])`).FindAllString(text, -1)), "%s in %q", name, text)
		}
	}
}

// KV_PRECISION and KV_WEIGHTS are the notebook's names for the fields.
func TestPrecisionFromEnv(t *testing.T) {
	env := map[string]string{"KV_PRECISION": "fp8+bf16", "KV_WEIGHTS": "int4"}
	r, err := WithEnv(Request{}, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	require.NoError(t, err)
	assert.Equal(t, "fp8+bf16", r.Precision)
	assert.Equal(t, "int4", r.Weights)
	assert.Contains(t, Fields(), "precision")
	assert.Contains(t, r.Command(), "--precision fp8+bf16 --weights int4")
}

// The precision suggested for a chip that lacks the one asked: the nearest
// in width, the narrower of two equally near.
func TestNearestPrecision(t *testing.T) {
	p := func(ps ...prefill.Precision) []prefill.Precision { return ps }
	assert.Equal(t, prefill.FP8, nearestPrecision(prefill.BF16, p(prefill.FP16, prefill.FP8)))
	assert.Equal(t, prefill.FP8, nearestPrecision(prefill.FP4, p(prefill.TF32, prefill.BF16, prefill.FP8)))
	assert.Equal(t, prefill.BF16, nearestPrecision(prefill.FP8, p(prefill.TF32, prefill.BF16)))
	assert.Equal(t, prefill.TF32, nearestPrecision(prefill.FP16, p(prefill.TF32, prefill.FP4)))
}

// The custom FLOP model's whole-number inputs stop at 2^20 = 1,048,576.
func TestCustomFLOPWholeNumbersStopAtTwoToTheTwentieth(t *testing.T) {
	base := Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "70.6B", GPUs: "8xH100", Tokens: "32000", Link: "10GbE"}
	ok := base
	ok.QueryHeads = "1048576"
	_, err := Compute(ok)
	require.NoError(t, err)
	bad := base
	bad.QueryHeads = "1048577"
	_, err = Compute(bad)
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "1,048,576")
	}
}

// The custom FLOP model's parameter count runs from 10^6 to 10^15, both
// ends included: past them the field is refused, inside them any other
// refusal (here the memory fit) is not the count's.
func TestCustomParamsRunFromAMillionToAQuadrillion(t *testing.T) {
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
func TestMFUOfOneIsTheWholePeak(t *testing.T) {
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
func TestCustomFLOPModelTakesOneQueryHead(t *testing.T) {
	req := Request{Layers: "2", KVHeads: "1", HeadDim: "64", Params: "1e6", QueryHeads: "1", GPUs: "1xH100", Tokens: "1000", Link: "10GbE"}
	_, err := Compute(req)
	require.NoError(t, err)
	req.QueryHeads = "0"
	_, err = Compute(req)
	assert.ErrorContains(t, err, "query-heads")
}

// A load's fixed cost runs up to a day, 86,400 s, included (a day is
// longer than this prompt's recompute, which is the refusal then).
func TestLatencyRunsUpToADay(t *testing.T) {
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
func TestEfficiencyRunsDownToAThousandth(t *testing.T) {
	req := Request{Model: "llama-3.1-70b", Prefill: "2051", Link: "10GbE", Efficiency: "0.1%"}
	_, err := Compute(req)
	require.NoError(t, err)
	req.Efficiency = "0.09%"
	_, err = Compute(req)
	assert.ErrorContains(t, err, "from 0.001 to 1")
}

// Every suffix ParseCount documents, against the count written out.
func TestParseCountEverySuffix(t *testing.T) {
	for s, want := range map[string]float64{
		"1.2T":   1_200_000_000_000,
		"70.6B":  70_600_000_000,
		"70.6G":  70_600_000_000,
		"350M":   350_000_000,
		"8k":     8_000,
		"8K":     8_000,
		"405e9":  405_000_000_000,
		" 3 B ":  3_000_000_000,
		"17B":    17_000_000_000,
		"0.671T": 671_000_000_000,
	} {
		got, err := ParseCount(s)
		require.NoError(t, err, s)
		assert.InEpsilon(t, want, got, 1e-12, s)
	}
}

// Counts at and below one: one GPU is a count, a fraction is too, zero
// and negatives are not.
func TestParseCountTakesOneAndFractionsButNotZero(t *testing.T) {
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

// A chip with no published run in the fit is said to get the wider
// interval only when the fitted interval for what the fit has not seen
// is wider than the usual one; where the two are the same, the sentence
// says so rather than claiming a wider range.
func TestUnseenChipIntervalIsCalledWiderOnlyWhenItIs(t *testing.T) {
	a, err := Compute(Request{Model: "deepseek-v3", Tokens: "8192", GPUs: "8xMI325X", Precision: "fp8+bf16", Link: "400Gbit/s"})
	require.NoError(t, err)
	m, err := calibration.Fitted()
	require.NoError(t, err)
	text := a.Input.Provenance.Text
	require.Contains(t, text, "no published run in the fit has its chip MI325X")
	wider := m.LowNovel < m.Low || m.HighNovel > m.High
	assert.Equal(t, wider, strings.Contains(text, "the wider interval"), text)
	assert.Equal(t, !wider, strings.Contains(text, "the same here"), text)
}

// With the fitted prefill model, a request whose cache is loaded still
// pays the one-token request's costs, so a load replaces nothing at one
// token: however fast the link, loading first wins above one token, never
// at or below it.
func TestLoadingNeverWinsAtOneTokenWithTheFittedModel(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "8192", GPUs: "8xH100", Link: "900GB/s"})
	require.NoError(t, err)
	require.NotNil(t, a.Output.CrossoverTokens, a.Output.CrossoverNote)
	assert.Greater(t, *a.Output.CrossoverTokens, 1.0)
}

// A parallelism that splits the prompt over more GPUs than --gpus gives
// (tensor x pipeline x context degrees, or an expert degree, above the
// count) is refused with a line naming it, never priced.
func TestParallelismBeyondTheGPUsIsRefused(t *testing.T) {
	for _, par := range []string{"tp32", "tp8pp4", "ep32", "tp4cp8"} {
		_, err := Compute(Request{Model: "deepseek-v3", Tokens: "8192", GPUs: "16xH100", Precision: "fp8", Parallel: par, Link: "10GbE"})
		var fe *breakeven.FieldError
		if assert.ErrorAs(t, err, &fe, par) {
			assert.Equal(t, "parallel", fe.Field, par)
			assert.Contains(t, fe.Error(), "the 16 of --gpus", par)
		}
	}
	for _, par := range []string{"tp16", "tp8pp2", "tp8ep16", "tp4cp4", "pp16"} {
		_, err := Compute(Request{Model: "deepseek-v3", Tokens: "8192", GPUs: "16xH100", Precision: "fp8", Parallel: par, Link: "10GbE"})
		assert.NoError(t, err, par)
	}
}

// A parallelism that spans fewer GPUs than --gpus gives reads the rest as
// replicas: one request's prefill is priced on its own group, the same
// time as that group given alone, its memory checked on the group, and
// the answer says so; GPUs that are not a whole number of groups are
// refused with an example that is.
func TestParallelismNarrowerThanTheGPUsPricesOneReplica(t *testing.T) {
	ask := func(gpus, par string) (Answer, error) {
		return Compute(Request{Model: "llama-3.1-70b", Tokens: "32000", GPUs: gpus, Parallel: par, Link: "10GbE"})
	}
	group, err := ask("4xH100", "tp4")
	require.NoError(t, err)
	wide, err := ask("16xH100", "tp16")
	require.NoError(t, err)
	rep, err := ask("16xH100", "tp4")
	require.NoError(t, err)
	assert.Equal(t, group.Output.RecomputeSeconds, rep.Output.RecomputeSeconds)
	assert.Less(t, wide.Output.RecomputeSeconds, rep.Output.RecomputeSeconds, "a request on 16 GPUs is faster than on 4")
	assert.Equal(t, "4x H100", rep.Output.GPUs)
	assert.Equal(t, 4, rep.Output.Replicas)
	assert.Zero(t, group.Output.Replicas)
	assert.Contains(t, Render(rep).Get("prefill_from"), "one of 4 replicas on the 16 GPUs given")
	require.NotNil(t, rep.Output.MemoryBytes)
	assert.InDelta(t, 4*80e9, *rep.Output.MemoryBytes, 1e9, "the memory of one group of 4 H100s")

	_, err = Compute(Request{Model: "llama-3.1-405b", Tokens: "32000", GPUs: "16xH100", Parallel: "tp4", Link: "10GbE"})
	var fe *breakeven.FieldError
	if assert.ErrorAs(t, err, &fe) {
		assert.Equal(t, "parallel", fe.Field)
		assert.Contains(t, fe.Error(), "4x H100 of the 16 GPUs given")
		assert.Equal(t, "--parallel tp16", fe.Example)
	}
	_, err = ask("10xH100", "tp4")
	if assert.ErrorAs(t, err, &fe) {
		assert.Equal(t, "parallel", fe.Field)
		assert.Equal(t, "--gpus 8xH100 --parallel tp4", fe.Example)
	}

	// Two replicas are replicas too: tp8 on 16 H100s.
	two, err := ask("16xH100", "tp8")
	require.NoError(t, err)
	assert.Equal(t, 2, two.Output.Replicas)
	assert.Contains(t, Render(two).Get("prefill_from"), "one of 2 replicas on the 16 GPUs given")
	_, err = Compute(Request{Model: "llama-3.1-405b", Tokens: "32000", GPUs: "16xH100", Parallel: "tp8", Link: "10GbE"})
	if assert.ErrorAs(t, err, &fe) {
		assert.Equal(t, "parallel", fe.Field, "8 H100s of 80 GB do not hold 810 GB of BF16 weights")
		assert.Equal(t, "--parallel tp16", fe.Example)
	}
}

// The fitted prefill's parts sum to the recompute time; on a short prompt
// the per-request cost is most of it and the answer says so, on a long
// one the FLOP phases are and it does not. The matrix products' part is
// the FLOPs at the fitted share of peak, worked here from the model's
// active parameters.
func TestPrefillPartsSumToTheRecomputeAndNameTheCostThatDominates(t *testing.T) {
	ask := func(tokens string) Answer {
		a, err := Compute(Request{Model: "llama-3.1-70b", Tokens: tokens, GPUs: "8xH100", Link: "10GbE"})
		require.NoError(t, err)
		require.NotNil(t, a.Output.PrefillParts)
		return a
	}
	for _, tokens := range []string{"500", "128000"} {
		a := ask(tokens)
		p := a.Output.PrefillParts
		assert.InEpsilon(t, a.Output.RecomputeSeconds, p.MatrixProducts+p.Attention+p.Memory+p.Weights+p.PerRequest+p.Communication, 1e-9, tokens)
		m, err := calibration.Fitted()
		require.NoError(t, err)
		n, _ := strconv.ParseFloat(tokens, 64)
		peak := 989.4e12
		if m.Phases.Ceiling {
			peak = 794.5e12 // the H100's measured matmul throughput (the MAMF table's BF16 row), which the ceiling structure prices at
		}
		head := 128256.0 * 8192 // the untied output head, vocab x hidden: the last token only
		assert.InEpsilon(t, (2*(70.6e9-head)*n+2*head)/(8*peak*m.Phases.Linear), p.MatrixProducts, 0.01, tokens)
		assert.InEpsilon(t, float64(m.Phases.Fixed+80*m.Phases.PerLayer), p.PerRequest, 1e-9, "the fixed cost and 80 layers' cost")
	}
	short, long := Render(ask("500")).Get("prefill_parts"), Render(ask("128000")).Get("prefill_parts")
	assert.Contains(t, short, "most of it is the per-request cost")
	assert.NotContains(t, long, "most of it")
	assert.Contains(t, long, "attention ")
	// Parts that sum to nothing print no percentages (no NaN).
	assert.NotContains(t, PrefillParts{}.String(), "NaN")
	// The per-request cost comes with the models of the runs that mostly
	// set it (calibration.Model.RequestCostModels); none is the 70B.
	costModels := ask("500").Output.PrefillParts.CostModels
	require.NotEmpty(t, costModels, "the fitted model has a per-request cost that runs mostly pay")
	require.NotContains(t, costModels, "Llama 3.1 70B")
	assert.Contains(t, short, "are all of "+strings.Join(costModels, ", ")+"; none is of the model asked about, Llama 3.1 70B)")
	// A prefill given by the user has no fitted parts.
	a, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "8000", TTFT: "1s", GPUs: "8xH100", Link: "10GbE"})
	require.NoError(t, err)
	assert.Nil(t, a.Output.PrefillParts)
}

// The answer says when a chip's measured matmul ceiling is missing and
// its peak stands in (the H20), and not for a measured chip (the H200).
func TestPrefillFromSaysWhenAChipHasNoMeasuredCeiling(t *testing.T) {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	require.True(t, m.Phases.Ceiling, "the chosen structure prices FLOPs at the measured ceiling")
	for chip, want := range map[string]bool{"H20": true, "H200": false} {
		a, err := Compute(Request{Model: "deepseek-v3", Tokens: "32000", GPUs: "8x" + chip, Precision: "fp8+bf16", Link: "400Gbit/s"})
		require.NoError(t, err, chip)
		text := Render(a).Get("prefill_from")
		assert.Equal(t, want, strings.Contains(text, "no matmul ceiling of the "+chip+" was measured (its peak stands in)"), "%s: %s", chip, text)
	}
}

// A prefill that is mostly the per-request cost names the models of the
// runs that set that cost when the prompt's model is not one of them, and
// only then.
func TestPerRequestCostNamesItsModelsWhenThePromptsIsNotAmongThem(t *testing.T) {
	p := PrefillParts{MatrixProducts: 0.01, PerRequest: 0.09, CostModels: []string{"A", "B"}, Model: "C"}
	assert.Equal(t, "matrix products 10.0 ms (10.0%), per-request cost 90.0 ms (90.0%); most of it is the per-request cost, "+
		"which the engine and its setup set, not the prompt: time your own server to know it "+
		"(the published runs whose time is mostly that cost are all of A, B; none is of the model asked about, C)", p.String())
	p.Model = "B"
	assert.NotContains(t, p.String(), "published runs", "the prompt's model is among them")
	p.Model, p.CostModels = "C", nil
	assert.NotContains(t, p.String(), "published runs", "no run mostly pays the cost")
	p.Model, p.CostModels = "C", []string{"A"}
	assert.Contains(t, p.String(), "(the published runs whose time is mostly that cost are all of A; none is of the model asked about, C)", "one model is named too")
	p.PerRequest = 0.001
	assert.NotContains(t, p.String(), "published runs", "the cost is not most of the time")
}

// An FP8 checkpoint priced in BF16 because no --precision was given says
// how to price the FP8 products engines run on a chip that has them; a
// precision typed, a chip without FP8 or a BF16 checkpoint gets no hint.
func TestFP8CheckpointInBF16SaysHowToPriceFP8(t *testing.T) {
	const hint = "the checkpoint's weights are FP8, which engines on the H200 multiply in FP8; a precision of fp8+bf16 prices that (calc's --precision, the page's Precision field)"
	a, err := Compute(Request{Model: "deepseek-v3", Tokens: "8000", GPUs: "8xH200", Link: "100Gbit/s"})
	require.NoError(t, err)
	assert.Contains(t, Render(a).Get("precision"), "BF16: dense peak 989.4 TFLOP/s per H200 (the default); "+hint)
	for _, r := range []Request{
		{Model: "deepseek-v3", Tokens: "8000", GPUs: "8xH200", Precision: "bf16", Link: "100Gbit/s"},
		{Model: "deepseek-v3", Tokens: "8000", GPUs: "8xH200", Precision: "fp8+bf16", Link: "100Gbit/s"},
		{Model: "deepseek-v3", Tokens: "8000", GPUs: "16xA100", Link: "100Gbit/s"},
		{Model: "llama-3.1-70b", Tokens: "8000", GPUs: "8xH200", Link: "100Gbit/s"},
	} {
		a, err := Compute(r)
		require.NoError(t, err, r)
		assert.NotContains(t, Render(a).Get("precision"), "the checkpoint's weights are FP8", r)
	}
}

// gpt-oss-120b fits one 80 GB GPU, as OpenAI says, once its MXFP4
// experts are read from its config.json: a 128K prompt on one H100 holds
// the weights, the cache and the allowance.
func TestGPTOSS120BFitsOneGPUAsOpenAISays(t *testing.T) {
	a, err := Compute(Request{Model: "gpt-oss-120b", Tokens: "131072", GPUs: "1xH100", Link: "100Gbit/s"})
	require.NoError(t, err)
	require.NotNil(t, a.Output.MemoryFits)
	assert.True(t, *a.Output.MemoryFits)
	assert.Equal(t, float64(sources.GPTOSS120BOneGPU.V()), *a.Output.MemoryBytes)
	// 117B weights; of the config's shapes, the routed experts at 4.25
	// bits, the rest (untied embeddings and head, attention with 64 query
	// and 8 KV heads of 64, the router) at 2 bytes.
	experts := 36 * 128 * 3 * 2880.0 * 2880
	total := experts + 2*201088*2880.0 + 36*(2880*(64+8+8)*64.0+64*64*2880) + 36*2880*128.0
	perWeight := (experts*4.25/8 + (total-experts)*2) / total
	// Printed to three figures: "(117B x 0.558 B, MXFP4 experts, ...".
	assert.Contains(t, Render(a).Get("memory"), fmt.Sprintf("(117B x %.3g B, MXFP4 experts, the rest BF16: the checkpoint's)", perWeight))
	assert.InDelta(t, 117e9*perWeight+float64(a.Result.CacheBytes)+0.1*80e9, *a.Output.MemoryNeedBytes, 1)
}

// With the fitted model a mixture of experts reads more of its experts'
// weights the longer its prompt, fast on a few hundred tokens and then
// not at all, which a loaded request does not pay: over 100Gbit/s
// gpt-oss-120b on 8 B200s loads faster than it recomputes on short
// prompts, slower on middling ones, and faster again on long ones. The
// crossover line names every range, both ends included, and at each
// length asked, the edges too, the range it puts the length in agrees
// with the hit's own verdict, computed apart (load plus cached TTFT
// against recompute).
func TestTheCrossoverNamesEveryRangeWhereLoadingWins(t *testing.T) {
	ask := func(n int) Answer {
		a, err := Compute(Request{Model: "gpt-oss-120b", GPUs: "8xB200", Tokens: strconv.Itoa(n), Link: "100Gbit/s"})
		require.NoError(t, err)
		return a
	}
	note := ask(332).Output.CrossoverNote
	m := regexp.MustCompile(`^loading wins from ([\d,]+) to ([\d,]+) tokens and from ([\d,]+); recomputing elsewhere$`).FindStringSubmatch(note)
	require.NotNil(t, m, note)
	num := func(s string) int {
		v, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		require.NoError(t, err)
		return v
	}
	from, to, again := num(m[1]), num(m[2]), num(m[3])
	require.Less(t, from, to)
	require.Less(t, to, again)
	require.NotNil(t, ask(332).Output.CrossoverTokens)
	assert.InDelta(t, float64(again), *ask(332).Output.CrossoverTokens, 1, "the crossover is the last change")
	for _, n := range []int{from, from + 2, (from + to) / 2, to, to + 1, (to + again) / 2, again - 1, again, 2 * again} {
		want := "recompute"
		if (n >= from && n <= to) || n >= again {
			want = "load"
		}
		assert.Equal(t, want, ask(n).Output.HitWinner, "%d tokens", n)
	}
}
