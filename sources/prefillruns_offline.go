package sources

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds prefill times taken inside an engine by an offline
// benchmark: one prompt, no server. NVIDIA's TensorRT-LLM performance
// page (the version whose low-latency tables are TensorRT-LLM v0.5's)
// prints the first-token latency of Llama 2 7B on one H100, L40S and
// A100 and of Llama 2 70B on four H100s and four A100s, at batch size 1
// and 128 or 2,048 input tokens, timed by gptSessionBenchmark with one
// output token. No HTTP round trip, tokenisation, scheduling or queue is
// on the timed path, so the runs pay none of a served request's
// per-request cost (PrefillRun.Offline): they are dense models on one to
// four GPUs at short prompts, which no served single request in the fit
// is.

// The source of the offline runs.
const TRTLLMPerfV05 SourceID = "trtllm-performance-md-v0.5"

func init() {
	register(
		Source{TRTLLMPerfV05, "Performance of TensorRT-LLM (docs/source/performance.md)", "NVIDIA/TensorRT-LLM",
			"https://github.com/NVIDIA/TensorRT-LLM/blob/77d24b5fa178f11ed7fafdd9833b7245e075f721/docs/source/performance.md", "", Read,
			"the Low Latency tables (batch size 1, first token latency in ms, data from TensorRT-LLM v0.5), H100 and L40S in FP8 and A100 in FP16, and the Benchmarking per Model build commands of Llama2-7b and Llama2-70b (--enable_fp8 --fp8_kv_cache, --use_gpt_attention_plugin float16, --tp_size 1 and 4) with the First Token Latency Benchmark runs of gptSessionBenchmark (--input_output_len with 1 output token); the page's date not read; the Peak Throughput tables (prefill and decode together) and the GPT-J 6B and Falcon 180B rows (models not in the catalog) not used"},
	)
}

// Locators the runs share.
const (
	trtPerfLowLatency = "Low Latency (data from TensorRT-LLM v0.5), table "
	trtPerfNote       = "one prompt at batch size 1, timed by gptSessionBenchmark with one output token (the page's method for the time to first token): no server, so no HTTP round trip, tokenisation or scheduling"
)

// trtPerf is one row of the page's low-latency tables: table is the
// table's heading, row the row as printed, tokens its input length,
// ms its first-token latency as printed (integer milliseconds) and tp
// its TP column.
func trtPerf(id, model, chip, table string, tp int, tokens float64, row string, ms float64) PrefillRun {
	loc := trtPerfLowLatency + "'" + table + "'"
	c := prefill.Compute{Linear: prefill.FP8, Attention: prefill.FP16}
	precision := "FP8 matrix products (--enable_fp8) with an FP8 KV cache; attention taken as FP16, the attention plugin's type"
	if chip == "A100" {
		c = prefill.Uniform(prefill.FP16)
		precision = "FP16 (the page removes the FP8 options on the A100)"
	}
	build := map[string]string{"Llama 2 7B": "Llama2-7b", "Llama 2 70B": "Llama2-70b"}[model]
	return PrefillRun{
		ID: id, Model: model, ModelNote: "'LLaMA " + map[string]string{"Llama 2 7B": "7B", "Llama 2 70B": "70B"}[model] + "' in the table, built as " + build,
		Tokens:  exact(id+".tokens", breakeven.Tokens(tokens), quoted(TRTLLMPerfV05, loc+", Input Length column", row)),
		GPUs:    exact(id+".gpus", float64(tp), quoted(TRTLLMPerfV05, loc+", TP column", row)),
		Chip:    chip,
		Compute: c, Par: prefill.Parallel{TP: tp},
		Parallelism: fmt.Sprintf("tensor parallel over %d (the TP column)", tp),
		Engine:      "TensorRT-LLM v0.5 (gptSessionBenchmark, offline)", Concurrency: 1, Offline: true,
		Seconds: printed(id+".seconds", breakeven.Seconds(ms/1e3), 1e-3, quoted(TRTLLMPerfV05, loc+", 1st Token Latency (ms) column", row)),
		Note:    trtPerfNote + "; " + precision,
	}
}

// The low-latency rows of Llama 2 7B and 70B.
var (
	TRTPerfH100L7B128  = trtPerf("trtllm-perf-h100-llama2-7b-128", "Llama 2 7B", "H100", "H100 GPUs (FP8)", 1, 128, "| LLaMA 7B                     | 1          | 1         | 128          |                      7 |", 7)
	TRTPerfH100L7B2K   = trtPerf("trtllm-perf-h100-llama2-7b-2k", "Llama 2 7B", "H100", "H100 GPUs (FP8)", 1, 2048, "| LLaMA 7B                     | 1          | 1         | 2048         |                     36 |", 36)
	TRTPerfH100L70B128 = trtPerf("trtllm-perf-h100x4-llama2-70b-128", "Llama 2 70B", "H100", "H100 GPUs (FP8)", 4, 128, "| LLaMA 70B                    | 1          | 4         | 128          |                     26 |", 26)
	TRTPerfH100L70B2K  = trtPerf("trtllm-perf-h100x4-llama2-70b-2k", "Llama 2 70B", "H100", "H100 GPUs (FP8)", 4, 2048, "| LLaMA 70B                    | 1          | 4         | 2048         |                    109 |", 109)
	TRTPerfL40SL7B128  = trtPerf("trtllm-perf-l40s-llama2-7b-128", "Llama 2 7B", "L40S", "L40S GPUs (FP8)", 1, 128, "| LLaMA 7B                     | 1          | 1         | 128          |                     14 |", 14)
	TRTPerfL40SL7B2K   = trtPerf("trtllm-perf-l40s-llama2-7b-2k", "Llama 2 7B", "L40S", "L40S GPUs (FP8)", 1, 2048, "| LLaMA 7B                     | 1          | 1         | 2048         |                     73 |", 73)
	TRTPerfA100L7B128  = trtPerf("trtllm-perf-a100-llama2-7b-128", "Llama 2 7B", "A100", "A100 GPUs (FP16)", 1, 128, "| LLaMA 7B                     | 1          | 1         | 128          |                     16 |", 16)
	TRTPerfA100L7B2K   = trtPerf("trtllm-perf-a100-llama2-7b-2k", "Llama 2 7B", "A100", "A100 GPUs (FP16)", 1, 2048, "| LLaMA 7B                     | 1          | 1         | 2048         |                    133 |", 133)
	TRTPerfA100L70B128 = trtPerf("trtllm-perf-a100x4-llama2-70b-128", "Llama 2 70B", "A100", "A100 GPUs (FP16)", 4, 128, "| LLaMA 70B                    | 1          | 4         | 128          |                     47 |", 47)
	TRTPerfA100L70B2K  = trtPerf("trtllm-perf-a100x4-llama2-70b-2k", "Llama 2 70B", "A100", "A100 GPUs (FP16)", 4, 2048, "| LLaMA 70B                    | 1          | 4         | 2048         |                    377 |", 377)
)

// LMDeploy's static inference benchmark on A100s (FP16): the batch-1 rows
// of llama2-7b on one GPU and llama2-70b on four, at 128 and 2,048
// prompt tokens (the rows with 128 output tokens; the 2,048-output rows
// repeat the same first-token latency). The engine is driven in process
// by the benchmark script, with no request server (the page's request
// throughput benchmark is the served one). The rows with a one-token
// prompt are left out: one token is a decode step, not a prefill.
const LMDeployA100FP16 SourceID = "lmdeploy-benchmark-a100-fp16"

func init() {
	register(
		Source{LMDeployA100FP16, "Benchmark on A100 (FP16) (docs/en/benchmark/a100_fp16.md)", "InternLM/lmdeploy",
			"https://github.com/InternLM/lmdeploy/blob/3e391df4673326f79363eebe030876861a9b7090/docs/en/benchmark/a100_fp16.md", "", Read,
			"the Static Inference Benchmark tables of llama2-7b and llama2-70b (batch, tp, prompt_tokens, output_tokens, FTL(ave)(s): the mean first-token latency), A100-80G, lmdeploy v0.1.0a1, FP16 per the title; the page's date not read; llama2-13b and internlm-20b not used (not in the catalog), nor the 2,048-output rows (the same prompts as the 128-output rows, timed again)"},
	)
}

// lmdeploy is one batch-1 row of the page's static inference tables: row
// is the row as printed, ftl its FTL(ave)(s).
func lmdeploy(id, model, table string, tp int, tokens float64, row string, ftl float64) PrefillRun {
	loc := "Static Inference Benchmark, table '" + table + "'"
	return PrefillRun{
		ID: id, Model: model, ModelNote: "'" + table + "' in the page",
		Tokens: exact(id+".tokens", breakeven.Tokens(tokens), quoted(LMDeployA100FP16, loc+", prompt_tokens column", row)),
		GPUs:   exact(id+".gpus", float64(tp), quoted(LMDeployA100FP16, loc+", tp column", row)),
		Chip:   "A100", Compute: prefill.Uniform(prefill.FP16), Par: prefill.Parallel{TP: tp},
		Parallelism: fmt.Sprintf("tensor parallel over %d (the tp column)", tp),
		Engine:      "LMDeploy v0.1.0a1 (TurboMind, static inference benchmark, offline)", Concurrency: 1, Offline: true,
		Seconds: exact(id+".seconds", breakeven.Seconds(ftl), quoted(LMDeployA100FP16, loc+", FTL(ave)(s) column", row)),
		Note:    "batch 1, one prompt driven in process by the benchmark script, no request server; the mean first-token latency of the 128-output-token row; FP16 as the page's title says; A100-80G",
	}
}

// The batch-1 rows of llama2-7b and llama2-70b.
var (
	LMDeployL7B128  = lmdeploy("lmdeploy-a100-llama2-7b-128", "Llama 2 7B", "llama2-7b", 1, 128, "| 1     | 1   | 128           | 128           | 102.21                | 76.59   | 0.022       |", 0.022)
	LMDeployL7B2K   = lmdeploy("lmdeploy-a100-llama2-7b-2k", "Llama 2 7B", "llama2-7b", 1, 2048, "| 1     | 1   | 2048          | 128           | 86.1                  | 76.77   | 0.139       |", 0.139)
	LMDeployL70B128 = lmdeploy("lmdeploy-a100x4-llama2-70b-128", "Llama 2 70B", "llama2-70b", 4, 128, "| 1     | 4   | 128           | 128           | 33.63                 | 73.72   | 0.074       |", 0.074)
	LMDeployL70B2K  = lmdeploy("lmdeploy-a100x4-llama2-70b-2k", "Llama 2 70B", "llama2-70b", 4, 2048, "| 1     | 4   | 2048          | 128           | 28.32                 | 73.78   | 0.402       |", 0.402)
)
