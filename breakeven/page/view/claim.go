package view

import (
	"encoding/json"
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/page"
)

// verdictWords is each verdict of a claim in words; check --json keeps
// the short names.
var verdictWords = map[factcheck.Verdict]string{
	factcheck.Plausible:      "plausible: the stated links carry it",
	factcheck.NoBound:        "not bounded: no link or host is stated, so nothing here limits it",
	factcheck.NeedsMoreLinks: "needs more links than stated",
	factcheck.Implausible:    "implausible as stated: more than the host can take in",
	factcheck.SizeMatches:    "the size matches",
	factcheck.SizeMisread:    "the size matches only under another reading",
	factcheck.SizeDiffers:    "the size matches no reading",
}

// VerdictText is a verdict in words; one it does not know stays as it is.
func VerdictText(v factcheck.Verdict) string {
	if w, ok := verdictWords[v]; ok {
		return w
	}
	return string(v)
}

// ClaimAnswer is the checked claim as the page shows it: the rows in
// words, or the errors beside their fields.
type ClaimAnswer struct {
	factcheck.PageAnswer
	// HTML is the rows drawn (id "c-results").
	HTML  string `json:"html"`
	State string `json:"state"` // "empty", "ok" or "error"
}

// Check checks the page's claim, written as JSON, and returns a
// ClaimAnswer as JSON; it is what the WebAssembly module exports.
func Check(req []byte) []byte {
	var pc factcheck.PageClaim
	if err := json.Unmarshal(req, &pc); err != nil {
		return page.JSON(ClaimAnswer{PageAnswer: factcheck.PageAnswer{Errors: []page.Error{page.BadRequest(err, factcheck.PageFront)}}, State: "error"})
	}
	return compact(Claim(pc, true))
}

// Claim checks a claim (factcheck.CheckPage) and words its answer for a
// reader; given is whether any field of the form is filled.
func Claim(pc factcheck.PageClaim, given bool) ClaimAnswer {
	if !given {
		return ClaimAnswer{State: "empty"}
	}
	req, _ := json.Marshal(pc)
	var a factcheck.PageAnswer
	if err := json.Unmarshal(factcheck.CheckPage(req), &a); err != nil {
		a = factcheck.PageAnswer{Errors: []page.Error{page.BadRequest(err, factcheck.PageFront)}}
	}
	out := ClaimAnswer{PageAnswer: a, State: "ok"}
	if len(a.Errors) > 0 {
		out.State = "error"
		for i, e := range a.Errors {
			if e.Field == "config-text" {
				if s, ok := jsonProblem(pc.ConfigText); ok {
					out.Errors[i].Text = s
				}
			}
		}
		return out
	}
	rows := make([]page.Row, 0, len(a.Rows))
	for _, r := range a.Rows {
		switch {
		case r.Key == "verdict":
			r.Text = VerdictText(factcheck.Verdict(r.Text))
		case r.Key == "command" && pc.ConfigText != "":
			// The command names a file the reader has not saved: it is
			// not one to run as it stands.
			continue
		case r.Key == "command":
			r.Label = "the same check on the command line"
		}
		rows = append(rows, r)
	}
	out.Rows = rows
	var b strings.Builder
	for _, r := range rows {
		tag := "dd"
		if r.Key == "command" {
			fmt.Fprintf(&b, `<div><dt>%s</dt><dd id="c-r-%s"><code>%s</code></dd></div>`, esc(r.Label), esc(r.Key), esc(r.Text))
			continue
		}
		fmt.Fprintf(&b, `<div><dt>%s</dt><%s id="c-r-%s">%s</%s></div>`, esc(r.Label), tag, esc(r.Key), esc(r.Text), tag)
	}
	out.HTML = b.String()
	return out
}
