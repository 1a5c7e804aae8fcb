package main

import (
	"fmt"
	"html"
	"net/url"
	"strings"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/page/view"
)

// renderPage writes the page's state for a URL query into index.html, as
// the module would draw it (breakeven/page/view): the menus, each field's
// value, each error beside its field, the summary, the tier map, the
// routes table, the result, the chart, the claim checked and the
// sources. So the page is whole without JavaScript and at first paint;
// the module then takes over. It panics if index.html lacks a place it
// fills (a test renders every field).
func renderPage(index []byte, q url.Values) []byte {
	req := view.FromQuery(q)
	resp := view.Calc(req.Calc)
	claim := view.Claim(req.Claim, req.HasClaim)
	cat := calculator.Menus()
	s := string(index)

	// The menus, with the given value selected. A model the menu lacks
	// (a name or alias) is added first so its error shows beside it.
	var models strings.Builder
	chosen := req.Values["model"]
	found := chosen == ""
	for _, g := range cat.Models {
		fmt.Fprintf(&models, `<optgroup label="%s">`, esc(g.Attention))
		for _, m := range g.Models {
			if !m.Known {
				continue // no published config: the page could not compute it
			}
			sel := ""
			if m.Slug == chosen {
				sel, found = " selected", true
			}
			fmt.Fprintf(&models, `<option value="%s"%s>%s</option>`, esc(m.Slug), sel, esc(m.Name))
		}
		models.WriteString(`</optgroup>`)
	}
	if !found {
		fmt.Fprintf(&models, `<option value="%s" selected>%s</option>`, esc(chosen), esc(chosen))
		// First, as the page's script puts it.
		m := models.String()
		i := strings.LastIndex(m, `<option value="`+esc(chosen)+`" selected>`)
		m = m[i:] + m[:i]
		models.Reset()
		models.WriteString(m)
	}
	s = inside(s, `<select id="model"`, `</select>`, models.String())
	var presets strings.Builder
	for _, l := range cat.Links {
		fmt.Fprintf(&presets, `<option value="%s">%s</option>`, esc(l.Name), esc(l.Speed+": "+l.Note))
	}
	s = inside(s, `<datalist id="presets"`, `</datalist>`, presets.String())
	dtypes := `<option value="">16-bit (the post)</option>`
	for _, d := range cat.Dtypes {
		sel := ""
		if d == req.Values["kv-dtype"] {
			sel = " selected"
		}
		dtypes += fmt.Sprintf(`<option value="%s"%s>%s</option>`, esc(d), sel, esc(d))
	}
	s = inside(s, `<select id="kv-dtype"`, `</select>`, dtypes)
	var srcs strings.Builder
	for _, t := range cat.Sources {
		fmt.Fprintf(&srcs, `<li>%s</li>`, esc(t))
	}
	s = inside(s, `<ul id="sources"`, `</ul>`, srcs.String())

	// Each field's value.
	fields := append([]string{}, view.Fields...)
	for _, f := range view.ClaimFields {
		fields = append(fields, "c-"+f)
	}
	for _, f := range fields {
		v, ok := req.Values[f]
		if !ok || f == "model" || f == "kv-dtype" {
			continue
		}
		switch {
		case strings.Contains(s, `<textarea id="`+f+`"`):
			s = inside(s, `<textarea id="`+f+`"`, `</textarea>`, esc(v))
		case strings.Contains(s, `<select id="`+f+`"`):
			i := strings.Index(s, `<select id="`+f+`"`)
			j := i + strings.Index(s[i:], `</select>`)
			s = s[:i] + strings.Replace(s[i:j], `<option value="`+esc(v)+`">`, `<option value="`+esc(v)+`" selected>`, 1) + s[j:]
		default:
			s = after(s, `<input id="`+f+`"`, ` value="`+esc(v)+`"`)
		}
	}
	for _, c := range append(append([]string{}, view.Checks...), "c-per-node") {
		if req.Values[c] == "1" {
			s = after(s, `<input type="checkbox" id="`+c+`"`, ` checked`)
		}
	}

	// Each error beside its field (a route's is in its row already).
	state := resp.State
	errs := resp.Errors
	for _, e := range claim.Errors {
		e.Field = "c-" + e.Field
		if e.Field == "c-" {
			e.Field = "c-general"
		}
		errs = append(errs, e)
	}
	for _, e := range errs {
		if strings.HasPrefix(e.Field, "tier-") {
			continue
		}
		box := `<p class="err" id="err-` + e.Field + `"`
		if e.Field == "" || !strings.Contains(s, box) {
			box = `<p class="err" id="err-general"`
			if strings.HasPrefix(e.Field, "c-") {
				box = `<p class="err" id="err-c-general"`
			}
		} else if i := strings.Index(s, ` id="`+e.Field+`"`); i >= 0 {
			s = s[:i] + ` aria-invalid="true"` + s[i:]
		}
		s = inside(s, box, `</p>`, esc(e.Text))
	}

	// The drawn state.
	h := resp.HTML
	s = inside(s, `<div id="summary"`, `</div>`, h.Summary)
	s = inside(s, `<div id="map"`, `</div>`, h.Map)
	s = inside(s, `<ul id="map-legend"`, `</ul>`, h.Legend)
	if !strings.Contains(s, `<tbody></tbody>`) {
		panic("web/index.html has no empty <tbody></tbody> for the routes")
	}
	s = strings.Replace(s, `<tbody></tbody>`, `<tbody>`+h.Routes+`</tbody>`, 1)
	s = inside(s, `<dl id="results"`, `</dl>`, h.Results)
	s = inside(s, `<p id="r-note"`, `</p>`, h.Note)
	s = inside(s, `<div id="chart"`, `</div>`, h.Chart)
	s = inside(s, `<dl id="c-results"`, `</dl>`, claim.HTML)
	s = inside(s, `<p id="status"`, `</p>`, "Computed on the server by the same Go code; the calculator starts in your browser as soon as it loads.")
	s = after(s, `<body`, ` data-state="`+state+`"`)
	s = after(s, `<section aria-labelledby="check-h" id="factcheck"`, ` data-state="`+claim.State+`"`)
	return []byte(s)
}

// esc escapes text for HTML.
func esc(s string) string { return html.EscapeString(s) }

// inside puts content between the end of the tag that starts with open
// and the next close, replacing what was there.
func inside(s, open, close, content string) string {
	i := strings.Index(s, open)
	if i < 0 {
		panic("web/index.html has no " + open)
	}
	gt := i + strings.IndexByte(s[i:], '>') + 1
	j := gt + strings.Index(s[gt:], close)
	if j < gt {
		panic("web/index.html has no " + close + " after " + open)
	}
	return s[:gt] + content + s[j:]
}

// after inserts text right after the first mark.
func after(s, mark, text string) string {
	i := strings.Index(s, mark)
	if i < 0 {
		panic("web/index.html has no " + mark)
	}
	return s[:i+len(mark)] + text + s[i+len(mark):]
}
