package cacheaudit

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// KS is a two-sample Kolmogorov–Smirnov test of hit times x against miss
// times y.
type KS struct {
	N int `json:"n"` // size of x (hits)
	M int `json:"m"` // size of y (misses)
	// D is the two-sided distance sup |F_x − F_y| (gonum's stat.KolmogorovSmirnov).
	D float64 `json:"d"`
	// DPlus is the one-sided distance sup (F_x − F_y): how far the hit times'
	// distribution lies above (faster than) the miss times'. The paper's code
	// tests this side (scipy's ks_2samp with alternative="greater").
	DPlus float64 `json:"d_plus"`
	// P is the p-value of DPlus under the null hypothesis that hits are not
	// faster; PTwoSided is the p-value of D.
	P         float64 `json:"p"`
	PTwoSided float64 `json:"p_two_sided"`
	// Exact says whether the p-values come from counting lattice paths
	// (exact for samples without ties) or from the asymptotic distribution.
	Exact bool `json:"exact"`
}

// exactLimit bounds n·m for the exact p-value (its cost is O(n·m)).
const exactLimit = 4_000_000

// KSTest runs the two-sample test. Neither sample may be empty or hold a
// NaN or an infinity.
func KSTest(x, y []float64) (KS, error) {
	if len(x) == 0 || len(y) == 0 {
		return KS{}, fmt.Errorf("the KS test needs two non-empty samples (got %d and %d values)", len(x), len(y))
	}
	for _, s := range [][]float64{x, y} {
		for _, v := range s {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return KS{}, fmt.Errorf("the KS test needs finite values (got %v)", v)
			}
		}
	}
	xs := append([]float64(nil), x...)
	ys := append([]float64(nil), y...)
	sort.Float64s(xs)
	sort.Float64s(ys)
	n, m := len(xs), len(ys)
	plus, abs := latticeStat(xs, ys)
	r := KS{N: n, M: m, D: stat.KolmogorovSmirnov(xs, nil, ys, nil), DPlus: float64(plus) / float64(n*m)}
	if n*m <= exactLimit {
		r.Exact = true
		r.P = exactTail(n, m, plus, false)
		r.PTwoSided = exactTail(n, m, abs, true)
		return r, nil
	}
	ne := float64(n) * float64(m) / float64(n+m)
	r.P = math.Min(1, math.Exp(-2*ne*r.DPlus*r.DPlus))
	r.PTwoSided = KolmogorovQ(math.Sqrt(ne) * r.D)
	return r, nil
}

// latticeStat returns n·m·D+ and n·m·D as integers: the largest of
// i·m − j·n and of |i·m − j·n| over the merged order, where i hits and j
// misses lie at or below a value. Equal values are passed together.
func latticeStat(xs, ys []float64) (plus, abs int) {
	n, m := len(xs), len(ys)
	i, j := 0, 0
	for i < n || j < m {
		var v float64
		switch {
		case i == n:
			v = ys[j]
		case j == m:
			v = xs[i]
		default:
			v = math.Min(xs[i], ys[j])
		}
		for i < n && xs[i] == v {
			i++
		}
		for j < m && ys[j] == v {
			j++
		}
		d := i*m - j*n
		plus = max(plus, d)
		abs = max(abs, d, -d)
	}
	return plus, abs
}

// exactTail is the probability, over the C(n+m, n) equally likely orders of
// n hits among m misses, that the lattice path reaches i·m − j·n ≥ k
// (twoSided: |i·m − j·n| ≥ k) somewhere. It sums the probability of first
// reaching the boundary, so small p-values keep their precision.
func exactTail(n, m, k int, twoSided bool) float64 {
	if k <= 0 {
		return 1
	}
	out := func(i, j int) bool {
		d := i*m - j*n
		return d >= k || (twoSided && -d >= k)
	}
	// row[j] is the probability of being at (i, j) having stayed inside.
	row := make([]float64, m+1)
	next := make([]float64, m+1)
	row[0] = 1
	p := 0.0
	for i := 0; i <= n; i++ {
		for j := range next {
			next[j] = 0
		}
		for j := 0; j <= m; j++ {
			q := row[j]
			if q == 0 {
				continue
			}
			left := float64(n - i + m - j)
			if left == 0 {
				continue
			}
			if j < m { // a miss next
				w := q * float64(m-j) / left
				if out(i, j+1) {
					p += w
				} else {
					row[j+1] += w
				}
			}
			if i < n { // a hit next
				w := q * float64(n-i) / left
				if out(i+1, j) {
					p += w
				} else {
					next[j] += w
				}
			}
		}
		row, next = next, row
	}
	return math.Min(1, p)
}

// KolmogorovQ is the asymptotic tail of the Kolmogorov distribution,
// P(K > λ) = 2 Σ_{k≥1} (−1)^{k−1} exp(−2k²λ²).
func KolmogorovQ(lambda float64) float64 {
	if lambda <= 0 {
		return 1
	}
	if lambda < 0.2 {
		return 1 // the series converges slowly here; the tail is 1 to 1e-20
	}
	s := 0.0
	for k := 1; k <= 100; k++ {
		t := math.Exp(-2 * float64(k*k) * lambda * lambda)
		if k%2 == 1 {
			s += t
		} else {
			s -= t
		}
		if t < 1e-18 {
			break
		}
	}
	return math.Max(0, math.Min(1, 2*s))
}

// MinSamples is the smallest number of samples per procedure (equal
// sizes) for which the one-sided test can give a p-value below alpha at
// all: the smallest possible p-value, when every hit is faster than every
// miss, is 1/C(2n, n).
func MinSamples(alpha float64) int {
	for n := 1; n < 10000; n++ {
		if exactTail(n, n, n*n, false) < alpha {
			return n
		}
	}
	return 10000
}

// DetectableD is the smallest one-sided KS distance that would give a
// p-value below alpha with n hits and m misses: a difference between the
// hit and miss time distributions smaller than this could not have been
// declared significant at this sample size.
func DetectableD(n, m int, alpha float64) float64 {
	if n*m > exactLimit {
		ne := float64(n) * float64(m) / float64(n+m)
		return math.Sqrt(-math.Log(alpha) / (2 * ne))
	}
	lo, hi := 1, n*m // p(k) decreases in k; find the smallest k with p < alpha
	if exactTail(n, m, hi, false) >= alpha {
		return math.Inf(1)
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if exactTail(n, m, mid, false) < alpha {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	// The statistic only takes multiples of gcd(n, m): round up to one.
	g := gcd(n, m)
	lo = (lo + g - 1) / g * g
	return float64(lo) / float64(n*m)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
