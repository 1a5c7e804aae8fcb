package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The latency structures' design rows, written out by hand for a run with
// 3 s of matrix products and 1 s of attention at peak (t = 4 s), a memory
// regressor of 500, 61 layers and 0.25 s of all-reduce: timed as one
// request among 4 in flight, it has the request indicator, its layers, its
// communication and 3 requests to wait behind; timed alone, no wait; as a
// batched throughput, only the FLOP and memory terms (even at a stated
// concurrency). The regimes structures put t in the throughput column of
// a batch and in the single-request column of a request.
func TestLatencyDesignRowsByHand(t *testing.T) {
	mk := func(perRequest bool, concurrency int) Run {
		r := Run{LinearMin: 3, AttentionMin: 1, Memory: 500, Layers: 61, Comm: 0.25, PerRequest: perRequest}
		r.Concurrency = concurrency
		return r
	}
	queued, alone, unstated, batch := mk(true, 4), mk(true, 1), mk(true, 0), mk(false, 4)
	for s, want := range map[Structure][4][]float64{ // queued, alone, unstated, batch
		RequestCost:         {{4, 1, 3}, {4, 1, 0}, {4, 1, 0}, {4, 0, 0}},
		Regimes:             {{0, 4, 3}, {0, 4, 0}, {0, 4, 0}, {4, 0, 0}},
		RegimesRequestCost:  {{0, 4, 1, 3}, {0, 4, 1, 0}, {0, 4, 1, 0}, {4, 0, 0, 0}},
		RooflineRequestCost: {{4, 500, 1, 3}, {4, 500, 1, 0}, {4, 500, 1, 0}, {4, 500, 0, 0}},
		RooflineLatency:     {{4, 500, 1, 61, 3}, {4, 500, 1, 61, 0}, {4, 500, 1, 61, 0}, {4, 500, 0, 0, 0}},
		RooflineLatencyComm: {{4, 500, 1, 61, 0.25, 3}, {4, 500, 1, 61, 0.25, 0}, {4, 500, 1, 61, 0.25, 0}, {4, 500, 0, 0, 0, 0}},
	} {
		for i, r := range []Run{queued, alone, unstated, batch} {
			assert.Equal(t, want[i], r.design(s), "%s, run %d", s, i)
			assert.Len(t, r.design(s), len(s.Params()), "%s: one column per parameter", s)
		}
	}
}
