package factcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"io"
	"os"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// Report writes checked claims as a document a reviewer can publish, in
// Markdown or HTML, that reads as an answer: the counts and a summary
// table first (claim, verdict in words, need, links, utilisation), then
// each claim with its answer in one sentence, its quote, its sources
// (linked), the assumptions made, the arithmetic, r and B* where an
// uncached time gives them, the links' utilisation, the verdict and the
// command that checks it again. The user's own claims come before the
// registry's (Mine says which are whose). The output depends only on the
// claims, so a changed claim shows as a diff. Since its summary comes
// first, the report keeps the claims' text until End, past spoolLimit in
// a temporary file.
type Report struct {
	w     *bufio.Writer
	html  bool
	title string
	// Mine reports a claim of the user's own, written before the
	// registry's; nil: every claim is the user's.
	Mine func(Claim) bool
	// groups are the user's claims (0) and the registry's (1), each a
	// summary row and its section's text.
	groups [2]group
	counts map[Verdict]int
	bad    []string // the rows that could not be checked, a line each
	// unchecked are the claims that cannot be checked as stated.
	unchecked  bytes.Buffer
	nunchecked int
	// spool holds the claims' sections until End; err is its first
	// error.
	spool spool
	err   error
}

// spoolLimit is how much of the claims' text a report keeps in memory;
// past it, the text goes to a temporary file, so that memory stays flat
// however many claims a report holds.
const spoolLimit = 8 << 20

// spool keeps text in memory up to spoolLimit, then in a temporary file.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	size int64
}

// span is where spooled text is: its offset and length.
type span struct{ off, n int64 }

func (s *spool) add(b []byte) (span, error) {
	sp := span{s.size, int64(len(b))}
	s.size += sp.n
	if s.file == nil && s.mem.Len()+len(b) <= spoolLimit {
		s.mem.Write(b)
		return sp, nil
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "breakeven-report-*")
		if err != nil {
			return sp, err
		}
		s.file = f
		if _, err := f.Write(s.mem.Bytes()); err != nil {
			return sp, err
		}
		s.mem = bytes.Buffer{}
	}
	_, err := s.file.Write(b)
	return sp, err
}

// copy writes the spooled text at sp to w.
func (s *spool) copy(w io.Writer, sp span) {
	if s.file == nil {
		w.Write(s.mem.Bytes()[sp.off : sp.off+sp.n])
		return
	}
	io.Copy(w, io.NewSectionReader(s.file, sp.off, sp.n))
}

// close removes the temporary file, if any.
func (s *spool) close() {
	if s.file != nil {
		s.file.Close()
		os.Remove(s.file.Name())
		s.file = nil
	}
}

type group struct{ rows []summaryRow }

// summaryRow is a claim's row of the summary table.
type summaryRow struct {
	n                                                       int
	anchor, claim, words, verdict, need, links, utilisation string
	v                                                       Verdict
	// body is where the claim's section after its heading is spooled;
	// End writes it under the heading, with the claim's number.
	body span
}

// ReportFormats are the formats NewReport writes.
var ReportFormats = []string{"md", "html"}

// NewReport begins a report in format "md" or "html" under title.
func NewReport(w io.Writer, format, title string) (*Report, error) {
	r := &Report{w: bufio.NewWriter(w), counts: map[Verdict]int{}, title: title}
	switch format {
	case "md":
	case "html":
		r.html = true
	default:
		return nil, fmt.Errorf("unknown report format %q (md or html)", format)
	}
	return r, nil
}

// reportIntro says what the report holds.
const reportIntro = "Each claim's answer first, in one sentence; then its quote and source, the assumptions the check makes, its arithmetic, the prefill speed r and break-even bandwidth B* where an uncached time gives them, how much of the stated links the need uses, its verdict and the command that checks it again. Verdicts follow one rule of the bandwidth needed, the links stated and the host's ceiling"

// reportCSS styles the HTML report: inline, no external asset, and a
// print layout without the navigation's colours.
const reportCSS = `:root{color-scheme:light;--ink:#1d232b;--muted:#5b6470;--rule:#d9dee4;--bg:#fff;--band:#f4f6f8;--ok:#1d6b3a;--warn:#8a5a00;--bad:#a32020;--na:#4a5563}
*{box-sizing:border-box}
body{margin:0 auto;max-width:60rem;padding:2rem 1.25rem 4rem;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
h1{font-size:1.7rem;line-height:1.25;margin:0 0 .5rem}
h2{font-size:1.3rem;margin:2.5rem 0 .75rem;padding-bottom:.3rem;border-bottom:2px solid var(--rule)}
h3{font-size:1.08rem;margin:0 0 .5rem}
p.intro,p.counts{color:var(--muted)}
p.counts{font-weight:600;color:var(--ink)}
a{color:#0b5cad;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.92rem;margin:.5rem 0 1rem}
th,td{text-align:left;vertical-align:top;padding:.4rem .55rem;border-bottom:1px solid var(--rule)}
th{background:var(--band);font-weight:600}
td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
tr.group th{background:#fff;border-bottom:2px solid var(--rule);font-size:.85rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.verdict{display:inline-block;padding:.05rem .5rem;border-radius:.8rem;font-size:.85rem;font-weight:600;border:1px solid currentColor}
.v-plausible,.v-size-matches{color:var(--ok)}
.v-needs-more-links,.v-no-bound-stated,.v-size-misread{color:var(--warn)}
.v-implausible-as-stated,.v-size-differs{color:var(--bad)}
section.claim{border:1px solid var(--rule);border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0;break-inside:avoid}
p.answer{font-size:1.08rem;font-weight:600;margin:.25rem 0 .75rem}
blockquote{margin:.5rem 0 .75rem;padding:.25rem .9rem;border-left:4px solid var(--rule);color:var(--muted);font-style:italic}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:0}
dt{font-weight:600;color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
code{font:.88em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--band);padding:.1rem .3rem;border-radius:.25rem;overflow-wrap:anywhere}
@media (max-width:40rem){dl{grid-template-columns:1fr}dt{margin-top:.4rem}}
@media print{body{max-width:none;padding:0;font-size:11pt}a{color:inherit;text-decoration:none}section.claim{border:none;border-top:1px solid #999;border-radius:0;padding:.5rem 0}h2{break-after:avoid}tr{break-inside:avoid}th{background:none}code{background:none;padding:0}}`

// esc escapes text for HTML, its control characters shown escaped.
func esc(s string) string { return html.EscapeString(controls(s)) }

// controls shows the control characters of s other than line breaks and
// tabs escaped: ESC as \x1b, a C1 control as \u009b.
func controls(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !isControl(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

func isControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t' && r != '\r') || (r >= 0x7f && r <= 0x9f)
}

// Claim adds a checked claim: its summary row, and its section: the
// heading, the answer, the quote and the items of its Rendering.
func (r *Report) Claim(res Result) error {
	r.counts[res.Verdict]++
	gi := 0
	if r.Mine != nil && !r.Mine(res.Claim) {
		gi = 1
	}
	g := &r.groups[gi]
	d := Render(res)
	n := len(g.rows) + 1
	row := summaryRow{n: n, anchor: fmt.Sprintf("%s-%d", groupAnchor[gi], n), claim: d.Heading(), words: res.Verdict.Words(), verdict: res.VerdictWords(),
		need: breakeven.Dash, links: "none", utilisation: breakeven.Dash, v: res.Verdict}
	switch {
	case res.Required > 0 && res.NeedIsFloor:
		row.need = "≥ " + res.Required.String()
	case res.Required > 0:
		row.need = res.Required.String()
	case res.SizeCheck != nil:
		row.need = "size " + strings.TrimSpace(res.Claim.Size)
	}
	if res.Link != nil {
		row.links = d.Get("links")
		if u := res.Utilisation(); u > 0 {
			row.utilisation = breakeven.Percent(u)
		}
	}
	var b bytes.Buffer
	w := &b
	defer func() {
		row.body, r.err = r.spool.add(b.Bytes())
		g.rows = append(g.rows, row)
	}()
	if r.html {
		fmt.Fprintf(w, "<p class=\"answer\">%s.</p>\n", esc(d.Answer))
		if d.Quote != "" {
			fmt.Fprintf(w, "<blockquote>%s</blockquote>\n", esc(d.Quote))
		}
		w.WriteString("<dl>\n")
		for _, it := range d.Items() {
			fmt.Fprintf(w, "<dt>%s</dt><dd>", esc(it.Label))
			switch {
			case it.Key == "verdict":
				fmt.Fprintf(w, "<strong>%s</strong>: %s", esc(string(d.Verdict)), esc(d.Explanation))
			case it.Key == "command":
				fmt.Fprintf(w, "<code>%s</code>", esc(it.Text))
			case strings.HasPrefix(it.Key, "source-"):
				w.WriteString(refHTML(d.Refs[sourceIndex(it.Key)]))
			default:
				w.WriteString(esc(it.Text))
			}
			w.WriteString("</dd>\n")
		}
		w.WriteString("</dl>\n")
		return nil
	}
	fmt.Fprintf(w, "**%s.**\n\n", mdEsc(d.Answer))
	if d.Quote != "" {
		fmt.Fprintf(w, "> %s\n\n", mdEsc(d.Quote))
	}
	for _, it := range d.Items() {
		switch {
		case it.Key == "verdict":
			fmt.Fprintf(w, "- %s: **%s**: %s\n", it.Label, d.Verdict, mdEsc(d.Explanation))
		case it.Key == "command":
			fmt.Fprintf(w, "- %s: `%s`\n", it.Label, strings.ReplaceAll(it.Text, "`", "'"))
		case strings.HasPrefix(it.Key, "source-"):
			fmt.Fprintf(w, "- %s: %s\n", it.Label, refMarkdown(d.Refs[sourceIndex(it.Key)]))
		default:
			fmt.Fprintf(w, "- %s: %s\n", it.Label, mdEsc(it.Text))
		}
	}
	return nil
}

// groupAnchor names the user's claims and the registry's in a report's
// anchors; GroupTitles titles them, in a report and in check's table.
var (
	groupAnchor = [2]string{"claim", "registry"}
	GroupTitles = [2]string{"Your claims", "The registry's claims"}
)

// sourceIndex is N of an item's key "source-N".
func sourceIndex(key string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(key, "source-"))
	return n
}

// refHTML is a source in HTML, its text a link to its address.
func refHTML(s Ref) string {
	t := esc(s.Text)
	if s.URL != "" {
		t = fmt.Sprintf("<a href=\"%s\">%s</a>", esc(s.URL), t)
	}
	if s.Locator != "" {
		t += "; " + esc(s.Locator)
	}
	return t
}

// refMarkdown is a source in Markdown, its text a link to its address.
func refMarkdown(s Ref) string {
	t := mdEsc(s.Text)
	if s.URL != "" {
		t = "[" + t + "](" + urlEscaper.Replace(s.URL) + ")"
	}
	if s.Locator != "" {
		t += "; " + mdEsc(s.Locator)
	}
	return t
}

// urlEscaper keeps an address inside a Markdown link's parentheses.
var urlEscaper = strings.NewReplacer("(", "%28", ")", "%29", "[", "%5B", "]", "%5D", " ", "%20", "\\", "%5C")

// mdEsc keeps a text from starting Markdown it does not mean: line
// breaks become spaces, control characters are shown escaped, the
// characters that open emphasis, strikethrough, code, links, images,
// entities or HTML are escaped, and so is a list marker at its start.
func mdEsc(s string) string {
	s = controls(strings.Join(strings.Fields(s), " "))
	s = mdReplacer.Replace(escapeEntities(s))
	if len(s) > 0 && (s[0] == '-' || s[0] == '+' || s[0] == '=') {
		s = `\` + s
	} else if i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && (s[i] == '.' || s[i] == ')') && (i+1 == len(s) || s[i+1] == ' ') {
		s = s[:i] + `\` + s[i:] // "1. x" is not a list
	}
	return s
}

// escapeEntities writes "&amp;" for each ampersand that would start a
// character reference ("&lt;", "&#60;"), which Markdown would decode: one
// followed by a letter or '#', as &([A-Za-z#]) finds them. By hand, so the
// web page's WebAssembly module links no regexp (docs/web.md).
func escapeEntities(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '&' && i+1 < len(s) && (s[i+1] == '#' || s[i+1] >= 'A' && s[i+1] <= 'Z' || s[i+1] >= 'a' && s[i+1] <= 'z') {
			b.WriteString("&amp;")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

var mdReplacer = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;",
	"#", `\#`, "|", `\|`, "~", `\~`, "!", `\!`)

// Bad adds a row that could not be checked.
func (r *Report) Bad(e *RowError) {
	r.bad = append(r.bad, fmt.Sprintf("Line %d could not be checked: %s", e.Line, e.Reason()))
}

// Unchecked adds a claim that cannot be checked as stated: its source and
// quote, why, and what the checker says of it.
func (r *Report) Unchecked(c Claim, why string, checkErr error) {
	r.nunchecked++
	says := ""
	if checkErr != nil {
		says = checkErr.Error()
	}
	ref := Ref{Text: c.Source, Locator: c.Locator}
	if s, ok := sources.Lookup(sources.SourceID(c.Source)); ok {
		ref.Text = fmt.Sprintf("%s, %q", s.Publisher, s.Title)
		if webAddress(s.URL) {
			ref.URL = s.URL
		}
	}
	w := &r.unchecked
	why = strings.TrimSuffix(strings.TrimSpace(why), ".")
	if r.html {
		fmt.Fprintf(w, "<section class=\"claim\" id=\"unchecked-%d\">\n<h3>%s: not checked</h3>\n<p class=\"answer\">%s.</p>\n<blockquote>%s</blockquote>\n<dl>\n<dt>Source</dt><dd>%s</dd>\n<dt>The checker</dt><dd><code>%s</code></dd>\n</dl>\n</section>\n",
			r.nunchecked, esc(c.ID), esc(why), esc(c.Quote), refHTML(ref), esc(says))
		return
	}
	fmt.Fprintf(w, "\n### %s: not checked\n\n**%s.**\n\n> %s\n\n- Source: %s\n- The checker: %s\n", mdEsc(c.ID), mdEsc(why), mdEsc(c.Quote), refMarkdown(ref), mdEsc(says))
}

// End writes the report, the summary first, and flushes.
func (r *Report) End() error {
	defer r.spool.close()
	if r.err != nil {
		return r.err
	}
	w := r.w
	n := len(r.groups[0].rows) + len(r.groups[1].rows)
	sum := fmt.Sprintf("%d %s checked", n, textfmt.Plural(n, "claim", "claims"))
	if c := CountsText(r.counts); c != "" {
		sum += ": " + c
	}
	if len(r.bad) > 0 {
		sum += fmt.Sprintf("; %d %s could not be checked", len(r.bad), textfmt.Plural(len(r.bad), "row", "rows"))
	}
	if r.nunchecked > 0 {
		sum += fmt.Sprintf("; %d %s not checkable as stated", r.nunchecked, textfmt.Plural(r.nunchecked, "claim", "claims"))
	}
	// The groups to show: both when the user's claims and the
	// registry's are apart, else one, "Claims".
	titles, prefix := GroupTitles, [2]string{"", "R"}
	if r.Mine == nil || len(r.groups[0].rows) == 0 || len(r.groups[1].rows) == 0 {
		titles, prefix = [2]string{"Claims", "Claims"}, [2]string{}
	}
	num := func(gi int, row summaryRow) string { return prefix[gi] + strconv.Itoa(row.n) }
	header := []string{"#", "claim", "verdict", "need", "links stated", "utilisation"}
	if r.html {
		fmt.Fprintf(w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>\n%s\n</style>\n</head>\n<body>\n<header>\n<h1>%s</h1>\n<p class=\"intro\">%s (<code>breakeven check -h</code>).</p>\n</header>\n",
			esc(r.title), reportCSS, esc(r.title), esc(reportIntro))
		fmt.Fprintf(w, "<section id=\"summary\">\n<h2>Summary</h2>\n<p class=\"counts\">%s.</p>\n", esc(sum))
		if n > 0 {
			w.WriteString("<table>\n<thead><tr>")
			for _, h := range header {
				fmt.Fprintf(w, "<th scope=\"col\">%s</th>", h)
			}
			w.WriteString("</tr></thead>\n")
			for gi := range r.groups {
				g := &r.groups[gi]
				if len(g.rows) == 0 {
					continue
				}
				fmt.Fprintf(w, "<tbody data-group=\"%s\">\n", groupAnchor[gi])
				if titles[0] != titles[1] {
					fmt.Fprintf(w, "<tr class=\"group\"><th colspan=\"%d\">%s</th></tr>\n", len(header), titles[gi])
				}
				for _, row := range g.rows {
					fmt.Fprintf(w, "<tr><td class=\"num\">%s</td><td><a href=\"#%s\">%s</a></td><td><span class=\"verdict v-%s\">%s</span></td><td class=\"num\">%s</td><td>%s</td><td class=\"num\">%s</td></tr>\n",
						num(gi, row), row.anchor, esc(row.claim), esc(string(row.v)), esc(row.verdict), esc(row.need), esc(row.links), esc(row.utilisation))
				}
				w.WriteString("</tbody>\n")
			}
			w.WriteString("</table>\n")
		}
		w.WriteString("</section>\n")
		for gi := range r.groups {
			g := &r.groups[gi]
			if len(g.rows) == 0 {
				continue
			}
			fmt.Fprintf(w, "<section id=\"%s-claims\" data-group=\"%s\">\n<h2>%s</h2>\n", groupAnchor[gi], groupAnchor[gi], titles[gi])
			for _, row := range g.rows {
				fmt.Fprintf(w, "<section class=\"claim\" id=\"%s\">\n<h3>%s. %s <span class=\"verdict v-%s\">%s</span></h3>\n",
					row.anchor, num(gi, row), esc(row.claim), esc(string(row.v)), esc(row.words))
				r.spool.copy(w, row.body)
				w.WriteString("</section>\n")
			}
			w.WriteString("</section>\n")
		}
		if len(r.bad) > 0 {
			w.WriteString("<section id=\"bad-rows\">\n<h2>Rows that could not be checked</h2>\n<ul>\n")
			for _, b := range r.bad {
				fmt.Fprintf(w, "<li>%s</li>\n", esc(b))
			}
			w.WriteString("</ul>\n</section>\n")
		}
		if r.nunchecked > 0 {
			w.WriteString("<section id=\"unchecked\">\n<h2>Not checkable as stated</h2>\n")
			w.Write(r.unchecked.Bytes())
			w.WriteString("</section>\n")
		}
		w.WriteString("</body>\n</html>\n")
		return w.Flush()
	}
	fmt.Fprintf(w, "# %s\n\n%s (`breakeven check -h`).\n\n## Summary\n\n%s.\n", mdEsc(r.title), reportIntro, sum)
	if n > 0 {
		w.WriteString("\n| " + strings.Join(header, " | ") + " |\n|---:|---|---|---:|---|---:|\n")
		for gi := range r.groups {
			for _, row := range r.groups[gi].rows {
				fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", num(gi, row), mdEsc(row.claim), mdEsc(row.verdict), mdEsc(row.need), mdEsc(row.links), mdEsc(row.utilisation))
			}
		}
	}
	for gi := range r.groups {
		g := &r.groups[gi]
		if len(g.rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n## %s\n", titles[gi])
		for _, row := range g.rows {
			fmt.Fprintf(w, "\n### %s. %s\n\n", num(gi, row), mdEsc(row.claim))
			r.spool.copy(w, row.body)
		}
	}
	if len(r.bad) > 0 {
		w.WriteString("\n## Rows that could not be checked\n\n")
		for _, b := range r.bad {
			fmt.Fprintf(w, "- %s\n", mdEsc(b))
		}
	}
	if r.nunchecked > 0 {
		w.WriteString("\n## Not checkable as stated\n")
		w.Write(r.unchecked.Bytes())
	}
	return w.Flush()
}
