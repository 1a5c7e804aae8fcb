package breakeven

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// k and K are 1,000, Ki 1,024; a suffixed count says what the other
// reading gives, by hand: 128 x 1,024 = 131,072.
func TestTokenReading(t *testing.T) {
	for _, c := range []struct {
		in    string
		other Tokens
		line  string
	}{
		{"128K", 131072, `"128K" read as 128,000 tokens; 128Ki would be 131,072`},
		{"128k", 131072, `"128k" read as 128,000 tokens; 128Ki would be 131,072`},
		{"128Ki", 128000, `"128Ki" read as 131,072 tokens; 128K would be 128,000`},
		{"32K tokens", 32768, `"32K tokens" read as 32,000 tokens; 32Ki would be 32,768`},
		{"1M", 1048576, `"1M" read as 1,000,000 tokens; 1Mi would be 1,048,576`},
		{"1Mi", 1000000, `"1Mi" read as 1,048,576 tokens; 1M would be 1,000,000`},
		{"131.072k", 134217.728, `"131.072k" read as 131,072 tokens; 131.072Ki would be 134,218`},
	} {
		other, line, ok := TokenReading(c.in)
		assert.True(t, ok, c.in)
		assert.InDelta(t, float64(c.other), float64(other), 1e-6, c.in)
		assert.Equal(t, c.line, line, c.in)
	}
	for _, in := range []string{"131072", "127,188", "abc", "128 parsecs", ""} {
		_, _, ok := TokenReading(in)
		assert.False(t, ok, in)
	}
}

// An approximate or bounded figure, and a link name that is no preset,
// say what is wrong rather than "no number".
func TestNoNumberMessages(t *testing.T) {
	_, err := ParseSeconds("~0.272")
	assert.ErrorContains(t, err, `"~" makes it approximate or a bound; write the figure alone`)
	_, err = ParseBytes("about 40 GB")
	assert.ErrorContains(t, err, `"about" makes it approximate`)
	_, err = ParseSeconds("soon")
	assert.ErrorContains(t, err, "no number in duration")
	_, err = ParseLink("2xHDR", nil)
	assert.ErrorContains(t, err, `"HDR" is neither a speed nor a known preset`)
	_, err = ParseLink("2x12 parsecs/s", nil)
	assert.ErrorContains(t, err, `unknown unit "parsecs/s"`)
}

// The number scanner (scan.go) matches what its expression matches, on
// every input of a set that probes each part of it.
func TestNumberPrefixProbes(t *testing.T) {
	re := regexp.MustCompile(`^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?`)
	inputs := []string{"", "1", "12", "123", "1234", "1,234", "12,345,678", "1234,567", "1,23", "1,2345", "1,234,5",
		"+1", "-1", "+", "-", ".5", "1.", "1.5", "1.5.5", "1e5", "1e", "1e+", "1e+5", "1E-3x", "e5", ".e5", "1,234.5e-3 GB",
		"128Ki", "0.58 s", "~0.272", "2x100GbE", "1,000,000tokens", "12,34", ",123", "1,,234", "9999,999", "999,999,99"}
	for _, in := range inputs {
		assert.Equal(t, re.FindString(in), numberPrefix(in), "%q", in)
	}
}
