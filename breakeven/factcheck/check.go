package factcheck

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Verdict is the outcome of checking a claim.
type Verdict string

// The verdicts, from best to worst.
const (
	// Plausible: the stated links carry the bandwidth the claim needs; with
	// no link stated, the need is within the host ceiling.
	Plausible Verdict = "plausible"
	// NeedsMoreLinks: the stated links fall short, but more of them would
	// carry it within the host ceiling.
	NeedsMoreLinks Verdict = "needs-more-links"
	// Implausible: the claim needs more than the host ceiling, whatever
	// links it used; it must have moved a smaller cache than stated.
	Implausible Verdict = "implausible-as-stated"
)

// Verdicts lists the verdicts from best to worst.
var Verdicts = []Verdict{Plausible, NeedsMoreLinks, Implausible}

// AtLeast reports whether v is as bad as w or worse.
func (v Verdict) AtLeast(w Verdict) bool { return v.rank() >= w.rank() }

func (v Verdict) rank() int {
	for i, x := range Verdicts {
		if x == v {
			return i
		}
	}
	return -1
}

// Claim is a vendor's "this many tokens of this model loaded in this
// many seconds", as written: on the command line or in a row of a claims
// file. Check parses it.
type Claim struct {
	Model   string // a catalog name or alias: "llama-3.1-70b"
	Tokens  string // "105000", "105k", "128Ki"
	Seconds string // the claimed load or cached TTFT: "0.58", "580ms"
	Links   string // the stated links, "" if none: "1x400Gbit/s", "2x100GbE", "ndr"
	KVDtype string // the KV element type, "" for the default: "fp8"
	Source  string // who made the claim (source ids), kept as given
	Note    string
	Line    int // the line in a claims file; 0 elsewhere
}

// Options set what a Checker assumes where a claim says nothing.
type Options struct {
	// Element is the KV element type of a claim that names none; the zero
	// value is the post's 16 bits (sources.PostElement).
	Element breakeven.ElementType
	// Ceiling is the most one host can take in, whatever its links; above
	// it a claim is implausible as stated. Zero means
	// sources.WEKAHostBandwidth, WEKA's ~300 GB/s per DGX H100 host, the
	// highest delivery into one host that any source here reports.
	Ceiling breakeven.Bandwidth
	// AllowBeyondContext checks prompts longer than the model's context.
	AllowBeyondContext bool
}

// Result is a checked claim.
type Result struct {
	Claim   Claim
	Model   sources.Model
	Tokens  breakeven.Tokens
	Seconds breakeven.Seconds
	Element breakeven.ElementType
	// PerToken is the cache per token averaged over the prompt, windows
	// and fixed state included.
	PerToken breakeven.BytesPerToken
	Cache    breakeven.Bytes     // the cache the claim moves
	Required breakeven.Bandwidth // Cache / Seconds
	// Link is the stated links, nil if none.
	Link *breakeven.Link
	// LinksNeeded is how many links like the stated ones carry Required at
	// line rate; 0 if no link is stated.
	LinksNeeded int
	Ceiling     breakeven.Bandwidth
	// Shrink is how many times smaller the cache would have to be to fit
	// the stated links (or the ceiling, with no link stated); at most 1 when
	// it fits already.
	Shrink float64
	// FitsWith is the widest KV element type, smaller than Element, with
	// which the claim would fit; nil if it fits already or none does.
	FitsWith *breakeven.ElementType
	Verdict  Verdict
	// Explanation says why, in one sentence.
	Explanation string
}

// Capacity returns what the stated links carry, 0 if none is stated.
func (r Result) Capacity() breakeven.Bandwidth {
	if r.Link == nil {
		return 0
	}
	return r.Link.Total()
}

// Checker checks claims. It remembers the models and links it has
// resolved, so a file of many claims on few models is checked quickly. A
// Checker is not safe for concurrent use.
type Checker struct {
	opt    Options
	models map[string]modelLookup
	links  map[string]linkLookup
}

type modelLookup struct {
	m   sources.Model
	err error
}

type linkLookup struct {
	l   breakeven.Link
	err error
}

// NewChecker returns a Checker with the given options.
func NewChecker(opt Options) *Checker {
	if opt.Element.Size == 0 {
		opt.Element = sources.PostElement()
	}
	if opt.Ceiling == 0 {
		opt.Ceiling = sources.WEKAHostBandwidth.V()
	}
	return &Checker{opt: opt, models: map[string]modelLookup{}, links: map[string]linkLookup{}}
}

// Check parses and checks one claim. The error, if any, is a *breakeven.FieldError.
func Check(c Claim, opt Options) (Result, error) { return NewChecker(opt).Check(c) }

// Example values shown in errors.
const (
	exampleModel   = `"llama-3.1-70b"; list them with "breakeven models"`
	exampleTokens  = `"105000", "105k", "128Ki"`
	exampleSeconds = `"0.58", "580ms", "3s"`
)

// Check parses and checks one claim:
//
//	cache    = the model's cache of N tokens at the claim's KV type
//	required = cache / seconds
//	links    = ceil(required / one stated link)
//
// and gives a verdict. The error, if any, is a *breakeven.FieldError.
func (c *Checker) Check(cl Claim) (Result, error) {
	r := Result{Claim: cl, Ceiling: c.opt.Ceiling}
	var err error
	if r.Model, err = c.model(cl.Model); err != nil {
		return r, err
	}
	if r.Tokens, err = c.tokens(cl.Tokens, r.Model); err != nil {
		return r, err
	}
	t, err := breakeven.ParseSeconds(cl.Seconds)
	if err != nil {
		return r, breakeven.FieldFromParse("seconds", cl.Seconds, err, exampleSeconds)
	}
	r.Seconds = t
	r.Element = c.opt.Element
	if strings.TrimSpace(cl.KVDtype) != "" {
		if r.Element, err = breakeven.ParseElementType(cl.KVDtype); err != nil {
			return r, breakeven.FieldFromParse("kv-dtype", cl.KVDtype, err, breakeven.ExampleElement)
		}
	}
	if strings.TrimSpace(cl.Links) != "" {
		l, err := c.link(cl.Links)
		if err != nil {
			return r, err
		}
		r.Link = &l
	}

	arch := r.Model.Arch.With(r.Element, 1)
	r.Cache, r.Required = Need(arch, r.Tokens, r.Seconds)
	r.PerToken = arch.MeanBytesPerToken(r.Tokens)
	if !inRange(float64(r.Cache)) {
		return r, breakeven.Bad("tokens", cl.Tokens, fmt.Sprintf("gives a cache of %g bytes, too large to check", float64(r.Cache)), exampleTokens)
	}
	if !inRange(float64(r.Required)) {
		return r, breakeven.Bad("seconds", cl.Seconds, fmt.Sprintf("gives a bandwidth of %g bytes/s, out of range", float64(r.Required)), exampleSeconds)
	}
	ref := r.Ceiling
	if r.Link != nil {
		ratio := float64(r.Required / r.Link.Each)
		if ratio > maxLinksNeeded {
			return r, breakeven.Bad("links", cl.Links, fmt.Sprintf("each link carries %v, so the claim would take more than %g of them", r.Link.Each, float64(maxLinksNeeded)), breakeven.ExampleLink)
		}
		r.LinksNeeded = Links(r.Required, r.Link.Each)
		ref = r.Link.Total()
	}
	r.Shrink = float64(r.Required / ref)
	if r.Shrink > 1+tolerance {
		r.FitsWith = c.smallerElement(r, arch, ref)
	}
	r.Verdict, r.Explanation = c.verdict(r)
	return r, nil
}

// Need is the arithmetic of a timed claim, the core of Check: the cache of
// n tokens of arch, and the bandwidth that moves it in t (cache / t). The
// post's claim rows (package post) are this over intervals.
func Need(arch breakeven.Architecture, n breakeven.Tokens, t breakeven.Seconds) (breakeven.Bytes, breakeven.Bandwidth) {
	cache := arch.CacheSize(n)
	return cache, breakeven.RequiredBandwidth(cache, t)
}

// Links is how many links of speed each carry need at line rate: at
// least one, since breakeven.LinksNeeded's absolute tolerance rounds a
// need far below one link down to none.
func Links(need, each breakeven.Bandwidth) int {
	return max(1, breakeven.LinksNeeded(need, each))
}

// tolerance keeps a claim that needs exactly what its links carry from
// failing on rounding.
const tolerance = 1e-9

// maxLinksNeeded bounds the links a claim may need before its stated
// link is treated as a typo (a "10 Mbit/s" for "10 Gbit/s").
const maxLinksNeeded = 1e6

// inRange reports whether a derived quantity in SI units is one the
// checker prints: finite, and neither vanishingly small nor absurdly
// large (so no NaN, Inf or 300-digit number reaches the output).
func inRange(x float64) bool { return !math.IsNaN(x) && x >= 1e-12 && x <= 1e21 }

func (c *Checker) model(name string) (sources.Model, error) {
	if l, ok := c.models[name]; ok {
		return l.m, l.err
	}
	m, err := findModel(name)
	c.models[name] = modelLookup{m, err}
	return m, err
}

// findModel resolves a model name into one with a computable cache.
func findModel(name string) (sources.Model, error) {
	if strings.TrimSpace(name) == "" {
		return sources.Model{}, breakeven.Bad("model", name, "missing", exampleModel)
	}
	m, err := sources.FindModel(name)
	var unknown *sources.UnknownModelError
	if errors.As(err, &unknown) && unknown.TooLong {
		return m, breakeven.Bad("model", name, err.Error(), exampleModel)
	}
	if errors.As(err, &unknown) {
		reason := "unknown model"
		if len(unknown.Nearest) > 0 {
			reason += fmt.Sprintf("; did you mean %s?", quoteAll(unknown.Nearest))
		}
		return m, breakeven.Bad("model", name, reason, exampleModel)
	}
	if err != nil {
		return m, breakeven.Bad("model", name, err.Error(), exampleModel)
	}
	if !m.Known() {
		return m, breakeven.Bad("model", name, m.Name+" has no published config, so its cache size cannot be computed", exampleModel)
	}
	return m, nil
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// tokens reads a whole, positive token count within the model's context.
func (c *Checker) tokens(s string, m sources.Model) (breakeven.Tokens, error) {
	n, err := breakeven.ParseTokens(s)
	if err != nil {
		return 0, breakeven.FieldFromParse("tokens", s, err, exampleTokens)
	}
	if n < 1 || n != breakeven.Tokens(math.Trunc(float64(n))) {
		return 0, breakeven.Bad("tokens", s, "not a whole number of tokens", exampleTokens)
	}
	if m.Context > 0 && n > m.Context && !c.opt.AllowBeyondContext {
		return 0, breakeven.Bad("tokens", s, fmt.Sprintf("beyond %s's context of %v tokens; --allow-beyond-context checks it anyway", m.Name, m.Context),
			fmt.Sprintf("%q", strconv.FormatFloat(float64(m.Context), 'f', -1, 64)))
	}
	return n, nil
}

func (c *Checker) link(s string) (breakeven.Link, error) {
	if l, ok := c.links[s]; ok {
		return l.l, l.err
	}
	l, err := breakeven.ParseLink(s, sources.PresetLink)
	if err != nil {
		err = breakeven.FieldFromParse("links", s, err, breakeven.ExampleLink)
	}
	c.links[s] = linkLookup{l, err}
	return l, err
}

// smallerElement returns the widest element type smaller than the
// claim's with which the cache fits in ref, or nil. It recomputes the
// cache, since a fixed state does not shrink with the element type.
func (c *Checker) smallerElement(r Result, arch breakeven.Architecture, ref breakeven.Bandwidth) *breakeven.ElementType {
	var best *breakeven.ElementType
	for _, t := range breakeven.ElementTypes {
		if t.Size >= r.Element.Size || (best != nil && t.Size <= best.Size) {
			continue
		}
		need := breakeven.RequiredBandwidth(arch.With(t, 1).CacheSize(r.Tokens), r.Seconds)
		if float64(need) <= float64(ref)*(1+tolerance) {
			t := t
			best = &t
		}
	}
	return best
}

// verdict decides and explains.
func (c *Checker) verdict(r Result) (Verdict, string) {
	need := "needs " + r.Required.String()
	ceiling := c.ceilingText()
	fits := r.Required <= r.Ceiling*(1+tolerance)
	if r.Link == nil {
		if fits {
			return Plausible, fmt.Sprintf("%s, with no link stated: within %s (%s would carry it)", need, ceiling, suggestLinks(r.Required))
		}
		return Implausible, fmt.Sprintf("%s, more than %s, whatever its links; %s", need, ceiling, r.FitText(false))
	}
	carry := fmt.Sprintf("the stated %s %v", r.Link.Carries(), r.Link.Total())
	if r.Shrink <= 1+tolerance {
		return Plausible, fmt.Sprintf("%s; %s", need, carry)
	}
	if fits {
		return NeedsMoreLinks, fmt.Sprintf("%s but %s: it takes %d such links, or %s", need, carry, r.LinksNeeded, r.FitText(false))
	}
	return Implausible, fmt.Sprintf("%s, more than %s; %s, and it takes %d such links or %s", need, ceiling, carry, r.LinksNeeded, r.FitText(false))
}

func (c *Checker) ceilingText() string {
	if c.opt.Ceiling == sources.WEKAHostBandwidth.V() {
		return fmt.Sprintf("the %v per DGX H100 host that WEKA states", c.opt.Ceiling)
	}
	return fmt.Sprintf("the ceiling of %v per host", c.opt.Ceiling)
}

// suggestLinks names how many 100GbE or 400GbE links carry bw.
func suggestLinks(bw breakeven.Bandwidth) string {
	l400 := max(1, breakeven.LinksNeeded(bw, sources.Link400GbE.V()))
	if l100 := max(1, breakeven.LinksNeeded(bw, sources.Link100GbE.V())); l100 <= 2 {
		return fmt.Sprintf("%d x 100GbE", l100)
	}
	return fmt.Sprintf("%d x 400GbE", l400)
}

// FitText says what smaller cache would make the claim fit, or "" if it
// fits. Long adds the TurboQuant comparison where a standard type would
// do.
func (r Result) FitText(long bool) string {
	if r.Shrink <= 1+tolerance {
		return ""
	}
	s := fmt.Sprintf("a cache %sx smaller", breakeven.FormatSignificant(r.Shrink, breakeven.DefaultSignificant))
	tq := sources.TurboQuantFactor.V()
	switch {
	case r.FitsWith != nil:
		ratio := float64(r.Element.Size / r.FitsWith.Size)
		s += fmt.Sprintf(" (%s, %gx smaller than %s, would do)", r.FitsWith.Name, ratio, r.Element.Name)
		if long {
			s += fmt.Sprintf("; TurboQuant reports more than %gx", tq)
		}
	case r.Shrink <= tq:
		s += fmt.Sprintf(", beyond any smaller KV type here but within TurboQuant's reported more than %gx", tq)
	default:
		s += fmt.Sprintf(", more than TurboQuant's reported %gx", tq)
	}
	return s
}
