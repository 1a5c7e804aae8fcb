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
//
// The latency regime (latency.go). One request's time to first token
// pays what a batched throughput spreads over hundreds of requests: a
// fixed per-request cost, a per-layer cost, and the tensor-parallel
// all-reduces of the activations over the chip's scale-up link
// (prefill.CommTime, at a fitted share of the link's quoted bandwidth);
// and it may reach another share of peak than a batch does. So a
// single-request run (a Seconds run) and a throughput (a Rate run) are
// fitted jointly, in one model whose latency terms enter only the first:
//
//	t_request = t_phases + fixed + per-layer x layers + t_comm / link share
//
// A request timed among others at a stated concurrency c (a closed-loop
// benchmark's mean TTFT) adds q x (c - 1), a wait per other request in
// flight, fitted only where such runs are in the fit and never charged to
// a single request's prediction: without it, the waits of dstack's
// concurrency-4 runs set the per-request cost that every batch-1 run was
// charged.
//
// Fitting them apart would leave each with too few sources to validate
// leaving a source out; fitting them jointly lets the throughputs pin the
// shares of peak and the single requests the costs. Which terms enter is
// a choice among structures (Structures), from one share of peak to the
// full latency regime, made by validation. Expert-parallel all-to-alls,
// pipeline bubbles and chunking are not modelled: the FLOP model carries
// no top-k or hidden size, and the one unchunked pipeline run is kept
// out with its reason. An engine gets no factor of its own: each
// engine's runs come mostly from one source, so leaving that source out
// leaves nothing to fit the factor on; the engine enters the interval
// instead (below).
//
// The fit minimises a Huber loss of the log errors ln(predicted /
// measured), knee at a factor of two (HuberLog), each source weighted as
// one (its runs share the weight), from the least-squares start on the
// relative error; costs the runs push below zero are held at zero.
//
// Where the model fails. Validated leaving each source out, it misses
// all three targets on the runs typed today, and the evidence says why:
//
//   - engines differ by more than any fitted term carries across sources:
//     dstack's vLLM 0.6.3 on MI300X is four to eleven times slower than
//     TGI on the same node, its gap growing with the prompt (attention far
//     below peak in that build), which no other source shows;
//   - the per-request cost of a batch-1 run differs by engine and setup
//     (vLLM on one 8-GPU node below SGLang over two InfiniBand-linked
//     nodes, and well below TensorRT-LLM on 8 H200), and at a few
//     thousand tokens on 8 to 16 GPUs it is most of the time, so one
//     fitted cost misses both ways;
//   - a request at a stated concurrency waits by an amount only its own
//     source shows: held out, it is predicted as a single request;
//   - at batch 1, FP4 on B200 is no faster than FP8 on H200 (TensorRT-LLM
//     issue #5929), so pricing FP4 at its peak predicts the B200 runs too
//     fast;
//   - communication across nodes is charged at the scale-up link's
//     bandwidth, and expert-parallel all-to-alls, pipeline bubbles and
//     chunking are not modelled.
//
// An engine or setup factor would fix the first two in a fit, but could
// only be estimated from the source it should predict, so its validation
// would be empty: what a held-out engine does is in the interval instead.
//
// Validation (bysource.go) leaves every run of a source out together,
// and chooses the structure and the interval again inside each fold, on
// the other sources alone; the optimism of choosing the structure on all
// runs instead is reported (Model.Optimism). The interval is the 5th to
// 95th percentile of the leave-one-source-out log errors, taken from the
// runs that were novel to their fit (a chip, vendor, engine or regime
// with no run in it; the regimes are one request, a request at a stated
// concurrency, and a batch) when the query is novel, widened to the
// spread of all errors, else from the others: it widens for what the fit
// has not seen. The targets (median error at most
// 20%, at least 70% of runs within 25%, intervals covering at least 85%)
// are reported whether met or not. Model.Describe says which runs each
// parameter mostly comes from. Runs that cannot be priced stay in the
// validation table with the reason.
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
