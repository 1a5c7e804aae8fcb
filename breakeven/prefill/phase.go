package prefill

import (
	"fmt"
	"math"

	"signalweight.dev/kv/breakeven"
)

// Phases are the efficiencies of the two phases of a prefill, each a
// share of the peak of the precision that phase computes in: Linear for
// the matrix products through the weights (LinearFLOPs: 2 x active
// parameters x N, the output head's for the last token only),
// Attention for the scores and the weighted values (the N^2 term). One
// MFU over the whole prefill is the special case Linear = Attention on a
// run in one precision.
//
// Low-precision matrix products (FP8, FP4) may reach a different share of
// their peak than BF16 ones; LowLinear, when not zero, is that share, and
// Linear is then the BF16 share.
//
// Intensity, when not zero, adds the time of the memory traffic that does
// not overlap the tensor cores (norms, activations, softmax, the KV
// writes, communication staged through memory): the prefill's FLOPs over
// the GPUs' memory bandwidth times Intensity, the FLOPs per byte of that
// traffic. A chip with more FLOP/s per byte of bandwidth then reaches a
// smaller share of its peak, as a roofline with the two times added.
type Phases struct {
	Linear, LowLinear, Attention float64
	Intensity                    float64 // FLOP per byte of non-overlapped memory traffic
	// The latency regime (latency.go), paid by one request and not by a
	// batched throughput: Fixed per request, PerLayer per layer, and Link,
	// when not zero, the share of the scale-up link's quoted bandwidth the
	// tensor-parallel all-reduces reach.
	Fixed, PerLayer breakeven.Seconds
	Link            float64
	// FixedSparse, when not zero, is the per-request cost of a mixture of
	// experts (Model.Sparse), where the fit gives it one of its own; Fixed
	// is then a dense model's.
	FixedSparse breakeven.Seconds
	// Throughput, when not zero, is the share of peak of a batched
	// throughput where it differs from one request's (Linear and
	// Attention are then the single request's).
	Throughput float64
	// Ceiling, when set, makes Linear and Attention shares of the chip's
	// measured matmul ceiling (CeilingTimes) instead of its datasheet
	// peak.
	Ceiling bool
	// Weights, when set, charges one request a read of the weights its
	// prompt touches at the GPUs' full memory bandwidth (WeightRead), which
	// no share of peak is fitted to: a prompt of a few hundred tokens is
	// bound by it.
	Weights bool
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
	s += fmt.Sprintf(", attention %.3g", e.Attention)
	if e.Ceiling {
		s = "matrix products and attention at the measured matmul ceiling"
		if e.Linear != 1 || e.Attention != 1 {
			s = fmt.Sprintf("matrix products %.3g and attention %.3g of the measured matmul ceiling", e.Linear, e.Attention)
		}
	}
	if e.Weights {
		s += ", the weights read once at the memory bandwidth"
	}
	if e.Intensity > 0 {
		s += fmt.Sprintf(", memory traffic 1 byte per %.3g FLOP", e.Intensity)
	}
	switch {
	case e.Fixed > 0 && e.FixedSparse > 0:
		s += fmt.Sprintf(", %.3g s per request of a dense model, %.3g s of a mixture of experts", float64(e.Fixed), float64(e.FixedSparse))
	case e.Fixed > 0:
		s += fmt.Sprintf(", %.3g s per request", float64(e.Fixed))
	}
	if e.PerLayer > 0 {
		s += fmt.Sprintf(", %.3g ms per layer per request", 1e3*float64(e.PerLayer))
	}
	if e.Link > 0 {
		s += fmt.Sprintf(", tensor-parallel all-reduces at %.3g of the link", e.Link)
	}
	if e.Throughput > 0 {
		s += fmt.Sprintf(" (one request); %.3g of peak in a batched throughput", e.Throughput)
	}
	return s
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

// CeilingTimes returns each phase's time at the chip's measured matmul
// ceiling in its precision: PhaseMinTimes over the share of the peak the
// best measured matrix multiply reaches (Chip.CeilingShare). measured is
// false where the chip has no measured ceiling for either phase, whose
// time is then the one at peak.
func CeilingTimes(m Model, n breakeven.Tokens, g GPUs) (linear, attention breakeven.Seconds, measured bool, err error) {
	linear, attention, err = PhaseMinTimes(m, n, g)
	if err != nil {
		return 0, 0, false, err
	}
	c := g.Compute.Or()
	sl, okl := g.Chip.CeilingShare(c.Linear)
	sa, oka := g.Chip.CeilingShare(c.Attention)
	return linear / breakeven.Seconds(sl), attention / breakeven.Seconds(sa), okl && oka, nil
}

// MemoryTerm returns the prefill's FLOPs over the GPUs' memory bandwidth,
// in seconds x FLOP per byte: divided by an intensity (FLOP per byte) it
// is the time of the memory traffic. Zero when the chip's bandwidth is
// not known.
func MemoryTerm(m Model, n breakeven.Tokens, g GPUs) float64 {
	bw := float64(g.Chip.MemoryBandwidth) * float64(g.Count)
	if !(bw > 0) {
		return 0
	}
	return float64(m.FLOPs(n)) / bw
}

// WeightRead returns the time to read once, at the GPUs' full memory
// bandwidth, the weights an n-token prompt of m touches: every weight of
// a dense model, and of a mixture of experts at most the active
// parameters of each token (ActiveParams x n, the shared weights counted
// with each token, an upper bound), capped at all its weights
// (TotalParams, or ActiveParams where the total is not known), each of
// the bytes g stores it in (StoredWeights: as stated, else as m's
// checkpoint where narrower, else in the matrix products' precision).
// Zero when the chip's
// bandwidth is not known.
func WeightRead(m Model, n breakeven.Tokens, g GPUs) breakeven.Seconds {
	bw := float64(g.Chip.MemoryBandwidth) * float64(g.Count)
	if !(bw > 0) || !(n > 0) {
		return 0
	}
	params := m.TotalParams
	if !(params > 0) {
		params = m.ActiveParams
	}
	params = math.Min(params, m.ActiveParams*float64(n))
	return breakeven.Seconds(params * g.StoredWeights(m).Bytes / bw)
}

// PhaseTime returns the prefill time with each phase at its own
// efficiency, plus the memory traffic when e.Intensity is set:
//
//	t = L / (GPUs x peak_L x e_L) + A / (GPUs x peak_A x e_A) + (L + A) / (GPUs x memory bandwidth x intensity)
func PhaseTime(m Model, n breakeven.Tokens, g GPUs, e Phases) (breakeven.Seconds, error) {
	lin, att, mem, err := phaseParts(m, n, g, e)
	return lin + att + mem, err
}

// phaseParts returns PhaseTime's three terms: the matrix products and
// attention at their efficiencies, and the memory traffic (zero without
// e.Intensity).
func phaseParts(m Model, n breakeven.Tokens, g GPUs, e Phases) (lin, att, mem breakeven.Seconds, err error) {
	if e.Ceiling {
		lin, att, _, err = CeilingTimes(m, n, g)
	} else {
		lin, att, err = PhaseMinTimes(m, n, g)
	}
	if err != nil {
		return 0, 0, 0, err
	}
	el := e.LinearFor(g.Compute.Or().Linear)
	if !(el > 0) || !(e.Attention > 0) || e.Intensity < 0 {
		return 0, 0, 0, fmt.Errorf("prefill: phase efficiencies must be positive, got %s", e)
	}
	lin, att = lin/breakeven.Seconds(el), att/breakeven.Seconds(e.Attention)
	if e.Intensity > 0 {
		bytes := MemoryTerm(m, n, g)
		if bytes == 0 {
			return 0, 0, 0, fmt.Errorf("prefill: the %s's memory bandwidth is not known, which the memory term needs", g.Chip.Name)
		}
		mem = breakeven.Seconds(bytes / e.Intensity)
	}
	return lin, att, mem, nil
}

// RequestParts is one request's prefill time split by what it pays for:
// the matrix products, attention, memory traffic and the read of the
// weights, each times the pipeline's bubble (PipelineFactor); the
// per-request cost (the fixed
// cost, the per-layer cost over the model's layers, and an engine's own
// cost where a fit adds one, WithCost); and the communication over the
// scale-up link. Total is the time.
type RequestParts struct {
	MatrixProducts, Attention, Memory breakeven.Seconds
	// Weights is the read of the weights (WeightRead) where the phases
	// price it (Phases.Weights), times the pipeline's bubble.
	Weights                   breakeven.Seconds
	PerRequest, Communication breakeven.Seconds
	// CommKnown is false where the chip's link bandwidth is not in the
	// catalog, so the communication is left out.
	CommKnown bool
	// What Total adds, in its order: the phases before the pipeline's
	// factor, the fixed and per-layer costs, and a cost added after.
	phased, fixed, layered, added breakeven.Seconds
	pipeline                      float64
}

// Total is the request's prefill time, the sum of its parts.
func (p RequestParts) Total() breakeven.Seconds {
	t := p.phased*breakeven.Seconds(p.pipeline) + p.fixed + p.layered
	t += p.Communication
	return t + p.added
}

// WithCost adds c to the per-request cost (an engine's own cost over the
// shared one a fit charges).
func (p RequestParts) WithCost(c breakeven.Seconds) RequestParts {
	p.PerRequest += c
	p.added += c
	return p
}

// PriceRequest returns one request's prefill time by its parts:
// PhaseTime's terms and, with e.Weights, the read of the weights
// (WeightRead), times the pipeline's bubble (PipelineFactor), plus
// the latency regime's costs, e.Fixed and e.PerLayer per layer, and the
// communication (CommTime) at e.Link of the link's quoted bandwidth. The
// communication is left out (CommKnown false) where the chip's link
// bandwidth is not known; the error is PhaseTime's.
func PriceRequest(m Model, n breakeven.Tokens, g GPUs, p Parallel, e Phases) (RequestParts, error) {
	lin, att, mem, err := phaseParts(m, n, g, e)
	if err != nil {
		return RequestParts{}, err
	}
	pf := PipelineFactor(n, p)
	var w breakeven.Seconds
	if e.Weights {
		w = WeightRead(m, n, g)
	}
	r := RequestParts{phased: lin + att + mem + w, pipeline: pf, fixed: e.FixedFor(m), layered: e.PerLayer * breakeven.Seconds(m.Layers())}
	r.MatrixProducts, r.Attention, r.Memory = lin*breakeven.Seconds(pf), att*breakeven.Seconds(pf), mem*breakeven.Seconds(pf)
	r.Weights = w * breakeven.Seconds(pf)
	r.PerRequest = r.fixed + r.layered
	c, ok := CommTime(m, n, g, p)
	r.CommKnown = ok
	if e.Link > 0 && ok {
		r.Communication = c / breakeven.Seconds(e.Link)
	}
	return r, nil
}

// FixedFor returns the per-request cost of a request of m: FixedSparse
// for a mixture of experts where the phases have it, else Fixed.
func (e Phases) FixedFor(m Model) breakeven.Seconds {
	if e.FixedSparse > 0 && m.Sparse() {
		return e.FixedSparse
	}
	return e.Fixed
}

// MostlyRequestCost reports whether a per-request cost c is more than
// half of a request's time t: where it is, the engine and its setup set
// the time, not the prompt's FLOPs, and the published runs disagree on
// that cost by more than a factor of ten.
func MostlyRequestCost(c, t breakeven.Seconds) bool { return c > t/2 }

// MostlyRequestCost reports whether the per-request cost is more than
// half the request's time (the function of that name).
func (p RequestParts) MostlyRequestCost() bool { return MostlyRequestCost(p.PerRequest, p.Total()) }

// RequestTime returns one request's prefill time, the Total of its
// parts (PriceRequest), and whether its communication is known.
func RequestTime(m Model, n breakeven.Tokens, g GPUs, p Parallel, e Phases) (t breakeven.Seconds, commKnown bool, err error) {
	r, err := PriceRequest(m, n, g, p, e)
	return r.Total(), r.CommKnown, err
}
