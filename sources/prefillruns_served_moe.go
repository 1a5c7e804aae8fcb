package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds the served single requests of mixtures of experts
// without MLA: the fit's other mixtures are DeepSeek-V3 and R1 (single requests
// on 4 to 16 GPUs) and Kimi K2 (a throughput), all with MLA, so the
// mixture's per-request cost had been set by MLA models alone.
//
//   - vLLM pull request #42646 (a fused all-reduce and Gemma RMSNorm from
//     FlashInfer, for Gemma, Qwen3-Next and Qwen3.5): its performance
//     table serves Qwen/Qwen3.5-397B-A17B-FP8 with TP=4 at 1,024 input
//     and 1,024 output tokens over a concurrency sweep from 1. The
//     baseline column (vLLM without the pull request) is used; the fused
//     column is the same setup with the change, not a release. The table does not name the GPU:
//     the pull request's test plan runs the same model at TP4 on four
//     B300s, taken as the table's machine.
//
//   - AWS's NIM benchmark (AWSNIMBench, whose dense rows are in
//     prefillruns_served.go): its Mixtral-8x22B-Instruct table, fp16 on
//     8 H100s at 7,000 input tokens through NIM 1.0.0, the concurrency-1
//     column of the same GenAI-Perf sweep as the Llama rows. Every layer
//     of Mixtral is a mixture of eight experts, two per token, with GQA
//     attention.
//
// Searched and not used (the reasons in the stop note): Baseten's Mixtral
// 8x7B on an A100 in an unstated int8 scheme, Tenstorrent's Qwen3-30B-A3B
// reference runs on A100s (the GPU count, precision and engine not
// given), and Millstone AI's reports (prompt lengths nominal, the
// statistic not stated, Qwen3-Coder-Next not in the catalog).

// VLLMPR42646 is the source of the served single request of a mixture of
// experts without MLA.
const VLLMPR42646 SourceID = "vllm-pr-42646-gemma-rms-ar-fusion"

func init() {
	register(
		Source{VLLMPR42646, "[perf] Add gemma RMS AR fusion (pull request #42646)", "vLLM project (jiahanc)",
			"https://github.com/vllm-project/vllm/pull/42646", "2026-05-14", Read,
			"the pull request's description: its Perf table (Qwen/Qwen3.5-397B-A17B-FP8, ISL/OSL = 1024/1024, TP=4; output tokens/s, mean TTFT and mean TPOT for the baseline and the fusion at concurrency 1 to 512) and its test plan (lm_eval on qwen3.5 TP4 on 4xB300); the vLLM commit, the benchmark client's options and the GPU of the Perf table itself are not stated; the fusion column and the runs at concurrency 2 to 512 not used"},
	)
}

// vllmPR42646Perf locates the pull request's performance table.
const vllmPR42646Perf = "description, Perf (Model: Qwen/Qwen3.5-397B-A17B-FP8, ISL/OSL = 1024/1024, TP=4)"

// VLLMPR42646Qwen35B300 is the baseline's single request.
var VLLMPR42646Qwen35B300 = PrefillRun{
	ID: "vllm-pr42646-b300x4-qwen3.5-397b-fp8-1k", Model: "Qwen3.5-397B-A17B", ModelNote: "Qwen/Qwen3.5-397B-A17B-FP8, the FP8 checkpoint of the same architecture",
	Tokens: exact("vllm-pr42646.tokens", breakeven.Tokens(1024),
		quoted(VLLMPR42646, vllmPR42646Perf+", the line above the table", "Model: `Qwen/Qwen3.5-397B-A17B-FP8`  ISL/OSL = 1024/1024  TP=4")),
	GPUs: exact("vllm-pr42646.gpus", 4.0,
		quoted(VLLMPR42646, "description, Test Plan", "lm_eval on qwen3.5 TP4 on 4xB300")),
	Chip: "B300", Compute: fp8BF16Attention,
	Par: prefill.Parallel{TP: 4}, Parallelism: "TP=4 over four GPUs (the experts split by tensor parallelism, vLLM's default without --enable-expert-parallel)", Engine: "vLLM (main in May 2026, before the pull request)",
	Concurrency: 1,
	Seconds: exact("vllm-pr42646.seconds", breakeven.Seconds(140.17e-3),
		quoted(VLLMPR42646, vllmPR42646Perf+", row conc 1, column Mean TTFT ms (Base)", "| 1 | 141.02 | 140.17 | 6.96 | 143.29 | 133.79 | 6.85 |")),
	Note: "a concurrency sweep's first row, one request at a time; the chip is the test plan's (the Perf table does not name it); the checkpoint's FP8 weights, attention taken as BF16; the benchmark client's dataset and warm-up not stated; Qwen3.5 is a hybrid of Gated DeltaNet (linear attention) and GQA layers with a mixture of experts in every layer",
}

// AWSNIMMixtral8x22BH100 is NIM's Mixtral 8x22B request on 8 H100s.
var AWSNIMMixtral8x22BH100 = awsNIM("aws-nim-h100x8-mixtral-8x22b-fp16-7000", "Mixtral 8x22B", "mistralai/mixtral-8x22b-instruct-v0.1, the instruct checkpoint of the same architecture",
	awsNIMTable{"Mixtral-8x22B-Instruct", "| mistralai/mixtral-8x22b-instruct-v0.1 | fp16  | 8xH100 | 7000/1000", "fp16 8xH100", "aws-nim.mixtral-8x22b.gpus", 8, 7000},
	prefill.Uniform(prefill.FP16), "NVIDIA NIM 1.0.0, mixtral-8x22b-instruct-v01, fp16 (its backend not stated)",
	0.26, "| Time-to-first-token(sec) | 0.26  | 0.38   | 0.79",
	"fp16 as the table says (image 1.0.0, 1x p5 / 8x H100 in the summary); NIM's eight-GPU profile taken as TP8; the committed genai-perf.yaml names Llama 3.1 70B's model and tokenizer, and the ones used for Mixtral are not stated, so the 7,000 tokens are the client's count")
