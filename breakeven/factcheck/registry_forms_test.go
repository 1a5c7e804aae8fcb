package factcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Forms the registry's claims take that a plain ratio or bandwidth does
// not: a signed percent change of the time to first token, a throughput
// in tokens per second, a throughput with no prompt length, and a size
// for a prompt longer than the model's context.
func TestRegistryForms(t *testing.T) {
	c := NewChecker(Options{})

	// -79%: the time is 21% of what it was, a speedup of 1 / 0.21.
	r, err := c.Check(Claim{Model: "llama-3.1-70b", Tokens: "100000", Uncached: "10s", Speedup: "-79%"})
	require.NoError(t, err)
	assert.InEpsilon(t, 1/0.21, r.Speedup, 1e-12)
	assert.InEpsilon(t, 2.1, float64(r.Seconds), 1e-12)
	for _, bad := range []string{"+121%", "79%", "-100%", "-x%"} {
		_, err := c.Check(Claim{Model: "llama-3.1-70b", Tokens: "100000", Uncached: "10s", Speedup: bad})
		assert.Error(t, err, bad)
	}

	// 185k tokens/s of Llama 3.1 70B (80 layers x 8 KV heads x 128 dims x
	// 2 (K and V) x 2 bytes = 327,680 B/token) is 60.6 GB/s.
	r, err = c.Check(Claim{Model: "llama-3.1-70b", Tokens: "16K", Throughput: "185k tok/s", PerNode: true})
	require.NoError(t, err)
	assert.InEpsilon(t, 185e3*80*8*128*2*2, float64(r.Required), 1e-12)
	assert.Contains(t, r.Arithmetic(), "185,000 tokens/s")
	_, err = c.Check(Claim{Throughput: "185k tok/s"})
	assert.ErrorContains(t, err, "model")

	// A throughput stated outright needs no prompt length.
	r, err = c.Check(Claim{Model: "llama-3.1-8b", Throughput: "10GB/s"})
	require.NoError(t, err)
	assert.Equal(t, 10e9, float64(r.Required))
	assert.Zero(t, float64(r.Cache))

	// A size for 10^6 tokens of a 131,072-token model is still arithmetic:
	// 10^6 x 327,680 B = 327.68 GB = 305.2 GiB.
	r, err = c.Check(Claim{Model: "llama-3.1-70b", Tokens: "1000000", Size: "305 GB"})
	require.NoError(t, err)
	assert.True(t, r.BeyondContext)
	assert.Equal(t, 1e6*327680, float64(r.Cache))
	assert.Contains(t, r.Findings()[0], "beyond Llama 3.1 70B's context")
	// A timed claim there is checked by the same rule, with the same finding.
	r, err = c.Check(Claim{Model: "llama-3.1-70b", Tokens: "1000000", Seconds: "10s"})
	require.NoError(t, err)
	assert.True(t, r.BeyondContext)
	assert.Contains(t, r.Findings()[0], "beyond Llama 3.1 70B's context")
}

// A payload and its time, with no prompt length: llm-d's "4 GB" in
// "362 ms" needs 4e9 / 0.362 = 11.0 GB/s, within one 200 Gbit/s link's
// 25 GB/s.
func TestPayloadForm(t *testing.T) {
	r, err := NewChecker(Options{}).Check(Claim{Size: "4 GB", Seconds: "362ms", SecondsAre: SecondsLoad, Links: "1x200Gbit/s"})
	require.NoError(t, err)
	assert.True(t, r.Payload)
	assert.InEpsilon(t, 4e9/0.362, float64(r.Required), 1e-12)
	assert.Equal(t, Plausible, r.Verdict)
	assert.Contains(t, r.Arithmetic(), "stated payload 4.00 GB")
	// With a prompt length, the size is checked against the model instead.
	r, err = NewChecker(Options{}).Check(Claim{Model: "llama-3.1-8b", Tokens: "30000", Size: "4 GB", Seconds: "362ms"})
	require.NoError(t, err)
	assert.False(t, r.Payload)
}

// A need below one byte a second is still a need, judged by the rule, not
// a size: one token of Llama 3.1 8B (131,072 B) over 10^6 s is 0.131 B/s.
func TestTinyNeedIsStillANeed(t *testing.T) {
	r, err := NewChecker(Options{}).Check(Claim{Model: "llama-3.1-8b", Tokens: "1", Seconds: "1000000s", SecondsAre: SecondsLoad})
	require.NoError(t, err)
	assert.InEpsilon(t, 131072/1e6, float64(r.Required), 1e-12)
	assert.Equal(t, NoBound, r.Verdict)
	assert.Nil(t, r.SizeCheck)
}

// An implausible need under a second still says what would fit: 105,000
// tokens of Llama 3.1 70B in 0.58 s need 59.3 GB/s, above a 40 GB/s
// ceiling; an 8-bit cache (29.7 GB/s) would take it.
func TestImplausibleSaysWhatWouldFit(t *testing.T) {
	r, err := NewChecker(Options{Ceiling: 40e9}).Check(Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", SecondsAre: SecondsLoad})
	require.NoError(t, err)
	assert.Equal(t, Implausible, r.Verdict)
	assert.Contains(t, r.Explanation(), "it would take")
}

// The suggestion names 100GbE links while two carry the need, 400GbE
// links beyond: 20 GB/s takes 2 x 100GbE (12.5 GB/s each); 30 GB/s would
// take 3 of them, so 1 x 400GbE (50 GB/s) instead.
func TestSuggestLinks(t *testing.T) {
	assert.Equal(t, "2 x 100GbE", suggestLinks(20e9))
	assert.Equal(t, "1 x 400GbE", suggestLinks(30e9))
	assert.Equal(t, "2 x 400GbE", suggestLinks(60e9))
}

// Bad forms of the new inputs get a message about what is wrong with
// them: no change of time, a speedup past a million written as a
// percent, a token rate out of its span, a file that is not a config.
func TestNewFormsRefusedClearly(t *testing.T) {
	c := NewChecker(Options{})
	for _, tc := range []struct {
		claim Claim
		want  string
	}{
		{Claim{Model: "llama-3.1-70b", Tokens: "1000", Uncached: "10s", Speedup: "-0%"}, "does not change"},
		{Claim{Model: "llama-3.1-70b", Tokens: "1000", Uncached: "10s", Speedup: "-99.99999%"}, "above a million"},
		{Claim{Model: "llama-3.1-70b", Throughput: "1e-300tok/s"}, "below 1 token/s"},
		{Claim{Config: "registry_forms_test.go", Tokens: "1000", Seconds: "1s"}, "config.json: not a JSON object"},
	} {
		_, err := c.Check(tc.claim)
		if assert.Error(t, err, "%+v", tc.claim) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
}
