package breakeven

import (
	"math"
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
