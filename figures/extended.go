package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// ExtendedMakers returns the figures of "beyond the post" (notebook 11):
// time to first token against prompt length with a load's fixed cost and
// the overlap, the break-even against prompt length, and the estimated
// break-evens of the catalog.
func ExtendedMakers() []Maker {
	return []Maker{TTFTVsPromptLength, BreakEvenVsPromptLength, EstimatedBreakEvens}
}

// tokensTick prints a prompt length at a power of ten: 100, 1K, 10K.
func tokensTick(v float64) string {
	if v >= 1000 {
		return plain(v/1000) + "K"
	}
	return plain(v)
}

// TTFTVsPromptLength is figure 9: for the 405B test's model, GPUs and
// link, the time to first token against prompt length, as
// post.TTFTVsPromptLength computes it. Recomputing follows the FLOP model
// (quadratic attention) at the calibrated MFU, with the MFU range as a
// band, against the post's constant speed; loading adds the fixed cost of
// a load; recomputing part while loading the rest is never slower than
// either. Below the crossover, recomputing wins.
func TTFTVsPromptLength() (*Figure, error) {
	c := post.TTFTVsPromptLength()
	t, g, load, band := c.Test, c.GPUs, c.Load, c.MFU
	var xs, rec, recLo, recHi, lin, ld, ov []float64
	for _, q := range c.Points {
		xs = append(xs, float64(q.Tokens))
		rec = append(rec, float64(q.Recompute.Value))
		recLo = append(recLo, float64(q.Recompute.Lo))
		recHi = append(recHi, float64(q.Recompute.Hi))
		lin = append(lin, float64(q.Constant))
		ld = append(ld, float64(q.Load))
		ov = append(ov, float64(q.Overlap))
	}
	if len(xs) < 2 {
		return nil, fmt.Errorf("figures: no curve against prompt length")
	}
	lo, hi := xs[0], xs[len(xs)-1]
	ylo, yhi := logRange(math.Min(rec[0], ov[0])/2, math.Max(recHi[len(recHi)-1], lin[len(lin)-1])*1.5)
	f := newFigure("09-ttft-vs-prompt-length",
		fmt.Sprintf("%s, %s, %s: time to first token against prompt length", t.Model, g, load.Link.Bits()),
		"prompt length, N (tokens, log scale)", "time to first token (s, log scale)")
	p := f.Plot
	logAxis(&p.X, lo, hi, tokensTick)
	logAxis(&p.Y, ylo, yhi, plain)

	bandArea, err := area(p, xs, recLo, recHi, tint(vermillion, 0.2))
	if err != nil {
		return nil, err
	}
	recLine, err := curve(p, xs, rec, solid(vermillion))
	if err != nil {
		return nil, err
	}
	linLine, err := curve(p, xs, lin, dotted(vermillion))
	if err != nil {
		return nil, err
	}
	loadLine, err := curve(p, xs, ld, solid(blue))
	if err != nil {
		return nil, err
	}
	ovLine, err := curve(p, xs, ov, dashed(green))
	if err != nil {
		return nil, err
	}
	f.AddLegend(fmt.Sprintf("recompute: FLOPs / (%s peak x MFU %.3g, calibrated on this test); band: MFU %.2g to %.2g", g, band.Value, band.Lo, band.Hi), bandArea, recLine)
	f.AddLegend(fmt.Sprintf("the post's constant prefill speed, N / r with r = %s", c.Rate), linLine)
	f.AddLegend(fmt.Sprintf("load: %s fixed cost + cache / (%.2f x %s)", load.Latency, load.Efficiency, load.Link), loadLine)
	f.AddLegend("recompute the first tokens while loading the rest, both finishing together", ovLine)

	if c.Crossover > 0 {
		p.Add(vrule(float64(c.Crossover), dotted(black)))
		p.Add(newNote(float64(c.Crossover), ylo*math.Pow(yhi/ylo, 0.92), fmt.Sprintf("crossover: loading wins from %s tokens", extended.FirstWhole(c.Crossover)), black).
			align(draw.XLeft, draw.YCenter).offset(3, 0))
	}
	measured, err := marks(p, points{pt(float64(t.Tokens.V()), float64(t.Uncached.V())).withY(t.Uncached.Value.Float()),
		pt(float64(t.Tokens.V()), float64(t.Cached.V())).withY(t.Cached.Value.Float())}, measuredGlyph(black))
	if err != nil {
		return nil, err
	}
	f.AddLegend("VAST/CoreWeave's measured times, uncached and with the cache (bars: rounding)", measured...)

	var src sourceList
	src.addTest(t)
	src.add(sources.VASTThroughput, sources.LoadLatency, sources.RoCE.Delivered, sources.NIC100)
	src.add(chipCites(g.Chip.Name)...)
	f.Caption = caption(src...)
	return f, nil
}

// chipCites returns the citation of a chip's peak.
func chipCites(name string) []sources.Cited {
	c, err := sources.LookupChip(name)
	if err != nil {
		return nil
	}
	if p, ok := c.PeakInput(prefill.BF16); ok {
		return []sources.Cited{p.Peak}
	}
	return nil
}

// BreakEvenVsPromptLength is figure 10: B*(N) = cache(N) / t_prefill(N)
// on the estimates' GPUs by the fitted prefill model (the estimates
// table's), against prompt length, as post.BreakEvenVsPromptLength
// computes it; each line is the central estimate. With a constant
// prefill speed each line would be flat at r x b; quadratic attention
// bends it down for long prompts, windows and fixed states bend it too,
// and a short prompt's per-request cost and weight read bend it down at
// the left.
func BreakEvenVsPromptLength() (*Figure, error) {
	g := post.EstimateGPUs()
	type line struct {
		name   string
		xs, ys []float64
	}
	var lines []line
	ymin, ymax := math.Inf(1), math.Inf(-1)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, q := range post.BreakEvenVsPromptLength() {
		if len(lines) == 0 || lines[len(lines)-1].name != q.Model {
			lines = append(lines, line{name: q.Model})
		}
		l := &lines[len(lines)-1]
		be := gbps(q.BreakEven.Value)
		l.xs, l.ys = append(l.xs, float64(q.Tokens)), append(l.ys, be)
		ymin, ymax = math.Min(ymin, be), math.Max(ymax, be)
		lo, hi = math.Min(lo, float64(q.Tokens)), math.Max(hi, float64(q.Tokens))
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("figures: no break-even against prompt length")
	}
	f := newFigure("10-break-even-vs-prompt-length",
		fmt.Sprintf("Estimated break-even against prompt length on %s (fitted prefill model, central estimate)", g),
		"prompt length, N (tokens, log scale)", "break-even B*(N) (GB/s, log scale)")
	p := f.Plot
	var src sourceList
	links := post.ComparedLinks()
	for _, l := range links {
		ymin, ymax = math.Min(ymin, gbps(l.Bandwidth.Value)), math.Max(ymax, gbps(l.Bandwidth.Value))
	}
	ylo, yhi := logRange(ymin/1.5, ymax*1.5)
	logAxis(&p.X, lo, hi, tokensTick)
	logAxis(&p.Y, ylo, yhi, plain)
	// The links, each named at its line where no curve crosses the name.
	names := &ruleLabels{sty: style(noteFont, black)}
	for _, l := range links {
		p.Add(hrule(gbps(l.Bandwidth.Value), dotted(grey)))
		names.ys = append(names.ys, gbps(l.Bandwidth.Value))
		names.texts = append(names.texts, linkLabel(l))
	}
	colors := append(append([]color.Color{}, testColors...), purple, orange, skyBlue)
	for i, l := range lines {
		c, err := curve(p, l.xs, l.ys, solid(colors[i%len(colors)]))
		if err != nil {
			return nil, err
		}
		names.curves = append(names.curves, c.XYs)
		last := breakeven.Bandwidth(l.ys[len(l.ys)-1] * float64(breakeven.GBps))
		f.AddLegend(fmt.Sprintf("%s: %s at %s tokens", l.name, gbText(last), breakeven.Tokens(l.xs[len(l.xs)-1])), c)
		src.add(sources.MustModel(l.name).Cite)
	}
	p.Add(names)
	f.AddLegend("links the post compares (dotted)", hrule(0, dotted(grey)))
	src.add(sources.LoadLatency)
	src.add(chipCites(g.Chip.Name)...)
	f.Caption = caption(src...)
	unfit := post.BreakEvenLengthUnfit()
	var left []string
	for _, name := range post.BreakEvenLengthLeftOut {
		if fit, ok := unfit[name]; ok {
			left = append(left, fmt.Sprintf("%s (weights %v)", name, fit.Weights))
		}
	}
	if len(left) > 0 {
		f.Caption += fmt.Sprintf(" Priced as the estimates are, by the prefill model fitted on published runs; not drawn, as their weights (as the checkpoint stores them, else BF16), cache and a %.0f%% activation allowance do not fit in the %v of %s: %s.",
			100*sources.ActivationShare.V(), g.Memory(), g, strings.Join(left, ", "))
	}
	return f, nil
}

// EstimatedBreakEvens is figure 11: the estimated break-even of every
// catalog model with a FLOP model, at the post's 128K tokens on the
// estimates' GPUs, with the interval of the MFU range, against the links
// the post compares. A model whose bar sits above a link needs more than
// that link, whatever the size of its cache.
func EstimatedBreakEvens() (*Figure, error) {
	n := sources.Conversation128K.V()
	var rows []post.EstimateRow
	var unfit, short []string
	for _, r := range post.EstimateTable() {
		switch {
		case r.Tokens != n:
		case !r.InContext:
			short = append(short, r.Model.Name)
		case !r.Priced():
			unfit = append(unfit, r.Model.Name)
		default:
			rows = append(rows, r)
		}
	}
	// A checkpoint of a model drawn (its FP8 weights, the same shapes)
	// has the model's estimate at BF16: named in the caption, not drawn
	// twice.
	var twins []string
	var apart float64 // the largest relative difference of a checkpoint's time from its model's
	drawn := map[string]post.EstimateRow{}
	for _, r := range rows {
		drawn[r.Model.Name] = r
	}
	rows = slices.DeleteFunc(rows, func(r post.EstimateRow) bool {
		base, ok := drawn[sources.CheckpointOf(r.Model.Name)]
		if ok {
			apart = math.Max(apart, math.Abs(float64(r.Time.Value/base.Time.Value)-1))
			twins = append(twins, fmt.Sprintf("%s (as %s)", r.Model.Name, base.Model.Name))
		}
		return ok
	})
	if len(rows) == 0 {
		return nil, fmt.Errorf("figures: no estimates at %s tokens", n)
	}
	g := post.EstimateGPUs()
	f := newFigure("11-estimated-break-evens",
		fmt.Sprintf("Estimated break-evens at %s tokens on %s (fitted prefill model)", n, g),
		"break-even B* (GB/s, log scale)", "")
	p := f.Plot
	xmin, xmax := math.Inf(1), math.Inf(-1)
	var ps points
	var ticks []plot.Tick
	var src sourceList
	for i, r := range rows {
		be := gbpsE(r.BreakEven)
		y := float64(len(rows) - 1 - i)
		ps = append(ps, pt(be.Value, y).withX(be))
		ticks = append(ticks, plot.Tick{Value: y, Label: r.Model.Name})
		xmin, xmax = math.Min(xmin, be.Lo), math.Max(xmax, be.Hi)
		src.add(sources.MustModel(r.Model.Name).Cite)
	}
	for _, l := range post.ComparedLinks() {
		xmin, xmax = math.Min(xmin, gbps(l.Bandwidth.Value)), math.Max(xmax, gbps(l.Bandwidth.Value))
	}
	xlo, xhi := logRange(xmin/1.5, xmax*1.5)
	logAxis(&p.X, xlo, xhi, plain)
	// The links are named at their lines, in rows above the models.
	links := post.ComparedLinks()
	labels := &lineLabels{top: float64(len(rows)) - 0.3, sty: style(noteFont, black), line: dotted(grey)}
	var names vg.Length
	for _, t := range ticks {
		names = max(names, style(tickFont, black).Width(t.Label))
	}
	for _, l := range links {
		labels.xs = append(labels.xs, gbps(l.Bandwidth.Value))
		labels.texts = append(labels.texts, linkLabel(l))
	}
	// The data area is the width less the model names and the ticks.
	nrows := labels.reserve(xlo, xhi, Width-names-vg.Points(20))
	p.Add(labels)
	p.Y.Min, p.Y.Max = -0.7, labels.top+float64(nrows)
	// Taller by the links' rows, and by what more models need: each row
	// of the data area (a model's or a link's) at least 12 pt, with about
	// 60 pt of the plot's height taken by its title and axis.
	f.taller = max(vg.Length(nrows)*vg.Points(12), (vg.Length(float64(len(rows)+nrows)+0.4)*vg.Points(12)+vg.Points(60))-PlotHeight)
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	m, err := marks(p, ps, modelGlyph(blue))
	if err != nil {
		return nil, err
	}
	f.AddLegend("estimated B* = cache / prefill time by the phase model fitted on published runs (bar: its interval)", m...)
	f.AddLegend(fmt.Sprintf("the %d links the post compares, each named at its line", len(links)), vrule(0, dotted(grey)))
	src.add(sources.MFULow, sources.EstimateGPUs)
	src.add(chipCites(g.Chip.Name)...)
	if len(unfit) > 0 {
		src.add(sources.ActivationShare)
		if c, err := sources.LookupChip(g.Chip.Name); err == nil {
			src.add(c.Memory)
		}
	}
	f.Caption = caption(src...)
	if len(unfit) > 0 {
		f.Caption += fmt.Sprintf(" Not shown, as their weights (as the checkpoint stores them, else BF16), cache and a %.0f%% activation allowance do not fit in the %v of %s: %s.",
			100*sources.ActivationShare.V(), g.Memory(), g, strings.Join(unfit, ", "))
	}
	if len(short) > 0 {
		f.Caption += fmt.Sprintf(" Not shown either, as their context is shorter than %s tokens: %s.", n, strings.Join(short, ", "))
	}
	if len(twins) > 0 {
		f.Caption += fmt.Sprintf(" Checkpoints drawn as their models, whose shapes they share: %s; their times differ from their models' by at most %s (FP8 weights are read in half the time, and their parameters are counted from the shapes, not typed from a card).", strings.Join(twins, ", "), percent(apart, 2))
	}
	return f, nil
}

// lineLabels draws vertical lines with their names in rows above the
// data: each name beside its line, to the right where it fits and to the
// left where it would leave the plot, in the highest row where it clears
// the names already placed. Each line runs up to its name, which sits on
// a white ground so that a line passing behind it does not strike it
// through. The rows are one unit of y each, from top up.
type lineLabels struct {
	xs    []float64
	texts []string
	top   float64 // the y value under the lowest row
	rows  int
	sty   text.Style
	line  draw.LineStyle
}

const labelPad = 3 // points between a line, its name and the next name

// layout places the names for an x transform and the right edge of the
// data area: the left and right end of each, and its row (0 the highest).
func (l *lineLabels) layout(trX func(float64) vg.Length, right vg.Length) (x0, x1 []vg.Length, row []int) {
	pad := vg.Points(labelPad)
	for i, x := range l.xs {
		at, w := trX(x), l.sty.Width(l.texts[i])
		a, b := at+pad, at+pad+w
		if b > right {
			a, b = at-pad-w, at-pad
		}
		r := 0
		for ; ; r++ {
			free := true
			for j := range x0 {
				if row[j] == r && a < x1[j]+pad && x0[j] < b+pad {
					free = false
				}
			}
			if free {
				break
			}
		}
		x0, x1, row = append(x0, a), append(x1, b), append(row, r)
	}
	return x0, x1, row
}

// reserve sets the number of rows the names need on an axis from lo to
// hi, log scale, drawn width wide, and returns it.
func (l *lineLabels) reserve(lo, hi float64, width vg.Length) int {
	trX := func(x float64) vg.Length {
		return width * vg.Length(math.Log(x/lo)/math.Log(hi/lo))
	}
	_, _, row := l.layout(trX, width)
	l.rows = 0
	for _, r := range row {
		l.rows = max(l.rows, r+1)
	}
	return l.rows
}

func (l *lineLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x0, x1, row := l.layout(trX, c.Max.X)
	h := l.sty.Height("Mg")
	rowY := func(r int) vg.Length { return trY(l.top + float64(l.rows-r) - 0.5) }
	for i, x := range l.xs {
		c.StrokeLine2(l.line, trX(x), c.Min.Y, trX(x), rowY(row[i]))
	}
	sty := l.sty
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	for i, t := range l.texts {
		y := rowY(row[i])
		c.FillPolygon(color.White, []vg.Point{{X: x0[i] - 1, Y: y - h/2}, {X: x1[i] + 1, Y: y - h/2}, {X: x1[i] + 1, Y: y + h/2}, {X: x0[i] - 1, Y: y + h/2}})
		c.FillText(sty, vg.Point{X: x0[i], Y: y}, t)
	}
}
