package sources

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// osa is the textbook optimal-string-alignment distance, the full matrix,
// written here independently of the banded one.
func osa(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// The banded distance equals the full one wherever it is within the
// limit, and says limit+1 otherwise.
func TestEditDistanceWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteByte("ab4051-lm"[r.IntN(9)])
		}
		return b.String()
	}
	for range 5000 {
		a, b, limit := word(), word(), r.IntN(6)
		want := osa(a, b)
		var scratch [3][]int
		got := editDistanceWithin([]rune(a), []rune(b), limit, &scratch)
		// The bag bound never exceeds the distance.
		require.LessOrEqual(t, bagOf([]rune(a)).within(bagOf([]rune(b)), 1<<30), want, "%q %q", a, b)
		if want <= limit {
			require.Equal(t, want, got, "%q %q limit %d", a, b, limit)
		} else {
			require.Equal(t, limit+1, got, "%q %q limit %d", a, b, limit)
		}
	}
	var scratch [3][]int
	assert.Equal(t, 1, editDistanceWithin([]rune("450b"), []rune("405b"), 3, &scratch), "a swap is one edit")
}

// A name longer than the bound is refused without a look-up; a near miss
// still gets suggestions.
func TestFindModelBounds(t *testing.T) {
	_, err := FindModel(strings.Repeat("x", 10<<20))
	var u *UnknownModelError
	require.ErrorAs(t, err, &u)
	assert.True(t, u.TooLong)
	assert.Equal(t, "model name too long (10,485,760 characters; at most 128)", err.Error())
	_, err = FindModel("llama-3.1-450b")
	require.ErrorAs(t, err, &u)
	assert.Equal(t, "Llama 3.1 405B", u.Nearest[0])
}

// BenchmarkUnknownModels is the work of a claims file of unknown models:
// distinct names, so nothing is cached.
func BenchmarkUnknownModels(b *testing.B) {
	names := make([]string, 1000)
	for i := range names {
		names[i] = "vendor-model-" + strings.Repeat("z", i%20) + "-70b"
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		FindModel(names[i%len(names)])
	}
}

// The edit distance behind "did you mean", on pairs counted by hand.
func TestEditDistanceOnPairsCountedByHand(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a", "b", 1},            // one substitution, on the first row and column
		{"ab", "ba", 1},          // a swap at the very start
		{"a", "ab", 1},           // one insertion
		{"ab", "a", 1},           // one deletion
		{"", "abc", 3},           // three insertions
		{"abc", "", 3},           // three deletions
		{"405b", "405b", 0},      // equal
		{"405b", "450b", 1},      // one swap of neighbours
		{"405b", "406b", 1},      // one substitution
		{"kitten", "sitting", 3}, // k->s, e->i, +g
		{"llama", "lama", 1},     // one deletion
		{"ca", "abc", 3},         // optimal string alignment: no edit of a swapped pair
	} {
		var scratch [3][]int
		limit := len(c.a) + len(c.b)
		assert.Equal(t, c.want, editDistanceWithin([]rune(c.a), []rune(c.b), limit, &scratch), "%q %q", c.a, c.b)
		if c.want > 0 {
			assert.Equal(t, c.want, editDistanceWithin([]rune(c.a), []rune(c.b), c.want-1, &scratch), "%q %q: past the limit, limit+1", c.a, c.b)
		}
	}
}

// One suggestion is still a suggestion.
func TestUnknownModelErrorWithOneSuggestion(t *testing.T) {
	e := &UnknownModelError{Name: "lama", Nearest: []string{"Llama 3.1 8B"}}
	assert.Equal(t, `unknown model "lama" (did you mean "Llama 3.1 8B"?); list them with "breakeven models", or read its config.json with --config`, e.Error())
	e = &UnknownModelError{Name: "zzz"}
	assert.Equal(t, `unknown model "zzz"; list them with "breakeven models", or read its config.json with --config`, e.Error())
}

// nearestOf is what an unknown name is offered.
func nearestOf(t *testing.T, s string) []string {
	t.Helper()
	_, err := FindModel(s)
	var ue *UnknownModelError
	require.ErrorAs(t, err, &ue, s)
	return ue.Nearest
}

// However long the name, a suggestion is at most three edits away: an
// 18-character name allows 18/4 = 4 by length, but three is the cap.
// Each word of "qwen3-next-80b-a3b" is changed, so no word-sharing rule
// applies.
func TestSuggestionsStopAtThreeEdits(t *testing.T) {
	assert.Contains(t, nearestOf(t, "qqen3-nexq-80q-a3b"), "Qwen3-Next-80B-A3B", "three edits")
	assert.Empty(t, nearestOf(t, "qqen3-nexq-80q-a3q"), "four edits")
}

// A short name is allowed one edit, a quarter of its length but at
// least one: "glm-4.7" (7 characters, one edit from "glm-4.5") is offered
// GLM-4.5; "glx-4.7" (two edits) is offered nothing.
func TestShortNamesAllowOneEdit(t *testing.T) {
	assert.Contains(t, nearestOf(t, "glm-4.7"), "GLM-4.5", "one edit")
	assert.Empty(t, nearestOf(t, "glx-4.7"), "two edits")
	// Two words are enough to share: "llama-405b" is four edits from
	// "llama-3.1-405b" and not inside it, but both its words are (and
	// the ranking by size puts it first).
	assert.Equal(t, "Llama 3.1 405B", nearestOf(t, "llama-405b")[0])
}

// Three characters are enough for a name that contains them: "405"
// suggests Llama 3.1 405B.
func TestThreeCharactersSuggestByContainment(t *testing.T) {
	_, err := FindModel("405")
	var ue *UnknownModelError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.Nearest, "Llama 3.1 405B")
}

// Containment is tested against the model's own name: "ge-2" is part of
// "mistral-large-2", though not of its alias
// "mistralai-mistral-large-instruct-2407".
func TestSuggestionContainedInTheName(t *testing.T) {
	_, err := FindModel("ge-2")
	var ue *UnknownModelError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.Nearest, "Mistral Large 2")
}
