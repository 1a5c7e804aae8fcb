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

// The sources of the chip catalog. Where only a copy of a vendor's
// datasheet or a secondary page could be read, Access is Partial and Seen
// says so.
const (
	HPCTechH100        SourceID = "hpctech-h100"
	AnandTechH200      SourceID = "anandtech-h200-sc23"
	GeektopiaH200      SourceID = "geektopia-h200"
	ZangH20            SourceID = "zangshuxian-h20"
	CNZH20             SourceID = "1cnz-h20"
	FlashMLA75         SourceID = "flashmla-issue-75"
	DeepSeekV3Issue28  SourceID = "deepseek-v3-issue-28"
	GH200Datasheet     SourceID = "nvidia-gh200-datasheet-copy"
	BlackwellDatasheet SourceID = "nvidia-blackwell-datasheet-copy"
	LockwoodB300       SourceID = "lockwood-b300"
	DatacrunchB300     SourceID = "datacrunch-b200-b300"
	VerdaGB300         SourceID = "verda-gb300"
	MulletL40S         SourceID = "mullet-l40s"
	MI300XMethodology  SourceID = "mi300x-vs-h200-methodology"
	AwesomeMI325X      SourceID = "awesomeagents-mi325x"
	RegisterMI355X     SourceID = "theregister-mi355x"
	ROCmMatrixCores    SourceID = "rocm-blogs-matrix-cores-cdna"
	GPUSpecsTable      SourceID = "gpu-specs-community-table"
)

func init() {
	register(
		Source{GPUSpecsTable, "GPU Specs (specs.md, rendered from data/specs.json)", "winston-zhang-orz/gpu-specs (a community table, forked from gmasse/gpu-specs)",
			"https://github.com/winston-zhang-orz/gpu-specs/blob/4b0c72dd3846f0d25ec294b1cf4f5c83b10113b0/specs.md", "2025-02-28", Read,
			"read 2026-12-05: one row per figure, one column per GPU (H100, L40S, L4, A100 PCIe 40GB and 80GB, A100 SXM4 40GB and 80GB, A10, T4, ...); its data/specs.json names NVIDIA's datasheets as each GPU's source (the L4's and A10's among them), which were not read here. Dense and sparse figures are separate rows. Secondary, and wrong in places (its RTX 4090 tensor column, its V100 TF32 row): the catalog takes from it the L4's and the A10's figures only, where the L40S column agrees with NVIDIA's table as Mullet reproduces it"},
		Source{HPCTechH100, "NVIDIA H100 (product page with NVIDIA's datasheet table)", "HPC Technologies (Japanese reseller)", "https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html", "", Partial,
			"NVIDIA's H100 SXM and PCIe datasheet table as a reseller reproduces it, in Japanese; NVIDIA's own PDF not read. Tensor figures carry '* Shown with sparsity. Specifications 1/2 lower without sparsity.' A later NVIDIA revision quoted elsewhere gives the PCIe part 1,600 sparse BF16, not 1,513"},
		Source{AnandTechH200, "NVIDIA at SC23: H200 Accelerator with HBM3e and Jupiter Supercomputer for 2024", "AnandTech", "http://m.anandtech.com/Show/Index/21136?cPage=2&all=False&sort=0&page=1&slug=nvidia-at-sc23-h200-accelerator-with-hbm3e-and-jupiter-supercomputer-for-2024", "2023-11-13", Read,
			"specification comparison of H200, H100 and A100 80GB: 141, 80 and 80 GB; 4.8, 3.35 and 2 TB/s"},
		Source{GeektopiaH200, "NVIDIA anuncia la aceleradora H200: tiene 141 GB de HBM3e", "Geektopia", "https://geektopia.es/es/technology/2023/11/13/noticias/nvidia-anuncia-la-aceleradora-h200-tiene-141-gb-de-hbm3e.html", "2023-11-13", Read,
			"the H200's 141 GB at 4.8 TB/s and its NVLink 4 at 900 GB/s"},
		Source{ZangH20, "英伟达H20芯片相比H100芯片", "zangshuxian.com", "https://zangshuxian.com/new/674733024499207168", "", Partial,
			"a secondary summary of the H20: FP16 dense 148 TFLOPS, INT8 296, 4.0 TB/s; NVIDIA publishes no H20 datasheet that could be read"},
		Source{CNZH20, "英伟达HGX H20 (news item)", "1cnz.cn", "http://1cnz.cn/d/2353773.html", "", Partial,
			"a secondary news item: 96 GB HBM3 at 4.0 TB/s, FP8 296 TFLOPS, FP16 148 TFLOPS, NVLink 900 GB/s; it does not say dense or sparse. Read as dense: the FP16 figure matches the one another page calls dense"},
		Source{FlashMLA75, "Why is 990 TFLOPS used as the peak in the deep-dive doc (issue 75)", "deepseek-ai/FlashMLA", "https://github.com/deepseek-ai/FlashMLA/issues/75", "2025-07-22", Read,
			"the issue quotes FlashMLA's deep-dive (H800 SXM5: 3.35 TB/s, 990 TFLOPS); the maintainer answers that 1979 is sparse and 989 dense"},
		Source{DeepSeekV3Issue28, "[Question] On NVLink bandwidth of H800 (issue 28)", "deepseek-ai/DeepSeek-V3", "https://github.com/deepseek-ai/DeepSeek-V3/issues/28", "2024-12-31", Read,
			"DeepSeek's answer: the H800's 400 GB/s NVLink is the two-way theoretical figure, its 160 GB/s a one-way measurement"},
		Source{GH200Datasheet, "NVIDIA GH200 Grace Hopper Superchip datasheet (product specifications table, copied)", "atineoSE/coding-model-seeks-gpu (copy of NVIDIA's datasheet)", "https://github.com/atineoSE/coding-model-seeks-gpu/blob/ff052946489e8bb55dce164802bdb7c01251fde6/pipeline/pipeline/sources/gh200_specs.md", "", Partial,
			"NVIDIA's GH200 datasheet table as a repository copies it, with the datasheet's address; the PDF itself not read. Tensor rows give sparse* | dense"},
		Source{BlackwellDatasheet, "NVIDIA Blackwell datasheet (GB200 NVL72, GB200 NVL4, HGX B200 tables, copied)", "atineoSE/coding-model-seeks-gpu (copy of NVIDIA's datasheet)", "https://github.com/atineoSE/coding-model-seeks-gpu/blob/e527ad937f71557ee8169ad342ad54a2509133d9/pipeline/pipeline/sources/gb200_specs.md", "", Partial,
			"NVIDIA's Blackwell datasheet tables as a repository copies them; the PDF itself not read. 'All other Tensor Core specs are sparse; dense is one-half of the sparse value'; per GPU: GB200 186 GB at 8 TB/s, HGX B200 180 GB at 7.7 TB/s, NVLink 5 at 1.8 TB/s"},
		Source{LockwoodB300, "B300 (processor notes)", "Glenn K. Lockwood", "https://glennklockwood.com/garden/processors/B300", "", Read,
			"HGX B300 peaks like the B200's: BF16 2250 dense, FP8 4500; dense FP4 'up' to about 13 PF (13125 in the table); 288 GB HBM3e, 8 TB/s, 2x 900 GB/s NVLink 5"},
		Source{DatacrunchB300, "NVIDIA B200 & B300: GPU Architecture and Software Stack", "Verda (DataCrunch) research blog", "https://github.com/datacrunch-research/blogs/blob/main/blackwell-vms/blackwell_vms.md", "", Partial,
			"a cloud provider's summary, not NVIDIA's: B300 dense FP4 14 PF against 9.0, 288 GB against 180 GB, 8 TB/s against 7.7. NVIDIA's HGX B300 figure is quoted elsewhere as 108 PF dense FP4 for 8 GPUs (13.5 each); the sources disagree"},
		Source{VerdaGB300, "NVIDIA GB300 NVL72: GPU Architecture & Performance", "Verda", "https://verda.com/blog/gb300-nvl72-architecture", "", Partial,
			"a cloud provider's per-GPU table 'without sparsity': GB300 FP4 15, FP8 5, BF16 2.5 PF, 279 GB at 8 TB/s; NVIDIA's GB300 datasheet not read. Its GB200 column (FP8 4.5 PF, 129 GB) disagrees with NVIDIA's Blackwell datasheet (5 PF dense, 186 GB), which this catalog uses for the GB200"},
		Source{MulletL40S, "NVIDIA L40/L40S (product page with NVIDIA's datasheet table)", "Mullet (reseller)", "https://www.mullet.se/product.html?product_id=355414", "", Partial,
			"NVIDIA's L40 and L40S datasheet table as a reseller reproduces it: dense | sparse* per precision, 48 GB GDDR6 at 864 GB/s, PCIe Gen4 x16 at 64 GB/s both ways, no NVLink"},
		Source{MI300XMethodology, "MI300X vs H200: Methodology (METHODOLOGY.md)", "alpharomercoma/MI300X-vs-H200",
			"https://github.com/alpharomercoma/MI300X-vs-H200/blob/6077fdc7bfc215171c33435b7cd76ca4c5f2b236/METHODOLOGY.md", "", Read,
			"specification table: MI300X 192 GB at 5.3 TB/s, H200 141 GB at 4.8 TB/s; dense BF16 and FP8 as in REPORT.md"},
		Source{AwesomeMI325X, "AMD Instinct MI325X - 256GB CDNA3 for Inference", "awesomeagents.ai", "https://awesomeagents.ai/hardware/amd-mi325x", "", Partial,
			"a secondary specification table (AMD's MI325X datasheet not read): FP8 2,614.9 TFLOPS, with sparsity 5,229.8; FP16/BF16 1,307.4; TF32 653.7; 256 GB at 6,000 GB/s"},
		Source{RegisterMI355X, "AMD's MI355X is a 1.4 kW liquid-cooled monster built to battle Nvidia's Blackwell", "The Register", "https://www.theregister.com/2025/06/12/amd_mi355x/", "2025-06-12", Partial,
			"a news report of AMD's launch (AMD's datasheet not read): 10 PF of FP4, double with sparsity; 288 GB of HBM3E at 8 TB/s"},
		Source{ROCmMatrixCores, "Matrix Core Programming on AMD CDNA3 and CDNA4 architecture", "AMD (ROCm blogs)",
			"https://github.com/ROCm/rocm-blogs/blob/7552daef2d1f2e4be9faf92f8c683bd15a349007/blogs/software-tools-optimization/matrix-cores-cdna/README.md", "2025-09-30", Read,
			"AMD's table of Matrix Core theoretical peaks: the MI355X's matrix FP16 at 2.5 PF, FP8 at 5 PF and FP4 at 10 PF (as news reports of AMD's launch and ISSCC talk give them), the MI325X's FP16 at 1307.4 TF. Its instruction table runs FP16 and BF16 inputs on the same MFMA shapes and cycle counts ('Both A and B are either FP16 or BF16'), so the BF16 peak is the FP16 one. The MAMF table divides its MI355X BF16 measurement by 2,300 TF, below this figure: the catalog takes AMD's, and the MI355X's ceiling share is taken against it"},
	)
}

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

// ChipPeak is one cited peak. Most datasheets print the 2:4-sparse figure
// and say in a footnote that dense is half of it; then Sparse is set, Peak
// is typed as printed, and Dense halves it.
type ChipPeak struct {
	Precision prefill.Precision
	Peak      Input[prefill.FLOPRate]
	Sparse    bool
}

// Dense returns the dense peak: Peak, or half of it where the figure read
// is the sparse one.
func (p ChipPeak) Dense() prefill.FLOPRate {
	if p.Sparse {
		return p.Peak.V() / 2
	}
	return p.Peak.V()
}

// Chip returns the spec as the prefill model takes it.
func (c ChipSpec) Chip() prefill.Chip {
	out := prefill.Chip{Name: c.Name, Aliases: c.Aliases, Memory: c.Memory.V(), MemoryBandwidth: c.MemoryBandwidth.V(),
		ScaleUp: prefill.ScaleUp{Kind: c.ScaleUpKind, Bandwidth: c.ScaleUp.V()}}
	for _, p := range c.Peaks {
		out.Peaks = append(out.Peaks, prefill.Peak{Precision: p.Precision, Rate: p.Dense()})
	}
	for _, k := range c.Ceilings() {
		out.Ceilings = append(out.Ceilings, prefill.Ceiling{Precision: k.Precision, Share: c.CeilingShare(k)})
	}
	return out
}

// PeakInput returns the cited peak in precision p (ok false if the
// catalog has none).
func (c ChipSpec) PeakInput(p prefill.Precision) (ChipPeak, bool) {
	for _, k := range c.Peaks {
		if k.Precision == p {
			return k, true
		}
	}
	return ChipPeak{}, false
}

func chipSlug(chip string) string { return strings.ToLower(strings.ReplaceAll(chip, " ", "-")) }

// peak types a dense peak in TFLOP/s as "chip.<chip>.<precision>-peak".
func peak(chip string, p prefill.Precision, tflops float64, c Cite) ChipPeak {
	name := "chip." + chipSlug(chip) + "." + strings.ToLower(string(p)) + "-peak"
	return ChipPeak{Precision: p, Peak: exact(name, prefill.FLOPRate(tflops)*prefill.TFLOPS, c)}
}

// sparsePeak types a peak printed with 2:4 sparsity, in TFLOP/s, as
// "chip.<chip>.<precision>-sparse-peak"; its dense peak is half.
func sparsePeak(chip string, p prefill.Precision, tflops float64, c Cite) ChipPeak {
	name := "chip." + chipSlug(chip) + "." + strings.ToLower(string(p)) + "-sparse-peak"
	return ChipPeak{Precision: p, Peak: exact(name, prefill.FLOPRate(tflops)*prefill.TFLOPS, c), Sparse: true}
}

// samePeak is another chip's peak, cited by the source that says the
// compute is the same.
func samePeak(chip string, of ChipPeak, c Cite) ChipPeak {
	return peak(chip, of.Precision, float64(of.Dense()/prefill.TFLOPS), c)
}

// memory types a chip's memory in GB (10^9 bytes), bandwidth in GB/s and
// scale-up bandwidth in GB/s.
func memory(chip string, gb float64, c Cite) Input[breakeven.Bytes] {
	return exact("chip."+chipSlug(chip)+".memory", breakeven.Bytes(gb)*breakeven.GB, c)
}

func memoryBandwidth(chip string, gbps float64, c Cite) Input[breakeven.Bandwidth] {
	return exact("chip."+chipSlug(chip)+".memory-bandwidth", breakeven.Bandwidth(gbps)*breakeven.GBps, c)
}

func scaleUp(chip string, gbps float64, c Cite) Input[breakeven.Bandwidth] {
	return exact("chip."+chipSlug(chip)+".scale-up", breakeven.Bandwidth(gbps)*breakeven.GBps, c)
}

// The sources that say the H800 and the A800 have the H100's and the
// A100's compute (their peaks and measured ceilings are those chips').
var (
	h800SameCompute = quoted(PhilisunH800, "Key Takeaway: the H100's compute, NVLink and FP64 cut", "In terms of basic architecture, process technology, and low-precision AI compute, the two GPUs are very similar")
	a800SameCompute = quoted(AIWikiA800, "opening paragraph: the A100's compute, NVLink cut", "The core compute, memory, and Tensor Core capabilities were left unchanged; only the interconnect was throttled.")
)

// Dense peaks per GPU that other chips' entries refer to.
var (
	PeakH100 = peak("h100", prefill.BF16, 989.4,
		quoted(LockwoodH100, "Performance table, BF16 row, Matrix column", "BF16 | 133.8 | 989.4 | 1978.9 |"))
	PeakA100 = peak("a100", prefill.BF16, 312,
		quoted(LockwoodA100, "Performance table, BF16 row (from NVIDIA's A100 datasheet)", "BF16 | 312 | 624 |"))
	PeakB200 = peak("b200", prefill.BF16, 2250,
		quoted(LockwoodB200, "Performance, HGX variant at 1,000 W, BF16 row", "BF16 | 2250 | 4500 |"))
	PeakMI300X = peak("mi300x", prefill.BF16, 1307.4,
		quoted(MI300XvsH200, "Summary, specification table", "BF16 dense | 1307.4 TFLOP/s | 989.4 TFLOP/s"))
	peakH100FP8 = peak("h100", prefill.FP8, 1978.9,
		quoted(LockwoodH100, "Performance table, FP8 row: dense 1978.9, sparse 3957.8 (the datasheet's 3,958 is sparse)", "FP8 | 1978.9 | 3957.8 |"))
	peakH100TF32 = peak("h100", prefill.TF32, 494.7,
		quoted(LockwoodH100, "Performance table, TF32 row: dense 494.7, sparse 989.4", "TF32 | 494.7 | 989.4 |"))
	peakH100FP16 = peak("h100", prefill.FP16, 989.4,
		quoted(LockwoodH100, "Performance table, FP16 row, Matrix column", "FP16 | 133.8 | 989.4 | 1978.9 |"))
	peakA100TF32 = peak("a100", prefill.TF32, 156,
		quoted(LockwoodA100, "Performance table, TF32 row (from NVIDIA's A100 datasheet)", "TF32 | 156 | 312 |"))
	peakA100FP16 = peak("a100", prefill.FP16, 312,
		quoted(LockwoodA100, "Performance table, FP16 row (from NVIDIA's A100 datasheet)", "FP16 | 312 | 624 |"))
	// The H200 and H800 have the H100's compute.
	PeakH200 = samePeak("h200", PeakH100,
		quoted(LockwoodH100, "H200 paragraph: the H100's compute with more memory", "H200 GPUs are the same as H100 GPUs (SXM5 or GH variant?), just with 144 GB of HBM3e"))
	PeakH800 = samePeak("h800", PeakH100,
		h800SameCompute)
	PeakA800 = samePeak("a800", PeakA100,
		a800SameCompute)
)

func h200Same(of ChipPeak) ChipPeak {
	return samePeak("h200", of, quoted(LockwoodH100, "H200 paragraph: the H100's compute with more memory", "H200 GPUs are the same as H100 GPUs (SXM5 or GH variant?), just with 144 GB of HBM3e"))
}

func h800Same(of ChipPeak) ChipPeak {
	return samePeak("h800", of, h800SameCompute)
}

// blackwell cites NVIDIA's Blackwell datasheet as copied in a GitHub
// repository: per-GPU figures are sparse, dense one half.
func blackwell(locator, quote string) Cite { return quoted(BlackwellDatasheet, locator, quote) }

// chipSpecs is the catalog, in the order the help lists it.
var chipSpecs = []ChipSpec{
	{Name: "H100", Aliases: []string{"H100 SXM", "H100-SXM5", "h100sxm", "H100 SXM5"},
		Peaks:           []ChipPeak{peakH100TF32, peakH100FP16, PeakH100, peakH100FP8},
		Memory:          memory("h100", 80, quoted(HPCTechH100, "datasheet table, GPU memory row (SXM column)", "GPU メモリ | 80 GB | 80 GB |")),
		MemoryBandwidth: memoryBandwidth("h100", 3350, quoted(HPCTechH100, "datasheet table, memory bandwidth row (SXM column)", "GPU メモリ帯域幅 | 3,350 GB/sec | 2000 GB/sec |")),
		ScaleUpKind:     "NVLink 4",
		ScaleUp:         scaleUp("h100", 900, quoted(HPCTechH100, "datasheet table, interconnect row (SXM column)", "NVLink: 900GB/秒 PCIe Gen5: 128GB/秒"))},
	{Name: "H100-PCIe", Aliases: []string{"H100 PCIe", "H100PCIe5"},
		Peaks: []ChipPeak{
			sparsePeak("h100-pcie", prefill.TF32, 756, quoted(HPCTechH100, "datasheet table, TF32 row (PCIe column; * with sparsity, dense half)", "TF32 Tensor コア | 989 TFLOPS* | 756 TFLOPS* |")),
			sparsePeak("h100-pcie", prefill.FP16, 1513, quoted(HPCTechH100, "datasheet table, FP16 row (PCIe column; * with sparsity, dense half)", "FP16 Tensor コア | 1,979 TFLOPS* | 1,513 TFLOPS* |")),
			sparsePeak("h100-pcie", prefill.BF16, 1513, quoted(HPCTechH100, "datasheet table, BFLOAT16 row (PCIe column; * with sparsity, dense half)", "BFLOAT16 Tensor コア | 1,979 TFLOPS* | 1,513 TFLOPS* |")),
			sparsePeak("h100-pcie", prefill.FP8, 3026, quoted(HPCTechH100, "datasheet table, FP8 row (PCIe column; * with sparsity, dense half)", "FP8 Tensor コア | 3,958 TFLOPS* | 3,026 TFLOPS* |")),
		},
		Memory:          memory("h100-pcie", 80, quoted(HPCTechH100, "datasheet table, GPU memory row (PCIe column)", "GPU メモリ | 80 GB | 80 GB |")),
		MemoryBandwidth: memoryBandwidth("h100-pcie", 2000, quoted(HPCTechH100, "datasheet table, memory bandwidth row (PCIe column)", "GPU メモリ帯域幅 | 3,350 GB/sec | 2000 GB/sec |")),
		ScaleUpKind:     "PCIe Gen5 x16 (NVLink bridge pairs at 600 GB/s)",
		ScaleUp:         scaleUp("h100-pcie", 128, quoted(HPCTechH100, "datasheet table, interconnect row (PCIe column)", "NVLINK: 600GB/秒 PCIe Gen5: 128GB/秒"))},
	{Name: "H200", Aliases: []string{"H200 SXM"},
		Peaks:           []ChipPeak{h200Same(peakH100TF32), h200Same(peakH100FP16), PeakH200, h200Same(peakH100FP8)},
		Memory:          memory("h200", 141, quoted(AnandTechH200, "specification comparison table, VRAM row (H200 column)", "VRAM 141GB 80GB 80GB")),
		MemoryBandwidth: memoryBandwidth("h200", 4800, quoted(AnandTechH200, "specification comparison table, memory bandwidth row (H200 column)", "Memory Bandwidth 4.8TB/sec 3.35TB/sec 2TB/sec")),
		ScaleUpKind:     "NVLink 4",
		ScaleUp:         scaleUp("h200", 900, quoted(GeektopiaH200, "second paragraph", "Utiliza una interconexión NVLink 4 de 900 GB/s"))},
	{Name: "H20", Aliases: []string{"HGX H20"},
		Peaks: []ChipPeak{
			peak("h20", prefill.FP16, 148, quoted(ZangH20, "compute bullet: FP16 dense 148 TFLOPS", "H20的FP16稠密算力为148TFLOPS")),
			peak("h20", prefill.BF16, 148, quoted(LockwoodH100, "Hopper's tensor cores run BF16 at the FP16 rate (equal rows), so the H20's BF16 is its FP16 148 TFLOPS", "BF16 | 133.8 | 989.4 | 1978.9 |")),
			peak("h20", prefill.FP8, 296, quoted(CNZH20, "spec paragraph (the source does not say dense or sparse)", "FP8達到296TFLOPS")),
		},
		Memory:          memory("h20", 96, quoted(CNZH20, "spec paragraph", "96GB的HBM3顯存及4.0TB/s的顯存帶寬")),
		MemoryBandwidth: memoryBandwidth("h20", 4000, quoted(CNZH20, "spec paragraph", "96GB的HBM3顯存及4.0TB/s的顯存帶寬")),
		ScaleUpKind:     "NVLink 4",
		ScaleUp:         scaleUp("h20", 900, quoted(CNZH20, "second paragraph", "NVLink 900GB/s"))},
	{Name: "H800", Aliases: []string{"H800 SXM"},
		Peaks:           []ChipPeak{h800Same(peakH100TF32), h800Same(peakH100FP16), PeakH800, h800Same(peakH100FP8)},
		Memory:          memory("h800", 80, quoted(PhilisunH800, "core specification table, memory row (H800 column)", "80GB (SXM) / 94GB (SXM)")),
		MemoryBandwidth: memoryBandwidth("h800", 3350, quoted(FlashMLA75, "issue text quoting FlashMLA's deep-dive", "An NVIDIA H800 SXM5 GPU has a peak memory bandwidth of 3.35 TB/s")),
		ScaleUpKind:     "NVLink 4 (cut)",
		ScaleUp:         scaleUp("h800", 400, quoted(DeepSeekV3Issue28, "DeepSeek's answer: 400 GB/s both ways in theory, 160 GB/s measured one way", "400GB/s 是双向理论值"))},
	{Name: "GH200", Aliases: []string{"GH200 96GB", "Grace Hopper"},
		Peaks: []ChipPeak{
			peak("gh200", prefill.TF32, 494, quoted(GH200Datasheet, "product specifications, TF32 row (GH200 column: sparse* | dense)", "989 teraFLOPS* \\| 494 teraFLOPS")),
			peak("gh200", prefill.FP16, 990, quoted(GH200Datasheet, "product specifications, FP16 row (GH200 column: sparse* | dense)", "1,979 teraFLOPS* \\| 990 teraFLOPS")),
			peak("gh200", prefill.BF16, 990, quoted(GH200Datasheet, "product specifications, BFLOAT16 row (GH200 column: sparse* | dense)", "1,979 teraFLOPS* \\| 990 teraFLOPS")),
			peak("gh200", prefill.FP8, 1979, quoted(GH200Datasheet, "product specifications, FP8 row (GH200 column: sparse* | dense)", "3,958 teraFLOPS* \\| 1,979 teraFLOPS")),
		},
		Memory:          memory("gh200", 96, quoted(GH200Datasheet, "product specifications, HBM row (96 GB HBM3 part; a 144 GB HBM3e part also exists)", "96GB HBM3 \\| 144GB HBM3e")),
		MemoryBandwidth: memoryBandwidth("gh200", 4000, quoted(GH200Datasheet, "product specifications, memory bandwidth row (96 GB part)", "Up to 4TB/s \\| Up to 4.9TB/s")),
		// The datasheet's 900 GB/s NVLink-C2C joins the GPU to its Grace
		// CPU, not to other GPUs.
		ScaleUpKind: "NVLink 4 (GPU-to-GPU bandwidth not read)"},
	{Name: "B200", Aliases: []string{"HGX B200", "B200 SXM"},
		Peaks: []ChipPeak{
			sparsePeak("b200", prefill.TF32, 2200, blackwell("individual GPU specifications, TF32 row (HGX B200 column; sparse, dense half)", "**TF32 Tensor Core** | 2.5 PFLOPS | 2.5 PFLOPS | 2.2 PFLOPS |")),
			PeakB200,
			sparsePeak("b200", prefill.FP8, 9000, blackwell("individual GPU specifications, FP8/FP6 row (HGX B200 column; sparse, dense half)", "**FP8/FP6 Tensor Core** | 10 PFLOPS | 10 PFLOPS | 9 PFLOPS |")),
			sparsePeak("b200", prefill.FP4, 18000, blackwell("individual GPU specifications, FP4 row (HGX B200 column; sparse, dense half; the 8-GPU total reads 144 | 72 sparse | dense)", "**FP4 Tensor Core** | 20 PFLOPS | 20 PFLOPS | 18 PFLOPS |")),
		},
		Memory:          memory("b200", 180, blackwell("individual GPU specifications, GPU memory row (HGX B200 column)", "180 GB HBM3E \\| 7.7 TB/s")),
		MemoryBandwidth: memoryBandwidth("b200", 7700, blackwell("individual GPU specifications, GPU memory row (HGX B200 column)", "180 GB HBM3E \\| 7.7 TB/s")),
		ScaleUpKind:     "NVLink 5",
		ScaleUp:         scaleUp("b200", 1800, blackwell("individual GPU specifications, interconnect row", "5th Gen NVLink: 1.8 TB/s; PCIe Gen5: 128 GB/s"))},
	{Name: "GB200", Aliases: []string{"GB200 NVL72", "B200 (GB200)"},
		Peaks: []ChipPeak{
			sparsePeak("gb200", prefill.TF32, 2500, blackwell("individual GPU specifications, TF32 row (GB200 NVL72 column; sparse, dense half)", "**TF32 Tensor Core** | 2.5 PFLOPS | 2.5 PFLOPS | 2.2 PFLOPS |")),
			sparsePeak("gb200", prefill.BF16, 5000, blackwell("individual GPU specifications, FP16/BF16 row (GB200 NVL72 column; sparse, dense half)", "**FP16/BF16 Tensor Core** | 5 PFLOPS | 5 PFLOPS | 4.5 PFLOPS |")),
			sparsePeak("gb200", prefill.FP8, 10000, blackwell("individual GPU specifications, FP8/FP6 row (GB200 NVL72 column; sparse, dense half)", "**FP8/FP6 Tensor Core** | 10 PFLOPS | 10 PFLOPS | 9 PFLOPS |")),
			sparsePeak("gb200", prefill.FP4, 20000, blackwell("individual GPU specifications, FP4 row (GB200 NVL72 column; sparse, dense half; the rack total reads 1,440 | 720 sparse | dense)", "**FP4 Tensor Core** | 20 PFLOPS | 20 PFLOPS | 18 PFLOPS |")),
		},
		Memory:          memory("gb200", 186, blackwell("individual GPU specifications, GPU memory row (GB200 NVL72 column)", "186 GB HBM3E \\| 8 TB/s")),
		MemoryBandwidth: memoryBandwidth("gb200", 8000, blackwell("individual GPU specifications, GPU memory row (GB200 NVL72 column)", "186 GB HBM3E \\| 8 TB/s")),
		ScaleUpKind:     "NVLink 5 (72-GPU domain)",
		ScaleUp:         scaleUp("gb200", 1800, blackwell("individual GPU specifications, interconnect row", "5th Gen NVLink: 1.8 TB/s; PCIe Gen5: 128 GB/s"))},
	{Name: "B300", Aliases: []string{"HGX B300", "Blackwell Ultra"},
		Peaks: []ChipPeak{
			peak("b300", prefill.BF16, 2250, quoted(LockwoodB300, "Performance table, HGX variant, BF16 row: dense 2250, sparse 4500", "BF16 | 2250 | 4500 |")),
			peak("b300", prefill.FP8, 4500, quoted(LockwoodB300, "Performance table, HGX variant, FP8 row: dense 4500, sparse 9000", "FP8 | 4500 | 9000 |")),
			peak("b300", prefill.FP4, 14000, quoted(DatacrunchB300, "opening list, compute (dense FP4; NVIDIA's HGX page is quoted elsewhere at 108 PF for 8 GPUs, 13.5 each, and Lockwood's table at 13125)", "B300 dense FP4 performance is 55.6% faster (14 vs 9.0 petaFLOPS)")),
		},
		Memory:          memory("b300", 288, quoted(DatacrunchB300, "opening list, memory (NVIDIA's HGX B300 figure as quoted by Verda's table is 270 GB)", "288 GB HBM3E vs. 180 GB")),
		MemoryBandwidth: memoryBandwidth("b300", 8000, quoted(DatacrunchB300, "opening list, bandwidth", "8 TB/s vs. 7.7 TB/s")),
		ScaleUpKind:     "NVLink 5",
		ScaleUp:         scaleUp("b300", 1800, quoted(LockwoodB300, "per-GPU list: two 900 GB/s NVLink 5", "2x 900 GB/s NVLink 5 (D2D)"))},
	{Name: "GB300", Aliases: []string{"GB300 NVL72", "B300 (GB300)"},
		Peaks: []ChipPeak{
			peak("gb300", prefill.TF32, 1250, quoted(VerdaGB300, "per-GPU specifications without sparsity, TF32 row (GB300 column)", "| TF32 | 1.25 PFLOPS | 1.1PFLOPS | 1.1 PFLOPS | 1.1PFLOPS |")),
			peak("gb300", prefill.BF16, 2500, quoted(VerdaGB300, "per-GPU specifications without sparsity, FP16/BF16 row (GB300 column)", "| FP16/BF16 | 2.5 PFLOPS | 2.25 PFLOPS | 2.25 | 2.25 PFLOPS |")),
			peak("gb300", prefill.FP8, 5000, quoted(VerdaGB300, "per-GPU specifications without sparsity, FP8 row (GB300 column)", "| FP8 | 5 PFLOPS | 4.5 PFLOPS | 4.5 PFLOPS | 4.5 PFLOPS |")),
			peak("gb300", prefill.FP4, 15000, quoted(VerdaGB300, "per-GPU specifications without sparsity, FP4 row (GB300 column)", "| FP4 | 15 PFLOPS | 9 PFLOPS | 14 PFLOPS | 9 PFLOPS |")),
		},
		Memory:          memory("gb300", 279, quoted(VerdaGB300, "per-GPU specifications, GPU memory row (GB300 column; 288 GB is the marketed figure)", "| GPU Memory | 279 GB HBM3E | 129 GB HBM3E | 270 GB HBM3E | 180 GB HBM3E |")),
		MemoryBandwidth: memoryBandwidth("gb300", 8000, quoted(VerdaGB300, "per-GPU specifications, GPU memory bandwidth row (GB300 column)", "| GPU Memory Bandwidth | 8 TB/s | 7.7 TB/s | 7.7 TB/s | 7.7 TB/s |")),
		ScaleUpKind:     "NVLink 5 (72-GPU domain)",
		ScaleUp:         scaleUp("gb300", 1800, quoted(VerdaGB300, "architecture overview", "fifth-generation NVLink with 1.8 TB/s total bandwidth"))},
	{Name: "A100", Aliases: []string{"A100 SXM", "A100-80G", "A100 SXM4", "A100-SXM4-80GB"},
		Peaks:           []ChipPeak{peakA100TF32, peakA100FP16, PeakA100},
		Memory:          memory("a100", 80, quoted(AnandTechH200, "specification comparison table, VRAM row (A100 80GB column)", "VRAM 141GB 80GB 80GB")),
		MemoryBandwidth: memoryBandwidth("a100", 2000, quoted(AnandTechH200, "specification comparison table, memory bandwidth row (A100 80GB column; NVIDIA's datasheet gives 2,039 GB/s)", "Memory Bandwidth 4.8TB/sec 3.35TB/sec 2TB/sec")),
		ScaleUpKind:     "NVLink 3",
		ScaleUp:         scaleUp("a100", 600, quoted(LockwoodA100, "A100 40G SXM4 list (the 80G part is the same but for memory): 300 GB/s each way", "300+300 GB/s NVLink (D2D)"))},
	{Name: "A800", Aliases: []string{"A800 SXM"},
		Peaks:           []ChipPeak{PeakA800},
		Memory:          memory("a800", 80, quoted(AIWikiA800, "opening paragraph: the A100's memory (80 GB part)", "The core compute, memory, and Tensor Core capabilities were left unchanged; only the interconnect was throttled.")),
		MemoryBandwidth: memoryBandwidth("a800", 2000, quoted(AIWikiA800, "opening paragraph: the A100's memory (80 GB part), so its bandwidth", "The core compute, memory, and Tensor Core capabilities were left unchanged; only the interconnect was throttled.")),
		ScaleUpKind:     "NVLink 3 (cut; bandwidth not read)"},
	{Name: "L40S", Aliases: []string{"L40S PCIe"},
		Peaks: []ChipPeak{
			peak("l40s", prefill.TF32, 183, quoted(MulletL40S, "datasheet table, TF32 row (L40S columns: dense | sparse*)", "TF32 Tensor Core TFLOPS | 90.5 | 181* | 183 | 366* |")),
			peak("l40s", prefill.FP16, 362.05, quoted(MulletL40S, "datasheet table, FP16 row (L40S columns: dense | sparse*)", "FP16 Tensor Core | 181.05 | 362.1* | 362.05 | 733* |")),
			peak("l40s", prefill.BF16, 362.05, quoted(MulletL40S, "datasheet table, BFLOAT16 row (L40S columns: dense | sparse*)", "BFLOAT16 Tensor Core TFLOPS | 181.05 | 362.1* | 362.05 | 733* |")),
			peak("l40s", prefill.FP8, 733, quoted(MulletL40S, "datasheet table, FP8 row (L40S columns: dense | sparse*)", "FP8 Tensor Core | 362 | 724* | 733 | 1,466* |")),
		},
		Memory:          memory("l40s", 48, quoted(MulletL40S, "datasheet table, GPU memory row", "48 GB GDDR6 with ECC")),
		MemoryBandwidth: memoryBandwidth("l40s", 864, quoted(MulletL40S, "datasheet table, memory bandwidth row", "Memory Bandwidth | 864GB/s")),
		ScaleUpKind:     "PCIe Gen4 x16 (no NVLink)",
		ScaleUp:         scaleUp("l40s", 64, quoted(MulletL40S, "datasheet table, interconnect row", "PCIe Gen4 x16: 64GB/s bidirectional"))},
	{Name: "L40", Aliases: []string{"L40 PCIe"},
		Peaks: []ChipPeak{
			peak("l40", prefill.TF32, 90.5, quoted(MulletL40S, "datasheet table, TF32 row (L40 columns: dense | sparse*)", "TF32 Tensor Core TFLOPS | 90.5 | 181* | 183 | 366* |")),
			peak("l40", prefill.FP16, 181.05, quoted(MulletL40S, "datasheet table, FP16 row (L40 columns: dense | sparse*)", "FP16 Tensor Core | 181.05 | 362.1* | 362.05 | 733* |")),
			peak("l40", prefill.BF16, 181.05, quoted(MulletL40S, "datasheet table, BFLOAT16 row (L40 columns: dense | sparse*)", "BFLOAT16 Tensor Core TFLOPS | 181.05 | 362.1* | 362.05 | 733* |")),
			peak("l40", prefill.FP8, 362, quoted(MulletL40S, "datasheet table, FP8 row (L40 columns: dense | sparse*)", "FP8 Tensor Core | 362 | 724* | 733 | 1,466* |")),
		},
		Memory:          memory("l40", 48, quoted(MulletL40S, "datasheet table, GPU memory row (one value for the L40 and the L40S)", "48 GB GDDR6 with ECC")),
		MemoryBandwidth: memoryBandwidth("l40", 864, quoted(MulletL40S, "datasheet table, memory bandwidth row (one value for both)", "Memory Bandwidth | 864GB/s")),
		ScaleUpKind:     "PCIe Gen4 x16 (no NVLink)",
		ScaleUp:         scaleUp("l40", 64, quoted(MulletL40S, "datasheet table, interconnect row (one value for both)", "PCIe Gen4 x16: 64GB/s bidirectional"))},
	{Name: "L4", Aliases: []string{"L4 PCIe"},
		Peaks: []ChipPeak{
			peak("l4", prefill.TF32, 60, quoted(GPUSpecsTable, "specs.md, TF32 Tensor Core row, L4 column (the third)", "TF32 Tensor Core (TFLOPS) | ? | 183 | 60 |")),
			peak("l4", prefill.FP16, 121, quoted(GPUSpecsTable, "specs.md, FP16 Tensor Core row, L4 column (the third)", "FP16 Tensor Core (TFLOPS) | ? | 362 | 121 |")),
			peak("l4", prefill.BF16, 121, quoted(GPUSpecsTable, "specs.md, BF16 Tensor Core row (dense; the sparse row gives 242), L4 column (the third)", "BF16 Tensor Core (TFLOPS) | ? | 362 | 121 |")),
			peak("l4", prefill.FP8, 242, quoted(GPUSpecsTable, "specs.md, FP8 Tensor Core row (dense; the sparse row gives 485), L4 column (the third)", "FP8 Tensor Core (TFLOPS) | ? | 733 | 242 |")),
		},
		Memory:          memory("l4", 24, quoted(GPUSpecsTable, "specs.md, GPU Memory row, L4 column (the third)", "GPU Memory (GB) | 80 | 48 | 24 |")),
		MemoryBandwidth: memoryBandwidth("l4", 300, quoted(GPUSpecsTable, "specs.md, Memory Bandwidth row, L4 column (the third)", "Memory Bandwidth (GB/s) | 2048 | 864 | 300 |")),
		ScaleUpKind:     "PCIe Gen4 (bandwidth not read)"},
	{Name: "A10", Aliases: []string{"A10 PCIe"},
		Peaks: []ChipPeak{
			peak("a10", prefill.TF32, 62.5, quoted(GPUSpecsTable, "specs.md, TF32 Tensor Core row, A10 column (the eighth)", "TF32 Tensor Core (TFLOPS) | ? | 183 | 60 | 156 | 156 | 156 | 156 | 62.5 |")),
			peak("a10", prefill.BF16, 125, quoted(GPUSpecsTable, "specs.md, BF16 Tensor Core row (dense; the sparse row gives 250), A10 column (the eighth; its FP16 cell is '?')", "BF16 Tensor Core (TFLOPS) | ? | 362 | 121 | 312 | 312 | 312 | 312 | 125 |")),
		},
		Memory:          memory("a10", 24, quoted(GPUSpecsTable, "specs.md, GPU Memory row, A10 column (the eighth)", "GPU Memory (GB) | 80 | 48 | 24 | 40 | 80 | 40 | 80 | 24 |")),
		MemoryBandwidth: memoryBandwidth("a10", 600, quoted(GPUSpecsTable, "specs.md, Memory Bandwidth row, A10 column (the eighth)", "Memory Bandwidth (GB/s) | 2048 | 864 | 300 | 1555 | 1935 | 1555 | 2039 | 600 |")),
		ScaleUpKind:     "PCIe Gen4 (bandwidth not read)"},
	{Name: "A100-PCIe", Aliases: []string{"A100 PCIe", "A100 PCIe 80GB", "A100-PCIE-80GB"},
		Peaks: []ChipPeak{
			peak("a100-pcie", prefill.TF32, 156, quoted(StasMAMF, "TFLOPS comparison table (without sparsity), row NVIDIA A100 PCIe, tf32 column", "| NVIDIA A100 PCIe      |  19.5 |  156.0 |  312 |  312 |    X |  624 |")),
			peak("a100-pcie", prefill.FP16, 312, quoted(StasMAMF, "TFLOPS comparison table (without sparsity), row NVIDIA A100 PCIe, fp16 column", "| NVIDIA A100 PCIe      |  19.5 |  156.0 |  312 |  312 |    X |  624 |")),
			peak("a100-pcie", prefill.BF16, 312, quoted(StasMAMF, "TFLOPS comparison table (without sparsity), row NVIDIA A100 PCIe, bf16 column", "| NVIDIA A100 PCIe      |  19.5 |  156.0 |  312 |  312 |    X |  624 |")),
		},
		Memory:          memory("a100-pcie", 80, quoted(StasMAMF, "memory table, row NVIDIA A100 PCIe (GB, type, peak TBps)", "| NVIDIA A100 PCIe      |             80 | HBM2e |                        1.94 |")),
		MemoryBandwidth: memoryBandwidth("a100-pcie", 1940, quoted(StasMAMF, "memory table, row NVIDIA A100 PCIe (GB, type, peak TBps)", "| NVIDIA A100 PCIe      |             80 | HBM2e |                        1.94 |")),
		ScaleUpKind:     "PCIe Gen4 (bandwidth not read)"},
	{Name: "Gaudi3", Aliases: []string{"Gaudi 3", "Intel Gaudi 3", "HL-325L"},
		Peaks: []ChipPeak{
			peak("gaudi3", prefill.TF32, 459, quoted(StasMAMF, "TFLOPS comparison table (without sparsity; matrix-engine figures, note 8), row Intel Gaudi3, tf32 column", "| Intel Gaudi3          | 229.0 |  459.0 |  459 | 1677 | 1677 |")),
			peak("gaudi3", prefill.FP16, 459, quoted(StasMAMF, "TFLOPS comparison table, row Intel Gaudi3, fp16 column", "| Intel Gaudi3          | 229.0 |  459.0 |  459 | 1677 | 1677 |")),
			peak("gaudi3", prefill.BF16, 1677, quoted(StasMAMF, "TFLOPS comparison table, row Intel Gaudi3, bf16 column", "| Intel Gaudi3          | 229.0 |  459.0 |  459 | 1677 | 1677 |")),
			peak("gaudi3", prefill.FP8, 1677, quoted(StasMAMF, "TFLOPS comparison table, row Intel Gaudi3, fp8 column", "| Intel Gaudi3          | 229.0 |  459.0 |  459 | 1677 | 1677 |")),
		},
		Memory:          memory("gaudi3", 128, quoted(StasMAMF, "memory table, row Intel Gaudi3 (GB, type, peak TBps)", "| Intel Gaudi3          |            128 | HBM2e |                        3.70 |")),
		MemoryBandwidth: memoryBandwidth("gaudi3", 3700, quoted(StasMAMF, "memory table, row Intel Gaudi3 (GB, type, peak TBps)", "| Intel Gaudi3          |            128 | HBM2e |                        3.70 |")),
		ScaleUpKind:     "integrated RoCE Ethernet (bandwidth not read)"},
	{Name: "Gaudi2", Aliases: []string{"Gaudi 2", "Intel Gaudi 2", "HL-225"},
		Peaks: []ChipPeak{
			peak("gaudi2", prefill.BF16, 432, quoted(StasMAMF, "TFLOPS comparison table (without sparsity; matrix-engine figures, note 8: Intel publishes part of them, 'V' for a type supported without a figure), row Intel Gaudi2, bf16 column", "| Intel Gaudi2          |     V |      V |    V |  432 |  865 |")),
			peak("gaudi2", prefill.FP8, 865, quoted(StasMAMF, "TFLOPS comparison table, row Intel Gaudi2, fp8 column", "| Intel Gaudi2          |     V |      V |    V |  432 |  865 |")),
		},
		Memory:          memory("gaudi2", 96, quoted(StasMAMF, "memory table, row Intel Gaudi2 (GB, type, peak TBps)", "| Intel Gaudi2          |             96 | HBM2e |                        2.46 |")),
		MemoryBandwidth: memoryBandwidth("gaudi2", 2460, quoted(StasMAMF, "memory table, row Intel Gaudi2 (GB, type, peak TBps)", "| Intel Gaudi2          |             96 | HBM2e |                        2.46 |")),
		ScaleUpKind:     "integrated RoCE Ethernet (bandwidth not read)"},
	{Name: "MI300X", Aliases: []string{"AMD MI300X", "Instinct MI300X"},
		Peaks: []ChipPeak{PeakMI300X,
			peak("mi300x", prefill.FP8, 2614.9, quoted(MI300XvsH200, "Summary, specification table", "FP8 dense | 2614.9 TFLOP/s | 1978.9 TFLOP/s"))},
		Memory:          memory("mi300x", 192, quoted(MI300XMethodology, "the question being asked, specification table", "| Memory capacity | 192 GB | 141 GB |")),
		MemoryBandwidth: memoryBandwidth("mi300x", 5300, quoted(MI300XMethodology, "the question being asked, specification table", "| HBM bandwidth | 5.3 TB/s | 4.8 TB/s |")),
		ScaleUpKind:     "Infinity Fabric (bandwidth not read)"},
	{Name: "MI325X", Aliases: []string{"AMD MI325X", "Instinct MI325X"},
		Peaks: []ChipPeak{
			peak("mi325x", prefill.TF32, 653.7, quoted(AwesomeMI325X, "key specifications table, TF32 row", "| TF32 | 653.7 TFLOPS |")),
			peak("mi325x", prefill.BF16, 1307.4, quoted(AwesomeMI325X, "key specifications table, FP16 / BF16 row", "| FP16 / BF16 | 1,307.4 TFLOPS |")),
			peak("mi325x", prefill.FP8, 2614.9, quoted(AwesomeMI325X, "key specifications table, FP8 row (sparse 5,229.8 in the next row)", "| FP8 Performance | 2,614.9 TFLOPS |")),
		},
		Memory:          memory("mi325x", 256, quoted(AwesomeMI325X, "key specifications table, memory row", "| Memory | 256GB HBM3e |")),
		MemoryBandwidth: memoryBandwidth("mi325x", 6000, quoted(AwesomeMI325X, "key specifications table, memory bandwidth row", "| Memory Bandwidth | 6,000 GB/s (6 TB/s) |")),
		ScaleUpKind:     "Infinity Fabric, seven links (bandwidth not read)"},
	{Name: "MI355X", Aliases: []string{"AMD MI355X", "Instinct MI355X"},
		Peaks: []ChipPeak{
			peak("mi355x", prefill.BF16, 2500, quoted(ROCmMatrixCores, "section Matrix Cores, MI355X (CDNA4) table, FP16 row; the MFMA table's FP16 (BF16) rows share shapes and cycle counts", "| Matrix FP16  | 2.5 PF   | ~16x")),
			peak("mi355x", prefill.FP8, 5000, quoted(ROCmMatrixCores, "section Matrix Cores, MI355X (CDNA4) table, FP8 row (a news report of AMD's ISSCC talk gives the same five petaflops)", "| Matrix FP8   | 5 PF     | ~32x")),
			peak("mi355x", prefill.FP4, 10000, quoted(ROCmMatrixCores, "section Matrix Cores, MI355X (CDNA4) table, FP4 row (The Register's launch report gives 10 PF of FP4, double with sparsity)", "| Matrix FP4   | 10 PF    | ~64x")),
		},
		Memory:          memory("mi355x", 288, quoted(RegisterMI355X, "opening", "288 GB of HBM3E, and 8 TBps of memory bandwidth")),
		MemoryBandwidth: memoryBandwidth("mi355x", 8000, quoted(RegisterMI355X, "opening", "288 GB of HBM3E, and 8 TBps of memory bandwidth")),
		ScaleUpKind:     "Infinity Fabric (bandwidth not read)"},
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

// Float returns the input with its value as float64, for code that treats
// inputs of every unit alike.
func (i Input[T]) Float() Input[float64] { return Input[float64]{i.Name, i.Value.Float(), i.Cite} }
