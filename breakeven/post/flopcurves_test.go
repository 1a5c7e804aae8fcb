package post

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/sources"
)

// The hand model of a dense Llama prefill: 2 FLOPs per parameter per
// token, plus attention, 2 x layers x heads x head_dim x N^2 (QK^T and
// AV, causal), at an MFU of 8 H100s' 989.4 TFLOP/s BF16 peak.
const h100s = 8 * 989.4e12

// llama405BFLOPs is the 405B's work at n tokens: the untied output head
// (vocab 128,256 x hidden 16,384) takes the last token only.
func llama405BFLOPs(n float64) float64 {
	head := 128256.0 * 16384
	return 2*(405e9-head)*n + 2*head + 2*126*128*128*n*n
}

// The MFU calibrated on the 405B test: 127,188 tokens in 62 s on 8 H100s.
var mfuByHand = llama405BFLOPs(127188) / h100s / 62

// Cache per token at 16 bits, K and V: layers x KV heads x head_dim x 2 x 2.
const (
	llama405BPerToken = 126 * 8 * 128 * 2 * 2 // 516,096 bytes
	llama70BPerToken  = 80 * 8 * 128 * 2 * 2  // 327,680 bytes
)

// A load over VAST's 181 Gbit/s at RoCE's 12.0 of 12.5 GB/s, after 50 ms.
func loadByHand(bytes float64) float64 { return 0.05 + bytes/(12.0/12.5*181e9/8) }

func TestTTFTVsPromptLengthByHand(t *testing.T) {
	c := TTFTVsPromptLength()
	// Twelve points per doubling: 128 to 131,072 tokens is ten doublings,
	// so 10 x 12 + 1 points, and the twelfth step is 256 tokens.
	require.Len(t, c.Points, 10*12+1)
	assert.InEpsilon(t, 256.0, float64(c.Points[12].Tokens), 1e-12)
	assert.Equal(t, 128.0, float64(c.Points[0].Tokens))
	assert.Equal(t, 131072.0, float64(c.Points[len(c.Points)-1].Tokens))
	assert.InDelta(t, mfuByHand, c.MFU.Value, 1e-12)

	for _, i := range []int{0, 60, CurvePoints - 1} {
		q := c.Points[i]
		n := float64(q.Tokens)
		f := llama405BFLOPs(n)
		assert.InEpsilon(t, f/(h100s*mfuByHand), float64(q.Recompute.Value), 1e-12, "recompute at %v tokens", n)
		assert.InEpsilon(t, f/(h100s*0.5), float64(q.Recompute.Lo), 1e-12, "at MFU 0.5")
		assert.InEpsilon(t, f/(h100s*0.2), float64(q.Recompute.Hi), 1e-12, "at MFU 0.2")
		assert.InEpsilon(t, n/(127188.0/62), float64(q.Constant), 1e-12, "N / r")
		assert.InEpsilon(t, loadByHand(n*llama405BPerToken), float64(q.Load), 1e-12, "load")
		// The overlap: the first tokens recomputed and the rest loaded
		// finish together (or one path alone is faster).
		x := float64(q.Computed)
		pre, rest := llama405BFLOPs(x)/(h100s*mfuByHand), loadByHand((n-x)*llama405BPerToken)
		switch {
		case x >= n:
			assert.InEpsilon(t, f/(h100s*mfuByHand), float64(q.Overlap), 1e-12)
		case x <= 0:
			assert.InEpsilon(t, loadByHand(n*llama405BPerToken), float64(q.Overlap), 1e-12)
		default:
			assert.InEpsilon(t, pre, float64(q.Overlap), 1e-5, "recompute part at %v tokens", n)
			assert.InEpsilon(t, rest, float64(q.Overlap), 1e-5, "load the rest at %v tokens", n)
		}
	}
	// At the post's 128K tokens: 64.7 s to recompute, 3.16 s to load.
	last := c.Points[len(c.Points)-1]
	assert.InDelta(t, 64.66, float64(last.Recompute.Value), 0.01)
	assert.InDelta(t, 3.164, float64(last.Load), 0.001)

	// The crossover, to a token: loading loses a token before it.
	x := float64(c.Crossover)
	require.Greater(t, x, 128.0)
	wins := func(n float64) bool { return loadByHand(n*llama405BPerToken) < llama405BFLOPs(n)/(h100s*mfuByHand) }
	assert.True(t, wins(x), "loading wins at the crossover, %v tokens", x)
	assert.False(t, wins(x-1), "recomputing wins a token before it")
}

// The curves against prompt length price each model as the estimates
// table does (figure 10 and notebook 11's table agree): by the prefill
// model fitted on the published runs, with its interval. Checked by hand
// for Llama 3.1 70B at 128K tokens on 8 H100s from the fitted phases, and
// at 128K tokens against the table for every model drawn.
func TestBreakEvenCurvesPriceAsTheEstimatesTableDoes(t *testing.T) {
	ps := BreakEvenVsPromptLength()
	require.Len(t, ps, len(BreakEvenLengthModels)*CurvePoints, "every model drawn fits the GPUs at every length")
	m, err := calibration.Fitted()
	require.NoError(t, err)
	e := m.Phases
	require.True(t, e.Ceiling, "the fitted structure prices the FLOPs at the measured ceiling")
	const n = 131072.0
	params := 70e9          // the catalog's parameter count of Llama 3.1 70B
	head := 128256.0 * 8192 // the untied output head: the last token only
	linear := 2*(params-head)*n + 2*head
	attention := 80 * (n * n / 2) * 64 * (128 + 128) * 2
	bw := 3.35e12    // H100 SXM HBM3, bytes/s
	ceil := 794.5e12 // the H100's measured BF16 matmul throughput (the MAMF table)
	want := (linear+attention)/(8*ceil) + (linear+attention)/(8*bw*e.Intensity) + float64(e.Fixed)
	if e.Weights {
		want += params * 2 / (8 * bw)
	}
	require.Zero(t, e.Link, "no fitted link share: no communication term to add")
	cache := n * llama70BPerToken
	table := map[string]EstimateRow{}
	for _, r := range EstimateTable() {
		if r.Tokens == sources.Conversation128K.V() {
			table[r.Model.Name] = r
		}
	}
	checked := 0
	for _, p := range ps {
		if float64(p.Tokens) != n {
			continue
		}
		r, ok := table[p.Model]
		require.True(t, ok, p.Model)
		assert.Equal(t, r.BreakEven, p.BreakEven, "%s: the table's break-even", p.Model)
		assert.Equal(t, r.Time, p.Recompute, "%s: the table's prefill", p.Model)
		if p.Model == "Llama 3.1 70B" {
			assert.InEpsilon(t, want, float64(p.Recompute.Value), 1e-9)
			assert.InEpsilon(t, cache/want, float64(p.BreakEven.Value), 1e-9)
			assert.InEpsilon(t, cache/(want*m.High), float64(p.BreakEven.Lo), 1e-9)
			assert.InEpsilon(t, cache/(want*m.Low), float64(p.BreakEven.Hi), 1e-9)
		}
		checked++
	}
	assert.Equal(t, len(BreakEvenLengthModels), checked)
	// Each model's curve runs from 1K (1,024) to 128K (131,072) tokens.
	first, last := map[string]float64{}, map[string]float64{}
	for _, p := range ps {
		if _, ok := first[p.Model]; !ok {
			first[p.Model] = float64(p.Tokens)
		}
		last[p.Model] = float64(p.Tokens)
	}
	for m := range first {
		assert.Equal(t, 1024.0, first[m], m)
		assert.InEpsilon(t, 131072.0, last[m], 1e-12, m)
	}
	// The models left out do not fit: the 405B's BF16 weights alone are
	// 405e9 x 2 bytes, over 8 x 80 GB; DeepSeek-V3's FP8 checkpoint
	// (quant_method "fp8" in its config.json) is 671e9 x 1, which with
	// the tenth kept for activations leaves no room.
	unfit := BreakEvenLengthUnfit()
	require.Len(t, unfit, 2)
	assert.InEpsilon(t, 405e9*2, float64(unfit["Llama 3.1 405B"].Weights), 1e-2)
	assert.InEpsilon(t, 671e9*1, float64(unfit["DeepSeek-V3"].Weights), 1e-2)
	assert.Greater(t, float64(unfit["Llama 3.1 405B"].Weights), 8*80e9)
	assert.Greater(t, float64(unfit["DeepSeek-V3"].Weights), 0.9*8*80e9)
}

// The curves' CSV: SI units in the headers, full precision, one row a
// point.
func TestCurveTablesWrite(t *testing.T) {
	tables := CurveTables()
	require.Len(t, tables, 2)
	want := map[string][]string{
		"ttft-vs-prompt-length":       {"prompt_tokens", "recompute_seconds", "recompute_seconds_low", "recompute_seconds_high", "recompute_constant_rate_seconds", "load_seconds", "overlap_seconds", "overlap_recomputed_tokens"},
		"break-even-vs-prompt-length": {"model", "prompt_tokens", "cache_bytes", "recompute_seconds", "recompute_seconds_low", "recompute_seconds_high", "break_even_bytes_per_second", "break_even_bytes_per_second_low", "break_even_bytes_per_second_high"},
	}
	for _, tb := range tables {
		b, err := tb.CSV()
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		assert.Equal(t, want[tb.Name], strings.Split(lines[0], ","), tb.Name)
		assert.Equal(t, tb.Rows()+1, len(lines), tb.Name)
	}
	// Full precision: the last load time reads back to the bit.
	c := TTFTVsPromptLength()
	b, err := tables[0].CSV()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	cells := strings.Split(lines[len(lines)-1], ",")
	v, err := strconv.ParseFloat(cells[5], 64)
	require.NoError(t, err)
	assert.Equal(t, float64(c.Points[len(c.Points)-1].Load), v)
	assert.False(t, math.IsNaN(v))
}
