package prefill

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// The latency regime of a prefill: what one request's time to first
// token costs beyond the FLOPs at a share of peak. A batched throughput
// amortises these costs over many requests; one request pays them:
//
//	t_request = t_phases x pipeline factor + fixed + per-layer x layers + t_comm / link share
//
// where fixed is the per-request cost (scheduling, tokenization, the HTTP
// round trip, the first decode step), per-layer the cost of each layer's
// kernel launches and synchronisation, t_comm the tensor-parallel
// all-reduces, expert-parallel all-to-alls and pipeline sends of the
// activations over the chip's scale-up link at its quoted bandwidth
// (CommTime), and the pipeline factor the bubble of a pipeline-parallel
// prefill (PipelineFactor). The shares and costs are fitted (package
// calibration); this file holds only their definitions.

// Parallel is how a run splits the model over its GPUs: tensor, pipeline,
// expert and context parallel degrees (0 where not given, which reads
// as 1), and Chunk, the tokens of each chunk a pipeline-parallel prefill
// is cut into (0: not chunked, the whole prompt passes the stages as one).
type Parallel struct {
	TP, PP, EP, CP int
	Chunk          int
}

// parallelKinds are the degrees a parallelism names, and "chunk", a
// pipeline's chunk in tokens.
var parallelKinds = []string{"tp", "pp", "ep", "cp", "dp", "chunk"}

// parallelParts splits a parallelism into its degrees, each its whole
// text, its kind and its digits ("tp8" -> "tp8", "tp", "8"), as
// ^((tp|pp|ep|cp|dp|chunk)(\d+))+$ matches and (tp|pp|ep|cp|dp|chunk)(\d+)
// finds them; false when t is not of that form. By hand, so the web
// page's WebAssembly module links no regexp (docs/web.md).
func parallelParts(t string) ([][3]string, bool) {
	var out [][3]string
	for t != "" {
		kind := ""
		for _, k := range parallelKinds {
			if strings.HasPrefix(t, k) {
				kind = k
				break
			}
		}
		if kind == "" {
			return nil, false
		}
		j := len(kind)
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		if j == len(kind) {
			return nil, false
		}
		out = append(out, [3]string{t[:j], kind, t[len(kind):j]})
		t = t[j:]
	}
	return out, true
}

// ParseParallel reads a parallelism as "tp8", "tp8ep8", "pp4",
// "tp4pp2" or "pp4chunk32768" (case, spaces, hyphens and underscores
// ignored; "dp" is accepted and ignored, as data parallel replicas do not
// share a request; "chunk" is the pipeline's chunk in tokens); empty is
// no parallelism given. A bad form is a *breakeven.FieldError naming the
// input.
func ParseParallel(s string) (Parallel, error) {
	t := strings.ToLower(strings.NewReplacer(" ", "", "-", "", "_", "", ",", "", "=", "").Replace(s))
	var p Parallel
	if t == "" {
		return p, nil
	}
	bad := &breakeven.FieldError{Field: "parallel", Value: s,
		Message: "not a parallelism: give degrees as tp, pp, ep, cp (and a pipeline's chunk in tokens) with a number each", Example: "tp8ep8"}
	parts, ok := parallelParts(t)
	if !ok {
		return p, bad
	}
	for _, m := range parts {
		n, err := strconv.Atoi(m[2])
		limit := 1 << 16
		if m[1] == "chunk" {
			limit = 1 << 30
		}
		if err != nil || n < 1 || n > limit {
			bad.Message = fmt.Sprintf("degree %q must be a whole number from 1 to %d", m[0], limit)
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
		case "chunk":
			p.Chunk = n
		}
	}
	return p, nil
}

// String prints "tp8ep4" ("" for none), with the chunk as "chunk32768".
func (p Parallel) String() string {
	var b strings.Builder
	for _, d := range []struct {
		name string
		n    int
	}{{"tp", p.TP}, {"pp", p.PP}, {"ep", p.EP}, {"cp", p.CP}, {"chunk", p.Chunk}} {
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

// ActivationWidth is the width of the activations a tensor-parallel
// layer all-reduces and an expert-parallel layer sends to its experts:
// the hidden size where the model carries it (from its config.json),
// else query heads x value dim of the first attention group, which is the
// hidden size for Llama and overstates it for MLA (DeepSeek-V3: 128 x 128
// = 16,384 against a hidden size of 7,168).
func (m Model) ActivationWidth() int {
	if m.Hidden > 0 {
		return m.Hidden
	}
	if len(m.Attention) == 0 {
		return 0
	}
	return m.Attention[0].QueryHeads * m.Attention[0].VDim
}

// activationBytes is the bytes of one activation value sent between GPUs:
// BF16's two (by definition of the format).
const activationBytes = 2

// CommTime returns the time of an n-token prefill's communication over
// the chip's scale-up link at half its quoted bidirectional bandwidth
// (one way), as bytes through one GPU's link over that rate:
//
//   - tensor parallel (TP > 1): an all-reduce of the n x width BF16
//     activations after attention in every layer, and after the MLP in
//     every layer whose MLP is not expert parallel; a ring all-reduce
//     moves 2 x (TP - 1) / TP of them through each GPU's link;
//   - expert parallel (EP > 1, in the model's MoE layers): the dispatch of
//     each token to its top-k experts and the combine of their outputs,
//     n x k x width values each way spread over the EP GPUs, of which
//     (EP - 1) / EP leave their GPU;
//   - pipeline parallel (PP > 1): the n x width activations passed once
//     across each of the PP - 1 stage boundaries.
//
// Zero without parallelism; ok is false when the chip's link bandwidth is
// not in the catalog, so the time is unknown. A model without its MoE
// shape (no MoELayers or ExpertsPerToken) treats every layer as dense.
func CommTime(m Model, n breakeven.Tokens, g GPUs, p Parallel) (t breakeven.Seconds, ok bool) {
	tp, ep, pp := degree(p.TP), degree(p.EP), degree(p.PP)
	if tp <= 1 && ep <= 1 && pp <= 1 {
		return 0, true
	}
	bw := float64(g.Chip.ScaleUp.Bandwidth) / 2
	if !(bw > 0) {
		return 0, false
	}
	values := float64(n) * float64(m.ActivationWidth()) // one layer's activations
	layers := float64(m.Layers())
	moe := float64(min(max(m.MoELayers, 0), m.Layers()))
	if m.ExpertsPerToken <= 0 {
		moe = 0
	}
	var bytes float64
	if tp > 1 {
		reduces := 2 * layers // after attention and after the MLP
		if ep > 1 {
			reduces -= moe // the MoE layers' MLP is an all-to-all instead
		}
		bytes += reduces * 2 * float64(tp-1) / float64(tp) * values * activationBytes
	}
	if ep > 1 {
		bytes += moe * 2 * float64(m.ExpertsPerToken) * values * activationBytes * float64(ep-1) / float64(ep) / float64(ep)
	}
	if pp > 1 {
		bytes += float64(pp-1) * values * activationBytes
	}
	return breakeven.Seconds(bytes / bw), true
}

// PipelineFactor is how much longer one request's FLOPs take through a
// pipeline of PP stages than spread over all the GPUs at once: the
// prompt is cut into k = ceil(n / chunk) chunks (one where not chunked),
// each stage works on one chunk at a time, and the last chunk leaves the
// last stage after k + PP - 1 chunk-stage steps, where all GPUs at once
// would take k:
//
//	factor = (k + PP - 1) / k
//
// so an unchunked pipeline takes PP times as long (one stage's GPUs work
// at a time), and many chunks approach 1. One without pipeline
// parallelism. A batched throughput keeps every stage busy and pays no
// bubble; only a single request's time uses this.
func PipelineFactor(n breakeven.Tokens, p Parallel) float64 {
	pp := degree(p.PP)
	if pp <= 1 {
		return 1
	}
	k := 1.0
	if p.Chunk > 0 && float64(n) > float64(p.Chunk) {
		k = math.Ceil(float64(n) / float64(p.Chunk))
	}
	return (k + float64(pp) - 1) / k
}
