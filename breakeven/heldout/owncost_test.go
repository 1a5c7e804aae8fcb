package heldout

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
)

// Worked from the fitted parts: one setup's three runs whose measured
// times are the fitted time without its per-request cost plus 50 ms.
// The shortest run gives the setup a cost of 50 ms, and the other two
// are then priced exactly (error 0); a fourth run alone in its setup,
// and the run the cost came from, are not scored. Scored with the
// fitted cost instead, each is off by the fitted cost less 50 ms.
func TestOwnCostPricesASetupsRunsWithTheCostOfItsShortestRun(t *testing.T) {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	base := Run{Model: "Llama 3.1 8B", Chip: "H100", GPUs: 1, Precision: "BF16", Parallel: "tp1", Engine: "vllm", URL: "https://github.com/example/runs", TTFT: 1}
	var runs []Run
	for i, n := range []int{1000, 8000, 32000} {
		r := base
		r.ID, r.Tokens = "r"+string(rune('a'+i)), n
		runs = append(runs, r)
	}
	alone := base
	alone.ID, alone.Tokens, alone.Chip = "alone", 4000, "A100"
	runs = append(runs, alone)
	first := Predict(m, runs)
	for i := range runs {
		require.True(t, first[i].Priced(), first[i].Reason)
		runs[i].TTFT = first[i].Predicted.Value - first[i].Parts.PerRequest + 0.05
	}
	rows := Predict(m, runs)
	got, err := OwnCostCheck(m, rows)
	require.NoError(t, err)
	assert.Equal(t, 1, got.Setups)
	assert.Equal(t, 2, got.Scored)
	assert.Equal(t, 2, got.Within)
	assert.InDelta(t, 0, got.MedianAbsError, 1e-9)
	var fitted []float64
	for _, r := range rows[1:3] {
		fitted = append(fitted, math.Abs(float64(r.Parts.PerRequest-0.05)/float64(r.TTFT)))
	}
	assert.InDelta(t, (fitted[0]+fitted[1])/2, got.FittedMedianAbsError, 1e-9)

	// A setup whose runs are faster than the fitted time without its cost
	// gets a cost of zero, never a negative one.
	for i := range runs[:3] {
		runs[i].TTFT = (first[i].Predicted.Value - first[i].Parts.PerRequest) / 2
	}
	got, err = OwnCostCheck(m, Predict(m, runs))
	require.NoError(t, err)
	assert.Equal(t, 0, got.Within, "zero cost: still twice the measured time")
	assert.InDelta(t, 1, got.MedianAbsError, 1e-9)

	_, err = OwnCostCheck(m, Predict(m, runs[3:]))
	assert.ErrorContains(t, err, "no setup has two priced runs")
}

// On the held-out runs, every setup of two runs or more is counted, its
// runs but the shortest are scored, and the fitted costs' count is of
// those same runs.
func TestOwnCostOnTheHeldOutRunsScoresAllButOneRunOfEachSetup(t *testing.T) {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	runs, _ := Runs()
	rows := Predict(m, runs)
	got, err := OwnCostCheck(m, rows)
	require.NoError(t, err)
	bySetup := map[string][]Row{}
	for _, r := range rows {
		if r.Priced() {
			bySetup[r.Setup()] = append(bySetup[r.Setup()], r)
		}
	}
	setups, scored, fittedWithin := 0, 0, 0
	for _, rs := range bySetup {
		if len(rs) < 2 {
			continue
		}
		setups++
		shortest := rs[0]
		for _, r := range rs {
			if r.Tokens < shortest.Tokens {
				shortest = r
			}
		}
		for _, r := range rs {
			if r.ID != shortest.ID {
				scored++
				if r.Within25 {
					fittedWithin++
				}
			}
		}
	}
	assert.Equal(t, setups, got.Setups)
	assert.Equal(t, scored, got.Scored)
	assert.Equal(t, fittedWithin, got.FittedWithin)
	t.Logf("own cost: %d setups, %d runs scored: %d within 25%% (fitted costs %d), median %.1f%% (fitted %.1f%%)",
		got.Setups, got.Scored, got.Within, got.FittedWithin, 100*got.MedianAbsError, 100*got.FittedMedianAbsError)
}
