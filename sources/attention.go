package sources

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds what the prefill FLOP model needs beyond the cache
// formula: each catalog model's query heads (the cache needs only KV
// heads) and, for MLA, the per-head query-key and value dims. Each is
// read in the config the catalog entry already cites, quoting the field.

// MaxTextDeepSeekV3 is MaxText's port of the DeepSeek-V3 config, which
// states the MLA attention dims.
const MaxTextDeepSeekV3 SourceID = "maxtext-deepseek3-671b"

func init() {
	register(Source{MaxTextDeepSeekV3, "MaxText model config deepseek3-671b.yml", "Google (AI-Hypercomputer/maxtext)",
		"https://github.com/AI-Hypercomputer/maxtext/blob/1fbaa6e628647d09b57179a78401c1325bc9f211/src/MaxText/configs/models/deepseek3-671b.yml", "", Read,
		"base_num_query_heads 128, attention_type mla, q_lora_rank 1536, kv_lora_rank 512, qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128"})
}

// AttentionDims is a model's attention as the FLOP model needs it.
type AttentionDims struct {
	Model      string // catalog name
	QueryHeads Input[float64]
	// QKNope and V are MLA's per-head dims without rope and of the value;
	// unset (Name "") for GQA, whose query, key and value heads all have
	// the cache's head dim.
	QKNope, V Input[float64]
}

func heads(model, slug string, n float64, c Cite) AttentionDims {
	return AttentionDims{Model: model, QueryHeads: exact("attention."+slug+".query-heads", n, c)}
}

func mla(model, slug string, n, nope, v float64, src SourceID, locator string) AttentionDims {
	return AttentionDims{Model: model,
		QueryHeads: exact("attention."+slug+".query-heads", n, quoted(src, locator, fmt.Sprintf("base_num_query_heads: %g", n))),
		QKNope:     exact("attention."+slug+".qk-nope-head-dim", nope, quoted(src, locator, fmt.Sprintf("qk_nope_head_dim: %g", nope))),
		V:          exact("attention."+slug+".v-head-dim", v, quoted(src, locator, fmt.Sprintf("v_head_dim: %g", v))),
	}
}

func maxtext(src SourceID, file string, n float64) Cite {
	return quoted(src, "src/MaxText/configs/models/"+file+": base_num_query_heads", fmt.Sprintf("base_num_query_heads: %g", n))
}

// Attention lists the attention dims of every catalog model whose config
// gives them.
var Attention = []AttentionDims{
	heads("Llama 3.1 8B", "llama-3.1-8b", 32, quoted(LlamaModelsSKU, "models/sku_list.py, meta_llama3_1_8b arch_args", `"n_heads": 32`)),
	heads("Llama 3.1 70B", "llama-3.1-70b", 64, quoted(LlamaModelsSKU, "models/sku_list.py, meta_llama3_1_70b arch_args", `"n_heads": 64`)),
	heads("Llama 3.1 405B", "llama-3.1-405b", 128, quoted(LlamaModelsSKU, "models/sku_list.py, meta_llama3_1_405b arch_args", `"n_heads": 128`)),
	heads("Llama 3.3 70B", "llama-3.3-70b", 64, quoted(LlamaStackSKU, "llama_stack/models/llama/sku_list.py, llama3_3_70b_instruct arch_args", `"n_heads": 64`)),
	heads("Llama 3.2 3B", "llama-3.2-3b", 24, quoted(LlamaModelsSKU, "models/sku_list.py, llama3_2_3b arch_args", `"n_heads": 24`)),
	heads("Qwen3-8B", "qwen3-8b", 32, maxtext(MaxTextQwen3_8B, "qwen3-8b.yml", 32)),
	heads("Qwen3-32B", "qwen3-32b", 64, maxtext(MaxTextQwen3_32B, "qwen3-32b.yml", 64)),
	heads("Qwen3-30B-A3B", "qwen3-30b-a3b", 32, maxtext(MaxTextQwen3_30B, "qwen3-30b-a3b.yml", 32)),
	heads("Qwen3-235B-A22B", "qwen3-235b-a22b", 64, maxtext(MaxTextQwen3_235B, "qwen3-235b-a22b.yml", 64)),
	heads("Qwen3-Next-80B-A3B", "qwen3-next-80b-a3b", 16, quoted(HFQwen3NextConfig, "configuration_qwen3_next.py, Qwen3NextConfig defaults: num_attention_heads (full-attention layers)", "num_attention_heads=16")),
	mla("DeepSeek-V3", "deepseek-v3", 128, 128, 128, MaxTextDeepSeekV3, "src/MaxText/configs/models/deepseek3-671b.yml"),
	mla("DeepSeek-V2", "deepseek-v2", 128, 128, 128, MaxTextDeepSeekV2, "src/MaxText/configs/models/deepseek2-236b.yml"),
	mla("Kimi K2", "kimi-k2", 64, 128, 128, MaxTextKimiK2, "src/MaxText/configs/models/kimi-k2-1t.yml"),
	heads("Mistral Large 2", "mistral-large-2", 96, quoted(MistralLargeConfig, "config.json: num_attention_heads", `"num_attention_heads": 96`)),
	heads("Mistral 7B v0.1", "mistral-7b-v0.1", 32, quoted(HFMistralConfig, "configuration_mistral.py, MistralConfig defaults: num_attention_heads", "num_attention_heads=32")),
	heads("Llama 2 7B", "llama-2-7b", 32, quoted(TRTLLMPerfV05, "Benchmarking per Model, Llama2-7b, the build command: --n_head", "--n_head 32")),
	heads("Llama 2 70B", "llama-2-70b", 64, quoted(TRTLLMPerfV05, "Benchmarking per Model, Llama2-70b, the build command: --n_head", "--n_head 64")),
	heads("Mixtral 8x22B", "mixtral-8x22b", 48, maxtext(MaxTextMixtral, "mixtral-8x22b.yml", 48)),
	heads("Gemma 3 27B", "gemma-3-27b", 32, quoted(GemmaTransformer, "gemma/transformer.py, TransformerConfig.gemma3_27b: num_heads", "num_heads=32")),
	heads("Gemma 3 12B", "gemma-3-12b", 16, quoted(GemmaTransformer, "gemma/transformer.py, TransformerConfig.gemma3_12b: num_heads", "num_heads=16")),
	heads("gpt-oss-120b", "gpt-oss-120b", 64, quoted(GPTOSSModel, "gpt_oss/torch/model.py, ModelConfig: num_attention_heads", "num_attention_heads: int = 64")),
	heads("gpt-oss-20b", "gpt-oss-20b", 64, maxtext(MaxTextGPTOSS20B, "gpt-oss-20b.yml", 64)),
	heads("Llama 4 Scout", "llama-4-scout", 40, maxtext(MaxTextLlama4Scout, "llama4-17b-16e.yml", 40)),
	heads("Llama 4 Maverick", "llama-4-maverick", 40, maxtext(MaxTextLlama4Mav, "llama4-17b-128e.yml", 40)),
	heads("GLM-4.5", "glm-4.5", 96, quoted(GLM5ReportTable, "architecture table, GLM-4.5 column: # Attention Heads", "| # Attention Heads | 96 |")),
}

// FindAttention returns the attention dims of a catalog model.
func FindAttention(model string) (AttentionDims, bool) {
	for _, a := range Attention {
		if a.Model == model {
			return a, true
		}
	}
	return AttentionDims{}, false
}

// PrefillModel returns a catalog model as the FLOP model needs it: its
// active parameters and, per attention group of its architecture, the
// query heads and dims. GQA groups score keys of the cache's head dim;
// MLA groups use qk_nope + rope per query and key and v_head_dim per
// value; linear-attention groups add no quadratic term. It returns an
// error for a model without active parameters, attention dims or a
// config-read architecture.
//
// A model read from a config.json (a catalog model with a ConfigFile, or
// one from ModelFromConfig) takes its attention groups from the config,
// with the model's ActiveParams.
func PrefillModel(m Model) (prefill.Model, error) {
	if pm, ok := configPrefill(m); ok {
		if m.ActiveParams <= 0 {
			return prefill.Model{}, fmt.Errorf("sources: %s: no active parameters (its config's shapes do not give them and no published count is kept), so its prefill cannot be estimated: give --prefill or --ttft", m.Name)
		}
		pm.TotalParams = m.TotalParams // the weights the GPUs hold, for the memory fit
		return pm, pm.Validate()
	}
	dims, ok := FindAttention(m.Name)
	if !ok || !m.Known() || m.ActiveParams <= 0 {
		return prefill.Model{}, fmt.Errorf("sources: %s: no query heads or active parameters read, so its prefill cannot be estimated", m.Name)
	}
	pm := prefill.Model{Name: m.Name, ActiveParams: m.ActiveParams, TotalParams: m.TotalParams}
	h := int(dims.QueryHeads.V())
	for _, g := range m.Arch.Groups {
		switch g.Attention {
		case breakeven.GQA:
			pm.Attention = append(pm.Attention, prefill.AttentionGroup{Layers: g.Layers, QueryHeads: h, QKDim: g.HeadDim, VDim: g.ValueDim(), Window: g.Window})
		case breakeven.MLA:
			pm.Attention = append(pm.Attention, prefill.AttentionGroup{Layers: g.Layers, QueryHeads: h,
				QKDim: int(dims.QKNope.V()) + g.RopeDim, VDim: int(dims.V.V()), Window: g.Window})
		case breakeven.Linear:
		default:
			return prefill.Model{}, fmt.Errorf("sources: %s: a %s group has no attention dims", m.Name, g.Attention)
		}
	}
	return pm, pm.Validate()
}

// PrefillModels returns every catalog model whose prefill can be
// estimated, in catalog order.
func PrefillModels() []prefill.Model {
	var out []prefill.Model
	for _, m := range Models() {
		if pm, err := PrefillModel(m); err == nil {
			out = append(out, pm)
		}
	}
	return out
}
