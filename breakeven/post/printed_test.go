package post

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// The post's table of three tests, in its four columns, as printed by
// hand: 127,188 tokens over 62 s (61.5 to 62.5 s) is 2,051 (2,035 to
// 2,068) tokens/s; times 516,096 bytes is 1.06 (1.05 to 1.07) GB/s.
func TestBreakEvenPrinted(t *testing.T) {
	p := BreakEvenPrinted()
	assert.Equal(t, []string{"model and hardware", "prefill (tokens/s)", "cache per token (KB)", "break-even (GB/s)"}, p.Header)
	assert.Equal(t, []string{"Llama 3.1 405B, 8 H100s", "2,051 (2,035 to 2,068)", "516", "1.06 (1.05 to 1.07)"}, p.Rows[0])
	// WEKA's prefill is the post's 4,380, marked as an input.
	assert.Equal(t, "4,380¹", p.Rows[1][1])
	assert.Len(t, p.Notes, 1)
}

// Every printed table: as many cells as headers, no NaN or infinity, no
// run of six decimals, and every footnote mark has its note.
func TestPrintedTablesAreClean(t *testing.T) {
	for name, p := range map[string]breakeven.PrintedTable{
		"break-even": BreakEvenPrinted(), "test inputs": TestInputsPrinted(), "links": LinkPrinted(),
		"multiplier": MultiplierPrinted(), "claims": ClaimsPrinted(), "transports": TransportPrinted(),
		"hit rate": HitRatePrinted(), "hit reading": HitReadingPrinted(), "newer": NewerPrinted(),
		"limits": LimitPrinted(), "validation": ValidationPrinted(), "estimates": EstimatePrinted(),
	} {
		for _, r := range p.Rows {
			assert.Len(t, r, len(p.Header), name)
			for _, c := range r {
				assert.NotContains(t, c, "NaN", name)
				assert.NotRegexp(t, `[+-]?Inf\b`, c, name)
				assert.NotRegexp(t, `\.\d{6}`, c, name)
				for _, mark := range []string{"¹", "²", "³", "⁴", "⁵"} {
					if strings.Contains(c, mark) {
						found := false
						for _, n := range p.Notes {
							found = found || strings.HasPrefix(n, mark+" ")
						}
						assert.True(t, found, "%s: %q has no note %s", name, c, mark)
					}
				}
			}
		}
	}
}

// The validation's 405B load uses VAST's measured 22.6 GB/s, as the
// multiplier check does: 65.6 GB / 22.6 GB/s = 2.90 s against 3 s
// reported, nearer than the extended model's 2.79 s.
func TestValidationUsesMeasuredThroughput(t *testing.T) {
	m := VASTMultiplier()
	for _, r := range ValidationTable() {
		if r.Test.ID != "vast405b" {
			continue
		}
		switch r.Quantity {
		case "cached TTFT (s)":
			assert.InDelta(t, float64(m.PredictedLoad.Value), r.Simple.Value, 1e-12)
			assert.InDelta(t, 65.641218e9/(181e9/8), r.Simple.Value, 1e-6)
			assert.Equal(t, FormulaName, r.Closer())
		case "speedup (x)":
			assert.InDelta(t, m.PredictedSpeed.Value, r.Simple.Value, 1e-9)
		case "uncached TTFT (s)":
			assert.Equal(t, "", r.Closer())
		}
	}
}

// The Lablup/VAST table as the post prints it, each time at its one
// decimal, and the averages recomputed by hand from the ≈ times (each
// ±0.05 s): (22.3 + 4 x 22.0) / 5 = 22.06, from (22.25 + 4 x 21.95) / 5 =
// 22.01 to (22.35 + 4 x 22.05) / 5 = 22.11; with offload (26.3 + 4 x
// 6.6) / 5 = 10.54, from 10.49 to 10.59.
func TestHitRatePrinted(t *testing.T) {
	p := HitRatePrinted()
	assert.Equal(t, []string{"", "no offload", "with offload"}, p.Header)
	want := [][]string{
		{"first turn of a context, a miss (s)", "22.3", "26.3"},
		{"later turns, hits (s)", "22.0", "6.6"},
		{"average time to first token, as reported (s)", "22.1", "10.6"},
		{"average, recomputed: (one miss + 4 hits) / 5 turns (s)",
			fmt.Sprintf("%.2f (%.2f to %.2f)", (22.3+4*22.0)/5, (22.25+4*21.95)/5, (22.35+4*22.05)/5),
			fmt.Sprintf("%.2f (%.2f to %.2f)", (26.3+4*6.6)/5, (26.25+4*6.55)/5, (26.35+4*6.65)/5)},
		{"time per output token (ms)", "14.5", "14.5"},
	}
	assert.Equal(t, want, p.Rows)
}

// The post's reading of the Lablup/VAST test, by hand: the miss costs
// 26.3 - 22.3 = 4.0 s (3.9 to 4.1 over the ≈ times' rounding); at
// DeepSeek's 342 of 608 billion (56.25%) the mean with offload is
// 0.5625 x 6.6 + 0.4375 x (22.0 + 4.0) = 15.1 s.
func TestHitReadingPrinted(t *testing.T) {
	rows := map[string][]string{}
	for _, r := range HitReadingPrinted().Rows {
		rows[r[0]] = r
	}
	assert.Equal(t, fmt.Sprintf("%.1f (%.1f to %.1f)", 26.3-22.3, 26.25-22.35, 26.35-22.25), rows["miss penalty p (s)"][1])
	h := 342.0 / 608
	assert.Equal(t, fmt.Sprintf("%.1f", h*6.6+(1-h)*(22.0+4.0)), strings.SplitN(rows["average with offload at DeepSeek's hit rate (s)"][1], " ", 2)[0])
	assert.Equal(t, "80.0", rows["hits among all turns (%)"][1])
	assert.Equal(t, "1.96", rows["whole run, times sooner (x)"][1])
}

// The transports' share of the 100 Gbit/s (12.5 GB/s) line rate, in whole
// percent: 12.0, 4.9 and 0.55 GB/s are 96%, 39% and 4%.
func TestTransportSharePrinted(t *testing.T) {
	p := TransportPrinted()
	require.Equal(t, "share of the 100 Gbit/s line rate (%)", p.Header[3])
	for i, d := range []float64{12.0, 4.9, 0.55} {
		assert.Equal(t, fmt.Sprintf("%.0f", 100*d/12.5), strings.SplitN(p.Rows[i][3], " ", 2)[0], p.Rows[i][0])
	}
}

// The tests' prompts print as whole tokens with thousands separators, as
// the post writes them: 127,188 and 105,000.
func TestPromptsPrintWhole(t *testing.T) {
	p := TestInputsPrinted()
	require.Equal(t, "prompt (tokens)", p.Header[1])
	assert.Equal(t, "127,188", p.Rows[0][1])
	assert.Equal(t, "105,000", p.Rows[1][1])
}

// The implied MFU prints at three significant digits: the 405B test's
// 169 PFLOP over 8 H100s at 989.4 TFLOP/s for 62 s is 0.345.
func TestImpliedMFUPrinted(t *testing.T) {
	p := LimitPrinted()
	require.Equal(t, "implied MFU", p.Header[5])
	mfu := handFLOPs(405e9, head405B, 126, 128, 128, 127188) / (8 * h100Peak * 62)
	assert.Equal(t, fmt.Sprintf("%.3f", mfu), strings.SplitN(p.Rows[0][5], " ", 2)[0])
}

// The prefill validation's error is a whole percent: the 405B test,
// measured at 62.0 s, is printed as the rounded (predicted/measured - 1).
func TestValidationErrorWholePercent(t *testing.T) {
	p := PrefillValidationPrinted()
	require.Equal(t, "error (%)", p.Header[6])
	n := 0
	for _, r := range p.Rows {
		if r[6] == "-" {
			continue
		}
		n++
		assert.Regexp(t, `^[+-]?\d+$`, r[6], r[0])
	}
	assert.Positive(t, n)
}

// Bandwidths print at three significant digits: WEKA's claim needs
// 105,000 x 327,680 B / 0.58 s = 59.3 GB/s against one 400 Gbit/s link,
// 50.0 GB/s.
func TestClaimsBandwidthsPrinted(t *testing.T) {
	p := ClaimsPrinted()
	row := p.Rows[2]
	require.Equal(t, "WEKA, Llama 3.1 70B", row[0])
	assert.Equal(t, fmt.Sprintf("%.1f", 105000*327680/0.58/1e9), row[4])
	assert.Equal(t, "50.0", row[5])
}

// The implied share of peak prints at two significant digits: the 405B
// test's 169 PFLOP at 8 x 989.4 TFLOP/s (21.4 s) over its 62.0 s is 0.35.
func TestValidationSharePrinted(t *testing.T) {
	p := PrefillValidationPrinted()
	require.Equal(t, "implied share of peak", p.Header[7])
	require.Equal(t, "vast405b", p.Rows[0][0])
	share := handFLOPs(405e9, head405B, 126, 128, 128, 127188) / (8 * h100Peak) / 62
	assert.Equal(t, fmt.Sprintf("%.2f", share), p.Rows[0][7])
}

// The error column is the printed prediction over the measured time, less
// one, in whole percent (to a point, as both are rounded).
func TestValidationErrorFromItsCells(t *testing.T) {
	p := PrefillValidationPrinted()
	n := 0
	for _, r := range p.Rows {
		if r[6] == "-" || !strings.HasSuffix(r[4], " s") {
			continue
		}
		m, err1 := strconv.ParseFloat(strings.TrimSuffix(r[4], " s"), 64)
		pr, err2 := strconv.ParseFloat(strings.SplitN(r[5], " ", 2)[0], 64)
		e, err3 := strconv.ParseFloat(r[6], 64)
		if err1 != nil || err2 != nil || err3 != nil || !strings.HasPrefix(strings.SplitN(r[5], " ", 3)[1], "s") {
			continue
		}
		n++
		assert.InDelta(t, 100*(pr/m-1), e, 1.5, r[0])
	}
	assert.Greater(t, n, 3)
}

// A one-GPU run prints its count, and a time under a second its
// milliseconds: Qwen3-32B on 1x H100; NIM's 406.77 ms to first token.
func TestValidationSmallCells(t *testing.T) {
	rows := map[string][]string{}
	for _, r := range PrefillValidationPrinted().Rows {
		rows[r[0]] = r
	}
	assert.Equal(t, "1x H100", rows["qwen32b"][1])
	assert.Equal(t, "407 ms", rows["nim-llama3.3-70b-5k"][4])
}

// The validation's title states its scores as counted from its rows: the
// share within 25% and the share covered, as percentages.
func TestValidationTitleFromRows(t *testing.T) {
	m, err := PrefillValidation()
	require.NoError(t, err)
	var priced, within, covered int
	for _, r := range m.Rows {
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
	title := PrefillValidationData().Title
	// Printed as every percentage is (breakeven.Percent: three figures,
	// trailing zeros kept, so 28 of 70 reads 40.0%).
	assert.Contains(t, title, breakeven.Percent(float64(within)/float64(priced))+" within 25%")
	assert.Contains(t, title, "interval covers "+breakeven.Percent(float64(covered)/float64(priced)))
}

// The validation prints its predictions to three significant figures:
// the post's formula puts WEKA's cached time at the load alone, 105,000
// tokens x 327,680 B over one 400 Gbit/s link, 0.68813 s, printed 0.688.
func TestValidationPrintedToThreeFigures(t *testing.T) {
	load := 105000 * 327680 / (400e9 / 8)
	require.InDelta(t, 0.68813, load, 1e-5)
	var found bool
	for _, r := range ValidationPrinted().Rows {
		if strings.HasPrefix(r[0], "Llama 3.1 70B") && r[2] == "cached TTFT (s)" {
			found = true
			assert.Equal(t, strconv.FormatFloat(load, 'f', 3, 64), strings.TrimRight(r[3], "¹²³⁴"))
		}
	}
	assert.True(t, found, "WEKA's cached row")
}

// The post writes DeepSeek's token counts as whole billions: "608B" input
// tokens, "342B" from the on-disk cache.
func TestBillionsAsThePostWritesThem(t *testing.T) {
	assert.Equal(t, "608", billions(sources.DeepSeekInputTokens.V()))
	assert.Equal(t, "342", billions(sources.DeepSeekHitTokens.V()))
	assert.Equal(t, "1,234", billions(1_234_400_000_000))
}

// Times print at three significant digits, as the post prints VAST's
// load: the 405B cache, 126 layers x 8 KV heads x 128 dims x 2 (K, V) x
// 2 bytes x 127,188 tokens = 65.64 GB, over 181 Gbit/s (22.625 GB/s) is
// 2.901 s, printed "2.90".
func TestTimesPrintAtThreeDigits(t *testing.T) {
	var got string
	for _, r := range MultiplierPrinted().Rows {
		if r[0] == "predicted load time (s)" {
			got = r[1]
		}
	}
	load := 126.0 * 8 * 128 * 2 * 2 * 127188 / (181e9 / 8)
	assert.InDelta(t, 2.901, load, 0.0005)
	assert.Regexp(t, `^2\.90 \(2\.\d\d to 2\.\d\d\)$`, got)
}

// How a link fares against the three break-evens, in the post's words,
// for every count.
func TestBeatenTextInThePostsWordsForEveryCount(t *testing.T) {
	assert.Equal(t, "loses all three", beatenText(0, 3))
	assert.Equal(t, "wins 1 of 3", beatenText(1, 3))
	assert.Equal(t, "wins 2 of 3", beatenText(2, 3))
	assert.Equal(t, "wins all three", beatenText(3, 3))
}

// The audit's printed table shows each recomputation one digit finer than
// the post prints it. By hand: 127,188 tokens / 62 s x 516,096 B = 1.0587
// GB/s, and with 62.5 and 61.5 s, 1.0503 and 1.0673 GB/s; the post's
// "62" (s) is an input, shown to the tenth.
func TestAuditTableShowsRecomputationsOneDigitFiner(t *testing.T) {
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

// Line rates print with four significant digits: 96.1254 Gbit/s is
// "96.13 Gbit/s".
func TestLineRatesPrintWithFourDigits(t *testing.T) {
	assert.Equal(t, "96.13 Gbit/s", gbit(breakeven.Bandwidth(96.1254e9/8)))
	assert.Equal(t, "181 Gbit/s", gbit(breakeven.Bandwidth(181e9/8)))
}

// The newer models' table at the post's precision: Llama 3.1 405B parks
// 131,072 x 516,096 B = 67.6 GB per conversation and 67.6 TB for 1,000,
// with no fixed state; every size has three significant digits. The
// claims table counts links in whole numbers.
func TestNewerTableAtThePostsPrecisionAndClaimsInWholeLinks(t *testing.T) {
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

// The newer models' last column compares each with Llama 3.1 405B's
// 516,096 B per token.
func TestNewerRatioIsAgainst405BPerToken(t *testing.T) {
	tb := NewerPrinted()
	assert.Equal(t, "Llama 3.1 405B per token / this (x)", tb.Header[5])
	assert.Equal(t, "1.00", tb.Rows[0][5])
	q := float64(sources.Qwen38Max.PerToken.V())
	assert.Equal(t, breakeven.FormatSignificant(516096/q, 3), tb.Rows[1][5])
	assert.Equal(t, "5.49", tb.Rows[1][5])
}

// An exact whole recomputation prints without decimals, grouped.
func TestExactWholeRecomputationPrintsGrouped(t *testing.T) {
	f := Finding{Entry: sources.Entry{Unit: sources.UnitTokens}, Recomputed: breakeven.Exact(127188.0)}
	assert.Equal(t, "127,188", recomputedCell(f))
}

// The estimates table prints each break-even in MB/s: the row's value
// and interval over 10^6 bytes per second, at the table's short form.
func TestEstimateBreakEvensPrintInMegabytesPerSecond(t *testing.T) {
	tab := EstimatePrinted()
	priced := 0
	for i, r := range EstimateTable() {
		if !r.Priced() {
			continue
		}
		priced++
		assert.Equal(t, breakeven.ShortInterval(r.BreakEven.Float().Scale(1e-6)), tab.Rows[i][5], r.Model.Name)
	}
	assert.Greater(t, priced, 5)
	assert.Contains(t, tab.Header[5], "MB/s")
}
