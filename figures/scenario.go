package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
)

// ScenarioTTFT draws the time to first token of any calculator scenario
// against link bandwidth, as figure 2 does for the 405B test: the flat
// recompute line N / r, the load curve (cache size / B), their crossing
// at the break-even and the scenario's own link. label names the model
// and hardware in the title.
func ScenarioTTFT(label string, s breakeven.Scenario) (*Figure, error) {
	res, err := s.Evaluate()
	if err != nil {
		return nil, err
	}
	be, link := gbps(res.BreakEven), gbps(s.Link)
	xlo, xhi := logRange(math.Min(be, link)/4, math.Max(be, link)*4)
	bws, xs := bandwidths(xlo, xhi)
	load := make([]float64, len(bws))
	for i, bw := range bws {
		load[i] = float64(breakeven.LoadTime(res.CacheBytes, bw))
	}
	rec := float64(res.Recompute)
	ylo, yhi := logRange(math.Min(load[len(load)-1], rec)/2, math.Max(load[0], rec)*2)

	f := newFigure("scenario-ttft",
		fmt.Sprintf("%s, %s-token prompt: %s wins at %s", label, s.Tokens, res.Winner, s.Link),
		"link bandwidth into GPU memory, B (GB/s, log scale)", "time to first token (s, log scale)")
	p := f.Plot
	logAxis(&p.X, xlo, xhi, plain)
	logAxis(&p.Y, ylo, yhi, plain)
	p.Add(xband(math.NaN(), be, tint(vermillion, 0.07)), xband(be, math.NaN(), tint(blue, 0.07)))

	flat := hrule(rec, solid(vermillion))
	p.Add(flat)
	lc, err := curve(p, xs, load, solid(blue))
	if err != nil {
		return nil, err
	}
	p.Add(vrule(be, dotted(black)).span(ylo, rec))
	cross, err := marks(p, points{pt(be, rec)}, modelGlyph(black))
	if err != nil {
		return nil, err
	}
	// A label reads away from the nearer edge of the plot, so that none
	// is cut: to the left of its mark in the right half, to the right in
	// the left half.
	right := func(x float64) bool { return inRightHalf(x, xlo, xhi) }
	beNote := newNote(be, rec, fmt.Sprintf("break-even %s\n(%s)", gbText(res.BreakEven), res.BreakEven.Bits()), black)
	if right(be) {
		beNote.align(draw.XRight, draw.YTop).offset(-6, -6)
	} else {
		beNote.align(draw.XLeft, draw.YTop).offset(6, -6)
	}
	p.Add(beNote)
	at, err := marks(p, points{pt(link, float64(res.Load))}, measuredGlyph(black))
	if err != nil {
		return nil, err
	}
	linkNote := newNote(link, float64(res.Load), fmt.Sprintf("your link: load %s", res.Load), black)
	if right(link) {
		// Below and left of the mark, under the falling load curve.
		linkNote.align(draw.XRight, draw.YTop).offset(-6, -6)
	} else {
		linkNote.align(draw.XLeft, draw.YBottom).offset(6, 4)
	}
	p.Add(linkNote)

	f.AddLegend(fmt.Sprintf("recompute: N / r = %s at %s", res.Recompute, s.Prefill), flat)
	f.AddLegend(fmt.Sprintf("load: a %s cache over B", res.CacheBytes), lc)
	f.AddLegend("break-even B* = r x b, where the two cross", cross...)
	f.AddLegend(fmt.Sprintf("the chosen link, %s (%s): speedup %.3gx", gbText(s.Link), s.Link.Bits(), res.Speedup), at...)
	f.Caption = "Computed by the calculator from the inputs given; no published measurement is shown."
	return f, nil
}
