package calculator_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
)

// A K-suffixed prompt length says in one line which reading was used and
// what the other gives: 131,072 tokens of Llama 3.1 70B are 131,072 x
// 327,680 B = 42.9 GB. A count without a suffix says nothing.
func TestTokenReadingRow(t *testing.T) {
	row := func(tokens string) (calculator.Row, bool) {
		a, err := calculator.Compute(calculator.Request{Model: "llama-3.1-70b", Tokens: tokens, TTFT: "20s", Link: "2x100GbE"})
		require.NoError(t, err)
		for _, s := range calculator.Render(a).Sections {
			for _, r := range s {
				if r.Key == "tokens_reading" {
					return r, true
				}
			}
		}
		return calculator.Row{}, false
	}
	r, ok := row("128K")
	require.True(t, ok)
	assert.Equal(t, `"128K" read as 128,000 tokens; 128Ki would be 131,072, a cache of 42.9 GB`, r.Text)
	r, ok = row("128Ki")
	require.True(t, ok)
	assert.Equal(t, `"128Ki" read as 131,072 tokens; 128K would be 128,000, a cache of 41.9 GB`, r.Text)
	_, ok = row("131072")
	assert.False(t, ok)
}
