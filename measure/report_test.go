package measure

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The report prints a link's speedup as calc does ("104x", not "1e+02x"),
// and a fit residual that rounds to zero as +0.0%, not -0.0%. The speedup
// is 245 ms / 2.36 ms = 103.8, which three digits print as 104.
func TestTheReportPrintsSpeedupsAndResidualsAsCalcDoes(t *testing.T) {
	r := Result{
		Points: []Point{{Tokens: 128, RelativeResidual: -1e-6}, {Tokens: 512, RelativeResidual: 0.0126}},
		Links: []LinkVerdict{{Link: "10GbE", BytesPerSecond: 1.25e9, Points: []LinkPointJSON{
			{Tokens: 128, RecomputeSeconds: 0.245, LoadSeconds: 0.00236, Speedup: 0.245 / 0.00236, Winner: "load"},
			{Tokens: 512, RecomputeSeconds: 0.002, LoadSeconds: 0.004, Speedup: 0.5, Winner: "recompute"},
		}}},
	}
	text := r.Text()
	assert.Contains(t, text, "load (104x)")
	assert.Contains(t, text, "recompute (0.500x)")
	assert.NotContains(t, text, "e+02x")
	assert.Contains(t, text, " +0.0%\n")
	assert.NotContains(t, text, "-0.0%")
	assert.Contains(t, text, " +1.3%\n")
}

// A fit with as many terms as measured lengths passes through every
// point: the report says its zero error tests nothing, and asks for more
// lengths. With more lengths than terms it gives the largest error.
func TestAFitWithAsManyTermsAsLengthsSaysItTestsNothing(t *testing.T) {
	fit := &PrefillFit{FixedSeconds: 0.0276, LinearTokensPerSecond: 630, QuadraticSecondsPerTok2: 8.9e-7, MaxAbsResidual: 1e-9}
	assert.Equal(t, 3, fit.Terms())
	r := Result{Points: []Point{{Tokens: 128}, {Tokens: 512}, {Tokens: 2048}}, PrefillFit: fit}
	assert.Contains(t, words(r.Text()), "3 lengths for 3 terms, so the fit passes through every point")
	assert.NotContains(t, r.Text(), "largest error")

	r.Points = append(r.Points, Point{Tokens: 4096})
	fit.MaxAbsResidual = 0.031
	assert.Contains(t, words(r.Text()), "(largest error 3.1%;")

	two := &PrefillFit{FixedSeconds: 0.02, LinearTokensPerSecond: 600}
	assert.Equal(t, 2, two.Terms(), "no quadratic term kept")
	r = Result{Points: []Point{{Tokens: 128}, {Tokens: 512}, {Tokens: 2048}}, PrefillFit: two}
	assert.Contains(t, words(r.Text()), "(largest error 0.0%;")
}

// words is s with its line breaks and runs of spaces as single spaces, as
// the report reads before it is wrapped.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }
