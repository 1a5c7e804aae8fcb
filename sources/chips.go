package sources

import (
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds the chip catalog: each GPU's dense (no 2:4 sparsity)
// tensor peak per precision, its memory capacity and bandwidth, and its
// scale-up link, each figure cited. Vendors print the sparse figure first
// ("with sparsity"); every peak here is the dense one, half of it.

// ChipSpec is one chip of the catalog with its cited figures.
type ChipSpec struct {
	Name    string
	Aliases []string
	// Peaks are the dense tensor peaks, one per precision the chip's
	// sources give, widest first.
	Peaks           []ChipPeak
	Memory          Input[breakeven.Bytes]     // zero Name if not cited
	MemoryBandwidth Input[breakeven.Bandwidth] // zero Name if not cited
	// ScaleUpKind is "NVLink 4", "PCIe Gen5 x16", "Infinity Fabric";
	// ScaleUp its per-GPU bandwidth, both directions (zero Name if not
	// cited).
	ScaleUpKind string
	ScaleUp     Input[breakeven.Bandwidth]
}

// ChipPeak is one cited dense peak.
type ChipPeak struct {
	Precision prefill.Precision
	Peak      Input[prefill.FLOPRate]
}

// Chip returns the spec as the prefill model takes it.
func (c ChipSpec) Chip() prefill.Chip {
	out := prefill.Chip{Name: c.Name, Aliases: c.Aliases, Memory: c.Memory.V(), MemoryBandwidth: c.MemoryBandwidth.V(),
		ScaleUp: prefill.ScaleUp{Kind: c.ScaleUpKind, Bandwidth: c.ScaleUp.V()}}
	for _, p := range c.Peaks {
		out.Peaks = append(out.Peaks, prefill.Peak{Precision: p.Precision, Rate: p.Peak.V()})
	}
	return out
}

// PeakInput returns the cited peak in precision p (ok false if the
// catalog has none).
func (c ChipSpec) PeakInput(p prefill.Precision) (Input[prefill.FLOPRate], bool) {
	for _, k := range c.Peaks {
		if k.Precision == p {
			return k.Peak, true
		}
	}
	return Input[prefill.FLOPRate]{}, false
}

// peak types a dense peak in TFLOP/s as "chip.<chip>.<precision>-peak".
func peak(chip string, p prefill.Precision, tflops float64, c Cite) ChipPeak {
	name := "chip." + strings.ToLower(chip) + "." + strings.ToLower(string(p)) + "-peak"
	return ChipPeak{p, exact(name, prefill.FLOPRate(tflops)*prefill.TFLOPS, c)}
}

// same is another chip's peak, cited by the source that says the compute
// is the same.
func samePeak(chip string, of ChipPeak, c Cite) ChipPeak {
	return peak(chip, of.Precision, float64(of.Peak.V()/prefill.TFLOPS), c)
}

// Dense peaks per GPU.
var (
	PeakH100 = peak("h100", prefill.BF16, 989.4,
		quoted(LockwoodH100, "Performance table, BF16 row, Matrix column", "BF16 | 133.8 | 989.4 | 1978.9 |"))
	PeakH200 = samePeak("h200", PeakH100,
		quoted(LockwoodH100, "H200 paragraph: the H100's compute with more memory", "H200 GPUs are the same as H100 GPUs (SXM5 or GH variant?), just with 144 GB of HBM3e"))
	PeakH800 = samePeak("h800", PeakH100,
		quoted(PhilisunH800, "Key Takeaway: the H100's compute, NVLink and FP64 cut", "In terms of basic architecture, process technology, and low-precision AI compute, the two GPUs are very similar"))
	PeakA100 = peak("a100", prefill.BF16, 312,
		quoted(LockwoodA100, "Performance table, BF16 row (from NVIDIA's A100 datasheet)", "BF16 | 312 | 624 |"))
	PeakA800 = samePeak("a800", PeakA100,
		quoted(AIWikiA800, "opening paragraph: the A100's compute, NVLink cut", "The core compute, memory, and Tensor Core capabilities were left unchanged; only the interconnect was throttled."))
	PeakB200 = peak("b200", prefill.BF16, 2250,
		quoted(LockwoodB200, "Performance, HGX variant at 1,000 W, BF16 row", "BF16 | 2250 | 4500 |"))
	PeakMI300X = peak("mi300x", prefill.BF16, 1307.4,
		quoted(MI300XvsH200, "Summary, specification table", "BF16 dense | 1307.4 TFLOP/s | 989.4 TFLOP/s"))
)

// chipSpecs is the catalog, in the order the help lists it.
var chipSpecs = []ChipSpec{
	{Name: "H100", Aliases: []string{"H100 SXM", "H100-SXM5", "h100sxm"}, Peaks: []ChipPeak{PeakH100}},
	{Name: "H200", Aliases: []string{"H200 SXM"}, Peaks: []ChipPeak{PeakH200}},
	{Name: "H800", Aliases: []string{"H800 SXM"}, Peaks: []ChipPeak{PeakH800}},
	{Name: "A100", Aliases: []string{"A100 SXM", "A100-80G"}, Peaks: []ChipPeak{PeakA100}},
	{Name: "A800", Aliases: []string{"A800 SXM"}, Peaks: []ChipPeak{PeakA800}},
	{Name: "B200", Aliases: []string{"HGX B200"}, Peaks: []ChipPeak{PeakB200}},
	{Name: "MI300X", Aliases: []string{"AMD MI300X", "Instinct MI300X"}, Peaks: []ChipPeak{PeakMI300X}},
}

// ChipSpecs returns the chip catalog with its citations.
func ChipSpecs() []ChipSpec { return append([]ChipSpec(nil), chipSpecs...) }

// Chips returns the chip catalog, for prefill.ParseGPUs.
func Chips() []prefill.Chip {
	out := make([]prefill.Chip, len(chipSpecs))
	for i, c := range chipSpecs {
		out[i] = c.Chip()
	}
	return out
}

// ChipNames lists the catalog's chips, once each, in catalog order.
func ChipNames() []string {
	out := make([]string, len(chipSpecs))
	for i, c := range chipSpecs {
		out[i] = c.Name
	}
	return out
}

// LookupChip returns a chip and its cited spec by name or alias ("H100",
// "h100-sxm", "MI300X"), ignoring case, spaces, hyphens and underscores;
// the error is a *prefill.UnknownChipError.
func LookupChip(name string) (ChipSpec, error) {
	g, err := ParseGPUs(name)
	if err != nil {
		return ChipSpec{}, err
	}
	for _, c := range chipSpecs {
		if c.Name == g.Chip.Name {
			return c, nil
		}
	}
	return ChipSpec{}, &prefill.UnknownChipError{Input: name, Chip: name, Known: ChipNames()}
}

// ParseGPUs reads "8xH100" against Chips, in BF16.
func ParseGPUs(s string) (prefill.GPUs, error) { return prefill.ParseGPUs(s, Chips()) }
