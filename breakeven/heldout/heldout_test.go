package heldout

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/sources"
)

// printedForms are the ways a time of s seconds may be printed: in
// seconds or in milliseconds, shortest or with up to four decimals.
func printedForms(s float64) []string {
	ms := s * 1000
	forms := []string{strconv.FormatFloat(s, 'g', -1, 64), strconv.FormatFloat(ms, 'g', -1, 64)}
	for d := 1; d <= 4; d++ {
		forms = append(forms, strconv.FormatFloat(s, 'f', d, 64), strconv.FormatFloat(ms, 'f', d, 64))
	}
	return forms
}

// thousands matches a thousands separator between digits.
var thousands = regexp.MustCompile(`(\d),(\d{3})`)

// number matches a decimal number as a quote prints it.
var number = regexp.MustCompile(`\d+(\.\d+)?`)

// printsNanoseconds reports whether the quote prints s seconds in
// nanoseconds at full precision (GenAI-Perf's CSV: "34683188.3038674"):
// a number of the quote that is s x 1e9 to within rounding.
func printsNanoseconds(quote string, s float64) bool {
	for _, m := range number.FindAllString(quote, -1) {
		if x, err := strconv.ParseFloat(m, 64); err == nil && math.Abs(x/1e9-s) <= 1e-12*s {
			return true
		}
	}
	return false
}

// Every kept run reads, and is what it says: cited with a quote that
// prints its time, and from no source the fit reads (its address is no
// registered source's), so its prediction is out of sample.
func TestKeptRunsAreCitedAndOutsideTheFit(t *testing.T) {
	runs, errs := Runs()
	require.Empty(t, errs)
	require.NotEmpty(t, runs)
	fit := map[string]sources.SourceID{}
	for _, s := range sources.All() {
		if s.URL != "" {
			fit[strings.TrimSuffix(s.URL, "/")] = s.ID
		}
	}
	ids := map[string]bool{}
	for _, r := range runs {
		assert.False(t, ids[r.ID], "line %d: id %s twice", r.Line, r.ID)
		ids[r.ID] = true
		id, in := fit[strings.TrimSuffix(r.URL, "/")]
		assert.False(t, in, "line %d (%s): %s is source %s, which the fit reads", r.Line, r.ID, r.URL, id)
		printed := printsNanoseconds(r.Quote, float64(r.TTFT))
		plain := thousands.ReplaceAllString(r.Quote, "$1$2") // "3,260.14" prints 3260.14
		for _, f := range printedForms(float64(r.TTFT)) {
			printed = printed || strings.Contains(r.Quote, f) || strings.Contains(plain, f)
		}
		assert.True(t, printed, "line %d (%s): the quote does not print %v (in s, ms or ns): %q", r.Line, r.ID, r.TTFT, r.Quote)
	}
}

// Every kept run is priced: its model, chip, precision and parallelism
// are the catalog's, so no row is left with a reason instead of a
// prediction.
func TestKeptRunsArePriced(t *testing.T) {
	runs, _ := Runs()
	m, err := calibration.Fitted()
	require.NoError(t, err)
	for _, r := range Predict(m, runs) {
		assert.True(t, r.Priced(), "%s: %s", r.ID, r.Reason)
	}
}

// A file with bad rows reports each of them with its line and column,
// and still returns the good rows.
func TestReadReportsEveryBadRowAndKeepsTheGood(t *testing.T) {
	header := strings.Join(Columns, ",")
	good := "a,Llama 3.1 8B,8192,1,H100,bf16,,vllm,1,0.5,t,p,https://example.org/a,2026-01-01,table 1,TTFT 500 ms,"
	rows := []string{
		good,
		"b,Llama 3.1 8B,lots,1,H100,bf16,,vllm,1,0.5,t,p,u,d,l,q,", // tokens
		"c,Llama 3.1 8B,8192,1,H100,bf16,,vllm,4,0.5,t,p,u,d,l,q,", // concurrency
		"d,Llama 3.1 8B,8192,1,H100,bf16,,vllm,1,-2,t,p,u,d,l,q,",  // time
		"e,Llama 3.1 8B,8192,1,H100,bf16,,vllm,1,0.5,t,p,u,d,l,,",  // no quote
		"", // an empty line is skipped by the reader
		strings.Replace(good, "a,", "f,", 1),
	}
	runs, errs := Read(strings.NewReader(header + "\n" + strings.Join(rows, "\n") + "\n"))
	require.Len(t, runs, 2)
	assert.Equal(t, []string{"a", "f"}, []string{runs[0].ID, runs[1].ID})
	assert.Equal(t, breakeven.Seconds(0.5), runs[0].TTFT)
	require.Len(t, errs, 4)
	for i, want := range []string{`line 3 (b): prompt_tokens "lots"`, `line 4 (c): concurrency "4" is not 1`, `line 5 (d): ttft_seconds "-2"`, `line 6 (e): quote "" is empty`} {
		assert.Contains(t, errs[i].Error(), want)
		assert.Contains(t, errs[i].Error(), "(e.g. ")
	}
	_, errs = Read(strings.NewReader("id,model\n"))
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "no column prompt_tokens")
}

// The summary is the median absolute error, the shares within 25% and
// covered, and the median width, of the priced rows, counted here by
// hand on four rows, one of them not priced.
func TestSummaryCountsThePricedRows(t *testing.T) {
	rows := []Row{
		{Error: 0.10, Within25: true, Covered: true, Predicted: breakeven.Estimate[breakeven.Seconds]{Value: 1, Lo: 0.5, Hi: 2}},
		{Error: -0.40, Covered: true, Predicted: breakeven.Estimate[breakeven.Seconds]{Value: 1, Lo: 0.25, Hi: 4}},
		{Error: 0.20, Within25: true, Predicted: breakeven.Estimate[breakeven.Seconds]{Value: 1, Lo: 0.9, Hi: 1.8}},
		{Reason: "no such chip"},
	}
	s := Summarize(calibration.OneEfficiency, rows)
	assert.Equal(t, 3, s.Priced)
	assert.Equal(t, 1, s.Unpriced)
	assert.InDelta(t, 0.20, s.MedianAbsError, 1e-12) // |errors| 0.10, 0.20, 0.40
	assert.InDelta(t, 2.0/3, s.Within25, 1e-12)
	assert.InDelta(t, 2.0/3, s.Coverage, 1e-12)
	assert.InDelta(t, 4.0, s.MedianWidth, 1e-12) // widths 4, 16, 2
}

// The fitted model, as the calculator uses it, on every kept run: the
// log is the table (measured, predicted with its interval, error) and
// the summary against the validation's targets, which data/
// prefill-heldout.csv and notebook 11 report. Each prediction is checked
// against the run's own arithmetic: its error is predicted / measured -
// 1, and covered means the interval holds the measured time.
func TestFittedModelOnRunsItNeverSaw(t *testing.T) {
	runs, _ := Runs()
	m, err := calibration.Fitted()
	require.NoError(t, err)
	rows := Predict(m, runs)
	var abs []float64
	for _, r := range rows {
		if !r.Priced() {
			t.Logf("%-44s measured %8.3f s, not priced: %s", r.ID, float64(r.TTFT), r.Reason)
			continue
		}
		t.Logf("%-44s measured %8.3f s predicted %8.3f s (%8.3f to %8.3f) error %+5.0f%% novel %v", r.ID, float64(r.TTFT),
			float64(r.Predicted.Value), float64(r.Predicted.Lo), float64(r.Predicted.Hi), 100*r.Error, r.Novel)
		assert.InDelta(t, float64(r.Predicted.Value)/float64(r.TTFT)-1, r.Error, 1e-12, r.ID)
		assert.Equal(t, r.Predicted.Lo <= r.TTFT && r.TTFT <= r.Predicted.Hi, r.Covered, r.ID)
		assert.Equal(t, math.Abs(r.Error) <= 0.25, r.Within25, r.ID)
		// The parts are the predicted time's; the time is mostly the
		// per-request cost where that part is more than half of it.
		p := r.Parts
		sum := p.MatrixProducts + p.Attention + p.Memory + p.Weights + p.PerRequest + p.Communication
		assert.InEpsilon(t, float64(r.Predicted.Value), float64(sum), 1e-9, r.ID)
		assert.Equal(t, 2*p.PerRequest > sum, r.Scored().MostlyCost, r.ID)
		abs = append(abs, math.Abs(r.Error))
	}
	s := Summarize(m.Structure, rows)
	flops, cost := calibration.ScoreByPart(m.Structure, Scoreds(rows))
	assert.Equal(t, s.Priced, flops.Priced+cost.Priced)
	t.Logf("mostly FLOPs and memory traffic: %d runs, median |error| %.1f%%, within 25%% %.0f%%; mostly the per-request cost: %d runs, %.1f%%, %.0f%%",
		flops.Priced, 100*flops.MedianAbsError, 100*flops.Within25, cost.Priced, 100*cost.MedianAbsError, 100*cost.Within25)
	sort.Float64s(abs)
	n := len(abs)
	assert.InDelta(t, (abs[(n-1)/2]+abs[n/2])/2, s.MedianAbsError, 1e-12)
	t.Logf("%d runs: median |error| %.1f%%, within 25%% %.0f%%, covered %.0f%% at a median width of x%.1f", s.Priced, 100*s.MedianAbsError, 100*s.Within25, 100*s.Coverage, s.MedianWidth)
}

// A time in nanoseconds is found at full precision and only there: the
// GenAI-Perf row's 34683188.3038674 ns is 0.0346831883038674 s, and a
// time a tenth of a nanosecond off is not printed.
func TestAQuotePrintsATimeInNanoseconds(t *testing.T) {
	q := "34683188.3038674,35560795.0,ns,5817367.982009495"
	assert.True(t, printsNanoseconds(q, 0.0346831883038674))
	assert.True(t, printsNanoseconds(q, 0.0355607950))
	assert.False(t, printsNanoseconds(q, 0.0346831884038674))
	assert.False(t, printsNanoseconds("no number", 0.1))
}
