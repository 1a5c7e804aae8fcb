package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/prefill"
)

// Roofline fits one share for both phases: its matrix products get it too.
func TestRooflineSharesOneEfficiency(t *testing.T) {
	f, err := FitPhases(synthetic(prefill.Phases{Linear: 0.6, Attention: 0.6, Intensity: 500}), Roofline)
	require.NoError(t, err)
	assert.InDelta(t, 0.6, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.6, f.Phases.Attention, 1e-9)
}

// With runs of one kind of precision only, the share by precision falls
// back to the one share the runs inform: no BF16 run gives BF16 the low
// precisions' share, and no FP8/FP4 run the other way round.
func TestPrecisionShareFallsBack(t *testing.T) {
	want := prefill.Phases{Linear: 0.55, LowLinear: 0.35, Attention: 0.42}
	var bf16, low []Run
	for _, r := range synthetic(want) {
		if r.GPUs.Compute.Linear == prefill.BF16 {
			bf16 = append(bf16, r)
		} else {
			low = append(low, r)
		}
	}
	f, err := FitPhases(low, ByPhaseAndPrecision)
	require.NoError(t, err)
	assert.InDelta(t, 0.35, f.Phases.LowLinear, 1e-9)
	assert.InDelta(t, 0.35, f.Phases.Linear, 1e-9, "no BF16 run: BF16 at the low precisions' share")
	f, err = FitPhases(bf16, ByPhaseAndPrecision)
	require.NoError(t, err)
	assert.InDelta(t, 0.55, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.55, f.Phases.LowLinear, 1e-9, "no FP8 or FP4 run: those at BF16's share")
}
