package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds runs of SemiAnalysis's InferenceX (InferenceMAX)
// benchmark, read from the result rows its app keeps as the benchmark
// API's test fixture: DeepSeek-R1 at 1,024 and 8,192 input tokens and
// 1,024 output tokens, the mean TTFT at the lowest concurrencies a
// configuration ran (2 to 8 requests in flight). The rows print seconds.
//
//   - AMD MI355X with SGLang, FP4, tensor parallel over 4 GPUs, one node
//     (the file's first rows). The 1,024-token rows are of 2026-02-27
//     (image lmsysorg/sglang:v0.5.9-rocm700-mi35x), the 8,192-token rows
//     of 2025-10-06 (image not stated): two builds.
//   - AMD MI355X with ATOM, AMD's engine, FP4 with MTP speculative
//     decoding, TP8 on one node (2026-02-25).
//   - AMD MI355X with SGLang and MoRI, FP8 with MTP, disaggregated: a
//     prefill worker of 4 GPUs at TP4 (2026-03-03).
//   - NVIDIA GB300 with SGLang under Dynamo, FP8, disaggregated: a prefill
//     worker of 4 GPUs at TP4 (2026-02-09).
//   - NVIDIA GB200 with SGLang under Dynamo, FP4, disaggregated: one
//     prefill worker of 4 GPUs with DP attention (2025-12-21).
//   - NVIDIA B300 with TensorRT-LLM under Dynamo, FP4 with MTP,
//     disaggregated: one prefill worker of 2 GPUs, TP2/EP2 with DP
//     attention (2026-01-28). Its TTFTs (2.4 s at 1K tokens, 2.8 s at 8K)
//     are several times any other chip's: whatever dominates them is not
//     the prefill's FLOPs, and they are kept as runs the model misses.
//
// A disaggregated run's TTFT includes the transfer of the KV cache from
// the prefill worker to the decode worker.

// InferenceXMI355X is the fixture.
const InferenceXMI355X SourceID = "inferencex-app-benchmarks-fixture-mi355x"

func init() {
	register(
		Source{InferenceXMI355X, "InferenceX app, benchmark API fixture (packages/app/cypress/fixtures/api/benchmarks.json)", "SemiAnalysis (SemiAnalysisAI/InferenceX-app)",
			"https://github.com/SemiAnalysisAI/InferenceX-app/blob/3a600f1d9ce155536d52e2f58f744f27a301aac9/packages/app/cypress/fixtures/api/benchmarks.json", "2026-02-27", Partial,
			"five windows of 16,000 characters of the 2,274,325-character file (from offsets 0, 600,000, 1,000,000, 1,600,000 and 2,100,000): result rows of DeepSeek-R1 (hardware, framework, precision, spec_method, disagg, prefill_tp, prefill_ep, prefill_dp_attention, num_prefill_gpu, isl, osl, conc, image, metrics, date, run_url); the rows at the lowest concurrency of a configuration kept; the date is the MI355X SGLang rows' newest, the commit's date not read; the rest of the file not read"},
	)
}

const inferencexLoc = "first rows (hardware mi355x, framework sglang, model dsr1, precision fp4, disagg false)"

var inferencexGPUs = exact("inferencex-mi355x.gpus", 4.0, quoted(InferenceXMI355X, inferencexLoc, `"num_prefill_gpu":4,"num_decode_gpu":4`))

// inferencexMI355X is one DeepSeek-R1 FP4 row at isl tokens and
// concurrency conc, with its mean TTFT in seconds as printed.
func inferencexMI355X(id string, isl, conc int, islQuote, ttftQuote string, ttft float64) PrefillRun {
	engine := "SGLang v0.5.9 (ROCm 7.0.0 image)"
	date := "2026-02-27"
	if isl == 8192 {
		engine, date = "SGLang (image not stated)", "2025-10-06"
	}
	loc := inferencexLoc + ", the row of isl " + islQuote + ", osl 1024, conc " + map[int]string{4: "4", 8: "8"}[conc] + " dated " + date
	return PrefillRun{
		ID: id, Model: "DeepSeek-V3", ModelNote: "DeepSeek-R1 FP4 (the DeepSeek-V3 architecture)",
		Tokens: exact(id+".tokens", breakeven.Tokens(isl), quoted(InferenceXMI355X, loc, `"isl":`+islQuote+`,"osl":1024`)),
		GPUs:   inferencexGPUs, Chip: "MI355X", Compute: fp4FP8Attention,
		Par: prefill.Parallel{TP: 4}, Parallelism: "TP4 (prefill_tp 4, prefill_ep 1, no DP attention), one node", Engine: engine, Concurrency: conc,
		Seconds: exact(id+".seconds", breakeven.Seconds(ttft), quoted(InferenceXMI355X, loc+", metrics.mean_ttft", ttftQuote)),
		Note:    "the mean TTFT of a closed-loop benchmark with the stated requests in flight, each of 1,024 output tokens, so a request may wait behind the others' prefills and decode steps; FP4 weights, attention precision not read (taken as FP8, as in the other FP4 runs; the catalog has no BF16 peak for the MI355X)",
	}
}

// The MI355X rows.
var (
	InferenceXMI355X1KC4 = inferencexMI355X("inferencex-mi355x-r1fp4-1k-c4", 1024, 4, "1024", `"mean_ttft":0.14774119136855007`, 0.14774119136855007)
	InferenceXMI355X1KC8 = inferencexMI355X("inferencex-mi355x-r1fp4-1k-c8", 1024, 8, "1024", `"mean_ttft":0.2117364545702003`, 0.2117364545702003)
	InferenceXMI355X8KC4 = inferencexMI355X("inferencex-mi355x-r1fp4-8k-c4", 8192, 4, "8192", `"mean_ttft":0.9541809582558927`, 0.9541809582558927)
	InferenceXMI355X8KC8 = inferencexMI355X("inferencex-mi355x-r1fp4-8k-c8", 8192, 8, "8192", `"mean_ttft":1.2713566282414832`, 1.2713566282414832)
)

// inferencexConfig is one configuration of the fixture: its rows' shared
// fields as printed.
type inferencexConfig struct {
	loc, chip, engine, date, parallelism, note string
	compute                                    prefill.Compute
	par                                        prefill.Parallel
	gpus                                       Input[float64]
}

// row is one of the configuration's rows at isl tokens and conc requests
// in flight: islQuote prints the row's isl, osl and conc, ttftQuote its
// mean TTFT in seconds.
func (c inferencexConfig) row(id string, isl, conc int, islQuote, ttftQuote string, ttft float64) PrefillRun {
	loc := c.loc + ", the row " + islQuote
	return PrefillRun{
		ID: id, Model: "DeepSeek-V3", ModelNote: "DeepSeek-R1 (the DeepSeek-V3 architecture)",
		Tokens: exact(id+".tokens", breakeven.Tokens(isl), quoted(InferenceXMI355X, loc, islQuote)),
		GPUs:   c.gpus, Chip: c.chip, Compute: c.compute,
		Par: c.par, Parallelism: c.parallelism, Engine: c.engine, Concurrency: conc,
		Seconds: exact(id+".seconds", breakeven.Seconds(ttft), quoted(InferenceXMI355X, loc+", metrics.mean_ttft", ttftQuote)),
		Note:    "the mean TTFT of a closed-loop benchmark with the stated requests in flight, each of 1,024 output tokens (" + c.date + "); " + c.note,
	}
}

// The further configurations, each with the locator of its rows.
var (
	inferencexATOM = inferencexConfig{
		loc:  "rows near offset 1,600,000 (hardware mi355x, framework atom, precision fp4, spec_method mtp, disagg false, prefill_tp 8)",
		chip: "MI355X", engine: "ATOM 0.1.1 (AMD; ROCm 7.2.0 image)", date: "2026-02-25",
		parallelism: "TP8 on one node (prefill_tp 8, prefill_ep 1, no DP attention)",
		note:        "FP4 weights, attention taken as FP8 as in the other FP4 runs; MTP speculative decoding",
		compute:     fp4FP8Attention, par: prefill.Parallel{TP: 8},
		gpus: exact("inferencex-mi355x-atom.gpus", 8.0, quoted(InferenceXMI355X, "rows near offset 1,600,000 (hardware mi355x, framework atom)", `"num_prefill_gpu":8,"num_decode_gpu":8`)),
	}
	inferencexMoRI = inferencexConfig{
		loc:  "rows near offset 2,100,000 (hardware mi355x, framework mori-sglang, precision fp8, spec_method mtp, disagg true, prefill_tp 4)",
		chip: "MI355X", engine: "SGLang 0.5.9 with MoRI (ROCm 7.2.0 image), disaggregated", date: "2026-03-03",
		parallelism: "disaggregated: one prefill worker of 4 GPUs at TP4 (prefill_ep 1, no DP attention), decode on 8 others",
		note:        "FP8 weights, attention taken as BF16 as in the other FP8 runs; MTP speculative decoding; the TTFT includes the KV transfer to the decode worker",
		compute:     fp8BF16Attention, par: prefill.Parallel{TP: 4},
		gpus: exact("inferencex-mi355x-mori.gpus", 4.0, quoted(InferenceXMI355X, "rows near offset 2,100,000 (hardware mi355x, framework mori-sglang)", `"num_prefill_gpu":4,"num_decode_gpu":8`)),
	}
	inferencexGB300 = inferencexConfig{
		loc:  "rows near offset 1,600,000 (hardware gb300, framework dynamo-sglang, precision fp8, spec_method none, disagg true, prefill_tp 4)",
		chip: "GB300", engine: "SGLang v0.5.8.post1 with NVIDIA Dynamo, disaggregated", date: "2026-02-09",
		parallelism: "disaggregated: one prefill worker of 4 GPUs at TP4 (prefill_ep 1, no DP attention), decode on 4 others",
		note:        "FP8 weights, attention taken as BF16; the TTFT includes the KV transfer to the decode worker",
		compute:     fp8BF16Attention, par: prefill.Parallel{TP: 4},
		gpus: exact("inferencex-gb300-sglang.gpus", 4.0, quoted(InferenceXMI355X, "rows near offset 1,600,000 (hardware gb300, framework dynamo-sglang)", `"num_prefill_gpu":4,"num_decode_gpu":4`)),
	}
	inferencexGB200 = inferencexConfig{
		loc:  "rows near offset 600,000 (hardware gb200, framework dynamo-sglang, precision fp4, spec_method none, disagg true, prefill_tp 1, prefill_dp_attention true)",
		chip: "GB200", engine: "SGLang v0.5.5.post2 with NVIDIA Dynamo, disaggregated", date: "2025-12-21",
		parallelism: "disaggregated: one prefill worker of 4 GPUs with DP attention (prefill_tp 1, prefill_ep 1 as printed; the experts' split not read), decode on 8 others",
		note:        "FP4 weights, attention taken as FP8 as in the other FP4 runs; the parallelism is not read beyond the printed fields, so no communication is charged; the TTFT includes the KV transfer to the decode worker",
		compute:     fp4FP8Attention,
		gpus:        exact("inferencex-gb200-sglang.gpus", 4.0, quoted(InferenceXMI355X, "rows near offset 600,000 (hardware gb200, framework dynamo-sglang, precision fp4)", `"num_prefill_gpu":4,"num_decode_gpu":8`)),
	}
	inferencexB300 = inferencexConfig{
		loc:  "rows near offset 1,000,000 (hardware b300, framework dynamo-trt, precision fp4, spec_method mtp, disagg true, prefill_tp 2, prefill_ep 2, prefill_dp_attention true)",
		chip: "B300", engine: "TensorRT-LLM with NVIDIA Dynamo 0.8.1, disaggregated", date: "2026-01-28",
		parallelism: "disaggregated: one prefill worker of 2 GPUs, EP2 with DP attention (prefill_tp 2, prefill_ep 2), decode on 32 others",
		note:        "FP4 weights, attention taken as FP8 as in the other FP4 runs; MTP speculative decoding; the TTFT includes the KV transfer to the decode worker, and is several times any other chip's at these lengths",
		compute:     fp4FP8Attention, par: prefill.Parallel{EP: 2},
		gpus: exact("inferencex-b300-trt.gpus", 2.0, quoted(InferenceXMI355X, "rows near offset 1,000,000 (hardware b300, framework dynamo-trt)", `"num_prefill_gpu":2,"num_decode_gpu":32`)),
	}
)

// The further rows.
var (
	InferenceXATOM1KC4  = inferencexATOM.row("inferencex-mi355x-atom-r1fp4-1k-c4", 1024, 4, `"isl":1024,"osl":1024,"conc":4`, `"mean_ttft":0.08727982917334884`, 0.08727982917334884)
	InferenceXATOM1KC8  = inferencexATOM.row("inferencex-mi355x-atom-r1fp4-1k-c8", 1024, 8, `"isl":1024,"osl":1024,"conc":8`, `"mean_ttft":0.0934439517208375`, 0.0934439517208375)
	InferenceXATOM8KC4  = inferencexATOM.row("inferencex-mi355x-atom-r1fp4-8k-c4", 8192, 4, `"isl":8192,"osl":1024,"conc":4`, `"mean_ttft":0.29697993672452866`, 0.29697993672452866)
	InferenceXATOM8KC8  = inferencexATOM.row("inferencex-mi355x-atom-r1fp4-8k-c8", 8192, 8, `"isl":8192,"osl":1024,"conc":8`, `"mean_ttft":0.3393440822022967`, 0.3393440822022967)
	InferenceXMoRI8KC2  = inferencexMoRI.row("inferencex-mi355x-mori-r1fp8-8k-c2", 8192, 2, `"isl":8192,"osl":1024,"conc":2`, `"mean_ttft":0.4804580358788371`, 0.4804580358788371)
	InferenceXMoRI1KC4  = inferencexMoRI.row("inferencex-mi355x-mori-r1fp8-1k-c4", 1024, 4, `"isl":1024,"osl":1024,"conc":4`, `"mean_ttft":0.2108219994464889`, 0.2108219994464889)
	InferenceXMoRI8KC4  = inferencexMoRI.row("inferencex-mi355x-mori-r1fp8-8k-c4", 8192, 4, `"isl":8192,"osl":1024,"conc":4`, `"mean_ttft":0.6569191140355543`, 0.6569191140355543)
	InferenceXGB3008KC4 = inferencexGB300.row("inferencex-gb300-sglang-r1fp8-8k-c4", 8192, 4, `"isl":8192,"osl":1024,"conc":4`, `"mean_ttft":0.6476747548062122`, 0.6476747548062122)
	InferenceXGB3008KC8 = inferencexGB300.row("inferencex-gb300-sglang-r1fp8-8k-c8", 8192, 8, `"isl":8192,"osl":1024,"conc":8`, `"mean_ttft":0.7676116940121573`, 0.7676116940121573)
	InferenceXGB2001KC4 = inferencexGB200.row("inferencex-gb200-sglang-r1fp4-1k-c4", 1024, 4, `"isl":1024,"osl":1024,"conc":4`, `"mean_ttft":0.22575995295774193`, 0.22575995295774193)
	InferenceXGB2001KC8 = inferencexGB200.row("inferencex-gb200-sglang-r1fp4-1k-c8", 1024, 8, `"isl":1024,"osl":1024,"conc":8`, `"mean_ttft":0.2937907711253501`, 0.2937907711253501)
	InferenceXB3001KC6  = inferencexB300.row("inferencex-b300-trt-r1fp4-1k-c6", 1024, 6, `"isl":1024,"osl":1024,"conc":6`, `"mean_ttft":2.375828579607575`, 2.375828579607575)
	InferenceXB3008KC8  = inferencexB300.row("inferencex-b300-trt-r1fp4-8k-c8", 8192, 8, `"isl":8192,"osl":1024,"conc":8`, `"mean_ttft":2.7861119946494`, 2.7861119946494)
)
