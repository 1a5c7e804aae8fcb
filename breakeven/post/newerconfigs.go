package post

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// The post takes the sizes of Kimi K3 and DeepSeek V4 Pro from Inside Open
// Models; the catalog reads both models from their own config.json
// (sources.AICConfigsKimiK3, sources.AICConfigsDeepSeekV4). These
// cross-checks judge the post's figures against those configs.

// configParts splits a config model's cache at the post's 16 bits by kind
// of layer group: the per-token growth of each kind, and the cache of n
// tokens of each (windows and fixed state in the kinds that hold them;
// the architecture's own Fixed term under "fixed").
func configParts(name string, n breakeven.Tokens) (perToken map[breakeven.Attention]breakeven.BytesPerToken, at map[breakeven.Attention]breakeven.Bytes) {
	a := archAt16(name)
	perToken, at = map[breakeven.Attention]breakeven.BytesPerToken{}, map[breakeven.Attention]breakeven.Bytes{}
	for _, g := range a.Groups {
		one := breakeven.Architecture{Groups: []breakeven.LayerGroup{g}, Element: a.Element, Compression: a.Compression}
		perToken[g.Attention] += one.BytesPerToken()
		at[g.Attention] += one.CacheSize(n)
	}
	at["fixed"] = a.Fixed
	return perToken, at
}

// configHow writes a config model's size: per token, or at n tokens.
func configHow(name string, n breakeven.Tokens) string {
	a := archAt16(name)
	if n == 0 {
		return fmt.Sprintf("%s's config.json at %g bits: %s", name, 8*float64(sources.PostElement().Size), a.BytesPerToken())
	}
	return fmt.Sprintf("%s's config.json at %g bits: %s tokens x %s + %s of windows and fixed state = %s", name, 8*float64(sources.PostElement().Size),
		n, a.BytesPerToken(), a.CacheSize(n)-breakeven.Bytes(float64(a.BytesPerToken())*float64(n)), a.CacheSize(n))
}

func configPerToken(name string) recomputation {
	return recomputation{func() string { return configHow(name, 0) }, func() E[float64] { return exactF(float64(archAt16(name).BytesPerToken())) }}
}

func configAt(name string) recomputation {
	n := sources.Conversation128K.V()
	return recomputation{func() string { return configHow(name, n) }, func() E[float64] { return exactF(float64(archAt16(name).CacheSize(n))) }}
}

// v4PerTokenReason says where DeepSeek V4 Pro's config and the post part
// per token: the indexer keys.
func v4PerTokenReason() string {
	name := sources.DeepSeekV4Pro.Name
	per, _ := configParts(name, 0)
	return fmt.Sprintf("the config's compressed attention entries alone are %s at 16 bits, which is the printed %s; its CSA layers also keep an FP4 indexer key per compressed entry, %s more, which the post leaves out, though a loaded cache needs them to choose its entries (aiconfigurator counts them)",
		per[breakeven.Compressed], sources.DeepSeekV4Pro.PerToken.V(), per[breakeven.Indexer])
}

// v4At128KReason says where they part at 128K tokens.
func v4At128KReason() string {
	name := sources.DeepSeekV4Pro.Name
	n := sources.Conversation128K.V()
	_, at := configParts(name, n)
	return fmt.Sprintf("the config's compressed entries and every layer's window alone are %s at %s tokens, the printed %s; the indexer keys (%s) and the compressors' float32 decode state (%s) make %s",
		at[breakeven.Compressed], n, sources.DeepSeekV4Pro.At128K.V(), at[breakeven.Indexer], at["fixed"], archAt16(name).CacheSize(n))
}

// NewerConfigPrinted is the post's sizes of the newer models beside their
// own configs': per token and at 128K tokens, each with the audit's
// verdict. Qwen3.8-Max, whose config was not found, is left out.
func NewerConfigPrinted() breakeven.PrintedTable {
	n := sources.Conversation128K.V()
	conv := with(colCache, fmt.Sprintf("a %.0fK-token conversation", float64(n)/1024))
	fixed := breakeven.Column{Label: "fixed state", Unit: "MB", Scale: float64(breakeven.MB), Precision: breakeven.Sig(3)}
	t := breakeven.PrintedTable{Header: []string{"model", "from", colPerToken.Header(), conv.Header(), fixed.Header(), "verdict"}}
	ids := map[string]string{sources.KimiK3.Name: "kimik3", sources.DeepSeekV4Pro.Name: "deepseekv4pro"}
	for _, m := range []sources.NewerModel{sources.KimiK3, sources.DeepSeekV4Pro} {
		var verdicts []string
		for _, part := range []string{"per-token", "128k"} {
			f, err := AuditEntry(ledgerEntry("newer." + ids[m.Name] + "." + part))
			if err != nil {
				panic(err) // the ledger's entries are fixed; the audit test audits every one
			}
			verdicts = append(verdicts, string(f.Verdict))
		}
		post := m.Model().Arch.With(sources.PostElement(), 1)
		t.Rows = append(t.Rows, []string{m.Name, "the post", colPerToken.Cell(float64(post.BytesPerToken())), conv.Cell(float64(post.CacheSize(n))),
			fixed.Interval(m.FixedState().Float()), ""})
		a := archAt16(m.Name)
		t.Rows = append(t.Rows, []string{"", "its config.json", colPerToken.Cell(float64(a.BytesPerToken())), conv.Cell(float64(a.CacheSize(n))),
			fixed.Cell(float64(a.CacheSize(n) - breakeven.Bytes(float64(a.BytesPerToken())*float64(n)))), strings.Join(verdicts, ", ")})
	}
	t.Notes = []string{"fixed state: for the post, inferred from its two rounded sizes; for a config, what 128K tokens hold beyond their per-token growth (windows and fixed states)",
		"verdict: the audit's, per token and at 128K tokens"}
	return t
}

// ledgerEntry returns the ledger entry with the given ID.
func ledgerEntry(id string) sources.Entry {
	for _, e := range sources.Ledger {
		if e.ID == id {
			return e
		}
	}
	panic("post: no ledger entry " + id)
}
