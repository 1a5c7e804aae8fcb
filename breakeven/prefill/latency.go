package prefill

import (
	"fmt"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// The latency regime of a prefill: what one request's time to first
// token costs beyond the FLOPs at a share of peak. A batched throughput
// amortises these costs over many requests; one request pays them:
//
//	t_request = t_phases + fixed + per-layer x layers + t_comm / link share
//
// where fixed is the per-request cost (scheduling, tokenization, the HTTP
// round trip, the first decode step), per-layer the cost of each layer's
// kernel launches and synchronisation, and t_comm the tensor-parallel
// all-reduces of the activations over the chip's scale-up link at its
// quoted bandwidth (CommTime). The shares and costs are fitted (package
// calibration); this file holds only their definitions.

// Parallel is how a run splits the model over its GPUs: tensor, pipeline,
// expert and context parallel degrees (0 where not given, which reads
// as 1).
type Parallel struct {
	TP, PP, EP, CP int
}

// parallelParts splits a parallelism into its degrees, each its whole
// text, its kind and its digits ("tp8" -> "tp8", "tp", "8"), as
// ^((tp|pp|ep|cp|dp)(\d+))+$ matches and (tp|pp|ep|cp|dp)(\d+) finds
// them; false when t is not of that form. By hand, so the web page's
// WebAssembly module links no regexp (docs/web.md).
func parallelParts(t string) ([][3]string, bool) {
	var out [][3]string
	for t != "" {
		if len(t) < 2 {
			return nil, false
		}
		switch t[:2] {
		case "tp", "pp", "ep", "cp", "dp":
		default:
			return nil, false
		}
		j := 2
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		if j == 2 {
			return nil, false
		}
		out = append(out, [3]string{t[:j], t[:2], t[2:j]})
		t = t[j:]
	}
	return out, true
}

// ParseParallel reads a parallelism as "tp8", "tp8ep8", "pp4" or
// "tp4pp2" (case, spaces, hyphens and underscores ignored; "dp" is
// accepted and ignored, as data parallel replicas do not share a
// request); empty is no parallelism given. A bad form is a
// *breakeven.FieldError naming the input.
func ParseParallel(s string) (Parallel, error) {
	t := strings.ToLower(strings.NewReplacer(" ", "", "-", "", "_", "", ",", "", "=", "").Replace(s))
	var p Parallel
	if t == "" {
		return p, nil
	}
	bad := &breakeven.FieldError{Field: "parallel", Value: s,
		Message: "not a parallelism: give degrees as tp, pp, ep, cp with a number each", Example: "tp8ep8"}
	parts, ok := parallelParts(t)
	if !ok {
		return p, bad
	}
	for _, m := range parts {
		n, err := strconv.Atoi(m[2])
		if err != nil || n < 1 || n > 1<<16 {
			bad.Message = fmt.Sprintf("degree %q must be a whole number from 1", m[0])
			return Parallel{}, bad
		}
		switch m[1] {
		case "tp":
			p.TP = n
		case "pp":
			p.PP = n
		case "ep":
			p.EP = n
		case "cp":
			p.CP = n
		}
	}
	return p, nil
}

// String prints "tp8ep4" ("" for none).
func (p Parallel) String() string {
	var b strings.Builder
	for _, d := range []struct {
		name string
		n    int
	}{{"tp", p.TP}, {"pp", p.PP}, {"ep", p.EP}, {"cp", p.CP}} {
		if d.n > 0 {
			fmt.Fprintf(&b, "%s%d", d.name, d.n)
		}
	}
	return b.String()
}

// degree is n, or 1 where not given.
func degree(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// Layers returns the model's attention layers (its depth as the FLOP
// model knows it).
func (m Model) Layers() int {
	n := 0
	for _, g := range m.Attention {
		n += g.Layers
	}
	return n
}

// ActivationWidth is the width of a layer's attention output, query
// heads x value dim of the first attention group: the width of the
// activations a tensor-parallel layer all-reduces. It stands in for the
// hidden size, which the FLOP model does not carry: for Llama it is the
// hidden size; for MLA (DeepSeek-V3: 128 x 128 = 16,384 against a hidden
// size of 7,168) it overstates it, which the fitted link share absorbs
// in part.
func (m Model) ActivationWidth() int {
	if len(m.Attention) == 0 {
		return 0
	}
	return m.Attention[0].QueryHeads * m.Attention[0].VDim
}

// CommTime returns the time of the tensor-parallel all-reduces of an
// n-token prefill over the chip's scale-up link at its quoted bandwidth:
// two all-reduces per layer (after attention and after the MLP) of n x
// width BF16 activations, each moving 2 x (TP - 1) / TP of them through
// every GPU's link one way (a ring), at half the quoted bidirectional
// bandwidth. Zero without tensor parallelism; ok is false when the
// chip's link bandwidth is not in the catalog, so the time is unknown.
// Pipeline stages pass n x width once per stage boundary, which is small
// beside this and left out; expert-parallel all-to-alls are left out too
// (the FLOP model carries no top-k or hidden size).
func CommTime(m Model, n breakeven.Tokens, g GPUs, p Parallel) (t breakeven.Seconds, ok bool) {
	tp := degree(p.TP)
	if tp <= 1 {
		return 0, true
	}
	bw := float64(g.Chip.ScaleUp.Bandwidth) / 2
	if !(bw > 0) {
		return 0, false
	}
	bytes := float64(m.Layers()) * 2 * 2 * float64(tp-1) / float64(tp) * float64(n) * float64(m.ActivationWidth()) * 2
	return breakeven.Seconds(bytes / bw), true
}
