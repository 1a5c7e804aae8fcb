package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/sources"
)

// box is a rectangle in data coordinates with lines of text inside,
// wrapped to its width when drawn.
type box struct {
	x0, y0, x1, y1 float64
	fill, stroke   color.Color
	texts          []boxText
	center         bool
}

type boxText struct {
	s   string
	sty text.Style
}

// arrow is a polyline in data coordinates with a head at its end.
type arrow struct {
	xy     [][2]float64
	sty    draw.LineStyle
	noHead bool
}

// diagram is a plotter that draws boxes, arrows and notes in data
// coordinates: the storage-tier map of figure 8.
type diagram struct {
	boxes  []box
	arrows []arrow
	notes  []*note
}

func (d *diagram) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pad := vg.Points(4)
	for _, b := range d.boxes {
		r := []vg.Point{{X: trX(b.x0), Y: trY(b.y0)}, {X: trX(b.x1), Y: trY(b.y0)}, {X: trX(b.x1), Y: trY(b.y1)}, {X: trX(b.x0), Y: trY(b.y1)}}
		c.FillPolygon(b.fill, r)
		c.StrokeLines(draw.LineStyle{Color: b.stroke, Width: vg.Points(1)}, append(r, r[0]))
		width := trX(b.x1) - trX(b.x0) - 2*pad
		var lines []boxText
		for _, t := range b.texts {
			for _, l := range wrap(t.sty, t.s, width) {
				lines = append(lines, boxText{l, t.sty})
			}
		}
		y := trY(b.y1) - pad
		if b.center {
			var h vg.Length
			for _, l := range lines {
				h += l.sty.Height("Mg")
			}
			y = (trY(b.y0)+trY(b.y1))/2 + h/2
		}
		for _, l := range lines {
			sty := l.sty
			sty.YAlign = draw.YTop
			x := trX(b.x0) + pad
			if b.center {
				sty.XAlign = draw.XCenter
				x = (trX(b.x0) + trX(b.x1)) / 2
			}
			c.FillText(sty, vg.Point{X: x, Y: y}, l.s)
			y -= sty.Height("Mg")
		}
	}
	for _, a := range d.arrows {
		pts := make([]vg.Point, len(a.xy))
		for i, q := range a.xy {
			pts[i] = vg.Point{X: trX(q[0]), Y: trY(q[1])}
		}
		c.StrokeLines(a.sty, pts)
		if a.noHead {
			continue
		}
		// The head: a filled triangle along the last segment.
		end, from := pts[len(pts)-1], pts[len(pts)-2]
		dx, dy := float64(end.X-from.X), float64(end.Y-from.Y)
		n := math.Hypot(dx, dy)
		if n == 0 {
			continue
		}
		ux, uy := dx/n, dy/n
		size := 7.0
		back := vg.Point{X: end.X - vg.Length(ux*size), Y: end.Y - vg.Length(uy*size)}
		side := vg.Point{X: vg.Length(-uy * size / 2.5), Y: vg.Length(ux * size / 2.5)}
		c.FillPolygon(a.sty.Color, []vg.Point{end, back.Add(side), back.Sub(side)})
	}
	for _, n := range d.notes {
		n.Plot(c, p)
	}
}

// StorageTiers is figure 8: the places a cache can sit, in NVIDIA's
// names (G1 GPU memory to G4 shared storage, with G3.5 pod-level flash),
// and the two routes a request takes across them. On a miss the prefill
// GPUs compute the cache and hand it to the decode GPUs once; on a hit it
// comes up from a lower tier and prefill is skipped, so the break-even
// applies to that link. When a conversation pauses its cache moves down,
// and how far down decides who can reuse it.
func StorageTiers() (*Figure, error) {
	tiers := sources.Tiers
	f := newFigure("08-storage-tiers",
		fmt.Sprintf("Where the cache lives: %d tiers, and the routes a request takes across them", len(tiers)), "", "")
	p := f.Plot
	p.HideAxes()
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 100, 0, 100

	name := style(font9(), black)
	body := style(noteFont, color.Gray{Y: 0x30})
	d := &diagram{}
	const (
		left, right = 9.0, 57.0 // the tier boxes
		top, bottom = 98.0, 2.0
		gap         = 3.0
	)
	h := (top - bottom - gap*float64(len(tiers)-1)) / float64(len(tiers))
	mid := make([]float64, len(tiers))
	for i, t := range tiers {
		y1 := top - float64(i)*(h+gap)
		mid[i] = y1 - h/2
		fill := tint(skyBlue, 0.12+0.5*float64(len(tiers)-1-i)/float64(len(tiers)))
		d.boxes = append(d.boxes, box{x0: left, y0: y1 - h, x1: right, y1: y1, fill: fill, stroke: grey,
			texts: []boxText{{t.Name + "  " + t.Place, name}, {"reuse: " + t.Reuse, body}}})
	}

	const hitX = 92.5 // the hit route's way up, under the decode GPUs

	// G1 holds the GPUs of both phases: the miss route runs between them.
	g1Top, g1Bottom := top, top-h
	boxBottom := g1Bottom + 0.4*h
	prefill := box{x0: 63, y0: boxBottom, x1: 76, y1: g1Top, fill: tint(vermillion, 0.15), stroke: vermillion, center: true,
		texts: []boxText{{"prefill GPUs", name}, {"(" + tiers[0].Name + ")", body}}}
	decode := box{x0: 86, y0: boxBottom, x1: 99, y1: g1Top, fill: tint(blue, 0.15), stroke: blue, center: true,
		texts: []boxText{{"decode GPUs", name}, {"(" + tiers[0].Name + ")", body}}}
	d.boxes = append(d.boxes, prefill, decode)
	miss := solid(vermillion)
	boxMid := (boxBottom + g1Top) / 2
	d.arrows = append(d.arrows, arrow{xy: [][2]float64{{76, boxMid}, {86, boxMid}}, sty: miss})
	d.notes = append(d.notes, newNote(hitX, boxBottom, "miss: prefill computes the cache and\nhands it to decode once per request", vermillion).align(draw.XRight, draw.YTop).offset(-5, -3))

	// The hit route: from any lower tier up to the decode GPUs.
	hit := solid(blue)
	for i := 1; i < len(tiers); i++ {
		d.arrows = append(d.arrows, arrow{xy: [][2]float64{{right, mid[i]}, {hitX, mid[i]}}, sty: draw.LineStyle{Color: blue, Width: vg.Points(1)}, noHead: true})
	}
	d.arrows = append(d.arrows, arrow{xy: [][2]float64{{hitX, mid[len(tiers)-1]}, {hitX, boxBottom}}, sty: hit})
	d.notes = append(d.notes, newNote(hitX, (mid[1]+mid[2])/2, "hit: load the cache over the link,\nskip prefill; the break-even\nB* = r x b applies to this link", blue).
		align(draw.XRight, draw.YCenter).offset(-5, 0))

	// The park route: down a tier when a conversation pauses.
	park := dashed(grey)
	for i := 0; i+1 < len(tiers); i++ {
		d.arrows = append(d.arrows, arrow{xy: [][2]float64{{left - 4, mid[i]}, {left - 4, mid[i+1]}}, sty: park})
	}
	d.notes = append(d.notes, newNote(left-5.5, (top+bottom)/2, "pause: the cache moves down a tier; how far down decides who can reuse it", grey).
		align(draw.XCenter, draw.YBottom).rotate(math.Pi/2))
	p.Add(d)

	f.AddLegend("miss: prefill computes the cache and hands it to decode", hrule(0, miss))
	f.AddLegend("hit: the cache comes up from a lower tier, prefill skipped", hrule(0, hit))
	f.AddLegend("pause: the cache moves down to make room", hrule(0, park))

	var src sourceList
	for _, t := range tiers {
		src.add(t.Cite)
	}
	src = append(src, sources.VASTRightSizing, sources.Post)
	f.Caption = caption(src...)
	return f, nil
}

func font9() font.Font { return font.From(plot.DefaultFont, 9) }
