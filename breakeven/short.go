package breakeven

import (
	"math"
	"strings"
)

// Short prints x with three significant digits and a thousands suffix
// where it is a thousand or more: 73,984 is "74k", 215,324 "215k",
// 1,234,567 "1.23M", 14.9 "14.9"; trailing zeros after a decimal point
// are dropped ("74.0k" is "74k"). NaN or an infinity prints as Dash.
func Short(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return Dash
	}
	suffix := ""
	a := math.Abs(roundSig(x, DefaultSignificant))
	for _, s := range []struct {
		scale float64
		name  string
	}{{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if a >= s.scale {
			x, suffix = x/s.scale, s.name
			break
		}
	}
	v := FormatSignificant(x, DefaultSignificant)
	if strings.Contains(v, ".") {
		v = strings.TrimRight(strings.TrimRight(v, "0"), ".")
	}
	return v + suffix
}

// ShortRange prints an interval as "74k–215k" (Short at each end).
func ShortRange(lo, hi float64) string {
	return Short(lo) + "–" + Short(hi)
}

// ShortInterval prints an estimate as "141k (74k–215k)": its value and,
// where the ends print differently from it, its range.
func ShortInterval(e Estimate[float64]) string {
	v := Short(e.Value)
	if v == Dash {
		return Dash
	}
	lo, hi := Short(e.Lo), Short(e.Hi)
	if lo == v && hi == v {
		return v
	}
	return v + " (" + lo + "–" + hi + ")"
}
