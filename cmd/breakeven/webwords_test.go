package main

import (
	"encoding/json"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/breakeven/page/view"
)

// pageLabels reads each input's label from the page as served (index.html
// with its default state drawn in, so the routes' link fields are there
// too), by the input's id.
func pageLabels(t *testing.T, index []byte) map[string]string {
	t.Helper()
	labels := map[string]string{}
	re := regexp.MustCompile(`<label for="([^"]+)"[^>]*>([^<]+)</label>`)
	for _, m := range re.FindAllStringSubmatch(string(renderPage(index, nil)), -1) {
		labels[m[1]] = html.UnescapeString(m[2])
	}
	require.Contains(t, labels, "prefill", "the page labels its fields")
	return labels
}

// cliName matches a form's field written as the command writes it: a
// flag, a command to run, a field's name before its value (`gpus "x"`, `gpus = 8xH100`), or
// a name no reader would type (an abbreviation or a hyphenated flag name).
func cliName(fields []string) *regexp.Regexp {
	var alts []string
	for _, f := range fields {
		q := regexp.QuoteMeta(f)
		alts = append(alts, q+`(?: "| =)`)
		if strings.Contains(f, "-") || f == "ttft" || f == "gpus" || f == "mfu" {
			alts = append(alts, q)
		}
	}
	return regexp.MustCompile(`--|breakeven [a-z]|(?:^|[^\w-])(?:` + strings.Join(alts, "|") + `)(?:[^\w-]|$)`)
}

// A bad input's message names each input by the label the page shows
// for it, never by the command's flag or field name, through every way
// into the page: the module's calculator (view.Compute) and claim check
// (view.Check), and the form the server answers without JavaScript (a GET
// of the page with the inputs in its query). The labels are read from
// the page itself.
func TestWebErrorsNameFieldsByTheirPageLabels(t *testing.T) {
	index, err := webFiles.ReadFile("web/index.html")
	require.NoError(t, err)
	labels := pageLabels(t, index)

	calcNames := append(append([]string{}, view.Fields...), view.Checks...)
	claimNames := append(append([]string{}, view.ClaimFields...), view.ClaimChecks...)
	badCalc, badClaim := cliName(append(calcNames, "allow-beyond-context", "tier-G2")), cliName(claimNames)

	// check asserts one message: it names its field by the field's label
	// (a pasted config that is not JSON is "the pasted config", the
	// issue's words), and no input by a command's name.
	check := func(how, id, text string, bad *regexp.Regexp) {
		t.Helper()
		assert.NotRegexp(t, bad, text, "%s: %s", how, id)
		if id == "" || strings.HasSuffix(id, "general") {
			return
		}
		label, ok := labels[id]
		if !assert.True(t, ok, "%s: the page has no label for %q", how, id) {
			return
		}
		if strings.HasPrefix(text, "the pasted config") && strings.HasSuffix(id, "config-text") {
			return
		}
		assert.Contains(t, text, "“"+label+"”", "%s: %s", how, id)
	}

	base := map[string]string{"model": "llama-3.1-405b", "tokens": "127188", "link": "vast-sustained"}
	calcCases := []map[string]string{
		{"model": "nonexistent-9000"},
		{"model": "mistral-medium-3.5"}, // in the catalog with no config
		{"model": "gemma-3-12b"},        // no published run: no prefill
		{"model": "", "config-text": "{"},
		{"model": "", "config-text": "[]"},
		{"model": "", "config-text": "{}"},
		{"model": "", "config-text": `{"num_hidden_layers": 2}`},
		{"config-text": `{"num_hidden_layers": 2}`}, // with a model too (JSON only)
		{"tokens": "abc"}, {"tokens": "-5"}, {"tokens": "1e30"}, {"tokens": "1.5"},
		{"prefill": "abc"}, {"prefill": "0"},
		{"prefill": "1000", "ttft": "5s"},
		{"ttft": "abc"}, {"ttft": "-1s"},
		{"link": "12 parsecs/s"}, {"link": "0"}, {"link": ""},
		{"kv-dtype": "int3"},
		{"compression": "0.5"}, {"compression": "abc"},
		{"hit-rate": "150%"}, {"hit-rate": "abc"},
		{"miss-penalty": "abc"}, {"miss-penalty": "-1s"},
		{"gpus": "8xFOO"}, {"gpus": "0xH100"},
		{"gpus": "1xH100", "tokens": "1000"}, // the weights do not fit
		{"mfu": "2"}, {"mfu": "0.5", "gpus": "8xH100"}, {"mfu": "abc", "gpus": "8xH100"},
		{"precision": "fp8"}, {"precision": "fp3", "gpus": "8xH100"},
		{"weights": "int4"}, {"weights": "int1", "gpus": "8xH100"},
		{"latency": "abc"}, {"latency": "-1s"},
		{"efficiency": "2"}, {"efficiency": "abc"},
		{"overlap": "1", "latency": "abc"},
		{"tier-G2": "abc"}, {"tier-handover": "0"},
	}
	for _, c := range calcCases {
		in := map[string]string{}
		for k, v := range base {
			in[k] = v
		}
		for k, v := range c {
			in[k] = v
		}
		how := "calc " + jsonText(c)

		// The module: the calculator's fields as JSON, the routes' links
		// under "tiers".
		req := map[string]any{"tiers": map[string]string{}}
		for k, v := range in {
			switch {
			case strings.HasPrefix(k, "tier-"):
				req["tiers"].(map[string]string)[strings.TrimPrefix(k, "tier-")] = v
			case k == "overlap":
				req[k] = v == "1"
			case v != "":
				req[k] = v
			}
		}
		b, err := json.Marshal(req)
		require.NoError(t, err)
		var resp view.Response
		require.NoError(t, json.Unmarshal(view.Compute(b), &resp), how)
		if assert.NotEmpty(t, resp.Errors, "%s: an error", how) {
			for _, e := range resp.Errors {
				check("module "+how, e.Field, e.Text, badCalc)
			}
		}

		// The form without JavaScript: the same inputs in the page's
		// query (a pasted config replaces the menu's model there).
		q := url.Values{}
		for k, v := range in {
			q.Set(k, v)
		}
		checkServed(t, "GET "+how, renderPage(index, q), check, badCalc)
	}

	claimBase := map[string]string{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "links": "1x400Gbit/s"}
	claimCases := []map[string]string{
		{"model": "nonexistent-9000"}, {"model": "mistral-medium-3.5"}, {"model": ""},
		{"model": "", "config-text": "{"}, {"model": "", "config-text": "[]"}, {"model": "", "config-text": "{}"},
		{"config-text": "{}"}, // with a model too
		{"tokens": "abc"}, {"tokens": "0"}, {"tokens": ""},
		{"seconds": "abc"}, {"seconds": "-1"}, {"seconds": ""},
		{"seconds-are": "abc"},
		{"size": "abc"}, {"size": "40 parsecs"},
		{"throughput": "abc"},
		{"uncached": "abc"},
		{"seconds": "", "speedup": "5x"}, {"speedup": "abc"}, {"speedup": "0x"},
		{"hit": "150%"}, {"hit": "abc"},
		{"links": "abc"}, {"links": "0x400Gbit/s"},
		{"host": "abc"},
		{"gpus": "8xFOO"}, {"gpus": "0xH100"},
		{"kv-dtype": "int3"},
	}
	for _, c := range claimCases {
		in := map[string]any{}
		for k, v := range claimBase {
			in[k] = v
		}
		for k, v := range c {
			in[k] = v
			if v == "" {
				delete(in, k)
			}
		}
		how := "claim " + jsonText(c)
		b, err := json.Marshal(in)
		require.NoError(t, err)
		var a view.ClaimAnswer
		require.NoError(t, json.Unmarshal(view.Check(b), &a), how)
		if assert.NotEmpty(t, a.Errors, "%s: an error", how) {
			for _, e := range a.Errors {
				id := e.Field
				if id != "" {
					id = "c-" + id
				}
				check("module "+how, id, e.Text, badClaim)
			}
		}
		q := url.Values{}
		for k, v := range in {
			q.Set("c-"+k, v.(string))
		}
		checkServed(t, "GET "+how, renderPage(index, q), check, badClaim)
	}
}

// A bad choice in the claim form's menu of what a time measures names
// the menu's choices as the reader sees them, read from the page, not
// the values the command takes ("ttft", "load").
func TestWebMenuErrorNamesTheChoicesByTheirWords(t *testing.T) {
	index, err := webFiles.ReadFile("web/index.html")
	require.NoError(t, err)
	sel := regexp.MustCompile(`(?s)<select id="c-seconds-are".*?</select>`).Find(index)
	require.NotNil(t, sel, "the claim form has the menu")
	var a view.ClaimAnswer
	require.NoError(t, json.Unmarshal(view.Check([]byte(`{"model":"llama-3.1-70b","tokens":"105000","seconds":"0.58","seconds-are":"abc"}`)), &a))
	require.Len(t, a.Errors, 1)
	for _, m := range regexp.MustCompile(`<option value="(load)">([^<]+)</option>`).FindAllSubmatch(sel, -1) {
		assert.Contains(t, a.Errors[0].Text, "“"+string(m[2])+"”", "the choice %q by its words", m[1])
	}
	assert.Contains(t, a.Errors[0].Text, "“time to first token”", "the default choice by its words")
	assert.NotContains(t, a.Errors[0].Text, `"ttft"`)
}

// checkServed runs check on each error the served page shows beside a
// field (its id without "err-"), and fails if it shows none.
func checkServed(t *testing.T, how string, served []byte, check func(how, id, text string, bad *regexp.Regexp), bad *regexp.Regexp) {
	t.Helper()
	re := regexp.MustCompile(`<p class="err" id="err-([^"]+)">([^<]+)</p>`)
	n := 0
	for _, m := range re.FindAllStringSubmatch(string(served), -1) {
		n++
		check(how, m[1], html.UnescapeString(m[2]), bad)
	}
	assert.NotZero(t, n, "%s: the served page shows the error", how)
}

// The page adapter's labels (page.CalcLabels, page.ClaimLabels,
// page.TierLabel) are the labels the page shows, field by field, so a
// message names what the reader sees.
func TestPageAdapterLabelsAreThePagesLabels(t *testing.T) {
	index, err := webFiles.ReadFile("web/index.html")
	require.NoError(t, err)
	labels := pageLabels(t, index)
	for _, f := range append(append([]string{}, view.Fields...), view.Checks...) {
		assert.Equal(t, labels[f], page.CalcLabels[f], f)
	}
	assert.Len(t, page.CalcLabels, len(view.Fields)+len(view.Checks), "a label for each of the calculator's inputs, no more")
	for _, f := range append(append([]string{}, view.ClaimFields...), view.ClaimChecks...) {
		assert.Equal(t, labels["c-"+f], page.ClaimLabels[f], f)
	}
	assert.Len(t, page.ClaimLabels, len(view.ClaimFields)+len(view.ClaimChecks), "a label for each of the claim's inputs, no more")
	tiers := 0
	for id, l := range labels {
		if tier, ok := strings.CutPrefix(id, "tier-"); ok {
			tiers++
			assert.True(t, strings.HasPrefix(l, page.TierLabel(tier)), "%s: %q", id, l)
		}
	}
	assert.Equal(t, 5, tiers, "G2, G3, G3.5, G4 and the handover have a link field")
}
