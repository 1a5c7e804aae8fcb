package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
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

// prefillOf returns the catalog model's FLOP model.
func prefillOf(name string) (prefill.Model, error) {
	return sources.PrefillModel(sources.MustModel(name))
}

// TTFTVsPromptLength is figure 9: for the 405B test's model, GPUs and
// link, the time to first token against prompt length. Recomputing follows
// the FLOP model (quadratic attention) at the calibrated MFU, with the
// MFU range as a band, against the post's constant speed; loading adds
// the fixed cost of a load; recomputing part while loading the rest is
// never slower than either. Below the crossover, recomputing wins.
func TTFTVsPromptLength() (*Figure, error) {
	t := sources.VAST405B
	pm, err := prefillOf(t.Model)
	if err != nil {
		return nil, err
	}
	h, _ := calibration.Hardware(t.ID)
	g := h.GPUs()
	mfu, band := calibration.CalibratedMFU().Value, calibration.DefaultMFU()
	arch := sources.MustModel(t.Model).Arch.With(sources.PostElement(), 1)
	load := extended.Load{Latency: sources.LoadLatency.V(), Efficiency: calibration.DefaultEfficiency().Value, Link: sources.VASTThroughput.V()}
	r := breakeven.PrefillRate(t.Tokens.V(), t.Uncached.V())

	lo, hi := 1024.0/8, float64(sources.Conversation128K.V())
	xs := post.LogSpace(lo, hi, curvePoints)
	var rec, recLo, recHi, lin, ld, ov []float64
	for _, x := range xs {
		n := breakeven.Tokens(x)
		rec = append(rec, float64(prefill.TimeAt(pm, n, g, mfu)))
		recLo = append(recLo, float64(prefill.TimeAt(pm, n, g, band.Hi)))
		recHi = append(recHi, float64(prefill.TimeAt(pm, n, g, band.Lo)))
		lin = append(lin, float64(breakeven.RecomputeTime(n, r)))
		ld = append(ld, float64(load.Time(arch.CacheSize(n))))
		o := extended.SplitCache(arch, n, func(k breakeven.Tokens) breakeven.Seconds { return prefill.TimeAt(pm, k, g, mfu) }, load)
		ov = append(ov, float64(o.Time))
	}
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
	f.AddLegend(fmt.Sprintf("recompute: FLOPs / (%s peak x MFU %.3g, calibrated on this test); band: MFU %.2g to %.2g", g, mfu, band.Lo, band.Hi), bandArea, recLine)
	f.AddLegend(fmt.Sprintf("the post's constant prefill speed, N / r with r = %s", r), linLine)
	f.AddLegend(fmt.Sprintf("load: %s fixed cost + cache / (%.2f x %s)", load.Latency, load.Efficiency, load.Link), loadLine)
	f.AddLegend("recompute the first tokens while loading the rest, both finishing together", ovLine)

	cross, err := extended.Crossover(func(n breakeven.Tokens) breakeven.Seconds { return prefill.TimeAt(pm, n, g, mfu) }, extended.LoadOf(arch, load), breakeven.Tokens(hi))
	if err == nil {
		p.Add(vrule(float64(cross), dotted(black)))
		p.Add(newNote(float64(cross), ylo*math.Pow(yhi/ylo, 0.92), fmt.Sprintf(" crossover: loading wins from %s tokens", breakeven.Tokens(math.Ceil(float64(cross)))), black).
			align(draw.XLeft, draw.YCenter))
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
	var out []sources.Cited
	for _, in := range sources.Inputs() {
		if in.Name == "chip."+lower(name)+".bf16-peak" {
			out = append(out, in.Cite)
		}
	}
	return out
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// breakEvenModels are the models figure 10 follows: the post's three and
// three the post could not give, an MLA model, a sparse MoE and a hybrid.
var breakEvenModels = []string{"Llama 3.1 405B", "Llama 3.1 70B", "Qwen3-32B", "DeepSeek-V3", "gpt-oss-120b", "Qwen3-Next-80B-A3B"}

// BreakEvenVsPromptLength is figure 10: B*(N) = cache(N) / t_prefill(N) on
// the estimates' GPUs at the calibrated MFU, against prompt length. With
// a constant prefill speed each line would be flat at r x b; quadratic
// attention bends it down for long prompts, and windows and fixed states
// bend it too.
func BreakEvenVsPromptLength() (*Figure, error) {
	g := post.EstimateGPUs()
	mfu := calibration.CalibratedMFU().Value
	lo, hi := 1024.0, float64(sources.Conversation128K.V())
	xs := post.LogSpace(lo, hi, curvePoints)
	f := newFigure("10-break-even-vs-prompt-length",
		fmt.Sprintf("Estimated break-even against prompt length on %s at MFU %.3g", g, mfu),
		"prompt length, N (tokens, log scale)", "break-even B*(N) (GB/s, log scale)")
	p := f.Plot
	ymin, ymax := math.Inf(1), math.Inf(-1)
	type line struct {
		name string
		ys   []float64
	}
	var lines []line
	var src sourceList
	for _, name := range breakEvenModels {
		pm, err := prefillOf(name)
		if err != nil {
			return nil, err
		}
		m := sources.MustModel(name)
		arch := m.Arch.With(sources.PostElement(), 1)
		var ys []float64
		for _, x := range xs {
			n := breakeven.Tokens(x)
			be := gbps(extended.BreakEvenAt(arch.CacheSize(n), prefill.TimeAt(pm, n, g, mfu), 0, 1))
			ys = append(ys, be)
			ymin, ymax = math.Min(ymin, be), math.Max(ymax, be)
		}
		lines = append(lines, line{name, ys})
		src.add(m.Cite)
	}
	links := []post.Link{}
	for _, l := range post.ComparedLinks() {
		links = append(links, l)
		ymin, ymax = math.Min(ymin, gbps(l.Bandwidth.Value)), math.Max(ymax, gbps(l.Bandwidth.Value))
	}
	ylo, yhi := logRange(ymin/1.5, ymax*1.5)
	logAxis(&p.X, lo, hi, tokensTick)
	logAxis(&p.Y, ylo, yhi, plain)
	for _, l := range links {
		p.Add(hrule(gbps(l.Bandwidth.Value), dotted(grey)))
		p.Add(newNote(hi, gbps(l.Bandwidth.Value), l.Name+" ", grey).align(draw.XRight, draw.YBottom))
	}
	colors := append(append([]color.Color{}, testColors...), purple, orange, skyBlue)
	for i, l := range lines {
		c, err := curve(p, xs, l.ys, solid(colors[i%len(colors)]))
		if err != nil {
			return nil, err
		}
		f.AddLegend(fmt.Sprintf("%s: %s at %s tokens", l.name, breakeven.Bandwidth(l.ys[len(l.ys)-1]*float64(breakeven.GBps)), breakeven.Tokens(hi)), c)
	}
	f.AddLegend("links the post compares (dotted)", hrule(0, dotted(grey)))
	src.add(sources.LoadLatency)
	src.add(chipCites(g.Chip.Name)...)
	f.Caption = caption(src...)
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
	for _, r := range post.EstimateTable() {
		if r.Tokens == n && r.InContext {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("figures: no estimates at %s tokens", n)
	}
	g := post.EstimateGPUs()
	f := newFigure("11-estimated-break-evens",
		fmt.Sprintf("Estimated break-evens at %s tokens on %s (MFU %.2g to %.2g)", n, g, calibration.DefaultMFU().Lo, calibration.DefaultMFU().Hi),
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
	p.Y.Min, p.Y.Max = -0.7, float64(len(rows))-0.3
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	var linkNames []string
	for _, l := range post.ComparedLinks() {
		x := gbps(l.Bandwidth.Value)
		p.Add(vrule(x, dotted(grey)))
		linkNames = append(linkNames, fmt.Sprintf("%s %s", l.Name, l.Bandwidth.Value))
	}
	m, err := marks(p, ps, modelGlyph(blue))
	if err != nil {
		return nil, err
	}
	f.AddLegend(fmt.Sprintf("estimated B* = cache / prefill time at the calibrated MFU (bar: MFU %.2g to %.2g)", calibration.DefaultMFU().Lo, calibration.DefaultMFU().Hi), m...)
	for i, name := range linkNames {
		f.AddLegend(fmt.Sprintf("link %d from the left: %s", i+1, name), vrule(0, dotted(grey)))
	}
	src.add(sources.MFULow, sources.EstimateGPUs)
	src.add(chipCites(g.Chip.Name)...)
	f.Caption = caption(src...)
	return f, nil
}
