package breakeven

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Infinities of either sign print as themselves, never as a number with
// a unit prefix or a doubled sign; no parser lets one through, but a
// quantity computed by hand may be one.
func TestInfinitiesPrintAsThemselves(t *testing.T) {
	assert.Equal(t, "-Inf", GroupThousands(math.Inf(-1), 0))
	assert.Equal(t, "+Inf", GroupThousands(math.Inf(1), 0))
	last := decimalBytes[len(decimalBytes)-1].name
	assert.Equal(t, "-Inf "+last, Bytes(math.Inf(-1)).String())
	assert.Equal(t, "+Inf "+last, Bytes(math.Inf(1)).String())
}
