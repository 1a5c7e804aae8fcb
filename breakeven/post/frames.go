package post

import (
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Frame returns the table as a gota DataFrame for notebooks: one series
// per column, headed by Column.Label with the post's unit in parentheses,
// numbers shown in that unit (a cache in GB, a break-even in GB/s, a hit
// rate in %). Counts are int series; a missing number is NaN.
func (t Table) Frame() dataframe.DataFrame {
	cols := make([]series.Series, 0, len(t.Columns))
	for _, c := range t.Columns {
		switch {
		case c.Values == nil && c.Shown != nil:
			cols = append(cols, series.New(c.Shown, series.String, c.Label))
		case c.Values == nil:
			cols = append(cols, series.New(c.Text, series.String, c.Label))
		case c.Int && whole(c.Values):
			ints := make([]int, len(c.Values))
			for i, v := range c.Values {
				ints[i] = int(v)
			}
			cols = append(cols, series.New(ints, series.Int, c.Label))
		default:
			vs := make([]float64, len(c.Values))
			for i, v := range c.Values {
				vs[i] = v / c.Scale[i]
			}
			cols = append(cols, series.New(vs, series.Float, c.Label))
		}
	}
	return dataframe.New(cols...)
}

// whole reports whether every value is a finite whole number.
func whole(vs []float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) || v != math.Trunc(v) {
			return false
		}
	}
	return true
}

// BreakEvenFrame is the post's table of three published tests: prefill
// (tokens/s), cache per token (KB/token), break-even (GB/s), each
// estimate with its low and high.
func BreakEvenFrame() dataframe.DataFrame { return BreakEvenData().Frame() }

// LinkFrame is each link the post compares (GB/s) with its speedup over
// each break-even.
func LinkFrame() dataframe.DataFrame { return LinkData().Frame() }

// MultiplierFrame is the check of VAST's 20x, one quantity a row with its
// unit.
func MultiplierFrame() dataframe.DataFrame { return MultiplierData().Frame() }

// ClaimsFrame is the vendor claims checked: the bandwidth each needs
// (GB/s) and the links it states.
func ClaimsFrame() dataframe.DataFrame { return ClaimsData().Frame() }

// TransportFrame is llm-d's three transports (GB/s) against the three
// break-evens.
func TransportFrame() dataframe.DataFrame { return TransportData().Frame() }

// HitRateFrame is the Lablup/VAST hit-rate reading and DeepSeek's hit
// rate, one quantity a row with its unit.
func HitRateFrame() dataframe.DataFrame { return HitRateData().Frame() }

// NewerFrame is the newer models' cache per token (KB/token), per 128K
// conversation (GB) and for a thousand parked (TB).
func NewerFrame() dataframe.DataFrame { return NewerData().Frame() }

// InputsFrame is every published input (SI units) with its citation.
func InputsFrame() dataframe.DataFrame { return InputsData().Frame() }

// AuditFrame is the audit ledger: every printed figure, recomputed in the
// unit printed, with its verdict.
func AuditFrame() (dataframe.DataFrame, error) {
	t, err := LedgerData()
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return t.Frame(), nil
}

// The tables as the post prints them: the post's columns, the unit in
// each header, every value at its printed precision, intervals where the
// inputs leave one, a dash and a footnote where a value does not apply
// (see breakeven.PrintedTable). The Frame functions above keep the full
// precision, and data/ has the same tables as CSV.

// Printed columns, one per quantity: the unit a header names and the
// digits a cell keeps.
var (
	colPrefill   = breakeven.Column{Label: "prefill", Unit: "tokens/s", Precision: breakeven.Decimals(0)}
	colPerToken  = breakeven.Column{Label: "cache per token", Unit: "KB", Scale: float64(breakeven.KB), Precision: breakeven.Sig(3)}
	colBreakEven = breakeven.Column{Label: "break-even", Unit: "GB/s", Scale: float64(breakeven.GBps), Precision: breakeven.Sig(3)}
	colBandwidth = breakeven.Column{Label: "bandwidth", Unit: "GB/s", Scale: float64(breakeven.GBps), Precision: breakeven.Sig(3)}
	colPrompt    = breakeven.Column{Label: "prompt", Unit: "tokens", Precision: breakeven.Decimals(0)}
	colSeconds   = breakeven.Column{Label: "time", Unit: "s", Precision: breakeven.Sig(3)}
	colCache     = breakeven.Column{Label: "cache", Unit: "GB", Scale: float64(breakeven.GB), Precision: breakeven.Sig(3)}
	colSpeedup   = breakeven.Column{Label: "speedup", Unit: "x", Precision: breakeven.Sig(3)}
	colCount     = breakeven.Column{Label: "count", Precision: breakeven.Decimals(0)}
	colPercent   = breakeven.Column{Label: "share", Unit: "%", Scale: 0.01, Precision: breakeven.Decimals(1)}
)

// with returns c under another label.
func with(c breakeven.Column, label string) breakeven.Column { c.Label = label; return c }

// headers returns the columns' headers after the given text headers.
func headers(text []string, cols ...breakeven.Column) []string {
	h := append([]string{}, text...)
	for _, c := range cols {
		h = append(h, c.Header())
	}
	return h
}

// beatenText says how a bandwidth fares against the three break-evens, in
// the post's words.
func beatenText(n, of int) string {
	switch n {
	case of:
		return "wins all three"
	case 0:
		return "loses all three"
	}
	return fmt.Sprintf("wins %d of %d", n, of)
}

// BreakEvenPrinted is the post's table of three published tests, in its
// four columns: model and hardware, prefill, cache per token, break-even.
func BreakEvenPrinted() breakeven.PrintedTable {
	var n breakeven.Notes
	t := breakeven.PrintedTable{Header: headers([]string{"model and hardware"}, colPrefill, colPerToken, colBreakEven)}
	for _, r := range BreakEvenTable() {
		prefill := colPrefill.Interval(r.Prefill.Float())
		if r.Test.Uncached.Name == "" {
			prefill = n.Mark(colPrefill.Input(r.Prefill.Float()), "the post's prefill speed: the test's uncached time was not in the source read")
		}
		t.Rows = append(t.Rows, []string{r.Test.Label, prefill, colPerToken.Cell(float64(r.PerToken)), colBreakEven.Interval(r.BreakEven.Float())})
	}
	t.Notes = n.List()
	return t
}

// TestInputsPrinted is where the three tests' prefill speeds come from:
// prompt, uncached time to first token, GPUs and the prompt's cache.
func TestInputsPrinted() breakeven.PrintedTable {
	var n breakeven.Notes
	gpus := with(colCount, "GPUs")
	uncached := with(colSeconds, "uncached time to first token")
	t := breakeven.PrintedTable{Header: headers([]string{"model and hardware"}, colPrompt, uncached, gpus, colCache, with(colPrefill, "prefill N / t"))}
	t.Header = append(t.Header, "source")
	for _, r := range BreakEvenTable() {
		u, g := n.Dash("not in the source read"), n.Dash("not stated in the post")
		if r.Test.Uncached.Name != "" {
			u = uncached.Input(r.Test.Uncached.Value.Float())
		}
		if r.Test.GPUs.Name != "" {
			g = gpus.Cell(r.Test.GPUs.V())
		}
		p := n.Dash("no uncached time: the post's prefill speed is the input")
		if r.Test.Uncached.Name != "" {
			p = colPrefill.Interval(r.Prefill.Float())
		}
		t.Rows = append(t.Rows, []string{r.Test.Label, colPrompt.Cell(float64(r.Test.Tokens.V())), u, g, colCache.Cell(float64(r.Cache)), p, string(r.Test.Tokens.Source)})
	}
	t.Notes = n.List()
	return t
}

// LinkPrinted is each link the post compares against the three
// break-evens: its bandwidth and the speedup B / B* over each.
func LinkPrinted() breakeven.PrintedTable {
	tests := BreakEvenTable()
	cols := []breakeven.Column{colBandwidth}
	for _, t := range tests {
		cols = append(cols, with(colSpeedup, "speedup over "+t.Test.Model))
	}
	t := breakeven.PrintedTable{Header: append(headers([]string{"link", "kind"}, cols...), "against the three break-evens")}
	for _, r := range LinkTable() {
		row := []string{r.Link.Name, r.Link.Kind(), colBandwidth.Input(r.Link.Bandwidth.Float())}
		for _, s := range r.Speedups {
			row = append(row, colSpeedup.Interval(s))
		}
		t.Rows = append(t.Rows, append(row, beatenText(r.Beaten, len(tests))))
	}
	return t
}

// MultiplierPrinted is the check of VAST's 20x, one quantity a row, its
// unit in its name.
func MultiplierPrinted() breakeven.PrintedTable {
	m := VASTMultiplier()
	load := with(colSeconds, "load time")
	row := func(c breakeven.Column, v E[float64], how string) []string {
		return []string{c.Header(), c.Interval(v), how}
	}
	return breakeven.PrintedTable{Header: []string{"quantity", "value", "how"}, Rows: [][]string{
		row(with(colBandwidth, "VAST's sustained throughput"), m.Throughput.Float(), sources.VASTThroughput.V().Bits()+" as reported, in bytes"),
		row(colBreakEven, m.BreakEven.Float(), "the 405B test's r x b"),
		row(with(colSpeedup, "predicted speedup"), m.PredictedSpeed, "throughput / break-even"),
		row(with(load, "predicted load time"), m.PredictedLoad.Float(), "cache / throughput"),
		{with(colSpeedup, "speedup VAST reports").Header(), colSpeedup.Input(m.ReportedSpeedup), "VAST's headline"},
		{with(load, "load time VAST reports").Header(), load.Input(m.ReportedLoad.Float()), "time to first token with the cache"},
		row(with(colSpeedup, "speedup of the reported times"), m.MeasuredSpeedup, "uncached / cached time, over their rounding"),
	}}
}

// ClaimsPrinted is the vendor claims checked: the bandwidth each claimed
// load needs against the link it states.
func ClaimsPrinted() breakeven.PrintedTable {
	var n breakeven.Notes
	claimed := with(colSeconds, "claimed time")
	needs := with(colBandwidth, "needs")
	link := with(colBandwidth, "one stated link")
	links := with(colCount, "links needed")
	t := breakeven.PrintedTable{Header: headers([]string{"claim"}, colPrompt, claimed, colCache, needs, link, links)}
	for _, c := range Claims() {
		l, k := n.Dash("no link stated"), n.Dash("no link stated")
		if c.Link > 0 {
			l, k = link.Cell(float64(c.Link)), links.Cell(float64(c.LinksNeeded))
		}
		t.Rows = append(t.Rows, []string{c.Name, colPrompt.Cell(float64(c.Tokens.Value)), claimed.Input(c.Seconds.Float()),
			colCache.Interval(c.Cache.Float()), needs.Interval(c.Needs.Float()), l, k})
	}
	t.Notes = append(n.List(), "needs = cache / claimed time; its interval is the rounding of the claimed time")
	return t
}

// TransportPrinted is the post's transport table, in its columns
// (transport, delivered, against the three break-evens), with the share
// of line rate and the speedup over each break-even.
func TransportPrinted() breakeven.PrintedTable {
	tests := BreakEvenTable()
	delivered := with(colBandwidth, "delivered")
	share := with(colPercent, "share of the "+gbit(sources.NIC100.V())+" line rate")
	share.Precision = breakeven.Decimals(0)
	cols := []breakeven.Column{delivered}
	for _, t := range tests {
		cols = append(cols, with(colSpeedup, "speedup over "+t.Test.Model))
	}
	t := breakeven.PrintedTable{Header: headers([]string{"transport"}, delivered)}
	t.Header = append(t.Header, "against the three break-evens", share.Header())
	t.Header = append(t.Header, headers(nil, cols[1:]...)...)
	for _, r := range TransportTable() {
		d := r.Transport.Delivered.Value
		row := []string{r.Transport.Name, delivered.Input(d.Float()), beatenText(r.Beaten, len(tests)),
			share.Interval(breakeven.Apply1(d, func(d breakeven.Bandwidth) float64 { return float64(d / sources.NIC100.V()) }))}
		for _, be := range tests {
			row = append(row, colSpeedup.Interval(breakeven.Apply2(d, be.BreakEven, breakeven.Speedup)))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// HitRatePrinted is the post's table of the Lablup/VAST test, in its
// columns (no offload, with offload), each row's unit in its name, with
// the averages recomputed from the rows under the reported ones.
func HitRatePrinted() breakeven.PrintedTable {
	h := LablupHitRate()
	s := breakeven.Column{Unit: "s", Precision: breakeven.Decimals(1)}
	mean := breakeven.Column{Unit: "s", Precision: breakeven.Decimals(2)}
	ms := breakeven.Column{Unit: "ms", Scale: float64(breakeven.Millisecond), Precision: breakeven.Decimals(1)}
	input := func(c breakeven.Column, label string, base, off breakeven.Seconds) []string {
		c.Label = label
		return []string{c.Header(), c.Cell(float64(base)), c.Cell(float64(off))}
	}
	turns := sources.LablupTurns.V()
	mean.Label = fmt.Sprintf("average, recomputed: (one miss + %.0f hits) / %.0f turns", turns-1, turns)
	return breakeven.PrintedTable{Header: []string{"", "no offload", "with offload"}, Rows: [][]string{
		input(s, "first turn of a context, a miss", sources.LablupMissBase.V(), sources.LablupMissOffload.V()),
		input(s, "later turns, hits", sources.LablupHitBase.V(), sources.LablupHitOffload.V()),
		input(s, "average time to first token, as reported", sources.LablupMeanBase.V(), sources.LablupMeanOffload.V()),
		{mean.Header(), mean.Interval(h.MeanBase.Float()), mean.Interval(h.MeanOffld.Float())},
		input(ms, "time per output token", sources.LablupTPOTBase.V(), sources.LablupTPOTOffload.V()),
	}, Notes: []string{"the recomputed averages carry the rounding of the source's ≈ times"}}
}

// HitReadingPrinted is what the post reads from the Lablup/VAST test, and
// DeepSeek's hit rate beside it, one quantity a row, its unit in its name.
func HitReadingPrinted() breakeven.PrintedTable {
	h := LablupHitRate()
	ds := sources.DeepSeekHitRate.Value
	s := with(colSeconds, "")
	s.Precision = breakeven.Decimals(1)
	pct := colPercent
	row := func(c breakeven.Column, label string, v E[float64], how string) []string {
		c.Label = label
		return []string{c.Header(), c.Interval(v), how}
	}
	return breakeven.PrintedTable{Header: []string{"quantity", "value", "how"}, Rows: [][]string{
		row(s, "miss penalty p", h.Penalty.Float(), "first turn with offload - without"),
		row(pct, "hits among all turns", breakeven.Exact(h.HitShare), fmt.Sprintf("every turn after the first, of %.0f", sources.LablupTurns.V())),
		row(pct, "break-even hit rate", h.BreakEvenH, "p / (p + t_recompute - t_load)"),
		row(colSpeedup, "whole run, times sooner", breakeven.Exact(sources.LablupRunSpeedup.V()), "as reported"),
		row(pct, "DeepSeek's hit rate", ds.Float(), fmt.Sprintf("%s billion of %s billion input tokens", billions(sources.DeepSeekHitTokens.V()), billions(sources.DeepSeekInputTokens.V()))),
		row(s, "average with offload at DeepSeek's hit rate", MeanTTFTAt(h, ds).Float(), "h t_load + (1 - h)(t_recompute + p)"),
	}}
}

// NewerPrinted is the post's table of newer models (model, cache per
// token, a 128K-token conversation), with the fixed state each
// conversation folds in, a thousand of them parked, and the ratio to
// Llama 3.1 405B per token.
func NewerPrinted() breakeven.PrintedTable {
	rows := NewerTable()
	conv := with(colCache, fmt.Sprintf("a %.0fK-token conversation", float64(sources.Conversation128K.V())/1024))
	fixed := breakeven.Column{Label: "fixed state", Unit: "MB", Scale: float64(breakeven.MB), Precision: breakeven.Sig(3)}
	parked := breakeven.Column{Label: breakeven.GroupThousands(sources.ParkedConversations.V(), 0) + " parked", Unit: "TB", Scale: float64(breakeven.TB), Precision: breakeven.Sig(3)}
	ratio := with(colSpeedup, rows[0].Model.Name+" per token / this")
	t := breakeven.PrintedTable{Header: headers([]string{"model"}, colPerToken, conv, fixed, parked, ratio)}
	var n breakeven.Notes
	for _, r := range rows {
		f := fixed.Cell(float64(r.Fixed))
		for _, m := range sources.NewerModels {
			if m.Name == r.Model.Name {
				f = n.Mark(fixed.Interval(m.FixedState().Float()), "inferred: the post's conversation size less "+sources.Conversation128K.V().String()+" tokens at its size per token, over the rounding of both")
			}
		}
		t.Rows = append(t.Rows, []string{r.Model.Name, colPerToken.Cell(float64(r.PerToken)), conv.Cell(float64(r.At128K)), f,
			parked.Cell(float64(r.Parked)), ratio.Cell(float64(rows[0].PerToken / r.PerToken))})
	}
	t.Notes = n.List()
	return t
}

// billions prints a token count in billions, as the post does.
func billions(n breakeven.Tokens) string { return breakeven.GroupThousands(float64(n)/1e9, 0) }

// recomputedCell prints an audited figure's recomputation in the unit
// printed: one digit finer than the post prints it, so a figure that
// rounds to the printed one still shows how near it is ("2,051.4" for
// "2,051"), with the interval its inputs allow where it has one. A whole
// exact value (a count, a typed input) prints whole; a year as a year; a
// tier by its name.
func recomputedCell(f Finding) string {
	v := f.Recomputed
	switch {
	case f.Entry.Unit == sources.UnitYear:
		return fmt.Sprintf("%.0f", v.Value)
	case f.Entry.Unit == sources.UnitTier:
		return fmt.Sprintf("G%g", v.Value)
	case v.IsExact() && v.Value == math.Trunc(v.Value):
		return breakeven.Decimals(0).Format(v.Value)
	case f.Verdict == AsSourced:
		return breakeven.StepPrecision(f.Step / 10).Format(v.Value)
	}
	return breakeven.StepPrecision(f.Step / 10).Interval(v)
}

// AuditPrinted is the audit as printed: every figure the post prints,
// its section, the printed text, its unit, the recomputation and the
// verdict. LedgerData and AuditFrame have every column at full precision.
func AuditPrinted() (breakeven.PrintedTable, error) {
	fs, err := Audit()
	if err != nil {
		return breakeven.PrintedTable{}, err
	}
	t := breakeven.PrintedTable{Header: []string{"figure", "section", "printed", "unit", "recomputed", "verdict"},
		Notes: []string{"recomputed one digit finer than printed, with the interval of the inputs in parentheses"}}
	for _, f := range fs {
		t.Rows = append(t.Rows, []string{f.Entry.ID, f.Entry.Section, f.Entry.Printed, string(f.Entry.Unit), recomputedCell(f), string(f.Verdict)})
	}
	return t, nil
}

// ReasonsPrinted is every audited figure whose verdict carries a reason:
// where the post and the arithmetic part.
func ReasonsPrinted() (breakeven.PrintedTable, error) {
	fs, err := Audit()
	if err != nil {
		return breakeven.PrintedTable{}, err
	}
	t := breakeven.PrintedTable{Header: []string{"figure", "printed", "unit", "recomputed", "verdict", "reason"}}
	for _, f := range fs {
		if f.Reason == "" {
			continue
		}
		t.Rows = append(t.Rows, []string{f.Entry.ID, f.Entry.Printed, string(f.Entry.Unit), recomputedCell(f), string(f.Verdict), f.Reason})
	}
	return t, nil
}
