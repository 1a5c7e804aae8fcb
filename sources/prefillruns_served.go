package sources

import (
	"fmt"

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
	awsNIMResults = "Testings results, table "
	awsNIMNote    = "GenAI-Perf against the NIM's OpenAI chat endpoint in the same EKS cluster (genai-perf.yaml at the same commit), the first column of a concurrency sweep (concurrency 1); the prompt length is the client's synthetic input (standard deviation 0), before the chat template"
	gpustackBS1   = "Other Benchmark Cases, Baseline benchmark results, '# BS=1' (Maximum request concurrency: 1)"
)

// awsNIMTable is one of the AWS NIM README's result tables: its name, the
// row that gives its model, precision, GPUs and sequence lengths (quoted
// as printed), and what the row says.
type awsNIMTable struct {
	name, row, column string // column: the precision and GPUs as the TTFT locator names them
	gpusID            string
	gpus              float64
	tokens            breakeven.Tokens
}

// awsNIM is the table's concurrency-1 request: its TTFT as printed (to
// the hundredth of a second) and the row quoting it. A run on more than
// one GPU is read as tensor parallel over all of them, which the README
// does not state.
func awsNIM(id, model, modelNote string, t awsNIMTable, compute prefill.Compute, engine string, ttft float64, ttftRow, note string) PrefillRun {
	par := "one GPU"
	if t.gpus > 1 {
		par = fmt.Sprintf("%d GPUs of one p5 (tensor parallel assumed; not read)", int(t.gpus))
	}
	return PrefillRun{
		ID: id, Model: model, ModelNote: modelNote,
		Tokens: exact(id+".tokens", t.tokens, quoted(AWSNIMBench, awsNIMResults+t.name+", Input/Output sequence length column", t.row)),
		GPUs:   exact(t.gpusID, t.gpus, quoted(AWSNIMBench, awsNIMResults+t.name+", GPUs column", t.row)),
		Chip:   "H100", Compute: compute,
		Par: prefill.Parallel{TP: int(t.gpus)}, Parallelism: par, Engine: engine,
		Concurrency: 1,
		Seconds: printed(id+".seconds", breakeven.Seconds(ttft), 0.01,
			quoted(AWSNIMBench, awsNIMResults+t.name+", "+t.column+", Time-to-first-token(sec) row, concurrency 1 column", ttftRow)),
		Note: awsNIMNote + "; " + note,
	}
}

// The served single requests.
var (
	AWSNIMLlama3x8BH100 = awsNIM("aws-nim-h100-llama3-8b-fp8-200", "Llama 3.1 8B", "meta/llama3-8b-instruct, Llama 3 8B Instruct (the same architecture)",
		awsNIMTable{"Llama3-8B-Instruct", "| meta/llama3-8b-instruct | fp8   | 1xH100 | 200/114", "fp8 1xH100", "aws-nim.llama3-8b.gpus", 1, 200},
		fp8BF16Attention, "NVIDIA NIM 1.1.1 (TensorRT-LLM), llama3-8b-instruct, fp8",
		0.01, "| Time-to-first-token(sec) | 0.01   | 0.01   | 0.02",
		"the table prints seconds to the hundredth, so 0.01 s is read as 5 to 15 ms; fp8 per the table (image 1.1.1, 1x p5 / 1x H100 in the summary), attention precision not read, taken as BF16")
	AWSNIMLlama3x70BH100 = awsNIM("aws-nim-h100x4-llama3-70b-fp8-7000", "Llama 3.1 70B", "meta/llama3-70b-instruct, Llama 3 70B Instruct (the same architecture)",
		awsNIMTable{"Llama3-70B-Instruct", "| meta/llama3-70b-instruct | fp8   | 4xH100 | 7000/1000", "fp8 4xH100", "aws-nim.llama3-70b.gpus", 4, 7000},
		fp8BF16Attention, "NVIDIA NIM 1.0.0 (TensorRT-LLM), llama3-70b-instruct, fp8",
		0.34, "| Time-to-first-token(sec) | 0.34  | 0.5    | 1.06",
		"fp8 per the table (image 1.0.0, 1x p5 / 4x H100 in the summary), attention precision not read, taken as BF16; NIM's four-GPU profile taken as TP4")
	AWSNIMLlama3x70B8xH100 = awsNIM("aws-nim-h100x8-llama3-70b-fp8-7000", "Llama 3.1 70B", "meta/llama3-70b-instruct, Llama 3 70B Instruct (the same architecture)",
		awsNIMTable{"Llama3-70B-Instruct", "| meta/llama3-70b-instruct | fp8   | 8xH100 | 7000/1000", "fp8 8xH100", "aws-nim.llama3-70b-8xh100.gpus", 8, 7000},
		fp8BF16Attention, "NVIDIA NIM 1.1.1 (TensorRT-LLM), llama3-70b-instruct, fp8",
		0.26, "| Time-to-first-token(sec) | 0.26  | 0.37   | 0.77",
		"fp8 per the table (image 1.1.1, 1x p5 / 8x H100 in the summary), attention precision not read, taken as BF16; NIM's eight-GPU profile taken as TP8")
	AWSNIMLlama31x70BH100 = awsNIM("aws-nim-h100x4-llama3.1-70b-fp16-7000", "Llama 3.1 70B", "meta/llama-3_1-70b-instruct",
		awsNIMTable{"Llama3.1-70B-Instruct", "| meta/llama-3_1-70b-instruct | fp16  | 4xH100 | 7000/1000", "fp16 4xH100", "aws-nim.llama3.1-70b.gpus", 4, 7000},
		prefill.Uniform(prefill.FP16), "NVIDIA NIM 1.1.2 (TensorRT-LLM), llama-3.1-70b-instruct, fp16",
		0.54, "| Time-to-first-token(sec) | 0.54  | 0.57  | 0.58",
		"fp16 as the table says (image 1.1.2, 1x p5 / 4x H100 in the summary); NIM's four-GPU profile taken as TP4")
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
