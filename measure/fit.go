package measure

import (
	"fmt"
	"math"
	"sort"

	"signalweight.dev/kv/breakeven"
)

// Spread is the p10, p50 (median) and p90 of a set of samples, by linear
// interpolation between order statistics (the "type 7" rule of R and
// NumPy's default).
type Spread struct {
	P10 float64 `json:"p10"`
	P50 float64 `json:"p50"`
	P90 float64 `json:"p90"`
	N   int     `json:"n"`
}

// Percentile returns the q-th quantile (0 <= q <= 1) of xs by linear
// interpolation; NaN for no samples.
func Percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	h := q * float64(len(s)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (h-lo)*(s[i+1]-s[i])
}

// SpreadOf returns the spread of xs.
func SpreadOf(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	return Spread{Percentile(xs, 0.1), Percentile(xs, 0.5), Percentile(xs, 0.9), len(xs)}
}

// RelativeHalfWidth is (p90 - p10) / (2 p50): how far a typical repeat
// strays from the median, as a share of it.
func (s Spread) RelativeHalfWidth() float64 {
	if !(s.P50 > 0) {
		return math.NaN()
	}
	return (s.P90 - s.P10) / (2 * s.P50)
}

// PrefillFit is t(N) = T0 + N / R0 + C N^2 fitted to the cold times to
// first token: a fixed cost T0 (the request, sampling the one token), a
// cost per token 1/R0 (the matrix products) and an attention term C N^2
// (every token attends to those before it). All three are non-negative.
type PrefillFit struct {
	FixedSeconds            float64 `json:"fixed_seconds"`
	LinearTokensPerSecond   float64 `json:"linear_tokens_per_second"` // R0; 0 when the fit has no linear term
	QuadraticSecondsPerTok2 float64 `json:"quadratic_seconds_per_token_squared"`
	// Residuals are (fit - median) / median at each prompt length, in the
	// order of the points fitted.
	Residuals []float64 `json:"relative_residuals"`
	// MaxAbsResidual is the largest |residual|.
	MaxAbsResidual float64 `json:"max_abs_relative_residual"`
}

// Terms is the number of the fit's terms that are not zero (the fixed,
// linear and quadratic ones it kept).
func (f PrefillFit) Terms() int {
	n := 0
	for _, kept := range []bool{f.FixedSeconds > 0, f.LinearTokensPerSecond > 0, f.QuadraticSecondsPerTok2 > 0} {
		if kept {
			n++
		}
	}
	return n
}

// Seconds returns the fitted t(N).
func (f PrefillFit) Seconds(n float64) float64 {
	lin := 0.0
	if f.LinearTokensPerSecond > 0 {
		lin = n / f.LinearTokensPerSecond
	}
	return f.FixedSeconds + lin + f.QuadraticSecondsPerTok2*n*n
}

// String writes the fit as the report, the figure and notebook 13 show
// it, each term at its printed precision: "t(N) = 37.3 ms + N / 274
// tokens/s + 2.73 µs x N^2".
func (f PrefillFit) String() string {
	lin := "no linear term"
	if f.LinearTokensPerSecond > 0 {
		lin = "N / " + breakeven.TokenRate(f.LinearTokensPerSecond).String()
	}
	quad := "0 s"
	if f.QuadraticSecondsPerTok2 > 0 {
		quad = breakeven.Seconds(f.QuadraticSecondsPerTok2).String()
	}
	return "t(N) = " + breakeven.Seconds(f.FixedSeconds).String() + " + " + lin + " + " + quad + " x N^2"
}

// Rate returns r(N) = N / t(N), the prefill speed a prompt of N tokens
// sees, fixed cost included.
func (f PrefillFit) Rate(n float64) float64 { return n / f.Seconds(n) }

// FitPrefill fits t(N) = a + b N + c N^2 with a, b, c >= 0 to the points
// (ns[i], ts[i]), minimising the sum of squared relative errors
// ((t(N) - t) / t)^2, so a 128-token point counts as much as a 2,048-token
// one. The non-negative least squares problem has three unknowns, so it
// is solved exactly by trying every subset of them (the active-set
// solution is one of the eight) and keeping the best feasible one.
func FitPrefill(ns, ts []float64) (PrefillFit, error) {
	if len(ns) != len(ts) || len(ns) < 1 {
		return PrefillFit{}, fmt.Errorf("measure: need at least one measured prompt length to fit r(N)")
	}
	for i := range ts {
		if !(ts[i] > 0) || !(ns[i] > 0) {
			return PrefillFit{}, fmt.Errorf("measure: cannot fit a time of %v s at %v tokens", ts[i], ns[i])
		}
	}
	basis := func(j int, n float64) float64 { return [3]float64{1, n, n * n}[j] }
	best, bestSSE := [3]float64{}, math.Inf(1)
	for mask := 1; mask < 8; mask++ {
		var cols []int
		for j := 0; j < 3; j++ {
			if mask&(1<<j) != 0 {
				cols = append(cols, j)
			}
		}
		if len(cols) > len(ns) {
			continue
		}
		// Weighted normal equations: rows scaled by 1/t.
		k := len(cols)
		ata := make([][]float64, k)
		atb := make([]float64, k)
		for r := range ata {
			ata[r] = make([]float64, k)
		}
		for i := range ns {
			w := 1 / ts[i]
			for r, cr := range cols {
				xr := basis(cr, ns[i]) * w
				atb[r] += xr * ts[i] * w
				for q, cq := range cols {
					ata[r][q] += xr * basis(cq, ns[i]) * w
				}
			}
		}
		sol, ok := solve(ata, atb)
		if !ok {
			continue
		}
		var coef [3]float64
		feasible := true
		for r, cr := range cols {
			if sol[r] < 0 {
				feasible = false
			}
			coef[cr] = sol[r]
		}
		if !feasible {
			continue
		}
		sse := 0.0
		for i := range ns {
			e := (coef[0] + coef[1]*ns[i] + coef[2]*ns[i]*ns[i] - ts[i]) / ts[i]
			sse += e * e
		}
		if sse < bestSSE*(1-1e-12) {
			best, bestSSE = coef, sse
		}
	}
	if math.IsInf(bestSSE, 1) {
		return PrefillFit{}, fmt.Errorf("measure: no non-negative fit of t(N) to the measured times")
	}
	f := PrefillFit{FixedSeconds: best[0], QuadraticSecondsPerTok2: best[2]}
	if best[1] > 0 {
		f.LinearTokensPerSecond = 1 / best[1]
	}
	for i := range ns {
		e := (f.Seconds(ns[i]) - ts[i]) / ts[i]
		f.Residuals = append(f.Residuals, e)
		f.MaxAbsResidual = math.Max(f.MaxAbsResidual, math.Abs(e))
	}
	return f, nil
}

// solve solves a small linear system by Gaussian elimination with partial
// pivoting; false when it is singular.
func solve(a [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		scale := 0.0
		for _, v := range m[p][:n] {
			scale = math.Max(scale, math.Abs(v))
		}
		if scale == 0 || math.Abs(m[p][c]) <= 1e-13*scale {
			return nil, false
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for q := c; q <= n; q++ {
				m[r][q] -= f * m[c][q]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for q := r + 1; q < n; q++ {
			s -= m[r][q] * x[q]
		}
		x[r] = s / m[r][r]
	}
	return x, true
}

// LineFit is y = Intercept + Slope x by ordinary least squares.
type LineFit struct {
	Intercept   float64 `json:"intercept"`
	Slope       float64 `json:"slope"`
	MaxAbsError float64 `json:"max_abs_error"` // largest |fit - y|
}

// FitLine fits a straight line; it needs two distinct x.
func FitLine(xs, ys []float64) (LineFit, error) {
	if len(xs) != len(ys) || len(xs) < 2 {
		return LineFit{}, fmt.Errorf("measure: a line needs at least two points")
	}
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= float64(len(xs))
	my /= float64(len(xs))
	var sxx, sxy float64
	for i := range xs {
		sxx += (xs[i] - mx) * (xs[i] - mx)
		sxy += (xs[i] - mx) * (ys[i] - my)
	}
	if sxx == 0 {
		return LineFit{}, fmt.Errorf("measure: a line needs two distinct prompt lengths")
	}
	f := LineFit{Slope: sxy / sxx}
	f.Intercept = my - f.Slope*mx
	for i := range xs {
		f.MaxAbsError = math.Max(f.MaxAbsError, math.Abs(f.Intercept+f.Slope*xs[i]-ys[i]))
	}
	return f, nil
}
