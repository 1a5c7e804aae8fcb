package sources

// This file registers the sources of the configs and aliases added for
// the models the published-claims registry names outside the first
// catalog: Kimi K2.5, MiniMax M2.7, GLM-5.2 (and its FP8 checkpoint), and
// Llama 3 70B. The configs are kept in configs/ and listed in ConfigFiles;
// the catalog entries are in configOnlyList and Aliases.

// The sources.
const (
	AICConfigsKimiK25   SourceID = "aiconfigurator-model-configs-kimi-k2.5"
	AICConfigsMiniMax27 SourceID = "aiconfigurator-model-configs-minimax-m2.7"
	AICConfigsGLM52     SourceID = "aiconfigurator-model-configs-glm-5.2"
	AICConfigsGLM52FP8  SourceID = "aiconfigurator-model-configs-glm-5.2-fp8"
)

const aicTree = "https://github.com/ai-dynamo/aiconfigurator/blob/095f58a51c4ca8e61b66ec108d86f223f8d559ce/"

func init() {
	register(
		Source{AICConfigsKimiK25, "aiconfigurator: aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K2.5_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K2.5_config.json", "2026-07-14", Read,
			"the config.json of moonshotai/Kimi-K2.5 (a KimiK25ForConditionalGeneration whose text_config is a DeepseekV3ForCausalLM of model_type kimi_k2: 61 layers, kv_lora_rank 512, qk_rope_head_dim 64, 384 routed experts, 8 per token, max_position_embeddings 262144), read at the snapshot's commit 095f58a; the file was last changed in commit 0b077da (2026-07-14), the date given"},
		Source{AICConfigsMiniMax27, "aiconfigurator: aic-core/src/aiconfigurator_core/model_configs/MiniMaxAI--MiniMax-M2.7_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/model_configs/MiniMaxAI--MiniMax-M2.7_config.json", "2026-07-14", Read,
			"the config.json of MiniMaxAI/MiniMax-M2.7 (MiniMaxM2ForCausalLM: 62 layers, every attn_type_list entry 1 (full attention), 48 heads, 8 KV heads, head_dim 128, 256 local experts, 8 per token, max_position_embeddings 204800), read at commit 095f58a; last changed in commit 0b077da (2026-07-14)"},
		Source{AICConfigsGLM52, "aiconfigurator: aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.2_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.2_config.json", "2026-07-23", Read,
			"the config.json of zai-org/GLM-5.2 (GlmMoeDsaForCausalLM, model_type glm_moe_dsa: 78 layers, MLA with kv_lora_rank 512 and qk_rope_head_dim 64, a DSA indexer of index_head_dim 128 and index_topk 2048 whose indexer_types marks 21 layers full and 57 shared, 256 routed experts, max_position_embeddings 1048576), read at commit 095f58a; last changed in commit e418fe2 (2026-07-23). The indexer key cache's layout is read at the same commit in aic-core/src/aiconfigurator_core/sdk/common.py: indexer_cache_entry_bytes returns index_head_dim + ((index_head_dim + 127) // 128) * 4, 'Bytes per token in the FP8 indexer KV cache, including one scale per 128 values' (sdk/models/deepseek_v32.py adds it on every layer; aiconfigurator does not read indexer_types)"},
		Source{AICConfigsGLM52FP8, "aiconfigurator: aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.2-FP8_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			aicTree + "aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.2-FP8_config.json", "2026-07-23", Read,
			"the config.json of zai-org/GLM-5.2-FP8: GLM-5.2's shapes with an FP8 quantization_config of the weights (no KV-cache scheme); its modules_to_not_convert list names indexer modules (self_attn.indexer.k_norm, indexers_proj) only on the 21 layers indexer_types marks full, and on the MTP layer 78; read at commit 095f58a, last changed in commit e418fe2 (2026-07-23)"},
	)
}
