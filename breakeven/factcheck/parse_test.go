package factcheck_test

// Fuzz test of ParseLink, which reads a link count and a preset or
// bandwidth on top of package breakeven's parsers (fuzzed there).

import (
	"math"
	"strings"
	"testing"

	"signalweight.dev/kv/breakeven/factcheck"
)

// printedExactly bounds the values whose printed form is checked.
func printedExactly(x float64) bool { return x >= 1e-300 && x <= 1e300 }

func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"1x400Gbit/s", "2x100GbE", "ndr", "2 x NDR 400G InfiniBand", "2xvast", "pcie5", "1025x10GbE",
		"0xroce", "3×ucx", "22.6 GB/s", "x", "1x", "12 parsecs/s", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := factcheck.ParseLink(s)
		if err != nil {
			if !strings.Contains(err.Error(), "valid:") || !strings.Contains(err.Error(), "link") {
				t.Fatalf("%q: unclear error: %v", s, err)
			}
			return
		}
		x := float64(l.Total())
		if l.Count < 1 || math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
			t.Fatalf("%q parsed to %+v", s, l)
		}
		if printedExactly(float64(l.Each)) && strings.Contains(l.String(), "NaN") {
			t.Fatalf("%q prints as %q", s, l.String())
		}
	})
}
