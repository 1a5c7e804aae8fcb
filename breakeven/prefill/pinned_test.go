package prefill

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A rate prints to four significant digits: 1307.4 TFLOP/s (MI300X) is
// 1307, and 312 is 312.0.
func TestFLOPRateFourDigits(t *testing.T) {
	assert.Equal(t, "1307 TFLOP/s", (1307.4 * TFLOPS).String())
	assert.Equal(t, "989.4 TFLOP/s", (989.4 * TFLOPS).String())
	assert.Equal(t, "312.0 TFLOP/s", (312 * TFLOPS).String())
}
