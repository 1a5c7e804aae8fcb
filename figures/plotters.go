package figures

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
)

// Colours (Okabe and Ito's palette, which colour-blind readers can tell
// apart) and the roles they play in every figure.
var (
	black      = color.RGBA{0, 0, 0, 255}
	grey       = color.RGBA{120, 120, 120, 255}
	orange     = color.RGBA{230, 159, 0, 255}
	skyBlue    = color.RGBA{86, 180, 233, 255}
	green      = color.RGBA{0, 158, 115, 255}
	blue       = color.RGBA{0, 114, 178, 255}
	vermillion = color.RGBA{213, 94, 0, 255}
	purple     = color.RGBA{204, 121, 167, 255}

	// testColors colour the published tests, in the order of
	// post.BreakEvenTable.
	testColors = []color.Color{blue, green, vermillion}

	// kindColors colour up to four kinds of mark in one figure, each its
	// own (the prefill validation's regimes).
	kindColors = []color.Color{blue, green, vermillion, purple}
)

// tint returns c at the given opacity, premultiplied as color.RGBA wants.
func tint(c color.Color, alpha float64) color.Color {
	r, g, b, _ := c.RGBA()
	a := uint8(math.Round(alpha * 255))
	f := alpha / 0xffff * 255
	return color.RGBA{uint8(math.Round(float64(r) * f)), uint8(math.Round(float64(g) * f)), uint8(math.Round(float64(b) * f)), a}
}

func testColor(i int) color.Color { return testColors[i%len(testColors)] }

// Line styles: model curves solid, nominal line rates dashed, guides
// dotted.
func solid(c color.Color) draw.LineStyle { return draw.LineStyle{Color: c, Width: vg.Points(1.5)} }

func dashed(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
}

func dotted(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(1.5), vg.Points(2)}}
}

// Glyphs: a measured value is a filled square, a value the model derives
// is an open circle.
func measuredGlyph(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(3.5), Shape: draw.BoxGlyph{}}
}

func modelGlyph(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(3.5), Shape: ringGlyph{}}
}

// ringGlyph is an open circle with a line thick enough to see, filled
// white so that an error bar shorter than the glyph does not cross it.
type ringGlyph struct{}

func (ringGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var disc vg.Path
	disc.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	disc.Arc(pt, sty.Radius, 0, 2*math.Pi)
	disc.Close()
	c.SetColor(color.White)
	c.Fill(disc)
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.4)})
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.Stroke(p)
}

// point is one marked value with its interval in x and y.
type point struct {
	x, y           float64
	xlo, xhi       float64
	ylo, yhi       float64
	hasX, hasYBars bool
}

func pt(x, y float64) point { return point{x: x, y: y, xlo: x, xhi: x, ylo: y, yhi: y} }

// withX gives the point an x interval.
func (p point) withX(e breakeven.Estimate[float64]) point {
	p.xlo, p.xhi, p.hasX = e.Lo, e.Hi, e.Lo < e.Hi
	return p
}

// withY gives the point a y interval.
func (p point) withY(e breakeven.Estimate[float64]) point {
	p.ylo, p.yhi, p.hasYBars = e.Lo, e.Hi, e.Lo < e.Hi
	return p
}

// points implements the interfaces of gonum's scatter and error bars.
type points []point

func (ps points) Len() int                        { return len(ps) }
func (ps points) XY(i int) (float64, float64)     { return ps[i].x, ps[i].y }
func (ps points) XError(i int) (float64, float64) { return ps[i].x - ps[i].xlo, ps[i].xhi - ps[i].x }
func (ps points) YError(i int) (float64, float64) { return ps[i].y - ps[i].ylo, ps[i].yhi - ps[i].y }

// marks adds points drawn with a glyph and their error bars, where they
// have an interval, and returns the thumbnails for a legend.
func marks(p *plot.Plot, ps points, g draw.GlyphStyle) ([]plot.Thumbnailer, error) {
	var xs, ys points
	for _, q := range ps {
		if q.hasX {
			xs = append(xs, q)
		}
		if q.hasYBars {
			ys = append(ys, q)
		}
	}
	bar := draw.LineStyle{Color: g.Color, Width: vg.Points(1.2)}
	if len(xs) > 0 {
		eb, err := plotter.NewXErrorBars(xs)
		if err != nil {
			return nil, err
		}
		eb.LineStyle = bar
		eb.CapWidth = vg.Points(6)
		p.Add(eb)
	}
	if len(ys) > 0 {
		eb, err := plotter.NewYErrorBars(ys)
		if err != nil {
			return nil, err
		}
		eb.LineStyle = bar
		eb.CapWidth = vg.Points(6)
		p.Add(eb)
	}
	s, err := plotter.NewScatter(ps)
	if err != nil {
		return nil, err
	}
	s.GlyphStyle = g
	p.Add(s)
	return []plot.Thumbnailer{s}, nil
}

// curve adds a line through the given x and y values.
func curve(p *plot.Plot, xs, ys []float64, sty draw.LineStyle) (*plotter.Line, error) {
	xys := make(plotter.XYs, len(xs))
	for i := range xs {
		xys[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.LineStyle = sty
	p.Add(l)
	return l, nil
}

// area adds the region between lo and hi over xs, filled: the interval
// of a curve.
func area(p *plot.Plot, xs, lo, hi []float64, c color.Color) (*plotter.Polygon, error) {
	ring := make(plotter.XYs, 0, 2*len(xs))
	for i := range xs {
		ring = append(ring, plotter.XY{X: xs[i], Y: lo[i]})
	}
	for i := len(xs) - 1; i >= 0; i-- {
		ring = append(ring, plotter.XY{X: xs[i], Y: hi[i]})
	}
	poly, err := plotter.NewPolygon(ring)
	if err != nil {
		return nil, err
	}
	poly.Color = c
	poly.LineStyle.Width = 0
	p.Add(poly)
	return poly, nil
}

// rule is a horizontal or vertical line across the data area, or part of
// it: at Y = at from X = from to X = to (NaN for the edge) when
// horizontal.
type rule struct {
	vertical bool
	at       float64
	from, to float64
	draw.LineStyle
}

func hrule(y float64, sty draw.LineStyle) *rule {
	return &rule{at: y, from: math.NaN(), to: math.NaN(), LineStyle: sty}
}

func vrule(x float64, sty draw.LineStyle) *rule {
	return &rule{vertical: true, at: x, from: math.NaN(), to: math.NaN(), LineStyle: sty}
}

// span limits the rule to [from, to] along it.
func (r *rule) span(from, to float64) *rule { r.from, r.to = from, to; return r }

func (r *rule) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	if r.vertical {
		y0, y1 := c.Min.Y, c.Max.Y
		if !math.IsNaN(r.from) {
			y0 = trY(r.from)
		}
		if !math.IsNaN(r.to) {
			y1 = trY(r.to)
		}
		x := trX(r.at)
		c.StrokeLine2(r.LineStyle, x, y0, x, y1)
		return
	}
	x0, x1 := c.Min.X, c.Max.X
	if !math.IsNaN(r.from) {
		x0 = trX(r.from)
	}
	if !math.IsNaN(r.to) {
		x1 = trX(r.to)
	}
	y := trY(r.at)
	c.StrokeLine2(r.LineStyle, x0, y, x1, y)
}

// Thumbnail draws the rule's style in a legend.
func (r *rule) Thumbnail(c *draw.Canvas) {
	if r.vertical {
		x := c.Center().X
		c.StrokeLine2(r.LineStyle, x, c.Min.Y, x, c.Max.Y)
		return
	}
	y := c.Center().Y
	c.StrokeLine2(r.LineStyle, c.Min.X, y, c.Max.X, y)
}

// band is a filled rectangle in data coordinates; NaN bounds reach the
// edge of the data area.
type band struct {
	x0, x1, y0, y1 float64
	color.Color
}

func xband(x0, x1 float64, c color.Color) *band { return &band{x0, x1, math.NaN(), math.NaN(), c} }

func yband(y0, y1 float64, c color.Color) *band { return &band{math.NaN(), math.NaN(), y0, y1, c} }

func (b *band) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	at := func(v float64, tr func(float64) vg.Length, edge vg.Length) vg.Length {
		if math.IsNaN(v) {
			return edge
		}
		return tr(v)
	}
	x0, x1 := at(b.x0, trX, c.Min.X), at(b.x1, trX, c.Max.X)
	y0, y1 := at(b.y0, trY, c.Min.Y), at(b.y1, trY, c.Max.Y)
	c.FillPolygon(b.Color, []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
}

// Thumbnail draws a swatch of the band's colour.
func (b *band) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(b.Color, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// note is text placed at a point in data coordinates, offset in points.
type note struct {
	x, y float64
	text string
	sty  text.Style
	off  vg.Point
}

func (n *note) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	c.FillText(n.sty, vg.Point{X: trX(n.x), Y: trY(n.y)}.Add(n.off), n.text)
}

// newNote returns a note in the note font; align with its fields.
func newNote(x, y float64, s string, c color.Color) *note {
	return &note{x: x, y: y, text: s, sty: style(noteFont, c)}
}

func (n *note) align(x text.XAlignment, y text.YAlignment) *note {
	n.sty.XAlign, n.sty.YAlign = x, y
	return n
}

func (n *note) offset(dx, dy float64) *note {
	n.off = vg.Point{X: vg.Points(dx), Y: vg.Points(dy)}
	return n
}

func (n *note) rotate(radians float64) *note { n.sty.Rotation = radians; return n }

// inRightHalf reports whether x lies in the right half of a log axis
// over [lo, hi]: a label there reads to the left of its mark, away from
// the nearer edge, so that none is cut.
func inRightHalf(x, lo, hi float64) bool { return math.Log(x/lo) > math.Log(hi/lo)/2 }

// logAxis makes an axis logarithmic over [lo, hi] with ticks labelled by
// format.
func logAxis(a *plot.Axis, lo, hi float64, format func(float64) string) {
	a.Scale = plot.LogScale{}
	a.Min, a.Max = lo, hi
	a.Tick.Marker = logTicks{format}
}

// logTicks labels every power of ten, and 2 and 5 times it when the axis
// spans less than three decades; other multiples get minor ticks.
type logTicks struct{ format func(float64) string }

func (t logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	few := math.Log10(hi/lo) < 3
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		base := math.Pow(10, e)
		for m := 1; m < 10; m++ {
			v := float64(m) * base
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			label := ""
			if m == 1 || few && (m == 2 || m == 5) {
				label = t.format(v)
			}
			ticks = append(ticks, plot.Tick{Value: v, Label: label})
		}
	}
	return ticks
}

// plain prints a tick value as a short number: 0.1, 2, 50.
func plain(v float64) string {
	if v == 0 {
		return "0" // not "-0"
	}
	// Three significant digits, written out as a reader writes them:
	// "1,000" and "0.002", never "1e+03".
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	if math.Abs(r) >= 1000 {
		return breakeven.GroupThousands(r, 0)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// linearAxis sets a linear axis over [lo, hi].
func linearAxis(a *plot.Axis, lo, hi float64) { a.Min, a.Max = lo, hi }

// nominalX names the categories at x = 0, 1, ... and keeps room of pad
// on either side.
func nominalX(p *plot.Plot, pad float64, names ...string) {
	p.NominalX(names...)
	p.X.Min, p.X.Max = -pad, float64(len(names)-1)+pad
}

// gbps is a bandwidth in GB/s, the unit of the bandwidth axes.
func gbps(bw breakeven.Bandwidth) float64 { return float64(bw / breakeven.GBps) }

// gbpsE is an estimate of a bandwidth in GB/s.
func gbpsE(e breakeven.Estimate[breakeven.Bandwidth]) breakeven.Estimate[float64] {
	return e.Float().Scale(1 / float64(breakeven.GBps))
}

// glyphThumb is a legend thumbnail of one glyph.
type glyphThumb draw.GlyphStyle

func (g glyphThumb) Thumbnail(c *draw.Canvas) { c.DrawGlyph(draw.GlyphStyle(g), c.Center()) }

// linearTicks puts a tick every step and labels every nth.
type linearTicks struct {
	step  float64
	every int
}

func (t linearTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for i := math.Ceil(lo/t.step - 1e-9); i*t.step <= hi*(1+1e-12); i++ {
		label := ""
		if int(i)%t.every == 0 {
			label = plain(i * t.step)
		}
		ticks = append(ticks, plot.Tick{Value: i * t.step, Label: label})
	}
	return ticks
}

// ruleLabels names horizontal lines on the plot, each just above its
// line, at the place along it, from the right end leftwards, where no
// curve crosses the name; below the line if no place above is clear;
// at the right end if none is.
type ruleLabels struct {
	ys     []float64
	texts  []string
	sty    text.Style
	curves []plotter.XYs
}

func (l *ruleLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	var segs [][2]vg.Point
	for _, cv := range l.curves {
		for i := 1; i < len(cv); i++ {
			segs = append(segs, [2]vg.Point{{X: trX(cv[i-1].X), Y: trY(cv[i-1].Y)}, {X: trX(cv[i].X), Y: trY(cv[i].Y)}})
		}
	}
	clear := func(r vg.Rectangle) bool {
		for _, s := range segs {
			if segmentHits(s[0], s[1], r) {
				return false
			}
		}
		return true
	}
	gap := vg.Points(1.5)
	h := l.sty.Height("Mg")
	for i, t := range l.texts {
		w := l.sty.Width(t)
		y := trY(l.ys[i])
		at := vg.Point{X: c.Max.X - w - gap, Y: y + gap}
		found := false
		for _, above := range []bool{true, false} {
			y0 := y + gap
			if !above {
				y0 = y - gap - h
			}
			for x := c.Max.X - w - gap; x >= c.Min.X+gap && !found; x -= vg.Points(6) {
				if clear(vg.Rectangle{Min: vg.Point{X: x, Y: y0}, Max: vg.Point{X: x + w, Y: y0 + h}}) {
					at, found = vg.Point{X: x, Y: y0}, true
				}
			}
		}
		sty := l.sty
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		c.FillText(sty, at, t)
	}
}

// segmentHits reports whether the segment from a to b meets the
// rectangle (Liang and Barsky's clipping).
func segmentHits(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	for _, e := range [4][2]float64{
		{-dx, float64(a.X - r.Min.X)}, {dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)}, {dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}
