package post

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// Table is one of the post's tables (or one of its computed comparisons)
// as columns, ready to write as CSV for programs or to view as a gota
// DataFrame in a notebook. Numbers are held in SI base units: bytes,
// seconds, bytes per second, tokens per second, fractions for rates.
//
// In CSV each header names its SI unit ("break_even_bytes_per_second")
// and numbers are written at full precision (strconv 'g', -1); an
// estimate has two more columns, _low and _high, for its interval. The
// DataFrame view shows the same values in the post's units, named in the
// headers ("break-even (GB/s)").
type Table struct {
	Name    string // file stem under data/: "break-even"
	Title   string // what the table is, in the post's words
	Columns []Column
}

// Column is one column of a Table: text (Text set) or numbers (Values
// set).
type Column struct {
	Name  string // CSV header: snake_case with the SI unit, "cache_bytes"
	Label string // DataFrame header with the post's unit, "cache (GB)"
	// Text is a text column's cells. Shown, if set, replaces them in the
	// DataFrame (a unit column reads "GB/s" there and "bytes_per_second"
	// in CSV).
	Text, Shown []string
	// Values is a number column's cells in SI units; NaN for none.
	Values []float64
	// Scale is, per row, the SI value of the unit the DataFrame shows
	// (1e9 for GB/s); the DataFrame shows Values / Scale.
	Scale []float64
	// Int marks counts, shown as integers where every cell is whole.
	Int bool
}

// Rows returns the number of rows.
func (t Table) Rows() int {
	if len(t.Columns) == 0 {
		return 0
	}
	c := t.Columns[0]
	if c.Values != nil {
		return len(c.Values)
	}
	return len(c.Text)
}

// formatNumber writes a number for programs: full precision, no
// grouping, empty for none.
func formatNumber(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// WriteCSV writes the table as CSV: a header of Column.Name, then one
// line per row, with "\n" line ends.
func (t Table) WriteCSV(w io.Writer) error {
	cw := textfmt.NewCSVWriter(w)
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = c.Name
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for r := 0; r < t.Rows(); r++ {
		rec := make([]string, len(t.Columns))
		for i, c := range t.Columns {
			if c.Values != nil {
				rec[i] = formatNumber(c.Values[r])
			} else {
				rec[i] = c.Text[r]
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// CSV returns the table as CSV bytes.
func (t Table) CSV() ([]byte, error) {
	var b bytes.Buffer
	err := t.WriteCSV(&b)
	return b.Bytes(), err
}

// unit is how a quantity is named in CSV (its SI unit) and shown in a
// DataFrame (the post's unit).
type unit struct {
	si     string  // the SI unit: "bytes_per_second", "ratio"
	suffix string  // what a CSV header adds: "_bytes_per_second"; "" for a ratio
	shown  string  // the unit the DataFrame shows: "GB/s"; "" for none
	scale  float64 // SI value of one shown unit
}

var (
	uBandwidth = unit{"bytes_per_second", "bytes_per_second", "GB/s", float64(breakeven.GBps)}
	uGB        = unit{"bytes", "bytes", "GB", float64(breakeven.GB)}
	uTB        = unit{"bytes", "bytes", "TB", float64(breakeven.TB)}
	uPerToken  = unit{"bytes_per_token", "bytes_per_token", "KB/token", float64(breakeven.KB)}
	uTokenRate = unit{"tokens_per_second", "tokens_per_second", "tokens/s", 1}
	uTokens    = unit{"tokens", "tokens", "tokens", 1}
	uSeconds   = unit{"seconds", "seconds", "s", float64(breakeven.Second)}
	uRatio     = unit{"ratio", "", "x", 1}
	uFraction  = unit{"fraction", "", "%", 1.0 / 100}
	uCount     = unit{"", "", "", 1}
)

func (u unit) name(base string) string {
	switch {
	case u.suffix == "":
		return base
	case base == "":
		return u.suffix
	}
	return base + "_" + u.suffix
}

func (u unit) label(base string) string {
	if u.shown == "" {
		return base
	}
	return base + " (" + u.shown + ")"
}

// builder assembles a Table of n rows column by column.
type builder struct {
	t Table
	n int
}

func newBuilder(name, title string, n int) *builder {
	return &builder{t: Table{Name: name, Title: title}, n: n}
}

func (b *builder) text(name, label string, f func(i int) string) {
	c := Column{Name: name, Label: label, Text: make([]string, b.n)}
	for i := range c.Text {
		c.Text[i] = f(i)
	}
	b.t.Columns = append(b.t.Columns, c)
}

func (b *builder) column(name, label string, u unit, f func(i int) float64) *Column {
	c := Column{Name: name, Label: label, Values: make([]float64, b.n), Scale: make([]float64, b.n)}
	for i := range c.Values {
		c.Values[i] = f(i)
		c.Scale[i] = u.scale
	}
	b.t.Columns = append(b.t.Columns, c)
	return &b.t.Columns[len(b.t.Columns)-1]
}

// num adds a number column in unit u.
func (b *builder) num(base, label string, u unit, f func(i int) float64) {
	b.column(u.name(base), u.label(label), u, f)
}

// count adds a column of whole numbers.
func (b *builder) count(base, label string, f func(i int) float64) {
	b.column(base, label, uCount, f).Int = true
}

// est adds an estimate as three columns: the value, _low and _high.
func (b *builder) est(base, label string, u unit, f func(i int) E[float64]) {
	es := make([]E[float64], b.n)
	for i := range es {
		es[i] = f(i)
	}
	b.num(base, label, u, func(i int) float64 { return es[i].Value })
	b.column(u.name(base)+"_low", u.label(label+" low"), u, func(i int) float64 { return es[i].Lo })
	b.column(u.name(base)+"_high", u.label(label+" high"), u, func(i int) float64 { return es[i].Hi })
}

// quantity is one row of a record table.
type quantity struct {
	name, description string
	u                 unit
	v                 E[float64]
}

// record builds a long table of named quantities, one per row, each in
// its own unit: quantity, unit, value, low, high, description.
func record(name, title string, qs []quantity) Table {
	b := newBuilder(name, title, len(qs))
	b.text("quantity", "quantity", func(i int) string { return qs[i].name })
	b.text("unit", "unit", func(i int) string { return qs[i].u.si })
	b.t.Columns[len(b.t.Columns)-1].Shown = make([]string, len(qs))
	for i, q := range qs {
		b.t.Columns[len(b.t.Columns)-1].Shown[i] = q.u.shown
	}
	for _, part := range []struct {
		name string
		f    func(E[float64]) float64
	}{
		{"value", func(e E[float64]) float64 { return e.Value }},
		{"low", func(e E[float64]) float64 { return e.Lo }},
		{"high", func(e E[float64]) float64 { return e.Hi }},
	} {
		c := b.column(part.name, part.name, uCount, func(i int) float64 { return part.f(qs[i].v) })
		for i, q := range qs {
			c.Scale[i] = q.u.scale
		}
	}
	b.text("description", "description", func(i int) string { return qs[i].description })
	return b.t
}

func nan() float64 { return math.NaN() }

func noneE() E[float64] { return E[float64]{Value: nan(), Lo: nan(), Hi: nan()} }

func boolText(v bool) string { return strconv.FormatBool(v) }

// BreakEvenData is the post's table of the three published tests.
func BreakEvenData() Table {
	rows := BreakEvenTable()
	b := newBuilder("break-even", "Three published tests give both inputs: prefill r, cache per token b, break-even B* = r x b", len(rows))
	b.text("test_id", "test id", func(i int) string { return rows[i].Test.ID })
	b.text("test", "model and hardware", func(i int) string { return rows[i].Test.Label })
	b.est("prefill", "prefill", uTokenRate, func(i int) E[float64] { return rows[i].Prefill.Float() })
	b.num("", "cache per token", uPerToken, func(i int) float64 { return float64(rows[i].PerToken) })
	b.est("break_even", "break-even", uBandwidth, func(i int) E[float64] { return rows[i].BreakEven.Float() })
	b.text("model", "model", func(i int) string { return rows[i].Test.Model })
	b.text("hardware", "hardware", func(i int) string { return rows[i].Test.Hardware })
	b.count("gpus", "GPUs", func(i int) float64 {
		if rows[i].Test.GPUs.Name == "" {
			return nan() // not stated in the post
		}
		return rows[i].Test.GPUs.V()
	})
	b.num("prompt", "prompt", uTokens, func(i int) float64 { return float64(rows[i].Test.Tokens.V()) })
	b.est("uncached_ttft", "uncached TTFT", uSeconds, func(i int) E[float64] {
		if rows[i].Test.Uncached.Name == "" {
			return noneE()
		}
		return rows[i].Test.Uncached.Value.Float()
	})
	b.num("cache", "cache", uGB, func(i int) float64 { return float64(rows[i].Cache) })
	b.text("source", "source", func(i int) string { return string(rows[i].Test.Tokens.Source) })
	return b.t
}

// MultiplierData is the post's check of VAST's 20x, one quantity a row.
func MultiplierData() Table {
	m := VASTMultiplier()
	return record("multiplier", "The multiplier is two bandwidths divided: VAST's throughput over the 405B break-even", []quantity{
		{"throughput", "VAST's sustained throughput during the load", uBandwidth, m.Throughput.Float()},
		{"break_even", "the 405B test's break-even", uBandwidth, m.BreakEven.Float()},
		{"predicted_speedup", "throughput / break-even", uRatio, m.PredictedSpeed},
		{"predicted_load", "cache / throughput", uSeconds, m.PredictedLoad.Float()},
		{"reported_speedup", "VAST's headline speedup", uRatio, m.ReportedSpeedup},
		{"reported_load", "VAST's time to first token with the cache", uSeconds, m.ReportedLoad.Float()},
		{"measured_speedup", "uncached TTFT / cached TTFT, as reported", uRatio, m.MeasuredSpeedup},
	})
}

// ClaimsData is the post's check of vendor claims: the bandwidth each
// needs against the link it states.
func ClaimsData() Table {
	cs := Claims()
	b := newBuilder("claims-checked", "The same arithmetic is a check on other claims: cache / claimed time against the stated link", len(cs))
	b.text("claim", "claim", func(i int) string { return cs[i].Name })
	b.text("model", "model", func(i int) string { return cs[i].Model })
	b.est("prompt", "prompt", uTokens, func(i int) E[float64] { return cs[i].Tokens.Float() })
	b.est("claimed", "claimed time", uSeconds, func(i int) E[float64] { return cs[i].Seconds.Float() })
	b.est("cache", "cache", uGB, func(i int) E[float64] { return cs[i].Cache.Float() })
	b.est("required", "needs", uBandwidth, func(i int) E[float64] { return cs[i].Needs.Float() })
	b.text("link", "stated link", func(i int) string { return cs[i].LinkLabel })
	b.num("link", "one stated link", uBandwidth, func(i int) float64 {
		if cs[i].Link <= 0 {
			return nan()
		}
		return float64(cs[i].Link)
	})
	b.count("links_needed", "links needed", func(i int) float64 {
		if cs[i].Link <= 0 {
			return nan()
		}
		return float64(cs[i].LinksNeeded)
	})
	return b.t
}

// TransportData is llm-d's transports against the three break-evens.
func TransportData() Table {
	rows := TransportTable()
	tests := BreakEvenTable()
	b := newBuilder("transports", "TCP is fast enough, and TCP is far too slow: llm-d's transports against the three break-evens", len(rows))
	b.text("transport", "transport", func(i int) string { return rows[i].Transport.Name })
	b.est("delivered", "delivered", uBandwidth, func(i int) E[float64] { return rows[i].Transport.Delivered.Value.Float() })
	b.num("nic", "NIC line rate", uBandwidth, func(i int) float64 { return float64(sources.NIC100.V()) })
	b.est("share_of_line", "share of line rate", uFraction, func(i int) E[float64] {
		return breakeven.Apply1(rows[i].Transport.Delivered.Value, func(d breakeven.Bandwidth) float64 { return float64(d / sources.NIC100.V()) })
	})
	for _, t := range tests {
		t := t
		b.est("speedup_over_"+t.Test.ID, "speedup over "+t.Test.Model, uRatio, func(i int) E[float64] {
			return breakeven.Apply2(rows[i].Transport.Delivered.Value, t.BreakEven, breakeven.Speedup)
		})
	}
	b.count("break_evens_beaten", "break-evens beaten", func(i int) float64 { return float64(rows[i].Beaten) })
	b.text("robust", "holds over the intervals", func(i int) string { return boolText(rows[i].Robust) })
	b.text("source", "source", func(i int) string { return string(rows[i].Transport.Delivered.Source) })
	return b.t
}

// LinkData is each link speed the post compares against the three
// break-evens.
func LinkData() Table {
	rows := LinkTable()
	tests := BreakEvenTable()
	b := newBuilder("links", "The link speeds the post compares, against the three break-evens", len(rows))
	b.text("link", "link", func(i int) string { return rows[i].Link.Name })
	b.text("kind", "kind", func(i int) string { return rows[i].Link.Kind() })
	b.est("bandwidth", "bandwidth", uBandwidth, func(i int) E[float64] { return rows[i].Link.Bandwidth.Float() })
	for j, t := range tests {
		j := j
		b.est("speedup_over_"+t.Test.ID, "speedup over "+t.Test.Model, uRatio, func(i int) E[float64] { return rows[i].Speedups[j] })
	}
	b.count("break_evens_beaten", "break-evens beaten", func(i int) float64 { return float64(rows[i].Beaten) })
	b.text("source", "source", func(i int) string { return string(rows[i].Link.Cite.Source) })
	return b.t
}

// HitRateData is the post's reading of the Lablup/VAST test, with
// DeepSeek's production hit rate beside it, one quantity a row.
func HitRateData() Table {
	h := LablupHitRate()
	ds := sources.DeepSeekHitRate.Value
	return record("hit-rate", "The hit rate sets the average: the Lablup/VAST test and DeepSeek's hit rate", []quantity{
		{"miss_penalty", "first turn with offload - without (p)", uSeconds, h.Penalty.Float()},
		{"recompute", "a later turn without offload (t_recompute)", uSeconds, h.Recompute.Float()},
		{"load", "a later turn with offload (t_load)", uSeconds, h.Load.Float()},
		{"hit_share", "turns after the first, of all turns", uFraction, breakeven.Exact(h.HitShare)},
		{"mean_no_offload", "(one miss + the hits) / turns, without offload", uSeconds, h.MeanBase.Float()},
		{"mean_offload", "(one miss + the hits) / turns, with offload", uSeconds, h.MeanOffld.Float()},
		{"reported_mean_no_offload", "the test's average TTFT without offload, as reported", uSeconds, sources.LablupMeanBase.Value.Float()},
		{"reported_mean_offload", "the test's average TTFT with offload, as reported", uSeconds, sources.LablupMeanOffload.Value.Float()},
		{"break_even_hit_rate", "p / (p + t_recompute - t_load)", uFraction, h.BreakEvenH},
		{"deepseek_hit_rate", "DeepSeek's share of input tokens that hit its disk cache", uFraction, ds.Float()},
		{"mean_offload_at_deepseek_hit_rate", "h t_load + (1 - h)(t_recompute + p) at DeepSeek's hit rate", uSeconds, MeanTTFTAt(h, ds).Float()},
	})
}

// NewerData is the post's table of newer models, with Llama 3.1 405B for
// scale, and a thousand parked conversations.
func NewerData() Table {
	rows := NewerTable()
	n := sources.Conversation128K.V()
	k := sources.ParkedConversations.V()
	b := newBuilder("newer-models", "Newer models move the problem: cache per token, per 128K-token conversation, and a thousand parked", len(rows))
	b.text("model", "model", func(i int) string { return rows[i].Model.Name })
	b.text("provenance", "provenance", func(i int) string { return string(rows[i].Model.Provenance) })
	b.num("", "cache per token", uPerToken, func(i int) float64 { return float64(rows[i].PerToken) })
	b.num("conversation", "conversation", uTokens, func(i int) float64 { return float64(n) })
	b.num("conversation_cache", "conversation cache", uGB, func(i int) float64 { return float64(rows[i].At128K) })
	b.num("fixed_state", "fixed state", uGB, func(i int) float64 { return float64(rows[i].Fixed) })
	b.count("parked_conversations", "parked conversations", func(i int) float64 { return k })
	b.num("parked", "parked", uTB, func(i int) float64 { return float64(rows[i].Parked) })
	b.num("per_token_vs_"+rows[0].Model.Slug(), "per token: "+rows[0].Model.Name+" / this", uRatio, func(i int) float64 {
		return float64(rows[0].PerToken / rows[i].PerToken)
	})
	b.text("source", "source", func(i int) string { return string(rows[i].Model.Cite.Source) })
	return b.t
}

// LedgerData is the audit: every figure the post prints, recomputed, with
// its verdict. Values are in the unit the post prints the figure in
// (column unit); si_per_unit converts them to SI.
func LedgerData() (Table, error) {
	fs, err := Audit()
	if err != nil {
		return Table{}, err
	}
	b := newBuilder("ledger", "Every figure the post prints, recomputed from sources, with a verdict", len(fs))
	b.text("id", "id", func(i int) string { return fs[i].Entry.ID })
	b.text("section", "section", func(i int) string { return fs[i].Entry.Section })
	b.text("kind", "kind", func(i int) string { return string(fs[i].Entry.Kind) })
	b.text("printed_text", "printed text", func(i int) string { return fs[i].Entry.Printed })
	b.text("unit", "unit", func(i int) string { return string(fs[i].Entry.Unit) })
	b.num("printed", "printed", uCount, func(i int) float64 { return fs[i].Printed })
	b.num("printed_step", "printed step", uCount, func(i int) float64 { return fs[i].Step })
	b.est("recomputed", "recomputed", uCount, func(i int) E[float64] { return fs[i].Recomputed })
	b.num("si_per_unit", "SI per unit", uCount, func(i int) float64 { return fs[i].Entry.Unit.Scale() })
	b.text("verdict", "verdict", func(i int) string { return string(fs[i].Verdict) })
	b.text("expected", "expected", func(i int) string { return string(fs[i].Expected) })
	b.text("how", "how", func(i int) string { return fs[i].How })
	b.text("reason", "reason", func(i int) string { return fs[i].Reason })
	b.text("context", "context", func(i int) string { return fs[i].Entry.Context })
	return b.t, nil
}

// InputsData is every published input in package sources, in SI units,
// with its citation.
func InputsData() Table {
	ins := sources.Inputs()
	b := newBuilder("inputs", "Every published input, as typed in sources, with its citation (values in SI base units)", len(ins))
	b.text("name", "name", func(i int) string { return ins[i].Name })
	b.est("value", "value", uCount, func(i int) E[float64] { return ins[i].Value })
	b.text("source", "source", func(i int) string { return string(ins[i].Source) })
	b.text("locator", "locator", func(i int) string { return ins[i].Locator })
	b.text("quote", "quote", func(i int) string { return ins[i].Quote })
	b.text("via_post", "via the post", func(i int) string { return boolText(ins[i].ViaPost) })
	return b.t
}

// Tables returns every table reproduce writes under data/, in a fixed
// order: the post's tables and comparisons, the audit ledger and the
// inputs, and the curves figures 9 and 10 draw.
func Tables() ([]Table, error) {
	ledger, err := LedgerData()
	if err != nil {
		return nil, fmt.Errorf("post: ledger: %w", err)
	}
	return append([]Table{
		BreakEvenData(),
		LinkData(),
		MultiplierData(),
		ClaimsData(),
		TransportData(),
		HitRateData(),
		NewerData(),
		ledger,
		InputsData(),
		CatalogData(),
	}, append(append(ExtendedTables(), PrefillValidationData(), PrefillHeldOutData()), CurveTables()...)...), nil
}
