package post

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// How a link fares against the three break-evens, in the post's words,
// for every count.
func TestBeatenTextEveryCount(t *testing.T) {
	assert.Equal(t, "loses all three", beatenText(0, 3))
	assert.Equal(t, "wins 1 of 3", beatenText(1, 3))
	assert.Equal(t, "wins 2 of 3", beatenText(2, 3))
	assert.Equal(t, "wins all three", beatenText(3, 3))
}
