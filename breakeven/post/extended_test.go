package post

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The 405B test by hand: 2 x 405e9 x 127,188 + 2 x 126 x 128 x 128 x
// 127,188^2 FLOPs over 8 x 989.4 TFLOP/s, against 62 s.
func TestCalibrationByHand(t *testing.T) {
	n := 127188.0
	flops := 2*405e9*n + 2*126*128*128*n*n
	peak := 8 * 989.4e12
	assert.InDelta(t, flops/peak/62, calibration.CalibratedMFU().Value, 1e-12)
	assert.InDelta(t, flops/peak/62.5, calibration.CalibratedMFU().Lo, 1e-12)
	d := calibration.DefaultMFU()
	assert.True(t, d.Contains(calibration.CalibratedMFU().Value))
	assert.Equal(t, sources.MFULow.V(), d.Lo)
	assert.Equal(t, sources.MFUHigh.V(), d.Hi)
	// RoCE over the NIC: 12.0 / 12.5 and 12.2 / 12.5.
	assert.InDelta(t, 12.0/12.5, calibration.DefaultEfficiency().Lo, 1e-12)
	assert.InDelta(t, 12.2/12.5, calibration.DefaultEfficiency().Hi, 1e-12)
}

// Qwen3-32B on one H100: 2 x 32.8e9 x 131,072 + 2 x 64 x 64 x 128 x
// 131,072^2 FLOPs need more than 11 s even at peak.
func TestQwenBeatsThePeak(t *testing.T) {
	n := 131072.0
	atPeak := (2*32.8e9*n + 2*64*64*128*n*n) / 989.4e12
	var row LimitRow
	for _, r := range LimitTable() {
		if r.Test.ID == sources.QwenWWT.ID {
			row = r
		}
	}
	assert.InDelta(t, atPeak, float64(row.MinTime), 1e-9)
	assert.InDelta(t, atPeak/11, row.Implied.Value, 1e-12)
	assert.Equal(t, prefill.BeyondPeak, row.Verdict)
	assert.Contains(t, row.Reason, "faster than the hardware at peak")
}

func TestLimitVerdicts(t *testing.T) {
	got := map[string]string{}
	for _, r := range LimitTable() {
		got[r.Test.ID] = string(r.Verdict) + " / " + r.LoadOK
	}
	assert.Equal(t, map[string]string{
		"vast405b": "plausible / within the links",
		"weka70b":  "plausible / faster than the links carry",
		"qwen32b":  "faster than the hardware at peak / no link stated",
	}, got)
}

// Every range holds its point estimate, and the calibration test is not
// among the tests validated.
func TestRangesHoldTheirValues(t *testing.T) {
	for _, r := range EstimateTable() {
		assert.True(t, r.Time.Contains(r.Time.Value), r.Model.Name)
		assert.True(t, r.Rate.Contains(r.Rate.Value), r.Model.Name)
		assert.True(t, r.BreakEven.Contains(r.BreakEven.Value), r.Model.Name)
	}
	roles := map[string]string{}
	for _, v := range ValidationTable() {
		roles[v.Test.ID] = v.Role
		for _, e := range []E[float64]{v.Simple, v.Extended, v.Reported} {
			if e.Value == e.Value { // not NaN
				assert.True(t, e.Contains(e.Value), "%s %s", v.Test.ID, v.Quantity)
			}
		}
	}
	assert.Equal(t, "calibration", roles[calibration.Test.ID])
	assert.Equal(t, "validation", roles[sources.WEKA70B.ID])
	assert.Equal(t, "validation", roles[sources.QwenWWT.ID])
}

func TestExtendedTablesWrite(t *testing.T) {
	for _, tb := range ExtendedTables() {
		b, err := tb.CSV()
		require.NoError(t, err, tb.Name)
		assert.NotEmpty(t, b)
		assert.Positive(t, tb.Rows(), tb.Name)
		_ = tb.Frame()
	}
}
