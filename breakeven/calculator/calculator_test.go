package calculator

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// One token is the smallest prompt, and a prompt of one token computes.
func TestOneTokenPromptComputes(t *testing.T) {
	_, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "1", Prefill: "2051", Link: "10GbE"})
	require.NoError(t, err)
}

// An MLA cache without a decoupled rope part is a valid custom
// architecture: --rope-dim 0 adds nothing per token.
func TestCustomArchTakesNoRopePartAndOneOfEachDimension(t *testing.T) {
	a, err := customArch(Request{Layers: "61", LatentDim: "512", RopeDim: "0"})
	require.NoError(t, err)
	b, err := customArch(Request{Layers: "61", LatentDim: "512"})
	require.NoError(t, err)
	assert.Equal(t, b.BytesPerToken(), a.BytesPerToken())
	assert.Equal(t, float64(61*512*2), float64(a.BytesPerToken()))

	// The smallest of each dimension is one: a latent of 1 and a GQA head
	// of 1 dim are caches of 2 B and 2 x 2 B per layer; 0 is refused.
	one, err := customArch(Request{Layers: "1", LatentDim: "1"})
	require.NoError(t, err)
	assert.Equal(t, 2.0, float64(one.BytesPerToken()))
	one, err = customArch(Request{Layers: "1", KVHeads: "1", HeadDim: "1"})
	require.NoError(t, err)
	assert.Equal(t, 4.0, float64(one.BytesPerToken()))
	_, err = customArch(Request{Layers: "1", LatentDim: "0"})
	assert.ErrorContains(t, err, "not a whole number of at least 1")
}

// A break-even out of range blames the field the prefill came from: a
// time to first token under one second is still --ttft. Every input is
// within its span, but 10^9 tokens in 0.5 ms of a custom architecture of
// 7,000 layers of 64 KV heads of 512 dims (9.2e8 B per token, under the
// bound of 1e9) is 1.8e21 B/s.
func TestOutOfRangeBlamesSubSecondTTFT(t *testing.T) {
	_, err := Compute(Request{Layers: "7000", KVHeads: "64", HeadDim: "512", Tokens: "1e9", TTFT: "0.5ms", Link: "10GbE"})
	var fe *breakeven.FieldError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, "ttft", fe.Field)
	assert.Contains(t, fe.Message, "break-even outside")
}

// One KV head (multi-query attention) is a valid custom architecture:
// 2 x 32 layers x 1 head x 128 dims x 2 B = 16,384 B per token.
func TestCustomArchTakesOneKVHead(t *testing.T) {
	a, err := customArch(Request{Layers: "32", KVHeads: "1", HeadDim: "128"})
	require.NoError(t, err)
	assert.Equal(t, 16384.0, float64(a.BytesPerToken()))
}

// A head of one dimension is still an architecture: 2 x 4 layers x 2
// heads x 1 dim x 2 B = 32 B per token.
func TestCustomArchTakesAHeadOfOneDimension(t *testing.T) {
	a, err := customArch(Request{Layers: "4", KVHeads: "2", HeadDim: "1"})
	require.NoError(t, err)
	assert.Equal(t, 32.0, float64(a.BytesPerToken()))
}
