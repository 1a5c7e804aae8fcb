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
