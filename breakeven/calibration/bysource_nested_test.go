package calibration

import (
	"math"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// The nested leave-one-source-out validation on small synthetic sets
// worked by hand (gremlins' survivors in bysource.go).
//
// Every run here is a batched throughput of source id on chip, with peak
// seconds of matrix products and nothing else (no attention, no memory
// term, no request), so every structure reduces to one efficiency fitted
// to the same column: they predict alike. With one run per source, every
// weight is one, and while every log error of a fit is within the Huber
// knee (ln 2), the fit minimises the sum of squared log errors: ln c is
// the mean of ln(measured/peak) over the fit's runs, and a held-out run's
// log error is that mean less its own ln(measured/peak).

func tput(id string, chip string, peak, measured float64) Run {
	r := run(id, sources.SourceID(id), chip, "vllm", false)
	r.LinearMin = breakeven.Seconds(peak)
	r.Measured = breakeven.Exact(breakeven.Seconds(measured))
	return r
}

// meanOthers is the mean of g over every index but k and skip.
func meanOthers(g []float64, k, skip int) float64 {
	sum, n := 0.0, 0
	for i, v := range g {
		if i != k && i != skip {
			sum += v
			n++
		}
	}
	return sum / float64(n)
}

// Each run's leave-one-source-out log error is that of a fit on the other
// sources, and it is novel when its chip has no run in that fit: with
// ln(measured/peak) of ln 2, ln 2 and ln 4, the two H100 runs are
// predicted at the mean of the others, 1.5 ln 2 (a log error of +0.5 ln 2
// each), the MI300X run at ln 2 (-ln 2), and only the MI300X run, whose
// chip and vendor the other two lack, is novel.
func TestLosoErrorsLeaveEachSourceOutAndFlagNovelty(t *testing.T) {
	runs := []Run{tput("a", "H100", 1, 2), tput("b", "H100", 3, 6), tput("c", "MI300X", 0.5, 2)}
	errs, ok := losoErrors(runs, OneEfficiency, nil)
	require.True(t, ok)
	require.Len(t, errs, 3)
	for i, want := range []sourceError{{"a", 0.5 * math.Ln2, false, "throughput"}, {"b", 0.5 * math.Ln2, false, "throughput"}, {"c", -math.Ln2, true, "throughput"}} {
		assert.Equal(t, want.ID, errs[i].ID)
		assert.InDelta(t, want.Log, errs[i].Log, 1e-9, want.ID)
		assert.Equal(t, want.Novel, errs[i].Novel, want.ID)
		assert.Equal(t, want.Regime, errs[i].Regime, want.ID)
	}
}

// The median absolute error is of predicted/measured - 1, not of the log
// error: log errors of ln 1.1, ln 0.7 and ln 1.5 are relative errors of
// 0.1, -0.3 and 0.5, whose absolute median is 0.3; with a fourth, ln 0.95
// (-0.05), the median is between 0.1 and 0.3.
func TestMedianAbsIsOfRelativeErrors(t *testing.T) {
	errs := []sourceError{{Log: math.Log(1.1)}, {Log: math.Log(0.7)}, {Log: math.Log(1.5)}}
	assert.InDelta(t, 0.3, medianAbs(errs), 1e-12)
	errs = append(errs, sourceError{Log: math.Log(0.95)})
	assert.InDelta(t, 0.2, medianAbs(errs), 1e-12)
}

// On a tie the candidate with the fewest parameters is chosen: on
// throughput runs with no attention, memory or request terms, the
// candidates five runs can fit (a per-request cost, with memory traffic,
// with two regimes, by engine; each fold has four runs) all reduce to one
// efficiency, so they make the same predictions and tie at one
// efficiency's median; the rest need five parameters or more and are NaN,
// and only candidates are scored.
func TestStructureTieGoesToFewestParameters(t *testing.T) {
	runs := []Run{tput("a", "H100", 1, 2), tput("b", "H100", 3, 6), tput("c", "MI300X", 0.5, 2), tput("d", "H100", 2, 3), tput("e", "H100", 1, 1.5)}
	best, errs, medians, ok := chooseBySource(runs, nil)
	require.True(t, ok)
	assert.Equal(t, RequestCost, best)
	assert.Len(t, errs, 5)
	one, ok := losoErrors(runs, OneEfficiency, nil)
	require.True(t, ok)
	for _, s := range []Structure{RequestCost, RooflineRequestCost, RegimesRequestCost, EngineRequestCost} {
		assert.InDelta(t, medianAbs(one), medians[s], 1e-9, s.String())
	}
	for _, s := range []Structure{RooflineLatency, RooflineLatencyComm} {
		assert.True(t, math.IsNaN(medians[s]), s.String())
	}
	for _, s := range Structures() {
		_, scored := medians[s]
		assert.Equal(t, s.isLatency(), scored, s.String())
	}
}

// percentile is the q-th percentile of xs by linear interpolation between
// order statistics (the 5th of ten values is 0.45 of the way from the
// smallest to the next).
func percentile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	h := q * float64(len(s)-1)
	i := int(h)
	if i == len(s)-1 {
		return s[i]
	}
	return s[i] + (h-float64(i))*(s[i+1]-s[i])
}

// A held-out run's interval comes from the fold's own inner errors: five
// H100 runs and five runs on chips of their own (each novel to any fit
// without it). Holding out an H100 run, the fold's inner errors are four
// seen H100 ones and five novel ones, and the H100 run, seen, gets the
// 5th to 95th percentiles of all nine; holding out a run on a chip of
// its own, it is novel and gets those of all nine widened to the four
// novel inner errors'. The errors are worked out here from the closed
// form (a mean of the others' ln(measured/peak)). Every structure reduces
// to one efficiency on these runs, so the validation of one structure
// fixed outside the loop (ValidateSourceOut) gives the same rows.
func TestNestedIntervalIsThatOfRunsLikeTheHeldOutOne(t *testing.T) {
	// ln(measured/peak): the H100 runs close together, the others apart.
	g := []float64{0.70, 0.72, 0.69, 0.71, 0.73, 0.40, 1.00, 0.55, 0.90, 0.60}
	chips := []string{"H100", "H100", "H100", "H100", "H100", "A100", "L40S", "B200", "GH200", "H20"}
	var runs []Run
	for i := range g {
		peak := float64(i + 1)
		runs = append(runs, tput(string(rune('a'+i)), chips[i], peak, peak*math.Exp(g[i])))
	}
	nested, _ := ValidateBySource(runs)
	fixed, err := ValidateSourceOut(runs, OneEfficiency)
	require.NoError(t, err)
	for name, rows := range map[string][]Row{"nested": nested, "one efficiency fixed": fixed} {
		t.Run(name, func(t *testing.T) { checkIntervalsLikeTheHeldOutRun(t, runs, rows, g, chips) })
	}
}

func checkIntervalsLikeTheHeldOutRun(t *testing.T, runs []Run, rows []Row, g []float64, chips []string) {
	require.Len(t, rows, len(runs))
	for j := range runs {
		var seen, novel, all []float64
		for k := range runs {
			if k == j {
				continue
			}
			e := meanOthers(g, k, j) - g[k] // k's inner error in fold j
			all = append(all, e)
			if chips[k] == "H100" {
				seen = append(seen, e)
			} else {
				novel = append(novel, e)
			}
		}
		require.Len(t, all, 9)
		require.Len(t, seen, 9-len(novel))
		lo, hi := math.Exp(-percentile(all, 0.95)), math.Exp(-percentile(all, 0.05))
		if chips[j] != "H100" {
			lo = math.Min(math.Exp(-percentile(novel, 0.95)), math.Exp(-percentile(all, 0.95)))
			hi = math.Max(math.Exp(-percentile(novel, 0.05)), math.Exp(-percentile(all, 0.05)))
		}
		lo, hi = math.Min(lo, 1), math.Max(hi, 1) // the interval holds the prediction
		row := rows[j]
		p := float64(row.Predicted.Value)
		assert.InEpsilon(t, float64(runs[j].LinearMin)*math.Exp(meanOthers(g, j, -1)), p, 1e-9, row.ID)
		assert.InDelta(t, lo, float64(row.Predicted.Lo)/p, 1e-9, row.ID)
		assert.InDelta(t, hi, float64(row.Predicted.Hi)/p, 1e-9, row.ID)
		assert.Equal(t, chips[j] != "H100", len(row.Novel) > 0, row.ID)
	}
}

// An interval of zero width covers a measured value within a part in 10^9
// of the prediction (rounding), either side, and nothing further, in both
// validations (leaving a source out, and leaving a run out): runs exactly
// twice their peak time predict each other exactly, so every inner error
// is zero (to rounding) and the held-out run of 1000 s at peak is
// predicted 2000 s with no spread. Its measured value a part in 10^10 off
// is covered; a part in 10^8 off is not. At the edge, a measured value
// exactly 10^-9 of the prediction beyond the interval is still covered,
// the next float beyond it not: the edge is placed from the prediction,
// which does not depend on the held-out run's own measured value.
func TestCoverageToleranceIsAPartInABillion(t *testing.T) {
	var runs []Run
	for i, peak := range []float64{1000, 1, 2, 3, 5} {
		runs = append(runs, tput(string(rune('a'+i)), "H100", peak, 2*peak))
	}
	for name, validate := range map[string]func([]Run) []Row{
		"leave one source out": func(rs []Run) []Row { rows, _ := ValidateBySource(rs); return rows },
		"leave one run out": func(rs []Run) []Row {
			rows, err := Validate(rs, OneEfficiency)
			require.NoError(t, err)
			return rows
		},
	} {
		covered := func(measured breakeven.Estimate[breakeven.Seconds]) (bool, Row) {
			rs := append([]Run(nil), runs...)
			rs[0].Measured = measured
			row := validate(rs)[0]
			return row.Covered, row
		}
		_, row := covered(breakeven.Exact[breakeven.Seconds](2000))
		p := float64(row.Predicted.Value)
		require.InEpsilon(t, 2000, p, 1e-12, name)
		require.InEpsilon(t, p, float64(row.Predicted.Lo), 1e-12, name)
		require.InEpsilon(t, p, float64(row.Predicted.Hi), 1e-12, name)
		for _, c := range []struct {
			rel  float64
			want bool
		}{{1e-10, true}, {-1e-10, true}, {1e-8, false}, {-1e-8, false}} {
			got, _ := covered(breakeven.Exact(breakeven.Seconds(p * (1 + c.rel))))
			assert.Equal(t, c.want, got, "%s: measured %g off", name, c.rel)
		}
		tol := 1e-9 * row.Predicted.Value
		below := row.Predicted.Lo - tol
		got, _ := covered(breakeven.Exact(below))
		assert.True(t, got, "%s: exactly the tolerance below", name)
		got, _ = covered(breakeven.Exact(breakeven.Seconds(math.Nextafter(float64(below), 0))))
		assert.False(t, got, "%s: just beyond the tolerance below", name)
		above := row.Predicted.Hi + tol
		got, _ = covered(breakeven.Exact(above))
		assert.True(t, got, "%s: exactly the tolerance above", name)
		got, _ = covered(breakeven.Exact(breakeven.Seconds(math.Nextafter(float64(above), math.Inf(1)))))
		assert.False(t, got, "%s: just beyond the tolerance above", name)
	}
}

// The leave-one-run-out interval, by hand on the same kind of set: a held
// run is predicted at the mean of the others' ln(measured/peak), with the
// 5th to 95th percentiles of its fold's own leave-one-out errors (each a
// mean of the fold's others less its own) on the prediction.
func TestLeaveOneRunOutIntervalByHand(t *testing.T) {
	g := []float64{0.70, 0.40, 1.00, 0.55, 0.90, 0.60, 0.75}
	var runs []Run
	for i := range g {
		peak := float64(i + 1)
		runs = append(runs, tput(string(rune('a'+i)), "H100", peak, peak*math.Exp(g[i])))
	}
	rows, err := Validate(runs, OneEfficiency)
	require.NoError(t, err)
	require.Len(t, rows, len(runs))
	for j, row := range rows {
		var inner []float64
		for k := range g {
			if k != j {
				inner = append(inner, meanOthers(g, k, j)-g[k])
			}
		}
		p := float64(runs[j].LinearMin) * math.Exp(meanOthers(g, j, -1))
		assert.InEpsilon(t, p, float64(row.Predicted.Value), 1e-9, row.ID)
		assert.InEpsilon(t, p*math.Exp(-percentile(inner, 0.95)), float64(row.Predicted.Lo), 1e-9, row.ID)
		assert.InEpsilon(t, p*math.Exp(-percentile(inner, 0.05)), float64(row.Predicted.Hi), 1e-9, row.ID)
		assert.InDelta(t, math.Exp(meanOthers(g, j, -1)-g[j])-1, row.Error, 1e-9, row.ID)
	}
}

// The nested validation's memo fits each set of runs once per structure
// and returns what FitPhases returns: the runs less a and b are one set
// whichever of the two was left out first, and the same runs with a
// memo or without validate to the same rows. With two priced runs
// sharing an ID the key could not tell sets apart, so nothing is kept.
func TestNestedValidationFitsEachSetOfRunsOnce(t *testing.T) {
	runs := []Run{tput("a", "H100", 1, 2), tput("b", "H100", 3, 6), tput("c", "MI300X", 0.5, 2), tput("d", "H100", 2, 3)}
	memo := newFitMemo(runs)
	require.NotNil(t, memo)
	_, notA := bySource(runs, "a")
	_, notAB := bySource(notA, "b")
	_, notB := bySource(runs, "b")
	_, notBA := bySource(notB, "a")
	want, err := FitPhases(notAB, OneEfficiency)
	require.NoError(t, err)
	got, err := memo.fit(notAB, OneEfficiency)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	again, err := memo.fit(notBA, OneEfficiency)
	require.NoError(t, err)
	assert.Equal(t, want, again)
	assert.Len(t, memo.fits, 1, "one set, one fit")
	_, err = memo.fit(notAB, ByPhase)
	require.NoError(t, err)
	assert.Len(t, memo.fits, 2, "another structure is another fit")

	rows, outside := ValidateBySource(runs)
	plainRows, plainOutside := validateBySource(runs, nil)
	assert.Equal(t, plainRows, rows)
	require.Len(t, outside, len(plainOutside))
	for s, m := range plainOutside { // NaN for a structure that cannot be fitted
		if math.IsNaN(m) {
			assert.True(t, math.IsNaN(outside[s]), s)
		} else {
			assert.Equal(t, m, outside[s], s)
		}
	}

	assert.Nil(t, newFitMemo(append(runs, tput("a", "H100", 5, 5))), "two priced runs named a")
}
