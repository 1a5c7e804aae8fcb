package prefill

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// parallelParts accepts what ^((tp|pp|ep|cp|dp|chunk)(\d+))+$ matches
// and splits it as (tp|pp|ep|cp|dp|chunk)(\d+) finds the parts, on every
// string of up to five pieces from a set that reaches each branch (each
// kind, a kind's prefix, digits, and letters no kind starts with).
func TestParallelPartsMatchTheirPatterns(t *testing.T) {
	whole := regexp.MustCompile(`^((tp|pp|ep|cp|dp|chunk)(\d+))+$`)
	part := regexp.MustCompile(`(tp|pp|ep|cp|dp|chunk)(\d+)`)
	var gen func(prefix string, n int)
	checked := 0
	gen = func(s string, n int) {
		got, ok := parallelParts(s)
		if s != "" {
			checked++
			assert.Equal(t, whole.MatchString(s), ok, "%q", s)
			if ok {
				var want [][3]string
				for _, m := range part.FindAllStringSubmatch(s, -1) {
					want = append(want, [3]string{m[0], m[1], m[2]})
				}
				assert.Equal(t, want, got, "%q", s)
			}
		}
		if n == 0 {
			return
		}
		for _, c := range []string{"t", "p", "e", "c", "d", "tp", "pp", "ep", "cp", "dp", "chunk", "chun", "ch", "0", "8", "x"} {
			gen(s+c, n-1)
		}
	}
	gen("", 5)
	assert.Greater(t, checked, 30000)
}
