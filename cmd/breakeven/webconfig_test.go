package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
)

// A config.json pasted into the page answers as calc --config-text does:
// the same Go code, the same numbers; a broken one is refused in the
// field's own error line, as the command refuses it.
func TestWebConfigPaste(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "sources", "configs", "perplexity-ai--r1-1776-distill-llama-70b.json"))
	require.NoError(t, err)
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)

	// The config first, then the time measured on it: a time belongs to
	// the model it was typed for, and pasting a config changes the model.
	r := calculator.Request{ConfigText: string(data), Tokens: "131072", TTFT: "70.8s", Link: "4x200GbE"}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), ready(),
		setField("prefill", ""), setField("hit-rate", ""), setField("miss-penalty", ""),
		setField("config-text", r.ConfigText),
		setField("tokens", r.Tokens), setField("ttft", r.TTFT), setField("link", r.Link)))
	got := eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	checkMatches(t, "pasted config", got, r)
	// 80 layers x 8 KV heads x 128 dims x 2 (K, V) x 2 bytes.
	assert.Contains(t, got.Text["bytes_per_token"], "328 KB")

	// A config missing a field: the error names it, under the paste box.
	require.NoError(t, chromedp.Do(ctx, setField("config-text", `{"num_hidden_layers": 80}`)))
	got = eval[shown](t, ctx, readJS)
	assert.NotEqual(t, "ok", got.State)
	_, cerr := calculator.Compute(calculator.Request{ConfigText: `{"num_hidden_layers": 80}`, Tokens: r.Tokens, TTFT: r.TTFT, Link: r.Link})
	require.Error(t, cerr)
	assert.NotEmpty(t, got.Error["config-text"], "the error shows under the paste box: %v", got.Error)
}
