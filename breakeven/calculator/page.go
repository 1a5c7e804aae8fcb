package calculator

import (
	"encoding/json"
	"strconv"

	"signalweight.dev/kv/sources"
)

// PageRequest is what the web page sends: the calculator's fields and
// the reader's tier links ("G4": "2x100GbE").
type PageRequest struct {
	Request
	Tiers map[string]string `json:"tiers,omitempty"`
}

// PageResponse is what the page gets back: on success the answer (Output
// is exactly calc --json), its display, the tier map and the chart; on a
// bad input the errors, each naming its field.
type PageResponse struct {
	Output  *Output      `json:"output,omitempty"`
	Display *Display     `json:"display,omitempty"`
	Routes  []Route      `json:"routes,omitempty"`
	Chart   *Chart       `json:"chart,omitempty"`
	Errors  []FieldError `json:"errors,omitempty"`
}

// Page answers a page request written as JSON and returns the response
// as JSON; it is what the WebAssembly build exports to the page.
func Page(req []byte) []byte {
	var r PageRequest
	var resp PageResponse
	if err := json.Unmarshal(req, &r); err != nil {
		resp.Errors = []FieldError{{Message: "bad request: " + err.Error()}}
		return mustJSON(resp)
	}
	ans, err := Compute(r.Request)
	if err != nil {
		fe, ok := err.(*FieldError)
		if !ok {
			fe = &FieldError{Message: err.Error()}
		}
		resp.Errors = []FieldError{*fe}
		return mustJSON(resp)
	}
	d, c := Show(ans), Plot(ans)
	resp.Output, resp.Display, resp.Chart = &ans.Output, &d, &c
	resp.Routes = Routes(ans, r.Tiers)
	return mustJSON(resp)
}

// CatalogJSON returns Menus as JSON.
func CatalogJSON() []byte { return mustJSON(Menus()) }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(PageResponse{Errors: []FieldError{{Message: err.Error()}}})
	}
	return b
}

// DefaultRequest is the post's headline test, from the inputs typed in
// sources: Llama 3.1 405B, a 127,188-token prompt with a 62 s uncached
// time to first token, over the 181 Gbit/s VAST's test sustained.
func DefaultRequest() Request {
	t := sources.VAST405B
	return Request{Model: sources.MustModel(t.Model).Slug(), Tokens: strconv.FormatFloat(float64(t.Tokens.V()), 'f', -1, 64),
		TTFT: strconv.FormatFloat(float64(t.Uncached.V()), 'f', -1, 64) + "s", Link: "vast-sustained"}
}
