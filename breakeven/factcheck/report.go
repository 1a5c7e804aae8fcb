package factcheck

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"

	"signalweight.dev/kv/sources"
)

// Report writes checked claims as a document a reviewer can publish, in
// Markdown or HTML: for each claim its quote and source, the assumptions
// made, the arithmetic in one line, the verdict and the command that
// reproduces it. The output depends only on the claims, so a changed
// claim shows as a diff. Claims are written as they come.
type Report struct {
	w      *bufio.Writer
	html   bool
	n      int
	counts map[Verdict]int
	bad    int
	// unchecked counts claims that cannot be checked as stated.
	unchecked int
}

// ReportFormats are the formats NewReport writes.
var ReportFormats = []string{"md", "html"}

// NewReport begins a report in format "md" or "html" under title.
func NewReport(w io.Writer, format, title string) (*Report, error) {
	r := &Report{w: bufio.NewWriter(w), counts: map[Verdict]int{}}
	switch format {
	case "md":
		fmt.Fprintf(r.w, "# %s\n\n", mdEsc(title))
		fmt.Fprintf(r.w, "Each claim with its source, the assumptions the check makes, its arithmetic, its verdict and the command that checks it again. Verdicts follow one rule of the bandwidth needed, the links stated and the host's ceiling (`breakeven check -h`).\n")
	case "html":
		r.html = true
		fmt.Fprintf(r.w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n</head>\n<body>\n<h1>%s</h1>\n", esc(title), esc(title))
		fmt.Fprintf(r.w, "<p>Each claim with its source, the assumptions the check makes, its arithmetic, its verdict and the command that checks it again. Verdicts follow one rule of the bandwidth needed, the links stated and the host's ceiling (<code>breakeven check -h</code>).</p>\n")
	default:
		return nil, fmt.Errorf("unknown report format %q (md or html)", format)
	}
	return r, nil
}

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

// Claim adds a checked claim: its Rendering's heading, quote and items.
func (r *Report) Claim(res Result) error {
	r.n++
	r.counts[res.Verdict]++
	d := Render(res)
	if r.html {
		fmt.Fprintf(r.w, "<section>\n<h2>%d. %s</h2>\n", r.n, esc(d.Heading()))
		if d.Quote != "" {
			fmt.Fprintf(r.w, "<blockquote>%s</blockquote>\n", esc(d.Quote))
		}
		r.w.WriteString("<ul>\n")
		for _, it := range d.Items() {
			switch it.Key {
			case "verdict":
				fmt.Fprintf(r.w, "<li>%s: <strong>%s</strong>: %s</li>\n", it.Label, esc(string(d.Verdict)), esc(d.Explanation))
			case "command":
				fmt.Fprintf(r.w, "<li>%s: <code>%s</code></li>\n", it.Label, esc(it.Text))
			default:
				fmt.Fprintf(r.w, "<li>%s: %s</li>\n", it.Label, esc(it.Text))
			}
		}
		r.w.WriteString("</ul>\n</section>\n")
		return nil
	}
	fmt.Fprintf(r.w, "\n## %d. %s\n\n", r.n, mdEsc(d.Heading()))
	if d.Quote != "" {
		fmt.Fprintf(r.w, "> %s\n\n", mdEsc(d.Quote))
	}
	for _, it := range d.Items() {
		switch it.Key {
		case "verdict":
			fmt.Fprintf(r.w, "- %s: **%s**: %s\n", it.Label, d.Verdict, mdEsc(d.Explanation))
		case "command":
			fmt.Fprintf(r.w, "- %s: `%s`\n", it.Label, strings.ReplaceAll(it.Text, "`", "'"))
		default:
			fmt.Fprintf(r.w, "- %s: %s\n", it.Label, mdEsc(it.Text))
		}
	}
	return nil
}

// mdEsc keeps a text from starting Markdown it does not mean: line
// breaks become spaces, control characters are shown escaped, the
// characters that open emphasis, strikethrough, code, links, images,
// entities or HTML are escaped, and so is a list marker at its start.
func mdEsc(s string) string {
	s = controls(strings.Join(strings.Fields(s), " "))
	s = mdReplacer.Replace(entity.ReplaceAllString(s, "&amp;$1"))
	if len(s) > 0 && (s[0] == '-' || s[0] == '+' || s[0] == '=') {
		s = `\` + s
	} else if i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && (s[i] == '.' || s[i] == ')') && (i+1 == len(s) || s[i+1] == ' ') {
		s = s[:i] + `\` + s[i:] // "1. x" is not a list
	}
	return s
}

// entity finds an ampersand that would start a character reference
// ("&lt;", "&#60;"), which Markdown would decode.
var entity = regexp.MustCompile(`&([A-Za-z#])`)

var mdReplacer = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;",
	"#", `\#`, "|", `\|`, "~", `\~`, "!", `\!`)

// Bad adds a row that could not be checked.
func (r *Report) Bad(e *RowError) {
	r.bad++
	if r.html {
		fmt.Fprintf(r.w, "<p>Line %d could not be checked: %s</p>\n", e.Line, esc(e.Reason()))
		return
	}
	fmt.Fprintf(r.w, "\nLine %d could not be checked: %s\n", e.Line, mdEsc(e.Reason()))
}

// Unchecked adds a claim that cannot be checked as stated: its source and
// quote, why, and what the checker says of it.
func (r *Report) Unchecked(c Claim, why string, checkErr error) {
	r.unchecked++
	says := ""
	if checkErr != nil {
		says = checkErr.Error()
	}
	src := c.Source
	if s, ok := sources.Lookup(sources.SourceID(c.Source)); ok {
		src = fmt.Sprintf("%s, %q (%s)", s.Publisher, s.Title, s.URL)
	}
	if r.html {
		fmt.Fprintf(r.w, "<h2>%s: not checked</h2>\n<blockquote>%s</blockquote>\n<p>%s, %s</p>\n<p>Why: %s</p>\n<p>The checker: <code>%s</code></p>\n",
			esc(c.ID), esc(c.Quote), esc(src), esc(c.Locator), esc(why), esc(says))
		return
	}
	fmt.Fprintf(r.w, "\n## %s: not checked\n\n> %s\n\n%s, %s.\n\n- why: %s\n- the checker: %s\n", mdEsc(c.ID), mdEsc(c.Quote), mdEsc(src), mdEsc(c.Locator), mdEsc(why), mdEsc(says))
}

// End writes the counts and flushes.
func (r *Report) End() error {
	var parts []string
	for _, v := range Verdicts {
		if r.counts[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", r.counts[v], v))
		}
	}
	sum := fmt.Sprintf("%d %s checked", r.n, plural(r.n, "claim", "claims"))
	if len(parts) > 0 {
		sum += ": " + strings.Join(parts, ", ")
	}
	if r.bad > 0 {
		sum += fmt.Sprintf("; %d %s could not be checked", r.bad, plural(r.bad, "row", "rows"))
	}
	if r.unchecked > 0 {
		sum += fmt.Sprintf("; %d %s not checkable as stated", r.unchecked, plural(r.unchecked, "claim", "claims"))
	}
	if r.html {
		fmt.Fprintf(r.w, "<h2>Summary</h2>\n<p>%s.</p>\n</body>\n</html>\n", esc(sum))
	} else {
		fmt.Fprintf(r.w, "\n## Summary\n\n%s.\n", sum)
	}
	return r.w.Flush()
}
