package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// assertOneLine holds a refused input to exit 2, one line on stderr
// holding says, and nothing unescaped from the input.
func assertOneLine(t *testing.T, args []string, says string) {
	t.Helper()
	code, _, stderr := runCmd(args...)
	name := strings.Join(args, " ")
	if len(name) > 120 {
		name = name[:120]
	}
	assert.Equal(t, 2, code, name)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s: one line: %q", name, stderr)
	assert.Contains(t, stderr, says, name)
	assert.Less(t, len(stderr), 400, name)
}

// A file that is not CSV at all, read for ever, ends at the bound on a
// row with one line and exit 2.
func TestHostileClaimsDevZero(t *testing.T) {
	assertOneLine(t, []string{"check", "--claims", "/dev/zero"}, "/dev/zero:1: more than 1048576 bytes (1 MiB) without a line break, the limit for one row")
}
