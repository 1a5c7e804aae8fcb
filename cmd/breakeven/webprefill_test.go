package main

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
)

// TestWebPageModelSwitchKeepsNoOtherModelsTime switches the page's model
// as a reader would and checks that no model's prefill time survives
// into another's answer, in the fields, the results or the URL: the page
// opens on Llama 3.1 405B with the test's published 62 s; switched to
// Qwen3-32B it shows the post's own Qwen3-32B row (about 11,900 tokens/s
// and 3.1 GB/s), not 2,051 tokens/s and 271 MB/s; a time typed for one
// model is put aside when the model changes and comes back with it; a
// shared URL's time stays with the URL's model.
func TestWebPageModelSwitchKeepsNoOtherModelsTime(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	ctx := browser(t)
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	value := func(id string) string {
		v, err := chromedp.Run(ctx, chromedp.Value("#"+id))
		require.NoError(t, err)
		return v
	}
	query := func() url.Values {
		u, err := url.Parse(syncedLocation(t, ctx))
		require.NoError(t, err)
		return u.Query()
	}

	// 1. The page opens on the 405B test, its time the model's own.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), ready()))
	got := eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	assert.Equal(t, "", value("ttft"), "no time in the field the reader did not type")
	assert.Contains(t, got.Text["prefill_from"], "published: 127,188 tokens in 62.0 s")
	assert.Contains(t, got.Text["break_even"], "1.06 GB/s", "the post prints 1.06 GB/s")

	// 2. Switch to Qwen3-32B and leave the time alone.
	require.NoError(t, chromedp.Do(ctx, setField("model", "qwen3-32b")))
	got = eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	def := calculator.DefaultRequest()
	qwen := calculator.Request{Model: "qwen3-32b", Tokens: def.Tokens, Link: def.Link}
	checkMatches(t, "Qwen3-32B after the switch", got, qwen)
	assert.NotContains(t, got.Text["prefill"], "2,051", "the 405B test's speed")
	assert.NotContains(t, got.Body, "62.0 s", "the 405B test's time")
	assert.Regexp(t, `^11,9\d\d tokens/s`, got.Text["prefill"], "the post prints ≈11,900 tokens/s")
	assert.Regexp(t, `^3\.1\d? GB/s`, got.Text["break_even"], "the post prints ≈3.1 GB/s")
	assert.Contains(t, got.Text["prefill_from"], "published: 131,072 tokens in 11.0 s")
	q := query()
	assert.Equal(t, "qwen3-32b", q.Get("model"))
	assert.False(t, q.Has("ttft") || q.Has("prefill"), "the URL holds no time: %v", q)

	// 3. A model with no published run asks for one, beside the field.
	require.NoError(t, chromedp.Do(ctx, setField("model", "kimi-k2")))
	got = eval[shown](t, ctx, readJS)
	assert.Equal(t, "error", got.State)
	assert.Contains(t, got.Error["prefill"], "no prefill for Kimi K2")
	assert.Contains(t, got.Error["prefill"], "e.g.")

	// 4. A time typed for Qwen3-32B stays with it: switching to Llama 3.1
	// 70B empties the fields (its own published run answers), switching
	// back brings the typed time back.
	require.NoError(t, chromedp.Do(ctx, setField("model", "qwen3-32b"), typeInto("#ttft", "9s")))
	got = eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	assert.Equal(t, "yours: the time to first token you gave", got.Text["prefill_from"])
	require.NoError(t, chromedp.Do(ctx, setField("model", "llama-3.1-70b")))
	got = eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	assert.Equal(t, "", value("ttft"), "Qwen3-32B's typed time left with its model")
	checkMatches(t, "Llama 3.1 70B after a typed Qwen time", got, calculator.Request{Model: "llama-3.1-70b", Tokens: def.Tokens, Link: def.Link})
	assert.Contains(t, got.Text["prefill_from"], "published: 4,380 tokens/s")
	assert.False(t, query().Has("ttft"), "nor in the URL")
	require.NoError(t, chromedp.Do(ctx, setField("model", "qwen3-32b")))
	assert.Equal(t, "9s", value("ttft"), "back with its model")

	// 5. A shared URL's time belongs to the URL's model: switching drops it.
	old := calculator.Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "vast-sustained"}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?"+queryOf(old)), ready()))
	assert.Equal(t, "62s", value("ttft"))
	require.NoError(t, chromedp.Do(ctx, setField("model", "deepseek-v3")))
	got = eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	assert.Equal(t, "", value("ttft"))
	assert.NotContains(t, got.Body, "62.0 s")
	assert.Contains(t, got.Text["prefill_from"], "published:")
	assert.False(t, query().Has("ttft"), "the URL no longer holds the 405B time")
}

// queryOf is a request as the page's URL query.
func queryOf(r calculator.Request) string { return query(r) }
