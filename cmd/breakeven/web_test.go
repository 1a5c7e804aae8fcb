package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

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

// syncedLocation returns the page's URL once it has caught up with the
// inputs (the page updates it a moment after the last change). The bound
// only stops a hung page; it measures nothing.
func syncedLocation(t *testing.T, ctx context.Context) string {
	t.Helper()
	for range 200 {
		if eval[bool](t, ctx, `new URL(document.getElementById('share').href).search === location.search`) {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	href, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	return href
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
	// The winner in words, not calc --json's value.
	words := map[string]string{"load": "loading the cache", "recompute": "recomputing the prompt"}
	for _, row := range rep.Rows() {
		if row.Key == "winner" {
			assert.Equal(t, words[row.Text], got.Text[row.Key], "%s: the winner in words", name)
			continue
		}
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
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
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
	// When each step of the start ended, in ms after navigation start:
	// scripts running, menus filled, module compiled, Go started, first
	// answer drawn.
	t.Logf("start: %v", eval[map[string]float64](t, ctx, `globalThis.kvPhases`))
	require.NoError(t, chromedp.Do(ctx, setField("model", vast.Model), setField("prefill", ""), setField("hit-rate", ""),
		setField("miss-penalty", ""), typeInto("#ttft", vast.TTFT), typeInto("#tokens", vast.Tokens), typeInto("#link", vast.Link)))
	got := eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	checkMatches(t, "405B typed", got, vast)
	assert.Contains(t, got.Text["break_even"], "1.06 GB/s", "the post prints 1.06 GB/s")
	assert.Regexp(t, `^21(\.\d)?x$`, got.Text["speedup"], "the post prints 21x")

	// The URL holds the state: loading it afresh restores every input.
	href := syncedLocation(t, ctx)
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

// BenchmarkWebPage measures what a reader waits for on loopback: the
// time from navigation to the first paint, which already shows the
// whole answer (the server draws it: ms-content), the time to an
// interactive page (calc.wasm fetched, compiled and run: ms-interactive)
// the median time of a recompute after an input change, and the time of
// the first change made the moment the page is interactive (before the
// module's idle-time drawing has compiled its code). Run it with
//
//	go test ./cmd/breakeven -run '^$' -bench WebPage -benchtime 20x
//
// The figures are reported, never asserted: a busy machine is slower.
func BenchmarkWebPage(b *testing.B) {
	srv := httptest.NewServer(realHandler(b))
	ctx := headless.Start(b, "the page benchmark", 1100, 1400)
	defer srv.Close()
	var content, ready, recompute, first []float64
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
		fcp, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1}).startTime`))
		if err != nil {
			b.Fatal(err)
		}
		content = append(content, fcp)
		ts, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](recomputeJS+`(21)`))
		if err != nil {
			b.Fatal(err)
		}
		recompute = append(recompute, ts...)
		first = append(first, ts[0])
	}
	b.StopTimer()
	b.ReportMetric(median(content), "ms-content")
	b.ReportMetric(median(ready), "ms-interactive")
	b.ReportMetric(median(recompute), "ms-recompute")
	b.ReportMetric(median(first), "ms-first-change")
}

// median returns the middle of xs (sorted in place).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// mapRoute is one route as the map draws it.
type mapRoute struct {
	Tier    string `json:"tier"`
	Route   string `json:"route"`
	Line    string `json:"line"`
	Verdict string `json:"verdict"`
	Label   string `json:"label"`
	Class   string `json:"class"`
	Title   string `json:"title"`
}

const readMapJS = `[...document.querySelectorAll('#map a[data-tier]')].map(a => ({tier: a.dataset.tier, route: a.dataset.route,
  line: a.querySelector('.m-line').textContent, verdict: a.querySelector('.m-verdict').textContent,
  label: a.getAttribute('aria-label') || '', class: a.getAttribute('class'), title: a.querySelector('title').textContent}))`

// checkMap compares each route the map draws with calculator.Routes for
// the same request and links: its verdict text, its load time, its colour
// class, and a label a screen reader reads with the verdict in words.
func checkMap(t *testing.T, name string, got []mapRoute, r calculator.Request, links map[string]string) map[string]mapRoute {
	t.Helper()
	ans, err := calculator.Compute(r)
	require.NoError(t, err, name)
	byTier := map[string]mapRoute{}
	for _, m := range got {
		byTier[m.Tier] = m
	}
	want := calculator.Routes(ans, links)
	assert.Len(t, got, len(want), "%s: one drawn route per route", name)
	for _, rt := range want {
		m, ok := byTier[rt.Tier]
		if !assert.True(t, ok, "%s: the map draws route %s", name, rt.Tier) {
			continue
		}
		assert.Equal(t, rt.Route, m.Route, "%s: %s", name, rt.Tier)
		assert.Equal(t, rt.Verdict, m.Verdict, "%s: route %s's verdict is the calculator's", name, rt.Tier)
		assert.Contains(t, m.Line, "load "+rt.LoadText, "%s: route %s's load time", name, rt.Tier)
		assert.Contains(t, m.Label, rt.Verdict, "%s: route %s's label says its verdict", name, rt.Tier)
		assert.Contains(t, m.Label, rt.LoadText, "%s: route %s's label says its load time", name, rt.Tier)
		assert.Equal(t, m.Label, m.Title, "%s: route %s's title", name, rt.Tier)
		if rt.Link != "" {
			assert.Contains(t, m.Line, rt.Link, "%s: route %s's link", name, rt.Tier)
		}
		switch {
		case rt.Error != nil:
			assert.Contains(t, m.Class, "error", "%s: %s", name, rt.Tier)
		case rt.Route == "hit" && rt.Winner == "load":
			assert.Contains(t, m.Class, "load", "%s: %s is drawn as a win", name, rt.Tier)
		case rt.Route == "hit" && rt.Winner == "recompute":
			assert.Contains(t, m.Class, "recompute", "%s: %s is drawn as a loss", name, rt.Tier)
		default:
			assert.Contains(t, m.Class, "neutral", "%s: %s", name, rt.Tier)
		}
	}
	return byTier
}

// TestWebMap checks the tier map drawn by the page: every tier and both
// routes, each route's verdict and load time as the calculator gives
// them, a change of a route's link redrawn, and each route reachable by
// keyboard and named for a screen reader.
func TestWebMap(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
	vast := calculator.Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s"}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?"+query(vast)), ready()))

	// The Link field feeds cluster storage's route (G4).
	got := checkMap(t, "405B", eval[[]mapRoute](t, ctx, readMapJS), vast, map[string]string{"G4": vast.Link})
	for _, tier := range []string{"G1", "G2", "G3", "G3.5", "G4"} {
		assert.Equal(t, "hit", got[tier].Route, "the hit route from %s", tier)
	}
	assert.Equal(t, "miss", got["handover"].Route, "the miss route's hand-over")
	text := eval[string](t, ctx, `document.querySelector('#map svg').textContent`)
	for _, place := range []string{"Prefill GPUs", "Decode GPUs", "GPU memory", "server DRAM", "local SSD", "pod-shared flash", "cluster storage", "parked in a tier"} {
		assert.Contains(t, text, place)
	}
	assert.Equal(t, "Tier map: where the cache can sit and the routes a request takes",
		eval[string](t, ctx, `document.getElementById(document.querySelector('#map svg').getAttribute('aria-labelledby').split(' ')[0]).textContent`))

	// A route's link changed in its field: its load time and verdict are
	// redrawn, the others stay.
	require.NoError(t, chromedp.Do(ctx, typeInto("#tier-G2", "1GbE"), typeInto("#tier-handover", "1GbE")))
	links := map[string]string{"G4": vast.Link, "G2": "1GbE", "handover": "1GbE"}
	after := checkMap(t, "405B, slow G2 and hand-over", eval[[]mapRoute](t, ctx, readMapJS), vast, links)
	assert.NotEqual(t, got["G2"].Verdict, after["G2"].Verdict, "G2's verdict changes")
	assert.NotEqual(t, got["G2"].Line, after["G2"].Line, "G2's load time changes")
	assert.Contains(t, after["G2"].Verdict, "recomputing is faster")
	assert.NotEqual(t, got["handover"].Line, after["handover"].Line, "the hand-over's load time changes")
	assert.Equal(t, got["G4"], after["G4"], "G4 is unchanged")
	// A bad link: the route says so, and its field names the error.
	require.NoError(t, chromedp.Do(ctx, typeInto("#tier-G2", "fast")))
	links["G2"] = "fast"
	checkMap(t, "405B, bad G2 link", eval[[]mapRoute](t, ctx, readMapJS), vast, links)
	assert.Contains(t, eval[shown](t, ctx, readJS).Error["tier-G2"], "e.g.")
	// The Link field and G4's link are one value: each follows the other,
	// and the map labels G4 with it, as the result uses it.
	require.NoError(t, chromedp.Do(ctx, typeInto("#tier-G2", "PCIe5x16"), typeInto("#link", "weka-ib")))
	weka := vast
	weka.Link = "weka-ib"
	links = map[string]string{"G4": "weka-ib", "G2": "PCIe5x16", "handover": "1GbE"}
	fed := checkMap(t, "405B over weka-ib", eval[[]mapRoute](t, ctx, readMapJS), weka, links)
	assert.Contains(t, fed["G4"].Line, "weka-ib")
	assert.NotContains(t, fed["G4"].Line, "vast-sustained")
	assert.Equal(t, "weka-ib", eval[string](t, ctx, `document.getElementById('tier-G4').value`))
	require.NoError(t, chromedp.Do(ctx, typeInto("#tier-G4", "2x100GbE")))
	assert.Equal(t, "2x100GbE", eval[string](t, ctx, `document.getElementById('link').value`), "G4's field writes the Link field")
	assert.Contains(t, eval[shown](t, ctx, readJS).Text["link"], "2 x 100GbE")

	// Keyboard: Tab reaches each route; Enter on one moves to its field.
	routes := eval[int](t, ctx, `document.querySelectorAll('#map a[data-tier]').length`)
	require.Equal(t, 6, routes)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?"+query(vast)), ready()))
	reached := map[string]bool{}
	for i := 0; i < 30; i++ {
		require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\t")))
		if tier := eval[string](t, ctx, `(document.activeElement && document.activeElement.closest && document.activeElement.closest('#map a[data-tier]')) ? document.activeElement.dataset.tier : ""`); tier != "" {
			reached[tier] = true
			if tier == "G2" {
				require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
				assert.Equal(t, "tier-G2", eval[string](t, ctx, `document.activeElement.id`), "Enter on G2's route moves to its field")
				break
			}
		}
	}
	assert.True(t, reached["handover"] && reached["G1"] && reached["G2"], "Tab reaches the routes: %v", reached)

	// A phone: the map fits 390 px and its text is still legible (no
	// label squeezed below 8 px wide per character).
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/?"+query(vast)), ready()))
	assert.LessOrEqual(t, eval[float64](t, ctx, `document.querySelector('#map svg').getBoundingClientRect().right`), eval[float64](t, ctx, `document.documentElement.clientWidth`))
	assert.False(t, eval[bool](t, ctx, `document.documentElement.scrollWidth > document.documentElement.clientWidth`), "the page fits a 390 px screen")
	png, err := chromedp.Run(ctx, chromedp.Screenshot("#map"))
	require.NoError(t, err)
	if p := os.Getenv("KV_MAP_SCREENSHOT"); p != "" {
		require.NoError(t, os.WriteFile(p, png, 0o644))
	}
}

// TestWebExport serves the exported page from a plain static host, as
// many are: under a sub-path, with no precompressed files, and sending
// the module as application/octet-stream, which the page must compile
// from its bytes. The page still computes what calc prints.
func TestWebExport(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	dir := t.TempDir()
	code, _, errOut := runCmd("serve", "--export", dir)
	require.Equal(t, 0, code, errOut)
	var mu sync.Mutex
	var seen []string
	files := http.FileServer(http.Dir(dir))
	host := http.NewServeMux()
	host.Handle("/some/sub/", http.StripPrefix("/some/sub", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Path)
		mu.Unlock()
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/octet-stream")
		}
		files.ServeHTTP(w, r)
	})))
	srv := httptest.NewServer(host)
	defer srv.Close()

	ctx := browser(t)
	weka := calculator.Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "1x400Gbit/s"}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/some/sub/?"+query(weka)), ready()))
	got := eval[shown](t, ctx, readJS)
	require.Equal(t, "ok", got.State, got.Error)
	checkMatches(t, "70B from the export", got, weka)
	checkMap(t, "70B from the export", eval[[]mapRoute](t, ctx, readMapJS), weka, map[string]string{"G4": weka.Link})
	assert.True(t, eval[bool](t, ctx, `globalThis.kvWasmFallback === true`), "the module was compiled from its bytes")
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, seen, moduleURL(realModule(t)), "the module by its hashed name, under the sub-path")
	for _, p := range seen {
		assert.NotContains(t, p, ".br", "no precompressed file asked for")
	}
}
