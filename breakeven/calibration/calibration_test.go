package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// The calibrated MFU is the 405B test's prefill work, counted here by hand
// from the model's published dimensions, over 62 s on eight H100s at their
// BF16 dense peak.
func TestCalibratedMFUByHand(t *testing.T) {
	const (
		n       = 127188.0 // tokens of the prompt (the post's opening)
		params  = 405e9    // Llama 3.1 405B, every parameter active
		layers  = 126      // n_layers
		heads   = 128      // n_heads (query heads)
		headDim = 16384 / 128
		gpus    = 8
		peak    = 989.4e12 // H100 SXM5, BF16 dense matrix FLOP/s
		seconds = 62.0     // uncached time to first token
	)
	// Two FLOPs per parameter per token, but the untied output head
	// (vocab 128,256 x hidden 16,384) takes only the last token: an
	// engine computes the logits of the last position alone.
	head := 128256.0 * 16384
	linear := 2*(params-head)*n + 2*head
	// Causal attention: n^2/2 query-key pairs per layer and head, each a
	// dot product (2 x d FLOPs) and a weighted value (2 x d FLOPs).
	attention := layers * heads * (n * n / 2) * 2 * (headDim + headDim)
	work := linear + attention // 1.698e17 FLOPs
	want := work / (seconds * gpus * peak)

	mfu := CalibratedMFU()
	assert.InEpsilon(t, want, mfu.Value, 1e-12)
	assert.InDelta(t, 0.345, mfu.Value, 0.0005, "the calibrated MFU to three digits")
	// The post's "62" is whole seconds: 61.5 to 62.5 s.
	assert.InEpsilon(t, work/(62.5*gpus*peak), mfu.Lo, 1e-12)
	assert.InEpsilon(t, work/(61.5*gpus*peak), mfu.Hi, 1e-12)

	// The default MFU is the calibrated value within the project's assumed
	// range, 0.2 to 0.5, which holds the calibration's interval.
	d := DefaultMFU()
	assert.InEpsilon(t, want, d.Value, 1e-12)
	assert.Equal(t, 0.2, d.Lo)
	assert.Equal(t, 0.5, d.Hi)

	// And the FLOP model at that MFU takes the 62 s back.
	pm, err := sources.PrefillModel(sources.MustModel(Test.Model))
	require.NoError(t, err)
	h, ok := Hardware(Test.ID)
	require.True(t, ok)
	assert.InDelta(t, seconds, float64(prefill.TimeAt(pm, n, h.GPUs(), want)), 1e-9)
}

func TestDefaultEfficiency(t *testing.T) {
	// llm-d: about 12.0-12.2 GB/s of a 100 Gbit/s (12.5 GB/s) line.
	e := DefaultEfficiency()
	assert.InDelta(t, 12.0/12.5, e.Value, 1e-12)
	assert.InDelta(t, 12.2/12.5, e.Hi, 1e-12)
}

func TestReportedPrefillWithoutUncachedTime(t *testing.T) {
	// WEKA: no uncached time was read; N / r from the post's 4,380 tokens/s.
	got := ReportedPrefill(sources.WEKA70B)
	assert.InDelta(t, 105000.0/4380, float64(got.Value), 1e-9)
	_, ok := Hardware("no-such-test")
	assert.False(t, ok)
}
