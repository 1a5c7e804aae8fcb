package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// roundSig rounds while 10^d stays far from overflow, |d| <= 290, and
// returns x as it is beyond: both sides of each edge, worked by hand for
// three significant digits (d = 2 - floor(log10 |x|)).
func TestRoundSigEdges(t *testing.T) {
	assert.InEpsilon(t, 1.23e-288, roundSig(1.23456e-288, 3), 1e-12) // d = 290: rounded
	assert.Equal(t, 1.23456e-289, roundSig(1.23456e-289, 3))         // d = 291: as is
	assert.InEpsilon(t, 1.23e292, roundSig(1.23456e292, 3), 1e-12)   // d = -290: rounded
	assert.Equal(t, 1.23456e293, roundSig(1.23456e293, 3))           // d = -291: as is
}

// Sig(n) keeps at least one digit: Sig(0) and Sig(-2) print as Sig(1).
func TestSigAtLeastOne(t *testing.T) {
	one := Column{Precision: Sig(1)}
	assert.Equal(t, "1", one.Cell(1.0587))
	assert.Equal(t, "70,000", one.Cell(65641))
	for _, n := range []int{0, -2} {
		c := Column{Precision: Sig(n)}
		assert.Equal(t, "1", c.Cell(1.0587), n)
		assert.Equal(t, "70,000", c.Cell(65641), n)
	}
	assert.Equal(t, "1.1", Column{Precision: Sig(2)}.Cell(1.0587))
}

// Seconds print in milliseconds only below one second.
func TestSecondsStringUnitEdge(t *testing.T) {
	assert.Equal(t, "580 ms", Seconds(0.58).String())
	assert.Equal(t, "1.00 s", Seconds(1).String())
	assert.Equal(t, "1.50 s", Seconds(1.5).String())
	assert.Equal(t, "-1.50 s", Seconds(-1.5).String())
	assert.Equal(t, "0 s", Seconds(0).String())
}

// Below a kilobyte a second, a bandwidth prints in bytes per second.
func TestBandwidthInBytes(t *testing.T) {
	assert.Equal(t, "500 B/s", Bandwidth(500).String())
	assert.Equal(t, "1.00 KB/s", Bandwidth(1000).String())
	assert.Equal(t, "800 bit/s", Bandwidth(100).Bits())
}
