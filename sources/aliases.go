package sources

import (
	"strings"
	"sync"

	"signalweight.dev/kv/breakeven"
)

// This file holds the names of distills, fine-tunes and renames that keep
// a catalog model's architecture, each with the source that names the
// base, and the catalog models read from a kept config alone.

// DeepSeekR1Readme is the DeepSeek-R1 repository's README, which names the
// base model of each R1 distill.
const DeepSeekR1Readme SourceID = "deepseek-r1-readme"

// Llama3ModelCard is Meta's model card of Llama 3 (8B and 70B), which
// gives its context: the sequence length it was trained on.
const Llama3ModelCard SourceID = "meta-llama3-model-card"

func init() {
	register(Source{DeepSeekR1Readme, "DeepSeek-R1 repository: README.md", "DeepSeek",
		"https://github.com/deepseek-ai/DeepSeek-R1/blob/5689f0a890129fcc0c9bbe2b46147321be0ea55a/README.md", "2025-01-20", Read,
		"the DeepSeek-R1-Distill Models table gives each distill's base model (Distill-Llama-70B: Llama-3.3-70B-Instruct; Distill-Llama-8B: Llama-3.1-8B); the distills are fine-tuned from those models, with configs and tokenizers 'slightly' changed"})
	register(Source{Llama3ModelCard, "llama-models: models/llama3/MODEL_CARD.md (Meta Llama 3)", "Meta",
		"https://github.com/meta-llama/llama-models/blob/a9c89c471f793423afd4cc3ca8671d6e56fe64cb/models/llama3/MODEL_CARD.md", "2024-09-30", Read,
		"Model Details: Llama 3 (8B and 70B) 'was trained on on sequences of 8,192 tokens' (sic), and the family table gives both a context length of 8k; models/llama3/model.py's RoPE scaling for 3.1 calls 8192 the 'original llama3 length'"})
}

// llama3Context cites Llama 3's own context, shorter than Llama 3.1's.
var llama3Context = Cite{Source: Llama3ModelCard, Locator: "models/llama3/MODEL_CARD.md, Model Details, Model Architecture",
	Quote: "was trained on on sequences of 8,192 tokens"}

// Alias is another name for a catalog model's architecture: a distill,
// fine-tune or rename that keeps its layers, heads and dims.
type Alias struct {
	Name  string   // "DeepSeek-R1-Distill-Llama-70B"
	Also  []string // other spellings: "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"
	Model string   // the catalog model: "Llama 3.3 70B"
	Cite           // where the base is named
	Note  string
	// Context is the alias's own model's context where a source gives it
	// and it differs from the base model's (0 otherwise), with its cite:
	// Llama 3's 8,192 tokens against Llama 3.1's 131,072. The cache is
	// computed as the base model's, whose Context is the one checked.
	Context     breakeven.Tokens
	ContextCite Cite
}

// Aliases lists the cited aliases.
var Aliases = []Alias{
	{
		Name: "DeepSeek-R1-Distill-Llama-70B", Also: []string{"deepseek-ai/DeepSeek-R1-Distill-Llama-70B"}, Model: "Llama 3.3 70B",
		Cite: Cite{Source: DeepSeekR1Readme, Locator: "README.md, 3. Model Downloads, DeepSeek-R1-Distill Models table: Base Model",
			Quote: "| DeepSeek-R1-Distill-Llama-70B  | [Llama-3.3-70B-Instruct]"},
		Note: "fine-tuned from Llama-3.3-70B-Instruct on R1 samples; the kept copy of its config (" + ConfigDir + "/perplexity-ai--r1-1776-distill-llama-70b.json) has Llama 3.3 70B's shapes",
	},
	{
		Name: "DeepSeek-R1-Distill-Llama-8B", Also: []string{"deepseek-ai/DeepSeek-R1-Distill-Llama-8B"}, Model: "Llama 3.1 8B",
		Cite: Cite{Source: DeepSeekR1Readme, Locator: "README.md, 3. Model Downloads, DeepSeek-R1-Distill Models table: Base Model",
			Quote: "| DeepSeek-R1-Distill-Llama-8B  | [Llama-3.1-8B]"},
		Note: "fine-tuned from Llama-3.1-8B on R1 samples",
	},
	{
		Name: "R1 1776 Distill Llama 70B", Also: []string{"perplexity-ai/r1-1776-distill-llama-70b"}, Model: "Llama 3.3 70B",
		Cite: Cite{Source: PerplexityR1Dist, Locator: "config.json: _name_or_path",
			Quote: `"_name_or_path": "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"`},
		Note: "Perplexity's post-training of DeepSeek-R1-Distill-Llama-70B, whose base is Llama 3.3 70B",
	},
	{
		Name: "DeepSeek-V3.1", Also: []string{"deepseek-ai/DeepSeek-V3.1"}, Model: "DeepSeek-V3",
		Cite: Cite{Source: AICConfigs, Locator: "model_configs/nvidia--DeepSeek-V3.1-NVFP4_config.json: num_hidden_layers 61, kv_lora_rank 512, qk_rope_head_dim 64, n_routed_experts 256, every shape field as DeepSeek-V3's config",
			Quote: `"kv_lora_rank": 512,`},
		Note: "the config of NVIDIA's NVFP4 checkpoint of DeepSeek-V3.1 (" + ConfigDir + "/nvidia--DeepSeek-V3.1-NVFP4.json) differs from DeepSeek-V3's only in quantization_config (absent: NVIDIA keeps its NVFP4 scheme in another file) and transformers_version; DeepSeek's own V3.1 config.json was not read, and its weights are taken as V3's FP8 checkpoint stores them",
	},
	{
		Name: "Qwen3.6-27B", Also: []string{"Qwen/Qwen3.6-27B", "nvidia/Qwen3.6-27B-NVFP4", "qwen3.6:27b"}, Model: "Qwen3.5-27B",
		Cite: Cite{Source: AICConfigs, Locator: "model_configs/nvidia--Qwen3.6-27B-NVFP4_config.json: architectures Qwen3_5ForConditionalGeneration; text_config num_hidden_layers 64, full_attention_interval 4, num_key_value_heads 4, head_dim 256, linear_num_value_heads 48, every shape field as Qwen3.5-27B's config",
			Quote: `"Qwen3_5ForConditionalGeneration"`},
		Note: "the config of NVIDIA's NVFP4 checkpoint of Qwen3.6-27B (" + ConfigDir + "/nvidia--Qwen3.6-27B-NVFP4.json) is a Qwen3.5 model whose shapes equal Qwen3.5-27B's; its FP8 KV cache and NVFP4 weights are the checkpoint's, not the model's (give --kv-dtype fp8 for them); Qwen's own Qwen3.6 config.json was not read",
	},
	{
		Name: "Qwen3.6-35B-A3B", Also: []string{"Qwen/Qwen3.6-35B-A3B", "nvidia/Qwen3.6-35B-A3B-NVFP4", "qwen3.6:35b-a3b"}, Model: "Qwen3.5-35B-A3B",
		Cite: Cite{Source: AICConfigs, Locator: "model_configs/nvidia--Qwen3.6-35B-A3B-NVFP4_config.json: architectures Qwen3_5MoeForConditionalGeneration; text_config num_hidden_layers 40, num_key_value_heads 2, head_dim 256, num_experts 256, num_experts_per_tok 8, every shape field as Qwen3.5-35B-A3B's config",
			Quote: `"Qwen3_5MoeForConditionalGeneration"`},
		Note: "the config of NVIDIA's NVFP4 checkpoint of Qwen3.6-35B-A3B (" + ConfigDir + "/nvidia--Qwen3.6-35B-A3B-NVFP4.json) is a Qwen3.5 MoE model whose shapes equal Qwen3.5-35B-A3B's; its NVFP4 weights are the checkpoint's (its file states no KV-cache scheme); Qwen's own Qwen3.6 config.json was not read",
	},
	{
		Name: "Kimi K2.6", Also: []string{"moonshotai/Kimi-K2.6", "Kimi-K2.6", "nvidia/Kimi-K2.6-NVFP4"}, Model: "Kimi K2.5",
		Cite: Cite{Source: AICConfigs, Locator: "model_configs/nvidia--Kimi-K2.6-NVFP4_config.json: architectures KimiK25ForConditionalGeneration; text_config num_hidden_layers 61, kv_lora_rank 512, qk_rope_head_dim 64, n_routed_experts 384, every shape field as Kimi K2.5's config",
			Quote: `"KimiK25ForConditionalGeneration"`},
		Note: "the config of NVIDIA's NVFP4 checkpoint of Kimi K2.6 (" + ConfigDir + "/nvidia--Kimi-K2.6-NVFP4.json) is a Kimi K2.5 model with K2.5's shapes; its FP8 KV cache and NVFP4 weights are the checkpoint's (give --kv-dtype fp8 for them); Moonshot's own K2.6 config.json was not read, and its weights are taken as K2.5's checkpoint stores them",
	},
	{
		Name: "Llama 3 70B", Also: []string{"meta-llama/Meta-Llama-3-70B", "meta-llama/Meta-Llama-3-70B-Instruct", "meta-llama/Llama-3-70B", "meta-llama/Llama-3-70B-Instruct", "llama3:70b"}, Model: "Llama 3.1 70B",
		Cite: Cite{Source: LlamaModelsSKU, Locator: "models/sku_list.py, llama3_base_models, CoreModelId.llama3_70b arch_args: dim 8192, n_layers 80, n_heads 64, n_kv_heads 8, use_scaled_rope False",
			Quote: `description="Llama 3 70b model"`},
		Note:    "Meta's arch_args for Llama 3 70B match Llama 3.1 70B's (dim 8192, 80 layers, 64 heads, 8 KV heads), so the cache per token is the same; they differ in use_scaled_rope (False for Llama 3), which extends 3.1's context. An alias, because no config.json of Llama 3 70B was found in the stored sources: the cache is Llama 3.1 70B's, and a prompt is checked against 3.1's 131,072-token context; Llama 3's own is 8,192 (Context, from Meta's model card), which the line naming the alias states",
		Context: 8192, ContextCite: llama3Context,
	},
	{
		Name: "Llama 3 8B", Also: []string{"meta-llama/Meta-Llama-3-8B", "meta-llama/Meta-Llama-3-8B-Instruct", "meta-llama/Llama-3-8B", "meta-llama/Llama-3-8B-Instruct", "llama3:8b"}, Model: "Llama 3.1 8B",
		Cite: Cite{Source: LlamaModelsSKU, Locator: "models/sku_list.py, llama3_base_models, CoreModelId.llama3_8b arch_args: dim 4096, n_layers 32, n_heads 32, n_kv_heads 8, use_scaled_rope False",
			Quote: `description="Llama 3 8b model"`},
		Note:    "Meta's arch_args for Llama 3 8B match Llama 3.1 8B's (dim 4096, 32 layers, 32 heads, 8 KV heads), so the cache per token is the same; as for Llama 3 70B, use_scaled_rope is False and the context is Llama 3's own 8,192 (Context), while a prompt is checked against 3.1's 131,072",
		Context: 8192, ContextCite: llama3Context,
	},
}

// aliasSlugs are the slugs of each alias's names, in order, computed once.
var aliasSlugs = sync.OnceValue(func() [][]string {
	out := make([][]string, len(Aliases))
	for i, a := range Aliases {
		out[i] = []string{slug(a.Name)}
		for _, s := range a.Also {
			out[i] = append(out[i], slug(s))
		}
	}
	return out
})

// configOnly is a catalog model known only from its kept config: its
// architecture, context and parameter counts are all read or computed
// from the file.
type configOnly struct {
	Name    string
	Aliases []string
	File    string
	Fields  string // the fields the catalog reads, for the locator
	Quote   string // a line of the file
	Note    string
}

// checkpointOf names, for a catalog entry that is another catalog
// model's checkpoint (its FP8 weights, the same shapes), that model. The
// entry takes the model's context: Qwen's FP8 configs repeat the base
// configs' max_position_embeddings, below the context the model's card
// states and the catalog cites.
var checkpointOf = map[string]string{"Qwen3-32B-FP8": "Qwen3-32B", "Qwen3-30B-A3B-FP8": "Qwen3-30B-A3B", "Qwen3-235B-A22B-FP8": "Qwen3-235B-A22B", "GLM-5.2-FP8": "GLM-5.2"}

// CheckpointOf is the catalog model whose checkpoint the named catalog
// entry is (with that model's shapes, stored another way), or "": a
// table or figure that lists both may show the model alone.
func CheckpointOf(name string) string { return checkpointOf[name] }

var configOnlyList = []configOnly{
	{"Qwen2.5-7B", []string{"Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B", "qwen2.5:7b"}, "Qwen--Qwen2.5-7B-Instruct.json",
		"num_hidden_layers 28, num_attention_heads 28, num_key_value_heads 4, hidden_size 3584 (head dim 128), use_sliding_window false, max_position_embeddings 32768",
		`"num_key_value_heads": 4`,
		"the Instruct model's config (the base model's not read); use_sliding_window is false, so no layer keeps a window; the context is the config's 32,768 (the card's 131,072 needs YaRN)"},
	{"Qwen3-Coder-480B-A35B", []string{"Qwen/Qwen3-Coder-480B-A35B-Instruct", "qwen3-coder:480b"}, "Qwen--Qwen3-Coder-480B-A35B-Instruct.json",
		"num_hidden_layers 62, num_attention_heads 96, num_key_value_heads 8, head_dim 128, num_experts 160, num_experts_per_tok 8, max_position_embeddings 262144",
		`"num_experts": 160`,
		"its own architecture, not a rename of Qwen3-235B-A22B (62 layers and 8 KV heads against 94 and 4)"},
	{"Qwen3.5-27B", []string{"Qwen/Qwen3.5-27B"}, "Qwen--Qwen3.5-27B.json",
		"text_config: num_hidden_layers 64, full_attention_interval 4, layer_types, num_key_value_heads 4, head_dim 256, linear_num_value_heads 48, linear_num_key_heads 16, linear key/value head dims 128, linear_conv_kernel_dim 4",
		`"linear_num_value_heads": 48`,
		"16 full-attention layers grow with the prompt; 48 Gated DeltaNet layers hold a fixed state whose recurrent part is kept in float32, as the config states; parameters counted for the language model only (the vision encoder left out)"},
	{"Qwen3.5-35B-A3B", []string{"Qwen/Qwen3.5-35B-A3B"}, "Qwen--Qwen3.5-35B-A3B.json",
		"text_config: num_hidden_layers 40, full_attention_interval 4, num_key_value_heads 2, head_dim 256, linear_num_value_heads 32, mamba_ssm_dtype float32, num_experts 256, num_experts_per_tok 8",
		`"mamba_ssm_dtype": "float32"`,
		"10 full-attention layers grow with the prompt; 30 Gated DeltaNet layers hold a fixed state whose recurrent part is kept in float32, as the config states; parameters counted for the language model only"},
	{"Kimi K2.5", []string{"moonshotai/Kimi-K2.5", "Kimi-K2.5", "Kimi-2.5", "nvidia/Kimi-K2.5-NVFP4"}, "moonshotai--Kimi-K2.5.json",
		"text_config: num_hidden_layers 61, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, n_routed_experts 384, num_experts_per_tok 8, max_position_embeddings 262144",
		`"model_type": "kimi_k25"`,
		`Kimi K2.5's own config (a vision encoder beside a kimi_k2 text model with Kimi K2's MLA shapes, and a 262,144 context); "Kimi-2.5" is taken as this model: Moonshot's only 2.5 release is K2.5, and the vLLM Mooncake post's "Kimi-2.5 NVFP4" matches NVIDIA's Kimi-K2.5-NVFP4 checkpoint; parameters counted for the language model only`},
	{"MiniMax M2.7", []string{"MiniMaxAI/MiniMax-M2.7", "MiniMax-M2.7"}, "MiniMaxAI--MiniMax-M2.7.json",
		"num_hidden_layers 62, attn_type_list all 1, num_attention_heads 48, num_key_value_heads 8, head_dim 128, num_local_experts 256, num_experts_per_tok 8, max_position_embeddings 204800",
		`"num_key_value_heads": 8`,
		"GQA on every layer (attn_type_list is 1, full attention, throughout), as SGLang issue 26305 calls it; the multi-token-prediction modules (num_mtp_modules 3) are left out of the parameters"},
	{"GLM-5.2", []string{"zai-org/GLM-5.2", "nvidia/GLM-5.2-NVFP4"}, "zai-org--GLM-5.2.json",
		"num_hidden_layers 78, kv_lora_rank 512, qk_rope_head_dim 64, index_head_dim 128, index_topk 2048, indexer_types (21 full), n_routed_experts 256, max_position_embeddings 1048576",
		`"model_type": "glm_moe_dsa"`,
		"MLA on all 78 layers (512 + 64 numbers per token and layer) and a DSA indexer key cache on the 21 layers indexer_types marks full (the FP8 checkpoint's module list has indexer weights on those layers only); not aliased to GLM-5, whose own config was not compared; NVIDIA's NVFP4 checkpoint's config (` + ConfigDir + `/nvidia--GLM-5.2-NVFP4.json, its layers named deepseek_sparse_attention) has these shapes, with an FP8 KV cache of its own (--kv-dtype fp8)"},
	{"GLM-5.2-FP8", []string{"zai-org/GLM-5.2-FP8"}, "zai-org--GLM-5.2-FP8.json",
		"as GLM-5.2: num_hidden_layers 78, kv_lora_rank 512, qk_rope_head_dim 64, index_head_dim 128, indexer_types (21 full); quantization_config fp8 for the weights",
		`"quant_method": "fp8"`,
		"the FP8-weight checkpoint of GLM-5.2, with the same shapes; its quantization_config states no KV-cache scheme, so the KV element is the caller's (16 bits unless stated)"},
	// Read on 2026-12-05: models published runs often name, each kept as
	// its own config.
	{"Mixtral 8x7B", []string{"mistralai/Mixtral-8x7B-v0.1", "mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral:8x7b"}, "mistralai--Mixtral-8x7B-v0.1.json",
		"num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, hidden_size 4096 (head dim 128), sliding_window null, num_local_experts 8, num_experts_per_tok 2, max_position_embeddings 32768",
		`"num_local_experts": 8,`,
		"the base model's config; the Instruct model's names resolve to it, as for Mixtral 8x22B (its own file was not read); sliding_window is null, so every layer keeps every token"},
	{"Mistral 7B v0.3", []string{"mistralai/Mistral-7B-Instruct-v0.3", "mistralai/Mistral-7B-v0.3"}, "mistralai--Mistral-7B-Instruct-v0.3.json",
		"num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, hidden_size 4096 (head dim 128), sliding_window null, max_position_embeddings 32768",
		`"sliding_window": null`,
		"the Instruct model's config; unlike v0.1 (a 4,096-token window), v0.3 keeps every token on every layer"},
	{"Llama 3.2 1B", []string{"meta-llama/Llama-3.2-1B", "meta-llama/Llama-3.2-1B-Instruct", "llama3.2:1b"}, "meta-llama--Llama-3.2-1B-Instruct.json",
		"num_hidden_layers 16, num_attention_heads 32, num_key_value_heads 8, head_dim 64, hidden_size 2048, tie_word_embeddings true, max_position_embeddings 131072",
		`"head_dim": 64,`,
		"the Instruct model's config; tied embeddings, so no output head of its own"},
	{"Qwen3-0.6B", []string{"Qwen/Qwen3-0.6B"}, "Qwen--Qwen3-0.6B.json",
		"num_hidden_layers 28, num_attention_heads 16, num_key_value_heads 8, head_dim 128, hidden_size 1024, tie_word_embeddings true, max_position_embeddings 40960",
		`"hidden_size": 1024,`,
		"head_dim 128 is stated, above hidden size over heads (64); tied embeddings"},
	{"Qwen3-1.7B", []string{"Qwen/Qwen3-1.7B"}, "Qwen--Qwen3-1.7B.json",
		"num_hidden_layers 28, num_attention_heads 16, num_key_value_heads 8, head_dim 128, hidden_size 2048, tie_word_embeddings true, max_position_embeddings 40960",
		`"hidden_size": 2048,`,
		"the same cache per token as Qwen3-0.6B (28 layers, 8 KV heads of 128), with a wider hidden size; tied embeddings"},
	{"Qwen2.5-32B", []string{"Qwen/Qwen2.5-32B-Instruct", "Qwen/Qwen2.5-32B", "qwen2.5:32b"}, "Qwen--Qwen2.5-32B-Instruct.json",
		"num_hidden_layers 64, num_attention_heads 40, num_key_value_heads 8, hidden_size 5120 (head dim 128), use_sliding_window false, max_position_embeddings 131072",
		`"num_hidden_layers": 64,`,
		"the Instruct model's config in Tenstorrent's copy; use_sliding_window is false, so no layer keeps a window; the context is this copy's max_position_embeddings, 131,072 (the 7B's copy states 32,768)"},
	{"Qwen3.5-122B-A10B", []string{"Qwen/Qwen3.5-122B-A10B"}, "Qwen--Qwen3.5-122B-A10B.json",
		"text_config: num_hidden_layers 48, full_attention_interval 4, num_key_value_heads 2, head_dim 256, linear_num_value_heads 64, linear_num_key_heads 16, linear key/value head dims 128, linear_conv_kernel_dim 4, mamba_ssm_dtype float32, num_experts 256, num_experts_per_tok 8",
		`"num_experts": 256,`,
		"12 full-attention layers grow with the prompt; 36 Gated DeltaNet layers hold a fixed state whose recurrent part is kept in float32, as the config states; parameters counted for the language model only"},
	{"Qwen3.5-397B-A17B", []string{"Qwen/Qwen3.5-397B-A17B"}, "Qwen--Qwen3.5-397B-A17B.json",
		"text_config: num_hidden_layers 60, full_attention_interval 4, num_key_value_heads 2, head_dim 256, linear_num_value_heads 64, linear_num_key_heads 16, linear key/value head dims 128, linear_conv_kernel_dim 4, mamba_ssm_dtype float32, num_experts 512, num_experts_per_tok 10",
		`"num_experts": 512,`,
		"15 full-attention layers grow with the prompt; 45 Gated DeltaNet layers hold a fixed state whose recurrent part is kept in float32, as the config states; parameters counted for the language model only"},
	{"DeepSeek-V3.2", []string{"deepseek-ai/DeepSeek-V3.2"}, "deepseek-ai--DeepSeek-V3.2.json",
		"num_hidden_layers 61, kv_lora_rank 512, qk_rope_head_dim 64, index_head_dim 128, index_topk 2048, n_routed_experts 256, quantization_config fp8, max_position_embeddings 163840",
		`"model_type": "deepseek_v32",`,
		"DeepSeek-V3's MLA shapes with a DSA indexer on every layer (no indexer_types in the file); its key cache is counted as the catalog counts GLM-5.2's; the next-token-prediction layer is left out of the parameters"},
	{"MiniMax M2.5", []string{"MiniMaxAI/MiniMax-M2.5", "MiniMax-M2.5"}, "MiniMaxAI--MiniMax-M2.5.json",
		"num_hidden_layers 62, num_attention_heads 48, num_key_value_heads 8, head_dim 128, num_local_experts 256, num_experts_per_tok 8, quantization_config fp8, max_position_embeddings 196608",
		`"model_type": "minimax_m2",`,
		"no attn_type_list in the file, so every layer is read as full attention, as MiniMax M2.7's list states for its own; the multi-token-prediction modules are left out of the parameters"},
	{"GLM-5", []string{"zai-org/GLM-5"}, "zai-org--GLM-5.json",
		"num_hidden_layers 78, kv_lora_rank 512, qk_rope_head_dim 64, index_head_dim 128, index_topk 2048, n_routed_experts 256, max_position_embeddings 202752",
		`"transformers_version": "5.0.2.dev0"`,
		"GLM-5.2's shapes but for head_dim and the indexer's fields: head_dim is 64 against 192 (each one of the MLA dims, qk_rope_head_dim 64 and qk_nope_head_dim 192, which set the heads), and there is no indexer_types, so the DSA indexer keeps its keys on all 78 layers, where GLM-5.2's list keeps them on 21; the next-token-prediction layer is left out of the parameters"},
	{"GLM-5.1", []string{"zai-org/GLM-5.1"}, "zai-org--GLM-5.1.json",
		"as GLM-5: num_hidden_layers 78, kv_lora_rank 512, qk_rope_head_dim 64, index_head_dim 128, index_topk 2048 on every layer, n_routed_experts 256, max_position_embeddings 202752",
		`"transformers_version": "5.4.0"`,
		"the file differs from GLM-5's only in transformers_version"},
	// The post's newer model Kimi K3, from its own config (the post's
	// sizes, sources.NewerModels, are checked against it by the audit);
	// DeepSeek V4 Pro and Flash, with published parameter counts, are in
	// deepSeekV4Models (registry_newer.go).
	{"Kimi K3", []string{"kimi-k3", "moonshotai/Kimi-K3", "Kimi-K3"}, "moonshotai--Kimi-K3.json",
		"text_config: num_hidden_layers 93, linear_attn_config (24 full_attn_layers, 69 kda_layers, num_heads 96, head_dim 128, short_conv_kernel_size 4), kv_lora_rank 512, qk_rope_head_dim 64, max_position_embeddings 1048576",
		`"kda_layers": [`,
		"its own config, not the post's reported size: 24 MLA layers grow with the prompt and 69 Kimi Delta Attention layers hold a fixed state, as vLLM lays it out"},
	// Read on 2026-12-05: Gemma 4, whose global layers have KV heads and
	// a head dim of their own.
	{"Gemma 4 26B-A4B", []string{"google/gemma-4-26B-A4B", "google/gemma-4-26B-A4B-it", "gemma4:26b"}, "google--gemma-4-26B-A4B.json",
		"text_config: num_hidden_layers 30, layer_types (5 full_attention, 25 sliding_attention), sliding_window 1024, num_key_value_heads 8, head_dim 256, num_global_key_value_heads 2, global_head_dim 512, attention_k_eq_v true, enable_moe_block true, num_experts 128, top_k_experts 8, moe_intermediate_size 704, intermediate_size 2112, max_position_embeddings 262144",
		`"top_k_experts": 8,`,
		"5 global layers grow with the prompt (2 KV heads of 512, keys and values both kept although the values are the keys' projection); 25 sliding layers keep their last 1,024 tokens (8 KV heads of 256); a dense MLP beside 8 of 128 routed experts on every layer; parameters counted for the language model only (the vision and audio encoders left out); the instruction-tuned names resolve to this base config (theirs not read)"},
	{"Gemma 4 31B NVFP4", []string{"nvidia/Gemma-4-31B-IT-NVFP4"}, "nvidia--Gemma-4-31B-IT-NVFP4.json",
		"text_config: num_hidden_layers 60, layer_types (10 full_attention, 50 sliding_attention), sliding_window 1024, num_key_value_heads 16, head_dim 256, num_global_key_value_heads 4, global_head_dim 512, attention_k_eq_v true, enable_moe_block false, max_position_embeddings 262144; quantization_config kv_cache_scheme 8-bit float",
		`"num_global_key_value_heads": 4,`,
		"NVIDIA's NVFP4 checkpoint of Gemma 4 31B, the only 31B config read: its FP8 KV cache and its weights (the MLPs in NVFP4, attention and the embedding in BF16, as its ignore list keeps them) are the checkpoint's (give --kv-dtype bf16 and --weights bf16 for Google's own weights, whose config was not read); 10 global layers grow with the prompt (4 KV heads of 512), 50 sliding layers keep their last 1,024 tokens (16 KV heads of 256); parameters counted for the language model only"},
	// Read on 2026-12-05: Xiaomi's MiMo-V2-Flash, whose keys and values
	// differ in width and whose sliding layers have KV heads of their own.
	{"MiMo-V2-Flash", []string{"XiaomiMiMo/MiMo-V2-Flash", "mimo-v2-flash"}, "XiaomiMiMo--MiMo-V2-Flash.json",
		"num_hidden_layers 48, hybrid_layer_pattern (9 at 0, full attention; 39 at 1, sliding), sliding_window 128, num_attention_heads 64, num_key_value_heads 4, swa_num_key_value_heads 8, head_dim 192, v_head_dim 128, swa_head_dim 192, swa_v_head_dim 128, moe_layer_freq (1 at 0, 47 at 1), n_routed_experts 256, num_experts_per_tok 8, moe_intermediate_size 2048, intermediate_size 16384, quantization_config fp8, max_position_embeddings 262144",
		`"swa_num_key_value_heads": 8,`,
		"9 full-attention layers grow with the prompt (4 KV heads, keys of 192 numbers and values of 128); 39 sliding layers keep their last 128 tokens (8 KV heads); a 0 in hybrid_layer_pattern is a full layer, as transformers' port reads it (aiconfigurator reads the list the other way round); the sliding layers' learned sink logits and the multi-token-prediction layers are left out of the parameters"},
	// Read on 2026-12-05: NVIDIA's Llama-3.3-Nemotron-Super, a NAS model
	// whose layers each keep or skip attention and set their MLP's width.
	{"Llama 3.3 Nemotron Super 49B", []string{"nvidia/Llama-3_3-Nemotron-Super-49B-v1", "Llama-3.3-Nemotron-Super-49B-v1", "llama-3.3-nemotron-super-49b"}, "nvidia--Llama-3_3-Nemotron-Super-49B-v1.json",
		"DeciLMForCausalLM (model_type nemotron-nas): num_hidden_layers 80, hidden_size 8192, num_attention_heads 64, block_configs (49 layers attend with n_heads_in_group 8, 31 skip attention; ffn_mult from 0.5 to 5.25), vocab_size 128256, max_position_embeddings 131072",
		`"model_type": "nemotron-nas",`,
		"49 of its 80 layers attend (8 KV heads of 128) and keep a cache; the other 31 skip attention; each MLP's width follows its ffn_mult as aiconfigurator converts it (DeciMLPWidth); the shapes' parameter count is the name's 49B within its rounding; v1 only (later versions' configs not read)"},
	// Read on 2026-12-05: NVIDIA's Nemotron 3, hybrids of Mamba-2, attention
	// and mixture-of-experts layers.
	{"Nemotron 3 Nano 30B-A3B", []string{"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4", "nemotron-3-nano"}, "nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json",
		"hybrid_override_pattern (23 M, 23 E, 6 *), hidden_size 2688, num_key_value_heads 2, head_dim 128, mamba_num_heads 64, mamba_head_dim 64, n_groups 8, ssm_state_size 128, conv_kernel 4, mamba_ssm_cache_dtype float32, n_routed_experts 128, num_experts_per_tok 6, moe_intermediate_size 1856, moe_shared_expert_intermediate_size 3712, max_position_embeddings 262144",
		`"mamba_ssm_cache_dtype": "float32",`,
		"6 attention layers grow with the prompt (2 KV heads of 128); 23 Mamba-2 layers hold a fixed state each, the SSM state in float32 as the config states, as vLLM lays it out; 23 layers of 6 of 128 ungated experts with a shared expert; the shapes' parameter counts are the name's 30B and A3B within its rounding; the NVFP4 checkpoint's name resolves to these shapes, which its own config (read in the same snapshot) repeats; its weights are the caller's to state (--weights)"},
	{"Nemotron 3 Super 120B-A12B", []string{"nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8", "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4", "nemotron-3-super"}, "nvidia--NVIDIA-Nemotron-3-Super-120B-A12B-FP8.json",
		"hybrid_override_pattern (40 M, 40 E, 8 *), hidden_size 4096, num_key_value_heads 2, head_dim 128, mamba_num_heads 128, mamba_head_dim 64, n_groups 8, ssm_state_size 128, mamba_ssm_cache_dtype float32, n_routed_experts 512, num_experts_per_tok 22, moe_latent_size 1024, max_position_embeddings 262144",
		`"moe_latent_size": 1024,`,
		"the FP8 checkpoint's config, the only Super config read (its time_step_limit holds Python's bare Infinity, read as null); 8 attention layers grow with the prompt, 40 Mamba-2 layers hold a fixed state each; 22 of 512 ungated experts run on a 1,024-wide latent; the shapes' parameter counts are the name's 120B and A12B within its rounding; the multi-token-prediction layers are left out"},
	{"Nemotron 3 Ultra 550B-A55B", []string{"nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16", "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-FP8", "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4", "nemotron-3-ultra"}, "nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16.json",
		"layers_block_type (48 mamba, 48 moe, 12 attention; no num_hidden_layers), hidden_size 8192, num_key_value_heads 2, head_dim 128, mamba_num_heads 256, mamba_head_dim 64, n_groups 8, ssm_state_size 128, mamba_ssm_cache_dtype float32, n_routed_experts 512, num_experts_per_tok 22, moe_latent_size 2048, max_position_embeddings 262144",
		`"moe_latent_size": 2048,`,
		"12 attention layers grow with the prompt, 48 Mamba-2 layers hold a fixed state each; 22 of 512 ungated experts run on a 2,048-wide latent; the shapes' parameter counts are the name's 550B and A55B within its rounding; the multi-token-prediction layers are left out"},
	// Read on 2026-12-06: Qwen's own FP8 checkpoints, the names published
	// runs on one node often use; each file is its BF16 model's config
	// with a quantization_config added (fp8, 128 x 128 blocks), so the
	// shapes are the same and the weights a byte each.
	{"Qwen3-32B-FP8", []string{"Qwen/Qwen3-32B-FP8"}, "Qwen--Qwen3-32B-FP8.json",
		"num_hidden_layers 64, num_attention_heads 64, num_key_value_heads 8, head_dim 128, max_position_embeddings 40960; quantization_config quant_method fp8, weight_block_size [128, 128]",
		`"quant_method": "fp8",`,
		"the FP8-weight checkpoint of Qwen3-32B: every field but quantization_config as in Qwen3-32B's kept config, whose max_position_embeddings is below the context the catalog cites for Qwen3-32B (its card's, with YaRN), which this entry takes too; the embeddings and the output head stay BF16 in the file and are counted at a byte too, as for every quant_method fp8 checkpoint; the config states no KV-cache scheme, so the KV element is the caller's (16 bits unless stated)"},
	{"Qwen3-30B-A3B-FP8", []string{"Qwen/Qwen3-30B-A3B-FP8"}, "Qwen--Qwen3-30B-A3B-FP8.json",
		"num_hidden_layers 48, num_attention_heads 32, num_key_value_heads 4, head_dim 128, num_experts 128, num_experts_per_tok 8, max_position_embeddings 40960; quantization_config quant_method fp8, weight_block_size [128, 128], modules_to_not_convert (the head, norms and routers)",
		`"quant_method": "fp8",`,
		"the FP8-weight checkpoint of Qwen3-30B-A3B: every field but quantization_config as in Qwen3-30B-A3B's kept config; its context is Qwen3-30B-A3B's in the catalog, as for Qwen3-32B-FP8; the embeddings, head, norms and routers it leaves in BF16 are counted at a byte too; no KV-cache scheme stated"},
	{"Qwen3-235B-A22B-FP8", []string{"Qwen/Qwen3-235B-A22B-FP8"}, "Qwen--Qwen3-235B-A22B-FP8.json",
		"num_hidden_layers 94, num_attention_heads 64, num_key_value_heads 4, head_dim 128, num_experts 128, num_experts_per_tok 8, max_position_embeddings 40960; quantization_config quant_method fp8, weight_block_size [128, 128], modules_to_not_convert (the head, norms and routers)",
		`"quant_method": "fp8",`,
		"the FP8-weight checkpoint of Qwen3-235B-A22B: every field but quantization_config as in Qwen3-235B-A22B's kept config; its context is Qwen3-235B-A22B's in the catalog, as for Qwen3-32B-FP8; the embeddings, head, norms and routers it leaves in BF16 are counted at a byte too; no KV-cache scheme stated"},
	// Read on 2026-12-06: MiniMax M3, GQA with MiniMax Sparse Attention.
	{"MiniMax M3", []string{"MiniMaxAI/MiniMax-M3", "MiniMax-M3", "minimax-m3"}, "MiniMaxAI--MiniMax-M3.json",
		"num_hidden_layers 60, num_attention_heads 64, num_key_value_heads 4, head_dim 128, first_k_dense_replace 3, dense_intermediate_size 12288, num_local_experts 128, num_experts_per_tok 4, n_shared_experts 1, moe_intermediate_size 3072, sparse_attention_config (use_sparse_attention true, sparse_attention_freq and sparse_disable_index_value 0 on layers 0 to 2 and 1 on the other 57, sparse_block_size 128, sparse_topk_blocks 16, sparse_index_dim 128, sparse_num_index_heads 4, sparse_init_block 0, sparse_local_block 1), max_position_embeddings 1048576",
		`"sparse_topk_blocks": 16,`,
		"every layer keeps its keys and values (4 KV heads of 128); on the 57 sparse layers an indexer keeps one more key of 128 numbers per token, in BF16: aiconfigurator's MSA collector (collector/sglang/collect_msa_module.py, same commit) checks that SGLang's index projection packs the 4 index query heads and one key head, with no value where sparse_disable_index_value is 1, and sizes the index-key cache in the model's type; the queries of those layers attend to at most sparse_topk_blocks x sparse_block_size keys; the indexer's projections and scoring, and the multi-token-prediction modules, are left out; the first 3 layers are dense, with an MLP of dense_intermediate_size"},
}

func notes(ns []string) string {
	var b strings.Builder
	for _, n := range ns {
		b.WriteString("; " + n)
	}
	return b.String()
}
