package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds batch-1 runs of DeepSeek-R1 at 128 to 8K tokens on 8 and
// 16 GPUs, read from two public issue threads that print their tables as
// text:
//
//   - TensorRT-LLM issue #5929: DeepSeek-R1 FP8 on 8 H200 against
//     DeepSeek-R1 FP4 on 8 B200, one request of 1,600 or 8,192 tokens, TP8 with
//     expert parallelism off, EP4 and EP8 (the median TTFT, LLMPerf
//     against trtllm-serve). Blackwell at FP4 is slower than Hopper at
//     FP8 here, with EP4 and EP8: evidence against any model that prices
//     FP4 at twice FP8's peak.
//   - tenstorrent/tt-inference-server issue #356: DeepSeek-R1-0528 on 16
//     H100 over InfiniBand with SGLang, and its AWQ 4-bit version on 8
//     H100 with vLLM, concurrency 1, 128 to 8,192 input tokens. At 128
//     tokens the 16-GPU TTFT is already 179.7 ms, so most of an 8K
//     request's time there is the per-request cost; its 1,024-token row
//     (391.7 ms) is slower than its 2,048 to 4,096-token ones, kept as
//     printed.

// The sources of the batch-1 runs.
const (
	TRTLLMIssue5929 SourceID = "trtllm-issue-5929-b200-h200"
	TenstorrentR1   SourceID = "tenstorrent-issue-356-r1-gpu"
	VLLMAWQ         SourceID = "vllm-awq-config"
)

func init() {
	register(
		Source{TRTLLMIssue5929, "DS-R1 FP4 on B200 vs DS-R1 FP8 on H200 --- slow-down in TTFT (issue #5929)", "NVIDIA/TensorRT-LLM (reported by matkle)", "https://github.com/NVIDIA/TensorRT-LLM/issues/5929", "2025-07-10", Partial,
			"the issue's description: 8 B200 against 8 H200, TensorRT-LLM v0.21.0rc2 built from source, LLMPerf against trtllm-serve, p50 ITL and TTFT (s) at TP=8 with EP None, 4 and 8, batch sizes 1 and 8, 1,600 and 8,192 input tokens; the batch-1 rows kept (the 8,192-token ones first, the 1,600-token ones on 2026-12-06); the thread's replies not read"},
		Source{TenstorrentR1, "DeepSeek-R1-0528: GPU Benchmarks (issue #356)", "tenstorrent/tt-inference-server (gtobarTT)", "https://github.com/tenstorrent/tt-inference-server/issues/356", "2025-07-09", Partial,
			"the description (16 H100 at full precision; 8 H100 quantized with AWQ) and two comments' sweep tables (16 H100 with SGLang over InfiniBand, 2025-07-09; DeepSeek-R1-0528-AWQ on 8 H100 with vLLM, 2025-07-10), read to the 8,192-token row; the rows beyond it, the launch flags and the tensor-parallel degree not read; the rows at 1,024 output tokens not used (the 128-token prompt timed again)"},
		Source{VLLMAWQ, "AWQConfig (vllm/model_executor/layers/quantization/awq.py)", "vllm-project/vllm", "https://github.com/vllm-project/vllm/blob/92d756e9ccd74c7772d5d9936ac5631b811a961f/vllm/model_executor/layers/quantization/awq.py", "", Read,
			"the file at that commit: AWQConfig refuses any width but 4 bits; its linear method dequantises the weights to FP16 before the matrix product for 256 tokens or more (that version; which kernel the issue's later vLLM ran was not read)"},
	)
}

// Locators and quotes the runs share.
const (
	trtllm5929Loc    = "description, the results table"
	trtllm5929GPUs   = "GPU: 8x NVIDIA B200 180 GB vs 8x NVIDIA H200 141 GB"
	trtllm5929Engine = "TensorRT-LLM v0.21.0rc2 (trtllm-serve, PyTorch backend)"
	trtllm5929FP8Row = "DeepSeek-R1 FP8 | 1 | 8192 | 600 | 0.01453 | 0.01159 | 0.01178 | 0.51583 | 0.37007 | 0.35281"
	trtllm5929FP4Row = "DeepSeek-R1 FP4 | 1 | 8192 | 600 | 0.00714 | 0.00697 | 0.00717 | 0.39411 | 0.39012 | 0.44809"
	// The batch-1 rows at 1,600 input tokens.
	trtllm5929FP8Row1600 = "DeepSeek-R1 FP8 | 1 | 1600 | 600 | 0.01378 | 0.01081 | 0.011 | 0.16463 | 0.13436 | 0.12411"
	trtllm5929FP4Row1600 = "DeepSeek-R1 FP4 | 1 | 1600 | 600 | 0.00678 | 0.00661 | 0.00681 | 0.16104 | 0.16018 | 0.17265"
	tt356SGLangLoc       = "comment of 2025-07-09, 'Performance Benchmark Sweeps for DeepSeek-R1-0528 on 16 H100 (SGLANG + INFINIBAND)'"
	tt356VLLMLoc         = "comment of 2025-07-10, 'Performance Benchmark Sweeps for DeepSeek-R1-0528-AWQ on 8xH100s (vLLM)'"
)

// The inputs the runs share.
var (
	trtllm5929B200GPUs   = exact("trtllm-5929.b200-gpus", 8.0, quoted(TRTLLMIssue5929, "description, System Info", trtllm5929GPUs))
	trtllm5929H200GPUs   = exact("trtllm-5929.h200-gpus", 8.0, quoted(TRTLLMIssue5929, "description, System Info", trtllm5929GPUs))
	trtllm5929Tokens     = exact("trtllm-5929.tokens", breakeven.Tokens(8192), quoted(TRTLLMIssue5929, trtllm5929Loc+", Input column", trtllm5929FP4Row))
	trtllm5929Tokens1600 = exact("trtllm-5929.tokens-1600", breakeven.Tokens(1600), quoted(TRTLLMIssue5929, trtllm5929Loc+", Input column", trtllm5929FP4Row1600))
	tt356SGLangGPUs      = exact("tt-356.sglang-gpus", 16.0, quoted(TenstorrentR1, tt356SGLangLoc, "DeepSeek-R1-0528 on 16 H100 (SGLANG + INFINIBAND)"))
	tt356VLLMGPUs        = exact("tt-356.vllm-gpus", 8.0, quoted(TenstorrentR1, tt356VLLMLoc, "DeepSeek-R1-0528-AWQ on 8xH100s (vLLM)"))
	// The AWQ run's weights: vLLM loads AWQ weights only at 4 bits.
	tt356VLLMWeightBits = exact("tt-356.vllm-weight-bits", 4.0, quoted(VLLMAWQ, "AWQConfig.__init__, the weight_bits check", "only 4-bit weight quantization is supported for"))
)

// trtllm5929 is one batch-1 run of issue #5929: tokens its input
// length, ep the expert-parallel degree (0: EP None), row the table's
// row and ttft its p50 TTFT in seconds as the row prints it.
func trtllm5929(id, chip string, tokens Input[breakeven.Tokens], ep int, row string, ttft float64) PrefillRun {
	gpus, compute, model := trtllm5929H200GPUs, fp8BF16Attention, "DeepSeek-R1 (the DeepSeek-V3 architecture, FP8 weights)"
	note := "the median TTFT of one request at a time (batch size 1), measured by LLMPerf against trtllm-serve, so it includes the HTTP round trip; FP8 weights, attention taken as BF16"
	if chip == "B200" {
		gpus, compute, model = trtllm5929B200GPUs, fp4FP8Attention, "DeepSeek-R1 FP4 (the DeepSeek-V3 architecture, NVFP4 experts)"
		note = "the median TTFT of one request at a time (batch size 1), measured by LLMPerf against trtllm-serve, so it includes the HTTP round trip; NVFP4 weights, attention precision not read (taken as FP8, as in the other NVFP4 runs)"
	}
	par, text := prefill.Parallel{TP: 8, EP: ep}, "TP=8, EP=None"
	if ep > 0 {
		text = "TP=8, EP=" + map[int]string{4: "4", 8: "8"}[ep]
	}
	return PrefillRun{
		ID: id, Model: "DeepSeek-V3", ModelNote: model,
		Tokens: tokens, GPUs: gpus, Chip: chip, Compute: compute,
		Par: par, Parallelism: text, Engine: trtllm5929Engine, Concurrency: 1,
		Seconds: exact(id+".seconds", breakeven.Seconds(ttft), quoted(TRTLLMIssue5929, trtllm5929Loc+", batch size 1, TTFT p50 "+text, row)),
		Note:    note,
	}
}

// The batch-1 runs of issue #5929: every batch-1 row, at 8,192 and at
// 1,600 input tokens.
var (
	TRTLLMH200R1TP8 = trtllm5929("trtllm-h200-r1-8k-tp8", "H200", trtllm5929Tokens, 0, trtllm5929FP8Row, 0.51583)
	TRTLLMH200R1EP4 = trtllm5929("trtllm-h200-r1-8k-tp8ep4", "H200", trtllm5929Tokens, 4, trtllm5929FP8Row, 0.37007)
	TRTLLMH200R1EP8 = trtllm5929("trtllm-h200-r1-8k-tp8ep8", "H200", trtllm5929Tokens, 8, trtllm5929FP8Row, 0.35281)
	TRTLLMB200R1TP8 = trtllm5929("trtllm-b200-r1fp4-8k-tp8", "B200", trtllm5929Tokens, 0, trtllm5929FP4Row, 0.39411)
	TRTLLMB200R1EP4 = trtllm5929("trtllm-b200-r1fp4-8k-tp8ep4", "B200", trtllm5929Tokens, 4, trtllm5929FP4Row, 0.39012)
	TRTLLMB200R1EP8 = trtllm5929("trtllm-b200-r1fp4-8k-tp8ep8", "B200", trtllm5929Tokens, 8, trtllm5929FP4Row, 0.44809)

	TRTLLMH200R1TP8At1600 = trtllm5929("trtllm-h200-r1-1600-tp8", "H200", trtllm5929Tokens1600, 0, trtllm5929FP8Row1600, 0.16463)
	TRTLLMH200R1EP4At1600 = trtllm5929("trtllm-h200-r1-1600-tp8ep4", "H200", trtllm5929Tokens1600, 4, trtllm5929FP8Row1600, 0.13436)
	TRTLLMH200R1EP8At1600 = trtllm5929("trtllm-h200-r1-1600-tp8ep8", "H200", trtllm5929Tokens1600, 8, trtllm5929FP8Row1600, 0.12411)
	TRTLLMB200R1TP8At1600 = trtllm5929("trtllm-b200-r1fp4-1600-tp8", "B200", trtllm5929Tokens1600, 0, trtllm5929FP4Row1600, 0.16104)
	TRTLLMB200R1EP4At1600 = trtllm5929("trtllm-b200-r1fp4-1600-tp8ep4", "B200", trtllm5929Tokens1600, 4, trtllm5929FP4Row1600, 0.16018)
	TRTLLMB200R1EP8At1600 = trtllm5929("trtllm-b200-r1fp4-1600-tp8ep8", "B200", trtllm5929Tokens1600, 8, trtllm5929FP4Row1600, 0.17265)
)

// tt356 is one concurrency-1 row of issue #356's sweeps: row is the
// table's row to its TTFT column, ttftMS the TTFT as printed (ms).
func tt356(id string, tokens float64, row string, ttft float64, sglang bool) PrefillRun {
	loc := tt356VLLMLoc
	if sglang {
		loc = tt356SGLangLoc
	}
	r := PrefillRun{
		ID: id, Model: "DeepSeek-V3", Concurrency: 1,
		Tokens: exact(id+".tokens", breakeven.Tokens(tokens), quoted(TenstorrentR1, loc+", ISL column", row)),
	}
	if sglang {
		r.ModelNote = "DeepSeek-R1-0528 (the DeepSeek-V3 architecture, FP8 weights: 'Full Precision')"
		r.GPUs, r.Chip, r.Compute = tt356SGLangGPUs, "H100", fp8BF16Attention
		r.Par, r.Parallelism, r.Engine = prefill.Parallel{TP: 16}, "16 GPUs on two nodes over InfiniBand (tensor parallel over all 16 assumed; not read)", "SGLang"
		r.Seconds = exact(id+".seconds", breakeven.Seconds(ttft), quoted(TenstorrentR1, tt356SGLangLoc+", Concurrency 1, TTFT (ms)", row))
		r.Note = "one request at a time (Concurrency 1, 2 to 8 requests a row), 128 output tokens; FP8 weights, attention taken as BF16; the tensor-parallel all-reduces cross InfiniBand between the nodes, slower than the NVLink the model charges"
		return r
	}
	r.ModelNote = "DeepSeek-R1-0528-AWQ (the DeepSeek-V3 architecture, 4-bit weights)"
	r.GPUs, r.Chip, r.Compute, r.WeightBits = tt356VLLMGPUs, "H100", prefill.Uniform(prefill.BF16), tt356VLLMWeightBits
	r.Par, r.Parallelism, r.Engine = prefill.Parallel{TP: 8}, "8 GPUs on one node (tensor parallel assumed; not read)", "vLLM"
	r.Seconds = exact(id+".seconds", breakeven.Seconds(ttft), quoted(TenstorrentR1, tt356VLLMLoc+", Concurrency 1, TTFT (ms)", row))
	r.Note = "one request at a time (Concurrency 1, 2 to 8 requests a row), 128 output tokens; AWQ 4-bit weights dequantised to compute in BF16, as for the post's 405B test"
	return r
}

// The concurrency-1 rows of issue #356 at 128 output tokens, 128 to
// 8,192 input tokens (the rows at 1,024 output tokens are left out: the
// same prompt as a 128-token row, timed again).
var (
	TTSGLangR1128 = tt356("tt356-h100x16-r1-sglang-128", 128, "|   128 |  128 |           1 |     8 |     179.7 |", 0.1797, true)
	TTSGLangR11K  = tt356("tt356-h100x16-r1-sglang-1k", 1024, "|  1024 |  128 |           1 |     4 |     391.7 |", 0.3917, true)
	TTSGLangR12K  = tt356("tt356-h100x16-r1-sglang-2k", 2048, "|  2048 |  128 |           1 |     4 |     190.5 |", 0.1905, true)
	TTSGLangR13K  = tt356("tt356-h100x16-r1-sglang-3k", 3072, "|  3072 |  128 |           1 |     4 |     200.4 |", 0.2004, true)
	TTSGLangR14K  = tt356("tt356-h100x16-r1-sglang-4k", 4096, "|  4096 |  128 |           1 |     2 |     199.7 |", 0.1997, true)
	TTSGLangR18K  = tt356("tt356-h100x16-r1-sglang-8k", 8192, "|  8192 |  128 |           1 |     2 |     263.9 |", 0.2639, true)
	TTVLLMR1128   = tt356("tt356-h100x8-r1awq-vllm-128", 128, "|   128 |  128 |           1 |     8 |      47.3 |", 0.0473, false)
	TTVLLMR11K    = tt356("tt356-h100x8-r1awq-vllm-1k", 1024, "|  1024 |  128 |           1 |     4 |     105.3 |", 0.1053, false)
	TTVLLMR12K    = tt356("tt356-h100x8-r1awq-vllm-2k", 2048, "|  2048 |  128 |           1 |     4 |     127.3 |", 0.1273, false)
	TTVLLMR13K    = tt356("tt356-h100x8-r1awq-vllm-3k", 3072, "|  3072 |  128 |           1 |     4 |     131.7 |", 0.1317, false)
	TTVLLMR14K    = tt356("tt356-h100x8-r1awq-vllm-4k", 4096, "|  4096 |  128 |           1 |     2 |     120.1 |", 0.1201, false)
	TTVLLMR18K    = tt356("tt356-h100x8-r1awq-vllm-8k", 8192, "|  8192 |  128 |           1 |     2 |     242.0 |", 0.2420, false)
)
