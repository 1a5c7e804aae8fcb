// Package show displays the project's tables and figures in a GoNB
// notebook: tables as HTML, figures as SVG in two forms (image/svg+xml,
// and an HTML <img> of the same SVG that nbconvert's HTML export keeps;
// see SVGBytes), and checks that fail the cell when a
// recomputed number drifts from the post's printed one.
//
// Outside a notebook, tables and figures are not shown and text goes to
// standard output, so a cell's code can be copied into a program or test
// unchanged. A notebook cell reads (ExamplePrinted runs it):
//
//	show.Table([]string{"model", "break-even"}, rows)
//	show.Figure(figures.BreakEvenVsLinks())
//	show.PrintedValue("open.break-even", float64(be)) // SI units; the post prints 1.06 GB/s
package show

import (
	"encoding/base64"
	"fmt"
	"html"
	"math"
	"os"
	"regexp"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// InNotebook reports whether the code runs under GoNB.
func InNotebook() bool { return os.Getenv(protocol.GONB_PIPE_ENV) != "" }

// Headless reports whether the notebook runs without a browser (nbconvert
// in tests and CI set KV_HEADLESS): widgets, which wait for a browser,
// must not be created then.
func Headless() bool { return os.Getenv("KV_HEADLESS") != "" || !InNotebook() }

// Output order: GoNB carries displays and standard output on different
// pipes, so a cell that mixes fmt.Println with displays can come out in a
// different order from run to run. Everything in this package therefore
// goes out as a display, each followed by gonbui.Sync, and cells print
// through Printf rather than fmt: the executed notebook is byte-stable.

// send displays one output and waits until GoNB has taken it.
func send(mime protocol.MIMEType, content string) {
	if !InNotebook() {
		if mime == protocol.MIMETextPlain {
			fmt.Print(content)
		}
		return
	}
	gonbui.SendData(&protocol.DisplayData{Data: map[protocol.MIMEType]any{mime: content}})
	gonbui.Sync()
}

// Printf displays formatted text, in order with the cell's other outputs.
func Printf(format string, args ...any) {
	send(protocol.MIMETextPlain, fmt.Sprintf(format, args...))
}

// Println displays its arguments as a line of text, as fmt.Println would.
func Println(args ...any) { send(protocol.MIMETextPlain, fmt.Sprintln(args...)) }

// Table displays rows under a header as an HTML table. Cells are escaped;
// numbers should be formatted by the caller, as the post prints them.
func Table(header []string, rows [][]string) {
	send(protocol.MIMETextHTML, TableHTML(header, rows))
}

// TableHTML returns the HTML of Table.
func TableHTML(header []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("<table>\n<thead><tr>")
	for _, h := range header {
		fmt.Fprintf(&b, "<th>%s</th>", html.EscapeString(h))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(c))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>")
	return b.String()
}

// PrintedTable displays a table as the post prints it (see
// breakeven.PrintedTable): its cells already formatted, its footnotes
// under it.
func PrintedTable(t breakeven.PrintedTable) {
	send(protocol.MIMETextHTML, PrintedTableHTML(t))
}

// PrintedTableHTML returns the HTML of PrintedTable, each footnote once.
func PrintedTableHTML(t breakeven.PrintedTable) string {
	s := TableHTML(t.Header, t.Rows)
	if len(t.Notes) > 0 {
		var b strings.Builder
		b.WriteString(s)
		b.WriteString("\n<p>")
		seen := map[string]bool{}
		for i, n := range t.Notes {
			if seen[n] {
				continue
			}
			seen[n] = true
			if i > 0 {
				b.WriteString("<br>\n")
			}
			b.WriteString(html.EscapeString(n))
		}
		b.WriteString("</p>")
		s = b.String()
	}
	return s
}

// Frame displays a gota DataFrame as an HTML table, as it is: full
// precision, NaN where a value is missing. Notebooks show PrintedTable
// and name the frame for those who want the raw numbers.
func Frame(df dataframe.DataFrame) {
	recs := df.Records()
	if len(recs) == 0 {
		return
	}
	Table(recs[0], recs[1:])
}

// Markdown displays markdown text.
func Markdown(s string) { send(protocol.MIMETextMarkdown, s) }

// Figure displays one of the project's figures inline as SVG, legend and
// sources caption included: show.Figure(figures.TTFTVsBandwidth()). It
// takes the figure by its SVG method, so that this package does not
// import figures or gonum/plot: a cell that shows only text then links a
// program a third the size, and GoNB builds one for every cell. A bare
// gonum plot is shown by showplot.Plot.
func Figure(f interface{ SVG() ([]byte, error) }, err error) {
	if err != nil {
		panic(err)
	}
	svg, err := f.SVG()
	if err != nil {
		panic(err)
	}
	SVGBytes(svg)
}

// SVGBytes displays SVG as one output in two forms: image/svg+xml, and
// text/html holding the same SVG as an <img> with a data URI. Jupyter's
// front ends and nbconvert pick text/html before image/svg+xml, and
// nbconvert 6.5's HTML export (Debian's) passes an HTML output through as
// it is while it strips an image/svg+xml one down to a blank <svg>; an
// <img> also keeps the SVG's embedded font and styles to itself.
func SVGBytes(svg []byte) {
	if !InNotebook() {
		return
	}
	gonbui.SendData(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMEImageSVG: string(svg),
		protocol.MIMETextHTML: FigureHTML(svg),
	}})
	gonbui.Sync()
}

// FigureHTML returns the text/html form of a figure: an <img> whose
// source is the SVG as a base64 data URI, titled by the SVG's first text
// (its title) when it has one.
func FigureHTML(svg []byte) string {
	alt := "figure"
	if m := svgTitle.FindSubmatch(svg); m != nil {
		alt = html.UnescapeString(string(m[1]))
	}
	return `<img alt="` + html.EscapeString(alt) + `" src="data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString(svg) + `">`
}

// svgTitle finds the first text of an SVG gonum/plot writes: the title.
var svgTitle = regexp.MustCompile(`<text[^>]*>([^<]+)</text>`)

// Printed checks a value the cell recomputed, in SI units, against the
// figure the post prints under ledger id, at the precision printed, and
// prints the check. The verdict must be the one the audit expects (match
// for most figures; see post.Audit for the few that differ, with their
// reasons). A drift panics, which fails the notebook's execution.
func Printed(id string, got breakeven.Estimate[float64]) {
	e, ok := sources.FindEntry(id)
	if !ok {
		panic(fmt.Sprintf("no ledger entry %q", id))
	}
	f, err := post.AuditEntry(e)
	if err != nil {
		panic(err)
	}
	v, step, err := e.Value()
	if err != nil {
		panic(err)
	}
	inUnit := got.Scale(1 / e.Unit.Scale())
	verdict := post.Judge(v, step, inUnit)
	// An input is checked for its transcription: the cell's value is the
	// typed one, which must round to the printed figure.
	input := e.Kind == sources.InputFigure && verdict == post.Match
	if math.IsNaN(inUnit.Value) || verdict != f.Expected && !input {
		panic(fmt.Sprintf("%s: recomputed %s %s, the post prints %q: %s, expected %s", id, trimFloat(inUnit.Value, step), e.Unit, e.Printed, verdict, f.Expected))
	}
	Printf("ok  %-26s post %-9s recomputed %s %s (%s)\n", id, e.Printed, trimFloat(inUnit.Value, step), e.Unit, verdict)
}

// PrintedValue is Printed for an exact value.
func PrintedValue(id string, got float64) { Printed(id, breakeven.Exact(got)) }

// Check panics with msg unless ok; it prints the check when it holds.
func Check(ok bool, msg string) {
	if !ok {
		panic("check failed: " + msg)
	}
	Println("ok  " + msg)
}

// trimFloat prints v one digit finer than step, with thousands
// separators, as the audit's tables do.
func trimFloat(v, step float64) string {
	return breakeven.StepPrecision(step / 10).Format(v)
}
