package figures

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// ClaimsChecked is figure 7: for each vendor claim, the bandwidth it
// needs (its cache over its claimed time) as a bar, against the link it
// states at line rate, one and as many as it needs. WEKA's 70B claim
// needs more than the one 400 Gbit/s link the post compares with.
func ClaimsChecked() (*Figure, error) {
	cs := post.Claims()
	f := newFigure("07-claims-checked",
		"Vendor claims checked: the bandwidth each claim needs against the link it states",
		"bandwidth (GB/s)", "")
	p := f.Plot

	// The claims top to bottom, in the post's order.
	names := make([]string, len(cs))
	y := func(i int) float64 { return float64(len(cs) - 1 - i) }
	xmax := 0.0
	for i, c := range cs {
		names[len(cs)-1-i] = strings.Replace(c.Name, ", ", "\n", 1)
		xmax = math.Max(xmax, gbps(c.Needs.Hi))
		if c.Link > 0 {
			xmax = math.Max(xmax, gbps(c.Link)*float64(max(c.LinksNeeded, 1)))
		}
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.6, float64(len(cs))-0.4
	linearAxis(&p.X, 0, ceilTo(xmax*1.05, 5))

	needBar := &band{Color: tint(black, 0.18)}
	var needThumbs []plot.Thumbnailer
	oneLink, moreLinks := vrule(0, solid(green)), vrule(0, dashed(green))
	var src sourceList
	for i, c := range cs {
		yc := y(i)
		need := gbpsE(c.Needs)
		p.Add(&band{0, need.Value, yc - 0.12, yc + 0.12, needBar.Color})
		th, err := marks(p, points{pt(need.Value, yc).withX(need)}, modelGlyph(black))
		if err != nil {
			return nil, err
		}
		needThumbs = th
		verdict := fmt.Sprintf("needs %s: %s in %s", c.Needs.Value, c.Cache.Value, c.Seconds.Value)
		if c.Link > 0 {
			verdict += fmt.Sprintf("; %d x %s at line rate", c.LinksNeeded, gbit(c.Link))
		} else {
			verdict += "; no link stated"
		}
		p.Add(newNote(0, yc-0.2, verdict, black).align(draw.XLeft, draw.YTop).offset(2, -2))
		if c.Link <= 0 {
			continue
		}
		for k := 1; k <= max(c.LinksNeeded, 1); k++ {
			r := oneLink
			if k > 1 {
				r = moreLinks
			}
			// Each further link's label sits higher, clear of the one
			// before.
			x, top := gbps(c.Link)*float64(k), yc+0.25+0.17*float64(k-1)
			p.Add(&rule{vertical: true, at: x, from: yc - 0.25, to: top, LineStyle: r.LineStyle},
				newNote(x, top, fmt.Sprintf("%d x %s = %s", k, gbit(c.Link), breakeven.Bandwidth(float64(c.Link)*float64(k))), green).
					align(draw.XCenter, draw.YBottom).offset(0, 2))
		}
	}
	f.AddLegend("needs: the claim's cache / its claimed time (bar: rounding of the time)", append([]plot.Thumbnailer{needBar}, needThumbs...)...)
	f.AddLegend("one link as stated, at line rate", oneLink)
	f.AddLegend("more such links, at line rate", moreLinks)
	for _, c := range cs {
		for _, t := range sources.PublishedTests {
			if t.Model == c.Model {
				src.add(t.Tokens, t.Cached)
			}
		}
		if m, err := sources.FindModel(c.Model); err == nil {
			src.add(m.Cite)
		}
	}
	src.add(sources.VASTLinkSpeed, sources.WEKALinkSpeed)
	f.Caption = caption(src...)
	return f, nil
}
