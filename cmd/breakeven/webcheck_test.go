package main

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/page/view"
)

// The page's fact-check form, one claim of each form check takes, against
// check --json: the same verdict, explanation, arithmetic and command.
func TestWebFactCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	cfg, err := os.ReadFile(filepath.Join("..", "..", "sources", "configs", "perplexity-ai--r1-1776-distill-llama-70b.json"))
	require.NoError(t, err)
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), ready()))

	fields := []string{"model", "config-text", "tokens", "seconds", "seconds-are", "size", "throughput", "uncached", "speedup", "hit", "links", "host", "gpus", "kv-dtype"}
	for _, tc := range []struct {
		name  string
		form  map[string]string // page fields; flags of the same names
		flags []string          // check's flags where the page's differ (the pasted config)
	}{
		{"(a) time to first token", map[string]string{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "links": "1x400Gbit/s"}, nil},
		{"(a) a load on a host", map[string]string{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "seconds-are": "load", "host": "dgx-h100"}, nil},
		{"(b) a size only", map[string]string{"model": "llama-3.1-70b", "tokens": "128K", "size": "40 GB"}, nil},
		{"(c) a throughput", map[string]string{"model": "llama-3.1-70b", "throughput": "40 GiB/s", "host": "dgx-h100"}, nil},
		{"(d) two times and a speedup", map[string]string{"model": "llama-3.1-70b", "tokens": "131072", "seconds": "465ms", "uncached": "70.8s", "speedup": "152x", "gpus": "4xL40S"}, nil},
		{"(e) a partial hit", map[string]string{"model": "qwen3-32b", "tokens": "131072", "seconds": "1.5", "hit": "90%", "kv-dtype": "fp8"}, nil},
		{"a pasted config", map[string]string{"config-text": string(cfg), "tokens": "131072", "seconds": "465ms", "seconds-are": "load", "links": "4xPCIe4x16"},
			[]string{"--config", filepath.Join("..", "..", "sources", "configs", "perplexity-ai--r1-1776-distill-llama-70b.json")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var steps []chromedp.Action[chromedp.Void]
			for _, f := range fields {
				steps = append(steps, setField("c-"+f, tc.form[f]))
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.Steps(steps...)))
			page := eval[map[string]string](t, ctx, `(() => {
  const r = {state: document.getElementById('factcheck').dataset.state};
  for (const dd of document.querySelectorAll('#c-results dd')) r[dd.id.slice(4)] = dd.textContent;
  for (const e of document.querySelectorAll('#factcheck .err')) if (e.textContent) r['err:' + e.id] = e.textContent;
  return r;
})()`)
			require.Equal(t, "ok", page["state"], "%v", page)

			args := []string{"check", "--json"}
			for _, f := range fields {
				if v := tc.form[f]; v != "" && f != "config-text" {
					args = append(args, "--"+f, v)
				}
			}
			args = append(args, tc.flags...)
			code, out, errOut := runCmd(args...)
			require.Equal(t, 0, code, errOut)
			var want struct {
				Verdict, Explanation, Arithmetic, Command string
				Findings                                  []string
			}
			require.NoError(t, json.Unmarshal([]byte(out), &want))
			// The verdict in words, the one check --json prints named.
			assert.Equal(t, view.VerdictText(factcheck.Verdict(want.Verdict)), page["verdict"])
			assert.NotRegexp(t, `^[a-z]+(-[a-z]+)+$`, page["verdict"], "a verdict in words, not its short name")
			assert.Equal(t, want.Explanation, page["explanation"])
			assert.Equal(t, want.Arithmetic, page["arithmetic"])
			if tc.flags == nil {
				assert.Equal(t, want.Command, page["command"])
			} else {
				// A pasted config has no file to name: no command is shown
				// that could not run as it stands.
				assert.NotContains(t, page, "command")
			}
			for i, f := range want.Findings {
				assert.Equal(t, f, page["finding-"+itoa(i)])
			}
		})
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }
