package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
}
