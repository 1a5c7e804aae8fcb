// Package calibration holds the defaults of the extended model that are
// computed from published measurements rather than typed.
//
// The prefill model (phases.go) prices a prefill as two kinds of work,
// each at its own share of the peak of the precision it computes in, plus
// the time of memory traffic that does not overlap the tensor cores:
//
//	t = L / (G x peak_L x e_L) + A / (G x peak_A x e_A) + (L + A) / (G x memory bandwidth x I)
//
// L is the matrix products through the weights (2 x active parameters x
// N), A attention (the N^2 term), G the GPUs, peak_L and peak_A the dense
// peaks of the two phases' precisions (an FP8 run's matrix products
// against the FP8 peak), and I the FLOPs per byte of that memory traffic.
// The parameters are fitted, by least squares on the relative error, to
// the published runs of sources.PrefillRuns (the post's three tests and
// runs from Meta, NVIDIA, LMSYS/SGLang, vLLM and MInference, on H100,
// H20, H200, GB200, GB300 and A100, BF16 to FP4, 2K to 1M tokens). Fewer
// parameters were compared leave-one-out (one share of peak; the two
// phases; FP8/FP4 matrix products apart; one share with the memory term),
// and Choose takes the one with the smallest median error: on the runs
// typed so far, the two phases with the memory term, because the runs'
// shares of peak fall as a chip's FLOP/s per byte of bandwidth rises
// (highest on the H20, lowest on GB300 in FP4). Its interval is
// the 5th to 95th percentile of the leave-one-out errors, not a fixed MFU
// range. Model.Describe says which runs each parameter mostly comes from.
// Runs that cannot be priced stay in the validation table with the
// reason.
//
// The single MFU calibrated on the VAST/CoreWeave 405B test is kept for
// the post's own tables (CalibratedMFU, DefaultMFU), with the load
// efficiency llm-d's RoCE measurement implies. Packages post (tables) and
// calculator (the calc command and the web page) both use these, so each
// default is computed in one place.
//
//	mfu := calibration.CalibratedMFU() // 0.346 (0.343 to 0.349): 127,188 tokens of Llama 3.1 405B in 62 s on 8 H100s
//	m, _, err := calibration.Fitted()  // the phase model, its validation rows and summary
//
// (ExampleCalibratedMFU runs the first.)
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
