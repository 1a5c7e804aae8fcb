package calculator

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// Row is one line of the calculator's answer as a person reads it
// (page.Row, shared with a checked claim's).
type Row = page.Row

// Report is the answer as text: a title, an optional note and sections of
// rows. It is the only rendering of an answer: the command prints it
// (Text), the page shows its rows, the notebook tabulates them.
type Report struct {
	Title    string  `json:"title"`
	Note     string  `json:"note,omitempty"`
	Sections [][]Row `json:"sections"`
}

// Get returns the text of the row with the key, "" if there is none.
func (r Report) Get(key string) string {
	for _, s := range r.Sections {
		for _, row := range s {
			if row.Key == key {
				return row.Text
			}
		}
	}
	return ""
}

// Rows returns every row, sections in order.
func (r Report) Rows() []Row {
	var out []Row
	for _, s := range r.Sections {
		out = append(out, s...)
	}
	return out
}

// Text is the command's report: the title, the note, and each section's
// rows as "label   value", wrapped to 80 columns.
func (r Report) Text() string {
	var b strings.Builder
	b.WriteString(textfmt.Wrap(r.Title, textfmt.ProseWidth, "  ") + "\n")
	if r.Note != "" {
		b.WriteString(textfmt.Wrap("(note: "+r.Note+")", textfmt.ProseWidth, "  ") + "\n")
	}
	for _, s := range r.Sections {
		b.WriteString("\n")
		for _, row := range s {
			textfmt.Line(&b, row.Label, row.Text)
		}
	}
	return b.String()
}

// Ratio prints a ratio with three significant digits and an x: "21.4x";
// past breakeven.RatioHigh as a power of ten, "7.4e10x".
func Ratio(x float64) string {
	return breakeven.FormatRatio(x)
}

// Render writes an answer as a Report.
func Render(a Answer) Report {
	in, res, out := a.Input, a.Result, a.Output
	kv := in.Element.Name + " KV cache"
	if in.Compression != 1 {
		kv += ", compressed " + strconv.FormatFloat(in.Compression, 'g', -1, 64) + "x"
	}
	rep := Report{Title: fmt.Sprintf("%s: %s %v-token prompt, %s", in.Name, textfmt.Article(in.Tokens.String()), in.Tokens, kv), Note: out.BeyondContextAllowedNote}

	var model []Row
	add := func(rows *[]Row, key, label, text string) {
		*rows = append(*rows, Row{Key: key, Label: label, Text: text})
	}
	if out.NameNote != "" {
		// The name was read as another: say so first.
		add(&model, "name_note", "name", out.NameNote)
	}
	if other, reading, ok := breakeven.TokenReading(in.TokensText); ok {
		// k is 1,000 and Ki 1,024: say which reading was used, and what
		// the other gives.
		add(&model, "tokens_reading", "tokens", fmt.Sprintf("%s, a cache of %v", reading, in.Arch.CacheSize(other)))
	}
	if in.Model != nil && in.Model.Provenance == sources.FromFile && in.Model.Config != nil {
		if notes := in.Model.Config.Notes; len(notes) > 0 {
			add(&model, "config_assumptions", "assumed", strings.Join(notes, "; "))
		}
	}
	growth := in.Arch.BytesPerToken()
	per := breakeven.Bytes(res.BytesPerToken)
	if math.Abs(float64(growth-res.BytesPerToken)) <= 1e-9*float64(res.BytesPerToken) {
		add(&model, "bytes_per_token", "cache per token", fmt.Sprintf("%v (%s)", per, per.IEC()))
	} else {
		add(&model, "bytes_per_token", "mean per token", fmt.Sprintf("%v over the %v-token prompt", per, in.Tokens))
		add(&model, "growth_per_token", "growth per token", fmt.Sprintf("%v once every window is full", breakeven.Bytes(growth)))
	}
	if f := in.Arch.FixedBytes(); f > 0 {
		add(&model, "fixed", "fixed state", f.String())
	}
	add(&model, "cache", "cache", fmt.Sprintf("%v (%s)", res.CacheBytes, res.CacheBytes.IEC()))
	prefill := in.Prefill.String()
	switch {
	case in.TTFT > 0:
		prefill += fmt.Sprintf(" (%s in %v)", in.Tokens.Count(), in.TTFT)
	case out.PrefillSource == "flop model" && out.MFU != nil && in.Flop != nil && in.Flop.Phases != nil:
		// The fitted phase model's time: the MFU is what it implies, not an input.
		prefill += fmt.Sprintf(" (estimated on %s: %.3g of peak)", out.GPUs, *out.MFU)
	case out.PrefillSource == "flop model" && out.MFU != nil:
		prefill += fmt.Sprintf(" (FLOP model: %s at MFU %.3g)", out.GPUs, *out.MFU)
	case in.Provenance.Kind == Published || in.Provenance.Kind == Measured:
		prefill += " (" + in.Provenance.Kind + ")"
	}
	add(&model, "prefill", "prefill", prefill)
	link := fmt.Sprintf("%v (%s)", in.Link.Total(), in.Link.Total().Bits())
	switch {
	case in.Link.Count > 1:
		link += ": " + in.Link.String()
	case in.Link.Name != "":
		link += ", preset " + in.Link.Name
	}
	add(&model, "link", "link", link)

	var answer []Row
	add(&answer, "recompute", "recompute", res.Recompute.String())
	add(&answer, "load", "load", res.Load.String())
	add(&answer, "break_even", "break-even", fmt.Sprintf("%v (%s)", res.BreakEven, res.BreakEven.Bits()))
	// Where r came from, next to the break-even it sets.
	add(&answer, "prefill_from", "prefill from", in.Provenance.Text)
	if res.Winner == breakeven.Load {
		add(&answer, "speedup", "speedup", Ratio(res.Speedup))
		add(&answer, "winner", "winner", WinnerWithHit(&out, func(w string) string { return w }))
		add(&answer, "link_margin", "link margin", fmt.Sprintf("%v above the break-even (%s it)", breakeven.Bandwidth(out.LinkOverBreakEven), Ratio(res.Speedup)))
	} else {
		add(&answer, "speedup", "slowdown", fmt.Sprintf("%s: loading takes longer than recomputing (speedup %s)", Ratio(1/res.Speedup), Ratio(res.Speedup)))
		add(&answer, "winner", "winner", WinnerWithHit(&out, func(w string) string { return w }))
		add(&answer, "link_margin", "link margin", fmt.Sprintf("%v below the break-even (%s it)", -breakeven.Bandwidth(out.LinkOverBreakEven), Ratio(res.Speedup)))
	}
	// The break-even over the prefill's interval, and whether the winner
	// holds wherever in it the prefill is.
	if w, lo := out.WinnerAcrossInterval, out.BreakEvenLowBytesPerSecond; w != nil && lo != nil {
		text := fmt.Sprintf("break-even from %v at the slow end, unbounded at the fast end (recomputing there takes no longer than the load's fixed cost); ", breakeven.Bandwidth(*lo))
		if hi := out.BreakEvenHighBytesPerSecond; hi != nil {
			text = fmt.Sprintf("break-even %v to %v; ", breakeven.Bandwidth(*lo), breakeven.Bandwidth(*hi))
		}
		switch {
		case *w:
			text += string(res.Winner) + " wins wherever in it the prefill is"
		case res.Winner == breakeven.Load:
			text += fmt.Sprintf("recompute wins if the prefill is faster than %v, as it may be", breakeven.TokenRate(*out.TiePrefillTokensPerSecond))
		default:
			text += fmt.Sprintf("load wins if the prefill is slower than %v, as it may be", breakeven.TokenRate(*out.TiePrefillTokensPerSecond))
		}
		add(&answer, "over_interval", "over the interval", text)
	}
	rep.Sections = [][]Row{model, answer}
	if ext := renderExtended(in, out); len(ext) > 0 {
		rep.Sections = append(rep.Sections, ext)
	}
	if out.MissPenaltySeconds != nil {
		var hit []Row
		if out.HitRate != nil {
			add(&hit, "hit_rate", "hit rate", breakeven.Percent(*out.HitRate))
		}
		add(&hit, "miss_penalty", "miss penalty", breakeven.Seconds(*out.MissPenaltySeconds).String())
		if out.MeanTTFTSeconds != nil {
			text := fmt.Sprintf("%v (%v without offload)", breakeven.Seconds(*out.MeanTTFTSeconds), res.Recompute)
			if m := out.HitMeanTTFTSeconds; m != nil {
				text += fmt.Sprintf("; %v with each hit's cached TTFT", breakeven.Seconds(*m))
			}
			add(&hit, "mean_ttft", "mean TTFT", text)
		}
		text := out.BreakEvenHitRateNote
		if out.BreakEvenHitRate != nil {
			text = breakeven.Percent(*out.BreakEvenHitRate) + ": offloading pays above it"
		}
		switch {
		case out.HitBreakEvenHitRate != nil:
			text += "; " + breakeven.Percent(*out.HitBreakEvenHitRate) + " with each hit's cached TTFT"
		case out.HitBreakEvenHitRateNote != "":
			text += "; with each hit's cached TTFT, " + out.HitBreakEvenHitRateNote
		}
		add(&hit, "break_even_hit_rate", "break-even hit rate", text)
		rep.Sections = append(rep.Sections, hit)
	}
	return rep
}

// renderExtended writes what --gpus, --latency, --efficiency and
// --overlap add.
func renderExtended(in Input, out Output) []Row {
	var rows []Row
	add := func(key, label, text string) { rows = append(rows, Row{Key: key, Label: label, Text: text}) }
	if out.LoadLatencySeconds != nil || out.LoadEfficiency != nil {
		lat, eff := 0.0, 1.0
		if out.LoadLatencySeconds != nil {
			lat = *out.LoadLatencySeconds
		}
		if out.LoadEfficiency != nil {
			eff = *out.LoadEfficiency
		}
		add("load_model", "load model", fmt.Sprintf("%v fixed cost + cache / (%.3g x link); the load, speedup and break-even above include it", breakeven.Seconds(lat), eff))
	}
	if out.HitSeconds != nil {
		text := fmt.Sprintf("load %v + cached TTFT %v (%s; a request whose cache is loaded still pays it) = %v: %s (%s); ",
			breakeven.Seconds(out.LoadSeconds), breakeven.Seconds(*out.HitCachedTTFTSeconds), out.HitCachedTTFTFrom, breakeven.Seconds(*out.HitSeconds), out.HitWinner, breakeven.FormatRatio(*out.HitSpeedup))
		if be := out.HitBreakEvenBytesPerSecond; be != nil {
			text += fmt.Sprintf("break-even for a hit %v", breakeven.Bandwidth(*be))
		} else {
			text += "no link makes a hit faster, the cached TTFT being no shorter than recomputing"
		}
		add("hit", "a hit", text)
	}
	if out.GPUs != "" {
		if in.Flop != nil {
			per := in.Flop.GPUs.ChipPeak()
			text := fmt.Sprintf("%s: dense peak %v per %s", out.Precision, per, in.Flop.GPUs.Chip.Name)
			if c := in.Flop.GPUs.Compute.Or(); c.Linear != c.Attention {
				att, _ := in.Flop.GPUs.Chip.PeakAt(c.Attention)
				text += fmt.Sprintf(" for the matrix products, %v for attention", att)
			}
			// An FP8 checkpoint priced in BF16 by default: engines on a
			// chip with an FP8 peak multiply its weights in FP8.
			if g := in.Flop.GPUs; in.Flop.PrecisionDefault && in.Flop.Model.Checkpoint.Bytes == 1 {
				if _, err := g.Chip.PeakAt(prefill.FP8); err == nil {
					text += fmt.Sprintf(" (the default); the checkpoint's weights are FP8, which engines on the %s multiply in FP8; a precision of fp8+bf16 prices that (calc's --precision, the page's Precision field)", g.Chip.Name)
				}
			}
			add("precision", "precision", text)
			dense := ""
			if in.Model == nil {
				dense = " (--params taken as all the weights, as for a dense model; an MoE model holds more)"
			}
			switch fit := in.Flop.Fit; {
			case !fit.Known():
				add("memory", "memory", fit.String())
			case fit.Fits():
				add("memory", "memory", "fits: "+fit.String()+dense)
			default:
				add("memory", "memory", "does not fit: "+fit.String()+dense+"; the measured run must have used smaller weights or more GPUs than stated")
			}
		}
		if out.MinRecomputeSeconds != nil {
			add("fastest_prefill", "fastest prefill", fmt.Sprintf("%v on %s at peak (MFU 1)", breakeven.Seconds(*out.MinRecomputeSeconds), out.GPUs))
		}
		switch {
		case out.PrefillModel != "" && out.RecomputeLowSeconds != nil:
			add("prefill_model", "prefill model", fmt.Sprintf("%v (%v to %v): %s", in.Flop.Time, breakeven.Seconds(*out.RecomputeLowSeconds), breakeven.Seconds(*out.RecomputeHighSeconds), out.PrefillModel))
			if out.PrefillParts != nil {
				add("prefill_parts", "prefill parts", out.PrefillParts.String())
			}
		case in.Flop != nil && in.Flop.MFUDefault && out.MFU != nil:
			add("mfu", "MFU", fmt.Sprintf("%.3g, calibrated on the VAST/CoreWeave 405B test", *out.MFU))
		}
		if out.ImpliedMFU != nil {
			add("implied_mfu", "implied MFU", fmt.Sprintf("%.3g of %s's peak: %s", *out.ImpliedMFU, out.GPUs, out.PhysicalLimit))
		}
	}
	switch {
	case out.CrossoverNote != "": // no crossover, or more than one change
		add("crossover", "crossover", out.CrossoverNote)
	case out.CrossoverTokens != nil:
		add("crossover", "crossover", extended.Crossings{Changes: []breakeven.Tokens{breakeven.Tokens(*out.CrossoverTokens)}}.String())
	}
	if out.OverlapSeconds != nil {
		add("overlap", "overlap", fmt.Sprintf("%v: recompute the first %s tokens while loading the rest (%s the better single path)",
			breakeven.Seconds(*out.OverlapSeconds), breakeven.Tokens(math.Round(*out.OverlapRecomputeTokens)), Ratio(*out.OverlapGain)))
	}
	return rows
}

// String lists the parts, each with its share of their sum, and says so
// when the per-request cost is most of it: that cost is an engine's and a
// setup's, which the published runs disagree on, not the prompt's FLOPs
// (unless it is the user's own, which the note then says).
func (p PrefillParts) String() string {
	total := p.MatrixProducts + p.Attention + p.Memory + p.Weights + p.PerRequest + p.Communication
	if !(total > 0) {
		return "none: the fitted time has no parts"
	}
	parts := []struct {
		name string
		t    float64
	}{{"matrix products", p.MatrixProducts}, {"attention", p.Attention}, {"memory traffic", p.Memory}, {"weight reads", p.Weights}, {"per-request cost", p.PerRequest}, {"communication", p.Communication}}
	var out []string
	for _, x := range parts {
		if x.t > 0 {
			out = append(out, fmt.Sprintf("%s %v (%s)", x.name, breakeven.Seconds(x.t), breakeven.Percent(x.t/total)))
		}
	}
	text := strings.Join(out, ", ")
	mostly := prefill.MostlyRequestCost(breakeven.Seconds(p.PerRequest), breakeven.Seconds(total))
	switch {
	case mostly && p.Yours:
		text += "; most of it is the per-request cost you gave, not the prompt's work"
	case mostly:
		text += "; most of it is the per-request cost, which the engine and its setup set, not the prompt: time your own server to know it"
		if len(p.CostModels) > 0 && p.Model != "" && !slices.Contains(p.CostModels, p.Model) {
			text += fmt.Sprintf(" (the published runs whose time is mostly that cost are all of %s; none is of the model asked about, %s)", strings.Join(p.CostModels, ", "), p.Model)
		}
	}
	return text
}

// WinnerWithHit is the winner, named by name (calc's "load", the page's
// "loading the cache"), followed, where a hit's verdict differs from the
// post's, by the hit's: the post weighs the load alone against
// recomputing, but a request whose cache is loaded still pays the cached
// TTFT (the "a hit" row). A hit takes at least the load, so the two can
// differ only where the post's arithmetic picks loading.
func WinnerWithHit(out *Output, name func(path string) string) string {
	w := name(out.Winner)
	if out.HitWinner == "" || out.HitWinner == out.Winner {
		return w
	}
	return w + " by the post's arithmetic; " + name(out.HitWinner) + " for a hit (cached TTFT included)"
}
