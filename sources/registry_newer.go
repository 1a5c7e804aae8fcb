package sources

// This file registers the sources of the configs of the post's newer
// models that their own config.json describes: DeepSeek V4 Pro (and V4
// Flash beside it) and Kimi K3. The configs are kept in configs/ and
// listed in ConfigFiles; DeepSeek V4's catalog entries, with DeepSeek's
// published parameter counts, are below (deepSeekV4Models), and Kimi K3's
// is in configOnlyList. The post's own sizes of these models
// (NewerModels) stay the inputs of its table, and the audit checks them
// against these configs.

// The sources.
const (
	AICConfigsDeepSeekV4 SourceID = "aiconfigurator-model-configs-deepseek-v4"
	AICConfigsKimiK3     SourceID = "aiconfigurator-model-configs-kimi-k3"
	VLLMKDAState         SourceID = "vllm-mamba-utils-kda-state"
	SGLangDeepSeekV4     SourceID = "sglang-cookbook-deepseek-v4"
	AICGemma4            SourceID = "aiconfigurator-gemma4-model"
	VLLMNemotronH        SourceID = "vllm-nemotron-h-model"
	HFMiMoV2Flash        SourceID = "transformers-mimo-v2-flash"
	AICNemotronNAS       SourceID = "aiconfigurator-nemotron-nas-model"
)

func init() {
	register(
		Source{SGLangDeepSeekV4, "SGLang cookbook: DeepSeek-V4 (docs_new/cookbook/autoregressive/DeepSeek/DeepSeek-V4.mdx)", "SGLang project (sgl-project/sglang)",
			"https://github.com/sgl-project/sglang/blob/00db41489f394a892a6f3f004f561a0b3a4bec05/docs_new/cookbook/autoregressive/DeepSeek/DeepSeek-V4.mdx", "", Read,
			"read 2026-12-05 at commit 00db414: section 1, Model Introduction, a table of the two Instruct repos with columns Total params and Active (MoE): DeepSeek-V4-Flash 284B and 13B, DeepSeek-V4-Pro 1.6T and 49B; 'Both Instruct repos ship as FP4 MoE experts + FP8 attention / dense'; on Hopper the original FP4 checkpoints run 'W4A16 MoE kernels (Marlin)'. DeepSeek's own model cards and report were not read"},
		Source{AICConfigsDeepSeekV4, "aiconfigurator: the DeepSeek-V4-Pro and DeepSeek-V4-Flash config.json files, and its DeepSeek-V4 model's cache size", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V4-Pro_config.json", "2026-07-14", Read,
			"read 2026-12-05 at commit 095f58a: the config.json files of deepseek-ai/DeepSeek-V4-Pro (DeepseekV4ForCausalLM: 61 layers, head_dim 512, one KV head, sliding_window 128, index_head_dim 128, compress_ratios listing 62 layers, the first 61 of them 30 at 4 and 31 at 128) and deepseek-ai/DeepSeek-V4-Flash (43 layers, 2 at 0, 21 at 4, 20 at 128), both last changed in commit 0b077da (2026-07-14); and how the configurator sizes their cache, in aic-core/src/aiconfigurator_core/sdk/models/deepseek_v4.py (last changed in ff2be1f, 2026-08-18), get_kvcache_bytes_per_sequence: for each of the first num_hidden_layers ratios, min(seq_len, sliding_window) entries of head_dim numbers, and for a ratio above 0 seq_len // ratio more, plus 'FP32 kv_state and score_state buffers' of 2 x ratio x coff x head_dim x 4 bytes (coff 2 at ratio 4, else 1), and at ratio 4 the indexer's seq_len // 4 entries of index_head_dim x 0.5 bytes (sdk/common.py, deepseek_v4_indexer_cache_entry_bytes, 'Bytes per compressed token in DeepSeek-V4's FP4 indexer KV cache') and 'a second FP4 indexer compressor with its own decode state' of 2 x ratio x 2 x index_head_dim x 4 bytes; the ratios it supports are 0, 4 and 128"},
		Source{AICConfigsKimiK3, "aiconfigurator: aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K3_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K3_config.json", "2026-08-05", Read,
			"read 2026-12-05 at commit 095f58a (last changed in a77804e, 2026-08-05): the config.json of moonshotai/Kimi-K3, a KimiK3ForConditionalGeneration whose text_config is a KimiLinearForCausalLM of 93 layers: linear_attn_config lists 24 full_attn_layers (MLA, kv_lora_rank 512, qk_rope_head_dim 64) and 69 kda_layers (Kimi Delta Attention, num_heads 96, head_dim 128, short_conv_kernel_size 4), 896 experts, max_position_embeddings 1048576"},
		Source{AICGemma4, "aiconfigurator: aic-core/src/aiconfigurator_core/sdk/models/gemma4.py", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/sdk/models/gemma4.py", "", Read,
			"read 2026-12-05 at commit 095f58a: Gemma4MixModel's docstring and get_kvcache_bytes_per_sequence. Sliding layers keep num_key_value_heads x head_dim for at most sliding_window tokens; global (full_attention) layers keep num_global_key_value_heads x global_head_dim for every token; where attention_k_eq_v is set a global layer has no value projection, 'but K and V are still distinct tensors in the KV cache'; every layer with enable_moe_block runs a dense MLP of intermediate_size and the routed experts, their outputs summed"},
		Source{VLLMNemotronH, "vLLM: vllm/model_executor/models/nemotron_h.py", "vLLM project",
			"https://github.com/vllm-project/vllm/blob/00b08dc44519a82cbdd9061d92d1226985094622/vllm/model_executor/models/nemotron_h.py", "", Read,
			"read 2026-12-05 at commit 00b08dc: ALL_DECODER_LAYER_TYPES makes each character of hybrid_override_pattern one layer, M a Mamba-2 mixer, - an MLP, * attention, E a mixture of experts; NemotronHMLP is an up_proj and a down_proj with ReLU squared (no gate), and the experts are non-gated too (is_non_gated_moe); the shared expert's width is moe_shared_expert_intermediate_size x n_shared_experts; with moe_latent_size the routed experts run on that latent width between fc1_latent_proj and fc2_latent_proj; the Mamba-2 mixer's intermediate size, and the state shape's, is mamba_num_heads x mamba_head_dim; the multi-token-prediction weights (mtp.) are skipped"},
		Source{HFMiMoV2Flash, "transformers: models/mimo_v2_flash (configuration_mimo_v2_flash.py and modeling_mimo_v2_flash.py)", "Xiaomi and Hugging Face",
			"https://github.com/huggingface/transformers/blob/019770ddcfd6bd6c1089adebb7e6428b2155cf01/src/transformers/models/mimo_v2_flash/configuration_mimo_v2_flash.py", "", Read,
			"read 2026-12-05 at commit 019770d: MiMoV2FlashConfig's default layer_types make layer 0 and every sixth layer full attention and the rest sliding, the positions where MiMo-V2-Flash's config.json has 0 in hybrid_layer_pattern (its 1s are the sliding layers); MiMoV2FlashAttention (modeling_mimo_v2_flash.py, same commit) gives a sliding layer twice the KV heads, keys and queries of head_dim and values of v_head_dim (v_proj: num_kv_heads x v_head_dim; o_proj from num_attn_heads x v_head_dim), and a learned sink logit per query head on sliding layers (parameters, not cache); mlp_layer_types makes layer 0 dense and the rest sparse. aiconfigurator at 095f58a reads the same file otherwise: sdk/utils.py passes hybrid_layer_pattern unchanged as attn_layer_pattern, which sdk/common.py documents as '0 = SWA/local attention, 1 = global (full) attention', so it would take 39 global and 9 sliding layers where transformers takes 9 and 39"},
		Source{AICNemotronNAS, "aiconfigurator: aic-core/src/aiconfigurator_core/sdk/models/nemotron_nas.py", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/sdk/models/nemotron_nas.py", "2026-07-22", Read,
			"read 2026-12-05 at commit 095f58a (last changed in 5559575, 2026-07-22): NemotronNas prices each block of a DeciLM config's block_configs (parsed by sdk/utils.py's _parse_nemotron_block_configs) as attention with num_heads // n_heads_in_group KV heads unless attention.no_op, and a gated MLP unless ffn.no_op, whose width _ffn_mult_to_intermediate_size converts from ffn_mult, with conversion code it says it adopted from NVIDIA's modeling_decilm.py: int(2 x ffn_mult x hidden_size / 3), rounded up to a multiple of 256"},
		Source{VLLMKDAState, "vLLM: vllm/model_executor/layers/mamba/mamba_utils.py", "vLLM project",
			"https://github.com/vllm-project/vllm/blob/02d710837549a368073552333f66d714477415d2/vllm/model_executor/layers/mamba/mamba_utils.py", "", Read,
			"read 2026-12-05 at commit 02d7108: mamba2_state_shape gives a Mamba-2 layer a conv state of conv_kernel - 1 by conv_dim = intermediate_size + 2 x n_groups x state_size and a temporal (SSM) state of (num_heads, head_dim, state_size), the first in the model's type and the second in mamba_ssm_cache_dtype where one is set (_mamba_state_dtype); kda_state_shape gives a Kimi Delta Attention layer a conv state of conv_dim = num_heads x head_dim + 2 x num_k_heads x head_k_dim (the key heads default to the heads) by conv_kernel_size - 1, and a recurrent state of (num_heads, head_dim, head_dim); kda_state_dtype returns '(state_dtype, torch.float32)', the conv state in the model's type and the recurrent state in float32"},
	)
}

// The DeepSeek V4 models: their caches, attention, family and context
// from their configs (modelconfig's compressed), their parameter counts as the SGLang
// cookbook's table gives them, as DeepSeek publishes them (the FLOP
// model's active parameters, and with the routed experts counted from the
// config the checkpoint's bytes a weight).
var deepSeekV4Models = []Model{
	{
		Name:         "DeepSeek V4 Pro",
		Aliases:      []string{"deepseek-v4-pro", "deepseek-v4", "deepseek-ai/DeepSeek-V4-Pro", "DeepSeek-V4-Pro", "nvidia/DeepSeek-V4-Pro-NVFP4", "sgl-project/DeepSeek-V4-Pro-FP8"},
		ConfigFile:   "deepseek-ai--DeepSeek-V4-Pro.json",
		TotalParams:  1.6e12,
		ActiveParams: 49e9,
		Cite: Cite{Source: SGLangDeepSeekV4,
			Locator: "1. Model Introduction, the variants table, DeepSeek-V4-Pro row: Total params 1.6T, Active (MoE) 49B; the cache, attention and context from the kept config.json",
			Quote:   `backgroundColor: "rgba(255,255,255,0.02)"}}>49B</td>`},
		Provenance: Copy,
		Note:       "its own config, not the post's reported size: every layer's 128-token window, an entry of 512 numbers per 4 tokens on the 30 CSA layers (each query keeping its top 1,024) and per 128 on the 31 HCA layers, the CSA layers' FP4 indexer keys and the compressors' state, as aiconfigurator sizes them; 1.6T / 49B as the SGLang cookbook gives DeepSeek's counts",
	},
	{
		Name:         "DeepSeek V4 Flash",
		Aliases:      []string{"deepseek-v4-flash", "deepseek-ai/DeepSeek-V4-Flash", "DeepSeek-V4-Flash", "nvidia/DeepSeek-V4-Flash-NVFP4", "sgl-project/DeepSeek-V4-Flash-FP8"},
		ConfigFile:   "deepseek-ai--DeepSeek-V4-Flash.json",
		TotalParams:  284e9,
		ActiveParams: 13e9,
		Cite: Cite{Source: SGLangDeepSeekV4,
			Locator: "1. Model Introduction, the variants table, DeepSeek-V4-Flash row: Total params 284B, Active (MoE) 13B; the cache, attention and context from the kept config.json",
			Quote:   `backgroundColor: "rgba(255,255,255,0.02)"}}>13B</td>`},
		Provenance: Copy,
		Note:       "DeepSeek V4 Pro's layout on 43 layers, two of which keep only the window (each CSA query keeping its top 512 entries); 284B / 13B as the SGLang cookbook gives DeepSeek's counts",
	},
}

// KDAStateLayout is how a Kimi Delta Attention layer's fixed state is laid
// out and typed (modelconfig's kdaLayer computes Kimi K3's from it): the
// recurrent state in float32, the convolution's state in the model's type.
var KDAStateLayout = quoted(VLLMKDAState, "MambaStateDtypeCalculator.kda_state_dtype and MambaStateShapeCalculator.kda_state_shape",
	"return (state_dtype, torch.float32)")

// Gemma4CacheLayout is how Gemma 4's global layers keep their cache
// (modelconfig's globalShape): keys and values both, although the values
// are the keys' projection where attention_k_eq_v is set.
var Gemma4CacheLayout = quoted(AICGemma4, "Gemma4MixModel docstring, full_attention (global) layers",
	"but K and V are still distinct tensors in the KV cache")

// MiMoV2FlashLayers is which of MiMo-V2-Flash's layers are full
// attention (modelconfig's hybrid_layer_pattern: 0 full, 1 sliding).
var MiMoV2FlashLayers = quoted(HFMiMoV2Flash, "MiMoV2FlashConfig.__post_init__, the default layer_types",
	"# Full attention for the first layer and every 6th layer; SWA for the rest.")

// DeciMLPWidth is how a DeciLM layer's MLP width follows from its
// ffn_mult (modelconfig's deciMLPWidth).
var DeciMLPWidth = quoted(AICNemotronNAS, "NemotronNas._ffn_mult_to_intermediate_size",
	"inter_size = int(2 * ffn_mult * self._hidden_size / 3)")

// Mamba2StateLayout is how a Mamba-2 layer's fixed state is laid out
// (modelconfig's nemotronH computes Nemotron-H's from it).
var Mamba2StateLayout = quoted(VLLMKDAState, "MambaStateShapeCalculator.mamba2_state_shape",
	"temporal_state_shape = (divide(num_heads, tp_world_size), head_dim, state_size)")

// NemotronHMixerWidth is the Mamba-2 mixers' inner width vLLM builds
// Nemotron-H with: heads times head dim, not the config's expand.
var NemotronHMixerWidth = quoted(VLLMNemotronH, "NemotronHMambaDecoderLayer.__init__",
	"intermediate_size=config.mamba_num_heads * config.mamba_head_dim,")
