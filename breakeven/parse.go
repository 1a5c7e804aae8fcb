package breakeven

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseError reports an input that could not be read as a quantity. Its
// message quotes the input and shows valid examples, in the manner of
// time.ParseDuration.
type ParseError struct {
	What    string // "bandwidth", "size", "token rate", "token count", "duration", "KV element type"
	Input   string // the text as given
	Reason  string // what is wrong with it
	Example string // valid inputs of the same kind
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("breakeven: %s in %s %s (valid: %s)", e.Reason, e.What, Quote(e.Input), e.Example)
}

// QuoteMax is the most of an input a message echoes.
const QuoteMax = 64

// Quote quotes an input for a message, as %q does; an input longer than
// QuoteMax characters is cut, saying how long it was: "aaaa…" (1,048,576
// characters).
func Quote(s string) string {
	if n := utf8.RuneCountInString(s); n > QuoteMax {
		cut := 0
		for i := range QuoteMax {
			_, size := utf8.DecodeRuneInString(s[cut:])
			cut += size
			_ = i
		}
		return fmt.Sprintf("%q (%s characters)", s[:cut]+"…", GroupThousands(float64(n), 0))
	}
	return strconv.Quote(s)
}

// Examples of each kind of input, shown in parse errors.
const (
	ExampleBytes     = `"516096 B", "504 KiB", "65.6 GB", "24 GiB"`
	ExampleBandwidth = `"22.6 GB/s", "181 Gbit/s", "181Gb/s", "10GbE", "2x100GbE"`
	ExampleRate      = `"2051 tokens/s", "11.9k tokens/s"`
	ExampleTokens    = `"127188", "127,188", "128Ki" (131,072), "140k" (140,000)`
	ExampleSeconds   = `"62s", "0.58 s", "580ms", "1.5"`
	ExampleElement   = `"bf16", "fp16", "fp8", "int4"`
)

// splitNumber reads the leading number of s and returns it with the rest of
// the string, trimmed.
func splitNumber(s string) (float64, string, bool) {
	s = strings.TrimSpace(s)
	m := numberPrefix(s) // commas between groups of three digits, an exponent
	if m == "" || strings.Trim(m, "+-.eE") == "" {
		return 0, s, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
	// A number too large for a float64 ("1e400") comes back as ±Inf with
	// ErrRange: keep the infinity, so the span check names the bound it
	// passes ("above 1 PB/s", "negative value") instead of "no number".
	if err != nil && !(errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0)) || math.IsNaN(v) {
		return 0, s, false
	}
	rest := strings.TrimSpace(s[len(m):])
	// A comma left right after the number is a decimal comma or a bad group
	// ("1,5 GB"): refuse rather than read it as something else.
	if strings.HasPrefix(rest, ",") {
		return 0, s, false
	}
	return v, rest, true
}

// noNumber says why an input has no number to read: an approximate or
// bounded value ("~0.272", "<1 s", "about 40 GB") is named as such, since
// a check needs the figure itself; anything else has no number.
func noNumber(s string) string {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, p := range []string{"~", "≈", "<", ">", "≤", "≥", "about", "approx.", "approximately", "around", "over", "under", "up to", "nearly", "almost", "roughly"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			if _, _, ok := splitNumber(rest); ok {
				return fmt.Sprintf("%q makes it approximate or a bound; write the figure alone, and the claim's own words in its note", p)
			}
		}
	}
	return "no number"
}

// MaxInput is the longest text a parser reads: every quantity here is
// written in far fewer characters, and a longer one is refused before any
// work is done on it.
const MaxInput = 256

// tooLong refuses an input longer than MaxInput.
func tooLong(what, s, example string) error {
	if len(s) <= MaxInput {
		return nil
	}
	return &ParseError{what, s, fmt.Sprintf("too long (%s characters; at most %d)", GroupThousands(float64(len(s)), 0), MaxInput), example}
}

// A Span is the range of values a parsed quantity may take: what a KV
// cache, a link or a prefill can meaningfully be, with room to spare. A
// value outside it is refused at parse time, saying the bound it passes
// ("above 1 PB/s"), so that no answer prints a 300-digit number, +Inf or a
// rate rounded to zero.
type Span struct {
	Lo, Hi         float64
	LoText, HiText string // "1 kB/s", "1 PB/s"
}

// Text is the span as a person reads it: "1 kB/s to 1 PB/s".
func (s Span) Text() string { return s.LoText + " to " + s.HiText }

// The spans of the parsed quantities, in SI units.
var (
	SizeSpan      = Span{1, 1e18, "1 B", "1e18 B"}
	BandwidthSpan = Span{1e3, 1e15, "1 kB/s", "1 PB/s"}
	RateSpan      = Span{1, 1e9, "1 token/s", "1e9 tokens/s"}
	TokensSpan    = Span{1, 1e9, "1 token", "1e9 tokens"}
	SecondsSpan   = Span{1e-6, 1e6, "1 µs", "1e6 s"}
)

// checkMagnitude refuses negative values, zero where zero is not
// meaningful, and values outside the quantity's span.
func checkMagnitude(v float64, allowZero bool, span Span, what, in, example string) error {
	switch {
	case math.IsNaN(v):
		return &ParseError{what, in, "not a number", example}
	case v < 0: // -Inf too
		return &ParseError{what, in, "negative value", example}
	case v == 0 && allowZero:
		return nil
	case v == 0:
		return &ParseError{what, in, "zero value", example}
	case v < span.Lo*(1-1e-12):
		return &ParseError{what, in, "below " + span.LoText, example}
	case v > span.Hi*(1+1e-12): // +Inf too
		return &ParseError{what, in, "above " + span.HiText, example}
	}
	return nil
}

var byteUnits = map[string]Bytes{
	"": 1, "b": 1, "byte": 1, "bytes": 1,
	"kb": KB, "mb": MB, "gb": GB, "tb": TB, "pb": PB,
	"kib": KiB, "mib": MiB, "gib": GiB, "tib": TiB, "pib": PiB,
}

// ParseBytes reads a size: a number and a unit from B, KB, MB, GB, TB, PB
// (powers of 1000) or KiB, MiB, GiB, TiB, PiB (powers of 1024). A bare number is
// bytes. Units in bits ("Gb", "Gbit") are refused: a size is in bytes.
func ParseBytes(s string) (Bytes, error) {
	if err := tooLong("size", s, ExampleBytes); err != nil {
		return 0, err
	}
	v, unit, ok := splitNumber(s)
	if !ok {
		return 0, &ParseError{"size", s, noNumber(s), ExampleBytes}
	}
	if isBitUnit(unit) {
		return 0, &ParseError{"size", s, fmt.Sprintf("unit %q is in bits; sizes are in bytes (B)", unit), ExampleBytes}
	}
	f, known := byteUnits[strings.ToLower(unit)]
	if !known {
		return 0, &ParseError{"size", s, fmt.Sprintf("unknown unit %q", unit), ExampleBytes}
	}
	if err := checkMagnitude(v*float64(f), true, SizeSpan, "size", s, ExampleBytes); err != nil {
		return 0, err
	}
	return Bytes(v) * f, nil
}

// isBitUnit reports whether a size or bandwidth unit names bits: a prefix
// followed by a lower-case b ("Gb", "Mb/s") or the word bit.
func isBitUnit(unit string) bool {
	u := strings.TrimSuffix(strings.TrimSuffix(unit, "/s"), "ps")
	if strings.Contains(strings.ToLower(u), "bit") {
		return true
	}
	return len(u) == 2 && strings.ContainsRune("kKmMgGtTpP", rune(u[0])) && u[1] == 'b'
}

// prefixFactor is the decimal factor of a bandwidth's prefix letter, in
// either case; followed by an i it is the binary factor of the same rank
// (Ki 1024, Gi 1024^3).
var prefixFactor = map[byte]float64{'k': 1e3, 'm': 1e6, 'g': 1e9, 't': 1e12, 'p': 1e15}

// rateKind is what a bandwidth unit counts.
type rateKind int

const (
	bytesRate    rateKind = iota // B/s: any prefix, or none
	bitsRate                     // bit/s: a decimal prefix, or none
	ethernetRate                 // GbE: the line rate, a decimal prefix required
)

// rateSuffixes are the bandwidth units after the prefix, with the bytes
// per second of one unprefixed unit.
var rateSuffixes = map[string]struct {
	perSecond float64
	kind      rateKind
}{
	"B/s": {1, bytesRate}, "Bps": {1, bytesRate}, "B/sec": {1, bytesRate}, "byte/s": {1, bytesRate}, "bytes/s": {1, bytesRate},
	"b/s": {1.0 / 8, bitsRate}, "bps": {1.0 / 8, bitsRate}, "bit/s": {1.0 / 8, bitsRate}, "bits/s": {1.0 / 8, bitsRate}, "b/sec": {1.0 / 8, bitsRate},
	// Ethernet names its line rate: 10GbE, 100GigE.
	"bE": {1.0 / 8, ethernetRate}, "bitE": {1.0 / 8, ethernetRate}, "igE": {1.0 / 8, ethernetRate},
}

// ParseBandwidth reads a link speed. Bytes per second are written with a
// capital B ("22.6 GB/s", "22.6 GBps", "1 GiB/s"); bits per second with a
// lower-case b or the word bit ("181 Gbit/s", "181Gb/s", "100 Gbps"), or as
// an Ethernet rate ("10GbE"). A count and an x in front multiplies the link
// ("2x100GbE" is 200 Gbit/s).
func ParseBandwidth(s string) (Bandwidth, error) {
	if err := tooLong("bandwidth", s, ExampleBandwidth); err != nil {
		return 0, err
	}
	body, count := s, 1.0
	if c, rest, ok := countPrefix(s); ok {
		n, err := strconv.Atoi(c)
		if err != nil || n <= 0 {
			return 0, &ParseError{"bandwidth", s, "link count must be a whole number of at least 1", ExampleBandwidth}
		}
		count, body = float64(n), rest
	}
	v, unit, ok := splitNumber(body)
	if !ok {
		return 0, &ParseError{"bandwidth", s, noNumber(s), ExampleBandwidth}
	}
	if v == 0 {
		// Zero is no speed in any unit: say so before asking for one.
		return 0, &ParseError{"bandwidth", s, "zero value", ExampleBandwidth}
	}
	f, err := bandwidthUnit(unit)
	if err != nil {
		return 0, &ParseError{"bandwidth", s, err.Error(), ExampleBandwidth}
	}
	if err := checkMagnitude(count*v*f, false, BandwidthSpan, "bandwidth", s, ExampleBandwidth); err != nil {
		return 0, err
	}
	return Bandwidth(count * v * f), nil
}

// bandwidthUnit returns the bytes per second of one unit. The letter b/B
// decides bits or bytes; the prefix letter may be either case.
func bandwidthUnit(unit string) (float64, error) {
	u := strings.ReplaceAll(unit, " ", "")
	if u == "" {
		return 0, fmt.Errorf("missing unit")
	}
	bad := fmt.Errorf("unknown unit %q", unit)
	factor, rest, binary := 1.0, u, false
	if p, ok := prefixFactor[strings.ToLower(u[:1])[0]]; ok && len(u) > 1 {
		factor, rest = p, u[1:]
		if _, known := rateSuffixes[rest]; !known && strings.HasPrefix(rest, "i") {
			// KiB/s, GiB/s: a binary prefix, bytes only (GigE is
			// Ethernet, not a binary prefix).
			factor, rest, binary = math.Pow(1024, math.Round(math.Log10(p)/3)), rest[1:], true
		}
	}
	suffix, ok := rateSuffixes[rest]
	switch {
	case !ok:
	case suffix.kind == bytesRate,
		suffix.kind == bitsRate && !binary,
		suffix.kind == ethernetRate && !binary && factor > 1:
		return factor * suffix.perSecond, nil
	}
	return 0, bad
}

var rateUnits = map[string]bool{
	"tokens/s": true, "token/s": true, "tok/s": true, "t/s": true, "tps": true,
	"tokens/sec": true, "tokens per second": true, "": true,
}

// ParseTokenRate reads a prefill speed: a number with an optional k or M
// ("11.9k tokens/s") and the unit tokens/s (tok/s, t/s and tps also read).
// A bare number is tokens per second.
func ParseTokenRate(s string) (TokenRate, error) {
	if err := tooLong("token rate", s, ExampleRate); err != nil {
		return 0, err
	}
	v, unit, ok := splitNumber(s)
	if !ok {
		return 0, &ParseError{"token rate", s, noNumber(s), ExampleRate}
	}
	scale, unit := countSuffix(unit)
	if !rateUnits[strings.ToLower(strings.TrimSpace(unit))] {
		return 0, &ParseError{"token rate", s, fmt.Sprintf("unknown unit %q", unit), ExampleRate}
	}
	if err := checkMagnitude(v*scale, false, RateSpan, "token rate", s, ExampleRate); err != nil {
		return 0, err
	}
	return TokenRate(v * scale), nil
}

// countPrefixes are the count multipliers a token count or rate may carry
// in front of its unit: k and K are 1000, M is 1e6, Ki is 1024 and Mi is
// 1,048,576. The binary ones come first, so "Ki" is not read as "K".
var countPrefixes = []struct {
	p string
	f float64
}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"k", 1e3}, {"K", 1e3}, {"M", 1e6}}

// countSuffix strips a count multiplier from the front of a unit.
func countSuffix(unit string) (float64, string) {
	for _, c := range countPrefixes {
		if rest, ok := strings.CutPrefix(unit, c.p); ok {
			if rest == "" || rest[0] == ' ' || rest[0] == '/' || strings.HasPrefix(rest, "tok") || strings.HasPrefix(rest, "t/") || rest == "tps" {
				return c.f, strings.TrimSpace(rest)
			}
		}
	}
	return 1, unit
}

// tokenUnits are the words a token count may end in (in any case).
var tokenUnits = map[string]bool{"": true, "tokens": true, "token": true, "tok": true}

// ParseTokens reads a token count: "127188", "127,188", "140k" (140,000),
// "1M" (1,000,000), "128Ki" (131,072) or "1Mi" (1,048,576), with an
// optional word "tokens". k and M are powers of 1000; Ki and Mi are powers
// of 1024, the convention of context windows ("128K context" means 131,072,
// so write 128Ki for that).
func ParseTokens(s string) (Tokens, error) {
	if err := tooLong("token count", s, ExampleTokens); err != nil {
		return 0, err
	}
	v, unit, ok := splitNumber(s)
	if !ok {
		return 0, &ParseError{"token count", s, noNumber(s), ExampleTokens}
	}
	scale, unit := countSuffix(unit)
	if !tokenUnits[strings.ToLower(strings.TrimSpace(unit))] {
		return 0, &ParseError{"token count", s, fmt.Sprintf("unknown unit %q", unit), ExampleTokens}
	}
	if err := checkMagnitude(v*scale, false, TokensSpan, "token count", s, ExampleTokens); err != nil {
		return 0, err
	}
	return Tokens(v * scale), nil
}

var secondUnits = map[string]Seconds{
	"": 1, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
	"ms": 1e-3, "millisecond": 1e-3, "milliseconds": 1e-3,
	"us": 1e-6, "µs": 1e-6, "min": 60, "minutes": 60, "h": 3600,
}

// ParseSeconds reads a duration: "62s", "0.58 s", "580ms", "2 min". A bare
// number is seconds. It also reads a duration as Seconds.String prints it
// from a day on, "754000 s (8.73 days)": the days or years in parentheses
// must then agree with the seconds at the printed precision.
func ParseSeconds(s string) (Seconds, error) {
	if err := tooLong("duration", s, ExampleSeconds); err != nil {
		return 0, err
	}
	if head, gloss, ok := strings.Cut(s, "("); ok && strings.HasSuffix(strings.TrimSpace(gloss), ")") {
		t, err := ParseSeconds(head)
		if err != nil {
			return 0, err
		}
		return t, glossAgrees(s, t, strings.TrimSuffix(strings.TrimSpace(gloss), ")"))
	}
	v, unit, ok := splitNumber(s)
	if !ok {
		return 0, &ParseError{"duration", s, noNumber(s), ExampleSeconds}
	}
	f, known := secondUnits[strings.ToLower(unit)]
	if !known {
		return 0, &ParseError{"duration", s, fmt.Sprintf("unknown unit %q", unit), ExampleSeconds}
	}
	if err := checkMagnitude(v*float64(f), false, SecondsSpan, "duration", s, ExampleSeconds); err != nil {
		return 0, err
	}
	return Seconds(v) * f, nil
}

// glossAgrees checks the days or years that Seconds.String prints after
// the seconds against the seconds read: both are rounded to three
// significant digits, so they may differ by a part in a hundred.
func glossAgrees(s string, t Seconds, gloss string) error {
	g, unit, ok := splitNumber(gloss)
	per := map[string]float64{"days": secondsPerDay, "years": secondsPerYear}[strings.ToLower(unit)]
	if !ok || per == 0 {
		return &ParseError{"duration", s, fmt.Sprintf("%q in parentheses is not days or years", gloss), ExampleSeconds}
	}
	if math.Abs(g*per-float64(t)) > 0.01*float64(t) {
		return &ParseError{"duration", s, fmt.Sprintf("the %s in parentheses do not match %v", gloss, t), ExampleSeconds}
	}
	return nil
}

// TokenReading says how a token count with a thousands suffix was read
// and what the other reading gives: k, K and M are powers of 1,000 and
// Ki and Mi powers of 1,024 everywhere, but a "128K" context in a model
// card or a vendor's claim often means 131,072. For "128K" it returns
// 131,072 and the line `"128K" read as 128,000 tokens; 128Ki would be
// 131,072`; for "128Ki" 128,000 and `"128Ki" read as 131,072 tokens;
// 128K would be 128,000`. For a count with no suffix, or one that does not
// parse, ok is false.
func TokenReading(s string) (other Tokens, line string, ok bool) {
	n, err := ParseTokens(s)
	if err != nil {
		return 0, "", false
	}
	v, unit, _ := splitNumber(s)
	scale, _ := countSuffix(unit)
	var alt float64
	var altSuffix string
	switch scale {
	case 1e3:
		alt, altSuffix = 1<<10, "Ki"
	case 1e6:
		alt, altSuffix = 1<<20, "Mi"
	case 1 << 10:
		alt, altSuffix = 1e3, "K"
	case 1 << 20:
		alt, altSuffix = 1e6, "M"
	default:
		return 0, "", false
	}
	other = Tokens(v * alt)
	num := strconv.FormatFloat(v, 'f', -1, 64)
	return other, fmt.Sprintf("%s read as %v tokens; %s%s would be %v", Quote(strings.TrimSpace(s)), n, num, altSuffix, other), true
}

// The reasons ParseFactor and ParseFraction give; a front end tests for
// them with errors.Is and words them for its input ("a compression factor
// is at least 1", "a speedup below 1 is a slowdown").
var (
	// ErrNotNumber: the text is not a finite number.
	ErrNotNumber = errors.New("not a number")
	// ErrFactorBelowOne: a factor below 1.
	ErrFactorBelowOne = errors.New("a factor is at least 1")
	// ErrFactorTooLarge: a factor above MaxFactor.
	ErrFactorTooLarge = errors.New("a factor is at most a million")
	// ErrNotFraction: a share outside 0 to 1.
	ErrNotFraction = errors.New("a share is between 0 and 1 (0% and 100%)")
)

// MaxFactor is the largest factor ParseFactor reads: a million.
const MaxFactor = 1e6

// ParseFactor reads a factor from 1 to a million, with or without its
// "x": "5", "5x", "5×" (a compression, a speedup). Its error is
// ErrNotNumber, ErrFactorBelowOne or ErrFactorTooLarge.
func ParseFactor(s string) (float64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(t, "x"), "X"), "×")
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, ErrNotNumber
	}
	if f < 1 {
		return 0, ErrFactorBelowOne
	}
	if f > MaxFactor {
		return 0, ErrFactorTooLarge
	}
	return f, nil
}

// ParseFraction reads a share of a whole, from 0 to 1, written as a
// decimal fraction or a percentage: "0.8", "80%" (a hit rate, an MFU, an
// efficiency). Its error is ErrNotNumber or ErrNotFraction.
func ParseFraction(s string) (float64, error) {
	t := strings.TrimSpace(s)
	scale := 1.0
	if p, ok := strings.CutSuffix(t, "%"); ok {
		t, scale = strings.TrimSpace(p), 0.01
	}
	h, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(h) || math.IsInf(h, 0) {
		return 0, ErrNotNumber
	}
	h *= scale
	if h < 0 || h > 1 {
		return 0, ErrNotFraction
	}
	return h, nil
}

// InRange reports whether a quantity in SI units is one the calculator
// and the claim checker print: finite, and neither vanishingly small nor
// absurdly large (10^-12 to 10^21, both included), so no NaN, Inf or
// 300-digit number reaches the output.
func InRange(x float64) bool { return !math.IsNaN(x) && x >= 1e-12 && x <= 1e21 }
