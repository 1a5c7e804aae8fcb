// Package page adapts the calculator and the fact-checker to the web
// page: an input error as the page shows it beside its field, in the
// page's words, and the answer as JSON. It is the one page adapter:
// calculator.PageFront, factcheck.PageFront and the page's view all name
// the page's inputs through it.
package page

import (
	"encoding/json"
	"errors"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// Row is one line of an answer as a person reads it, the calculator's or
// a checked claim's: Key names it (the page's result id, stable for
// programs), Label is what is printed before it, Text is the value with
// its unit.
type Row struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

// Error is a bad input and the line the page shows beside its field:
// FieldError as the calculator or the checker wrote it (its field named
// as the command's flag, for programs), Text in the page's words.
type Error struct {
	breakeven.FieldError
	Text string `json:"text"`
}

// CalcLabels are the calculator form's inputs by the labels the page
// shows for them (cmd/breakeven/web/index.html; a test holds the two
// together), keyed by the field's name, which is also the command's flag.
// A route's link ("tier-G2") is named by TierLabel.
var CalcLabels = map[string]string{
	"model":        "Model",
	"config-text":  "Or paste a model's config.json",
	"tokens":       "Prompt length (tokens)",
	"prefill":      "Prefill speed (tokens/s)",
	"ttft":         "Uncached time to first token",
	"link":         "Link",
	"kv-dtype":     "KV element type",
	"compression":  "Compression factor",
	"hit-rate":     "Hit rate",
	"miss-penalty": "Miss penalty",
	"gpus":         "GPUs for the FLOP model",
	"mfu":          "MFU",
	"precision":    "Precision",
	"weights":      "Weights",
	"latency":      "Fixed cost of a load",
	"efficiency":   "Load efficiency",
	"overlap":      "Recompute the first tokens while loading the rest",
}

// ClaimLabels are the claim form's inputs by their labels on the page,
// keyed by the field's name (the page's id without its "c-").
var ClaimLabels = map[string]string{
	"model":       "Model",
	"config-text": "Or paste its config.json",
	"tokens":      "Prompt (tokens)",
	"seconds":     "(a) Time with the cache",
	"seconds-are": "The time is",
	"size":        "(b) Cache size stated",
	"throughput":  "(c) Throughput stated",
	"per-node":    "The throughput is per node",
	"uncached":    "(d) Time without the cache",
	"speedup":     "(d) Speedup stated",
	"hit":         "(e) Share of the prompt from the cache",
	"links":       "Links stated",
	"host":        "Host",
	"gpus":        "GPUs that prefill",
	"kv-dtype":    "KV element type",
}

// TierLabel is the label of a route's link field in the routes table:
// "G2 hit link", or "Handover link" for the miss route's handover.
func TierLabel(tier string) string {
	if tier == "handover" {
		return "Handover link"
	}
	return tier + " hit link"
}

// The page's fronts: each input named by its label in quotation marks,
// a value set as `“Link” = 181Gbit/s`.
var (
	// CalcFront names the calculator's inputs and the routes' links.
	CalcFront = labelFront(func(f string) string {
		if t, ok := strings.CutPrefix(f, "tier-"); ok && t != "" {
			return TierLabel(t)
		}
		return CalcLabels[f]
	})
	// ClaimFront names the claim form's inputs.
	ClaimFront = labelFront(func(f string) string { return ClaimLabels[f] })
)

// labelFront names a field by its label, quoted; a name with no label
// (a flag the form lacks) stays as it is.
func labelFront(label func(string) string) breakeven.Front {
	return breakeven.Front{
		Name: func(f string) string {
			if l := label(f); l != "" {
				return "“" + l + "”"
			}
			return ""
		},
		Set: func(n, v string) string { return n + " = " + v },
	}
}

// cliWords are the command's phrases a page message must not carry (a
// command or a flag the page lacks, as if the reader could run it), each
// with the page's words; they are replaced in the message and example
// before the flags are renamed.
var cliWords = []struct{ cli, page string }{
	// The ways to name a model.
	{"--model, --config, --config-text and an architecture (--layers, --kv-heads, ...) are alternatives; give one (e.g. --model llama-3.1-70b, or --config config.json)",
		"--model and --config-text are alternatives; give one (e.g. --model llama-3.1-70b)"},
	{`, or --config config.json; "breakeven models" lists them`, `; the menu lists the catalog, or paste a config.json below`},
	{`; list them with "breakeven models", or a config column / --config config.json`, `, or paste its config.json below`},
	{`; list them with "breakeven models"`, `, or paste its config.json below`},
	{"give its architecture instead", "paste its config.json below instead"},
	// Lists the page shows elsewhere.
	{` (breakeven calc --links lists them)`, ""},
	{`give --link SPEED (e.g. --link 10GbE, --link "22.6 GB/s"; "breakeven calc --links" lists presets)`,
		`give --link a speed or a preset (e.g. --link 10GbE, --link "22.6 GB/s")`},
	{`; list them with "breakeven check --hosts"`, ""},
	// The claim form's menu of what a time measures, in its options' words.
	{`"ttft" or "load"`, `“time to first token” or “the load alone”`},
}

// inPageWords replaces the command's phrases (cliWords).
func inPageWords(s string) string {
	for _, w := range cliWords {
		s = strings.ReplaceAll(s, w.cli, w.page)
	}
	return s
}

// ErrorOf is err as the page shows it with front: a *breakeven.FieldError
// beside its field, any other error as a sentence. Each input is named
// by its label on the page (front's Name), never by the command's flag:
// `“Link” "12 parsecs/s": unknown unit "parsecs/s" (e.g. 181Gbit/s, ...)`.
// An example of the field's own values alone is written without its
// name, since the message sits beside the field; an example that needs a
// flag the page lacks is left out; a message that would not name its
// field starts with it.
func ErrorOf(err error, front breakeven.Front) Error {
	var fe *breakeven.FieldError
	if !errors.As(err, &fe) {
		fe = &breakeven.FieldError{Message: err.Error()}
	}
	return Error{*fe, text(*fe, front)}
}

// text is fe in the page's words (ErrorOf).
func text(fe breakeven.FieldError, front breakeven.Front) string {
	fe.Message, fe.Example = inPageWords(fe.Message), inPageWords(fe.Example)
	if strings.HasPrefix(fe.Example, "--") && lacksFlag(fe.Example, front) {
		fe.Example = ""
	}
	s := fe.For(front)
	name := ""
	if fe.Field != "" {
		name = front.Name(fe.Field)
	}
	if name == "" {
		return s
	}
	if !strings.Contains(s, name) {
		if fe.Value != "" {
			return name + " " + breakeven.Quote(fe.Value) + ": " + s
		}
		return name + ": " + s
	}
	// Nothing given: no empty quotes after the name.
	if rest, ok := strings.CutPrefix(s, name+` "": `); ok {
		s = name + ": " + rest
	}
	// An example of this field's values alone, without its name.
	if head, tail, ok := strings.Cut(s, " (e.g. "); ok && fe.Example != "" {
		if own := name + " = "; strings.Count(tail, "“") == strings.Count(tail, own) {
			s = head + " (e.g. " + strings.ReplaceAll(tail, own, "")
		}
	}
	return s
}

// lacksFlag says whether an example names a flag the front has no name
// for (an input the page lacks).
func lacksFlag(example string, front breakeven.Front) bool {
	for _, w := range strings.Fields(example) {
		if f, ok := strings.CutPrefix(w, "--"); ok && f != "" && front.Name(strings.TrimRight(f, ",;")) == "" {
			return true
		}
	}
	return false
}

// BadRequest is the error of a request that is not the form's JSON.
func BadRequest(err error, front breakeven.Front) Error {
	return ErrorOf(&breakeven.FieldError{Message: "bad request: " + err.Error()}, front)
}

// JSON returns v as JSON; should v not marshal, it returns the reason as
// the one error of an answer ({"errors": [...]}), which the page shows.
func JSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(struct {
			Errors []Error `json:"errors"`
		}{[]Error{{FieldError: breakeven.FieldError{Message: err.Error()}, Text: err.Error()}}})
	}
	return b
}
