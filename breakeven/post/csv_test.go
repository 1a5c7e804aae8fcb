package post

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

// csvRows parses a table's CSV into one map per row, keyed by header.
func csvRows(t *testing.T, tb Table) []map[string]string {
	t.Helper()
	b, err := tb.CSV()
	require.NoError(t, err)
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	require.NoError(t, err, tb.Name)
	require.NotEmpty(t, recs, tb.Name)
	var out []map[string]string
	for _, r := range recs[1:] {
		require.Len(t, r, len(recs[0]), tb.Name)
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

func num(t *testing.T, row map[string]string, col string) float64 {
	t.Helper()
	s, ok := row[col]
	require.True(t, ok, "no column %q", col)
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "column %q: %q", col, s)
	return v
}

// rowWhere returns the row whose column col is v.
func rowWhere(t *testing.T, rows []map[string]string, col, v string) map[string]string {
	t.Helper()
	for _, r := range rows {
		if r[col] == v {
			return r
		}
	}
	require.Failf(t, "no row", "%s = %q", col, v)
	return nil
}

func TestTablesAreWellFormed(t *testing.T) {
	tables, err := Tables()
	require.NoError(t, err)
	want := []string{"break-even", "links", "multiplier", "claims-checked", "transports", "hit-rate", "newer-models", "ledger", "inputs", "models", "physical-limits", "validation", "estimated-break-evens", "prefill-validation", "prefill-heldout", "ttft-vs-prompt-length", "break-even-vs-prompt-length"}
	var names []string
	for _, tb := range tables {
		names = append(names, tb.Name)
		assert.NotEmpty(t, tb.Title, tb.Name)
		heads := map[string]bool{}
		for _, c := range tb.Columns {
			assert.False(t, heads[c.Name], "%s: duplicate column %s", tb.Name, c.Name)
			heads[c.Name] = true
			assert.Regexp(t, `^[a-z0-9_.-]+$`, c.Name, "%s: CSV headers are snake_case", tb.Name)
			assert.True(t, (c.Values == nil) != (c.Text == nil), "%s.%s: text or numbers", tb.Name, c.Name)
			assert.Equal(t, tb.Rows(), len(c.Values)+len(c.Text), "%s.%s: every column has every row", tb.Name, c.Name)
		}
		a, err := tb.CSV()
		require.NoError(t, err)
		b, err := tb.CSV()
		require.NoError(t, err)
		assert.Equal(t, a, b, "%s: CSV is deterministic", tb.Name)
		assert.NotContains(t, string(a), "NaN", tb.Name)
		assert.NotContains(t, string(a), "\r\n", tb.Name)
		csvRows(t, tb)
	}
	assert.Equal(t, want, names)
}

// Every estimate column comes with _low and _high that hold it.
func TestEstimateColumnsHoldTheirValue(t *testing.T) {
	tables, err := Tables()
	require.NoError(t, err)
	for _, tb := range tables {
		rows := csvRows(t, tb)
		for _, c := range tb.Columns {
			base, ok := strings.CutSuffix(c.Name, "_low")
			if !ok {
				continue
			}
			for _, r := range rows {
				if r[base] == "" {
					assert.Empty(t, r[base+"_low"])
					continue
				}
				assert.LessOrEqual(t, num(t, r, base+"_low"), num(t, r, base), "%s.%s", tb.Name, base)
				assert.GreaterOrEqual(t, num(t, r, base+"_high"), num(t, r, base), "%s.%s", tb.Name, base)
			}
		}
	}
}

// The break-even table in SI units, against the post's printed values at
// the post's precision and against hand arithmetic.
func TestBreakEvenCSVAgainstThePost(t *testing.T) {
	rows := csvRows(t, BreakEvenData())
	require.Len(t, rows, 3)
	vast := rowWhere(t, rows, "test_id", "vast405b")
	assert.InDelta(t, 2051, num(t, vast, "prefill_tokens_per_second"), 0.5, "2,051 tokens/s")
	assert.Equal(t, 2.0*126*8*128*2, num(t, vast, "bytes_per_token"))
	assert.InDelta(t, 1.06e9, num(t, vast, "break_even_bytes_per_second"), 0.005e9, "1.06 GB/s")
	assert.InDelta(t, 127188.0/62*516096, num(t, vast, "break_even_bytes_per_second"), 1e-3)
	assert.InDelta(t, 65.6e9, num(t, vast, "cache_bytes"), 0.05e9, "65.6 GB")
	assert.Equal(t, 62.0, num(t, vast, "uncached_ttft_seconds"))

	weka := rowWhere(t, rows, "test_id", "weka70b")
	assert.InDelta(t, 1.44e9, num(t, weka, "break_even_bytes_per_second"), 0.005e9, "1.44 GB/s")
	assert.Empty(t, weka["uncached_ttft_seconds"], "the 70B test's uncached time was not seen")

	qwen := rowWhere(t, rows, "test_id", "qwen32b")
	assert.InDelta(t, 3.1e9, num(t, qwen, "break_even_bytes_per_second"), 0.05e9, "≈3.1 GB/s")
	assert.InDelta(t, 11900, num(t, qwen, "prefill_tokens_per_second"), 50, "≈11,900 tokens/s")
	// "over 11 seconds": 11 to 12 s.
	assert.InDelta(t, 131072.0/12*262144, num(t, qwen, "break_even_bytes_per_second_low"), 1e-3)
	assert.InDelta(t, 131072.0/11*262144, num(t, qwen, "break_even_bytes_per_second_high"), 1e-3)
}

func TestComparisonCSVsAgainstThePost(t *testing.T) {
	m := rowWhere(t, csvRows(t, MultiplierData()), "quantity", "predicted_speedup")
	assert.InDelta(t, 21, num(t, m, "value"), 0.5, "predicts 21x")
	assert.Equal(t, "ratio", m["unit"])
	load := rowWhere(t, csvRows(t, MultiplierData()), "quantity", "predicted_load")
	assert.InDelta(t, 2.9, num(t, load, "value"), 0.05, "a load time of 2.9 seconds")
	assert.Equal(t, "seconds", load["unit"])

	claims := csvRows(t, ClaimsData())
	weka := rowWhere(t, claims, "model", "Llama 3.1 70B")
	assert.InDelta(t, 59e9, num(t, weka, "required_bytes_per_second"), 0.5e9, "needs 59 GB/s")
	assert.InDelta(t, 50e9, num(t, weka, "link_bytes_per_second"), 0.5e9, "carries 50")
	assert.Equal(t, 2.0, num(t, weka, "links_needed"))
	qwen := rowWhere(t, claims, "model", "Qwen3-32B")
	assert.InDelta(t, 22.9e9, num(t, qwen, "required_bytes_per_second"), 0.05e9, "needs 22.9 GB/s")
	assert.InDelta(t, 34.4e9, num(t, qwen, "cache_bytes"), 0.05e9, "34.4 GB")
	assert.Empty(t, qwen["link_bytes_per_second"], "no link stated")

	beaten := map[string]float64{}
	for _, r := range csvRows(t, TransportData()) {
		beaten[r["transport"]] = num(t, r, "break_evens_beaten")
	}
	assert.Equal(t, map[string]float64{sources.RoCE.Name: 3, sources.UCCL.Name: 3, sources.UCX.Name: 0}, beaten, "wins all three, wins all three, loses all three")

	hr := csvRows(t, HitRateData())
	assert.InDelta(t, 0.21, num(t, rowWhere(t, hr, "quantity", "break_even_hit_rate"), "value"), 0.005, "a hit rate of 21%")
	assert.InDelta(t, 4, num(t, rowWhere(t, hr, "quantity", "miss_penalty"), "value"), 1e-9, "4 seconds slower")
	ds := rowWhere(t, hr, "quantity", "mean_offload_at_deepseek_hit_rate")
	assert.InDelta(t, 0.563*6.6+(1-0.563)*(22.0+4), num(t, ds, "value"), 1e-9)

	newer := csvRows(t, NewerData())
	llama := rowWhere(t, newer, "model", "Llama 3.1 405B")
	assert.InDelta(t, 67.6e12, num(t, llama, "parked_bytes"), 0.05e12, "67.6 TB")
	assert.InDelta(t, 67.6e9, num(t, llama, "conversation_cache_bytes"), 0.05e9, "67.6 GB")
	v4 := rowWhere(t, newer, "model", "DeepSeek V4 Pro")
	assert.InDelta(t, 1e12, num(t, v4, "parked_bytes"), 0.5e12, "about 1 TB")
	assert.InDelta(t, 65, num(t, v4, "per_token_vs_llama-3.1-405b"), 0.5, "65 times fewer bytes per token")
	// The ratio's header names the model it compares with, in the CSV and
	// in the DataFrame.
	labels := map[string]string{}
	for _, c := range NewerData().Columns {
		labels[c.Name] = c.Label
	}
	assert.Equal(t, "per token: Llama 3.1 405B / this (x)", labels["per_token_vs_llama-3.1-405b"])
}

func TestLedgerCSV(t *testing.T) {
	tb, err := LedgerData()
	require.NoError(t, err)
	rows := csvRows(t, tb)
	require.Len(t, rows, len(sources.Ledger), "every printed figure")
	be := rowWhere(t, rows, "id", "open.break-even")
	assert.Equal(t, "1.06", be["printed_text"])
	assert.Equal(t, "GB/s", be["unit"])
	assert.Equal(t, 1e9, num(t, be, "si_per_unit"))
	assert.InDelta(t, 127188.0/62*516096/1e9, num(t, be, "recomputed"), 1e-12)
	assert.Equal(t, "match", be["verdict"])
	assert.Equal(t, "match", be["expected"])
	million := rowWhere(t, rows, "id", "newer.million")
	assert.Equal(t, "differs", million["verdict"])
	assert.NotEmpty(t, million["reason"])
}

func TestInputsCSV(t *testing.T) {
	rows := csvRows(t, InputsData())
	require.Len(t, rows, len(sources.Inputs()))
	tokens := rowWhere(t, rows, "name", "vast405b.tokens")
	assert.Equal(t, "127188", tokens["value"])
	assert.Equal(t, string(sources.VASTCoreWeave), tokens["source"])
	ttft := rowWhere(t, rows, "name", "vast405b.uncached")
	assert.Equal(t, "61.5", ttft["value_low"], "62 s printed to the second")
}

func TestFormatNumber(t *testing.T) {
	tenth := 0.1
	for v, want := range map[float64]string{127188: "127188", 1.5: "1.5", 1e9 / 8: "1.25e+08", tenth + 0.2: "0.30000000000000004"} {
		assert.Equal(t, want, formatNumber(v), "full precision, shortest form")
	}
	assert.Equal(t, "", formatNumber(nan()))
}

// Every number column whose DataFrame header names a unit, "cache (GB)",
// shows its SI values divided by that unit's SI size, as written here.
func TestFrameUnitsScaleBySI(t *testing.T) {
	si := map[string]float64{
		"s": 1, "x": 1, "tokens": 1, "tokens/s": 1, "%": 0.01,
		"KB/token": 1e3, "GB": 1e9, "TB": 1e12, "GB/s": 1e9, "PFLOP": 1e15,
	}
	tables, err := Tables()
	require.NoError(t, err)
	checked := map[string]bool{}
	for _, tb := range tables {
		for _, c := range tb.Columns {
			i := strings.LastIndex(c.Label, " (")
			if c.Values == nil || i < 0 || !strings.HasSuffix(c.Label, ")") {
				continue
			}
			u := c.Label[i+2 : len(c.Label)-1]
			want, ok := si[u]
			if !assert.True(t, ok, "%s.%s: unit %q has no SI size in this test", tb.Name, c.Name, u) {
				continue
			}
			checked[u] = true
			for r, s := range c.Scale {
				assert.Equal(t, want, s, "%s.%s row %d", tb.Name, c.Name, r)
			}
		}
	}
	assert.Len(t, checked, len(si), "every unit of the test is used")
}

// A table's rows are its columns' length: none without columns, and a
// single column of numbers or of text counts.
func TestTableRows(t *testing.T) {
	assert.Equal(t, 0, Table{}.Rows())
	assert.Equal(t, 3, Table{Columns: []Column{{Name: "a", Values: []float64{1, 2, 3}}}}.Rows())
	assert.Equal(t, 2, Table{Columns: []Column{{Name: "a", Text: []string{"x", "y"}}}}.Rows())
}

// Ratios are written as they are, not scaled: the predicted speedup in
// data/multiplier.csv is 22.625 GB/s over the 1.0587 GB/s break-even.
func TestRatiosAreWrittenUnscaled(t *testing.T) {
	rows := csvCells(t, MultiplierData(), func(r map[string]string) string { return r["quantity"] })
	want := 181e9 / 8 / (127188.0 / 62 * 516096)
	assert.InEpsilon(t, want, cell(t, rows, "predicted_speedup", "value"), 1e-12)
	assert.Equal(t, "ratio", rows["predicted_speedup"]["unit"])
}

// Token rates are written in tokens per second: VAST's 127,188 tokens in
// 62 s is 2,051.4 tokens/s in data/break-even.csv.
func TestTokenRatesAreWrittenInTokensPerSecond(t *testing.T) {
	rows := csvCells(t, BreakEvenData(), func(r map[string]string) string { return r["test_id"] })
	assert.InEpsilon(t, 127188.0/62, cell(t, rows, "vast405b", "prefill_tokens_per_second"), 1e-12)
}

// A ratio and a token rate have no prefix: their frames show the SI
// value itself (scale 1), as the post prints 21x and 2,051 tokens/s.
func TestRatiosAndTokenRatesHaveNoPrefix(t *testing.T) {
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
