package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// A preset that stands for one measured or sustained delivery carries
// exactly that bandwidth: one link of it, not more.
func TestDeliveryPresetsAreOneLink(t *testing.T) {
	for name, want := range map[string]breakeven.Bandwidth{
		"vast-sustained": VASTThroughput.V(), // 181 Gbit/s, as VAST reports it
		"weka-ib":        WEKALinkSpeed.V(),
		"roce":           RoCE.Delivered.V(),
		"uccl":           UCCL.Delivered.V(),
		"ucx":            UCX.Delivered.V(),
	} {
		l, err := breakeven.ParseLink(name, PresetLink)
		require.NoError(t, err, name)
		assert.Equal(t, 1, l.Count, name)
		assert.Equal(t, want, l.Total(), name)
	}
	// VAST's two links are two.
	l, err := breakeven.ParseLink("vast", PresetLink)
	require.NoError(t, err)
	assert.Equal(t, 2, l.Count)
	assert.Equal(t, 2*VASTLinkSpeed.V(), l.Total())
}
