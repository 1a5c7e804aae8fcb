package post

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// This file is the curves "beyond the post" draws against prompt length,
// from the prefill FLOP model: the figures plot these, and `breakeven
// reproduce` writes them to data/.

// CurvePoints is the number of prompt lengths a curve is computed at,
// evenly spaced on a log scale.
const CurvePoints = 121

// The prompt lengths the curves span: from 1K tokens (the time to first
// token from 128, to show where a load's fixed cost dominates) to the
// post's 128K-token conversation.
const (
	ttftShortestPrompt      = 128
	breakEvenShortestPrompt = 1024
)

// TTFTLengthPoint is the time to first token of one prompt length.
type TTFTLengthPoint struct {
	Tokens breakeven.Tokens
	// Recompute is the FLOP model's prefill at the calibrated MFU, with
	// the interval of the default MFU range.
	Recompute E[breakeven.Seconds]
	// Constant is N / r at the test's own prefill speed: the post's
	// model, where time grows in proportion to the prompt.
	Constant breakeven.Seconds
	// Load is the fixed cost of a load plus cache / (efficiency x link).
	Load breakeven.Seconds
	// Overlap is the time of recomputing the first Computed tokens while
	// loading the rest, at the calibrated MFU.
	Overlap  breakeven.Seconds
	Computed breakeven.Tokens
}

// TTFTLengthCurve is the time to first token against prompt length on
// the calibration test's model, GPUs and link.
type TTFTLengthCurve struct {
	Test sources.PrefillTest
	GPUs prefill.GPUs
	MFU  E[float64] // DefaultMFU: the calibrated value and the range
	Rate breakeven.TokenRate
	Load extended.Load
	// Crossover is the shortest prompt from which loading beats the FLOP
	// model's recompute; zero if loading does not win within the curve.
	Crossover breakeven.Tokens
	Points    []TTFTLengthPoint
}

// TTFTVsPromptLength returns the time to first token against prompt
// length for calibration.Test (the 405B test): recomputing by the FLOP
// model at the calibrated MFU, the post's constant speed, loading with
// the default fixed cost and efficiency over the test's throughput, and
// the overlap of the two.
func TTFTVsPromptLength() TTFTLengthCurve {
	t := calibration.Test
	h := TestHardware(t.ID)
	pm := testPrefillModel(t)
	arch := archAt16(t.Model)
	c := TTFTLengthCurve{
		Test: t, GPUs: h.GPUs(), MFU: calibration.DefaultMFU(),
		Rate: breakeven.PrefillRate(t.Tokens.V(), t.Uncached.V()),
		Load: extended.Load{Latency: sources.LoadLatency.V(), Efficiency: calibration.DefaultEfficiency().Value, Link: sources.VASTThroughput.V()},
	}
	recompute := func(n breakeven.Tokens) breakeven.Seconds { return prefill.TimeAt(pm, n, c.GPUs, c.MFU.Value) }
	hi := sources.Conversation128K.V()
	for _, x := range LogSpace(ttftShortestPrompt, float64(hi), CurvePoints) {
		n := breakeven.Tokens(x)
		o := extended.SplitCache(arch, n, recompute, c.Load)
		c.Points = append(c.Points, TTFTLengthPoint{
			Tokens:    n,
			Recompute: prefill.Time(pm, n, c.GPUs, c.MFU),
			Constant:  breakeven.RecomputeTime(n, c.Rate),
			Load:      c.Load.Time(arch.CacheSize(n)),
			Overlap:   o.Time,
			Computed:  o.Computed,
		})
	}
	if x, err := extended.Crossover(recompute, extended.LoadOf(arch, c.Load), hi); err == nil {
		c.Crossover = x
	}
	return c
}

// BreakEvenLengthModels are the models the break-even against prompt
// length follows: the post's two that the estimate hardware holds in
// BF16 (the Llama 3.1 405B's weights alone, 810 GB, do not fit 8 H100s),
// a small dense model, and three the post could not give: an MLA model
// (DeepSeek-V2; DeepSeek-V3 does not fit either), a sparse MoE and a
// hybrid. Each is priced as the estimates table prices it.
var BreakEvenLengthModels = []string{"Llama 3.1 70B", "Qwen3-32B", "Llama 3.1 8B", "DeepSeek-V2", "gpt-oss-120b", "Qwen3-Next-80B-A3B"}

// BreakEvenLengthLeftOut are the models the curves would follow but the
// estimate hardware cannot hold (BreakEvenLengthUnfit says why).
var BreakEvenLengthLeftOut = []string{"Llama 3.1 405B", "DeepSeek-V3"}

// BreakEvenLengthUnfit returns, for each of BreakEvenLengthLeftOut that
// does not fit EstimateGPUs at the shortest prompt the curves start
// from, its memory fit (what it needs against what the GPUs hold).
func BreakEvenLengthUnfit() map[string]prefill.Fit {
	out := map[string]prefill.Fit{}
	for _, name := range BreakEvenLengthLeftOut {
		pm, err := sources.PrefillModel(sources.MustModel(name))
		if err != nil {
			panic(err)
		}
		if e := Estimate(pm, breakEvenShortestPrompt, EstimateGPUs()); !e.Priced() {
			out[name] = e.Fit
		}
	}
	return out
}

// BreakEvenLengthPoint is one model's break-even at one prompt length,
// with the interval of the fitted prefill model.
type BreakEvenLengthPoint struct {
	Model     string
	Tokens    breakeven.Tokens
	Cache     breakeven.Bytes
	Recompute E[breakeven.Seconds]
	BreakEven E[breakeven.Bandwidth] // cache / recompute, no fixed cost, line rate
}

// BreakEvenVsPromptLength returns B*(N) = cache(N) / t_prefill(N) of each
// of BreakEvenLengthModels on EstimateGPUs, at CurvePoints prompt lengths
// from 1K to 128K tokens, model by model: each point is Estimate's, the
// prefill model fitted on the published runs with its interval, so the
// curves and the estimates table (at 128K tokens) agree. A model whose
// weights, cache and activations do not fit the GPUs at a length has no
// point there.
func BreakEvenVsPromptLength() []BreakEvenLengthPoint {
	g := EstimateGPUs()
	var out []BreakEvenLengthPoint
	for _, name := range BreakEvenLengthModels {
		pm, err := sources.PrefillModel(sources.MustModel(name))
		if err != nil {
			panic(err)
		}
		for _, x := range LogSpace(breakEvenShortestPrompt, float64(sources.Conversation128K.V()), CurvePoints) {
			n := breakeven.Tokens(x)
			e := Estimate(pm, n, g)
			if !e.Priced() {
				continue
			}
			out = append(out, BreakEvenLengthPoint{Model: name, Tokens: n, Cache: e.Fit.Cache, Recompute: e.Time, BreakEven: e.BreakEven})
		}
	}
	return out
}

// TTFTLengthData is the time to first token against prompt length.
func TTFTLengthData() Table {
	c := TTFTVsPromptLength()
	ps := c.Points
	b := newBuilder("ttft-vs-prompt-length", "Time to first token against prompt length for "+c.Test.Label+": recompute by FLOPs at the calibrated MFU, the post's constant speed, a load with its fixed cost, and both overlapped", len(ps))
	b.num("prompt", "prompt", uTokens, func(i int) float64 { return float64(ps[i].Tokens) })
	b.est("recompute", "recompute (FLOP model)", uSeconds, func(i int) E[float64] { return ps[i].Recompute.Float() })
	b.num("recompute_constant_rate", "recompute at the post's constant speed", uSeconds, func(i int) float64 { return float64(ps[i].Constant) })
	b.num("load", "load", uSeconds, func(i int) float64 { return float64(ps[i].Load) })
	b.num("overlap", "recompute and load overlapped", uSeconds, func(i int) float64 { return float64(ps[i].Overlap) })
	b.num("overlap_recomputed", "tokens recomputed in the overlap", uTokens, func(i int) float64 { return float64(ps[i].Computed) })
	return b.t
}

// BreakEvenLengthData is the break-even against prompt length, one row
// per model and prompt length.
func BreakEvenLengthData() Table {
	ps := BreakEvenVsPromptLength()
	b := newBuilder("break-even-vs-prompt-length", "Estimated break-even against prompt length on "+EstimateGPUs().String()+" by "+EstimateModel(), len(ps))
	b.text("model", "model", func(i int) string { return ps[i].Model })
	b.num("prompt", "prompt", uTokens, func(i int) float64 { return float64(ps[i].Tokens) })
	b.num("cache", "cache", uGB, func(i int) float64 { return float64(ps[i].Cache) })
	b.est("recompute", "estimated prefill", uSeconds, func(i int) E[float64] { return ps[i].Recompute.Float() })
	b.est("break_even", "estimated break-even", uBandwidth, func(i int) E[float64] { return ps[i].BreakEven.Float() })
	return b.t
}

// CurveTables returns the curves against prompt length, for data/.
func CurveTables() []Table {
	return []Table{TTFTLengthData(), BreakEvenLengthData()}
}
