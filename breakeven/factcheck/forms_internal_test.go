package factcheck

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Half a unit in the last place written, worked out by hand for each
// shape a stated figure takes.
func TestHalfStepIsHalfTheLastPlaceWritten(t *testing.T) {
	for _, c := range []struct {
		text  string
		value float64
		want  float64
	}{
		{"40 GB", 40e9, 0.5e9},   // 40 -> 0.5 of 1 GB
		{"1 GB", 1e9, 0.5e9},     // a figure of one
		{"0.465", 0.465, 0.0005}, // three decimals
		{".5", 0.5, 0.05},        // a leading point
		{"152x", 152, 0.5},
		{"+1,000", 1000, 0.5}, // a sign and a thousands separator
		{"-79", 79, 0.5},      // a minus: the step of the magnitude
		{"~2.50", 2.5, 0.005},
		{"0", 0, 0},   // zero has no scale
		{"abc", 5, 0}, // nothing written
	} {
		assert.InDelta(t, c.want, halfStep(c.text, c.value), math.Abs(c.want)*1e-12, c.text)
	}
}

// A percent change becomes the speedup 1 / (1 + p/100), up to a million:
// -99.9998% is 500,000x; -99.99992% would be 1,250,000x.
func TestPercentChangeIsASpeedupUpToAMillion(t *testing.T) {
	f, err := parseTimeChange("-99.9998%")
	require.NoError(t, err)
	assert.InEpsilon(t, 1/(1-0.999998), f, 1e-6)
	_, err = parseTimeChange("-99.99992%")
	assert.ErrorContains(t, err, "above a million")
	// A positive change, however small, is a slowdown, said as such.
	for _, p := range []string{"+121%", "+0.5%"} {
		_, err = parseTimeChange(p)
		assert.ErrorContains(t, err, "longer is a slowdown", p)
	}
	for _, p := range []string{"-100%", "-100.5%", "-250%"} {
		_, err = parseTimeChange(p)
		assert.ErrorContains(t, err, "a time cut by 100% or more is no time at all", p)
	}
}

// Every decimal prefix swaps with its binary one, at 1.024 to the power
// of its rank.
func TestEveryDecimalPrefixSwapsWithItsBinaryOne(t *testing.T) {
	for _, c := range []struct {
		text, reading string
		factor        float64
	}{
		{"1 kB", "KiB written as KB", 1.024},
		{"1 MB", "MiB written as MB", 1.024 * 1.024},
		{"1 GB", "GiB written as GB", 1.024 * 1.024 * 1.024},
		{"1 TB", "TiB written as TB", 1.024 * 1.024 * 1.024 * 1.024},
		{"1 TiB", "TB written as TiB", 1 / (1.024 * 1.024 * 1.024 * 1.024)},
	} {
		got, reading := swapPrefix(c.text, 1000)
		assert.InEpsilon(t, 1000*c.factor, float64(got), 1e-12, c.text)
		assert.Equal(t, c.reading, reading, c.text)
	}
	got, reading := swapPrefix("512 B", 512)
	assert.Zero(t, float64(got))
	assert.Empty(t, reading)
}

// A stated speedup stands for what rounds to it: "152x" for 151.5 to
// 152.5, and a percent change for a cut half a point either way: "-79%"
// for 1/(1 - 0.785) = 4.65x to 1/(1 - 0.795) = 4.88x.
func TestStatedSpeedupStandsForWhatRoundsToIt(t *testing.T) {
	lo, hi := speedupSpan("152x", 152)
	assert.Equal(t, []float64{151.5, 152.5}, []float64{lo, hi})
	lo, hi = speedupSpan("-79%", 1/0.21)
	assert.InEpsilon(t, 1/(1-0.785), lo, 1e-12)
	assert.InEpsilon(t, 1/(1-0.795), hi, 1e-12)
	lo, hi = speedupSpan("\u221279.5 %", 1/0.205) // a minus sign, a decimal
	assert.InEpsilon(t, 1/(1-0.7945), lo, 1e-12)
	assert.InEpsilon(t, 1/(1-0.7955), hi, 1e-12)
	lo, hi = speedupSpan("-99.9%", 1000) // a cut up to 99.95%: 1/0.0015 to 1/0.0005
	assert.InEpsilon(t, 1/0.0015, lo, 1e-9)
	assert.InEpsilon(t, 1/0.0005, hi, 1e-9)
	lo, hi = speedupSpan("-100%", 1) // past every speedup: not a span
	assert.InEpsilon(t, 1/(1-0.995), lo, 1e-12)
	assert.True(t, math.IsInf(hi, 1))
}

// A partial hit's rest at peak is stated however short: 1,000 of 10,000
// tokens of Llama 3.1 70B on 8 H100s take a small fraction of a second.
func TestPartialHitRestAtPeakIsStatedHoweverShort(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-70b", Tokens: "10000", Seconds: "1", Hit: "90%", GPUs: "8xH100"}, Options{})
	require.NoError(t, err)
	require.Greater(t, float64(r.restAtPeak), 0.0)
	require.Less(t, float64(r.restAtPeak), 1.0)
	assert.Regexp(t, `, at least [0-9.]+ ms on 8x H100 at peak`, strings.Join(r.Findings(), "\n"))
}

// A partial hit whose rest takes longer at peak than the stated time,
// even a time under a second, says so.
func TestPartialHitRestLongerThanASubSecondTime(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-70b", Tokens: "100000", Seconds: "0.01", Hit: "50%", GPUs: "1xH100"}, Options{})
	require.NoError(t, err)
	require.Greater(t, float64(r.restAtPeak), 0.01)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), ", longer than the stated time by itself")
}

// tinyModel is a one-layer MLA cache with a one-number latent: 1 B per
// token at FP8, 2 at 16 bits, small enough for needs below 1 B/s.
// TinyModel is tinyModel for the external tests.
var TinyModel = tinyModel

func tinyModel(string) (sources.Model, error) {
	return sources.Model{Name: "tiny", Arch: breakeven.Architecture{Groups: []breakeven.LayerGroup{{Attention: breakeven.MLA, Layers: 1, LatentDim: 1}}}}, nil
}

// A report shows each control character of a claim's text escaped, so
// none reaches a terminal or a page raw: the C0 controls but line breaks
// and tabs, DEL (U+007F), and the C1 controls U+0080 to U+009F; the
// characters either side of those ranges pass as they are.
func TestAReportShowsEveryControlCharacterEscaped(t *testing.T) {
	for in, want := range map[string]string{
		"a\x1b[31mb":          `a\x1b[31mb`,
		"del\x7f":             `del\x7f`,
		"tilde~":              "tilde~",
		"csi\u009b2J":         `csi\u009b2J`,
		"pad\u0080":           `pad\u0080`,
		"apc\u009f":           `apc\u009f`,
		"nbsp\u00a0":          "nbsp\u00a0",
		"y\u00ff":             "y\u00ff",
		"line\nbreak\ttab\r":  "line\nbreak\ttab\r",
		"nul\x00 unit\x1f sp": `nul\x00 unit\x1f sp`,
	} {
		assert.Equal(t, want, controls(in), "%q", in)
	}
}

// A claim's text that would open a Markdown list item or a setext
// heading is escaped at its start, a lone marker ("-", a one-character
// field) as much as a longer text; an ordered-list number is escaped at
// its point. Elsewhere the marker is left as it is.
func TestMarkdownListMarkersAreEscapedAtTheStart(t *testing.T) {
	for in, want := range map[string]string{
		"-":        `\-`,
		"+":        `\+`,
		"=":        `\=`,
		"- a list": `\- a list`,
		"1. one":   `1\. one`,
		"2)":       `2\)`,
		"a - b":    "a - b",
		"":         "",
	} {
		assert.Equal(t, want, mdEsc(in), "%q", in)
	}
}

// The rate check's tolerance is floating-point rounding, not a hidden
// margin: 1 GB loaded in "1.000000000000" s implies 1 GB/s to within
// 5e-13, and a throughput printed to ten figures that misses it by 1.5
// parts per billion either way (0.9999999985 or 1.0000000015 GB/s, give
// or take 5e-11) does not agree, while one at half a part per billion
// does.
func TestTheRateCheckToleratesRoundingOnly(t *testing.T) {
	for stated, agrees := range map[string]bool{"0.9999999985": false, "0.9999999995": true, "1.0000000015": false, "1.0000000005": true} {
		bw, err := strconv.ParseFloat(stated, 64)
		require.NoError(t, err)
		r := &Result{Claim: Claim{Seconds: "1.000000000000", Throughput: stated + " GB/s"},
			Loaded: 1e9, Seconds: 1, Throughput: breakeven.Bandwidth(bw * 1e9)}
		assert.Equal(t, !agrees, checkRate(r).NoMatch, stated)
	}
}
