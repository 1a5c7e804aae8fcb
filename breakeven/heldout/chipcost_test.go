package heldout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
)

// Worked by hand: a run on an H100 that pays 0.1 s of a 1 s prediction
// takes the H100's own cost of 0.5 s instead (1.4 s, its measured time:
// error 0); a run on an A100, whose chip has no cost of its own, keeps
// 1 s against 1.4 s measured (-28.6%, outside 25%); a run on an H100
// that pays no per-request cost keeps 1 s against 1.1 s (-9.1%). The
// median error is the middle one's, 9.1%.
func TestRepriceByChipChangesOnlyTheCostsOfChipsThatHaveOne(t *testing.T) {
	row := func(chip string, predicted, cost, measured breakeven.Seconds) Row {
		return Row{
			Run:       Run{ID: chip, Model: "Llama 3.1 8B", Chip: chip, Precision: "BF16", GPUs: 1, Tokens: 8000, TTFT: measured},
			Predicted: breakeven.Estimate[breakeven.Seconds]{Value: predicted},
			Parts:     prefill.RequestParts{PerRequest: cost},
		}
	}
	rows := []Row{row("H100", 1, 0.1, 1.4), row("A100", 1, 0.1, 1.4), row("H100", 1, 0, 1.1),
		{Run: Run{ID: "unpriced"}, Reason: "no such chip"}}
	got, err := RepriceByChip(rows, map[string]breakeven.Seconds{"H100, dense": 0.5, "H100, mixture of experts": 9})
	require.NoError(t, err)
	assert.Equal(t, 3, got.Priced, "the unpriced row is left out")
	assert.Equal(t, 2, got.Within)
	assert.InDelta(t, 0.1/1.1, got.MedianAbsError, 1e-12)
}

// On the published runs, a chip and kind gets a cost only where its
// single requests come from two sources or more, the cost is never
// negative, and a positive one is a median of those requests' measured
// time less the fitted time without its cost: at least half of them
// take that long or longer, and at least half that long or less.
func TestPublishedChipCostsAreMediansOverChipsTwoSourcesShow(t *testing.T) {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	runs := calibration.Runs()
	costs := PublishedChipCosts(m, runs)
	require.NotEmpty(t, costs)
	srcs := map[string]map[string]bool{}
	left := map[string][]float64{}
	for _, r := range runs {
		if !r.Priced() || !r.PerRequest {
			continue
		}
		l := GroupLabel(r.Chip, r.FLOP.Sparse())
		if srcs[l] == nil {
			srcs[l] = map[string]bool{}
		}
		srcs[l][string(r.Source())] = true
		left[l] = append(left[l], float64(r.Measured.Value-m.Fit.Predict(r)+m.Fit.RequestCost(r)))
	}
	for l, s := range srcs {
		_, ok := costs[l]
		assert.Equal(t, len(s) >= 2, ok, "%s: %d sources", l, len(s))
	}
	for l, c := range costs {
		assert.GreaterOrEqual(t, float64(c), 0.0, l)
		if c == 0 {
			continue
		}
		above, below := 0, 0
		for _, x := range left[l] {
			if x >= float64(c)-1e-12 {
				above++
			}
			if x <= float64(c)+1e-12 {
				below++
			}
		}
		n := len(left[l])
		assert.GreaterOrEqual(t, 2*above, n, l)
		assert.GreaterOrEqual(t, 2*below, n, l)
	}
}
