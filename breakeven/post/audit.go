package post

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Verdict is the outcome of comparing a printed figure with its
// recomputation.
type Verdict string

// The verdicts.
const (
	// Match: the recomputed value rounds to the printed one at the
	// precision printed.
	Match Verdict = "match"
	// WithinApprox: it does not, but the interval the recomputation carries
	// (from approximate or rounded inputs) reaches the printed value's.
	WithinApprox Verdict = "within-approximation"
	// Differs: not even the intervals meet.
	Differs Verdict = "differs"
	// AsSourced: an input the post takes from a source, equal at the
	// printed precision to the value typed in package sources.
	AsSourced Verdict = "input"
)

// Finding is one ledger entry audited.
type Finding struct {
	Entry   sources.Entry
	Printed float64 // the printed number, in Entry.Unit
	Step    float64 // its printed resolution, in Entry.Unit
	// Recomputed is the independent value in Entry.Unit, with the interval
	// its inputs carry.
	Recomputed breakeven.Estimate[float64]
	Verdict    Verdict
	// Expected is the verdict the project expects; a Finding whose Verdict
	// differs from Expected means an input or the model changed.
	Expected Verdict
	// How says how the value was recomputed.
	How string
	// Transcribed is, for an input, how the value typed in package sources
	// compares with the printed figure: Match unless the input was typed
	// wrong. A cross-checked input is judged on its recomputation, so this
	// keeps its transcription checked too. Empty for a derived figure.
	Transcribed Verdict
	// Reason explains any verdict other than match or input.
	Reason string
}

// Unexpected reports whether the verdict is not the expected one.
func (f Finding) Unexpected() bool { return f.Verdict != f.Expected }

// recomputation is how one figure is recomputed, in SI units: how says
// it in words with the values it uses, written from those values so the
// text cannot drift from them.
type recomputation struct {
	how func() string
	f   func() E[float64]
}

func est[T ~float64](e E[T]) E[float64] { return e.Float() }

func exactF(v float64) E[float64] { return breakeven.Exact(v) }

// perTokenHow writes a GQA model's per-token size as its config's
// factors: "Llama 3.1 405B config: 2 (K and V) x 126 layers x 8 KV heads
// x 128 head dim x 2 B = 516 KB/token".
func perTokenHow(model string) string {
	a := archAt16(model)
	g := a.Groups[0]
	return fmt.Sprintf("%s config: 2 (K and V) x %d layers x %d KV heads x %d head dim x %g B = %s",
		model, g.Layers, g.KVHeads, g.HeadDim, float64(sources.PostElement().Size), a.BytesPerToken())
}

// breakEvenHow writes a test's break-even: "127,188 tokens / 62.0 s =
// 2,051 tokens/s, x 516 KB/token = 1.06 GB/s".
func breakEvenHow(id string) string {
	r := breakEvenOf(id)
	t := r.Test
	prefill := fmt.Sprintf("%s tokens / %s = %s", t.Tokens.V(), t.Uncached.V(), r.Prefill.Value)
	if t.Uncached.Name == "" {
		prefill = fmt.Sprintf("the post's %s", t.Prefill.V())
	}
	return fmt.Sprintf("%s test: %s, x %s = %s", t.Model, prefill, r.PerToken, r.BreakEven.Value)
}

// cacheHow writes a prompt's cache: "127,188 tokens x 516 KB/token =
// 65.6 GB".
func cacheHow(n breakeven.Tokens, model string) string {
	a := archAt16(model)
	return fmt.Sprintf("%s tokens x %s (%s) = %s", n, a.MeanBytesPerToken(n), model, a.CacheSize(n))
}

// claimHow writes a claim's needed bandwidth: "34.4 GB / 1.50 s =
// 22.9 GB/s".
func claimHow(model string) string {
	c := claimOf(model)
	return fmt.Sprintf("cache / claimed time: %s / %s = %s", c.Cache.Value, c.Seconds.Value, c.Needs.Value)
}

// beatenHow writes which break-evens a transport beats.
func beatenHow(i int) string {
	tr := TransportTable()[i].Transport
	var below []string
	for _, r := range BreakEvenTable() {
		if r.BreakEven.Value < tr.Delivered.V() {
			below = append(below, r.BreakEven.Value.String())
		}
	}
	if len(below) == 0 {
		below = append(below, "none")
	}
	return fmt.Sprintf("break-evens below %s's %s: %s", tr.Name, tr.Delivered.V(), strings.Join(below, ", "))
}

// ratioHow writes a ratio of two values with their quotient.
func ratioHow(what string, a, b fmt.Stringer) string {
	return fmt.Sprintf("%s: %s / %s", what, a, b)
}

func hitRateHow() string {
	h := LablupHitRate()
	return fmt.Sprintf("p / (p + t_recompute - t_load) = %s / (%s + %s - %s)", h.Penalty.Value, h.Penalty.Value, h.Recompute.Value, h.Load.Value)
}

func penaltyHow() string {
	return fmt.Sprintf("first turn with offload - without: %s - %s", sources.LablupMissOffload.V(), sources.LablupMissBase.V())
}

func meanHow(with string, miss, hit breakeven.Seconds) string {
	turns := sources.LablupTurns.V()
	return fmt.Sprintf("(one miss + %g hits) / %g turns, %s offload: (%s + %g x %s) / %g", turns-1, turns, with, miss, turns-1, hit, turns)
}

// derived recomputes each derived figure of the ledger, by entry id.
var derived = map[string]recomputation{
	"open.break-even": {func() string { return breakEvenHow(sources.VAST405B.ID) }, vastBreakEven},
	"open.break-even-bits": {func() string {
		return fmt.Sprintf("the 405B break-even in bits: %s x 8 = %s", vastBreakEvenBW(), vastBreakEvenBW().Bits())
	}, vastBreakEven},
	"open.10gbe-clears": {func() string {
		return fmt.Sprintf("links of 10 GbE needed: ceil(%s / %s)", vastBreakEvenBW().Bits(), sources.TenGbE.V().Bits())
	}, func() E[float64] {
		return exactF(float64(breakeven.LinksNeeded(vastBreakEvenBW(), sources.TenGbE.V())))
	}},
	"open.tests":           {testsHow, func() E[float64] { return exactF(float64(len(sources.PublishedTests))) }},
	"cached.per-token":     {func() string { return perTokenHow(sources.VAST405B.Model) }, func() E[float64] { return exactF(float64(PerToken(sources.VAST405B.Model))) }},
	"cached.cache":         {vastCacheHow, vastCache},
	"cached.prefill-bytes": {vastCacheHow, vastCache},
	"tests.count":          {testsHow, func() E[float64] { return exactF(float64(len(sources.PublishedTests))) }},
	"tests.405b.prefill": {func() string {
		t := sources.VAST405B
		return fmt.Sprintf("%s tokens / %s", t.Tokens.V(), t.Uncached.V())
	}, func() E[float64] { return est(breakEvenOf(sources.VAST405B.ID).Prefill) }},
	"tests.405b.per-token":  {func() string { return perTokenHow("Llama 3.1 405B") }, func() E[float64] { return exactF(float64(PerToken("Llama 3.1 405B"))) }},
	"tests.405b.break-even": {func() string { return breakEvenHow(sources.VAST405B.ID) }, vastBreakEven},
	"tests.70b.per-token":   {func() string { return perTokenHow("Llama 3.1 70B") }, func() E[float64] { return exactF(float64(PerToken("Llama 3.1 70B"))) }},
	"tests.70b.break-even":  {func() string { return breakEvenHow(sources.WEKA70B.ID) }, func() E[float64] { return est(breakEvenOf(sources.WEKA70B.ID).BreakEven) }},
	"tests.qwen.prefill": {func() string {
		t := sources.QwenWWT
		return fmt.Sprintf("%s tokens / 'over 11 s' (%s to %s)", t.Tokens.V(), t.Uncached.Value.Lo, t.Uncached.Value.Hi)
	}, func() E[float64] { return est(breakEvenOf(sources.QwenWWT.ID).Prefill) }},
	"tests.qwen.per-token":  {func() string { return perTokenHow("Qwen3-32B") }, func() E[float64] { return exactF(float64(PerToken("Qwen3-32B"))) }},
	"tests.qwen.break-even": {func() string { return breakEvenHow(sources.QwenWWT.ID) }, func() E[float64] { return est(breakEvenOf(sources.QwenWWT.ID).BreakEven) }},
	"tests.per-token-ratio": {func() string {
		return ratioHow("405B per-token size / Qwen3-32B's", PerToken("Llama 3.1 405B"), PerToken("Qwen3-32B"))
	}, func() E[float64] {
		return exactF(float64(PerToken("Llama 3.1 405B") / PerToken("Qwen3-32B")))
	}},
	"tests.prefill-ratio": {func() string {
		return ratioHow("Qwen3-32B prefill / 405B prefill", breakEvenOf(sources.QwenWWT.ID).Prefill.Value, breakEvenOf(sources.VAST405B.ID).Prefill.Value)
	}, func() E[float64] {
		return breakeven.Apply2(breakEvenOf(sources.QwenWWT.ID).Prefill, breakEvenOf(sources.VAST405B.ID).Prefill,
			func(q, l breakeven.TokenRate) float64 { return float64(q / l) })
	}},
	"mult.throughput-bytes": {func() string { return bitsHow(sources.VASTThroughput.V()) }, func() E[float64] { return est(sources.VASTThroughput.Value) }},
	"mult.divisor":          {func() string { return "the 405B break-even: " + breakEvenHow(sources.VAST405B.ID) }, vastBreakEven},
	"mult.predicted-speedup": {func() string {
		m := VASTMultiplier()
		return ratioHow("throughput / break-even", m.Throughput.Value, m.BreakEven.Value)
	}, func() E[float64] { return VASTMultiplier().PredictedSpeed }},
	"mult.predicted-load": {func() string {
		return ratioHow("cache / throughput", vastCacheBytes(), VASTMultiplier().Throughput.Value)
	}, func() E[float64] { return est(VASTMultiplier().PredictedLoad) }},
	"claims.qwen.cache": {func() string { return cacheHow(sources.QwenWWT.Tokens.V(), sources.QwenWWT.Model) }, func() E[float64] { return est(claimOf("Qwen3-32B").Cache) }},
	"claims.qwen.needs": {func() string { return claimHow("Qwen3-32B") }, func() E[float64] { return est(claimOf("Qwen3-32B").Needs) }},
	"claims.weka.needs": {func() string { return claimHow("Llama 3.1 70B") }, func() E[float64] { return est(claimOf("Llama 3.1 70B").Needs) }},
	"claims.weka.cache": {func() string { return cacheHow(sources.WEKA70B.Tokens.V(), sources.WEKA70B.Model) }, func() E[float64] { return est(claimOf("Llama 3.1 70B").Cache) }},
	"claims.ib.carries": {func() string { return bitsHow(sources.WEKALinkSpeed.V()) }, func() E[float64] { return est(sources.WEKALinkSpeed.Value) }},
	"transports.count": {func() string {
		var names []string
		for _, t := range sources.Transports {
			names = append(names, t.Name)
		}
		return fmt.Sprintf("the %d transports in sources: %s", len(names), strings.Join(names, ", "))
	}, func() E[float64] { return exactF(float64(len(sources.Transports))) }},
	"transports.roce.verdict": {func() string { return beatenHow(0) }, func() E[float64] { return beaten(0) }},
	"transports.uccl.verdict": {func() string { return beatenHow(1) }, func() E[float64] { return beaten(1) }},
	"transports.ucx.verdict":  {func() string { return beatenHow(2) }, func() E[float64] { return beaten(2) }},
	"transports.factor": {func() string {
		return ratioHow("UCCL / UCX delivered", sources.UCCL.Delivered.V(), sources.UCX.Delivered.V())
	}, func() E[float64] {
		return breakeven.Apply2(sources.UCCL.Delivered.Value, sources.UCX.Delivered.Value,
			func(a, b breakeven.Bandwidth) float64 { return float64(a / b) })
	}},
	"hit.first-turn-slower": {penaltyHow, func() E[float64] { return est(LablupHitRate().Penalty) }},
	"hit.halved": {func() string {
		h := LablupHitRate()
		return ratioHow("mean with offload / mean without", h.MeanOffld.Value, h.MeanBase.Value)
	}, func() E[float64] {
		h := LablupHitRate()
		return breakeven.Apply2(h.MeanOffld, h.MeanBase, func(a, b breakeven.Seconds) float64 { return float64(a / b) })
	}},
	"hit.four-in-five": {func() string {
		return fmt.Sprintf("the turns after the first: %g - 1", sources.LablupTurns.V())
	}, func() E[float64] { return exactF(sources.LablupTurns.V() - 1) }},
	"hit.penalty":          {penaltyHow, func() E[float64] { return est(LablupHitRate().Penalty) }},
	"hit.break-even":       {hitRateHow, func() E[float64] { return LablupHitRate().BreakEvenH }},
	"sources.hit-rate":     {hitRateHow, func() E[float64] { return LablupHitRate().BreakEvenH }},
	"newer.405b.per-token": {func() string { return perTokenHow("Llama 3.1 405B") }, func() E[float64] { return exactF(float64(PerToken("Llama 3.1 405B"))) }},
	"newer.405b.128k": {func() string { return cacheHow(sources.Conversation128K.V(), "Llama 3.1 405B") }, func() E[float64] {
		return exactF(float64(newerRow("Llama 3.1 405B").At128K))
	}},
	"newer.ratio": {func() string {
		return ratioHow("405B per-token size / DeepSeek V4 Pro's", PerToken("Llama 3.1 405B"), sources.DeepSeekV4Pro.PerToken.V())
	}, func() E[float64] {
		v4 := sources.DeepSeekV4Pro.PerToken.Value
		return breakeven.Apply1(v4, func(b breakeven.BytesPerToken) float64 { return float64(PerToken("Llama 3.1 405B") / b) })
	}},
	"newer.million": {func() string {
		m := sources.DeepSeekV4Pro
		return fmt.Sprintf("%s tokens x %s + the %s fixed state the 128K size implies", sources.MillionTokens.V(), m.PerToken.V(), m.FixedState().Value)
	}, func() E[float64] {
		m := sources.DeepSeekV4Pro
		return breakeven.Apply3(m.PerToken.Value, m.FixedState(), sources.MillionTokens.Value,
			func(b breakeven.BytesPerToken, fixed breakeven.Bytes, n breakeven.Tokens) float64 {
				return float64(b.Bytes(n) + fixed)
			})
	}},
	"newer.bound-prefill": {func() string {
		return ratioHow("the prefill whose break-even is the bound", sources.BoundBandwidth.V(), sources.DeepSeekV4Pro.PerToken.V())
	}, func() E[float64] {
		return breakeven.Apply1(sources.DeepSeekV4Pro.PerToken.Value, func(b breakeven.BytesPerToken) float64 {
			return float64(breakeven.PrefillForBreakEven(sources.BoundBandwidth.V(), b))
		})
	}},
	"newer.parked.405b": {func() string {
		return fmt.Sprintf("%s x the 405B 128K-token cache, %s", breakeven.GroupThousands(sources.ParkedConversations.V(), 0), newerRow("Llama 3.1 405B").At128K)
	}, func() E[float64] { return exactF(float64(newerRow("Llama 3.1 405B").Parked)) }},
	"newer.parked.deepseekv4pro": {func() string {
		return fmt.Sprintf("%s x DeepSeek V4 Pro's 128K-token conversation, %s", breakeven.GroupThousands(sources.ParkedConversations.V(), 0), sources.DeepSeekV4Pro.At128K.V())
	}, func() E[float64] {
		return breakeven.Apply1(sources.DeepSeekV4Pro.At128K.Value, func(s breakeven.Bytes) float64 {
			return float64(breakeven.ParkedCapacity(int(sources.ParkedConversations.V()), s))
		})
	}},
	"next.deepseek": {func() string {
		return fmt.Sprintf("DeepSeek V4 Pro's per-token size, %s", sources.DeepSeekV4Pro.PerToken.V())
	}, func() E[float64] { return est(sources.DeepSeekV4Pro.PerToken.Value) }},
}

// testsHow names the published tests.
func testsHow() string {
	var ids []string
	for _, t := range sources.PublishedTests {
		ids = append(ids, t.Label)
	}
	return fmt.Sprintf("the %d published tests in sources: %s", len(ids), strings.Join(ids, "; "))
}

// vastCacheHow writes the 405B prompt's cache.
func vastCacheHow() string { return cacheHow(sources.VAST405B.Tokens.V(), sources.VAST405B.Model) }

// bitsHow writes a link speed in bits as bytes: "181 Gbit/s / 8 = 22.6
// GB/s".
func bitsHow(b breakeven.Bandwidth) string { return fmt.Sprintf("%s / 8 = %s", b.Bits(), b) }

// crossChecks recompute an input independently, where its source or the
// model allows, keyed by input name: the audit then judges the source's
// figure, not just its transcription.
var crossChecks = map[string]recomputation{
	// The post's newer models against their own configs (newerconfigs.go).
	"newer.kimik3.per-token":        configPerToken(sources.KimiK3.Name),
	"newer.kimik3.128k":             configAt(sources.KimiK3.Name),
	"newer.deepseekv4pro.per-token": configPerToken(sources.DeepSeekV4Pro.Name),
	"newer.deepseekv4pro.128k":      configAt(sources.DeepSeekV4Pro.Name),
	"vast405b.per-token": {func() string {
		return perTokenHow("Llama 3.1 405B") + ", which is " + breakeven.Bytes(PerToken("Llama 3.1 405B")).IEC()
	}, func() E[float64] { return exactF(float64(PerToken("Llama 3.1 405B"))) }},
	"vast405b.cache": {vastCacheHow, vastCache},
	"vast405b.speedup": {func() string {
		return ratioHow("uncached / cached", sources.VAST405B.Uncached.V(), sources.VAST405B.Cached.V())
	}, func() E[float64] { return VASTMultiplier().MeasuredSpeedup }},
	"weka70b.prefill": {func() string {
		w := sources.WEKA70B
		return fmt.Sprintf("%s tokens / (WEKA's %gx x %s)", w.Tokens.V(), sources.WEKAHeadline.V(), w.Cached.V())
	}, func() E[float64] {
		return breakeven.Apply3(sources.WEKA70B.Tokens.Value, sources.WEKAHeadline.Value, sources.WEKA70B.Cached.Value,
			func(n breakeven.Tokens, x float64, t breakeven.Seconds) float64 {
				return float64(breakeven.PrefillRate(n, breakeven.Seconds(x)*t))
			})
	}},
	"lablup.mean.no-offload": {func() string {
		return meanHow("without", sources.LablupMissBase.V(), sources.LablupHitBase.V())
	}, func() E[float64] { return est(LablupHitRate().MeanBase) }},
	"lablup.mean.offload": {func() string {
		return meanHow("with", sources.LablupMissOffload.V(), sources.LablupHitOffload.V())
	}, func() E[float64] { return est(LablupHitRate().MeanOffld) }},
	"qwen32b.uncached": {func() string {
		r := limitRow(sources.QwenWWT.ID)
		g := r.Hardware.GPUs()
		return fmt.Sprintf("the fastest prefill the stated hardware allows, at its peak (MFU = 1): %s / (%s at %s) = %s", r.FLOPs, g, g.ChipPeak(), r.MinTime)
	}, func() E[float64] {
		return exactF(float64(limitRow(sources.QwenWWT.ID).MinTime))
	}},
	"deepseek.hit-rate": {func() string {
		return fmt.Sprintf("hit tokens / input tokens: %s / %s", sources.DeepSeekHitTokens.V(), sources.DeepSeekInputTokens.V())
	}, func() E[float64] {
		return breakeven.Apply2(sources.DeepSeekHitTokens.Value, sources.DeepSeekInputTokens.Value,
			func(h, n breakeven.Tokens) float64 { return float64(h / n) })
	}},
}

// expected holds every verdict other than the default (match for a derived
// figure, input for an input), with the reason. Each reason is written from
// the computed values, so it cannot drift from the arithmetic it explains.
var expected = map[string]struct {
	v      Verdict
	reason func() string
}{
	"newer.deepseekv4pro.per-token": {Differs, v4PerTokenReason},
	"newer.deepseekv4pro.128k":      {Differs, v4At128KReason},
	"cached.vast-cache": {Differs, func() string {
		return fmt.Sprintf("GB written for GiB: the 405B prompt's cache is %s, which is %s; the post itself calls VAST's figures binary", vastCacheBytes(), vastCacheBytes().IEC())
	}},
	"sources.cache": {Differs, func() string {
		return fmt.Sprintf("GB written for GiB: %s is %s", vastCacheBytes(), vastCacheBytes().IEC())
	}},
	"open.speedup":          {WithinApprox, reportedSpeedupReason},
	"mult.reported-speedup": {WithinApprox, reportedSpeedupReason},
	"transports.speedup":    {WithinApprox, reportedSpeedupReason},
	"tests.70b.prefill": {WithinApprox, func() string {
		cc := crossChecks["weka70b.prefill"].f()
		p := sources.WEKA70B.Prefill.V()
		return fmt.Sprintf("the uncached time behind the post's %s was not seen; WEKA's own %gx headline (at a 128,000-token context) gives %s / (%gx x %s) = %s tokens/s, %.1f%% higher, and %s-%s over the rounding of %gx",
			p, sources.WEKAHeadline.V(), sources.WEKA70B.Tokens.V(), sources.WEKAHeadline.V(), sources.WEKA70B.Cached.V(),
			breakeven.GroupThousands(cc.Value, 0), 100*(cc.Value/float64(p)-1), breakeven.GroupThousands(cc.Lo, 0), breakeven.GroupThousands(cc.Hi, 0), sources.WEKAHeadline.V())
	}},
	"tests.qwen.uncached": {Differs, func() string {
		return "physically implausible as stated: " + limitRow(sources.QwenWWT.ID).Reason
	}},
	"hit.mean.offload": {WithinApprox, func() string {
		m := LablupHitRate().MeanOffld
		turns := sources.LablupTurns.V()
		return fmt.Sprintf("(%.1f + %g x %.1f) / %g = %.2f s, which prints as %.1f; only at the top of the rounding of the ≈ times does the mean reach %.2f s and round to %.1f. The source's unrounded times, or a mean weighted otherwise, would explain it",
			float64(sources.LablupMissOffload.V()), turns-1, float64(sources.LablupHitOffload.V()), turns, float64(m.Value), float64(m.Value), float64(m.Hi), float64(m.Hi))
	}},
	"newer.million": {Differs, func() string {
		m := sources.DeepSeekV4Pro.Model()
		literal, binary := sources.MillionTokens.V(), breakeven.Tokens(1<<20)
		return fmt.Sprintf("a literal %s tokens at %s per token, plus the %s fixed state the 128K size implies, is %s; the printed figure is what %s tokens (a '1M' context of 2^20) give: %s",
			literal, breakeven.Bytes(m.Arch.BytesPerToken()), m.Arch.FixedBytes(), m.Arch.CacheSize(literal), binary, m.Arch.CacheSize(binary))
	}},
	"newer.bound-prefill": {WithinApprox, func() string {
		r := derived["newer.bound-prefill"].f()
		return fmt.Sprintf("%s / %s per token = %s tokens/s, which is %s to the thousand; the post's figure is truncated, and lies within the rounding of the per-token size (%s-%s)",
			sources.BoundBandwidth.V(), breakeven.Bytes(sources.DeepSeekV4Pro.PerToken.V()), breakeven.GroupThousands(r.Value, 0),
			breakeven.GroupThousands(math.Round(r.Value/1000)*1000, 0), breakeven.GroupThousands(r.Lo, 0), breakeven.GroupThousands(r.Hi, 0))
	}},
}

// limitRow returns a published test's check against its hardware.
func limitRow(id string) LimitRow {
	for _, r := range LimitTable() {
		if r.Test.ID == id {
			return r
		}
	}
	panic("post: no hardware check for test " + id)
}

// reportedSpeedupReason explains VAST's 20x against its own times.
func reportedSpeedupReason() string {
	m := VASTMultiplier()
	return fmt.Sprintf("%s / %s is %.1fx; VAST's %gx is within the rounding of its two times (%.1fx to %.1fx)",
		sources.VAST405B.Uncached.V(), sources.VAST405B.Cached.V(), m.MeasuredSpeedup.Value, m.ReportedSpeedup.Value, m.MeasuredSpeedup.Lo, m.MeasuredSpeedup.Hi)
}

// vastCacheBytes is the 405B test prompt's cache.
func vastCacheBytes() breakeven.Bytes { return breakEvenOf(sources.VAST405B.ID).Cache }

// vastBreakEven is the 405B test's break-even.
func vastBreakEven() E[float64] { return est(breakEvenOf(sources.VAST405B.ID).BreakEven) }

// vastBreakEvenBW is the 405B test's nominal break-even.
func vastBreakEvenBW() breakeven.Bandwidth { return breakEvenOf(sources.VAST405B.ID).BreakEven.Value }

// vastCache is the 405B test prompt's cache.
func vastCache() E[float64] { return exactF(float64(breakEvenOf(sources.VAST405B.ID).Cache)) }

// beaten counts the break-evens transport i beats.
func beaten(i int) E[float64] { return exactF(float64(TransportTable()[i].Beaten)) }

func newerRow(name string) NewerRow {
	for _, r := range NewerTable() {
		if r.Model.Name == name {
			return r
		}
	}
	panic("post: no newer-model row " + name)
}

// inputValue returns the value of an input entry from package sources, in
// SI units: a registered input, a source's year, a config field or a tier.
func inputValue(ref string) (E[float64], string, error) {
	switch {
	case strings.HasPrefix(ref, "date:"):
		id := sources.SourceID(strings.TrimPrefix(ref, "date:"))
		s, ok := sources.Lookup(id)
		if !ok || len(s.Date) < 4 {
			return E[float64]{}, "", fmt.Errorf("no dated source %q", id)
		}
		y, err := strconv.Atoi(s.Date[:4])
		return exactF(float64(y)), "the year of " + string(id) + "'s date, " + s.Date, err
	case strings.HasPrefix(ref, "arch:"):
		parts := strings.Split(ref, ":")
		if len(parts) != 3 {
			return E[float64]{}, "", fmt.Errorf("bad config reference %q", ref)
		}
		m, err := sources.FindModel(parts[1])
		if err != nil || len(m.Arch.Groups) == 0 {
			return E[float64]{}, "", fmt.Errorf("config reference %q: %v", ref, err)
		}
		g := m.Arch.Groups[0]
		how := parts[1] + " config, " + m.Cite.String()
		switch parts[2] {
		case "layers":
			return exactF(float64(g.Layers)), how, nil
		case "kv-heads":
			return exactF(float64(g.KVHeads)), how, nil
		case "head-dim":
			return exactF(float64(g.HeadDim)), how, nil
		}
		return E[float64]{}, "", fmt.Errorf("unknown config field in %q", ref)
	case strings.HasPrefix(ref, "tier:"):
		name := strings.TrimPrefix(ref, "tier:")
		for _, t := range sources.Tiers {
			if t.Name == name {
				v, err := strconv.ParseFloat(strings.TrimPrefix(t.Name, "G"), 64)
				return exactF(v), "tier " + t.Name + ": " + t.Place, err
			}
		}
		return E[float64]{}, "", fmt.Errorf("no tier %q", name)
	}
	for _, in := range sources.Inputs() {
		if in.Name == ref {
			return in.Value, in.Cite.String(), nil
		}
	}
	return E[float64]{}, "", fmt.Errorf("no input %q", ref)
}

// Judge compares a printed value (at its step) with a recomputation in
// the same unit: Match if the recomputed value rounds to it, WithinApprox
// if only the intervals meet, Differs otherwise.
func Judge(printed, step float64, r E[float64]) Verdict {
	half := step / 2 * (1 + 1e-9)
	if math.Abs(r.Value-printed) <= half {
		return Match
	}
	if r.Lo <= printed+half && printed-half <= r.Hi {
		return WithinApprox
	}
	return Differs
}

// AuditEntry audits one ledger entry.
func AuditEntry(e sources.Entry) (Finding, error) {
	v, step, err := e.Value()
	if err != nil {
		return Finding{}, err
	}
	f := Finding{Entry: e, Printed: v, Step: step}
	var r recomputation
	switch e.Kind {
	case sources.DerivedFigure:
		var ok bool
		if r, ok = derived[e.ID]; !ok {
			return Finding{}, fmt.Errorf("post: derived figure %s has no recomputation", e.ID)
		}
		f.Expected = Match
	case sources.InputFigure:
		f.Expected = AsSourced
		val, how, err := inputValue(e.Input)
		if err != nil {
			return Finding{}, fmt.Errorf("post: input figure %s: %w", e.ID, err)
		}
		f.Transcribed = Judge(v, step, val.Scale(1/e.Unit.Scale()))
		r = recomputation{func() string { return "as sourced: " + how }, func() E[float64] { return val }}
		if cc, ok := crossChecks[e.Input]; ok {
			r = cc
			f.Expected = Match
		}
	default:
		return Finding{}, fmt.Errorf("post: entry %s has unknown kind %q", e.ID, e.Kind)
	}
	f.How = r.how()
	f.Recomputed = r.f().Scale(1 / e.Unit.Scale())
	f.Verdict = Judge(v, step, f.Recomputed)
	if f.Verdict == Match && f.Expected == AsSourced {
		f.Verdict = AsSourced
	}
	if x, ok := expected[e.ID]; ok {
		f.Expected, f.Reason = x.v, x.reason()
	}
	return f, nil
}

// Audit audits every entry of the ledger, in order. An entry that cannot
// be audited (no recomputation, an unreadable figure) is returned as an
// error after the others.
func Audit() ([]Finding, error) { return auditEntries(sources.Ledger) }

// auditEntries audits each entry, keeping the findings of those that
// audit and naming every one that does not.
func auditEntries(entries []sources.Entry) ([]Finding, error) {
	var out []Finding
	var errs []string
	for _, e := range entries {
		f, err := AuditEntry(e)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, f)
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return out, nil
}
