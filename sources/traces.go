package sources

import "signalweight.dev/kv/breakeven"

// This file registers the request traces kept in data/mooncake/: Mooncake's
// FAST'25 release, each file kept byte for byte as it was read at the
// commit below. A trace line is one request: its arrival in milliseconds,
// its input and output lengths in tokens, and hash_ids, one id per 512-token
// block of the prompt, an id standing for the block and everything before
// it (identical ids mean a reusable prefix).

// The sources of the traces.
const (
	MooncakeTraces SourceID = "mooncake-fast25-traces"
	MooncakePaper  SourceID = "mooncake-fast25-paper"
	GrayPutzolu    SourceID = "gray-putzolu-1987"
)

// MooncakeCommit is the commit of github.com/kvcache-ai/Mooncake the traces
// and the paper were read at.
const MooncakeCommit = "3b5a594133958449a1feaf1c9e0fc1b553e34a28"

func init() {
	register(
		Source{MooncakeTraces, "Mooncake: FAST25-release/traces (conversation_trace.jsonl, synthetic_trace.jsonl)", "Moonshot AI and Tsinghua University (kvcache-ai/Mooncake), Apache License 2.0",
			"https://github.com/kvcache-ai/Mooncake/tree/" + MooncakeCommit + "/FAST25-release/traces", "2025-02-21", Read,
			"the request traces of the FAST'25 paper, one JSON request a line (timestamp in ms, input_length, output_length, hash_ids of 512-token prefix blocks); the conversation trace is one hour of online traffic, the synthetic one is built from ShareGPT, Leval and LooGLE with Poisson arrivals; added in commit 3cca71d (2025-02-21), read at the snapshot's commit; the repository's licence is LICENSE-APACHE (Apache 2.0)"},
		Source{MooncakePaper, "Mooncake: Trading More Storage for Less Computation, a KVCache-centric Architecture for Serving LLM Chatbot (FAST '25), FAST25-release/Mooncake-FAST25.pdf", "Ruoyu Qin et al. (Moonshot AI, Tsinghua University)",
			"https://github.com/kvcache-ai/Mooncake/blob/" + MooncakeCommit + "/FAST25-release/Mooncake-FAST25.pdf", "2025-02", Read,
			"the paper as released with the traces: Table 2 (workload statistics), §5.3.1 and Figure 9 (hit rate against cache capacity), Appendix A (the trace format)"},
		Source{GrayPutzolu, "The 5 Minute Rule for Trading Memory for Disc Accesses and the 10 Byte Rule for Trading Memory for CPU Time (SIGMOD '87, pp. 395-398)", "Jim Gray and Gianfranco R. Putzolu (Tandem Computers)",
			"https://doi.org/10.1145/38713.38755", "1987-05", Partial,
			"the abstract, as listed by DBLP (vldb.org/dblp/db/conf/sigmod/GrayP87.html): keep an item in memory if it is accessed about every five minutes or more often, the constant set by the price ratio of memory to disc accesses; the paper itself was not read"},
	)
}

// KeepRule cites the rule the keep time of a cache restates: hold an item
// in the faster store while the rent of its space costs less than the
// accesses it saves.
var KeepRule = quoted(GrayPutzolu, "abstract",
	"If an item is accessed frequently enough, it should be main memory resident. For current technology, \"frequently enough\" means about every five minutes.")

// TraceFile is one trace kept in data/mooncake/.
type TraceFile struct {
	Name string // "conversation"
	// File is its path from the repository root.
	File string
	// Source and Path say where it was read: the repository at
	// MooncakeCommit, and the file's path there.
	Source SourceID
	Path   string
	// Bytes, Lines and GitBlob pin the file as read: its size, its line
	// count (one request a line) and its git blob id at the commit.
	Bytes, Lines int
	GitBlob      string
	// Requests and CacheRatio are what the paper's Table 2 says of it.
	Requests   Input[float64]
	CacheRatio Input[float64]
}

// TraceBlockTokens is the trace's block size: each hash id stands for
// 512 tokens.
var TraceBlockTokens = Input[breakeven.Tokens]{"mooncake.block-tokens", breakeven.Exact(breakeven.Tokens(512)),
	quoted(MooncakePaper, "Appendix A.1, Hash ID", "hashing token blocks (with a block size of 512)")}

// The paper's two capacity points for its traces (§5.3.1, Figure 9), in
// tokens of cache: a local cache of 3M tokens reaches less than half the
// hit rate an unbounded cache would, and 50M tokens nearly all of it.
var (
	PaperLocalCacheTokens = Input[breakeven.Tokens]{"mooncake.local-cache-tokens", breakeven.Exact(breakeven.Tokens(3e6)),
		quoted(MooncakePaper, "§5.3.1, Quantitative Analysis of Cache Capacity", "a local cache with a 3M token capacity does not achieve 50% of the theoretical maximum hit rate in most scenarios")}
	PaperNearMaxTokens = Input[breakeven.Tokens]{"mooncake.near-max-tokens", breakeven.Exact(breakeven.Tokens(50e6)),
		quoted(MooncakePaper, "§5.3.1, Quantitative Analysis of Cache Capacity", "a cache capacity of 50M tokens nearly reaches the theoretical maximum hit rate")}
)

// TraceFiles lists the kept traces.
var TraceFiles = []TraceFile{
	{
		Name: "conversation", File: "data/mooncake/conversation_trace.jsonl",
		Source: MooncakeTraces, Path: "FAST25-release/traces/conversation_trace.jsonl",
		Bytes: 3029533, Lines: 12031, GitBlob: "5a371794b81d7fc7487ec8a02a2c631bcc7fbdf8",
		Requests: Input[float64]{"mooncake.conversation.requests", breakeven.Exact(12031.0),
			quoted(MooncakePaper, "Table 2, Workload Statistics, Conversation", "Num Requests 12031")},
		CacheRatio: Input[float64]{"mooncake.conversation.cache-ratio", breakeven.Rounded(0.40, 0.01),
			quoted(MooncakePaper, "Table 2, Workload Statistics, Conversation", "Cache Ratio 40%")},
	},
	{
		Name: "synthetic", File: "data/mooncake/synthetic_trace.jsonl",
		Source: MooncakeTraces, Path: "FAST25-release/traces/synthetic_trace.jsonl",
		Bytes: 1136313, Lines: 3993, GitBlob: "e4838049c0dcfc358a5f24ab08251279475cba94",
		Requests: Input[float64]{"mooncake.synthetic.requests", breakeven.Exact(3993.0),
			quoted(MooncakePaper, "Table 2, Workload Statistics, Synthetic", "Num Requests 3993")},
		CacheRatio: Input[float64]{"mooncake.synthetic.cache-ratio", breakeven.Rounded(0.66, 0.01),
			quoted(MooncakePaper, "Table 2, Workload Statistics, Synthetic", "Cache Ratio 66%")},
	},
}

// FindTrace returns the kept trace of that name ("conversation").
func FindTrace(name string) (TraceFile, bool) {
	for _, t := range TraceFiles {
		if t.Name == name {
			return t, true
		}
	}
	return TraceFile{}, false
}
