package calculator

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// A prefill speed r belongs to a model: it is measured on one model, on
// one set of GPUs. Every answer says where its r came from, one of four
// kinds, and none is ever carried from one model to another.
const (
	// Published: a published run of the model (PublishedRun says which).
	Published = "published"
	// Estimated: the FLOP model on the GPUs given (--gpus), by default
	// the phase model fitted on published runs, with its interval.
	Estimated = "estimated"
	// Yours: the prefill speed or time to first token typed (--prefill,
	// --ttft).
	Yours = "yours"
	// Measured: a prefill measured by breakeven measure, supplied by the
	// caller (Request.Measured) with the file it came from.
	Measured = "measured"
)

// Provenance says where an answer's prefill speed came from.
type Provenance struct {
	// Kind is Published, Estimated, Yours or Measured.
	Kind string
	// Text is the line every front end shows next to the break-even.
	Text string
	// Source is, for a published run, the title of its source; for an
	// estimate, the model that gives it; for a measured speed, its file.
	Source string
	// Locator is where in the source (published), URL its address.
	Locator, URL string
	// Run is the published run's ID (sources.PrefillRuns): the run whose
	// speed it is, or, for an estimate that answers for a run too far
	// from the prompt asked, the run whose GPUs it is priced on.
	Run string
	// Low and High bound the speed where it has an interval: a published
	// figure's range, an estimate's interval; 0 where it has none.
	Low, High breakeven.TokenRate
}

// MeasuredPrefill is a prefill speed measured on the caller's own system,
// with where it was read from. A caller that reads a breakeven measure
// result file sets Request.Measured to it; the answer's provenance is
// then Measured, with Source as its source.
type MeasuredPrefill struct {
	// Rate is the measured prefill speed, tokens per second.
	Rate breakeven.TokenRate
	// Source names where it comes from, as a reader would find it: the
	// result file's path ("runs/h100.json").
	Source string
	// Detail says what was measured, in a few words ("8x H100, vLLM,
	// 32,000 tokens in 2.71 s"); optional.
	Detail string
	// CachedTTFT is the time to first token the same system took for a
	// prompt of this length whose cache it held (0 if not measured): what
	// a request whose cache is loaded still pays besides the load. With
	// it the answer adds a hit's time (Output.HitSeconds).
	CachedTTFT breakeven.Seconds
}

// The bounds of a measured speed: those --prefill reads.
const (
	minMeasuredRate = breakeven.TokenRate(1)
	maxMeasuredRate = breakeven.TokenRate(1e9)
)

// measuredProvenance checks a caller's measured speed; its error names
// the input "measured".
func measuredProvenance(m MeasuredPrefill) (Provenance, error) {
	source := strings.TrimSpace(m.Source)
	r := float64(m.Rate)
	switch {
	case source == "":
		return Provenance{}, sentence("measured", "a measured prefill needs the file it was read from (e.g. --measured run.json)")
	case math.IsNaN(r) || m.Rate < minMeasuredRate || m.Rate > maxMeasuredRate:
		return Provenance{}, breakeven.Bad("measured", source, fmt.Sprintf("a measured prefill of %g tokens/s is outside %v to %v", r, minMeasuredRate, maxMeasuredRate), "--measured run.json")
	case !(m.CachedTTFT >= 0) || m.CachedTTFT > maxLatency:
		return Provenance{}, breakeven.Bad("measured", source, fmt.Sprintf("a measured cached time to first token of %g s is outside 0 to %v", float64(m.CachedTTFT), maxLatency), "--measured run.json")
	}
	p := Provenance{Kind: Measured, Source: source, Text: "measured: " + m.Rate.String() + ", from " + source}
	if d := strings.TrimSpace(m.Detail); d != "" {
		p.Text += " (" + d + ")"
	}
	return p, nil
}

// PublishedRun is the published run whose prefill speed is a catalog
// model's default when no speed, time or GPUs are given, and false if
// the model has none. The rule, in order:
//
//  1. the post's own test of the model (sources.PublishedTests: Llama
//     3.1 405B, Llama 3.1 70B, Qwen3-32B), the figure the post prints;
//  2. else a published single-request time to first token of the model
//     (a run with Seconds, not at a concurrency above one, its GPUs read,
//     that the project can price: not Unpriceable), the one whose prompt
//     is nearest the asked prompt in ratio, the earlier in
//     sources.PrefillRuns on a tie.
//
// The run chosen answers only where its prompt is near the one asked:
// where the fitted model, on the run's own GPUs, precision, parallelism
// and engine, moves the speed by more than runStands from the run's at
// the prompt asked or at a length between the two, the calculator
// answers with that estimate instead, labelled estimated and naming the
// run (see estimateOnRun).
//
// A batched throughput (a rate over many concurrent prompts, per node or
// per GPU) is not one prompt's prefill, so it is never a default. A
// model reached through a cited alias (a distill or rename) takes the
// runs of the model whose architecture it shares, and says so.
func PublishedRun(m sources.Model, tokens breakeven.Tokens) (sources.PrefillRun, bool) {
	post := map[string]bool{}
	for _, t := range sources.PublishedTests {
		post[t.ID] = true
	}
	var best sources.PrefillRun
	found, bestDist := false, math.Inf(1)
	for _, run := range sources.PrefillRuns() {
		if run.Model != m.Name {
			continue
		}
		if post[run.ID] {
			return run, true
		}
		if run.Seconds.Name == "" || run.Concurrency > 1 || run.GPUs.Name == "" || run.Unpriceable != "" || run.Tokens.Name == "" {
			continue
		}
		d := math.Abs(math.Log(float64(run.Tokens.V()) / float64(tokens)))
		if d < bestDist {
			best, found, bestDist = run, true, d
		}
	}
	return best, found
}

// wideRange is the relative width from which a published speed's range
// is shown in its line.
const wideRange = 0.05

// publishedProvenance is the provenance of a published run's speed: its
// figures, GPUs and source with locator.
func publishedProvenance(m sources.Model, run sources.PrefillRun) (breakeven.TokenRate, Provenance) {
	p := Provenance{Kind: Published, Run: run.ID}
	var cite sources.Cite
	var what string
	var rate breakeven.Estimate[breakeven.TokenRate]
	if run.Seconds.Name != "" {
		cite = run.Seconds.Cite
		rate = breakeven.Apply2(run.Tokens.Value, run.Seconds.Value, breakeven.PrefillRate)
		what = fmt.Sprintf("%v tokens in %v", run.Tokens.V(), run.Seconds.V())
	} else {
		cite = run.Rate.Cite
		rate = run.Rate.Value
		what = run.Rate.V().String()
	}
	if rate.Lo != rate.Hi {
		p.Low, p.High = rate.Lo, rate.Hi
		// A range wider than a figure's rounding ("over 11 seconds")
		// is worth a reader's eye; JSON carries every range.
		if float64(rate.Hi-rate.Lo) > wideRange*float64(rate.Value) {
			what += fmt.Sprintf(" (%v to %v)", rate.Lo, rate.Hi)
		}
	}
	if run.GPUs.Name != "" {
		what += fmt.Sprintf(" on %gx %s", run.GPUs.V(), run.Chip)
	}
	p.Source, p.Locator = string(cite.Source), cite.Locator
	if s, ok := sources.Lookup(cite.Source); ok {
		p.Source, p.URL = s.Title, s.URL
	}
	of := run.Model
	if run.ModelNote != "" {
		of = run.ModelNote
	}
	if m.Via != nil {
		of += fmt.Sprintf(", whose architecture %s shares", m.Via.Name)
	}
	p.Text = fmt.Sprintf("published: %s, a run of %s; %s, %s", what, of, p.Source, p.Locator)
	return rate.Value, p
}

// estimatedProvenance is the provenance of a FLOP-model speed.
func estimatedProvenance(f FlopPrefill, n breakeven.Tokens) Provenance {
	p := Provenance{Kind: Estimated}
	switch {
	case f.Phases != nil:
		p.Source = "the phase model fitted on published prefill runs"
		p.Low, p.High = breakeven.PrefillRate(n, f.Interval.Hi), breakeven.PrefillRate(n, f.Interval.Lo)
		p.Text = fmt.Sprintf("estimated on %s (%s) by %s: %v (%v to %v)", f.GPUs, parallelText(f), p.Source, f.Rate, p.Low, p.High)
		if len(f.Novel) > 0 || f.NoCeiling {
			// The interval for what the fit has not seen is never narrower;
			// where the errors of such runs are no wider, it is the same.
			which := "the wider interval"
			if f.Phases.LowNovel == f.Phases.Low && f.Phases.HighNovel == f.Phases.High {
				which = "an interval no narrower than the usual (the same here)"
			}
			var why []string
			if len(f.Novel) > 0 {
				why = append(why, "no published run in the fit has its "+strings.Join(f.Novel, ", "))
			}
			if f.NoCeiling {
				why = append(why, "no matmul ceiling of the "+f.GPUs.Chip.Name+" was measured (its peak stands in)")
			}
			p.Text += "; " + which + ", as " + strings.Join(why, ", and ")
		}
	case f.MFUDefault:
		p.Source = "the FLOP model at the MFU calibrated on the VAST/CoreWeave 405B test"
		p.Text = fmt.Sprintf("estimated on %s by %s (MFU %.3g); no interval", f.GPUs, p.Source, f.MFU)
	default:
		p.Source = "the FLOP model at the MFU given"
		p.Text = fmt.Sprintf("estimated on %s by %s (MFU %.3g); no interval", f.GPUs, p.Source, f.MFU)
	}
	return p
}

// noPrefill is the error of a model with no prefill of its own.
func noPrefill(name string) *breakeven.FieldError {
	return sentence("prefill", fmt.Sprintf("no prefill for %s: no published run of it gives one; give --prefill, --ttft or --gpus (e.g. --prefill 10000, or --ttft 10s --tokens 32000, or --gpus 8xH100)", name))
}

// WithModel returns r asking the same question of another catalog model:
// the model set, and everything that belonged to the previous one
// cleared: its architecture or config, its FLOP-model inputs, and its
// prefill speed, time to first token or measured speed, which were
// measured on that model, and a per-request cost of one's own, timed
// with it. The new model's answer then takes its own
// default (PublishedRun, or the FLOP model on r's GPUs).
func (r Request) WithModel(model string) Request {
	r.Model, r.Config, r.ConfigText = model, "", ""
	for _, f := range architecture {
		*fieldByName(f).str(&r) = ""
	}
	r.Params, r.QueryHeads, r.QKDim, r.VDim = "", "", "", ""
	r.Prefill, r.TTFT, r.Measured, r.RequestCost = "", "", nil, ""
	return r
}

// parallelText says how the estimate splits the prefill, which engine it
// prices and, where it is the user's, the per-request cost ("tp8, engine
// not given").
func parallelText(f FlopPrefill) string {
	par := f.Par.String()
	if par == "" {
		par = "no parallelism"
	}
	if f.Replicas > 1 {
		par += fmt.Sprintf(", one of %d replicas on the %d GPUs given", f.Replicas, f.GPUs.Count*f.Replicas)
	}
	if f.Engine == "" {
		par += ", engine not given"
	} else {
		par += ", engine " + f.Engine
	}
	if f.Phases != nil && f.Phases.OwnCost {
		par += ", per-request cost yours: " + f.Phases.Phases.Fixed.String()
	}
	return par
}

// runStands is how far apart, as a share, the fitted model may put the
// prefill speed at a published run's prompt length and at the length
// asked, on the run's own GPUs, for the run's measured speed to stand
// for the prompt asked: the project's 25% target for a prediction. Past
// it the prompt length alone moves the speed more than the fitted
// model's typical error, so the fitted model's estimate answers instead.
const runStands = 0.25

// farPrompt is the ratio of prompt lengths past which a published run is
// taken as too far from the prompt asked when the fitted model cannot
// price the prompt on the run's GPUs to say so itself.
const farPrompt = 2

// runRequest is r asking for the prompt on a published run's own setup:
// its GPUs, precision, stored weights, parallelism and engine, as a user
// would type them. A stored weight width no element type holds (a 6-bit
// format, say) is an error: pricing those weights at the compute width
// instead would be a silently wrong estimate.
func runRequest(r Request, run sources.PrefillRun) (Request, error) {
	r.GPUs = fmt.Sprintf("%gx%s", run.GPUs.V(), run.Chip)
	if c := run.Compute.Or(); run.Compute != (prefill.Compute{}) {
		r.Precision = string(c.Linear)
		if c.Attention != c.Linear {
			r.Precision += "+" + string(c.Attention)
		}
	}
	if run.WeightBits.Name != "" {
		r.Weights = ""
		for _, t := range breakeven.ElementTypes {
			if float64(t.Size) == run.WeightBits.V()/8 {
				r.Weights = t.Name
				break
			}
		}
		if r.Weights == "" {
			return r, &breakeven.FieldError{Message: fmt.Sprintf("the run stores its weights at %g bits, a width no element type holds", run.WeightBits.V())}
		}
	}
	r.Parallel = run.Par.String()
	if calibration.EngineKind(run.Engine) != "other" {
		r.Engine = run.Engine
	}
	return r, nil
}

// onRun is the fitted model's estimate of the prompt asked on a
// published run's own setup (estimateOnRun).
type onRun struct {
	FlopPrefill
	// There is the fitted model's speed at the run's prompt length on the
	// same setup.
	There breakeven.TokenRate
	// Between and BetweenAt are, where the speed strays furthest from
	// There at a length between the run's prompt and the one asked (not
	// at the one asked), that speed and length; zero otherwise.
	Between   breakeven.TokenRate
	BetweenAt breakeven.Tokens
}

// pathPoints is how many lengths between a run's prompt and the one
// asked, evenly spaced in ratio, the fitted model prices to tell whether
// the speed strays from the run's on the way: a speed curve that rises
// and falls again (per-request cost at short prompts, attention at long
// ones) can give two distant lengths nearly the same speed.
const pathPoints = 16

// strays reports whether the fitted speed on the run's setup moves more
// than runStands from e.There at the prompt asked or at any of
// pathPoints lengths between it and the run's, and sets e.Between and
// e.BetweenAt where the furthest is between them.
func (e *onRun) strays(n, at breakeven.Tokens) bool {
	off := func(r breakeven.TokenRate) float64 { return math.Abs(float64(r/e.There) - 1) }
	worst := off(e.Rate)
	for _, k := range pathLengths(at, n) {
		p, err := e.Phases.PredictRequest(e.Model, k, e.GPUs, e.Par, e.Engine)
		if err != nil {
			continue
		}
		if r := breakeven.PrefillRate(k, p.Time.Value); off(r) > worst {
			worst, e.Between, e.BetweenAt = off(r), r, k
		}
	}
	return worst > runStands
}

// pathLengths are the pathPoints lengths from at to n, evenly spaced in
// ratio and rounded to whole tokens, leaving out at and n themselves
// (where the two are close, rounding lands some on them).
func pathLengths(at, n breakeven.Tokens) []breakeven.Tokens {
	var ks []breakeven.Tokens
	for i := 1; i <= pathPoints; i++ {
		k := breakeven.Tokens(math.Round(float64(at) * math.Pow(float64(n)/float64(at), float64(i)/float64(pathPoints+1))))
		if k != at && k != n {
			ks = append(ks, k)
		}
	}
	return ks
}

// estimateOnRun is the fitted model's estimate of the prompt asked on a
// published run's own setup, with ok set when the run's prompt is too
// far from the one asked for its measured speed to stand (runStands, on
// the way between them too: strays).
// Where the fitted model cannot price the prompt there, ok is false and
// note says, for a prompt more than farPrompt times longer or shorter
// than the run's, that the run's speed may not hold.
func estimateOnRun(r Request, in Input, run sources.PrefillRun) (e onRun, ok bool, note string) {
	n, at := in.Tokens, run.Tokens.V()
	if n == at {
		return e, false, ""
	}
	var f FlopPrefill
	rr, err := runRequest(r, run)
	if err == nil {
		f, err = resolveFlop(rr, in)
	}
	if err == nil && f.Phases != nil {
		p, perr := f.Phases.PredictRequest(f.Model, at, f.GPUs, f.Par, f.Engine)
		if perr == nil {
			e = onRun{FlopPrefill: f, There: breakeven.PrefillRate(at, p.Time.Value)}
			return e, e.strays(n, at), ""
		}
		err = perr
	}
	if ratio := float64(n) / float64(at); ratio > farPrompt || ratio < 1/float64(farPrompt) {
		why := "no fitted model"
		var fe *breakeven.FieldError
		if errors.As(err, &fe) {
			why = fe.Message
		}
		note = fmt.Sprintf("; measured at %v tokens, far from the %v asked, and on the run's GPUs the fitted model does not price the prompt asked (%s), so this speed may not hold for it", at, n, why)
	}
	return onRun{}, false, note
}

// farRunProvenance is the provenance of the estimate that answers for a
// published run too far from the prompt asked: the estimate's line, then
// the run whose GPUs it is priced on, and the two speeds that say why
// the run's own does not stand.
func farRunProvenance(e onRun, in Input, run sources.PrefillRun) Provenance {
	p := estimatedProvenance(e.FlopPrefill, in.Tokens)
	p.Run = run.ID
	measured, pub := publishedProvenance(*in.Model, run)
	p.Text += fmt.Sprintf("; priced on the GPUs of the model's published run (%s), whose prompt is too far from the %v tokens asked for its speed to stand: on those GPUs the fitted model gives %v at %v tokens and %v at the run's %v",
		strings.TrimPrefix(pub.Text, Published+": "), in.Tokens, e.Rate, in.Tokens, e.There, run.Tokens.V())
	if e.BetweenAt > 0 {
		p.Text += fmt.Sprintf(", and between them %v at %v tokens, more than %.0f%% from the run's", e.Between, e.BetweenAt, 100*runStands)
	} else {
		p.Text += fmt.Sprintf(", more than %.0f%% apart", 100*runStands)
	}
	// Where the fitted model misses the run itself, the answer says so:
	// the run's setup is then one the fit does not describe well.
	if measured > 0 {
		if miss := float64(e.There/measured) - 1; math.Abs(miss) > runStands {
			way := "faster"
			if miss < 0 {
				way = "slower"
			}
			p.Text += fmt.Sprintf("; at the run's own prompt the fitted model is %.2fx %s than the run measured (%v), so this setup may be one it describes poorly",
				math.Max(1+miss, 1/(1+miss)), way, measured)
		}
	}
	return p
}

// physicalNote says, for a published run whose time beats its GPUs at
// peak or needs a share of peak no published system reaches (the check
// of the physical-limits table, calibration.NewRun's), that the speed is
// the source's and likely misreported, with the least time the hardware
// needs; empty for a run within the hardware's reach or not priced.
func physicalNote(run sources.PrefillRun) string {
	r := calibration.NewRun(run)
	least := r.MinTime()
	switch r.Limit() {
	case prefill.BeyondPeak:
		return fmt.Sprintf("; this time is faster than the run's GPUs at peak (%v tokens need at least %v there, %.2fx the time reported), so the source's GPU count or time is likely misreported: this speed is the source's claim, not one the stated hardware can reach",
			r.N, least, float64(least/r.Measured.Value))
	case prefill.BeyondPublished:
		return fmt.Sprintf("; this time needs %.2f of the run's GPUs' peak, more than the %.2f the best published kernel reaches, so the source's GPUs or time are likely misreported",
			r.Implied(), sources.HighestPublishedMFU.V())
	}
	return ""
}
