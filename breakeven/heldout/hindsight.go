package heldout

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
)

// Hindsight is the most runs the fitted structure could have put within
// 25% had its constants been chosen on the held-out runs themselves: one
// factor on every part of a predicted time but its per-request cost (the
// FLOPs, memory traffic, weight read and communication, scaled together)
// and one per-request cost for dense models and one for mixtures of
// experts, each at least zero. It is an upper bound for the structure,
// not a model: no prediction uses it. If it falls short of
// calibration.TargetWithin25, no refit of these constants, on any runs,
// can meet that target on these runs; what is missing is a variable.
type Hindsight struct {
	// Within runs of Priced are within 25% at Scale, Dense and Sparse;
	// Target is the number the target share asks for
	// (TargetWithin25Runs).
	Within, Priced, Target int
	// Scale multiplies the parts other than the per-request cost.
	Scale float64
	// Dense and Sparse are the per-request costs of a dense model and of a
	// mixture of experts.
	Dense, Sparse breakeven.Seconds
	// MedianAbsError is the median absolute error at those values (they
	// are chosen for the count within 25%, not for the median).
	MedianAbsError float64
	// Grouping says which runs share a per-request cost, and Costs gives
	// each group's (by its label, GroupLabel) where one of its runs pays
	// one; Dense and Sparse are set for ByKind alone.
	Grouping Grouping
	Costs    map[string]breakeven.Seconds
}

// Grouping says which runs share a per-request cost in a hindsight
// search: the kind of model always splits them (a dense model's cost
// and a mixture of experts' differ), and a finer grouping splits each
// kind further, by a variable a run carries.
type Grouping int

const (
	// ByKind gives one cost to dense models and one to mixtures of
	// experts: the fitted structure's two costs.
	ByKind Grouping = iota
	// ByEngine gives each engine, as the run's source names it
	// (vllm, sglang, trtllm, ...), a cost of its own for each kind. These
	// names are finer than calibration.EngineKind's families (it puts
	// "hf-transformers" and "atom" both in "other"), so a count by engine
	// bounds what a cost for each family could reach.
	ByEngine
	// ByPublisher gives each publisher (Run.Owner) a cost of its own for
	// each kind: as near as the runs come to a cost for each setup.
	ByPublisher
	// ByChip gives each chip, as the run's source names it (H100,
	// MI300X), a cost of its own for each kind: unlike the engine or the
	// publisher, a variable every prompt priced comes with.
	ByChip
)

func (g Grouping) String() string {
	switch g {
	case ByKind:
		return "for each kind of model"
	case ByEngine:
		return "for each engine and kind of model"
	case ByPublisher:
		return "for each publisher and kind of model"
	case ByChip:
		return "for each chip and kind of model"
	}
	return fmt.Sprintf("Grouping(%d)", int(g))
}

// of is the name a run's group carries beyond its kind: none for
// ByKind, the engine's, the publisher's or the chip's.
func (g Grouping) of(r Run) string {
	switch g {
	case ByEngine:
		if e := strings.ToLower(strings.TrimSpace(r.Engine)); e != "" {
			return e
		}
		return "engine not stated"
	case ByPublisher:
		return r.Owner()
	case ByChip:
		return r.Chip
	}
	return ""
}

// GroupLabel names a group of runs sharing a cost: its kind of model,
// after the engine's, publisher's or chip's name where the grouping has one.
func GroupLabel(name string, sparse bool) string {
	kind := "dense"
	if sparse {
		kind = "mixture of experts"
	}
	if name == "" {
		return kind
	}
	return name + ", " + kind
}

// Share is Within / Priced.
func (h Hindsight) Share() float64 {
	if h.Priced == 0 {
		return 0
	}
	return float64(h.Within) / float64(h.Priced)
}

// hindRun is a priced run as Hindsight sees it: the predicted time less
// its per-request cost (rest), whether it pays a per-request cost at all,
// whether its model is a mixture of experts, and the measured time.
type hindRun struct {
	rest, measured float64
	paysCost       bool
	sparse         bool
	group          string // beyond its kind: the engine, publisher or chip (Grouping.of)
}

// label is the run's group's label: runs of one label share a cost.
func (r hindRun) label() string { return GroupLabel(r.group, r.sparse) }

// at is the run's time at scale k and per-request cost c.
func (r hindRun) at(k, c float64) float64 {
	t := k * r.rest
	if r.paysCost {
		t += c
	}
	return t
}

// HindsightOf computes Hindsight exactly on the priced rows. A run is
// within 25% where 0.75 m <= k x rest + c <= 1.25 m, a band in (k, c);
// for a given k the best cost of each kind is the point most of its
// runs' intervals of c hold, and the count changes with k only where
// two of those intervals' ends cross (or one crosses c = 0, or a run
// that pays no cost enters or leaves its band), so it is evaluated at
// every such k: with closed bands the most is reached at one of them.
// It fails when no row is priced, or a priced row has no positive
// measured time or a model that cannot be read.
func HindsightOf(rows []Row) (Hindsight, error) { return HindsightBy(rows, ByKind) }

// HindsightBy is HindsightOf with a per-request cost for each group of
// runs g makes, each chosen on the runs themselves: the more groups, the
// more a hindsight choice can fit, so a grouping that still falls short
// of the target says a cost for that variable would not meet it either.
func HindsightBy(rows []Row, g Grouping) (Hindsight, error) {
	var runs []hindRun
	for _, r := range rows {
		if !r.Priced() {
			continue
		}
		if !(r.TTFT > 0) {
			return Hindsight{}, fmt.Errorf("heldout: hindsight: %s: measured time %v is not positive (e.g. ttft_seconds 0.5)", r.ID, float64(r.TTFT))
		}
		pm, _, _, err := price(r.Run)
		if err != nil {
			return Hindsight{}, fmt.Errorf("heldout: hindsight: %s: %w", r.ID, err)
		}
		total, cost := float64(r.Predicted.Value), float64(r.Parts.PerRequest)
		runs = append(runs, hindRun{rest: total - cost, measured: float64(r.TTFT), paysCost: cost > 0, sparse: pm.Sparse(), group: g.of(r.Run)})
	}
	if len(runs) == 0 {
		return Hindsight{}, fmt.Errorf("heldout: hindsight: no priced run")
	}
	h := bestWithin(runs)
	h.Priced = len(runs)
	h.Target = TargetWithin25Runs(h.Priced)
	h.Grouping = g
	if g != ByKind {
		h.Dense, h.Sparse = 0, 0
	}
	var abs []float64
	for _, r := range runs {
		abs = append(abs, math.Abs(r.at(h.Scale, float64(h.Costs[r.label()]))/r.measured-1))
	}
	h.MedianAbsError = median(abs)
	return h, nil
}

// band is the run's closed interval of c at scale k that puts it within
// 25%, c >= 0; ok is false where there is none.
func (r hindRun) band(k float64) (lo, hi float64, ok bool) {
	lo, hi = math.Max(0.75*r.measured-k*r.rest, 0), 1.25*r.measured-k*r.rest
	return lo, hi, hi >= lo
}

// stab returns the most of the runs' bands at scale k that one c holds,
// and that c (0 where no band exists).
func stab(runs []hindRun, k float64) (int, float64) {
	type end struct {
		c     float64
		start bool
	}
	var ends []end
	for _, r := range runs {
		if lo, hi, ok := r.band(k); ok {
			ends = append(ends, end{lo, true}, end{hi, false})
		}
	}
	// Closed bands: at equal c a start comes before an end.
	sort.Slice(ends, func(i, j int) bool {
		if ends[i].c != ends[j].c {
			return ends[i].c < ends[j].c
		}
		return ends[i].start && !ends[j].start
	})
	best, at, n := 0, 0.0, 0
	for _, e := range ends {
		if e.start {
			n++
			if n > best {
				best, at = n, e.c
			}
		} else {
			n--
		}
	}
	return best, at
}

// bestWithin searches every k at which the count can change. Runs that
// pay a cost share it with the runs of their label; the best cost of
// each label is found apart, at each k.
func bestWithin(runs []hindRun) Hindsight {
	var fixed []hindRun
	groups := map[string][]hindRun{}
	var labels []string
	for _, r := range runs {
		if !r.paysCost {
			fixed = append(fixed, r)
			continue
		}
		l := r.label()
		if _, ok := groups[l]; !ok {
			labels = append(labels, l)
		}
		groups[l] = append(groups[l], r)
	}
	sort.Strings(labels)
	ks := []float64{0, 1}
	// Where a run that pays no cost enters or leaves its band.
	for _, r := range fixed {
		if r.rest > 0 {
			ks = append(ks, 0.75*r.measured/r.rest, 1.25*r.measured/r.rest)
		}
	}
	// Where two ends of one group's bands cross, or an end crosses c = 0:
	// each end is a - k x rest.
	for _, l := range labels {
		type line struct{ a, slope float64 }
		var ls []line
		for _, r := range groups[l] {
			ls = append(ls, line{0.75 * r.measured, r.rest}, line{1.25 * r.measured, r.rest})
		}
		for i, l := range ls {
			if l.slope > 0 {
				ks = append(ks, l.a/l.slope)
			}
			for _, m := range ls[i+1:] {
				if l.slope != m.slope {
					ks = append(ks, (l.a-m.a)/(l.slope-m.slope))
				}
			}
		}
	}
	// And between each two neighbours, lest a vertex be missed by a
	// rounding.
	sort.Float64s(ks)
	for i, n := 0, len(ks); i+1 < n; i++ {
		if ks[i+1] > ks[i] {
			ks = append(ks, (ks[i]+ks[i+1])/2)
		}
	}
	best := Hindsight{Within: -1}
	for _, k := range ks {
		if !(k >= 0) || math.IsInf(k, 0) {
			continue
		}
		n := 0
		for _, r := range fixed {
			if math.Abs(r.at(k, 0)-r.measured) <= 0.25*r.measured {
				n++
			}
		}
		costs := map[string]breakeven.Seconds{}
		for _, l := range labels {
			nl, cl := stab(groups[l], k)
			n += nl
			costs[l] = breakeven.Seconds(cl)
		}
		if n > best.Within || (n == best.Within && math.Abs(k-1) < math.Abs(best.Scale-1)) {
			best = Hindsight{Within: n, Scale: k, Costs: costs,
				Dense: costs[GroupLabel("", false)], Sparse: costs[GroupLabel("", true)]}
		}
	}
	return best
}

// TargetWithin25Runs is the number of runs of n that the target share
// within 25% asks for.
func TargetWithin25Runs(n int) int {
	return int(math.Ceil(calibration.TargetWithin25*float64(n) - 1e-9))
}
