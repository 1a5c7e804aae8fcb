package calculator

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// A measured prefill that knows its cached time to first token adds a
// hit's time: the load plus that cached TTFT, which a request whose cache
// is loaded still pays. By hand, for 2,048 tokens of a GQA model of 30
// layers, 3 KV heads of 64 (23,040 B/token, 47.2 MB) at 1,000 tokens/s
// over 10GbE (1.25 GB/s) with a cached TTFT of 0.2 s: recompute 2.048 s,
// load 37.7 ms, a hit 237.7 ms, 8.61x; the link at which a hit ties is
// 47.2 MB over (2.048 - 0.2) s, 25.5 MB/s, where the post's B* is
// 1,000 x 23,040 B/s = 23.0 MB/s.
func TestAMeasuredHitPaysItsCachedTTFTOnTopOfTheLoad(t *testing.T) {
	req := Request{Layers: "30", KVHeads: "3", HeadDim: "64", Tokens: "2048", Link: "10GbE",
		Measured: &MeasuredPrefill{Rate: 1000, Source: "run.json", CachedTTFT: 0.2}}
	a, err := Compute(req)
	require.NoError(t, err)
	o := a.Output
	size := 2048.0 * 2 * 30 * 3 * 64 * 2
	load := size / 1.25e9
	require.NotNil(t, o.HitSeconds)
	assert.InDelta(t, 0.2, *o.HitCachedTTFTSeconds, 0)
	assert.InDelta(t, load+0.2, *o.HitSeconds, 1e-15)
	assert.InDelta(t, 2.048/(load+0.2), *o.HitSpeedup, 1e-12)
	assert.Equal(t, "load", o.HitWinner)
	assert.InDelta(t, size/(2.048-0.2), *o.HitBreakEvenBytesPerSecond, 1e-6)
	assert.InDelta(t, 1000*23040.0, o.BreakEvenBytesPerSecond, 1e-6, "the post's B* is unchanged")
	assert.Equal(t, "load 37.7 ms + cached TTFT 200 ms (measured; a request whose cache is loaded still pays it) = 238 ms: load (8.61x); break-even for a hit 25.5 MB/s",
		Render(a).Get("hit"))

	// A --latency adds to the load, and so to the hit and its break-even.
	req.Latency = "50ms"
	a, err = Compute(req)
	require.NoError(t, err)
	assert.InDelta(t, 0.05+load+0.2, *a.Output.HitSeconds, 1e-15)
	assert.InDelta(t, size/(2.048-0.25), *a.Output.HitBreakEvenBytesPerSecond, 1e-6)
}

// Where the cached TTFT is no shorter than recomputing, no link makes a
// hit faster: recompute wins and there is no break-even for a hit. With
// no cached TTFT known there is no hit at all.
func TestAHitNoFasterThanRecomputingHasNoBreakEven(t *testing.T) {
	req := Request{Layers: "30", KVHeads: "3", HeadDim: "64", Tokens: "100", Link: "10GbE",
		Measured: &MeasuredPrefill{Rate: 1000, Source: "run.json", CachedTTFT: 0.1}}
	a, err := Compute(req)
	require.NoError(t, err)
	assert.Equal(t, "recompute", a.Output.HitWinner)
	assert.Nil(t, a.Output.HitBreakEvenBytesPerSecond)
	assert.Contains(t, Render(a).Get("hit"), "no link makes a hit faster")

	req.Measured.CachedTTFT = 0
	a, err = Compute(req)
	require.NoError(t, err)
	assert.Nil(t, a.Output.HitSeconds)
	assert.Empty(t, Render(a).Get("hit"))

	for _, bad := range []breakeven.Seconds{-1, breakeven.Seconds(math.NaN()), 1e9} {
		req.Measured.CachedTTFT = bad
		_, err := Compute(req)
		var fe *breakeven.FieldError
		require.True(t, errors.As(err, &fe), "%v", bad)
		assert.Equal(t, "measured", fe.Field)
		assert.Contains(t, fe.Error(), "cached time to first token")
	}
}

// A prefill the fitted model estimates has a hit too: what the loaded
// request still pays is the model's own time for a prompt of one token,
// the time the calculator gives that prompt. A prefill typed by the user
// knows no cached TTFT and has none.
func TestAnEstimatedHitPaysTheModelsOneTokenRequest(t *testing.T) {
	one, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "1", Link: "100Gbit/s"})
	require.NoError(t, err)
	a, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "100Gbit/s"})
	require.NoError(t, err)
	o := a.Output
	require.NotNil(t, o.HitSeconds)
	assert.Equal(t, "estimated: the fitted model's one-token request", o.HitCachedTTFTFrom)
	assert.InDelta(t, one.Output.RecomputeSeconds, *o.HitCachedTTFTSeconds, 1e-15)
	assert.InDelta(t, o.LoadSeconds+one.Output.RecomputeSeconds, *o.HitSeconds, 1e-15)
	assert.Less(t, *o.HitSpeedup, o.Speedup)
	assert.Contains(t, Render(a).Get("hit"), "(estimated: the fitted model's one-token request;")

	a, err = Compute(Request{Model: "llama-3.1-8b", Prefill: "18000", Tokens: "2k", Link: "100Gbit/s"})
	require.NoError(t, err)
	assert.Nil(t, a.Output.HitSeconds)
}

// Where the post's arithmetic picks loading but a hit, which also pays
// the cached TTFT, is slower than recomputing, the winner row says both.
// Llama 3.1 8B on one H100 at 2K tokens over 25Gbit/s: the load beats
// the recompute, but the load plus the model's one-token request does
// not. Over 100Gbit/s both pick loading and the row is the post's word.
func TestTheWinnerSaysWhenAHitLosesWhereTheLoadAloneWins(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "25Gbit/s"})
	require.NoError(t, err)
	o := a.Output
	require.NotNil(t, o.HitCachedTTFTSeconds)
	require.Less(t, o.LoadSeconds, o.RecomputeSeconds, "the post's arithmetic: load")
	require.Greater(t, o.LoadSeconds+*o.HitCachedTTFTSeconds, o.RecomputeSeconds, "a hit: recompute")
	assert.Equal(t, "load", o.Winner, "calc --json's winner stays the post's")
	assert.Equal(t, "recompute", o.HitWinner)
	assert.Equal(t, "load by the post's arithmetic; recompute for a hit (cached TTFT included)", Render(a).Get("winner"))

	a, err = Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "100Gbit/s"})
	require.NoError(t, err)
	require.Equal(t, "load", a.Output.HitWinner)
	assert.Equal(t, "load", Render(a).Get("winner"))
	a, err = Compute(Request{Model: "llama-3.1-8b", Prefill: "18000", Tokens: "2k", Link: "25Gbit/s"})
	require.NoError(t, err)
	assert.Equal(t, "load", Render(a).Get("winner"), "a typed prefill knows no cached TTFT")
}

// The hit rate's economics take the load as the answer prices it: with
// --latency 5s, a load of Llama 3.1 405B's 127,188-token cache over 10GbE
// takes 5 s + 127,188 x 516,096 B / 1.25 GB/s = 57.5 s, so at an 80% hit
// rate and a 1 s miss penalty the mean TTFT is 0.8 x 57.5 + 0.2 x (62.0 +
// 1) s = 58.6 s, and offloading pays above 1 / (1 + 62.0 - 57.5) = 18.2%
// (without the fixed cost: 54.6 s and 9.52%).
func TestTheHitRateEconomicsPayTheLoadsFixedCost(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-405b", Tokens: "127188", Prefill: "2051", Link: "10GbE", HitRate: "0.8", MissPenalty: "1s", Latency: "5s"})
	require.NoError(t, err)
	load := 5 + 127188*516096/1.25e9
	recompute := 127188 / 2051.0
	require.InDelta(t, load, a.Output.LoadSeconds, 1e-9)
	require.NotNil(t, a.Output.MeanTTFTSeconds)
	assert.InDelta(t, 0.8*load+0.2*(recompute+1), *a.Output.MeanTTFTSeconds, 1e-9)
	require.NotNil(t, a.Output.BreakEvenHitRate)
	assert.InDelta(t, 1/(1+recompute-load), *a.Output.BreakEvenHitRate, 1e-12)
	assert.Equal(t, "58.6 s (62.0 s without offload)", Render(a).Get("mean_ttft"))
	assert.Equal(t, "18.2%: offloading pays above it", Render(a).Get("break_even_hit_rate"))
	assert.Nil(t, a.Output.HitMeanTTFTSeconds, "a typed prefill knows no cached TTFT")
}

// Where a hit's time is known, the hit rate's economics are given again
// with each hit taking it (the load plus the cached TTFT): Llama 3.1 8B
// on one H100, 32K tokens over 100Gbit/s, 80% hits, a 20 ms miss penalty.
// Over 25Gbit/s at 2K tokens a hit is slower than recomputing, so no hit
// rate pays once it is counted, though one does by the post's arithmetic.
func TestTheHitRateEconomicsCountEachHitsCachedTTFT(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "32k", Link: "100Gbit/s", HitRate: "80%", MissPenalty: "20ms"})
	require.NoError(t, err)
	o := a.Output
	require.NotNil(t, o.HitCachedTTFTSeconds)
	hit := o.LoadSeconds + *o.HitCachedTTFTSeconds
	require.NotNil(t, o.HitMeanTTFTSeconds)
	assert.InDelta(t, 0.8*hit+0.2*(o.RecomputeSeconds+0.02), *o.HitMeanTTFTSeconds, 1e-12)
	assert.Greater(t, *o.HitMeanTTFTSeconds, *o.MeanTTFTSeconds)
	require.NotNil(t, o.HitBreakEvenHitRate)
	assert.InDelta(t, 0.02/(0.02+o.RecomputeSeconds-hit), *o.HitBreakEvenHitRate, 1e-12)
	assert.Contains(t, Render(a).Get("mean_ttft"), " with each hit's cached TTFT")

	a, err = Compute(Request{Model: "llama-3.1-8b", GPUs: "1xH100", Tokens: "2k", Link: "25Gbit/s", HitRate: "80%", MissPenalty: "20ms"})
	require.NoError(t, err)
	require.NotNil(t, a.Output.BreakEvenHitRate, "the load alone beats recomputing")
	assert.Nil(t, a.Output.HitBreakEvenHitRate)
	o = a.Output
	require.NotNil(t, o.HitCachedTTFTSeconds)
	hit = o.LoadSeconds + *o.HitCachedTTFTSeconds
	assert.Greater(t, hit, o.RecomputeSeconds)
	assert.Contains(t, o.HitBreakEvenHitRateNote, fmt.Sprintf("is no faster than a recompute of %v", breakeven.Seconds(o.RecomputeSeconds)))
	assert.Contains(t, Render(a).Get("break_even_hit_rate"), fmt.Sprintf("; with each hit's cached TTFT, none: a hit of %v", breakeven.Seconds(hit)))
}
