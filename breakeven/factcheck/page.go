package factcheck

import (
	"encoding/json"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/sources"
)

// PageClaim is the fact-check form of the web page: one claim, its fields
// named as check's flags, and a pasted config.json in place of a model.
type PageClaim struct {
	Model      string `json:"model,omitempty"`
	ConfigText string `json:"config-text,omitempty"`
	Tokens     string `json:"tokens,omitempty"`
	Seconds    string `json:"seconds,omitempty"`
	SecondsAre string `json:"seconds-are,omitempty"`
	Size       string `json:"size,omitempty"`
	Throughput string `json:"throughput,omitempty"`
	PerNode    bool   `json:"per-node,omitempty"`
	Uncached   string `json:"uncached,omitempty"`
	Speedup    string `json:"speedup,omitempty"`
	Hit        string `json:"hit,omitempty"`
	Links      string `json:"links,omitempty"`
	Host       string `json:"host,omitempty"`
	GPUs       string `json:"gpus,omitempty"`
	KVDtype    string `json:"kv-dtype,omitempty"`
}

// PageAnswer is what the page gets back: the checked claim exactly as
// check --json prints it and the rows the page shows (Rendering.Rows),
// or the errors, each naming its field.
type PageAnswer struct {
	Result *JSONResult  `json:"result,omitempty"`
	Rows   []Row        `json:"rows,omitempty"`
	Errors []page.Error `json:"errors,omitempty"`
}

// PageFront names the form's inputs by their labels on the page:
// `“(a) Time with the cache” "x": ... (e.g. "0.58", ...)`.
var PageFront = page.ClaimFront

// pastedConfig is the name a pasted config.json goes by in a claim.
const pastedConfig = "pasted config.json"

// CheckPage checks the page's claim, written as JSON, and returns the
// answer as JSON; it is what the WebAssembly build exports to the page.
func CheckPage(req []byte) []byte {
	var pc PageClaim
	if err := json.Unmarshal(req, &pc); err != nil {
		return page.JSON(PageAnswer{Errors: []page.Error{page.BadRequest(err, PageFront)}})
	}
	opt := Options{}
	cl := Claim{Model: pc.Model, Tokens: pc.Tokens, Seconds: pc.Seconds, SecondsAre: pc.SecondsAre, Size: pc.Size,
		Throughput: pc.Throughput, PerNode: pc.PerNode, Uncached: pc.Uncached, Speedup: pc.Speedup, Hit: pc.Hit,
		Links: pc.Links, Host: pc.Host, GPUs: pc.GPUs, KVDtype: pc.KVDtype}
	if pc.ConfigText != "" {
		if pc.Model != "" {
			return page.JSON(PageAnswer{Errors: []page.Error{page.ErrorOf(breakeven.Bad("model", pc.Model, "a pasted config.json names its own model; clear one of them", "llama-3.1-70b"), PageFront)}})
		}
		cl.Config = pastedConfig
		text := []byte(pc.ConfigText)
		opt.LoadConfig = func(string) (sources.Model, error) { return sources.ModelFromConfig("", text) }
	}
	r, err := NewChecker(opt).Check(cl)
	if err != nil {
		return page.JSON(PageAnswer{Errors: []page.Error{page.ErrorOf(err, PageFront)}})
	}
	j := r.JSON()
	return page.JSON(PageAnswer{Result: &j, Rows: Render(r).Rows()})
}
