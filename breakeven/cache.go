package breakeven

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// ElementType is the numeric type the KV cache stores, with its size.
type ElementType struct {
	Name string
	Size Bytes // bytes per element
}

// KV element types. The post's cache sizes are all at 16 bits.
var (
	FP32 = ElementType{"fp32", 4}
	BF16 = ElementType{"bf16", 2}
	FP16 = ElementType{"fp16", 2}
	FP8  = ElementType{"fp8", 1}
	INT8 = ElementType{"int8", 1}
	INT4 = ElementType{"int4", 0.5}
)

// ElementTypes lists the element types ParseElementType reads.
var ElementTypes = []ElementType{BF16, FP16, FP8, INT8, INT4, FP32}

// ParseElementType reads a KV element type by name, in any case.
func ParseElementType(s string) (ElementType, error) {
	for _, t := range ElementTypes {
		if strings.EqualFold(strings.TrimSpace(s), t.Name) {
			return t, nil
		}
	}
	return ElementType{}, &ParseError{"KV element type", s, "unknown type", ExampleElement}
}

func (t ElementType) String() string { return t.Name }

// Attention names how a group of layers caches.
type Attention string

// The kinds of layer the cache formula knows.
const (
	// GQA covers multi-head, grouped-query and multi-query attention: each
	// layer stores a key and a value of HeadDim numbers per KV head.
	GQA Attention = "gqa"
	// MLA is multi-head latent attention (DeepSeek-V2/V3, Kimi K2): each
	// layer stores one compressed latent of LatentDim numbers plus a shared
	// rotary key of RopeDim numbers.
	MLA Attention = "mla"
	// Linear covers linear-attention and state-space layers (Gated
	// DeltaNet, Mamba): a fixed state per sequence, StateBytes per layer,
	// whatever the prompt length.
	Linear Attention = "linear"
	// Reported is a group known only by a published per-token size, at 16
	// bits (PerToken16).
	Reported Attention = "reported"
	// Indexer is the key cache of a sparse-attention indexer (DeepSeek
	// V3.2's DSA, GLM-5.2): each layer with an indexer of its own keeps
	// one key of HeadDim numbers per token, stored in FP8 with one 4-byte
	// float scale per 128 numbers whatever the KV element type, and left
	// out of any compression (the layout aiconfigurator's
	// indexer_cache_entry_bytes counts; see sources.AICConfigsGLM52).
	Indexer Attention = "indexer"
	// Compressed is compressed attention (DeepSeek V4's CSA and HCA
	// layers): each layer keeps one entry of HeadDim numbers (a single KV
	// head whose entry serves keys and values) per Ratio tokens. With
	// Ratio 1 and a Window it is the uncompressed window of recent tokens
	// those layers keep beside their compressed entries.
	Compressed Attention = "compressed"
)

// LayerGroup is a set of layers that cache alike.
type LayerGroup struct {
	Attention Attention
	Layers    int
	KVHeads   int // GQA
	HeadDim   int // GQA: numbers per key (and per value, unless VDim) per head; Indexer: numbers per key
	// VDim is a GQA group's numbers per value per head where they differ
	// from its keys' (MiMo-V2-Flash: keys of 192, values of 128); 0 means
	// HeadDim.
	VDim      int
	LatentDim int // MLA: kv_lora_rank
	RopeDim   int // MLA: qk_rope_head_dim
	// Window is the number of recent tokens a sliding-window or chunked
	// layer keeps; 0 means the layer keeps every token. A chunked layer
	// holds between 1 and Window tokens of the current chunk; the formula
	// takes the worst case, Window.
	Window int
	// StateBytes is the fixed state per layer of a Linear group.
	StateBytes Bytes
	// PerToken16 is the published size per token and layer of a Reported
	// group, at 16 bits per element; a whole-model figure is one layer.
	PerToken16 BytesPerToken
	// Ratio is the tokens per entry of a Compressed or Indexer group: one
	// entry is kept per Ratio tokens; 0 means 1 (an entry per token).
	Ratio int
	// IndexBits is the width of an Indexer group's numbers: 0 for FP8
	// with a float32 scale per 128 numbers (DeepSeek V3.2, GLM-5), 4 for
	// packed FP4 with no scale counted (DeepSeek V4), 16 for BF16 with no
	// scale (MiniMax M3's index keys, which SGLang keeps in the model's
	// type whatever the KV element type).
	IndexBits int
}

// Architecture is what the cache formula needs of a model: its layer
// groups, the KV element type, a compression factor, and any further fixed
// state per sequence.
//
// The cache of N tokens is
//
//	size(N) = growth x N + sum over windowed groups of (per-token x min(N, window)) + fixed
//
// where growth is the per-token size of the layers that keep every token.
type Architecture struct {
	Groups []LayerGroup
	// Element is the KV element type; the zero value means BF16.
	Element ElementType
	// Compression divides the KV part of the cache (not the fixed state);
	// 0 means 1 (uncompressed). TurboQuant's "more than 5x" is 5.
	Compression float64
	// Fixed is extra fixed state per sequence beyond the Linear groups,
	// such as a state a published size folds in without naming.
	Fixed Bytes
}

// GQAArchitecture is the plain case: every layer keeps every token.
func GQAArchitecture(layers, kvHeads, headDim int) Architecture {
	return Architecture{Groups: []LayerGroup{{Attention: GQA, Layers: layers, KVHeads: kvHeads, HeadDim: headDim}}}
}

// With returns a copy of the architecture with another element type and
// compression factor.
func (a Architecture) With(t ElementType, compression float64) Architecture {
	b := a
	b.Groups = append([]LayerGroup(nil), a.Groups...)
	b.Element = t
	b.Compression = compression
	return b
}

func (a Architecture) element() ElementType {
	if a.Element.Size == 0 {
		return BF16
	}
	return a.Element
}

func (a Architecture) compression() float64 {
	if a.Compression == 0 {
		return 1
	}
	return a.Compression
}

// Validate reports the first thing wrong with an architecture: no layers, a
// negative or missing dimension, a compression factor below 1.
func (a Architecture) Validate() error {
	if len(a.Groups) == 0 {
		return errors.New("breakeven: architecture has no layer groups")
	}
	if a.Element.Size < 0 || math.IsNaN(float64(a.Element.Size)) {
		return fmt.Errorf("breakeven: KV element size %v is not positive", float64(a.Element.Size))
	}
	if c := a.Compression; c != 0 && (c < 1 || math.IsNaN(c) || math.IsInf(c, 0)) {
		return fmt.Errorf("breakeven: compression factor %v must be at least 1 (e.g. 5 for 5x)", c)
	}
	if a.Fixed < 0 || math.IsNaN(float64(a.Fixed)) || math.IsInf(float64(a.Fixed), 0) {
		return fmt.Errorf("breakeven: fixed state %v must be a non-negative size (e.g. 0 or 24 MiB)", float64(a.Fixed))
	}
	per := 0.0
	b := a.With(BF16, 1)
	for i, g := range a.Groups {
		if err := g.validate(); err != nil {
			return fmt.Errorf("breakeven: layer group %d: %w", i+1, err)
		}
		per += b.perToken(g)
	}
	if per > MaxBytesPerToken {
		return fmt.Errorf("breakeven: the cache of one token is %v at 16 bits, above %v, the most it may be (Llama 3.1 405B's is 516,096 bytes: 2 x 126 layers x 8 KV heads x 128 dims x 2 bytes)", Bytes(per), Bytes(MaxBytesPerToken))
	}
	if f := a.FixedBytes(); f > Bytes(SizeSpan.Hi) {
		return fmt.Errorf("breakeven: a fixed state of %v, above %s, the most it may be", f, SizeSpan.HiText)
	}
	return nil
}

func (g LayerGroup) validate() error {
	if g.Layers <= 0 {
		return fmt.Errorf("%d layers: need at least 1 (e.g. 126)", g.Layers)
	}
	for _, n := range []int{g.Layers, g.KVHeads, g.HeadDim, g.VDim, g.LatentDim, g.RopeDim, g.Ratio} {
		if n > MaxDim {
			return fmt.Errorf("a dimension of %d: above %d, the most it may be", n, MaxDim)
		}
	}
	if g.Window < 0 {
		return fmt.Errorf("window %d: need 0 (no window) or a positive number of tokens (e.g. 4096)", g.Window)
	}
	if g.Ratio < 0 || (g.Ratio > 1 && g.Attention != Compressed && g.Attention != Indexer) {
		return fmt.Errorf("compression ratio %d: need 0 or 1, or for compressed and indexer layers a positive number of tokens per entry (e.g. 4)", g.Ratio)
	}
	switch g.Attention {
	case GQA:
		if g.KVHeads <= 0 || g.HeadDim <= 0 {
			return fmt.Errorf("GQA needs KV heads and head dim of at least 1 (e.g. 8 and 128), got %d and %d", g.KVHeads, g.HeadDim)
		}
		if g.VDim < 0 {
			return fmt.Errorf("value dim %d: need 0 (the head dim) or a positive number per head (e.g. 128)", g.VDim)
		}
	case MLA:
		if g.LatentDim <= 0 || g.RopeDim < 0 {
			return fmt.Errorf("MLA needs a latent dim of at least 1 and a rope dim of at least 0 (e.g. 512 and 64), got %d and %d", g.LatentDim, g.RopeDim)
		}
	case Linear:
		if g.StateBytes < 0 || math.IsNaN(float64(g.StateBytes)) {
			return fmt.Errorf("linear layers need a state size of at least 0 bytes, got %v", float64(g.StateBytes))
		}
	case Reported:
		if g.PerToken16 <= 0 || math.IsNaN(float64(g.PerToken16)) {
			return fmt.Errorf("a reported group needs a positive size per token (e.g. 94 KB), got %v", float64(g.PerToken16))
		}
	case Indexer:
		if g.HeadDim <= 0 {
			return fmt.Errorf("an indexer needs a key dim of at least 1 (e.g. 128), got %d", g.HeadDim)
		}
		if g.IndexBits != 0 && g.IndexBits != 4 && g.IndexBits != 16 {
			return fmt.Errorf("an indexer's numbers are FP8 (0), FP4 (4 bits) or BF16 (16 bits), got %d bits", g.IndexBits)
		}
	case Compressed:
		if g.HeadDim <= 0 {
			return fmt.Errorf("compressed attention needs an entry of at least 1 number (e.g. 512), got %d", g.HeadDim)
		}
	default:
		return fmt.Errorf("unknown attention %q (valid: gqa, mla, linear, reported, indexer, compressed)", g.Attention)
	}
	return nil
}

// The indexer key cache's layout: FP8 numbers with a float32 scale per
// block of 128 (aiconfigurator, sdk/common.py, indexer_cache_entry_bytes:
// "Bytes per token in the FP8 indexer KV cache, including one scale per
// 128 values").
const (
	indexerElementBytes = 1
	indexerScaleBytes   = 4
	indexerScaleBlock   = 128
)

// perToken returns the bytes one token adds to one group, before the
// group's window caps it.
func (a Architecture) perToken(g LayerGroup) float64 {
	el := float64(a.element().Size)
	var v float64
	switch g.Attention {
	case GQA:
		// layers x KV heads x (key dim + value dim) x bytes per element:
		// 2 x head dim where keys and values are of one width
		v = float64(g.Layers) * float64(g.KVHeads) * float64(g.HeadDim+g.ValueDim()) * el
	case MLA:
		// layers x (latent + rope) x bytes per element: one latent serves
		// both keys and values.
		v = float64(g.Layers) * float64(g.LatentDim+g.RopeDim) * el
	case Reported:
		v = float64(g.Layers) * float64(g.PerToken16) * el / 2
	case Indexer:
		// layers x (one FP8 byte per number + a 4-byte scale per 128
		// numbers), or half a byte a number in FP4, or two in BF16, per
		// Ratio tokens, whatever the KV element type and compression.
		entry := float64(g.HeadDim) / 2
		switch g.IndexBits {
		case 16:
			entry = float64(g.HeadDim) * 2
		case 0:
			scales := (g.HeadDim + indexerScaleBlock - 1) / indexerScaleBlock
			entry = float64(g.HeadDim*indexerElementBytes + scales*indexerScaleBytes)
		}
		return float64(g.Layers) * entry / float64(g.ratio())
	case Compressed:
		// layers x one entry of head dim numbers per Ratio tokens.
		v = float64(g.Layers) * float64(g.HeadDim) * el / float64(g.ratio())
	}
	return v / a.compression()
}

// ValueDim returns a GQA group's numbers per value per head: VDim where
// set, else HeadDim.
func (g LayerGroup) ValueDim() int {
	if g.VDim > 0 {
		return g.VDim
	}
	return g.HeadDim
}

func (g LayerGroup) ratio() int {
	if g.Ratio <= 1 {
		return 1
	}
	return g.Ratio
}

// BytesPerToken returns the per-token growth: what each further token adds
// once every windowed layer is full. For plain GQA it is the whole cache
// per token; Llama 3.1 405B's is 2 x 126 x 8 x 128 x 2 = 516,096 bytes.
func (a Architecture) BytesPerToken() BytesPerToken {
	var v float64
	for _, g := range a.Groups {
		if g.Window == 0 {
			v += a.perToken(g)
		}
	}
	return BytesPerToken(v)
}

// FixedBytes returns the state a sequence holds whatever its length: the
// Linear groups' states and the Fixed term.
func (a Architecture) FixedBytes() Bytes {
	v := a.Fixed
	for _, g := range a.Groups {
		if g.Attention == Linear {
			v += g.StateBytes * Bytes(g.Layers)
		}
	}
	return v
}

// CacheSize returns the cache of an n-token sequence:
// growth x n + windowed terms capped at their window + fixed state.
func (a Architecture) CacheSize(n Tokens) Bytes {
	v := float64(a.BytesPerToken()) * float64(n)
	for _, g := range a.Groups {
		if g.Window > 0 {
			v += a.perToken(g) * math.Min(float64(n), float64(g.Window))
		}
	}
	return Bytes(v) + a.FixedBytes()
}

// MeanBytesPerToken returns the cache of an n-token sequence divided by n:
// the b that the break-even uses for a prompt of that length. It equals
// BytesPerToken for an architecture with no windows and no fixed state.
func (a Architecture) MeanBytesPerToken(n Tokens) BytesPerToken {
	return BytesPerToken(float64(a.CacheSize(n)) / float64(n))
}
