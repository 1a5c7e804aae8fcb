package measure

import (
	"fmt"
	"math"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/textfmt"
)

// Source is one line naming where a measurement comes from: the engine
// and version, the model shape, the machine and the date ("llama.cpp
// b6000, SmolLM2-135M, 2 x AMD EPYC ..., 2026-12-01").
func (r Result) Source() string {
	p := r.Provenance
	eng := p.Engine
	if p.EngineVersion != "" {
		eng += " " + p.EngineVersion
	}
	date := p.Date
	if len(date) >= 10 {
		date = date[:10]
	}
	gpu := ""
	if p.Machine.GPU != "" && p.Machine.GPU != "none found" {
		gpu = ", " + p.Machine.GPU
	}
	w := ""
	if p.RandomWeights {
		w = ", random weights"
	}
	return fmt.Sprintf("%s, %s%s, %d cores of %s%s, %s", eng, r.Model.Name, w, p.Machine.Cores, p.Machine.CPUModel, gpu, date)
}

func secs(x float64) string {
	if !(x > 0) {
		return "-"
	}
	return breakeven.Seconds(x).String()
}

// percent1 is x in percent rounded to one decimal, a residual that rounds
// to zero printed as +0.0, not -0.0.
func percent1(x float64) float64 {
	p := math.Round(1000*x) / 10
	if p == 0 {
		return 0
	}
	return p
}

// Text is the plain-text report breakeven measure prints, 80 columns wide.
func (r Result) Text() string {
	var b strings.Builder
	say := func(format string, args ...any) {
		b.WriteString(textfmt.Wrap(fmt.Sprintf(format, args...), textfmt.ProseWidth, "  "))
		b.WriteString("\n")
	}
	say("Measured: %s", r.Source())
	if r.Provenance.Note != "" {
		say("Server: %s", r.Provenance.Note)
	}
	if r.Provenance.RandomWeights {
		say("The weights are random: compute per token and the cache layout are the real model's; the text it writes is meaningless.")
	}
	if r.Interrupted {
		say("Interrupted: what follows is what was measured before Ctrl-C.")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%7s  %-32s %-10s %-18s %6s\n", "tokens", "cold TTFT (p10 to p90)", "cached", "r(N)", "fit")
	for _, p := range r.Points {
		cold := fmt.Sprintf("%s (%s to %s)", secs(p.ColdTTFT.P50), secs(p.ColdTTFT.P10), secs(p.ColdTTFT.P90))
		fmt.Fprintf(&b, "%7d  %-32s %-10s %-18s %+5.1f%%\n", p.Tokens, cold, secs(p.CachedTTFT.P50),
			breakeven.TokenRate(p.PrefillTokensPerSecond).String(), percent1(p.RelativeResidual))
	}
	if f := r.PrefillFit; f != nil {
		b.WriteString("\n")
		if terms := f.Terms(); terms >= len(r.Points) {
			say("r(N) = N / t(N), with %s fitted to the median cold times: %d %s for %d %s, so the fit passes through every point and its error says nothing of the model; measure more lengths (--input-lens) to test it.",
				f, len(r.Points), textfmt.Plural(len(r.Points), "length", "lengths"), terms, textfmt.Plural(terms, "term", "terms"))
		} else {
			say("r(N) = N / t(N), with %s fitted to the median cold times (largest error %.1f%%; the repeats' spread allows %.1f%%).",
				f, 100*f.MaxAbsResidual, 100*r.PrefillFitTolerance)
		}
	}
	sr := r.SaveRestore
	if sr.Measured {
		b.WriteString("\n")
		fmt.Fprintf(&b, "%7s  %-10s %-10s %-10s %-12s %-12s %s\n", "tokens", "saved", "save", "restore", "read", "then TTFT", "B*(N)")
		for _, p := range r.Points {
			be := "-"
			if p.BreakEvenBytesPerSecond > 0 {
				be = breakeven.Bandwidth(p.BreakEvenBytesPerSecond).String()
			}
			fmt.Fprintf(&b, "%7d  %-10s %-10s %-10s %-12s %-12s %s\n", p.Tokens, breakeven.Bytes(p.SavedBytes).String(), secs(p.SaveSeconds.P50),
				secs(p.RestoreSeconds.P50), breakeven.Bandwidth(p.ReadBytesPerSecond).String(), secs(p.RestoredTTFT.P50), be)
		}
		b.WriteString("\n")
	}
	if bf := r.BytesPerToken; bf != nil {
		line := fmt.Sprintf("Bytes per token: the saved file holds %.2f B/token over a %.0f B header", bf.MeasuredBytesPerToken, bf.HeaderBytes)
		if bf.FormulaBytesPerToken > 0 {
			line += fmt.Sprintf("; the formula gives %.0f B/token (difference %+.2f B/token", bf.FormulaBytesPerToken, bf.DifferenceBytesPerTok)
			if bf.EngineMetadataBytesPerToken > 0 {
				line += fmt.Sprintf(", of which the engine's token ids and cell metadata are %.0f", bf.EngineMetadataBytesPerToken)
				if bf.Agrees {
					line += ": keys and values agree with the formula exactly"
				} else {
					line += fmt.Sprintf("; keys and values are %.2f B/token, not the formula's", bf.KVBytesPerToken)
				}
			}
			line += ")"
		}
		say("%s.", line)
	} else if r.Model.FormulaBytesPerToken > 0 {
		say("Bytes per token: the formula gives %.0f B/token (nothing saved to measure it).", r.Model.FormulaBytesPerToken)
	}
	if sr.Measured && sr.LoadBytesPerSecond > 0 {
		drop := "the page cache kept, so a restore may read memory"
		if sr.DropCaches {
			drop = "the page cache dropped before each restore"
		}
		fixed := "no fixed cost"
		if sr.LoadFixedSeconds > 0 {
			fixed = secs(sr.LoadFixedSeconds) + " fixed"
		}
		say("Save and restore: save %v, restore %v + %s (%s).", breakeven.Bandwidth(sr.SaveBytesPerSecond), breakeven.Bandwidth(sr.LoadBytesPerSecond), fixed, drop)
		if sr.CrossoverTokens > 0 {
			say("Restoring from this machine's storage beats recomputing from %s%s%s.", tokens(sr.CrossoverTokens), paren(sr.CrossoverNote), r.hitClause(sr.HitCrossoverTokens, sr.HitCrossoverNote))
		} else if sr.CrossoverNote != "" {
			say("Restoring from this machine's storage: %s%s.", sr.CrossoverNote, r.hitClause(sr.HitCrossoverTokens, sr.HitCrossoverNote))
		}
	} else if !sr.Measured {
		say("Save and restore: %s.", sr.Note)
	}
	if len(r.Links) > 0 && r.CachedFit != nil {
		b.WriteString("\n")
		say("For each link, by the post's arithmetic: the load against the cold TTFT; and under it, a hit's time: the load plus the cached TTFT that a request whose cache is found still pays, its speedup over the cold TTFT, and the link at which the two are equal.")
	}
	for _, l := range r.Links {
		b.WriteString("\n")
		if l.CrossoverTokens > 0 {
			say("Link %s (%v): loading wins from %s%s%s.", l.Link, breakeven.Bandwidth(l.BytesPerSecond), tokens(l.CrossoverTokens), paren(l.CrossoverNote), r.hitClause(l.HitCrossoverTokens, l.HitCrossoverNote))
		} else {
			say("Link %s (%v): %s%s.", l.Link, breakeven.Bandwidth(l.BytesPerSecond), l.CrossoverNote, r.hitClause(l.HitCrossoverTokens, l.HitCrossoverNote))
		}
		for _, p := range l.Points {
			fmt.Fprintf(&b, "%7d: B* %-10v recompute %-9s load %-9s %s (%s)\n", p.Tokens,
				breakeven.Bandwidth(p.BreakEvenBytesPerSecond), secs(p.RecomputeSeconds), secs(p.LoadSeconds), p.Winner, breakeven.FormatRatio(p.Speedup))
			if p.HitSeconds > 0 {
				be := "no link: the cached TTFT is not below the cold one"
				if p.HitBreakEvenBytesPerSecond > 0 {
					be = "B* " + breakeven.Bandwidth(p.HitBreakEvenBytesPerSecond).String()
				}
				fmt.Fprintf(&b, "%7s  + cached %-9s = %-9s %s (%s), %s\n", "", secs(p.CachedTTFTSeconds), secs(p.HitSeconds), p.HitWinner, breakeven.FormatRatio(p.HitSpeedup), be)
			}
		}
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	for _, n := range r.Notes {
		say("Note: %s.", n)
	}
	return b.String()
}

// hitClause is the crossover again with the cached TTFT a hit still
// pays added to every load, as a clause: "; with the cached TTFT a hit
// still pays, from 3 tokens". Empty where no cached TTFT was measured.
func (r Result) hitClause(n float64, note string) string {
	if r.CachedFit == nil {
		return ""
	}
	if n > 0 {
		return fmt.Sprintf("; with the cached TTFT a hit still pays, from %s%s", tokens(n), paren(note))
	}
	return "; with the cached TTFT a hit still pays: " + note
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// tokens prints a count of tokens: "1 token", "2,048 tokens".
func tokens(n float64) string {
	if n == 1 {
		return "1 token"
	}
	return breakeven.Tokens(n).String() + " tokens"
}
