package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Bad flags are one line, exit 2, naming the flag and what would do.
func TestAuditCacheBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--model", "m", "--alpha", "1e-8"}, "--base-url is required"},
		{[]string{"--base-url", "http://h:1", "--alpha", "1e-8"}, "--model is required"},
		{[]string{"--base-url", "http://h:1", "--model", "m"}, "--alpha is required"},
		{[]string{"--base-url", "http://h:1", "--model", "m", "--alpha", "1e-8"}, "--max-requests 0 is too small: 250 samples x (1 victim + 1 attacker + 1 miss) need 750 requests; raise it to at least 750"},
		{[]string{"--base-url", "http://h:1", "--model", "m", "--alpha", "1e-8", "--samples", "10", "--max-requests", "30"}, "fewer than 15 per procedure"},
		{[]string{"--base-url", "http://h:1", "--model", "m", "--alpha", "1e-8", "--max-requests", "750", "--cache-prompt", "maybe"}, `--cache-prompt "maybe"`},
		{[]string{"--base-url", "http://h:1", "--model", "m", "--alpha", "1e-8", "--max-requests", "750", "--level", "global"}, "two different keys"},
	}
	for _, c := range cases {
		code, _, stderr := runCmd(append([]string{"audit-cache"}, c.args...)...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	}
}

// A run against a stub server prints the report, or the result as JSON,
// and the progress bar on stderr.
func TestAuditCacheRunsAgainstAServer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			fmt.Fprint(w, `{"data":[{"id":"m"}]}`)
			return
		}
		fmt.Fprint(w, "data: {\"content\":\"x\"}\n\n")
	}))
	defer srv.Close()
	args := []string{"audit-cache", "--base-url", srv.URL, "--model", "m", "--alpha", "0.05", "--samples", "4", "--prompt-length", "10", "--rate", "1000", "--max-requests", "12"}
	code, out, stderr := runCmd(args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Prompt-cache audit of "+srv.URL)
	assert.Contains(t, out, "KS test")
	assert.Contains(t, stderr, "12/12 requests")

	code, out, stderr = runCmd(append(args, "--json")...)
	require.Equal(t, 0, code, stderr)
	var res struct {
		Samples int               `json:"samples"`
		Hits    []json.RawMessage `json:"hits"`
		Misses  []json.RawMessage `json:"misses"`
		Stmt    string            `json:"statement"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, 4, res.Samples)
	assert.Len(t, res.Hits, 4)
	assert.Len(t, res.Misses, 4)
	assert.NotEmpty(t, res.Stmt)
}

func TestAuditCacheUnreachableIsOneLine(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	code, _, stderr := runCmd("audit-cache", "--base-url", url, "--model", "m", "--alpha", "0.05", "--samples", "4", "--max-requests", "12")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "breakeven audit-cache: cannot reach "+url)
	assert.Equal(t, 1, strings.Count(stderr, "\n"))
}
