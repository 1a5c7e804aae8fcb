package figures

import (
	"fmt"
	"image/color"
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/measure"
)

// The figure of notebook 13, drawn from a breakeven measure result: the
// numbers are measure's, the figure only places them. It is not one of
// All's figures: a measurement belongs to the machine that took it.

// MeasuredTTFT draws a measurement against prompt length: the cold time
// to first token at each length (median, bars p10 to p90) with the fitted
// t(N), the cached and the restored times to first token, and the time
// the engine took to restore the saved cache.
func MeasuredTTFT(res measure.Result) (*Figure, error) {
	if len(res.Points) < 2 || res.PrefillFit == nil {
		return nil, fmt.Errorf("figures: a measurement needs two prompt lengths or more to draw")
	}
	var cold, cached, restored, load points
	lo, hi := math.Inf(1), 0.0
	for _, p := range res.Points {
		n := float64(p.Tokens)
		add := func(ps *points, s measure.Spread) {
			if s.N == 0 || !(s.P50 > 0) {
				return
			}
			*ps = append(*ps, pt(n, s.P50).withY(breakeven.Estimate[float64]{Value: s.P50, Lo: s.P10, Hi: s.P90}))
			lo, hi = math.Min(lo, s.P10), math.Max(hi, s.P90)
		}
		add(&cold, p.ColdTTFT)
		add(&cached, p.CachedTTFT)
		add(&restored, p.RestoredTTFT)
		add(&load, p.RestoreSeconds)
	}
	first, last := float64(res.Points[0].Tokens), float64(res.Points[len(res.Points)-1].Tokens)
	var xs, fit []float64
	for i := 0; i <= 60; i++ {
		n := first * math.Pow(last/first, float64(i)/60)
		xs = append(xs, n)
		fit = append(fit, res.PrefillFit.Seconds(n))
	}
	ylo, yhi := logRange(lo/2, hi*2)
	xlo, xhi := logRange(first/1.5, last*1.5)
	f := newFigure("13-measured-ttft",
		fmt.Sprintf("%s on %s: time to first token against prompt length", res.Model.Name, res.Provenance.Engine),
		"prompt length, N (tokens, log scale)", "time (s, log scale)")
	p := f.Plot
	logAxis(&p.X, xlo, xhi, tokensTick)
	logAxis(&p.Y, ylo, yhi, plain)
	fitLine, err := curve(p, xs, fit, solid(vermillion))
	if err != nil {
		return nil, err
	}
	ft := res.PrefillFit
	f.AddLegend("fitted "+ft.String(), fitLine)
	for _, s := range []struct {
		ps    points
		c     color.Color
		label string
	}{
		{cold, vermillion, "cold time to first token (a prompt no cache holds): median, bars p10 to p90"},
		{cached, green, "cached: the same prompt again, from the engine's prefix cache"},
		{restored, purple, "after the cache was saved, erased and restored from storage"},
		{load, blue, "the restore itself, as the engine timed it"},
	} {
		if len(s.ps) == 0 {
			continue
		}
		th, err := marks(p, s.ps, measuredGlyph(s.c))
		if err != nil {
			return nil, err
		}
		f.AddLegend(s.label, th...)
	}
	f.Caption = "Measured by breakeven measure: " + res.Source() + "."
	if res.Provenance.RandomWeights {
		f.Caption += " The weights are random, in the real model's shape: the times are the shape's, the text meaningless."
	}
	return f, nil
}
