package post

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The 405B test by hand: 2 x 405e9 x 127,188 less the untied output
// head's 2 x (128,256 x 16,384) x 127,187 (only the last token goes
// through it), + 2 x 126 x 128 x 128 x 127,188^2 FLOPs over 8 x 989.4
// TFLOP/s, against 62 s.
func TestCalibrationByHand(t *testing.T) {
	n := 127188.0
	head := 128256.0 * 16384
	flops := 2*405e9*n - 2*head*(n-1) + 2*126*128*128*n*n
	peak := 8 * 989.4e12
	assert.InDelta(t, flops/peak/62, calibration.CalibratedMFU().Value, 1e-12)
	assert.InDelta(t, flops/peak/62.5, calibration.CalibratedMFU().Lo, 1e-12)
	d := calibration.DefaultMFU()
	assert.True(t, d.Contains(calibration.CalibratedMFU().Value))
	assert.Equal(t, sources.MFULow.V(), d.Lo)
	assert.Equal(t, sources.MFUHigh.V(), d.Hi)
	// RoCE over the NIC: 12.0 / 12.5 and 12.2 / 12.5.
	assert.InDelta(t, 12.0/12.5, calibration.DefaultEfficiency().Lo, 1e-12)
	assert.InDelta(t, 12.2/12.5, calibration.DefaultEfficiency().Hi, 1e-12)
}

// Qwen3-32B on one H100: 2 x 32.8e9 x 131,072 less the untied output
// head's 2 x (151,936 x 5,120) x 131,071, + 2 x 64 x 64 x 128 x
// 131,072^2 FLOPs need more than 11 s even at peak.
func TestQwenBeatsThePeak(t *testing.T) {
	n := 131072.0
	head := 151936.0 * 5120
	atPeak := (2*32.8e9*n - 2*head*(n-1) + 2*64*64*128*n*n) / 989.4e12
	var row LimitRow
	for _, r := range LimitTable() {
		if r.Test.ID == sources.QwenWWT.ID {
			row = r
		}
	}
	assert.InDelta(t, atPeak, float64(row.MinTime), 1e-9)
	assert.InDelta(t, atPeak/11, row.Implied.Value, 1e-12)
	assert.Equal(t, prefill.BeyondPeak, row.Verdict)
	assert.Contains(t, row.Reason, "faster than the hardware at peak")
	// The reason states the work in billions of parameters: all 32.8 of
	// them for every token, the output head's for the last one only.
	assert.Contains(t, row.Reason, fmt.Sprintf("2 x %.3g billion active parameters x N, the output head's %.3g billion of them for the last token only", 32.8, head/1e9))
}

func TestLimitVerdicts(t *testing.T) {
	got := map[string]string{}
	for _, r := range LimitTable() {
		got[r.Test.ID] = string(r.Verdict) + " / " + r.LoadOK
	}
	assert.Equal(t, map[string]string{
		"vast405b": "plausible / within the links",
		"weka70b":  "plausible / faster than the links carry",
		"qwen32b":  "faster than the hardware at peak / no link stated",
	}, got)
}

// Hand-counted work of the tests and estimates below, from the models'
// published dims: two FLOPs per active parameter per token, and causal
// attention's n^2/2 pairs per layer and query head at 2 x (d_qk + d_v)
// FLOPs each.
func handFLOPs(params, head, layers, heads, headDim, n float64) float64 {
	return linByHand(params, head, n) + layers*heads*(n*n/2)*2*(headDim+headDim)
}

// linByHand is the matrix products' work: 2 FLOPs per parameter per
// token, but the untied output head's (vocab x hidden parameters) for the
// last token only, whose logits alone an engine computes.
func linByHand(params, head, n float64) float64 {
	return 2*(params-head)*n + 2*head
}

const (
	h100Peak     = 989.4e12              // H100 SXM5 BF16 dense FLOP/s
	perToken405B = 2 * 126 * 8 * 128 * 2 // bytes: K and V, layers, KV heads, head dim, 16 bits
	perToken70B  = 2 * 80 * 8 * 128 * 2
	// The untied output heads, vocab x hidden from each config.json.
	head405B = 128256.0 * 16384
	head70B  = 128256.0 * 8192
	head32B  = 151936.0 * 5120
)

// h100Memory is the H100 SXM's memory bandwidth, 3,350 GB/s, as its
// datasheet prints it.
const h100Memory = 3350e9

// phaseByHand is the fitted phase model's time on 8 H100s in BF16, written
// out: the matrix products and attention each at its share of the peak,
// plus the work's memory traffic at the fitted FLOPs per byte. The three
// parameters are the fit's (calibration.Fitted); the formula is this
// test's own.
//
// One request pays the latency regime too (the fit's costs, each zero
// where the chosen structure has none): the fixed cost, the per-layer
// cost times the layers, and, tensor parallel over the 8 H100s, two
// all-reduces per layer of n x width BF16 values, 2 x 7/8 of them
// through each GPU's link one way at half its 900 GB/s, at the link share.
func phaseByHand(t *testing.T, layers, width, n, linear, attention, weightBytes float64, sparse bool) float64 {
	t.Helper()
	m, err := calibration.Fitted()
	require.NoError(t, err)
	e := m.Phases
	peak := h100Peak
	if e.Ceiling {
		peak = 794.5e12 // the H100's measured matmul throughput (the MAMF table's BF16 row), which the ceiling structure prices at
	}
	s := linear/(8*peak*e.Linear) + attention/(8*peak*e.Attention)
	if e.Intensity > 0 {
		s += (linear + attention) / (8 * h100Memory * e.Intensity)
	}
	if e.Weights {
		s += weightBytes / (8 * h100Memory) // one read of the weights the prompt touches
	}
	fixed := e.Fixed
	if sparse && e.FixedSparse > 0 { // a mixture of experts' own per-request cost
		fixed = e.FixedSparse
	}
	s += float64(fixed) + float64(e.PerLayer)*layers
	if e.Link > 0 {
		s += layers * 2 * (2 * 7.0 / 8) * n * width * 2 / 450e9 / e.Link
	}
	return s
}

func fittedLow(t *testing.T) float64 {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	return m.Low
}

func fittedHigh(t *testing.T) float64 {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	return m.High
}

// Each range is the interval its inputs imply: the estimates' times span
// the fitted model's leave-one-out interval, their rates and break-evens follow from the times,
// and the reported values span the rounding of the figures as printed.
func TestRangesFromTheirInputs(t *testing.T) {
	rows := EstimateTable()
	require.NotEmpty(t, rows)
	// Beyond 8 x 80 GB = 640 GB with the cache and a tenth for
	// activations, by their published totals: 405B, 671B, 1T, 400B and
	// 355B parameters x 2 bytes (1 for an FP8 checkpoint, below).
	// Qwen3-Coder's count is the one its config.json gives (shapes summed,
	// pinned against the card's "480B" in package sources).
	unfit := map[string]float64{"Llama 3.1 405B": 405e9, "DeepSeek-V3": 671e9, "Kimi K2": 1e12, "Llama 4 Maverick": 400e9, "GLM-4.5": 355e9,
		"Qwen3-Coder-480B-A35B": 480_154_472_448}
	// The registry's config-only models beyond one node, by the totals
	// their configs give (Kimi K2.5's text model has Kimi K2's shapes, and
	// package sources pins its count to K2's config's; no published total
	// of GLM-5.2 was read, so its count is its config's alone; package
	// sources pins DeepSeek-V3.2's to V3's 671B and Qwen3.5-397B-A17B's to
	// its name; GLM-5 and GLM-5.1 have GLM-5.2's shapes; package sources
	// pins Nemotron 3 Ultra's to its name's 550B).
	for _, name := range []string{"Kimi K2.5", "GLM-5.2", "GLM-5.2-FP8", "DeepSeek-V3.2", "GLM-5", "GLM-5.1", "Qwen3.5-397B-A17B", "Nemotron 3 Ultra 550B-A55B"} {
		unfit[name] = sources.MustModel(name).TotalParams
	}
	// MiniMax M3 by hand from its config: 60 layers of attention (6144
	// wide; 64 query heads and 4 KV heads of 128), 57 mixture layers of
	// 128 experts and a shared one (3 x 6144 x 3072 each) with a 128-way
	// router, 3 dense MLPs of 12288, and an untied 200,064-word embedding
	// and head; 2 bytes each (a BF16 checkpoint).
	unfit["MiniMax M3"] = 60*(6144*(8192+1024)+8192*6144) + 57*(129*3*6144*3072+6144*128) + 3*3*6144*12288 + 2*200064*6144
	// DeepSeek V4 Pro's published 1.6T, most of it FP4 experts (below).
	unfit["DeepSeek V4 Pro"] = 1.6e12
	// DeepSeek V4's checkpoint: FP4 routed experts (layers x experts x 3
	// x hidden x expert width, at MXFP4's 4.25 bits), the rest of the
	// published total in FP8.
	v4Bytes := func(layers, experts, hidden, width, total float64) float64 {
		routed := layers * experts * 3 * hidden * width
		return (routed*4.25/8 + (total - routed)) / total
	}
	// A checkpoint whose config.json says quant_method "fp8" stores a
	// byte a weight, and the BF16 estimates keep it so; gpt-oss's
	// "mxfp4" its routed experts at 4.25 bits and the rest at 2 bytes
	// (Kimi K2.5's "compressed-tensors" as below),
	// averaged over its config's shapes (layers x 128 or 32 experts of
	// 3 x 2880^2; untied 201,088-word embeddings and head; attention of
	// 64 query and 8 KV heads of 64; the router); the others 2.
	ossBytes := func(layers, experts float64) float64 {
		routed := layers * experts * 3 * 2880 * 2880
		total := routed + 2*201088*2880 + layers*(2880*(64+8+8)*64+64*64*2880) + layers*2880*experts
		return (routed*4.25/8 + (total-routed)*2) / total
	}
	perWeight := func(model string) float64 {
		switch model {
		case "DeepSeek-V3", "Kimi K2", "MiniMax M2.7", "GLM-5.2-FP8", "DeepSeek-V3.2", "MiniMax M2.5", "MiMo-V2-Flash", "Qwen3-32B-FP8", "Qwen3-30B-A3B-FP8", "Qwen3-235B-A22B-FP8":
			return 1
		case "gpt-oss-120b":
			return ossBytes(36, 128)
		case "gpt-oss-20b":
			return ossBytes(24, 32)
		case "DeepSeek V4 Pro":
			return v4Bytes(61, 384, 7168, 3072, 1.6e12)
		case "DeepSeek V4 Flash":
			return v4Bytes(43, 256, 4096, 2048, 284e9)
		case "Kimi K2.5":
			// compressed-tensors: the routed experts of its 60 MoE layers
			// (384 of 3 x 7168 x 2048) in INT4 with a 16-bit scale per 32,
			// 4.5 bits; the rest 2 bytes.
			total := sources.MustModel(model).TotalParams
			routed := 60 * 384 * 3 * 7168 * 2048.0
			return (routed*4.5/8 + (total-routed)*2) / total
		case "Gemma 4 31B NVFP4":
			// ModelOpt's NVFP4 with attention kept out: its 60 MLPs (3 x
			// 5376 x 21504) at 4 bits with an FP8 scale per 16, the rest
			// 2 bytes.
			total := sources.MustModel(model).TotalParams
			mlp := 60 * 3 * 5376 * 21504.0
			return (mlp*4.5/8 + (total-mlp)*2) / total
		}
		return 2
	}
	for _, r := range rows {
		name := fmt.Sprintf("%s at %v", r.Model.Name, r.Tokens)
		if params, ok := unfit[r.Model.Name]; ok {
			assert.Greater(t, perWeight(r.Model.Name)*params, 640e9-0.1*640e9-float64(r.Tokens)*float64(r.PerToken), name)
			assert.False(t, r.Priced(), name)
			assert.InDelta(t, perWeight(r.Model.Name)*params+float64(r.Tokens)*float64(r.PerToken)+0.1*640e9, float64(r.Fit.Need), 1, name)
			assert.True(t, math.IsNaN(float64(r.Time.Value)) && math.IsNaN(float64(r.BreakEven.Lo)), "%s is not priced", name)
			assert.Zero(t, r.Beaten, name)
			continue
		}
		assert.True(t, r.Priced(), name)
		flops := float64(r.FLOPs)
		n := float64(r.Tokens)
		lin := float64(r.Model.LinearFLOPs(r.Tokens))
		// The weights a prompt touches, 2 bytes each in BF16 (1 where
		// the checkpoint is FP8): all of a dense model's, of a mixture of
		// experts' at most the active count per token.
		touched := math.Min(r.Model.TotalParams, r.Model.ActiveParams*n)
		if r.Model.TotalParams == 0 {
			touched = r.Model.ActiveParams
		}
		t0 := phaseByHand(t, float64(r.Model.Layers()), float64(r.Model.Attention[0].QueryHeads*r.Model.Attention[0].VDim), n, lin, flops-lin, perWeight(r.Model.Name)*touched, mixture(r.Model))
		assert.InEpsilon(t, t0, float64(r.Time.Value), 1e-12, name)
		assert.InEpsilon(t, t0*fittedLow(t), float64(r.Time.Lo), 1e-12, name)
		assert.InEpsilon(t, t0*fittedHigh(t), float64(r.Time.Hi), 1e-12, name)
		assert.InEpsilon(t, n/float64(r.Time.Hi), float64(r.Rate.Lo), 1e-12, name)
		assert.InEpsilon(t, n/float64(r.Time.Lo), float64(r.Rate.Hi), 1e-12, name)
		cache := n * float64(r.PerToken)
		assert.InEpsilon(t, cache/float64(r.Time.Hi), float64(r.BreakEven.Lo), 1e-9, name)
		assert.InEpsilon(t, cache/float64(r.Time.Lo), float64(r.BreakEven.Hi), 1e-9, name)
	}
	// One row by hand throughout: Llama 3.1 70B at 131,072 tokens.
	var r70 EstimateRow
	for _, r := range rows {
		if r.Model.Name == "Llama 3.1 70B" && r.Tokens == 131072 {
			r70 = r
		}
	}
	require.Equal(t, "Llama 3.1 70B", r70.Model.Name)
	flops := handFLOPs(70e9, head70B, 80, 64, 128, 131072)
	assert.InEpsilon(t, flops, float64(r70.FLOPs), 1e-12)
	lin70 := linByHand(70e9, head70B, 131072)
	assert.InEpsilon(t, phaseByHand(t, 80, 64*128, 131072, lin70, flops-lin70, 2*70e9, false)*fittedLow(t), float64(r70.Time.Lo), 1e-12)
	assert.InEpsilon(t, 131072*perToken70B/(phaseByHand(t, 80, 64*128, 131072, lin70, flops-lin70, 2*70e9, false)*fittedHigh(t)), float64(r70.BreakEven.Lo), 1e-12)

	// The reported values' intervals are the rounding of the printed
	// figures: 62 s and 3 s to the second, 20x and 41x to the unit, 4,380
	// tokens/s to the ten, and "over 11 seconds" as 11 to 12 s.
	type key struct{ test, quantity string }
	want := map[key][2]float64{
		{"vast405b", "uncached TTFT (s)"}: {61.5, 62.5},
		{"vast405b", "cached TTFT (s)"}:   {2.5, 3.5},
		{"vast405b", "speedup (x)"}:       {19.5, 20.5},
		{"weka70b", "uncached TTFT (s)"}:  {105000.0 / 4385, 105000.0 / 4375},
		{"weka70b", "speedup (x)"}:        {40.5, 41.5},
		{"qwen32b", "uncached TTFT (s)"}:  {11, 12},
		{"qwen32b", "speedup (x)"}:        {11 / 1.5, 12 / 1.5},
	}
	roles := map[string]string{}
	seen := 0
	for _, v := range ValidationTable() {
		roles[v.Test.ID] = v.Role
		if w, ok := want[key{v.Test.ID, v.Quantity}]; ok {
			seen++
			assert.InEpsilon(t, w[0], v.Reported.Lo, 1e-12, "%s %s", v.Test.ID, v.Quantity)
			assert.InEpsilon(t, w[1], v.Reported.Hi, 1e-12, "%s %s", v.Test.ID, v.Quantity)
		}
	}
	assert.Equal(t, len(want), seen, "every reported range above is in the table")
	assert.Equal(t, "calibration", roles[calibration.Test.ID])
	assert.Equal(t, "validation", roles[sources.WEKA70B.ID])
	assert.Equal(t, "validation", roles[sources.QwenWWT.ID])
}

// csvCells reads a table's CSV into rows keyed by their first column, and
// cells by header.
func csvCells(t *testing.T, tb Table, key func(row map[string]string) string) map[string]map[string]string {
	t.Helper()
	b, err := tb.CSV()
	require.NoError(t, err, tb.Name)
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	require.NoError(t, err, tb.Name)
	require.Len(t, recs, tb.Rows()+1, "%s: a header and a line per row", tb.Name)
	out := map[string]map[string]string{}
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, h := range recs[0] {
			row[h] = rec[i]
		}
		out[key(row)] = row
	}
	return out
}

// cell reads a number from a CSV cell.
func cell(t *testing.T, rows map[string]map[string]string, row, col string) float64 {
	t.Helper()
	r, ok := rows[row]
	require.True(t, ok, "no row %q", row)
	s, ok := r[col]
	require.True(t, ok, "no column %q", col)
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "%s / %s", row, col)
	return v
}

// The extended tables as written: cells of each against the arithmetic
// done here by hand.
func TestExtendedTablesWrite(t *testing.T) {
	tables := map[string]Table{}
	for _, tb := range ExtendedTables() {
		tables[tb.Name] = tb
		assert.Equal(t, tb.Rows(), tb.Frame().Nrow(), tb.Name)
	}
	require.Len(t, tables, 3)

	vastFLOPs := handFLOPs(405e9, head405B, 126, 128, 128, 127188)
	vastCache := 127188.0 * perToken405B
	wekaCache := 105000.0 * perToken70B
	limits := csvCells(t, tables["physical-limits"], func(r map[string]string) string { return r["test_id"] })
	for _, c := range []struct {
		row, col string
		want     float64
	}{
		{"vast405b", "prefill_flop", vastFLOPs},
		{"vast405b", "min_recompute_seconds", vastFLOPs / (8 * h100Peak)},
		{"vast405b", "implied_mfu", vastFLOPs / (8 * h100Peak * 62)},
		{"vast405b", "implied_mfu_low", vastFLOPs / (8 * h100Peak * 62.5)},
		{"vast405b", "cache_bytes", vastCache},
		{"vast405b", "load_needs_bytes_per_second", vastCache / 3},
		{"vast405b", "load_needs_bytes_per_second_low", vastCache / 3.5},
		{"vast405b", "stated_links_bytes_per_second", 2 * 100e9 / 8},
		{"weka70b", "prefill_flop", handFLOPs(70e9, head70B, 80, 64, 128, 105000)},
		{"weka70b", "reported_uncached_seconds", 105000.0 / 4380},
		{"weka70b", "load_needs_bytes_per_second", wekaCache / 0.58},
		{"weka70b", "stated_links_bytes_per_second", 400e9 / 8},
		{"qwen32b", "min_recompute_seconds", handFLOPs(32.8e9, head32B, 64, 64, 128, 131072) / h100Peak},
	} {
		assert.InEpsilon(t, c.want, cell(t, limits, c.row, c.col), 1e-12, "physical-limits %s %s", c.row, c.col)
	}
	assert.Equal(t, "", limits["qwen32b"]["stated_links_bytes_per_second"], "the Qwen3-32B test states no links: no value, not 0")
	assert.Equal(t, "faster than the links carry", limits["weka70b"]["load_verdict"])
	assert.Equal(t, "within the links", limits["vast405b"]["load_verdict"])

	validation := csvCells(t, tables["validation"], func(r map[string]string) string { return r["test_id"] + " " + r["quantity"] })
	vastLink := 181e9 / 8 // the measured 181 Gbit/s, as the post and notebook 03 feed the formula
	for _, c := range []struct {
		row, col string
		want     float64
	}{
		{"vast405b cached TTFT (s)", "simple", vastCache / vastLink},
		{"vast405b cached TTFT (s)", "reported", 3},
		{"vast405b cached TTFT (s)", "simple_error", vastCache/vastLink/3 - 1},
		{"vast405b speedup (x)", "simple", vastLink / (127188.0 / 62 * perToken405B)},
		{"weka70b uncached TTFT (s)", "extended", handFLOPs(70e9, head70B, 80, 64, 128, 105000) * 62 / vastFLOPs},
		{"weka70b cached TTFT (s)", "simple", wekaCache / (400e9 / 8)},
	} {
		assert.InEpsilon(t, c.want, cell(t, validation, c.row, c.col), 1e-12, "validation %s %s", c.row, c.col)
	}
	assert.Empty(t, validation["qwen32b cached TTFT (s)"]["simple"], "no link stated: no load time")

	estimates := csvCells(t, tables["estimated-break-evens"], func(r map[string]string) string { return r["model"] + " " + r["prompt_tokens"] })
	flops70 := handFLOPs(70e9, head70B, 80, 64, 128, 131072)
	lin70 := linByHand(70e9, head70B, 131072)
	t70 := phaseByHand(t, 80, 64*128, 131072, lin70, flops70-lin70, 2*70e9, false)
	for _, c := range []struct {
		row, col string
		want     float64
	}{
		{"Llama 3.1 70B 131072", "prefill_flop", flops70},
		{"Llama 3.1 70B 131072", "prefill_time_seconds", t70},
		{"Llama 3.1 70B 131072", "prefill_time_seconds_low", t70 * fittedLow(t)},
		{"Llama 3.1 70B 131072", "prefill_time_seconds_high", t70 * fittedHigh(t)},
		{"Llama 3.1 70B 131072", "bytes_per_token", perToken70B},
		{"Llama 3.1 70B 131072", "break_even_bytes_per_second", 131072 * perToken70B / t70},
		{"Llama 3.1 405B 32768", "prefill_flop", handFLOPs(405e9, head405B, 126, 128, 128, 32768)},
	} {
		assert.InEpsilon(t, c.want, cell(t, estimates, c.row, c.col), 1e-12, "estimated-break-evens %s %s", c.row, c.col)
	}
}

// The limit table prints each test's prefill work to three significant
// digits (the README's "26.4 PFLOP" for the Qwen3-32B test).
func TestLimitTablePrintsPrefillWorkToThreeDigits(t *testing.T) {
	tab := LimitPrinted()
	col := -1
	for i, h := range tab.Header {
		if strings.Contains(h, "PFLOP") {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no PFLOP column in %q", tab.Header)
	}
	assert.Len(t, tab.Rows, 3)
	for _, r := range tab.Rows {
		digits := strings.TrimLeft(strings.ReplaceAll(strings.ReplaceAll(r[col], ".", ""), ",", ""), "0")
		assert.Len(t, digits, 3, "%s: %q", r[0], r[col])
		if strings.HasPrefix(r[0], "Qwen3-32B") {
			assert.Equal(t, "26.4", r[col])
		}
	}
}

// The estimates' prefill work is shown in PFLOP, as labelled: 10^15 FLOP.
func TestEstimatesShowPrefillWorkInPFLOP(t *testing.T) {
	found := false
	for _, c := range EstimateData().Columns {
		if c.Label != "prefill work (PFLOP)" {
			continue
		}
		found = true
		assert.NotEmpty(t, c.Scale)
		for _, s := range c.Scale {
			assert.Equal(t, math.Pow(10, 15), s)
		}
	}
	assert.True(t, found)
}

// mixture is whether a priced model is a mixture of experts, by the
// test's own reading: its config's MoE layers where its shapes were read
// (a dense config's held and multiplied counts differ by the input
// embedding), else fewer parameters multiplied than held.
func mixture(m prefill.Model) bool {
	if m.Hidden > 0 {
		return m.MoELayers > 0
	}
	return m.TotalParams > m.ActiveParams
}
