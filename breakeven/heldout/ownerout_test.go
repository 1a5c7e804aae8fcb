package heldout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/sources"
)

func TestARunsOwnerIsItsGitHubOwnerElseItsHost(t *testing.T) {
	for url, want := range map[string]string{
		"https://github.com/sgl-project/sgl-cookbook/blob/main/docs/x.md": "sgl-project",
		"https://github.com/sgl-project/sglang/blob/0a/docs/y.md":         "sgl-project", // one team's two repositories
		"https://GitHub.com/NVIDIA/TensorRT-LLM/issues/1":                 "NVIDIA",
		"https://lmsys.org/blog/2025-01-01-x/":                            "lmsys.org",
		"https://github.com/":                                             "github.com",
		"not an address":                                                  "not an address",
	} {
		assert.Equal(t, want, Run{URL: url}.Owner(), url)
	}
}

// byID returns the kept runs with these IDs, in this order.
func byID(t *testing.T, ids ...string) []Run {
	t.Helper()
	runs, errs := Runs()
	require.Empty(t, errs)
	var out []Run
	for _, id := range ids {
		for _, r := range runs {
			if r.ID == id {
				out = append(out, r)
			}
		}
	}
	require.Len(t, out, len(ids))
	return out
}

func TestAFitRunCarriesTheRunsFiguresAndItsQuote(t *testing.T) {
	r := byID(t, "minference-trianglemix-llama31-8b-a100-tp1-64k")[0]
	f, err := r.FitRun()
	require.NoError(t, err)
	require.True(t, f.Priced(), f.Reason)
	assert.Equal(t, r.ID, f.ID)
	assert.Equal(t, breakeven.Tokens(64000), f.N)
	assert.Equal(t, 1, f.GPUs.Count)
	assert.Equal(t, "A100", f.GPUs.Chip.Name)
	assert.Equal(t, r.TTFT, f.Measured.Value)
	assert.Equal(t, sources.SourceID("microsoft"), f.Source())
	assert.Equal(t, r.Quote, f.Seconds.Quote)
	assert.Equal(t, r.Locator, f.Seconds.Locator)
	assert.True(t, f.PerRequest, "a served single request pays the per-request cost")

	_, err = Run{ID: "x", Model: "Llama 9 9000B", Chip: "H100", Precision: "bf16", GPUs: 1, Tokens: 1000, TTFT: 1}.FitRun()
	assert.ErrorContains(t, err, "Llama 9 9000B")
}

// Each publisher's runs are priced by the model fitted on the published
// runs and the other publishers' runs, never their own; a run the fit
// refuses joins no fit and says why.
func TestAPublishersRunsArePricedByAFitWithoutThem(t *testing.T) {
	runs := byID(t,
		"minference-trianglemix-llama31-8b-a100-tp1-32k",  // microsoft
		"accelmark-d-llama31-8b-h100-tp1-vllm073-28k",     // FreedomIntelligence
		"minference-trianglemix-llama31-8b-a100-tp1-128k", // microsoft
		"accelmark-d-llama31-8b-a800-tp1-vllm-28k",        // FreedomIntelligence
		"mooncake-sglang-pd-qwen3-235b-h20-tp8-32768",     // Mooncake, above the best published kernel
	)
	published := calibration.Runs()
	got, err := PredictOwnerOut(published, runs)
	require.NoError(t, err)
	require.Len(t, got.Rows, len(runs))

	fit := func(rs ...Run) calibration.Model {
		set := append([]calibration.Run(nil), published...)
		for _, r := range rs {
			f, err := r.FitRun()
			require.NoError(t, err)
			set = append(set, f)
		}
		m, err := calibration.FitOn(set)
		require.NoError(t, err)
		return m
	}
	// Microsoft's runs: the fit has both AccelMark runs, and not the
	// Mooncake run it refuses.
	want := Predict(fit(runs[1], runs[3]), []Run{runs[0], runs[2]})
	assert.Equal(t, want[0].Predicted, got.Rows[0].Predicted)
	assert.Equal(t, want[1].Predicted, got.Rows[2].Predicted)
	// AccelMark's: the fit has both of Microsoft's.
	want = Predict(fit(runs[0], runs[2]), []Run{runs[1], runs[3]})
	assert.Equal(t, want[0].Predicted, got.Rows[1].Predicted)
	assert.Equal(t, want[1].Predicted, got.Rows[3].Predicted)

	assert.Equal(t, 2, got.Joined["microsoft"])
	assert.Equal(t, 2, got.Joined["FreedomIntelligence"])
	require.Len(t, got.Refused, 1)
	assert.Contains(t, got.Refused[0], "mooncake-sglang-pd-qwen3-235b-h20-tp8-32768: implausible as read")
}
