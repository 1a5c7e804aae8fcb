package sources

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The hand-written word matchers of names.go match what the regular
// expressions in their comments match, with the same groups, on every
// word of up to four characters from an alphabet that reaches each
// branch, on longer words with several dots, and on the catalog's own
// name words.
func TestNameWordsMatchTheirPatterns(t *testing.T) {
	sub := func(re string) func(string) []string { return regexp.MustCompile(re).FindStringSubmatch }
	is := func(re string) func(string) bool { return regexp.MustCompile(re).MatchString }
	pats := []struct {
		name string
		got  func(string) []string
		want func(string) []string
	}{
		{"sizeWord", sizeWord, sub(`^(\d+(?:\.\d+)?)([bmt])$`)},
		{"activeWord", activeWord, sub(`^a(\d+(?:\.\d+)?)([bmt])$`)},
		{"expertsWord", expertsWord, sub(`^(\d+)x(\d+(?:\.\d+)?)([bmt])$`)},
		{"familyWord", familyWord, sub(`^([a-z]+)(\d+(?:\.\d+)*)$`)},
	}
	bools := []struct {
		name string
		got  func(string) bool
		want func(string) bool
	}{
		{"versionWord", versionWord, is(`^[a-z]?\d+(?:\.\d+)*$`)},
		{"expertCount", expertCount, is(`^\d+e$`)},
	}
	words := []string{"1.2.3b", "a1.2.3b", "8x1.2.3b", "8x22b", "16x1.5t", "llama3.1.2", "v3.1.2", "3.1.", "k2.", "x22b", "a.5b", "17b", "128e", "e", "1.b"}
	for _, m := range Models() {
		words = append(words, slug(m.Name))
		for _, a := range m.Aliases {
			words = append(words, slug(a))
		}
	}
	const alphabet = "01.abemtxz-"
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		words = append(words, prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(prefix+string(c), n-1)
		}
	}
	gen("", 4)
	for _, w := range words {
		for _, p := range pats {
			assert.Equal(t, p.want(w), p.got(w), "%s(%q)", p.name, w)
		}
		for _, p := range bools {
			assert.Equal(t, p.want(w), p.got(w), "%s(%q)", p.name, w)
		}
	}
}
