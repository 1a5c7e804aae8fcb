// Package prefill models the time a prefill takes from first principles:
// the floating-point work of a prompt over the GPUs' peak rate and a model
// FLOP utilisation (MFU).
//
// The work of an N-token prefill is a linear term, two FLOPs per active
// parameter per token (the output head's for the last token only:
// LinearFLOPs), plus attention, which grows with N squared in
// full-attention layers. With causal masking a query at position i scores
// i keys and mixes i values, so a layer of h query heads does
//
//	attention FLOPs = 2 x pairs x h x (d_qk + d_v),  pairs = N^2 / 2 (causal)
//
// which for d_qk = d_v = d is the familiar 2 x h x d x N^2 per layer. A
// sliding-window or chunked layer scores at most W keys per query, so its
// pairs stop growing quadratically at N = W; MLA layers use their own
// query-key and value dims (DeepSeek-V3: 128 + 64 and 128).
//
//	t_prefill = FLOPs(N) / (GPUs x peak x MFU)
//
// The post's constant prefill speed is the special case r = N / t. With
// MFU = 1 the same formula is the fastest prefill the hardware allows, and
// a reported time gives back the MFU it implies (the package's Example):
//
//	m := prefill.Model{Name: "Llama 3.1 405B", ActiveParams: 405e9, Head: 128256 * 16384,
//		Attention: []prefill.AttentionGroup{{Layers: 126, QueryHeads: 128, QKDim: 128, VDim: 128}}}
//	h100 := prefill.Chip{Name: "H100", Peaks: []prefill.Peak{{Precision: prefill.BF16, Rate: 989.4 * prefill.TFLOPS}}}
//	g := prefill.GPUs{Count: 8, Chip: h100}
//	mfu := prefill.ImpliedMFU(m, breakeven.Exact[breakeven.Tokens](127188), g, breakeven.Rounded[breakeven.Seconds](62, 1))
//	// m.FLOPs(127188) is 169 PFLOP, at least 21.4 s at peak; mfu is 0.345 (0.342 to 0.348)
//
// Peaks are per precision (precision.go): a Chip has a dense peak for each
// precision it computes in, and GPUs carry the Compute of the run, BF16
// unless set with GPUs.In. A run in one precision divides all its work by
// that peak; a mixed run ("FP8 matrix products, BF16 attention") divides
// the linear term by the one and attention by the other, so MinTime and
// the implied MFU are always against the peaks the run used.
//
// MemoryFit (memory.go) checks that the weights (total parameters x bytes
// per weight), the prompt's cache and an allowance for activations fit in
// the GPUs' memory; a run that does not fit should be reported, not priced.
//
// The package holds no numbers of its own: chips, head counts and
// parameter counts come from package sources. The bytes of a number
// format (BF16 is 2) are its definition.
package prefill

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// FLOPs is an amount of floating-point work.
type FLOPs float64

// FLOPRate is floating-point work per second.
type FLOPRate float64

// Units of work and rate.
const (
	PFLOP  FLOPs    = 1e15
	TFLOPS FLOPRate = 1e12
)

// String prints the work in PFLOP with three significant digits.
func (f FLOPs) String() string {
	return breakeven.FormatSignificant(float64(f/PFLOP), breakeven.DefaultSignificant) + " PFLOP"
}

// String prints the rate in TFLOP/s.
func (r FLOPRate) String() string {
	return breakeven.FormatSignificant(float64(r/TFLOPS), 4) + " TFLOP/s"
}

// AttentionGroup is a set of attention layers that cost alike.
type AttentionGroup struct {
	Layers     int
	QueryHeads int
	QKDim      int // numbers per query and key, per head (MLA: nope + rope)
	VDim       int // numbers per value, per head
	// Window caps the keys a query scores (sliding window or chunk); 0
	// means every earlier token.
	Window int
	// Ratio is the tokens per key of a compressed layer (DeepSeek V4's
	// CSA and HCA: one entry per 4 or 128 tokens); 0 or 1 means a key per
	// token. Window then counts raw tokens: a CSA layer that keeps its
	// top 1,024 entries has Window 4 x 1,024.
	Ratio int
	// Recent is the window of uncompressed recent tokens a compressed
	// layer's queries score besides its entries (DeepSeek V4's 128); 0
	// for none.
	Recent int
}

// Model is what the FLOP model needs of an LLM: its active parameters per
// token and its attention layers. Linear-attention (state-space) layers
// have no quadratic term; their work is in ActiveParams.
type Model struct {
	Name         string
	ActiveParams float64
	// TotalParams is every weight the GPUs hold (a mixture of experts'
	// experts all count); 0 if unknown, when memory fit is not checked.
	TotalParams float64
	Attention   []AttentionGroup
	// Hidden is the hidden size, MoELayers the layers whose MLP is a
	// mixture of experts and ExpertsPerToken the experts each token is
	// routed to (zero where not known: a model given by --params and
	// heads). Only the communication time (CommTime) uses them.
	Hidden, MoELayers, ExpertsPerToken int
	// Head is the output head's parameters where ActiveParams counts
	// them (an untied head; 0 where tied or not known: a catalog model
	// without a kept config.json, such as Llama 2 or Gemma 3, whose
	// published count is then every token's work). A prefill multiplies
	// only its last token through the head: the engines compute the
	// logits of the last position alone.
	Head float64
	// Checkpoint is how the model's published checkpoint stores its
	// weights, where its config.json states it (FP8 for DeepSeek-V3);
	// zero: as the matrix products compute (GPUs.StoredWeights).
	Checkpoint Weights
}

// Validate reports a model the FLOP model cannot use.
func (m Model) Validate() error {
	if !(m.ActiveParams > 0) || math.IsInf(m.ActiveParams, 0) {
		return fmt.Errorf("prefill: %s: active parameters %v must be positive (e.g. 405e9)", m.Name, m.ActiveParams)
	}
	for i, g := range m.Attention {
		if g.Layers <= 0 || g.QueryHeads <= 0 || g.QKDim <= 0 || g.VDim <= 0 || g.Window < 0 || g.Ratio < 0 || g.Recent < 0 {
			return fmt.Errorf("prefill: %s: attention group %d needs positive layers, query heads and dims, got %+v", m.Name, i+1, g)
		}
	}
	return nil
}

// CausalPairs returns the query-key pairs of a causal n-token prefill in
// a layer whose queries see at most window keys (0: no window): n^2/2
// below the window, w^2/2 + (n - w) w above it.
func CausalPairs(n breakeven.Tokens, window int) float64 {
	x := float64(n)
	w := float64(window)
	if window == 0 || x <= w {
		return x * x / 2
	}
	return w*w/2 + (x-w)*w
}

// LinearFLOPs returns the matrix products of every token through the
// weights it uses, 2 x active parameters x n, less the output head's
// 2 x Head x (n - 1): a prefill sends only its last token through the
// head, since the engines compute the logits of the last position alone
// (vLLM's GPU model runner takes logits_indices = query_start_loc[1:] - 1,
// each request's last token; SGLang's logits processor, for a prefill
// without input log-probabilities, the cumulative extend lengths less
// one; TensorRT-LLM builds with gather_context_logits false by default).
// A chunked prefill sends each chunk's last token; the difference is a
// few head passes, left out.
func (m Model) LinearFLOPs(n breakeven.Tokens) FLOPs {
	head := m.Head
	if !(head > 0 && head < m.ActiveParams) {
		head = 0
	}
	return FLOPs(2*(m.ActiveParams-head)*float64(n) + 2*head*math.Min(float64(n), 1))
}

// AttentionFLOPs returns the sum over attention groups of
// 2 x pairs x layers x query heads x (d_qk + d_v): scores and the
// weighted sum of values, two FLOPs per multiply-add. A compressed
// group's query at position i scores i / Ratio keys, at most
// Window / Ratio, and its last Recent tokens, so its pairs are
// CausalPairs(n, Window) / Ratio + CausalPairs(n, Recent).
func (m Model) AttentionFLOPs(n breakeven.Tokens) FLOPs {
	var v float64
	for _, g := range m.Attention {
		pairs := CausalPairs(n, g.Window)
		if g.Ratio > 1 {
			pairs /= float64(g.Ratio)
			if g.Recent > 0 {
				pairs += CausalPairs(n, g.Recent)
			}
		}
		v += 2 * pairs * float64(g.Layers) * float64(g.QueryHeads) * float64(g.QKDim+g.VDim)
	}
	return FLOPs(v)
}

// FLOPs returns the work of an n-token prefill: linear plus attention.
func (m Model) FLOPs(n breakeven.Tokens) FLOPs { return m.LinearFLOPs(n) + m.AttentionFLOPs(n) }

// Sparse reports whether m is a mixture of experts. Where the shape was
// read from a config.json (Hidden known), that is whether any layer's
// MLP is one (MoELayers): a dense model's counts from its shapes differ
// too, by the input embedding table, which a token looks up but does not
// multiply through. Otherwise it is whether a token touches fewer
// parameters than the model holds.
func (m Model) Sparse() bool {
	if m.Hidden > 0 {
		return m.MoELayers > 0
	}
	return m.TotalParams > m.ActiveParams && m.ActiveParams > 0
}

// Chip is a GPU with its dense tensor peaks per precision, its memory and
// its scale-up link.
type Chip struct {
	Name    string
	Aliases []string
	// Peaks are the dense (no 2:4 sparsity) tensor peaks, one per
	// precision the chip computes in; PeakAt reads them.
	Peaks []Peak
	// Memory is the HBM (or GDDR) capacity of one GPU and MemoryBandwidth
	// its bandwidth.
	Memory          breakeven.Bytes
	MemoryBandwidth breakeven.Bandwidth
	ScaleUp         ScaleUp
	// Ceilings are measured matmul ceilings, each the share of the
	// theoretical peak the best matrix multiply reached in a precision;
	// CeilingAt reads them.
	Ceilings []Ceiling
}

// Ceiling is a measured matmul ceiling: the best matrix multiply's
// throughput in Precision over the theoretical peak.
type Ceiling struct {
	Precision Precision
	Share     float64
}

// CeilingShare returns the share of its peak in precision p that the
// chip's best measured matrix multiply reaches: p's own, else, for a
// precision not measured, the nearest measured one's (FP4 takes FP8's,
// and any precision BF16's), the same tensor cores' share; ok is false,
// with a share of 1, where the chip has no measured ceiling.
func (c Chip) CeilingShare(p Precision) (share float64, ok bool) {
	find := func(q Precision) (float64, bool) {
		for _, k := range c.Ceilings {
			if k.Precision == q && k.Share > 0 {
				return k.Share, true
			}
		}
		return 0, false
	}
	order := []Precision{p}
	if p == FP4 {
		order = append(order, FP8)
	}
	for _, q := range append(order, BF16) {
		if s, ok := find(q); ok {
			return s, true
		}
	}
	for _, k := range c.Ceilings {
		if k.Share > 0 {
			return k.Share, true
		}
	}
	return 1, false
}

// GPUs is a number of one kind of chip working on one prefill, in one
// precision (the zero Compute is BF16).
type GPUs struct {
	Count   int
	Chip    Chip
	Compute Compute
	// Weights is how the weights are stored where that differs from the
	// matrix products' precision (4-bit weights that an engine
	// dequantises to compute in BF16); zero: stored as the model's
	// checkpoint or in that precision (StoredWeights). The memory fit
	// and the weight read both use it.
	Weights Weights
}

// StoredWeights returns how g stores m's weights: Weights where set;
// else as m's checkpoint stores them (Model.Checkpoint) where that is
// narrower than the precision of the matrix products (an FP8 checkpoint
// computed in BF16 keeps its FP8 weights; one computed in FP4 is an FP4
// checkpoint); else in that precision.
func (g GPUs) StoredWeights(m Model) Weights {
	if g.Weights.Bytes > 0 {
		return g.Weights
	}
	lin := g.Compute.Or().Linear
	w := Weights{string(lin), lin.BytesPerValue()}
	if c := m.Checkpoint; c.Bytes > 0 && c.Bytes < w.Bytes {
		return c
	}
	return w
}

// Peak returns Count x the chip's peak in the precision of the matrix
// products (BF16 unless set with In); zero if the chip has none.
func (g GPUs) Peak() FLOPRate { return g.peakAt(g.Compute.Or().Linear) }

// ChipPeak returns one chip's peak in the precision of the matrix
// products; zero if the chip has none.
func (g GPUs) ChipPeak() FLOPRate {
	r, _ := g.Chip.PeakAt(g.Compute.Or().Linear)
	return r
}

// Memory returns Count x the chip's memory.
func (g GPUs) Memory() breakeven.Bytes { return breakeven.Bytes(g.Count) * g.Chip.Memory }

// String prints "8x H100", or "8x H100 in FP8" when not BF16.
func (g GPUs) String() string {
	s := fmt.Sprintf("%dx %s", g.Count, g.Chip.Name)
	if c := g.Compute.Or(); c != DefaultCompute {
		s += " in " + c.String()
	}
	return s
}

// ParseGPUs reads "8xH100", "8 x H200", "8*B200" or "H100" (one GPU)
// against the chips given (sources.Chips()), ignoring case, spaces,
// hyphens and underscores.
func ParseGPUs(s string, chips []Chip) (GPUs, error) {
	if len(s) > breakeven.MaxInput {
		return GPUs{}, fmt.Errorf("prefill: too long (%d characters; at most %d)", len(s), breakeven.MaxInput)
	}
	t := strings.TrimSpace(s)
	count := 1
	low := strings.ToLower(t)
	if i := strings.IndexAny(low, "x*×"); i > 0 {
		if digits := strings.TrimSpace(low[:i]); strings.Trim(digits, "0123456789") == "" {
			n, err := strconv.Atoi(digits)
			if err != nil || n < 1 || n > MaxGPUs {
				return GPUs{}, fmt.Errorf("prefill: GPU count must be a whole number from 1 to %s", breakeven.GroupThousands(MaxGPUs, 0))
			}
			_, size := firstRune(low[i:])
			count, low = n, low[i+size:]
		}
	}
	want := fold(low)
	var names []string
	for _, c := range chips {
		names = append(names, c.Name)
		for _, a := range append([]string{c.Name}, c.Aliases...) {
			if fold(a) == want {
				return GPUs{Count: count, Chip: c}, nil
			}
		}
	}
	return GPUs{}, &UnknownChipError{Input: s, Chip: strings.TrimSpace(low), Known: names}
}

// MaxGPUs bounds the GPUs of one prefill: more than the largest clusters
// hold, so that a typo ("80000000xH100") is caught rather than priced.
const MaxGPUs = 100000

// UnknownChipError is a chip ParseGPUs does not know; Known lists the
// chips it does.
type UnknownChipError struct {
	Input, Chip string
	Known       []string
}

func (e *UnknownChipError) Error() string {
	return fmt.Sprintf("prefill: unknown GPU %s in %s (known: %s; e.g. 8xH100)", breakeven.Quote(e.Chip), breakeven.Quote(e.Input), strings.Join(e.Known, ", "))
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

func fold(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(s)))
}

// MinTime returns the fastest prefill the hardware allows: each phase's
// work at the peak of its precision, MFU = 1. For a run in one precision
// it is FLOPs / (GPUs x peak); a mixed run adds the linear term at the
// matrix products' peak and attention at attention's.
func MinTime(m Model, n breakeven.Tokens, g GPUs) breakeven.Seconds {
	c := g.Compute.Or()
	if c.Linear == c.Attention {
		return breakeven.Seconds(float64(m.FLOPs(n)) / float64(g.peakAt(c.Linear)))
	}
	return breakeven.Seconds(float64(m.LinearFLOPs(n))/float64(g.peakAt(c.Linear)) +
		float64(m.AttentionFLOPs(n))/float64(g.peakAt(c.Attention)))
}

// TimeAt returns FLOPs / (GPUs x peak x mfu) for one MFU.
func TimeAt(m Model, n breakeven.Tokens, g GPUs, mfu float64) breakeven.Seconds {
	return breakeven.Seconds(float64(MinTime(m, n, g)) / mfu)
}

// Time returns the prefill time over an MFU interval: FLOPs / (GPUs x
// peak x MFU). A higher MFU gives a shorter time, so the interval's low
// end comes from the MFU's high end.
func Time(m Model, n breakeven.Tokens, g GPUs, mfu breakeven.Estimate[float64]) breakeven.Estimate[breakeven.Seconds] {
	return breakeven.Apply1(mfu, func(u float64) breakeven.Seconds { return TimeAt(m, n, g, u) })
}

// Rate returns the prefill speed r = N / t over an MFU interval: the
// post's constant speed at this prompt length.
func Rate(m Model, n breakeven.Tokens, g GPUs, mfu breakeven.Estimate[float64]) breakeven.Estimate[breakeven.TokenRate] {
	return breakeven.Apply1(mfu, func(u float64) breakeven.TokenRate { return breakeven.PrefillRate(n, TimeAt(m, n, g, u)) })
}

// ImpliedMFU returns the MFU a reported prefill time implies:
// FLOPs / (GPUs x peak x t) = MinTime / t, against the peak of the
// precision the run used (g.Compute): an FP8 run's MFU is a share of the
// FP8 peak. Above 1 the reported time
// beats the hardware at peak.
func ImpliedMFU(m Model, n breakeven.Estimate[breakeven.Tokens], g GPUs, t breakeven.Estimate[breakeven.Seconds]) breakeven.Estimate[float64] {
	return breakeven.Apply2(n, t, func(n breakeven.Tokens, t breakeven.Seconds) float64 {
		return float64(MinTime(m, n, g) / t)
	})
}

// Calibrate returns the MFU that makes the model reproduce a measured
// prefill: ImpliedMFU under the name its use as a default calls for. Time
// at the calibrated MFU gives back the measured time.
func Calibrate(m Model, n breakeven.Estimate[breakeven.Tokens], g GPUs, measured breakeven.Estimate[breakeven.Seconds]) breakeven.Estimate[float64] {
	return ImpliedMFU(m, n, g, measured)
}

// Limit is the verdict of a reported prefill against the hardware.
type Limit string

// The verdicts.
const (
	// Plausible: the implied MFU is at most the highest published one.
	Plausible Limit = "plausible"
	// BeyondPublished: the time needs an MFU above every published one,
	// but not above 1.
	BeyondPublished Limit = "needs an MFU no published system reaches"
	// BeyondPeak: the time beats the hardware at peak (MFU > 1).
	BeyondPeak Limit = "faster than the hardware at peak"
)

// Check classifies an implied MFU against 1 and the highest published
// MFU, on its low end: a verdict of failure holds over the whole interval.
func Check(implied breakeven.Estimate[float64], highestPublished float64) Limit {
	switch {
	case implied.Lo > 1:
		return BeyondPeak
	case implied.Lo > highestPublished:
		return BeyondPublished
	}
	return Plausible
}
