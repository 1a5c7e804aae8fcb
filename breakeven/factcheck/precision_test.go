package factcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A claim's --precision picks the GPUs' peak as calc's does: an H20
// computes FP8 at twice its BF16 peak, so the same uncached time implies
// half the MFU; a precision with no GPUs, or one the chip lacks, is refused
// naming it.
func TestClaimPrecisionPicksThePeak(t *testing.T) {
	c := NewChecker(Options{})
	base := Claim{Model: "deepseek-v3", Tokens: "32000", Seconds: "2s", Uncached: "20s", GPUs: "32xH20"}
	bf16, err := c.Check(base)
	require.NoError(t, err)
	fp8Claim := base
	fp8Claim.Precision = "fp8"
	fp8, err := c.Check(fp8Claim)
	require.NoError(t, err)
	require.NotNil(t, bf16.MFU)
	require.NotNil(t, fp8.MFU)
	assert.InDelta(t, *bf16.MFU/2, *fp8.MFU, 1e-12)
	assert.Contains(t, fp8.Command(), "--precision fp8")
	assert.Equal(t, "fp8", fp8.JSON().Precision)

	for _, cl := range []Claim{
		{Model: "deepseek-v3", Tokens: "32000", Seconds: "2s", Uncached: "20s", Precision: "fp8"},
		{Model: "deepseek-v3", Tokens: "32000", Seconds: "2s", Uncached: "20s", GPUs: "8xH100", Precision: "fp4"},
		{Model: "deepseek-v3", Tokens: "32000", Seconds: "2s", Uncached: "20s", GPUs: "8xH100", Precision: "fp7"},
	} {
		_, err := c.Check(cl)
		require.Error(t, err, cl.Precision)
		assert.True(t, strings.HasPrefix(err.Error(), `--precision "`+cl.Precision+`"`), err.Error())
		assert.Contains(t, err.Error(), "e.g.")
	}
}

// An uncached time gives the prefill speed and the break-even: 70.8 s
// for 131,072 tokens is 1,851 tokens/s, and at Llama 3.3 70B's 327,680 B
// per token (80 layers x 8 KV heads x 128 dims x 2 x 2 B) 607 MB/s.
func TestUncachedTimeGivesPrefillAndBreakEven(t *testing.T) {
	r, err := NewChecker(Options{}).Check(Claim{Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms", Uncached: "70.8s"})
	require.NoError(t, err)
	rate := 131072 / 70.8
	assert.InDelta(t, rate, float64(r.Prefill), 1e-9)
	assert.InDelta(t, rate*80*8*128*2*2, float64(r.BreakEven), 1e-3)
	j := r.JSON()
	require.NotNil(t, j.PrefillTokensPerSecond)
	require.NotNil(t, j.BreakEvenBytesPerSecond)
	assert.InDelta(t, rate, *j.PrefillTokensPerSecond, 1e-9)

	// No uncached time: neither.
	r, err = NewChecker(Options{}).Check(Claim{Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms"})
	require.NoError(t, err)
	assert.Zero(t, r.Prefill)
	assert.Nil(t, r.JSON().BreakEvenBytesPerSecond)
}
