package post

import (
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
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
