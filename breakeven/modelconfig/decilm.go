package modelconfig

import (
	"encoding/json"
	"fmt"
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// deciBlock is one layer of a DeciLM config's block_configs (NVIDIA's
// Llama-Nemotron NAS models): its attention, GQA with num_attention_heads
// / n_heads_in_group KV heads or skipped (no_op), and its MLP, gated, of a
// width ffn_mult sets, or skipped. The other fields are refused where set.
type deciBlock struct {
	Attention struct {
		HeadsInGroup *int            `json:"n_heads_in_group"`
		NoOp         *bool           `json:"no_op"`
		Linear       *bool           `json:"replace_with_linear"`
		Window       *int            `json:"window_length"`
		Sinks        *int            `json:"num_sink_tokens"`
		Sparsify     json.RawMessage `json:"sparsify"`
	} `json:"attention"`
	FFN struct {
		Mult     *float64        `json:"ffn_mult"`
		NoOp     *bool           `json:"no_op"`
		Linear   *bool           `json:"replace_with_linear"`
		Sparsify json.RawMessage `json:"sparsify"`
	} `json:"ffn"`
}

// deciMLPWidth is the intermediate size of a DeciLM MLP: 2 x ffn_mult x
// hidden_size / 3, truncated, then rounded up to a multiple of 256, as
// aiconfigurator converts it from NVIDIA's modeling_decilm.py
// (sources.AICNemotronNAS).
func deciMLPWidth(mult float64, hidden int) int {
	w := int(2 * mult * float64(hidden) / 3)
	if w%256 == 0 {
		return w
	}
	return w + 256 - w%256
}

// deciLM reads a DeciLM config (model_type nemotron-nas): one block per
// layer, each with an attention that keeps every token (num_attention_heads
// / n_heads_in_group KV heads of head_dim, hidden_size / heads where not
// stated) or none, and a gated MLP of deciMLPWidth(ffn_mult) or none.
func (r raw) deciLM(c Config, layers, hidden, heads, vocab int) (Config, error) {
	const example = `"block_configs": [{"attention": {"n_heads_in_group": 8, "no_op": false}, "ffn": {"ffn_mult": 5.25, "no_op": false}}, ...]`
	if len(r.BlockConfigs) != layers {
		return c, bad("block_configs", example, "lists %d layers but num_hidden_layers is %d", len(r.BlockConfigs), layers)
	}
	hd, err := r.headDim(hidden, heads)
	if err != nil {
		return c, err
	}
	h := float64(hidden)
	c.Hidden = hidden
	r.embeddings(&c, vocab, hidden)
	// The attention layers, grouped by KV heads in the order they first
	// appear; the parameters summed layer by layer.
	groupOf := map[int]int{}
	attending := 0
	for i, b := range r.BlockConfigs {
		a, f := b.Attention, b.FFN
		for _, set := range []struct {
			on   bool
			what string
		}{
			{a.Linear != nil && *a.Linear, "attention.replace_with_linear"}, {a.Window != nil, "attention.window_length"},
			{a.Sinks != nil, "attention.num_sink_tokens"}, {setJSON(a.Sparsify), "attention.sparsify"},
			{f.Linear != nil && *f.Linear, "ffn.replace_with_linear"}, {setJSON(f.Sparsify), "ffn.sparsify"},
		} {
			if set.on {
				return c, bad("block_configs", example, "layer %d sets %s, which is not modelled", i, set.what)
			}
		}
		if a.NoOp == nil || !*a.NoOp {
			g, err := need(a.HeadsInGroup, "n_heads_in_group", `"n_heads_in_group": 8`)
			if err != nil {
				return c, bad("block_configs", example, "layer %d: attention.n_heads_in_group is %s", i, missingOr(a.HeadsInGroup))
			}
			if heads%g != 0 {
				return c, bad("block_configs", example, "layer %d: attention.n_heads_in_group %d does not divide num_attention_heads %d", i, g, heads)
			}
			kv := heads / g
			if j, ok := groupOf[kv]; ok {
				c.Arch.Groups[j].Layers++
				c.Attention[j].Layers++
			} else {
				groupOf[kv] = len(c.Arch.Groups)
				c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.GQA, Layers: 1, KVHeads: kv, HeadDim: hd})
				c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: 1, QueryHeads: heads, QKDim: hd, VDim: hd})
			}
			attn := r.gqaShape(hidden, heads, kv, hd, hd).params
			c.TotalParams += attn
			c.ActiveParams += attn
			attending++
		}
		if f.NoOp == nil || !*f.NoOp {
			if f.Mult == nil {
				return c, bad("block_configs", example, "layer %d: ffn.ffn_mult is missing", i)
			}
			m := *f.Mult
			if !(m > 0) || math.IsInf(m, 0) || 2*m*h/3 > float64(breakeven.MaxDim) {
				return c, bad("block_configs", example, "layer %d: ffn.ffn_mult %v: need a positive multiple of hidden_size whose width is at most %s", i, m, breakeven.GroupThousands(float64(breakeven.MaxDim), 0))
			}
			mlp := 3 * h * float64(deciMLPWidth(m, hidden))
			c.TotalParams += mlp
			c.ActiveParams += mlp
		}
	}
	if attending == 0 {
		return c, bad("block_configs", example, "no layer attends, so no layer keeps a cache")
	}
	if err := r.checkArch(&c); err != nil {
		return c, err
	}
	if err := r.checkWeights(&c, weightParts{}); err != nil {
		return c, err
	}
	c.Family = "GQA"
	c.Notes = append(c.Notes, fmt.Sprintf("a NAS model (DeciLM block_configs): %d of %d layers attend and keep a cache, the others skip attention; each MLP's width is set by its layer's ffn_mult, as aiconfigurator converts it", attending, layers))
	return c, nil
}

// setJSON reports whether a raw field holds a value other than null.
func setJSON(b json.RawMessage) bool {
	s := string(b)
	return s != "" && s != "null"
}

// missingOr says what an optional whole number is: missing, or its value.
func missingOr(p *int) string {
	if p == nil {
		return "missing"
	}
	return fmt.Sprintf("%d: need a positive number", *p)
}
