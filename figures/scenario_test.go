package figures

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

func TestScenarioTTFT(t *testing.T) {
	s := breakeven.Scenario{Arch: breakeven.GQAArchitecture(126, 8, 128), Tokens: 127188,
		Prefill: breakeven.PrefillRate(127188, 62), Link: 181 * breakeven.Gbps}
	f, err := ScenarioTTFT("Llama 3.1 405B", s)
	require.NoError(t, err)
	legend := f.LegendTexts()
	require.Len(t, legend, 4)
	assert.Contains(t, legend[0], "62.0 s", "127,188 tokens at 127,188/62 tokens/s")
	assert.Contains(t, f.Plot.Title.Text, "load wins")
	_, err = f.SVG()
	require.NoError(t, err)

	s.Link = 0.55 * breakeven.GBps
	f, err = ScenarioTTFT("Llama 3.1 405B", s)
	require.NoError(t, err)
	assert.Contains(t, f.Plot.Title.Text, "recompute wins")

	s.Prefill = 0
	_, err = ScenarioTTFT("bad", s)
	assert.ErrorContains(t, err, "prefill speed")
}
