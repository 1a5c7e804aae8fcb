package view

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/factcheck"
)

// A pasted config that is not JSON is named by where it breaks, counted
// by hand here: line and column of the character at fault.
func TestPastedConfigThatIsNotJSONIsNamedByLineAndColumn(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{"a": nol}`, "the pasted config is not valid JSON at line 1, column 8"},                   // the 'o'
		{"{\n  \"a\": 1,\n  \"b\" 2\n}", "the pasted config is not valid JSON at line 3, column 7"}, // the '2'
		{"{\n  \"é\": 1 x}", "the pasted config is not valid JSON at line 2, column 10"},            // the 'x', é one character
		{`{"a": 1`, "the pasted config is not valid JSON at line 1, column 8: it ends too soon"},
		{`[1, 2]`, `the pasted config is valid JSON but not an object; a config.json starts with {"num_hidden_layers": 80, ...}`},
	} {
		got, ok := jsonProblem(c.text)
		assert.True(t, ok, c.text)
		assert.Equal(t, c.want, got, c.text)
	}
	_, ok := jsonProblem(`{"num_hidden_layers": 80}`)
	assert.False(t, ok, "an object is JSON")

	resp := Calc(calculator.PageRequest{Request: calculator.Request{ConfigText: `{"a": nol}`, Link: "vast-sustained"}})
	require.Len(t, resp.Errors, 1)
	assert.Equal(t, "config-text", resp.Errors[0].Field)
	assert.Equal(t, "the pasted config is not valid JSON at line 1, column 8", resp.Errors[0].Text)
	claim := Claim(factcheck.PageClaim{ConfigText: `{"a": nol}`, Tokens: "128K", Seconds: "1"}, true)
	require.Len(t, claim.Errors, 1)
	assert.Equal(t, "the pasted config is not valid JSON at line 1, column 8", claim.Errors[0].Text)
}

// The Link field is cluster storage's link: the map's G4 route moves
// the cache over the link the result uses.
func TestLinkFieldIsClusterStoragesLink(t *testing.T) {
	assert.Equal(t, "G4", FedTier())
	r := calculator.PageRequest{Request: calculator.Request{Model: "llama-3.1-405b", Tokens: "127188", Link: "weka-ib"},
		Tiers: map[string]string{"G4": "1GbE"}} // a stale G4 link from an old URL loses to the Link field
	resp := Calc(r)
	require.Equal(t, "ok", resp.State, resp.Errors)
	var g4 calculator.Route
	for _, rt := range resp.Routes {
		if rt.Tier == "G4" {
			g4 = rt
		}
	}
	assert.Equal(t, "weka-ib", g4.Link)
	// 127,188 tokens x 516,096 B/token over weka-ib's 50 GB/s.
	assert.InDelta(t, 127188*516096/50e9, g4.LoadSeconds, 1e-9)
	assert.Equal(t, resp.Output.LoadSeconds, g4.LoadSeconds, "the map's G4 load is the result's load")
	assert.Contains(t, resp.HTML.Map, "hit over weka-ib (the Link field)")
	assert.NotContains(t, resp.HTML.Map, "vast-sustained")
}

// The page's headline and winner row say, as calc does, when a hit (the
// load plus the cached TTFT) loses where the load alone wins: Llama 3.1
// 8B on one H100 at 2K tokens over 25Gbit/s.
func TestThePageSaysWhenAHitLosesWhereTheLoadAloneWins(t *testing.T) {
	req := calculator.DefaultRequest()
	req.Model, req.GPUs, req.Tokens, req.Link = "llama-3.1-8b", "1xH100", "2k", "25Gbit/s"
	resp := Calc(calculator.PageRequest{Request: req})
	require.Equal(t, "ok", resp.State, resp.Errors)
	require.Equal(t, "recompute", resp.Output.HitWinner)
	assert.Contains(t, resp.HTML.Summary, ": loading the cache wins by the post&#39;s arithmetic; recomputing the prompt wins for a hit (cached TTFT included)")
	assert.Contains(t, resp.HTML.Results, `class="load"`)
	assert.Contains(t, resp.HTML.Results, ">loading the cache by the post&#39;s arithmetic; recomputing the prompt for a hit (cached TTFT included)</dd>")
}

// The page speaks words: the winner and a claim's verdict in words, no
// number printed with more digits than the field prints, no flag the
// page has no control for.
func TestThePageSpeaksWords(t *testing.T) {
	resp := Calc(calculator.PageRequest{Request: calculator.DefaultRequest()})
	require.Equal(t, "ok", resp.State)
	assert.Contains(t, resp.HTML.Results, `<dd id="r-winner" class="load"`)
	assert.Contains(t, resp.HTML.Results, ">loading the cache</dd>")
	text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(resp.HTML.Results+resp.HTML.Summary+resp.HTML.Map+resp.HTML.Routes, " ")
	assert.NotRegexp(t, `\d\.\d{5,}|\d{7,}`, text, "no raw float or long integer")

	claim := Claim(factcheck.PageClaim{Model: "llama-3.1-70b", Tokens: "128K", Seconds: "0.5", Links: "1x100Gbit/s"}, true)
	require.Equal(t, "ok", claim.State, claim.Errors)
	assert.Contains(t, claim.HTML, ">needs more links than stated<")
	assert.NotContains(t, claim.HTML, "needs-more-links")
	assert.Contains(t, claim.HTML, "<code>breakeven check --model llama-3.1-70b", "a command that runs as it stands")
	pasted := Claim(factcheck.PageClaim{ConfigText: `{"num_hidden_layers": 80, "num_key_value_heads": 8, "num_attention_heads": 64, "hidden_size": 8192, "head_dim": 128}`,
		Tokens: "128K", Seconds: "0.5", Links: "1x100Gbit/s"}, true)
	if pasted.State == "ok" {
		assert.NotContains(t, pasted.HTML, "breakeven check", "no command naming a file the reader has not saved")
	}
	noRaw := regexp.MustCompile(`\d\.\d{5,}|\d{8,}`)
	for _, c := range []factcheck.PageClaim{
		{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", SecondsAre: "load", Host: "dgx-h100"},
		{Model: "llama-3.1-70b", Tokens: "128K", Size: "40 GB"},
		{Model: "llama-3.1-70b", Throughput: "40 GiB/s", Host: "dgx-h100"},
		{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "465ms", Uncached: "70.8s", Speedup: "152x", GPUs: "4xL40S"},
		{Model: "qwen3-32b", Tokens: "131072", Seconds: "1.5", Hit: "90%", KVDtype: "fp8"},
	} {
		a := Claim(c, true)
		require.Equal(t, "ok", a.State, "%+v: %v", c, a.Errors)
		for _, r := range a.Rows {
			assert.NotRegexp(t, noRaw, r.Text, "%+v: %s, at its printed precision", c, r.Key)
		}
	}
	for _, v := range factcheck.Verdicts {
		assert.NotEqual(t, string(v), VerdictText(v), "%s has words", v)
	}

	long := Calc(calculator.PageRequest{Request: calculator.Request{Model: "llama-3.1-70b", Tokens: "200000", Link: "vast-sustained"}})
	require.Empty(t, long.Errors, "a prompt past the context is computed, with a note (one rule, docs/calc.md)")
	assert.Contains(t, long.HTML.Note, "a 200,000-token prompt is beyond Llama 3.1 70B&#39;s context of 131,072 tokens")
	assert.NotContains(t, long.HTML.Note, "--", "no flag of the command")
	mistral := Calc(calculator.PageRequest{Request: calculator.Request{Model: "mistral-medium-3.5", Link: "vast-sustained"}})
	require.Len(t, mistral.Errors, 1)
	assert.Contains(t, mistral.Errors[0].Text, "paste its config.json below")
	assert.NotContains(t, mistral.Errors[0].Text, "--", "no flag of the command")
	bad := Calc(calculator.PageRequest{Request: calculator.Request{Model: "nonexistent-9000", Link: "vast-sustained"}})
	require.Len(t, bad.Errors, 1)
	assert.NotContains(t, bad.Errors[0].Text, "--config")
	assert.NotContains(t, bad.Errors[0].Text, "breakeven models")
}

// A bad input keeps the page: the map keeps its six routes, without
// verdicts, and the summary says what to do.
func TestABadInputKeepsTheMap(t *testing.T) {
	resp := Calc(calculator.PageRequest{Request: calculator.Request{Model: "nonexistent-9000", Link: "weka-ib"}})
	assert.Equal(t, "error", resp.State)
	assert.Equal(t, 6, strings.Count(resp.HTML.Map, `data-tier="`))
	assert.Equal(t, 6, strings.Count(resp.HTML.Routes, `<tr data-tier="`))
	assert.Contains(t, resp.HTML.Map, "no verdict until the inputs below are valid")
	assert.Contains(t, resp.HTML.Map, "weka-ib", "G4 still names the Link field's link")
	assert.Empty(t, resp.HTML.Chart)
	assert.Contains(t, resp.HTML.Summary, "No answer")
}

// Every model the menu offers computes with the page's own fields: with
// a prefill speed and a prompt within its context, no error asks for a
// field the page lacks.
func TestEveryModelOfferedComputesOnThePage(t *testing.T) {
	offered := 0
	for _, g := range calculator.Menus().Models {
		for _, m := range g.Models {
			if !m.Known {
				continue // not offered (view's menus and the server's skip it)
			}
			offered++
			resp := Calc(calculator.PageRequest{Request: calculator.Request{Model: m.Slug, Tokens: "8000", Prefill: "10000", Link: "vast-sustained"}})
			assert.Equal(t, "ok", resp.State, "%s: %v", m.Slug, resp.Errors)
		}
	}
	assert.Greater(t, offered, 20)
}

// The URL's state: with no calculator field, the default request; a
// form's "on" ticks a checkbox; the claim's fields come with "c-".
func TestFromQuery(t *testing.T) {
	r := FromQuery(url.Values{})
	assert.Equal(t, calculator.DefaultRequest(), r.Calc.Request)
	assert.False(t, r.HasClaim)
	q, err := url.ParseQuery("model=qwen3-32b&tokens=&allow-beyond-context=on&tier-G2=1GbE&tier-G4=2x100GbE&c-model=llama-3.1-70b&c-per-node=1")
	require.NoError(t, err)
	r = FromQuery(q)
	assert.Equal(t, calculator.Request{Model: "qwen3-32b"}, r.Calc.Request, "an old link's allow-beyond-context is ignored: a prompt past the context is computed with a note")
	assert.Equal(t, map[string]string{"G2": "1GbE"}, r.Calc.Tiers, "G4's link is the Link field")
	assert.Equal(t, factcheck.PageClaim{Model: "llama-3.1-70b", PerNode: true}, r.Claim)
	assert.True(t, r.HasClaim)
}

// The module's answer is JSON the page's script parses: the drawing
// with its < and > as they are, and no chart points it does not use.
func TestComputeAnswersJSONForTheScript(t *testing.T) {
	out := Compute([]byte(`{"model": "llama-3.1-405b", "tokens": "127188", "link": "weka-ib"}`))
	var resp struct {
		State string         `json:"state"`
		HTML  HTML           `json:"html"`
		Chart map[string]any `json:"chart"`
	}
	require.NoError(t, json.Unmarshal(out, &resp))
	assert.Equal(t, "ok", resp.State)
	assert.True(t, strings.HasPrefix(resp.HTML.Map, "<svg"))
	assert.Contains(t, string(out), `"map":"<svg`)
	assert.Nil(t, resp.Chart)
	assert.NotContains(t, string(out), `"routes":[`, "the routes come drawn")
	assert.NotEmpty(t, resp.HTML.Chart)
	bad := Compute([]byte(`not json`))
	require.NoError(t, json.Unmarshal(bad, &resp))
	assert.Equal(t, "error", resp.State)
}

// An estimated prefill's chart shades the break-even over the prefill's
// interval, around the break-even's own line, and names it in the
// legend; a speed the user gives has no interval and no band.
func TestChartShadesTheBreakEvensInterval(t *testing.T) {
	var resp struct {
		HTML HTML `json:"html"`
	}
	require.NoError(t, json.Unmarshal(Compute([]byte(`{"model": "qwen3-32b", "tokens": "8000", "gpus": "8xH100", "link": "400Gbit/s"}`)), &resp))
	svg := resp.HTML.Chart
	band := regexp.MustCompile(`<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)" height="[0-9.]+" class="berange"/>`).FindStringSubmatch(svg)
	require.NotNil(t, band, svg)
	line := regexp.MustCompile(`<line x1="([0-9.]+)" x2="[0-9.]+" y1="[0-9.]+" y2="[0-9.]+" class="be"/>`).FindStringSubmatch(svg)
	require.NotNil(t, line, svg)
	x0, _ := strconv.ParseFloat(band[1], 64)
	w, _ := strconv.ParseFloat(band[2], 64)
	be, _ := strconv.ParseFloat(line[1], 64)
	assert.Less(t, x0, be)
	assert.Greater(t, x0+w, be)
	assert.Contains(t, svg, ">B* range</text>")

	require.NoError(t, json.Unmarshal(Compute([]byte(`{"model": "qwen3-32b", "tokens": "8000", "prefill": "40000", "link": "400Gbit/s"}`)), &resp))
	assert.NotContains(t, resp.HTML.Chart, "berange")
}

// An estimated prefill's chart draws a hit (the load plus the cached
// TTFT) above the load, and the hit's break-even to the right of the
// post's, both named in the legend; every legend entry stays inside the
// drawing. A speed the user gives knows no cached TTFT and draws neither.
func TestChartDrawsAHitRightOfThePostsBreakEven(t *testing.T) {
	var resp struct {
		HTML HTML `json:"html"`
	}
	require.NoError(t, json.Unmarshal(Compute([]byte(`{"model": "llama-3.1-8b", "tokens": "2k", "gpus": "1xH100", "link": "25Gbit/s"}`)), &resp))
	svg := resp.HTML.Chart
	assert.Contains(t, svg, `class="hitline"/>`)
	assert.Contains(t, svg, ">a hit</text>")
	assert.Contains(t, svg, ">hit B*</text>")
	xOf := func(class string) float64 {
		m := regexp.MustCompile(`<line x1="([0-9.]+)" x2="[0-9.]+" y1="[0-9.]+" y2="[0-9.]+" class="` + class + `"/>`).FindStringSubmatch(svg)
		require.NotNil(t, m, class)
		x, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		return x
	}
	assert.Greater(t, xOf("hitbe"), xOf("be"), "a hit needs a faster link than the post's B*")
	vb := regexp.MustCompile(`viewBox="0 0 ([0-9.]+) ([0-9.]+)"`).FindStringSubmatch(svg)
	require.NotNil(t, vb)
	height, _ := strconv.ParseFloat(vb[2], 64)
	for _, m := range regexp.MustCompile(`<text x="[0-9.]+" y="([0-9.]+)">`).FindAllStringSubmatch(svg, -1) {
		y, _ := strconv.ParseFloat(m[1], 64)
		assert.Less(t, y, height, "a legend entry below the drawing")
	}

	require.NoError(t, json.Unmarshal(Compute([]byte(`{"model": "llama-3.1-8b", "tokens": "2k", "prefill": "18000", "link": "25Gbit/s"}`)), &resp))
	assert.NotContains(t, resp.HTML.Chart, "hitline")
	assert.NotContains(t, resp.HTML.Chart, "hitbe")
}
