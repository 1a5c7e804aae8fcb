package post

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/heldout"
	"signalweight.dev/kv/sources"
)

// A run on one GPU says so: the MInference run of 300K tokens is on one
// A100, as its issue states.
func TestValidationRunOnOneGPUCountsOne(t *testing.T) {
	rows := csvCells(t, PrefillValidationData(), func(r map[string]string) string { return r["run_id"] })
	assert.Equal(t, 1.0, cell(t, rows, "minference-a100-llama3-8b-300k", "gpus"))
}

// Nothing measured (an estimate of zeros) prints as no value; any nonzero
// part is kept.
func TestEstimateOfZerosIsNoValue(t *testing.T) {
	z := estOrNaN(E[float64]{})
	assert.True(t, math.IsNaN(z.Value) && math.IsNaN(z.Lo) && math.IsNaN(z.Hi))
	for _, e := range []E[float64]{{Value: 1}, {Lo: 1}, {Hi: 1}, {Value: 2, Lo: 1, Hi: 3}} {
		assert.Equal(t, e, estOrNaN(e))
	}
}

// The held-out check's title states its scores as counted from its rows,
// and each printed error is the printed prediction over the measured time,
// less one, in whole percent (to a point, as both are rounded).
func TestHeldOutTitleAndErrorsFromTheirRows(t *testing.T) {
	rows, _, err := PrefillHeldOut()
	require.NoError(t, err)
	var priced, within, covered int
	for _, r := range rows {
		if !r.Priced() {
			continue
		}
		priced++
		if r.Within25 {
			within++
		}
		if r.Covered {
			covered++
		}
	}
	require.Positive(t, priced)
	var abs []float64 // of the priced runs only: a run not priced has no error
	for _, r := range rows {
		if r.Priced() {
			abs = append(abs, math.Abs(r.Error))
		}
	}
	sort.Float64s(abs)
	n := len(abs)
	title := PrefillHeldOutData().Title
	assert.Contains(t, title, "never saw")
	assert.Contains(t, title, fmt.Sprintf("median error %#.3g%% (target at most 20.0%%", 100*(abs[(n-1)/2]+abs[n/2])/2))
	assert.Contains(t, title, fmt.Sprintf("%#.3g%% within 25%% (target at least 70.0%%", 100*float64(within)/float64(priced)))
	assert.Contains(t, title, fmt.Sprintf("interval covers %#.3g%% (target at least 85.0%%", 100*float64(covered)/float64(priced)))
	p := PrefillHeldOutPrinted()
	require.Equal(t, "error (%)", p.Header[6])
	require.Len(t, p.Rows, len(rows))
	for _, r := range p.Rows {
		m, err1 := strconv.ParseFloat(strings.TrimSuffix(r[4], " s"), 64)
		pr, err2 := strconv.ParseFloat(strings.SplitN(r[5], " ", 2)[0], 64)
		e, err3 := strconv.ParseFloat(r[6], 64)
		if err1 != nil || err2 != nil || err3 != nil || !strings.HasSuffix(r[4], " s") || !strings.HasPrefix(strings.SplitN(r[5], " ", 3)[1], "s") {
			continue
		}
		assert.InDelta(t, 100*(pr/m-1), e, 1.5, r[0])
	}
}

// An interval's width is its high over its low, for any positive low
// (half a second to two: x4); a run not priced, or a low of zero, has
// none.
func TestIntervalWidthIsHighOverLow(t *testing.T) {
	assert.Equal(t, 4.0, intervalWidth(true, breakeven.Estimate[breakeven.Seconds]{Value: 1, Lo: 0.5, Hi: 2}))
	assert.True(t, math.IsNaN(intervalWidth(false, breakeven.Estimate[breakeven.Seconds]{Value: 1, Lo: 0.5, Hi: 2})))
	assert.True(t, math.IsNaN(intervalWidth(true, breakeven.Estimate[breakeven.Seconds]{Value: 1, Hi: 2})))
}

// What sets a prediction's time is named only for a priced run: the
// per-request cost where it is more than half, else the FLOPs and memory
// traffic.
func TestMostlyNamesThePartThatSetsTheTime(t *testing.T) {
	assert.Equal(t, "per-request cost", mostly(calibration.Scored{Priced: true, MostlyCost: true}))
	assert.Equal(t, "FLOPs and memory traffic", mostly(calibration.Scored{Priced: true}))
	assert.Equal(t, "", mostly(calibration.Scored{Reason: "no such chip", MostlyCost: true}))
}

// The hindsight table's first row is the calculator's model: scale 1,
// the fitted costs, and as many runs within 25% as its rows count. The
// second keeps those constants but gives a cost of its own to each chip
// and kind that two published sources show (heldout.PublishedChipCosts),
// and prints that repricing's count. The third prints hindsight's count
// of the same runs, never fewer than the first, and the note gives the
// target as whole runs (70% of the priced, rounded up). The rows after
// give a cost to each chip, engine and publisher: a finer grouping can
// always repeat a coarser one's costs, so none counts fewer than the two
// costs do, and their cost cells count the groups each kind of model has
// among the priced runs.
func TestHindsightTablePrintsTheFittedAndTheBestConstants(t *testing.T) {
	tab, fitted, hs, chip, err := PrefillHeldOutHindsight()
	require.NoError(t, err)
	rows, _, err := PrefillHeldOut()
	require.NoError(t, err)
	within, priced := 0, 0
	chips := map[bool]map[string]bool{false: {}, true: {}}
	engines := map[bool]map[string]bool{false: {}, true: {}}
	publishers := map[bool]map[string]bool{false: {}, true: {}}
	for _, r := range rows {
		if r.Priced() {
			priced++
			if r.Within25 {
				within++
			}
			if r.Parts.PerRequest > 0 {
				mod, err := sources.FindModel(r.Model)
				require.NoError(t, err)
				pm, err := sources.PrefillModel(mod)
				require.NoError(t, err)
				chips[pm.Sparse()][r.Chip] = true
				engines[pm.Sparse()][strings.ToLower(r.Engine)] = true
				publishers[pm.Sparse()][r.Owner()] = true
			}
		}
	}
	require.Len(t, hs, 4)
	h := hs[0]
	require.Len(t, tab.Rows, 6)
	assert.Equal(t, "1", tab.Rows[0][1])
	assert.Equal(t, "1", tab.Rows[1][1])
	assert.Equal(t, fmt.Sprintf("%#.3g", h.Scale), tab.Rows[2][1], "the hindsight scale at three significant digits")
	assert.True(t, strings.HasPrefix(tab.Rows[0][4], fmt.Sprintf("%d of %d (", within, priced)), tab.Rows[0][4])
	assert.Equal(t, priced, chip.Priced)
	assert.True(t, strings.HasPrefix(tab.Rows[1][4], fmt.Sprintf("%d of %d (", chip.Within, priced)), tab.Rows[1][4])
	assert.True(t, strings.HasSuffix(tab.Rows[1][2], " for the rest"), tab.Rows[1][2])
	assert.True(t, strings.HasPrefix(tab.Rows[2][4], fmt.Sprintf("%d of %d (", h.Within, priced)), tab.Rows[2][4])
	assert.GreaterOrEqual(t, h.Within, within)
	assert.Equal(t, priced, fitted.Priced)
	assert.Contains(t, tab.Notes[0], fmt.Sprintf("%d of %d runs", int(math.Ceil(0.7*float64(priced)-1e-9)), priced))
	for i, groups := range []map[bool]map[string]bool{chips, engines, publishers} {
		f, row := hs[i+1], tab.Rows[i+3]
		assert.GreaterOrEqual(t, f.Within, h.Within, row[0])
		assert.True(t, strings.HasPrefix(row[4], fmt.Sprintf("%d of %d (", f.Within, priced)), row[4])
		assert.Equal(t, fmt.Sprintf("%#.3g", f.Scale), row[1], "the scale at three significant digits")
		assert.True(t, strings.HasPrefix(row[2], fmt.Sprintf("%d costs, ", len(groups[false]))), row[2])
		assert.True(t, strings.HasPrefix(row[3], fmt.Sprintf("%d costs, ", len(groups[true]))), row[3])
	}
	assert.Contains(t, tab.Rows[3][0], "chip")
	assert.Contains(t, tab.Rows[4][0], "engine")
	assert.Contains(t, tab.Rows[5][0], "publisher")
}

// A grouping's costs of one kind print as their count and range; a kind
// with one group prints its cost, and one with none says so.
func TestCostRangeCountsTheGroupsOfOneKind(t *testing.T) {
	costs := map[string]breakeven.Seconds{
		"vllm, dense": 0.075, "sglang, dense": 0.04, "trtllm, dense": 0.0045,
		"sglang, mixture of experts": 0.127,
	}
	assert.Equal(t, "3 costs, 4.50 ms to 75.0 ms", costRange(costs, false))
	assert.Equal(t, "1 cost, 127 ms", costRange(costs, true))
	assert.Equal(t, "none paid", costRange(map[string]breakeven.Seconds{"dense": 0.01}, true))
	assert.Equal(t, "1 cost, 10.0 ms", costRange(map[string]breakeven.Seconds{"dense": 0.01}, false))
}

// Each publisher's held-out runs are priced by a fit that took every
// other publisher's runs but those no fit takes (the notes name them):
// the table's range of held-out runs in the fit is counted here from the
// runs' owners and the refused ones.
func TestHeldOutWithOthersJoinsEveryOtherPublishersRuns(t *testing.T) {
	tab, _, _, err := PrefillHeldOutWithOthers()
	require.NoError(t, err)
	runs, errs := heldout.Runs()
	require.Empty(t, errs)
	owner := map[string]string{}
	per := map[string]int{}
	for _, r := range runs {
		owner[r.ID] = r.Owner()
		per[r.Owner()]++
	}
	refused := map[string]int{}
	total := 0
	for _, n := range tab.Notes[1:] {
		id, _, ok := strings.Cut(strings.TrimPrefix(n, "in no fit: "), ":")
		require.True(t, ok && strings.HasPrefix(n, "in no fit: "), n)
		require.Contains(t, owner, id)
		refused[owner[id]]++
		total++
	}
	lo, hi := len(runs), 0
	for o, n := range per {
		joined := len(runs) - n - (total - refused[o])
		lo, hi = min(lo, joined), max(hi, joined)
	}
	require.Len(t, tab.Rows, 2)
	assert.Equal(t, "0", tab.Rows[0][1])
	assert.Equal(t, fmt.Sprintf("%d to %d", lo, hi), tab.Rows[1][1])
	assert.Equal(t, fmt.Sprintf("a publisher is the owner of the run's address; the %d held-out runs of %d publishers, each publisher's left out of the fit that prices them", len(runs), len(per)), tab.Notes[0])
}
