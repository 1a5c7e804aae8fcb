package factcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A row's line is where the row starts, even when a quoted field spans
// lines: the model's name here runs onto the next line, so any later
// field sits one line below the row's start.
func TestRowLineIsWhereTheRowStarts(t *testing.T) {
	in := "model,tokens,seconds,links,source\n" +
		"\"Llama\n3.1 70B\",105000,0.58,,post\n"
	r, err := NewReader(strings.NewReader(in))
	require.NoError(t, err)
	c, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, 2, c.Line, "the row starts on line 2; its tokens field is on line 3")
	assert.Equal(t, "105000", c.Tokens)
}
