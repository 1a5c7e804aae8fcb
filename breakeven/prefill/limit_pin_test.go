package prefill

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// An implied MFU whose low end passes 1 is beyond the hardware's peak,
// however little it passes it; between the highest published MFU and 1 it
// is beyond what has been published.
func TestCheckLimits(t *testing.T) {
	between := func(lo, hi float64) breakeven.Estimate[float64] { return breakeven.MustBetween((lo+hi)/2, lo, hi) }
	assert.Equal(t, BeyondPeak, Check(between(1.5, 1.7), 0.75))
	assert.Equal(t, BeyondPeak, Check(between(1.01, 1.1), 0.75))
	assert.Equal(t, BeyondPublished, Check(between(0.8, 0.9), 0.75))
	assert.NotEqual(t, BeyondPeak, Check(between(0.9, 1.2), 0.75), "only the low end decides")
}

// A bad attention group is named by its place, counting from one.
func TestValidateNamesTheGroup(t *testing.T) {
	m := Model{Name: "m", ActiveParams: 1e9, Attention: []AttentionGroup{{Layers: 1, QueryHeads: 1, QKDim: 1, VDim: 1}, {Layers: 0}}}
	assert.ErrorContains(t, m.Validate(), "attention group 2 needs")
}

// The smallest valid model: one active parameter, one layer of one head
// of one dimension, no window; zero of any of them is refused.
func TestValidateEdges(t *testing.T) {
	ok := Model{Name: "m", ActiveParams: 1, Attention: []AttentionGroup{{Layers: 1, QueryHeads: 1, QKDim: 1, VDim: 1}}}
	assert.NoError(t, ok.Validate())
	for _, bad := range []func(*Model){
		func(m *Model) { m.ActiveParams = 0 },
		func(m *Model) { m.Attention[0].Layers = 0 },
		func(m *Model) { m.Attention[0].QueryHeads = 0 },
		func(m *Model) { m.Attention[0].QKDim = 0 },
		func(m *Model) { m.Attention[0].VDim = 0 },
		func(m *Model) { m.Attention[0].Window = -1 },
	} {
		m := ok
		m.Attention = []AttentionGroup{ok.Attention[0]}
		bad(&m)
		assert.Error(t, m.Validate(), "%+v", m)
	}
}

// A GPU count beyond the bound is refused, saying the bound in whole
// GPUs.
func TestGPUCountBound(t *testing.T) {
	chips := []Chip{{Name: "X1", Peaks: []Peak{{BF16, 1e15}}}}
	_, err := ParseGPUs("100001xX1", chips)
	assert.EqualError(t, err, "prefill: GPU count must be a whole number from 1 to 100,000")
	g, err := ParseGPUs("100000xX1", chips)
	assert.NoError(t, err)
	assert.Equal(t, 100000, g.Count)
}
