package prefill

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
)

// Phases are the efficiencies of the two phases of a prefill, each a
// share of the peak of the precision that phase computes in: Linear for
// the matrix products through the weights (2 x active parameters x N),
// Attention for the scores and the weighted values (the N^2 term). One
// MFU over the whole prefill is the special case Linear = Attention on a
// run in one precision.
//
// Low-precision matrix products (FP8, FP4) reach a different share of
// their peak than BF16 ones; LowLinear, when not zero, is that share, and
// Linear is then the BF16 share.
type Phases struct {
	Linear, LowLinear, Attention float64
}

// LinearFor returns the matrix products' share for precision p: LowLinear
// for FP8 and FP4 when set, else Linear.
func (e Phases) LinearFor(p Precision) float64 {
	if e.LowLinear > 0 && (p == FP8 || p == FP4) {
		return e.LowLinear
	}
	return e.Linear
}

// String prints "matrix products 0.52, attention 0.41" (with the FP8/FP4
// share when set).
func (e Phases) String() string {
	s := fmt.Sprintf("matrix products %.3g", e.Linear)
	if e.LowLinear > 0 {
		s = fmt.Sprintf("matrix products %.3g (BF16), %.3g (FP8/FP4)", e.Linear, e.LowLinear)
	}
	return s + fmt.Sprintf(", attention %.3g", e.Attention)
}

// PhaseMinTimes returns the time of each phase at its precision's peak
// (efficiency 1) on g: linear FLOPs / (GPUs x peak of the matrix
// products' precision) and attention FLOPs / (GPUs x peak of attention's
// precision). The error is a *PrecisionError when the chip has no peak
// for a phase's precision.
func PhaseMinTimes(m Model, n breakeven.Tokens, g GPUs) (linear, attention breakeven.Seconds, err error) {
	c := g.Compute.Or()
	pl, err := g.Chip.PeakAt(c.Linear)
	if err != nil {
		return 0, 0, err
	}
	pa, err := g.Chip.PeakAt(c.Attention)
	if err != nil {
		return 0, 0, err
	}
	count := FLOPRate(g.Count)
	return breakeven.Seconds(float64(m.LinearFLOPs(n)) / float64(count*pl)),
		breakeven.Seconds(float64(m.AttentionFLOPs(n)) / float64(count*pa)), nil
}

// PhaseTime returns the prefill time with each phase at its own
// efficiency:
//
//	t = linear FLOPs / (GPUs x peak_linear x e_linear) + attention FLOPs / (GPUs x peak_attention x e_attention)
func PhaseTime(m Model, n breakeven.Tokens, g GPUs, e Phases) (breakeven.Seconds, error) {
	lin, att, err := PhaseMinTimes(m, n, g)
	if err != nil {
		return 0, err
	}
	el := e.LinearFor(g.Compute.Or().Linear)
	if !(el > 0) || !(e.Attention > 0) {
		return 0, fmt.Errorf("prefill: phase efficiencies must be positive, got %s", e)
	}
	return lin/breakeven.Seconds(el) + att/breakeven.Seconds(e.Attention), nil
}
