package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// PublishedClaims is figure 12: every claim of the registry of published
// claims that states a bandwidth (a time, a throughput), the bandwidth it
// needs against what its setting delivers at most: the links it states at
// line rate and the ceiling of the host it names. A verdict is a shape as
// well as a colour. Size-only claims and those the checker cannot check
// are counted in the title's note, not drawn.
func PublishedClaims() (*Figure, error) {
	results, refused, err := factcheck.CheckRegistry(factcheck.Options{})
	if err != nil {
		return nil, err
	}
	var rows []factcheck.Result
	sizes := 0
	for _, r := range results {
		if r.Required > 0 {
			rows = append(rows, r)
		} else {
			sizes++
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("figures: no published claim states a bandwidth")
	}
	f := newFigure("12-published-claims",
		"Published claims: the bandwidth each needs, against its links and host",
		"bandwidth (GB/s, log scale)", "")
	p := f.Plot

	shape := map[factcheck.Verdict]draw.GlyphStyle{
		factcheck.Plausible:      {Color: green, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}},
		factcheck.NeedsMoreLinks: {Color: orange, Radius: vg.Points(4), Shape: draw.TriangleGlyph{}},
		factcheck.Implausible:    {Color: vermillion, Radius: vg.Points(4), Shape: draw.CrossGlyph{}},
		factcheck.NoBound:        {Color: grey, Radius: vg.Points(3.5), Shape: ringGlyph{}},
	}
	byVerdict := map[factcheck.Verdict]points{}
	var linkPts, hostPts points
	var ticks []plot.Tick
	var src sourceList
	xmin, xmax := math.Inf(1), math.Inf(-1)
	extend := func(v float64) { xmin, xmax = math.Min(xmin, v), math.Max(xmax, v) }
	for i, r := range rows {
		y := float64(len(rows) - 1 - i)
		label := claimInWords(r)
		if r.NeedIsFloor {
			label = "≥ " + label
		}
		ticks = append(ticks, plot.Tick{Value: y, Label: label})
		need := gbps(r.Required)
		byVerdict[r.Verdict] = append(byVerdict[r.Verdict], pt(need, y))
		extend(need)
		if r.Link != nil {
			v := gbps(r.Link.Total())
			linkPts = append(linkPts, pt(v, y))
			extend(v)
		}
		if r.Ceiling > 0 {
			v := gbps(r.Ceiling)
			hostPts = append(hostPts, pt(v, y))
			extend(v)
		}
		src = append(src, sources.SourceID(r.Claim.Source))
	}
	xlo, xhi := logRange(xmin/1.5, xmax*1.5)
	logAxis(&p.X, xlo, xhi, plain)
	p.Y.Min, p.Y.Max = -0.7, float64(len(rows))-0.3
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	f.taller = vg.Length(len(rows)) * vg.Points(16) // two lines a claim

	linkGlyph := draw.GlyphStyle{Color: blue, Radius: vg.Points(5), Shape: barGlyph{}}
	hostGlyph := draw.GlyphStyle{Color: black, Radius: vg.Points(5), Shape: barGlyph{dashed: true}}
	if len(linkPts) > 0 {
		th, err := marks(p, linkPts, linkGlyph)
		if err != nil {
			return nil, err
		}
		f.AddLegend("the links the claim states, at line rate", th...)
	}
	if len(hostPts) > 0 {
		th, err := marks(p, hostPts, hostGlyph)
		if err != nil {
			return nil, err
		}
		f.AddLegend("the ceiling of the host the claim names (its ports at line rate)", th...)
	}
	for _, v := range []factcheck.Verdict{factcheck.Plausible, factcheck.NeedsMoreLinks, factcheck.Implausible, factcheck.NoBound} {
		ps := byVerdict[v]
		if len(ps) == 0 {
			continue
		}
		th, err := marks(p, ps, shape[v])
		if err != nil {
			return nil, err
		}
		f.AddLegend(fmt.Sprintf("needed: %s (%d)", verdictWords[v], len(ps)), th...)
	}
	f.AddLegend("≥: a time to first token with the cache, so the need is a floor")
	f.AddLegend(fmt.Sprintf("%d of %d claims state a time or throughput; %d a size only; %d cannot be checked",
		len(rows), len(sources.PublishedClaims), sizes, len(refused)))
	f.Caption = caption(src...)
	return f, nil
}

// barGlyph is a short vertical bar: a bound on the bandwidth axis.
type barGlyph struct{ dashed bool }

func (g barGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	ls := draw.LineStyle{Color: sty.Color, Width: vg.Points(2)}
	if g.dashed {
		ls.Dashes = []vg.Length{vg.Points(2), vg.Points(1.5)}
	}
	c.StrokeLine2(ls, pt.X, pt.Y-sty.Radius, pt.X, pt.Y+sty.Radius)
}

// verdictWords says each verdict of a claim that needs a bandwidth in
// words, for the legend.
var verdictWords = map[factcheck.Verdict]string{
	factcheck.Plausible:      "plausible, the links (or host) it states carry it",
	factcheck.NeedsMoreLinks: "more links than it states would carry it",
	factcheck.Implausible:    "implausible as stated, more than its host takes in",
	factcheck.NoBound:        "unbounded, it states no link or host",
}

// claimInWords names a claim as a reader would: its publisher and model
// on one line, what it states on the next ("llm-d project, Qwen3-32B" /
// "10,000 tokens in 600 ms", "moves 10.0 GB/s").
func claimInWords(r factcheck.Result) string {
	who := string(r.Claim.Source)
	if s, ok := sources.Lookup(sources.SourceID(r.Claim.Source)); ok && s.Publisher != "" {
		who = s.Publisher
	}
	if r.Model.Name != "" {
		who += ", " + r.Model.Name
	}
	var what string
	perNode := ""
	if r.PerNode {
		perNode = " per node"
	}
	switch {
	case r.ThroughputRate > 0:
		what = "moves " + r.ThroughputRate.String() + perNode
	case r.Throughput > 0 && r.Seconds == 0:
		what = "moves " + r.Throughput.String() + perNode
	case r.Payload:
		what = fmt.Sprintf("%s in %s", r.Size, r.Seconds)
	case r.Speedup > 0 && r.Uncached > 0:
		what = fmt.Sprintf("%s tokens, %gx faster than %s", breakeven.GroupThousands(float64(r.Tokens), 0), r.Speedup, r.Uncached)
	default:
		what = fmt.Sprintf("%s tokens in %s", breakeven.GroupThousands(float64(r.Tokens), 0), r.Seconds)
	}
	return who + "\n" + what
}
