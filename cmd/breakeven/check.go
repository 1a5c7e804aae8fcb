package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

func init() {
	register(command{"check", "check a vendor's \"N tokens loaded in t seconds\" claim", checkUsage, runCheck})
}

var checkUsage = `Usage: breakeven check --model NAME --tokens N --seconds TIME [--links LINKS]
       breakeven check --claims FILE [--json | --csv] [--fail-on VERDICT]

Checks a claim that a prompt's KV cache was loaded in a given time: the
cache it moves, the bandwidth that needs (cache / seconds), whether the
stated links carry it, how many such links it takes, and what smaller KV
type would make it fit. --seconds may be a load time or a cached time to
first token; a TTFT includes more than the load, so the need is a floor.

Verdicts:
  plausible              the stated links carry it; with no link stated,
                         it is within what one host can take in
  needs-more-links       the stated links fall short, but more of them
                         would carry it within what a host can take in
  implausible-as-stated  it needs more than a host can take in (--ceiling;
                         by default the ` + sources.WEKAHostBandwidth.V().String() + ` per DGX H100 host
                         that WEKA states), whatever its links

Links: "1x400Gbit/s", "2x100GbE", "22.6 GB/s" or a preset from
"breakeven calc --links"; the count matters for how many it takes.

A claims file is CSV with a header naming model,tokens,seconds,links,source
in any order; more columns (kv_dtype, note, ...) are allowed, links may be
empty, and lines starting with # are comments. A bad row is reported on
stderr with its line, and every other row is still checked. --claims -
reads standard input.

Exit status: 0 when every claim was checked; 1 with --fail-on when a
verdict is that bad or worse; 2 for a bad flag, claim, file or row.

Examples:
  breakeven check --model llama-3.1-70b --tokens 105000 --seconds 0.58 \
      --links 1x400Gbit/s
  breakeven check --model qwen3-32b --tokens 131072 --seconds 1.5
  breakeven check --claims data/claims.csv
  breakeven check --claims data/claims.csv --csv --fail-on implausible
`

// checkJSON is one checked claim in check --json and --csv: SI base
// units, snake_case keys.
type checkJSON struct {
	Line                   int      `json:"line,omitempty"`
	Model                  string   `json:"model"`
	Tokens                 float64  `json:"tokens"`
	KVDtype                string   `json:"kv_dtype"`
	BytesPerToken          float64  `json:"bytes_per_token"`
	CacheBytes             float64  `json:"cache_bytes"`
	ClaimedSeconds         float64  `json:"claimed_seconds"`
	RequiredBytesPerSecond float64  `json:"required_bytes_per_second"`
	Links                  string   `json:"links"`
	LinkCount              *int     `json:"link_count"`
	LinkEachBytesPerSecond *float64 `json:"link_each_bytes_per_second"`
	LinkBytesPerSecond     *float64 `json:"link_bytes_per_second"`
	LinksNeeded            *int     `json:"links_needed"`
	CeilingBytesPerSecond  float64  `json:"ceiling_bytes_per_second"`
	ShrinkNeeded           float64  `json:"shrink_needed"`
	FitsWith               string   `json:"fits_with"`
	Verdict                string   `json:"verdict"`
	Explanation            string   `json:"explanation"`
	Source                 string   `json:"source"`
	Note                   string   `json:"note,omitempty"`
}

func toCheckJSON(r factcheck.Result) checkJSON {
	j := checkJSON{
		Line: r.Claim.Line, Model: r.Model.Name, Tokens: float64(r.Tokens), KVDtype: r.Element.Name,
		BytesPerToken: float64(r.PerToken), CacheBytes: float64(r.Cache), ClaimedSeconds: float64(r.Seconds),
		RequiredBytesPerSecond: float64(r.Required), Links: r.Claim.Links,
		CeilingBytesPerSecond: float64(r.Ceiling), ShrinkNeeded: r.Shrink,
		Verdict: string(r.Verdict), Explanation: r.Explanation, Source: r.Claim.Source, Note: r.Claim.Note,
	}
	if r.Link != nil {
		n, each, total, need := r.Link.Count, float64(r.Link.Each), float64(r.Link.Total()), r.LinksNeeded
		j.LinkCount, j.LinkEachBytesPerSecond, j.LinkBytesPerSecond, j.LinksNeeded = &n, &each, &total, &need
	}
	if r.FitsWith != nil {
		j.FitsWith = r.FitsWith.Name
	}
	return j
}

// checkCSVHeader is the header of check --csv.
var checkCSVHeader = []string{"line", "model", "tokens", "kv_dtype", "bytes_per_token", "cache_bytes", "claimed_seconds",
	"required_bytes_per_second", "links", "link_bytes_per_second", "links_needed", "shrink_needed", "fits_with",
	"verdict", "explanation", "source", "note"}

func (j checkJSON) csvRecord(rec []string) []string {
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	line, link, need := "", "", ""
	if j.Line > 0 {
		line = strconv.Itoa(j.Line)
	}
	if j.LinkBytesPerSecond != nil {
		link, need = num(*j.LinkBytesPerSecond), strconv.Itoa(*j.LinksNeeded)
	}
	return append(rec[:0], line, j.Model, num(j.Tokens), j.KVDtype, num(j.BytesPerToken), num(j.CacheBytes),
		num(j.ClaimedSeconds), num(j.RequiredBytesPerSecond), j.Links, link, need, num(j.ShrinkNeeded), j.FitsWith,
		j.Verdict, j.Explanation, j.Source, j.Note)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", stderr)
	model := fs.String("model", "", "catalog model `NAME` or alias (see \"breakeven models\")")
	tokens := fs.String("tokens", "", "prompt length, `N` tokens (\"105000\", \"105k\")")
	seconds := fs.String("seconds", "", "claimed load `TIME` or cached TTFT (\"0.58\", \"580ms\")")
	links := fs.String("links", "", "stated `LINKS` (\"1x400Gbit/s\", \"2x100GbE\", \"ndr\")")
	kvDtype := fs.String("kv-dtype", "", "KV element `TYPE`: bf16, fp16, fp8, int8, int4, fp32 (default 16-bit)")
	ceiling := fs.String("ceiling", "", "`SPEED` one host can take in at most (default "+sources.WEKAHostBandwidth.V().String()+", WEKA's)")
	claims := fs.String("claims", "", "check every claim in the CSV `FILE` (- for stdin)")
	asJSON := fs.Bool("json", false, "print JSON")
	asCSV := fs.Bool("csv", false, "print CSV (with --claims)")
	failOn := fs.String("fail-on", "", "exit 1 on `VERDICT` or worse: needs-more-links, implausible")
	allow := fs.Bool("allow-beyond-context", false, "allow tokens beyond the model's context")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	set := setFlags(fs)
	bad := func(err error) int {
		fmt.Fprintf(stderr, "breakeven check: %v\n", err)
		return 2
	}
	opt := factcheck.Options{AllowBeyondContext: *allow}
	if set["kv-dtype"] {
		t, err := breakeven.ParseElementType(*kvDtype)
		if err != nil {
			return bad(breakeven.FieldFromParse("kv-dtype", *kvDtype, err, "--kv-dtype fp8"))
		}
		opt.Element = t
	}
	if set["ceiling"] {
		bw, err := breakeven.ParseBandwidth(*ceiling)
		if err != nil {
			return bad(breakeven.FieldFromParse("ceiling", *ceiling, err, `--ceiling "800 GB/s"`))
		}
		opt.Ceiling = bw
	}
	var fail factcheck.Verdict
	switch strings.ToLower(strings.TrimSpace(*failOn)) {
	case "":
	case "needs-more-links":
		fail = factcheck.NeedsMoreLinks
	case "implausible", "implausible-as-stated":
		fail = factcheck.Implausible
	default:
		return bad(breakeven.Bad("fail-on", *failOn, "not a verdict to fail on (needs-more-links, implausible)", "--fail-on implausible"))
	}
	if *asJSON && *asCSV {
		return bad(errors.New("--json and --csv are alternatives; give one (e.g. --claims data/claims.csv --csv)"))
	}
	checker := factcheck.NewChecker(opt)

	if set["claims"] {
		for _, f := range []string{"model", "tokens", "seconds", "links"} {
			if set[f] {
				return bad(fmt.Errorf("--claims checks a file; --%s is for one claim (give one or the other, e.g. --claims data/claims.csv)", f))
			}
		}
		note := fmt.Sprintf("%v (%s)", sources.WEKAHostBandwidth.V(), sources.WEKAHostBandwidth.Source)
		if set["ceiling"] {
			note = opt.Ceiling.String() + " (--ceiling)"
		}
		return checkFile(*claims, checker, note, fail, *asJSON, *asCSV, stdout, stderr)
	}

	for _, f := range []string{"model", "tokens", "seconds"} {
		if !set[f] {
			return bad(fmt.Errorf("no --%s: a claim needs --model, --tokens and --seconds (e.g. --model llama-3.1-70b --tokens 105000 --seconds 0.58), or give --claims FILE", f))
		}
	}
	res, err := checker.Check(factcheck.Claim{Model: *model, Tokens: *tokens, Seconds: *seconds, Links: *links})
	if err != nil {
		return bad(err)
	}
	switch {
	case *asJSON:
		if code := writeJSON(stdout, stderr, "check", toCheckJSON(res)); code != 0 {
			return code
		}
	case *asCSV:
		w := csv.NewWriter(stdout)
		w.Write(checkCSVHeader)
		w.Write(toCheckJSON(res).csvRecord(nil))
		w.Flush()
	default:
		printCheck(stdout, res)
	}
	if fail != "" && res.Verdict.AtLeast(fail) {
		return 1
	}
	return 0
}

func printCheck(w io.Writer, r factcheck.Result) {
	fmt.Fprintln(w, textfmt.Wrap(fmt.Sprintf("%s: %v tokens in %v, %s KV cache", r.Model.Name, r.Tokens, r.Seconds, r.Element.Name), 78, "  "))
	fmt.Fprintln(w)
	textfmt.Line(w, "cache moved", fmt.Sprintf("%v (%v)", r.Cache, r.PerToken))
	textfmt.Line(w, "bandwidth needed", fmt.Sprintf("%v (%s)", r.Required, r.Required.Bits()))
	if r.Link != nil {
		textfmt.Line(w, "stated links", fmt.Sprintf("%v: %v", *r.Link, r.Link.Total()))
		textfmt.Line(w, "links needed", fmt.Sprintf("%d such %s", r.LinksNeeded, plural(r.LinksNeeded, "link", "links")))
	} else {
		textfmt.Line(w, "stated links", "none")
	}
	if fit := r.FitText(true); fit != "" {
		textfmt.Line(w, "to fit", fit)
	}
	textfmt.Line(w, "verdict", string(r.Verdict))
	fmt.Fprintln(w)
	fmt.Fprintln(w, textfmt.Wrap(r.Explanation, 78, ""))
}

// checkFile checks every claim of a CSV file and prints them as they
// come, so memory stays flat however long the file.
func checkFile(path string, checker *factcheck.Checker, ceiling string, fail factcheck.Verdict, asJSON, asCSV bool, stdout, stderr io.Writer) int {
	var in io.Reader = os.Stdin
	name := "stdin"
	if path != "-" {
		f, err := os.Open(path)
		var info os.FileInfo
		if err == nil {
			info, err = f.Stat()
		}
		if err != nil || info.IsDir() {
			reason := "cannot open it"
			switch {
			case errors.Is(err, os.ErrNotExist):
				reason = "no such file"
			case err == nil:
				reason = "a directory, not a file"
				f.Close()
			}
			fmt.Fprintf(stderr, "breakeven check: --claims %q: %s (e.g. --claims data/claims.csv)\n", path, reason)
			return 2
		}
		defer f.Close()
		in, name = f, path
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	counts := map[factcheck.Verdict]int{}
	nbad, worst := 0, factcheck.Verdict("")
	var p claimPrinter
	switch {
	case asJSON:
		p = &jsonPrinter{w: out}
	case asCSV:
		p = &csvPrinter{w: csv.NewWriter(out)}
	default:
		p = &tablePrinter{w: out, ceiling: ceiling}
	}
	// The output begins with the first claim (or at the end, for a file of
	// none), never before the header has been read: a file that cannot be
	// read prints nothing on stdout.
	begun := false
	begin := func() {
		if !begun {
			p.begin()
			begun = true
		}
	}
	err := factcheck.CheckAll(in, checker,
		func(r factcheck.Result) error {
			begin()
			counts[r.Verdict]++
			if worst == "" || r.Verdict.AtLeast(worst) {
				worst = r.Verdict
			}
			return p.claim(r)
		},
		func(re *factcheck.RowError) error {
			// Bad rows go to stderr as they are found; flushing stdout
			// first keeps the two in order on a terminal.
			nbad++
			begin()
			out.Flush()
			_, err := fmt.Fprintf(stderr, "breakeven check: %s:%d: %s\n", name, re.Line, re.Reason())
			return err
		})
	var he *factcheck.HeaderError
	if errors.As(err, &he) {
		fmt.Fprintf(stderr, "breakeven check: %s:%v\n", name, strings.TrimPrefix(he.Error(), "line "))
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "breakeven check: %s: %v\n", name, err)
		return 2
	}
	begin()
	p.end(counts, nbad)
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "breakeven check: %v\n", err)
		return 1
	}
	switch {
	case nbad > 0:
		fmt.Fprintf(stderr, "breakeven check: %s: %d bad %s, reported above; the other rows were checked\n", name, nbad, plural(nbad, "row", "rows"))
		return 2
	case fail != "" && worst != "" && worst.AtLeast(fail):
		fmt.Fprintf(stderr, "breakeven check: %s: a claim is %s (--fail-on %s)\n", name, worst, fail)
		return 1
	}
	return 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// claimPrinter prints checked claims as they come.
type claimPrinter interface {
	begin()
	claim(factcheck.Result) error
	end(counts map[factcheck.Verdict]int, bad int)
}

type jsonPrinter struct {
	w *bufio.Writer
	n int
}

func (p *jsonPrinter) begin() { p.w.WriteString("[") }

func (p *jsonPrinter) claim(r factcheck.Result) error {
	if p.n > 0 {
		p.w.WriteString(",")
	}
	p.n++
	p.w.WriteString("\n  ")
	b, err := json.Marshal(toCheckJSON(r))
	if err != nil {
		return err
	}
	_, err = p.w.Write(b)
	return err
}

func (p *jsonPrinter) end(map[factcheck.Verdict]int, int) { p.w.WriteString("\n]\n") }

type csvPrinter struct {
	w   *csv.Writer
	rec []string
}

func (p *csvPrinter) begin() { p.w.Write(checkCSVHeader) }

func (p *csvPrinter) claim(r factcheck.Result) error {
	p.rec = toCheckJSON(r).csvRecord(p.rec)
	return p.w.Write(p.rec)
}

func (p *csvPrinter) end(map[factcheck.Verdict]int, int) { p.w.Flush() }

// tablePrinter prints an 80-column table, one claim a line.
type tablePrinter struct {
	w       *bufio.Writer
	ceiling string // the host ceiling and its source
}

// Column widths of the table.
const (
	colLine  = 5
	colModel = 16
	colBW    = 11
	colLinks = 8
)

func (p *tablePrinter) begin() {
	fmt.Fprintf(p.w, "%s  %s%s%s%s  %s\n", textfmt.PadLeft("line", colLine), textfmt.Pad("model", colModel), textfmt.PadLeft("needs", colBW),
		textfmt.PadLeft("links carry", colBW+1), textfmt.PadLeft("links", colLinks), "verdict")
}

func (p *tablePrinter) claim(r factcheck.Result) error {
	carry, links := "-", "-"
	if r.Link != nil {
		carry = r.Link.Total().String()
		links = fmt.Sprintf("%d of %d", r.LinksNeeded, r.Link.Count)
		if r.LinksNeeded > 9999 || r.Link.Count > 999 {
			links = strconv.Itoa(r.LinksNeeded)
		}
	}
	_, err := fmt.Fprintf(p.w, "%s  %s%s%s%s  %s\n", textfmt.PadLeft(strconv.Itoa(r.Claim.Line), colLine), textfmt.Pad(textfmt.Trim(r.Model.Name, colModel-1), colModel),
		textfmt.PadLeft(r.Required.String(), colBW), textfmt.PadLeft(carry, colBW+1), textfmt.PadLeft(links, colLinks), r.Verdict)
	return err
}

func (p *tablePrinter) end(counts map[factcheck.Verdict]int, bad int) {
	total := 0
	var parts []string
	for _, v := range factcheck.Verdicts {
		total += counts[v]
		parts = append(parts, fmt.Sprintf("%d %s", counts[v], v))
	}
	fmt.Fprintln(p.w)
	fmt.Fprintln(p.w, textfmt.Wrap(fmt.Sprintf("%d %s checked: %s.", total, plural(total, "claim", "claims"), strings.Join(parts, ", ")), 78, ""))
	if bad > 0 {
		fmt.Fprintf(p.w, "%d bad %s, on stderr.\n", bad, plural(bad, "row", "rows"))
	}
	fmt.Fprintln(p.w, `links: needed of the stated kind, of those stated. Explanations: --json, --csv.`)
	fmt.Fprintf(p.w, "Host ceiling: %s.\n", p.ceiling)
}
