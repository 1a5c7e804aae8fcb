package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// percent prints a fraction as a percentage with sig significant digits:
// "21%", "56.3%".
func percent(x float64, sig int) string { return breakeven.FormatSignificant(100*x, sig) + "%" }

// ceilStep rounds v up to a multiple of half its power of ten: 26.1 -> 30.
func ceilStep(v float64) float64 { return ceilTo(v, 2) }

// ceilTo rounds v up to a multiple of its power of ten over parts:
// ceilTo(105, 5) = 120.
func ceilTo(v, parts float64) float64 {
	step := math.Pow(10, math.Floor(math.Log10(v))) / parts
	return math.Ceil(v/step) * step
}

// MeanTTFTVsHitRate is figure 5: the mean time to first token against the
// hit rate, from the Lablup/VAST times. With offload, a hit loads and a
// miss recomputes and writes its cache out; without, every turn
// recomputes. The lines cross at the break-even hit rate; the test's own
// averages and DeepSeek's production hit rate are marked.
func MeanTTFTVsHitRate() (*Figure, error) {
	h := post.LablupHitRate()
	ds := sources.DeepSeekHitRate.Value
	rates := post.LinSpace(0, 1, curvePoints)
	pts := post.HitRateCurve(h, rates)
	xs := make([]float64, len(pts))
	mean, lo, hi := make([]float64, len(pts)), make([]float64, len(pts)), make([]float64, len(pts))
	ymax := float64(h.Recompute.Hi)
	for i, q := range pts {
		xs[i] = 100 * q.HitRate
		mean[i], lo[i], hi[i] = float64(q.Offload.Value), float64(q.Offload.Lo), float64(q.Offload.Hi)
		ymax = math.Max(ymax, hi[i])
	}

	f := newFigure("05-mean-ttft-vs-hit-rate",
		fmt.Sprintf("%s, contexts of about %s tokens: offloading pays above a %s hit rate",
			sources.LablupModel, breakeven.GroupThousands(float64(sources.LablupTokens.V()), 0), percent(h.BreakEvenH.Value, 2)),
		"hit rate, h (% of turns whose cache is found)", "mean time to first token (s)")
	p := f.Plot
	linearAxis(&p.X, 0, 100)
	p.X.Tick.Marker = linearTicks{10, 2}
	linearAxis(&p.Y, 0, ceilStep(ymax))

	// The break-even hit rate, with its interval.
	beBand := xband(100*h.BreakEvenH.Lo, 100*h.BreakEvenH.Hi, tint(black, 0.15))
	beRule := vrule(100*h.BreakEvenH.Value, dotted(black))
	p.Add(beBand, beRule)
	p.Add(newNote(100*h.BreakEvenH.Value, 0, fmt.Sprintf("break-even hit rate %s\np / (p + t_recompute - t_load)", percent(h.BreakEvenH.Value, 3)), black).
		align(draw.XLeft, draw.YBottom).offset(4, 4))

	// Without offload: every turn recomputes.
	noBand := yband(float64(h.Recompute.Lo), float64(h.Recompute.Hi), tint(vermillion, 0.3))
	noOffload := hrule(float64(h.Recompute.Value), solid(vermillion))
	p.Add(noBand, noOffload)
	// With offload: h t_load + (1 - h)(t_recompute + p).
	a, err := area(p, xs, lo, hi, tint(blue, 0.25))
	if err != nil {
		return nil, err
	}
	offload, err := curve(p, xs, mean, solid(blue))
	if err != nil {
		return nil, err
	}

	// DeepSeek's hit rate, and the mean the Lablup times give there.
	dsRule := vrule(100*ds.Value, dashed(purple))
	p.Add(dsRule)
	at := post.MeanTTFTAt(h, ds.Float())
	atDS, err := marks(p, points{pt(100*ds.Value, float64(at.Value))}, modelGlyph(blue))
	if err != nil {
		return nil, err
	}
	p.Add(newNote(100*ds.Value, float64(at.Value), fmt.Sprintf("%s at DeepSeek's %s", at.Value, percent(ds.Value, 3)), blue).
		align(draw.XLeft, draw.YBottom).offset(6, 4))

	// The test's own averages at its hit share: every turn after the
	// first hits.
	base, off := sources.LablupMeanBase.Value.Float(), sources.LablupMeanOffload.Value.Float()
	mBase, err := marks(p, points{pt(100*h.HitShare, base.Value).withY(base)}, measuredGlyph(vermillion))
	if err != nil {
		return nil, err
	}
	mOff, err := marks(p, points{pt(100*h.HitShare, off.Value).withY(off)}, measuredGlyph(blue))
	if err != nil {
		return nil, err
	}
	p.Add(newNote(100*h.HitShare, base.Value, fmt.Sprintf("measured %s", sources.LablupMeanBase.V()), vermillion).align(draw.XCenter, draw.YBottom).offset(0, 6))
	p.Add(newNote(100*h.HitShare, off.Value, fmt.Sprintf("measured %s", sources.LablupMeanOffload.V()), blue).align(draw.XLeft, draw.YBottom).offset(6, 4))

	f.AddLegend(fmt.Sprintf("with offload: h t_load + (1 - h)(t_recompute + p); t_load %s, p %s", h.Load.Value, h.Penalty.Value), offload)
	f.AddLegend("its interval from the rounded times", a)
	f.AddLegend(fmt.Sprintf("without offload: every turn recomputes, t_recompute %s", h.Recompute.Value), noOffload, noBand)
	f.AddLegend(fmt.Sprintf("the test's measured averages, %s of turns hits (bars: rounding)", percent(h.HitShare, 2)), append(mBase, mOff...)...)
	f.AddLegend("break-even hit rate (band: its interval)", beBand, beRule)
	f.AddLegend(fmt.Sprintf("DeepSeek's hit rate over one day of production, %s", percent(ds.Value, 3)), dsRule)
	f.AddLegend("Lablup/VAST's times at DeepSeek's hit rate", atDS...)

	var src sourceList
	src.add(sources.LablupMissBase, sources.LablupHitOffload, sources.LablupMeanOffload, sources.DeepSeekHitRate)
	f.Caption = caption(src...)
	return f, nil
}
