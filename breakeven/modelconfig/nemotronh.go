package modelconfig

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// Nemotron-H's layers, one mixer each, as vLLM's nemotron_h.py builds
// them from hybrid_override_pattern (sources.VLLMNemotronH): M a Mamba-2
// mixer, * attention, - an MLP, E a mixture of experts. layers_block_type
// names them instead (Nemotron 3 Ultra), as aiconfigurator maps its names.
const (
	mambaLayer = 'M'
	attnLayer  = '*'
	mlpLayer   = '-'
	moeLayer   = 'E'
)

var blockTypes = map[string]rune{"mamba": mambaLayer, "attention": attnLayer, "mlp": mlpLayer, "dense": mlpLayer, "ffn": mlpLayer, "moe": moeLayer}

// nemotronPattern returns the layer pattern of a Nemotron-H config, and
// whether the config has one.
func (r raw) nemotronPattern() (string, bool, error) {
	const example = `"hybrid_override_pattern": "MEM*EME"`
	switch {
	case r.HybridPattern != nil && r.LayersBlockType != nil:
		return "", false, bad("layers_block_type", example, "given beside hybrid_override_pattern; give one of the two")
	case r.HybridPattern != nil:
		p := *r.HybridPattern
		if p == "" {
			return "", false, bad("hybrid_override_pattern", example, "empty")
		}
		for i, ch := range p {
			if !strings.ContainsRune("M*-E", ch) {
				return "", false, bad("hybrid_override_pattern", example, "layer %d is %q (known: M Mamba-2, * attention, - MLP, E mixture of experts)", i, ch)
			}
		}
		return p, true, nil
	case r.LayersBlockType != nil:
		if len(r.LayersBlockType) == 0 {
			return "", false, bad("layers_block_type", `"layers_block_type": ["mamba", "moe", "attention", ...]`, "empty")
		}
		var b strings.Builder
		for i, t := range r.LayersBlockType {
			ch, ok := blockTypes[t]
			if !ok {
				return "", false, bad("layers_block_type", `"layers_block_type": ["mamba", "moe", "attention", ...]`, "layer %d is %s (known: mamba, attention, mlp, moe)", i, breakeven.Quote(t))
			}
			b.WriteRune(ch)
		}
		return b.String(), true, nil
	}
	return "", false, nil
}

// nemotronH reads a Nemotron-H config: attention layers that keep every
// token, Mamba-2 layers that hold a fixed state as vLLM lays it out
// (mamba2_state_shape, sources.Mamba2StateLayout), per layer
//
//	conv state = (conv_kernel - 1) x (d_inner + 2 x n_groups x ssm_state_size), in 16 bits
//	SSM state  = mamba_num_heads x mamba_head_dim x ssm_state_size, in float32 where mamba_ssm_cache_dtype says so
//
// with d_inner = mamba_num_heads x mamba_head_dim (vLLM's, not expand x
// hidden_size), and parameters: a Mamba-2 mixer's in_proj, hidden x (2
// d_inner + 2 n_groups x ssm_state_size + heads), its depthwise
// convolution and its out_proj, d_inner x hidden; MLPs and experts that
// are not gated (up and down projections, ReLU squared); a mixture's
// shared expert on the hidden size and its routed experts on
// moe_latent_size where it is set, with the two latent projections.
// The multi-token-prediction layers are left out, as for DeepSeek.
func (r raw) nemotronH(c Config, pattern string, layers, hidden, heads, vocab int) (Config, error) {
	if len(pattern) != layers {
		return c, bad("num_hidden_layers", fmt.Sprintf(`"num_hidden_layers": %d`, len(pattern)), "%d, but the layer pattern lists %d layers", layers, len(pattern))
	}
	if r.MLPAct != "" && r.MLPAct != "relu2" {
		return c, bad("mlp_hidden_act", `"mlp_hidden_act": "relu2"`, "%s: only Nemotron-H's ungated relu2 MLP is modelled", breakeven.Quote(r.MLPAct))
	}
	count := map[rune]int{}
	for _, ch := range pattern {
		count[ch]++
	}
	h := float64(hidden)
	c.Hidden = hidden

	// Attention layers.
	var attn float64
	if n := count[attnLayer]; n > 0 {
		kv, hd, err := r.gqaDims(&c, heads, hidden)
		if err != nil {
			return c, err
		}
		window := 0
		if r.SlidingWindow != nil {
			if window, err = need(r.SlidingWindow, "sliding_window", `"sliding_window": 4096`); err != nil {
				return c, err
			}
		}
		c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.GQA, Layers: n, KVHeads: kv, HeadDim: hd, Window: window})
		c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: n, QueryHeads: heads, QKDim: hd, VDim: hd, Window: window})
		attn = r.gqaShape(hidden, heads, kv, hd, hd).params
	}

	// Mamba-2 layers.
	var mamba float64
	if n := count[mambaLayer]; n > 0 {
		var dims [5]int
		for i, f := range []struct {
			p       *int
			name, e string
		}{
			{r.MambaHeads, "mamba_num_heads", `"mamba_num_heads": 64`},
			{r.MambaHeadDim, "mamba_head_dim", `"mamba_head_dim": 64`},
			{r.MambaGroups, "n_groups", `"n_groups": 8`},
			{r.SSMStateSize, "ssm_state_size", `"ssm_state_size": 128`},
			{r.MambaConv, "conv_kernel", `"conv_kernel": 4`},
		} {
			v, err := need(f.p, f.name, f.e)
			if err != nil {
				return c, err
			}
			dims[i] = v
		}
		mh, mhd, groups, state, kernel := dims[0], dims[1], dims[2], dims[3], dims[4]
		ssmBytes, ssmType := breakeven.Bytes(2), "16 bits"
		switch r.SSMCacheDtype {
		case "", "auto", "bfloat16", "float16":
		case "float32":
			ssmBytes, ssmType = 4, "float32"
		default:
			return c, bad("mamba_ssm_cache_dtype", `"mamba_ssm_cache_dtype": "float32"`, "%s: not a type the state is kept in (float32, bfloat16, float16)", breakeven.Quote(r.SSMCacheDtype))
		}
		inner := mh * mhd
		convDim := inner + 2*groups*state
		st := breakeven.Bytes((kernel-1)*convDim)*2 + breakeven.Bytes(mh*mhd*state)*ssmBytes
		c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.Linear, Layers: n, StateBytes: st})
		mamba = h*float64(2*inner+2*groups*state+mh) + float64(convDim*kernel) + float64(inner)*h
		c.Notes = append(c.Notes, fmt.Sprintf("%d Mamba-2 layers hold a fixed state each (vLLM's layout: the convolution's last %d inputs at 16 bits, the SSM state in %s); their A, D and dt biases and norms are left out of the parameters", n, kernel-1, ssmType))
	}

	// MLP layers: up and down, not gated.
	var mlp float64
	if count[mlpLayer] > 0 {
		inter, err := need(r.Intermediate, "intermediate_size", `"intermediate_size": 1856`)
		if err != nil {
			return c, err
		}
		mlp = 2 * h * float64(inter)
	}

	// Mixture-of-experts layers.
	var moeTotal, moeActive, routed float64
	if n := count[moeLayer]; n > 0 {
		experts, err := need(r.NRoutedExperts, "n_routed_experts", `"n_routed_experts": 128`)
		if err != nil {
			return c, err
		}
		perTok, err := need(r.ExpertsPerTok, "num_experts_per_tok", `"num_experts_per_tok": 6`)
		if err != nil {
			return c, err
		}
		if perTok > experts {
			return c, bad("num_experts_per_tok", fmt.Sprintf(`"num_experts_per_tok": %d`, min(8, experts)), "%d is more than the %d experts", perTok, experts)
		}
		inter, err := need(r.MoEIntermediate, "moe_intermediate_size", `"moe_intermediate_size": 1856`)
		if err != nil {
			return c, err
		}
		width, latent := h, 0.0
		if r.MoELatent != nil {
			l, err := need(r.MoELatent, "moe_latent_size", `"moe_latent_size": 1024`)
			if err != nil {
				return c, err
			}
			width, latent = float64(l), 2*h*float64(l)
		}
		var shared float64
		if k := or(r.NSharedExperts, 0); k > 0 {
			si, err := need(r.MoESharedInter, "moe_shared_expert_intermediate_size", `"moe_shared_expert_intermediate_size": 3712`)
			if err != nil {
				return c, err
			}
			shared = float64(k) * 2 * h * float64(si)
		}
		one := 2 * width * float64(inter)
		routed = float64(experts) * one
		moeTotal = routed + latent + shared + h*float64(experts)
		moeActive = float64(perTok)*one + latent + shared + h*float64(experts)
		c.MoELayers, c.ExpertsPerToken = n, perTok
		routed *= float64(n)
	}

	r.embeddings(&c, vocab, hidden)
	per := map[rune][2]float64{attnLayer: {attn, attn}, mambaLayer: {mamba, mamba}, mlpLayer: {mlp, mlp}, moeLayer: {moeTotal, moeActive}}
	for _, ch := range "M*-E" { // a fixed order, so the sums are the same every run
		c.TotalParams += float64(count[ch]) * per[ch][0]
		c.ActiveParams += float64(count[ch]) * per[ch][1]
	}
	if err := r.checkArch(&c); err != nil {
		return c, err
	}
	if err := r.checkWeights(&c, weightParts{routed: routed}); err != nil {
		return c, err
	}
	c.Family = "hybrid: Mamba-2 + GQA"
	if count[attnLayer] == 0 {
		c.Family = "Mamba-2"
	}
	if count[moeLayer] > 0 {
		c.Family += ", MoE"
	}
	return c, nil
}
