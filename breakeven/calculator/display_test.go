package calculator

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With no --efficiency the chart loads at line rate: every point's load
// time is the cache over that bandwidth, worked here.
func TestChartLoadsAtLineRateByDefault(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", Prefill: "2051", Link: "10GbE"})
	require.NoError(t, err)
	c := Plot(a)
	require.NotEmpty(t, c.BytesPerSecond)
	cache := float64(a.Result.CacheBytes)
	for i, bw := range c.BytesPerSecond {
		assert.InEpsilon(t, cache/bw, c.LoadSeconds[i], 1e-12, "point %d", i)
	}
}

// With --latency and --efficiency every curve's load pays both: each
// point is the fixed cost plus the cache over that share of the link, the
// mean of a hit rate prices that load, and a hit adds the cached TTFT to
// it.
func TestChartLoadsWithTheLatencyAndEfficiencyGiven(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "25Gbit/s", Latency: "5ms", Efficiency: "0.8", HitRate: "0.8"})
	require.NoError(t, err)
	require.NotNil(t, a.Output.HitCachedTTFTSeconds)
	cached, cache, recompute := *a.Output.HitCachedTTFTSeconds, float64(a.Result.CacheBytes), a.Output.RecomputeSeconds
	c := Plot(a)
	require.Len(t, c.LoadSeconds, len(c.BytesPerSecond))
	require.Len(t, c.HitSeconds, len(c.BytesPerSecond))
	require.Len(t, c.MeanSeconds, len(c.BytesPerSecond))
	for i, bw := range c.BytesPerSecond {
		load := 0.005 + cache/(0.8*bw)
		assert.InEpsilon(t, load, c.LoadSeconds[i], 1e-12, "point %d", i)
		assert.InEpsilon(t, load+cached, c.HitSeconds[i], 1e-12, "point %d", i)
		assert.InEpsilon(t, 0.8*load+0.2*recompute, c.MeanSeconds[i], 1e-12, "point %d", i)
	}
}

// The page's chart draws 49 points a curve, from a decade below the lower
// of the break-even and the link (10GbE, 1.25 GB/s) to a decade above the
// higher, both ends included, evenly on a log scale.
func TestChartDraws49PointsFromADecadeBelowToADecadeAbove(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-405b", Prefill: "2051", Link: "10GbE", Tokens: "127188"})
	require.NoError(t, err)
	c := Plot(a)
	require.Len(t, c.BytesPerSecond, 49)
	lo := math.Min(float64(a.Result.BreakEven), 1.25e9) / 10
	hi := math.Max(float64(a.Result.BreakEven), 1.25e9) * 10
	assert.InEpsilon(t, lo, c.BytesPerSecond[0], 1e-12)
	assert.InEpsilon(t, hi, c.BytesPerSecond[len(c.BytesPerSecond)-1], 1e-12)
	assert.InEpsilon(t, c.BytesPerSecond[1]/c.BytesPerSecond[0], c.BytesPerSecond[48]/c.BytesPerSecond[47], 1e-9)
}

// Where the answer knows a cached TTFT (here the fitted model's one-token
// request, for an estimate), the chart draws a hit beside the load: at
// every point the cache over that bandwidth plus the cached TTFT, and the
// link at which a hit ties with recomputing, inside the chart's range. A
// typed prefill knows no cached TTFT and draws none.
func TestChartDrawsAHitWhereTheAnswerKnowsACachedTTFT(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "25Gbit/s"})
	require.NoError(t, err)
	require.NotNil(t, a.Output.HitCachedTTFTSeconds)
	cached, cache := *a.Output.HitCachedTTFTSeconds, float64(a.Result.CacheBytes)
	c := Plot(a)
	require.Len(t, c.HitSeconds, len(c.BytesPerSecond))
	for i, bw := range c.BytesPerSecond {
		assert.InEpsilon(t, cache/bw+cached, c.HitSeconds[i], 1e-12, "point %d", i)
	}
	// A hit ties where cache / B = recompute - cached.
	assert.InEpsilon(t, cache/(a.Output.RecomputeSeconds-cached), c.HitBreakEven, 1e-12)
	assert.Greater(t, c.BytesPerSecond[len(c.BytesPerSecond)-1], c.HitBreakEven*9.99, "a decade above the hit's break-even")

	a, err = Compute(Request{Model: "llama-3.1-8b", Prefill: "18000", Tokens: "2k", Link: "25Gbit/s"})
	require.NoError(t, err)
	c = Plot(a)
	assert.Empty(t, c.HitSeconds)
	assert.Zero(t, c.HitBreakEven)
}
