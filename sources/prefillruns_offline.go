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
			"the Low Latency tables (batch size 1, first token latency in ms, data from TensorRT-LLM v0.5), H100 and L40S in FP8 and A100 in FP16, and the Benchmarking per Model build commands of Llama2-7b and Llama2-70b (--enable_fp8 --fp8_kv_cache, --use_gpt_attention_plugin float16, --tp_size 1 and 4) with the First Token Latency Benchmark runs of gptSessionBenchmark (--input_output_len with 1 output token); the page's date not read; the Peak Throughput tables (prefill and decode together) not used"},
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
