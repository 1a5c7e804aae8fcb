// Package view draws the web page's state as HTML: the tier map and the
// chart as SVG, the routes table, the result and the claim checked, in
// words a reader reads. It is called twice with the same inputs: by
// breakeven serve, which writes the page's first state into its HTML (so
// the page is whole without JavaScript and at first paint), and by the
// WebAssembly module, which redraws it on every input change. So the
// server and the browser cannot draw different pages.
package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strings"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/sources"
)

// Fields are the calculator's inputs on the page, in the page's order:
// each is the input's id, its name in the URL and its key in the request.
var Fields = []string{"model", "config-text", "tokens", "prefill", "ttft", "link", "kv-dtype", "compression", "hit-rate", "miss-penalty", "gpus", "mfu", "precision", "weights", "latency", "efficiency"}

// Checks are the calculator's checkboxes, "1" in the URL when ticked. A
// prompt beyond the model's context is computed with a note (one rule,
// docs/calc.md), so the page has no checkbox for it and an old link's
// allow-beyond-context is ignored.
var Checks = []string{"overlap"}

// ClaimFields are the claim form's inputs, "c-" + name on the page and in
// the URL; ClaimChecks its checkboxes.
var (
	ClaimFields = []string{"model", "config-text", "tokens", "seconds", "seconds-are", "size", "throughput", "uncached", "speedup", "hit", "links", "host", "gpus", "kv-dtype"}
	ClaimChecks = []string{"per-node"}
)

// calcFront names the calculator's inputs as the page labels them
// (page.CalcFront).
var calcFront = page.CalcFront

// FedTier is the route the calculator's Link field feeds: the one whose
// cited default is the calculator's default link (cluster storage, where
// the post's test loaded from). Its link on the map is the Link field.
func FedTier() string {
	d := calculator.DefaultRequest().Link
	for _, tl := range sources.TierLinks {
		if tl.Preset == d {
			return tl.Tier
		}
	}
	return ""
}

// Request is the page's request: the calculator's fields, the routes'
// links, and the claim form's fields ("" for a field not given).
type Request struct {
	Calc  calculator.PageRequest
	Claim factcheck.PageClaim
	// HasClaim is whether any claim field is given.
	HasClaim bool
	// Values is each field's text as given, by its id on the page ("model",
	// "c-model", "tier-G2"); a checkbox ticked is "1".
	Values map[string]string
}

// FromQuery reads the page's state from its URL query (a url.Values), as
// the page writes it: with no calculator field in it, the calculator's
// default request. A checkbox is ticked by "1" (or "on", as a form sends
// it). It takes the query as a plain map so that the WebAssembly module,
// which never reads a URL, does not link net/url.
func FromQuery(q map[string][]string) Request {
	query := queryValues(q)
	r := Request{Values: map[string]string{}}
	fromURL := false
	for _, f := range Fields {
		if query.Has(f) {
			fromURL = true
		}
	}
	calc := map[string]any{}
	if fromURL {
		for _, f := range Fields {
			if v := strings.TrimSpace(query.Get(f)); v != "" {
				calc[f] = v
			}
		}
	} else {
		b, _ := json.Marshal(calculator.DefaultRequest())
		_ = json.Unmarshal(b, &calc)
	}
	if _, ok := calc["config-text"]; ok {
		delete(calc, "model") // a pasted config.json names its own model
	}
	ticked := func(k string) bool { v := query.Get(k); return v == "1" || v == "on" }
	for _, c := range Checks {
		if ticked(c) {
			calc[c] = true
		}
	}
	tiers := map[string]string{}
	for k, v := range q {
		if t, ok := strings.CutPrefix(k, "tier-"); ok && len(v) > 0 && t != FedTier() {
			tiers[t] = strings.TrimSpace(v[0])
			r.Values[k] = v[0]
		}
	}
	b, _ := json.Marshal(calc)
	_ = json.Unmarshal(b, &r.Calc.Request)
	r.Calc.Tiers = tiers
	for k, v := range calc {
		switch v := v.(type) {
		case string:
			r.Values[k] = v
		case bool:
			r.Values[k] = "1"
		}
	}
	if fromURL {
		// The pasted config stays in its field even though it replaces
		// the menu's model; the model given stays selected.
		if v := query.Get("model"); v != "" {
			r.Values["model"] = v
		}
	}
	claim := map[string]any{}
	for _, f := range ClaimFields {
		if v := strings.TrimSpace(query.Get("c-" + f)); v != "" {
			claim[f] = v
			r.Values["c-"+f] = v
		}
	}
	for _, f := range ClaimChecks {
		if ticked("c-" + f) {
			claim[f] = true
			r.Values["c-"+f] = "1"
		}
	}
	r.HasClaim = len(claim) > 0
	b, _ = json.Marshal(claim)
	_ = json.Unmarshal(b, &r.Claim)
	return r
}

// HTML is the page's drawn state, each part the inner HTML of its place
// on the page (by id).
type HTML struct {
	// Summary names what the page shows: the model, the prompt, r with
	// its provenance, b and B* (id "summary").
	Summary string `json:"summary"`
	// Map is the tier map as SVG (id "map"); Legend says in words what
	// its colours and places mean (id "map-legend").
	Map    string `json:"map"`
	Legend string `json:"legend"`
	// Routes is the routes table's body (id "tiers" tbody).
	Routes string `json:"routes"`
	// Results is the result's rows (id "results"); Note its note.
	Results string `json:"results"`
	Note    string `json:"note"`
	// Chart is the chart as SVG (id "chart"), empty on an error.
	Chart string `json:"chart"`
}

// Response is the module's answer to the page: the calculator's answer
// (calc --json and the rows calc prints), the routes and the chart as
// data, the errors each beside its field, and the page drawn.
type Response struct {
	calculator.PageResponse
	HTML HTML `json:"html"`
	// State is "ok" or "error".
	State string `json:"state"`
}

// Compute answers the page's calculator, written as JSON (the
// calculator's fields and "tiers"), and returns a Response as JSON; it is
// what the WebAssembly module exports to the page.
func Compute(req []byte) []byte {
	var r calculator.PageRequest
	if err := json.Unmarshal(req, &r); err != nil {
		resp := Response{State: "error"}
		resp.Errors = []page.Error{page.BadRequest(err, calcFront)}
		resp.HTML = draw(r, nil, nil)
		return page.JSON(resp)
	}
	resp := Calc(r)
	// The page draws the chart and the routes from HTML; their data would
	// only be encoded and parsed again on every keystroke (calc --json's
	// Output and the report's rows stay).
	resp.Chart, resp.Routes = nil, nil
	return compact(resp)
}

// compact is v as JSON for the page's script, with <, > and & left as
// they are: the script parses it with JSON.parse and never writes it
// into the HTML as text, and the SVG it carries is full of them.
func compact(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return page.JSON(v) // its error, as page.JSON reports one
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// Calc answers a calculator request and draws it.
func Calc(r calculator.PageRequest) Response {
	resp := Response{State: "ok"}
	ans, err := calculator.Compute(r.Request)
	if err != nil {
		resp.State = "error"
		resp.Errors = []page.Error{errorOf(err, r.Request.ConfigText)}
		resp.HTML = draw(r, nil, nil)
		return resp
	}
	rep, c := calculator.Render(ans), calculator.Plot(ans)
	resp.Output, resp.Report, resp.Chart = &ans.Output, &rep, &c
	resp.Routes = routes(ans, r)
	for _, rt := range resp.Routes {
		if rt.Error != nil {
			resp.Errors = append(resp.Errors, *rt.Error)
		}
	}
	resp.HTML = draw(r, &ans, &resp)
	return resp
}

// routes is the tier map for an answer, the Link field feeding its tier.
func routes(ans calculator.Answer, r calculator.PageRequest) []calculator.Route {
	links := map[string]string{}
	for t, v := range r.Tiers {
		links[t] = v
	}
	if fed := FedTier(); fed != "" {
		delete(links, fed)
		if r.Link != "" {
			links[fed] = r.Link
		}
	}
	rts := calculator.Routes(ans, links)
	for i := range rts {
		if rts[i].Error != nil {
			e := page.ErrorOf(&rts[i].Error.FieldError, calcFront)
			rts[i].Error = &e
		}
	}
	return rts
}

// errorOf is a calculator error as the page shows it beside its field: a
// pasted config that is not JSON is named by its line and column.
func errorOf(err error, configText string) page.Error {
	e := page.ErrorOf(err, calcFront)
	if e.Field == "config-text" {
		if s, ok := jsonProblem(configText); ok {
			e.Text = s
		}
	}
	return e
}

// jsonProblem says where text stops being JSON: "the pasted config is
// not valid JSON at line L, column C", or that it is JSON but not an
// object; ok is false for a JSON object.
func jsonProblem(text string) (string, bool) {
	var v any
	err := json.Unmarshal([]byte(text), &v)
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se) && strings.HasPrefix(se.Error(), "unexpected end"):
		// Cut short: the place is just past its last character.
		line, col := lineCol(text+" ", len(text)+1)
		return fmt.Sprintf("the pasted config is not valid JSON at line %d, column %d: it ends too soon", line, col), true
	case errors.As(err, &se):
		line, col := lineCol(text, int(se.Offset))
		return fmt.Sprintf("the pasted config is not valid JSON at line %d, column %d", line, col), true
	case err != nil:
		return "the pasted config is not valid JSON: " + err.Error(), true
	}
	if _, isObject := v.(map[string]any); !isObject {
		return `the pasted config is valid JSON but not an object; a config.json starts with {"num_hidden_layers": 80, ...}`, true
	}
	return "", false
}

// lineCol is the line and column (both from 1, the column in characters)
// of the byte at offset in text; a syntax error's offset is just past the
// character at fault.
func lineCol(text string, offset int) (int, int) {
	if offset > len(text) {
		offset = len(text)
	}
	if offset > 0 {
		offset-- // the character that broke it
	}
	before := text[:offset]
	line := strings.Count(before, "\n") + 1
	col := len([]rune(before[strings.LastIndexByte(before, '\n')+1:])) + 1
	return line, col
}

// esc escapes text for HTML.
func esc(s string) string { return html.EscapeString(s) }

// queryValues reads a query as url.Values does: Get gives a key's first
// value ("" for none), Has whether the key is there.
type queryValues map[string][]string

func (q queryValues) Get(k string) string {
	if v := q[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func (q queryValues) Has(k string) bool {
	_, ok := q[k]
	return ok
}
