package figures

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/sources"
)

// PrefillValidation draws notebook 11's validation: each priced published
// run's leave-one-source-out prediction (with its interval as a bar)
// against its measured time, both logarithmic, single requests, requests
// at a stated concurrency, prompts timed offline and batched throughputs
// apart, with the line of
// agreement and 25% either way. It is drawn in the notebook only, not
// written by reproduce.
func PrefillValidation() (*Figure, error) {
	m, _, err := calibration.Validated()
	if err != nil {
		return nil, err
	}
	byRegime := map[string]points{}
	lo, hi := 0.0, 0.0
	srcs := map[sources.SourceID]bool{}
	for _, r := range m.Rows {
		if !r.Priced() {
			continue
		}
		x, y := float64(r.Measured.Value), float64(r.Predicted.Value)
		byRegime[r.Regime()] = append(byRegime[r.Regime()], pt(x, y).withY(r.Predicted.Float()))
		for _, v := range []float64{x, float64(r.Predicted.Lo), float64(r.Predicted.Hi)} {
			if lo == 0 || v < lo {
				lo = v
			}
			hi = max(hi, v)
		}
		srcs[r.Source()] = true
	}
	if len(byRegime) == 0 {
		return nil, fmt.Errorf("figures: no priced run to draw")
	}
	lo, hi = logRange(lo/1.5, hi*1.5)
	s := m.Summary
	f := newFigure("prefill-validation",
		fmt.Sprintf("Prefill time, each source left out: median error %s, %s within 25%%, %s covered", breakeven.Percent(s.MedianAbsError), breakeven.Percent(s.Within25), breakeven.Percent(s.Coverage)),
		"measured (s, log scale)", "predicted, its source left out (s, log scale)")
	p := f.Plot
	logAxis(&p.X, lo, hi, plain)
	logAxis(&p.Y, lo, hi, plain)
	one, err := curve(p, []float64{lo, hi}, []float64{lo, hi}, solid(black))
	if err != nil {
		return nil, err
	}
	for _, k := range []float64{0.75, 1.25} {
		l, err := curve(p, []float64{lo, hi}, []float64{k * lo, k * hi}, dashed(black))
		if err != nil {
			return nil, err
		}
		if k == 1.25 {
			f.AddLegend("predicted = measured; dashed: 25% either way", one, l)
		}
	}
	for i, reg := range []struct{ key, text string }{
		{"request", "one request's time to first token"},
		{"concurrent", "mean time to first token at a stated concurrency"},
		{"offline", "one prompt timed inside the engine, no server"},
		{"throughput", "batched throughput, as one prompt's time"},
	} {
		ps := byRegime[reg.key]
		if len(ps) == 0 {
			continue
		}
		th, err := marks(p, ps, measuredGlyph(kindColors[i]))
		if err != nil {
			return nil, err
		}
		f.AddLegend(fmt.Sprintf("%s (%d runs; bars: the interval)", reg.text, len(ps)), th...)
	}
	f.Caption = fmt.Sprintf("Sources: the %d published runs of %d sources in data/prefill-validation.csv, each cited in sources/.", s.Priced, len(srcs))
	return f, nil
}
