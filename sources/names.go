package sources

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds how a typed model name is read: the looser key that
// forgives spaces and punctuation, the line that says what a name was
// read as, and the parts of a name (family, version, parameter counts)
// by which suggestions are ranked.

// looseKey folds a name to its words: runs of letters and runs of digits
// (a dot between two digits stays, "2.5"), joined by hyphens, whatever
// separated them. "Qwen 2.5-7B", "qwen2.5_7b" and "Qwen-2.5-7B" all give
// "qwen-2.5-7-b". A name of punctuation only gives "".
func looseKey(s string) string {
	rs := []rune(strings.ToLower(s))
	var b strings.Builder
	class := func(r rune) int {
		switch {
		case unicode.IsLetter(r):
			return 1
		case unicode.IsDigit(r):
			return 2
		}
		return 0
	}
	prev, dot := 0, false // the class of the last rune written (0 after a separator); whether it was a decimal dot
	for i, r := range rs {
		c := class(r)
		if r == '.' && prev == 2 && i+1 < len(rs) && class(rs[i+1]) == 2 {
			b.WriteRune(r) // "2.5": the next digit continues the word
			dot = true
			continue
		}
		if c == 0 {
			prev = 0
			continue
		}
		if b.Len() > 0 && c != prev && !dot {
			b.WriteByte('-')
		}
		b.WriteRune(r)
		prev, dot = c, false
	}
	return b.String()
}

// HasNameCharacters reports whether s has a letter or a digit: a name of
// punctuation only names nothing.
func HasNameCharacters(s string) bool { return looseKey(s) != "" }

// looseTarget is what a loose key stands for: a catalog model (index in
// catalog) or an alias (index in Aliases, offset by len(catalog)).
type looseTarget int

// looseKeys maps each loose key of the catalog's names and aliases, and
// of the cited aliases' names, to the targets that have it. A repository
// name ("owner/name") counts also without its owner.
var looseKeys = sync.OnceValue(func() map[string][]looseTarget {
	out := map[string][]looseTarget{}
	add := func(key string, t looseTarget) {
		for _, have := range out[key] {
			if have == t {
				return
			}
		}
		out[key] = append(out[key], t)
	}
	// Each name, and a repository's name without its owner
	// ("Meta-Llama-3-8B-Instruct" of "meta-llama/Meta-Llama-3-8B-Instruct").
	keysOf := func(names []string) []string {
		var ks []string
		for _, s := range names {
			ks = append(ks, looseKey(s))
			if i := strings.LastIndex(s, "/"); i >= 0 {
				ks = append(ks, looseKey(s[i+1:]))
			}
		}
		return ks
	}
	for i, m := range catalog {
		for _, k := range keysOf(append([]string{m.Name}, m.Aliases...)) {
			add(k, looseTarget(i))
		}
	}
	for i, a := range Aliases {
		for _, k := range keysOf(append([]string{a.Name}, a.Also...)) {
			add(k, looseTarget(len(catalog)+i))
		}
	}
	return out
})

// targetName is the name a loose target is shown by.
func targetName(t looseTarget) string { return formName(int(t)) }

// AmbiguousModelError reports a name that, with its spaces and
// punctuation normalised, is the name of more than one model. None is
// used: the caller lists the candidates and stops.
type AmbiguousModelError struct {
	Name       string
	Candidates []string // catalog names or alias names, each a valid input
}

func (e *AmbiguousModelError) Error() string {
	return fmt.Sprintf("ambiguous model name %s: with spaces and punctuation normalised it could be %s; name one",
		breakeven.Quote(e.Name), strings.Join(quoteAll(e.Candidates), " or "))
}

// findLoose looks a name up by its loose key in keys: the one target it
// names, or an *AmbiguousModelError, or ok false when it names none.
func findLoose(name string, keys map[string][]looseTarget) (looseTarget, bool, error) {
	ts := keys[looseKey(name)]
	switch {
	case looseKey(name) == "" || len(ts) == 0:
		return 0, false, nil
	case len(ts) > 1:
		e := &AmbiguousModelError{Name: name}
		for _, t := range ts {
			e.Candidates = append(e.Candidates, targetName(t))
		}
		return 0, false, e
	}
	return ts[0], true, nil
}

// nameNote is the line that says what a typed name was read as, or ""
// for the model's own name (or its slug, "llama-3.1-70b", the form the
// docs use). A cited alias says whose architecture answers and, where
// the alias's own model has a different cited context, both contexts. A
// listed alias, or a spelling normalised, says which.
func nameNote(typed string, m Model) string {
	typed = strings.TrimSpace(typed)
	shown := typed
	if strings.ContainsFunc(typed, func(r rune) bool { return !unicode.IsPrint(r) }) {
		shown = strconv.Quote(typed) // keep the note on one line
	}
	if a := m.Via; a != nil {
		s := fmt.Sprintf("%s read as %s's architecture (alias: %s, per %s)", shown, m.Name, a.Name, a.Source)
		if how := spelling(typed, a.Name, a.Also); strings.HasPrefix(how, "the repository") {
			s += ", " + how
		}
		if a.Context > 0 && a.Context != m.Context {
			s += fmt.Sprintf("; %s's context is %s tokens (%s), %s's %s", a.Name, breakeven.GroupThousands(float64(a.Context), 0),
				a.ContextCite.Source, m.Name, breakeven.GroupThousands(float64(m.Context), 0))
		}
		return s
	}
	if strings.EqualFold(typed, m.Name) || strings.EqualFold(typed, slug(m.Name)) {
		return ""
	}
	return fmt.Sprintf("%s read as %s (%s)", shown, m.Name, spelling(typed, m.Name, m.Aliases))
}

// spelling says how a typed name matched an entry whose own name is name
// and whose listed aliases are also: "" for the name itself; "a listed
// alias" for one as listed; else the name or alias it was normalised to,
// or the repository named without its owner.
func spelling(typed, name string, also []string) string {
	const norm = "case, spaces and punctuation normalised"
	match := func(f func(string) string) (string, bool) {
		for _, s := range append([]string{name}, also...) {
			if f(s) == f(typed) {
				return s, true
			}
		}
		return "", false
	}
	lower := strings.ToLower
	owner := func(s string) string { return s[strings.LastIndex(s, "/")+1:] }
	switch s, ok := match(lower); {
	case ok && s == name:
		return ""
	case ok:
		return "a listed alias"
	}
	for _, f := range []func(string) string{slug, looseKey} {
		if s, ok := match(f); ok {
			if s == name {
				return norm
			}
			return "listed alias " + s + ", " + norm
		}
	}
	for _, s := range also {
		if strings.Contains(s, "/") && looseKey(owner(s)) == looseKey(typed) {
			return "the repository " + s + " named without its owner"
		}
	}
	return norm
}

// nameParts are what a model name says of the model: its family ("qwen",
// "llama"), its version ("3", "3.1", "v3", "k2"), its other words
// ("coder", "next") and its parameter counts, total and active (0 when
// the name does not state them).
type nameParts struct {
	family, version string
	words           []string
	total, active   float64
	experts         bool // the total is an NxM product ("8x7b"), nominal
}

// The words of a name, matched by hand rather than by regular
// expressions, so the web page's WebAssembly module links no regexp (whose
// tables cost its start-up; docs/web.md). Each returns what
// FindStringSubmatch would for the pattern in its comment: the word and
// its groups, or nil.

// sizeWord: ^(\d+(?:\.\d+)?)([bmt])$, "70b", "1.5t".
func sizeWord(w string) []string {
	if n := len(w) - 1; n > 0 && strings.IndexByte("bmt", w[n]) >= 0 && isDecimal(w[:n]) {
		return []string{w, w[:n], w[n:]}
	}
	return nil
}

// activeWord: ^a(\d+(?:\.\d+)?)([bmt])$, "a3b".
func activeWord(w string) []string {
	if len(w) > 0 && w[0] == 'a' {
		if m := sizeWord(w[1:]); m != nil {
			return []string{w, m[1], m[2]}
		}
	}
	return nil
}

// expertsWord: ^(\d+)x(\d+(?:\.\d+)?)([bmt])$, "8x22b".
func expertsWord(w string) []string {
	i := strings.IndexByte(w, 'x')
	if i <= 0 || digitRun(w) != i {
		return nil
	}
	if m := sizeWord(w[i+1:]); m != nil {
		return []string{w, w[:i], m[1], m[2]}
	}
	return nil
}

// familyWord: ^([a-z]+)(\d+(?:\.\d+)*)$, "qwen3", "llama3.1".
func familyWord(w string) []string {
	i := 0
	for i < len(w) && w[i] >= 'a' && w[i] <= 'z' {
		i++
	}
	if i > 0 && isDotted(w[i:]) {
		return []string{w, w[:i], w[i:]}
	}
	return nil
}

// versionWord: ^[a-z]?\d+(?:\.\d+)*$, "3", "v3", "k2", "2.5".
func versionWord(w string) bool {
	if len(w) > 0 && w[0] >= 'a' && w[0] <= 'z' {
		w = w[1:]
	}
	return isDotted(w)
}

// expertCount: ^\d+e$, "16e".
func expertCount(w string) bool {
	n := len(w) - 1
	return n > 0 && w[n] == 'e' && digitRun(w) == n
}

// digitRun is the length of the ASCII digits that start s.
func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// isDotted reports whether s is digits in dot-separated groups:
// \d+(?:\.\d+)*.
func isDotted(s string) bool {
	for {
		n := digitRun(s)
		if n == 0 {
			return false
		}
		if s = s[n:]; s == "" {
			return true
		}
		if s[0] != '.' {
			return false
		}
		s = s[1:]
	}
}

// isDecimal reports whether s is digits with at most one decimal part:
// \d+(?:\.\d+)?.
func isDecimal(s string) bool { return isDotted(s) && strings.Count(s, ".") <= 1 }

// rankForm is a catalog name or alias ready for ranking: its parts and
// its total and active parameters (ct, ca; see nameParts.sizes).
type rankForm struct {
	nameParts
	name   string
	ct, ca float64
}

// rankForms are the catalog's names and listed aliases (a repository
// name without its owner), then the cited aliases' names, parsed once:
// a model is ranked by the best of its names, so DeepSeek-V3 is of
// version R1 too, through its listed alias DeepSeek-R1.
var rankForms = sync.OnceValue(func() []rankForm {
	var out []rankForm
	for i := range catalogForms() {
		var m *Model
		names := []string{formName(i)}
		if i < len(catalog) {
			c := catalogModel(i)
			m = &c
			names = append(names, m.Aliases...)
		} else {
			// An alias's base, by its exact name (FindModel would loop
			// back here).
			for j := range catalog {
				if catalog[j].Name == Aliases[i-len(catalog)].Model {
					c := catalogModel(j)
					m = &c
				}
			}
		}
		for _, n := range names {
			f := rankForm{nameParts: parseName(n), name: formName(i)}
			f.ct, f.ca = f.sizes(m)
			out = append(out, f)
		}
	}
	return out
})

// families are the first words of the catalog's names and aliases.
var families = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, f := range rankForms() {
		out[f.family] = true
	}
	return out
})

// unitOf is the multiplier of a size suffix.
func unitOf(s string) float64 {
	switch s {
	case "m":
		return 1e6
	case "t":
		return 1e12
	}
	return 1e9
}

// parseName reads a name's parts: the words of its slug after any
// "org/" prefix. "Qwen3-Coder-30B-A3B" is family qwen, version 3, words
// [coder], 30e9 total and 3e9 active; "Mixtral 8x22B" is 176e9 nominal;
// "Kimi K2" is family kimi, version k2.
func parseName(name string) nameParts {
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	var p nameParts
	for i, w := range strings.Split(slug(name), "-") {
		num := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
		switch m := []([]string){activeWord(w), expertsWord(w), sizeWord(w)}; {
		case w == "":
		case i == 0:
			if f := familyWord(w); f != nil {
				p.family, p.version = f[1], f[2]
			} else {
				p.family = w
			}
		case m[0] != nil && p.active == 0:
			p.active = num(m[0][1]) * unitOf(m[0][2])
		case m[1] != nil && p.total == 0:
			p.total, p.experts = num(m[1][1])*num(m[1][2])*unitOf(m[1][3]), true
		case m[2] != nil && p.total == 0:
			p.total = num(m[2][1]) * unitOf(m[2][2])
		case expertCount(w) && p.total > 0 && p.active == 0 && !p.experts:
			// Meta's "17B-16E": the size before an expert count is the
			// active one; the total is not in the name.
			p.total, p.active = 0, p.total
		case p.version == "" && versionWord(w):
			p.version = w
		default:
			p.words = append(p.words, w)
		}
	}
	return p
}

// sizes are a parsed name's total and active parameters, the catalog's
// counts (m, nil for a typed name) filling what the name leaves out: a
// name with no size takes the catalog's; a name with a total only takes
// the catalog's active count of a mixture of experts, and is dense
// otherwise. A typed name's active count is what it states, else unknown
// (0), as is an NxM total's ("8x22b", nominal); bySize compares such a
// name by its total alone with its own version, and as dense with
// another.
func (p nameParts) sizes(m *Model) (total, active float64) {
	total, active = p.total, p.active
	if total == 0 && m != nil {
		total, active = m.TotalParams, m.ActiveParams
	}
	if active == 0 && m != nil && !p.experts && m.mixture() {
		active = m.ActiveParams
	}
	if active == 0 && !p.experts && m != nil {
		active = total
	}
	return total, active
}

// mixture reports whether m is a mixture of experts as the prefill model
// reads it (prefill.Model.Sparse): from its config where one was read,
// since a dense model's counts from its shapes differ too, by the input
// embedding looked up but not multiplied; else from its counts.
func (m *Model) mixture() bool {
	if pm, ok := configPrefill(*m); ok {
		pm.TotalParams = m.TotalParams
		return pm.Sparse()
	}
	return prefill.Model{TotalParams: m.TotalParams, ActiveParams: m.ActiveParams}.Sparse()
}

// sizeDistance is how far apart two models' sizes are, in natural logs:
// the ratio of the totals plus, where both are known, half that of the
// actives. The total weighs more: layers and widths, which set the
// cache, grow with it, while the active count mostly follows the
// experts chosen per token.
func sizeDistance(t1, a1, t2, a2 float64) float64 {
	d := math.Abs(math.Log(t1 / t2))
	if a1 > 0 && a2 > 0 {
		d += 0.5 * math.Abs(math.Log(a1/a2))
	}
	return d
}

// versionPenalty is 0 for the same version, 0.5 for the same major
// version ("3" and "3.1") or a version one name leaves out, 1.5 otherwise.
func versionPenalty(a, b string) float64 {
	switch {
	case a == b:
		return 0
	case a == "" || b == "":
		return 0.5
	case strings.SplitN(a, ".", 2)[0] == strings.SplitN(b, ".", 2)[0]:
		return 0.5
	}
	return 1.5
}

// bySize ranks the catalog's names and aliases of the typed name's
// family by size: those within a size distance (sizeDistance) of ln 2,
// or ln 4 for the same version, closest first, the version's distance and shared words breaking near
// ties. A name that states no size but a version ("kimi-k2-thinking")
// gets the names of that family and version, those sharing its words
// first. A name with neither gets nothing here.
func bySize(name string) []string {
	in := parseName(name)
	// A maker's word before the family ("Meta-Llama-3.1-70B"): read from
	// the first word that is a catalog family.
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	for words := strings.Split(slug(name), "-"); len(words) > 1 && !families()[in.family]; {
		words = words[1:]
		in = parseName(strings.Join(words, "-"))
	}
	if in.family == "" || in.total == 0 && in.version == "" {
		return nil
	}
	inTotal, inActive := in.sizes(nil)
	type ranked struct {
		name  string
		score float64
	}
	var rs []ranked
	for _, c := range rankForms() {
		if c.family != in.family {
			continue
		}
		v := versionPenalty(in.version, c.version)
		sameVersion := in.version != "" && v == 0
		var d float64
		if in.total > 0 {
			if c.ct == 0 {
				continue
			}
			a := inActive
			if a == 0 && !sameVersion {
				a = inTotal // another version: a name that states no active count is read as dense
			}
			d = sizeDistance(inTotal, a, c.ct, c.ca)
			if d > math.Ln2 && !(sameVersion && d <= 2*math.Ln2) {
				continue
			}
		} else if !sameVersion {
			continue
		}
		shared := 0
		for _, w := range in.words {
			if slices.Contains(c.words, w) {
				shared++
			}
		}
		rs = append(rs, ranked{c.name, d + v - 0.1*float64(shared)})
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].score < rs[j].score })
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.name) { // a model by its best name
			out = append(out, r.name)
		}
	}
	return out
}
