package breakeven

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Times print in the unit that reads: microseconds and nanoseconds below
// a millisecond, days or years beside the seconds from a day on.
func TestSecondsInAReadableUnit(t *testing.T) {
	for s, want := range map[Seconds]string{
		1e-6:     "1.00 µs",
		2.5e-5:   "25.0 µs",
		7.5e-4:   "750 µs",
		9.996e-4: "1.00 ms",
		1e-9:     "1.00 ns",
		0.58:     "580 ms",
		62:       "62.0 s",
		86399:    "86400 s",
		86400:    "86400 s (1.00 days)",
		754000:   "754000 s (8.73 days)",
		1e6:      "1000000 s (11.6 days)",
		1e9:      "1.00e+09 s (31.7 years)",
	} {
		assert.Equal(t, want, s.String(), "%g s", float64(s))
	}
}

// A ratio prints positionally between 10^-3 and 10^6 and as a power of
// ten with two significant digits beyond: 7.37e10 is "7.4e10x".
func TestRatioBeyondTheBoundAsAPowerOfTen(t *testing.T) {
	assert.Equal(t, 1e6, RatioHigh)
	assert.Equal(t, 1e-3, RatioLow)
	for x, want := range map[float64]string{
		21.4:     "21.4x",
		0.0477:   "0.0477x",
		697000:   "697,000x",
		999400:   "999,000x",
		1e6:      "1.0e6x",
		7.37e10:  "7.4e10x",
		4.44e-11: "4.4e-11x",
		0.00099:  "9.9e-4x",
		1:        "1.00x",
	} {
		assert.Equal(t, want, FormatRatio(x), "%g", x)
	}
}

// One token is a token.
func TestTokensCountSingular(t *testing.T) {
	assert.Equal(t, "1 token", Tokens(1).Count())
	assert.Equal(t, "105,000 tokens", Tokens(105000).Count())
	assert.Equal(t, "0 tokens", Tokens(0).Count())
}

// A rate far below one token per second is a power of ten, not a row of
// zeros.
func TestTinyTokenRate(t *testing.T) {
	assert.Equal(t, "1.00e-06 tokens/s", TokenRate(1e-6).String())
	assert.Equal(t, "0.00100 tokens/s", TokenRate(1e-3).String())
	assert.Equal(t, "0.131 tokens/s", TokenRate(0.131).String())
	assert.Equal(t, "2,051 tokens/s", TokenRate(2051).String())
}

// A ratio of exactly zero prints as "0x", not in the power-of-ten form its
// smallness would otherwise select; from 10,000 up (three significant
// digits) the digits are grouped: 12,345 -> "12,300x" and
// 19,876 -> "19,900x".
func TestRatioZeroAndTheThousandsFromTenThousand(t *testing.T) {
	assert.Equal(t, "0x", FormatRatio(0))
	assert.Equal(t, "12,300x", FormatRatio(12345))
	assert.Equal(t, "19,900x", FormatRatio(19876))
}

// A duration printed with its days or years reads back as its seconds;
// days that do not match the seconds, or a gloss in another unit, are
// refused with the input named.
func TestADurationWithItsDaysReadsBack(t *testing.T) {
	for in, want := range map[string]Seconds{
		"754000 s (8.73 days)":     754000,
		"86400 s (1.00 days)":      86400,
		" 172800 s ( 2.00 days ) ": 172800,
	} {
		got, err := ParseSeconds(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, got, in)
		}
	}
	// Years are read, and a billion seconds is then beyond the span of a
	// duration the tool takes.
	_, err := ParseSeconds("1.00e+09 s (31.7 years)")
	assert.ErrorContains(t, err, "above 1e6 s")
	for in, says := range map[string]string{
		"100 s (3 days)":        `the 3 days in parentheses do not match 100 s`,
		"754000 s (8.73 weeks)": `"8.73 weeks" in parentheses is not days or years`,
		"62 s (measured)":       `"measured" in parentheses is not days or years`,
	} {
		_, err := ParseSeconds(in)
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), says, in)
			assert.Contains(t, err.Error(), in, "the input is named")
			assert.Contains(t, err.Error(), ExampleSeconds, "a valid example is shown")
		}
	}
}

// The years in parentheses are Julian years of 365.25 days, checked to a
// part in a hundred: 864,000 s is 0.0273785 years, so 0.027652 years
// (872,630.7 s by 31,557,600 s a year, 1% less 9.3 s above) agrees and
// 0.02766 years (872,883 s) does not. A year of 365.26 days would put
// 0.027652 years at 872,654.6 s, beyond the part in a hundred.
func TestAYearInParenthesesIsAJulianYearToAPartInAHundred(t *testing.T) {
	got, err := ParseSeconds("864000 s (0.027652 years)")
	if assert.NoError(t, err) {
		assert.Equal(t, Seconds(864000), got)
	}
	_, err = ParseSeconds("864000 s (0.02766 years)")
	assert.ErrorContains(t, err, "the 0.02766 years in parentheses do not match")
}
