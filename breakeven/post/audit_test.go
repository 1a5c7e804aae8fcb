package post

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// One subtest per printed figure: the recomputation against the post's
// printed value, at the precision printed, and the verdict the project
// expects. A change of an input, the model or the ledger shows here.
func TestAuditEveryPrintedFigure(t *testing.T) {
	findings, err := Audit()
	require.NoError(t, err)
	require.Len(t, findings, len(sources.Ledger), "every ledger entry is audited")
	for _, f := range findings {
		t.Run(f.Entry.ID, func(t *testing.T) {
			assert.Equal(t, f.Expected, f.Verdict, "%s printed %q, recomputed %v (%s)", f.Entry.ID, f.Entry.Printed, f.Recomputed, f.How)
			switch f.Verdict {
			case Match, AsSourced:
				assert.InDelta(t, f.Printed, f.Recomputed.Value, f.Step/2*(1+1e-9)+1e-12)
			case WithinApprox:
				assert.NotEmpty(t, f.Reason, "a non-match carries its reason")
				assert.True(t, f.Recomputed.Lo <= f.Printed+f.Step/2 && f.Printed-f.Step/2 <= f.Recomputed.Hi)
			case Differs:
				assert.NotEmpty(t, f.Reason, "a non-match carries its reason")
			}
			assert.NotEmpty(t, f.How)
			if f.Entry.Kind == sources.InputFigure {
				assert.Equal(t, Match, f.Transcribed, "%s: the value typed in sources is not the printed %q", f.Entry.ID, f.Entry.Printed)
			}
		})
	}
}

// Every recomputation and expectation names a ledger entry or input, so
// none is dead code.
func TestRecomputationsAreUsed(t *testing.T) {
	ids := map[string]sources.Entry{}
	inputs := map[string]bool{}
	for _, e := range sources.Ledger {
		ids[e.ID] = e
		inputs[e.Input] = true
	}
	for id := range derived {
		e, ok := ids[id]
		assert.True(t, ok && e.Kind == sources.DerivedFigure, "recomputation %s has no derived ledger entry", id)
	}
	for name := range crossChecks {
		assert.True(t, inputs[name], "cross-check %s checks no ledger input", name)
	}
	for id := range expected {
		_, ok := ids[id]
		assert.True(t, ok, "expectation %s has no ledger entry", id)
	}
}

// The headline numbers, each against arithmetic written out here.
func TestTablesAgainstHandArithmetic(t *testing.T) {
	rows := BreakEvenTable()
	require.Len(t, rows, 3)
	assert.InDelta(t, 127188.0/62*(2*126*8*128*2), float64(rows[0].BreakEven.Value), 1)
	assert.InDelta(t, 4380.0*(2*80*8*128*2), float64(rows[1].BreakEven.Value), 1)
	assert.InDelta(t, 131072.0/11*(2*64*8*128*2), float64(rows[2].BreakEven.Value), 1)
	assert.InDelta(t, 131072.0/12*(2*64*8*128*2), float64(rows[2].BreakEven.Lo), 1)

	m := VASTMultiplier()
	assert.InDelta(t, (181e9/8)/(127188.0/62*516096), m.PredictedSpeed.Value, 1e-9)
	assert.InDelta(t, 127188.0*516096/(181e9/8), float64(m.PredictedLoad.Value), 1e-9)

	for _, c := range Claims() {
		switch c.Model {
		case "Llama 3.1 70B":
			assert.InDelta(t, 105000.0*327680/0.58, float64(c.Needs.Value), 1)
			assert.Equal(t, 2, c.LinksNeeded, "WEKA's claim needs two 400 Gbit/s links")
		case "Qwen3-32B":
			assert.InDelta(t, 131072.0*262144/1.5, float64(c.Needs.Value), 1)
		case "Llama 3.1 405B":
			assert.InDelta(t, 127188.0*516096/3, float64(c.Needs.Value), 1)
			assert.Equal(t, 2, c.LinksNeeded)
		}
	}

	beaten := []int{3, 3, 0}
	for i, row := range TransportTable() {
		assert.Equal(t, beaten[i], row.Beaten, row.Transport.Name)
		assert.True(t, row.Robust, "%s: the verdict holds over the intervals", row.Transport.Name)
	}

	h := LablupHitRate()
	assert.InDelta(t, (26.3-22.3)/((26.3-22.3)+22.0-6.6), h.BreakEvenH.Value, 1e-9)
	assert.InDelta(t, (22.3+4*22.0)/5, float64(h.MeanBase.Value), 1e-9)
	assert.InDelta(t, (26.3+4*6.6)/5, float64(h.MeanOffld.Value), 1e-9)
	assert.InDelta(t, 0.8, h.HitShare, 1e-12)

	newer := NewerTable()
	require.Len(t, newer, 4)
	assert.InDelta(t, 131072.0*516096, float64(newer[0].At128K), 1)
	assert.InDelta(t, 1000*131072.0*516096, float64(newer[0].Parked), 1e3)
	assert.InDelta(t, 1.05e9, float64(newer[3].At128K), 1, "DeepSeek V4 Pro's 128K size is the post's, fixed state included")
}

// An input's interval is the one its printed figure stands for: a figure
// printed to a step covers half a step either side; one printed with
// "about" may cover five steps either side. Inputs with bounds of their own ("over 11 seconds",
// llm-d's ranges) are checked against their quotes below.
func TestInputIntervalsFollowThePrintedPrecision(t *testing.T) {
	for _, e := range sources.Ledger {
		if e.Kind != sources.InputFigure {
			continue
		}
		in, ok := registered(e.Input)
		if !ok || in.Value.IsExact() {
			continue
		}
		v := in.Value
		if v.Value-v.Lo != v.Hi-v.Value {
			continue // one-sided or quoted bounds
		}
		_, step, err := e.Value()
		require.NoError(t, err)
		half := step / 2 * e.Unit.Scale()
		got := v.Value - v.Lo
		if strings.HasPrefix(e.Printed, "about ") && math.Abs(got-10*half) < half*1e-9 {
			continue // "about 140K": five steps either side
		}
		assert.InDelta(t, half, got, half*1e-9, "%s (%s): interval", e.ID, e.Input)
	}
}

func registered(name string) (sources.AnyInput, bool) {
	for _, in := range sources.Inputs() {
		if in.Name == name {
			return in, true
		}
	}
	return sources.AnyInput{}, false
}

// Inputs quoted with a range ("12.0-12.2 GB/s") carry that range.
func TestQuotedRanges(t *testing.T) {
	rng := regexp.MustCompile(`(\d+\.\d+)-(\d+\.\d+) GB/s`)
	n := 0
	for _, in := range sources.Inputs() {
		m := rng.FindStringSubmatch(in.Quote)
		if m == nil {
			continue
		}
		n++
		lo, _ := strconv.ParseFloat(m[1], 64)
		hi, _ := strconv.ParseFloat(m[2], 64)
		assert.InDelta(t, lo*1e9, in.Value.Lo, 1, in.Name)
		assert.InDelta(t, hi*1e9, in.Value.Hi, 1, in.Name)
	}
	assert.Equal(t, 2, n, "RoCE's and UCCL's ranges")
}

// Figures the post does not print, checked against their sources' words
// and independent arithmetic.
func TestUnprintedInputs(t *testing.T) {
	// WEKA: "~300GB/s (2400Gb) per host", more than the 59 GB/s its claim needs.
	assert.InDelta(t, 2400e9/8, float64(sources.WEKAHostBandwidth.V()), 1)
	assert.Contains(t, sources.WEKAHostBandwidth.Quote, "2400Gb")
	assert.Less(t, float64(claimOf("Llama 3.1 70B").Needs.Value), float64(sources.WEKAHostBandwidth.V()))
	// WEKA's 41x, at its rounding, against 105,000 tokens and 0.58 s.
	cc := crossChecks["weka70b.prefill"].f()
	assert.InDelta(t, 105000/(41*0.58), cc.Value, 1e-6)
	assert.InDelta(t, 105000/(41.5*0.58), cc.Lo, 1e-6)
	assert.InDelta(t, 105000/(40.5*0.58), cc.Hi, 1e-6)
	assert.Contains(t, sources.WEKAHeadline.Quote, "41x")
	// "over 11 seconds": from 11 s to (short of) 12 s.
	assert.Equal(t, 11.0, float64(sources.QwenWWT.Uncached.Value.Lo))
	assert.Equal(t, 12.0, float64(sources.QwenWWT.Uncached.Value.Hi))
}

// Each recomputation says how with the values it uses, written from them:
// a few in full, against the post's arithmetic typed here; and every
// derived figure's how holds a number.
func TestHowShowsTheValues(t *testing.T) {
	findings, err := Audit()
	require.NoError(t, err)
	how := map[string]string{}
	for _, f := range findings {
		how[f.Entry.ID] = f.How
		if f.Entry.Kind == sources.DerivedFigure || f.Expected != AsSourced {
			assert.Regexp(t, `\d`, f.How, "%s: the how names no value", f.Entry.ID)
		}
	}
	for id, want := range map[string]string{
		"open.break-even":       "Llama 3.1 405B test: 127,188 tokens / 62.0 s = 2,051 tokens/s, x 516 KB/token = 1.06 GB/s",
		"cached.per-token":      "Llama 3.1 405B config: 2 (K and V) x 126 layers x 8 KV heads x 128 head dim x 2 B = 516 KB/token",
		"cached.vast-per-token": "Llama 3.1 405B config: 2 (K and V) x 126 layers x 8 KV heads x 128 head dim x 2 B = 516 KB/token, which is 504 KiB",
		"claims.weka.needs":     "cache / claimed time: 34.4 GB / 580 ms = 59.3 GB/s",
		"mult.throughput-bytes": "181 Gbit/s / 8 = 22.6 GB/s",
		"hit.break-even":        "p / (p + t_recompute - t_load) = 4.00 s / (4.00 s + 22.0 s - 6.60 s)",
		"hit.mean.offload":      "(one miss + 4 hits) / 5 turns, with offload: (26.3 s + 4 x 6.60 s) / 5",
		"newer.parked.405b":     "1,000 x the 405B 128K-token cache, 67.6 GB",
	} {
		assert.Equal(t, want, how[id], id)
	}
}

// The audit's working for the parked conversations names the post's
// thousand as it prints counts, "1,000", not "1000" or "1,000.0".
func TestParkedWorkingNamesTheThousandAsPrinted(t *testing.T) {
	findings, err := Audit()
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, f := range findings {
		switch f.Entry.ID {
		case "newer.parked.405b":
			assert.Regexp(t, `^1,000 x the 405B 128K-token cache, \d`, f.How)
			seen++
		case "newer.parked.deepseekv4pro":
			assert.Regexp(t, `^1,000 x DeepSeek V4 Pro's 128K-token conversation, \d`, f.How)
			seen++
		}
	}
	assert.Equal(t, 2, seen)
}

// Each transport's verdict is worked from that transport: its name and
// delivered bandwidth head the working.
func TestTransportVerdictsNameTheirTransport(t *testing.T) {
	findings, err := Audit()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"transports.roce.verdict": "RoCE",
		"transports.uccl.verdict": "UCCL",
		"transports.ucx.verdict":  "UCX",
	}
	for _, f := range findings {
		if name, ok := want[f.Entry.ID]; ok {
			assert.Regexp(t, `^break-evens below [^']*`+name+`[^']*'s \d`, f.How, f.Entry.ID)
			delete(want, f.Entry.ID)
		}
	}
	assert.Empty(t, want, "verdicts not audited")
}

// The working of the 126,000 tokens/s bound: 1 GB/s over 7.9 KB per
// token, to the token, to the thousand, and over the rounding of 7.9
// (7.85 to 7.95 KB).
func TestBoundPrefillWorkingToTheTokenAndOverTheRounding(t *testing.T) {
	fs, err := Audit()
	require.NoError(t, err)
	var reason string
	for _, f := range fs {
		if f.Entry.ID == "newer.bound-prefill" {
			reason = f.Reason
		}
	}
	r := 1e9 / 7900
	assert.Equal(t, "126,582", breakeven.GroupThousands(r, 0))
	assert.Contains(t, reason, "= 126,582 tokens/s, which is 127,000 to the thousand")
	assert.Contains(t, reason, fmt.Sprintf("(%s-%s)", breakeven.GroupThousands(1e9/7950, 0), breakeven.GroupThousands(1e9/7850, 0)))
	assert.Contains(t, reason, "(125,786-127,389)")
}

// The working of WEKA's implied prefill, in whole tokens/s: 105,000
// tokens / (41x x 0.58 s) = 4,415.5, 0.8% above the post's 4,380.
func TestWEKAImpliedPrefillWorkingInWholeTokens(t *testing.T) {
	fs, err := Audit()
	require.NoError(t, err)
	var reason string
	for _, f := range fs {
		if f.Entry.ID == "tests.70b.prefill" {
			reason = f.Reason
		}
	}
	assert.Equal(t, "4,415", breakeven.GroupThousands(105000/(41*0.58), 0))
	assert.Contains(t, reason, "= 4,415 tokens/s, 0.8% higher, and ")
	assert.Regexp(t, `and \d,\d{3}-\d,\d{3} over the rounding of 41x$`, reason)
}

// The working behind two audit reasons, by hand: the Lablup offload mean
// is (26.3 + 4 x 6.6) / 5 = 10.54 s, and the post's 8.3 GB is what 2^20 =
// 1,048,576 tokens give.
func TestOffloadMeanAndMillionTokenWorking(t *testing.T) {
	fs, err := Audit()
	require.NoError(t, err)
	reasons := map[string]string{}
	for _, f := range fs {
		reasons[f.Entry.ID] = f.Reason
	}
	assert.True(t, strings.HasPrefix(reasons["hit.mean.offload"], fmt.Sprintf("(26.3 + 4 x 6.6) / 5 = %.2f s, which prints as 10.5;", (26.3+4*6.6)/5)), reasons["hit.mean.offload"])
	assert.Contains(t, reasons["newer.million"], "1,048,576 tokens (a '1M' context of 2^20)")
}

// An input read from a model's config says which config: the 405B's 126
// layers come from the Llama 3.1 405B entry of the catalog.
func TestConfigInputNamesItsModel(t *testing.T) {
	fs, err := Audit()
	require.NoError(t, err)
	for _, f := range fs {
		if f.Entry.ID == "cached.layers" {
			assert.True(t, strings.HasPrefix(f.How, "as sourced: Llama 3.1 405B config, "), f.How)
			assert.Equal(t, 126.0, f.Recomputed.Value)
			return
		}
	}
	t.Fatal("no cached.layers")
}

// An entry that cannot be audited is named, and the others' findings are
// kept: one bad entry among good ones is an error, as two are.
func TestAuditNamesEachBadEntryAndKeepsTheOthers(t *testing.T) {
	good := sources.Ledger[0]
	bad := sources.Entry{ID: "bad.one", Section: good.Section, Printed: "x", Unit: good.Unit, Kind: sources.DerivedFigure}
	fs, err := auditEntries([]sources.Entry{good, bad})
	assert.Len(t, fs, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.one")
	bad2 := bad
	bad2.ID = "bad.two"
	_, err = auditEntries([]sources.Entry{bad, bad2})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.one")
	assert.Contains(t, err.Error(), "bad.two")
	fs, err = auditEntries([]sources.Entry{good})
	require.NoError(t, err)
	assert.Len(t, fs, 1)
}
