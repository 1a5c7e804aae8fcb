package sources

import (
	"signalweight.dev/kv/breakeven"
)

// Input is one published figure: its value (with an interval where the
// source gives it approximately, or rounded) and where it was published.
type Input[T ~float64] struct {
	Name  string // stable id, "vast405b.tokens"
	Value breakeven.Estimate[T]
	Cite
}

// V returns the nominal value.
func (i Input[T]) V() T { return i.Value.Value }

// AnyInput is the untyped view of an Input that registries and tests use.
type AnyInput struct {
	Name  string
	Value breakeven.Estimate[float64]
	Cite
}

var inputs []AnyInput

// in registers an input and returns it.
func in[T ~float64](name string, v breakeven.Estimate[T], c Cite) Input[T] {
	i := Input[T]{name, v, c}
	inputs = append(inputs, AnyInput{name, v.Float(), c})
	return i
}

// exact is an input given exactly.
func exact[T ~float64](name string, v T, c Cite) Input[T] {
	return in(name, breakeven.Exact(v), c)
}

// printed is an input published rounded to step: "62 seconds" stands for
// [61.5, 62.5] s.
func printed[T ~float64](name string, v, step T, c Cite) Input[T] {
	return in(name, breakeven.Rounded(v, step), c)
}

// Inputs returns every registered input.
func Inputs() []AnyInput { return append([]AnyInput(nil), inputs...) }

// via cites a figure the post reports from a source that could not be read
// there.
func via(s SourceID, locator string) Cite {
	return Cite{Source: s, Locator: locator, ViaPost: true}
}

// quoted cites a figure seen in the source, with a short quote.
func quoted(s SourceID, locator, quote string) Cite {
	return Cite{Source: s, Locator: locator, Quote: quote}
}

// post cites the post's own statement.
func post(locator, quote string) Cite {
	return Cite{Source: Post, Locator: locator, Quote: quote}
}

// PrefillTest is a published test that gives both inputs of the
// break-even: a prompt length with its uncached time to first token (or
// the prefill speed the post derives from them), and the model.
type PrefillTest struct {
	ID       string
	Label    string // "Llama 3.1 405B, 8 H100s", as the post's table names it
	Model    string // catalog name
	Hardware string
	// GPUs is the number of GPUs, where the post states it.
	GPUs   Input[float64]
	Tokens Input[breakeven.Tokens]
	// Uncached is the time to first token without a cache; zero where the
	// source's value is not known (then Prefill is given).
	Uncached Input[breakeven.Seconds]
	// Prefill is set only where the uncached time is not known and the
	// post's prefill speed is the input.
	Prefill Input[breakeven.TokenRate]
	// Cached is the time to first token (or load time) with the cache
	// loaded.
	Cached Input[breakeven.Seconds]
}

// PrefillRate returns the test's prefill speed as an estimate: tokens
// over uncached time, or the given prefill where the time is unknown.
func (t PrefillTest) PrefillRate() breakeven.Estimate[breakeven.TokenRate] {
	if t.Uncached.Name == "" {
		return t.Prefill.Value
	}
	return breakeven.Apply2(t.Tokens.Value, t.Uncached.Value, breakeven.PrefillRate)
}

// BitsPerElement is the post's "16 bits" per cached number.
var BitsPerElement = exact("post.bits-per-element", 16.0, post("What gets cached, para 2", "At 16 bits"))

// PostElement is the KV element type of every cache size in the post, from
// its 16 bits per number.
func PostElement() breakeven.ElementType {
	return breakeven.ElementType{Name: "16-bit", Size: breakeven.Bytes(BitsPerElement.V() / 8)}
}

// The VAST Data and CoreWeave test of Llama 3.1 405B (late 2025).
var (
	VAST405B = PrefillTest{
		ID:       "vast405b",
		Label:    "Llama 3.1 405B, 8 H100s",
		Model:    "Llama 3.1 405B",
		Hardware: "8x H100",
		GPUs:     exact("vast405b.gpus", 8.0, via(VASTCoreWeave, "test setup")),
		Tokens:   exact("vast405b.tokens", breakeven.Tokens(127188), via(VASTCoreWeave, "test prompt")),
		Uncached: printed("vast405b.uncached", breakeven.Seconds(62), 1, via(VASTCoreWeave, "TTFT without the cache")),
		Cached:   printed("vast405b.cached", breakeven.Seconds(3), 1, via(VASTCoreWeave, "TTFT with the KV cache loaded")),
	}
	// VASTSpeedup is the headline 20x TTFT improvement.
	VASTSpeedup = printed("vast405b.speedup", 20.0, 1, quoted(VASTCoreWeave, "headline", "20x"))
	// VASTThroughput is the throughput the test sustained, over two links.
	VASTThroughput = printed("vast405b.throughput", 181*breakeven.Gbps, breakeven.Gbps, via(VASTCoreWeave, "throughput during the load"))
	// VASTLinks is the number of links and VASTLinkSpeed the speed of each.
	VASTLinks     = exact("vast405b.links", 2.0, via(VASTCoreWeave, "network setup"))
	VASTLinkSpeed = exact("vast405b.link-speed", 100*breakeven.Gbps, via(VASTCoreWeave, "network setup"))
	// VASTPerToken and VASTCache are VAST's own figures in binary units.
	VASTPerToken = printed("vast405b.per-token", 504*breakeven.KiB, breakeven.KiB, via(VASTCoreWeave, "KV cache per token"))
	// VASTCache is VAST's cache of the prompt as printed, "61 GB"; the post
	// reads it as binary units, and the audit finds it is GiB.
	VASTCache = printed("vast405b.cache", 61*breakeven.GB, breakeven.GB, via(VASTCoreWeave, "KV cache of the prompt"))
	// VASTWeightBits is the AWQ weight precision of the test.
	VASTWeightBits = exact("vast405b.weight-bits", 4.0, via(VASTCoreWeave, "model weights: AWQ 4-bit"))
)

// The WEKA Augmented Memory Grid test of Llama 3.1 70B, as NAND Research
// reports it. The source's uncached time was not seen, so the post's
// prefill speed is the input, and WEKA's own 41x headline cross-checks it.
var (
	WEKA70B = PrefillTest{
		ID:       "weka70b",
		Label:    "Llama 3.1 70B, DGX H100",
		Model:    "Llama 3.1 70B",
		Hardware: "DGX H100 (8x H100)",
		Tokens:   exact("weka70b.tokens", breakeven.Tokens(105000), via(NANDWEKA, "prompt length")),
		Prefill:  printed("weka70b.prefill", breakeven.TokenRate(4380), 10, post("table 'Three published tests', Prefill column", "4,380 tokens/s")),
		Cached:   exact("weka70b.cached", breakeven.Seconds(0.58), via(NANDWEKA, "TTFT with Augmented Memory Grid")),
	}
	// WEKAHeadline is WEKA's own "41x" at a 128,000-token context.
	WEKAHeadline = printed("weka70b.headline-speedup", 41.0, 1, quoted(WEKABlog, "opening paragraph", "a 41x improvement based on a 128,000-token context window"))
	// WEKALinkSpeed is the one 400 Gbit/s InfiniBand link the post compares
	// with.
	WEKALinkSpeed = exact("weka70b.link-speed", 400*breakeven.Gbps, post("The multiplier, para 4", "One 400 Gbit/s InfiniBand link"))
)

// The Qwen3-32B test as World Wide Technology reports VAST's figures.
var QwenWWT = PrefillTest{
	ID:       "qwen32b",
	Label:    "Qwen3-32B, 1 H100",
	Model:    "Qwen3-32B",
	Hardware: "1x H100",
	GPUs:     exact("qwen32b.gpus", 1.0, via(WWT, "hardware")),
	// "131K" is read as the model's full 131,072-token (128 Ki) context
	// with YaRN; the post's 34.4 GB needs that reading (131,000 tokens
	// would give 34.3 GB).
	Tokens: exact("qwen32b.tokens", breakeven.Tokens(131072), via(WWT, "prompt length, 131K tokens")),
	// "over 11 seconds": at least 11, and short of 12, or the source
	// would have said so.
	Uncached: in("qwen32b.uncached", breakeven.MustBetween[breakeven.Seconds](11, 11, 12), via(WWT, "uncached TTFT, 'over 11 seconds'")),
	Cached:   exact("qwen32b.cached", breakeven.Seconds(1.5), via(WWT, "cached TTFT")),
}

// PublishedTests lists the three tests in the post's table order.
var PublishedTests = []PrefillTest{VAST405B, WEKA70B, QwenWWT}

// Link speeds the post compares break-evens with.
var (
	TenGbE = exact("link.10gbe", 10*breakeven.Gbps, post("opening, para 2", "A single 10 GbE link"))
)

// WEKAHostBandwidth is WEKA's stated warehouse-to-GPU bandwidth per DGX
// H100 host, "~300GB/s (2400Gb)": more than one 400 Gbit/s link, which
// answers the post's open question about the 59 GB/s its test needs.
var WEKAHostBandwidth = exact("weka70b.host-bandwidth", 2400*breakeven.Gbps, quoted(WEKABlog, "'Under the Hood' section", "~300GB/s (2400Gb) per host"))

// Transport is a way of moving a cache between GPUs that llm-d measured.
type Transport struct {
	Name      string
	Delivered Input[breakeven.Bandwidth]
}

// The llm-d measurements: three transports on the same 100 Gbit/s NIC
// (H100, ConnectX-7, nixlbench, 1-8 GB transfers).
var (
	NIC100 = exact("llmd.nic", 100*breakeven.Gbps, quoted(LLMD, "test setup", "ConnectX-7 at 100 Gb/s"))
	RoCE   = Transport{"RoCE (RDMA over Ethernet)", in("llmd.roce", breakeven.MustBetween(12.0*breakeven.GBps, 12.0*breakeven.GBps, 12.2*breakeven.GBps),
		quoted(LLMD, "RDMA results", "converge at about 12.0-12.2 GB/s"))}
	UCCL = Transport{"TCP, UCCL backend", in("llmd.uccl", breakeven.MustBetween(4.9*breakeven.GBps, 4.7*breakeven.GBps, 4.9*breakeven.GBps),
		quoted(LLMD, "TCP results", "approximately 4.7-4.9 GB/s (~39 Gbps out of 100G)"))}
	UCX = Transport{"TCP, UCX backend", printed("llmd.ucx", 0.55*breakeven.GBps, 0.01*breakeven.GBps,
		quoted(LLMD, "TCP results", "UCX manages 0.55 GB/s (~4.4 Gbps)"))}
	Transports = []Transport{RoCE, UCCL, UCX}
)

// The Lablup and VAST Data test: ten agent contexts of about 140K tokens,
// five turns each, on Mistral Medium 3.5. The post prints each time with
// "≈" to a tenth of a second.
var (
	LablupContexts = exact("lablup.contexts", 10.0, via(LablupVAST, "test design"))
	LablupTokens   = in("lablup.tokens", breakeven.MustBetween[breakeven.Tokens](140e3, 135e3, 145e3), via(LablupVAST, "context length, about 140K tokens"))
	LablupTurns    = exact("lablup.turns", 5.0, via(LablupVAST, "turns per context"))
	// LablupModel is the model of the test.
	LablupModel = "Mistral Medium 3.5"

	LablupMissBase    = printed("lablup.miss.no-offload", breakeven.Seconds(22.3), 0.1, via(LablupVAST, "TTFT table, first turn, no offload"))
	LablupMissOffload = printed("lablup.miss.offload", breakeven.Seconds(26.3), 0.1, via(LablupVAST, "TTFT table, first turn, with offload"))
	LablupHitBase     = printed("lablup.hit.no-offload", breakeven.Seconds(22.0), 0.1, via(LablupVAST, "TTFT table, later turns, no offload"))
	LablupHitOffload  = printed("lablup.hit.offload", breakeven.Seconds(6.6), 0.1, via(LablupVAST, "TTFT table, later turns, with offload"))
	LablupMeanBase    = printed("lablup.mean.no-offload", breakeven.Seconds(22.1), 0.1, via(LablupVAST, "TTFT table, average, no offload"))
	LablupMeanOffload = printed("lablup.mean.offload", breakeven.Seconds(10.6), 0.1, via(LablupVAST, "TTFT table, average, with offload"))
	LablupTPOTBase    = printed("lablup.tpot.no-offload", 14.5*breakeven.Millisecond, 0.1*breakeven.Millisecond, via(LablupVAST, "time per output token, no offload"))
	LablupTPOTOffload = printed("lablup.tpot.offload", 14.5*breakeven.Millisecond, 0.1*breakeven.Millisecond, via(LablupVAST, "time per output token, with offload"))
	// LablupRunSpeedup is how much sooner the whole run finished.
	LablupRunSpeedup = printed("lablup.run-speedup", 1.96, 0.01, via(LablupVAST, "whole-run result"))
	// LablupBuffer is the GPU memory each GPU set aside as a transfer buffer.
	LablupBuffer = printed("lablup.buffer", 24*breakeven.GiB, breakeven.GiB, via(LablupVAST, "configuration: transfer buffer per GPU"))
)

// DeepSeek's day of production traffic.
var (
	DeepSeekInputTokens = printed("deepseek.input-tokens", breakeven.Tokens(608e9), 1e9, quoted(DeepSeekDay6, "statistics, 24 hours", "Total input tokens: 608B"))
	DeepSeekHitTokens   = printed("deepseek.hit-tokens", breakeven.Tokens(342e9), 1e9, quoted(DeepSeekDay6, "statistics, 24 hours", "342B tokens (56.3%) hit the on-disk KV cache"))
	DeepSeekHitRate     = printed("deepseek.hit-rate", 0.563, 0.001, quoted(DeepSeekDay6, "statistics, 24 hours", "(56.3%)"))
	DeepSeekDays        = exact("deepseek.days", 1.0, quoted(DeepSeekDay6, "statistics", "24 hours"))
)

// GuProviders is the number of API providers in which Gu et al. detected
// cache sharing across users.
var GuProviders = exact("gu.providers", 7.0, quoted(Gu2025, "abstract", "global cache sharing across users in seven API providers"))

// TurboQuantFactor is TurboQuant's compression of the KV cache: "more than
// 5x", so 5 is a lower bound.
var TurboQuantFactor = exact("turboquant.factor", 5.0, via(TurboQuant, "KV cache compression, 'more than 5x'"))

// Conversation128K is the post's "128K-token conversation": 128 Ki tokens,
// the convention of context windows, which its 67.6 GB for Llama 3.1 405B
// confirms (128,000 tokens would give 66.1 GB).
var Conversation128K = exact("post.conversation-tokens", breakeven.Tokens(128*1024), post("Newer models, table header", "A 128K-token conversation"))

// MillionTokens is the post's "full million-token conversation", read
// literally as 10^6 tokens.
var MillionTokens = exact("post.million-tokens", breakeven.Tokens(1e6), post("Newer models, para 2", "A full million-token conversation"))

// ParkedConversations is the post's "thousand parked 128K-token
// conversations".
var ParkedConversations = exact("post.parked-conversations", 1000.0, post("Newer models, para 4", "A thousand parked 128K-token conversations"))

// BoundBandwidth is the 1 GB/s the post asks DeepSeek V4 Pro's break-even
// to reach.
var BoundBandwidth = exact("post.bound-bandwidth", 1*breakeven.GBps, post("Newer models, para 3", "to reach even 1 GB/s"))

// CalculatorModels is the number of models the post's interactive offers.
var CalculatorModels = exact("post.calculator-models", 13.0, post("Where this goes next", "The calculator takes any of 13 models"))

// NewerModel is a model whose cache size only the post (citing Inside Open
// Models) gives: a per-token size and a 128K-token conversation that folds
// in a fixed state the post does not state.
type NewerModel struct {
	Name     string
	Aliases  []string
	PerToken Input[breakeven.BytesPerToken]
	At128K   Input[breakeven.Bytes]
}

// The newer models of the post's last table, sizes at 16 bits.
var (
	Qwen38Max = NewerModel{"Qwen3.8-Max", []string{"qwen3.8-max", "qwen-3.8-max"},
		printed("newer.qwen38max.per-token", breakeven.BytesPerToken(94e3), 1e3, via(InsideOpenModels, "cache per token")),
		printed("newer.qwen38max.128k", 12.9*breakeven.GB, 0.1*breakeven.GB, via(InsideOpenModels, "128K-token conversation, with fixed state"))}
	KimiK3 = NewerModel{"Kimi K3", []string{"kimi-k3"},
		printed("newer.kimik3.per-token", breakeven.BytesPerToken(27.6e3), 0.1e3, via(InsideOpenModels, "cache per token")),
		printed("newer.kimik3.128k", 4.1*breakeven.GB, 0.1*breakeven.GB, via(InsideOpenModels, "128K-token conversation, with fixed state"))}
	DeepSeekV4Pro = NewerModel{"DeepSeek V4 Pro", []string{"deepseek-v4-pro", "deepseek-v4"},
		printed("newer.deepseekv4pro.per-token", breakeven.BytesPerToken(7.9e3), 0.1e3, via(InsideOpenModels, "cache per token")),
		printed("newer.deepseekv4pro.128k", 1.05*breakeven.GB, 0.01*breakeven.GB, via(InsideOpenModels, "128K-token conversation, with fixed state"))}
	NewerModels = []NewerModel{Qwen38Max, KimiK3, DeepSeekV4Pro}
)

// FixedState returns the fixed state a newer model's 128K size implies:
// the 128K size less 128 Ki tokens at the per-token size, with the
// interval that the two rounded figures leave.
func (m NewerModel) FixedState() breakeven.Estimate[breakeven.Bytes] {
	n := Conversation128K.Value
	return breakeven.Apply3(m.At128K.Value, m.PerToken.Value, n, func(total breakeven.Bytes, b breakeven.BytesPerToken, n breakeven.Tokens) breakeven.Bytes {
		return total - b.Bytes(n)
	})
}

// Model returns the newer model as a catalog entry: a Reported group of
// its per-token size and the implied fixed state.
func (m NewerModel) Model() Model {
	return Model{
		Name:      m.Name,
		Aliases:   m.Aliases,
		Attention: "reported per-token size + fixed state",
		Arch: breakeven.Architecture{
			Groups: []breakeven.LayerGroup{{Attention: breakeven.Reported, Layers: 1, PerToken16: m.PerToken.V()}},
			Fixed:  m.FixedState().Value,
		},
		Cite:       m.PerToken.Cite,
		Provenance: PostOnly,
		Note:       "per-token size and 128K-token size from the post (citing Inside Open Models); the fixed state is what the 128K size leaves over the per-token growth",
	}
}
