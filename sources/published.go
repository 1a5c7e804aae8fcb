package sources

// This file defines the registry of published claims about loading KV
// caches: statements by storage vendors, serving engines, papers and issue
// threads, beyond the post's three. Each is typed as its source states it
// (strings, as written, with the units the source used), so that the
// fact-checker reads it exactly as it reads a row of a claims file, and a
// reader can compare every field with the quote.
//
// A claim states one or more of these forms; a field the source does not
// state is left empty:
//
//	(a) Seconds: a time to load the cache, or a time to first token with it
//	    (SecondsAre says which; a time to first token only bounds the
//	    bandwidth from below, since the load is part of it);
//	(b) Size: the size of the cache for Tokens tokens of Model;
//	(c) Throughput: a bandwidth delivered, per node (PerNode) or in total;
//	(d) Uncached with Seconds, or Speedup: a time to first token without the
//	    cache beside the one with it, or their ratio;
//	(e) Hit: the share of the prompt loaded from the cache, the rest being
//	    prefilled over the whole context;
//	(f) a load slower than recomputing is not stated by anyone: the checker
//	    flags it from (a) and (d), or from a prefill estimate.

// What a claim's Seconds measure.
const (
	SecondsTTFT = "ttft" // time to first token with the cache (the default)
	SecondsLoad = "load" // the load alone
)

// PublishedClaim is one published statement about loading a KV cache.
type PublishedClaim struct {
	ID     string // stable, lower-case, unique: "weka-amg-llama-70b-105k"
	Source SourceID
	// Locator and Quote place the claim in its source: a section or table,
	// and a short exact quote that contains the numbers typed below.
	Locator string
	Quote   string

	Model  string // a catalog name or alias, as the source names the model
	Config string // a config.json under sources/configs, for a model outside the catalog
	Tokens string // prompt tokens as written: "131072", "128K", "105k"

	Seconds    string // form (a): "0.58", "465ms"
	SecondsAre string // SecondsTTFT (default when empty) or SecondsLoad
	Size       string // form (b): "40 GB"
	Throughput string // form (c): "40GiB/s"
	PerNode    bool   // form (c): Throughput is per node, not in total
	Uncached   string // form (d): time to first token without the cache, "70.8s"
	Speedup    string // form (d): "152x"
	Hit        string // form (e): share of the prompt from the cache, "90%"

	Links   string // the links stated, "" if none: "1x400Gbit/s", "4xPCIe4x16"
	Host    string // the host, by its id in the host catalog, "" if none stated
	Path    string // the load path (LoadPaths), "" to infer it from the links, else the network
	TP      string // the tensor-parallel degree the figures are one GPU's of, "" for none
	GPUs    string // the GPUs that prefill, "8xH100", "" if none stated
	KVDtype string // the KV element type, "" for 16 bits: "fp8"

	// Note says how the claim was read where the source leaves room (which
	// model a name means, whether a "GB" is GiB, what a time covers).
	Note string

	// Unchecked says why the fact-checker cannot check the claim as the
	// source states it (a speedup with neither time nor prompt length, a
	// model whose architecture no config here gives); empty when it can.
	// A test holds the checker to it both ways; data/claims.csv leaves such
	// claims out and data/claims-report.md lists them with the reason.
	Unchecked string
}

// PublishedClaims is the registry, in the order the claims were gathered.
var PublishedClaims []PublishedClaim

// The sources of the published claims. Each was read where its URL points
// (a blog kept in a GitHub repository was read there, at the file named).
const (
	LLMDFileSystem   SourceID = "llmd-fs-offload-2026"
	LLMDKVCacheWins  SourceID = "llmd-kvcache-wins-2025"
	LLMDPeerToPeer   SourceID = "llmd-p2p-2026"
	VLLMPegaFlow     SourceID = "vllm-pegaflow-2026"
	VLLMMooncake     SourceID = "vllm-mooncake-store-2026"
	LMCacheGPTOSS    SourceID = "lmcache-gpt-oss-2025"
	SGLangIssue26305 SourceID = "sglang-issue-26305"
	LMSYSHiCache     SourceID = "lmsys-hicache-2025"
	DeepSeek3FS      SourceID = "deepseek-3fs-readme"
	PureKVCaching    SourceID = "pure-kv-caching"
	LablupOffloading SourceID = "lablup-offloading-2026"
	NVIDIAEarlyReuse SourceID = "nvidia-trtllm-early-reuse-2024"
	LLMDv05          SourceID = "llmd-v0.5-2026"
	LLMDGLM52        SourceID = "llmd-glm-5.2-agentic-2026"
	LMCacheMooncake  SourceID = "lmcache-mooncake-2025"
	LMCacheGKE       SourceID = "lmcache-gke-2025"
	MooncakeREADME   SourceID = "mooncake-readme"
	VLLMOffloading   SourceID = "vllm-offloading-connector-2025"
	GoogleLustre     SourceID = "google-lustre-llmd-2026"
)

func init() {
	register(
		Source{LLMDFileSystem, "Native KV Cache Offloading to Any Filesystem with llm-d", "llm-d project",
			"https://github.com/llm-d/llm-d.github.io/blob/main/blog/2026-02-09_native-kv-cache-offloading-to-any-file-system-with-llm-d.mdx", "2026-02-10", Read,
			"the whole post at commit 9a8058f: 305 GB for a million tokens of Llama-3.1-70B, up to 16.8x on 4 H100s with IBM Storage Scale, a cloud storage of about 10 GB/s; the speedup's prompt lengths are in a figure that was not read"},
		Source{LLMDKVCacheWins, "KV-Cache Wins You Can See: From Prefix Caching in vLLM to Distributed Scheduling with llm-d", "llm-d project",
			"https://github.com/llm-d/llm-d.github.io/blob/main/blog/2025-09-24_kvcache-wins-you-can-see.mdx", "2025-09-24", Read,
			"the whole post at commit 9a8058f; quotes drop the Markdown emphasis and escapes"},
		Source{LLMDPeerToPeer, "Pull, Don't Recompute: Peer-to-Peer KV Cache Sharing in llm-d", "llm-d project",
			"https://github.com/llm-d/llm-d.github.io/blob/main/blog/2026-08-15_p2p-kv-cache-sharing-llm-d.md", "2026-08-15", Read,
			"the whole post at commit 9a8058f: the gpt-oss-120b crossover table (recompute against P2P pull, 2,048 to 49,152 tokens, H200) and the GLM sizes (about 93 KB per token)"},
		Source{VLLMPegaFlow, "vLLM x Novita AI: PegaFlow for Production-Grade External KV Cache", "Novita AI and the vLLM team",
			"https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-05-18-pegaflow.md", "2026-05-18", Read,
			"the whole post at commit c3a01c4; the Llama-3.1-8B figures are the post's summary of a benchmark in the PegaFlow repository, which was not read"},
		Source{VLLMMooncake, "Serving Agentic Workloads at Scale with vLLM x Mooncake", "vLLM team (Qiao, Le, Shen, Li, Wang)",
			"https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-05-06-mooncake-store.md", "2026-05-06", Read,
			"the whole post at commit c3a01c4: about 3.8 GB for 100K tokens of Kimi-2.5 in FP8; 46x lower P50 TTFT with the hit rate going from 1.7% to 92.2% (Kimi-2.5 NVFP4, 1P1D on 12 GB200s)"},
		Source{LMCacheGPTOSS, "LMCache supports gpt-oss (20B/120B) on Day 1", "LMCache (Yihua, Kobe)",
			"https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-08-05-gpt-oss-support.md", "2025-08-05", Read,
			"the whole post at commit 29fa164: the long-document Q&A table (20K-token documents, average TTFT 1.20 s without and 0.39 s with LMCache's CPU offload)"},
		Source{SGLangIssue26305, "[Bug] GLM-4.7-Flash: TPOT performance severely degraded when --enable-hierarchical-cache is on (sgl-project/sglang issue 26305)", "lc1314555, on the SGLang issue tracker",
			"https://github.com/sgl-project/sglang/issues/26305", "2026-05-25", Partial,
			"the description's opening through the issue index, and its result tables through a page that renders the issue (github-users.yhajoa.workers.dev); the table cells are quoted with elisions between them"},
		Source{LMSYSHiCache, "SGLang HiCache: Fast Hierarchical KV Caching with Your Favorite Storage Backends", "LMSYS (Zhiqiang Xie), quoting Novita AI and Ant Group",
			"https://lmsys.org/blog/2025-09-10-sglang-hicache", "2025-09-10", Partial,
			"the opening: the Novita AI (Qwen3-Coder-480B with 3FS) and Ant Group (DeepSeek-R1-671B with Mooncake) statements and the up to 6x / 80% headline; the benchmark sections were not read"},
		Source{DeepSeek3FS, "Fire-Flyer File System (3FS) README, section KVCache", "DeepSeek",
			"https://github.com/deepseek-ai/3FS/blob/e2cef822ecc4889b411c4bb7e4e49c379bf2e225/README.md", "2026-03-27", Read,
			"the README at commit e2cef82 (its date is the commit's): KVCache read throughput of all clients, one 400 Gbit/s NIC per node, peaking at up to 40 GiB/s; the figure itself was not read"},
		Source{PureKVCaching, "Cut LLM Inference Costs with KV Caching", "Pure Storage",
			"https://blog.purestorage.com/purely-technical/cut-llm-inference-costs-with-kv-caching/", "", Partial,
			"the opening only: about 40GB of HBM for a 128K-context prompt on Llama 3.1-70B; no date was seen"},
		Source{LablupOffloading, "How to save GPU memory in LLM serving: Principles and operating conditions of KV cache offloading", "Lablup (Kyujin Cho, Jinho Heo)",
			"https://www.backend.ai/blog/2026-04-how-to-save-gpu-memory-in-llm-serving-kv-cache-offloading", "2026-04-27", Partial,
			"the opening only: a 128K context on Llama 3 70B reaching 40GB of KV cache per user (the figure carries footnote 1, not read)"},
		Source{NVIDIAEarlyReuse, "5x Faster Time to First Token with NVIDIA TensorRT-LLM KV Cache Early Reuse", "NVIDIA",
			"https://developer.nvidia.com/blog/5x-faster-time-to-first-token-with-nvidia-tensorrt-llm-kv-cache-early-reuse/", "2024-11", Partial,
			"the opening only, through NVIDIA's developer forum and reposts dated 2024-11-09: its summary of the earlier GH200 post, up to 14x on x86 H100 and 28x on GH200 from offloading the KV cache to CPU memory"},
		Source{LLMDv05, "llm-d 0.5: Sustaining Performance at Scale", "llm-d project",
			"https://github.com/llm-d/llm-d.github.io/blob/main/blog/2026-02-04_llm-d-v0.5-sustaining-performance-at-scale.mdx", "2026-02-04", Read,
			"the whole post at commit 9a8058f (dated by its file name): about 185k tok/s from storage on 4 H100s with IBM Storage Scale (Figure 3 caption), and a 4 GB P/D transfer in about 360 ms over 200 Gb/s; quotes drop the Markdown emphasis and escapes"},
		Source{LLMDGLM52, "Serving GLM-5.2 for Agentic Workloads on llm-d", "llm-d project",
			"https://github.com/llm-d/llm-d.github.io/blob/main/blog/2026-07-22_serving-glm-5-2-agentic-workloads-on-llm-d.mdx", "2026-07-22", Read,
			"the whole post at commit 9a8058f: about 44 KB of FP8 KV per token (576 elements over 78 layers), a 45K-token miss restored in about 59 ms against about 5.7 s to recompute, 12.7 TB (283M tokens) restored, 22.7 GB/s from the CPU cache"},
		Source{LMCacheMooncake, "LMCache x Mooncake: Unite to Pioneer KVCache-Centric LLM Serving System", "Mooncake and LMCache teams",
			"https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-05-08-mooncake.md", "2025-05-08", Read,
			"the whole post at commit 29fa164 (dated by its file name): Qwen2.5-72B-Instruct on 8 H800s, 9,728-token inputs, average TTFT 21,707.62 ms cold and 6,708.39 ms on a Mooncake Store hit"},
		Source{LMCacheGKE, "LMCache on Google Kubernetes Engine: Boosting LLM Inference Performance with KV Cache on Tiered Storage", "Google (Danna Wang), on the LMCache blog",
			"https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-10-07-LMCache-on-GKE.md", "2025-10-07", Read,
			"the whole post at commit 29fa164 (dated by its file name): Llama-3.3-70B-Instruct on 8 H100s, mean TTFT change against an HBM-only setup by system prompt length and tier; quotes drop the Markdown escapes"},
		Source{MooncakeREADME, "Mooncake README: Transfer Engine, Performance", "kvcache-ai (Moonshot AI and Tsinghua University)",
			"https://github.com/kvcache-ai/Mooncake/blob/3a8593f5d240b44abf24e17de6e405512067c1ba/README.md", "", Read,
			"the README at commit 3a8593f (undated): 40 GB moved, the KV cache of 128k tokens of LLaMA3-70B, at up to 87 GB/s on 4x200 Gbps and 190 GB/s on 8x400 Gbps RoCE; its vLLM P/D table (TTFT over RDMA against TCP) states no model or prompt length, so it is not typed; quotes drop the Markdown emphasis"},
		Source{VLLMOffloading, "Inside vLLM's New Offloading Connector: Smarter Memory Transfer for Maximizing Inference Throughput", "vLLM team at IBM Research (Or Ozeri, Danny Harnik)",
			"https://github.com/vllm-project/vllm-project.github.io/blob/9059fb96bec720a829dcee9dc088391967170321/_posts/2025-12-29-offloading-connector.md", "2025-12-29", Read,
			"the whole post at commit 9059fb9 (dated by its file name): CPU offloading on one H100; about 50 GB/s one way between GPU and CPU memory; the physical block size per 16-token block of common models, old layout against new; quotes drop the Markdown escapes"},
		Source{GoogleLustre, "Scaling LLM Inference: Multi-Node KV Cache Offloading with GKE & Managed Lustre", "Google Cloud (Miro Nikolov, Barak Epstein)",
			"https://cloud.google.com/blog/topics/developers-practitioners/scaling-llm-inference-multi-node-kv-cache-offloading-with-gke-managed-lustre/", "2026-07-01", Partial,
			"the opening through a repost (wpnews.pro, quoting the blog with its address and date): llm-d's offloading stack on Managed Lustre, Llama-3.3-70B on six A3 Mega nodes, 50,000-token prompts, a 95% hit rate, TCO and GPU-hour savings; no time or bandwidth in the part read"},
	)
}

func init() {
	PublishedClaims = []PublishedClaim{
		{
			ID: "llmd-fs-llama-3.1-70b-1m-size", Source: LLMDFileSystem,
			Locator: "section Why Storage Offloading is Needed",
			Quote:   "Even a medium-sized class model, such as Llama-3.1-70B, requires 305 GB of KV-cache for one million tokens.",
			Model:   "Llama-3.1-70B", Tokens: "1000000", Size: "305 GB",
			Note: `"one million tokens" typed as 1000000; no KV type is stated, read as 16 bits. The figure matches 1,000,000 tokens in GiB, so the "GB" reads as GiB`,
		},
		{
			ID: "llmd-fs-llama-3.1-70b-16.8x", Source: LLMDFileSystem,
			Locator: "section Results and Benchmarks, Single request speed-up",
			Quote:   "achieving a speedup of up to 16.8X on long prompts",
			Model:   "Llama-3.1-70B", Speedup: "16.8X", GPUs: "4xH100",
			Note:      "TTFT from shared storage (IBM Storage Scale) against prefill on a 4x H100 system; the prompt length of the best case is only in Figure 1, not read, so no token count is typed",
			Unchecked: "states a speedup (16.8x) without either time to first token or a prompt length (the best case's length is only in Figure 1, not read); no bandwidth follows",
		},
		{
			ID: "llmd-fs-llama-3.1-8b-storage-10gbs", Source: LLMDFileSystem,
			Locator: "section Scalability in realistic workloads, setup paragraph",
			Quote:   "a cloud-based storage offering approximately 10GB/s I/O throughput",
			Model:   "Llama-3.1-8B", Throughput: "10GB/s", GPUs: "2xH100",
			Note: "the storage's rated I/O throughput (approximate), shared by two decode nodes, each on 2x H100; not a measured load rate, so it is read as a total",
		},
		{
			ID: "llmd-wins-qwen3-32b-10k", Source: LLMDKVCacheWins,
			Locator: "section Inside vLLM: Mastering the Cache in a Single Instance",
			Quote:   "a ~10,000 token prompt to a Qwen/Qwen3-32B instance a second time, time-to-first-token drops from 4.3 seconds to just 0.6 seconds",
			Model:   "Qwen/Qwen3-32B", Tokens: "10,000", Seconds: "0.6 seconds", Uncached: "4.3 seconds",
			Note: "the prompt length is approximate (~10,000); the hit is vLLM's prefix cache in GPU memory, so nothing crosses a link and any bandwidth passes",
		},
		{
			ID: "llmd-p2p-gpt-oss-120b-49k", Source: LLMDPeerToPeer,
			Locator: "section 1, Price the Transfer Before Using It, crossover table, last row",
			Quote:   "| 49,152 | 1,988 ms | 235 ms |",
			Model:   "gpt-oss-120b", Tokens: "49,152", Seconds: "235 ms", SecondsAre: SecondsLoad, Uncached: "1,988 ms", GPUs: "H200",
			Note: "columns Prefix tokens, Recompute, P2P pull; the chart's caption calls both prefill latencies, so the pull time is the transfer with its fixed costs, CPU-to-CPU over NIXL (UCX) on RDMA; the GPU count is not stated",
		},
		{
			ID: "llmd-p2p-gpt-oss-120b-2k", Source: LLMDPeerToPeer,
			Locator: "section 1, Price the Transfer Before Using It, crossover table, first row",
			Quote:   "| 2,048 | 78 ms | 35 ms |",
			Model:   "gpt-oss-120b", Tokens: "2,048", Seconds: "35 ms", SecondsAre: SecondsLoad, Uncached: "78 ms", GPUs: "H200",
			Note: "as the 49,152-token row; at 2,048 tokens the fixed costs of a pull dominate it",
		},
		{
			ID: "llmd-p2p-glm-5.2-24k-size", Source: LLMDPeerToPeer,
			Locator: "section 1, paragraph after the crossover table",
			Quote:   "A 24K prefix is about 2.1 GiB of KV",
			Model:   "GLM-5.2-FP8", Tokens: "24K", Size: "2.1 GiB",
			Note: `the post's GLM runs use GLM-5.2-FP8 (753B MoE), read from its kept config (zai-org--GLM-5.2-FP8.json): MLA plus a DSA indexer, 92,628 B per token at 16 bits, which reproduces the post's "about 93 KB per token"; "24K" may be 24,000 or 24,576`,
		},
		{
			ID: "llmd-p2p-glm-5.2-70k-size", Source: LLMDPeerToPeer,
			Locator: "section 1, paragraph after the crossover table",
			Quote:   "a 70K prefix is about 6.2 GiB",
			Model:   "GLM-5.2-FP8", Tokens: "70K", Size: "6.2 GiB",
			Note: `read from the kept config of zai-org/GLM-5.2-FP8, as the 24K claim; "70K" may be 70,000 or 71,680`,
		},
		{
			ID: "vllm-pegaflow-llama-3.1-8b-10k", Source: VLLMPegaFlow,
			Locator: "section Public reference benchmark",
			Quote:   "10K-token prefill, 1-token decode, and 4.0 req/s. In that setup, the warm cache path reduces mean TTFT from 572.5 ms to 61.5 ms",
			Model:   "Llama-3.1-8B", Tokens: "10K", Seconds: "61.5 ms", Uncached: "572.5 ms",
			Note: "means over 8 prompts at 4.0 req/s on H800 (count not stated); the tier the warm path reads from is not stated in the post",
		},
		{
			ID: "vllm-mooncake-kimi-2.5-100k-size", Source: VLLMMooncake,
			Locator: "section Agentic workloads are reshaping LLM serving, Limited capacity and eviction",
			Quote:   "A 100K-token context can occupy GBs of storage (e.g., ~3.8 GB for Kimi-2.5 FP8 KV caches)",
			Model:   "Kimi-2.5", Tokens: "100K", Size: "3.8 GB", KVDtype: "fp8",
			Note: "\"Kimi-2.5\" read as Kimi K2.5 (Moonshot's only 2.5 release; the post's \"Kimi-2.5 NVFP4\" matches NVIDIA's Kimi-K2.5-NVFP4), from its kept config (moonshotai--Kimi-K2.5.json, a nested text_config with Kimi K2's MLA shapes); the size is approximate (~3.8 GB)",
		},
		{
			ID: "vllm-mooncake-kimi-2.5-46x", Source: VLLMMooncake,
			Locator: "section Speeding up real agentic traces, Figure 4 caption",
			Quote:   "reduces P50 TTFT by 46x, and reduces E2E latency by 8.6x, driven by a cache hit rate increase from 1.7% to 92.2%",
			Model:   "Kimi-2.5", Speedup: "46x", Hit: "92.2%", GPUs: "12xGB200",
			Note:      "Kimi K2.5 (kept config moonshotai--Kimi-K2.5.json), served in NVFP4, 1P1D on 12 GB200s; the speedup is of P50 TTFT under load, so it includes queueing; the hit rate is the trace's, not one prompt's share. No prompt length is typed (contexts reach about 80K tokens by turn 30)",
			Unchecked: "states a speedup of P50 TTFT under load (46x) and a trace's hit rate, without either time to first token or a prompt length; no bandwidth follows",
		},
		{
			ID: "lmcache-gpt-oss-120b-20k", Source: LMCacheGPTOSS,
			Locator: "Step 4: Benchmark Results, Long Document Q&A table",
			Quote:   "20 different documents with an average length of 20K tokens each … Vanilla vLLM | 1.20 | 15.70 … vLLM + LMCache | 0.39 | 7.73",
			Model:   "gpt-oss-120b", Tokens: "20K", Seconds: "0.39", Uncached: "1.20",
			Note: `average TTFT in seconds (the column is "Average TTFT (secs)"); the post serves openai/gpt-oss-120b on "a single A100/H100", so no GPU is typed; the cache is LMCache's CPU offload`,
		},
		{
			ID: "sglang-26305-minimax-m2.7-131072-hifile", Source: SGLangIssue26305,
			Locator: "description, GQA model results, table for input length 131072",
			Quote:   "with a 90% hit rate … Input Length: 131072, Output: 512, Concurrency: 1 … TTFT(ms) … Full Recompute … 5117.95 … Hifile Hit … 5249.94",
			Model:   "MiniMax M2.7", Tokens: "131072", Seconds: "5249.94 ms", Uncached: "5117.95 ms", Hit: "90%",
			Note: "read from its kept config (MiniMaxAI--MiniMax-M2.7.json: GQA on all 62 layers, as the issue says). 90% of the prompt hits the L3 file backend (hifile), the rest is prefilled; this load ends slower than recomputing",
		},
		{
			ID: "sglang-26305-minimax-m2.7-131072-ucm", Source: SGLangIssue26305,
			Locator: "description, GQA model results, table for input length 131072",
			Quote:   "with a 90% hit rate … Input Length: 131072, Output: 512, Concurrency: 1 … TTFT(ms) … Full Recompute … 5117.95 … UCM Hit … 2697",
			Model:   "MiniMax M2.7", Tokens: "131072", Seconds: "2697 ms", Uncached: "5117.95 ms", Hit: "90%",
			Note: "read from its kept config, as the hifile claim; with the UCM L3 backend (ModelEngine-Group/unified-cache-management)",
		},
		{
			ID: "sglang-26305-minimax-m2.7-131072-hbm", Source: SGLangIssue26305,
			Locator: "description, GQA model results, table for input length 131072",
			Quote:   "with a 90% hit rate … Input Length: 131072, Output: 512, Concurrency: 1 … TTFT(ms) … Full Recompute … 5117.95 … HBM Hit … 1027.18",
			Model:   "MiniMax M2.7", Tokens: "131072", Seconds: "1027.18 ms", Uncached: "5117.95 ms", Hit: "90%",
			Note: "read from its kept config, as the hifile claim; the HBM Hit scenario is HiCache with L1 (GPU) and L2 (host memory) only",
		},
		{
			ID: "lmsys-hicache-novita-qwen3-coder-480b", Source: LMSYSHiCache,
			Locator: "opening, Novita AI's statement",
			Quote:   "dialogues often stretched past 25K tokens … the session’s average TTFT dropped by 56%, inference throughput doubled, and the cache hit rate jumped from 40% to 80%",
			Model:   "Qwen3-Coder-480B", Tokens: "25K", Speedup: "-56%", Hit: "80%",
			Note:      "in the catalog from its kept config (Qwen/Qwen3-Coder-480B-A35B-Instruct). 25K is a lower bound on the dialogues' length; \"dropped by 56%\" is typed -56%, a ratio of 1/0.44; the cache is SGLang HiCache with DeepSeek 3FS",
			Unchecked: "states a percent change of average TTFT (-56%) and a lower bound on the dialogues' length (25K), but neither time to first token; a ratio alone times nothing, so no bandwidth follows",
		},
		{
			ID: "lmsys-hicache-antgroup-deepseek-r1", Source: LMSYSHiCache,
			Locator: "opening, Ant Group's statement",
			Quote:   "On average, cache hits achieved an 84% reduction in TTFT compared to full re-computation.",
			Model:   "DeepSeek-R1", Speedup: "84% reduction",
			Note:      "the source says DeepSeek-R1-671B (the catalog's DeepSeek-V3 architecture), PD-disaggregated, HiCache with Mooncake, general QA requests of unstated length; an 84% reduction is a ratio of 1/0.16",
			Unchecked: "states a speedup (an 84% reduction of TTFT) without either time to first token or a prompt length; no bandwidth follows",
		},
		{
			ID: "deepseek-3fs-kvcache-40gibs", Source: DeepSeek3FS,
			Locator: "section 3. KVCache",
			Quote:   "the read throughput of all KVCache clients (1×400Gbps NIC/node), highlighting both peak and average values, with peak throughput reaching up to 40 GiB/s",
			Model:   "DeepSeek-V3", Throughput: "40 GiB/s", Links: "1x400Gbit/s",
			Note: `the README names no model; DeepSeek's inference serves V3/R1 (see deepseek-day6-2025), so DeepSeek-V3 is an assumption. "All KVCache clients" reads as a total over clients, each node having one 400 Gbit/s NIC; read per node, it would be a peak near that NIC's line rate`,
		},
		{
			ID: "pure-llama-3.1-70b-128k-40gb", Source: PureKVCaching,
			Locator: "opening, second paragraph",
			Quote:   "A single 128K context prompt on Llama 3.1-70B consumes about 40GB of high bandwidth memory (HBM) just for the key-value (KV) cache",
			Model:   "Llama 3.1-70B", Tokens: "128K", Size: "40GB",
			Note: `"about 40GB" at 16 bits; 128K and GB are each ambiguous (1,000 or 1,024; GB or GiB)`,
		},
		{
			ID: "lablup-llama-3-70b-128k-40gb", Source: LablupOffloading,
			Locator: "opening, first paragraph",
			Quote:   "Open a 128K context window on Llama 3 70B and a single user's KV cache reaches 40GB",
			Model:   "Llama 3 70B", Tokens: "128K", Size: "40GB",
			Note: "Llama 3 70B resolves through a cited alias to Llama 3.1 70B (Meta's sku_list gives both 80 layers, 64 heads, 8 KV heads, dim 8192); Llama 3's own context is 8K, so a 128K window is Llama 3.1's, and the alias checks it as such; 16 bits assumed",
		},
		{
			ID: "nvidia-trtllm-llama-3-70b-14x-h100", Source: NVIDIAEarlyReuse,
			Locator: "opening paragraph, summarizing NVIDIA's earlier GH200 post",
			Quote:   "accelerate time to first token (TTFT) by up to 14x on x86-based NVIDIA H100 Tensor Core GPUs and 28x on the NVIDIA GH200 Superchip",
			Model:   "Llama 3 70B", Speedup: "14x", GPUs: "H100",
			Note:      "Llama 3 70B, through its alias to Llama 3.1 70B's architecture; the model is the earlier post's (NVIDIA GH200 Superchip Accelerates Inference by 2x in Multiturn Interactions with Llama Models, which names Llama 3 70B); the cache is offloaded to CPU memory over PCIe on x86; the prompt length is not in the part read",
			Unchecked: "states a speedup (up to 14x) without either time to first token or a prompt length (neither is in the part read); no bandwidth follows",
		},
		{
			ID: "nvidia-trtllm-llama-3-70b-28x-gh200", Source: NVIDIAEarlyReuse,
			Locator: "opening paragraph, summarizing NVIDIA's earlier GH200 post",
			Quote:   "accelerate time to first token (TTFT) by up to 14x on x86-based NVIDIA H100 Tensor Core GPUs and 28x on the NVIDIA GH200 Superchip",
			Model:   "Llama 3 70B", Speedup: "28x", GPUs: "GH200",
			Note:      "Llama 3 70B through its alias, as the H100 claim; on GH200, whose CPU memory is reached over NVLink-C2C rather than PCIe",
			Unchecked: "states a speedup (up to 28x) without either time to first token or a prompt length (neither is in the part read); no bandwidth follows",
		},
		{
			ID: "llmd-v0.5-llama-3.1-70b-185k-tok-s", Source: LLMDv05,
			Locator: "section Optimized offloading: Hierarchical KV-caching, Figure 3 caption",
			Quote:   "16K token requests with previously-seen prompts. GPU-only collapses once HBM is saturated; storage offload sustains ~185k tok/s as concurrency scales (13.9x improvement at 250 users)",
			Model:   "Llama-3.1-70B", Tokens: "16K", Throughput: "185k tok/s", PerNode: true, GPUs: "4xH100",
			Note: "a rate in tokens, not bytes: times the cache per token it is the bandwidth from IBM Storage Scale into one 4x H100 node; approximate (~185k); every prompt was seen before, so it is all load",
		},
		{
			ID: "llmd-v0.5-llama-3.1-8b-4gb-362ms", Source: LLMDv05,
			Locator: "section Resilient networking: NIXL - UCCL backend",
			Quote:   "measuring the transfer latency of a 4 GB KV-cache payload … UCX backend: Latency degraded from 362ms to 424ms",
			Model:   "Llama-3.1-8B", Size: "4 GB", Seconds: "362ms", SecondsAre: SecondsLoad, Links: "1x200Gbit/s",
			Note: "a P/D transfer of a fixed payload, not a prompt: no token count is stated, so the need is the payload over the time; 362 ms is UCX without congestion (424 ms with it), on an OpenShift cluster with 200 Gb/s interconnects",
		},
		{
			ID: "llmd-glm-5.2-45k-restore", Source: LLMDGLM52,
			Locator: "section Tiered prefix cache, Restore versus recompute",
			Quote:   "a miss takes about 59 ms to restore … Without offloading, a miss requires recomputing about 45K tokens. The server still produces a first token in about 5.7 s once work starts",
			Model:   "GLM-5.2", Tokens: "45K", Seconds: "59 ms", SecondsAre: SecondsLoad, Uncached: "5.7 s", KVDtype: "fp8", GPUs: "H200",
			Note: "read from its kept config (zai-org--GLM-5.2.json: MLA on 78 layers, 576 numbers per layer per token as the post says, and a DSA indexer key of 132 bytes on 21 layers that the post leaves out). The restore is from CPU memory; 5.7 s is the server's recompute time without the prefill queue (the client waited 59 s)",
		},
		{
			ID: "llmd-glm-5.2-283m-size", Source: LLMDGLM52,
			Locator: "section Tiered prefix cache, Restore versus recompute",
			Quote:   "engine counters record 12.7 TB of KV, or 283M tokens, restored at 26 ms per GB",
			Model:   "GLM-5.2", Tokens: "283M", Size: "12.7 TB", KVDtype: "fp8",
			Note: "read from its kept config. The figures give 44.9 KB per token, the post's 576 FP8 elements over 78 layers; the config adds the indexer's 2,772 B (47.7 KB in all). The P2P post's 93 KB per token for GLM-5.2-FP8 (llmd-p2p-glm-5.2-*) matches 16-bit elements with the indexer",
		},
		{
			ID: "llmd-glm-5.2-restore-22.7gbs", Source: LLMDGLM52,
			Locator: "section Tiered prefix cache, Restore versus recompute",
			Quote:   "At concurrency 128, the CPU cache restores KV at 22.7 GB/s while the topology processes 474K prompt tokens per second.",
			Model:   "GLM-5.2", Throughput: "22.7 GB/s", KVDtype: "fp8",
			Note: "read from its kept config. A total over the mixed-width 2P1D topology's CPU caches, not one node's",
		},
		{
			ID: "lmcache-mooncake-qwen2.5-72b-9728", Source: LMCacheMooncake,
			Locator: "Performance Benchmarking and Results, Experimental Setup and the metrics table",
			Quote:   "each with an input of 9,728 tokens … | Average TTFT | 21,707.62 ms | 6,708.39 ms |",
			Model:   "Qwen2.5-72B-Instruct", Tokens: "9,728", Seconds: "6,708.39 ms", Uncached: "21,707.62 ms", GPUs: "8xH800",
			Note:      "outside the catalog; config Qwen/Qwen2.5-72B-Instruct on Hugging Face. 50 requests sent without a concurrency limit, so both averages include queueing; the hit is served from Mooncake Store with LMCache's CPU cache disabled",
			Unchecked: "no config.json of Qwen2.5-72B-Instruct was found in the stored sources (only copies inside other projects' code and notes), so its architecture is not in the catalog",
		},
		{
			ID: "lmcache-gke-llama-3.3-70b-100k", Source: LMCacheGKE,
			Locator: "Benchmark results, Test 2 table, last row",
			Quote:   "| 100000 | HBM + CPU RAM + Local SSD | -79% |",
			Model:   "Llama 3.3 70B", Tokens: "100000", Speedup: "-79%", GPUs: "8xH100",
			Note:      "the source writes Llama-3.3-70B-Instruct; the change is in mean TTFT against an HBM-only setup that recomputes what it evicts (20 requests share each system prompt), so -79% is a ratio of 1/0.21, under load",
			Unchecked: "states a percent change of mean TTFT under load (-79%) against an HBM-only setup, with a prompt length but neither time to first token; a ratio alone times nothing, so no bandwidth follows",
		},
		{
			ID: "lmcache-gke-llama-3.3-70b-10k-slower", Source: LMCacheGKE,
			Locator: "Benchmark results, Test 3 table, third row",
			Quote:   "| 10000 | HBM + CPU RAM + Local SSD | +121% |",
			Model:   "Llama 3.3 70B", Tokens: "10000", Speedup: "+121%", GPUs: "8xH100",
			Note:      "as the 100000-token claim, with the cache spilling to local SSD: mean TTFT rose by 121% against the HBM-only setup, a load slower than the recompute it replaced",
			Unchecked: "states a percent change of mean TTFT (+121%, a slowdown) against an HBM-only setup, with a prompt length but neither time to first token; a ratio alone times nothing, so no bandwidth follows",
		},
		{
			ID: "mooncake-te-llama3-70b-128k-40gb", Source: MooncakeREADME,
			Locator: "Mooncake Transfer Engine, Performance",
			Quote:   "With 40 GB of data (equivalent to the size of the KVCache generated by 128k tokens in the LLaMA3-70B model)",
			Model:   "LLaMA3-70B", Tokens: "128k", Size: "40 GB",
			Note: "LLaMA3-70B read through its alias as Llama 3.1 70B's architecture (Llama 3's own context is 8K, so a 128k cache is Llama 3.1's); 16 bits assumed. 131,072 tokens make 40 GiB exactly, so the GB are GiB and the k is 1,024",
		},
		{
			ID: "mooncake-te-87gbs-4x200", Source: MooncakeREADME,
			Locator: "Mooncake Transfer Engine, Performance",
			Quote:   "Mooncake Transfer Engine delivers up to 87 GB/s and 190 GB/s of bandwidth in 4×200 Gbps and 8×400 Gbps RoCE networks respectively",
			Model:   "LLaMA3-70B", Throughput: "87 GB/s", PerNode: true, Links: "4x200Gbit/s",
			Note: "the 40 GB of LLaMA3-70B's cache (the size claim); a transfer between two nodes, each with the stated NICs, so read per node; its 40 GB payload's time is not stated. Read as GiB/s (93.4 GB/s) it still fits the 100 GB/s of four 200 Gbit/s links",
		},
		{
			ID: "mooncake-te-190gbs-8x400", Source: MooncakeREADME,
			Locator: "Mooncake Transfer Engine, Performance",
			Quote:   "Mooncake Transfer Engine delivers up to 87 GB/s and 190 GB/s of bandwidth in 4×200 Gbps and 8×400 Gbps RoCE networks respectively",
			Model:   "LLaMA3-70B", Throughput: "190 GB/s", PerNode: true, Links: "8x400Gbit/s",
			Note: "as the 4x200 Gbps claim: per node, over the eight 400 Gbit/s NICs (400 GB/s), about half their line rate",
		},
		{
			ID: "vllm-offload-h100-50gbs", Source: VLLMOffloading,
			Locator: "Evaluating GPU-CPU Transfer Techniques, after Figures 3 and 4",
			Quote:   "although for single-direction both can get up to about 50GB/s",
			Model:   "Llama-3.1-8B", Throughput: "50GB/s", PerNode: true, Links: "pcie5x16",
			Note: "the micro-benchmark copies blocks of no model: Llama-3.1-8B, the post's main model, is typed because the registry names one, and a throughput in bytes does not use it. One H100 (80GB HBM3, the SXM part, on PCIe Gen5 x16) copying between its memory and CPU memory, DMA or a copy kernel, one way: the PCIe host-to-device path of one GPU, whose raw line rate is 64 GB/s",
		},
		{
			ID: "vllm-offload-llama-3.1-8b-block-2mb", Source: VLLMOffloading,
			Locator: "Changing vLLM's Memory Layout, block size table",
			Quote:   "by default 16 tokens per block … | meta-llama/Llama-3.1-8B-Instruct | 32 KB | 2 MB |",
			Model:   "Llama-3.1-8B", Tokens: "16", Size: "2 MB",
			Note: "the new layout's physical block: all layers' K and V of one 16-token block, at 16 bits on one GPU (no tensor parallelism stated); 2 MiB exactly, which \"2 MB\" states to its one digit either way",
		},
		{
			ID: "vllm-offload-qwen3-32b-block-2mb-tp2", Source: VLLMOffloading,
			Locator: "Changing vLLM's Memory Layout, block size table",
			Quote:   "by default 16 tokens per block … | Qwen/Qwen3-32B (tensor_parallel_size=2) | 16 KB | 2 MB |",
			Model:   "Qwen/Qwen3-32B", Tokens: "16", Size: "2 MB", TP: "2",
			Note: "one GPU's block at tensor parallelism 2, as the row states: half of the 16-token block's 4 MiB",
		},
		{
			ID: "vllm-offload-llama-3.1-70b-block-1.25mb-tp4", Source: VLLMOffloading,
			Locator: "Changing vLLM's Memory Layout, block size table",
			Quote:   "by default 16 tokens per block … | meta-llama/Llama-3.1-70B-Instruct | 8 KB | 1.25 MB |",
			Model:   "Llama-3.1-70B", Tokens: "16", Size: "1.25 MB", TP: "4",
			Note: "the row states no tensor parallelism, unlike the 32B rows; the 70B's 16-bit weights do not fit one 80 GB H100, and the whole 16-token block is 5 MiB, so 1.25 is one GPU's of 4 (2 of the 8 KV heads each), in MiB, as issue 21 reads it; TP=4 is that reading, not the source's",
		},
		{
			ID: "google-lustre-llama-3.3-70b-50k", Source: GoogleLustre,
			Locator: "opening and Benchmark Configuration",
			Quote:   "offloading shared, prefilled KV caches to Lustre’s high-performance tier with a 95% cache hit rate … Prompt length of 50,000 tokens",
			Model:   "Llama-3.3-70B", Tokens: "50,000", Hit: "95%",
			Note:      "llm-d's offloading stack (the FS connector) on Google Cloud Managed Lustre, six A3 Mega (H100) nodes; a 50,000-token prompt's cache is 16.4 GB at 16 bits",
			Unchecked: "states a prompt length and a hit rate with savings in cost and GPU-hours, but no time to first token, size or throughput in the part read; no bandwidth follows",
		},
	}
}
