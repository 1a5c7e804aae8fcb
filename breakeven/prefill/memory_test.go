package prefill

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The activation allowance prints as a percentage at three significant
// digits: a 12.34% share of 80 GB reads "12.3% of 80.0 GB".
func TestFitPrintsTheShareAndTheParameters(t *testing.T) {
	g := GPUs{Count: 1, Chip: Chip{Name: "H100", Memory: 80e9}}
	f := MemoryFit(Model{Name: "m", ActiveParams: 8e9, TotalParams: 8e9}, 1e9, g, 0.1234)
	assert.Contains(t, f.String(), "(12.3% of 80.0 GB)")
	// 16 GB of weights + 1 GB of cache + 9.87 GB of activations = 26.9 GB.
	assert.InDelta(t, 16e9+1e9+0.1234*80e9, float64(f.Need), 1)
	// Parameters print in billions at four significant digits: Llama 3.1
	// 70B's 70,553,706,496 are 70.55B.
	f = MemoryFit(Model{Name: "m", ActiveParams: 70553706496, TotalParams: 70553706496}, 1e9, g, 0.1)
	assert.Contains(t, f.String(), "(70.55B x 2 B, BF16)")
}

// A fit is judged whenever its parameters, memory and bytes per weight are
// positive, however small; a zero in any leaves it unknown, and unknown
// fits.
func TestFitIsJudgedAtTheSmallestPositiveInputs(t *testing.T) {
	f := Fit{Params: 1, Memory: 1, BytesPerWeight: 1, Need: 2}
	assert.True(t, f.Known())
	assert.False(t, f.Fits(), "2 bytes need more than 1")
	for _, g := range []Fit{{Memory: 1, BytesPerWeight: 1}, {Params: 1, BytesPerWeight: 1}, {Params: 1, Memory: 1}} {
		g.Need = 2
		assert.False(t, g.Known(), "%+v", g)
		assert.True(t, g.Fits(), "%+v", g)
	}
}
