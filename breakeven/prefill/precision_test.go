package prefill

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

func TestParseCompute(t *testing.T) {
	for in, want := range map[string]Compute{
		"bf16": {BF16, BF16}, "BF16": {BF16, BF16}, "bfloat16": {BF16, BF16}, "fp8": {FP8, FP8}, "FP8-E4M3": {FP8, FP8},
		"nvfp4": {FP4, FP4}, "mxfp4": {FP4, FP4}, "fp16": {FP16, FP16}, "tf32": {TF32, TF32},
		"fp8+bf16": {FP8, BF16}, "fp8/bf16-attention": {FP8, BF16}, " FP8 + BF16 attn ": {FP8, BF16}, "fp4+fp8": {FP4, FP8},
	} {
		got, err := ParseCompute(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, got, in)
		}
	}
	for _, bad := range []string{"", "int8", "fp8+", "+bf16", "fp8+int4", "fp8 bf16", strings.Repeat("f", 300)} {
		_, err := ParseCompute(bad)
		assert.Error(t, err, bad)
	}
	_, err := ParseCompute("int8")
	require.Error(t, err)
	assert.Equal(t, `unknown precision "int8" (one of tf32, fp16, bf16, fp8, fp4)`, err.Error())
	// A mixed precision missing one side says which form it takes.
	for in, sep := range map[string]string{"+bf16": "+", "/bf16": "/", "fp8+": "+", " fp8 / ": "/"} {
		_, err = ParseCompute(in)
		assert.EqualError(t, err, fmt.Sprintf("%q: a mixed precision names the matrix products' and attention's, one each side of %q (e.g. fp8+bf16)", strings.TrimSpace(in), sep), in)
	}
	assert.Equal(t, "FP8 (BF16 attention)", Compute{FP8, BF16}.String())
	assert.Equal(t, "FP8", Uniform(FP8).String())
	assert.Equal(t, "BF16", Compute{}.String())
}

// The chip of prefill_test.go has BF16 at 100 TFLOP/s and FP8 at 200.
func TestPeakAtAndItsError(t *testing.T) {
	r, err := chip.PeakAt(FP8)
	require.NoError(t, err)
	assert.Equal(t, 200*TFLOPS, r)
	r, err = chip.PeakAt("")
	require.NoError(t, err)
	assert.Equal(t, 100*TFLOPS, r, "an empty precision is BF16")
	_, err = chip.PeakAt(FP4)
	var pe *PrecisionError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, "the X1 has no FP4 tensor peak (it has bf16, fp8)", err.Error())
	assert.Equal(t, 1, strings.Count(err.Error(), "fp8"), "each precision once")
	g := GPUs{Count: 2, Chip: chip}
	_, err = g.In(Compute{FP8, FP4})
	assert.ErrorAs(t, err, &pe)
	g8, err := g.In(Uniform(FP8))
	require.NoError(t, err)
	assert.Equal(t, 400*TFLOPS, g8.Peak())
	assert.Equal(t, "2x X1 in FP8", g8.String())
	assert.Equal(t, "2x X1", g.String())
	// A chip with no peak for the run's precision gives an infinite time,
	// never a finite wrong one.
	assert.True(t, float64(MinTime(toy, 1000, GPUs{Count: 1, Chip: chip, Compute: Uniform(FP4)})) > 1e300)
}

// The toy model at 1,000 tokens: linear 2 x 1e9 x 1000 = 2e12 FLOPs;
// attention 2 x (1000^2 / 2) x 2 layers x 4 heads x (8 + 8) = 1.28e8.
func TestMinTimePerPrecisionByHand(t *testing.T) {
	const lin, att = 2e12, 1.28e8
	one := GPUs{Count: 1, Chip: chip}
	at := func(c Compute) float64 { g := one; g.Compute = c; return float64(MinTime(toy, 1000, g)) }
	assert.InDelta(t, (lin+att)/100e12, at(Compute{}), 1e-15)
	assert.InDelta(t, (lin+att)/200e12, at(Uniform(FP8)), 1e-15)
	assert.InDelta(t, lin/200e12+att/100e12, at(Compute{FP8, BF16}), 1e-15)
	// An FP8 run's implied MFU is against the FP8 peak: done in 0.02 s
	// it used (lin + att) / 200e12 / 0.02 of it, half what the BF16 peak
	// would say.
	g := one
	g.Compute = Uniform(FP8)
	mfu := ImpliedMFU(toy, breakeven.Exact[breakeven.Tokens](1000), g, breakeven.Exact[breakeven.Seconds](0.02))
	assert.InDelta(t, (lin+att)/200e12/0.02, mfu.Value, 1e-12)
	assert.InDelta(t, 0.5, mfu.Value, 1e-4)
}

// Memory fit by hand, the two cases and one that fits.
func TestMemoryFitByHand(t *testing.T) {
	h100 := Chip{Name: "H100", Peaks: []Peak{{BF16, 989.4 * TFLOPS}, {FP8, 1978.9 * TFLOPS}}, Memory: 80e9}
	// Qwen3-32B in BF16 with its 128K cache (34.4 GB) on one H100:
	// 32.8e9 x 2 = 65.6 GB of weights + 34.4 + 10% of 80 = 8 -> 108 GB > 80.
	q := MemoryFit(Model{Name: "Qwen3-32B", ActiveParams: 32.8e9, TotalParams: 32.8e9}, 34.4e9, GPUs{Count: 1, Chip: h100}, 0.1)
	assert.True(t, q.Known())
	assert.False(t, q.Fits())
	assert.InDelta(t, 65.6e9, float64(q.Weights), 1)
	assert.InDelta(t, 108e9, float64(q.Need), 1)
	assert.Equal(t, "weights 65.6 GB (32.8B x 2 B, BF16) + cache 34.4 GB + activations 8.00 GB (10% of 80.0 GB) = 108 GB, more than the 80.0 GB of 1x H100", q.String())
	// DeepSeek-V3 in BF16 on 8 H100s: 671e9 x 2 = 1,342 GB of weights
	// alone, more than 8 x 80 = 640 GB.
	d := MemoryFit(Model{Name: "DeepSeek-V3", ActiveParams: 37e9, TotalParams: 671e9}, 1e9, GPUs{Count: 8, Chip: h100}, 0.1)
	assert.False(t, d.Fits())
	assert.InDelta(t, 1342e9+1e9+64e9, float64(d.Need), 1)
	// The same in FP8 on 16 H100s: 671 + 1 + 128 = 800 GB <= 1,280 GB.
	d16 := MemoryFit(Model{Name: "DeepSeek-V3", ActiveParams: 37e9, TotalParams: 671e9}, 1e9, GPUs{Count: 16, Chip: h100, Compute: Uniform(FP8)}, 0.1)
	assert.True(t, d16.Fits())
	assert.InDelta(t, 800e9, float64(d16.Need), 1)
	// Stated 4-bit weights computed in BF16: Llama 3.1 405B on 8 H100s,
	// 405e9 x 0.5 = 202.5 GB + 65.6 GB + 64 GB = 332.1 GB <= 640 GB,
	// where BF16 weights (810 GB) would not fit.
	l := MemoryFit(Model{Name: "Llama 3.1 405B", ActiveParams: 405e9, TotalParams: 405e9}, 65.6e9, GPUs{Count: 8, Chip: h100, Weights: Weights{"int4", 0.5}}, 0.1)
	assert.True(t, l.Fits())
	assert.InDelta(t, 332.1e9, float64(l.Need), 1)
	assert.False(t, MemoryFit(Model{TotalParams: 405e9}, 65.6e9, GPUs{Count: 8, Chip: h100}, 0.1).Fits())
	// Exactly full fits; a byte more does not.
	edge := MemoryFit(Model{TotalParams: 36e9}, 0, GPUs{Count: 1, Chip: h100}, 0.1)
	assert.Equal(t, breakeven.Bytes(80e9), edge.Need)
	assert.True(t, edge.Fits())
	assert.False(t, MemoryFit(Model{TotalParams: 36e9}, 1, GPUs{Count: 1, Chip: h100}, 0.1).Fits())
	// Unknown parameters or memory: not judged, never a refusal.
	u := MemoryFit(Model{Name: "x", ActiveParams: 1e9}, 1e12, GPUs{Count: 1, Chip: h100}, 0.1)
	assert.False(t, u.Known())
	assert.True(t, u.Fits())
	assert.Contains(t, u.String(), "not checked")
}

// The bytes of each format are its width: TF32 is stored as FP32.
func TestBytesPerValue(t *testing.T) {
	want := map[Precision]float64{TF32: 4, FP16: 2, BF16: 2, FP8: 1, FP4: 0.5, "int3": 0}
	for p, b := range want {
		assert.Equal(t, b, p.BytesPerValue(), p)
	}
	assert.Equal(t, Weights{"FP4", 0.5}, GPUs{Compute: Compute{FP4, BF16}}.StoredWeights(Model{}), "weights are stored in the matrix products' precision")
	assert.Equal(t, Weights{"BF16", 2}, GPUs{}.StoredWeights(Model{}))
	assert.Equal(t, Weights{"int4", 0.5}, GPUs{Compute: Compute{FP8, BF16}, Weights: Weights{"int4", 0.5}}.StoredWeights(Model{}), "unless stated otherwise")
	// An FP8 checkpoint keeps its FP8 weights when computed in BF16; in
	// FP4 it is an FP4 checkpoint; stated weights are as stated.
	ckpt := Model{Checkpoint: Weights{"FP8, the checkpoint's", 1}}
	assert.Equal(t, ckpt.Checkpoint, GPUs{}.StoredWeights(ckpt))
	assert.Equal(t, Weights{"FP8", 1}, GPUs{Compute: Compute{FP8, BF16}}.StoredWeights(ckpt))
	assert.Equal(t, Weights{"FP4", 0.5}, GPUs{Compute: Compute{FP4, BF16}}.StoredWeights(ckpt))
	assert.Equal(t, Weights{"bf16", 2}, GPUs{Weights: Weights{"bf16", 2}}.StoredWeights(ckpt))
	assert.Equal(t, Compute{FP8, FP8}, Compute{Linear: FP8}.Or())
	assert.Equal(t, Compute{BF16, BF16}, Compute{Attention: BF16}.Or())
}

// A scale-up link whose bandwidth no source gave prints its kind alone.
func TestScaleUpWithoutBandwidthPrintsItsKindAlone(t *testing.T) {
	assert.Equal(t, "not stated", ScaleUp{}.String())
	assert.Equal(t, "Infinity Fabric", ScaleUp{Kind: "Infinity Fabric"}.String())
	assert.Equal(t, "NVLink 4, 900 GB/s", ScaleUp{Kind: "NVLink 4", Bandwidth: 900e9}.String())
}
