package breakeven

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Bytes is a size in bytes. Sizes print with decimal prefixes (KB, MB, GB,
// TB: powers of 1000) by default; IEC prints binary ones (KiB, MiB, GiB,
// TiB: powers of 1024). The two are never mixed silently: "61 GB" and
// "61 GiB" parse to different sizes.
type Bytes float64

// Decimal and binary size units.
const (
	KB  Bytes = 1e3
	MB  Bytes = 1e6
	GB  Bytes = 1e9
	TB  Bytes = 1e12
	PB  Bytes = 1e15
	KiB Bytes = 1 << 10
	MiB Bytes = 1 << 20
	GiB Bytes = 1 << 30
	TiB Bytes = 1 << 40
	PiB Bytes = 1 << 50
)

// BytesPerToken is the KV-cache size that one token of a prompt adds.
type BytesPerToken float64

// Bandwidth is a rate of data delivery in bytes per second. It prints in
// GB/s by default; Bits prints the same rate in bit/s, as network links are
// sold.
type Bandwidth float64

// Bandwidth units. Link speeds are in bits per second: Gbps is 1e9 bit/s,
// which is 125 MB/s.
const (
	GBps Bandwidth = 1e9
	Gbps Bandwidth = 1e9 / 8
)

// TokenRate is a prefill speed in tokens per second.
type TokenRate float64

// Tokens is a number of tokens. It is a float64 so that approximate counts
// ("about 140K") can carry an interval like any other quantity.
type Tokens float64

// Seconds is a duration in seconds. The package does not use time.Duration
// because derived times are real-valued and carry intervals.
type Seconds float64

// Millisecond is a thousandth of a second.
const (
	Millisecond Seconds = 1e-3
	Second      Seconds = 1
)

// Bytes returns the size of n tokens at b bytes per token.
func (b BytesPerToken) Bytes(n Tokens) Bytes { return Bytes(float64(b) * float64(n)) }

// Bytes returns the bytes the link delivers in t.
func (bw Bandwidth) Bytes(t Seconds) Bytes { return Bytes(float64(bw) * float64(t)) }

// Tokens returns the tokens prefilled at rate r in t.
func (r TokenRate) Tokens(t Seconds) Tokens { return Tokens(float64(r) * float64(t)) }

// prefix is one step of a unit scale.
type prefix struct {
	factor float64
	name   string
}

var (
	decimalBytes = []prefix{{1e15, "PB"}, {1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "KB"}, {1, "B"}}
	binaryBytes  = []prefix{{1 << 50, "PiB"}, {1 << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}, {1, "B"}}
	bytesPerSec  = []prefix{{1e15, "PB/s"}, {1e12, "TB/s"}, {1e9, "GB/s"}, {1e6, "MB/s"}, {1e3, "KB/s"}, {1, "B/s"}}
	bitsPerSec   = []prefix{{1e15, "Pbit/s"}, {1e12, "Tbit/s"}, {1e9, "Gbit/s"}, {1e6, "Mbit/s"}, {1e3, "kbit/s"}, {1, "bit/s"}}
)

// DefaultSignificant is the number of significant digits String methods
// print: the post's own precision for most derived figures ("1.06 GB/s",
// "65.6 GB").
const DefaultSignificant = 3

// formatScaled prints v in the largest unit of scale that keeps it at or
// above 1, rounded to sig significant digits.
func formatScaled(v float64, scale []prefix, sig int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Sprintf("%v %s", v, scale[len(scale)-1].name)
	}
	a := math.Abs(v)
	p := scale[len(scale)-1]
	for _, s := range scale {
		// Compare after rounding so 999.96 GB prints as "1 TB", not "1000 GB".
		if roundSig(a/s.factor, sig) >= 1 {
			p = s
			break
		}
	}
	return FormatSignificant(v/p.factor, sig) + " " + p.name
}

// roundSig rounds x to sig significant digits.
func roundSig(x float64, sig int) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	d := sig - 1 - int(math.Floor(math.Log10(math.Abs(x))))
	if d > 290 || d < -290 {
		// 10^d would overflow (subnormal or huge x): print x as it is.
		return x
	}
	// Halves round away from zero, as people round: 516.5 KB is 517 KB.
	// Above the digits kept, x is divided by a power of ten, which is
	// exact up to 10^22, and not multiplied by its inverse, which is not:
	// 999.6e9 to three digits is 1e12, not 999999999999.9999.
	if d < 0 {
		q := math.Pow(10, float64(-d))
		return math.Round(x/q) * q
	}
	p := math.Pow(10, float64(d))
	return math.Round(x*p) / p
}

// FormatSignificant prints x with sig significant digits, dropping the
// decimal point where no fractional digit is significant: 1.0587 -> "1.06",
// 516.096 -> "516", 65640 -> "65600" with sig 3; from a billion up and
// below a millionth in exponent form, 1.00e+18.
func FormatSignificant(x float64, sig int) string {
	if sig < 1 {
		sig = 1
	}
	if x == 0 {
		return "0"
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	r := roundSig(x, sig)
	if a := math.Abs(r); a >= 1e9 || a < 1e-6 {
		// Beyond a billion or below a millionth, positional digits stop
		// being readable: 1.00e+18, not nineteen digits.
		return strconv.FormatFloat(r, 'e', sig-1, 64)
	}
	mag := int(math.Floor(math.Log10(math.Abs(r))))
	decimals := sig - 1 - mag
	if decimals < 0 {
		decimals = 0
	}
	return strconv.FormatFloat(r, 'f', decimals, 64)
}

// Format prints the size with sig significant digits and a decimal prefix.
func (b Bytes) Format(sig int) string { return formatScaled(float64(b), decimalBytes, sig) }

// String prints the size with a decimal prefix: "65.6 GB".
func (b Bytes) String() string { return b.Format(DefaultSignificant) }

// IEC prints the size with a binary prefix: "504 KiB", "61.1 GiB".
func (b Bytes) IEC() string { return formatScaled(float64(b), binaryBytes, DefaultSignificant) }

// FormatIEC prints the size with sig significant digits and a binary prefix.
func (b Bytes) FormatIEC(sig int) string { return formatScaled(float64(b), binaryBytes, sig) }

// String prints the growth per token with a decimal prefix: "516 KB/token".
func (b BytesPerToken) String() string { return Bytes(b).String() + "/token" }

// Format prints the bandwidth with sig significant digits in bytes per
// second.
func (bw Bandwidth) Format(sig int) string { return formatScaled(float64(bw), bytesPerSec, sig) }

// String prints the bandwidth in bytes per second: "1.06 GB/s".
func (bw Bandwidth) String() string { return bw.Format(DefaultSignificant) }

// Bits prints the bandwidth in bits per second, as links are sold:
// "8.47 Gbit/s".
func (bw Bandwidth) Bits() string { return bw.FormatBits(DefaultSignificant) }

// FormatBits prints the bandwidth in bits per second with sig significant
// digits.
func (bw Bandwidth) FormatBits(sig int) string {
	return formatScaled(float64(bw)*8, bitsPerSec, sig)
}

// String prints the rate rounded to a whole token per second, with
// thousands separators: "2,051 tokens/s".
//
// A rate below 100 tokens/s keeps three significant digits ("0.131
// tokens/s"), so that no rate prints as zero; below 0.001 tokens/s it
// is a power of ten ("1.00e-06 tokens/s"), not a row of zeros.
func (r TokenRate) String() string {
	if a := math.Abs(float64(r)); a > 0 && roundSig(a, DefaultSignificant) < 1e-3 {
		return strconv.FormatFloat(float64(r), 'e', DefaultSignificant-1, 64) + " tokens/s"
	}
	if math.Abs(float64(r)) < 100 {
		return FormatSignificant(float64(r), DefaultSignificant) + " tokens/s"
	}
	return GroupThousands(float64(r), 0) + " tokens/s"
}

// String prints the count with thousands separators: "127,188".
func (n Tokens) String() string { return GroupThousands(float64(n), 0) }

// Count prints the count with its noun, singular for one: "1 token",
// "105,000 tokens".
func (n Tokens) Count() string {
	if n == 1 {
		return "1 token"
	}
	return n.String() + " tokens"
}

// String prints the duration in seconds, or in milliseconds below one
// second, with three significant digits: "62.0 s", "580 ms".
//
// Below a millisecond it is in microseconds ("1.00 µs"), below a
// microsecond in nanoseconds; from a day on, the seconds are followed by
// days or years: "754000 s (8.73 days)", "1.00e+09 s (31.7 years)".
// ParseSeconds reads both forms back.
func (t Seconds) String() string {
	a := math.Abs(float64(t))
	sig := func(x float64) string { return FormatSignificant(x, DefaultSignificant) }
	switch {
	case t == 0 || math.IsNaN(a) || math.IsInf(a, 0):
		return sig(float64(t)) + " s"
	case roundSig(a*1e9, DefaultSignificant) < 1000:
		return sig(float64(t)*1e9) + " ns"
	case roundSig(a*1e6, DefaultSignificant) < 1000:
		return sig(float64(t)*1e6) + " µs"
	case roundSig(a*1e3, DefaultSignificant) < 1000:
		return sig(float64(t)*1e3) + " ms"
	case a >= secondsPerDay && a < secondsPerYear:
		return sig(float64(t)) + " s (" + sig(float64(t)/secondsPerDay) + " days)"
	case a >= secondsPerDay:
		return sig(float64(t)) + " s (" + sig(float64(t)/secondsPerYear) + " years)"
	}
	return sig(float64(t)) + " s"
}

// Ratios print positionally from RatioLow to below RatioHigh ("21.4x",
// "0.0477x", "697,000x"); beyond, as a power of ten with two significant
// digits ("7.4e10x", "4.4e-11x"), where more digits say nothing.
const (
	RatioLow  = 1e-3
	RatioHigh = 1e6
)

// The days and years Seconds.String glosses a long time in, and
// ParseSeconds reads back: a day's seconds, and a Julian year's (365.25
// days).
const (
	secondsPerDay  = 86400
	secondsPerYear = 365.25 * secondsPerDay
)

// FormatRatio prints a ratio and its x: "21.4x", "697,000x", "7.4e10x".
func FormatRatio(x float64) string {
	a := math.Abs(roundSig(x, DefaultSignificant))
	switch {
	case x == 0 || math.IsNaN(x) || math.IsInf(x, 0):
		return FormatSignificant(x, DefaultSignificant) + "x"
	case a >= RatioHigh || a < RatioLow:
		m, e, _ := strings.Cut(strconv.FormatFloat(x, 'e', 1, 64), "e")
		n, _ := strconv.Atoi(e)
		return m + "e" + strconv.Itoa(n) + "x"
	case a >= 1e4:
		return GroupThousands(roundSig(x, DefaultSignificant), 0) + "x"
	}
	return FormatSignificant(x, DefaultSignificant) + "x"
}

// FormatApart prints x to decimals places, or to as many more (at most
// six) as it takes to print it apart from other at that many places: a
// value just above a limit then reads above it ("0.752", beside a limit of
// 0.75, not "0.75" twice).
func FormatApart(x, other float64, decimals int) string {
	d := max(decimals, 0)
	for d < 6 && strconv.FormatFloat(x, 'f', d, 64) == strconv.FormatFloat(other, 'f', d, 64) {
		d++
	}
	return strconv.FormatFloat(x, 'f', d, 64)
}

// GroupThousands prints x with the given number of decimals and commas
// between groups of three digits: 127188 -> "127,188".
func GroupThousands(x float64, decimals int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	s := strconv.FormatFloat(math.Abs(x), 'f', decimals, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	var out strings.Builder
	if x < 0 && strings.Trim(s, "0.") != "" {
		out.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			out.WriteByte(',')
		}
		out.WriteRune(c)
	}
	if frac != "" {
		out.WriteByte('.')
		out.WriteString(frac)
	}
	return out.String()
}
