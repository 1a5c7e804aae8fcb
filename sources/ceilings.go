package sources

import (
	"strings"

	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds measured matrix-multiply ceilings: the best matmul
// throughput a benchmark reached on a chip (Stas Bekman's Maximum
// Achievable Matmul FLOPS, MAMF: a search over shapes with mamf-finder.py)
// beside the theoretical peak the same table divides it by. The prefill
// model's ceiling structure prices the FLOPs at the measured throughput,
// as a share of the catalog's peak in that precision (CeilingShare), so a
// table whose theoretical figure differs from the catalog's moves no
// price; precisions without a row borrow that share. A chip the table did not measure has none
// (the H20, the GB300, the L40S, the H100 PCIe), unless a source says its
// compute is a measured chip's, as for the catalog's peaks.

// StasMAMF is the MAMF comparison table.
const StasMAMF SourceID = "stas00-mamf"

func init() {
	register(Source{StasMAMF, "Machine Learning Engineering: Accelerators (Maximum Achievable Matmul FLOPS comparison table)", "Stas Bekman (stas00/ml-engineering)",
		"https://github.com/stas00/ml-engineering/blob/7bc7c3054eb93c277a4755c597ae0864d77a63f1/compute/accelerator/README.md", "2026-08-10", Read,
		"measured matmul TFLOPS with BF16 and with FP8 inputs (no sparsity), a mean of 100 iterations at the best shape found, beside the theoretical TFLOPS and their ratio; rows added from 2025-01 to 2025-10, torch 2.5 to 2.10; read at the file's last change. The table warns the numbers are a rough estimate that improves with software"})
}

// ChipCeiling is one measured matmul ceiling: the throughput reached and
// the theoretical peak the table gives it against, in one precision.
type ChipCeiling struct {
	Precision        prefill.Precision
	Achieved, Theory Input[prefill.FLOPRate]
}

// Share is Achieved over Theory: the share of the datasheet peak the
// chip's tensor cores reach at best, as the table computes it.
func (c ChipCeiling) Share() float64 { return float64(c.Achieved.V() / c.Theory.V()) }

// CeilingShare is the share of the chip's catalog peak a ceiling stands
// for: the measured throughput over the catalog's peak in the same
// precision, so that the model prices that precision at exactly what was
// measured, whichever theoretical figure the table divided by (the
// MI355X's 1,565 is 62.6% of AMD's 2,500, where the table prints 68.0%
// of 2,300); the table's own Share where the catalog has no peak in it.
func (c ChipSpec) CeilingShare(k ChipCeiling) float64 {
	if p, ok := c.PeakInput(k.Precision); ok {
		return float64(k.Achieved.V() / p.Dense())
	}
	return k.Share()
}

// mamf types a row of the table, in TFLOP/s, as
// "chip.<chip>.<precision>-mamf" and "...-mamf-theory".
func mamf(chip string, p prefill.Precision, achieved, theory float64, row string) ChipCeiling {
	name := "chip." + chipSlug(chip) + "." + strings.ToLower(string(p)) + "-mamf"
	c := quoted(StasMAMF, string(p)+" table, row "+strings.TrimSpace(strings.Split(row, "|")[1]), row)
	return ChipCeiling{Precision: p,
		Achieved: exact(name, prefill.FLOPRate(achieved)*prefill.TFLOPS, c),
		Theory:   exact(name+"-theory", prefill.FLOPRate(theory)*prefill.TFLOPS, c)}
}

// sameCeiling is another chip's ceiling, cited by the source that says
// the compute is the same.
func sameCeiling(chip string, of ChipCeiling, c Cite) ChipCeiling {
	name := "chip." + chipSlug(chip) + "." + strings.ToLower(string(of.Precision)) + "-mamf"
	return ChipCeiling{Precision: of.Precision,
		Achieved: exact(name, of.Achieved.V(), c),
		Theory:   exact(name+"-theory", of.Theory.V(), c)}
}

// The table's rows.
var (
	mamfA100     = mamf("a100", prefill.BF16, 271.2, 312, "| NVIDIA A100 SXM  |  271.2 |    312 |      86.9% |")
	mamfH100     = mamf("h100", prefill.BF16, 794.5, 989, "| NVIDIA H100 SXM  |  794.5 |    989 |      80.3% |")
	mamfH100FP8  = mamf("h100", prefill.FP8, 1402.6, 1979, "| NVIDIA H100 SXM  | 1402.6 |   1979 |      70.9% |")
	mamfH200FP8  = mamf("h200", prefill.FP8, 1453.4, 1979, "| NVIDIA H200 SXM  | 1453.4 |   1979 |      73.4% |")
	mamfGH200    = mamf("gh200", prefill.BF16, 828.6, 989, "| NVIDIA GH200 SXM |  828.6 |    989 |      83.8% |")
	mamfGH200F8  = mamf("gh200", prefill.FP8, 1535.0, 1979, "| NVIDIA GH200 SXM | 1535.0 |   1979 |      77.6% |")
	mamfB200     = mamf("b200", prefill.BF16, 1745.0, 2250, "| NVIDIA B200 SXM  | 1745.0 |   2250 |      77.6% |")
	mamfB200FP8  = mamf("b200", prefill.FP8, 3432.5, 4500, "| NVIDIA B200 SXM  | 3432.5 |   4500 |      76.3% |")
	mamfB300     = mamf("b300", prefill.BF16, 1769.0, 2250, "| NVIDIA B300 SXM  | 1769.0 |   2250 |      78.6% |")
	mamfB300FP8  = mamf("b300", prefill.FP8, 3353.3, 4500, "| NVIDIA B300 SXM  | 3353.3 |   4500 |      74.5% |")
	mamfGB200    = mamf("gb200", prefill.BF16, 1822.0, 2500, "| NVIDIA GB200 SXM | 1822.0 |   2500 |      72.9% |")
	mamfGB200F8  = mamf("gb200", prefill.FP8, 3615.6, 5000, "| NVIDIA GB200 SXM | 3615.6 |   5000 |      72.3% |")
	mamfMI355X   = mamf("mi355x", prefill.BF16, 1565.0, 2300, "| AMD MI355X       | 1565.0 |   2300 |      68.0% |")
	mamfMI325X   = mamf("mi325x", prefill.BF16, 784.9, 1300, "| AMD MI325X       |  784.9 |   1300 |      60.4% |")
	mamfMI300X   = mamf("mi300x", prefill.BF16, 668.4, 1300, "| AMD MI300X       |  668.4 |   1300 |      51.4% |")
	mamfA100PCIe = mamf("a100-pcie", prefill.BF16, 252.9, 312, "| NVIDIA A100 PCIe |  252.9 |    312 |      81.1% |")
	mamfGaudi3   = mamf("gaudi3", prefill.BF16, 1243.0, 1677, "| Intel Gaudi 3    | 1243.0 |   1677 |      74.1% |")
	mamfGaudi3F8 = mamf("gaudi3", prefill.FP8, 1289.5, 1677, "| Intel Gaudi 3    | 1289.5 |   1677 |      76.9% |")
	mamfGaudi2   = mamf("gaudi2", prefill.BF16, 418.7, 432, "| Intel Gaudi 2    |  418.7 |    432 |      96.9% |")
	mamfGaudi2F8 = mamf("gaudi2", prefill.FP8, 826.5, 865, "| Intel Gaudi 2    |  826.5 |    865 |      95.5% |")
	// The H200's BF16 row is the H100's: the table says so.
	mamfH200 = sameCeiling("h200", mamfH100, quoted(StasMAMF, "BF16 table, row NVIDIA H100 SXM, Notes column", "| NVIDIA H100 SXM  |  794.5 |    989 |      80.3% |  2048x2048x13312 | 2.7.0+cu126                    | H200 is the same                   |"))
)

// ceilings are the measured ceilings by catalog chip.
var ceilings = map[string][]ChipCeiling{
	"A100":      {mamfA100},
	"A800":      {sameCeiling("a800", mamfA100, a800SameCompute)},
	"H100":      {mamfH100, mamfH100FP8},
	"H200":      {mamfH200, mamfH200FP8},
	"H800":      {sameCeiling("h800", mamfH100, h800SameCompute), sameCeiling("h800", mamfH100FP8, h800SameCompute)},
	"GH200":     {mamfGH200, mamfGH200F8},
	"B200":      {mamfB200, mamfB200FP8},
	"B300":      {mamfB300, mamfB300FP8},
	"GB200":     {mamfGB200, mamfGB200F8},
	"MI355X":    {mamfMI355X},
	"MI325X":    {mamfMI325X},
	"MI300X":    {mamfMI300X},
	"A100-PCIe": {mamfA100PCIe},
	"Gaudi3":    {mamfGaudi3, mamfGaudi3F8},
	"Gaudi2":    {mamfGaudi2, mamfGaudi2F8},
}

// Ceilings returns the chip's measured matmul ceilings (none where the
// table did not measure it).
func (c ChipSpec) Ceilings() []ChipCeiling { return ceilings[c.Name] }
