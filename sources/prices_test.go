package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A GPU hour is the instance's hour over its GPUs, worked by hand: the
// p5.48xlarge's $55.04 over 8 H100s is the $6.88 a GPU hour the same
// table prints in its usd_per_gpu_hour column, and the p5en.48xlarge's
// $63.296 over 8 H200s is $7.912.
func TestGPUPriceIsTheInstanceHourOverItsGPUs(t *testing.T) {
	h100, ok := GPUPriceFor("H100")
	require.True(t, ok)
	assert.InDelta(t, 6.88, h100.PerGPUHour(), 1e-12)
	h200, ok := GPUPriceFor("H200")
	require.True(t, ok)
	assert.InDelta(t, 7.912, h200.PerGPUHour(), 1e-12)
	_, ok = GPUPriceFor("GB300")
	assert.False(t, ok, "a chip with no cited price has none")
	for _, g := range GPUPrices {
		_, err := LookupChip(g.Chip)
		assert.NoError(t, err, "%s is a chip of the catalog", g.Chip)
		assert.Contains(t, g.Provenance(), "price from ")
	}
}

// A GB-month is spread over AWS's 730 hours: S3 Standard's $0.023 a
// GB-month is 0.023 / (365 x 24 / 12) = $0.0000315068... a GB-hour.
func TestTierPricePerGBHourSpreadsTheMonthOver730Hours(t *testing.T) {
	g4, ok := TierPriceFor("G4")
	require.True(t, ok)
	assert.InDelta(t, 0.023/(365.0*24/12), g4.PerGBHour(), 1e-15)
	assert.InDelta(t, 3.150684931506849e-05, g4.PerGBHour(), 1e-15)
	assert.Contains(t, g4.Provenance(), "2026-03-13")
}

// Every tier either has a cited price or says why it has none; never
// both.
func TestEveryTierIsPricedOrSaysWhyNot(t *testing.T) {
	for _, tier := range Tiers {
		_, priced := TierPriceFor(tier.Name)
		why, unpriced := UnpricedTiers[tier.Name]
		assert.True(t, priced != unpriced, "%s: priced %v, unpriced %v", tier.Name, priced, unpriced)
		if unpriced {
			assert.NotEmpty(t, why, tier.Name)
		}
	}
	assert.Len(t, UnpricedTiers, len(Tiers)-len(TierPrices), "no unpriced entry names a tier that is not in the map")
}
