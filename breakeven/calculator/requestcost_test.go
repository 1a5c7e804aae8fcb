package calculator

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// --request-cost puts the user's per-request cost where the fitted model
// charges its own: the estimate's time is the fitted one less the fitted
// cost plus the one given, for a dense model and for a mixture of
// experts alike (the fitted model charges them different costs), and
// the answer says the cost is the user's and names no published run as
// setting it.
func TestRequestCostReplacesTheFittedCostInAnEstimate(t *testing.T) {
	m, err := calibration.Fitted()
	require.NoError(t, err)
	for _, c := range []struct{ model, gpus string }{{"qwen3-32b", "8xH100"}, {"qwen3-30b-a3b", "1xH100"}} {
		mod, err := sources.FindModel(c.model)
		require.NoError(t, err)
		pm, err := sources.PrefillModel(mod)
		require.NoError(t, err)
		g, err := sources.ParseGPUs(c.gpus)
		require.NoError(t, err)
		parts, err := m.PriceRequest(pm, 2000, g, prefill.Parallel{TP: g.Count}, "")
		require.NoError(t, err)
		require.Greater(t, float64(parts.PerRequest), 0.0, "%s pays a fitted cost", c.model)
		want := float64(parts.Total()-parts.PerRequest) + 0.04

		a, err := Compute(Request{Model: c.model, GPUs: c.gpus, Tokens: "2000", Link: "10GbE", RequestCost: "40ms"})
		require.NoError(t, err, c.model)
		assert.InEpsilon(t, want, a.Output.RecomputeSeconds, 1e-9, c.model)
		require.NotNil(t, a.Output.PrefillParts)
		assert.InDelta(t, 0.04, a.Output.PrefillParts.PerRequest, 1e-15, c.model)
		assert.Empty(t, a.Output.PrefillParts.CostModels, "no published run set the user's cost")
		assert.True(t, a.Output.PrefillParts.Yours)
		assert.Contains(t, a.Output.PrefillProvenanceText, "per-request cost yours: 40.0 ms", c.model)
		assert.Contains(t, a.Output.PrefillModel, "the per-request cost yours, not fitted")
		for p := range a.Output.PrefillModelRuns {
			assert.False(t, strings.HasPrefix(p, "per-request cost"), "%s: %s", c.model, p)
		}

		// A cost of zero is a setup that adds none: the FLOPs alone.
		z, err := Compute(Request{Model: c.model, GPUs: c.gpus, Tokens: "2000", Link: "10GbE", RequestCost: "0"})
		require.NoError(t, err, c.model)
		assert.InEpsilon(t, want-0.04, z.Output.RecomputeSeconds, 1e-9, c.model)
	}
	// A short prompt whose time is mostly the cost given says it is
	// yours, and does not send the user to time a server again.
	short, err := Compute(Request{Model: "qwen3-32b", GPUs: "8xH100", Tokens: "500", Link: "10GbE", RequestCost: "200ms"})
	require.NoError(t, err)
	text := short.Output.PrefillParts.String()
	assert.Contains(t, text, "most of it is the per-request cost you gave")
	assert.NotContains(t, text, "time your own server")
	fitted, err := Compute(Request{Model: "qwen3-32b", GPUs: "8xH100", Tokens: "500", Link: "10GbE"})
	require.NoError(t, err)
	assert.False(t, fitted.Output.PrefillParts.Yours)

	// The fitted model is left as it was.
	again, err := calibration.Fitted()
	require.NoError(t, err)
	assert.False(t, again.OwnCost)
	assert.Equal(t, m.Phases, again.Phases)
}

// --request-cost prices an estimate of the fitted model alone: without
// --gpus, beside --mfu, beside a given time, or as no time, it is
// refused in one line that names it and shows a valid use.
func TestRequestCostRefusedWhereNoEstimateUsesIt(t *testing.T) {
	base := Request{Model: "qwen3-32b", GPUs: "8xH100", Link: "10GbE"}
	for name, r := range map[string]Request{
		"no --gpus":      {Model: "qwen3-32b", Link: "10GbE", RequestCost: "40ms"},
		"with --mfu":     func() Request { r := base; r.MFU = "0.4"; r.RequestCost = "40ms"; return r }(),
		"with --ttft":    func() Request { r := base; r.TTFT = "1s"; r.Tokens = "8000"; r.RequestCost = "40ms"; return r }(),
		"negative":       func() Request { r := base; r.RequestCost = "-40ms"; return r }(),
		"not a time":     func() Request { r := base; r.RequestCost = "12 parsecs"; return r }(),
		"a day and more": func() Request { r := base; r.RequestCost = "90000s"; return r }(),
	} {
		_, err := Compute(r)
		require.Error(t, err, name)
		var fe *breakeven.FieldError
		require.True(t, errors.As(err, &fe), name)
		assert.Equal(t, "request-cost", fe.Field, name)
		assert.Contains(t, err.Error(), "--request-cost", name)
		assert.NotContains(t, err.Error(), "\n", name)
	}
	// Switching the model drops the cost: it was timed with the other.
	r := base
	r.RequestCost = "40ms"
	assert.Empty(t, r.WithModel("llama-3.1-70b").RequestCost)
}
