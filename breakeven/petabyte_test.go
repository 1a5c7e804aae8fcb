package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bandwidth span ends at 1 PB/s, and its unit is read: 1 PB/s and
// 8 Pbit/s are the limit itself, accepted; anything above is refused
// naming the limit; and a value there prints in petabytes.
func TestPetabytesPerSecondAtTheLimit(t *testing.T) {
	for in, want := range map[string]float64{"1 PB/s": 1e15, "1PBps": 1e15, "8 Pbit/s": 1e15, "8 Pbps": 1e15, "8Pb/s": 1e15, "0.5 PB/s": 5e14, "2x0.5PB/s": 1e15} {
		got, err := ParseBandwidth(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, float64(got), in)
	}
	for _, in := range []string{"1.1 PB/s", "9 Pbit/s", "1 PiB/s", "2x1PB/s"} {
		_, err := ParseBandwidth(in)
		assert.ErrorContains(t, err, "above 1 PB/s", in)
	}
	assert.Equal(t, "1.00 PB/s", Bandwidth(1e15).String())
	assert.Equal(t, "8.00 Pbit/s", Bandwidth(1e15).Bits())
	b, err := ParseBytes("2 PB")
	require.NoError(t, err)
	assert.Equal(t, 2e15, float64(b))
	assert.Equal(t, "2.00 PB", b.String())
}
