package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/internal/headless"
)

// browser starts headless chromium and returns a context for it.
func browser(t *testing.T) context.Context {
	return headless.Start(t, "the browser test", 1100, 1400)
}

// ready waits until the page has loaded calc.wasm and computed.
func ready() chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(`body[data-ready="1"]`)
}

// shown reads each result the page shows: its text and its SI value.
type shown struct {
	Text  map[string]string `json:"text"`
	Label map[string]string `json:"label"`
	Value map[string]string `json:"value"`
	Error map[string]string `json:"error"`
	Body  string            `json:"body"`
	State string            `json:"state"`
}

const readJS = `(() => {
  const r = {text: {}, label: {}, value: {}, error: {}, body: document.body.innerText, state: document.body.dataset.state};
  for (const dd of document.querySelectorAll('#results dd')) {
    r.text[dd.id.slice(2)] = dd.textContent;
    r.label[dd.id.slice(2)] = dd.previousElementSibling.textContent;
    if (dd.dataset.value !== undefined) r.value[dd.id.slice(2)] = dd.dataset.value;
  }
  for (const e of document.querySelectorAll('.err')) if (e.textContent) r.error[e.id.slice(4)] = e.textContent;
  return r;
})()`

// typeInto replaces a field's text as a person would, key by key.
func typeInto(sel, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(setField(strings.TrimPrefix(sel, "#"), ""), chromedp.SendKeys(sel, text))
}

// setField sets a field's value and fires its input event, as a paste
// or a menu choice would.
func setField(id, value string) chromedp.Action[chromedp.Void] {
	b, _ := json.Marshal(value)
	set := chromedp.Evaluate[bool](`(() => { const f = document.getElementById(` +
		strconv.Quote(id) + `); f.value = ` + string(b) + `; f.dispatchEvent(new Event('input')); return true })()`)
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := set(ctx, t)
		return err
	})
}

// eval runs JavaScript in the page and returns its value.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	require.NoError(t, err)
	return v
}

// checkMatches compares what the page shows with calculator.Compute, the
// code behind calc --json, for the same request.
func checkMatches(t *testing.T, name string, got shown, r calculator.Request) {
	t.Helper()
	ans, err := calculator.Compute(r)
	require.NoError(t, err, name)
	b, err := json.Marshal(ans.Output)
	require.NoError(t, err)
	var want map[string]any
	require.NoError(t, json.Unmarshal(b, &want))
	keys := map[string]string{"cache": "cache_bytes", "bytes_per_token": "bytes_per_token", "prefill": "prefill_tokens_per_second",
		"link": "link_bytes_per_second", "recompute": "recompute_seconds", "load": "load_seconds",
		"break_even": "break_even_bytes_per_second", "speedup": "speedup", "mean_ttft": "mean_ttft_seconds", "break_even_hit_rate": "break_even_hit_rate",
		"fastest_prefill": "min_recompute_seconds", "implied_mfu": "implied_mfu", "crossover": "crossover_tokens", "overlap": "overlap_seconds"}
	for shownKey, jsonKey := range keys {
		w, ok := want[jsonKey]
		if !ok {
			assert.NotContains(t, got.Value, shownKey, "%s: %s", name, shownKey)
			continue
		}
		v, err := strconv.ParseFloat(got.Value[shownKey], 64)
		require.NoError(t, err, "%s: %s = %q", name, shownKey, got.Value[shownKey])
		assert.Equal(t, w, v, "%s: %s", name, jsonKey)
	}
	assert.Equal(t, want["winner"], got.Value["winner"], name)
	// Every row calc prints, with its label and text, and nothing else.
	rep := calculator.Render(ans)
	assert.Len(t, got.Text, len(rep.Rows()), "%s: the page shows calc's rows", name)
	for _, row := range rep.Rows() {
		assert.Equal(t, row.Text, got.Text[row.Key], "%s: %s as shown", name, row.Key)
		assert.Equal(t, row.Label, got.Label[row.Key], "%s: %s's label", name, row.Key)
	}
	assert.NotRegexp(t, `NaN|Infinity|undefined`, got.Body, name)
}

func query(r calculator.Request) string {
	q := url.Values{}
	b, _ := json.Marshal(r)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for k, v := range m {
		q.Set(k, strings.Trim(strings.TrimSpace(jsonText(v)), `"`))
	}
	return q.Encode()
}

func jsonText(v any) string {
	if b, ok := v.(bool); ok {
		if b {
			return "1"
		}
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestWebPage loads the served page in headless chromium, sets inputs as
// a person would and by URL, and checks that every number it shows is
// what calc --json prints for the same inputs; that bad inputs show a
// message beside their field; that the URL restores the state; and it
// logs the page's timings (never asserted: BenchmarkWebPage measures
// them) and saves screenshots.
func TestWebPage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	ctx := browser(t)
	srv := httptest.NewServer(webHandler())
	defer srv.Close()
	shots := t.TempDir()

	// The post's three tests, as the issue writes them.
	vast := calculator.Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s"}
	weka := calculator.Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "1x400Gbit/s"}
	qwen := calculator.Request{Model: "qwen3-32b", TTFT: "11s", Tokens: "131072", Link: "10GbE"}

	// 1. Open the page, then type the 405B test into it.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), ready()))
	readyMs := eval[float64](t, ctx, `globalThis.kvReadyMs`)
	startMs := eval[float64](t, ctx, `globalThis.kvStartMs`)
	t.Logf("page interactive %.0f ms after navigation start (calc.wasm fetched, compiled and run in %.0f ms)", readyMs, startMs)
	require.NoError(t, chromedp.Do(ctx, setField("model", vast.Model), setField("prefill", ""), setField("hit-rate", ""),
		setField("miss-penalty", ""), typeInto("#ttft", vast.TTFT), typeInto("#tokens", vast.Tokens), typeInto("#link", vast.Link)))
	got := eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	checkMatches(t, "405B typed", got, vast)
	assert.Contains(t, got.Text["break_even"], "1.06 GB/s", "the post prints 1.06 GB/s")
	assert.Regexp(t, `^21(\.\d)?x$`, got.Text["speedup"], "the post prints 21x")

	// The URL holds the state: loading it afresh restores every input.
	href, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	u, err := url.Parse(href)
	require.NoError(t, err)
	assert.Equal(t, vast.Link, u.Query().Get("link"))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(href), ready()))
	checkMatches(t, "405B from its URL", eval[shown](t, ctx, readJS), vast)
	ttft, err := chromedp.Run(ctx, chromedp.Value("#ttft"))
	require.NoError(t, err)
	assert.Equal(t, vast.TTFT, ttft)

	// Recompute time after an input change, measured in the page.
	recompute := eval[[]float64](t, ctx, recomputeJS+`(40)`)
	sort.Float64s(recompute)
	t.Logf("recompute after an input change: median %.2f ms, max %.2f ms over %d changes", recompute[len(recompute)/2], recompute[len(recompute)-1], len(recompute))

	// 2. The other two tests, and the 405B test with a hit rate, by URL.
	hit := vast
	hit.HitRate, hit.MissPenalty = "80%", "4s"
	// Beyond the post: the FLOP model with a load's fixed cost and the
	// overlap, and the MFU the Qwen3-32B row implies on one H100.
	flop := calculator.Request{Model: "llama-3.1-405b", Tokens: "127188", GPUs: "8xH100", Weights: "int4", Link: "181Gbit/s", Latency: "50ms", Efficiency: "0.96", Overlap: true}
	implied := qwen
	implied.GPUs = "1xH100"
	for name, r := range map[string]calculator.Request{"70B": weka, "Qwen3-32B": qwen, "405B hit rate": hit, "405B FLOP model": flop, "Qwen3-32B implied MFU": implied} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?"+query(r)), ready()))
		got := eval[shown](t, ctx, readJS)
		require.Equal(t, "ok", got.State, "%s: %v", name, got.Error)
		checkMatches(t, name, got, r)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?"+query(hit)), ready()))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	desktop := filepath.Join(shots, "web-calculator.png")
	require.NoError(t, os.WriteFile(desktop, png, 0o644))
	t.Logf("screenshot: %s", desktop)
	if p := os.Getenv("KV_SCREENSHOT"); p != "" {
		require.NoError(t, os.WriteFile(p, png, 0o644))
	}

	// The tier map: G1 needs no load; G4 at VAST's rate beats recomputing;
	// G3 has no cited speed.
	verdicts := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('#tiers tr[data-tier]')].map(r => [r.dataset.tier, r.querySelector('.verdict').textContent]))`)
	assert.Len(t, verdicts, 6, "five tiers and the miss route")
	assert.Contains(t, verdicts["G4"], "hit beats recomputing")
	assert.Contains(t, verdicts["G3"], "your value")
	hitAns, err := calculator.Compute(hit)
	require.NoError(t, err)
	for _, rt := range calculator.Routes(hitAns, nil) {
		assert.Equal(t, rt.Verdict, verdicts[rt.Tier], "route %s: the page's verdict is the calculator's", rt.Tier)
	}

	// 3. Bad inputs: a message beside the field, naming what is wrong with
	// a valid example; never NaN.
	for _, c := range []struct{ field, value, message string }{
		{"link", "12 parsecs/s", `unknown unit "parsecs/s"`},
		{"hit-rate", "1.5", "a hit rate is between 0 and 1"},
		{"tokens", "1.5", "not a whole number of tokens"},
	} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?"+query(hit)), ready(), typeInto("#"+c.field, c.value)))
		got := eval[shown](t, ctx, readJS)
		assert.Equal(t, "error", got.State, c.field)
		assert.Contains(t, got.Error[c.field], c.message, c.field)
		assert.Contains(t, got.Error[c.field], "e.g.", c.field)
		assert.NotRegexp(t, `NaN|Infinity|undefined`, got.Body, c.field)
		assert.Equal(t, "true", eval[string](t, ctx, `document.getElementById(`+strconv.Quote(c.field)+`).getAttribute('aria-invalid')`), c.field)
	}
	png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(shots, "web-bad-input.png"), png, 0o644))

	// 4. A phone-width screen: nothing scrolls sideways.
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/?"+query(hit)), ready()))
	assert.False(t, eval[bool](t, ctx, `document.documentElement.scrollWidth > document.documentElement.clientWidth`), "the page fits a 390 px screen: %v",
		eval[[]string](t, ctx, `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).slice(0, 5).map(e => e.tagName + "#" + e.id + " " + e.getBoundingClientRect().left + ".." + e.getBoundingClientRect().right).concat([String(document.documentElement.scrollWidth), String(document.documentElement.clientWidth), String(innerWidth)])`))
	png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(shots, "web-phone.png"), png, 0o644))

	// 5. Every input has a label.
	assert.Empty(t, eval[[]string](t, ctx, `[...document.querySelectorAll('input, select')].filter(e => !e.labels || e.labels.length === 0).map(e => e.id || e.outerHTML)`))

	// 6. The keyboard reaches every control: Tab from the top of the page
	// visits each input, select and link in the calculator and the tier map.
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900), chromedp.Navigate(srv.URL+"/?"+query(hit)), ready()))
	controls := eval[[]string](t, ctx, `[...document.querySelectorAll('input, select, button')].filter(e => !e.disabled && e.offsetParent !== null).map(e => e.id)`)
	require.NotEmpty(t, controls)
	visited := map[string]bool{}
	for i := 0; i < 3*len(controls)+10; i++ {
		require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\t")))
		visited[eval[string](t, ctx, `document.activeElement ? document.activeElement.id : ""`)] = true
	}
	for _, id := range controls {
		assert.True(t, visited[id], "Tab reaches #%s", id)
	}
	// Typing into the focused link field with the keyboard alone updates
	// the answer.
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus("#link"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"),
		chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"), chromedp.KeyEvent("\b"),
		chromedp.KeyEvent("10GbE")))
	byKeys := hit
	byKeys.Link = "10GbE"
	got = eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	checkMatches(t, "405B, link typed with the keyboard", got, byKeys)

	// 7. Contrast: every text on the page reaches WCAG AA against the
	// background behind it (4.5:1, or 3:1 for large text).
	type contrast struct {
		Low     []string `json:"low"`
		Checked int      `json:"checked"`
	}
	c := eval[contrast](t, ctx, contrastJS)
	assert.Greater(t, c.Checked, 50, "the check saw the page's texts")
	assert.Empty(t, c.Low, "text below WCAG AA contrast")
	// The check itself: grey #aaa on white is below 4.5:1.
	c = eval[contrast](t, ctx, `(() => { const p = document.createElement('p'); p.textContent = 'pale'; p.style.color = '#aaa'; p.style.background = '#fff'; document.body.appendChild(p); return `+contrastJS+`; })()`)
	assert.Len(t, c.Low, 1, "a pale text is caught")
}

// contrastJS lists the texts whose colour is below WCAG AA contrast
// against the first opaque background behind them.
const contrastJS = `(() => {
  const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const bg = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c; } return [255, 255, 255]; };
  const out = [];
  let checked = 0;
  for (const e of document.querySelectorAll('body *')) {
    if (e.offsetParent === null) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!own) continue;
    checked++;
    const st = getComputedStyle(e);
    const fg = rgb(st.color), b = bg(e);
    const l1 = lum(fg), l2 = lum(b);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(st.fontSize), bold = parseInt(st.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) out.push(e.tagName + (e.id ? '#' + e.id : '') + ' "' + e.textContent.trim().slice(0, 30) + '" ' + ratio.toFixed(2));
  }
  return {low: out, checked: checked};
})()`

// recomputeJS changes the hit rate n times and returns the time of each
// recompute and redraw, measured in the page.
const recomputeJS = `((n) => {
  const t = [], f = document.getElementById('hit-rate');
  for (let i = 0; i < n; i++) {
    f.value = (i % 2 ? '80%' : '50%');
    const t0 = performance.now();
    f.dispatchEvent(new Event('input'));
    t.push(performance.now() - t0);
  }
  return t;
})`

// BenchmarkWebPage measures what a reader waits for: the time from
// navigation to an interactive page (calc.wasm fetched, compiled and run)
// and the median time of a recompute after an input change. Run it with
//
//	go test ./cmd/breakeven -run '^$' -bench WebPage -benchtime 20x
//
// The figures are reported, never asserted: a busy machine is slower.
func BenchmarkWebPage(b *testing.B) {
	ctx := headless.Start(b, "the page benchmark", 1100, 1400)
	srv := httptest.NewServer(webHandler())
	defer srv.Close()
	var ready, recompute []float64
	b.ResetTimer()
	for b.Loop() {
		// A fresh page each time, with the HTTP cache cleared: a cold load.
		if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
			b.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"),
			chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(`body[data-ready="1"]`)); err != nil {
			b.Fatal(err)
		}
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`globalThis.kvReadyMs`))
		if err != nil {
			b.Fatal(err)
		}
		ready = append(ready, ms)
		ts, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](recomputeJS+`(21)`))
		if err != nil {
			b.Fatal(err)
		}
		recompute = append(recompute, ts...)
	}
	b.StopTimer()
	b.ReportMetric(median(ready), "ms-interactive")
	b.ReportMetric(median(recompute), "ms-recompute")
}

// median returns the middle of xs (sorted in place).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}
