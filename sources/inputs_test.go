package sources

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inputByName indexes every registered input by its name.
func inputByName(t *testing.T) map[string]AnyInput {
	t.Helper()
	m := map[string]AnyInput{}
	for _, in := range Inputs() {
		m[in.Name] = in
	}
	return m
}

// same reports a == b to a relative 1e-12: equal but for the last bits
// of float arithmetic.
func same(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
}

// Every input is typed as its source gives it. An input the post prints
// is its printed figure (the ledger's check); an input with a quote is a
// figure its quote prints, read at the unit printed beside it; an input
// whose quote does not print it (a figure derived from the quoted ones, or
// cited as another's) is worked here from the quote, each listed with the
// reason; an input with no quote is one the post prints, listed by name.
// A new input needs its figure in its quote, or a line below.
func TestInputsAreTypedAsPrintedAndQuoted(t *testing.T) {
	t.Run("printed", testLedgerInputsAreTypedAsPrinted)
	t.Run("quoted", testInputsAreTypedAsQuoted)
}

// Every input the post prints is typed as printed: its nominal value is
// the printed number itself, not merely within the printed rounding (a
// 20x typed as 20.1 still rounds to "20x", and a "seven" typed as 7.1 to
// "seven"). The one reading: "131K" for the Qwen3-32B prompt is 131 x
// 1024 = 2^17 tokens (see QwenWWT).
func testLedgerInputsAreTypedAsPrinted(t *testing.T) {
	inputs := inputByName(t)
	n := 0
	for _, e := range Ledger {
		in, ok := inputs[e.Input]
		if e.Kind != InputFigure || !ok {
			continue
		}
		n++
		printed, _, err := e.Value()
		require.NoError(t, err, e.ID)
		if e.ID == "claims.qwen.tokens" {
			// 2^17 = 131,072 tokens, which is "131K" to the thousand.
			assert.Equal(t, "131K", e.Printed)
			assert.Equal(t, printed, math.Round((1<<17)/1e3)*1e3)
			printed = 1 << 17
		}
		got := in.Value.Value / e.Unit.Scale()
		assert.True(t, same(printed, got), "%s: %s is typed as %v, printed %q", e.ID, e.Input, got, e.Printed)
	}
	assert.Greater(t, n, 40, "the ledger's input figures")
}

// figureRE matches a number as quotes print it: "1,979", "12.2", "0.55".
var figureRE = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// wordRE matches the number words a quote uses ("Eight NVIDIA Hopper
// GPUs", "five petaflops", "A thousand parked").
var wordRE = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|single|thousand|million)\b`)

// rangeRE matches the second end of a range, "-12.2" in "12.0-12.2 GB/s",
// so that the first end reads at the unit printed after the second.
var rangeRE = regexp.MustCompile(`^[-–]\d[\d,]*(?:\.\d+)?`)

// figureUnits are the units a quote prints after a figure, each with the
// factors to SI units (bytes, bytes/s, FLOP/s, seconds, counts), longest
// first where one is the start of another. "K" is 1,000 or 1,024 ("128K
// tokens" is 2^17), "M" 10^6 or 2^20; "Gb", "GE" and a bare "G" are bits.
var figureUnits = []struct {
	re    *regexp.Regexp
	scale []float64
}{
	{regexp.MustCompile(`^(TFLOPs?/s|TFLOPS|teraFLOPS)`), []float64{1e12}},
	{regexp.MustCompile(`^(PFLOPS|petaFLOPS|petaflops|PF\b)`), []float64{1e15}},
	{regexp.MustCompile(`^(TB|TBps)`), []float64{1e12}},
	{regexp.MustCompile(`^GiB`), []float64{1 << 30}},
	{regexp.MustCompile(`^GB`), []float64{1e9}},
	{regexp.MustCompile(`^(Gb|GE\b|G\b)`), []float64{1e9 / 8}},
	{regexp.MustCompile(`^(ms\b|milliseconds)`), []float64{1e-3}},
	{regexp.MustCompile(`^minutes`), []float64{60}},
	{regexp.MustCompile(`^%`), []float64{1e-2}},
	{regexp.MustCompile(`^k\b`), []float64{1e3}},
	{regexp.MustCompile(`^K\b`), []float64{1e3, 1 << 10}},
	{regexp.MustCompile(`^M\b`), []float64{1e6, 1 << 20}},
	{regexp.MustCompile(`^B\b`), []float64{1e9}},
}

// quotedFigures returns every figure a quote prints, in SI units: each
// number (or number word) at the unit printed after it, or as it is where
// none is; "300+300 GB/s" summed and "2x 900 GB/s" multiplied as well.
// bare are the factors a figure with no unit also reads at (a spec table's
// TFLOPS column, whose unit is in its header).
func quotedFigures(q string, bare ...float64) []float64 {
	q = wordRE.ReplaceAllStringFunc(q, func(w string) string {
		return strconv.FormatFloat(numberWords[strings.ToLower(w)], 'f', -1, 64)
	})
	var out []float64
	add := func(v float64, rest string) {
		rest = strings.TrimLeft(rest, "* ~")
		if m := rangeRE.FindString(rest); m != "" {
			rest = strings.TrimLeft(rest[len(m):], "* ")
		}
		for _, u := range figureUnits {
			if u.re.MatchString(rest) {
				for _, s := range u.scale {
					out = append(out, v*s)
				}
				return
			}
		}
		out = append(out, v)
		for _, s := range bare {
			out = append(out, v*s)
		}
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			panic(err)
		}
		return v
	}
	for _, m := range figureRE.FindAllStringIndex(q, -1) {
		add(num(strings.TrimRight(q[m[0]:m[1]], ",")), q[m[1]:])
	}
	for _, m := range regexp.MustCompile(`(\d+)\+(\d+)`).FindAllStringSubmatchIndex(q, -1) {
		add(num(q[m[2]:m[3]])+num(q[m[4]:m[5]]), q[m[1]:])
	}
	for _, m := range regexp.MustCompile(`(\d+)x (\d+)`).FindAllStringSubmatchIndex(q, -1) {
		add(num(q[m[2]:m[3]])*num(q[m[4]:m[5]]), q[m[1]:])
	}
	return out
}

// quoteStates reports whether v is one of the quote's figures.
func quoteStates(q string, v float64, bare ...float64) bool {
	for _, x := range quotedFigures(q, bare...) {
		if same(x, v) {
			return true
		}
	}
	return false
}

// Hand readings of quotes, so that the reader above is tested itself.
func TestQuotedFiguresReadAtTheirUnit(t *testing.T) {
	for q, want := range map[string]float64{
		"Eight NVIDIA Hopper GPUs.":                8,
		"3,350 GB/sec":                             3.35e12,
		"converge at about 12.0-12.2 GB/s":         12e9,
		"up to 400 Gb/s InfiniBand/Ethernet":       50e9,
		"the external-net is on the 400G ports":    50e9,
		"*3* minutes to finish":                    180,
		"A 128K-token conversation":                131072,
		"Total input tokens: 608B":                 608e9,
		"300+300 GB/s NVLink (D2D)":                600e9,
		"2x 900 GB/s NVLink 5 (D2D)":               1800e9,
		"achieves a TTFT of just 472 milliseconds": 0.472,
		"(56.3%)":                     0.563,
		"delivering five petaflops":   5e15,
		"| Matrix FP16  | 2.5 PF   |": 2.5e15,
	} {
		assert.True(t, quoteStates(q, want), "%q should state %v; reads %v", q, want, quotedFigures(q))
	}
	assert.False(t, quoteStates("3,350 GB/sec", 3350), "a figure with a unit reads only at it")
	assert.False(t, quoteStates("BF16 | 989.4 |", 989.4e12), "a bare figure reads as it is")
	assert.True(t, quoteStates("BF16 | 989.4 |", 989.4e12, 1e12), "unless told the column's unit")
}

// viaPost is why an input has no quote: its source could not be read, the
// post prints the figure, and the printed check holds it to that.
const viaPost = "not seen in its source; the post prints it (the printed check)"

// unquoted are the inputs with no quote, each with the reason.
var unquoted = map[string]string{
	"vast405b.gpus": viaPost, "vast405b.tokens": viaPost, "vast405b.uncached": viaPost, "vast405b.cached": viaPost,
	"vast405b.throughput": viaPost, "vast405b.links": viaPost, "vast405b.link-speed": viaPost, "vast405b.per-token": viaPost,
	"vast405b.cache": viaPost, "vast405b.weight-bits": viaPost,
	"weka70b.tokens": viaPost, "weka70b.cached": viaPost,
	"qwen32b.gpus": viaPost, "qwen32b.tokens": viaPost, "qwen32b.uncached": viaPost, "qwen32b.cached": viaPost,
	"lablup.contexts": viaPost, "lablup.tokens": viaPost, "lablup.turns": viaPost,
	"lablup.miss.no-offload": viaPost, "lablup.miss.offload": viaPost, "lablup.hit.no-offload": viaPost, "lablup.hit.offload": viaPost,
	"lablup.mean.no-offload": viaPost, "lablup.mean.offload": viaPost, "lablup.tpot.no-offload": viaPost, "lablup.tpot.offload": viaPost,
	"lablup.run-speedup": viaPost, "lablup.buffer": viaPost,
	"turboquant.factor":         viaPost,
	"newer.qwen38max.per-token": viaPost, "newer.qwen38max.128k": viaPost, "newer.kimik3.per-token": viaPost,
	"newer.kimik3.128k": viaPost, "newer.deepseekv4pro.per-token": viaPost, "newer.deepseekv4pro.128k": viaPost,
}

// notInQuote are the inputs whose quote does not print their figure as
// typed, each worked from the quote (or equal to the input it is cited
// as), with the reason.
func notInQuote(inputs map[string]AnyInput) map[string]struct {
	want   float64
	reason string
} {
	as := func(name string) float64 { return inputs[name].Value.Value }
	type c = struct {
		want   float64
		reason string
	}
	const sameCompute = "cited as the same compute as the H100 (A100): its figure"
	m := map[string]c{
		"chip.h200.bf16-peak":                 {as("chip.h100.bf16-peak"), sameCompute},
		"chip.h200.tf32-peak":                 {as("chip.h100.tf32-peak"), sameCompute},
		"chip.h200.fp16-peak":                 {as("chip.h100.fp16-peak"), sameCompute},
		"chip.h200.fp8-peak":                  {as("chip.h100.fp8-peak"), sameCompute},
		"chip.h800.bf16-peak":                 {as("chip.h100.bf16-peak"), sameCompute},
		"chip.h800.tf32-peak":                 {as("chip.h100.tf32-peak"), sameCompute},
		"chip.h800.fp16-peak":                 {as("chip.h100.fp16-peak"), sameCompute},
		"chip.h800.fp8-peak":                  {as("chip.h100.fp8-peak"), sameCompute},
		"chip.a800.bf16-peak":                 {as("chip.a100.bf16-peak"), sameCompute},
		"chip.a800.bf16-mamf":                 {as("chip.a100.bf16-mamf"), sameCompute},
		"chip.a800.bf16-mamf-theory":          {as("chip.a100.bf16-mamf-theory"), sameCompute},
		"chip.h800.bf16-mamf":                 {as("chip.h100.bf16-mamf"), sameCompute},
		"chip.h800.bf16-mamf-theory":          {as("chip.h100.bf16-mamf-theory"), sameCompute},
		"chip.h800.fp8-mamf":                  {as("chip.h100.fp8-mamf"), sameCompute},
		"chip.h800.fp8-mamf-theory":           {as("chip.h100.fp8-mamf-theory"), sameCompute},
		"chip.a800.memory":                    {as("chip.a100.memory"), "cited as the A100's memory, left unchanged: its figure"},
		"chip.a800.memory-bandwidth":          {as("chip.a100.memory-bandwidth"), "cited as the A100's memory, left unchanged: its figure"},
		"chip.h20.bf16-peak":                  {as("chip.h20.fp16-peak"), "the H20's BF16 is cited as its FP16, as on the H100 the quote shows"},
		"link.nvlink-h100":                    {as("chip.h100.scale-up") / 2, "one way: half the H100's NVLink, which the quote states for both directions"},
		"link.c2c-gh200":                      {as("host.gh200.c2c") / 2, "one way: half the GH200's NVLink-C2C, which the quote states for both directions"},
		"chip.b300.fp4-peak":                  {14e15, `"14 vs 9.0 petaFLOPS": the unit follows the second figure`},
		"host.dgx-hopper.storage-ports":       {2 * 2, `"2x dual-port": two cards of two ports`},
		"host.dgx-b200.storage-ports":         {2 * 2, `"2x dual-port": two cards of two ports`},
		"host.l40s.link":                      {64e9 / 2, "one way of the quoted bidirectional 64 GB/s"},
		"link.pcie4-x16":                      {16 * 16.0 * 1e9 / 8, "x16 lanes at the quoted 16.0 GT/s, one bit per transfer"},
		"link.pcie5-x16":                      {16 * 32.0 * 1e9 / 8, "x16 lanes at the quoted 32 GT/s, one bit per transfer, one way (the quoted 128 GB/s is both)"},
		"nim-llama3.3-70b-5k.seconds":         {406.77e-3, "the table's TTFT column is in ms"},
		"nim-llama3.3-70b-500.seconds":        {47.77e-3, "the table's TTFT column is in ms"},
		"sglang-gb200-dsv3.gpus":              {1, `"per GPU": one`},
		"vllm-gb300-r1-2k.gpus":               {1, "TGS is tokens per GPU per second: one"},
		"sglang-h200-kimi-k2-2k.prefill-gpus": {4 * 128 / (4 + 12), `"128 H200 GPUs with 1P1D (4 nodes/P and 12 nodes/D)": the 4 prefill nodes of 8`},
		"deepseek.days":                       {24.0 / 24, `"24 hours" is one day`},
		"gpustack-h100-qwen3-8b.tokens":       {23260.0 / 100, "the mean prompt: the quoted Total input tokens over the run's 100 successful requests"},
		"gpustack-h100-qwen3-8b.seconds":      {59.01e-3, `vLLM's benchmark prints "Mean TTFT (ms)": the unit precedes the figure`},
		"vllm-pr42646.seconds":                {140.17e-3, "the table's header names the column Mean TTFT ms (Base)"},
	}
	for name, ms := range dstackTTFTms {
		m[name] = c{ms / 1e3, "dstack's result files print TTFT in ms"}
	}
	for name, ms := range tt356TTFTms {
		m[name] = c{ms / 1e3, "issue #356's tables print TTFT in ms"}
	}
	for name, ms := range trtPerfTTFTms {
		m[name] = c{ms / 1e3, "TensorRT-LLM's low-latency tables print the first-token latency in ms"}
	}
	return m
}

// trtPerfTTFTms are the first-token latencies of TensorRT-LLM's
// performance page as its low-latency tables print them, in whole ms.
var trtPerfTTFTms = map[string]float64{
	"trtllm-perf-h100-llama2-7b-128.seconds": 7, "trtllm-perf-h100-llama2-7b-2k.seconds": 36,
	"trtllm-perf-h100x4-llama2-70b-128.seconds": 26, "trtllm-perf-h100x4-llama2-70b-2k.seconds": 109,
	"trtllm-perf-l40s-llama2-7b-128.seconds": 14, "trtllm-perf-l40s-llama2-7b-2k.seconds": 73,
	"trtllm-perf-a100-llama2-7b-128.seconds": 16, "trtllm-perf-a100-llama2-7b-2k.seconds": 133,
	"trtllm-perf-a100x4-llama2-70b-128.seconds": 47, "trtllm-perf-a100x4-llama2-70b-2k.seconds": 377,
}

// tt356TTFTms are issue #356's concurrency-1 TTFTs as its tables print
// them, in ms.
var tt356TTFTms = map[string]float64{
	"tt356-h100x16-r1-sglang-2k.seconds": 190.5, "tt356-h100x16-r1-sglang-4k.seconds": 199.7, "tt356-h100x16-r1-sglang-8k.seconds": 263.9,
	"tt356-h100x8-r1awq-vllm-2k.seconds": 127.3, "tt356-h100x8-r1awq-vllm-4k.seconds": 120.1, "tt356-h100x8-r1awq-vllm-8k.seconds": 242.0,
	"tt356-h100x16-r1-sglang-128.seconds": 179.7, "tt356-h100x16-r1-sglang-1k.seconds": 391.7, "tt356-h100x16-r1-sglang-3k.seconds": 200.4,
	"tt356-h100x8-r1awq-vllm-128.seconds": 47.3, "tt356-h100x8-r1awq-vllm-1k.seconds": 105.3, "tt356-h100x8-r1awq-vllm-3k.seconds": 131.7,
}

// dstackTTFTms are dstack's TTFTs as its result files print them, in ms.
var dstackTTFTms = map[string]float64{
	"dstack-mi300x-405b-vllm-16k.seconds": 23828.07, "dstack-mi300x-405b-vllm-32k.seconds": 66549.57,
	"dstack-mi300x-405b-vllm-64k.seconds": 209674.58, "dstack-mi300x-405b-vllm-128k.seconds": 734188.96,
	"dstack-mi300x-405b-tgi-16k.seconds": 5945.26, "dstack-mi300x-405b-tgi-32k.seconds": 12485.37,
	"dstack-mi300x-405b-tgi-64k.seconds": 28017.16, "dstack-mi300x-405b-tgi-128k.seconds": 67651.38,
	"dstack-mi300x-405b-tgi-8k.seconds": 3236.66, "dstack-mi300x-405b-tgi-4k.seconds": 1470.21,
	"dstack-mi300x-405b-tgi-2k.seconds": 767.03, "dstack-mi300x-405b-tgi-1k.seconds": 501.36,
	"dstack-mi300x-405b-tgi-10k.seconds": 3799.42, "dstack-mi300x-405b-tgi-80.seconds": 123.48,
	"dstack-mi300x-405b-vllm-10k.seconds": 12286.18, "dstack-mi300x-405b-vllm-80.seconds": 314.58,
	"dstack-mi300x-r1-vllm-c4.seconds": 1259.239487, "dstack-mi300x-r1-sglang-c4.seconds": 1644.592794,
	"dstack-h200-r1-vllm-c4.seconds": 975.6508477, "dstack-h200-r1-sglang-c4.seconds": 3903.903552,
	"dstack-h200-r1-trtllm-c4.seconds": 1003.803258,
}

// Every input with a quote is a figure the quote prints, or is listed in
// notInQuote and equals what the list works out; every input without one
// is listed in unquoted and printed by the post. Each list names only
// inputs that need it.
func testInputsAreTypedAsQuoted(t *testing.T) {
	inputs := inputByName(t)
	worked := notInQuote(inputs)
	printed := map[string]bool{}
	for _, e := range Ledger {
		if e.Kind == InputFigure {
			printed[e.Input] = true
		}
	}
	n := 0
	for name, in := range inputs {
		var bare []float64
		switch {
		case strings.HasPrefix(name, "chip.") && (strings.HasSuffix(name, "-peak") || strings.Contains(name, "-mamf")):
			bare = []float64{1e12} // the spec and MAMF tables' TFLOPS columns
		case strings.HasPrefix(name, "chip.") && strings.HasSuffix(name, ".memory"):
			bare = []float64{1e9} // the spec tables' GB columns
		case strings.HasPrefix(name, "chip.") && strings.HasSuffix(name, ".memory-bandwidth"):
			bare = []float64{1e9, 1e12} // the spec tables' GB/s and TBps columns
		}
		if in.Quote == "" {
			reason, ok := unquoted[name]
			assert.True(t, ok, "%s has no quote and is not listed in unquoted", name)
			if reason == viaPost {
				assert.True(t, in.ViaPost && printed[name], "%s: listed as printed by the post, but it is not", name)
			}
			continue
		}
		_, listed := unquoted[name]
		assert.False(t, listed, "%s has a quote but is listed in unquoted", name)
		w, ok := worked[name]
		if quoteStates(in.Quote, in.Value.Value, bare...) {
			n++
			assert.False(t, ok, "%s: its quote %q prints %v; drop it from notInQuote", name, in.Quote, in.Value.Value)
			continue
		}
		if assert.True(t, ok, "%s = %v is not in its quote %q (reads %v), nor listed in notInQuote", name, in.Value.Value, in.Quote, quotedFigures(in.Quote, bare...)) {
			assert.True(t, same(w.want, in.Value.Value), "%s = %v, want %v (%s)", name, in.Value.Value, w.want, w.reason)
		}
	}
	for name := range unquoted {
		_, ok := inputs[name]
		assert.True(t, ok, "unquoted names no input %s", name)
	}
	for name := range worked {
		_, ok := inputs[name]
		assert.True(t, ok, "notInQuote names no input %s", name)
	}
	assert.Greater(t, n, 150, "inputs checked against their quote")
}

// The ranges typed beside two quoted figures: the load latency's 10 ms to
// 0.5 s, as its quote gives them, and WEKA's "41x", which rounds to the
// unit.
func TestLoadLatencyRangeAndWEKARoundingAsQuoted(t *testing.T) {
	inputs := inputByName(t)

	// The load latency's range, 10 ms to 0.5 s.
	ll := inputs["assumption.load-latency"].Value
	assert.Equal(t, [2]float64{10e-3, 0.5}, [2]float64{ll.Lo, ll.Hi})
	// WEKA's "41x" rounds to the unit.
	wh := inputs["weka70b.headline-speedup"].Value
	assert.Equal(t, [2]float64{40.5, 41.5}, [2]float64{wh.Lo, wh.Hi})
}
