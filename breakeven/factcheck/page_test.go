package factcheck_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
)

func checkPage(t *testing.T, req string) factcheck.PageAnswer {
	t.Helper()
	var a factcheck.PageAnswer
	require.NoError(t, json.Unmarshal(factcheck.CheckPage([]byte(req)), &a))
	return a
}

// The page's answer to WEKA's claim: check --json's result, and the rows
// the page shows, the need written as check prints it (59.3 GB/s, not a
// count of bytes per second).
func TestCheckPageAnswer(t *testing.T) {
	a := checkPage(t, `{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "links": "1x400Gbit/s"}`)
	require.Empty(t, a.Errors)
	require.NotNil(t, a.Result)
	assert.Equal(t, "needs-more-links", a.Result.Verdict)
	assert.InEpsilon(t, 105000*2*80*8*128*2/0.58, a.Result.RequiredBytesPerSecond, 1e-12)
	assert.Equal(t, []string{"answer", "verdict", "explanation", "required", "arithmetic", "command"}, keys(a.Rows))
	assert.Equal(t, Row("required", "bandwidth needed", "59.3 GB/s (475 Gbit/s), a floor"), a.Rows[3])
	assert.Equal(t, a.Result.Explanation, a.Rows[2].Text)
	assert.True(t, strings.HasPrefix(a.Rows[0].Text, "Loading 34.4 GB in a 580 ms time to first token needs at least 59.3 GB/s"), a.Rows[0].Text)
}

// A bad input comes back beside its field, named by its label on the
// page; a request that is not JSON, and a pasted config beside a model,
// say so.
func TestCheckPageErrors(t *testing.T) {
	a := checkPage(t, `{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "soon"}`)
	require.Len(t, a.Errors, 1)
	assert.Equal(t, "seconds", a.Errors[0].Field)
	assert.True(t, strings.HasPrefix(a.Errors[0].Text, `“(a) Time with the cache” "soon": `), a.Errors[0].Text)
	assert.Contains(t, a.Errors[0].Text, `(e.g. "0.58", "580ms", "3s")`)
	assert.Nil(t, a.Result)
	assert.Empty(t, a.Rows)

	a = checkPage(t, `{"model": `)
	require.Len(t, a.Errors, 1)
	assert.Equal(t, "", a.Errors[0].Field)
	assert.True(t, strings.HasPrefix(a.Errors[0].Text, "bad request: "), a.Errors[0].Text)

	a = checkPage(t, `{"model": "llama-3.1-70b", "config-text": "{}", "tokens": "1000", "seconds": "1"}`)
	require.Len(t, a.Errors, 1)
	assert.Equal(t, `“Model” "llama-3.1-70b": a pasted config.json names its own model; clear one of them (e.g. llama-3.1-70b)`, a.Errors[0].Text)
}
