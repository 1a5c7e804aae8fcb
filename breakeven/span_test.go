package breakeven_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// Each parser takes the ends of its span and refuses what lies beyond,
// saying the span.
func TestSpans(t *testing.T) {
	parse := map[string]func(string) error{
		"size":      func(s string) error { _, err := breakeven.ParseBytes(s); return err },
		"bandwidth": func(s string) error { _, err := breakeven.ParseBandwidth(s); return err },
		"rate":      func(s string) error { _, err := breakeven.ParseTokenRate(s); return err },
		"tokens":    func(s string) error { _, err := breakeven.ParseTokens(s); return err },
		"seconds":   func(s string) error { _, err := breakeven.ParseSeconds(s); return err },
	}
	for _, c := range []struct {
		kind      string
		ok, outOf []string
		span      breakeven.Span
	}{
		{"size", []string{"1 B", "1000000 TB", "0"}, []string{"0.5 B", "1000001 TB", "1e300 B"}, breakeven.SizeSpan},
		{"bandwidth", []string{"1 kB/s", "8 kbit/s", "1000 TB/s", "8000 Tbit/s"}, []string{"999 B/s", "1 bit/s", "1e-300GB/s", "1e20GB/s", "1001 TB/s"}, breakeven.BandwidthSpan},
		{"rate", []string{"1", "1000M tokens/s"}, []string{"0.5 tokens/s", "1001M tokens/s"}, breakeven.RateSpan},
		{"tokens", []string{"1", "1000M"}, []string{"1e308", "1001M", "0.5"}, breakeven.TokensSpan},
		{"seconds", []string{"1us"}, []string{"1e-7"}, breakeven.SecondsSpan},
		{"seconds", []string{"1us", "1000000 s"}, []string{"1e-300", "0.5us", "1.5e6 s", "1e7 s", "1e300 s"}, breakeven.SecondsSpan},
	} {
		for _, s := range c.ok {
			assert.NoError(t, parse[c.kind](s), "%s %q", c.kind, s)
		}
		for _, s := range c.outOf {
			err := parse[c.kind](s)
			require.Error(t, err, "%s %q", c.kind, s)
			assert.Regexp(t, "(below "+regexp.QuoteMeta(c.span.LoText)+"|above "+regexp.QuoteMeta(c.span.HiText)+"|not a whole number)", err.Error(), "%s %q", c.kind, s)
		}
	}
	// Zero is "zero value" in any unit, with or without one.
	for _, s := range []string{"0", "0GB/s", "0 Gbit/s"} {
		_, err := breakeven.ParseBandwidth(s)
		assert.ErrorContains(t, err, "zero value", s)
	}
}

// A long input is refused before any work, and echoed cut short.
func TestLongInputs(t *testing.T) {
	huge := strings.Repeat("9", 10<<20)
	for _, f := range []func(string) error{
		func(s string) error { _, err := breakeven.ParseBandwidth(s); return err },
		func(s string) error { _, err := breakeven.ParseTokens(s); return err },
		func(s string) error { _, err := breakeven.ParseSeconds(s); return err },
		func(s string) error { _, err := breakeven.ParseBytes(s); return err },
		func(s string) error { _, err := breakeven.ParseTokenRate(s); return err },
		func(s string) error { _, err := breakeven.ParseLink(s, nil); return err },
	} {
		err := f(huge)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "too long (10,485,760 characters; at most 256)")
		assert.Less(t, len(err.Error()), 300, "the message echoes the start of the input only")
	}
	assert.Equal(t, `"`+strings.Repeat("a", 64)+`…" (65 characters)`, breakeven.Quote(strings.Repeat("a", 65)))
	assert.Equal(t, `"12 parsecs/s"`, breakeven.Quote("12 parsecs/s"))
	fe := breakeven.Bad("model", strings.Repeat("x", 1<<20), "unknown model", "llama-3.1-70b")
	assert.Less(t, len(fe.Error()), 200)
}

// No printed number runs past a readable length; no rate prints as zero.
func TestReadableNumbers(t *testing.T) {
	assert.Equal(t, "1.00e+18", breakeven.FormatSignificant(1e18, 3))
	assert.Equal(t, "999000000", breakeven.FormatSignificant(999e6, 3))
	assert.Equal(t, "1.23e-07", breakeven.FormatSignificant(1.234e-7, 3))
	// Fewer than one significant digit is one: 1,234.5 is 1000.
	assert.Equal(t, "1000", breakeven.FormatSignificant(1234.5, 0))
	assert.Equal(t, "1000", breakeven.FormatSignificant(1234.5, -3))
	assert.Equal(t, "0.131 tokens/s", breakeven.TokenRate(131072.0/1e6).String())
	assert.Equal(t, "12.5 tokens/s", breakeven.TokenRate(12.5).String())
	assert.Equal(t, "2,051 tokens/s", breakeven.TokenRate(2051.4).String())
}

// A count suffix is read before a slash: in "2k/s" the unit left is "/s",
// which a token rate does not take, and the message names that part.
func TestCountSuffixBeforeSlash(t *testing.T) {
	_, err := breakeven.ParseTokenRate("2k/s")
	assert.ErrorContains(t, err, `unknown unit "/s" in token rate "2k/s"`)
}

// Positional digits run down to a millionth; below it, an exponent.
func TestSignificantBelowAMillionth(t *testing.T) {
	assert.Equal(t, "0.00000150", breakeven.FormatSignificant(1.5e-6, 3))
	assert.Equal(t, "0.00000100", breakeven.FormatSignificant(0.999999e-6, 3)) // rounded first
	assert.Equal(t, "9.99e-07", breakeven.FormatSignificant(0.999e-6, 3))
}

// A need a part and a half in 10^12 above three links takes a fourth; half
// a part, forgiven as rounding, takes three.
func TestLinksNeededTolerance(t *testing.T) {
	l := breakeven.Bandwidth(50e9)
	assert.Equal(t, 4, breakeven.LinksNeeded(3*l*(1+1.5e-12), l))
	assert.Equal(t, 3, breakeven.LinksNeeded(3*l*(1+0.5e-12), l))
}

// A link count runs to 1,024, included.
func TestLinkCountBound(t *testing.T) {
	_, err := breakeven.ParseLink("1024x100GbE", nil)
	assert.NoError(t, err)
	_, err = breakeven.ParseLink("1025x100GbE", nil)
	assert.ErrorContains(t, err, "1025")
}

// A span's ends are kept to a part in 10^12, for values that reach them
// through a unit's arithmetic: half a part past an end is taken, one and
// a half parts are refused.
func TestSpanEndsToAPartInATrillion(t *testing.T) {
	for s, ok := range map[string]bool{
		"999.9999999995 B/s": true, "999.9999999985 B/s": false, // 1 kB/s less 0.5 and 1.5 parts in 10^12
		"1000.0000000005 TB/s": true, "1000.0000000015 TB/s": false, // 1 PB/s more 0.5 and 1.5 parts
	} {
		_, err := breakeven.ParseBandwidth(s)
		if ok {
			assert.NoError(t, err, s)
		} else {
			assert.Error(t, err, s)
		}
	}
}
