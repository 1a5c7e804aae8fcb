package prefill

import (
	"fmt"
	"strconv"

	"signalweight.dev/kv/breakeven"
)

// Fit is whether a prefill's weights, its prompt's cache and an allowance
// for activations fit in the GPUs' memory:
//
//	weights + cache + share x memory  <=  GPUs x memory per GPU
//
// with weights = total parameters x bytes per weight (BF16 2 B, FP8 1 B,
// 4-bit 0.5 B): by default the precision of the matrix products, or the
// storage a run states (AWQ 4-bit weights computed in BF16).
type Fit struct {
	GPUs           GPUs
	Params         float64 // total parameters
	WeightFormat   string  // "BF16", "int4"
	BytesPerWeight float64
	Weights        breakeven.Bytes
	Cache          breakeven.Bytes
	Share          float64         // the activation allowance, a share of memory
	Activations    breakeven.Bytes // Share x Memory
	Need           breakeven.Bytes // Weights + Cache + Activations
	Memory         breakeven.Bytes // GPUs x memory per GPU
}

// Known reports whether fit can be judged: the parameters, the bytes per
// weight and the chip's memory are known.
func (f Fit) Known() bool { return f.Params > 0 && f.Memory > 0 && f.BytesPerWeight > 0 }

// Fits reports whether the need is within the memory; true when unknown,
// so that only a known overflow stops a run.
func (f Fit) Fits() bool { return !f.Known() || f.Need <= f.Memory }

// Weights is a storage format of the weights and its bytes per weight;
// the zero value is the precision of the matrix products.
type Weights struct {
	Name  string
	Bytes float64
}

// MemoryFit checks m's weights, stored as g stores them (StoredWeights:
// g.Weights, else m's checkpoint where narrower, else g's precision of
// the matrix products), and a prompt's
// cache against g's memory, keeping share of the memory for activations.
func MemoryFit(m Model, cache breakeven.Bytes, g GPUs, share float64) Fit {
	w := g.StoredWeights(m)
	f := Fit{GPUs: g, Params: m.TotalParams, WeightFormat: w.Name, BytesPerWeight: w.Bytes, Cache: cache, Share: share, Memory: g.Memory()}
	f.Weights = breakeven.Bytes(f.Params * f.BytesPerWeight)
	f.Activations = breakeven.Bytes(share) * f.Memory
	f.Need = f.Weights + f.Cache + f.Activations
	return f
}

// String states the arithmetic: "weights 65.6 GB (32.8B x 2 B, BF16) +
// cache 34.4 GB + activations 8.00 GB (10% of 80.0 GB) = 108 GB, more
// than the 80.0 GB of 1x H100".
func (f Fit) String() string {
	if !f.Known() {
		return "not checked (the parameters or the chip's memory are unknown)"
	}
	verb := "within"
	if !f.Fits() {
		verb = "more than"
	}
	return fmt.Sprintf("weights %v (%sB x %s B, %s) + cache %v + activations %v (%s%% of %v) = %v, %s the %v of %dx %s",
		f.Weights, strconv.FormatFloat(f.Params/1e9, 'g', 4, 64), strconv.FormatFloat(f.BytesPerWeight, 'g', 3, 64), f.WeightFormat,
		f.Cache, f.Activations, strconv.FormatFloat(100*f.Share, 'g', 3, 64), f.Memory, f.Need, verb, f.Memory, f.GPUs.Count, f.GPUs.Chip.Name)
}
