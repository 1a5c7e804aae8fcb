package post

import (
	"math"

	"signalweight.dev/kv/breakeven"
)

// LogSpace returns n values from lo to hi, evenly spaced on a log scale,
// both ends included: the x values of a curve on a log axis. It returns
// nil unless 0 < lo < hi and n >= 2.
func LogSpace(lo, hi float64, n int) []float64 {
	if !(lo > 0 && hi > lo) || n < 2 || math.IsInf(hi, 0) {
		return nil
	}
	out := make([]float64, n)
	a, b := math.Log10(lo), math.Log10(hi)
	for i := range out {
		out[i] = math.Pow(10, a+(b-a)*float64(i)/float64(n-1))
	}
	out[0], out[n-1] = lo, hi
	return out
}

// LinSpace returns n values from lo to hi, evenly spaced, both ends
// included. It returns nil for n < 2.
func LinSpace(lo, hi float64, n int) []float64 {
	if n < 2 {
		return nil
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	out[n-1] = hi
	return out
}

// TTFTPoint is a test prompt's time to first token over one link: the
// recompute, which the link does not change, and the load.
type TTFTPoint struct {
	Link      breakeven.Bandwidth
	Recompute E[breakeven.Seconds] // N / r
	Load      breakeven.Seconds    // N b / B
}

// TTFTCurve returns the time to first token of a test's prompt at each
// link bandwidth, recomputed and loaded. The two cross at the test's
// break-even, B* = r x b.
func TTFTCurve(row BreakEvenRow, links []breakeven.Bandwidth) []TTFTPoint {
	n := row.Test.Tokens.V()
	recompute := breakeven.Apply1(row.Prefill, func(r breakeven.TokenRate) breakeven.Seconds { return breakeven.RecomputeTime(n, r) })
	out := make([]TTFTPoint, len(links))
	for i, bw := range links {
		out[i] = TTFTPoint{Link: bw, Recompute: recompute, Load: breakeven.LoadTime(row.Cache, bw)}
	}
	return out
}

// SpeedupCurve returns the speedup a link gives a test, B / B*, at each
// link bandwidth, with the interval the break-even carries.
func SpeedupCurve(row BreakEvenRow, links []breakeven.Bandwidth) []E[float64] {
	out := make([]E[float64], len(links))
	for i, bw := range links {
		out[i] = breakeven.Apply2(breakeven.Exact(bw), row.BreakEven, breakeven.Speedup)
	}
	return out
}

// MeanTTFTAt returns the mean time to first token with offload at hit
// rate h, from the Lablup/VAST times: h t_load + (1 - h)(t_recompute + p),
// with the interval of the rounded times (and of h).
func MeanTTFTAt(hr HitRate, h E[float64]) E[breakeven.Seconds] {
	return breakeven.Apply4(h, hr.Load, hr.Recompute, hr.Penalty, func(h float64, tl, tr, p breakeven.Seconds) breakeven.Seconds {
		// h is clamped into [0, 1]: an interval at an end of the range
		// reaches past it only by rounding.
		v, _ := breakeven.MeanTTFT(math.Min(1, math.Max(0, h)), tl, tr, p)
		return v
	})
}

// HitRatePoint is the mean time to first token at one hit rate, with and
// without offload.
type HitRatePoint struct {
	HitRate float64
	Offload E[breakeven.Seconds] // h t_load + (1 - h)(t_recompute + p)
	// NoOffload is every turn recomputed, t_recompute: the line the
	// offload curve crosses at the break-even hit rate.
	NoOffload E[breakeven.Seconds]
}

// HitRateCurve returns the mean time to first token at each hit rate, from
// the Lablup/VAST times.
func HitRateCurve(hr HitRate, rates []float64) []HitRatePoint {
	out := make([]HitRatePoint, len(rates))
	for i, h := range rates {
		out[i] = HitRatePoint{HitRate: h, Offload: MeanTTFTAt(hr, breakeven.Exact(h)), NoOffload: hr.Recompute}
	}
	return out
}
