package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds served single requests of dense models on one to four
// GPUs at short prompts: the time to first token of one request at a
// time (concurrency 1), measured by a benchmark client against an
// inference server over HTTP, so each time carries the request's
// per-request cost (round trip, tokenisation, scheduling). The fit's
// other served single requests are large models (DeepSeek-V3/R1, Llama
// 3.1 405B) on 4 to 16 GPUs and one 70B on two H100s (NIM's table);
// these show what a small dense model, and a 70B on four GPUs, pays.
//
//   - AWS's awsome-inference NIM test results: NVIDIA NIM containers on
//     p5 instances, measured by GenAI-Perf over the OpenAI chat endpoint
//     with a concurrency sweep from 1: Llama 3 8B in FP8 on one H100 at
//     200 prompt tokens, and Llama 3 70B (FP8) and Llama 3.1 70B (FP16)
//     on four H100s at 7,000. The table prints seconds to the hundredth,
//     so the 8B run is read as 5 to 15 ms.
//   - GPUStack's performance lab, Qwen3-8B on one H100 SXM: vLLM v0.11.0
//     serving the BF16 checkpoint by default, 100 ShareGPT prompts at
//     concurrency 1 (a mean prompt of 232.6 tokens).

// The sources of the served single requests.
const (
	AWSNIMBench      SourceID = "aws-awsome-inference-nim-benchmark"
	GPUStackQwen3Lab SourceID = "gpustack-perf-lab-qwen3-8b-h100-latency"
)

func init() {
	register(
		Source{AWSNIMBench, "NIM Test Inference Results (2.projects/nims-inference/benchmark/README.md)", "aws-samples/awsome-inference",
			"https://github.com/aws-samples/awsome-inference/blob/3cf7060cf6e7445654c60db21a879e8b570a5d34/2.projects/nims-inference/benchmark/README.md", "2024-08-27", Read,
			"the README at that commit: the summary table (NIM image tag, datatype, p5 instances and GPUs) and the test results tables of Token-per-second and Time-to-first-token(sec) by concurrency 1 to 2048 for llama3-8b-instruct (200/114 tokens) and llama3-70b-instruct and llama-3_1-70b-instruct (7000/1000); the genai-perf.yaml of the same commit (GenAI-Perf against the NIM's OpenAI chat endpoint through the cluster's service, synthetic inputs with a standard deviation of 0; its concurrency loop, 1 to 2048, is commented out there in favour of an input/output sweep); the page calls the results an internal baseline; Mixtral-8x22B-Instruct's fp16 8xH100 row used for its concurrency-1 time (prefillruns_served_moe.go); Llama 3 70B's 8xH100 row used too (read on 2026-12-06); the A10 rows not used (the catalog's A10 has no FP16 peak, and the 1xA10 row's image, 1.0.0 or 1.1.1, is not said)"},
		Source{GPUStackQwen3Lab, "Optimizing Qwen3-8B Latency on NVIDIA H100 GPUs (docs/performance-lab/qwen3-8b/h100-latency.md)", "gpustack/gpustack",
			"https://github.com/gpustack/gpustack/blob/6ceec5b8486b263beb6be4533050054e047d3254/docs/performance-lab/qwen3-8b/h100-latency.md", "2025-10-15", Read,
			"the page at that commit: a single H100 SXM, vLLM v0.11.0 serving Qwen/Qwen3-8B with its defaults, vllm bench serve on 100 ShareGPT prompts (openai-chat backend) and the baseline '# BS=1' result (Maximum request concurrency 1, Total input tokens 23260, Mean TTFT 59.01 ms); the runs at concurrency 2 to 8, SGLang and TensorRT-LLM at concurrency 4 and the optimized SGLang FP8 run (EAGLE3 speculative decoding) not used"},
	)
}

// Locators the runs share.
const (
	awsNIMSummary = "Table of Summary (NGC name, Image tag, Datatype, Instance # / GPU #)"
	awsNIMResults = "Testings results, table "
	awsNIMNote    = "GenAI-Perf against the NIM's OpenAI chat endpoint in the same EKS cluster (genai-perf.yaml at the same commit), the first column of a concurrency sweep (concurrency 1); the prompt length is the client's synthetic input (standard deviation 0), before the chat template"
	gpustackBS1   = "Other Benchmark Cases, Baseline benchmark results, '# BS=1' (Maximum request concurrency: 1)"
)

// The GPUs of the runs.
var (
	awsNIM1xH100 = exact("aws-nim.llama3-8b.gpus", 1.0,
		quoted(AWSNIMBench, awsNIMResults+"Llama3-8B-Instruct, GPUs column", "| meta/llama3-8b-instruct | fp8   | 1xH100 | 200/114"))
	awsNIM4xH100 = exact("aws-nim.llama3-70b.gpus", 4.0,
		quoted(AWSNIMBench, awsNIMResults+"Llama3-70B-Instruct, GPUs column", "| meta/llama3-70b-instruct | fp8   | 4xH100 | 7000/1000"))
	awsNIM70B8xH100 = exact("aws-nim.llama3-70b-8xh100.gpus", 8.0,
		quoted(AWSNIMBench, awsNIMResults+"Llama3-70B-Instruct, GPUs column", "| meta/llama3-70b-instruct | fp8   | 8xH100 | 7000/1000"))
	awsNIM31x4H100 = exact("aws-nim.llama3.1-70b.gpus", 4.0,
		quoted(AWSNIMBench, awsNIMResults+"Llama3.1-70B-Instruct, GPUs column", "| meta/llama-3_1-70b-instruct | fp16  | 4xH100 | 7000/1000"))
)

// The served single requests.
var (
	AWSNIMLlama3x8BH100 = PrefillRun{
		ID: "aws-nim-h100-llama3-8b-fp8-200", Model: "Llama 3.1 8B", ModelNote: "meta/llama3-8b-instruct, Llama 3 8B Instruct (the same architecture)",
		Tokens: exact("aws-nim-h100-llama3-8b-fp8-200.tokens", breakeven.Tokens(200),
			quoted(AWSNIMBench, awsNIMResults+"Llama3-8B-Instruct, Input/Output sequence length column", "| meta/llama3-8b-instruct | fp8   | 1xH100 | 200/114")),
		GPUs: awsNIM1xH100, Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{TP: 1}, Parallelism: "one GPU", Engine: "NVIDIA NIM 1.1.1 (TensorRT-LLM), llama3-8b-instruct, fp8",
		Concurrency: 1,
		Seconds: printed("aws-nim-h100-llama3-8b-fp8-200.seconds", breakeven.Seconds(0.01), 0.01,
			quoted(AWSNIMBench, awsNIMResults+"Llama3-8B-Instruct, fp8 1xH100, Time-to-first-token(sec) row, concurrency 1 column", "| Time-to-first-token(sec) | 0.01   | 0.01   | 0.02")),
		Note: awsNIMNote + "; the table prints seconds to the hundredth, so 0.01 s is read as 5 to 15 ms; fp8 per the table (image 1.1.1, 1x p5 / 1x H100 in the summary), attention precision not read, taken as BF16",
	}
	AWSNIMLlama3x70BH100 = PrefillRun{
		ID: "aws-nim-h100x4-llama3-70b-fp8-7000", Model: "Llama 3.1 70B", ModelNote: "meta/llama3-70b-instruct, Llama 3 70B Instruct (the same architecture)",
		Tokens: exact("aws-nim-h100x4-llama3-70b-fp8-7000.tokens", breakeven.Tokens(7000),
			quoted(AWSNIMBench, awsNIMResults+"Llama3-70B-Instruct, Input/Output sequence length column", "| meta/llama3-70b-instruct | fp8   | 4xH100 | 7000/1000")),
		GPUs: awsNIM4xH100, Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{TP: 4}, Parallelism: "4 GPUs of one p5 (tensor parallel assumed; not read)", Engine: "NVIDIA NIM 1.0.0 (TensorRT-LLM), llama3-70b-instruct, fp8",
		Concurrency: 1,
		Seconds: printed("aws-nim-h100x4-llama3-70b-fp8-7000.seconds", breakeven.Seconds(0.34), 0.01,
			quoted(AWSNIMBench, awsNIMResults+"Llama3-70B-Instruct, fp8 4xH100, Time-to-first-token(sec) row, concurrency 1 column", "| Time-to-first-token(sec) | 0.34  | 0.5    | 1.06")),
		Note: awsNIMNote + "; fp8 per the table (image 1.0.0, 1x p5 / 4x H100 in the summary), attention precision not read, taken as BF16; NIM's four-GPU profile taken as TP4",
	}
	AWSNIMLlama3x70B8xH100 = PrefillRun{
		ID: "aws-nim-h100x8-llama3-70b-fp8-7000", Model: "Llama 3.1 70B", ModelNote: "meta/llama3-70b-instruct, Llama 3 70B Instruct (the same architecture)",
		Tokens: exact("aws-nim-h100x8-llama3-70b-fp8-7000.tokens", breakeven.Tokens(7000),
			quoted(AWSNIMBench, awsNIMResults+"Llama3-70B-Instruct, Input/Output sequence length column", "| meta/llama3-70b-instruct | fp8   | 8xH100 | 7000/1000")),
		GPUs: awsNIM70B8xH100, Chip: "H100", Compute: fp8BF16Attention,
		Par: prefill.Parallel{TP: 8}, Parallelism: "8 GPUs of one p5 (tensor parallel assumed; not read)", Engine: "NVIDIA NIM 1.1.1 (TensorRT-LLM), llama3-70b-instruct, fp8",
		Concurrency: 1,
		Seconds: printed("aws-nim-h100x8-llama3-70b-fp8-7000.seconds", breakeven.Seconds(0.26), 0.01,
			quoted(AWSNIMBench, awsNIMResults+"Llama3-70B-Instruct, fp8 8xH100, Time-to-first-token(sec) row, concurrency 1 column", "| Time-to-first-token(sec) | 0.26  | 0.37   | 0.77")),
		Note: awsNIMNote + "; fp8 per the table (image 1.1.1, 1x p5 / 8x H100 in the summary), attention precision not read, taken as BF16; NIM's eight-GPU profile taken as TP8",
	}
	AWSNIMLlama31x70BH100 = PrefillRun{
		ID: "aws-nim-h100x4-llama3.1-70b-fp16-7000", Model: "Llama 3.1 70B", ModelNote: "meta/llama-3_1-70b-instruct",
		Tokens: exact("aws-nim-h100x4-llama3.1-70b-fp16-7000.tokens", breakeven.Tokens(7000),
			quoted(AWSNIMBench, awsNIMResults+"Llama3.1-70B-Instruct, Input/Output sequence length column", "| meta/llama-3_1-70b-instruct | fp16  | 4xH100 | 7000/1000")),
		GPUs: awsNIM31x4H100, Chip: "H100", Compute: prefill.Uniform(prefill.FP16),
		Par: prefill.Parallel{TP: 4}, Parallelism: "4 GPUs of one p5 (tensor parallel assumed; not read)", Engine: "NVIDIA NIM 1.1.2 (TensorRT-LLM), llama-3.1-70b-instruct, fp16",
		Concurrency: 1,
		Seconds: printed("aws-nim-h100x4-llama3.1-70b-fp16-7000.seconds", breakeven.Seconds(0.54), 0.01,
			quoted(AWSNIMBench, awsNIMResults+"Llama3.1-70B-Instruct, fp16 4xH100, Time-to-first-token(sec) row, concurrency 1 column", "| Time-to-first-token(sec) | 0.54  | 0.57  | 0.58")),
		Note: awsNIMNote + "; fp16 as the table says (image 1.1.2, 1x p5 / 4x H100 in the summary); NIM's four-GPU profile taken as TP4",
	}
	GPUStackQwen3x8BH100 = PrefillRun{
		ID: "gpustack-h100-qwen3-8b-vllm-sharegpt", Model: "Qwen3-8B", ModelNote: "Qwen/Qwen3-8B",
		Tokens: exact("gpustack-h100-qwen3-8b.tokens", breakeven.Tokens(23260.0/100),
			quoted(GPUStackQwen3Lab, gpustackBS1+", over its 100 successful requests", "Total input tokens:                      23260")),
		GPUs: exact("gpustack-h100-qwen3-8b.gpus", 1.0, quoted(GPUStackQwen3Lab, "Experimental Setup, Hardware", "A single NVIDIA H100 SXM GPU.")),
		Chip: "H100", Compute: prefill.Uniform(prefill.BF16),
		Par: prefill.Parallel{TP: 1}, Parallelism: "one GPU", Engine: "vLLM v0.11.0 (vllm serve, defaults)",
		Concurrency: 1,
		Seconds: exact("gpustack-h100-qwen3-8b.seconds", breakeven.Seconds(59.01e-3),
			quoted(GPUStackQwen3Lab, gpustackBS1+", Mean TTFT", "Mean TTFT (ms):                          59.01")),
		Note: "vllm bench serve (openai-chat backend) on 100 ShareGPT prompts, one at a time; the prompt is the mean of 23,260 input tokens over 100 requests (a dataset mean, counted by the client before the chat template); precision not stated: vllm serve loads the checkpoint's BF16 by default",
	}
)
