// Package figures draws the figures of "The break-even bandwidth" with
// gonum/plot, every value computed from package sources through packages
// breakeven and post.
//
// Each figure is a function that returns a *Figure: a gonum/plot Plot
// with axis labels in units and log axes where values span decades, plus
// a legend and a caption naming its sources, which the Figure draws below
// the plot. A notebook shows one with (ExampleTTFTVsBandwidth runs it)
//
//	fig, err := figures.TTFTVsBandwidth()
//	svg, err := fig.SVG() // or fig.PNG(); or fig.Plot to restyle
//
// and `breakeven reproduce` writes All of them to figures/*.svg (a figure
// with AlsoPNG as PNG too; none has it, so that a change of an input
// commits text diffs, not a new image). The output is deterministic: the same inputs give
// the same bytes. An SVG carries the subset of Liberation Serif its text
// uses (see embedFont), so it is laid out as drawn on any machine.
package figures

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"signalweight.dev/kv/sources"
)

// The size of every figure's plot; the legend and the caption add to the
// height.
const (
	Width      = 16 * vg.Centimeter
	PlotHeight = 10 * vg.Centimeter
	// PNGDPI is the resolution of PNG output.
	PNGDPI = 144
)

// Figure is a plot with the legend and caption that go under it.
type Figure struct {
	// Name is the file stem: "02-ttft-vs-bandwidth".
	Name string
	// Plot is the gonum plot, without the legend (which Figure draws
	// below it, clear of the data).
	Plot *plot.Plot
	// Caption is the line under the figure that names its sources.
	Caption string
	// AlsoPNG marks a figure reproduce writes as PNG as well as SVG.
	AlsoPNG bool

	// Below is a second panel drawn under Plot, the same width and
	// height, for a figure of two quantities that do not share an axis;
	// nil for most figures.
	Below *plot.Plot

	// taller is added to PlotHeight, for a plot with more rows than most.
	taller vg.Length
	legend []legendEntry
}

type legendEntry struct {
	text   string
	thumbs []plot.Thumbnailer
}

// AddLegend adds a legend entry drawn with the given thumbnails.
func (f *Figure) AddLegend(text string, thumbs ...plot.Thumbnailer) {
	f.legend = append(f.legend, legendEntry{text, thumbs})
}

// LegendTexts returns the legend's entries, in order.
func (f *Figure) LegendTexts() []string {
	out := make([]string, len(f.legend))
	for i, e := range f.legend {
		out[i] = e.text
	}
	return out
}

// Text styles shared by every figure.
var (
	titleFont   = font.From(plot.DefaultFont, 11)
	axisFont    = font.From(plot.DefaultFont, 10)
	tickFont    = font.From(plot.DefaultFont, 9)
	legendFont  = font.From(plot.DefaultFont, 9)
	noteFont    = font.From(plot.DefaultFont, 8)
	captionFont = font.From(plot.DefaultFont, 7.5)
)

func style(f font.Font, c color.Color) text.Style {
	return text.Style{Color: c, Font: f, Handler: textHandler}
}

// textHandler draws every text of the figures.
var textHandler text.Handler = spacedLines{plot.DefaultTextHandler}

// spacedLines is a text handler that spaces the lines of a multi-line
// text by the font's line height, the space gonum/plot's text.Style
// reserves for them. gonum/plot's plain handler spaces them by the font
// size, less than a line's ascent and descent, so in a browser the
// lines of a two-line tick label overlap.
type spacedLines struct{ text.Handler }

func (h spacedLines) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	lines := h.Lines(txt)
	if len(lines) < 2 {
		h.Handler.Draw(c, txt, sty, pt)
		return
	}
	step := h.Extents(sty.Font).Height
	// The top of the block, above pt in the text's own frame.
	top := vg.Length(sty.YAlign)*sty.Height(txt) + sty.Height(txt)
	sin, cos := math.Sincos(sty.Rotation)
	one := sty
	one.YAlign = draw.YTop
	for i, line := range lines {
		dy := top - vg.Length(i)*step
		at := vg.Point{X: pt.X - dy*vg.Length(sin), Y: pt.Y + dy*vg.Length(cos)}
		h.Handler.Draw(c, line, one, at)
	}
}

// newPlot returns a plot with the project's fonts and a title.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = titleFont
	p.Title.TextStyle.Handler = textHandler
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = axisFont
		a.Label.TextStyle.Handler = textHandler
		a.Tick.Label.Font = tickFont
		a.Tick.Label.Handler = textHandler
	}
	return p
}

// newFigure returns a figure with its plot.
func newFigure(name, title, xLabel, yLabel string) *Figure {
	return &Figure{Name: name, Plot: newPlot(title, xLabel, yLabel)}
}

// caption names the sources of a figure by their titles, each once, in
// the order given.
func caption(ids ...sources.SourceID) string {
	seen := map[sources.SourceID]bool{}
	var parts []string
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		s, ok := sources.Lookup(id)
		if !ok {
			parts = append(parts, string(id))
			continue
		}
		part := s.Title
		who := s.Publisher
		if s.Date != "" {
			who += ", " + s.Date
		}
		if who != "" {
			part += " (" + who + ")"
		}
		parts = append(parts, part)
	}
	return "Sources: " + strings.Join(parts, "; ") + "."
}

// wrap breaks text into lines no wider than width in the style.
func wrap(sty text.Style, s string, width vg.Length) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && sty.Width(next) > width {
			lines = append(lines, line)
			next = w
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

const margin = 6 // points around the legend and caption

// legendColumns splits the legend into one or two columns that fit the
// width.
func (f *Figure) legendColumns(width vg.Length) [][]legendEntry {
	if len(f.legend) == 0 {
		return nil
	}
	sty := style(legendFont, color.Black)
	thumb := vg.Points(20)
	half := width/2 - 2*margin
	two := len(f.legend) > 1
	for _, e := range f.legend {
		if thumb+sty.Width(" "+e.text) > half {
			two = false
		}
	}
	if !two {
		return [][]legendEntry{f.legend}
	}
	n := (len(f.legend) + 1) / 2
	return [][]legendEntry{f.legend[:n], f.legend[n:]}
}

func legendEntryHeight() vg.Length {
	sty := style(legendFont, color.Black)
	return sty.Height("Mg") + vg.Points(2)
}

// layout returns the heights of the legend and the caption below the
// plot.
func (f *Figure) layout(width vg.Length) (legendH, captionH vg.Length, lines []string) {
	cols := f.legendColumns(width)
	rows := 0
	for _, c := range cols {
		rows = max(rows, len(c))
	}
	if rows > 0 {
		legendH = vg.Length(rows)*legendEntryHeight() + margin
	}
	sty := style(captionFont, color.Black)
	lines = wrap(sty, f.Caption, width-2*margin)
	if len(lines) > 0 {
		captionH = vg.Length(len(lines))*sty.Height("Mg")*1.15 + 2*margin
	}
	return legendH, captionH, lines
}

// Size returns the figure's width and height: the plot, the legend and
// the caption.
func (f *Figure) Size() (w, h vg.Length) {
	lh, ch, _ := f.layout(Width)
	return Width, f.panels()*(PlotHeight+f.taller) + lh + ch
}

// panels is the number of plots stacked in the figure: 1, or 2 with Below.
func (f *Figure) panels() vg.Length {
	if f.Below != nil {
		return 2
	}
	return 1
}

// Draw draws the figure onto the canvas: the plot on top, then the
// legend and the caption.
func (f *Figure) Draw(c draw.Canvas) {
	width := c.Max.X - c.Min.X
	lh, ch, lines := f.layout(width)
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())

	plots := draw.Crop(c, 0, 0, lh+ch, 0)
	if f.Below != nil {
		half := (plots.Max.Y - plots.Min.Y) / 2
		f.drawPlot(draw.Crop(plots, 0, 0, half, 0), f.Plot)
		f.drawPlot(draw.Crop(plots, 0, 0, 0, -half), f.Below)
	} else {
		f.drawPlot(plots, f.Plot)
	}

	// The legend, in columns, left-aligned under the plot.
	cols := f.legendColumns(width)
	top := c.Min.Y + ch + lh
	for i, col := range cols {
		l := plot.NewLegend()
		l.TextStyle = style(legendFont, color.Black)
		l.Top, l.Left = true, true
		l.Padding = legendEntryHeight() - l.TextStyle.Rectangle("Mg").Max.Y
		for _, e := range col {
			l.Add(e.text, e.thumbs...)
		}
		x0 := c.Min.X + margin + vg.Length(i)*width/2
		lc := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x0, Y: c.Min.Y + ch},
			Max: vg.Point{X: x0 + width/2 - 2*margin, Y: top - margin/2},
		}}
		l.Draw(lc)
	}

	// The caption, in grey, line by line.
	sty := style(captionFont, color.Gray{Y: 0x40})
	sty.YAlign = draw.YTop
	y := c.Min.Y + ch - margin
	for _, line := range lines {
		c.FillText(sty, vg.Point{X: c.Min.X + margin, Y: y}, line)
		y -= sty.Height("Mg") * 1.15
	}
}

// drawPlot draws the plot with its axis labels centred on the data area.
// gonum/plot v0.17 pads a log axis as if its label sat at the arithmetic
// mean of the range, which on a log scale is near the top or right end,
// and leaves a wide blank margin there; so the labels are drawn here, in
// a margin of their own, and the Plot keeps them for anyone who draws it
// directly.
func (f *Figure) drawPlot(c draw.Canvas, p *plot.Plot) {
	xl, yl := p.X.Label.Text, p.Y.Label.Text
	p.X.Label.Text, p.Y.Label.Text = "", ""
	defer func() { p.X.Label.Text, p.Y.Label.Text = xl, yl }()
	pad := vg.Points(3)
	var left, bottom vg.Length
	if yl != "" {
		left = p.Y.Label.TextStyle.Height(yl) + pad
	}
	if xl != "" {
		bottom = p.X.Label.TextStyle.Height(xl) + pad
	}
	// A browser's line box reaches a little above the ascent gonum/plot
	// measures the title with; keep it on the canvas.
	inner := draw.Crop(c, left, 0, bottom, -pad)
	p.Draw(inner)
	da := p.DataCanvas(inner)
	if xl != "" {
		sty := p.X.Label.TextStyle
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
		c.FillText(sty, vg.Point{X: (da.Min.X + da.Max.X) / 2, Y: c.Min.Y}, xl)
	}
	if yl != "" {
		sty := p.Y.Label.TextStyle
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		c.FillText(sty, vg.Point{X: c.Min.X, Y: (da.Min.Y + da.Max.Y) / 2}, yl)
	}
}

// SVG renders the figure as SVG, with the glyphs of Liberation Serif its
// text uses embedded, so that it renders the same on any machine.
func (f *Figure) SVG() ([]byte, error) {
	w, h := f.Size()
	cv := vgsvg.New(w, h)
	f.Draw(draw.New(cv))
	var b bytes.Buffer
	if _, err := cv.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("figures: %s: %w", f.Name, err)
	}
	svg, err := embedFont(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("figures: %s: %w", f.Name, err)
	}
	return svg, nil
}

// PNG renders the figure as PNG at PNGDPI.
func (f *Figure) PNG() ([]byte, error) {
	w, h := f.Size()
	cv := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))
	f.Draw(draw.New(cv))
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: cv}).WriteTo(&b); err != nil {
		return nil, fmt.Errorf("figures: %s: %w", f.Name, err)
	}
	return b.Bytes(), nil
}

// Formats returns the file formats the figure is written in: "svg", and
// "png" too for a figure with AlsoPNG.
func (f *Figure) Formats() []string {
	if f.AlsoPNG {
		return []string{"svg", "png"}
	}
	return []string{"svg"}
}

// Render returns the figure in a format of Formats.
func (f *Figure) Render(format string) ([]byte, error) {
	switch format {
	case "svg":
		return f.SVG()
	case "png":
		return f.PNG()
	}
	return nil, fmt.Errorf("figures: unknown format %q (valid: svg, png)", format)
}

// Maker is a function that builds one figure.
type Maker func() (*Figure, error)

// Makers returns the functions that build every figure, in the order of
// the issue: break-even against links, time to first token, speedup,
// transports, hit rate, newer models, claims, storage tiers.
func Makers() []Maker {
	return []Maker{
		BreakEvenVsLinks,
		TTFTVsBandwidth,
		SpeedupVsBandwidth,
		TransportsVsBreakEvens,
		MeanTTFTVsHitRate,
		NewerModelCaches,
		ClaimsChecked,
		StorageTiers,
		// Beyond the post.
		TTFTVsPromptLength,
		BreakEvenVsPromptLength,
		EstimatedBreakEvens,
		PublishedClaims,
	}
}

// All builds every figure.
func All() ([]*Figure, error) {
	var out []*Figure
	for _, m := range Makers() {
		f, err := m()
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// logRange returns bounds for a log axis that hold [lo, hi]: lo rounded
// down and hi rounded up to 1, 2 or 5 times a power of ten.
func logRange(lo, hi float64) (float64, float64) {
	return niceLog(lo, math.Floor), niceLog(hi, math.Ceil)
}

func niceLog(v float64, round func(float64) float64) float64 {
	e := math.Floor(math.Log10(v))
	base := math.Pow(10, e)
	m := v / base
	steps := []float64{1, 2, 5, 10}
	if round(0.5) == 0 { // rounding down
		for i := len(steps) - 1; i >= 0; i-- {
			if steps[i] <= m*(1+1e-12) {
				return steps[i] * base
			}
		}
		return base
	}
	for _, s := range steps {
		if s >= m*(1-1e-12) {
			return s * base
		}
	}
	return 10 * base
}
