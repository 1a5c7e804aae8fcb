package prefill_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// The package doc's example: the MFU that VAST's 405B test implies. The
// numbers are typed here only to show the API; the project reads them
// from package sources.
func Example() {
	m := prefill.Model{Name: "Llama 3.1 405B", ActiveParams: 405e9, Head: 128256 * 16384,
		Attention: []prefill.AttentionGroup{{Layers: 126, QueryHeads: 128, QKDim: 128, VDim: 128}}}
	h100 := prefill.Chip{Name: "H100", Peaks: []prefill.Peak{{Precision: prefill.BF16, Rate: 989.4 * prefill.TFLOPS}}}
	g := prefill.GPUs{Count: 8, Chip: h100}
	mfu := prefill.ImpliedMFU(m, breakeven.Exact[breakeven.Tokens](127188), g, breakeven.Rounded[breakeven.Seconds](62, 1))
	fmt.Println("work:", m.FLOPs(127188))
	fmt.Println("fastest, at peak:", prefill.MinTime(m, 127188, g))
	fmt.Printf("implied MFU: %.3f (%.3f to %.3f)\n", mfu.Value, mfu.Lo, mfu.Hi)
	// Output:
	// work: 169 PFLOP
	// fastest, at peak: 21.4 s
	// implied MFU: 0.345 (0.342 to 0.348)
}
