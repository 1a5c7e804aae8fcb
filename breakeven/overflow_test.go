package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A number beyond float64 ("1e400") is still a number: the refusal names
// the bound it passes, or says it is negative, rather than "no number".
func TestOverflowNamesTheBound(t *testing.T) {
	for _, tc := range []struct {
		in   string
		err  func(string) error
		want string
	}{
		{"1e400GB/s", func(s string) error { _, err := ParseBandwidth(s); return err }, "above 1 PB/s"},
		{"-1e400GB/s", func(s string) error { _, err := ParseBandwidth(s); return err }, "negative value"},
		{"1e400", func(s string) error { _, err := ParseTokens(s); return err }, "above 1e9 tokens"},
		{"-1e400", func(s string) error { _, err := ParseTokens(s); return err }, "negative value"},
		{"1e400s", func(s string) error { _, err := ParseSeconds(s); return err }, "above 1e6 s"},
		{"1e400 GB", func(s string) error { _, err := ParseBytes(s); return err }, "above 1e18 B"},
		{"1e400", func(s string) error { _, err := ParseTokenRate(s); return err }, "above 1e9 tokens/s"},
		// The largest parsed finite value, scaled by its unit, overflows
		// too: 1e300 TB/s is +Inf bytes/s.
		{"1e300TB/s", func(s string) error { _, err := ParseBandwidth(s); return err }, "above 1 PB/s"},
		{"-1e300TB/s", func(s string) error { _, err := ParseBandwidth(s); return err }, "negative value"},
	} {
		err := tc.err(tc.in)
		if assert.Error(t, err, tc.in) {
			assert.Contains(t, err.Error(), tc.want, tc.in)
			assert.NotContains(t, err.Error(), "no number", tc.in)
		}
	}
}
