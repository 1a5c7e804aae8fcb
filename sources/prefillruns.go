package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds published prefill measurements beyond the post's three
// tests: single-request times to first token and prefill throughputs of
// long prompts, each with its model, prompt length, GPUs, precision,
// parallelism and engine, typed once with its quote. Package calibration
// fits the phase model of prefill to them and validates it leave-one-out.
//
// A run is kept even where it cannot be priced (its parallelism or
// precision was not read, it counts cache hits, or it cannot be what it
// says): Unpriceable says why, and the validation table shows it. Where a
// detail of a run was not stated in what could be read and is taken from
// elsewhere, Note says so.

// The sources of the prefill runs.
const (
	MetaCP       SourceID = "meta-context-parallelism-2024"
	NIMBench     SourceID = "nvidia-nim-benchmarks"
	LMSYSLargeEP SourceID = "lmsys-large-scale-ep-2025"
	LMSYSH20     SourceID = "lmsys-h20-2025"
	LMSYSGB200   SourceID = "lmsys-gb200-part2-2025"
	LMSYSGB300   SourceID = "lmsys-gb300-longctx-2026"
	LMSYSKimiK2  SourceID = "lmsys-kimi-k2-2025"
	VLLMGB300    SourceID = "vllm-gb300-deepseek-2026"
	MInference   SourceID = "minference-issue-84"
	NVIDIAGH200  SourceID = "nvidia-gh200-nvl32-ttft"
)

func init() {
	register(
		Source{MetaCP, "Context Parallelism for Scalable Million-Token Inference", "Yang, Yang, Ibrahim, Xie, Tang, Sizov, Reizenstein, Park, Huang (Meta, 2024)", "https://arxiv.org/html/2411.01783v3", "2024-11-04", Partial,
			"the abstract and the opening of the introduction (HTML v3): 1M tokens of Llama3 405B in 77 s on up to 128 H100s (16 nodes), 128K in 3.8 s, and 60 s for 128K on one 8-GPU host; the tables, the GPU count of the 3.8 s run and the precision were not read"},
		Source{NIMBench, "NIM LLMs Benchmarking: Performance (version 1.0.0)", "NVIDIA", "https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance.md", "", Read,
			"Llama-3.3-70b-instruct, NIM 1.8.0, 2 x H100 80G, fp8 TP2, 5000 input and 500 output tokens: TTFT by concurrency"},
		Source{LMSYSLargeEP, "Deploying DeepSeek with PD Disaggregation and Large-scale Expert Parallelism on 96 H100 GPUs", "The SGLang Team (LMSYS)", "https://github.com/lm-sys/lm-sys.github.io/blob/2db4e4042b31f3c3c9f4f93068ae80946d25a115/blog/2025-05-05-large-scale-ep.md", "2025-05-05", Read,
			"the whole post: prefill on 4 nodes (32 H100, EP32) at 57,674, 54,543 and 50,302 tokens/s per node for 1K, 2K and 4K prompts; DeepGEMM (FP8) grouped GEMMs"},
		Source{LMSYSH20, "Together with SGLang: Best Practices for Serving DeepSeek-R1 on H20-96G", "Tianyu Zhang, Peng Zhang, Yusong Gao, Yun Zhang (Ant Group, LMSYS)", "https://lmsys.org/blog/2025-09-26-sglang-ant-group", "2025-09-26", Partial,
			"the introduction: single-node TP-8 prefill, FP8 kernels, 16.5k input tokens/s per node on 4096-token inputs; the launch flags (--tp-size 8, --quantization fp8, --attention-backend fa3) from the authors' pull request antgroup/sglang#4"},
		Source{LMSYSGB200, "Deploying DeepSeek on GB200 NVL72 with PD and Large Scale EP (Part II): 3.8x Prefill, 4.8x Decode Throughput", "The SGLang Team (LMSYS)", "https://lmsys.org/blog/2025-09-25-gb200-part-2", "2025-09-25", Partial,
			"the introduction and highlights: 26,156 input tokens/s per GPU with FP8 attention and NVFP4 MoE, 18,471 with BF16 attention and FP8 GEMM, for 2000-token inputs"},
		Source{LMSYSGB300, "Deploying DeepSeek on GB300 NVL72: Big Wins in Long-Context Inference", "NVIDIA and the SGLang Team (LMSYS)", "https://github.com/lm-sys/lm-sys.github.io/blob/5b8a5044200f7c485737210f318c23ada337f278/blog/2025-02-19-gb300-longctx.md", "2026-02-19", Read,
			"the post to its accuracy section: DeepSeek R1-NVFP4, FP8 attention, 128K prefill TTFT of 8.6 s with chunked pipeline parallelism (15.2 s without chunking, GB200's 18.6 s beside it) in a 1P/1D setup of 8 GPUs; the kernel test runs PP4; the other chunk sizes are only in a chart, not used"},
		Source{LMSYSKimiK2, "Deploying Kimi K2 with PD Disaggregation and Large-Scale Expert Parallelism on 128 H200 GPUs", "The Mooncake Team (LMSYS)", "https://github.com/lm-sys/lm-sys.github.io/blob/6a93202b6f66f2548986e0bb6928a0b3e88f632d/blog/2025-07-17-k2-large-scale-ep.md", "2025-07-20", Read,
			"the whole post: 128 H200 as 1P1D (4 nodes prefill, 12 decode), 2000-token inputs, cluster prefill throughput 896k tokens/s, listed as 56k per node"},
		Source{VLLMGB300, "DeepSeek-V3.2 and DeepSeek-R1 on GB300 with vLLM", "vLLM team", "https://blog.vllm.ai/2026/02/13/gb300-deepseek.html", "2026-02-13", Partial,
			"the summary: DeepSeek-R1 (NVFP4, EP2) on 2 GB300 at 22,476 tokens per GPU per second, prefill only (ISL 2K, OSL 1, batch 256); the attention precision was not read"},
		Source{MInference, "[Question]: Discrepancy in Pre-filling Time and Memory Consumption on Single A100 (issue #84)", "microsoft/MInference", "https://github.com/microsoft/MInference/issues/84", "2024-11-18", Read,
			"the paper's sentence (6 minutes for 300K tokens, 30 minutes for 1M, LLaMA-3-8B on a single A100) and the maintainers' correction of 6 to 3 minutes, matching the paper's Figure 1(b)"},
		Source{NVIDIAGH200, "Low Latency Inference Chapter 2: Blackwell is Coming. NVIDIA GH200 NVL32 with NVLink Switch Gives Signs of Big Leap in Time to First Token Performance", "NVIDIA", "https://developer.nvidia.com/blog/low-latency-inference-chapter-2-blackwell-is-coming-nvidia-gh200-nvl32-with-nvlink-switch-gives-signs-of-big-leap-in-time-to-first-token-performance/", "2024", Partial,
			"the opening of NVIDIA's page; the TTFT figures (472 ms for 32,768 tokens of Llama 3.1 70B, about 1.6 s and 7.5 s for 32,768 and 122,880 tokens of 405B on 32 GH200) were read in a copy at machinedaily.ai; the precision and parallelism were not read"},
	)
}

// PrefillRun is one published prefill measurement.
type PrefillRun struct {
	ID string
	// Model is a catalog name; ModelNote says when the run's model is
	// another of the same architecture (DeepSeek-R1 is DeepSeek-V3's).
	Model     string
	ModelNote string
	Tokens    Input[breakeven.Tokens]
	// GPUs is the GPUs the measured time or rate is over (a zero Name
	// where it was not read) and Chip their name in Chips.
	GPUs Input[float64]
	Chip string
	// Compute is the precision of the matrix products and of attention.
	Compute prefill.Compute
	// WeightBits is the width the weights are stored in where it differs
	// from the matrix products' precision (AWQ's 4-bit weights, which the
	// engine computes with in BF16); a zero Name: stored in that precision.
	WeightBits  Input[float64]
	Parallelism string
	Engine      string
	// Concurrency is the number of requests in flight when the time was
	// measured, where the source states it (1: one request at a time);
	// zero for a batched throughput or where it was not stated.
	Concurrency int
	// Offline is set for a time taken inside the engine by an offline
	// benchmark (no server: no HTTP round trip, tokenisation, scheduling
	// or queue), which pays none of a served request's per-request cost.
	Offline bool
	// Par is the parallelism read from the source (or assumed, as
	// Parallelism says); zero degrees where not read.
	Par prefill.Parallel
	// Exactly one of Seconds (a single request's time to first token) and
	// Rate (prefill throughput over the GPUs) is set.
	Seconds Input[breakeven.Seconds]
	Rate    Input[breakeven.TokenRate]
	// Unpriceable says why the model cannot price the run as published;
	// empty if it can.
	Unpriceable string
	// Note says what was assumed or read elsewhere.
	Note string
}

// Time returns the time of one prompt on the run's GPUs: the time to
// first token, or N x (the rate's GPUs) / rate per GPU, which is N / rate.
func (r PrefillRun) Time() breakeven.Estimate[breakeven.Seconds] {
	if r.Seconds.Name == "" && (r.Tokens.Name == "" || r.Rate.Name == "") {
		return breakeven.Estimate[breakeven.Seconds]{} // no prompt length: no time
	}
	if r.Seconds.Name != "" {
		return r.Seconds.Value
	}
	return breakeven.Apply2(r.Tokens.Value, r.Rate.Value, breakeven.RecomputeTime)
}

// PrecisionText prints the run's precision, or "not read" where the
// source's precision could not be read (a zero Compute).
func (r PrefillRun) PrecisionText() string {
	if r.Compute == (prefill.Compute{}) {
		return "not read"
	}
	return r.Compute.String()
}

// Mixed precisions of the runs.
var (
	fp8BF16Attention = prefill.Compute{Linear: prefill.FP8, Attention: prefill.BF16}
	fp4FP8Attention  = prefill.Compute{Linear: prefill.FP4, Attention: prefill.FP8}
)

// Locators used more than once.
const (
	metaCPAbstract = "abstract"
	gb200Intro     = "introduction"
	gb300Prefill   = "Experiments, 3. Prefill Latency"
	minferenceLoc  = "issue #84: the paper's sentence, quoted by the reporter"
	gh200Loc       = "Llama 3.1 70B and Llama 3.1 405B sections (read in the machinedaily.ai copy)"
)

// The runs' inputs, each typed once.
var (
	MetaCP1M = PrefillRun{
		ID: "meta-cp-1m", Model: "Llama 3.1 405B", ModelNote: "Llama 3 405B (the paper's model; the same architecture)",
		Tokens: in("meta-cp-1m.tokens", breakeven.MustBetween[breakeven.Tokens](1<<20, 1e6, 1<<20),
			quoted(MetaCP, metaCPAbstract, "achieves 1M context prefill with Llama3 405B model in 77s")),
		GPUs: exact("meta-cp-1m.gpus", 128.0, quoted(MetaCP, metaCPAbstract, "up to 128 H100 GPUs across 16 nodes")),
		Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{TP: 8, CP: 16}, Parallelism: "context parallelism over 16 nodes, 8 GPUs each", Engine: "Meta's (PyTorch, ring attention pass-KV)",
		Seconds: printed("meta-cp-1m.seconds", breakeven.Seconds(77), 1,
			quoted(MetaCP, metaCPAbstract, "in 77s (93% parallelization efficiency, 63% FLOPS utilization)")),
		Note: "precision not read: the 405B weights in BF16 (810 GB) do not fit the paper's one-host baseline (8 x 80 GB), so FP8 matrix products and BF16 attention are assumed; 1M read as 10^6 to 2^20 tokens",
	}
	MetaCP128K = PrefillRun{
		ID: "meta-cp-128k", Model: "Llama 3.1 405B", ModelNote: MetaCP1M.ModelNote,
		Tokens: in("meta-cp-128k.tokens", breakeven.MustBetween[breakeven.Tokens](128*1024, 128000, 128*1024),
			quoted(MetaCP, metaCPAbstract, "128K context prefill in 3.8s")),
		Chip: "H100", Compute: fp8BF16Attention,
		Parallelism: "context parallelism; GPU count not read", Engine: MetaCP1M.Engine,
		Seconds:     printed("meta-cp-128k.seconds", breakeven.Seconds(3.8), 0.1, quoted(MetaCP, metaCPAbstract, "128K context prefill in 3.8s")),
		Unpriceable: "the number of GPUs of the 3.8 s run was not read",
	}
	MetaCPHost = PrefillRun{
		ID: "meta-cp-host", Model: "Llama 3.1 405B", ModelNote: "the paper's model, Llama 3 405B; the sentence does not name it",
		Tokens: in("meta-cp-host.tokens", breakeven.MustBetween[breakeven.Tokens](128*1024, 128000, 128*1024),
			quoted(MetaCP, "1 Introduction", "it can take 60 seconds to serve 128K context length")),
		GPUs: exact("meta-cp-host.gpus", 8.0, quoted(MetaCP, "1 Introduction", "With a single H100 GPU host (8 GPUs)")),
		Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{TP: 8}, Parallelism: "one host, 8 GPUs (tensor parallel assumed)", Engine: MetaCP1M.Engine,
		Seconds: printed("meta-cp-host.seconds", breakeven.Seconds(60), 10,
			quoted(MetaCP, "1 Introduction", "it can take 60 seconds to serve 128K context length")),
		Note: "a round figure in the introduction (read as 55 to 65 s); precision assumed as for the 1M run",
	}
	NIMLlama70B = PrefillRun{
		ID: "nim-llama3.3-70b-5k", Model: "Llama 3.3 70B",
		Tokens: exact("nim-llama3.3-70b-5k.tokens", breakeven.Tokens(5000),
			quoted(NIMBench, "Llama-3.3-70b-instruct, Version 1.8.0, 2 x H100 80G, fp8 TP2", "5000 Input Tokens / 500 Output Tokens")),
		GPUs: exact("nim-llama3.3-70b-5k.gpus", 2.0, quoted(NIMBench, "Llama-3.3-70b-instruct, Version 1.8.0", "2 x H100 80G")),
		Chip: "H100", Compute: prefill.Uniform(prefill.FP8),
		Par: prefill.Parallel{TP: 2}, Parallelism: "TP2", Engine: "NVIDIA NIM 1.8.0",
		Concurrency: 1,
		Seconds: exact("nim-llama3.3-70b-5k.seconds", breakeven.Seconds(0.40677),
			quoted(NIMBench, "same table, concurrency 1, TTFT (ms)", "| 1           | 406.77    |")),
		Note: "the TTFT at concurrency 1 includes the request's round trip; the table states fp8 without separating attention",
	}
	// NIMLlama70B500 is the same version's next table: 500 input tokens.
	NIMLlama70B500 = PrefillRun{
		ID: "nim-llama3.3-70b-500", Model: "Llama 3.3 70B",
		Tokens: exact("nim-llama3.3-70b-500.tokens", breakeven.Tokens(500),
			quoted(NIMBench, "Llama-3.3-70b-instruct, Version 1.8.0, 2 x H100 80G, fp8 TP2", "500 Input Tokens / 2000 Output Tokens")),
		GPUs: NIMLlama70B.GPUs, Chip: "H100", Compute: prefill.Uniform(prefill.FP8),
		Par: prefill.Parallel{TP: 2}, Parallelism: "TP2", Engine: "NVIDIA NIM 1.8.0",
		Concurrency: 1,
		Seconds: exact("nim-llama3.3-70b-500.seconds", breakeven.Seconds(0.04777),
			quoted(NIMBench, "Llama-3.3-70b-instruct, Version 1.8.0, 2 x H100 80G, fp8 TP2, 500 Input Tokens / 2000 Output Tokens, concurrency 1, TTFT (ms)", "| 1 | 47.77 | 18.91 | 52.85 |")),
		Note: "the TTFT at concurrency 1 includes the request's round trip; the table states fp8 without separating attention; the row is read from the page's text form (llms.txt), which prints the table on one line",
	}
	sglangPrefill  = "Evaluation, Performance Analysis of Prefill and Decode Phases"
	SGLangH100DS2K = PrefillRun{
		ID: "sglang-h100-dsv3-2k", Model: "DeepSeek-V3",
		Tokens: exact("sglang-h100-dsv3-2k.tokens", breakeven.Tokens(2000),
			quoted(LMSYSLargeEP, sglangPrefill, "for prompt lengths of 1K, 2K, and 4K")),
		GPUs: exact("sglang-h100-dsv3.node-gpus", 8.0, quoted(LMSYSLargeEP, "opening", "runs on 12 nodes, each with 8 H100 GPUs")),
		Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{EP: 32}, Parallelism: "4 prefill nodes, EP32, DP attention; rate per node", Engine: "SGLang (DeepEP, DeepGEMM, two-batch overlap)",
		Rate: exact("sglang-h100-dsv3-2k.rate", breakeven.TokenRate(54543),
			quoted(LMSYSLargeEP, sglangPrefill, "per-node throughputs of 57,674, 54,543, and 50,302 tokens per second")),
		Note: "a batched throughput (16,384 tokens per device), per node of 8; FP8 grouped GEMMs (DeepGEMM); attention in BF16 as in LMSYS's GB200 comparison of 'H100 settings'",
	}
	SGLangH100DS4K = PrefillRun{
		ID: "sglang-h100-dsv3-4k", Model: "DeepSeek-V3",
		Tokens: exact("sglang-h100-dsv3-4k.tokens", breakeven.Tokens(4096),
			quoted(LMSYSLargeEP, "Profile Results, Overall Throughput", "an input length of 4,096")),
		GPUs: SGLangH100DS2K.GPUs, Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{EP: 32}, Parallelism: SGLangH100DS2K.Parallelism, Engine: SGLangH100DS2K.Engine,
		Rate: exact("sglang-h100-dsv3-4k.rate", breakeven.TokenRate(50302),
			quoted(LMSYSLargeEP, sglangPrefill, "per-node throughputs of 57,674, 54,543, and 50,302 tokens per second")),
		Note: SGLangH100DS2K.Note,
	}
	SGLangH20R1 = PrefillRun{
		ID: "sglang-h20-r1-4k", Model: "DeepSeek-V3", ModelNote: "DeepSeek-R1 (the DeepSeek-V3 architecture)",
		Tokens: exact("sglang-h20-r1-4k.tokens", breakeven.Tokens(4096),
			quoted(LMSYSH20, "Introduction", "on 4096-token input sequences")),
		GPUs: exact("sglang-h20-r1-4k.gpus", 8.0, quoted(LMSYSH20, "Introduction", "single-node TP-8 for prefill")),
		Chip: "H20", Compute: fp8BF16Attention,
		Par: prefill.Parallel{TP: 8}, Parallelism: "TP-8 on one node; rate per node", Engine: "SGLang (Ant Group)",
		Rate: printed("sglang-h20-r1-4k.rate", breakeven.TokenRate(16500), 100,
			quoted(LMSYSH20, "Introduction", "each node achieves 16.5k input tokens per second")),
		Note: "a batched throughput, read as per prefill node; FP8 matrix products (--quantization fp8); attention via the FA3 backend, taken as BF16",
	}
	SGLangGB200BF16 = PrefillRun{
		ID: "sglang-gb200-dsv3-bf16attn", Model: "DeepSeek-V3", ModelNote: "DeepSeek V3/R1",
		Tokens: exact("sglang-gb200-dsv3.tokens", breakeven.Tokens(2000),
			quoted(LMSYSGB200, gb200Intro, "on DeepSeek V3/R1 for 2000-token input sequences")),
		GPUs: exact("sglang-gb200-dsv3.gpus", 1.0, quoted(LMSYSGB200, gb200Intro, "input and 13,386 output tokens per second per GPU")),
		Chip: "GB200", Compute: fp8BF16Attention,
		Parallelism: "prefill with large-scale EP and PD disaggregation; rate per GPU", Engine: "SGLang",
		Rate: exact("sglang-gb200-dsv3-bf16attn.rate", breakeven.TokenRate(18471),
			quoted(LMSYSGB200, gb200Intro, "SGLang still achieves 18,471 input and 9,087 output tokens per second")),
		Note: "a batched throughput per GPU with 'traditional BF16 attention and FP8 MoE'",
	}
	SGLangGB200FP4 = PrefillRun{
		ID: "sglang-gb200-dsv3-fp4", Model: "DeepSeek-V3", ModelNote: "DeepSeek V3/R1",
		Tokens: SGLangGB200BF16.Tokens, GPUs: SGLangGB200BF16.GPUs, Chip: "GB200", Compute: fp4FP8Attention,
		Parallelism: SGLangGB200BF16.Parallelism, Engine: "SGLang",
		Rate: exact("sglang-gb200-dsv3-fp4.rate", breakeven.TokenRate(26156),
			quoted(LMSYSGB200, gb200Intro, "SGLang achieved 26,156 input and 13,386 output tokens per second per GPU")),
		Note: "FP8 attention and NVFP4 MoE; the layers outside the experts are taken at the FP4 peak too, so the model's time is a lower bound",
	}
	SGLangGB300 = PrefillRun{
		ID: "sglang-gb300-r1-128k", Model: "DeepSeek-V3", ModelNote: "DeepSeek R1-NVFP4 (the DeepSeek-V3 architecture)",
		Tokens: in("sglang-gb300-r1-128k.tokens", breakeven.MustBetween[breakeven.Tokens](128*1024, 128000, 128*1024),
			quoted(LMSYSGB300, gb300Prefill, "Mean TTFT under a long-context workload (ISL = 128K, OSL = 8K)")),
		GPUs: exact("sglang-gb300-r1-128k.gpus", 4.0, quoted(LMSYSGB300, "Experiments, 4. Kernel Comparison", "Parallelism: PP4 (Pipeline Parallelism = 4).")),
		Chip: "GB300", Compute: fp4FP8Attention,
		Par:         prefill.Parallel{PP: 4, Chunk: 32 * 1024},
		Parallelism: "chunked pipeline parallelism PP4, 32K dynamic chunks", Engine: "SGLang with NVIDIA Dynamo",
		Seconds: printed("sglang-gb300-r1-128k.seconds", breakeven.Seconds(8.6), 0.1,
			quoted(LMSYSGB300, gb300Prefill, "reaching a best-case TTFT of 8.6s for 128K prefill with 32K dynamic chunking")),
		Note: "the prefill worker's 4 GPUs are read from the kernel test (PP4) and the 1P/1D setup of 8 GPUs; the dynamic chunks are taken as 32K = 32,768 tokens each (four chunks)",
	}
	SGLangGB300NoChunk = lmsysNoChunk("sglang-gb300-r1-128k-nochunk", "GB300", 15.2, "pipeline parallelism PP4 without chunking",
		"without chunks the four pipeline stages work one after another on the whole prompt (the pipeline factor of 4)")
	// SGLangGB200NoChunk is the same blog's GB200 baseline beside it, read
	// as the GB300 run is (4 GPUs, PP4).
	SGLangGB200NoChunk = lmsysNoChunk("sglang-gb200-r1-128k-nochunk", "GB200", 18.6, "pipeline parallelism PP4 without chunking (the GB300 run's setup; the GB200 one's not stated apart)",
		"GB200's no-chunk baseline, the second figure of the pair (GB300 first, as the sentence compares GB300's attention kernel with GB200's); without chunks the four pipeline stages work one after another on the whole prompt")
	VLLMGB300R1 = PrefillRun{
		ID: "vllm-gb300-r1-2k", Model: "DeepSeek-V3", ModelNote: "DeepSeek-R1 NVFP4 (the DeepSeek-V3 architecture)",
		Tokens: exact("vllm-gb300-r1-2k.tokens", breakeven.Tokens(2048),
			quoted(VLLMGB300, "Summary", "(ISL=2K,OSL=1,batch=256) in a prefill-only scenario")),
		GPUs: exact("vllm-gb300-r1-2k.gpus", 1.0, quoted(VLLMGB300, "Summary", "a throughput of 22476 TGS")),
		Chip: "GB300", Compute: prefill.Compute{Linear: prefill.FP4, Attention: prefill.BF16},
		Par: prefill.Parallel{EP: 2}, Parallelism: "EP2 on 2 GPUs; rate per GPU (TGS)", Engine: "vLLM 0.14.1",
		Rate: exact("vllm-gb300-r1-2k.rate", breakeven.TokenRate(22476),
			quoted(VLLMGB300, "Summary", "with 2x GB300 GPUs, DeepSeek-R1 (NVFP4 + EP2) can achieve a throughput of 22476 TGS")),
		Note: "TGS is tokens per GPU per second; 2K read as 2,048; attention precision not read, taken as BF16",
	}
	KimiK2H200 = PrefillRun{
		ID: "sglang-h200-kimi-k2-2k", Model: "Kimi K2",
		Tokens: exact("sglang-h200-kimi-k2-2k.tokens", breakeven.Tokens(2000),
			quoted(LMSYSKimiK2, "4. Performance: 2000-Input, 100-Output Benchmark", "| **Input Length** | 2000 tokens |")),
		GPUs: exact("sglang-h200-kimi-k2-2k.prefill-gpus", 32.0,
			quoted(LMSYSKimiK2, "4. Performance", "on **128 H200 GPUs with 1P1D (4 nodes/P and 12 nodes/D)**")),
		Chip: "H200", Compute: fp8BF16Attention,
		Parallelism: "4 prefill nodes with EP; cluster rate over the prefill GPUs", Engine: "SGLang with OME",
		Rate: printed("sglang-h200-kimi-k2-2k.rate", breakeven.TokenRate(896000), 1000,
			quoted(LMSYSKimiK2, "Cluster-Level Performance (128 x H200 GPUs)", "| **Prefill Throughput** | **896k tokens/sec** |")),
		Note: "the post lists 56k per node, 896k over all 16 nodes; only the 4 prefill nodes prefill, so the rate is taken over their 32 GPUs; Kimi K2's FP8 weights, attention taken as BF16",
	}
	MInference300K = PrefillRun{
		ID: "minference-a100-llama3-8b-300k", Model: "Llama 3.1 8B", ModelNote: "LLaMA-3-8B (the same architecture)",
		Tokens: in("minference-a100-300k.tokens", breakeven.MustBetween[breakeven.Tokens](300000, 300000, 300*1024),
			quoted(MInference, minferenceLoc, "given a prompt of 300K tokens")),
		GPUs: exact("minference-a100.gpus", 1.0, quoted(MInference, minferenceLoc, "When serving LLaMA-3-8B on a single A100 machine")),
		Chip: "A100", Compute: prefill.Uniform(prefill.BF16),
		Parallelism: "one GPU", Engine: "not stated (dense attention, the paper's baseline)",
		Seconds: printed("minference-a100-300k.seconds", breakeven.Seconds(180), 60,
			quoted(MInference, "issue #84, the maintainers' reply", "\"*3* minutes to finish the pre-filling stage given a prompt of 300K tokens,\" not 6 minutes")),
		Note: "the paper printed 6 minutes; its authors corrected it to 3, as in their Figure 1(b); the A100 computes in BF16 (it has no FP8)",
	}
	MInference1M = PrefillRun{
		ID: "minference-a100-llama3-8b-1m", Model: "Llama 3.1 8B", ModelNote: MInference300K.ModelNote,
		Tokens: in("minference-a100-1m.tokens", breakeven.MustBetween[breakeven.Tokens](1<<20, 1e6, 1<<20),
			quoted(MInference, minferenceLoc, "this number increases to 30 minutes for a prompt of 1M tokens")),
		GPUs: MInference300K.GPUs, Chip: "A100", Compute: prefill.Uniform(prefill.BF16),
		Parallelism: "one GPU", Engine: MInference300K.Engine,
		Seconds: printed("minference-a100-1m.seconds", breakeven.Seconds(1800), 60,
			quoted(MInference, minferenceLoc, "this number increases to 30 minutes for a prompt of 1M tokens")),
		Unpriceable: "a million tokens of LLaMA-3-8B's cache (about 131 GB in BF16) do not fit one A100's 80 GB, so the time cannot be of one A100 holding the cache",
	}
	DeepSeekH800 = PrefillRun{
		ID: "deepseek-h800-production", Model: "DeepSeek-V3", ModelNote: "DeepSeek V3 and R1 in production",
		Chip: "H800", Compute: fp8BF16Attention,
		Parallelism: "4-node prefill units, EP32; rate per node", Engine: "DeepSeek's",
		Rate: printed("deepseek-day6.prefill-rate", breakeven.TokenRate(73700), 100,
			quoted(DeepSeekDay6, "the statistics of the 24-hour window", "Each H800 node delivers an average throughput of ~73.7k tokens/s input (including cache hits) during prefilling")),
		Unpriceable: "the rate counts cache hits (56.3% of input tokens), which are not computed, and the prompt lengths are not given",
	}
	GH200Llama70B = PrefillRun{
		ID: "nvidia-gh200-llama3.1-70b-32k", Model: "Llama 3.1 70B",
		Tokens: exact("nvidia-gh200-70b.tokens", breakeven.Tokens(32768), quoted(NVIDIAGH200, gh200Loc, "using an input sequence length of 32,768")),
		GPUs:   exact("nvidia-gh200.gpus", 32.0, quoted(NVIDIAGH200, "opening", "powered by 32 NVIDIA GH200 Grace Hopper Superchips")),
		Chip:   "GH200", Parallelism: "not read (the post names tensor parallelism in general)", Engine: "TensorRT-LLM",
		Seconds: exact("nvidia-gh200-70b.seconds", breakeven.Seconds(0.472),
			quoted(NVIDIAGH200, gh200Loc, "achieves a TTFT of just 472 milliseconds when running Llama 3.1 70B")),
		Unpriceable: "the precision and the parallelism were not read",
	}
	GH200Llama405B = PrefillRun{
		ID: "nvidia-gh200-llama3.1-405b-120k", Model: "Llama 3.1 405B",
		Tokens: exact("nvidia-gh200-405b.tokens", breakeven.Tokens(122880), quoted(NVIDIAGH200, gh200Loc, "using a small codebase-sized 122,880 token input")),
		GPUs:   GH200Llama70B.GPUs, Chip: "GH200", Parallelism: GH200Llama70B.Parallelism, Engine: "TensorRT-LLM",
		Seconds: printed("nvidia-gh200-405b.seconds", breakeven.Seconds(7.5), 0.1,
			quoted(NVIDIAGH200, gh200Loc, "GH200 NVL32 can begin responding in just 7.5 seconds")),
		Unpriceable: GH200Llama70B.Unpriceable,
	}
)

// PrefillRuns returns every published prefill measurement: the post's
// three tests (their figures as package sources types them for the post)
// and the runs above, in the order of the validation table.
func PrefillRuns() []PrefillRun {
	vast := PrefillRun{
		ID: VAST405B.ID, Model: VAST405B.Model, Tokens: VAST405B.Tokens, GPUs: VAST405B.GPUs, Chip: "H100",
		Compute: prefill.Uniform(prefill.BF16), Par: prefill.Parallel{TP: int(VAST405B.GPUs.V())}, Parallelism: "one 8-GPU node (tensor parallel assumed)", Engine: "NVIDIA Dynamo (pre-release)",
		Seconds: VAST405B.Uncached, WeightBits: VASTWeightBits,
		Note: "the post's test; AWQ 4-bit weights dequantised to compute in BF16",
	}
	weka := PrefillRun{
		ID: WEKA70B.ID, Model: WEKA70B.Model, Tokens: WEKA70B.Tokens, GPUs: DGXH100GPUs, Chip: "H100",
		Compute: prefill.Uniform(prefill.BF16), Parallelism: "one DGX H100 (8 GPUs)", Engine: "not stated",
		Rate: WEKA70B.Prefill,
		Note: "the post's test; the prefill speed is the post's, the precision taken as BF16",
	}
	qwen := PrefillRun{
		ID: QwenWWT.ID, Model: QwenWWT.Model, Tokens: QwenWWT.Tokens, GPUs: QwenWWT.GPUs, Chip: "H100",
		Compute: prefill.Uniform(prefill.BF16), Parallelism: "one GPU", Engine: "not stated",
		Seconds: QwenWWT.Uncached,
		Note:    "the post's test, as WWT reports VAST's; precision taken as BF16",
	}
	return []PrefillRun{
		vast, weka, qwen,
		MetaCPHost, MetaCP1M, MetaCP128K,
		NIMLlama70B, NIMLlama70B500,
		SGLangH100DS2K, SGLangH100DS4K, SGLangH20R1, KimiK2H200,
		SGLangGB200BF16, SGLangGB200FP4, SGLangGB300, SGLangGB300NoChunk, SGLangGB200NoChunk, VLLMGB300R1,
		MInference300K, MInference1M,
		DeepSeekH800, GH200Llama70B, GH200Llama405B,
		DstackVLLM405B16K, DstackVLLM405B32K, DstackVLLM405B64K, DstackVLLM405B128K,
		DstackTGI405B16K, DstackTGI405B32K, DstackTGI405B64K, DstackTGI405B128K,
		DstackTGI405B8K, DstackTGI405B4K, DstackTGI405B2K, DstackTGI405B1K, DstackTGI405B10K, DstackTGI405B80, DstackVLLM405B10K, DstackVLLM405B80,
		DstackR1MI300XVLLM, DstackR1MI300XSGLang, DstackR1H200VLLM, DstackR1H200SGLang, DstackR1H200TRTLLM,
		TRTLLMH200R1TP8, TRTLLMH200R1EP4, TRTLLMH200R1EP8, TRTLLMB200R1TP8, TRTLLMB200R1EP4, TRTLLMB200R1EP8,
		TRTLLMH200R1TP8At1600, TRTLLMH200R1EP4At1600, TRTLLMH200R1EP8At1600, TRTLLMB200R1TP8At1600, TRTLLMB200R1EP4At1600, TRTLLMB200R1EP8At1600,
		TTSGLangR1128, TTSGLangR11K, TTSGLangR12K, TTSGLangR13K, TTSGLangR14K, TTSGLangR18K,
		TTVLLMR1128, TTVLLMR11K, TTVLLMR12K, TTVLLMR13K, TTVLLMR14K, TTVLLMR18K,
		InferenceXMI355X1KC4, InferenceXMI355X1KC8, InferenceXMI355X8KC4, InferenceXMI355X8KC8,
		InferenceXATOM1KC4, InferenceXATOM1KC8, InferenceXATOM8KC4, InferenceXATOM8KC8,
		InferenceXMoRI8KC2, InferenceXMoRI1KC4, InferenceXMoRI8KC4,
		InferenceXGB3008KC4, InferenceXGB3008KC8, InferenceXGB2001KC4, InferenceXGB2001KC8,
		InferenceXB3001KC6, InferenceXB3008KC8,
		TRTPerfH100L7B128, TRTPerfH100L7B2K, TRTPerfH100L70B128, TRTPerfH100L70B2K,
		TRTPerfL40SL7B128, TRTPerfL40SL7B2K,
		TRTPerfA100L7B128, TRTPerfA100L7B2K, TRTPerfA100L70B128, TRTPerfA100L70B2K,
		LMDeployL7B128, LMDeployL7B2K, LMDeployL70B128, LMDeployL70B2K,
		AWSNIMLlama3x8BH100, AWSNIMLlama3x70BH100, AWSNIMLlama3x70B8xH100, AWSNIMLlama31x70BH100, GPUStackQwen3x8BH100,
		VLLMPR42646Qwen35B300, AWSNIMMixtral8x22BH100,
	}
}

// lmsysNoChunk is one of the LMSYS GB300 blog's two no-chunk baselines
// of its 128K prefill (GB300 and GB200, 15.2 s and 18.6 s in one
// sentence), with the chunked GB300 run's prompt, GPUs and engine.
func lmsysNoChunk(id, chip string, seconds float64, parallelism, note string) PrefillRun {
	return PrefillRun{
		ID: id, Model: "DeepSeek-V3", ModelNote: SGLangGB300.ModelNote,
		Tokens: SGLangGB300.Tokens, GPUs: SGLangGB300.GPUs, Chip: chip, Compute: fp4FP8Attention,
		Par: prefill.Parallel{PP: 4}, Parallelism: parallelism, Engine: SGLangGB300.Engine,
		Seconds: printed(id+".seconds", breakeven.Seconds(seconds), 0.1,
			quoted(LMSYSGB300, gb300Prefill, "The largest gap appears in the no-chunk baseline (15.2s vs. 18.6s)")),
		Note: note,
	}
}
