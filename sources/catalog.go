package sources

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/modelconfig"
)

// Provenance says where a model's config was read.
type Provenance string

// The kinds of provenance, from strongest to weakest.
const (
	// Primary: the model's own repository, code or model card.
	Primary Provenance = "primary"
	// Copy: a copy of the config (a mirror, a library's port), primary not read.
	Copy Provenance = "copy"
	// Unverified: dimensions assumed from a related model; marked as such.
	Unverified Provenance = "unverified"
	// PostOnly: only the post (or the series it cites) gives the size.
	PostOnly Provenance = "post-only"
	// Unknown: no config could be read; the cache size cannot be computed.
	Unknown Provenance = "unknown"
)

// Model is a catalog entry: what the cache formula needs, with its source.
type Model struct {
	Name    string   // display name: "Llama 3.1 405B"
	Aliases []string // other names a user may type: "llama-3.1-405b", "llama3.1:405b"
	// Attention describes the attention as a person would: "GQA",
	// "MLA", "sliding window + global", "hybrid: Gated DeltaNet + GQA".
	Attention string
	// Arch is the architecture for the cache formula. It has no groups
	// when Provenance is Unknown.
	Arch breakeven.Architecture
	// TotalParams and ActiveParams are parameter counts (0 if unknown);
	// ActiveParams equals TotalParams for a dense model.
	TotalParams, ActiveParams float64
	// Context is the maximum context in tokens (0 if unknown).
	Context breakeven.Tokens
	// Cite is where the config was read: a file and its fields, or a page.
	Cite
	Provenance Provenance
	// Note says anything a reader should know: an assumption, an
	// unverified dimension, what a published size folds in.
	Note string
	// ConfigFile is the kept config.json (see ConfigFiles) the
	// architecture is read from; "" when the model has none.
	ConfigFile string
	// Config is the model's config.json, parsed: set for a catalog model
	// with a ConfigFile and for a model read by ModelFromConfig. Its
	// parameter counts are computed from the shapes; TotalParams and
	// ActiveParams above are the published figures where a card gives
	// them.
	Config *modelconfig.Config
	// Via is the alias FindModel resolved the name through (a distill or
	// rename that shares this model's architecture), nil otherwise.
	Via *Alias
	// NameNote is the one line that says what FindModel read a typed
	// name as, when it was not the model's own name or a listed alias:
	// an alias ("LLaMA3-70B read as Llama 3.1 70B's architecture (alias:
	// Llama 3 70B, ...); Llama 3 70B's context is 8,192 tokens ...") or a
	// spelling with its case, spaces or punctuation normalised. "" for
	// the model's own name. Every front end prints it.
	NameNote string
}

// Known reports whether the model's cache size can be computed.
func (m Model) Known() bool { return m.Provenance != Unknown && len(m.Arch.Groups) > 0 }

// Slug is the canonical lower-case name: "llama-3.1-405b".
func (m Model) Slug() string { return slug(m.Name) }

// slug folds a name to lower case with runs of spaces, underscores, slashes
// and colons made into one hyphen, so "Llama 3.1 405B", "llama_3.1_405b"
// and "llama-3.1-405B" compare equal.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case r == ' ' || r == '_' || r == '-' || r == '/' || r == ':':
			dash = b.Len() > 0
		default:
			if dash {
				b.WriteByte('-')
				dash = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Models returns the catalog, in its order.
func Models() []Model {
	out := make([]Model, len(catalog))
	for i := range catalog {
		out[i] = catalogModel(i)
	}
	return out
}

// UnknownModelError reports a name that matches no model, with the nearest
// names. A suggestion is never used in place of the name: the caller shows
// it, with each candidate's attention and bytes per token, and stops.
type UnknownModelError struct {
	Name    string
	Nearest []string
	// Candidates describe Nearest, in the same order, when FindModel
	// built the error.
	Candidates []Candidate
	// TooLong is set for a name longer than MaxModelName: nothing was
	// looked up.
	TooLong bool
}

// Candidate is a suggested model: the name to type, the catalog model
// whose architecture it has, its attention and its bytes per token at 16
// bits, so a reader can see how far apart two suggestions are.
type Candidate struct {
	Name          string // as FindModel takes it: a catalog name or an alias
	Model         string // the catalog model, equal to Name unless an alias
	Attention     string
	BytesPerToken breakeven.BytesPerToken // 0 when the model's cache is unknown
}

func (c Candidate) String() string {
	s := fmt.Sprintf("%q (", c.Name)
	if c.Model != c.Name {
		s += c.Model + "'s architecture, "
	}
	if c.BytesPerToken != 0 {
		return s + fmt.Sprintf("%s; %s B/token at 16 bits)", c.Attention, breakeven.GroupThousands(float64(c.BytesPerToken), 0))
	}
	return s + c.Attention + "; cache size unknown)"
}

// MaxModelName bounds the length of a model name: the catalog's longest
// names and aliases are a few dozen characters, and a longer input is
// refused before any comparison.
const MaxModelName = 128

// Suggestion is the part of the message that lists the nearest models,
// "did you mean ...?", or "" when there are none. No suggestion is used
// unless it is given by name.
func (e *UnknownModelError) Suggestion() string {
	if len(e.Nearest) == 0 {
		return ""
	}
	list := quoteAll(e.Nearest)
	if len(e.Candidates) == len(e.Nearest) {
		list = list[:0]
		for _, c := range e.Candidates {
			list = append(list, c.String())
		}
		return "did you mean " + strings.Join(list, ", ") + "? none is used unless named"
	}
	return "did you mean " + strings.Join(list, ", ") + "?"
}

func (e *UnknownModelError) Error() string {
	if e.TooLong {
		return fmt.Sprintf("model name too long (%s characters; at most %d)", breakeven.GroupThousands(float64(len(e.Name)), 0), MaxModelName)
	}
	msg := fmt.Sprintf("unknown model %s", breakeven.Quote(e.Name))
	if s := e.Suggestion(); s != "" {
		msg += " (" + s + ")"
	}
	return msg + `; list them with "breakeven models", or read its config.json with --config`
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// FindModel returns the model whose name or alias matches name, ignoring
// case, spaces, hyphens and underscores, or the base model of a cited
// alias (a distill or rename, see Aliases), with Via set. A name that
// matches none so is read with all its spaces and punctuation
// normalised (looseKey: "Qwen 2.5-7B" is Qwen2.5-7B), unless that fits
// more than one model (an *AmbiguousModelError). NameNote says how a
// name other than the model's own was read. An unknown name returns an
// *UnknownModelError with the nearest names, ranked by family and size.
func FindModel(name string) (Model, error) {
	if len(name) > MaxModelName {
		return Model{}, &UnknownModelError{Name: name, TooLong: true}
	}
	want := slug(name)
	for i, ss := range catalogSlugs() {
		for _, s := range ss {
			if s == want {
				m := catalogModel(i)
				m.NameNote = nameNote(name, m)
				return m, nil
			}
		}
	}
	for i, ss := range aliasSlugs() {
		for _, s := range ss {
			if s == want {
				return viaAlias(i, name), nil
			}
		}
	}
	t, ok, err := findLoose(name, looseKeys())
	switch {
	case err != nil:
		return Model{}, err
	case ok && int(t) < len(catalog):
		m := catalogModel(int(t))
		m.NameNote = nameNote(name, m)
		return m, nil
	case ok:
		return viaAlias(int(t)-len(catalog), name), nil
	}
	e := &UnknownModelError{Name: name}
	for _, n := range nearest(name, want, 3) {
		e.Nearest = append(e.Nearest, n)
		e.Candidates = append(e.Candidates, candidate(n))
	}
	return Model{}, e
}

// viaAlias is the base model of alias i, read from the typed name.
func viaAlias(i int, typed string) Model {
	a := Aliases[i]
	m := MustModel(a.Model)
	m.Via = &a
	m.NameNote = nameNote(typed, m)
	return m
}

// candidate describes a suggested name.
func candidate(name string) Candidate {
	m := MustModel(name)
	c := Candidate{Name: name, Model: m.Name, Attention: m.Attention}
	if m.Known() {
		c.BytesPerToken = m.Arch.With(breakeven.BF16, 1).BytesPerToken()
	}
	return c
}

// catalogSlugs are the slugs of each catalog model's name and aliases, in
// catalog order, computed once.
var catalogSlugs = sync.OnceValue(func() [][]string {
	out := make([][]string, len(catalog))
	for i, m := range catalog {
		out[i] = []string{slug(m.Name)}
		for _, a := range m.Aliases {
			out[i] = append(out[i], slug(a))
		}
	}
	return out
})

// bag counts a slug's characters in 40 buckets (letters, digits, '-',
// '.', and one for the rest). Each edit changes the counts by at most 2
// in all, so half their difference is a lower bound on the edit distance:
// a cheap test that rules out most of the catalog before any alignment.
type bag [40]int16

func bagOf(rs []rune) bag {
	var b bag
	for _, r := range rs {
		switch {
		case r >= 'a' && r <= 'z':
			b[r-'a']++
		case r >= '0' && r <= '9':
			b[26+r-'0']++
		case r == '-':
			b[36]++
		case r == '.':
			b[37]++
		default:
			b[39]++
		}
	}
	return b
}

// within is a lower bound on the edit distance of two bags, counted
// until it passes limit.
func (b bag) within(c bag, limit int) int {
	d, stop := 0, 2*limit+1
	for i := range b {
		x := int(b[i]) - int(c[i])
		if x < 0 {
			x = -x
		}
		if d += x; d > stop {
			break
		}
	}
	return (d + 1) / 2
}

// slugForm is a catalog slug ready for comparison.
type slugForm struct {
	text  string
	runes []rune
	bag   bag
}

// The forms of the catalog's names come first, then one entry per alias;
// formName gives the name a form stands for.
var catalogForms = sync.OnceValue(func() [][]slugForm {
	all := append(catalogSlugs(), aliasSlugs()...)
	out := make([][]slugForm, len(all))
	for i, ss := range all {
		for _, s := range ss {
			rs := []rune(s)
			out[i] = append(out[i], slugForm{s, rs, bagOf(rs)})
		}
	}
	return out
})

// formName is the name suggested for entry i of catalogForms.
func formName(i int) string {
	if i < len(catalog) {
		return catalog[i].Name
	}
	return Aliases[i-len(catalog)].Name
}

// sharesWords reports whether every hyphen-separated word of s is a word
// of the form's text, as "deepseek-r1-70b" is of
// "deepseek-r1-distill-llama-70b": a name that leaves words out. It needs
// at least two words, so one common word ("70b") suggests nothing.
func sharesWords(s, text string) bool {
	words := strings.Split(s, "-")
	if len(words) < 2 {
		return false
	}
	have := strings.Split(text, "-")
	for _, w := range words {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			return false
		}
	}
	return true
}

// maxSuggestEdits is how far a suggestion may be from the input: a typo or
// two, a swapped pair; further than that a name only resembles a model.
const maxSuggestEdits = 3

// nearest returns up to k catalog names for a typed name and its slug s:
// first those one edit from s, then those of the name's family ranked by
// size (bySize), then the others closest to s by edit distance over names and aliases, within max(1,
// min(3, len(s)/4)) edits, or containing s. A bag-of-characters bound rules most names out at once, and each
// remaining comparison computes only the band within the limit, so the
// work per input is small and linear in its length.
func nearest(name, s string, k int) []string {
	type cand struct {
		name string
		d    int
	}
	rs := []rune(s)
	limit := max(1, min(maxSuggestEdits, len(rs)/4))
	in := bagOf(rs)
	var scratch [3][]int
	var cs []cand
	for i, forms := range catalogForms() {
		d := limit + 1
		for _, f := range forms {
			if n := len(f.runes) - len(rs); n > limit || -n > limit || in.within(f.bag, limit) > limit {
				continue
			}
			d = min(d, editDistanceWithin(rs, f.runes, limit, &scratch))
		}
		// Also count a name that contains the input, such as "405b".
		if s != "" && d > 1 && len(rs) >= 3 && strings.Contains(forms[0].text, s) {
			d = 1
		}
		// And one whose words include all of the input's, at the limit:
		// "deepseek-r1-70b" leaves "distill-llama" out of an alias.
		if d > limit && len(rs) <= MaxModelName {
			for _, f := range forms {
				if sharesWords(s, f.text) {
					d = limit
					break
				}
			}
		}
		if d <= limit {
			cs = append(cs, cand{formName(i), d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	// A one-edit typo first, then the same family by size, then the
	// rest by spelling.
	var out []string
	push := func(n string) {
		if len(out) < k && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, c := range cs {
		if c.d <= 1 {
			push(c.name)
		}
	}
	for _, n := range bySize(name) {
		push(n)
	}
	for _, c := range cs {
		push(c.name)
	}
	return out
}

// editDistanceWithin is the optimal-string-alignment distance
// (insertions, deletions, substitutions and swaps of two neighbours each
// cost one, so "450b" is one edit from "405b") when it is at most limit,
// and limit+1 otherwise. It computes only the band of cells within limit
// of the diagonal, three rows at a time in scratch, and stops early when
// a whole row exceeds the limit.
func editDistanceWithin(ra, rb []rune, limit int, scratch *[3][]int) int {
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	big := limit + 1
	for i := range scratch {
		if cap(scratch[i]) < len(rb)+1 {
			scratch[i] = make([]int, len(rb)+1)
		}
		scratch[i] = scratch[i][:len(rb)+1]
	}
	prev2, prev, cur := scratch[0], scratch[1], scratch[2]
	for j := range prev {
		prev[j] = min(j, big)
		prev2[j] = big
	}
	for i := 1; i <= len(ra); i++ {
		lo, hi := max(1, i-limit), min(len(rb), i+limit)
		for j := range cur {
			cur[j] = big
		}
		if i <= limit {
			cur[0] = i
		}
		rowMin := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = min(v, big)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return big
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], big)
}

// EditsWithin reports whether a and b are at most limit edits apart, by
// the distance the model-name suggestions use (editDistanceWithin): the
// command line names the nearest flag to a mistyped one with it.
func EditsWithin(a, b string, limit int) bool {
	var scratch [3][]int
	return editDistanceWithin([]rune(a), []rune(b), limit, &scratch) <= limit
}

// MustModel returns a catalog model by its exact name, for the project's
// own code; an unknown name is a programming error.
func MustModel(name string) Model {
	m, err := FindModel(name)
	if err != nil {
		panic(err)
	}
	m.NameNote = ""
	return m
}

// catalog is the whole model list: the models read from configs
// (configModels, in models.go, deepSeekV4Models, in registry_newer.go,
// then configOnlyList, in aliases.go) and the
// post's newer models, known only by their published sizes. An entry with
// a ConfigFile holds here only what is typed in Go (names, citation,
// note); catalogModel completes it from its config the first time it is
// asked for, so a start-up (the page's module above all) parses no config
// it does not use. Everything that reads a model's numbers goes through
// catalogModel (FindModel, Models).
var catalog = catalogEntries()

func catalogEntries() []Model {
	out := append(append([]Model(nil), configModels...), deepSeekV4Models...)
	for _, e := range configOnlyList {
		out = append(out, Model{
			Name:       e.Name,
			Aliases:    e.Aliases,
			Cite:       configCite(e.File, e.Fields, e.Quote),
			Provenance: Copy,
			Note:       e.Note,
			ConfigFile: e.File,
		})
		if base, ok := checkpointOf[e.Name]; ok {
			i := slices.IndexFunc(out, func(m Model) bool { return m.Name == base })
			if i < 0 {
				panic("sources: " + e.Name + " is a checkpoint of " + base + ", which the catalog does not list before it")
			}
			// A model read from its config alone has none typed: the
			// checkpoint reads its own config's, as the model does.
			out[len(out)-1].Context = out[i].Context
		}
	}
	for _, m := range NewerModels {
		// A newer model read from its own config keeps that entry.
		if !slices.ContainsFunc(out, func(e Model) bool { return e.Name == m.Name }) {
			out = append(out, m.Model())
		}
	}
	return out
}

// completed holds each catalog entry completed from its config, once.
var completed = func() []func() Model {
	out := make([]func() Model, len(catalog))
	for i := range catalog {
		out[i] = sync.OnceValue(func() Model { return complete(catalog[i], i >= len(configModels)+len(deepSeekV4Models)) })
	}
	return out
}()

// catalogModel is catalog entry i with what its config gives.
func catalogModel(i int) Model { return completed[i]() }

// complete fills a catalog entry with what its kept config gives: the
// parsed config and the cache architecture, and for a model known only
// from its config (configOnlyList) its attention, parameter counts,
// context and the config's own notes too.
func complete(m Model, configOnly bool) Model {
	if m.ConfigFile == "" {
		return m
	}
	c := KeptConfig(m.ConfigFile)
	if c.Weights.Bytes == 0 && m.TotalParams > 0 {
		// A checkpoint whose routed experts are stored apart (DeepSeek
		// V4's FP4 experts) over the published total.
		c.Weights = c.WeightsOf(m.TotalParams)
	}
	m.Config = &c
	m.Arch = c.Arch
	// An entry that types only its published counts (DeepSeek V4) takes
	// its family and context from the config, not typed a second time.
	if m.Attention == "" {
		m.Attention = c.Family
	}
	if m.Context == 0 {
		m.Context = c.Context
	}
	if configOnly {
		m.Attention = c.Family
		m.TotalParams, m.ActiveParams = c.TotalParams, c.ActiveParams
		if m.Context == 0 { // else its model's (checkpointOf)
			m.Context = c.Context
		}
		if c.TotalParams > 0 {
			// A family whose weights are not modelled leaves them at
			// zero, and its notes say why.
			m.Note += "; parameters computed from the config's shapes"
		}
		m.Note += notes(c.Notes)
	}
	return m
}
