package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds the sources of the chip catalog (chips.go), the
// published ceiling on utilisation, and the assumptions of the extended model: the MFU range,
// the fixed cost of a load. An assumption is a Source whose Access is
// Assumption: no publication gives it, and its Seen text says why the
// project takes it.

// Assumption is the access level of a value this project assumes.
const Assumption Access = "assumption"

// The sources of the hardware figures and the assumptions.
const (
	LockwoodH100     SourceID = "lockwood-h100"
	LockwoodA100     SourceID = "lockwood-a100"
	LockwoodB200     SourceID = "lockwood-b200"
	MI300XvsH200     SourceID = "mi300x-vs-h200-report"
	AIWikiA800       SourceID = "aiwiki-a800"
	PhilisunH800     SourceID = "philisun-h800"
	FlashAttention3  SourceID = "flashattention-3"
	AssumeMFURange   SourceID = "assumption-prefill-mfu-range"
	AssumeLatency    SourceID = "assumption-load-latency"
	AssumeGrid       SourceID = "assumption-estimate-grid"
	AssumeActivation SourceID = "assumption-activation-allowance"
)

func init() {
	register(
		Source{LockwoodH100, "H100 (processor notes)", "Glenn K. Lockwood", "https://glennklockwood.com/garden/processors/h100", "", Read,
			"H100 SXM5 theoretical peaks: BF16 matrix 989.4 TFLOPS, 1978.9 sparse; 'H200 GPUs are the same as H100 GPUs ... just with 144 GB of HBM3e'"},
		Source{LockwoodA100, "A100 (processor notes)", "Glenn K. Lockwood", "https://glennklockwood.com/garden/processors/A100", "", Read,
			"A100 theoretical peaks from NVIDIA's datasheet: BF16 312 TFLOPS (624 in the sparse column)"},
		Source{LockwoodB200, "B200 (processor notes)", "Glenn K. Lockwood", "https://glennklockwood.com/garden/processors/B200", "", Read,
			"HGX B200 at 1,000 W: BF16 2250 TFLOPS dense, 4500 sparse; the GB200 variant at 1,200 W: 2500"},
		Source{MI300XvsH200, "MI300X vs H200: Results (REPORT.md)", "alpharomercoma/MI300X-vs-H200",
			"https://github.com/alpharomercoma/MI300X-vs-H200/blob/6077fdc7bfc215171c33435b7cd76ca4c5f2b236/REPORT.md", "", Read,
			"specification table: BF16 dense 1307.4 TFLOP/s (MI300X) and 989.4 TFLOP/s (H200)"},
		Source{AIWikiA800, "NVIDIA A800", "AI Wiki", "https://aiwiki.ai/wiki/nvidia_a800", "2026-06-03", Read,
			"the A800 is the A100's GA100 silicon with NVLink cut from 600 to 400 GB/s; compute and Tensor Cores unchanged"},
		Source{PhilisunH800, "NVIDIA H800 vs H100: A Technical Deep Dive into Politically-Defined AI Chips", "Philisun", "https://www.philisun.com/technical-analysis/nvidia-h800-vs-h100-a-technical-deep-dive-into-politically-defined-ai-chips", "", Partial,
			"the H800 is the H100's die with NVLink and FP64 cut; low-precision AI compute 'very similar'; NVIDIA's own H800 datasheet not read"},
		Source{FlashAttention3, "FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision", "Shah, Bikshandi, Zhang, Thakkar, Ramani, Dao (2024)", "https://arxiv.org/abs/2407.08608", "2024-07", Read,
			"the abstract, as reproduced on catalyzex.com: FP16 attention on H100 reaching up to 740 TFLOPs/s (75% utilization); FlashAttention-2 reaches 35%"},
		Source{AssumeMFURange, "Assumption: the MFU range of long-prompt prefill", "this project", "sources/hardware.go", "", Assumption,
			"this project's assumption, not a published figure: a long prefill on H100-class GPUs runs at an MFU between 0.2 and 0.5, bracketing the MFU calibrated on the VAST 405B test and staying below the 0.75 that the best published attention kernel reaches; no published prefill MFU for these tests could be read"},
		Source{AssumeLatency, "Assumption: the fixed cost of a load", "this project", "sources/hardware.go", "", Assumption,
			"this project's assumption, not a published figure: the post names a fixed cost of a load (lookup and connection) but gives no value; 50 ms, between 10 ms and 0.5 s, is taken as the order of a metadata lookup plus setting up an RDMA or NFS transfer"},
		Source{AssumeGrid, "Choice: where the catalog's prefill is estimated", "this project", "sources/hardware.go", "", Assumption,
			"this project's choice, not a published figure: the estimated break-evens are given on 8 H100s at 32K and 128K tokens (128K being the post's conversation), where the post's own tests ran, in BF16; a model whose BF16 weights, cache and activation allowance do not fit there is reported as such, not priced"},
		Source{AssumeActivation, "Assumption: the memory a prefill needs beyond its weights and cache", "this project", "sources/hardware.go", "", Assumption,
			"this project's assumption, not a published figure: besides the weights and the prompt's cache, a prefill needs memory for activations, the runtime and fragmentation; 10% of each GPU's memory is allowed for it, the share vLLM's default gpu_memory_utilization of 0.9 leaves outside its weights and cache (huggingface.co/neuralmagic/Mistral-7B-Instruct-v0.3-GPTQ-4bit/discussions/1: 'It will use 90% of the total GPU memory by default'). A long prompt's activations can need more; a run this check passes can still run out of memory"},
	)
}

// HighestPublishedMFU is the highest utilisation a published kernel
// reaches on H100: FlashAttention-3's 75% in FP16. A whole prefill, which
// also runs the weights' matrix products, norms and communication, is
// taken not to beat its best kernel.
var HighestPublishedMFU = exact("fa3.h100-utilization", 0.75,
	quoted(FlashAttention3, "abstract", "reaching up to 740 TFLOPs/s (75% utilization)"))

// What OpenAI says of gpt-oss's checkpoint: its mixture-of-experts
// weights stored in MXFP4 at 4.25 bits each (prefill.MXFP4Bits, the
// format's definition, is pinned to it), and gpt-oss-120b on one GPU of
// 80 GB (a check of the memory fit that reads the checkpoint).
var (
	GPTOSSMXFP4Bits = exact("gpt-oss.mxfp4-bits-per-parameter", 4.25,
		quoted(OllamaGPTOSS, "Quantization - MXFP4 format", "the weights are quantized to 4.25 bits per parameter"))
	GPTOSS120BOneGPU = exact("gpt-oss-120b.one-gpu-memory", breakeven.Bytes(80e9),
		quoted(OllamaGPTOSS, "Quantization - MXFP4 format", "the larger model to fit on a single 80GB GPU"))
)

// The assumptions of the extended model.
var (
	MFULow  = exact("assumption.mfu-low", 0.2, Cite{Source: AssumeMFURange, Locator: "this project's MFU range, low end", Quote: "an MFU between 0.2 and 0.5"})
	MFUHigh = exact("assumption.mfu-high", 0.5, Cite{Source: AssumeMFURange, Locator: "this project's MFU range, high end", Quote: "an MFU between 0.2 and 0.5"})
	// LoadLatency is the fixed cost of a load: 50 ms in [10 ms, 0.5 s].
	LoadLatency = in("assumption.load-latency", breakeven.MustBetween(50*breakeven.Millisecond, 10*breakeven.Millisecond, 0.5*breakeven.Second),
		Cite{Source: AssumeLatency, Locator: "this project's fixed cost of a load", Quote: "50 ms, between 10 ms and 0.5 s"})
	// ActivationShare is the share of each GPU's memory kept for
	// activations and the runtime in the memory-fit check.
	ActivationShare = exact("assumption.activation-share", 0.1, Cite{Source: AssumeActivation, Locator: "this project's activation allowance", Quote: "10% of each GPU's memory"})
	// DGXH100GPUs is the number of GPUs in a DGX H100 (the WEKA test's
	// machine) or a DGX H200: NVIDIA gives both systems one key
	// specification.
	DGXH100GPUs = exact("dgx-h100.gpus", 8.0,
		quoted(NVIDIABasePOD, "NVIDIA DGX H200 and H100 Systems, key specifications", "Eight NVIDIA Hopper GPUs."))
)

// TestHardware is the hardware of a published test, as the prefill model
// needs it.
type TestHardware struct {
	Test  PrefillTest
	Count Input[float64] // GPUs working on the prefill
	Chip  string         // a name in Chips
	// Links is the stated link into GPU memory (zero where the test
	// states none), and LinkNote says what it is.
	Links    breakeven.Bandwidth
	LinkNote string
}

// GPUs returns the test's GPUs.
func (h TestHardware) GPUs() prefill.GPUs {
	g, err := prefill.ParseGPUs(h.Chip, Chips())
	if err != nil {
		panic(err)
	}
	g.Count = int(h.Count.V())
	return g
}

// TestsHardware lists the hardware of the published tests, in the order
// of PublishedTests. Each "H100" is read as the SXM part of DGX and HGX
// servers, the faster one, so a test that fails the physical-limit check
// on SXM fails it on the PCIe part too.
func TestsHardware() []TestHardware {
	return []TestHardware{
		{VAST405B, VAST405B.GPUs, "H100", breakeven.Bandwidth(VASTLinks.V()) * VASTLinkSpeed.V(), "two 100 Gbit/s links"},
		{WEKA70B, DGXH100GPUs, "H100", WEKALinkSpeed.V(), "one 400 Gbit/s InfiniBand link (the post's comparison)"},
		{QwenWWT, QwenWWT.GPUs, "H100", 0, "not stated"},
	}
}

// Where the catalog's prefill is estimated: 8 H100s, 32K tokens (and the
// post's 128K conversation, Conversation128K).
var (
	EstimateGPUs  = exact("estimate.gpus", 8.0, Cite{Source: AssumeGrid, Locator: "the estimates' hardware", Quote: "on 8 H100s"})
	EstimateChip  = "H100"
	EstimateShort = exact("estimate.tokens-32k", breakeven.Tokens(32*1024), Cite{Source: AssumeGrid, Locator: "the estimates' shorter prompt", Quote: "at 32K and 128K tokens"})
)
