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
