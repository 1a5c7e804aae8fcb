package sources

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds runs of SemiAnalysis's InferenceX (InferenceMAX)
// benchmark on AMD MI355X, read from the result rows its app keeps as the
// benchmark API's test fixture: DeepSeek-R1 in FP4 with SGLang, tensor
// parallel over 4 GPUs, at 1,024 and 8,192 input tokens and 1,024 output
// tokens, the mean TTFT at 4 and at 8 requests in flight (the fixture's
// lowest concurrencies). The rows print seconds. The 1,024-token rows are
// of 2026-02-27 (image lmsysorg/sglang:v0.5.9-rocm700-mi35x), the
// 8,192-token rows of 2025-10-06 (image not stated): two builds.

// InferenceXMI355X is the fixture.
const InferenceXMI355X SourceID = "inferencex-app-benchmarks-fixture-mi355x"

func init() {
	register(
		Source{InferenceXMI355X, "InferenceX app, benchmark API fixture (packages/app/cypress/fixtures/api/benchmarks.json)", "SemiAnalysis (SemiAnalysisAI/InferenceX-app)",
			"https://github.com/SemiAnalysisAI/InferenceX-app/blob/3a600f1d9ce155536d52e2f58f744f27a301aac9/packages/app/cypress/fixtures/api/benchmarks.json", "2026-02-27", Partial,
			"the file's first 16,000 characters: result rows of DeepSeek-R1 FP4 with SGLang on MI355X (hardware, framework, precision, prefill_tp 4, num_prefill_gpu 4, isl, osl, conc, metrics, date, run_url); the date is the newest row's, the commit's date not read; the rest of the 2.3 MB file not read"},
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
