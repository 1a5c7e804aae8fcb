package post

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// CatalogData is the model catalog as typed in package sources: each
// model's layer groups, parameters, context and citation, with the cache
// sizes the formula gives at 16 bits. Written to data/models.csv, it puts
// every catalog input under review: a changed config shows as a diff.
func CatalogData() Table {
	ms := sources.Models()
	n := sources.Conversation128K.V()
	b := newBuilder("models", "The model catalog: architecture inputs with their sources, and the cache they give at 16 bits", len(ms))
	b.text("name", "model", func(i int) string { return ms[i].Name })
	b.text("aliases", "aliases", func(i int) string { return strings.Join(ms[i].Aliases, ";") })
	b.text("attention", "attention", func(i int) string { return ms[i].Attention })
	b.text("layer_groups", "layer groups", func(i int) string { return groupsText(ms[i].Arch) })
	b.num("total_params", "total parameters", uCount, func(i int) float64 { return orNaN(ms[i].TotalParams) })
	b.num("active_params", "active parameters", uCount, func(i int) float64 { return orNaN(ms[i].ActiveParams) })
	b.num("context", "context", uTokens, func(i int) float64 { return orNaN(float64(ms[i].Context)) })
	known := func(i int, f func(a breakeven.Architecture) float64) float64 {
		if !ms[i].Known() {
			return nan()
		}
		return f(ms[i].Arch.With(sources.PostElement(), 1))
	}
	b.num("", "growth per token", uPerToken, func(i int) float64 {
		return known(i, func(a breakeven.Architecture) float64 { return float64(a.BytesPerToken()) })
	})
	b.num("fixed", "fixed state", uGB, func(i int) float64 {
		return known(i, func(a breakeven.Architecture) float64 { return float64(a.FixedBytes()) })
	})
	b.num("at_128k", "at 128K tokens", uGB, func(i int) float64 {
		return known(i, func(a breakeven.Architecture) float64 { return float64(a.CacheSize(n)) })
	})
	b.text("provenance", "provenance", func(i int) string { return string(ms[i].Provenance) })
	b.text("source", "source", func(i int) string { return string(ms[i].Source) })
	b.text("locator", "locator", func(i int) string { return ms[i].Locator })
	b.text("note", "note", func(i int) string { return ms[i].Note })
	return b.t
}

// groupsText lists an architecture's layer groups with every field that
// enters the cache formula.
func groupsText(a breakeven.Architecture) string {
	var parts []string
	for _, g := range a.Groups {
		s := fmt.Sprintf("%s layers=%d", g.Attention, g.Layers)
		switch g.Attention {
		case breakeven.GQA:
			s += fmt.Sprintf(" kv_heads=%d head_dim=%d", g.KVHeads, g.HeadDim)
			if g.VDim > 0 && g.VDim != g.HeadDim {
				s += fmt.Sprintf(" v_head_dim=%d", g.VDim)
			}
		case breakeven.MLA:
			s += fmt.Sprintf(" latent=%d rope=%d", g.LatentDim, g.RopeDim)
		case breakeven.Linear:
			s += fmt.Sprintf(" state_bytes=%.0f", float64(g.StateBytes))
		case breakeven.Reported:
			s += fmt.Sprintf(" per_token_16bit=%.0f", float64(g.PerToken16))
		case breakeven.Indexer:
			s += fmt.Sprintf(" index_dim=%d", g.HeadDim)
			if g.IndexBits != 0 {
				s += fmt.Sprintf(" index_bits=%d", g.IndexBits)
			}
		case breakeven.Compressed:
			s += fmt.Sprintf(" entry_dim=%d", g.HeadDim)
		}
		if g.Ratio > 1 {
			s += fmt.Sprintf(" ratio=%d", g.Ratio)
		}
		if g.Window > 0 {
			s += fmt.Sprintf(" window=%d", g.Window)
		}
		parts = append(parts, s)
	}
	if a.Fixed != 0 {
		parts = append(parts, fmt.Sprintf("fixed_bytes=%.0f", float64(a.Fixed)))
	}
	return strings.Join(parts, "; ")
}

func orNaN(v float64) float64 {
	if v == 0 {
		return nan()
	}
	return v
}
