package factcheck

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// Verdict is the outcome of checking a claim.
type Verdict string

// The verdicts of a claim that needs a bandwidth (a time or a
// throughput), from Rule, and of a claim that states a size only.
const (
	// Plausible: the stated links carry the need; with no link stated,
	// the need is within the host's ceiling.
	Plausible Verdict = "plausible"
	// NoBound: no link and no host stated, so nothing here bounds the
	// need; the claim is neither supported nor refuted.
	NoBound Verdict = "no-bound-stated"
	// NeedsMoreLinks: the stated links fall short, but more of them would
	// carry it (within the host's ceiling, when a host is stated).
	NeedsMoreLinks Verdict = "needs-more-links"
	// Implausible: the claim needs more than its host can take in,
	// whatever links it names; it must have moved a smaller cache than
	// stated.
	Implausible Verdict = "implausible-as-stated"

	// SizeMatches: a stated size is the computed one, at the precision
	// written.
	SizeMatches Verdict = "size-matches"
	// SizeMisread: a stated size matches only under another reading: GiB
	// written as GB, or "K" tokens read as 1,024 instead of 1,000.
	SizeMisread Verdict = "size-misread"
	// SizeDiffers: a stated size matches no reading.
	SizeDiffers Verdict = "size-differs"
)

// Verdicts lists every verdict, from best to worst; verdicts of equal
// rank are adjacent.
var Verdicts = []Verdict{Plausible, SizeMatches, NoBound, SizeMisread, NeedsMoreLinks, Implausible, SizeDiffers}

// rank orders verdicts for --fail-on: a verdict fails at its rank or worse.
var rank = map[Verdict]int{
	Plausible: 0, SizeMatches: 0,
	NoBound: 1, SizeMisread: 1,
	NeedsMoreLinks: 2,
	Implausible:    3, SizeDiffers: 3,
}

// AtLeast reports whether v is as bad as w or worse.
func (v Verdict) AtLeast(w Verdict) bool { return v.rank() >= w.rank() }

func (v Verdict) rank() int {
	if r, ok := rank[v]; ok {
		return r
	}
	return -1
}

// ParseVerdict reads a verdict by its name; "implausible" is short for
// implausible-as-stated.
func ParseVerdict(s string) (Verdict, bool) {
	if s == "implausible" {
		return Implausible, true
	}
	for _, v := range Verdicts {
		if string(v) == s {
			return v, true
		}
	}
	return "", false
}

// Rule is the verdict of a need: a function of the bandwidth needed, what
// the stated links carry (0: no link stated) and the host's ceiling (0:
// no host stated, so none assumed), and of nothing else. RuleTable lists
// its cells.
//
// The links decide only between plausible and needs-more-links; the
// ceiling alone decides implausible. So a need gets the same verdict
// whatever the number of links stated, unless the links are the reason.
func Rule(need, links, ceiling breakeven.Bandwidth) Verdict {
	fits := func(cap breakeven.Bandwidth) bool { return float64(need) <= float64(cap)*(1+tolerance) }
	switch {
	case ceiling > 0 && !fits(ceiling):
		return Implausible
	case links > 0 && !fits(links):
		return NeedsMoreLinks
	case links > 0 || ceiling > 0:
		return Plausible
	}
	return NoBound
}

// RuleCell is one cell of the verdict table.
type RuleCell struct {
	Host, Links, Need string // the condition, as the table prints it
	Verdict           Verdict
}

// RuleTable is Rule, cell by cell, as check -h and docs/check.md print it.
var RuleTable = []RuleCell{
	{"none", "none", "any", NoBound},
	{"none", "L", "need <= L", Plausible},
	{"none", "L", "need > L", NeedsMoreLinks},
	{"C", "none", "need <= C", Plausible},
	{"C", "L", "need <= L, need <= C", Plausible},
	{"C", "L", "L < need <= C", NeedsMoreLinks},
	{"C", "none or any L", "need > C", Implausible},
}

// RuleTableText is the verdict table as check -h prints it, in columns.
func RuleTableText() string {
	var b strings.Builder
	row := func(h, l, n, v string) {
		fmt.Fprintf(&b, "  %-6s %-15s %-22s %s\n", h, l, n, v)
	}
	row("host", "links", "need", "verdict")
	for _, c := range RuleTable {
		row(c.Host, c.Links, c.Need, string(c.Verdict))
	}
	return b.String()
}

// RuleTableMarkdown is the verdict table as docs/check.md prints it.
func RuleTableMarkdown() string {
	var b strings.Builder
	b.WriteString("| host ceiling | links stated | need | verdict |\n|---|---|---|---|\n")
	for _, c := range RuleTable {
		fmt.Fprintf(&b, "| %s | %s | %s | `%s` |\n", c.Host, c.Links, c.Need, c.Verdict)
	}
	return b.String()
}
