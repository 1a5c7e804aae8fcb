package prefill

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// A parallelism reads as degrees in any order and case; "dp" is read and
// ignored; a bad form is one line naming --parallel with an example.
func TestParseParallelReadsDegrees(t *testing.T) {
	for s, want := range map[string]Parallel{
		"": {}, "tp8": {TP: 8}, "TP8EP8": {TP: 8, EP: 8}, "tp4 pp2": {TP: 4, PP: 2},
		"pp4": {PP: 4}, "tp8-cp16": {TP: 8, CP: 16}, "dp2tp4": {TP: 4},
	} {
		got, err := ParseParallel(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
	}
	for _, s := range []string{"tp", "8", "tp0", "xp8", "tp8x", "tp8 ep"} {
		_, err := ParseParallel(s)
		var fe *breakeven.FieldError
		require.True(t, errors.As(err, &fe), s)
		assert.Equal(t, "parallel", fe.Field, s)
		assert.Equal(t, "tp8ep8", fe.Example, s)
	}
	assert.Equal(t, "tp8ep4", Parallel{TP: 8, EP: 4}.String())
	assert.Equal(t, "", Parallel{}.String())
}

// The all-reduce time written out for Llama 3.1 405B's shape (126 layers,
// 128 heads of 128): two all-reduces per layer of n x 16,384 BF16 values,
// each moving 2 x 7/8 of them through every GPU's link one way, at half
// the H100's quoted 900 GB/s.
func TestCommTimeByHand(t *testing.T) {
	m := Model{Name: "405B-shaped", ActiveParams: 405e9, Attention: []AttentionGroup{{Layers: 126, QueryHeads: 128, QKDim: 128, VDim: 128}}}
	g := GPUs{Count: 8, Chip: Chip{Name: "H100", ScaleUp: ScaleUp{Kind: "NVLink 4", Bandwidth: 900e9}}}
	got, ok := CommTime(m, 1000, g, Parallel{TP: 8})
	require.True(t, ok)
	want := 126.0 * 2 * (2 * 7.0 / 8) * 1000 * 16384 * 2 / 450e9
	assert.InEpsilon(t, want, float64(got), 1e-12)
	// No tensor parallelism: no all-reduce.
	got, ok = CommTime(m, 1000, g, Parallel{PP: 4})
	assert.True(t, ok)
	assert.Zero(t, got)
	// Any positive link bandwidth gives a time, however slow: 1.5 B/s
	// quoted is 0.75 B/s one way.
	g.Chip.ScaleUp.Bandwidth = 1.5
	got, ok = CommTime(m, 1000, g, Parallel{TP: 8})
	require.True(t, ok)
	assert.InEpsilon(t, 126.0*2*(2*7.0/8)*1000*16384*2/0.75, float64(got), 1e-12)
	// A chip whose link bandwidth is not known: unknown, not zero.
	g.Chip.ScaleUp.Bandwidth = 0
	_, ok = CommTime(m, 1000, g, Parallel{TP: 8})
	assert.False(t, ok)
}

// One request's time is the phase time plus the fixed cost, the per-layer
// cost times the layers, and the all-reduces at the link share.
func TestRequestTimeAddsTheLatencyTerms(t *testing.T) {
	m := Model{Name: "x", ActiveParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	chip := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}, ScaleUp: ScaleUp{Bandwidth: 800e9}}
	g := GPUs{Count: 4, Chip: chip}
	e := Phases{Linear: 0.5, Attention: 0.5, Fixed: 0.2, PerLayer: 0.001, Link: 0.5}
	base, err := PhaseTime(m, 4096, g, e)
	require.NoError(t, err)
	comm := 40.0 * 2 * (2 * 3.0 / 4) * 4096 * (32 * 128) * 2 / 400e9
	got, known, err := RequestTime(m, 4096, g, Parallel{TP: 4}, e)
	require.NoError(t, err)
	assert.True(t, known)
	assert.InEpsilon(t, float64(base)+0.2+40*0.001+comm/0.5, float64(got), 1e-12)
	// Without a link share the communication is not priced.
	e.Link = 0
	got, _, err = RequestTime(m, 4096, g, Parallel{TP: 4}, e)
	require.NoError(t, err)
	assert.InEpsilon(t, float64(base)+0.2+40*0.001, float64(got), 1e-12)
}
