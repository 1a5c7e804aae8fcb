package breakeven_test

// Fuzz and round-trip tests of the size and bandwidth parsers.

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// printedExactly bounds the values whose printed form is checked to read
// back: breakeven's rounding (roundSig) multiplies by 10^d, which
// overflows for subnormal values below about 1e-300 and prints them as
// NaN. The calculator and checker never print such values (they refuse
// results outside 1e-12 to 1e21 in SI units).
func printedExactly(x float64) bool { return x >= 1e-300 && x <= 1e300 }

// close reports whether got is x to the 3 significant digits printed:
// within half a unit in the third digit, relatively.
func closeTo3(x, got float64) bool { return math.Abs(got-x) <= 0.5e-2*math.Abs(x)*(1+1e-9) }

func FuzzParseBandwidth(f *testing.F) {
	for _, s := range []string{"22.6 GB/s", "181 Gbit/s", "181Gb/s", "10GbE", "2x100GbE", "1 GiB/s", "100 Gbps",
		"12 parsecs/s", "-1 GB/s", "0 GB/s", "1e309 GB/s", "1e-320 B/s", "2x", "x100GbE", "1,000 MB/s", "1,5 GB/s", "400GigE", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bw, err := breakeven.ParseBandwidth(s)
		if err != nil {
			if !strings.Contains(err.Error(), "valid:") {
				t.Fatalf("%q: error without an example: %v", s, err)
			}
			return
		}
		x := float64(bw)
		if math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
			t.Fatalf("%q parsed to %v", s, x)
		}
		if !printedExactly(x) {
			return
		}
		for _, printed := range []string{bw.String(), bw.Bits()} {
			back, err := breakeven.ParseBandwidth(printed)
			if err != nil || !closeTo3(x, float64(back)) {
				t.Fatalf("%q = %v prints as %q, which reads back as %v (%v)", s, x, printed, float64(back), err)
			}
		}
	})
}

func FuzzParseBytes(f *testing.F) {
	for _, s := range []string{"516096 B", "504 KiB", "65.6 GB", "24 GiB", "61 GB", "1 Gb", "0", "-1 KB", "1e400 B", "5e-324", "1,234 MB", "TB", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := breakeven.ParseBytes(s)
		if err != nil {
			if !strings.Contains(err.Error(), "valid:") {
				t.Fatalf("%q: error without an example: %v", s, err)
			}
			return
		}
		x := float64(b)
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
			t.Fatalf("%q parsed to %v", s, x)
		}
		if x == 0 || !printedExactly(x) {
			return
		}
		for _, printed := range []string{b.String(), b.IEC()} {
			back, err := breakeven.ParseBytes(printed)
			if err != nil || !closeTo3(x, float64(back)) {
				t.Fatalf("%q = %v prints as %q, which reads back as %v (%v)", s, x, printed, float64(back), err)
			}
		}
	})
}

// Every quantity reads back what it prints, to the digits printed, over
// many orders of magnitude.
func TestParseFormatRoundTrip(t *testing.T) {
	// Within each quantity's span; outside it the parser refuses, saying
	// the span.
	in := func(sp breakeven.Span, x float64) bool { return x >= sp.Lo && x <= sp.Hi }
	for e := -9.0; e <= 18; e += 0.37 {
		x := math.Pow(10, e)
		b := breakeven.Bytes(x)
		for _, s := range []string{b.String(), b.IEC()} {
			back, err := breakeven.ParseBytes(s)
			if !in(breakeven.SizeSpan, x) {
				if err == nil {
					// Printing rounds to three digits: 0.9996 B reads as 1 B.
					assert.True(t, in(breakeven.SizeSpan, float64(back)), "%v -> %q -> %v", x, s, float64(back))
				} else {
					assert.Regexp(t, "below|above", err.Error(), s)
				}
				continue
			}
			require.NoError(t, err, s)
			assert.True(t, closeTo3(x, float64(back)), "%v -> %q -> %v", x, s, float64(back))
		}
		bw := breakeven.Bandwidth(x)
		for _, s := range []string{bw.String(), bw.Bits()} {
			back, err := breakeven.ParseBandwidth(s)
			if !in(breakeven.BandwidthSpan, x) {
				if err == nil {
					assert.True(t, in(breakeven.BandwidthSpan, float64(back)), "%v -> %q -> %v", x, s, float64(back))
				} else {
					assert.Regexp(t, "below|above", err.Error(), s)
				}
				continue
			}
			require.NoError(t, err, s)
			assert.True(t, closeTo3(x, float64(back)), "%v -> %q -> %v", x, s, float64(back))
		}
		sec := breakeven.Seconds(x)
		back, err := breakeven.ParseSeconds(sec.String())
		if in(breakeven.SecondsSpan, x) {
			require.NoError(t, err, sec.String())
			assert.True(t, closeTo3(x, float64(back)), "%v -> %q -> %v", x, sec.String(), float64(back))
		} else if err == nil {
			assert.True(t, in(breakeven.SecondsSpan, float64(back)), "%v -> %q -> %v", x, sec.String(), float64(back))
		}
		if x >= 1 && x <= 1e9 {
			// Counts print whole numbers.
			n := breakeven.Tokens(math.Round(x))
			nb, err := breakeven.ParseTokens(n.String())
			require.NoError(t, err, n.String())
			assert.Equal(t, float64(n), float64(nb), n.String())
		}
		if in(breakeven.RateSpan, x) {
			// Rates print whole numbers from 100 up, three digits below.
			r := breakeven.TokenRate(x)
			rb, err := breakeven.ParseTokenRate(r.String())
			require.NoError(t, err, r.String())
			if x >= 100 {
				assert.Equal(t, math.Round(x), float64(rb), r.String())
			} else {
				assert.True(t, closeTo3(x, float64(rb)), "%v -> %q -> %v", x, r.String(), float64(rb))
			}
		}
	}
	// The post's own figures, as it prints them.
	for s, want := range map[string]float64{"181 Gbit/s": 181e9 / 8, "22.6 GB/s": 22.6e9, "10GbE": 10e9 / 8, "2x100GbE": 200e9 / 8} {
		bw, err := breakeven.ParseBandwidth(s)
		require.NoError(t, err)
		assert.InEpsilon(t, want, float64(bw), 1e-12, s)
	}
	for s, want := range map[string]float64{"504 KiB": 504 * 1024, "61 GiB": 61 << 30, "65.6 GB": 65.6e9} {
		b, err := breakeven.ParseBytes(s)
		require.NoError(t, err)
		assert.InEpsilon(t, want, float64(b), 1e-12, s)
	}
}
