package breakeven

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFormat(t *testing.T) {
	cases := []struct {
		got, want string
	}{
		{Bytes(127188 * 516096).String(), "65.6 GB"},
		{Bytes(516096).IEC(), "504 KiB"},
		{Bytes(516096).String(), "516 KB"},
		{Bytes(127188 * 516096).IEC(), "61.1 GiB"},
		{Bytes(24 << 30).IEC(), "24.0 GiB"},
		{Bytes(999.96e9).String(), "1.00 TB"},
		{Bytes(0).String(), "0 B"},
		{Bytes(12).String(), "12.0 B"},
		{Bandwidth(2051.42 * 516096).String(), "1.06 GB/s"},
		{Bandwidth(2051.42 * 516096).Bits(), "8.47 Gbit/s"},
		{Bandwidth(2051.42 * 516096).FormatBits(2), "8.5 Gbit/s"},
		{(181 * Gbps).String(), "22.6 GB/s"},
		{(400 * Gbps).Format(2), "50 GB/s"},
		{(0.55 * GBps).String(), "550 MB/s"},
		{TokenRate(127188.0 / 62).String(), "2,051 tokens/s"},
		{Tokens(127188).String(), "127,188"},
		{Tokens(608e9).String(), "608,000,000,000"},
		{Seconds(62).String(), "62.0 s"},
		{Seconds(0.58).String(), "580 ms"},
		{BytesPerToken(516096).String(), "516 KB/token"},
		{FormatSignificant(0.2062, 2), "0.21"},
		{FormatSignificant(65641.2, 3), "65600"},
		{GroupThousands(-1234.5, 1), "-1,234.5"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.got)
	}
}

func TestFormatNeverPanicsOnOddValues(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -5, 1e-30, 1e30} {
		assert.NotPanics(t, func() {
			_ = Bytes(v).String()
			_ = Bandwidth(v).Bits()
			_ = Seconds(v).String()
			_ = TokenRate(v).String()
		})
	}
}

func TestParseBandwidth(t *testing.T) {
	cases := []struct {
		in   string
		want float64 // bytes per second, computed by hand
	}{
		{"181 Gbit/s", 181e9 / 8},
		{"181Gb/s", 181e9 / 8},
		{"181 Gbps", 181e9 / 8},
		{"22.6 GB/s", 22.6e9},
		{"22.6GBps", 22.6e9},
		{"2x100GbE", 2 * 100e9 / 8},
		{"2 x 100 Gbit/s", 2 * 100e9 / 8},
		{"2×100GbE", 2 * 100e9 / 8},
		{"10GbE", 10e9 / 8},
		{"400 Gbit/s", 50e9},
		{"1 GiB/s", 1 << 30},
		{"550 MB/s", 550e6},
		{"1.6 Tbit/s", 1.6e12 / 8},
		{"12,000 MB/s", 12e9},
	}
	for _, c := range cases {
		got, err := ParseBandwidth(c.in)
		require.NoError(t, err, c.in)
		assert.InDelta(t, c.want, float64(got), c.want*1e-12, c.in)
	}
}

func TestParseBytes(t *testing.T) {
	cases := []struct {
		in   string
		want float64
	}{
		{"504 KiB", 504 * 1024},
		{"516096", 516096},
		{"516,096 B", 516096},
		{"65.6 GB", 65.6e9},
		{"24 GiB", 24 * (1 << 30)},
		{"24GiB", 24 * (1 << 30)},
		{"7.9 KB", 7900},
		{"1 TiB", 1 << 40},
		{"0", 0},
	}
	for _, c := range cases {
		got, err := ParseBytes(c.in)
		require.NoError(t, err, c.in)
		assert.InDelta(t, c.want, float64(got), c.want*1e-12, c.in)
	}
}

func TestParseOthers(t *testing.T) {
	r, err := ParseTokenRate("11.9k tokens/s")
	require.NoError(t, err)
	assert.InDelta(t, 11900, float64(r), 1e-9)
	r, err = ParseTokenRate("2051")
	require.NoError(t, err)
	assert.Equal(t, TokenRate(2051), r)

	for in, want := range map[string]float64{"127188": 127188, "127,188 tokens": 127188, "140k": 140000, "128Ki": 131072, "1Mi": 1 << 20, "1M": 1e6} {
		n, err := ParseTokens(in)
		require.NoError(t, err, in)
		assert.Equal(t, Tokens(want), n, in)
	}
	for in, want := range map[string]float64{"62s": 62, "0.58 s": 0.58, "580ms": 0.58, "1.5": 1.5, "2 min": 120} {
		s, err := ParseSeconds(in)
		require.NoError(t, err, in)
		assert.InDelta(t, want, float64(s), 1e-12, in)
	}
	for in, want := range map[string]Bytes{"BF16": 2, "fp8": 1, "int4": 0.5, " fp16 ": 2} {
		e, err := ParseElementType(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, e.Size, in)
	}
}

func TestParseErrorsQuoteInputAndExample(t *testing.T) {
	bad := map[string]func(string) error{
		"12 parsecs/s":   func(s string) error { _, err := ParseBandwidth(s); return err },
		"-5 GB/s":        func(s string) error { _, err := ParseBandwidth(s); return err },
		"0 Gbit/s":       func(s string) error { _, err := ParseBandwidth(s); return err },
		"fast":           func(s string) error { _, err := ParseBandwidth(s); return err },
		"0x100GbE":       func(s string) error { _, err := ParseBandwidth(s); return err },
		"22.6 GiBit/s":   func(s string) error { _, err := ParseBandwidth(s); return err },
		"NaN GB/s":       func(s string) error { _, err := ParseBandwidth(s); return err },
		"1,5 GB":         func(s string) error { _, err := ParseBytes(s); return err },
		"61 Gb":          func(s string) error { _, err := ParseBytes(s); return err },
		"12 light-years": func(s string) error { _, err := ParseBytes(s); return err },
		"-1 GB":          func(s string) error { _, err := ParseBytes(s); return err },
		"":               func(s string) error { _, err := ParseBytes(s); return err },
		"-2051":          func(s string) error { _, err := ParseTokenRate(s); return err },
		"2051 GB/s":      func(s string) error { _, err := ParseTokenRate(s); return err },
		"0 tokens":       func(s string) error { _, err := ParseTokens(s); return err },
		"12 parsecs":     func(s string) error { _, err := ParseSeconds(s); return err },
		"Inf":            func(s string) error { _, err := ParseSeconds(s); return err },
		"fp7":            func(s string) error { _, err := ParseElementType(s); return err },
	}
	for in, parse := range bad {
		err := parse(in)
		require.Error(t, err, in)
		var pe *ParseError
		require.ErrorAs(t, err, &pe, in)
		assert.Contains(t, err.Error(), `"`+in+`"`, "the error quotes the input")
		assert.Contains(t, err.Error(), "valid:", "the error shows valid input")
	}
}

// Formatting then parsing gives back the value at the printed precision.
func TestRoundTrip(t *testing.T) {
	for _, v := range []float64{516096, 65.64e9, 24 * (1 << 30), 7900, 1.05e9, 67.6e12} {
		b := Bytes(v)
		back, err := ParseBytes(b.String())
		require.NoError(t, err)
		assert.InEpsilon(t, v, float64(back), 5e-3, b.String())
		back, err = ParseBytes(b.IEC())
		require.NoError(t, err)
		assert.InEpsilon(t, v, float64(back), 5e-3, b.IEC())
	}
	for _, v := range []float64{1.0587e9, 22.625e9, 0.55e9, 50e9, 12e9} {
		bw := Bandwidth(v)
		back, err := ParseBandwidth(bw.String())
		require.NoError(t, err)
		assert.InEpsilon(t, v, float64(back), 5e-3, bw.String())
		back, err = ParseBandwidth(bw.Bits())
		require.NoError(t, err)
		assert.InEpsilon(t, v, float64(back), 5e-3, bw.Bits())
	}
}

// Every unit and alias the parsers accept, each with its value written out
// by hand. Each test walks the parser's own table, so an alias added there
// without a value here fails, and a changed multiplier fails against the
// value written here.
func TestParseEveryUnit(t *testing.T) {
	t.Run("bytes", func(t *testing.T) {
		// Each unit as written (a lower-case b is a bit, and refused) and
		// the bytes of one.
		want := map[string]struct {
			written string
			bytes   float64
		}{
			"": {"", 1}, "b": {"B", 1}, "byte": {"byte", 1}, "bytes": {"Bytes", 1},
			"kb": {"KB", 1000}, "mb": {"MB", 1000000}, "gb": {"GB", 1000000000}, "tb": {"TB", 1000000000000}, "pb": {"PB", 1e15},
			"kib": {"KiB", 1024}, "mib": {"MiB", 1024 * 1024}, "gib": {"GiB", 1024 * 1024 * 1024}, "tib": {"TiB", 1024 * 1024 * 1024 * 1024}, "pib": {"PiB", 1024 * 1024 * 1024 * 1024 * 1024},
		}
		for unit := range byteUnits {
			w, ok := want[unit]
			if !assert.True(t, ok, "byte unit %q has no value in this test", unit) {
				continue
			}
			in := "1 " + w.written
			got, err := ParseBytes(in)
			require.NoError(t, err, in)
			assert.Equal(t, w.bytes, float64(got), in)
		}
		assert.Len(t, byteUnits, len(want), "a unit in this test that the parser does not accept")
	})

	t.Run("bandwidth", func(t *testing.T) {
		// "1 G" + each unit the prefix may precede, in bytes per second.
		suffixes := map[string]float64{
			"B/s": 1e9, "Bps": 1e9, "B/sec": 1e9, "byte/s": 1e9, "bytes/s": 1e9,
			"b/s": 1.25e8, "bps": 1.25e8, "bit/s": 1.25e8, "bits/s": 1.25e8, "b/sec": 1.25e8,
			"bE": 1.25e8, "bitE": 1.25e8, "igE": 1.25e8,
		}
		for suffix := range rateSuffixes {
			w, ok := suffixes[suffix]
			if !assert.True(t, ok, "bandwidth unit %q has no value in this test", suffix) {
				continue
			}
			in := "1 G" + suffix
			got, err := ParseBandwidth(in)
			require.NoError(t, err, in)
			assert.Equal(t, w, float64(got), in)
		}
		assert.Len(t, rateSuffixes, len(suffixes))

		// Each prefix, in both cases, and binary, before B/s.
		prefixes := map[string]float64{
			"k": 1000, "m": 1000000, "g": 1000000000, "t": 1000000000000, "p": 1e15,
			"ki": 1024, "mi": 1024 * 1024, "gi": 1024 * 1024 * 1024, "ti": 1024 * 1024 * 1024 * 1024,
			"pi": 1024 * 1024 * 1024 * 1024 * 1024,
		}
		for letter := range prefixFactor {
			for _, p := range []string{string(letter), string(letter) + "i"} {
				w, ok := prefixes[p]
				if !assert.True(t, ok, "bandwidth prefix %q has no value in this test", p) {
					continue
				}
				for _, in := range []string{"1 " + p + "B/s", "1 " + strings.ToUpper(p[:1]) + p[1:] + "B/s"} {
					got, err := ParseBandwidth(in)
					if w > 1e15 {
						// 1 PiB/s is 1.13e15 B/s, past the span's 1 PB/s.
						assert.ErrorContains(t, err, "above 1 PB/s", in)
						continue
					}
					require.NoError(t, err, in)
					assert.Equal(t, w, float64(got), in)
				}
			}
		}
		assert.Len(t, prefixFactor, len(prefixes)/2)

		// Unprefixed units, and the combinations the parser refuses.
		for in, w := range map[string]float64{"2000 B/s": 2000, "8000 bit/s": 1000, "8000 bps": 1000, "1 TB/s": 1e12, "1 Gbit/s": 1.25e8, "1 Mbps": 125000, "100GigE": 1.25e10} {
			got, err := ParseBandwidth(in)
			require.NoError(t, err, in)
			assert.Equal(t, w, float64(got), in)
		}
		for _, in := range []string{"1 Gibit/s", "1 Gibps", "1 GibE", "1 bE", "1 igE"} {
			_, err := ParseBandwidth(in)
			assert.Error(t, err, in)
		}
	})

	t.Run("seconds", func(t *testing.T) {
		want := map[string]float64{ // "3 " + unit, in seconds
			"": 3, "s": 3, "sec": 3, "secs": 3, "second": 3, "seconds": 3,
			"ms": 0.003, "millisecond": 0.003, "milliseconds": 0.003,
			"us": 0.000003, "µs": 0.000003, "min": 180, "minutes": 180, "h": 10800,
		}
		for unit := range secondUnits {
			w, ok := want[unit]
			if !assert.True(t, ok, "ParseSeconds alias %q has no value in this test", unit) {
				continue
			}
			got, err := ParseSeconds("3 " + unit)
			require.NoError(t, err, unit)
			assert.InEpsilon(t, w, float64(got), 1e-15, unit)
		}
		assert.Len(t, secondUnits, len(want))
	})

	// Token counts and rates share the count prefixes.
	prefixes := map[string]float64{"": 1, "k": 1000, "K": 1000, "M": 1000000, "Ki": 1024, "Mi": 1024 * 1024}
	for _, c := range countPrefixes {
		assert.Contains(t, prefixes, c.p, "count prefix %q has no value in this test", c.p)
	}
	assert.Len(t, countPrefixes, len(prefixes)-1)

	t.Run("tokens", func(t *testing.T) {
		words := map[string]bool{"": true, "tokens": true, "token": true, "tok": true}
		for w := range tokenUnits {
			assert.True(t, words[w], "token unit %q is not in this test", w)
		}
		assert.Len(t, tokenUnits, len(words))
		for w := range words {
			for p, f := range prefixes {
				in := "3" + p + " " + w
				got, err := ParseTokens(in)
				require.NoError(t, err, in)
				assert.Equal(t, 3*f, float64(got), in)
			}
		}
	})

	t.Run("KV element types", func(t *testing.T) {
		want := map[string]float64{"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "int8": 1, "int4": 0.5} // bytes per number
		for _, e := range ElementTypes {
			w, ok := want[e.Name]
			if !assert.True(t, ok, "element type %q has no size in this test", e.Name) {
				continue
			}
			got, err := ParseElementType(strings.ToUpper(e.Name))
			require.NoError(t, err, e.Name)
			assert.Equal(t, w, float64(got.Size), e.Name)
		}
		assert.Len(t, ElementTypes, len(want))
	})

	t.Run("token rates", func(t *testing.T) {
		units := map[string]bool{"": true, "tokens/s": true, "token/s": true, "tok/s": true, "t/s": true, "tps": true, "tokens/sec": true, "tokens per second": true}
		for u := range rateUnits {
			assert.True(t, units[u], "token rate unit %q is not in this test", u)
		}
		assert.Len(t, rateUnits, len(units))
		for u := range units {
			for p, f := range prefixes {
				in := "3" + p + " " + u
				got, err := ParseTokenRate(in)
				require.NoError(t, err, in)
				assert.Equal(t, 3*f, float64(got), in)
			}
		}
	})
}

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

// roundSig rounds while 10^d stays far from overflow, |d| <= 290, and
// returns x as it is beyond: both sides of each edge, worked by hand for
// three significant digits (d = 2 - floor(log10 |x|)).
func TestRoundSigRoundsWhileThePowerOfTenStaysFinite(t *testing.T) {
	assert.InEpsilon(t, 1.23e-288, roundSig(1.23456e-288, 3), 1e-12) // d = 290: rounded
	assert.Equal(t, 1.23456e-289, roundSig(1.23456e-289, 3))         // d = 291: as is
	assert.InEpsilon(t, 1.23e292, roundSig(1.23456e292, 3), 1e-12)   // d = -290: rounded
	assert.Equal(t, 1.23456e293, roundSig(1.23456e293, 3))           // d = -291: as is
}

// Zero and the infinities have no leading digit to round at: they come
// back as they are.
func TestRoundSigKeepsZeroAndInfinities(t *testing.T) {
	assert.Equal(t, 0.0, roundSig(0, 3))
	assert.Equal(t, math.Inf(1), roundSig(math.Inf(1), 3))
	assert.Equal(t, math.Inf(-1), roundSig(math.Inf(-1), 3))
	assert.True(t, math.IsNaN(roundSig(math.NaN(), 3)))
	assert.Equal(t, 1.0, roundSig(1, 3))
}

// Seconds print in milliseconds only below one second.
func TestSecondsPrintInMillisecondsOnlyBelowASecond(t *testing.T) {
	assert.Equal(t, "580 ms", Seconds(0.58).String())
	assert.Equal(t, "1.00 s", Seconds(1).String())
	assert.Equal(t, "1.50 s", Seconds(1.5).String())
	assert.Equal(t, "-1.50 s", Seconds(-1.5).String())
	assert.Equal(t, "0 s", Seconds(0).String())
}

// Below a kilobyte a second, a bandwidth prints in bytes per second.
func TestBandwidthBelowAKilobytePrintsInBytes(t *testing.T) {
	assert.Equal(t, "500 B/s", Bandwidth(500).String())
	assert.Equal(t, "1.00 KB/s", Bandwidth(1000).String())
	assert.Equal(t, "800 bit/s", Bandwidth(100).Bits())
}

// From a billion on, a number prints with an exponent.
func TestFormatSignificantUsesAnExponentFromABillion(t *testing.T) {
	assert.Equal(t, "1.50e+09", FormatSignificant(1.5e9, 3))
	assert.Equal(t, "999000000", FormatSignificant(999e6, 3))
}

// Rounding above the digits kept divides by an exact power of ten:
// 999.6e9 to three digits is 1e12 exactly, so it prints as a trillion,
// not as 999999999999.9999 (which printed "1000G").
func TestRoundingToThreeDigitsReachesTheNextPowerOfTenExactly(t *testing.T) {
	assert.Equal(t, 1e12, roundSig(999.6e9, 3))
	assert.Equal(t, 1.23e15, roundSig(1.2345e15, 3))
}

func TestFormatApartPrintsAValueJustAboveALimitAboveIt(t *testing.T) {
	for _, c := range []struct {
		x, other float64
		decimals int
		want     string
	}{
		{0.98, 0.75, 2, "0.98"},       // apart at two places already
		{0.7523, 0.75, 2, "0.752"},    // one more place tells them apart
		{0.75004, 0.75, 2, "0.75004"}, // as many as it takes
		{0.75, 0.75, 2, "0.750000"},   // equal: six places at most
		{1.5, 1.2, 0, "2"},            // 2 against 1 at no places
		{1.4, 1.2, 0, "1.4"},          // 1 and 1 at none, 1.4 and 1.2 at one
	} {
		assert.Equal(t, c.want, FormatApart(c.x, c.other, c.decimals), "%g beside %g", c.x, c.other)
	}
}

// A ratio that is not a finite number prints as Go names it, with its x,
// in either sign: never cut as if it had an exponent ("-Infe0x").
func TestFormatRatioPrintsInfinitiesOfEitherSignAndNaNAsThemselves(t *testing.T) {
	assert.Equal(t, "+Infx", FormatRatio(math.Inf(1)))
	assert.Equal(t, "-Infx", FormatRatio(math.Inf(-1)))
	assert.Equal(t, "NaNx", FormatRatio(math.NaN()))
}
