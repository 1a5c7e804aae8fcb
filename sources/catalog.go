package sources

import (
	"fmt"
	"sort"
	"strings"

	"signalweight.dev/kv/breakeven"
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
func Models() []Model { return append([]Model(nil), catalog...) }

// UnknownModelError reports a name that matches no model, with the nearest
// names.
type UnknownModelError struct {
	Name    string
	Nearest []string
}

func (e *UnknownModelError) Error() string {
	msg := fmt.Sprintf("unknown model %q", e.Name)
	if len(e.Nearest) > 0 {
		msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(quoteAll(e.Nearest), ", "))
	}
	return msg + `; list them with "breakeven models"`
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// FindModel returns the model whose name or alias matches name, ignoring
// case, spaces, hyphens and underscores. An unknown name returns an
// *UnknownModelError with the nearest names.
func FindModel(name string) (Model, error) {
	want := slug(name)
	for _, m := range catalog {
		if slug(m.Name) == want {
			return m, nil
		}
		for _, a := range m.Aliases {
			if slug(a) == want {
				return m, nil
			}
		}
	}
	return Model{}, &UnknownModelError{Name: name, Nearest: nearest(want, 3)}
}

// MustModel returns a catalog model by its exact name, for the project's
// own code; an unknown name is a programming error.
func MustModel(name string) Model {
	m, err := FindModel(name)
	if err != nil {
		panic(err)
	}
	return m
}

// nearest returns up to k catalog names closest to s by edit distance over
// names and aliases.
func nearest(s string, k int) []string {
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, m := range catalog {
		d := editDistance(s, slug(m.Name))
		for _, a := range m.Aliases {
			d = min(d, editDistance(s, slug(a)))
		}
		// Also count a name that contains the input, such as "405b".
		if s != "" && strings.Contains(slug(m.Name), s) {
			d = min(d, 1)
		}
		cs = append(cs, cand{m.Name, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	var out []string
	for _, c := range cs {
		if len(out) == k || c.d > max(3, len(s)/2) {
			break
		}
		out = append(out, c.name)
	}
	return out
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of two neighbours each cost one, so
// "450b" is one edit from "405b".
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// catalog is the whole model list: the models read from configs
// (configModels, in models.go) and the post's newer models, known only by
// their published sizes.
var catalog = buildCatalog()

func buildCatalog() []Model {
	out := append([]Model(nil), configModels...)
	for _, m := range NewerModels {
		out = append(out, m.Model())
	}
	return out
}
