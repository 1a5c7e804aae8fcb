package figures

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calculator"
)

// The figures of notebook 10, drawn from the calculator's answers: the
// numbers are calc's, the figures only place them.

// AnswerTTFT draws one calculator answer as ScenarioTTFT does: time to
// first token against link bandwidth, at line rate.
func AnswerTTFT(a calculator.Answer) (*Figure, error) {
	in := a.Input
	f, err := ScenarioTTFT(in.Name, breakeven.Scenario{Arch: in.Arch, Tokens: in.Tokens, Prefill: in.Prefill, Link: in.Link.Total()})
	if err != nil {
		return nil, err
	}
	if a.Output.LoadLatencySeconds != nil || a.Output.LoadEfficiency != nil {
		f.Caption += " The curve is the load at line rate, without the fixed cost and efficiency of the table."
	}
	return f, nil
}

// CompareBreakEvens draws the break-even of each compared model, one row
// a model, against the link they share.
func CompareBreakEvens(cases []calculator.Case) (*Figure, error) {
	var ok []calculator.Case
	for _, c := range cases {
		if c.Err == nil {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return nil, fmt.Errorf("figures: no model to compare answered")
	}
	first := ok[0].Answer
	f := newFigure("compare-break-evens",
		fmt.Sprintf("Break-evens of %d models: %s tokens on %s", len(ok), first.Input.Tokens, first.Output.GPUs),
		"break-even B* (GB/s, log scale)", "")
	p := f.Plot
	link := gbps(first.Input.Link.Total())
	lo, hi := link, link
	var ps points
	var ticks []plot.Tick
	ranged := false
	for i, c := range ok {
		be := gbps(c.Answer.Result.BreakEven)
		y := float64(len(ok) - 1 - i)
		q := pt(be, y)
		// The break-even over the prefill's interval, where it has one
		// bounded at both ends.
		if o := c.Answer.Output; o.BreakEvenLowBytesPerSecond != nil && o.BreakEvenHighBytesPerSecond != nil {
			q = q.withX(breakeven.Estimate[float64]{Value: be, Lo: gbps(breakeven.Bandwidth(*o.BreakEvenLowBytesPerSecond)), Hi: gbps(breakeven.Bandwidth(*o.BreakEvenHighBytesPerSecond))})
			ranged = ranged || q.hasX
		}
		ps = append(ps, q)
		ticks = append(ticks, plot.Tick{Value: y, Label: c.Label})
		lo, hi = math.Min(lo, q.xlo), math.Max(hi, q.xhi)
	}
	xlo, xhi := logRange(lo/2, hi*2)
	logAxis(&p.X, xlo, xhi, plain)
	p.Y.Min, p.Y.Max = -0.7, float64(len(ok))-0.3
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	r := vrule(link, solid(black))
	p.Add(r)
	// The link's label reads away from the nearer edge of the plot, as
	// ScenarioTTFT's do: to the left of its line in the axis's right half.
	linkNote := newNote(link, float64(len(ok))-0.45, "link "+first.Input.Link.Total().String(), black)
	if inRightHalf(link, xlo, xhi) {
		linkNote.align(draw.XRight, draw.YBottom).offset(-4, 0)
	} else {
		linkNote.offset(4, 0)
	}
	p.Add(linkNote)
	m, err := marks(p, ps, modelGlyph(blue))
	if err != nil {
		return nil, err
	}
	legend := "break-even B* = r x b: loading wins where the link is to its right"
	if ranged {
		legend += "; bars: B* over the prefill's interval"
	}
	f.AddLegend(legend, m...)
	f.AddLegend(fmt.Sprintf("the link, %s (%s)", first.Input.Link.Total(), first.Input.Link.Total().Bits()), r)
	f.Caption = "Computed by the calculator from the inputs given (each model's prefill estimated on the same GPUs, by the fitted prefill model or at the MFU given); no published measurement is shown."
	return f, nil
}

// SweepTTFT draws the recompute and load times (and the mean with a hit
// rate) for each value of a swept input, on a log time axis.
//
// A sweep of links is drawn from the slowest link to the fastest,
// whatever the order of the values; other inputs in the order given. The
// title names the model and the prompt the sweep holds fixed.
func SweepTTFT(input string, cases []calculator.Case) (*Figure, error) {
	var ok []calculator.Case
	for _, c := range cases {
		if c.Err == nil {
			ok = append(ok, c)
		}
	}
	if input == "link" {
		sort.SliceStable(ok, func(i, j int) bool {
			return ok[i].Answer.Input.Link.Total() < ok[j].Answer.Input.Link.Total()
		})
	}
	var names []string
	var rec, load, mean points
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range ok {
		x := float64(len(names))
		names = append(names, c.Label)
		r, l := float64(c.Answer.Result.Recompute), float64(c.Answer.Result.Load)
		rec, load = append(rec, pt(x, r)), append(load, pt(x, l))
		lo, hi = math.Min(lo, math.Min(r, l)), math.Max(hi, math.Max(r, l))
		if m := c.Answer.Output.MeanTTFTSeconds; m != nil {
			mean = append(mean, pt(x, *m))
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("figures: no value of the sweep answered")
	}
	in := ok[0].Answer.Input
	what := strings.ReplaceAll(input, "-", " ")
	axis := what + " (as given)"
	title := fmt.Sprintf("%s, %s-token prompt: time to first token by %s", in.Name, in.Tokens, what)
	if input == "link" {
		axis = "link, slowest to fastest (as given, with its bandwidth)"
		for i, c := range ok {
			names[i] = c.Label + "\n" + c.Answer.Input.Link.Total().String()
		}
	}
	if input == "tokens" {
		title = fmt.Sprintf("%s: time to first token by prompt length", in.Name)
	}
	f := newFigure("sweep-ttft", title, axis, "time to first token (s, log scale)")
	p := f.Plot
	nominalX(p, 0.5, names...)
	ylo, yhi := logRange(lo/2, hi*2)
	logAxis(&p.Y, ylo, yhi, plain)
	rm, err := marks(p, rec, modelGlyph(vermillion))
	if err != nil {
		return nil, err
	}
	lm, err := marks(p, load, measuredGlyph(blue))
	if err != nil {
		return nil, err
	}
	f.AddLegend("recompute: N / r", rm...)
	f.AddLegend("load: cache / link", lm...)
	if len(mean) == len(names) {
		mm, err := marks(p, mean, modelGlyph(black))
		if err != nil {
			return nil, err
		}
		f.AddLegend("mean time to first token at the hit rate", mm...)
	}
	f.Caption = "Computed by the calculator from the inputs given; no published measurement is shown."
	return f, nil
}
