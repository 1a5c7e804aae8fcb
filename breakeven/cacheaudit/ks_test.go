package cacheaudit

import (
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binom is C(n, k) as a float, from math/big (independent of the code).
func binom(n, k int64) float64 {
	if k < 0 || k > n {
		return 0
	}
	f, _ := new(big.Float).SetInt(new(big.Int).Binomial(n, k)).Float64()
	return f
}

// For equal sizes n the exact tails have closed forms (Gnedenko and
// Korolyuk, 1951): P(D+ ≥ k/n) = C(2n, n−k)/C(2n, n) and
// P(D ≥ k/n) = 2 Σ_{j≥1} (−1)^{j+1} C(2n, n−jk)/C(2n, n).
func TestExactTailMatchesGnedenkoKorolyuk(t *testing.T) {
	for _, n := range []int{5, 10, 30, 250} {
		for _, k := range []int{1, 2, 3, n / 4, n / 2, n} {
			if k < 1 {
				continue
			}
			all := binom(int64(2*n), int64(n))
			one := binom(int64(2*n), int64(n-k)) / all
			two := 0.0
			for j := 1; j*k <= n; j++ {
				s := 2 * binom(int64(2*n), int64(n-j*k)) / all
				if j%2 == 0 {
					s = -s
				}
				two += s
			}
			// On the lattice, D+ ≥ k/n is i·n − j·n ≥ k·n.
			assert.InEpsilon(t, one, exactTail(n, n, k*n, false), 1e-9, "n=%d k=%d one-sided", n, k)
			assert.InEpsilon(t, math.Min(1, two), exactTail(n, n, k*n, true), 1e-9, "n=%d k=%d two-sided", n, k)
		}
	}
}

// For unequal sizes, the tail is checked by enumerating every order of
// n hits among m misses.
func TestExactTailMatchesEnumeration(t *testing.T) {
	n, m := 5, 7
	counts := map[int]int{} // max i·m − j·n of each path
	countsAbs := map[int]int{}
	total := 0
	for mask := 0; mask < 1<<(n+m); mask++ {
		ones := 0
		for b := 0; b < n+m; b++ {
			if mask>>b&1 == 1 {
				ones++
			}
		}
		if ones != n {
			continue
		}
		total++
		i, j, plus, abs := 0, 0, 0, 0
		for b := 0; b < n+m; b++ {
			if mask>>b&1 == 1 {
				i++
			} else {
				j++
			}
			d := i*m - j*n
			plus = max(plus, d)
			abs = max(abs, d, -d)
		}
		counts[plus]++
		countsAbs[abs]++
	}
	require.Equal(t, 792, total) // C(12, 5)
	for k := 1; k <= n*m; k++ {
		ge, geAbs := 0, 0
		for v, c := range counts {
			if v >= k {
				ge += c
			}
		}
		for v, c := range countsAbs {
			if v >= k {
				geAbs += c
			}
		}
		assert.InDelta(t, float64(ge)/792, exactTail(n, m, k, false), 1e-12, "k=%d", k)
		assert.InDelta(t, float64(geAbs)/792, exactTail(n, m, k, true), 1e-12, "k=%d two-sided", k)
	}
}

// The asymptotic Kolmogorov distribution at its tabulated quantiles:
// K(1.2238) = 0.90, K(1.3581) = 0.95, K(1.6276) = 0.99 (the critical values
// of the one-sample test printed in statistics tables, e.g. Smirnov 1948).
func TestKolmogorovQMatchesTabulatedQuantiles(t *testing.T) {
	assert.InDelta(t, 0.10, KolmogorovQ(1.2238), 1e-4)
	assert.InDelta(t, 0.05, KolmogorovQ(1.3581), 1e-4)
	assert.InDelta(t, 0.01, KolmogorovQ(1.6276), 1e-4)
	assert.Equal(t, 1.0, KolmogorovQ(0))
}

// The statistic agrees with a direct evaluation of the two empirical
// distribution functions at every sample point, and its two-sided
// distance with gonum's.
func TestKSTestStatisticMatchesDirectECDF(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		x := make([]float64, 3+r.IntN(40))
		y := make([]float64, 3+r.IntN(40))
		for i := range x {
			x[i] = math.Round(r.NormFloat64()*10) / 10 // ties on purpose
		}
		for i := range y {
			y[i] = math.Round((r.NormFloat64()+0.5)*10) / 10
		}
		ecdf := func(s []float64, v float64) float64 {
			c := 0
			for _, w := range s {
				if w <= v {
					c++
				}
			}
			return float64(c) / float64(len(s))
		}
		plus, abs := 0.0, 0.0
		for _, v := range append(append([]float64(nil), x...), y...) {
			d := ecdf(x, v) - ecdf(y, v)
			plus = math.Max(plus, d)
			abs = math.Max(abs, math.Abs(d))
		}
		got, err := KSTest(x, y)
		require.NoError(t, err)
		assert.InDelta(t, plus, got.DPlus, 1e-12)
		assert.InDelta(t, abs, got.D, 1e-12)
	}
}

// Fully separated samples: every hit faster than every miss gives
// D+ = 1 and p = 1/C(n+m, n).
func TestKSTestSeparatedSamples(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	y := []float64{11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
	got, err := KSTest(x, y)
	require.NoError(t, err)
	assert.Equal(t, 1.0, got.DPlus)
	assert.InEpsilon(t, 1/184756.0, got.P, 1e-9) // C(20, 10) = 184,756
	assert.InEpsilon(t, 2/184756.0, got.PTwoSided, 1e-9)
	// The other way round the one-sided statistic is 0 and p is 1.
	rev, err := KSTest(y, x)
	require.NoError(t, err)
	assert.Equal(t, 0.0, rev.DPlus)
	assert.Equal(t, 1.0, rev.P)
}

func TestKSTestRejectsEmptyAndNaN(t *testing.T) {
	_, err := KSTest(nil, []float64{1})
	assert.ErrorContains(t, err, "non-empty")
	_, err = KSTest([]float64{math.NaN()}, []float64{1})
	assert.ErrorContains(t, err, "finite")
}

// Large samples use the asymptotic one-sided tail exp(−2·ne·D+²).
func TestKSTestAsymptoticForLargeSamples(t *testing.T) {
	n := 2500
	x := make([]float64, n)
	y := make([]float64, n)
	for i := range x {
		x[i] = float64(i)
		y[i] = float64(i) + 100.5
	}
	sort.Float64s(x)
	got, err := KSTest(x, y)
	require.NoError(t, err)
	assert.False(t, got.Exact)
	// 0, 1, ..., 100 lie below the first miss, 100.5.
	assert.InDelta(t, 101.0/2500, got.DPlus, 1e-12)
	assert.InEpsilon(t, math.Exp(-2*1250*0.0404*0.0404), got.P, 1e-9)
}

// With n = m, the smallest p-value is 1/C(2n, n): C(30, 15) = 155,117,520
// is the first above 10^8.
func TestMinSamples(t *testing.T) {
	assert.Equal(t, 15, MinSamples(1e-8))
	assert.Equal(t, 4, MinSamples(0.05)) // 1/C(8,4) = 1/70 < 0.05; 1/C(6,3) = 1/20 is not
}

// The detectable distance is where the Gnedenko–Korolyuk tail crosses
// alpha: for n = m = 250 the smallest k with C(500, 250−k)/C(500, 250) < alpha.
func TestDetectableD(t *testing.T) {
	n := 250
	all := binom(500, 250)
	want := 0
	for k := 1; k <= n; k++ {
		if binom(500, int64(n-k))/all < 1e-8 {
			want = k
			break
		}
	}
	assert.InDelta(t, float64(want)/float64(n), DetectableD(n, n, 1e-8), 1e-12)
}
