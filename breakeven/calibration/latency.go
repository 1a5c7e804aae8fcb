package calibration

import (
	"math"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/internal/portable"
)

// The latency regime. One model explains both kinds of run: a batched
// throughput (a Rate run) is the FLOP phases and memory traffic alone,
// since its per-request and per-layer costs are spread over hundreds of
// requests; a single request's time to first token (a Seconds run) adds
//
//	fixed + per-layer x layers + t_comm / link share
//
// which is what a batch-1 run of a few thousand tokens on 8 to 16 GPUs
// mostly is. Fitting the two kinds apart would leave each with a handful
// of sources, too few for leave-one-source-out; fitting them jointly lets
// the throughput runs pin the efficiency and the single-request runs the
// costs. Which terms enter is chosen by validation (bysource.go), inside
// each fold.

// latencyDesign is the design row of a latency structure: the FLOP time
// at peak, the memory term, and for a single request the per-request
// indicator, its layers and its communication time; last, for a request
// timed at a stated concurrency c above one, the c - 1 requests it may
// wait behind (queueing, below).
func (r Run) latencyDesign(s Structure) []float64 {
	pf := r.pipeline()
	t, mem := pf*float64(r.LinearMin+r.AttentionMin), pf*r.Memory
	req, layers, comm := 0.0, 0.0, 0.0
	if r.PerRequest {
		req, layers, comm = 1, r.Layers, float64(r.Comm)
	}
	var d []float64
	switch s {
	case RequestCost:
		d = []float64{t, req}
	case Regimes:
		d = []float64{t * (1 - req), t * req}
	case RegimesRequestCost, EngineRequestCost:
		d = []float64{t * (1 - req), t * req, req}
	case RooflineRequestCost:
		d = []float64{t, mem, req}
	case ByPhaseRequestCost:
		d = []float64{pf * float64(r.LinearMin), pf * float64(r.AttentionMin), mem, req}
	case CeilingRequestCost, CeilingWeightsRequestCost:
		// The FLOP time at the ceiling is the offset (offset), not fitted.
		return []float64{mem, req, r.queueAt(float64(r.LinearCeil + r.AttentionCeil))}
	case CeilingWeightsSparseCost:
		sparse := 0.0
		if r.FLOP.Sparse() {
			sparse = 1
		}
		return []float64{mem, req * (1 - sparse), req * sparse, r.queueAt(float64(r.LinearCeil + r.AttentionCeil))}
	case RooflineLatency:
		d = []float64{t, mem, req, layers}
	default:
		d = []float64{t, mem, req, layers, comm}
	}
	return append(d, r.queue())
}

// queue is the queueing regressor of a run: for a time to first token
// measured at a stated concurrency c above one (a mean TTFT of a
// closed-loop benchmark), the c - 1 other requests in flight times the
// request's own FLOP time at peak; zero for a single request and for a
// batched throughput. Its coefficient is the share of another request's
// prefill a request waits behind, per request in flight, in units of
// FLOP time at peak: the waits grow with the work of the prefills queued
// ahead, not by a fixed time per request. Fitted only where such runs are
// in the fit: without it, the waits of a few concurrency-4 runs are
// charged to every single request as a per-request cost. A constant wait
// per request in flight (the earlier form) fitted on dstack's 3,200-token
// DeepSeek-R1 runs (about 0.4 s each) predicted InferenceX's 1,024-token
// runs on MI355X, whose whole mean TTFT is 0.15 s at four in flight,
// eight times too slow. A prediction prices one request, which does not
// wait.
func (r Run) queue() float64 { return r.queueAt(float64(r.LinearMin + r.AttentionMin)) }

// queueAt is queue with the request's FLOP time t (at peak, or at the
// ceiling for CeilingRequestCost).
func (r Run) queueAt(t float64) float64 {
	if r.PerRequest && r.Concurrency > 1 {
		return float64(r.Concurrency-1) * r.pipeline() * t
	}
	return 0
}

// offset is the part of a run's predicted time that structure s does not
// fit: for CeilingRequestCost, the FLOP time at the chip's measured
// matmul ceiling, and for CeilingWeightsRequestCost also, for a single
// prompt (served or offline), one read of its weights, each times the
// pipeline's bubble; zero for the others.
func (r Run) offset(s Structure) float64 {
	if !s.atCeiling() {
		return 0
	}
	t := r.LinearCeil + r.AttentionCeil
	if s.readsWeights() && (r.PerRequest || r.Offline) {
		t += r.WeightRead
	}
	return r.pipeline() * float64(t)
}

// latencyPhases turns a latency structure's coefficients (without the
// queueing one, which a single request does not pay) into Phases:
// 1/efficiency, 1/intensity, seconds per request, seconds per layer, and
// 1/link share, as far as the structure has them (a coefficient no run
// informed is zero and its term is left out).
func latencyPhases(s Structure, c []float64) prefill.Phases {
	inv := func(x float64) float64 {
		if x == 0 {
			return 0
		}
		return 1 / x
	}
	e := prefill.Phases{Linear: inv(c[0]), Attention: inv(c[0])}
	switch s {
	case RequestCost:
		e.Fixed = breakeven.Seconds(c[1])
		return e
	case ByPhaseRequestCost:
		e.Attention = inv(c[1])
		e.Intensity = inv(c[2])
		e.Fixed = breakeven.Seconds(c[3])
		return e
	case CeilingRequestCost, CeilingWeightsRequestCost:
		return prefill.Phases{Linear: 1, Attention: 1, Ceiling: true, Weights: s.readsWeights(), Intensity: inv(c[0]), Fixed: breakeven.Seconds(c[1])}
	case CeilingWeightsSparseCost:
		// A cost no run informed (no dense, or no sparse, single request in
		// the fit) is zero: the other cost stands for both.
		e := prefill.Phases{Linear: 1, Attention: 1, Ceiling: true, Weights: true, Intensity: inv(c[0]), Fixed: breakeven.Seconds(c[1]), FixedSparse: breakeven.Seconds(c[2])}
		if e.Fixed == 0 {
			e.Fixed, e.FixedSparse = e.FixedSparse, 0
		}
		return e
	case Regimes, RegimesRequestCost:
		// A prediction prices one request: the single-request efficiency
		// (the throughput one where no single request informed it).
		if c[1] > 0 {
			e.Linear, e.Attention = inv(c[1]), inv(c[1])
		}
		e.Throughput = inv(c[0])
		if s == RegimesRequestCost {
			e.Fixed = breakeven.Seconds(c[2])
		}
		return e
	}
	e.Intensity = inv(c[1])
	e.Fixed = breakeven.Seconds(c[2])
	if len(c) > 3 {
		e.PerLayer = breakeven.Seconds(c[3])
	}
	if len(c) > 4 {
		e.Link = inv(c[4])
	}
	return e
}

// isLatency reports whether s has latency-regime costs.
func (s Structure) isLatency() bool {
	return s == RequestCost || s == RooflineRequestCost || s == RooflineLatency || s == RooflineLatencyComm || s == RegimesRequestCost || s == EngineRequestCost || s == ByPhaseRequestCost || s.atCeiling()
}

// clampCosts refits a x = b without the cost columns (every column after
// the first, the efficiency's) whose coefficient is not positive, one at
// a time, until every remaining coefficient is positive: a cost the runs
// push below zero is zero. used maps a's columns to the structure's
// parameters and is returned without the dropped ones.
func clampCosts(a [][]float64, b []float64, used []int, x []float64) ([]int, []float64, error) {
	cols := make([]int, len(used)) // columns of a still in the fit
	for i := range cols {
		cols[i] = i
	}
	for {
		worst := -1
		for c := 1; c < len(cols); c++ {
			if !(x[c] > 0) && (worst < 0 || x[c] < x[worst]) {
				worst = c
			}
		}
		if worst < 0 {
			break
		}
		cols = append(cols[:worst:worst], cols[worst+1:]...)
		sub := make([][]float64, len(a))
		for i := range a {
			for _, c := range cols {
				sub[i] = append(sub[i], a[i][c])
			}
		}
		var err error
		if x, err = leastSquares(sub, b); err != nil {
			return nil, nil, err
		}
	}
	out := make([]int, len(cols))
	for i, c := range cols {
		out[i] = used[c]
	}
	return out, x, nil
}

// HuberLog is the log error (ln predicted/measured) beyond which a run's
// weight in the fit falls off as 1/|error|: ln 2, a factor of two. Runs
// off by more than that (an engine far from its peers, a queue in front
// of the prefill) pull on the fit as if off by a factor of two, so one
// source's outliers do not set every other run's efficiency. Chosen
// before the validation, not tuned on it.
var HuberLog = math.Ln2

// refineLog refits the coefficients c (all positive) of rows d against
// measured times m by minimising the weighted (weight) Huber loss of the log errors,
// ln(sum_k d_ik c_k / m_i), by damped Gauss-Newton on ln c (so each
// coefficient stays positive), starting from c. It returns c unchanged
// when no step improves the loss.
func refineLog(d [][]float64, m, weight []float64, c []float64) []float64 {
	return refineLogOffset(d, m, weight, c, nil)
}

// refineLogOffset is refineLog with a fixed offset added to each row's
// prediction (nil: none): ln((off_i + sum_k d_ik c_k) / m_i).
func refineLogOffset(d [][]float64, m, weight []float64, c []float64, off []float64) []float64 {
	k := len(c)
	theta := make([]float64, k)
	for j := range c {
		theta[j] = portable.Log(math.Max(c[j], 1e-12))
	}
	// Two sets of buffers for eval, the current point's and a trial
	// point's, swapped when a trial is taken: the loop allocates nothing.
	type point struct{ e, w, pred []float64 }
	newPoint := func() point {
		return point{make([]float64, len(d)), make([]float64, len(d)), make([]float64, len(d))}
	}
	eval := func(th []float64, p point) (loss float64) {
		for i := range d {
			var pred float64
			if off != nil {
				pred = off[i]
			}
			for j := 0; j < k; j++ {
				pred += d[i][j] * portable.Exp(th[j])
			}
			p.pred[i] = pred
			p.e[i] = portable.Log(p.pred[i] / m[i])
			a := math.Abs(p.e[i])
			if a <= HuberLog {
				p.w[i] = weight[i]
				loss += weight[i] * p.e[i] * p.e[i] / 2
			} else {
				p.w[i] = weight[i] * HuberLog / a
				loss += weight[i] * HuberLog * (a - HuberLog/2)
			}
		}
		return loss
	}
	cur, trial := newPoint(), newPoint()
	loss := eval(theta, cur)
	// The rows of the step's least squares: one per run, then one per
	// coefficient for the damping, whose right-hand sides stay zero.
	rows := make([][]float64, len(d)+k)
	for i := range rows {
		rows[i] = make([]float64, k)
	}
	rhs := make([]float64, len(d)+k)
	next := make([]float64, k)
	lambda := 1e-3
	for it := 0; it < 200 && lambda < 1e8; it++ {
		for i := range d {
			sw := math.Sqrt(cur.w[i])
			for j := 0; j < k; j++ {
				rows[i][j] = sw * d[i][j] * portable.Exp(theta[j]) / cur.pred[i]
			}
			rhs[i] = -sw * cur.e[i]
		}
		for j := range k {
			rows[len(d)+j][j] = math.Sqrt(lambda)
		}
		step, err := leastSquares(rows, rhs)
		if err != nil {
			break
		}
		for j := range next {
			next[j] = theta[j] + math.Max(-5, math.Min(5, step[j]))
		}
		l2 := eval(next, trial)
		if l2 < loss {
			small := loss-l2 < 1e-12*(1+loss)
			theta, next = next, theta
			cur, trial = trial, cur
			loss = l2
			lambda /= 3
			if small {
				break
			}
		} else {
			lambda *= 4
		}
	}
	out := make([]float64, k)
	for j := range out {
		out[j] = portable.Exp(theta[j])
	}
	return out
}

// allPositive reports whether every x is positive.
func allPositive(x []float64) bool {
	for _, v := range x {
		if !(v > 0) {
			return false
		}
	}
	return true
}
