package calibration

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// synthetic returns runs whose times follow the phase model exactly with
// the efficiencies given, on made-up phase times.
func synthetic(e prefill.Phases) []Run {
	var runs []Run
	for i, c := range []struct {
		lin, att, mem float64 // mem: FLOPs / bandwidth, s x FLOP/B
		p             prefill.Precision
	}{
		{10, 2, 3000, prefill.BF16}, {3, 9, 500, prefill.BF16}, {5, 5, 4000, prefill.FP8}, {1, 20, 800, prefill.FP8},
		{40, 1, 9000, prefill.BF16}, {7, 0.5, 100, prefill.FP4}, {2, 2, 2500, prefill.BF16},
	} {
		r := Run{LinearMin: breakeven.Seconds(c.lin), AttentionMin: breakeven.Seconds(c.att), Memory: c.mem}
		r.ID = string(rune('a' + i))
		r.GPUs.Compute = prefill.Compute{Linear: c.p, Attention: prefill.BF16}
		t := c.lin/e.LinearFor(c.p) + c.att/e.Attention
		if e.Intensity > 0 {
			t += c.mem / e.Intensity
		}
		r.Measured = breakeven.Exact(breakeven.Seconds(t))
		runs = append(runs, r)
	}
	return runs
}

// The fit recovers the efficiencies a synthetic set was made with.
func TestFitRecoversSyntheticParameters(t *testing.T) {
	want := prefill.Phases{Linear: 0.55, LowLinear: 0.35, Attention: 0.42}
	f, err := FitPhases(synthetic(want), ByPhaseAndPrecision)
	require.NoError(t, err)
	assert.InDelta(t, want.Linear, f.Phases.Linear, 1e-9)
	assert.InDelta(t, want.LowLinear, f.Phases.LowLinear, 1e-9)
	assert.InDelta(t, want.Attention, f.Phases.Attention, 1e-9)
	assert.Len(t, f.Runs, 7)

	// Two phases, one precision share.
	two := prefill.Phases{Linear: 0.6, Attention: 0.3}
	f, err = FitPhases(synthetic(two), ByPhase)
	require.NoError(t, err)
	assert.InDelta(t, 0.6, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.3, f.Phases.Attention, 1e-9)

	// Two phases and memory traffic at 1 byte per 300 FLOP.
	roof := prefill.Phases{Linear: 0.7, Attention: 0.5, Intensity: 300}
	f, err = FitPhases(synthetic(roof), ByPhaseRoofline)
	require.NoError(t, err)
	assert.InDelta(t, 0.7, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.5, f.Phases.Attention, 1e-9)
	assert.InDelta(t, 300, f.Phases.Intensity, 1e-6)
	f, err = FitPhases(synthetic(prefill.Phases{Linear: 0.6, Attention: 0.6, Intensity: 500}), Roofline)
	require.NoError(t, err)
	assert.InDelta(t, 0.6, f.Phases.Attention, 1e-9)
	assert.InDelta(t, 500, f.Phases.Intensity, 1e-6)

	// One efficiency.
	one := prefill.Phases{Linear: 0.4, Attention: 0.4}
	f, err = FitPhases(synthetic(one), OneEfficiency)
	require.NoError(t, err)
	assert.InDelta(t, 0.4, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.4, f.Phases.Attention, 1e-9)

	// Leave-one-out on exact data predicts every run exactly, and the
	// interval collapses to the prediction.
	rows, err := Validate(synthetic(want), ByPhaseAndPrecision)
	require.NoError(t, err)
	for _, r := range rows {
		assert.InDelta(t, 0, r.Error, 1e-9, r.ID)
		assert.InDelta(t, float64(r.Predicted.Value), float64(r.Predicted.Lo), 1e-6, r.ID)
		assert.True(t, r.Covered, r.ID)
	}

	// Too few runs for the parameters is an error, not a guess.
	_, err = FitPhases(synthetic(want)[:2], ByPhaseAndPrecision)
	assert.Error(t, err)
}

// The share of peak a run's time implies, worked by hand from the
// models' published dimensions, for a BF16 run on eight H100s and a BF16
// run on one A100.
func TestImpliedEfficiencyByHand(t *testing.T) {
	byID := map[string]Run{}
	for _, r := range Runs() {
		byID[r.ID] = r
	}

	// VAST's 405B test: 127,188 tokens on 8 H100s (989.4 TFLOP/s BF16
	// dense each) in 62 s. Llama 3.1 405B: 405e9 parameters, 126 layers,
	// 128 query heads of 128 dims; its untied output head (vocab 128,256
	// x hidden 16,384) takes the last token only.
	n := 127188.0
	head := 128256.0 * 16384
	work := 2*(405e9-head)*n + 2*head + 126*128*(n*n/2)*2*(128+128)
	vast := byID[sources.VAST405B.ID]
	require.True(t, vast.Priced(), vast.Reason)
	assert.InEpsilon(t, work/(62*8*989.4e12), vast.Implied(), 1e-12)
	assert.InDelta(t, 0.345, vast.Implied(), 0.0005)

	// MInference's 300K tokens of LLaMA-3-8B (8e9 parameters, 32 layers,
	// 32 query heads of 128 dims) on one A100 (312 TFLOP/s BF16 dense) in
	// 3 minutes.
	n = 300000
	head = 128256.0 * 4096 // the untied output head, vocab x hidden: the last token only
	work = 2*(8e9-head)*n + 2*head + 32*32*(n*n/2)*2*(128+128)
	a100 := byID[sources.MInference300K.ID]
	require.True(t, a100.Priced(), a100.Reason)
	assert.InEpsilon(t, work/(180*312e12), a100.Implied(), 1e-12)
	assert.InDelta(t, 0.500, a100.Implied(), 0.0005)
	// The attention term is most of the work at 300K tokens: 84%.
	assert.InDelta(t, 0.840, float64(a100.AttentionMin/a100.MinTime()), 0.0005)
}

// Each validation row is predicted by a fit on every priced run of the
// other sources, none of its own, in the structure chosen for that fold;
// its error and flags follow from that prediction.
func TestValidationRowsLeaveTheirSourceOut(t *testing.T) {
	m, _, err := Validated()
	require.NoError(t, err)
	runs := Runs()
	priced := 0
	for _, row := range m.Rows {
		if !row.Priced() {
			assert.Zero(t, row.Predicted.Value, row.ID)
			continue
		}
		priced++
		var want []string
		for _, r := range runs {
			if r.Priced() && r.Source() != row.Source() {
				want = append(want, r.ID)
			}
		}
		assert.ElementsMatch(t, want, row.Fit.Runs, "%s: the fold's runs are the other sources'", row.ID)
		var rest []Run
		for _, r := range runs {
			if r.Source() != row.Source() || !r.Priced() {
				rest = append(rest, r)
			}
		}
		f, err := FitPhases(rest, row.Fit.Structure)
		require.NoError(t, err, row.ID)
		p := float64(f.Predict(row.Run))
		assert.InEpsilon(t, p, float64(row.Predicted.Value), 1e-9, row.ID)
		assert.InDelta(t, p/float64(row.Measured.Value)-1, row.Error, 1e-9, row.ID)
		assert.LessOrEqual(t, float64(row.Predicted.Lo), p, row.ID)
		assert.GreaterOrEqual(t, float64(row.Predicted.Hi), p, row.ID)
	}
	assert.Equal(t, m.Summary.Priced, priced)
	assert.Equal(t, len(runs), len(m.Rows), "every run has a row, priced or not")
}

// The summary counts what the rows say.
func TestSummaryCountsRows(t *testing.T) {
	rows := []Row{
		{Run: Run{Reason: "not read"}},
		{Error: 0.10, Within25: true, Covered: true},
		{Error: -0.30, Covered: true},
		{Error: 0.21, Within25: true},
	}
	s := Summarize(ByPhase, rows)
	assert.Equal(t, 3, s.Priced)
	assert.Equal(t, 1, s.Unpriced)
	assert.InDelta(t, 0.21, s.MedianAbsError, 1e-12) // |0.10|, |0.21|, |-0.30|
	assert.InDelta(t, 2.0/3, s.Within25, 1e-12)
	assert.InDelta(t, 2.0/3, s.Coverage, 1e-12)
	m, w, c := s.Met()
	assert.False(t, m)
	assert.False(t, w)
	assert.False(t, c)
	assert.Equal(t, "cannot predict: not read", rows[0].Verdict())
	assert.Equal(t, "off by -30%, measured within the interval", rows[2].Verdict())
}

// The quantile interpolates between order statistics.
func TestQuantile(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	assert.Equal(t, 3.0, quantile(xs, 0.5))
	assert.InDelta(t, 1.2, quantile(xs, 0.05), 1e-12)
	assert.InDelta(t, 4.8, quantile(xs, 0.95), 1e-12)
	assert.True(t, math.IsNaN(quantile(nil, 0.5)))
}

// The interval spans the 5th to 95th percentile of the log errors: with
// errors ln(predicted/measured) of 0, 0.1, ..., 2.0 (21 of them), the
// measured value is predicted x exp(-1.9) to predicted x exp(-0.1).
func TestSpreadPercentiles(t *testing.T) {
	var errs []float64
	for i := 20; i >= 0; i-- {
		errs = append(errs, float64(i)/10)
	}
	lo, hi := spread(errs)
	assert.InEpsilon(t, math.Exp(-1.9), lo, 1e-12)
	assert.InEpsilon(t, math.Exp(-0.1), hi, 1e-12)
}

// Roofline fits one share for both phases: its matrix products get it too.
func TestRooflineSharesOneEfficiency(t *testing.T) {
	f, err := FitPhases(synthetic(prefill.Phases{Linear: 0.6, Attention: 0.6, Intensity: 500}), Roofline)
	require.NoError(t, err)
	assert.InDelta(t, 0.6, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.6, f.Phases.Attention, 1e-9)
}

// With runs of one kind of precision only, the share by precision falls
// back to the one share the runs inform: no BF16 run gives BF16 the low
// precisions' share, and no FP8/FP4 run the other way round.
func TestPrecisionShareFallsBack(t *testing.T) {
	want := prefill.Phases{Linear: 0.55, LowLinear: 0.35, Attention: 0.42}
	var bf16, low []Run
	for _, r := range synthetic(want) {
		if r.GPUs.Compute.Linear == prefill.BF16 {
			bf16 = append(bf16, r)
		} else {
			low = append(low, r)
		}
	}
	f, err := FitPhases(low, ByPhaseAndPrecision)
	require.NoError(t, err)
	assert.InDelta(t, 0.35, f.Phases.LowLinear, 1e-9)
	assert.InDelta(t, 0.35, f.Phases.Linear, 1e-9, "no BF16 run: BF16 at the low precisions' share")
	f, err = FitPhases(bf16, ByPhaseAndPrecision)
	require.NoError(t, err)
	assert.InDelta(t, 0.55, f.Phases.Linear, 1e-9)
	assert.InDelta(t, 0.55, f.Phases.LowLinear, 1e-9, "no FP8 or FP4 run: those at BF16's share")
}

// The model for predictions (Fitted) is the validated model without its
// validation table: the same structure, coefficients, runs and
// intervals, so skipping the validation changes no prediction.
func TestFittedPredictsAsTheValidatedModel(t *testing.T) {
	f, err := Fitted()
	require.NoError(t, err)
	v, _, err := Validated()
	require.NoError(t, err)
	assert.Equal(t, v.Fit, f.Fit)
	assert.Equal(t, []float64{v.Low, v.High, v.LowNovel, v.HighNovel}, []float64{f.Low, f.High, f.LowNovel, f.HighNovel})
	assert.Equal(t, v.fitRuns, f.fitRuns)
	assert.Equal(t, v.Describe(), f.Describe(), "the same sentence, the same runs behind each parameter")
	assert.Empty(t, f.Rows, "Fitted leaves the validation table to Validated")
	assert.NotEmpty(t, v.Rows)
}
