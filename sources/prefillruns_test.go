package sources

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/prefill"
)

// Each run is complete: a catalog model, one measurement, a chip, a
// source that is registered, and either GPUs or a reason it cannot be
// priced.
func TestPrefillRunsComplete(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range PrefillRuns() {
		assert.False(t, ids[r.ID], "duplicate run %s", r.ID)
		ids[r.ID] = true
		_, err := FindModel(r.Model)
		assert.NoError(t, err, r.ID)
		assert.True(t, (r.Seconds.Name == "") != (r.Rate.Name == ""), "%s: exactly one of Seconds and Rate", r.ID)
		assert.NotEmpty(t, r.Chip, r.ID)
		assert.NotEmpty(t, r.Parallelism, r.ID)
		if r.Unpriceable == "" {
			assert.NotEmpty(t, r.GPUs.Name, "%s: GPUs, or a reason it cannot be priced", r.ID)
			assert.NotEmpty(t, r.Tokens.Name, r.ID)
		}
		for _, c := range []Cite{r.Tokens.Cite, r.GPUs.Cite, r.Seconds.Cite, r.Rate.Cite} {
			if c.Source == "" {
				continue
			}
			_, ok := Lookup(c.Source)
			assert.True(t, ok, "%s cites unknown source %s", r.ID, c.Source)
		}
	}
	assert.GreaterOrEqual(t, len(ids)-3, 12, "at least 12 runs beyond the post's tests")
}

// Each measured figure appears in its quote as printed: 77 in "77s",
// 16,500 in "16.5k", 406.77 ms in "406.77", 180 s in "*3* minutes".
func TestPrefillRunQuotesStateTheirFigures(t *testing.T) {
	printedAs := map[string]string{
		"meta-cp-1m.seconds": "77s", "meta-cp-128k.seconds": "3.8s", "meta-cp-host.seconds": "60 seconds",
		"nim-llama3.3-70b-5k.seconds": "406.77", "nim-llama3.3-70b-500.seconds": "47.77", "sglang-h100-dsv3-2k.rate": "54,543", "sglang-h100-dsv3-4k.rate": "50,302",
		"sglang-h20-r1-4k.rate": "16.5k", "sglang-gb200-dsv3-bf16attn.rate": "18,471", "sglang-gb200-dsv3-fp4.rate": "26,156",
		"sglang-gb300-r1-128k.seconds": "8.6s", "sglang-gb300-r1-128k-nochunk.seconds": "15.2s", "sglang-gb200-r1-128k-nochunk.seconds": "18.6s", "vllm-gb300-r1-2k.rate": "22476",
		"sglang-h200-kimi-k2-2k.rate": "896k", "minference-a100-300k.seconds": "*3* minutes", "minference-a100-1m.seconds": "30 minutes",
		"deepseek-day6.prefill-rate": "73.7k", "nvidia-gh200-70b.seconds": "472 milliseconds", "nvidia-gh200-405b.seconds": "7.5 seconds",
		"meta-cp-1m.tokens": "1M", "meta-cp-128k.tokens": "128K", "sglang-gb300-r1-128k.tokens": "128K", "minference-a100-300k.tokens": "300K",
		"nim-llama3.3-70b-5k.tokens": "5000", "sglang-h20-r1-4k.tokens": "4096", "sglang-gb200-dsv3.tokens": "2000", "vllm-gb300-r1-2k.tokens": "2K",
		"nvidia-gh200-405b.tokens": "122,880", "nvidia-gh200-70b.tokens": "32,768", "meta-cp-1m.gpus": "128", "sglang-h200-kimi-k2-2k.prefill-gpus": "4 nodes/P",
		"sglang-gb300-r1-128k.gpus": "PP4", "nvidia-gh200.gpus": "32", "minference-a100.gpus": "single A100", "nim-llama3.3-70b-5k.gpus": "2 x H100",
	}
	for name, ms := range dstackTTFTms {
		printedAs[name] = strconv.FormatFloat(ms, 'f', -1, 64)
	}
	for name, ms := range tt356TTFTms {
		printedAs[name] = strconv.FormatFloat(ms, 'f', 1, 64) + " |"
	}
	for name, ms := range trtPerfTTFTms {
		printedAs[name] = " " + strconv.FormatFloat(ms, 'f', 0, 64) + " |"
	}
	// LMDeploy's FTL(ave)(s) column, in seconds to the millisecond.
	for name, s := range map[string]string{
		"lmdeploy-a100-llama2-7b-128.seconds": "| 0.022 ", "lmdeploy-a100-llama2-7b-2k.seconds": "| 0.139 ",
		"lmdeploy-a100x4-llama2-70b-128.seconds": "| 0.074 ", "lmdeploy-a100x4-llama2-70b-2k.seconds": "| 0.402 ",
	} {
		printedAs[name] = s
	}
	// The served single requests: AWS's NIM table prints seconds to the
	// hundredth, GPUStack's vLLM benchmark its mean TTFT in ms, vLLM's
	// pull request #42646 its concurrency-1 row's baseline mean TTFT in ms
	// (the row's third cell).
	for name, s := range map[string]string{
		"aws-nim-h100-llama3-8b-fp8-200.seconds":         "Time-to-first-token(sec) | 0.01 ",
		"aws-nim-h100x4-llama3-70b-fp8-7000.seconds":     "Time-to-first-token(sec) | 0.34 ",
		"aws-nim-h100x4-llama3.1-70b-fp16-7000.seconds":  "Time-to-first-token(sec) | 0.54 ",
		"aws-nim-h100x8-mixtral-8x22b-fp16-7000.seconds": "Time-to-first-token(sec) | 0.26 ",
		"aws-nim.mixtral-8x22b.gpus":                     "| 8xH100 | 7000/1000",
		"gpustack-h100-qwen3-8b.seconds":                 "Mean TTFT (ms):                          59.01",
		"aws-nim-h100-llama3-8b-fp8-200.tokens":          "| 1xH100 | 200/114",
		"aws-nim.llama3-70b.gpus":                        "| 4xH100 | 7000/1000",
		"aws-nim.llama3-70b-8xh100.gpus":                 "| 8xH100 | 7000/1000",
		"aws-nim-h100x8-llama3-70b-fp8-7000.seconds":     "Time-to-first-token(sec) | 0.26 ",
		"gpustack-h100-qwen3-8b.tokens":                  "Total input tokens:                      23260",
		"vllm-pr42646.seconds":                           "| 1 | 141.02 | 140.17 |",
		"vllm-pr42646.tokens":                            "ISL/OSL = 1024/1024",
		"vllm-pr42646.gpus":                              "TP4 on 4xB300",
	} {
		printedAs[name] = s
	}
	// Issue #5929's TTFT p50 columns are in seconds, EP None, 4 and 8 in turn.
	for name, s := range map[string]string{
		"trtllm-h200-r1-8k-tp8.seconds": "| 0.51583 | 0.37007 | 0.35281", "trtllm-h200-r1-8k-tp8ep4.seconds": "| 0.37007 | 0.35281",
		"trtllm-h200-r1-8k-tp8ep8.seconds": "| 0.35281", "trtllm-b200-r1fp4-8k-tp8.seconds": "| 0.39411 | 0.39012 | 0.44809",
		"trtllm-b200-r1fp4-8k-tp8ep4.seconds": "| 0.39012 | 0.44809", "trtllm-b200-r1fp4-8k-tp8ep8.seconds": "| 0.44809",
		"trtllm-h200-r1-1600-tp8.seconds": "| 0.16463 | 0.13436 | 0.12411", "trtllm-h200-r1-1600-tp8ep4.seconds": "| 0.13436 | 0.12411",
		"trtllm-h200-r1-1600-tp8ep8.seconds": "| 0.12411", "trtllm-b200-r1fp4-1600-tp8.seconds": "| 0.16104 | 0.16018 | 0.17265",
		"trtllm-b200-r1fp4-1600-tp8ep4.seconds": "| 0.16018 | 0.17265", "trtllm-b200-r1fp4-1600-tp8ep8.seconds": "| 0.17265",
		"trtllm-5929.tokens-1600": "| 1 | 1600 |",
		"trtllm-5929.tokens":      "| 1 | 8192 |", "trtllm-5929.b200-gpus": "8x NVIDIA B200", "trtllm-5929.h200-gpus": "8x NVIDIA H200",
		"tt-356.sglang-gpus": "16 H100", "tt-356.vllm-gpus": "8xH100s",
		"inferencex-mi355x.gpus": `"num_prefill_gpu":4,`, "inferencex-mi355x-r1fp4-1k-c4.tokens": `"isl":1024,`, "inferencex-mi355x-r1fp4-8k-c8.tokens": `"isl":8192,`,
		"inferencex-mi355x-r1fp4-1k-c4.seconds": `:0.14774119136855007`, "inferencex-mi355x-r1fp4-1k-c8.seconds": `:0.2117364545702003`,
		"inferencex-mi355x-r1fp4-8k-c4.seconds": `:0.9541809582558927`, "inferencex-mi355x-r1fp4-8k-c8.seconds": `:1.2713566282414832`,
		"inferencex-mi355x-atom.gpus": `"num_prefill_gpu":8,`, "inferencex-mi355x-mori.gpus": `"num_prefill_gpu":4,`,
		"inferencex-gb300-sglang.gpus": `"num_prefill_gpu":4,`, "inferencex-gb200-sglang.gpus": `"num_prefill_gpu":4,`, "inferencex-b300-trt.gpus": `"num_prefill_gpu":2,`,
		"inferencex-mi355x-mori-r1fp8-8k-c2.tokens": `"isl":8192,`, "inferencex-b300-trt-r1fp4-1k-c6.tokens": `"isl":1024,`,
		"inferencex-mi355x-atom-r1fp4-1k-c4.seconds": `:0.08727982917334884`, "inferencex-mi355x-atom-r1fp4-1k-c8.seconds": `:0.0934439517208375`,
		"inferencex-mi355x-atom-r1fp4-8k-c4.seconds": `:0.29697993672452866`, "inferencex-mi355x-atom-r1fp4-8k-c8.seconds": `:0.3393440822022967`,
		"inferencex-mi355x-mori-r1fp8-8k-c2.seconds": `:0.4804580358788371`, "inferencex-mi355x-mori-r1fp8-1k-c4.seconds": `:0.2108219994464889`,
		"inferencex-mi355x-mori-r1fp8-8k-c4.seconds": `:0.6569191140355543`, "inferencex-gb300-sglang-r1fp8-8k-c4.seconds": `:0.6476747548062122`,
		"inferencex-gb300-sglang-r1fp8-8k-c8.seconds": `:0.7676116940121573`, "inferencex-gb200-sglang-r1fp4-1k-c4.seconds": `:0.22575995295774193`,
		"inferencex-gb200-sglang-r1fp4-1k-c8.seconds": `:0.2937907711253501`, "inferencex-b300-trt-r1fp4-1k-c6.seconds": `:2.375828579607575`,
		"inferencex-b300-trt-r1fp4-8k-c8.seconds": `:2.7861119946494`,
	} {
		printedAs[name] = s
	}
	inputs := inputByName(t)
	for name, s := range printedAs {
		in, ok := inputs[name]
		require.True(t, ok, name)
		assert.Contains(t, in.Quote, s, name)
	}
	// Every run's measured figure has a case above, so none goes unchecked.
	for _, r := range PrefillRuns() {
		for _, in := range []string{r.Seconds.Name, r.Rate.Name} {
			if in == "" || strings.HasPrefix(in, "vast405b") || strings.HasPrefix(in, "weka70b") || strings.HasPrefix(in, "qwen") {
				continue
			}
			_, ok := printedAs[in]
			assert.True(t, ok, "%s: no printed form checked", in)
		}
	}
	// No quote is longer than a short excerpt.
	long := regexp.MustCompile(`.{200,}`)
	for _, r := range PrefillRuns() {
		assert.False(t, long.MatchString(r.Seconds.Quote+r.Rate.Quote), r.ID)
	}
}

// A rate is priced as the time of one prompt on the rate's GPUs: WEKA's
// 105,000 tokens at the post's 4,380 tokens/s take 24.0 s.
func TestPrefillRunTime(t *testing.T) {
	var weka PrefillRun
	for _, r := range PrefillRuns() {
		if r.ID == WEKA70B.ID {
			weka = r
		}
	}
	assert.InDelta(t, 105000.0/4380, float64(weka.Time().Value), 1e-9)
	assert.InDelta(t, 77.0, float64(MetaCP1M.Time().Value), 0)
	assert.Zero(t, DeepSeekH800.Time().Value, "no prompt length, no time")
	assert.Equal(t, "not read", GH200Llama70B.PrecisionText())
	assert.Equal(t, "FP8 (BF16 attention)", MetaCP1M.PrecisionText())
}

// Each rounded figure spans half its last printed digit either way, and
// "1M", "128K" and "300K" span the decimal to the binary reading.
func TestPrefillRunIntervals(t *testing.T) {
	want := map[string][2]float64{
		"meta-cp-1m.seconds":                   {76.5, 77.5},
		"meta-cp-128k.seconds":                 {3.75, 3.85},
		"meta-cp-host.seconds":                 {55, 65}, // "60 seconds", a round figure
		"sglang-h20-r1-4k.rate":                {16450, 16550},
		"sglang-gb300-r1-128k.seconds":         {8.55, 8.65},
		"sglang-gb300-r1-128k-nochunk.seconds": {15.15, 15.25},
		"sglang-gb200-r1-128k-nochunk.seconds": {18.55, 18.65},
		"sglang-h200-kimi-k2-2k.rate":          {895500, 896500},
		"minference-a100-300k.seconds":         {150, 210}, // "3 minutes"
		"minference-a100-1m.seconds":           {1770, 1830},
		"deepseek-day6.prefill-rate":           {73650, 73750},
		"nvidia-gh200-405b.seconds":            {7.45, 7.55},
		"meta-cp-1m.tokens":                    {1e6, 1 << 20},
		"meta-cp-128k.tokens":                  {128000, 128 * 1024},
		"meta-cp-host.tokens":                  {128000, 128 * 1024},
		"sglang-gb300-r1-128k.tokens":          {128000, 128 * 1024},
		"minference-a100-300k.tokens":          {300000, 300 * 1024},
		"minference-a100-1m.tokens":            {1e6, 1 << 20},
	}
	// AWS's NIM table prints the time to first token in seconds to the hundredth.
	for name, v := range map[string]float64{
		"aws-nim-h100-llama3-8b-fp8-200.seconds": 0.01, "aws-nim-h100x4-llama3-70b-fp8-7000.seconds": 0.34,
		"aws-nim-h100x4-llama3.1-70b-fp16-7000.seconds": 0.54, "aws-nim-h100x8-mixtral-8x22b-fp16-7000.seconds": 0.26,
		"aws-nim-h100x8-llama3-70b-fp8-7000.seconds": 0.26,
	} {
		want[name] = [2]float64{v - 0.005, v + 0.005}
	}
	// TensorRT-LLM's low-latency tables print whole milliseconds.
	for name, ms := range trtPerfTTFTms {
		want[name] = [2]float64{(ms - 0.5) / 1e3, (ms + 0.5) / 1e3}
	}
	inputs := inputByName(t)
	for name, w := range want {
		in, ok := inputs[name]
		require.True(t, ok, name)
		assert.InDelta(t, w[0], in.Value.Lo, 1e-9*w[1], name)
		assert.InDelta(t, w[1], in.Value.Hi, 1e-9*w[1], name)
	}
	// The runs' other figures are exact.
	for _, r := range PrefillRuns() {
		for _, in := range []AnyInput{inputs[r.Tokens.Name], inputs[r.GPUs.Name], inputs[r.Seconds.Name], inputs[r.Rate.Name]} {
			if in.Name == "" || strings.HasPrefix(in.Name, "vast405b") || strings.HasPrefix(in.Name, "weka70b") || strings.HasPrefix(in.Name, "qwen") {
				continue
			}
			if _, ok := want[in.Name]; !ok {
				assert.True(t, in.Value.IsExact(), "%s is exact", in.Name)
			}
		}
	}
}

// Issue #5929's runs are split as its table says: tensor parallel 8, and
// expert parallel 4 or 8 where the row says so (EP=None: none).
func TestIssue5929RunsSplitAsTheirTableSays(t *testing.T) {
	for _, c := range []struct {
		run  PrefillRun
		ep   int
		text string
	}{
		{TRTLLMH200R1TP8, 0, "TP=8, EP=None"}, {TRTLLMH200R1EP4, 4, "TP=8, EP=4"}, {TRTLLMH200R1EP8, 8, "TP=8, EP=8"},
		{TRTLLMB200R1TP8, 0, "TP=8, EP=None"}, {TRTLLMB200R1EP4, 4, "TP=8, EP=4"}, {TRTLLMB200R1EP8, 8, "TP=8, EP=8"},
		{TRTLLMH200R1TP8At1600, 0, "TP=8, EP=None"}, {TRTLLMH200R1EP4At1600, 4, "TP=8, EP=4"}, {TRTLLMH200R1EP8At1600, 8, "TP=8, EP=8"},
		{TRTLLMB200R1TP8At1600, 0, "TP=8, EP=None"}, {TRTLLMB200R1EP4At1600, 4, "TP=8, EP=4"}, {TRTLLMB200R1EP8At1600, 8, "TP=8, EP=8"},
	} {
		assert.Equal(t, prefill.Parallel{TP: 8, EP: c.ep}, c.run.Par, c.run.ID)
		assert.Equal(t, c.text, c.run.Parallelism, c.run.ID)
		assert.Contains(t, c.run.Seconds.Locator, c.text, c.run.ID)
	}
}

// A time quoted at full precision ("mean_ttft":0.2117364545702003, as
// InferenceX's fixture prints it) is typed bit for bit: parsing the quote
// gives the input exactly.
func TestFullPrecisionTimesAreTypedBitForBit(t *testing.T) {
	re := regexp.MustCompile(`"mean_ttft":([0-9.]+)`)
	n := 0
	for _, r := range PrefillRuns() {
		m := re.FindStringSubmatch(r.Seconds.Quote)
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err, r.ID)
		assert.Equal(t, v, float64(r.Seconds.V()), r.ID)
		n++
	}
	assert.GreaterOrEqual(t, n, 17, "InferenceX's runs")
}

// TensorRT-LLM's low-latency rows are one prompt each, timed offline, on
// the GPUs of their TP column, in FP8 on the H100 and L40S tables and in
// FP16 on the A100's, as their tables' headings say.
func TestTRTLLMPerfRunsAreOfflinePromptsAsTheirTablesSay(t *testing.T) {
	runs := []PrefillRun{TRTPerfH100L7B128, TRTPerfH100L7B2K, TRTPerfH100L70B128, TRTPerfH100L70B2K,
		TRTPerfL40SL7B128, TRTPerfL40SL7B2K, TRTPerfA100L7B128, TRTPerfA100L7B2K, TRTPerfA100L70B128, TRTPerfA100L70B2K}
	all := map[string]bool{}
	for _, r := range PrefillRuns() {
		all[r.ID] = true
	}
	for _, r := range runs {
		assert.True(t, all[r.ID], "%s is among the published runs", r.ID)
		assert.True(t, r.Offline, r.ID)
		assert.Equal(t, 1, r.Concurrency, r.ID)
		assert.Contains(t, r.Seconds.Quote, "| 1          | "+strconv.Itoa(int(r.GPUs.V()))+" ", "%s: the TP column is its GPUs", r.ID)
		assert.Equal(t, int(r.GPUs.V()), r.Par.TP, r.ID)
		table := r.Seconds.Locator
		switch {
		case strings.Contains(table, "(FP8)"):
			assert.Equal(t, prefill.Compute{Linear: prefill.FP8, Attention: prefill.FP16}, r.Compute, r.ID)
		case strings.Contains(table, "(FP16)"):
			assert.Equal(t, prefill.Uniform(prefill.FP16), r.Compute, r.ID)
		default:
			t.Errorf("%s: no precision in its table %q", r.ID, table)
		}
		wantGPUs := map[string]float64{"Llama 2 7B": 1, "Llama 2 70B": 4}[r.Model]
		assert.Equal(t, wantGPUs, r.GPUs.V(), r.ID)
	}
}

// LMDeploy's batch-1 rows are one prompt each, timed in process, in FP16
// on A100s, on the GPUs of their tp column: one for llama2-7b, four for
// llama2-70b.
func TestLMDeployRunsAreOfflineFP16PromptsAsTheirTablesSay(t *testing.T) {
	for _, r := range []PrefillRun{LMDeployL7B128, LMDeployL7B2K, LMDeployL70B128, LMDeployL70B2K} {
		assert.True(t, r.Offline, r.ID)
		assert.Equal(t, 1, r.Concurrency, r.ID)
		assert.Equal(t, "A100", r.Chip, r.ID)
		assert.Equal(t, prefill.Uniform(prefill.FP16), r.Compute, r.ID)
		assert.True(t, strings.HasPrefix(r.Seconds.Quote, "| 1     | "+strconv.Itoa(int(r.GPUs.V()))+"   | "), "%s: batch 1 on its tp column's GPUs", r.ID)
		assert.Equal(t, int(r.GPUs.V()), r.Par.TP, r.ID)
		assert.Equal(t, map[string]float64{"Llama 2 7B": 1, "Llama 2 70B": 4}[r.Model], r.GPUs.V(), r.ID)
	}
}

// Every run whose weights are AWQ's (the model or note says so) stores
// them in 4 bits while computing in BF16, and its cite says 4-bit; no
// other run states a width of its own.
func TestAWQRunsStoreFourBitWeightsAndComputeInBF16(t *testing.T) {
	var awq []string
	for _, r := range PrefillRuns() {
		if !strings.Contains(r.ModelNote+r.Note, "AWQ") {
			assert.Empty(t, r.WeightBits.Name, "%s: weights in the matrix products' precision", r.ID)
			continue
		}
		awq = append(awq, r.ID)
		assert.Equal(t, 4.0, r.WeightBits.V(), r.ID)
		c := r.WeightBits.Cite // quoted, or (the post's test) as the post reports it
		assert.Contains(t, c.Quote+c.Locator, "4-bit", r.ID)
		assert.Equal(t, prefill.Uniform(prefill.BF16), r.Compute, r.ID)
	}
	assert.ElementsMatch(t, []string{VAST405B.ID, TTVLLMR1128.ID, TTVLLMR11K.ID, TTVLLMR12K.ID, TTVLLMR13K.ID, TTVLLMR14K.ID, TTVLLMR18K.ID}, awq)
}

// A run's concurrency is typed beside its time, not quoted: the time's
// locator says which row or column it was read from, and that names the
// requests in flight ("max_concurrency 4", "conc 4", `"conc":4`,
// "concurrency 1 column"). Every run timed among others names its own
// number there, and no run names another.
func TestARunsConcurrencyIsTheOneItsTimesLocatorNames(t *testing.T) {
	named := regexp.MustCompile(`(?i)(?:concurrency|conc)\W{0,3}(\d+)`)
	for _, r := range PrefillRuns() {
		var got []int
		for _, m := range named.FindAllStringSubmatch(r.Seconds.Locator, -1) {
			n, err := strconv.Atoi(m[1])
			require.NoError(t, err)
			got = append(got, n)
		}
		if r.Concurrency > 1 {
			assert.NotEmpty(t, got, "%s: its time's locator names no concurrency: %q", r.ID, r.Seconds.Locator)
		}
		for _, n := range got {
			assert.Equal(t, r.Concurrency, n, "%s: the locator names concurrency %d: %q", r.ID, n, r.Seconds.Locator)
		}
	}
}

// A run's parallelism is typed twice: as degrees the model prices
// (Par) and in words that say where they come from (Parallelism). Each
// degree typed is one the words give: "TP8", "TP=8", "TP-8", "EP32",
// "PP4", "prefill_tp 4", "tensor parallel over 4", "context parallelism
// over 16 nodes, 8 GPUs each", "32K dynamic chunks", "one GPU" for TP1;
// or the words say the tensor parallelism is assumed, and it is then
// over every GPU the run used.
func TestARunsParallelDegreesAreTheOnesItsWordsGive(t *testing.T) {
	given := func(words, name string, n int) bool {
		forms := []string{`\b` + name + `[\s=_-]*` + strconv.Itoa(n) + `\b`}
		switch name {
		case "tp":
			forms = append(forms, `tensor parallel over (all )?`+strconv.Itoa(n)+`\b`, `\b`+strconv.Itoa(n)+` GPUs each\b`)
			if n == 1 {
				forms = append(forms, `\bone GPU\b`)
			}
		case "cp":
			forms = append(forms, `context parallelism over `+strconv.Itoa(n)+`\b`)
		case "chunk":
			forms = []string{`\b` + strconv.Itoa(n/1024) + `K (dynamic )?chunks\b`}
		}
		for _, f := range forms {
			if regexp.MustCompile(`(?i)` + f).MatchString(words) {
				return true
			}
		}
		return false
	}
	checked := 0
	for _, r := range PrefillRuns() {
		for _, d := range []struct {
			name string
			n    int
		}{{"tp", r.Par.TP}, {"pp", r.Par.PP}, {"ep", r.Par.EP}, {"cp", r.Par.CP}, {"chunk", r.Par.Chunk}} {
			if d.n == 0 {
				continue
			}
			checked++
			if given(r.Parallelism, d.name, d.n) {
				continue
			}
			assumed := d.name == "tp" && strings.Contains(r.Parallelism, "assumed") && r.GPUs.Name != "" && float64(d.n) == r.GPUs.V()
			assert.True(t, assumed, "%s: %s%d is typed, but its words give no such degree: %q", r.ID, d.name, d.n, r.Parallelism)
		}
	}
	assert.Greater(t, checked, 50, "the runs' degrees were read")
}
