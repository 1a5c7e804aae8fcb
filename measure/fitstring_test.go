package measure

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The fit reads as the report, figure and notebook print it: each term
// at three significant digits in its unit, never "2.73e-06".
func TestPrefillFitWrittenAsPrinted(t *testing.T) {
	assert.Equal(t, "t(N) = 37.3 ms + N / 274 tokens/s + 2.73 µs x N^2",
		PrefillFit{FixedSeconds: 0.03734, LinearTokensPerSecond: 274.2, QuadraticSecondsPerTok2: 2.734e-6}.String())
	assert.Equal(t, "t(N) = 123 ms + no linear term + 0 s x N^2",
		PrefillFit{FixedSeconds: 0.1234}.String())
}
