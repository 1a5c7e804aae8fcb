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

// recomputation is how one figure is recomputed, in SI units.
type recomputation struct {
	how string
	f   func() E[float64]
}

func est[T ~float64](e E[T]) E[float64] { return e.Float() }

func exactF(v float64) E[float64] { return breakeven.Exact(v) }

// derived recomputes each derived figure of the ledger, by entry id.
var derived = map[string]recomputation{
	"open.break-even":      {"405B test: 127,188 tokens / 62 s x per-token size (2 x 126 x 8 x 128 x 2 B)", vastBreakEven},
	"open.break-even-bits": {"the same break-even, in bits: x 8", vastBreakEven},
	"open.10gbe-clears": {"ceil(break-even / 10 Gbit/s): links of 10 GbE needed", func() E[float64] {
		return exactF(float64(breakeven.LinksNeeded(breakEvenOf(sources.VAST405B.ID).BreakEven.Value, sources.TenGbE.V())))
	}},
	"open.tests":            {"the published tests in sources", func() E[float64] { return exactF(float64(len(sources.PublishedTests))) }},
	"cached.per-token":      {"2 x layers x KV heads x head dim x bytes per number, Llama 3.1 405B config", func() E[float64] { return exactF(float64(PerToken(sources.VAST405B.Model))) }},
	"cached.cache":          {"127,188 tokens x per-token size", vastCache},
	"cached.prefill-bytes":  {"127,188 tokens x per-token size", vastCache},
	"tests.count":           {"the published tests in sources", func() E[float64] { return exactF(float64(len(sources.PublishedTests))) }},
	"tests.405b.prefill":    {"127,188 tokens / 62 s", func() E[float64] { return est(breakEvenOf("vast405b").Prefill) }},
	"tests.405b.per-token":  {"Llama 3.1 405B config at 16 bits", func() E[float64] { return exactF(float64(PerToken("Llama 3.1 405B"))) }},
	"tests.405b.break-even": {"prefill x per-token size", vastBreakEven},
	"tests.70b.per-token":   {"Llama 3.1 70B config at 16 bits: 2 x 80 x 8 x 128 x 2 B", func() E[float64] { return exactF(float64(PerToken("Llama 3.1 70B"))) }},
	"tests.70b.break-even":  {"4,380 tokens/s (the post's) x per-token size", func() E[float64] { return est(breakEvenOf("weka70b").BreakEven) }},
	"tests.qwen.prefill":    {"131,072 tokens / 'over 11 s' (11 to 12 s)", func() E[float64] { return est(breakEvenOf("qwen32b").Prefill) }},
	"tests.qwen.per-token":  {"Qwen3-32B config at 16 bits: 2 x 64 x 8 x 128 x 2 B", func() E[float64] { return exactF(float64(PerToken("Qwen3-32B"))) }},
	"tests.qwen.break-even": {"prefill x per-token size", func() E[float64] { return est(breakEvenOf("qwen32b").BreakEven) }},
	"tests.per-token-ratio": {"405B per-token size / Qwen3-32B per-token size", func() E[float64] {
		return exactF(float64(PerToken("Llama 3.1 405B") / PerToken("Qwen3-32B")))
	}},
	"tests.prefill-ratio": {"Qwen3-32B prefill / 405B prefill", func() E[float64] {
		return breakeven.Apply2(breakEvenOf("qwen32b").Prefill, breakEvenOf("vast405b").Prefill,
			func(q, l breakeven.TokenRate) float64 { return float64(q / l) })
	}},
	"mult.throughput-bytes":   {"181 Gbit/s / 8", func() E[float64] { return est(sources.VASTThroughput.Value) }},
	"mult.divisor":            {"the 405B break-even", vastBreakEven},
	"mult.predicted-speedup":  {"throughput / break-even", func() E[float64] { return VASTMultiplier().PredictedSpeed }},
	"mult.predicted-load":     {"cache / throughput", func() E[float64] { return est(VASTMultiplier().PredictedLoad) }},
	"claims.qwen.cache":       {"131,072 tokens x Qwen3-32B per-token size", func() E[float64] { return est(claimOf("Qwen3-32B").Cache) }},
	"claims.qwen.needs":       {"cache / 1.5 s", func() E[float64] { return est(claimOf("Qwen3-32B").Needs) }},
	"claims.weka.needs":       {"cache / 0.58 s", func() E[float64] { return est(claimOf("Llama 3.1 70B").Needs) }},
	"claims.weka.cache":       {"105,000 tokens x Llama 3.1 70B per-token size", func() E[float64] { return est(claimOf("Llama 3.1 70B").Cache) }},
	"claims.ib.carries":       {"400 Gbit/s / 8", func() E[float64] { return est(sources.WEKALinkSpeed.Value) }},
	"transports.count":        {"the transports in sources", func() E[float64] { return exactF(float64(len(sources.Transports))) }},
	"transports.roce.verdict": {"break-evens below 12.0 GB/s", func() E[float64] { return beaten(0) }},
	"transports.uccl.verdict": {"break-evens below 4.9 GB/s", func() E[float64] { return beaten(1) }},
	"transports.ucx.verdict":  {"break-evens below 0.55 GB/s", func() E[float64] { return beaten(2) }},
	"transports.factor": {"UCCL / UCX delivered", func() E[float64] {
		return breakeven.Apply2(sources.UCCL.Delivered.Value, sources.UCX.Delivered.Value,
			func(a, b breakeven.Bandwidth) float64 { return float64(a / b) })
	}},
	"hit.first-turn-slower": {"first turn with offload - without", func() E[float64] { return est(LablupHitRate().Penalty) }},
	"hit.halved": {"mean with offload / mean without", func() E[float64] {
		h := LablupHitRate()
		return breakeven.Apply2(h.MeanOffld, h.MeanBase, func(a, b breakeven.Seconds) float64 { return float64(a / b) })
	}},
	"hit.four-in-five":     {"turns after the first", func() E[float64] { return exactF(sources.LablupTurns.V() - 1) }},
	"hit.penalty":          {"first turn with offload - without", func() E[float64] { return est(LablupHitRate().Penalty) }},
	"hit.break-even":       {"p / (p + t_recompute - t_load)", func() E[float64] { return LablupHitRate().BreakEvenH }},
	"sources.hit-rate":     {"p / (p + t_recompute - t_load)", func() E[float64] { return LablupHitRate().BreakEvenH }},
	"newer.405b.per-token": {"Llama 3.1 405B config at 16 bits", func() E[float64] { return exactF(float64(PerToken("Llama 3.1 405B"))) }},
	"newer.405b.128k":      {"131,072 tokens x per-token size", func() E[float64] { return exactF(float64(newerRow("Llama 3.1 405B").At128K)) }},
	"newer.ratio": {"405B per-token size / DeepSeek V4 Pro per-token size", func() E[float64] {
		v4 := sources.DeepSeekV4Pro.PerToken.Value
		return breakeven.Apply1(v4, func(b breakeven.BytesPerToken) float64 { return float64(PerToken("Llama 3.1 405B") / b) })
	}},
	"newer.million": {"10^6 tokens x 7.9 KB + the fixed state the 128K size implies", func() E[float64] {
		m := sources.DeepSeekV4Pro
		return breakeven.Apply3(m.PerToken.Value, m.FixedState(), sources.MillionTokens.Value,
			func(b breakeven.BytesPerToken, fixed breakeven.Bytes, n breakeven.Tokens) float64 {
				return float64(b.Bytes(n) + fixed)
			})
	}},
	"newer.bound-prefill": {"1 GB/s / 7.9 KB per token", func() E[float64] {
		return breakeven.Apply1(sources.DeepSeekV4Pro.PerToken.Value, func(b breakeven.BytesPerToken) float64 {
			return float64(breakeven.PrefillForBreakEven(sources.BoundBandwidth.V(), b))
		})
	}},
	"newer.parked.405b": {"1,000 x the 405B 128K-token cache", func() E[float64] { return exactF(float64(newerRow("Llama 3.1 405B").Parked)) }},
	"newer.parked.deepseekv4pro": {"1,000 x DeepSeek V4 Pro's 128K-token conversation", func() E[float64] {
		return breakeven.Apply1(sources.DeepSeekV4Pro.At128K.Value, func(s breakeven.Bytes) float64 {
			return float64(breakeven.ParkedCapacity(int(sources.ParkedConversations.V()), s))
		})
	}},
	"next.deepseek": {"DeepSeek V4 Pro per-token size", func() E[float64] { return est(sources.DeepSeekV4Pro.PerToken.Value) }},
}

// crossChecks recompute an input independently, where its source or the
// model allows, keyed by input name: the audit then judges the source's
// figure, not just its transcription.
var crossChecks = map[string]recomputation{
	"vast405b.per-token": {"2 x 126 x 8 x 128 x 2 B, from the config", func() E[float64] { return exactF(float64(PerToken("Llama 3.1 405B"))) }},
	"vast405b.cache":     {"127,188 tokens x per-token size", vastCache},
	"vast405b.speedup":   {"62 s / 3 s", func() E[float64] { return VASTMultiplier().MeasuredSpeedup }},
	"weka70b.prefill": {"105,000 tokens / (WEKA's 41x x 0.58 s)", func() E[float64] {
		return breakeven.Apply3(sources.WEKA70B.Tokens.Value, sources.WEKAHeadline.Value, sources.WEKA70B.Cached.Value,
			func(n breakeven.Tokens, x float64, t breakeven.Seconds) float64 {
				return float64(breakeven.PrefillRate(n, breakeven.Seconds(x)*t))
			})
	}},
	"lablup.mean.no-offload": {"(one miss + four hits) / five turns, without offload", func() E[float64] { return est(LablupHitRate().MeanBase) }},
	"lablup.mean.offload":    {"(one miss + four hits) / five turns, with offload", func() E[float64] { return est(LablupHitRate().MeanOffld) }},
	"qwen32b.uncached": {"the fastest prefill the stated hardware allows, at its peak (MFU = 1): FLOPs of the prompt / (GPUs x peak)", func() E[float64] {
		return exactF(float64(limitRow(sources.QwenWWT.ID).MinTime))
	}},
	"deepseek.hit-rate": {"342B / 608B", func() E[float64] {
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
		r = recomputation{"as sourced: " + how, func() E[float64] { return val }}
		if cc, ok := crossChecks[e.Input]; ok {
			r = cc
			f.Expected = Match
		}
	default:
		return Finding{}, fmt.Errorf("post: entry %s has unknown kind %q", e.ID, e.Kind)
	}
	f.How = r.how
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
func Audit() ([]Finding, error) {
	var out []Finding
	var errs []string
	for _, e := range sources.Ledger {
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
