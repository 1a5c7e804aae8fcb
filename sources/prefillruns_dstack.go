package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds dstack's published prefill runs on AMD and NVIDIA
// nodes, read from the raw result files of its benchmark repository: one
// request at a time for Llama 3.1 405B on 8 MI300X with vLLM and with TGI
// (16K to 128K tokens), and DeepSeek-R1 at four concurrent requests on 8
// MI300X and 8 H200 with vLLM, SGLang and TensorRT-LLM (3,200 tokens).
// The result files print TTFT in milliseconds; the runs type seconds.

// The sources of dstack's runs.
const (
	DstackMI300X405B SourceID = "dstack-mi300x-llama405b-2024"
	DstackR1         SourceID = "dstack-deepseek-r1-mi300x-h200-2025"
)

func init() {
	register(
		Source{DstackMI300X405B, "Benchmarking TGI vs vLLM on AMD 8 X MI300x: Performance Insights with LlaMA 3.1 405B Model (benchmark repository of the post 'Benchmarking Llama 3.1 405B on 8x AMD MI300X GPUs')", "dstack", "https://github.com/dstackai/benchmarks/tree/ac24b9d12d571bc785ec86ab18e4ffbf34e68f08/amd/tgi_vs_vllm", "2024-10-09", Read,
			"the README (launch commands: vllm serve --tensor-parallel-size=8, TGI --num-shard 8, meta-llama/Llama-3.1-405B-Instruct, no quantization flag) and the single-prompt result files vllm/data/result_vllm_single_prompt.csv and tgi/data/result_tgi_single_prompt.csv (one request per test, 16,000 to 128,000 input tokens); raw_data/tgi_raw.txt, whose single-prompt section goes on to 8,000, 4,000, 2,000 and 1,000 tokens (vllm_raw.txt's stops at 16,000); the first row (one request) of the 10,000- and 80-token sweeps, tgi/data/result_tgi_long.csv, result_tgi_short.csv and their vLLM twins; the QPS_high files (198 to 1,500 requests) not used"},
		Source{DstackR1, "Evaluate DeepSeek-R1 Inference performance with SgLang, vLLM and TensorRT-LLM on 8xH200 and 8xMi300x (benchmark repository of the post 'DeepSeek R1 inference performance: MI300X vs. H200')", "dstack", "https://github.com/dstackai/benchmarks/tree/7f37e6697725e58dd09b9ef190b62ce19f01d45e/Deepseek-R1", "2025-03-18", Read,
			"the README (launch commands, the bench_serving flags: random prompts of 3,200 input and 800 output tokens, 500 prompts, concurrencies 4 to 128) and raw_data/online_results.csv; the runs kept are concurrency 4 without prefix caching"},
	)
}

const (
	dstack405Readme = "README, Results: the single-prompt test"
	dstackR1Readme  = "README, Online Benchmarking Commands"
)

// The inputs the runs share.
var (
	dstack405BGPUs = exact("dstack-mi300x-405b.gpus", 8.0,
		quoted(DstackMI300X405B, "README, Introduction", "using the `LLaMA 3.1 405B` model on the `8 X AMD MI300x`"))
	dstackR1H200GPUs   = exact("dstack-r1.h200-gpus", 8.0, quoted(DstackR1, "README, Environment", "8x NVIDIA H200 SXM5 GPU, 141GB, 700W"))
	dstackR1MI300XGPUs = exact("dstack-r1.mi300x-gpus", 8.0, quoted(DstackR1, "README, Environment", "8x AMD Mi300x GPU, 192GB, 750W"))
	dstackR1Tokens     = exact("dstack-r1.tokens", breakeven.Tokens(3200), quoted(DstackR1, dstackR1Readme, "--random-input 3200"))
)

// dstack405B is one single-prompt run of Llama 3.1 405B on 8 MI300X.
func dstack405B(engine, file, id string, tokens float64, tokensQuote, ttftMS string, ttft float64) PrefillRun {
	par, eng := "TP8 (vllm serve --tensor-parallel-size=8)", "vLLM 0.6.3.dev (ROCm 6.1)"
	if engine == "tgi" {
		par, eng = "TP8 (text-generation-launcher --num-shard 8 --sharded true)", "TGI (ROCm image sha-11d7af7)"
	}
	loc := file + ", row of " + tokensQuote + " input tokens"
	return PrefillRun{
		ID: id, Model: "Llama 3.1 405B",
		Tokens: exact(id+".tokens", breakeven.Tokens(tokens), quoted(DstackMI300X405B, loc+", Total input tokens", tokensQuote)),
		GPUs:   dstack405BGPUs,
		Chip:   "MI300X", Compute: prefill.Uniform(prefill.BF16),
		Par: prefill.Parallel{TP: 8}, Parallelism: par, Engine: eng, Concurrency: 1,
		Seconds: exact(id+".seconds", breakeven.Seconds(ttft), quoted(DstackMI300X405B, loc+", Mean TTFT (ms)", ttftMS)),
		Note:    "one request (Successful requests 1); the model is meta-llama/Llama-3.1-405B-Instruct with no quantization flag, so BF16; the TTFT includes the HTTP round trip and tokenization",
	}
}

// The single-prompt runs: vLLM and TGI at 16K, 32K, 64K and 128K tokens.
var (
	DstackVLLM405B16K  = dstack405B("vllm", "result_vllm_single_prompt.csv", "dstack-mi300x-405b-vllm-16k", 16000, "16000", "23828.07", 23.82807)
	DstackVLLM405B32K  = dstack405B("vllm", "result_vllm_single_prompt.csv", "dstack-mi300x-405b-vllm-32k", 32000, "32000", "66549.57", 66.54957)
	DstackVLLM405B64K  = dstack405B("vllm", "result_vllm_single_prompt.csv", "dstack-mi300x-405b-vllm-64k", 64000, "64000", "209674.58", 209.67458)
	DstackVLLM405B128K = dstack405B("vllm", "result_vllm_single_prompt.csv", "dstack-mi300x-405b-vllm-128k", 128000, "128000", "734188.96", 734.18896)
	DstackTGI405B16K   = dstack405B("tgi", "result_tgi_single_prompt.csv", "dstack-mi300x-405b-tgi-16k", 16000, "16000", "5945.26", 5.94526)
	DstackTGI405B32K   = dstack405B("tgi", "result_tgi_single_prompt.csv", "dstack-mi300x-405b-tgi-32k", 32000, "32000", "12485.37", 12.48537)
	DstackTGI405B64K   = dstack405B("tgi", "result_tgi_single_prompt.csv", "dstack-mi300x-405b-tgi-64k", 64000, "64000", "28017.16", 28.01716)
	DstackTGI405B128K  = dstack405B("tgi", "result_tgi_single_prompt.csv", "dstack-mi300x-405b-tgi-128k", 128000, "128000", "67651.38", 67.65138)
)

// The other single requests of the same files: TGI's single-prompt
// series below 16K tokens, which raw_data/tgi_raw.txt prints (its CSV
// stops at 16,000), and the first row (one request) of each engine's
// sweeps at 10,000 and 80 tokens.
const (
	dstackTGIRaw    = "raw_data/tgi_raw.txt, the section num_prompts: 1, seq_length: 128000 to 1000"
	dstackTGILong   = "tgi/data/result_tgi_long.csv (1 to 64 prompts of 10,000 tokens), the first row (Successful requests 1)"
	dstackTGIShort  = "tgi/data/result_tgi_short.csv (1 to 2,048 prompts of 80 tokens), the first row (Successful requests 1)"
	dstackVLLMLong  = "vllm/data/result_vllm_long.csv (1 to 64 prompts of 10,000 tokens), the first row (Successful requests 1)"
	dstackVLLMShort = "vllm/data/result_vllm_short.csv (1 to 2,048 prompts of 80 tokens), the first row (Successful requests 1)"
)

var (
	DstackTGI405B8K   = dstack405B("tgi", dstackTGIRaw, "dstack-mi300x-405b-tgi-8k", 8000, "8000", "3236.66", 3.23666)
	DstackTGI405B4K   = dstack405B("tgi", dstackTGIRaw, "dstack-mi300x-405b-tgi-4k", 4000, "4000", "1470.21", 1.47021)
	DstackTGI405B2K   = dstack405B("tgi", dstackTGIRaw, "dstack-mi300x-405b-tgi-2k", 2000, "2000", "767.03", 0.76703)
	DstackTGI405B1K   = dstack405B("tgi", dstackTGIRaw, "dstack-mi300x-405b-tgi-1k", 1000, "1000", "501.36", 0.50136)
	DstackTGI405B10K  = dstack405B("tgi", dstackTGILong, "dstack-mi300x-405b-tgi-10k", 10000, "10000", "3799.42", 3.79942)
	DstackTGI405B80   = dstack405B("tgi", dstackTGIShort, "dstack-mi300x-405b-tgi-80", 80, "80", "123.48", 0.12348)
	DstackVLLM405B10K = dstack405B("vllm", dstackVLLMLong, "dstack-mi300x-405b-vllm-10k", 10000, "10000", "12286.18", 12.28618)
	DstackVLLM405B80  = dstack405B("vllm", dstackVLLMShort, "dstack-mi300x-405b-vllm-80", 80, "80", "314.58", 0.31458)
)

// dstackR1 is one DeepSeek-R1 run at concurrency 4 on 8 GPUs.
func dstackR1(id, chip, engine, par, parQuote, ttftMS string, ttft float64, pp prefill.Parallel) PrefillRun {
	engines := map[string]string{"vllm": "vLLM 0.7", "sglang": "SGLang 0.4", "trt-llm": "TensorRT-LLM 0.17 (PyTorch backend)"}
	gpus := dstackR1H200GPUs
	if chip == "MI300X" {
		gpus = dstackR1MI300XGPUs
	}
	return PrefillRun{
		ID: id, Model: "DeepSeek-V3", ModelNote: "DeepSeek-R1 (the DeepSeek-V3 architecture, FP8 weights)",
		Tokens: dstackR1Tokens,
		GPUs:   gpus, Chip: chip, Compute: fp8BF16Attention,
		Par: pp, Parallelism: par, Engine: engines[engine], Concurrency: 4,
		Seconds: exact(id+".seconds", breakeven.Seconds(ttft),
			quoted(DstackR1, "raw_data/online_results.csv, row "+chip+" "+engine+" random max_concurrency 4, mean_ttft_ms", ttftMS)),
		Note: "mean TTFT at four concurrent requests of 3,200 input and 800 output tokens: a request's prefill shares the GPUs with up to three decoding requests and may queue; launch flags " + parQuote + "; DeepSeek-R1's FP8 weights, attention taken as BF16",
	}
}

// The DeepSeek-R1 runs at concurrency 4.
var (
	DstackR1MI300XVLLM   = dstackR1("dstack-mi300x-r1-vllm-c4", "MI300X", "vllm", "TP8", "--tensor-parallel-size 8", "1259.239487", 1.259239487, prefill.Parallel{TP: 8})
	DstackR1MI300XSGLang = dstackR1("dstack-mi300x-r1-sglang-c4", "MI300X", "sglang", "TP8", "--tp 8", "1644.592794", 1.644592794, prefill.Parallel{TP: 8})
	DstackR1H200VLLM     = dstackR1("dstack-h200-r1-vllm-c4", "H200", "vllm", "TP8", "--tensor-parallel-size 8", "975.6508477", 0.9756508477, prefill.Parallel{TP: 8})
	DstackR1H200SGLang   = dstackR1("dstack-h200-r1-sglang-c4", "H200", "sglang", "TP8 with DP attention", "--tp 8 --enable-dp-attention", "3903.903552", 3.903903552, prefill.Parallel{TP: 8})
	DstackR1H200TRTLLM   = dstackR1("dstack-h200-r1-trtllm-c4", "H200", "trt-llm", "TP8 EP4", "--tp_size $DSTACK_GPUS_NUM --ep_size 4 --pp_size 1", "1003.803258", 1.003803258, prefill.Parallel{TP: 8, EP: 4})
)
