package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// --allow-beyond-context changes nothing (a prompt beyond the model's
// context is computed with a note, in calc and check alike); given, it
// says so in one line on stderr and the answer is the same as without it.
func TestAllowBeyondContextWarnsAndChangesNothing(t *testing.T) {
	for _, args := range [][]string{
		{"calc", "--model", "llama-3.1-70b", "--tokens", "200000", "--prefill", "2051", "--link", "181Gbit/s"},
		{"calc", "--model", "llama-3.1-70b", "--tokens", "200000", "--prefill", "2051", "--link", "181Gbit/s", "--json"},
		{"check", "--model", "llama-3.1-70b", "--tokens", "200000", "--seconds", "0.58", "--links", "1x400Gbit/s"},
		{"check", "--model", "llama-3.1-70b", "--tokens", "200000", "--seconds", "0.58", "--links", "1x400Gbit/s", "--json"},
	} {
		name := strings.Join(args, " ")
		code, out, errOut := runCmd(args...)
		assert.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.Empty(t, errOut, name)
		assert.Contains(t, out, "200,000", "%s: the prompt beyond the context is computed", name)

		codeOld, outOld, errOld := runCmd(append(args, "--allow-beyond-context")...)
		assert.Equal(t, code, codeOld, name)
		assert.Equal(t, out, outOld, "%s: the flag changes nothing", name)
		assert.Equal(t, "breakeven "+args[0]+": --allow-beyond-context is no longer needed: it changes nothing\n", errOld, name)
	}
}
