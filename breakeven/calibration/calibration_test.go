package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The calibration recovers the time it was built from: at the calibrated
// MFU the FLOP model prefills the 405B test's prompt in its 62 s, and at
// the ends of the MFU's interval in the ends of the time's rounding.
func TestCalibrationRecoversItsTest(t *testing.T) {
	pm, err := sources.PrefillModel(sources.MustModel(Test.Model))
	require.NoError(t, err)
	h, ok := Hardware(Test.ID)
	require.True(t, ok)
	n := Test.Tokens.V()
	mfu := CalibratedMFU()
	assert.InDelta(t, 62, float64(prefill.TimeAt(pm, n, h.GPUs(), mfu.Value)), 1e-9, "the post prints 62 seconds")
	assert.InDelta(t, 62.5, float64(prefill.TimeAt(pm, n, h.GPUs(), mfu.Lo)), 1e-9)
	assert.InDelta(t, 61.5, float64(prefill.TimeAt(pm, n, h.GPUs(), mfu.Hi)), 1e-9)
	d := DefaultMFU()
	assert.True(t, d.Contains(mfu.Value) && d.Contains(mfu.Lo) && d.Contains(mfu.Hi), "the default range holds the calibration")
}

func TestDefaultEfficiency(t *testing.T) {
	// llm-d: about 12.0-12.2 GB/s of a 100 Gbit/s (12.5 GB/s) line.
	e := DefaultEfficiency()
	assert.InDelta(t, 12.0/12.5, e.Value, 1e-12)
	assert.InDelta(t, 12.2/12.5, e.Hi, 1e-12)
}

func TestReportedPrefillWithoutUncachedTime(t *testing.T) {
	// WEKA: no uncached time was read; N / r from the post's 4,380 tokens/s.
	got := ReportedPrefill(sources.WEKA70B)
	assert.InDelta(t, 105000.0/4380, float64(got.Value), 1e-9)
	_, ok := Hardware("no-such-test")
	assert.False(t, ok)
}
