package breakeven

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The regular expressions the scanners in scan.go stand for; the parsers
// used them until the page's module dropped package regexp.
var (
	numberRE        = regexp.MustCompile(`^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?`)
	countRE         = regexp.MustCompile(`^\s*(\d+)\s*[x×*]\s*(.+)$`)
	flagInExampleRE = regexp.MustCompile(`--([a-z][a-z0-9-]*)(?:\s+("[^"]*"|[^\s-][^\s]*))?`)
	bareFlagRE      = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)
	exampleRE       = regexp.MustCompile(`\(e\.g\. [^()]*\)`)
)

// sameAsRegexp checks each scanner against its expression on one input.
func sameAsRegexp(t *testing.T, s string) {
	t.Helper()
	assert.Equal(t, numberRE.FindString(s), numberPrefix(s), "number in %q", s)

	c, rest, ok := countPrefix(s)
	if m := countRE.FindStringSubmatch(s); m != nil {
		assert.True(t, ok, "count in %q", s)
		assert.Equal(t, m[1], c, "count in %q", s)
		assert.Equal(t, m[2], rest, "rest after the count in %q", s)
	} else {
		assert.False(t, ok, "no count in %q, got %q %q", s, c, rest)
	}

	// Replacing each match by its span shows where each one is.
	mark := func(m string) string { return "<" + m + ">" }
	byScan := func(match func(string, int) int) string {
		return replaceEach(s, match, func(i, end int) string { return mark(s[i:end]) })
	}
	assert.Equal(t, flagInExampleRE.ReplaceAllStringFunc(s, mark), byScan(flagInExampleAt), "flags with values in %q", s)
	assert.Equal(t, bareFlagRE.ReplaceAllStringFunc(s, mark), byScan(flagAt), "flags in %q", s)
	assert.Equal(t, exampleRE.ReplaceAllStringFunc(s, mark), byScan(exampleAt), "examples in %q", s)
	for _, m := range flagInExampleRE.FindAllStringSubmatchIndex(s, -1) {
		e := flagAt(s, m[0])
		assert.Equal(t, m[3], e, "flag name in %q", s)
		vs, ve, ok := flagValueAt(s, e)
		if m[4] >= 0 {
			assert.True(t, ok, "flag value in %q", s)
			assert.Equal(t, [2]int{m[4], m[5]}, [2]int{vs, ve}, "flag value in %q", s)
		} else {
			assert.False(t, ok, "no flag value in %q", s)
		}
	}
}

// TestScannersMatchRegexp runs every scanner and its regular expression
// on the inputs the parsers see and on many generated strings built from
// the characters the patterns care about.
func TestScannersMatchRegexp(t *testing.T) {
	for _, s := range []string{
		"", "1", "+", "-.5", "1,234", "1,2x4", "1,x34", "1,23x", "1,234,5x7", "1,234,567.89e-3", "1234,567", "12,34", "1,2345", "1,234,5678", "1.", "1e", "1e+", "1e+5",
		".5", "+.e", "127,188", "1,5 GB", "2x100GbE", " 2 x 100GbE", "2×400Gbit/s", "2*vast", "2x", "2x ", "2x \n", "2x\n ab",
		"2x ab\n", "2x\n ", "2x \n ", "2x\t\n", "x2", "2 x  ", "10GbE", "22.6 GB/s", "--link 181Gbit/s", `(e.g. --link "22.6 GB/s")`, `--link "open`,
		"--link --tokens 5", `--link "" x`, `(e.g. --link "")`, "--a-b-c9 x y", "--Link", "--9", "-- link", "(e.g. --hit-rate 80%) and (e.g. (nested))",
		"use --link (e.g. --link 2x100GbE, --tokens 128k)", "--link\t\"a b\" --x", "(e.g. ", "(e.g. )", "×", "2\xc3", "2x\xff",
	} {
		sameAsRegexp(t, s)
	}
	pieces := []string{"0", "1", "2", "9", "12", "123", "1234", ",", ",000", ".", "e", "E", "+", "-", "--", "x", "×", "*",
		" ", "\t", "\n", "\r", "\f", "\v", "a", "z", "k", "G", "B/s", "\"", "(e.g. ", "(", ")", "link", "hit-rate", "\xff", "é"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for n := rng.IntN(8); n >= 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		sameAsRegexp(t, b.String())
		if t.Failed() {
			return
		}
	}
}

func FuzzScannersMatchRegexp(f *testing.F) {
	for _, s := range []string{"1,234.5e6 GB/s", "2 x 100GbE", `(e.g. --link "22.6 GB/s") --tokens`, "2x \n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameAsRegexp(t, s)
	})
}
