package replay_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/replay"
	"signalweight.dev/kv/sources"
)

// The keep-time rule at the cited prices, worked by hand for the 405B in
// G4: a token's hit saves its recompute at the prefill speed r, 1/r s,
// less its load of 516,096 bytes over VAST's sustained 181 Gbit/s, on the
// 8 GPUs of the model's published run (127,188 tokens in 62 s on 8 H100s)
// at the p5.48xlarge's $55.04 an hour over 8 GPUs; its bytes rent at S3
// Standard's $0.023 a GB-month over 730 hours. T* = saving per hit / rent
// per second; every block hit of the one-hour trace comes within it. The
// trace's mean prompt (about 12,000 tokens) is too far from the run's for
// the run's speed to stand, so r is the fitted model's estimate on the
// run's GPUs (pinned in the calculator's tests), and the replay says so.
func TestKeepTimeAtTheCitedPricesWorkedByHand(t *testing.T) {
	rep, err := replay.Analyze(replay.Spec{Trace: filepath.Join(repoRoot, "data/mooncake/conversation_trace.jsonl"), Model: "llama-3.1-405b", Tiers: "G1,G4"})
	require.NoError(t, err)
	require.Len(t, rep.Tiers, 2)
	g1, g4 := rep.Tiers[0], rep.Tiers[1]
	assert.Contains(t, g4.PrefillProvenance, "estimated on 8x H100")
	assert.Contains(t, g4.PrefillProvenance, "priced on the GPUs of the model's published run (127,188 tokens in 62.0 s on 8x H100")
	assert.NotEqual(t, 127188/62.0, g4.PrefillTokensPerSecond, "the run's own speed is for its own prompt")

	perToken := 1/g4.PrefillTokensPerSecond - 516096/(181e9/8) // GPU seconds a hit saves a token
	saving := perToken * 8 * (55.04 / 8) / 3600                // dollars
	rent := 516096 / 1e9 * (0.023 / 730) / 3600                // dollars a second
	require.NotNil(t, g4.KeepSeconds)
	assert.InEpsilon(t, saving/rent, *g4.KeepSeconds, 1e-9)
	assert.Equal(t, 1.0, *g4.HitsWithinKeep, "the trace lasts an hour")
	assert.Equal(t, 6.88, g4.GPUHourPrice)
	assert.Equal(t, 8.0, g4.KeepGPUs)
	assert.True(t, strings.HasPrefix(g4.GPUHourFrom, "price from data-receipts on GitHub, 2026-11-09"), g4.GPUHourFrom)
	assert.True(t, strings.HasPrefix(g4.TierPriceFrom, "price from CloudBurn, 2026-03-13"), g4.TierPriceFrom)

	// G1 (HBM) has no cited GB-hour: no keep time, and a note saying why.
	assert.Nil(t, g1.KeepSeconds)
	assert.Contains(t, g1.KeepNote, "no price of a GB-hour in G1 is cited; give --tier-price G1=")
}

// The prefill speed the replay prices the 405B at is the fitted model's
// at the trace's mean prompt on the VAST test's own setup, computed here
// from the trace file and the run as published: the mean input_length of
// the conversation trace, rounded to a whole token, on the run's 8 H100s
// in its precision, with its AWQ weights at half a byte, its parallelism
// and its engine.
func TestThe405BIsPricedAtTheTracesMeanPromptOnItsPublishedRunsGPUs(t *testing.T) {
	f, err := os.Open(filepath.Join(repoRoot, "data/mooncake/conversation_trace.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var sum, n float64
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var req struct {
			InputLength float64 `json:"input_length"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &req))
		sum += req.InputLength
		n++
	}
	require.NoError(t, sc.Err())
	mean := breakeven.Tokens(math.Round(sum / n))

	var run sources.PrefillRun
	for _, r := range sources.PrefillRuns() {
		if r.ID == "vast405b" {
			run = r
		}
	}
	require.Equal(t, "vast405b", run.ID)
	g, err := sources.ParseGPUs("8xH100")
	require.NoError(t, err)
	g, err = g.In(run.Compute)
	require.NoError(t, err)
	require.Equal(t, 4.0, run.WeightBits.V())
	g.Weights.Bytes = 0.5
	fm, err := sources.PrefillModel(sources.MustModel("Llama 3.1 405B"))
	require.NoError(t, err)
	m, err := calibration.Fitted()
	require.NoError(t, err)
	p, err := m.PredictRequest(fm, mean, g, run.Par, run.Engine)
	require.NoError(t, err)

	rep, err := replay.Analyze(replay.Spec{Trace: filepath.Join(repoRoot, "data/mooncake/conversation_trace.jsonl"), Model: "llama-3.1-405b", Tiers: "G4"})
	require.NoError(t, err)
	require.Len(t, rep.Tiers, 1)
	assert.InEpsilon(t, float64(mean)/float64(p.Time.Value), rep.Tiers[0].PrefillTokensPerSecond, 1e-9)
	assert.Contains(t, rep.Tiers[0].PrefillProvenance, fmt.Sprintf("too far from the %v tokens asked", mean))
}

// The share of hits within the keep time, worked on a hand-made trace: a
// prompt used at 0 s, again at 30 s and again at 130 s has its blocks hit
// twice, 30 s and 100 s after the use before; at a G1 price set so that
// T* is 60 s, one of the two comes within it. The prompt is the 405B
// test's own 127,188 tokens, so its published speed stands. The price
// given is "yours", the GPU hour still the cited H100's.
func TestShareOfHitsWithinTheKeepTime(t *testing.T) {
	const prompt = 127188
	ids := make([]int64, (prompt+511)/512)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	f := filepath.Join(t.TempDir(), "t.jsonl")
	require.NoError(t, os.WriteFile(f, []byte(strings.Join([]string{line(0, prompt, ids...), line(30_000, prompt, ids...), line(130_000, prompt, ids...)}, "\n")+"\n"), 0o644))
	// T* = (62/127188) x 8 x 6.88 / (516096e-9 x P) = 60 s
	p := 62.0 / 127188 * 8 * 6.88 / (516096e-9 * 60)
	rep, err := replay.Analyze(replay.Spec{Trace: f, Model: "llama-3.1-405b", Tiers: "G1", TierPrice: map[string]string{"G1": fmt.Sprintf("%.12g", p)}})
	require.NoError(t, err)
	k := rep.Tiers[0]
	require.NotNil(t, k.KeepSeconds)
	assert.InDelta(t, 60, *k.KeepSeconds, 1e-6)
	assert.Equal(t, 0.5, *k.HitsWithinKeep)
	assert.Equal(t, replay.Yours, k.TierPriceFrom)
	assert.Contains(t, k.GPUHourFrom, "price from ")

	// Your GPU hour is yours; a cited GPU's name is its cited price.
	rep, err = replay.Analyze(replay.Spec{Trace: f, Model: "llama-3.1-405b", Tiers: "G1", GPUHour: "$13.76", TierPrice: map[string]string{"G1": fmt.Sprintf("%.12g", p)}})
	require.NoError(t, err)
	assert.InDelta(t, 120, *rep.Tiers[0].KeepSeconds, 1e-6, "twice the GPU price, twice the keep time")
	assert.Equal(t, replay.Yours, rep.Tiers[0].GPUHourFrom)
	rep, err = replay.Analyze(replay.Spec{Trace: f, Model: "llama-3.1-405b", Tiers: "G1", GPUHour: "h200", TierPrice: map[string]string{"G1": fmt.Sprintf("%.12g", p)}})
	require.NoError(t, err)
	assert.InDelta(t, 60*(63.296/8)/6.88, *rep.Tiers[0].KeepSeconds, 1e-6)
}

// Bad prices get one line naming the flag, with a cited example; a model
// with no published run gets no keep time, and says so.
func TestKeepTimeRefusesBadPrices(t *testing.T) {
	f := filepath.Join(t.TempDir(), "t.jsonl")
	require.NoError(t, os.WriteFile(f, []byte(line(0, 512, 1)+"\n"+line(30_000, 512, 1)+"\n"), 0o644))
	spec := replay.Spec{Trace: f, Model: "llama-3.1-405b", Tiers: "G1"}

	spec.GPUHour = "free"
	_, err := replay.Analyze(spec)
	assert.ErrorContains(t, err, `--gpu-hour "free": not a price in dollars above 0, nor a GPU with a cited price (H100, H200)`)
	assert.ErrorContains(t, err, "--gpu-hour H100")

	spec.GPUHour = ""
	spec.TierPrice = map[string]string{"G9": "1"}
	_, err = replay.Analyze(spec)
	assert.ErrorContains(t, err, "not a tier of the tier map")
	spec.TierPrice = map[string]string{"G2": "-1"}
	_, err = replay.Analyze(spec)
	assert.ErrorContains(t, err, `--tier-price "-1": not a price`)
	assert.ErrorContains(t, err, fmt.Sprintf("G4=%.3g", sources.S3Standard.PerGBHour()))

	rep, err := replay.Analyze(replay.Spec{Trace: f, Model: "llama-3.1-405b", Tiers: "G4", Prefill: "1000"})
	require.NoError(t, err)
	assert.Nil(t, rep.Tiers[0].KeepSeconds)
	assert.Contains(t, rep.Tiers[0].KeepNote, "prices the GPUs of a published prefill run")
}
