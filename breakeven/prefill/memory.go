package prefill

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
)

// Fit is whether a prefill's weights, its prompt's cache and an allowance
// for activations fit in the GPUs' memory:
//
//	weights + cache + allowance x memory  <=  GPUs x memory per GPU
//
// with weights = total parameters x bytes per weight in the precision of
// the matrix products (BF16 2 B, FP8 1 B, FP4 0.5 B).
type Fit struct {
	GPUs           GPUs
	Params         float64 // total parameters
	BytesPerWeight float64
	Weights        breakeven.Bytes
	Cache          breakeven.Bytes
	Share          float64         // the activation allowance, a share of memory
	Activations    breakeven.Bytes // Share x Memory
	Need           breakeven.Bytes // Weights + Cache + Activations
	Memory         breakeven.Bytes // GPUs x memory per GPU
}

// Known reports whether fit can be judged: the parameters and the chip's
// memory are known.
func (f Fit) Known() bool { return f.Params > 0 && f.Memory > 0 && f.BytesPerWeight > 0 }

// Fits reports whether the need is within the memory (true when unknown,
// so that only a known overflow stops a run).
func (f Fit) Fits() bool { return !f.Known() || f.Need <= f.Memory }

// MemoryFit checks m's weights and a prompt's cache against g's memory,
// keeping share of the memory for activations.
func MemoryFit(m Model, cache breakeven.Bytes, g GPUs, share float64) Fit {
	f := Fit{GPUs: g, Params: m.TotalParams, BytesPerWeight: g.Compute.WeightBytes(), Cache: cache, Share: share, Memory: g.Memory()}
	f.Weights = breakeven.Bytes(f.Params * f.BytesPerWeight)
	f.Activations = breakeven.Bytes(share) * f.Memory
	f.Need = f.Weights + f.Cache + f.Activations
	return f
}

// String states the arithmetic: "weights 65.6 GB (32.8B x 2 B, BF16) +
// cache 34.4 GB + activations 8 GB (10% of 80 GB) = 108 GB, more than the
// 80 GB of 1x H100".
func (f Fit) String() string {
	if !f.Known() {
		return "memory fit not checked (parameters or the chip's memory unknown)"
	}
	verb := "within"
	if !f.Fits() {
		verb = "more than"
	}
	return fmt.Sprintf("weights %s (%sB x %s B, %s) + cache %s + activations %s (%s%% of %s) = %s, %s the %s of %s",
		f.Weights, breakeven.FormatSignificant(f.Params/1e9, 4), breakeven.FormatSignificant(f.BytesPerWeight, 3), f.GPUs.Compute.Or().Linear,
		f.Cache, f.Activations, breakeven.FormatSignificant(100*f.Share, 3), f.Memory, f.Need, verb, f.Memory, f.GPUs)
}
