package calculator

import (
	"strconv"

	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/sources"
)

// PageRequest is what the web page sends: the calculator's fields and
// the reader's tier links ("G4": "2x100GbE").
type PageRequest struct {
	Request
	Tiers map[string]string `json:"tiers,omitempty"`
}

// PageResponse is what the page gets back: on success the answer (Output
// is exactly calc --json), its report (the rows calc prints), the tier map
// and the chart; on a bad input the errors, each naming its field.
type PageResponse struct {
	Output *Output      `json:"output,omitempty"`
	Report *Report      `json:"report,omitempty"`
	Routes []Route      `json:"routes,omitempty"`
	Chart  *Chart       `json:"chart,omitempty"`
	Errors []page.Error `json:"errors,omitempty"`
}

// PageFront names the page's inputs by their labels on the page:
// `“Link” "x": ... (e.g. 181Gbit/s)`.
var PageFront = page.CalcFront

// CatalogJSON returns Menus as JSON.
func CatalogJSON() []byte { return page.JSON(Menus()) }

// DefaultRequest is the post's headline question, from the inputs typed
// in sources: Llama 3.1 405B, a 127,188-token prompt, over the 181 Gbit/s
// VAST's test sustained. It gives no prefill: the calculator takes the
// model's own published run (for this model the test's 62 s uncached time
// to first token), so a front end that switches the model never keeps
// this model's time.
func DefaultRequest() Request {
	t := sources.VAST405B
	return Request{Model: sources.MustModel(t.Model).Slug(), Tokens: strconv.FormatFloat(float64(t.Tokens.V()), 'f', -1, 64),
		Link: "vast-sustained"}
}
