package sources

import (
	"fmt"
	"sort"
)

// SourceID names a source in the registry.
type SourceID string

// Access says how much of a source could be read when its figures were
// gathered.
type Access string

// The levels of access.
const (
	// Read: the figures cited were seen in the source.
	Read Access = "read"
	// Partial: the source was found but only part of it could be read;
	// figures not seen there are cited via the post.
	Partial Access = "partial"
	// ViaPost: the source could not be found; its figures come from the post.
	ViaPost Access = "via-post"
)

// Source is one published work.
type Source struct {
	ID        SourceID
	Title     string
	Publisher string // publisher or authors
	URL       string // where it was read, or where the post says it is
	Date      string // as published, ISO 8601 where known ("2025-12-16", "2026")
	Access    Access
	Seen      string // what could be read, in a sentence
}

// Cite locates a figure in a source.
type Cite struct {
	Source  SourceID
	Locator string // section, table, paragraph, file and line
	// Quote is a short quote of the figure where the source could be read;
	// empty where only the post reports it.
	Quote string
	// ViaPost is set when the figure was not seen in Source and is taken
	// from the post, which attributes it to Source.
	ViaPost bool
}

// Citation returns the cite itself, so every typed input satisfies Cited.
func (c Cite) Citation() Cite { return c }

// String prints the cite as a reader would follow it.
func (c Cite) String() string {
	s := fmt.Sprintf("%s, %s", c.Source, c.Locator)
	if c.ViaPost {
		s += " (as reported by the post; not seen in the source)"
	}
	return s
}

// Cited is anything with a citation.
type Cited interface{ Citation() Cite }

// The sources.
const (
	Post             SourceID = "post"
	VASTCoreWeave    SourceID = "vast-coreweave-2025"
	LablupVAST       SourceID = "lablup-vast-2026"
	VASTRightSizing  SourceID = "vast-rightsizing-2026"
	WWT              SourceID = "wwt-kv-cache"
	NANDWEKA         SourceID = "nand-weka"
	WEKABlog         SourceID = "weka-amg-2025"
	LLMD             SourceID = "llmd-networking-2026"
	DeepSeekDay6     SourceID = "deepseek-day6-2025"
	Gu2025           SourceID = "gu-2025"
	Gu2025Code       SourceID = "gu-2025-code"
	TurboQuant       SourceID = "turboquant"
	NVIDIAICMS       SourceID = "nvidia-icms-2026"
	InsideOpenModels SourceID = "inside-open-models"
)

var registry = map[SourceID]Source{}

func register(ss ...Source) {
	for _, s := range ss {
		if _, dup := registry[s.ID]; dup {
			panic("sources: duplicate source " + s.ID)
		}
		registry[s.ID] = s
	}
}

// Lookup returns a source by id.
func Lookup(id SourceID) (Source, bool) {
	s, ok := registry[id]
	return s, ok
}

// All returns every registered source, sorted by id.
func All() []Source {
	out := make([]Source, 0, len(registry))
	for _, s := range registry {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func init() {
	register(
		Source{Post, "The break-even bandwidth: when loading a KV cache beats recomputing it", "Signal & Weight", "shared/post/break-even-bandwidth.txt", "2026", Read,
			"the whole text; cited for figures it reports from sources that could not be read, and for its own statements"},
		Source{VASTCoreWeave, "NVIDIA Dynamo + VAST = Scalable, Optimized Inference", "VAST Data (with CoreWeave)", "https://www.vastdata.com/blog/nvidia-dynamo-vast-scalable-optimized-inference", "2025-12-16", Partial,
			"the 20x TTFT headline; the prompt length, times, per-token size, 61 GB, 181 Gbit/s, 'network-limited' and the AWQ 4-bit weights were not seen and come via the post"},
		Source{LablupVAST, "Agent coding at long context: What KV cache offloading on VAST Data & Backend.AI buys you", "Lablup and VAST Data", "https://www.backend.ai/blog/2026-06-lablup-vastdata-kvcache-offload-benchmark", "2026-06-16", Partial,
			"the page's opening only; the Mistral Medium 3.5 table, 1.96x, 24 GiB and the TCP NFS statement come via the post"},
		Source{VASTRightSizing, "A practical guide to right-sizing KV cache", "VAST Data", "", "2026", ViaPost,
			"not found; the tier names and 'reuse only helps prefill' come via the post"},
		Source{WWT, "KV cache: vendors and academia", "World Wide Technology", "", "", ViaPost,
			"not found; the Qwen3-32B figures (131K tokens, over 11 s uncached, 1.5 s cached), reporting VAST's test, come via the post"},
		Source{NANDWEKA, "Research Note: WEKA Augmented Memory Grid", "NAND Research", "https://nand-research.com/research-note-weka-augmented-memory-grid/", "", Partial,
			"the opening only; 105,000 tokens and 0.58 s come via the post. WEKA's own headline is a 41x improvement at a 128,000-token context"},
		Source{WEKABlog, "Unlocking Scalable Inference with WEKA Augmented Memory Grid", "WEKA", "https://www.weka.io/blog/ai-ml/unlocking-scalable-inference-with-weka-augmented-memory-grid", "2025", Read,
			"the opening: a 41x TTFT improvement at a 128,000-token context window, shown at NVIDIA GTC; warehouse-to-GPU access at about 300 GB/s per DGX H100 host"},
		Source{LLMD, "Networking for Distributed Inference in llm-d", "llm-d project", "https://github.com/llm-d/llm-d.github.io/blob/main/blog/2026-06-23_networking-for-distributed-inference-llm-d.md", "2026-06-23", Read,
			"RDMA transports at about 12.0-12.2 GB/s of a 12.5 GB/s line; UCCL about 4.7-4.9 GB/s; UCX 0.55 GB/s; H100 with ConnectX-7 at 100 Gb/s, nixlbench, 1-8 GB transfers"},
		Source{DeepSeekDay6, "Day 6: One More Thing, DeepSeek-V3/R1 Inference System Overview", "DeepSeek", "https://github.com/deepseek-ai/open-infra-index/blob/main/202502OpenSourceWeek/day_6_one_more_thing_deepseekV3R1_inference_system_overview.md", "2025-03-01", Read,
			"608B input tokens in 24 hours, 342B (56.3%) hitting the on-disk KV cache"},
		Source{Gu2025, "Auditing Prompt Caching in Language Model APIs", "Gu, Li, Kuditipudi, Liang, Hashimoto (ICML 2025)", "https://arxiv.org/abs/2502.07776", "2025", Read,
			"global cache sharing across users detected in seven API providers"},
		Source{Gu2025Code, "auditing-prompt-caching: code and data for Auditing Prompt Caching in Language Model APIs", "Chenchen Gu et al.", "https://github.com/chenchenygu/auditing-prompt-caching", "2026-05-15", Read,
			"README.md, audit.py and utils/ at commit 3a7aec2 (the audit's procedures, example parameters, prompt generator and KS test); the paper's own text beyond its abstract and introduction could not be read here, so no significance level is taken from it"},
		Source{TurboQuant, "TurboQuant: Redefining AI efficiency with extreme compression", "Google Research", "https://research.google/blog/turboquant-redefining-ai-efficiency-with-extreme-compression/", "", ViaPost,
			"primary not read; the post reports more than 5x on the KV cache"},
		Source{NVIDIAICMS, "Introducing NVIDIA BlueField-4-Powered Inference Context Memory Storage Platform for the Next Frontier of AI", "NVIDIA", "https://developer.nvidia.com/blog/introducing-nvidia-bluefield-4-powered-inference-context-memory-storage-platform-for-the-next-frontier-of-ai/", "2026-01", Read,
			"G1 GPU HBM, G2 system RAM, G3 local SSD, G4 shared storage; G3.5 (pod-level flash) via secondary reports"},
		Source{InsideOpenModels, "Inside Open Models", "Signal & Weight", "", "", ViaPost,
			"not found; the per-token cache sizes and 128K-conversation sizes of Qwen3.8-Max, Kimi K3 and DeepSeek V4 Pro come from the post"},
	)
}
