package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

const modelsUsage = `Usage: breakeven models [--json] [--attention KIND]

Lists the model catalog: each model's KV cache per token (the growth once
any window is full), a 131,072-token (128Ki, 128 x 1,024) cache with any
windowed layers and fixed state included, the fixed state, and where the config was read.
Sizes are at 16 bits per number. A 128Ki size marked * is beyond the
model's context: no conversation that long fits it (context_tokens in
--json gives the context).

Attention kinds: gqa, mla, window (sliding-window or chunked layers),
hybrid (linear-attention layers with a fixed state), reported (only a
published size is known), unknown.

Examples:
  breakeven models
  breakeven models --attention mla
  breakeven models --json
`

// attentionKinds are the values of --attention.
var attentionKinds = []string{"gqa", "mla", "window", "hybrid", "compressed", "reported", "unknown"}

// attentionKind classifies a model for the table and the filter.
func attentionKind(m sources.Model) string {
	if !m.Known() {
		return "unknown"
	}
	kind := "gqa"
	for _, g := range m.Arch.Groups {
		switch {
		case g.Attention == breakeven.Linear:
			return "hybrid"
		case g.Attention == breakeven.Compressed:
			return "compressed"
		case g.Attention == breakeven.MLA:
			kind = "mla"
		case g.Attention == breakeven.Reported:
			kind = "reported"
		case g.Window > 0 && kind == "gqa":
			kind = "window"
		}
	}
	return kind
}

// modelJSON is one model in models --json, sizes in bytes.
type modelJSON struct {
	Name          string   `json:"name"`
	Aliases       []string `json:"aliases"`
	Attention     string   `json:"attention"`
	Kind          string   `json:"kind"`
	BytesPerToken *float64 `json:"bytes_per_token"`
	FixedBytes    *float64 `json:"fixed_bytes"`
	BytesAt128K   *float64 `json:"bytes_at_128k"`
	TotalParams   float64  `json:"total_params,omitempty"`
	ActiveParams  float64  `json:"active_params,omitempty"`
	// OutputHeadParams is the untied output head among the active
	// parameters, through which a prefill sends only its last token
	// (prefill.Model.Head); absent where tied or where no config.json
	// is kept.
	OutputHeadParams float64    `json:"output_head_params,omitempty"`
	ContextTokens    float64    `json:"context_tokens,omitempty"`
	Provenance       string     `json:"provenance"`
	Source           sourceJSON `json:"source"`
	Note             string     `json:"note,omitempty"`
	// ConfigFile is the kept config.json the architecture is read from,
	// with where it was read.
	ConfigFile *configJSON `json:"config_file,omitempty"`
	// CitedAliases are distills and renames with this architecture.
	CitedAliases []aliasJSON `json:"cited_aliases,omitempty"`
}

type configJSON struct {
	Path   string     `json:"path"`
	Source sourceJSON `json:"source"`
}

type aliasJSON struct {
	Name   string     `json:"name"`
	Source sourceJSON `json:"source"`
}

type sourceJSON struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	URL     string `json:"url,omitempty"`
	Locator string `json:"locator"`
	Quote   string `json:"quote,omitempty"`
	ViaPost bool   `json:"via_post,omitempty"`
}

func runModels(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("models", stderr)
	asJSON := fs.Bool("json", false, "print the catalog as JSON")
	attention := fs.String("attention", "", "only models of this attention kind ("+strings.Join(attentionKinds, ", ")+")")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	want := strings.ToLower(strings.TrimSpace(*attention))
	if want != "" && !contains(attentionKinds, want) {
		fmt.Fprintf(stderr, "breakeven models: unknown --attention %q (valid: %s; e.g. --attention mla)\n", *attention, strings.Join(attentionKinds, ", "))
		return 2
	}
	var ms []sources.Model
	for _, m := range sources.Models() {
		if want == "" || attentionKind(m) == want {
			ms = append(ms, m)
		}
	}
	n := sources.Conversation128K.V()
	if *asJSON {
		out := make([]modelJSON, 0, len(ms))
		for _, m := range ms {
			src, _ := sources.Lookup(m.Source)
			j := modelJSON{Name: m.Name, Aliases: m.Aliases, Attention: m.Attention, Kind: attentionKind(m),
				TotalParams: m.TotalParams, ActiveParams: m.ActiveParams, ContextTokens: float64(m.Context),
				Provenance: string(m.Provenance), Note: m.Note,
				Source: sourceJSON{ID: string(m.Source), Title: src.Title, URL: src.URL, Locator: m.Locator, Quote: m.Quote, ViaPost: m.ViaPost}}
			if j.Aliases == nil {
				j.Aliases = []string{}
			}
			if pm, err := sources.PrefillModel(m); err == nil {
				j.OutputHeadParams = pm.Head
			}
			for _, f := range sources.ConfigFiles {
				if f.File == m.ConfigFile {
					cs, _ := sources.Lookup(f.Source)
					j.ConfigFile = &configJSON{Path: sources.ConfigDir + "/" + f.File, Source: sourceJSON{ID: string(f.Source), Title: cs.Title, URL: cs.URL, Locator: f.Path}}
				}
			}
			for _, a := range sources.Aliases {
				if a.Model == m.Name {
					as, _ := sources.Lookup(a.Source)
					j.CitedAliases = append(j.CitedAliases, aliasJSON{a.Name, sourceJSON{ID: string(a.Source), Title: as.Title, URL: as.URL, Locator: a.Locator, Quote: a.Quote}})
				}
			}
			if m.Known() {
				b, f, c := float64(m.Arch.BytesPerToken()), float64(m.Arch.FixedBytes()), float64(m.Arch.CacheSize(n))
				j.BytesPerToken, j.FixedBytes, j.BytesAt128K = &b, &f, &c
			}
			out = append(out, j)
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "breakeven models: %v\n", err)
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "model\tkind\tper token\tat 128Ki\tfixed\tsource")
	beyond := 0
	for _, m := range ms {
		per, at, fixed := "-", "-", "-"
		if m.Known() {
			per = breakeven.Bytes(m.Arch.BytesPerToken()).String()
			at = m.Arch.CacheSize(n).String()
			if m.Context > 0 && m.Context < n {
				at += " *"
				beyond++
			}
			if f := m.Arch.FixedBytes(); f > 0 {
				fixed = f.String()
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", textfmt.Trim(m.Name, 22), attentionKind(m), per, at, fixed, provenanceText(m))
	}
	tw.Flush()
	if beyond > 0 {
		fmt.Fprintf(stdout, "\n* beyond the model's context: %d models cannot hold %s tokens\n  (context_tokens in breakeven models --json)\n", beyond, n)
	}
	if want == "" {
		fmt.Fprintln(stdout, "\nCited aliases (a distill or rename with the model's architecture):")
		for _, a := range sources.Aliases {
			fmt.Fprintf(stdout, "  %s is %s (%s)\n", a.Name, a.Model, a.Source)
		}
	}
	fmt.Fprintf(stdout, "\n%d models, sizes at 16 bits; \"at 128Ki\" is %s tokens (128 x 1,024; 128K\nwould be 128,000). Sources and notes: breakeven models --json\n", len(ms), n)
	return 0
}

func provenanceText(m sources.Model) string {
	switch m.Provenance {
	case sources.Primary:
		return "config"
	case sources.Copy:
		return "config copy"
	case sources.Unverified:
		return "unverified"
	case sources.PostOnly:
		return "post only"
	}
	return "no config"
}
