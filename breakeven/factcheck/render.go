package factcheck

import (
	"fmt"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// Row is one line of a checked claim as a person reads it (page.Row,
// shared with the calculator's answer).
type Row = page.Row

// Rendering is a checked claim as text, and its only rendering: check
// prints it (Text), the Markdown and HTML report writes it (Items, under
// Heading) and the page shows its rows (Rows). Render makes it.
type Rendering struct {
	// Answer is the check's answer in one sentence: the figures, what
	// bounds them and the verdict in words (Result.Answer).
	Answer string `json:"answer"`
	// Title is what the claim states: "Llama 3.1 70B, 105,000 tokens in
	// 580 ms", "a throughput of 40.0 GB/s".
	Title string `json:"title"`
	// KV is the cache it was checked at, "16-bit KV cache"; "" when no
	// model's cache is computed.
	KV string `json:"kv,omitempty"`
	// Figures are the figures check prints in columns: the token reading,
	// the cache, the times, the need, the links, the host, what would fit
	// and the verdict.
	Figures []Row `json:"figures"`
	// Verdict and Explanation: the verdict and why, in one sentence.
	Verdict     Verdict `json:"verdict"`
	Explanation string  `json:"explanation"`
	// Findings are what else the check found, a sentence each.
	Findings []string `json:"findings"`
	// Arithmetic is the claim's arithmetic in one line.
	Arithmetic string `json:"arithmetic"`
	// Assumptions are what the check assumed: the token reading, the KV
	// type, the host, what the time measures.
	Assumptions []string `json:"assumptions"`
	// Command is the command that checks the claim again.
	Command string `json:"command"`
	// Sources name the claim's sources, each with its title, publisher,
	// date and address where the registry has them; the first carries
	// the locator. Refs are the same, the address apart, for a link.
	Sources []string `json:"sources"`
	Refs    []Ref    `json:"refs"`
	// Also are the columns of a claims file the checker does not read,
	// "name: value", in file order.
	Also []string `json:"also,omitempty"`
	// ID, Line, Quote and Note are the claim's, as given.
	ID    string `json:"id,omitempty"`
	Line  int    `json:"line,omitempty"`
	Quote string `json:"quote,omitempty"`
	Note  string `json:"note,omitempty"`
}

// Ref is one source of a claim: its text ("nand-weka: Research Note: ...,
// NAND Research"), its address ("" if none) and, for the first, the
// locator in it.
type Ref struct {
	Text    string `json:"text"`
	URL     string `json:"url,omitempty"`
	Locator string `json:"locator,omitempty"`
}

// String is the source as one line of text, its address after it.
func (s Ref) String() string {
	t := s.Text
	if s.URL != "" && s.URL != s.Text {
		t += ", " + s.URL
	}
	if s.Locator != "" {
		t += "; " + s.Locator
	}
	return t
}

// Render writes a checked claim as a Rendering. A figure a Result gains
// is a row of figures (check's columns), an item of Items (the report)
// and, if the page shows it, a row of Rows: each a list, in order.
func Render(r Result) Rendering {
	d := Rendering{Answer: r.Answer(), Title: title(r), Verdict: r.Verdict, Explanation: r.Explanation(), Findings: r.Findings(),
		Arithmetic: r.Arithmetic(), Assumptions: r.Assumptions(), Command: r.Command(), Refs: sourceRefs(r),
		ID: r.Claim.ID, Line: r.Claim.Line, Quote: r.Claim.Quote, Note: r.Claim.Note}
	for _, s := range d.Refs {
		d.Sources = append(d.Sources, s.String())
	}
	if r.Model.Known() && !r.Payload {
		d.KV = r.Element.Name + " KV cache"
	}
	for _, f := range r.Claim.Extra {
		if f.Value != "" {
			d.Also = append(d.Also, f.Name+": "+f.Value)
		}
	}
	d.Figures = figures(r)
	return d
}

// title says what the claim states.
func title(r Result) string {
	throughput := r.ThroughputText()
	switch {
	case r.Payload && r.Model.Known():
		return fmt.Sprintf("%s, a stated payload of %v in %v", r.Model.Name, r.Size, r.Seconds)
	case r.Payload:
		return fmt.Sprintf("a stated payload of %v in %v", r.Size, r.Seconds)
	case r.Model.Known() && r.Seconds > 0 && r.Tokens > 0:
		return fmt.Sprintf("%s, %s in %v", r.Model.Name, tokenCount(r.Tokens), r.Seconds)
	case r.Model.Known() && r.Seconds > 0:
		return fmt.Sprintf("%s, a load in %v", r.Model.Name, r.Seconds)
	case r.Model.Known() && r.Tokens > 0 && r.Throughput > 0:
		return fmt.Sprintf("%s, %s at a throughput of %s", r.Model.Name, tokenCount(r.Tokens), throughput)
	case r.Model.Known() && r.Tokens > 0:
		return fmt.Sprintf("%s, %s", r.Model.Name, tokenCount(r.Tokens))
	case r.Model.Known():
		return fmt.Sprintf("%s, a throughput of %s", r.Model.Name, throughput)
	}
	return "a throughput of " + throughput
}

// figures are the claim's figures, one a row, the verdict last.
func figures(r Result) []Row {
	var rows []Row
	add := func(key, label, text string) { rows = append(rows, Row{Key: key, Label: label, Text: text}) }
	if r.Model.NameNote != "" {
		// The model's name was read as another (an alias, a normalised spelling).
		add("name_note", "name", r.Model.NameNote)
	}
	if r.TokenReading != "" {
		reading := r.TokenReading
		if r.OtherRequired > 0 {
			reading += ", which would need " + r.OtherRequired.String()
		}
		add("tokens", "tokens", reading)
	}
	if a := r.ConfigAssumptions(); len(a) > 0 {
		add("config_assumptions", "assumed", strings.Join(a, "; "))
	}
	if r.Model.Known() && r.Tokens > 0 {
		add("cache", "cache", fmt.Sprintf("%v (%s; %v)", r.Cache, r.Cache.IEC(), r.PerToken))
	}
	if r.Hit < 1 {
		add("loaded", "loaded", fmt.Sprintf("%v: %s of the prompt from the cache", r.Loaded, breakeven.Percent(r.Hit)))
	}
	if r.SizeCheck != nil {
		add("size", "size stated", fmt.Sprintf("%v (%s)", r.SizeCheck.Stated, r.SizeCheck.Stated.IEC()))
	}
	if r.Seconds > 0 {
		what := "time to first token"
		if r.SecondsAre == SecondsLoad {
			what = "load"
		}
		add("time", "time", fmt.Sprintf("%v (%s)", r.Seconds, what))
	}
	if r.Uncached > 0 {
		add("uncached", "uncached", r.Uncached.String())
	}
	if r.Prefill > 0 {
		// What the uncached time gives: r, and B* = r x b.
		add("prefill", "prefill", fmt.Sprintf("%v (%s in %v)", r.Prefill, r.Tokens.Count(), r.Uncached))
		add("break_even", "break-even", fmt.Sprintf("%v (%s): loading beats recomputing above it", r.BreakEven, r.BreakEven.Bits()))
	}
	if r.Throughput > 0 {
		per := "in total"
		if r.PerNode {
			per = "per node"
		}
		text := fmt.Sprintf("%v (%s), %s", r.Throughput, r.Throughput.Bits(), per)
		if r.ThroughputRate > 0 {
			text = fmt.Sprintf("%v x %v = %s", r.ThroughputRate, r.ThroughputPerToken(), text)
		}
		add("throughput", "throughput", text)
	}
	if r.Required > 0 {
		need := fmt.Sprintf("%v (%s)", r.Required, r.Required.Bits())
		if r.NeedIsFloor {
			need += ", a floor"
		}
		add("required", "bandwidth needed", need)
		if r.Link != nil {
			links := r.LinkText()
			if total := r.Link.Total().String(); links != total {
				links += ": " + total
			}
			add("links", "stated links", links)
			add("links_needed", "links needed", fmt.Sprintf("%d such %s", r.LinksNeeded, textfmt.Plural(r.LinksNeeded, "link", "links")))
			add("utilisation", "utilisation", utilisation(r))
		} else {
			add("links", "stated links", "none")
		}
		switch {
		case r.CeilingFrom == "--ceiling":
			add("ceiling", "host ceiling", r.Ceiling.String()+" (--ceiling)")
		case r.Host != nil:
			add("ceiling", "host", fmt.Sprintf("%s: takes in at most %v (%s); load path: %s, %s", r.Host.Name, r.Ceiling, r.ceilingBreakdown(), r.Path.Name, r.PathWhy))
		default:
			add("ceiling", "host", "none stated, so no ceiling is assumed (--host names one)")
		}
	}
	if fit := r.FitText(true); fit != "" && r.Seconds > 0 {
		add("fit", "to fit", fit)
	}
	add("verdict", "verdict", string(r.Verdict))
	return rows
}

// utilisation is the need over what the stated links carry: "119% of
// the stated links (59.3 GB/s of 50.0 GB/s)".
func utilisation(r Result) string {
	return fmt.Sprintf("%s of the stated links (%v of %v)", breakeven.Percent(r.Utilisation()), r.Required, r.Link.Total())
}

// sourceRefs names the claim's sources: each id with its title,
// publisher and address where the registry has it; a source written as
// an http(s) address is its own address.
func sourceRefs(res Result) []Ref {
	var out []Ref
	for _, id := range strings.Split(res.Claim.Source, ";") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		s, ok := sources.Lookup(sources.SourceID(id))
		if !ok {
			ref := Ref{Text: id}
			if webAddress(id) {
				ref.URL = id
			}
			out = append(out, ref)
			continue
		}
		t := fmt.Sprintf("%s: %s, %s", id, s.Title, s.Publisher)
		if s.Date != "" {
			t += " (" + s.Date + ")"
		}
		ref := Ref{Text: t}
		if webAddress(s.URL) {
			ref.URL = s.URL
		}
		out = append(out, ref)
	}
	if len(out) == 0 {
		out = append(out, Ref{Text: "none given"})
	}
	out[0].Locator = res.Claim.Locator
	return out
}

// webAddress reports an http or https address with no space in it, one
// a report may link to.
func webAddress(s string) bool {
	l := strings.ToLower(s)
	return (strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://")) && len(s) > len("https://") &&
		!strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '"' || r == '<' || r == '>' || r == '`' })
}

// Get returns the text of the figure with the key, "" if there is none.
func (d Rendering) Get(key string) string {
	for _, row := range d.Figures {
		if row.Key == key {
			return row.Text
		}
	}
	return ""
}

// Text is what check prints for one claim: the title, the figures as
// "label   value", the explanation and the findings, wrapped to 80
// columns. A finding the tokens line already says is not repeated.
func (d Rendering) Text() string {
	var b strings.Builder
	head := d.Title
	if d.KV != "" {
		head += ", " + d.KV
	}
	b.WriteString(textfmt.Wrap(head, textfmt.ProseWidth, "  ") + "\n\n")
	b.WriteString(textfmt.Wrap(d.Answer+".", textfmt.ProseWidth, "") + "\n\n")
	for _, row := range d.Figures {
		textfmt.Line(&b, row.Label, row.Text)
	}
	b.WriteString("\n" + textfmt.Wrap(d.Explanation, textfmt.ProseWidth, "") + "\n")
	tokens := d.Get("tokens")
	for _, f := range d.Findings {
		if f == tokens {
			continue // on the tokens line
		}
		b.WriteString(textfmt.Wrap("- "+f, textfmt.ProseWidth, "  ") + "\n")
	}
	return b.String()
}

// Heading names the claim in a report: its id, or its line in a claims
// file, and its title.
func (d Rendering) Heading() string {
	switch {
	case d.ID != "":
		return d.ID + ": " + d.Title
	case d.Line > 0:
		return "line " + strconv.Itoa(d.Line) + ": " + d.Title
	}
	return d.Title
}

// Items are the report's list for the claim, after its answer and its
// quote: its sources (key "source-N", Refs[N]), the assumptions, the
// arithmetic, the prefill speed r and the break-even B* an uncached time
// gives, the links' utilisation, the verdict with its reason, the
// findings, what else its row stated, its note and the command that
// checks it again (key "command").
func (d Rendering) Items() []Row {
	var items []Row
	add := func(key, label, text string) { items = append(items, Row{Key: key, Label: label, Text: text}) }
	if n := d.Get("name_note"); n != "" {
		add("name_note", "Name", n)
	}
	for i, s := range d.Sources {
		add("source-"+strconv.Itoa(i), "Source", s)
	}
	add("assumptions", "Assumptions", strings.Join(d.Assumptions, "; "))
	add("arithmetic", "Arithmetic", d.Arithmetic)
	if r := d.Get("prefill"); r != "" {
		add("prefill", "Prefill r", r)
		add("break_even", "Break-even B* = r x b", d.Get("break_even"))
	}
	if u := d.Get("utilisation"); u != "" {
		add("utilisation", "Link utilisation", u)
	}
	add("verdict", "Verdict", string(d.Verdict)+": "+d.Explanation)
	for i, f := range d.Findings {
		add("finding-"+strconv.Itoa(i), "Finding", f)
	}
	for i, a := range d.Also {
		add("also-"+strconv.Itoa(i), "Also stated", a)
	}
	if d.Note != "" {
		add("note", "Note", d.Note)
	}
	add("command", "Reproduce", d.Command)
	return items
}

// Rows are what the page shows for the claim: the answer, the verdict and why, the
// bandwidth needed, the findings, the arithmetic and the command that
// checks it again.
func (d Rendering) Rows() []Row {
	rows := []Row{{Key: "answer", Label: "answer", Text: d.Answer}, {Key: "verdict", Label: "verdict", Text: string(d.Verdict)}, {Key: "explanation", Label: "why", Text: d.Explanation}}
	if n := d.Get("name_note"); n != "" {
		rows = append(rows, Row{Key: "name_note", Label: "name", Text: n})
	}
	if need := d.Get("required"); need != "" {
		rows = append(rows, Row{Key: "required", Label: "bandwidth needed", Text: need})
	}
	for i, f := range d.Findings {
		rows = append(rows, Row{Key: "finding-" + strconv.Itoa(i), Label: "finding", Text: f})
	}
	return append(rows, Row{Key: "arithmetic", Label: "arithmetic", Text: d.Arithmetic}, Row{Key: "command", Label: "checked again by", Text: d.Command})
}
