package heldout

import (
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
)

// Repriced is the held-out runs priced again with a per-request cost of
// their own for some groups of runs, the fitted model's in every other
// part and run: not a hindsight bound but a prediction, its costs fitted
// on the published runs alone.
type Repriced struct {
	// Costs are the groups' costs, by label (GroupLabel of the chip and
	// kind of model).
	Costs map[string]breakeven.Seconds
	// Within runs of Priced are within 25%; MedianAbsError is the median
	// absolute error.
	Within, Priced int
	MedianAbsError float64
}

// PublishedChipCosts fits a per-request cost for each chip and kind of
// model on the published runs as the fitted model m prices them: for
// each chip whose priced single requests of one kind (one request, or
// one among a stated concurrency) come from two sources or more, the
// median over those runs of the measured time less m's time for the run
// without its per-request cost, at least zero. It is the rule
// calibration.EngineRequestCost uses for an engine's own cost (two
// sources or more), with the chip in place of the engine and m's other
// constants kept; a chip and kind fewer sources show keep m's cost.
func PublishedChipCosts(m calibration.Model, published []calibration.Run) map[string]breakeven.Seconds {
	rest := map[string][]float64{}
	srcs := map[string]map[string]bool{}
	for _, r := range published {
		if !r.Priced() || !r.PerRequest {
			continue
		}
		l := GroupLabel(r.Chip, r.FLOP.Sparse())
		rest[l] = append(rest[l], float64(r.Measured.Value-(m.Fit.Predict(r)-m.Fit.RequestCost(r))))
		if srcs[l] == nil {
			srcs[l] = map[string]bool{}
		}
		srcs[l][string(r.Source())] = true
	}
	costs := map[string]breakeven.Seconds{}
	for l, xs := range rest {
		if len(srcs[l]) < 2 {
			continue
		}
		costs[l] = breakeven.Seconds(math.Max(0, median(xs)))
	}
	return costs
}

// RepriceByChip prices the rows again with costs (PublishedChipCosts) in
// place of the fitted per-request cost, for each run that pays one and
// whose chip and kind have a cost there; every other run keeps its
// fitted time.
func RepriceByChip(rows []Row, costs map[string]breakeven.Seconds) (Repriced, error) {
	out := Repriced{Costs: costs}
	var abs []float64
	for _, r := range rows {
		if !r.Priced() {
			continue
		}
		pm, _, _, err := price(r.Run)
		if err != nil {
			return Repriced{}, err
		}
		t := r.Predicted.Value
		if c, ok := costs[GroupLabel(r.Chip, pm.Sparse())]; ok && r.Parts.PerRequest > 0 {
			t += c - r.Parts.PerRequest
		}
		e := float64(t/r.TTFT) - 1
		abs = append(abs, math.Abs(e))
		if calibration.IsWithin25(e) {
			out.Within++
		}
	}
	out.Priced = len(abs)
	if len(abs) == 0 {
		return out, nil
	}
	out.MedianAbsError = median(abs)
	return out, nil
}
