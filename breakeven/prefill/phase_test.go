package prefill

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// Each phase at its own precision's peak and share, plus the memory
// traffic, worked by hand.
func TestPhaseTimeByHand(t *testing.T) {
	m := Model{Name: "toy", ActiveParams: 1e9, Attention: []AttentionGroup{{Layers: 2, QueryHeads: 4, QKDim: 64, VDim: 64}}}
	chip := Chip{Name: "toy", Peaks: []Peak{{Precision: BF16, Rate: 100 * TFLOPS}, {Precision: FP8, Rate: 200 * TFLOPS}}, MemoryBandwidth: 2e12}
	g := GPUs{Count: 4, Chip: chip, Compute: Compute{Linear: FP8, Attention: BF16}}
	n := breakeven.Tokens(10000)
	lin := 2 * 1e9 * 10000.0                       // 2e13 FLOPs
	att := 2 * (10000.0 * 10000 / 2) * 2 * 4 * 128 // 1.024e11 FLOPs
	l, a, err := PhaseMinTimes(m, n, g)
	require.NoError(t, err)
	assert.InEpsilon(t, lin/(4*200e12), float64(l), 1e-12)
	assert.InEpsilon(t, att/(4*100e12), float64(a), 1e-12)
	assert.InEpsilon(t, (lin+att)/(4*2e12), MemoryTerm(m, n, g), 1e-12)

	e := Phases{Linear: 0.5, Attention: 0.25, Intensity: 400}
	got, err := PhaseTime(m, n, g, e)
	require.NoError(t, err)
	want := lin/(4*200e12*0.5) + att/(4*100e12*0.25) + (lin+att)/(4*2e12*400)
	assert.InEpsilon(t, want, float64(got), 1e-12)

	// A low-precision share applies to FP8 matrix products only.
	e.LowLinear = 0.4
	got, err = PhaseTime(m, n, g, e)
	require.NoError(t, err)
	assert.InEpsilon(t, want+lin/(4*200e12)*(1/0.4-1/0.5), float64(got), 1e-12)
	assert.Equal(t, 0.5, e.LinearFor(BF16))
	assert.Equal(t, "matrix products 0.5 (BF16), 0.4 (FP8/FP4), attention 0.25, memory traffic 1 byte per 400 FLOP", e.String())

	// A precision the chip has no peak for is an error, not a time.
	_, err = PhaseTime(m, n, GPUs{Count: 1, Chip: chip, Compute: Uniform(FP4)}, e)
	var pe *PrecisionError
	assert.True(t, errors.As(err, &pe))
	// So is a share that is not positive, or a memory term without a
	// bandwidth.
	_, err = PhaseTime(m, n, g, Phases{Linear: 0, Attention: 0.3})
	assert.Error(t, err)
	_, err = PhaseTime(m, n, g, Phases{Linear: 0.5, Attention: 0.25, Intensity: -1})
	assert.Error(t, err, "a negative intensity")
	// An intensity below one byte per FLOP is a memory term like any
	// other: 2 bytes per FLOP, the bandwidth time of every FLOP twice over.
	got, err = PhaseTime(m, n, g, Phases{Linear: 0.5, Attention: 0.25, Intensity: 0.5})
	require.NoError(t, err)
	assert.InEpsilon(t, lin/(4*200e12*0.5)+att/(4*100e12*0.25)+(lin+att)/(4*2e12*0.5), float64(got), 1e-12)
	assert.Equal(t, "matrix products 0.5, attention 0.25, memory traffic 1 byte per 0.5 FLOP", Phases{Linear: 0.5, Attention: 0.25, Intensity: 0.5}.String())
	// A latency structure's costs below a second, and a link share below
	// one, are printed too: half a millisecond per layer, half the link.
	assert.Equal(t, "matrix products 1, attention 1, 0.04 s per request, 0.5 ms per layer per request, tensor-parallel all-reduces at 0.5 of the link",
		Phases{Linear: 1, Attention: 1, Fixed: 0.04, PerLayer: 0.0005, Link: 0.5}.String())
	chip.MemoryBandwidth = 0
	_, err = PhaseTime(m, n, GPUs{Count: 1, Chip: chip}, Phases{Linear: 0.5, Attention: 0.5, Intensity: 100})
	assert.Error(t, err)
}

// The memory term is the FLOPs over the GPUs' bandwidth, however small the
// bandwidth; none gives no term.
func TestMemoryTermIsFLOPsOverAnyBandwidth(t *testing.T) {
	m := Model{Name: "m", ActiveParams: 1e9}
	g := GPUs{Count: 1, Chip: Chip{Name: "slow", MemoryBandwidth: 1}}
	assert.Equal(t, 2*1e9*1000.0, MemoryTerm(m, 1000, g)) // 2 x 10^9 x 1,000 FLOPs over 1 B/s
	g.Chip.MemoryBandwidth = 0
	assert.Zero(t, MemoryTerm(m, 1000, g))
}
