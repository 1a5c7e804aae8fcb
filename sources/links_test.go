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

// Each standard preset is one link at its nominal line rate, written here
// from the standards: Ethernet and InfiniBand by their Gbit/s, PCIe x16
// as 16 lanes x the transfer rate / 8, raw and one way.
func TestStandardPresetsAreOneLinkAtLineRate(t *testing.T) {
	for name, want := range map[string]float64{
		"10GbE": 10e9 / 8, "25GbE": 25e9 / 8, "100GbE": 100e9 / 8, "200GbE": 200e9 / 8, "400GbE": 400e9 / 8, "800GbE": 800e9 / 8,
		"ndr": 400e9 / 8, "xdr": 800e9 / 8, "PCIe4x16": 16 * 16e9 / 8, "PCIe5x16": 16 * 32e9 / 8,
	} {
		l, err := breakeven.ParseLink(name, PresetLink)
		require.NoError(t, err, name)
		assert.Equal(t, 1, l.Count, name)
		assert.InEpsilon(t, want, float64(l.Total()), 1e-12, name)
	}
}
