package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Numbers too small or too large for plain decimals are written with an
// exponent, so an export never holds a 25-digit string.
func TestPlainNumberExponent(t *testing.T) {
	assert.Equal(t, "1e-05", plainNumber(1e-5))
	assert.Equal(t, "1e+21", plainNumber(1e21))
	assert.Equal(t, "0.0001", plainNumber(1e-4))
	assert.Equal(t, "123456789012345680000", plainNumber(1.2345678901234568e20))
}
