package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One token is the smallest prompt, and a prompt of one token computes.
func TestOneTokenPrompt(t *testing.T) {
	_, err := Compute(Request{Model: "llama-3.1-70b", Tokens: "1", Prefill: "2051", Link: "10GbE"})
	require.NoError(t, err)
}

// The custom FLOP model's whole-number inputs stop at 2^20 = 1,048,576.
func TestCustomFlopWholeNumberBound(t *testing.T) {
	base := Request{Layers: "80", KVHeads: "8", HeadDim: "128", Params: "70.6B", GPUs: "8xH100", Tokens: "32000", Link: "10GbE"}
	ok := base
	ok.QueryHeads = "1048576"
	_, err := Compute(ok)
	require.NoError(t, err)
	bad := base
	bad.QueryHeads = "1048577"
	_, err = Compute(bad)
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "1,048,576")
	}
}
