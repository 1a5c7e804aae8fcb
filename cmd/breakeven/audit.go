package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

const auditUsage = `Usage: breakeven audit [--json] [--section NAME] [--only VERDICT]

Recomputes every figure the post prints from the inputs in sources/ and
compares it with the printed value at the precision printed. Verdicts:
  match                 the recomputation rounds to the printed figure
  within-approximation  it does not, but the intervals of approximate or
                        rounded inputs reach it
  differs               not even the intervals meet (a reason is given)
  input                 a figure taken from a source, as typed in sources/

Exits 1 if any verdict is not the one the project expects.

Examples:
  breakeven audit
  breakeven audit --only differs
  breakeven audit --section "The hit rate sets the average"
  breakeven audit --json
`

// auditJSON is one printed figure in audit --json. Values are in Unit,
// the unit the post prints the figure in.
type auditJSON struct {
	ID             string  `json:"id"`
	Section        string  `json:"section"`
	Kind           string  `json:"kind"`
	Printed        float64 `json:"printed"`
	PrintedText    string  `json:"printed_text"`
	PrintedStep    float64 `json:"printed_step"`
	Recomputed     float64 `json:"recomputed"`
	RecomputedLow  float64 `json:"recomputed_low"`
	RecomputedHigh float64 `json:"recomputed_high"`
	Unit           string  `json:"unit"`
	Verdict        string  `json:"verdict"`
	Expected       string  `json:"expected"`
	How            string  `json:"how"`
	Reason         string  `json:"reason,omitempty"`
	Context        string  `json:"context"`
}

func runAudit(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("audit", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per figure")
	section := fs.String("section", "", "only figures of this section of the post")
	only := fs.String("only", "", "only figures with this verdict (match, within-approximation, differs, input)")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	set := setFlags(fs)
	if set["section"] && !contains(sources.Sections, *section) {
		fmt.Fprintf(stderr, "breakeven audit: unknown --section %s (valid: %s)\n", breakeven.Quote(*section), strings.Join(quoted(sources.Sections), ", "))
		return 2
	}
	verdicts := []string{string(post.Match), string(post.WithinApprox), string(post.Differs), string(post.AsSourced)}
	if set["only"] && !contains(verdicts, *only) {
		fmt.Fprintf(stderr, "breakeven audit: unknown --only %s (valid: %s)\n", breakeven.Quote(*only), strings.Join(verdicts, ", "))
		return 2
	}
	findings, err := post.Audit()
	if err != nil {
		fmt.Fprintf(stderr, "breakeven audit: %v\n", err)
		return 1
	}
	var shown []post.Finding
	for _, f := range findings {
		if (*section == "" || f.Entry.Section == *section) && (*only == "" || string(f.Verdict) == *only) {
			shown = append(shown, f)
		}
	}
	if *asJSON {
		out := make([]auditJSON, 0, len(shown))
		for _, f := range shown {
			out = append(out, auditJSON{
				ID: f.Entry.ID, Section: f.Entry.Section, Kind: string(f.Entry.Kind),
				Printed: f.Printed, PrintedText: f.Entry.Printed, PrintedStep: f.Step,
				Recomputed: f.Recomputed.Value, RecomputedLow: f.Recomputed.Lo, RecomputedHigh: f.Recomputed.Hi,
				Unit: string(f.Entry.Unit), Verdict: string(f.Verdict), Expected: string(f.Expected),
				How: f.How, Reason: f.Reason, Context: f.Entry.Context,
			})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "breakeven audit: %v\n", err)
			return 1
		}
	} else {
		printAudit(stdout, shown)
	}
	return auditStatus(findings, stderr)
}

// auditStatus returns 1 and says so if any verdict is unexpected.
func auditStatus(findings []post.Finding, stderr io.Writer) int {
	bad := 0
	for _, f := range findings {
		if f.Unexpected() {
			fmt.Fprintf(stderr, "breakeven audit: %s: verdict %s, expected %s (printed %q, recomputed %s)\n",
				f.Entry.ID, f.Verdict, f.Expected, f.Entry.Printed, formatValue(f.Recomputed.Value, f.Step))
			bad++
		}
	}
	if bad > 0 {
		return 1
	}
	return 0
}

// printAudit prints the findings section by section, in 80 columns, with
// each non-match's reason under the table.
func printAudit(w io.Writer, findings []post.Finding) {
	counts := map[post.Verdict]int{}
	var notes []post.Finding
	sec := ""
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', 0)
	for _, f := range findings {
		if f.Entry.Section != sec {
			if sec != "" {
				fmt.Fprintln(tw)
			}
			sec = f.Entry.Section
			fmt.Fprintf(tw, "%s\n", sec)
			fmt.Fprintln(tw, "  id\tprinted\trecomputed\tverdict")
		}
		counts[f.Verdict]++
		mark := ""
		if f.Reason != "" {
			notes = append(notes, f)
			mark = fmt.Sprintf(" [%d]", len(notes))
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s%s\n", textfmt.Trim(f.Entry.ID, 25), printedText(f.Entry),
			recomputedText(f), shortVerdict(f.Verdict), mark)
	}
	tw.Flush()
	if len(notes) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Notes")
		for i, f := range notes {
			fmt.Fprintf(w, "%s\n", textfmt.Wrap(fmt.Sprintf("[%d] %s: %s", i+1, f.Entry.ID, f.Reason), textfmt.ProseWidth, "    "))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "approx: within the approximation of the inputs (see \"breakeven audit -h\")")
	fmt.Fprintf(w, "%d figures: %d match, %d within approximation, %d differ, %d inputs as sourced\n",
		len(findings), counts[post.Match], counts[post.WithinApprox], counts[post.Differs], counts[post.AsSourced])
}

// shortVerdict keeps the table in 80 columns.
func shortVerdict(v post.Verdict) string {
	if v == post.WithinApprox {
		return "approx"
	}
	return string(v)
}

// printedText is the figure as printed with its unit, where the unit adds
// something: "1.06 GB/s", "eight", "20×".
func printedText(e sources.Entry) string {
	switch e.Unit {
	case sources.UnitCount, sources.UnitRatio, sources.UnitBeaten, sources.UnitTier, sources.UnitYear, sources.UnitLinks, sources.UnitPercent:
		return e.Printed
	case sources.UnitTokens:
		return e.Printed + " tok"
	case sources.UnitTokensPerS:
		return e.Printed + " tok/s"
	case sources.UnitBillionTokens:
		return e.Printed + "B tok"
	}
	return e.Printed + " " + string(e.Unit)
}

// recomputedText prints the recomputation one digit finer than the
// printed figure, with its interval where it has one.
func recomputedText(f post.Finding) string {
	if f.Entry.Unit == sources.UnitYear {
		return fmt.Sprintf("%.0f", f.Recomputed.Value)
	}
	step := f.Step / 10
	if f.Recomputed.IsExact() && f.Recomputed.Value == math.Trunc(f.Recomputed.Value) {
		step = 1
	}
	s := formatValue(f.Recomputed.Value, step)
	if !f.Recomputed.IsExact() {
		s += " (" + formatValue(f.Recomputed.Lo, step) + "-" + formatValue(f.Recomputed.Hi, step) + ")"
	}
	return s
}

// formatValue prints v to the decimals that step implies, with thousands
// separators.
func formatValue(v, step float64) string {
	decimals := 0
	for s := step; s < 0.999999 && decimals < 6; s *= 10 {
		decimals++
	}
	return breakeven.GroupThousands(v, decimals)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func quoted(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
