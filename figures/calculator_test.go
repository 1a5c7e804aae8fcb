package figures

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
)

// The notebook's figures place the calculator's own numbers.
func TestCalculatorFigures(t *testing.T) {
	base := calculator.Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "10GbE"}
	a, err := calculator.Compute(base)
	require.NoError(t, err)
	f, err := AnswerTTFT(a)
	require.NoError(t, err)
	assert.Contains(t, f.Plot.Title.Text, "recompute wins")

	cases := calculator.Compare(calculator.Request{Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"}, []string{"llama-3.1-70b", "qwen3-32b", "nope"})
	f, err = CompareBreakEvens(cases)
	require.NoError(t, err)
	assert.Contains(t, f.Plot.Title.Text, "Break-evens of 2 models")
	_, err = f.SVG()
	require.NoError(t, err)

	sweep, err := calculator.Sweep(base, "link", []string{"10GbE", "roce", "bad"})
	require.NoError(t, err)
	f, err = SweepTTFT("link", sweep)
	require.NoError(t, err)
	assert.Equal(t, []string{"recompute: N / r", "load: cache / link"}, f.LegendTexts())
	_, err = f.SVG()
	require.NoError(t, err)

	_, err = CompareBreakEvens(cases[2:])
	assert.Error(t, err, "nothing to draw")
}
