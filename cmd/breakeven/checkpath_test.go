package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The command: 7,500 tokens of Llama 3.1 8B (131,072 B/token) in
// 1 ms need 983 GB/s; "8x450 GB/s" on a DGX H100 is its NVLink, 8 x 450
// GB/s = 3.60 TB/s, so it is plausible, and the output says which path
// was taken and why.
func TestCheckNVLinkClaimIsJudgedOnNVLink(t *testing.T) {
	assert.InDelta(t, 983.0, 7500*131072/1e-3/1e9, 0.1)
	code, out, errOut := runCmd("check", "--model", "llama-3.1-8b", "--tokens", "7500", "--seconds", "1ms", "--seconds-are", "load",
		"--links", "8x450 GB/s", "--host", "dgx-h100")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "plausible")
	assert.NotContains(t, out, "implausible")
	flat := strings.Join(strings.Fields(out), " ")
	assert.Contains(t, flat, "load path: NVLink GPU to GPU")
	assert.Contains(t, flat, "3.60 TB/s")

	// --path network holds it to the NICs instead: 983 GB/s > 600 GB/s.
	code, out, _ = runCmd("check", "--model", "llama-3.1-8b", "--tokens", "7500", "--seconds", "1ms", "--seconds-are", "load",
		"--links", "8x450 GB/s", "--host", "dgx-h100", "--path", "network")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "implausible-as-stated")
}

// --tp 4 checks vLLM's "1.25 MB" block of Llama 3.1 70B as one GPU's:
// 16 x 327,680 / 4 = 1,310,720 B = 1.25 MiB.
func TestCheckTPFlagChecksTheShard(t *testing.T) {
	assert.Equal(t, 1.25*(1<<20), 16*327680/4.0)
	code, out, errOut := runCmd("check", "--model", "llama-3.1-70b", "--tokens", "16", "--size", "1.25 MB", "--tp", "4")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "size-misread")
	assert.Contains(t, strings.Join(strings.Fields(out), " "), "MiB written as MB")
}

// Bad --path, --tp and GPU links: exit 2 with one line naming the input
// and an example.
func TestCheckBadPathAndTPFlags(t *testing.T) {
	base := []string{"check", "--model", "llama-3.1-8b", "--tokens", "7500", "--seconds", "1ms", "--host", "dgx-h100"}
	for _, c := range []struct{ flag, value string }{
		{"--path", "warp"}, {"--tp", "0"}, {"--tp", "-2"}, {"--links", "nvlink5"},
	} {
		code, _, errOut := runCmd(append(append([]string{}, base...), c.flag, c.value)...)
		assert.Equal(t, 2, code, c.flag+" "+c.value)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(errOut), "\n")+1, "one line: %q", errOut)
		assert.Contains(t, errOut, c.flag+` "`+c.value+`"`)
		assert.Contains(t, errOut, "e.g.")
	}
}
