package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMeasureBadInputExits2WithOneLineAndNothingOnStdout(t *testing.T) {
	// A server that answers nothing usefully: bad input is refused
	// before it is asked anything, or by what it answers.
	asked := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked++
		if r.URL.Path == "/v1/models" {
			fmt.Fprint(w, `{"data":[{"id":"served-model","owned_by":"vllm"}]}`)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	base := []string{"measure", "--base-url", srv.URL, "--model", "served-model", "--quiet"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"measure", "--model", "m"}, "--base-url"},
		{[]string{"measure", "--base-url", srv.URL}, "--model"},
		{append(base, "--input-lens", "512,x"), `--input-lens "x"`},
		{append(base, "--input-lens", "1"), "from 2 to"},
		{append(base, "--input-lens", "512,512"), "twice"},
		{append(base, "--repeats", "0"), "--repeats"},
		{append(base, "--timeout", "soon"), "--timeout"},
		{append(base, "--link", "10 furlongs"), "--link"},
		{append(base, "--json", "--csv"), "give one"},
		{append(base, "--config", "no/such/config.json"), "--config"},
		{[]string{"measure", "--base-url", "ftp://x", "--model", "m"}, "--base-url"},
		{[]string{"measure", "--base-url", srv.URL, "--model", "other", "--quiet"}, `"other" is not served`},
	} {
		code, out, errOut := runCmd(c.args...)
		assert.Equal(t, 2, code, "%v: %s", c.args, errOut)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: one line: %q", c.args, errOut)
		assert.Contains(t, errOut, c.want, "%v", c.args)
		assert.Contains(t, errOut, "e.g.", "%v: a way forward", c.args)
	}
	assert.Equal(t, 1, asked, "only the model check reached the server")
}
