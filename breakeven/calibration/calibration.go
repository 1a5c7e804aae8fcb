// Package calibration holds the defaults of the extended model that are
// computed from published tests rather than typed: the MFU calibrated on
// the VAST/CoreWeave 405B test, the range it is used within, and the load
// efficiency llm-d's RoCE measurement implies. Packages post (tables) and
// calculator (the calc command and the web page) both use these, so the
// default is computed in one place.
//
//	mfu := calibration.CalibratedMFU() // 0.346 (0.343 to 0.349): 127,188 tokens of Llama 3.1 405B in 62 s on 8 H100s
//
// (ExampleCalibratedMFU runs it.)
package calibration

import (
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// Test is the published test the default MFU is calibrated on. The
// validation tables use the other tests, never this one.
var Test = sources.VAST405B

// Hardware returns the hardware of a published test.
func Hardware(id string) (sources.TestHardware, bool) {
	for _, h := range sources.TestsHardware() {
		if h.Test.ID == id {
			return h, true
		}
	}
	return sources.TestHardware{}, false
}

// ReportedPrefill returns a test's uncached time to first token: as
// published, or N / r where only the post's prefill speed is known.
func ReportedPrefill(t sources.PrefillTest) breakeven.Estimate[breakeven.Seconds] {
	if t.Uncached.Name != "" {
		return t.Uncached.Value
	}
	return breakeven.Apply2(t.Tokens.Value, t.Prefill.Value, breakeven.RecomputeTime)
}

// CalibratedMFU returns the MFU that reproduces Test's uncached time on
// its hardware, with the interval of the time's rounding.
func CalibratedMFU() breakeven.Estimate[float64] {
	pm, err := sources.PrefillModel(sources.MustModel(Test.Model))
	if err != nil {
		panic(err) // the catalog's own model: a programming error
	}
	h, _ := Hardware(Test.ID)
	return prefill.Calibrate(pm, Test.Tokens.Value, h.GPUs(), ReportedPrefill(Test))
}

// DefaultMFU is the MFU of estimates: the calibrated value, within the
// project's assumed range (widened to hold the calibration's interval).
func DefaultMFU() breakeven.Estimate[float64] {
	c := CalibratedMFU()
	return breakeven.MustBetween(c.Value, math.Min(sources.MFULow.V(), c.Lo), math.Max(sources.MFUHigh.V(), c.Hi))
}

// DefaultEfficiency is the share of line rate a transfer reaches: llm-d's
// RoCE throughput over its 100 Gbit/s NIC.
func DefaultEfficiency() breakeven.Estimate[float64] {
	return breakeven.Apply1(sources.RoCE.Delivered.Value, func(d breakeven.Bandwidth) float64 { return float64(d / sources.NIC100.V()) })
}
