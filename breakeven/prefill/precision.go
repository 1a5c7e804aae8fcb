package prefill

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// Precision is the number format a phase of prefill computes in on the
// tensor cores: BF16, FP8, FP4 (NVFP4 and MXFP4 alike).
type Precision string

// The precisions the chip catalog gives peaks for.
const (
	TF32 Precision = "TF32"
	FP16 Precision = "FP16"
	BF16 Precision = "BF16"
	FP8  Precision = "FP8"
	FP4  Precision = "FP4"
)

// MXFP4Bits is the storage of one MXFP4 weight with its share of the
// block's scale, by the OCP Microscaling format's definition: a 4-bit
// E2M1 value, and one 8-bit E8M0 scale for each block of 32 values
// (gpt-oss's model card gives the 4.25 bits; package sources cites it).
const MXFP4Bits = 4 + 8.0/32

// Precisions lists every precision, widest first.
func Precisions() []Precision { return []Precision{TF32, FP16, BF16, FP8, FP4} }

// BytesPerValue is the storage of one value in the format, by its
// definition (FP4's per-block scale factors are not counted).
func (p Precision) BytesPerValue() float64 {
	switch p {
	case TF32:
		return 4 // stored as FP32
	case FP16, BF16:
		return 2
	case FP8:
		return 1
	case FP4:
		return 0.5
	}
	return 0
}

// Compute is the precision a run uses: of its matrix products through the
// weights (the linear term of the FLOP model) and of its attention. A run
// in one precision has both the same; "FP8 with BF16 attention" is
// Compute{Linear: FP8, Attention: BF16}. The zero value is BF16.
type Compute struct {
	Linear, Attention Precision
}

// DefaultCompute is BF16 throughout, the precision the calibration and the
// post's tests assume.
var DefaultCompute = Compute{Linear: BF16, Attention: BF16}

// Uniform returns a run in one precision.
func Uniform(p Precision) Compute { return Compute{Linear: p, Attention: p} }

// Or returns c, or BF16 throughout when c is the zero value.
func (c Compute) Or() Compute {
	if c.Linear == "" && c.Attention == "" {
		return DefaultCompute
	}
	if c.Attention == "" {
		c.Attention = c.Linear
	}
	if c.Linear == "" {
		c.Linear = c.Attention
	}
	return c
}

// String prints "BF16", or "FP8 (BF16 attention)" for a mixed run.
func (c Compute) String() string {
	c = c.Or()
	if c.Linear == c.Attention {
		return string(c.Linear)
	}
	return fmt.Sprintf("%s (%s attention)", c.Linear, c.Attention)
}

// ComputeExample is a valid --precision value for messages.
const ComputeExample = "fp8, or fp8+bf16 for FP8 matrix products with BF16 attention"

// ParsePrecision reads one format: "bf16", "FP8", "fp8-e4m3", "nvfp4",
// "mxfp4", "fp16", "tf32", ignoring case, spaces, hyphens and
// underscores.
func ParsePrecision(s string) (Precision, error) {
	t := fold(s)
	for _, p := range Precisions() {
		if t == fold(string(p)) {
			return p, nil
		}
	}
	switch t {
	case "bfloat16":
		return BF16, nil
	case "half", "float16":
		return FP16, nil
	case "fp8e4m3", "e4m3", "fp8e5m2", "e5m2", "float8":
		return FP8, nil
	case "nvfp4", "mxfp4", "fp4e2m1", "e2m1":
		return FP4, nil
	}
	names := make([]string, 0, len(Precisions()))
	for _, p := range Precisions() {
		names = append(names, strings.ToLower(string(p)))
	}
	return "", fmt.Errorf("unknown precision %s (one of %s)", breakeven.Quote(strings.TrimSpace(s)), strings.Join(names, ", "))
}

// ParseCompute reads a run's precision: one format ("bf16", "fp8",
// "nvfp4") for both phases, or the matrix products' and attention's
// joined by "+" or "/" ("fp8+bf16": FP8 matrix products, BF16
// attention). An optional "-attention" or "-attn" after the second is
// ignored.
func ParseCompute(s string) (Compute, error) {
	if len(s) > breakeven.MaxInput {
		return Compute{}, fmt.Errorf("too long (%d characters; at most %d)", len(s), breakeven.MaxInput)
	}
	t := strings.TrimSpace(s)
	if i := strings.IndexAny(t, "+/"); i >= 0 {
		if strings.TrimSpace(t[:i]) == "" || strings.TrimSpace(t[i+1:]) == "" {
			return Compute{}, fmt.Errorf("%q: a mixed precision names the matrix products' and attention's, one each side of %q (e.g. fp8+bf16)", t, t[i:i+1])
		}
		lin, err := ParsePrecision(t[:i])
		if err != nil {
			return Compute{}, err
		}
		rest := strings.ToLower(strings.TrimSpace(t[i+1:]))
		for _, suffix := range []string{"attention", "attn"} {
			if r, ok := strings.CutSuffix(rest, suffix); ok {
				rest = strings.TrimRight(r, " -_")
				break
			}
		}
		att, err := ParsePrecision(rest)
		if err != nil {
			return Compute{}, err
		}
		return Compute{Linear: lin, Attention: att}, nil
	}
	p, err := ParsePrecision(t)
	if err != nil {
		return Compute{}, err
	}
	return Uniform(p), nil
}

// Peak is a chip's dense (no 2:4 sparsity) tensor peak in one precision.
type Peak struct {
	Precision Precision
	Rate      FLOPRate
}

// ScaleUp is a chip's link to the other GPUs of its server or rack:
// NVLink of some generation, AMD Infinity Fabric, or only PCIe.
type ScaleUp struct {
	Kind string // "NVLink 4", "PCIe Gen5 x16", "Infinity Fabric"
	// Bandwidth is the chip's total (both directions) scale-up bandwidth,
	// as vendors quote it.
	Bandwidth breakeven.Bandwidth
}

func (s ScaleUp) String() string {
	if s.Kind == "" {
		return "not stated"
	}
	if s.Bandwidth == 0 {
		return s.Kind
	}
	return fmt.Sprintf("%s, %s", s.Kind, s.Bandwidth)
}

// Precisions lists the precisions the chip has a peak for, in the order
// of its Peaks.
func (c Chip) Precisions() []Precision {
	out := make([]Precision, 0, len(c.Peaks))
	for _, p := range c.Peaks {
		out = append(out, p.Precision)
	}
	return out
}

// PrecisionError is a precision a chip has no tensor peak for; Known lists
// the ones it has, once.
type PrecisionError struct {
	Chip      string
	Precision Precision
	Known     []Precision
}

func (e *PrecisionError) Error() string {
	names := make([]string, len(e.Known))
	for i, p := range e.Known {
		names[i] = strings.ToLower(string(p))
	}
	return fmt.Sprintf("the %s has no %s tensor peak (it has %s)", e.Chip, e.Precision, strings.Join(names, ", "))
}

// PeakAt returns the chip's dense peak in precision p; an empty p is
// BF16. The error is a *PrecisionError.
func (c Chip) PeakAt(p Precision) (FLOPRate, error) {
	if p == "" {
		p = BF16
	}
	for _, k := range c.Peaks {
		if k.Precision == p {
			return k.Rate, nil
		}
	}
	return 0, &PrecisionError{Chip: c.Name, Precision: p, Known: c.Precisions()}
}

// Supports returns nil if the chip has a peak for both phases of c, else
// the *PrecisionError of the first missing one.
func (c Chip) Supports(cp Compute) error {
	cp = cp.Or()
	for _, p := range []Precision{cp.Linear, cp.Attention} {
		if _, err := c.PeakAt(p); err != nil {
			return err
		}
	}
	return nil
}

// In returns g computing in cp, or the *PrecisionError of a precision the
// chip has no peak for.
func (g GPUs) In(cp Compute) (GPUs, error) {
	if err := g.Chip.Supports(cp); err != nil {
		return g, err
	}
	g.Compute = cp.Or()
	return g, nil
}

// peakAt is Count x the chip's peak in p, zero where the chip has none
// (a time at a zero peak is infinite, never silently a finite answer).
func (g GPUs) peakAt(p Precision) FLOPRate {
	r, err := g.Chip.PeakAt(p)
	if err != nil {
		return 0
	}
	return FLOPRate(g.Count) * r
}
