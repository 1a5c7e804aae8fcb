package measure

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
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

// Text is the plain-text report breakeven measure prints.
func (r Result) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured: %s\n", r.Source())
	if r.Provenance.RandomWeights {
		b.WriteString("The weights are random: compute per token and the cache layout are the real\nmodel's; the text it writes is meaningless.\n")
	}
	if r.Interrupted {
		b.WriteString("Interrupted: what follows is what was measured before Ctrl-C.\n")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%8s  %-30s %-10s %-10s %-18s %8s  %s\n", "tokens", "cold TTFT p50 (p10 to p90)", "cached", "restored", "r(N)", "fit err", "B*(N)")
	for _, p := range r.Points {
		cold := fmt.Sprintf("%s (%s to %s)", secs(p.ColdTTFT.P50), secs(p.ColdTTFT.P10), secs(p.ColdTTFT.P90))
		be := "-"
		if p.BreakEvenBytesPerSecond > 0 {
			be = breakeven.Bandwidth(p.BreakEvenBytesPerSecond).String()
		}
		fmt.Fprintf(&b, "%8d  %-30s %-10s %-10s %-18s %+7.1f%%  %s\n", p.Tokens, cold, secs(p.CachedTTFT.P50), secs(p.RestoredTTFT.P50),
			breakeven.TokenRate(p.PrefillTokensPerSecond).String(), 100*p.RelativeResidual, be)
	}
	if f := r.PrefillFit; f != nil {
		lin := "no linear term"
		if f.LinearTokensPerSecond > 0 {
			lin = "N / " + breakeven.TokenRate(f.LinearTokensPerSecond).String()
		}
		fmt.Fprintf(&b, "\nr(N) = N / t(N), t(N) = %s + %s + %.3g s x N^2 (largest residual %.1f%%, tolerance %.1f%%)\n",
			secs(f.FixedSeconds), lin, f.QuadraticSecondsPerTok2, 100*f.MaxAbsResidual, 100*r.PrefillFitTolerance)
	}
	if bf := r.BytesPerToken; bf != nil {
		fmt.Fprintf(&b, "Bytes per token: saved file %.2f B/token + %.0f B header", bf.MeasuredBytesPerToken, bf.HeaderBytes)
		if bf.FormulaBytesPerToken > 0 {
			fmt.Fprintf(&b, "; formula %.0f B/token; difference %+.2f B/token", bf.FormulaBytesPerToken, bf.DifferenceBytesPerTok)
			if bf.EngineMetadataBytesPerToken > 0 {
				fmt.Fprintf(&b, " (the engine's %.0f B/token of token ids and cell metadata", bf.EngineMetadataBytesPerToken)
				if bf.Agrees {
					b.WriteString(": K and V agree with the formula)")
				} else {
					fmt.Fprintf(&b, "; K and V are %.2f B/token, not the formula's)", bf.KVBytesPerToken)
				}
			}
		}
		b.WriteString("\n")
	} else if r.Model.FormulaBytesPerToken > 0 {
		fmt.Fprintf(&b, "Bytes per token: formula %.0f B/token (nothing saved to measure it)\n", r.Model.FormulaBytesPerToken)
	}
	sr := r.SaveRestore
	if sr.Measured && sr.LoadBytesPerSecond > 0 {
		drop := "the page cache kept (a restore may read memory)"
		if sr.DropCaches {
			drop = "the page cache dropped before each restore"
		}
		fixed := "no fixed cost"
		if sr.LoadFixedSeconds > 0 {
			fixed = secs(sr.LoadFixedSeconds) + " fixed"
		}
		fmt.Fprintf(&b, "Save/restore: save %v, restore %v + %s; %s\n", breakeven.Bandwidth(sr.SaveBytesPerSecond), breakeven.Bandwidth(sr.LoadBytesPerSecond), fixed, drop)
		if sr.CrossoverTokens > 0 {
			fmt.Fprintf(&b, "Restoring from this machine's storage beats recomputing from %s tokens%s.\n", breakeven.Tokens(sr.CrossoverTokens), paren(sr.CrossoverNote))
		} else if sr.CrossoverNote != "" {
			fmt.Fprintf(&b, "Crossover on this machine's storage: none (%s).\n", sr.CrossoverNote)
		}
	} else {
		fmt.Fprintf(&b, "Save/restore: %s\n", sr.Note)
	}
	for _, l := range r.Links {
		fmt.Fprintf(&b, "\nLink %s (%v):", l.Link, breakeven.Bandwidth(l.BytesPerSecond))
		if l.CrossoverTokens > 0 {
			fmt.Fprintf(&b, " loading wins from %s tokens%s\n", breakeven.Tokens(l.CrossoverTokens), paren(l.CrossoverNote))
		} else {
			fmt.Fprintf(&b, " %s\n", l.CrossoverNote)
		}
		for _, p := range l.Points {
			fmt.Fprintf(&b, "%8d tokens: recompute %s, load %s, B* %v: %s (speedup %.2gx)\n", p.Tokens, secs(p.RecomputeSeconds), secs(p.LoadSeconds),
				breakeven.Bandwidth(p.BreakEvenBytesPerSecond), p.Winner, p.Speedup)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "Note: %s\n", n)
	}
	return b.String()
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}
