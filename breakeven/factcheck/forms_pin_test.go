package factcheck

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Half a unit in the last place written, worked out by hand for each
// shape a stated figure takes.
func TestHalfStepByHand(t *testing.T) {
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
func TestTimeChangeBound(t *testing.T) {
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
func TestSwapPrefixEveryRank(t *testing.T) {
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
func TestSpeedupSpan(t *testing.T) {
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

// Two times given to the hundredth and a rounded percent change: the
// times give 69.995/14.905 = 4.696x to 70.005/14.895 = 4.700x, which
// "-79%" (4.65x to 4.88x) covers and "-80%" (4.88x to 5.13x) does not.
func TestPercentChangeAgreesWithinItsRounding(t *testing.T) {
	c := NewChecker(Options{})
	r, err := c.Check(Claim{Model: "llama-3.1-70b", Tokens: "100000", Uncached: "70.00s", Seconds: "14.90s", Speedup: "-79%"})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated -79% agrees with the two times")
	r, err = c.Check(Claim{Model: "llama-3.1-70b", Tokens: "100000", Uncached: "70.00s", Seconds: "14.90s", Speedup: "-80%"})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated -80% does not: the times give 4.70 to 4.70x")
}

// A size read the other way is tried however small: a one-layer MLA cache
// with a one-number latent at FP8 keeps 1 B per token, and "0.00100 KiB"
// (1.024 B, give or take half of 0.00001 KiB) matches it only read as
// 0.00100 kB, 1.00 B.
func TestSwappedReadingAtOneByte(t *testing.T) {
	load := func(string) (sources.Model, error) {
		return tinyModel("")
	}
	r, err := Check(Claim{Config: "x", Tokens: "1", Size: "0.00100 KiB", KVDtype: "fp8"}, Options{LoadConfig: load})
	require.NoError(t, err)
	assert.Equal(t, SizeMisread, r.Verdict)
	require.NotNil(t, r.SizeCheck)
	assert.Equal(t, "KB written as KiB", r.SizeCheck.Reading)
}

// tinyModel is a one-layer MLA cache with a one-number latent: 1 B per
// token at FP8, 2 at 16 bits, small enough for needs below 1 B/s.
func tinyModel(string) (sources.Model, error) {
	return sources.Model{Name: "tiny", Arch: breakeven.Architecture{Groups: []breakeven.LayerGroup{{Attention: breakeven.MLA, Layers: 1, LatentDim: 1}}}}, nil
}

// Findings hold for needs below 1 B/s: "1K" tokens of 1 B in 10^6 s need
// 0.001 B/s either way they are read; a stated size with a time is
// judged beside the need.
func TestFindingsBelowOneBytePerSecond(t *testing.T) {
	r, err := Check(Claim{Config: "x", Tokens: "1K", Seconds: "1e6", KVDtype: "fp8"}, Options{LoadConfig: tinyModel})
	require.NoError(t, err)
	f := strings.Join(r.Findings(), "\n")
	assert.Less(t, float64(r.OtherRequired), 1.0)
	assert.Contains(t, f, "which would need")
	r, err = Check(Claim{Config: "x", Tokens: "1", Seconds: "10", Size: "1 B", KVDtype: "fp8"}, Options{LoadConfig: tinyModel})
	require.NoError(t, err)
	assert.InDelta(t, 0.1, float64(r.Required), 1e-12)
	assert.Contains(t, r.Findings(), "the stated size 1 B is the computed one")
}

// A partial hit's rest at peak is stated however short: 1,000 of 10,000
// tokens of Llama 3.1 70B on 8 H100s take a small fraction of a second.
func TestPartialHitRestAtPeak(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-70b", Tokens: "10000", Seconds: "1", Hit: "90%", GPUs: "8xH100"}, Options{})
	require.NoError(t, err)
	require.Greater(t, float64(r.restAtPeak), 0.0)
	require.Less(t, float64(r.restAtPeak), 1.0)
	assert.Regexp(t, `, at least [0-9.]+ ms on 8x H100 at peak`, strings.Join(r.Findings(), "\n"))
}

// The findings of claims at the small end of each form, as printed.
func TestFindingsAtTheSmallEnd(t *testing.T) {
	for _, c := range []struct {
		claim Claim
		want  []string
	}{
		// A ratio below one is stated, and is a load slower than recomputing.
		{Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "1s", Seconds: "2s"}, []string{
			"uncached 1.00 s against cached 2.00 s is 0.500x",
			"loading is slower than recomputing here: the cached 2.00 s is no faster than the uncached 1.00 s"}},
		// A speedup of exactly one is checked against the times.
		{Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "2s", Seconds: "2s", Speedup: "1x"}, []string{
			"uncached 2.00 s against cached 2.00 s is 1.00x; the stated 1x agrees with the two times",
			"loading is slower than recomputing here: the cached 2.00 s is no faster than the uncached 2.00 s"}},
		// Times under a second.
		{Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "0.5s", Seconds: "0.6s"}, []string{
			"uncached 500 ms against cached 600 ms is 0.833x",
			"loading is slower than recomputing here: the cached 600 ms is no faster than the uncached 500 ms"}},
		// A prefill at the low MFU far under a second.
		{Claim{Model: "llama-3.1-8b", Tokens: "1000", Seconds: "0.5s", GPUs: "8xH100"}, []string{
			"loading is slower than recomputing: 1,000 tokens prefill in 10.3 ms on 8x H100 even at an MFU of 0.2, the low end of the assumed range"}},
		// A total that one host carries, of 1 B/s or of gigabytes.
		{Claim{Throughput: "10 GB/s", Host: "dgx-h100"}, []string{
			"stated in total, so no one host's ceiling applies: it takes at least 1 host of 600 GB/s (host DGX H100)"}},
		{Claim{Config: "x", Throughput: "1 tokens/s", Host: "dgx-h100", KVDtype: "fp8"}, []string{
			"stated in total, so no one host's ceiling applies: it takes at least 1 host of 600 GB/s (host DGX H100)"}},
	} {
		r, err := Check(c.claim, Options{LoadConfig: tinyModel})
		require.NoError(t, err, "%+v", c.claim)
		assert.Equal(t, c.want, r.Findings(), "%+v", c.claim)
	}
}

// A speedup with one time gives the other, under a second too: 0.5 s
// uncached at 2x is 0.25 s cached; 0.5 s cached at 2x is 1 s uncached.
func TestSpeedupGivesTheOtherTime(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "0.5s", Speedup: "2x"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, 0.25, float64(r.Seconds))
	r, err = Check(Claim{Model: "llama-3.1-8b", Tokens: "1000", Seconds: "0.5s", Speedup: "2x"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, 1.0, float64(r.Uncached))
	assert.Equal(t, 2.0, r.Ratio)
}

// A form that needs the model's cache asks for the model at its smallest
// too: a size of 1 B, an uncached time under a second, 1 token/s.
func TestSmallestFormsNeedAModel(t *testing.T) {
	for _, c := range []Claim{{Tokens: "1", Size: "1 B"}, {Uncached: "0.5s", Speedup: "2x"}, {Throughput: "1 tokens/s"}} {
		_, err := Check(c, Options{})
		assert.EqualError(t, err, `--model "": missing (e.g. --model "llama-3.1-70b"; list them with "breakeven models")`, "%+v", c)
	}
}

// The arithmetic is written out for one token, and for a load of one byte.
func TestArithmeticAtTheSmallest(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-8b", Tokens: "1", Seconds: "1"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "1 token x 131,072 B/token (Llama 3.1 8B, 16-bit) = 131 KB; 131 KB / 1.00 s = 131 KB/s; no ceiling (no host stated)", r.Arithmetic())
	r, err = Check(Claim{Config: "x", Tokens: "1", Seconds: "10", KVDtype: "fp8"}, Options{LoadConfig: tinyModel})
	require.NoError(t, err)
	assert.Equal(t, "1 token x 1 B/token (tiny, fp8) = 1.00 B; 1.00 B / 10.0 s = 0.100 B/s; no ceiling (no host stated)", r.Arithmetic())
}

// A speedup agrees with two times within a part in 10^9 beyond their
// rounding, and no further: times and a speedup written to the
// nanosecond, 2.0000000035x (from 2.000000005 s less half a nanosecond,
// over 1 s plus half) against a stated 2.0000000005x at most, are 1.5
// parts in 10^9 apart, and disagree; so on the other side.
func TestSpeedupToleranceIsAPartInABillion(t *testing.T) {
	for _, c := range []struct{ uncached, says string }{
		{"2.000000000s", "agrees with the two times"},
		{"2.000000005s", "does not"},
		{"1.999999995s", "does not"},
	} {
		r, err := Check(Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: c.uncached, Seconds: "1.000000000s", Speedup: "2.000000000x"}, Options{})
		require.NoError(t, err)
		assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated 2.000000000x "+c.says, c.uncached)
	}
}

// A throughput of one token per second is written out as a rate.
func TestArithmeticOfOneTokenPerSecond(t *testing.T) {
	r, err := Check(Claim{Config: "x", Throughput: "1 tokens/s", KVDtype: "fp8"}, Options{LoadConfig: tinyModel})
	require.NoError(t, err)
	assert.Equal(t, "stated throughput 1.00 tokens/s x 1.00 B/token = 1.00 B/s; no ceiling (no host stated)", r.Arithmetic())
}

// The bytes per token a throughput in tokens/s is priced at: the model's
// (131,072 B for Llama 3.1 8B at 16 bits), and none where the throughput
// was stated in bytes or not at all.
func TestThroughputPerToken(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-8b", Throughput: "1000 tokens/s"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, 131072.0, float64(r.ThroughputPerToken()))
	r, err = Check(Claim{Model: "llama-3.1-8b", Throughput: "10 GB/s"}, Options{})
	require.NoError(t, err)
	assert.Zero(t, float64(r.ThroughputPerToken()))
	r, err = Check(Claim{Model: "llama-3.1-8b", Tokens: "1000", Seconds: "1"}, Options{})
	require.NoError(t, err)
	assert.Zero(t, float64(r.ThroughputPerToken()))
}

// A size stated to ten digits matches within half its last place and a
// part in 10^9 for rounding, no further: at 2 B per token, 500,000,000
// tokens are 1,000,000,000 B (a match) and 500,000,001 are 2 B more,
// beyond 0.5 B + 1 B.
func TestSizeToleranceIsAPartInABillion(t *testing.T) {
	tiny16 := func(string) (sources.Model, error) { return tinyModel("") }
	for tokens, want := range map[string]Verdict{"500000000": SizeMatches, "500000001": SizeDiffers} {
		r, err := Check(Claim{Config: "x", Tokens: tokens, Size: "1.000000000 GB"}, Options{LoadConfig: tiny16})
		require.NoError(t, err)
		assert.Equal(t, want, r.Verdict, tokens)
	}
}

// An uncached time under a second still implies an MFU on the GPUs.
func TestMFUOfASubSecondUncachedTime(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "0.5s", Speedup: "2x", GPUs: "8xH100"}, Options{})
	require.NoError(t, err)
	require.NotNil(t, r.MFU)
	assert.Positive(t, *r.MFU)
}

// A throughput in tokens/s with a prompt length is priced at the mean
// bytes per token over that prompt, from a prompt of one token: for a
// hybrid model with fixed state that is more than its per-token growth.
func TestRateAtOneTokenIncludesFixedState(t *testing.T) {
	with, err := Check(Claim{Model: "qwen3-next-80b-a3b", Tokens: "1", Throughput: "1000 tokens/s"}, Options{})
	require.NoError(t, err)
	without, err := Check(Claim{Model: "qwen3-next-80b-a3b", Throughput: "1000 tokens/s"}, Options{})
	require.NoError(t, err)
	require.Positive(t, float64(with.Model.Arch.FixedBytes()))
	assert.InEpsilon(t, float64(without.Throughput)+1000*float64(with.Model.Arch.FixedBytes()), float64(with.Throughput), 1e-9)
}

// A partial hit whose rest takes longer at peak than the stated time,
// even a time under a second, says so.
func TestPartialHitRestLongerThanASubSecondTime(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-70b", Tokens: "100000", Seconds: "0.01", Hit: "50%", GPUs: "1xH100"}, Options{})
	require.NoError(t, err)
	require.Greater(t, float64(r.restAtPeak), 0.01)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), ", longer than the stated time by itself")
}

// An uncached time with neither a cached time nor a speedup times no
// load, and is refused with the form it needs (a fuzz find: with a link
// stated it was checked, needing no link at all).
func TestUncachedAloneIsRefused(t *testing.T) {
	_, err := Check(Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "1", Links: "1GbE"}, Options{})
	assert.EqualError(t, err, `--uncached "1": an uncached time alone times no load; give the cached time or a speedup with it (e.g. --uncached 70.8s --speedup 152x)`)
}

// A stated throughput is timed against a stated time of under a second,
// and against a load of one byte: 1,000 tokens x 327,680 B = 327.68 MB
// at 40 GB/s take 8.19 ms; one token of the tiny model's one byte at
// 1 kB/s takes 1 ms.
func TestThroughputTimedAgainstShortTimes(t *testing.T) {
	r, err := Check(Claim{Model: "llama-3.1-70b", Tokens: "1000", Seconds: "0.5", Throughput: "40GB/s"}, Options{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the loaded 328 MB takes 8.19 ms, against the stated 500 ms")
	r, err = Check(Claim{Config: "x", Tokens: "1", Seconds: "10", Throughput: "1kB/s", KVDtype: "fp8"}, Options{LoadConfig: tinyModel})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the loaded 1.00 B takes 1.00 ms, against the stated 10.0 s")
}

// A claim with no time, size, throughput or uncached time is refused in
// a row's words when it comes from a line (any line, the first
// included), in a command's words when it does not.
func TestNothingToCheckWording(t *testing.T) {
	for _, line := range []int{1, 2} {
		_, err := Check(Claim{Line: line, Model: "llama-3.1-70b", Tokens: "1000"}, Options{})
		assert.ErrorContains(t, err, "empty, and the row states no size, throughput or uncached time either", "line %d", line)
	}
	_, err := Check(Claim{Model: "llama-3.1-70b", Tokens: "1000"}, Options{})
	assert.ErrorContains(t, err, "missing: a claim states a time, a size, a throughput or an uncached time with a speedup")
}

// A throughput stated in tokens per second can come to under a byte per
// second, and is timed all the same: one token/s of the tiny model's
// int4 cache, half a byte per token, is 0.5 B/s, and its half-byte load
// takes 1 s.
func TestThroughputBelowOneBytePerSecond(t *testing.T) {
	r, err := Check(Claim{Config: "x", Tokens: "1", Seconds: "10", Throughput: "1 tokens/s", KVDtype: "int4"}, Options{LoadConfig: tinyModel})
	require.NoError(t, err)
	assert.InDelta(t, 0.5, float64(r.Throughput), 1e-15)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the loaded 0.500 B takes 1.00 s, against the stated 10.0 s")
}
