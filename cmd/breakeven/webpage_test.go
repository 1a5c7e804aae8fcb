package main

import (
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
)

// noJS is what a page shows before any script runs: the routes drawn on
// the map, the table's rows, the result's rows, the summary and the
// errors beside their fields.
type noJS struct {
	Routes  int               `json:"routes"`
	Rows    int               `json:"rows"`
	Results map[string]string `json:"results"`
	Summary string            `json:"summary"`
	Errors  map[string]string `json:"errors"`
	Model   string            `json:"model"`
	G4      string            `json:"g4"`
	Chart   bool              `json:"chart"`
	Ready   string            `json:"ready"`
	Body    string            `json:"body"`
}

const readNoJS = `(() => {
  const r = {routes: document.querySelectorAll('#map svg a[data-tier]').length,
    rows: document.querySelectorAll('#tiers tbody tr').length, results: {}, errors: {},
    summary: document.getElementById('summary').textContent, model: document.getElementById('model').value,
    chart: !!document.querySelector('#chart svg polyline'), ready: document.body.dataset.ready || '',
    body: document.body.innerText};
  const g4 = document.querySelector('#map a[data-tier="G4"] .m-line'); r.g4 = g4 ? g4.textContent : '';
  for (const dd of document.querySelectorAll('#results dd')) r.results[dd.id.slice(2)] = dd.textContent;
  for (const e of document.querySelectorAll('.err')) if (e.textContent) r.errors[e.id.slice(4)] = e.textContent;
  return r;
})()`

// With JavaScript off the page is whole: the server drew the map, the
// routes table, the result and the sources with the module's Go code; a
// bad shared link shows the page with its error beside the field.
func TestWebPageWithoutJavaScript(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
	_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
	require.NoError(t, err)
	open := func(q string) noJS {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+q), chromedp.WaitReady("#sources li")))
		return eval[noJS](t, ctx, readNoJS)
	}

	// The default state: the post's headline question.
	got := open("")
	assert.Empty(t, got.Ready, "no script ran")
	assert.Equal(t, 6, got.Routes, "the map's six routes")
	assert.Equal(t, 6, got.Rows, "the routes table's six rows")
	assert.True(t, got.Chart, "the chart")
	ans, err := calculator.Compute(calculator.DefaultRequest())
	require.NoError(t, err)
	for _, row := range calculator.Render(ans).Rows() {
		if row.Key != "winner" {
			assert.Equal(t, row.Text, got.Results[row.Key], "result %s", row.Key)
		}
	}
	// What the map shows, named: model, prompt, r, b and B*.
	for _, want := range []string{"Llama 3.1 405B", "127,188-token prompt", "2,051 tokens/s", "516 KB", "1.06 GB/s"} {
		assert.Contains(t, got.Summary, want)
	}
	assert.Contains(t, got.Body, "JavaScript is off", "the noscript line")
	assert.NotContains(t, got.Body, "Loading the calculator")

	// The form works without JavaScript: "Compute" sends it to the
	// server, which draws the answer for the new inputs.
	require.NoError(t, chromedp.Do(ctx, chromedp.SetValue("#tokens", "32000"),
		chromedp.Click(`#calc button[type="submit"]`), chromedp.WaitReady("#sources li")))
	for range 100 { // the navigation may still be under way; the bound only stops a hung page
		if strings.Contains(eval[string](t, ctx, `location.search`), "tokens=32000") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitReady("#sources li")))
	got = eval[noJS](t, ctx, readNoJS)
	assert.Contains(t, got.Summary, "32,000-token prompt", "the server drew the submitted inputs")
	assert.Empty(t, got.Errors)

	// A bad shared link: the page, with the error beside the model.
	got = open("?model=nonexistent-9000")
	assert.Equal(t, 6, got.Routes, "the map keeps its routes")
	assert.Equal(t, 6, got.Rows)
	assert.Equal(t, "nonexistent-9000", got.Model, "the model given stays in its field")
	assert.Contains(t, got.Errors["model"], `"nonexistent-9000"`)
	assert.NotContains(t, got.Errors["model"], "--config", "no flag the page lacks")

	// The Link field feeds cluster storage's route.
	got = open("?model=llama-3.1-405b&tokens=127188&link=weka-ib")
	assert.Contains(t, got.G4, "weka-ib")
	assert.NotContains(t, got.G4, "vast-sustained")

	// A pasted config that is not JSON: where, in the reader's words. The
	// 'o' of "nol" is the eighth character of the first line.
	got = open("?" + url.Values{"config-text": {`{"a": nol}`}}.Encode())
	assert.Equal(t, "the pasted config is not valid JSON at line 1, column 8", got.Errors["config-text"])
	got = open("?" + url.Values{"config-text": {"{\n  \"a\": 1,\n  \"b\" 2\n}"}}.Encode())
	assert.Equal(t, "the pasted config is not valid JSON at line 3, column 7", got.Errors["config-text"])

	// A prompt beyond the context is computed, with a note in the
	// page's words rather than a flag's.
	got = open("?model=llama-3.1-70b&tokens=200000&link=vast-sustained")
	assert.Empty(t, got.Errors["tokens"])
	assert.Contains(t, got.Body, "a 200,000-token prompt is beyond Llama 3.1 70B's context of 131,072 tokens")
}

// fitJS lists what does not fit the screen: a box under 40 px wide
// holding more than 3 characters, text set one letter per line, and the
// page wider than the screen.
const fitJS = `(() => {
  const bad = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = w.nextNode());) {
    const t = n.textContent.trim();
    const el = n.parentElement;
    if (t.length <= 3 || !el || el.closest('svg,noscript,script,option,datalist,.sr')) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    const rects = r.getClientRects();
    if (rects.length === 0) continue;
    // The box the text is laid out in: its nearest block, not an inline
    // word of a sentence.
    let blk = el;
    while (blk.parentElement && getComputedStyle(blk).display === 'inline') blk = blk.parentElement;
    const box = blk.getBoundingClientRect();
    if (box.width < 40) bad.push('narrow box (' + box.width.toFixed(0) + ' px): ' + t.slice(0, 30));
    if (rects.length > 3 && rects.length * 2 > t.length) bad.push('one letter per line: ' + t.slice(0, 30));
  }
  for (const i of document.querySelectorAll('input:not([type=checkbox]),textarea,select')) {
    const b = i.getBoundingClientRect();
    if (b.width > 0 && b.width < 40 && (i.value || i.placeholder || '').length > 3) bad.push('narrow field #' + i.id);
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth) bad.push('wider than the screen: ' + document.documentElement.scrollWidth);
  return bad;
})()`

// minFontJS is the smallest label of an SVG as rendered, in CSS pixels:
// its font size times the SVG's scale.
const minFontJS = `((sel) => {
  const svg = document.querySelector(sel + ' svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  let min = 1e9;
  for (const t of svg.querySelectorAll('text')) min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * scale);
  return min;
})`

// On a phone and a desktop every text has room, nothing overflows, the
// chart's labels are legible at 390 px, and the model, prompt and B* are
// on the first screen.
func TestWebPageFitsPhoneAndDesktop(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
	for _, w := range []int64{360, 390, 768, 1280, 1920} {
		h := int64(844)
		if w > 768 {
			h = 1000
		}
		for _, js := range []bool{false, true} {
			_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !js})
			require.NoError(t, err)
			wait := chromedp.WaitReady("#sources li")
			if js {
				wait = ready()
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(srv.URL+"/"), wait))
			what := strings.Join([]string{itoa(int(w)), "px, script ", map[bool]string{true: "on", false: "off"}[js]}, "")
			assert.Empty(t, eval[[]string](t, ctx, fitJS), what)
			// Model, prompt and B* on the first screen.
			assert.LessOrEqual(t, eval[float64](t, ctx, `document.getElementById('s-bstar').getBoundingClientRect().bottom`), float64(h), "%s: B* on the first screen", what)
			assert.Contains(t, eval[string](t, ctx, `document.querySelector('#summary .what').textContent`), "127,188-token prompt")
			if dir := os.Getenv("KV_PAGE_SCREENSHOTS"); dir != "" {
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, what+".png"), png, 0o644))
				for _, part := range []string{"summary", "map", "chart"} {
					png, err := chromedp.Run(ctx, chromedp.Screenshot("#"+part))
					require.NoError(t, err)
					require.NoError(t, os.WriteFile(filepath.Join(dir, what+" "+part+".png"), png, 0o644))
				}
			}
			if w == 390 {
				assert.GreaterOrEqual(t, eval[float64](t, ctx, minFontJS+`('#chart')`), 11.0, "%s: the chart's labels", what)
				assert.GreaterOrEqual(t, eval[float64](t, ctx, minFontJS+`('#map')`), 11.0, "%s: the map's labels", what)
			}
		}
	}
}

// A bad shared link opens on the page with its error; once the module
// runs, fixing the field clears the error the server drew and computes.
func TestWebBadSharedLinkThenFixed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?model=nonexistent-9000&tokens=127188&link=weka-ib"), ready()))
	got := eval[shown](t, ctx, readJS)
	assert.Equal(t, "error", got.State)
	assert.Contains(t, got.Error["model"], "nonexistent-9000")
	assert.Equal(t, 6, eval[int](t, ctx, `document.querySelectorAll('#map a[data-tier]').length`), "the map keeps its routes")
	require.NoError(t, chromedp.Do(ctx, setField("model", "llama-3.1-405b")))
	got = eval[shown](t, ctx, readJS)
	assert.Equal(t, "ok", got.State, got.Error)
	assert.Empty(t, got.Error, "the server's error line is gone")
	assert.False(t, eval[bool](t, ctx, `document.getElementById('model').hasAttribute('aria-invalid')`))
	checkMatches(t, "405B after a bad link", got, calculator.Request{Model: "llama-3.1-405b", Tokens: "127188", Link: "weka-ib"})
}

// Where the fields still hold what the server drew the page with, the
// page is interactive without the module drawing it again: the server's
// drawing stands, and the module's own drawing of the same inputs, made
// when the browser is idle, changes nothing a reader sees: for the
// default page, a shared link and a shared link with an error.
func TestWebServedDrawingStandsUntilAFieldChanges(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	srv := httptest.NewServer(realHandler(t))
	defer srv.Close()
	ctx := browser(t)
	const drawn = `JSON.stringify(['summary','results','r-note','chart','map','map-legend','tiers'].map(id => document.getElementById(id).innerHTML)) + document.body.dataset.state`
	for _, path := range []string{"/", "/?model=qwen3-32b&tokens=32768&link=100GbE&gpus=8xH100", "/?model=nonexistent-9000&tokens=127188"} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+path), ready()), path)
		assert.False(t, eval[bool](t, ctx, `globalThis.kvDrewAtStart`), "%s: the server's drawing stands", path)
		served := eval[string](t, ctx, drawn)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`globalThis.kvWarmMs > 0`))
		require.NoError(t, err, path)
		assert.Equal(t, served, eval[string](t, ctx, drawn), "%s: the module draws what the server drew", path)
	}
}
