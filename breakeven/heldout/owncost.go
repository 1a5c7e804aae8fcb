package heldout

import (
	"fmt"
	"math"
	"sort"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
)

// OwnCost is what a setup's own per-request cost (calc --request-cost)
// buys on the held-out runs: for each setup with two priced runs or
// more, its cost is read from the run of its shortest prompt (the
// measured time less the fitted time without its per-request cost, at
// least zero), and its other runs are priced by the fitted model with
// that cost in place of the fitted ones (calibration.Model.WithRequestCost).
// The run the cost is read from is not scored, so every scored run is
// priced with a cost from another run of its setup.
type OwnCost struct {
	// Setups is the number of setups with two runs or more; Scored their
	// runs less the one each cost is read from.
	Setups, Scored int
	// Within and MedianAbsError score the scored runs with their setup's
	// cost; FittedWithin and FittedMedianAbsError the same runs with the
	// fitted costs.
	Within, FittedWithin                 int
	MedianAbsError, FittedMedianAbsError float64
}

// Setup names what a run shares with the others of its setup: everything
// its source states but the prompt (publisher, chip and count, engine,
// model, precision and parallelism).
func (r Run) Setup() string {
	return fmt.Sprintf("%s | %dx%s | %s | %s | %s | %s", r.Owner(), r.GPUs, r.Chip, r.Engine, r.Model, r.Precision, r.Parallel)
}

// OwnCostCheck scores the rows (Predict's, by m) with each setup's own
// per-request cost, as OwnCost says.
func OwnCostCheck(m calibration.Model, rows []Row) (OwnCost, error) {
	setups := map[string][]Row{}
	var keys []string
	for _, r := range rows {
		if !r.Priced() {
			continue
		}
		k := r.Setup()
		if _, ok := setups[k]; !ok {
			keys = append(keys, k)
		}
		setups[k] = append(setups[k], r)
	}
	sort.Strings(keys)
	var out OwnCost
	var own, fitted []float64
	for _, k := range keys {
		runs := setups[k]
		if len(runs) < 2 {
			continue
		}
		out.Setups++
		first := 0
		for i, r := range runs {
			if r.Tokens < runs[first].Tokens {
				first = i
			}
		}
		s := runs[first]
		c := breakeven.Seconds(math.Max(0, float64(s.TTFT-(s.Predicted.Value-s.Parts.PerRequest))))
		mc := m.WithRequestCost(c)
		for i, r := range runs {
			if i == first {
				continue
			}
			pm, g, par, err := price(r.Run)
			if err != nil {
				return OwnCost{}, fmt.Errorf("heldout: own cost: %s: %w", r.ID, err)
			}
			p, err := mc.PredictRequest(pm, breakeven.Tokens(r.Tokens), g, par, r.Engine)
			if err != nil {
				return OwnCost{}, fmt.Errorf("heldout: own cost: %s: %w", r.ID, err)
			}
			e := float64(p.Time.Value/r.TTFT) - 1
			own = append(own, math.Abs(e))
			fitted = append(fitted, math.Abs(r.Error))
			if calibration.IsWithin25(e) {
				out.Within++
			}
			if r.Within25 {
				out.FittedWithin++
			}
		}
	}
	out.Scored = len(own)
	if out.Scored == 0 {
		return out, fmt.Errorf("heldout: own cost: no setup has two priced runs")
	}
	out.MedianAbsError, out.FittedMedianAbsError = median(own), median(fitted)
	return out, nil
}

// median is the median of xs (sorted in place); xs is not empty.
func median(xs []float64) float64 {
	sort.Float64s(xs)
	n := len(xs)
	return (xs[(n-1)/2] + xs[n/2]) / 2
}
