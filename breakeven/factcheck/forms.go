package factcheck

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// parseSpeedup reads a speedup ratio, "152x" or "152", as a factor, or a change in the time to first token,
// "-79%": a time cut by 79% is a speedup of 1 / (1 - 0.79) = 4.76x.
func parseSpeedup(s string) (float64, error) {
	if t := strings.TrimSpace(s); strings.HasSuffix(t, "%") {
		return parseTimeChange(t)
	}
	f, err := breakeven.ParseFactor(s)
	switch {
	case errors.Is(err, breakeven.ErrFactorBelowOne):
		return 0, errors.New("a speedup below 1 is a slowdown; give the two times with --uncached and --seconds")
	case errors.Is(err, breakeven.ErrFactorTooLarge):
		return 0, errors.New("a speedup above a million is not a measurement")
	}
	return f, err
}

// parseTimeChange reads a signed percent change of the time to first
// token as the speedup it means.
func parseTimeChange(t string) (float64, error) {
	num := strings.Replace(strings.TrimSpace(strings.TrimSuffix(t, "%")), "\u2212", "-", 1) // a minus sign
	if num == "" || (num[0] != '-' && num[0] != '+') {
		return 0, errors.New("a percent change needs its sign: -79% for a time cut by 79%, +121% for one 121% longer")
	}
	p, err := strconv.ParseFloat(num, 64)
	switch {
	case err != nil || math.IsNaN(p):
		return 0, errors.New("not a percent change (e.g. -79%)")
	case p == 0:
		return 0, errors.New("a time that does not change is no speedup")
	case p > 0:
		return 0, fmt.Errorf("a time %s%% longer is a slowdown; give the two times with --uncached and --seconds", strconv.FormatFloat(p, 'f', -1, 64))
	case p <= -100:
		return 0, errors.New("a time cut by 100% or more is no time at all")
	}
	if f := 1 / (1 + p/100); f <= 1e6 {
		return f, nil
	}
	return 0, errors.New("a speedup above a million is not a measurement")
}

// parseShare reads the share of a prompt loaded from the cache, a
// fraction or a percentage; zero loads nothing.
func parseShare(s string) (float64, error) {
	h, err := breakeven.ParseFraction(s)
	if errors.Is(err, breakeven.ErrNotFraction) {
		return 0, errors.New("a hit is between 0 and 1 (0% and 100%)")
	}
	if err != nil {
		return 0, err
	}
	if h == 0 {
		return 0, errors.New("a hit of 0 loads nothing from the cache")
	}
	return h, nil
}

// halfStep is half a unit in the last place written of a quantity: for
// "40 GB" (40e9) it is 0.5 GB, for "0.465" 0.0005 s, for "152x" 0.5. A
// stated figure stands for anything that rounds to it; a sign does not
// change the step.
func halfStep(text string, value float64) float64 {
	t := strings.TrimLeft(strings.TrimSpace(text), "+-~\u2212")
	end := 0
	for end < len(t) && strings.IndexByte("0123456789.,", t[end]) >= 0 {
		end++
	}
	digits := strings.ReplaceAll(t[:end], ",", "")
	number, err := strconv.ParseFloat(digits, 64)
	if err != nil || number == 0 {
		return 0
	}
	decimals := 0
	if i := strings.IndexByte(digits, '.'); i >= 0 {
		decimals = len(digits) - i - 1
	}
	return 0.5 * math.Pow(10, -float64(decimals)) * value / number
}

// speedupSpan is the range of speedups a stated one stands for: "152x"
// is 151.5x to 152.5x, and a percent change rounds in percent points, so
// "-79%" is a cut of 78.5% to 79.5%, 1/0.215 = 4.65x to 1/0.205 = 4.88x.
func speedupSpan(text string, speedup float64) (lo, hi float64) {
	t := strings.TrimSpace(text)
	if !strings.HasSuffix(t, "%") {
		h := halfStep(t, speedup)
		return speedup - h, speedup + h
	}
	num := strings.TrimSpace(strings.TrimSuffix(t, "%"))
	p, err := strconv.ParseFloat(strings.Replace(num, "\u2212", "-", 1), 64)
	if err != nil || p >= 0 {
		return speedup, speedup
	}
	h := halfStep(num, -p) // half a unit of the last digit, in percent points
	lo = 1 / (1 + (p+h)/100)
	hi = math.Inf(1) // a cut of 100% or more is no time at all
	if p-h > -100 {
		hi = 1 / (1 + (p-h)/100)
	}
	return lo, hi
}

// SizeCheck is a stated size against the computed one.
type SizeCheck struct {
	Stated, Computed breakeven.Bytes
	// Tokens is the count Computed is for: the claim's, or the other
	// reading's where that is the one that matches.
	Tokens breakeven.Tokens
	// Reading is how the stated size matches: "" as written, or the
	// misreading under which it does ("GiB written as GB", "128K meaning
	// 131,072 tokens"); NoMatch when none does.
	Reading string
	NoMatch bool
}

// checkSize compares the claim's stated size with the computed one under
// each reading: as written; with the unit's decimal and binary prefixes
// swapped (GiB written as GB); with the other token reading; with both.
func (c *Checker) checkSize(r *Result) *SizeCheck {
	arch := r.arch()
	sc := &SizeCheck{Stated: r.Size, Computed: r.Cache, Tokens: r.Tokens}
	half := halfStep(r.Claim.Size, float64(r.Size))
	matches := func(stated, computed breakeven.Bytes) bool {
		return math.Abs(float64(stated-computed)) <= half*float64(stated/r.Size)+1e-9*float64(stated)
	}
	swapped, swapName := swapPrefix(r.Claim.Size, r.Size)
	type reading struct {
		stated, computed breakeven.Bytes
		tokens           breakeven.Tokens
		name             string
	}
	readings := []reading{{r.Size, r.Cache, r.Tokens, ""}}
	if swapped > 0 {
		readings = append(readings, reading{swapped, r.Cache, r.Tokens, swapName})
	}
	if r.OtherTokens > 0 {
		other := arch.CacheSize(r.OtherTokens)
		tokens := fmt.Sprintf("%s meaning %v tokens", strings.TrimSpace(r.Claim.Tokens), r.OtherTokens)
		readings = append(readings, reading{r.Size, other, r.OtherTokens, tokens})
		if swapped > 0 {
			readings = append(readings, reading{swapped, other, r.OtherTokens, swapName + ", and " + tokens})
		}
	}
	for _, rd := range readings {
		if matches(rd.stated, rd.computed) {
			sc.Reading, sc.Computed, sc.Tokens = rd.name, rd.computed, rd.tokens
			return sc
		}
	}
	sc.NoMatch = true
	return sc
}

// swapPrefix returns the stated size with its prefix read the other way
// (40 GB as 40 GiB, 40 GiB as 40 GB) and says which way, or 0 for a size
// in bytes.
func swapPrefix(text string, size breakeven.Bytes) (breakeven.Bytes, string) {
	u := strings.ToLower(text)
	for _, p := range []struct {
		dec, bin string
		rank     float64
	}{{"kb", "kib", 1}, {"mb", "mib", 2}, {"gb", "gib", 3}, {"tb", "tib", 4}} {
		f := math.Pow(1.024, p.rank)
		switch {
		case strings.Contains(u, p.bin):
			return size / breakeven.Bytes(f), strings.ToUpper(p.dec[:1]) + "B written as " + strings.ToUpper(p.bin[:1]) + "iB"
		case strings.Contains(u, p.dec):
			return size * breakeven.Bytes(f), strings.ToUpper(p.bin[:1]) + "iB written as " + strings.ToUpper(p.dec[:1]) + "B"
		}
	}
	return 0, ""
}

// judgeSize gives a size-only claim its verdict.
func (c *Checker) judgeSize(r *Result) {
	r.SizeCheck = c.checkSize(r)
	switch sc := r.SizeCheck; {
	case sc.NoMatch:
		r.Verdict = SizeDiffers
	case sc.Reading == "":
		r.Verdict = SizeMatches
	default:
		r.Verdict = SizeMisread
	}
}

func (r Result) explainSize() string {
	s := r.explainSizeReading()
	if r.TP > 1 {
		s += fmt.Sprintf("; one GPU's shard at TP=%d (%s)", r.TP, strings.TrimPrefix(r.ShardNote, fmt.Sprintf("TP=%d: ", r.TP)))
	}
	return s
}

func (r Result) explainSizeReading() string {
	sc := r.SizeCheck
	switch {
	case sc.NoMatch:
		return fmt.Sprintf("states %v (%s) where %s of %s make %v (%s), %sx as much, under every reading tried (GB or GiB, K as 1,000 or 1,024)",
			sc.Stated, sc.Stated.IEC(), r.Tokens.Count(), r.Model.Name, sc.Computed, sc.Computed.IEC(),
			breakeven.FormatSignificant(float64(sc.Stated/sc.Computed), breakeven.DefaultSignificant))
	case sc.Reading == "":
		return fmt.Sprintf("states %s; %s of %s at %s make %v (%s)", strings.TrimSpace(r.Claim.Size), r.Tokens.Count(), r.Model.Name, r.Element.Name, sc.Computed, sc.Computed.IEC())
	default:
		return fmt.Sprintf("states %s, which matches the computed %v (%s, for %v tokens) only read as %s", strings.TrimSpace(r.Claim.Size), sc.Computed, sc.Computed.IEC(), sc.Tokens, sc.Reading)
	}
}

// Explanation says why the claim got its verdict, in one sentence.
func (r Result) Explanation() string {
	if r.SizeCheck != nil && r.Required == 0 {
		return r.explainSize()
	}
	return explain(r, r.judgedCeiling)
}

// explain says why a need got its verdict, in one sentence.
func explain(r Result, ceiling breakeven.Bandwidth) string {
	need := "needs " + r.Required.String()
	if r.NeedIsFloor {
		need = "needs at least " + r.Required.String()
	}
	if r.Seconds == 0 {
		per := "in total"
		if r.PerNode {
			per = "per node"
		}
		need = fmt.Sprintf("states %v delivered %s", r.Required, per)
	}
	within := ""
	switch {
	case ceiling > 0 && (r.CeilingFrom == "--ceiling" || r.Host == nil):
		within = "the ceiling of " + ceiling.String() + " per host (--ceiling)"
	case ceiling > 0 && r.oneGPU():
		within = fmt.Sprintf("the %v one GPU of a %s takes in at most over %s (TP=%d)", ceiling, r.Host.Name, r.Path.Name, r.TP)
	case ceiling > 0 && r.Path.ID != "" && r.Path.ID != sources.PathNetwork:
		gpus := "'s GPUs take in"
		if r.Host.GPUs == 1 {
			gpus = "'s GPU takes in"
		}
		within = "the " + ceiling.String() + " a " + r.Host.Name + gpus + " at most over " + r.Path.Name
	case ceiling > 0:
		within = "the " + ceiling.String() + " a " + r.Host.Name + " takes in at most"
	}
	var s string
	switch r.Verdict {
	case NoBound:
		s = fmt.Sprintf("%s; no link and no host stated, so nothing bounds it (%s would carry it; --host names a machine)", need, suggestLinks(r.Required))
	case Plausible:
		if r.Link != nil {
			s = fmt.Sprintf("%s; the stated %s %v", need, r.LinkCarries(), r.Link.Total())
			if within != "" {
				s += ", within " + within
			}
		} else {
			s = fmt.Sprintf("%s, with no link stated: within %s (%s would carry it)", need, within, r.suggest())
		}
	case NeedsMoreLinks:
		s = fmt.Sprintf("%s but the stated %s %v: it takes %d such %s", need, r.LinkCarries(), r.Link.Total(), r.LinksNeeded, textfmt.Plural(r.LinksNeeded, "link", "links"))
		if fit := r.FitText(false); fit != "" && r.Seconds > 0 {
			s += ", or " + fit
		}
		if within != "" {
			s += "; within " + within
		} else {
			s += "; no host stated, so no ceiling is assumed"
		}
	case Implausible:
		s = fmt.Sprintf("%s, more than %s, whatever its links", need, within)
		if fit := r.FitText(false); fit != "" && r.Seconds > 0 {
			s += "; it would take " + fit
		}
	}
	if r.Seconds > 0 && r.SecondsAre == SecondsTTFT {
		s += "; the time is a time to first token, which includes more than the load"
		if r.Hit < 1 {
			s += " (here the prefill of the rest of the prompt too)"
		}
		s += ", so this need is a floor"
	}
	return s
}

// suggestLinks names how many 100GbE or 400GbE links carry bw.
func suggestLinks(bw breakeven.Bandwidth) string {
	l400 := max(1, breakeven.LinksNeeded(bw, sources.Link400GbE.V()))
	if l100 := max(1, breakeven.LinksNeeded(bw, sources.Link100GbE.V())); l100 <= 2 {
		return fmt.Sprintf("%d x 100GbE", l100)
	}
	return fmt.Sprintf("%d x 400GbE", l400)
}

// tokenCount prints a count of tokens with its noun: "1 token",
// "105,000 tokens".
func tokenCount(n breakeven.Tokens) string { return n.Count() }

// measure works out the figures the findings report: the stated size
// against the computed one, the MFU of the uncached time, the prefill of
// a partial hit's rest, the recompute time a load is held to.
func (c *Checker) measure(r *Result) {
	if r.Size > 0 && r.Required > 0 && r.Model.Known() {
		r.SizeCheck = c.checkSize(r)
	}
	if r.Throughput > 0 && r.ThroughputRate == 0 && r.Seconds > 0 && r.Loaded > 0 {
		r.RateCheck = checkRate(r)
	}
	if r.Uncached > 0 && r.Tokens > 0 && r.PerToken > 0 {
		r.Prefill = breakeven.PrefillRate(r.Tokens, r.Uncached)
		r.BreakEven = breakeven.BreakEvenBandwidth(r.Prefill, r.PerToken)
	}
	if r.GPUs == nil || !r.Model.Known() {
		return
	}
	pm, err := c.prefillModel(r.Model)
	if err != nil {
		r.noFLOPModel = true
		return
	}
	if r.Uncached > 0 {
		mfu := prefill.ImpliedMFU(pm, breakeven.Exact(r.Tokens), *r.GPUs, breakeven.Exact(r.Uncached))
		v := mfu.Value
		r.MFU = &v
		r.mfuLimit = prefill.Check(mfu, sources.HighestPublishedMFU.V())
	}
	if r.Hit < 1 {
		r.restAtPeak = prefill.MinTime(pm, r.Tokens, *r.GPUs) - prefill.MinTime(pm, r.Tokens*breakeven.Tokens(r.Hit), *r.GPUs)
	}
	if r.Uncached == 0 && r.Seconds > 0 {
		r.recomputeLow = prefill.TimeAt(pm, r.Tokens, *r.GPUs, sources.MFULow.V())
	}
}

// Findings are what else the check found, a sentence each: the token
// reading, the stated size, a partial hit's rest, the uncached time and
// its ratio and MFU, a load slower than recomputing, a total throughput's
// hosts.
func (r Result) Findings() []string {
	var out []string
	add := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	if r.BeyondContext {
		add("%s is beyond %s's context of %s: no request holds this cache, though its size is the same arithmetic", tokenCount(r.Tokens), r.Model.Name, tokenCount(r.Model.Context))
	}
	if a := r.Model.Via; a != nil && a.Context > 0 && r.Tokens > a.Context && !r.BeyondContext {
		// Within the architecture's context, past the alias's own.
		add("%s is beyond %s's own context of %s (%s); it is checked as %s, whose context is %s", tokenCount(r.Tokens), a.Name, tokenCount(a.Context), a.ContextCite.Source, r.Model.Name, tokenCount(r.Model.Context))
	}
	if r.TokenReading != "" {
		switch {
		case r.OtherRequired > 0:
			add("%s, which would need %v", r.TokenReading, r.OtherRequired)
		case r.Model.Known():
			add("%s, a cache of %v", r.TokenReading, r.arch().CacheSize(r.OtherTokens))
		default:
			add("%s", r.TokenReading)
		}
	}
	if sc := r.SizeCheck; sc != nil && r.Required > 0 {
		switch {
		case sc.NoMatch:
			add("the stated size %v is not the computed %v under any reading", sc.Stated, sc.Computed)
		case sc.Reading != "":
			add("the stated size %s matches the computed %v only read as %s", strings.TrimSpace(r.Claim.Size), sc.Computed, sc.Reading)
		default:
			add("the stated size %s is the computed one", strings.TrimSpace(r.Claim.Size))
		}
	}
	if r.Hit < 1 && r.Model.Known() {
		rest := r.Tokens * breakeven.Tokens(1-r.Hit)
		s := fmt.Sprintf("%s from the cache: %v loaded; the other %v tokens are prefilled over the whole context",
			breakeven.Percent(r.Hit), r.Loaded, breakeven.Tokens(math.Round(float64(rest))))
		if r.restAtPeak > 0 {
			s += fmt.Sprintf(", at least %v on %v at peak", r.restAtPeak, *r.GPUs)
			if r.Seconds > 0 && r.SecondsAre == SecondsTTFT && r.restAtPeak >= r.Seconds {
				s += ", longer than the stated time by itself"
			}
		}
		add("%s", s)
	}
	if r.Ratio > 0 {
		s := fmt.Sprintf("uncached %v against cached %v is %s", r.Uncached, r.Seconds, breakeven.FormatRatio(r.Ratio))
		if r.Speedup > 0 && strings.TrimSpace(r.Claim.Uncached) != "" && strings.TrimSpace(r.Claim.Seconds) != "" {
			du := halfStep(r.Claim.Uncached, float64(r.Uncached))
			ds := halfStep(r.Claim.Seconds, float64(r.Seconds))
			lo := (float64(r.Uncached) - du) / (float64(r.Seconds) + ds)
			hi := (float64(r.Uncached) + du) / (float64(r.Seconds) - ds)
			slo, shi := speedupSpan(r.Claim.Speedup, r.Speedup)
			if shi >= lo*(1-1e-9) && slo <= hi*(1+1e-9) {
				s += fmt.Sprintf("; the stated %s agrees with the two times", strings.TrimSpace(r.Claim.Speedup))
			} else {
				s += fmt.Sprintf("; the stated %s does not: the times give %s to %sx", strings.TrimSpace(r.Claim.Speedup),
					breakeven.FormatSignificant(lo, breakeven.DefaultSignificant), breakeven.FormatSignificant(hi, breakeven.DefaultSignificant))
			}
		}
		add("%s", s)
	}
	if r.noFLOPModel {
		add("no FLOP model for %s, so no MFU or recompute time is estimated", r.Model.Name)
	}
	if r.MFU != nil {
		s := fmt.Sprintf("the uncached %v implies an MFU of %s on %v", r.Uncached, breakeven.FormatSignificant(*r.MFU, breakeven.DefaultSignificant), *r.GPUs)
		if r.mfuLimit != prefill.Plausible {
			s += ": " + string(r.mfuLimit)
		}
		add("%s", s)
	}
	// (f) a load slower than recomputing.
	switch {
	case r.Uncached > 0 && r.Seconds >= r.Uncached:
		add("loading is slower than recomputing here: the cached %v is no faster than the uncached %v", r.Seconds, r.Uncached)
	case r.recomputeLow > 0 && r.Seconds > r.recomputeLow:
		add("loading is slower than recomputing: %s prefill in %v on %v even at an MFU of %g, the low end of the assumed range",
			r.Tokens.Count(), r.recomputeLow, *r.GPUs, sources.MFULow.V())
	}
	if r.HostsNeeded > 0 {
		add("stated in total, so no one host's ceiling applies: it takes at least %d %s of %v (%s)", r.HostsNeeded, textfmt.Plural(r.HostsNeeded, "host", "hosts"), r.Ceiling, r.CeilingFrom)
	}
	if r.Throughput > 0 && r.Seconds > 0 && r.Loaded > 0 {
		s := fmt.Sprintf("at the stated %v the loaded %v takes %v, against the stated %v", r.Throughput, r.Loaded, breakeven.LoadTime(r.Loaded, r.Throughput), r.Seconds)
		switch rc := r.RateCheck; {
		case rc == nil:
		case rc.NoMatch:
			s += fmt.Sprintf(": the stated rate is not the %v they imply, read as GB/s or GiB/s", rc.Implied)
		case rc.Reading != "":
			s += fmt.Sprintf(": the stated %s matches the %v they imply only read as %s", strings.TrimSpace(r.Claim.Throughput), rc.Implied, rc.Reading)
		default:
			s += ", which agree"
		}
		add("%s", s)
	}
	if r.TP > 1 && r.ShardNote != "" && r.Required > 0 {
		add("one GPU's shard: %s", r.ShardNote)
	}
	return out
}

// ThroughputPerToken is the cache per token a throughput stated in tokens
// per second is converted with: averaged over the prompt when its length
// is stated, else the growth of the layers that keep every token.
func (r Result) ThroughputPerToken() breakeven.BytesPerToken {
	if r.ThroughputRate == 0 || !r.Model.Known() {
		return 0
	}
	return breakeven.BytesPerToken(float64(r.Throughput) / float64(r.ThroughputRate))
}

// Arithmetic is the claim's arithmetic in one line.
func (r Result) Arithmetic() string {
	var parts []string
	if r.Model.Known() && r.Tokens > 0 {
		parts = append(parts, fmt.Sprintf("%s x %s B/token (%s, %s) = %v", tokenCount(r.Tokens),
			breakeven.GroupThousands(float64(r.PerToken), 0), r.Model.Name, r.Element.Name, r.Cache))
		if r.Hit < 1 {
			parts = append(parts, fmt.Sprintf("%s of the prompt loaded: %v", breakeven.Percent(r.Hit), r.Loaded))
		}
	}
	switch {
	case r.Payload:
		parts = append(parts, fmt.Sprintf("stated payload %v / %v = %v", r.Size, r.Seconds, r.Required))
	case r.Seconds > 0 && r.Loaded > 0:
		parts = append(parts, fmt.Sprintf("%v / %v = %v", r.Loaded, r.Seconds, r.Required))
	case r.ThroughputRate > 0:
		parts = append(parts, fmt.Sprintf("stated throughput %v x %v = %v", r.ThroughputRate, r.ThroughputPerToken(), r.Throughput))
	case r.Throughput > 0:
		parts = append(parts, fmt.Sprintf("stated throughput %v", r.Throughput))
	}
	if r.SizeCheck != nil {
		sc := r.SizeCheck
		parts = append(parts, fmt.Sprintf("stated %v (%s) against %v (%s) for %v tokens", sc.Stated, sc.Stated.IEC(), sc.Computed, sc.Computed.IEC(), sc.Tokens))
	}
	if r.Link != nil {
		parts = append(parts, fmt.Sprintf("links %s = %v", r.LinkText(), r.Link.Total()))
	}
	if r.oneGPU() {
		parts = append(parts, fmt.Sprintf("one GPU's of %d (%s)", r.TP, r.shardText()))
	}
	if r.Ceiling > 0 {
		parts = append(parts, fmt.Sprintf("ceiling %v (%s)", r.Ceiling, r.CeilingFrom))
	} else if r.Required > 0 {
		parts = append(parts, "no ceiling (no host stated)")
	}
	return strings.Join(parts, "; ")
}

// ConfigAssumptions are what a config.json the user gave left to a
// default: Hugging Face's num_key_value_heads = num_attention_heads where
// it is missing, among others.
func (r Result) ConfigAssumptions() []string {
	if m := r.Model; m.Provenance == sources.FromFile && m.Config != nil {
		return m.Config.Notes
	}
	return nil
}

// Assumptions lists what the check assumed: the token reading, the KV
// type, the host.
func (r Result) Assumptions() []string {
	var a []string
	if r.TokenReading != "" {
		a = append(a, r.TokenReading)
	} else if r.Tokens > 0 {
		a = append(a, tokenCount(r.Tokens)+", as written")
	}
	a = append(a, r.ConfigAssumptions()...)
	if r.Model.Known() {
		kv := r.Element.Name + " KV cache"
		if strings.TrimSpace(r.Claim.KVDtype) == "" {
			kv += " (none stated; the default)"
		}
		a = append(a, kv)
	}
	if r.oneGPU() {
		a = append(a, fmt.Sprintf("the figures are one GPU's at tensor parallelism %d (%s)", r.TP, r.shardText()))
	}
	switch {
	case r.CeilingFrom == "--ceiling" && r.oneGPU():
		a = append(a, fmt.Sprintf("a ceiling of %v per host (--ceiling), %v per GPU of %d", c0(r), r.Ceiling, r.TP))
	case r.CeilingFrom == "--ceiling":
		a = append(a, "a ceiling of "+r.Ceiling.String()+" per host (--ceiling)")
	case r.PathCeiling != nil && (r.Path.ID != sources.PathNetwork || r.oneGPU()):
		a = append(a, fmt.Sprintf("host %s over %s: %v (%s)%s", r.Host.Name, r.Path.Name, r.PathCeiling.Total, r.PathCeiling.Breakdown, perGPU(r)))
	case r.Host != nil:
		a = append(a, fmt.Sprintf("host %s: %v (%s)", r.Host.Name, r.Ceiling, r.Host.Breakdown()))
	case r.Required > 0:
		a = append(a, "no host stated, so no ceiling")
	}
	if r.Path.ID != "" && (r.Host != nil || !strings.HasPrefix(r.PathWhy, "assumed")) && (r.Required > 0 || r.Claim.Path != "") {
		a = append(a, "load path: "+r.Path.Name+", "+r.PathWhy)
	}
	if r.Seconds > 0 {
		if r.SecondsAre == SecondsLoad {
			a = append(a, "the time is the load alone")
		} else {
			a = append(a, "the time is a time to first token with the cache")
		}
	}
	return a
}

// Command is the command that checks the claim again.
func (r Result) Command() string {
	cl := r.Claim
	args := []string{"breakeven", "check"}
	flag := func(name, v string) {
		if v = strings.TrimSpace(v); v != "" {
			args = append(args, "--"+name, shellQuote(v))
		}
	}
	flag("model", cl.Model)
	flag("config", cl.Config)
	flag("tokens", cl.Tokens)
	flag("seconds", cl.Seconds)
	if r.SecondsAre == SecondsLoad && strings.TrimSpace(cl.Seconds) != "" {
		flag("seconds-are", SecondsLoad)
	}
	flag("size", cl.Size)
	flag("throughput", cl.Throughput)
	if cl.PerNode {
		args = append(args, "--per-node")
	}
	flag("uncached", cl.Uncached)
	flag("speedup", cl.Speedup)
	flag("hit", cl.Hit)
	flag("links", cl.Links)
	flag("path", cl.Path)
	flag("tp", cl.TP)
	if r.CeilingFrom == "--ceiling" {
		flag("ceiling", r.Ceiling.String())
	} else if r.Host != nil {
		flag("host", r.Host.ID)
	}
	flag("gpus", cl.GPUs)
	flag("precision", cl.Precision)
	flag("kv-dtype", cl.KVDtype)
	return strings.Join(args, " ")
}

// shellQuote quotes a value for a POSIX shell where it needs it.
func shellQuote(s string) string {
	if strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/:%+,-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// c0 is the --ceiling a result was checked under, per host.
func c0(r Result) breakeven.Bandwidth { return r.Ceiling * breakeven.Bandwidth(r.TP) }

// perGPU says what one GPU's share of a path ceiling is, under tensor
// parallelism; "" without it.
func perGPU(r Result) string {
	if !r.oneGPU() || r.PathCeiling == nil {
		return ""
	}
	return fmt.Sprintf("; one GPU of %d: %v", r.TP, r.Ceiling)
}

// suggest names the links that carry the need: on a GPU path, how many
// GPUs' links of it; else 100GbE or 400GbE links.
func (r Result) suggest() string {
	if pc := r.PathCeiling; pc != nil && pc.PerGPU > 0 {
		n := Links(r.Required, pc.PerGPU)
		return fmt.Sprintf("%d GPU%s %v %s", n, textfmt.Plural(n, "'s", "s'"), pc.PerGPU, pc.Path.Name)
	}
	return suggestLinks(r.Required)
}
