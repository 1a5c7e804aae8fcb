package sources

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/prefill"
)

// The served single requests are what no other served run in the fit is:
// dense models (all parameters active) at short prompts (100 to 8,000
// tokens), one request at a time through a server, on one GPU, or on
// four for a 70B model, the GPUs their quotes print, split by tensor
// parallelism over all of them, in the precision their tables state.
func TestServedSingleRequestsAreDenseModelsOnOneToFourGPUsAtShortPrompts(t *testing.T) {
	runs := []PrefillRun{AWSNIMLlama3x8BH100, AWSNIMLlama3x70BH100, AWSNIMLlama31x70BH100, GPUStackQwen3x8BH100}
	all := map[string]bool{}
	for _, r := range PrefillRuns() {
		all[r.ID] = true
	}
	for _, r := range runs {
		assert.True(t, all[r.ID], "%s is among the published runs", r.ID)
		assert.Equal(t, 1, r.Concurrency, r.ID)
		assert.False(t, r.Offline, "%s: served, not offline", r.ID)
		assert.NotEmpty(t, r.Seconds.Name, "%s: a time to first token", r.ID)
		assert.Empty(t, r.Rate.Name, r.ID)
		assert.Empty(t, r.Unpriceable, r.ID)
		assert.Empty(t, r.WeightBits.Name, "%s: weights in the compute precision", r.ID)

		m, err := FindModel(r.Model)
		require.NoError(t, err, r.ID)
		assert.Positive(t, m.TotalParams, r.ID)
		assert.Equal(t, m.TotalParams, m.ActiveParams, "%s: a dense model", r.ID)

		n := float64(r.Tokens.V())
		assert.True(t, n >= 100 && n <= 8000, "%s: a short prompt, %v tokens", r.ID, n)

		gpus := int(r.GPUs.V())
		assert.Equal(t, gpus, r.Par.TP, "%s: tensor parallel over its GPUs", r.ID)
		want := map[string]int{"Llama 3.1 8B": 1, "Qwen3-8B": 1, "Llama 3.1 70B": 4}[r.Model]
		assert.Equal(t, want, gpus, r.ID)
		assert.Equal(t, "H100", r.Chip, r.ID)
	}

	// AWS's rows: the GPUs and prompt length stand in the row's first
	// cells, the precision in its Dtype cell.
	for _, c := range []struct {
		run     PrefillRun
		dtype   string
		compute prefill.Compute
	}{
		{AWSNIMLlama3x8BH100, "fp8", fp8BF16Attention},
		{AWSNIMLlama3x70BH100, "fp8", fp8BF16Attention},
		{AWSNIMLlama31x70BH100, "fp16", prefill.Uniform(prefill.FP16)},
	} {
		r := c.run
		assert.Contains(t, r.Tokens.Quote, "| "+c.dtype+" ", r.ID)
		assert.Contains(t, r.GPUs.Quote, "| "+map[int]string{1: "1xH100", 4: "4xH100"}[int(r.GPUs.V())]+" |", r.ID)
		assert.Equal(t, r.Tokens.Quote, r.GPUs.Quote, "%s: one row gives both", r.ID)
		assert.Equal(t, c.compute, r.Compute, r.ID)
		assert.True(t, strings.HasPrefix(r.Seconds.Quote, "| Time-to-first-token(sec) | "), r.ID)
		assert.Contains(t, r.Seconds.Locator, "concurrency 1 column", r.ID)
		assert.InDelta(t, 0.01, float64(r.Seconds.Value.Hi-r.Seconds.Value.Lo), 1e-12, "%s: printed to the hundredth of a second", r.ID)
	}

	// GPUStack's run: the mean prompt of its 100 requests, vLLM's default
	// BF16, the '# BS=1' block.
	g := GPUStackQwen3x8BH100
	assert.InDelta(t, 232.6, float64(g.Tokens.V()), 1e-9)
	assert.Equal(t, prefill.Uniform(prefill.BF16), g.Compute)
	assert.Contains(t, g.Seconds.Locator, "Maximum request concurrency: 1")
	assert.Contains(t, g.Note, "BF16")
}

// vLLM's request is the fit's one served single request of a mixture of
// experts without MLA: Qwen3.5-397B-A17B (17B of 397B active) on four
// B300s, the GPU count and chip from the test plan's line and the
// tensor parallelism from the table's header, one request at a time, in
// the checkpoint's FP8.
func TestVLLMsQwen35RequestIsAMixtureOnFourB300sOneAtATime(t *testing.T) {
	r := VLLMPR42646Qwen35B300
	assert.Contains(t, PrefillRuns(), r)
	m, err := FindModel(r.Model)
	require.NoError(t, err)
	assert.Less(t, m.ActiveParams, m.TotalParams/10, "a sparse model: under a tenth of its weights active")
	assert.Equal(t, 1, r.Concurrency)
	assert.Equal(t, "B300", r.Chip)
	assert.Contains(t, r.GPUs.Quote, "4xB300")
	assert.Contains(t, r.Tokens.Quote, "TP=4")
	assert.Equal(t, int(r.GPUs.V()), r.Par.TP)
	assert.Equal(t, fp8BF16Attention, r.Compute)
	assert.False(t, r.Offline)
	assert.Empty(t, r.Rate.Name)
}

// NIM's Mixtral 8x22B request is the fit's second served single request
// of a mixture without MLA, and the first whose every expert layer is
// of a model with GQA attention alone: the table's own row gives its 8
// H100s, its 7,000 tokens and its fp16, the same sweep's concurrency-1
// column its time, and the run is split by tensor parallelism over the
// eight.
func TestNIMsMixtralRequestIsAnFP16MixtureOnEightH100sFromItsOwnRow(t *testing.T) {
	r := AWSNIMMixtral8x22BH100
	assert.Contains(t, PrefillRuns(), r)
	m, err := FindModel(r.Model)
	require.NoError(t, err)
	assert.Less(t, m.ActiveParams, m.TotalParams/2, "a sparse model: two of eight experts active")
	assert.Equal(t, 1, r.Concurrency)
	assert.Equal(t, "H100", r.Chip)
	for _, q := range []string{r.Tokens.Quote, r.GPUs.Quote} {
		assert.True(t, strings.HasPrefix(q, "| mistralai/mixtral-8x22b-instruct-v0.1 | fp16  | 8xH100 |"), q)
	}
	assert.Equal(t, 8, int(r.GPUs.V()))
	assert.Equal(t, 8, r.Par.TP)
	assert.Equal(t, prefill.Uniform(prefill.FP16), r.Compute)
	assert.True(t, strings.HasPrefix(r.Seconds.Quote, "| Time-to-first-token(sec) | 0.26 "))
	assert.Contains(t, r.Seconds.Locator, "concurrency 1 column")
	assert.InDelta(t, 0.01, float64(r.Seconds.Value.Hi-r.Seconds.Value.Lo), 1e-12, "printed to the hundredth of a second")
	assert.False(t, r.Offline)
	assert.Empty(t, r.Rate.Name)
}
