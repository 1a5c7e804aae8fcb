package breakeven_test

// Tests of ParseLink, which reads a link count and a preset or bandwidth
// on top of ParseBandwidth, with the catalog's presets.

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Every preset reads by its name and each alias, in any case, and the
// standard ones agree with what the parser makes of their names.
func TestLinkPresets(t *testing.T) {
	for _, p := range sources.LinkPresets {
		for _, name := range append([]string{p.Name, strings.ToUpper(p.Name)}, p.Aliases...) {
			l, err := breakeven.ParseLink(name, sources.PresetLink)
			require.NoError(t, err, name)
			assert.Equal(t, p.Name, l.Name, name)
			assert.Equal(t, float64(p.Total()), float64(l.Total()), name)
		}
		assert.GreaterOrEqual(t, p.Count, 1)
		assert.Positive(t, float64(p.Each.V()))
		assert.NotEmpty(t, p.Note)
		if strings.HasSuffix(p.Name, "GbE") {
			bw, err := breakeven.ParseBandwidth(p.Name)
			require.NoError(t, err)
			assert.Equal(t, float64(bw), float64(p.Total()), p.Name)
		}
	}
	// PCIe x16, raw, one way: 16 lanes x GT/s, one bit per transfer.
	pcie5, _ := sources.FindLinkPreset("pcie5")
	assert.Equal(t, 16*32e9/8, float64(pcie5.Total()))
	pcie4, _ := sources.FindLinkPreset("PCIe Gen4 x16")
	assert.Equal(t, 16*16e9/8, float64(pcie4.Total()))
	ndr, _ := sources.FindLinkPreset("NDR 400G InfiniBand")
	assert.Equal(t, 400e9/8, float64(ndr.Total()))

	// A count multiplies, a bundle too.
	l, err := breakeven.ParseLink("2xvast", sources.PresetLink)
	require.NoError(t, err)
	assert.Equal(t, 2*int(sources.VASTLinks.V()), l.Count)
	assert.Equal(t, float64(sources.VASTLinkSpeed.V()), float64(l.Each))
	l, err = breakeven.ParseLink("2 x 100GbE", sources.PresetLink)
	require.NoError(t, err)
	assert.Equal(t, 2, l.Count)
	assert.Equal(t, "2 x 100GbE (100 Gbit/s)", l.String())
	l, err = breakeven.ParseLink("1x400Gbit/s", sources.PresetLink)
	require.NoError(t, err)
	assert.Equal(t, "1 x 400 Gbit/s", l.String())
	_, err = breakeven.ParseLink("nowhere", sources.PresetLink)
	assert.ErrorContains(t, err, `"nowhere"`)
	assert.ErrorContains(t, err, "preset")
}

func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"1x400Gbit/s", "2x100GbE", "ndr", "2 x NDR 400G InfiniBand", "2xvast", "pcie5", "1025x10GbE",
		"0xroce", "3×ucx", "22.6 GB/s", "x", "1x", "12 parsecs/s", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := breakeven.ParseLink(s, sources.PresetLink)
		if err != nil {
			if !strings.Contains(err.Error(), "valid:") || !strings.Contains(err.Error(), "link") {
				t.Fatalf("%q: unclear error: %v", s, err)
			}
			return
		}
		x := float64(l.Total())
		if l.Count < 1 || math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
			t.Fatalf("%q parsed to %+v", s, l)
		}
		if printedExactly(float64(l.Each)) && strings.Contains(l.String(), "NaN") {
			t.Fatalf("%q prints as %q", s, l.String())
		}
	})
}
