package textfmt

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLineWrapsToWidth(t *testing.T) {
	var b bytes.Buffer
	Line(&b, "overlap", strings.Repeat("word ", 30))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	assert.Greater(t, len(lines), 1)
	assert.Equal(t, "  overlap              word word", lines[0][:32])
	for _, l := range lines {
		assert.LessOrEqual(t, len(l), Width, l)
	}
	for _, l := range lines[1:] {
		assert.Equal(t, strings.Repeat(" ", LabelWidth)+"word", l[:LabelWidth+4])
	}
}

func TestWrapPadTrim(t *testing.T) {
	assert.Equal(t, "aa bb\n  cc", Wrap("aa bb cc", 6, "  "))
	assert.Equal(t, "aa bb cc", Wrap("aa  bb\ncc", 80, ""))
	assert.Equal(t, "é  ", Pad("é", 3))
	assert.Equal(t, "  é", PadLeft("é", 3))
	assert.Equal(t, "abcdef", Pad("abcdef", 3))
	assert.Equal(t, "ab…", Trim("abcdef", 3))
	assert.Equal(t, "abc", Trim("abc", 3))
}

// A report line ends at column 79: a value that would reach column 80
// wraps.
func TestLineEndsAt79(t *testing.T) {
	var b bytes.Buffer
	// 23 columns of label, then 56 characters fit; 57 do not.
	Line(&b, "x", strings.Repeat("a", 27)+" "+strings.Repeat("b", 28))
	assert.Equal(t, 1, strings.Count(b.String(), "\n"), "56 characters fit")
	b.Reset()
	Line(&b, "x", strings.Repeat("a", 27)+" "+strings.Repeat("b", 29))
	assert.Equal(t, 2, strings.Count(b.String(), "\n"), "57 wrap")
}

// The second word wraps like any other.
func TestWrapSecondWord(t *testing.T) {
	assert.Equal(t, "aaaa\nbbbb", Wrap("aaaa bbbb", 6, ""))
	assert.Equal(t, "aaaa\n  bbbb\n  cc", Wrap("aaaa bbbb cc", 6, "  "))
}

// The first line has the whole width: six characters fit in six.
func TestWrapFirstLineWidth(t *testing.T) {
	assert.Equal(t, "aaa bb", Wrap("aaa bb", 6, ""))
	assert.Equal(t, "aaa\nbbb", Wrap("aaa bbb", 6, ""))
}

// A first word longer than the width stands on the first line, with no
// empty line before it.
func TestWrapLongFirstWord(t *testing.T) {
	assert.Equal(t, "abcdefgh\nij", Wrap("abcdefgh ij", 4, ""))
}
