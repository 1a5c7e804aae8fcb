package breakeven

import (
	"math"
	"strconv"
	"strings"
)

// Table cells as the post prints them. A column names its unit once, in
// its header ("break-even (GB/s)"), and its cells are plain numbers in
// that unit at a stated precision, with thousands separators: "2,051",
// "1.06", "65.6". An estimate prints as its value and, where its bounds
// print differently, the interval: "2,051 (2,035 to 2,068)". A value that
// does not apply prints as a dash that points to a footnote saying why:
// "–¹". Never NaN, never six decimals.
//
// The digits come from FormatSignificant and GroupThousands, the same
// functions behind the String methods of the quantity types, so a cell
// and a sentence print a number alike.

// Percent prints a share as a percentage with three significant digits:
// 0.206 is "20.6%".
func Percent(x float64) string {
	return FormatSignificant(100*x, DefaultSignificant) + "%"
}

// Dash is the cell of a value that does not apply or is not known.
const Dash = "–"

// Precision is how many digits a printed number keeps: significant
// digits (Sig) or a fixed number of decimals (Decimals).
type Precision struct {
	sig      int // significant digits; 0 for fixed decimals
	decimals int
}

// Sig keeps n significant digits: 1.0587 -> "1.06", 65641 -> "65,600".
func Sig(n int) Precision {
	if n < 1 {
		n = 1
	}
	return Precision{sig: n}
}

// Decimals keeps n decimals: Decimals(0) prints 2051.42 as "2,051".
func Decimals(n int) Precision {
	if n < 0 {
		n = 0
	}
	return Precision{decimals: n}
}

// StepPrecision keeps the decimals a figure printed to the given step
// shows: a step of 0.01 keeps two, a step of 1 or 100 keeps none.
func StepPrecision(step float64) Precision {
	d := 0
	for s := step; s < 0.999999 && d < 12; s *= 10 {
		d++
	}
	return Decimals(d)
}

// Format prints x at p with thousands separators; NaN or an infinity
// prints as Dash.
func (p Precision) Format(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return Dash
	}
	if p.sig == 0 {
		return GroupThousands(x, p.decimals)
	}
	// FormatSignificant decides the digits; GroupThousands adds the
	// separators at the same number of decimals.
	_, frac, _ := strings.Cut(FormatSignificant(x, p.sig), ".")
	return GroupThousands(roundSig(x, p.sig), len(frac))
}

// Interval prints an estimate at p: the value alone when the bounds print
// the same as it, else "value (low to high)". A NaN value prints as Dash.
func (p Precision) Interval(e Estimate[float64]) string {
	v := p.Format(e.Value)
	if v == Dash {
		return Dash
	}
	lo, hi := p.Format(e.Lo), p.Format(e.Hi)
	if lo == v && hi == v {
		return v
	}
	return v + " (" + lo + " to " + hi + ")"
}

// Column is a table column of numbers: what it holds, the unit its header
// names, and the precision of its cells. Scale is the SI value of one
// Unit (1e9 for GB/s); zero means 1.
type Column struct {
	Label     string
	Unit      string
	Scale     float64
	Precision Precision
}

// Header returns the column's header, the unit in parentheses: "break-even
// (GB/s)".
func (c Column) Header() string {
	if c.Unit == "" {
		return c.Label
	}
	return c.Label + " (" + c.Unit + ")"
}

func (c Column) scale() float64 {
	if c.Scale == 0 {
		return 1
	}
	return c.Scale
}

// Cell prints v, in SI units, in the column's unit and precision.
func (c Column) Cell(v float64) string { return c.Precision.Format(v / c.scale()) }

// Interval prints an estimate, in SI units, in the column's unit and
// precision: "2,051 (2,035 to 2,068)".
func (c Column) Interval(e Estimate[float64]) string {
	return c.Precision.Interval(e.Scale(1 / c.scale()))
}

// Notes numbers the footnotes of one table. Dash and Mark return a cell
// that points to a note; the same text gets the same number.
type Notes struct{ texts []string }

// Mark returns cell followed by the superscript number of the note why.
func (n *Notes) Mark(cell, why string) string {
	i := 0
	for ; i < len(n.texts); i++ {
		if n.texts[i] == why {
			break
		}
	}
	if i == len(n.texts) {
		n.texts = append(n.texts, why)
	}
	return cell + superscript(i+1)
}

// Dash returns the cell of a value that does not apply, pointing to the
// note why: "–¹".
func (n *Notes) Dash(why string) string { return n.Mark(Dash, why) }

// List returns the notes as they print under the table: "¹ why".
func (n *Notes) List() []string {
	out := make([]string, len(n.texts))
	for i, t := range n.texts {
		out[i] = superscript(i+1) + " " + t
	}
	return out
}

var superDigits = []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")

func superscript(k int) string {
	var b []rune
	for _, c := range strconv.Itoa(k) {
		b = append(b, superDigits[c-'0'])
	}
	return string(b)
}

// PrintedTable is a table as a reader sees it: a header, rows of printed
// cells, and the footnotes its marks point to.
type PrintedTable struct {
	Header []string
	Rows   [][]string
	Notes  []string
}

// Input prints a published input at the precision it was published to,
// which its interval tells: a figure rounded to 0.01 spans 0.01, so
// 0.58 s [0.575, 0.585] prints "0.58" and 12.0 GB/s [12.0, 12.2] prints
// "12.0". An exact input prints at the column's precision.
func (c Column) Input(e Estimate[float64]) string {
	if e.IsExact() {
		return c.Cell(e.Value)
	}
	return StepPrecision((e.Hi - e.Lo) / c.scale()).Format(e.Value / c.scale())
}
