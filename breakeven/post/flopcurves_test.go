package post

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hand model of a dense Llama prefill: 2 FLOPs per parameter per
// token, plus attention, 2 x layers x heads x head_dim x N^2 (QK^T and
// AV, causal), at an MFU of 8 H100s' 989.4 TFLOP/s BF16 peak.
const h100s = 8 * 989.4e12

func llama405BFLOPs(n float64) float64 { return 2*405e9*n + 2*126*128*128*n*n }
func llama70BFLOPs(n float64) float64  { return 2*70e9*n + 2*80*64*128*n*n }

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

func TestBreakEvenVsPromptLengthByHand(t *testing.T) {
	ps := BreakEvenVsPromptLength()
	require.Len(t, ps, len(BreakEvenLengthModels)*CurvePoints)
	byHand := map[string]func(n float64) float64{
		"Llama 3.1 405B": func(n float64) float64 {
			return n * llama405BPerToken / (llama405BFLOPs(n) / (h100s * mfuByHand))
		},
		"Llama 3.1 70B": func(n float64) float64 {
			return n * llama70BPerToken / (llama70BFLOPs(n) / (h100s * mfuByHand))
		},
	}
	checked := 0
	for _, p := range ps {
		f, ok := byHand[p.Model]
		if !ok {
			continue
		}
		assert.InEpsilon(t, f(float64(p.Tokens)), float64(p.BreakEven), 1e-12, "%s at %v tokens", p.Model, p.Tokens)
		checked++
	}
	assert.Equal(t, 2*CurvePoints, checked)
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
	// The 405B at 128K: 1.05 GB/s, a little under the 1.06 GB/s the
	// post's constant speed gives, as attention grows with N^2.
	for _, p := range ps {
		if p.Model == "Llama 3.1 405B" && p.Tokens == 131072 {
			assert.InDelta(t, 1.046e9, float64(p.BreakEven), 0.001e9)
		}
	}
}

// The curves' CSV: SI units in the headers, full precision, one row a
// point.
func TestCurveTablesWrite(t *testing.T) {
	tables := CurveTables()
	require.Len(t, tables, 2)
	want := map[string][]string{
		"ttft-vs-prompt-length":       {"prompt_tokens", "recompute_seconds", "recompute_seconds_low", "recompute_seconds_high", "recompute_constant_rate_seconds", "load_seconds", "overlap_seconds", "overlap_recomputed_tokens"},
		"break-even-vs-prompt-length": {"model", "prompt_tokens", "cache_bytes", "recompute_seconds", "break_even_bytes_per_second"},
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
