package factcheck

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// linkCount, rateUnit and escapeEntities do what the regular expressions
// in their comments do, on every string of up to four characters from an
// alphabet that reaches each branch, and on a few longer ones.
func TestHandMatchersMatchTheirPatterns(t *testing.T) {
	count := regexp.MustCompile(`^\s*\d+\s*(x|X|\*|×)\s*`)
	unit := regexp.MustCompile(`[KMGTkmgt]i?([Bb])(?:/s|ps|/sec)`)
	entity := regexp.MustCompile(`&([A-Za-z#])`)
	words := []string{"2x PCIe4x16", " 8 x 400GbE", "4×NDR", "4 × NDR", "\t3*\nx", "40 GiB/sec", "40 Gbps", "1 KiB/s and 2 GB/s", "&lt;&#60;&&a&1", "x2"}
	var gen func(s string, n int)
	gen = func(s string, n int) {
		words = append(words, s)
		if n == 0 {
			return
		}
		for _, c := range []string{"1", " ", "x", "*", "×", "G", "i", "B", "b", "/", "s", "p", "&", "#", "a"} {
			gen(s+c, n-1)
		}
	}
	gen("", 4)
	for _, w := range words {
		n := 0
		if loc := count.FindStringIndex(w); loc != nil {
			n = loc[1]
		}
		assert.Equal(t, n, linkCount(w), "linkCount(%q)", w)
		assert.Equal(t, unit.FindStringSubmatch(w), rateUnit(w), "rateUnit(%q)", w)
		assert.Equal(t, entity.ReplaceAllString(w, "&amp;$1"), escapeEntities(w), "escapeEntities(%q)", w)
	}
}
