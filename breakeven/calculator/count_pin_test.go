package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
