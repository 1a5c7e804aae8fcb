package view

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/sources"
)

// value is the calc --json value behind a result row (SI units),
// written on the row as data-value for programs; ok is false for a row
// with none. It reads the fields directly: a JSON round trip of the
// whole answer was a sixth of a keystroke's work.
func value(out *calculator.Output, key string) (string, bool) {
	f := func(v float64) (string, bool) { return strconv.FormatFloat(v, 'f', -1, 64), true }
	p := func(v *float64) (string, bool) {
		if v == nil {
			return "", false
		}
		return f(*v)
	}
	switch key {
	case "cache":
		return f(out.CacheBytes)
	case "bytes_per_token":
		return f(out.BytesPerToken)
	case "prefill":
		return f(out.PrefillTokensPerSecond)
	case "link":
		return f(out.LinkBytesPerSecond)
	case "recompute":
		return f(out.RecomputeSeconds)
	case "load":
		return f(out.LoadSeconds)
	case "break_even":
		return f(out.BreakEvenBytesPerSecond)
	case "speedup":
		return f(out.Speedup)
	case "winner":
		return out.Winner, true
	case "mean_ttft":
		return p(out.MeanTTFTSeconds)
	case "break_even_hit_rate":
		return p(out.BreakEvenHitRate)
	case "fastest_prefill":
		return p(out.MinRecomputeSeconds)
	case "implied_mfu":
		return p(out.ImpliedMFU)
	case "crossover":
		return p(out.CrossoverTokens)
	case "overlap":
		return p(out.OverlapSeconds)
	}
	return "", false
}

// winnerWords is the winner in words, not calc --json's value.
var winnerWords = map[string]string{
	"load":      "loading the cache",
	"recompute": "recomputing the prompt",
}

// draw draws the page for a request and its answer; ans is nil when the
// inputs have an error, and then the map and the table keep their places
// and say there is no verdict until the inputs are fixed.
func draw(r calculator.PageRequest, ans *calculator.Answer, resp *Response) HTML {
	var h HTML
	var rts []calculator.Route
	if ans == nil {
		rts = calculator.Routes(calculator.Answer{}, nil)
		for i := range rts {
			rt := &rts[i]
			rt.LoadText, rt.Verdict, rt.Winner, rt.Error = "–", "no verdict until the inputs below are valid", "", nil
			rt.LoadSeconds, rt.LinkBytesPerSecond = 0, 0
			if rt.Tier == FedTier() && r.Link != "" {
				rt.Link = r.Link
			}
		}
		h.Summary = `<p class="what">No answer for these inputs: the field marked below says what to change.</p>`
	} else {
		rts = resp.Routes
		h.Summary = summary(resp.Report, resp.Output)
		h.Results = results(resp.Report, resp.Output)
		if resp.Report.Note != "" {
			h.Note = esc("Note: " + resp.Report.Note)
		}
		h.Chart = chartSVG(*resp.Chart)
	}
	h.Map = mapSVG(rts, resp, ans != nil)
	h.Legend = legend(rts)
	h.Routes = routeRows(rts, r)
	return h
}

// row finds a report row by its key.
func row(rep *calculator.Report, key string) (calculator.Row, bool) {
	for _, sec := range rep.Sections {
		for _, r := range sec {
			if r.Key == key {
				return r, true
			}
		}
	}
	return calculator.Row{}, false
}

// short is a row's text without its bracketed second form: "516 KB".
func short(rep *calculator.Report, key string) string {
	r, _ := row(rep, key)
	t, _, _ := strings.Cut(r.Text, " (")
	return t
}

// summary names what the page shows: the model and prompt, r with its
// provenance, b, and B*, with the verdict for the reader's link.
func summary(rep *calculator.Report, out *calculator.Output) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<p class="what"><strong>%s</strong></p><dl class="key">`, esc(rep.Title))
	item := func(label, text, id string) {
		fmt.Fprintf(&b, `<div><dt>%s</dt><dd id="%s">%s</dd></div>`, label, id, esc(text))
	}
	item("prefill speed <var>r</var>", short(rep, "prefill"), "s-r")
	item("cache per token <var>b</var>", short(rep, "bytes_per_token"), "s-b")
	item("break-even <var>B*</var> = <var>r</var> × <var>b</var>", short(rep, "break_even"), "s-bstar")
	if l, ok := row(rep, "link"); ok {
		item("your link", l.Text+": "+calculator.WinnerWithHit(out, func(w string) string { return winnerWords[w] + " wins" }), "s-link")
	}
	b.WriteString(`</dl>`)
	if p, ok := row(rep, "prefill_from"); ok {
		fmt.Fprintf(&b, `<p class="prov"><var>r</var> from: %s</p>`, esc(p.Text))
	}
	return b.String()
}

// results is the result's rows as calc prints them, each with the SI
// value behind it.
func results(rep *calculator.Report, out *calculator.Output) string {
	var b strings.Builder
	for _, sec := range rep.Sections {
		for _, r := range sec {
			text := r.Text
			attrs := ""
			if r.Key == "winner" {
				if _, ok := winnerWords[out.Winner]; ok {
					text = calculator.WinnerWithHit(out, func(w string) string { return winnerWords[w] })
				}
				attrs = ` class="` + esc(out.Winner) + `"`
			}
			if v, ok := value(out, r.Key); ok {
				attrs += ` data-value="` + esc(v) + `"`
			}
			fmt.Fprintf(&b, `<div><dt>%s</dt><dd id="r-%s"%s>%s</dd></div>`, esc(r.Label), esc(r.Key), attrs, esc(text))
		}
	}
	return b.String()
}

// routeClass is a route's colour: a hit that wins or loses, the miss
// route (nothing to compare), or a bad link.
func routeClass(rt calculator.Route) string {
	switch {
	case rt.Error != nil:
		return "error"
	case rt.Route == "miss" || rt.Winner == "":
		return "neutral"
	}
	return rt.Winner
}

// routeLine is a route's link and load time, as the map labels it.
func routeLine(rt calculator.Route) string {
	link := rt.Link
	switch {
	case rt.NoTransfer:
		link = "no link"
	case link == "":
		link = sources.YourValue
	case rt.Tier == FedTier():
		link += " (the Link field)"
	}
	if rt.Route == "miss" {
		return "miss: hand-over over " + link + " · load " + rt.LoadText
	}
	return "hit over " + link + " · load " + rt.LoadText
}

// scope says, in a few words, which requests a cache parked in a tier
// helps (sources.Tiers has it in full).
var scope = map[string]string{
	"G1": "helps: only these GPUs", "G2": "helps: the same server only", "G3": "helps: the same server only",
	"G3.5": "helps: any server in the pod", "G4": "helps: any server in the cluster",
}

// legend says in words what the map's colours and places mean.
func legend(rts []calculator.Route) string {
	var b strings.Builder
	b.WriteString(`<li><span class="sw load" aria-hidden="true"></span>green: a hit from that tier beats recomputing the prompt</li>`)
	b.WriteString(`<li><span class="sw recompute" aria-hidden="true"></span>red: recomputing is faster than loading over that link</li>`)
	b.WriteString(`<li><span class="sw neutral" aria-hidden="true"></span>grey: nothing to compare (the miss route, or a tier with no link given)</li>`)
	label := map[string]string{}
	for _, rt := range rts {
		label[rt.Tier] = rt.Label
	}
	for _, t := range sources.Tiers {
		fmt.Fprintf(&b, `<li>A cache in <strong>%s</strong> (%s) helps %s.</li>`, esc(t.Name), esc(label[t.Name]), esc(t.Reuse))
	}
	return b.String()
}

// routeRows is the routes table's body: each route's place, its link
// (an input; the tier the Link field feeds shows that field's value),
// its load time and its verdict.
func routeRows(rts []calculator.Route, r calculator.PageRequest) string {
	var b strings.Builder
	fed := FedTier()
	for _, rt := range rts {
		name := rt.Tier
		if rt.Route == "miss" {
			name = "Miss route"
		}
		fmt.Fprintf(&b, `<tr data-tier="%s"><th scope="row">%s</th><td>`, esc(rt.Tier), esc(name))
		if rt.Place != "" {
			fmt.Fprintf(&b, `<span>%s; reused by %s. </span>`, esc(rt.Place), esc(rt.Reuse))
		} else {
			b.WriteString(`<span>Prefill computes the cache, then hands it over: </span>`)
		}
		fmt.Fprintf(&b, `<small class="cite">Link: %s. Source: %s</small></td><td>`, esc(rt.What), esc(rt.SourceTitle))
		if rt.NoTransfer {
			b.WriteString(`<span>none needed</span>`)
		} else {
			id := "tier-" + rt.Tier
			what := page.TierLabel(rt.Tier)
			value, extra := rt.Default, ` name="`+esc(id)+`" form="calc"`
			if v, ok := r.Tiers[rt.Tier]; ok {
				value = v
			}
			if rt.Tier == fed {
				// One value, two places: this is the Link field.
				value, extra = r.Link, ` data-fed="link"`
				what += " (the calculator's Link field)"
			}
			fmt.Fprintf(&b, `<label for="%s" class="sr">%s</label><input id="%s"%s aria-describedby="err-%s" autocomplete="off" list="presets" placeholder="%s" value="%s">`,
				esc(id), esc(what), esc(id), extra, esc(id), esc(sources.YourValue), esc(value))
			if rt.Tier == fed {
				b.WriteString(`<small class="cite">the Link field's value</small>`)
			}
			errText := ""
			if rt.Error != nil {
				errText = rt.Error.Text
			}
			fmt.Fprintf(&b, `<p class="err" id="err-%s">%s</p>`, esc(id), esc(errText))
		}
		cls := "verdict"
		if rt.Route != "miss" && rt.Winner != "" && rt.Error == nil {
			cls += " " + rt.Winner
		}
		winner := rt.Winner
		if rt.Error != nil {
			winner = ""
		}
		data := ""
		if rt.LoadSeconds != 0 {
			data = ` data-value="` + strconv.FormatFloat(rt.LoadSeconds, 'f', -1, 64) + `"`
		}
		fmt.Fprintf(&b, `</td><td class="t-load"%s>%s</td><td class="%s" data-winner="%s">%s</td></tr>`,
			data, esc(rt.LoadText), cls, esc(winner), esc(rt.Verdict))
	}
	return b.String()
}

// fit returns the attributes that squeeze a label into room (in the
// SVG's units) when its estimated width at size is wider, so a long link
// name never runs off the map. The estimate is the average glyph width of
// a sans-serif face, 0.56 em.
func fit(text string, room, size float64) string {
	if float64(len([]rune(text)))*size*0.56 <= room {
		return ""
	}
	return fmt.Sprintf(` textLength="%g" lengthAdjust="spacingAndGlyphs"`, room)
}

// The map's geometry, in the SVG's units: its width, where the tiers
// start, each tier's band and the gap between, the tiers' left edge, the
// bus the hit routes rise on and the step between them.
const (
	mapW       = 380.0
	mapTop     = 150.0
	mapBand    = 62.0
	mapGap     = 6.0
	mapLeft    = 24.0
	mapBus     = 336.0
	mapBusStep = 7.0
	gpuY       = 44.0 // the GPUs' top
	gpuH       = 36.0
)

// mapSVG draws the tier map: what it shows (model, prompt, r, b, B*) at
// its head, the prefill and decode GPUs with the hand-over between them,
// each tier as a place with its hit route rising to the decode GPUs, and
// the miss route parking the cache in a tier. Each route is a link to its
// editable field, labelled with its link, load time and verdict.
func mapSVG(rts []calculator.Route, resp *Response, ok bool) string {
	var hits []calculator.Route
	var miss *calculator.Route
	for i, rt := range rts {
		if rt.Route == "hit" {
			hits = append(hits, rt)
		} else {
			miss = &rts[i]
		}
	}
	H := mapTop + float64(len(hits))*(mapBand+mapGap)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="group" aria-labelledby="map-title map-desc">`, mapW, H)
	b.WriteString(`<title id="map-title">Tier map: where the cache can sit and the routes a request takes</title>`)
	b.WriteString(`<desc id="map-desc">Each route is a link to its editable link field; its label gives the link, the load time and the verdict.</desc><defs>`)
	for _, c := range []string{"load", "recompute", "neutral", "error"} {
		fmt.Fprintf(&b, `<marker id="arrow-%s" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="m-head %s"/></marker>`, c, c)
	}
	b.WriteString(`</defs>`)
	// What the map shows.
	head1, head2 := "No answer: fix the inputs below", "r, b and B* appear once they are valid"
	if ok {
		rep := resp.Report
		head1 = resp.Output.Model + " · " + promptWords(rep.Title, resp.Output.Model)
		head2 = "r " + short(rep, "prefill") + " × b " + short(rep, "bytes_per_token") + " = B* " + short(rep, "break_even")
	}
	// Bold glyphs are about a tenth wider than the estimate's.
	fmt.Fprintf(&b, `<text x="4" y="14" class="m-head1" id="m-what"%s>%s</text>`, fit(head1, mapW-8, 12.5*1.1), esc(head1))
	fmt.Fprintf(&b, `<text x="4" y="31" class="m-head2" id="m-bstar"%s>%s</text>`, fit(head2, mapW-8, 12), esc(head2))
	fmt.Fprintf(&b, `<g class="m-gpus"><rect x="8" y="%g" width="120" height="%g" rx="5" class="m-gpu"/><text x="68" y="%g" text-anchor="middle" class="m-name">Prefill GPUs</text>`, gpuY, gpuH, gpuY+23)
	fmt.Fprintf(&b, `<rect x="244" y="%g" width="128" height="%g" rx="5" class="m-gpu" id="m-decode"/><text x="308" y="%g" text-anchor="middle" class="m-name">Decode GPUs</text></g>`, gpuY, gpuH, gpuY+23)
	route := func(rt calculator.Route, body string) {
		cls := routeClass(rt)
		line := routeLine(rt)
		name := rt.Tier + " hit route, " + rt.Label
		kind := "m-tier"
		if rt.Route == "miss" {
			name, kind = "Miss route, "+rt.Label, "m-miss"
		}
		label := name + ": " + line + "; " + rt.Verdict
		if rt.Error != nil {
			label += " (bad link: " + rt.Error.Text + ")"
		}
		fmt.Fprintf(&b, `<a href="#tier-%s" class="m-route %s %s" data-tier="%s" data-route="%s" data-winner="%s" aria-label="%s"><title>%s</title>%s</a>`,
			esc(rt.Tier), kind, cls, esc(rt.Tier), esc(rt.Route), esc(rt.Winner), esc(label), esc(label),
			strings.ReplaceAll(body, "{cls}", cls))
	}
	if miss != nil {
		cx := (mapLeft + mapBus) / 2
		room := mapBus - mapLeft
		line := routeLine(*miss)
		// The arrow's label sits under it, in the gap between the GPUs,
		// clear of the map's second heading line, which may run the whole
		// width (a sliding-window model's b is "over the N-token prompt").
		body := fmt.Sprintf(`<path d="M128,%g H242" class="m-path" marker-end="url(#arrow-{cls})"/><text x="185" y="%g" text-anchor="middle" class="m-small">hand-over</text>`, gpuY+18, gpuY+31) +
			fmt.Sprintf(`<text x="%g" y="%g" text-anchor="middle" class="m-line"%s>%s</text>`, cx, gpuY+gpuH+20, fit(line, room, 12), esc(line)) +
			fmt.Sprintf(`<text x="%g" y="%g" text-anchor="middle" class="m-verdict"%s>%s</text>`, cx, gpuY+gpuH+36, fit(miss.Verdict, room, 12), esc(miss.Verdict))
		route(*miss, body)
	}
	if len(hits) > 0 {
		y1 := mapTop + float64(len(hits)-1)*(mapBand+mapGap) + mapBand/2
		d := fmt.Sprintf("M14,%g V%g", gpuY+gpuH, y1)
		for i := range hits {
			y := mapTop + float64(i)*(mapBand+mapGap) + mapBand/2
			d += fmt.Sprintf(" M14,%g H%g", y, mapLeft-1)
		}
		fmt.Fprintf(&b, `<g class="m-park"><title>On a miss, the prefill GPUs' new cache is parked in a tier for the next request</title><path d="%s" class="m-parkline"/><text x="%g" y="%g" class="m-small">miss: the new cache is parked in a tier ↓</text></g>`, d, mapLeft, mapTop-8)
	}
	for i, rt := range hits {
		y := mapTop + float64(i)*(mapBand+mapGap)
		bx := mapBus + 4 + float64(i)*mapBusStep
		room := mapBus - mapLeft - 14
		line := routeLine(rt)
		title := rt.Tier + " · " + rt.Label
		body := fmt.Sprintf(`<rect x="%g" y="%g" width="%g" height="%g" rx="4" class="m-place"/>`, mapLeft, y, mapBus-mapLeft, mapBand) +
			fmt.Sprintf(`<text x="%g" y="%g" class="m-name">%s</text>`, mapLeft+8, y+15, esc(title)) +
			fmt.Sprintf(`<text x="%g" y="%g" class="m-line"%s>%s</text>`, mapLeft+8, y+30, fit(line, room, 12), esc(line)) +
			fmt.Sprintf(`<text x="%g" y="%g" class="m-verdict"%s>%s</text>`, mapLeft+8, y+44, fit(rt.Verdict, room, 12), esc(rt.Verdict)) +
			fmt.Sprintf(`<text x="%g" y="%g" class="m-small">%s</text>`, mapLeft+8, y+57, esc(scope[rt.Tier])) +
			fmt.Sprintf(`<path d="M%g,%g H%g V%g" class="m-path" marker-end="url(#arrow-{cls})"/>`, mapBus, y+mapBand/2, bx, gpuY+gpuH+1)
		route(rt, body)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// promptWords is the report title after the model: "a 127,188-token
// prompt, 16-bit KV cache".
func promptWords(title, model string) string {
	if s, ok := strings.CutPrefix(title, model+": "); ok {
		return s
	}
	return title
}

// The chart's size and margins, in the SVG's units: narrow enough that
// its 13 px labels stay above 11 px on a 390 px phone.
const (
	chartW, chartH                     = 400.0, 310.0
	chartL, chartR, chartT, chartB     = 50.0, 10.0, 10.0, 84.0
	chartLegendRow1, chartLegendRowGap = 44.0, 18.0
)

// chartSVG draws time to first token against link bandwidth on log
// scales: recomputing flat, loading falling as the link gets faster,
// the break-even and the reader's link as vertical lines.
func chartSVG(c calculator.Chart) string {
	xs := c.BytesPerSecond
	if len(xs) < 2 {
		return ""
	}
	ys := append(append(append(append([]float64{}, c.LoadSeconds...), c.RecomputeSeconds), c.MeanSeconds...), c.HitSeconds...)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, y := range ys {
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	lx0, lx1 := math.Log10(xs[0]), math.Log10(xs[len(xs)-1])
	ly0, ly1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if ly1 == ly0 {
		ly1 = ly0 + 1
	}
	X := func(v float64) float64 { return chartL + (chartW-chartL-chartR)*(math.Log10(v)-lx0)/(lx1-lx0) }
	Y := func(s float64) float64 { return chartT + (chartH-chartT-chartB)*(ly1-math.Log10(s))/(ly1-ly0) }
	hit := len(c.HitSeconds) == len(xs)
	// The legend, in rows below the axis, wrapped to the chart's width.
	lg := [][2]string{{"recompute", "recompute"}, {"loadline", "load"}}
	if hit {
		lg = append(lg, [2]string{"hitline", "a hit"})
	}
	if len(c.MeanSeconds) == len(xs) {
		lg = append(lg, [2]string{"mean", "mean TTFT"})
	}
	lg = append(lg, [2]string{"be", "break-even"})
	if hit && c.HitBreakEven > 0 {
		lg = append(lg, [2]string{"hitbe", "hit B*"})
	}
	ranged := c.BreakEvenLow > 0 && c.BreakEvenHigh > c.BreakEvenLow
	if ranged {
		lg = append(lg, [2]string{"berange", "B* range"})
	}
	lg = append(lg, [2]string{"you", "your link"})
	type placed struct{ x, y float64 }
	at := make([]placed, len(lg))
	x, y := chartL, chartH-chartB+chartLegendRow1
	for i, it := range lg {
		w := 40 + float64(len(it[1]))*7.4
		if x > chartL && x+w-16 > chartW {
			x, y = chartL, y+chartLegendRowGap
		}
		at[i] = placed{x, y}
		x += w
	}
	height := math.Max(chartH, y+8)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="img" aria-labelledby="chart-title">`, chartW, height)
	b.WriteString(`<title id="chart-title">Time to first token against link bandwidth</title>`)
	bottom := chartH - chartB
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" class="frame"/>`, chartL, chartT, chartW-chartL-chartR, bottom-chartT)
	for k := math.Ceil(lx0); k <= math.Floor(lx1); k++ {
		x := X(math.Pow(10, k))
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%g" y2="%g" class="grid"/><text x="%.1f" y="%g" text-anchor="middle">%s</text>`, x, x, chartT, bottom, x, bottom+16, tick(k-9))
	}
	for k := ly0; k <= ly1; k++ {
		y := Y(math.Pow(10, k))
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" class="grid"/><text x="%g" y="%.1f" text-anchor="end">%s</text>`, chartL, chartW-chartR, y, y, chartL-5, y+4, tick(k))
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">link bandwidth (GB/s)</text>`, (chartL+chartW-chartR)/2, bottom+33)
	mid := (chartT + bottom) / 2
	fmt.Fprintf(&b, `<text x="13" y="%g" text-anchor="middle" transform="rotate(-90 13 %g)">time to first token (s)</text>`, mid, mid)
	points := func(vals []float64) string {
		p := make([]byte, 0, len(xs)*12)
		for i := range xs {
			if i > 0 {
				p = append(p, ' ')
			}
			p = strconv.AppendFloat(p, X(xs[i]), 'f', 1, 64)
			p = append(p, ',')
			p = strconv.AppendFloat(p, Y(vals[i]), 'f', 1, 64)
		}
		return string(p)
	}
	if ranged { // the break-even over the prefill's interval, under the lines
		x0, x1 := X(c.BreakEvenLow), X(c.BreakEvenHigh)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%g" width="%.1f" height="%g" class="berange"/>`, x0, chartT, x1-x0, bottom-chartT)
	}
	yr := Y(c.RecomputeSeconds)
	fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" class="recompute"/>`, chartL, chartW-chartR, yr, yr)
	fmt.Fprintf(&b, `<polyline points="%s" class="loadline"/>`, points(c.LoadSeconds))
	if hit {
		fmt.Fprintf(&b, `<polyline points="%s" class="hitline"/>`, points(c.HitSeconds))
	}
	if len(c.MeanSeconds) == len(xs) {
		fmt.Fprintf(&b, `<polyline points="%s" class="mean"/>`, points(c.MeanSeconds))
	}
	xb, xl := X(c.BreakEven), X(c.Link)
	fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%g" y2="%g" class="be"/>`, xb, xb, chartT, bottom)
	fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%g" y2="%g" class="you"/>`, xl, xl, chartT, bottom)
	if hit && c.HitBreakEven > 0 {
		xh := X(c.HitBreakEven)
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%g" y2="%g" class="hitbe"/>`, xh, xh, chartT, bottom)
	}
	for i, it := range lg {
		p := at[i]
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%g" y2="%g" class="%s"/><text x="%.1f" y="%g">%s</text>`, p.x, p.x+20, p.y-4, p.y-4, it[0], p.x+24, p.y, it[1])
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// tick writes 10^k as an axis label: 0.01, 1, 1000.
func tick(k float64) string {
	return strconv.FormatFloat(math.Pow(10, k), 'f', -1, 64)
}
