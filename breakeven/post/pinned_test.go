package post

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// How a link fares against the three break-evens, in the post's words,
// for every count.
func TestBeatenTextEveryCount(t *testing.T) {
	assert.Equal(t, "loses all three", beatenText(0, 3))
	assert.Equal(t, "wins 1 of 3", beatenText(1, 3))
	assert.Equal(t, "wins 2 of 3", beatenText(2, 3))
	assert.Equal(t, "wins all three", beatenText(3, 3))
}

// The audit's working for the parked conversations names the post's
// thousand as it prints counts, "1,000", not "1000" or "1,000.0".
func TestParkedHowNamesTheThousand(t *testing.T) {
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

// The limit table prints each test's prefill work to three significant
// digits (the README's "26.6 PFLOP" for the Qwen3-32B test).
func TestLimitPrintedPFLOPThreeDigits(t *testing.T) {
	tab := LimitPrinted()
	col := -1
	for i, h := range tab.Header {
		if strings.Contains(h, "PFLOP") {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no PFLOP column in %q", tab.Header)
	}
	assert.Len(t, tab.Rows, 3)
	for _, r := range tab.Rows {
		digits := strings.TrimLeft(strings.ReplaceAll(strings.ReplaceAll(r[col], ".", ""), ",", ""), "0")
		assert.Len(t, digits, 3, "%s: %q", r[0], r[col])
		if strings.HasPrefix(r[0], "Qwen3-32B") {
			assert.Equal(t, "26.6", r[col])
		}
	}
}

// A figure the catalog lacks is empty in its table, not 0: Mistral Medium
// 3.5 has no context read; a model that has one shows it.
func TestCatalogDataLeavesUnknownsEmpty(t *testing.T) {
	tab := CatalogData()
	col := map[string]Column{}
	for _, c := range tab.Columns {
		for _, stem := range []string{"name", "context", "total_params"} {
			if c.Name == stem || strings.HasPrefix(c.Name, stem+"_") {
				col[stem] = c
			}
		}
	}
	if len(col) != 3 {
		t.Fatalf("columns: %v", col)
	}
	names := col["name"].Text
	found := 0
	for i, n := range names {
		switch n {
		case "Mistral Medium 3.5":
			assert.True(t, math.IsNaN(col["context"].Values[i]), "context %v", col["context"].Values[i])
			assert.Equal(t, 128e9, col["total_params"].Values[i])
			found++
		case "Llama 3.1 8B":
			assert.Equal(t, float64(128*1024), col["context"].Values[i])
			found++
		}
	}
	assert.Equal(t, 2, found)
}

// The estimates' prefill work is shown in PFLOP, as labelled: 10^15 FLOP.
func TestEstimatePrefillWorkInPFLOP(t *testing.T) {
	found := false
	for _, c := range EstimateData().Columns {
		if c.Label != "prefill work (PFLOP)" {
			continue
		}
		found = true
		assert.NotEmpty(t, c.Scale)
		for _, s := range c.Scale {
			assert.Equal(t, math.Pow(10, 15), s)
		}
	}
	assert.True(t, found)
}

// The audit's printed table shows each recomputation one digit finer than
// the post prints it. By hand: 127,188 tokens / 62 s x 516,096 B = 1.0587
// GB/s, and with 62.5 and 61.5 s, 1.0503 and 1.0673 GB/s; the post's
// "62" (s) is an input, shown to the tenth.
func TestAuditPrintedDigits(t *testing.T) {
	tb, err := AuditPrinted()
	require.NoError(t, err)
	cells := map[string]string{}
	for _, r := range tb.Rows {
		cells[r[0]] = r[4]
	}
	be := 127188.0 / 62 * 516096 / 1e9
	lo, hi := 127188.0/62.5*516096/1e9, 127188.0/61.5*516096/1e9
	assert.Equal(t, fmt.Sprintf("%.3f (%.3f to %.3f)", be, lo, hi), cells["open.break-even"])
	assert.Equal(t, "1.059 (1.050 to 1.067)", cells["open.break-even"])
	assert.Equal(t, "62.0", cells["open.uncached"])
}

// The working of the 126,000 tokens/s bound: 1 GB/s over 7.9 KB per
// token, to the token, to the thousand, and over the rounding of 7.9
// (7.85 to 7.95 KB).
func TestBoundPrefillWorking(t *testing.T) {
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

// Ratios are written as they are, not scaled: the predicted speedup in
// data/multiplier.csv is 22.625 GB/s over the 1.0587 GB/s break-even.
func TestMultiplierCSVRatio(t *testing.T) {
	rows := csvCells(t, MultiplierData(), func(r map[string]string) string { return r["quantity"] })
	want := 181e9 / 8 / (127188.0 / 62 * 516096)
	assert.InEpsilon(t, want, cell(t, rows, "predicted_speedup", "value"), 1e-12)
	assert.Equal(t, "ratio", rows["predicted_speedup"]["unit"])
}

// The catalog table prints each cache at 16 bits, uncompressed: by hand,
// Llama 3.1 405B keeps 2 x 126 x 8 x 128 x 2 = 516,096 B per token and
// 131,072 of them; DeepSeek-V3's MLA keeps 61 x (512 + 64) x 2 = 70,272.
func TestCatalogCSVCaches(t *testing.T) {
	rows := csvCells(t, CatalogData(), func(r map[string]string) string { return r["name"] })
	assert.Equal(t, 516096.0, cell(t, rows, "Llama 3.1 405B", "bytes_per_token"))
	assert.Equal(t, 516096.0*131072, cell(t, rows, "Llama 3.1 405B", "at_128k_bytes"))
	assert.Equal(t, 70272.0, cell(t, rows, "DeepSeek-V3", "bytes_per_token"))
}

// Token rates are written in tokens per second: VAST's 127,188 tokens in
// 62 s is 2,051.4 tokens/s in data/break-even.csv.
func TestBreakEvenCSVRate(t *testing.T) {
	rows := csvCells(t, BreakEvenData(), func(r map[string]string) string { return r["test_id"] })
	assert.InEpsilon(t, 127188.0/62, cell(t, rows, "vast405b", "prefill_tokens_per_second"), 1e-12)
}

// The working of WEKA's implied prefill, in whole tokens/s: 105,000
// tokens / (41x x 0.58 s) = 4,415.5, 0.8% above the post's 4,380.
func TestWEKAPrefillWorking(t *testing.T) {
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
func TestMeanAndMillionWorking(t *testing.T) {
	fs, err := Audit()
	require.NoError(t, err)
	reasons := map[string]string{}
	for _, f := range fs {
		reasons[f.Entry.ID] = f.Reason
	}
	assert.True(t, strings.HasPrefix(reasons["hit.mean.offload"], fmt.Sprintf("(26.3 + 4 x 6.6) / 5 = %.2f s, which prints as 10.5;", (26.3+4*6.6)/5)), reasons["hit.mean.offload"])
	assert.Contains(t, reasons["newer.million"], "1,048,576 tokens (a '1M' context of 2^20)")
}

// Line rates print with four significant digits: 96.1254 Gbit/s is
// "96.13 Gbit/s".
func TestGbitDigits(t *testing.T) {
	assert.Equal(t, "96.13 Gbit/s", gbit(breakeven.Bandwidth(96.1254e9/8)))
	assert.Equal(t, "181 Gbit/s", gbit(breakeven.Bandwidth(181e9/8)))
}

// The newer models' table at the post's precision: Llama 3.1 405B parks
// 131,072 x 516,096 B = 67.6 GB per conversation and 67.6 TB for 1,000,
// with no fixed state; every size has three significant digits. The
// claims table counts links in whole numbers.
func TestNewerAndClaimsPrintedDigits(t *testing.T) {
	tb := NewerPrinted()
	require.Equal(t, "Llama 3.1 405B", tb.Rows[0][0])
	assert.Equal(t, breakeven.FormatSignificant(131072*516096/1e9, 3), tb.Rows[0][2])
	assert.Equal(t, []string{"67.6", "0", "67.6"}, tb.Rows[0][2:5])
	assert.Equal(t, "1,000 parked (TB)", tb.Header[4])
	three := regexp.MustCompile(`^(\d\.\d\d|\d\d\.\d|\d{3})( \(.*\))?¹?$`)
	for _, r := range tb.Rows[1:] {
		assert.Regexp(t, three, r[3], "%s fixed state", r[0])
		assert.Regexp(t, three, r[4], "%s parked", r[0])
	}
	claims := ClaimsPrinted()
	assert.Equal(t, "2", claims.Rows[0][6], "VAST: 21.9 GB/s over 12.5 GB/s links takes 2")
	assert.Equal(t, "2", claims.Rows[2][6], "WEKA: 59.3 GB/s over 50.0 GB/s takes 2")
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

// The newer models' last column compares each with Llama 3.1 405B's
// 516,096 B per token.
func TestNewerRatioAgainst405B(t *testing.T) {
	tb := NewerPrinted()
	assert.Equal(t, "Llama 3.1 405B per token / this (x)", tb.Header[5])
	assert.Equal(t, "1.00", tb.Rows[0][5])
	q := float64(sources.Qwen38Max.PerToken.V())
	assert.Equal(t, breakeven.FormatSignificant(516096/q, 3), tb.Rows[1][5])
	assert.Equal(t, "5.49", tb.Rows[1][5])
}

// A ratio and a token rate have no prefix: their frames show the SI
// value itself (scale 1), as the post prints 21x and 2,051 tokens/s.
func TestUnitlessScales(t *testing.T) {
	scale := func(tb Table, col string, row int) float64 {
		for _, c := range tb.Columns {
			if c.Name == col {
				return c.Scale[row]
			}
		}
		t.Fatalf("%s has no column %s", tb.Name, col)
		return 0
	}
	be := BreakEvenData()
	assert.Equal(t, 1.0, scale(be, "prefill_tokens_per_second", 0))
	m := MultiplierData()
	rows := csvRows(t, m)
	for i, r := range rows {
		if r["quantity"] == "predicted_speedup" {
			assert.Equal(t, 1.0, scale(m, "value", i))
		}
	}
}

// Nothing measured (an estimate of zeros) prints as no value; any nonzero
// part is kept.
func TestEstOrNaN(t *testing.T) {
	z := estOrNaN(E[float64]{})
	assert.True(t, math.IsNaN(z.Value) && math.IsNaN(z.Lo) && math.IsNaN(z.Hi))
	for _, e := range []E[float64]{{Value: 1}, {Lo: 1}, {Hi: 1}, {Value: 2, Lo: 1, Hi: 3}} {
		assert.Equal(t, e, estOrNaN(e))
	}
}

// An entry that cannot be audited is named, and the others' findings are
// kept: one bad entry among good ones is an error, as two are.
func TestAuditEntriesNamesEachBadOne(t *testing.T) {
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

// An exact whole recomputation prints without decimals, grouped.
func TestRecomputedCellWhole(t *testing.T) {
	f := Finding{Entry: sources.Entry{Unit: sources.UnitTokens}, Recomputed: breakeven.Exact(127188.0)}
	assert.Equal(t, "127,188", recomputedCell(f))
}
