package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

// Every route the page's map draws has a short label, and every tier in
// sources has one, so a tier added there is named on the map.
func TestRouteLabels(t *testing.T) {
	ans, err := Compute(DefaultRequest())
	require.NoError(t, err)
	routes := Routes(ans, nil)
	require.Len(t, routes, len(sources.TierLinks))
	for _, r := range routes {
		assert.NotEmpty(t, r.Label, "route %s", r.Tier)
		assert.LessOrEqual(t, len(r.Label), 24, "route %s: a label the map can fit", r.Tier)
	}
	for _, tier := range sources.Tiers {
		assert.NotEmpty(t, mapLabels[tier.Name], "tier %s has a map label", tier.Name)
	}
}

// A tier with no cited speed and none given asks for one.
func TestTierWithoutASpeedAsksForOne(t *testing.T) {
	a, err := Compute(DefaultRequest())
	require.NoError(t, err)
	for _, r := range Routes(a, nil) {
		if r.LinkBytesPerSecond == 0 && !r.NoTransfer && r.Error == nil {
			assert.Equal(t, "give "+sources.YourValue, r.Verdict, r.Tier)
			assert.Equal(t, "–", r.LoadText, r.Tier)
		}
	}
}

// Where the answer knows the cached TTFT a loaded request still pays (an
// estimate here), the map's hit verdicts include it: over the link the
// answer was asked for, a tier's hit is the answer's "a hit" row; over a
// slow link recomputing wins and the verdict says by how much. A typed
// prefill knows no cached TTFT, and its verdicts are the post's.
func TestTierHitsPayTheCachedTTFTWhereTheAnswerKnowsIt(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "100Gbit/s"})
	require.NoError(t, err)
	require.NotNil(t, a.Output.HitSeconds)
	seen := 0
	for _, r := range Routes(a, map[string]string{"G4": "100Gbit/s", "G3": "10Gbit/s"}) {
		switch r.Tier {
		case "G4":
			seen++
			assert.InDelta(t, *a.Output.HitSeconds, r.HitSeconds, 1e-15)
			assert.InDelta(t, *a.Output.HitSpeedup, r.Speedup, 1e-12)
			assert.Equal(t, "load", r.Winner)
			assert.Equal(t, "hit beats recomputing ("+Ratio(*a.Output.HitSpeedup)+", cached TTFT included)", r.Verdict)
		case "G3":
			seen++
			// 262 MB at 1.25 GB/s is 210 ms, and the cached TTFT adds to
			// it, against a recompute of 110 ms.
			assert.InDelta(t, a.Output.CacheBytes/1.25e9+*a.Output.HitCachedTTFTSeconds, r.HitSeconds, 1e-12)
			assert.Less(t, r.HitSeconds, 1.0)
			assert.Equal(t, "recompute", r.Winner)
			assert.Equal(t, "recomputing is faster (a hit takes "+Ratio(r.HitSeconds/a.Output.RecomputeSeconds)+" as long)", r.Verdict)
		}
	}
	assert.Equal(t, 2, seen, "G3 and G4 are on the map")

	typed, err := Compute(Request{Model: "llama-3.1-8b", Prefill: "18000", Tokens: "2k", Link: "100Gbit/s"})
	require.NoError(t, err)
	for _, r := range Routes(typed, map[string]string{"G4": "100Gbit/s"}) {
		assert.Zero(t, r.HitSeconds, r.Tier)
		if r.Tier == "G4" {
			assert.Equal(t, "hit beats recomputing ("+Ratio(r.Speedup)+")", r.Verdict)
		}
	}
}
