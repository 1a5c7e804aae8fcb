package replay

import "math"

// Histogram counts durations in milliseconds: exactly below one second,
// then in bins a thousandth of a decade wide (0.23%), so a million hits
// take a few kilobytes and a percentile is off by at most that much.
type Histogram struct {
	counts []int64 // by bin
	n      int64
}

// NewHistogram returns an empty histogram.
func NewHistogram() *Histogram { return &Histogram{} }

const (
	exactBelow = 1000 // ms counted exactly
	perDecade  = 1000 // bins per decade above
)

func bin(ms int64) int {
	if ms < exactBelow {
		if ms < 0 {
			return 0
		}
		return int(ms)
	}
	return exactBelow + int(math.Floor((math.Log10(float64(ms))-3)*perDecade))
}

// low is the smallest duration in bin i.
func low(i int) float64 {
	if i < exactBelow {
		return float64(i)
	}
	return math.Pow(10, 3+float64(i-exactBelow)/perDecade)
}

// mid is the duration that stands for bin i: itself below one second,
// else the bin's geometric middle.
func mid(i int) float64 {
	if i < exactBelow {
		return float64(i)
	}
	return math.Sqrt(low(i) * low(i+1))
}

// Add counts one duration.
func (h *Histogram) Add(ms int64) {
	b := bin(ms)
	if b >= len(h.counts) {
		h.counts = append(h.counts, make([]int64, b+1-len(h.counts))...)
	}
	h.counts[b]++
	h.n++
}

// Count is the number of durations added.
func (h *Histogram) Count() int64 { return h.n }

// bins lists the bins that hold a duration, in order.
func (h *Histogram) bins() []int {
	var keys []int
	for k, c := range h.counts {
		if c > 0 {
			keys = append(keys, k)
		}
	}
	return keys
}

// Quantile is the duration in milliseconds below which a share q of the
// durations fall (the nearest-rank percentile); NaN when empty.
func (h *Histogram) Quantile(q float64) float64 {
	if h.n == 0 {
		return math.NaN()
	}
	rank := int64(math.Ceil(q * float64(h.n)))
	if rank < 1 {
		rank = 1
	}
	var seen int64
	keys := h.bins()
	for _, k := range keys {
		seen += h.counts[k]
		if seen >= rank {
			return mid(k)
		}
	}
	return mid(keys[len(keys)-1])
}

// CDF is the share of durations at most ms long (to the bin that holds
// ms); 0 when empty.
func (h *Histogram) CDF(ms float64) float64 {
	if h.n == 0 {
		return 0
	}
	b := bin(int64(math.Floor(ms)))
	var seen int64
	for k := 0; k <= b && k < len(h.counts); k++ {
		seen += h.counts[k]
	}
	return float64(seen) / float64(h.n)
}

// Point is one step of a CDF: the share of durations at most Ms long.
type Point struct {
	Ms    float64
	Share float64
}

// Points is the histogram's CDF, one point per bin held.
func (h *Histogram) Points() []Point {
	var out []Point
	var seen int64
	for _, k := range h.bins() {
		seen += h.counts[k]
		out = append(out, Point{mid(k), float64(seen) / float64(h.n)})
	}
	return out
}
