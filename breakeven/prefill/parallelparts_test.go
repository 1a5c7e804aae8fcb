package prefill

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// parallelParts accepts what ^((tp|pp|ep|cp|dp)(\d+))+$ matches and
// splits it as (tp|pp|ep|cp|dp)(\d+) finds the parts, on every string of
// up to five characters from an alphabet that reaches each branch.
func TestParallelPartsMatchTheirPatterns(t *testing.T) {
	whole := regexp.MustCompile(`^((tp|pp|ep|cp|dp)(\d+))+$`)
	part := regexp.MustCompile(`(tp|pp|ep|cp|dp)(\d+)`)
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
		for _, c := range "tpecd08x" {
			gen(s+string(c), n-1)
		}
	}
	gen("", 5)
	assert.Greater(t, checked, 30000)
}
