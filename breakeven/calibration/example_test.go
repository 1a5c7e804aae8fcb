package calibration_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven/calibration"
)

// The MFU calibrated on the 405B test, and the range estimates use.
func ExampleCalibratedMFU() {
	mfu := calibration.CalibratedMFU()
	fmt.Printf("calibrated on %s: %.3f (%.3f to %.3f)\n", calibration.Test.ID, mfu.Value, mfu.Lo, mfu.Hi)
	d := calibration.DefaultMFU()
	fmt.Printf("default: %.3f in [%.1f, %.1f]\n", d.Value, d.Lo, d.Hi)
	// Output:
	// calibrated on vast405b: 0.345 (0.342 to 0.348)
	// default: 0.345 in [0.2, 0.5]
}
