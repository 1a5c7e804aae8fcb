package figures

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// sourceList collects the sources of the values a figure draws, each
// once, in the order met.
type sourceList []sources.SourceID

func (l *sourceList) add(cs ...sources.Cited) {
	for _, c := range cs {
		*l = append(*l, c.Citation().Source)
	}
}

// addTest adds a published test's sources: its prompt, its times and the
// model's config.
func (l *sourceList) addTest(t sources.PrefillTest) {
	l.add(t.Tokens)
	if t.Uncached.Name != "" {
		l.add(t.Uncached)
	}
	if t.Prefill.Name != "" {
		l.add(t.Prefill)
	}
	if m, err := sources.FindModel(t.Model); err == nil {
		l.add(m.Cite)
	}
}

// bwText prints a bandwidth estimate in GB/s, the unit of every
// bandwidth axis, so that a label reads on the axis it sits by: its
// value, or its range where the interval is more than a rounding:
// "1.06 GB/s", "0.550 GB/s", "2.86 to 3.12 GB/s".
func bwText(e breakeven.Estimate[breakeven.Bandwidth]) string {
	if e.Lo <= 0 || float64(e.Hi/e.Lo) < 1.02 {
		return gbText(e.Value)
	}
	return gbNumber(e.Lo) + " to " + gbText(e.Hi)
}

// gbText prints a bandwidth in GB/s at the post's precision.
func gbText(bw breakeven.Bandwidth) string { return gbNumber(bw) + " GB/s" }

func gbNumber(bw breakeven.Bandwidth) string {
	return breakeven.FormatSignificant(gbps(bw), breakeven.DefaultSignificant)
}

// rightLabels widens a nominal x axis so that labels of the given texts,
// drawn right of the last category, fit inside the plot.
func rightLabels(p *plot.Plot, categories int, texts []string) (labelX float64) {
	sty := style(noteFont, black)
	var w vg.Length
	for _, t := range texts {
		w = max(w, sty.Width(t))
	}
	// The data area is the figure's width less the y axis, roughly.
	area := Width - vg.Points(90)
	w += vg.Points(10)
	span := float64(categories) // from -0.5 to categories - 0.5
	extra := span * float64(w) / float64(area-w)
	p.X.Max = float64(categories) - 0.5 + extra
	return float64(categories) - 0.5 + extra*float64(vg.Points(4))/float64(w)
}

// BreakEvenVsLinks is figure 1: the break-even bandwidth of each
// published test, with its interval, against the link speeds the post
// compares: one 10 GbE link, TCP over UCX and over UCCL, RoCE, VAST's
// 181 Gbit/s and one 400 Gbit/s link. A link above a test's mark loads
// that test's cache faster than its GPUs recompute it.
func BreakEvenVsLinks() (*Figure, error) {
	rows := post.BreakEvenTable()
	links := post.ComparedLinks()
	f := newFigure("01-break-even-vs-links",
		fmt.Sprintf("Break-even bandwidth of %d published tests against the links the post compares", len(rows)),
		"", "bandwidth (GB/s, log scale)")
	p := f.Plot
	var src sourceList

	names := make([]string, len(rows))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, r := range rows {
		names[i] = strings.Replace(r.Test.Label, ", ", "\n", 1)
		lo, hi = math.Min(lo, gbps(r.BreakEven.Lo)), math.Max(hi, gbps(r.BreakEven.Hi))
		src.addTest(r.Test)
	}
	var labels []string
	for _, l := range links {
		lo, hi = math.Min(lo, gbps(l.Bandwidth.Lo)), math.Max(hi, gbps(l.Bandwidth.Hi))
		labels = append(labels, linkLabel(l))
		src.add(l.Cite)
	}
	nominalX(p, 0.5, names...)
	labelX := rightLabels(p, len(rows), labels)
	ylo, yhi := logRange(lo, hi)
	logAxis(&p.Y, ylo, yhi, plain)

	// The links: a band for a measured range, a line at the value, a
	// label at the right.
	end := float64(len(rows)) - 0.5
	var measured, nominal *rule
	for _, l := range links {
		sty := dashed(grey)
		if l.Measured {
			sty = solid(grey)
			if l.Bandwidth.Lo < l.Bandwidth.Hi {
				p.Add(&band{-0.5, end, gbps(l.Bandwidth.Lo), gbps(l.Bandwidth.Hi), tint(grey, 0.35)})
			}
		}
		r := hrule(gbps(l.Bandwidth.Value), sty).span(math.NaN(), end)
		p.Add(r, newNote(labelX, gbps(l.Bandwidth.Value), linkLabel(l), black).align(draw.XLeft, draw.YCenter))
		if l.Measured {
			measured = r
		} else {
			nominal = r
		}
	}

	// The break-evens, each with its interval and value.
	for i, r := range rows {
		be := gbpsE(r.BreakEven)
		p.Add(&band{float64(i) - 0.12, float64(i) + 0.12, be.Lo, be.Hi, tint(testColor(i), 0.3)})
		if _, err := marks(p, points{pt(float64(i), be.Value).withY(be)}, modelGlyph(testColor(i))); err != nil {
			return nil, err
		}
		p.Add(newNote(float64(i), be.Value, "B* = "+bwText(r.BreakEven), testColor(i)).align(draw.XLeft, draw.YCenter).offset(16, 0))
	}
	f.AddLegend("break-even B* = r x b of each test (bar and band: interval of its rounded inputs)", glyphThumb(modelGlyph(black)))
	if measured != nil {
		f.AddLegend("bandwidth a test delivered, measured (band: its reported range)", measured)
	}
	if nominal != nil {
		f.AddLegend("line rate of one link, as sold", nominal)
	}
	f.Caption = caption(src...)
	return f, nil
}

// linkLabel names a link with its speed in GB/s.
func linkLabel(l post.Link) string {
	return fmt.Sprintf("%s: %s", l.Name, bwText(l.Bandwidth))
}

// TransportsVsBreakEvens is figure 4: the bandwidth llm-d's three
// transports delivered on one 100 Gbit/s NIC against the three published
// break-evens. RoCE and TCP over UCCL clear all three; TCP over UCX
// clears none.
func TransportsVsBreakEvens() (*Figure, error) {
	rows := post.TransportTable()
	tests := post.BreakEvenTable()
	f := newFigure("04-transports-vs-break-evens",
		fmt.Sprintf("%d transports over one %s NIC against the %d break-evens", len(rows), gbit(sources.NIC100.V()), len(tests)),
		"", "bandwidth (GB/s, log scale)")
	p := f.Plot
	var src sourceList

	names := make([]string, len(rows))
	lo, hi := gbps(sources.NIC100.V()), gbps(sources.NIC100.V())
	for i, r := range rows {
		names[i] = strings.NewReplacer(", ", ",\n", " (", "\n(").Replace(r.Transport.Name)
		lo, hi = math.Min(lo, gbps(r.Transport.Delivered.Value.Lo)), math.Max(hi, gbps(r.Transport.Delivered.Value.Hi))
		src.add(r.Transport.Delivered)
	}
	src.add(sources.NIC100)
	var labels []string
	for _, t := range tests {
		lo, hi = math.Min(lo, gbps(t.BreakEven.Lo)), math.Max(hi, gbps(t.BreakEven.Hi))
		labels = append(labels, testLabel(t))
		src.addTest(t.Test)
	}
	nic := "NIC line rate: " + gbit(sources.NIC100.V()) + " = " + gbText(sources.NIC100.V())
	labels = append(labels, nic)
	nominalX(p, 0.5, names...)
	labelX := rightLabels(p, len(rows), labels)
	ylo, yhi := logRange(lo, hi)
	logAxis(&p.Y, ylo, yhi, plain)
	end := float64(len(rows)) - 0.5

	// The break-evens as lines across, each with its interval.
	beRule := hrule(0, solid(grey))
	for i, t := range tests {
		be := gbpsE(t.BreakEven)
		p.Add(&band{-0.5, end, be.Lo, be.Hi, tint(testColor(i), 0.25)})
		p.Add(hrule(be.Value, solid(testColor(i))).span(math.NaN(), end), newNote(labelX, be.Value, testLabel(t), testColor(i)).align(draw.XLeft, draw.YCenter))
	}
	nicRule := hrule(gbps(sources.NIC100.V()), dashed(grey)).span(math.NaN(), end)
	p.Add(nicRule, newNote(labelX, gbps(sources.NIC100.V()), nic, black).align(draw.XLeft, draw.YCenter))

	// The transports, measured, with the verdict under each.
	var thumbs []plot.Thumbnailer
	for i, r := range rows {
		d := gbpsE(r.Transport.Delivered.Value)
		t, err := marks(p, points{pt(float64(i), d.Value).withY(d)}, measuredGlyph(black))
		if err != nil {
			return nil, err
		}
		thumbs = t
		verdict := fmt.Sprintf("%s: beats %d of %d", bwText(r.Transport.Delivered.Value), r.Beaten, len(tests))
		// Below the mark, or above it in the lowest tenth of the axis,
		// clear of the category names.
		n := newNote(float64(i), d.Value, verdict, black).align(draw.XLeft, draw.YTop).offset(7, -3)
		if math.Log(d.Value/ylo) < 0.1*math.Log(yhi/ylo) {
			n.align(draw.XLeft, draw.YBottom).offset(7, 3)
		}
		p.Add(n)
	}
	f.AddLegend("delivered bandwidth, measured by llm-d (bar: its reported range)", thumbs...)
	f.AddLegend("break-even B* = r x b of each published test, named at the right (band: its interval)", beRule)
	f.AddLegend("the NIC's line rate, as sold", nicRule)
	f.Caption = caption(src...)
	return f, nil
}

// testLabel names a test with its break-even.
func testLabel(t post.BreakEvenRow) string {
	return fmt.Sprintf("%s: B* = %s", t.Test.Model, bwText(t.BreakEven))
}

// gbit prints a line rate as links are sold, with no trailing zeros:
// "10 Gbit/s", "100 Gbit/s".
func gbit(bw breakeven.Bandwidth) string {
	return strconv.FormatFloat(float64(bw/breakeven.Gbps), 'g', 4, 64) + " Gbit/s"
}
