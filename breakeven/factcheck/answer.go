package factcheck

import (
	"fmt"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/textfmt"
)

// linkCount is the length of a count written in front of a link ("2x",
// "8 x ", "4×"): the prefix ^\s*\d+\s*(x|X|\*|×)\s* matches, or 0 when
// there is none. Matched by hand, so the web page's WebAssembly module
// links no regexp (docs/web.md).
func linkCount(s string) int {
	i := skipSpace(s, 0)
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return 0
	}
	j = skipSpace(s, j)
	switch {
	case j < len(s) && (s[j] == 'x' || s[j] == 'X' || s[j] == '*'):
		j++
	case strings.HasPrefix(s[j:], "×"):
		j += len("×")
	default:
		return 0
	}
	return skipSpace(s, j)
}

// skipSpace skips the spaces \s matches (space, tab, newline, form feed,
// carriage return) from s[i].
func skipSpace(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\n\f\r", s[i]) >= 0 {
		i++
	}
	return i
}

// LinkEach is one of the claim's links as the claim states it: a preset
// by its name and speed ("PCIe4x16 (256 Gbit/s)"), a rate in the unit it
// was written in ("450 GB/s", "40.0 GiB/s", "400 Gbit/s"); "" with no
// link.
func (r Result) LinkEach() string {
	if r.Link == nil {
		return ""
	}
	l := *r.Link
	if l.Name != "" {
		return l.Name + " (" + l.Each.Bits() + ")"
	}
	return rateAsStated(r.Claim.Links[linkCount(r.Claim.Links):], l.Each)
}

// rateAsStated prints a rate in the unit its text was written in: bytes
// per second with a binary prefix ("40.0 GiB/s"), with a decimal one
// ("450 GB/s"), or bits ("400 Gbit/s", for "400Gbit/s", "100GbE").
func rateAsStated(text string, bw breakeven.Bandwidth) string {
	switch {
	case strings.Contains(text, "iB"):
		return breakeven.Bytes(bw).IEC() + "/s"
	case strings.Contains(text, "B"), strings.Contains(strings.ToLower(text), "byte"):
		return bw.String()
	}
	return bw.Bits()
}

// ThroughputText is a stated throughput in its own unit, and in GB/s
// where that differs: "40.0 GiB/s (42.9 GB/s)", "300 GB/s".
func (r Result) ThroughputText() string {
	if r.ThroughputRate > 0 {
		return r.ThroughputRate.String() + " (" + r.Throughput.String() + ")"
	}
	if s := rateAsStated(r.Claim.Throughput, r.Throughput); s != r.Throughput.String() {
		return s + " (" + r.Throughput.String() + ")"
	}
	return r.Throughput.String()
}

// LinkText is the claim's links as it states them: "450 GB/s" (no count
// written), "1 x 400 Gbit/s", "8 x 450 GB/s", "4 x PCIe4x16 (256
// Gbit/s)"; "" with no link.
func (r Result) LinkText() string {
	if r.Link == nil {
		return ""
	}
	if r.Link.Count == 1 && r.Link.Name == "" && linkCount(r.Claim.Links) == 0 {
		return r.LinkEach()
	}
	return strconv.Itoa(r.Link.Count) + " x " + r.LinkEach()
}

// LinkCarries names the links as the subject of a sentence: "400 Gbit/s
// link carries", "2 x 100 Gbit/s links carry", each link as stated.
func (r Result) LinkCarries() string {
	if r.Link == nil {
		return ""
	}
	if r.Link.Count == 1 {
		return r.LinkEach() + " link carries"
	}
	return strconv.Itoa(r.Link.Count) + " x " + r.LinkEach() + " links carry"
}

// Utilisation is the need over what the stated links carry (1.19 for
// 59.3 GB/s over 50.0 GB/s); 0 without a need or a link.
func (r Result) Utilisation() float64 {
	if r.Required == 0 || r.Link == nil {
		return 0
	}
	return float64(r.Required / r.Link.Total())
}

// SlowerThanRecompute reports a load no faster than recomputing: the
// cached time at least the uncached one, or, with GPUs, longer than the
// prefill at the low end of the MFU range.
func (r Result) SlowerThanRecompute() bool {
	return (r.Uncached > 0 && r.Seconds >= r.Uncached) || (r.recomputeLow > 0 && r.Uncached == 0 && r.Seconds > r.recomputeLow)
}

// verdictWords are the verdicts in words, as a summary states them.
var verdictWords = map[Verdict]string{
	Plausible:      "plausible",
	NoBound:        "nothing stated bounds it",
	NeedsMoreLinks: "needs more links than stated",
	Implausible:    "implausible as stated",
	SizeMatches:    "the size matches",
	SizeMisread:    "the size is misread",
	SizeDiffers:    "the size differs",
}

// Words is the verdict in words: "needs more links than stated".
func (v Verdict) Words() string {
	if w, ok := verdictWords[v]; ok {
		return w
	}
	return string(v)
}

// CountsText says how many claims got each verdict, in words (Words),
// best verdict first, leaving out the verdicts no claim got: "plausible
// (6), nothing stated bounds it (13), needs more links than stated (1)".
// It is the counts line of the report and of check's table alike.
func CountsText(counts map[Verdict]int) string {
	var parts []string
	for _, v := range Verdicts {
		if counts[v] > 0 {
			parts = append(parts, fmt.Sprintf("%s (%d)", v.Words(), counts[v]))
		}
	}
	return strings.Join(parts, ", ")
}

// VerdictWords is the claim's verdict in words for a summary, with a
// load slower than recomputing said beside it.
func (r Result) VerdictWords() string {
	w := r.Verdict.Words()
	if r.SlowerThanRecompute() {
		w += "; loading is slower than recomputing"
	}
	return w
}

// Answer is the check's answer in one sentence, figures first and the
// verdict in words last: "Loading 34.4 GB in a 580 ms time to first
// token needs at least 59.3 GB/s; one 400 Gbit/s link carries 50.0 GB/s:
// needs more links than stated (2 such links)".
func (r Result) Answer() string {
	if r.SizeCheck != nil && r.Required == 0 {
		return r.sizeAnswer()
	}
	var b strings.Builder
	needs := " needs "
	if r.NeedIsFloor {
		needs = " needs at least "
	}
	what := fmt.Sprintf("%v", r.Loaded)
	if r.Hit < 1 {
		what += fmt.Sprintf(" (%s of the prompt)", breakeven.Percent(r.Hit))
	}
	within := " in " + r.Seconds.String()
	if r.SecondsAre == SecondsTTFT {
		within = " in a " + r.Seconds.String() + " time to first token"
	}
	switch {
	case r.Payload:
		b.WriteString("Moving the stated " + r.Size.String() + within + needs + r.Required.String())
	case r.Seconds > 0:
		b.WriteString("Loading " + what + within + needs + r.Required.String())
	case r.PerNode:
		b.WriteString("A stated " + r.ThroughputText() + " per node")
	default:
		b.WriteString("A stated " + r.ThroughputText() + " in total")
	}
	switch {
	case r.Link != nil && r.Link.Count == 1:
		fmt.Fprintf(&b, "; one %s %v", r.LinkCarries(), r.Link.Total())
	case r.Link != nil:
		fmt.Fprintf(&b, "; the stated %s %v", r.LinkCarries(), r.Link.Total())
	case r.Ceiling == 0:
		b.WriteString("; no link or host is stated")
	}
	switch {
	case r.HostsNeeded > 0:
		fmt.Fprintf(&b, "; across hosts, at least %d %s of %v (%s)", r.HostsNeeded, textfmt.Plural(r.HostsNeeded, "host", "hosts"), r.Ceiling, strings.TrimPrefix(r.CeilingFrom, "host "))
	case r.Ceiling > 0 && (r.Link == nil || r.Verdict == Implausible):
		fmt.Fprintf(&b, "; %s takes in at most %v", r.ceilingName(), r.Ceiling)
	}
	b.WriteString(": " + r.Verdict.Words())
	switch r.Verdict {
	case NeedsMoreLinks:
		fmt.Fprintf(&b, " (%d such %s)", r.LinksNeeded, textfmt.Plural(r.LinksNeeded, "link", "links"))
	case Implausible:
		b.WriteString(", whatever its links")
	case NoBound:
		b.WriteString(", so it is neither supported nor refuted")
	}
	switch {
	case r.Uncached > 0 && r.Seconds >= r.Uncached:
		fmt.Fprintf(&b, "; and loading is slower than recomputing: %v cached against %v uncached", r.Seconds, r.Uncached)
	case r.SlowerThanRecompute():
		fmt.Fprintf(&b, "; and loading is slower than recomputing: %v, against a prefill of %v on %v", r.Seconds, r.recomputeLow, *r.GPUs)
	}
	return b.String()
}

// ceilingName names what sets the ceiling: "a DGX H100", "the
// --ceiling".
func (r Result) ceilingName() string {
	if r.Host != nil && r.CeilingFrom != "--ceiling" {
		return "a " + r.Host.Name
	}
	return "each host (--ceiling)"
}

// sizeAnswer is the answer to a size-only claim.
func (r Result) sizeAnswer() string {
	sc := r.SizeCheck
	head := fmt.Sprintf("%s of %s at %s make %v (%s)", sc.Tokens.Count(), r.Model.Name, r.Element.Name, sc.Computed, sc.Computed.IEC())
	stated := strings.TrimSpace(r.Claim.Size)
	switch {
	case sc.NoMatch:
		return fmt.Sprintf("%s; the stated %s is %sx that under every reading tried: %s", head, stated,
			breakeven.FormatSignificant(float64(sc.Stated/sc.Computed), breakeven.DefaultSignificant), r.Verdict.Words())
	case sc.Reading == "":
		return fmt.Sprintf("%s; the stated %s is that: %s", head, stated, r.Verdict.Words())
	}
	return fmt.Sprintf("%s; the stated %s matches only read as %s: %s", head, stated, sc.Reading, r.Verdict.Words())
}
