package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// curvePoints is the number of points a curve is drawn with.
const curvePoints = 121

// bandwidthRange returns the bandwidth axis of figures 2 and 3, in GB/s:
// the links the post compares and the break-evens, with a factor of two
// of room either side.
func bandwidthRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, l := range post.ComparedLinks() {
		lo, hi = math.Min(lo, gbps(l.Bandwidth.Lo)), math.Max(hi, gbps(l.Bandwidth.Hi))
	}
	for _, r := range post.BreakEvenTable() {
		lo, hi = math.Min(lo, gbps(r.BreakEven.Lo)), math.Max(hi, gbps(r.BreakEven.Hi))
	}
	return logRange(lo/2, hi*2)
}

// bandwidths returns the x values of a curve over the bandwidth axis, as
// bandwidths and in GB/s.
func bandwidths(lo, hi float64) ([]breakeven.Bandwidth, []float64) {
	xs := post.LogSpace(lo, hi, curvePoints)
	bws := make([]breakeven.Bandwidth, len(xs))
	for i, x := range xs {
		bws[i] = breakeven.Bandwidth(x) * breakeven.GBps
	}
	return bws, xs
}

// testRow returns the row of post.BreakEvenTable for a test, and its
// index.
func testRow(id string) (post.BreakEvenRow, int, error) {
	for i, r := range post.BreakEvenTable() {
		if r.Test.ID == id {
			return r, i, nil
		}
	}
	return post.BreakEvenRow{}, 0, fmt.Errorf("figures: no published test %q", id)
}

// TTFTVsBandwidth is figure 2, the headline: the time to first token of
// the 405B test's prompt against link bandwidth. Recomputing takes N / r
// whatever the link; loading takes N b / B. The two cross at the
// break-even, and VAST's measured load sits on the load curve.
func TTFTVsBandwidth() (*Figure, error) {
	row, _, err := testRow(sources.VAST405B.ID)
	if err != nil {
		return nil, err
	}
	m := post.VASTMultiplier()
	xlo, xhi := bandwidthRange()
	bws, xs := bandwidths(xlo, xhi)
	pts := post.TTFTCurve(row, bws)
	load := make([]float64, len(pts))
	for i, q := range pts {
		load[i] = float64(q.Load)
	}
	recompute := pts[0].Recompute.Float()
	ylo, yhi := logRange(math.Min(load[len(load)-1], float64(m.ReportedLoad.Lo)), math.Max(load[0], recompute.Hi))

	be := gbpsE(row.BreakEven)
	f := newFigure("02-ttft-vs-bandwidth",
		fmt.Sprintf("%s, %s-token prompt: loading beats recomputing above %s", row.Test.Label, row.Test.Tokens.V(), row.BreakEven.Value),
		"link bandwidth into GPU memory, B (GB/s, log scale)", "time to first token (s, log scale)")
	p := f.Plot
	logAxis(&p.X, xlo, xhi, plain)
	logAxis(&p.Y, ylo, yhi, plain)

	// Who wins where.
	p.Add(xband(math.NaN(), be.Value, tint(vermillion, 0.07)), xband(be.Value, math.NaN(), tint(blue, 0.07)))
	top := ylo * math.Pow(yhi/ylo, 0.94) // near the top of the log axis
	p.Add(newNote(math.Sqrt(xlo*be.Value), top, "recomputing wins", vermillion).align(draw.XCenter, draw.YCenter))
	p.Add(newNote(math.Sqrt(be.Value*xhi), top, "loading wins", blue).align(draw.XCenter, draw.YCenter))

	// Recompute: flat, with the rounding of the measured 62 s.
	band := yband(recompute.Lo, recompute.Hi, tint(vermillion, 0.3))
	flat := hrule(recompute.Value, solid(vermillion))
	p.Add(band, flat)
	// Load: N b / B.
	lc, err := curve(p, xs, load, solid(blue))
	if err != nil {
		return nil, err
	}

	// The crossing at the break-even.
	p.Add(vrule(be.Value, dotted(black)).span(ylo, recompute.Value))
	cross, err := marks(p, points{pt(be.Value, recompute.Value).withX(be)}, modelGlyph(black))
	if err != nil {
		return nil, err
	}
	p.Add(newNote(be.Value, recompute.Value,
		fmt.Sprintf("break-even B* = r x b\n= %s (%s)", gbText(row.BreakEven.Value), row.BreakEven.Value.Bits()), black).
		align(draw.XRight, draw.YTop).offset(-6, -6))

	// VAST's measured point, and what the model predicts there.
	tp := gbpsE(m.Throughput)
	predicted, err := marks(p, points{pt(tp.Value, float64(m.PredictedLoad.Value))}, modelGlyph(blue))
	if err != nil {
		return nil, err
	}
	measured, err := marks(p, points{pt(tp.Value, float64(m.ReportedLoad.Value)).withX(tp).withY(m.ReportedLoad.Float())}, measuredGlyph(black))
	if err != nil {
		return nil, err
	}
	p.Add(newNote(tp.Value, float64(m.ReportedLoad.Lo),
		fmt.Sprintf("VAST: %s at %s\n= %s (model: %s)", m.ReportedLoad.Value, m.Throughput.Value.Bits(), gbText(m.Throughput.Value), m.PredictedLoad.Value), black).
		align(draw.XRight, draw.YTop).offset(-8, -4))

	f.AddLegend("recompute: N / r, the test's uncached time to first token (band: its rounding)", band, flat)
	f.AddLegend(fmt.Sprintf("load: N b / B, a %s cache at %s", row.Cache, row.PerToken), lc)
	f.AddLegend("break-even, where the two cross (bar: interval of the inputs)", cross...)
	f.AddLegend("model's load time at VAST's throughput", predicted...)
	f.AddLegend("VAST/CoreWeave's measured time to first token with the cache (bars: rounding)", measured...)

	var src sourceList
	src.addTest(row.Test)
	src.add(sources.VASTThroughput, sources.VAST405B.Cached)
	f.Caption = caption(src...)
	return f, nil
}

// SpeedupVsBandwidth is figure 3: the speedup B / (r b) that loading gives
// each published test against link bandwidth, with VAST's reported 20x.
// The speedup is the link's speed over the break-even, so each test is a
// line of slope one, shifted by its break-even.
func SpeedupVsBandwidth() (*Figure, error) {
	rows := post.BreakEvenTable()
	m := post.VASTMultiplier()
	xlo, xhi := bandwidthRange()
	bws, xs := bandwidths(xlo, xhi)

	f := newFigure("03-speedup-vs-bandwidth",
		"Predicted speedup of loading over recomputing: the link's speed over the break-even",
		"link bandwidth into GPU memory, B (GB/s, log scale)", "speedup t_recompute / t_load (x, log scale)")
	p := f.Plot
	logAxis(&p.X, xlo, xhi, plain)

	type series struct {
		v, lo, hi []float64
	}
	all := make([]series, len(rows))
	ylo, yhi := float64(m.ReportedSpeedup.Lo), float64(m.ReportedSpeedup.Hi)
	for i, r := range rows {
		s := post.SpeedupCurve(r, bws)
		for _, e := range s {
			all[i].v = append(all[i].v, e.Value)
			all[i].lo = append(all[i].lo, e.Lo)
			all[i].hi = append(all[i].hi, e.Hi)
			ylo, yhi = math.Min(ylo, e.Lo), math.Max(yhi, e.Hi)
		}
	}
	ylo, yhi = logRange(ylo, yhi)
	logAxis(&p.Y, ylo, yhi, plain)

	one := hrule(1, dotted(black))
	p.Add(one)
	var src sourceList
	var bandThumb plot.Thumbnailer
	for i, r := range rows {
		a, err := area(p, xs, all[i].lo, all[i].hi, tint(testColor(i), 0.25))
		if err != nil {
			return nil, err
		}
		bandThumb = a
		l, err := curve(p, xs, all[i].v, solid(testColor(i)))
		if err != nil {
			return nil, err
		}
		f.AddLegend(fmt.Sprintf("%s: B* = %s", r.Test.Label, bwText(r.BreakEven)), l)
		src.addTest(r.Test)
	}
	// Each line crosses 1 at its break-even.
	for i, r := range rows {
		be := gbpsE(r.BreakEven)
		if _, err := marks(p, points{pt(be.Value, 1).withX(be)}, modelGlyph(testColor(i))); err != nil {
			return nil, err
		}
	}
	f.AddLegend("interval of a break-even's inputs", bandThumb)
	f.AddLegend("speedup 1: the link runs at the test's break-even (circles)", one)

	tp := gbpsE(m.Throughput)
	measured, err := marks(p, points{pt(tp.Value, float64(m.ReportedSpeedup.Value)).withX(tp).withY(m.ReportedSpeedup)}, measuredGlyph(black))
	if err != nil {
		return nil, err
	}
	p.Add(newNote(tp.Value, m.ReportedSpeedup.Value,
		fmt.Sprintf("VAST reported %sx at %s\n= %s (model: %sx)", breakeven.FormatSignificant(m.ReportedSpeedup.Value, 2), m.Throughput.Value.Bits(), gbText(m.Throughput.Value),
			breakeven.FormatSignificant(m.PredictedSpeed.Value, 3)), black).
		align(draw.XRight, draw.YBottom).offset(-6, 4))
	f.AddLegend("VAST/CoreWeave's reported speedup, measured (bars: rounding)", measured...)
	src.add(sources.VASTThroughput, sources.VASTSpeedup)
	f.Caption = caption(src...)
	return f, nil
}
