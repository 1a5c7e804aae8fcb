package calculator

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The 405B test's figures as the post prints them: 127,188 tokens in 62 s.
const (
	vastTokens  = 127188.0
	vastSeconds = 62.0
)

// isVASTRate reports whether a speed is the 405B test's 127,188 / 62 s.
func isVASTRate(r float64) bool {
	want := vastTokens / vastSeconds
	return r > 0.999*want && r < 1.001*want
}

// Switching the model from the page's and notebook's default (the 405B
// test) to every other model of the catalog never keeps the 405B test's
// time: each model answers with its own published run, the FLOP model
// (not asked here), or the one-line error naming the prefill.
func TestSwitchingModelNeverKeepsAnotherModelsTime(t *testing.T) {
	base := DefaultRequest()
	a, err := Compute(base)
	require.NoError(t, err)
	require.True(t, isVASTRate(float64(a.Input.Prefill)), "the default is the 405B test's speed")
	require.Equal(t, Published, a.Output.PrefillProvenance)

	asked := 0
	for _, m := range sources.Models() {
		if !m.Known() || m.Name == "Llama 3.1 405B" {
			continue
		}
		asked++
		for name, r := range map[string]Request{
			"model field changed": func() Request { r := base; r.Model = m.Slug(); return r }(),
			"WithModel":           base.WithModel(m.Slug()),
		} {
			a, err := Compute(r)
			if err != nil {
				var fe *breakeven.FieldError
				require.True(t, errors.As(err, &fe), "%s, %s: %v", m.Name, name, err)
				if fe.Field == "prefill" {
					assert.Contains(t, fe.Error(), "no prefill for "+m.Name, m.Name)
					assert.Contains(t, fe.Error(), "--prefill 10000", "a valid example")
				}
				continue
			}
			assert.False(t, isVASTRate(float64(a.Input.Prefill)), "%s, %s: the 405B test's speed survived", m.Name, name)
			assert.NotContains(t, a.Output.PrefillProvenanceText, "127,188 tokens in 62.0 s", m.Name)
			// The run is of this model (or of the architecture it shares):
			// its speed, or, where its prompt is too far from the one
			// asked, the fitted model's estimate on its GPUs.
			run, ok := PublishedRun(*a.Input.Model, a.Input.Tokens)
			require.True(t, ok, m.Name)
			assert.Equal(t, a.Input.Model.Name, run.Model, m.Name)
			assert.Equal(t, run.ID, a.Output.PrefillProvenanceRun, m.Name)
			if a.Output.PrefillProvenance == Estimated {
				assert.Contains(t, a.Output.PrefillProvenanceText, "priced on the GPUs of the model's published run", m.Name)
				continue
			}
			require.Equal(t, Published, a.Output.PrefillProvenance, m.Name)
		}
	}
	assert.Greater(t, asked, 20, "the catalog's models were asked")
}

// Qwen3-32B's default is the post's own Qwen3-32B row: "≈11,900 tokens/s"
// and "≈3.1 GB/s" (printed to the hundred and the tenth), not the 405B
// test's 2,051 tokens/s and 271 MB/s that the issue found.
func TestQwenDefaultIsThePostsQwenRow(t *testing.T) {
	r := DefaultRequest()
	r.Model = "qwen3-32b"
	a, err := Compute(r)
	require.NoError(t, err)
	assert.InDelta(t, 11900, a.Output.PrefillTokensPerSecond, 50, "the post prints ≈11,900 tokens/s")
	assert.InDelta(t, 3.1e9, a.Output.BreakEvenBytesPerSecond, 0.05e9, "the post prints ≈3.1 GB/s")
	assert.Equal(t, "qwen32b", a.Output.PrefillProvenanceRun)
	assert.Equal(t, Published, a.Output.PrefillProvenance)
	assert.Contains(t, a.Output.PrefillProvenanceText, "over 11 seconds", "the locator of WWT's figure")
	// A range wider than rounding is shown: 11 to 12 s is 9% wide.
	assert.Contains(t, a.Output.PrefillProvenanceText, "131,072 tokens in 11.0 s (10,923 tokens/s to 11,916 tokens/s) on 1x H100")
	// The 405B test's printed 62 s (61.5 to 62.5 s, under 2%) is not.
	v, err := Compute(DefaultRequest())
	require.NoError(t, err)
	assert.Contains(t, v.Output.PrefillProvenanceText, "published: 127,188 tokens in 62.0 s on 8x H100, a run of Llama 3.1 405B; ")
	require.NotNil(t, v.Output.PrefillLowTokensPerSecond, "JSON carries every range")
	assert.InDelta(t, 127188/62.5, *v.Output.PrefillLowTokensPerSecond, 1e-9)
	// "over 11 seconds" is 11 to 12 s: 131,072 / 12 to 131,072 / 11.
	require.NotNil(t, a.Output.PrefillLowTokensPerSecond)
	assert.InDelta(t, 131072.0/12, *a.Output.PrefillLowTokensPerSecond, 1e-6)
	assert.InDelta(t, 131072.0/11, *a.Output.PrefillHighTokensPerSecond, 1e-6)
	rep := Render(a)
	assert.Equal(t, a.Output.PrefillProvenanceText, rep.Get("prefill_from"))
	assert.NotContains(t, r.Command(), "--ttft", "the default asks no time")
}

// The notebook's variables: KV_MODEL switches the model, and a time the
// cell held for its own model goes with it, unless KV_TTFT or KV_PREFILL
// gives the new model's.
func TestEnvModelSwitchDropsTheCellsTime(t *testing.T) {
	cell := DefaultRequest()
	cell.TTFT = "62s"
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	r, err := WithEnv(cell, env(map[string]string{"KV_MODEL": "qwen3-32b"}))
	require.NoError(t, err)
	assert.Empty(t, r.TTFT)
	assert.NotContains(t, r.Command(), "62s")
	a, err := Compute(r)
	require.NoError(t, err)
	assert.False(t, isVASTRate(a.Output.PrefillTokensPerSecond))

	r, err = WithEnv(cell, env(map[string]string{"KV_MODEL": "qwen3-32b", "KV_TTFT": "11s", "KV_TOKENS": "131072"}))
	require.NoError(t, err)
	assert.Equal(t, "11s", r.TTFT)
	a, err = Compute(r)
	require.NoError(t, err)
	assert.Equal(t, Yours, a.Output.PrefillProvenance)

	// A custom architecture from the variables is another model too.
	r, err = WithEnv(cell, env(map[string]string{"KV_LAYERS": "80", "KV_KV_HEADS": "8", "KV_HEAD_DIM": "128"}))
	require.NoError(t, err)
	assert.Empty(t, r.TTFT)
	assert.Empty(t, r.Model)

	// The same model named again keeps the cell's own time.
	r, err = WithEnv(cell, env(map[string]string{"KV_MODEL": cell.Model}))
	require.NoError(t, err)
	assert.Equal(t, "62s", r.TTFT)

	// A model with no published run: the one line naming the variable.
	r, err = WithEnv(cell, env(map[string]string{"KV_MODEL": "kimi-k2"}))
	require.NoError(t, err)
	_, err = Compute(r)
	var fe *breakeven.FieldError
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, "no prefill for Kimi K2: no published run of it gives one; give KV_PREFILL, KV_TTFT or KV_GPUS (e.g. KV_PREFILL=10000, or KV_TTFT=10s KV_TOKENS=32000, or KV_GPUS=8xH100)", fe.For(Env))
}

// A sweep over models, like a comparison, gives each model its own
// prefill: base's time belongs to base's model.
func TestSweepOverModelsDropsBasesTime(t *testing.T) {
	base := Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "10GbE"}
	cases, err := Sweep(base, "model", []string{"llama-3.1-405b", "qwen3-32b", "deepseek-v4-pro"})
	require.NoError(t, err)
	require.Len(t, cases, 3)
	for _, c := range cases {
		assert.Empty(t, c.Request.TTFT, c.Label)
		if c.Err == nil {
			assert.Equal(t, Published, c.Answer.Output.PrefillProvenance, c.Label)
		}
	}
	require.NoError(t, cases[1].Err)
	assert.False(t, isVASTRate(cases[1].Answer.Output.PrefillTokensPerSecond))
	require.Error(t, cases[2].Err, "DeepSeek V4 Pro has no published prefill")
	assert.Contains(t, cases[2].Err.Error(), "no prefill for DeepSeek V4 Pro")
}

// Every kind of provenance, each with the fields calc --json carries.
func TestProvenanceKinds(t *testing.T) {
	yours, err := Compute(Request{Model: "qwen3-32b", Prefill: "5000", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, Yours, yours.Output.PrefillProvenance)
	assert.Equal(t, "yours: the prefill speed you gave", Render(yours).Get("prefill_from"))

	est, err := Compute(Request{Model: "qwen3-32b", GPUs: "2xH100", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, Estimated, est.Output.PrefillProvenance)
	require.NotNil(t, est.Output.PrefillLowTokensPerSecond)
	assert.Less(t, *est.Output.PrefillLowTokensPerSecond, est.Output.PrefillTokensPerSecond)
	assert.Greater(t, *est.Output.PrefillHighTokensPerSecond, est.Output.PrefillTokensPerSecond)
	assert.True(t, strings.HasPrefix(Render(est).Get("prefill_from"), "estimated on 2x H100 (tp2, engine not given) by the phase model"))

	est, err = Compute(Request{Model: "qwen3-32b", GPUs: "2xH100", MFU: "0.4", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, Estimated, est.Output.PrefillProvenance)
	assert.Contains(t, est.Output.PrefillProvenanceText, "no interval")
	assert.Nil(t, est.Output.PrefillLowTokensPerSecond)

	// WEKA's row: the post's own 4,380 tokens/s, cited to the post's table.
	pub, err := Compute(Request{Model: "llama-3.1-70b", Link: "10GbE"})
	require.NoError(t, err)
	assert.Equal(t, 4380.0, pub.Output.PrefillTokensPerSecond)
	assert.Equal(t, "weka70b", pub.Output.PrefillProvenanceRun)
	assert.Contains(t, pub.Output.PrefillProvenanceLocator, "Three published tests")
}

// A caller's measured speed (a breakeven measure file) is an alternative
// to --prefill and --ttft, and is named by its source.
func TestMeasuredPrefill(t *testing.T) {
	m := &MeasuredPrefill{Rate: 12000, Source: "runs/h100.json", Detail: "1x H100, vLLM"}
	a, err := Compute(Request{Model: "qwen3-32b", Link: "10GbE", Measured: m})
	require.NoError(t, err)
	assert.Equal(t, 12000.0, a.Output.PrefillTokensPerSecond)
	assert.Equal(t, Measured, a.Output.PrefillProvenance)
	assert.Equal(t, "runs/h100.json", a.Output.PrefillProvenanceSource)
	assert.Equal(t, "measured: 12,000 tokens/s, from runs/h100.json (1x H100, vLLM)", Render(a).Get("prefill_from"))
	assert.Equal(t, "12,000 tokens/s (measured)", Render(a).Get("prefill"))
	assert.Contains(t, Request{Model: "qwen3-32b", Link: "10GbE", Measured: m}.Command(), "--measured runs/h100.json")

	// With GPUs it gives the MFU it implies, as a given time does.
	a, err = Compute(Request{Model: "qwen3-32b", Link: "10GbE", GPUs: "2xH100", Measured: m})
	require.NoError(t, err)
	assert.Equal(t, Measured, a.Output.PrefillProvenance)
	assert.Equal(t, "given", a.Output.PrefillSource)
	assert.NotNil(t, a.Output.ImpliedMFU)

	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Model: "qwen3-32b", Link: "10GbE", Prefill: "5000", Measured: m}, "alternatives"},
		{Request{Model: "qwen3-32b", Link: "10GbE", Measured: &MeasuredPrefill{Rate: 0, Source: "x.json"}}, "outside"},
		{Request{Model: "qwen3-32b", Link: "10GbE", Measured: &MeasuredPrefill{Rate: 5000}}, "needs the file"},
		{Request{Model: "qwen3-32b", Link: "10GbE", Measured: &MeasuredPrefill{Rate: 0.5, Source: "x.json"}}, "outside 1.00 tokens/s to 1,000,000,000 tokens/s"},
		{Request{Model: "qwen3-32b", Link: "10GbE", Measured: &MeasuredPrefill{Rate: 2e9, Source: "x.json"}}, "outside"},
	} {
		_, err := Compute(c.r)
		var fe *breakeven.FieldError
		require.True(t, errors.As(err, &fe), c.want)
		assert.Equal(t, "measured", fe.Field)
		assert.Contains(t, fe.Error(), c.want)
	}
	// The bounds are --prefill's: 1 to 10^9 tokens/s.
	for _, rate := range []breakeven.TokenRate{1, 1e9} {
		_, err := Compute(Request{Model: "qwen3-32b", Link: "10GbE", Measured: &MeasuredPrefill{Rate: rate, Source: "x.json"}})
		assert.NoError(t, err, "%v", rate)
	}
	// Switching the model drops the measured speed too.
	assert.Nil(t, Request{Model: "qwen3-32b", Measured: m}.WithModel("llama-3.1-70b").Measured)
}

// The rule for which run: the post's test first; else the nearest prompt
// among single-request times; never a batched throughput or a run the
// project cannot price.
func TestPublishedRunRule(t *testing.T) {
	ds := sources.MustModel("DeepSeek-V3")
	run, ok := PublishedRun(ds, 2000)
	require.True(t, ok)
	// The throughput runs at 2,000 tokens are batched; of the single
	// requests, tenstorrent's two 2,048-token runs are nearest, and the
	// earlier in sources.PrefillRuns (SGLang on 16 H100) wins the tie.
	assert.Equal(t, "tt356-h100x16-r1-sglang-2k", run.ID)
	assert.NotEmpty(t, run.Seconds.Name)
	run, ok = PublishedRun(ds, 128*1024)
	require.True(t, ok)
	assert.Equal(t, "sglang-gb300-r1-128k", run.ID, "at 128K the GB300 time is the nearest single request")
	for _, n := range []breakeven.Tokens{3000, 3200, 5000} {
		run, ok = PublishedRun(ds, n)
		require.True(t, ok)
		assert.NotContains(t, run.ID, "-c4", "a run at concurrency 4 is never a default (%v tokens)", n)
	}
	_, ok = PublishedRun(sources.MustModel("Kimi K2"), 2000)
	assert.False(t, ok, "Kimi K2 has only a batched throughput")
	run, ok = PublishedRun(sources.MustModel("Llama 3.1 405B"), 1_000_000)
	require.True(t, ok)
	assert.Equal(t, "vast405b", run.ID, "the post's test comes first whatever the prompt")
}

// A published speed's range is printed in its line only when it is wider
// than 5% of the speed (a figure's rounding is not worth a reader's eye;
// "over 11 seconds" is); JSON carries the range either way. The speeds
// here are typed in the test: 10,000 tokens/s with a range 4.8% wide
// (9,800 to 10,280) and one 5.2% wide (9,700 to 10,220), on either side
// of the threshold, and a time whose range is 5.4% wide in speed.
func TestPublishedSpeedShowsItsRangeOnlyWhenWiderThanFivePercent(t *testing.T) {
	m := sources.MustModel("Llama 3.1 70B")
	cite := sources.Cite{Source: sources.Post, Locator: "a test's figure"}
	rateRun := func(lo, hi breakeven.TokenRate) sources.PrefillRun {
		return sources.PrefillRun{ID: "test", Model: m.Name,
			Rate: sources.Input[breakeven.TokenRate]{Name: "test.rate", Value: breakeven.Estimate[breakeven.TokenRate]{Value: 10000, Lo: lo, Hi: hi}, Cite: cite}}
	}

	rate, p := publishedProvenance(m, rateRun(9800, 10280))
	assert.Equal(t, breakeven.TokenRate(10000), rate)
	assert.Equal(t, [2]breakeven.TokenRate{9800, 10280}, [2]breakeven.TokenRate{p.Low, p.High}, "the range, for JSON")
	assert.NotContains(t, p.Text, " to ", "4.8%% wide: not printed: %s", p.Text)
	assert.True(t, strings.HasPrefix(p.Text, "published: 10,000 tokens/s, a run of Llama 3.1 70B"), p.Text)

	_, p = publishedProvenance(m, rateRun(9700, 10220))
	assert.Equal(t, [2]breakeven.TokenRate{9700, 10220}, [2]breakeven.TokenRate{p.Low, p.High})
	assert.Contains(t, p.Text, "10,000 tokens/s (9,700 tokens/s to 10,220 tokens/s)", "5.2% wide: printed")

	// 100,000 tokens in 10 s, read as 9.8 s to 10.35 s: 9,662 to 10,204
	// tokens/s, 5.4% of 10,000 tokens/s.
	timeRun := sources.PrefillRun{ID: "test", Model: m.Name,
		Tokens:  sources.Input[breakeven.Tokens]{Name: "test.tokens", Value: breakeven.Exact[breakeven.Tokens](100000), Cite: cite},
		Seconds: sources.Input[breakeven.Seconds]{Name: "test.seconds", Value: breakeven.Estimate[breakeven.Seconds]{Value: 10, Lo: 9.8, Hi: 10.35}, Cite: cite}}
	rate, p = publishedProvenance(m, timeRun)
	assert.InDelta(t, 10000, float64(rate), 1e-6)
	assert.Contains(t, p.Text, "100,000 tokens in 10.0 s (9,662 tokens/s to 10,204 tokens/s)", "a time's range, in speed")
}

// qwenRun is GPUStack's Qwen3-8B run, the model's one published single
// request: 23,260 tokens over 100 prompts, 59.01 ms each on one H100 with
// vLLM, in BF16.
const qwenRunID = "gpustack-h100-qwen3-8b-vllm-sharegpt"

// fittedSpeedOnQwenRun is the fitted model's prefill speed of n tokens of
// Qwen3-8B on the run's setup, built here from the run's description
// (one H100, BF16, tensor parallel 1, vLLM), not from the calculator.
func fittedSpeedOnQwenRun(t *testing.T, n breakeven.Tokens) float64 {
	t.Helper()
	m, err := calibration.Fitted()
	require.NoError(t, err)
	pm, err := sources.PrefillModel(sources.MustModel("Qwen3-8B"))
	require.NoError(t, err)
	g, err := sources.ParseGPUs("1xH100")
	require.NoError(t, err)
	g, err = g.In(prefill.Uniform(prefill.BF16))
	require.NoError(t, err)
	p, err := m.PredictRequest(pm, n, g, prefill.Parallel{TP: 1}, "vllm")
	require.NoError(t, err)
	return float64(n) / float64(p.Time.Value)
}

// A published run stands for a prompt near its own length; where the
// fitted model says the prompt length alone moves the speed by more than
// 25% on the run's GPUs, the run's speed does not stand for the prompt
// asked, and the fitted model's estimate on those GPUs answers, labelled
// estimated and naming the run. GPUStack's Qwen3-8B run is a 233-token
// prompt, mostly per-request cost; at 131,072 tokens its 3,942 tokens/s
// would be far too slow.
func TestAPublishedRunFarFromThePromptGivesWayToTheFittedModelOnItsGPUs(t *testing.T) {
	published := 23260.0 / 100 / 59.01e-3

	near, err := Compute(Request{Model: "qwen3-8b", Link: "10GbE", Tokens: "300"})
	require.NoError(t, err)
	require.LessOrEqual(t, math.Abs(fittedSpeedOnQwenRun(t, 300)/fittedSpeedOnQwenRun(t, 23260.0/100)-1), 0.25,
		"the fitted model moves the speed by at most 25% between 233 and 300 tokens")
	assert.Equal(t, Published, near.Output.PrefillProvenance)
	assert.Equal(t, qwenRunID, near.Output.PrefillProvenanceRun)
	assert.InDelta(t, published, near.Output.PrefillTokensPerSecond, 1e-9*published)

	const n = 131072
	far, err := Compute(Request{Model: "qwen3-8b", Link: "10GbE", Tokens: "131072"})
	require.NoError(t, err)
	at := fittedSpeedOnQwenRun(t, n)
	require.Greater(t, math.Abs(at/fittedSpeedOnQwenRun(t, 23260.0/100)-1), 0.25,
		"the fitted model moves the speed by more than 25% between 233 and 131,072 tokens")
	assert.Equal(t, Estimated, far.Output.PrefillProvenance)
	assert.Equal(t, qwenRunID, far.Output.PrefillProvenanceRun, "the estimate names the run whose GPUs it is priced on")
	assert.InDelta(t, at, far.Output.PrefillTokensPerSecond, 1e-9*at, "the fitted model's speed on one H100 with vLLM")
	assert.NotEqual(t, published, far.Output.PrefillTokensPerSecond)
	for _, s := range []string{"priced on the GPUs of the model's published run", "233 tokens in 59.0 ms", "more than 25%"} {
		assert.Contains(t, far.Output.PrefillProvenanceText, s)
	}
	// The estimate is the one a user gets by asking for the run's setup.
	own, err := Compute(Request{Model: "qwen3-8b", Link: "10GbE", Tokens: "131072", GPUs: "1xH100", Engine: "vllm"})
	require.NoError(t, err)
	assert.Equal(t, own.Output.PrefillTokensPerSecond, far.Output.PrefillTokensPerSecond)
	assert.Equal(t, own.Output.BreakEvenBytesPerSecond, far.Output.BreakEvenBytesPerSecond)
}

// Where the fitted model cannot price the prompt on the run's GPUs (here
// a 10M-token cache that no A100 holds), the run's speed answers, and its
// line says it was measured far from the prompt asked and may not hold.
func TestAFarPublishedRunTheFitCannotPriceSaysItsSpeedMayNotHold(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-8b", Link: "10GbE", Tokens: "10000000"})
	require.NoError(t, err)
	assert.Equal(t, Published, a.Output.PrefillProvenance)
	assert.Equal(t, "minference-a100-llama3-8b-300k", a.Output.PrefillProvenanceRun)
	assert.InDelta(t, 300000.0/180, a.Output.PrefillTokensPerSecond, 1e-6, "MInference's 300,000 tokens in 180 s")
	for _, s := range []string{"measured at 300,000 tokens, far from the 10,000,000 asked", "does not fit in memory", "may not hold"} {
		assert.Contains(t, a.Output.PrefillProvenanceText, s)
	}
	// Within a factor of 2 of the run's prompt the line has no such note.
	a, err = Compute(Request{Model: "llama-3.1-8b", Link: "10GbE", Tokens: "300000"})
	require.NoError(t, err)
	assert.NotContains(t, a.Output.PrefillProvenanceText, "may not hold")
}

// Where the fitted model misses the published run at the run's own
// prompt, the estimate that answers for a far prompt says by how much:
// the post's Llama 3.1 70B test (4,380 tokens/s at 105,000 tokens on 8
// H100s) is far slower than the fitted model there. The fitted speed at
// the run's length is taken here from the setup a user would type.
func TestAFarRunsEstimateSaysWhereTheFitMissesTheRunItself(t *testing.T) {
	a, err := Compute(Request{Model: "llama-3.1-70b", Link: "10GbE", Tokens: "12000"})
	require.NoError(t, err)
	require.Equal(t, Estimated, a.Output.PrefillProvenance)
	own, err := Compute(Request{Model: "llama-3.1-70b", Link: "10GbE", Tokens: "105000", GPUs: "8xH100"})
	require.NoError(t, err)
	ratio := own.Output.PrefillTokensPerSecond / 4380
	require.Greater(t, ratio, 1.25, "the fitted model is more than 25% faster than the post's 70B test at its own prompt")
	assert.Contains(t, a.Output.PrefillProvenanceText,
		fmt.Sprintf("at the run's own prompt the fitted model is %.2fx faster than the run measured (4,380 tokens/s)", ratio))

	// And where the fitted model is slower than the run, by the inverse
	// ratio: NIM's Llama 3.3 70B run, 5,000 tokens in 406.77 ms on two
	// H100s in FP8 (tp2, TensorRT-LLM), asked at 100,000 tokens.
	far, err := Compute(Request{Model: "llama-3.3-70b", Link: "10GbE", Tokens: "100000"})
	require.NoError(t, err)
	require.Equal(t, Estimated, far.Output.PrefillProvenance)
	at, err := Compute(Request{Model: "llama-3.3-70b", Link: "10GbE", Tokens: "5000", GPUs: "2xH100", Precision: "fp8", Parallel: "tp2", Engine: "trtllm"})
	require.NoError(t, err)
	slower := (5000 / 0.40677) / at.Output.PrefillTokensPerSecond
	require.Greater(t, slower, 1.25, "the fitted model is more than 25% slower than NIM's run at its own prompt")
	assert.Contains(t, far.Output.PrefillProvenanceText,
		fmt.Sprintf("at the run's own prompt the fitted model is %.2fx slower than the run measured (12,292 tokens/s)", slower))

	// A fit faster than the run by less than twice is still "faster": the
	// post's 405B test (2,051 tokens/s at 127,188 tokens), asked at 300.
	near, err := Compute(Request{Model: "llama-3.1-405b", Link: "10GbE", Tokens: "300"})
	require.NoError(t, err)
	assert.Regexp(t, `at the run's own prompt the fitted model is 1\.\d\dx faster than the run measured \(2,051 tokens/s\)`, near.Output.PrefillProvenanceText)

	// Where the fit comes within 25% of the run, nothing is said.
	q, err := Compute(Request{Model: "qwen3-8b", Link: "10GbE", Tokens: "131072"})
	require.NoError(t, err)
	require.Equal(t, Estimated, q.Output.PrefillProvenance)
	if math.Abs(fittedSpeedOnQwenRun(t, 23260.0/100)/(23260.0/100/59.01e-3)-1) <= 0.25 {
		assert.NotContains(t, q.Output.PrefillProvenanceText, "at the run's own prompt")
	} else {
		assert.Contains(t, q.Output.PrefillProvenanceText, "at the run's own prompt")
	}
}

// A published time that beats its GPUs at peak is still the source's
// answer, but its line says so, with the least time the hardware needs:
// the post's Qwen3-32B test (131,072 tokens in 11 s on one H100) needs
// at least the prompt's FLOPs at the H100's BF16 peak, computed here by
// the prefill package's minimum rather than the calibration's check.
func TestAPublishedTimeFasterThanItsHardwareSaysSo(t *testing.T) {
	a, err := Compute(Request{Model: "qwen3-32b", Link: "100GbE"})
	require.NoError(t, err)
	require.Equal(t, Published, a.Output.PrefillProvenance)
	pm, err := sources.PrefillModel(sources.MustModel("Qwen3-32B"))
	require.NoError(t, err)
	g, err := sources.ParseGPUs("1xH100")
	require.NoError(t, err)
	least := prefill.MinTime(pm, 131072, g)
	require.Greater(t, float64(least), 11.0, "the H100 at peak needs more than the 11 s reported")
	assert.Contains(t, a.Output.PrefillProvenanceText,
		fmt.Sprintf("faster than the run's GPUs at peak (131,072 tokens need at least %v there, %.2fx the time reported)", least, float64(least)/11))
	assert.Contains(t, a.Output.PrefillProvenanceText, "likely misreported")

	// The post's 405B test is within the hardware's reach: no such line.
	b, err := Compute(Request{Model: "llama-3.1-405b", Link: "100GbE"})
	require.NoError(t, err)
	assert.NotContains(t, b.Output.PrefillProvenanceText, "misreported")
}

// A published run whose weights are stored at a width no element type
// holds (6 bits here, a change made in the test to the 405B test's AWQ
// 4-bit run) is not priced on its own setup: pricing those weights at
// the compute width would be silently wrong. Far from the run's prompt
// the line says why the run's speed is kept and that it may not hold.
func TestARunsWeightWidthNoElementTypeHoldsIsNotPricedAtAnotherWidth(t *testing.T) {
	m, err := sources.FindModel("llama-3.1-405b")
	require.NoError(t, err)
	run, ok := PublishedRun(m, 131072)
	require.True(t, ok)
	require.Equal(t, 4.0, run.WeightBits.V(), "the VAST test's AWQ 4-bit weights")

	_, err = runRequest(Request{}, run)
	require.NoError(t, err, "4-bit weights are INT4's width")

	run.WeightBits.Value = breakeven.Exact(6.0)
	_, err = runRequest(Request{}, run)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "6 bits")

	in := Input{Model: &m, Tokens: 8192}
	e, far, note := estimateOnRun(Request{Model: "llama-3.1-405b"}, in, run)
	assert.False(t, far, "no estimate answers for a run that cannot be priced")
	assert.Zero(t, e.Rate)
	assert.Contains(t, note, "the run stores its weights at 6 bits")
	assert.Contains(t, note, "may not hold")
	// Shorter than the run's prompt by less than a factor of 2: no note.
	_, _, note = estimateOnRun(Request{Model: "llama-3.1-405b"}, Input{Model: &m, Tokens: 100000}, run)
	assert.Empty(t, note)
}

// A published run does not stand where the fitted speed strays from the
// run's on the way to the prompt asked, even if it comes back: on the
// post's 70B test's 8 H100s the fitted speed at 1,000 tokens is within
// 25% of that at the run's 105,000, but at 8,000 tokens, between them,
// it is more than 25% faster (the per-request cost weighs at short
// prompts, attention at long ones). So at 1,000 tokens the estimate
// answers, and its line gives the speed between.
func TestAPublishedRunDoesNotStandAcrossASpeedPeakOnTheWay(t *testing.T) {
	speed := func(tokens string) float64 {
		a, err := Compute(Request{Model: "llama-3.1-70b", Link: "10GbE", Tokens: tokens, GPUs: "8xH100"})
		require.NoError(t, err)
		return a.Output.PrefillTokensPerSecond
	}
	short, run, between := speed("1000"), speed("105000"), speed("8000")
	require.LessOrEqual(t, math.Abs(short/run-1), 0.25, "the two ends alone would let the run stand")
	require.Greater(t, between/run-1, 0.25, "the speed between them strays")

	a, err := Compute(Request{Model: "llama-3.1-70b", Link: "10GbE", Tokens: "1000"})
	require.NoError(t, err)
	assert.Equal(t, Estimated, a.Output.PrefillProvenance)
	assert.Equal(t, "weka70b", a.Output.PrefillProvenanceRun)
	assert.InDelta(t, short, a.Output.PrefillTokensPerSecond, 1e-9*short)
	assert.Contains(t, a.Output.PrefillProvenanceText, "and between them")
	assert.Contains(t, a.Output.PrefillProvenanceText, "more than 25% from the run's")

	// Near the run's own prompt, with no stray on the way, the run stands.
	b, err := Compute(Request{Model: "llama-3.1-70b", Link: "10GbE", Tokens: "100000"})
	require.NoError(t, err)
	assert.Equal(t, Published, b.Output.PrefillProvenance)
}

// The way between a run's prompt and the one asked is priced at lengths
// evenly spaced in ratio: from 1,000 tokens to 1,000 x 2^17, the 16
// doublings between (2,000 to 65,536,000), the other way round too; and
// between 1,000 and 1,002 tokens only 1,001, the lengths that round to
// either end left out.
func TestThePathFromARunsPromptDoublesEvenlyInRatio(t *testing.T) {
	var up []breakeven.Tokens
	for k := breakeven.Tokens(2000); k < 1000<<17; k *= 2 {
		up = append(up, k)
	}
	require.Len(t, up, 16)
	assert.Equal(t, up, pathLengths(1000, 1000<<17))
	down := make([]breakeven.Tokens, len(up))
	for i, k := range up {
		down[len(up)-1-i] = k
	}
	assert.Equal(t, down, pathLengths(1000<<17, 1000))
	for _, k := range pathLengths(1000, 1002) {
		assert.Equal(t, breakeven.Tokens(1001), k)
	}
	assert.NotEmpty(t, pathLengths(1000, 1002))
}

// An engine outside the fit's families is taken by its own name, priced
// as the families price it (the shared cost), and takes the interval for
// what the fit has not seen unless a fitted run names it: LMDeploy's
// offline runs are in the fit, llama.cpp has none. A name no engine could
// have is refused with an example.
func TestAnEngineOfNoFamilyIsPricedByItsNameAndWidensWhereTheFitHasNone(t *testing.T) {
	req := Request{Model: "llama-3.1-70b", GPUs: "4xA100", Tokens: "2048", Link: "10GbE"}
	at := func(engine string) Answer {
		r := req
		r.Engine = engine
		res, err := Compute(r)
		require.NoError(t, err, engine)
		return res
	}
	none, lmdeploy, llamacpp := at(""), at("LMDeploy"), at("llama.cpp")
	assert.Equal(t, none.Output.PrefillTokensPerSecond, lmdeploy.Output.PrefillTokensPerSecond)
	assert.Equal(t, none.Output.PrefillTokensPerSecond, llamacpp.Output.PrefillTokensPerSecond)
	assert.Contains(t, Render(lmdeploy).Get("prefill_from"), "(tp4, engine lmdeploy)")
	assert.NotContains(t, Render(lmdeploy).Get("prefill_from"), "has its engine")
	assert.Contains(t, Render(llamacpp).Get("prefill_from"), "as no published run in the fit has its engine llama.cpp")
	assert.Contains(t, Render(at("NIM")).Get("prefill_from"), "(tp4, engine trtllm)")
	for _, bad := range []string{"rm -rf", "9engine", strings.Repeat("e", 41), "llama\x00cpp"} {
		r := req
		r.Engine = bad
		_, err := Compute(r)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "not an engine's name", bad)
		assert.Contains(t, err.Error(), "--engine vllm", bad)
	}
}
