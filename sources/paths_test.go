package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each path ceiling by hand, from the figures its sources state: PCIe Gen5
// x16 is 16 lanes x 32 GT/s / 8 = 64 GB/s one way (Gen4 half of it);
// NVLink 4 is 900 GB/s both ways, 450 GB/s one way (NVLink 5 twice it);
// the GH200's NVLink-C2C is 900 GB/s both ways, 450 GB/s one way; the
// network is the host's ports (TestHostCeilingsByHand).
func TestPathCeilingsByHand(t *testing.T) {
	const gen5, gen4 = 16 * 32e9 / 8, 16 * 16e9 / 8
	cases := []struct {
		host, path    string
		perGPU, total float64
	}{
		{"dgx-h100", PathNetwork, 0, 12 * 400e9 / 8},
		{"dgx-h100", PathPCIeH2D, gen5, 8 * gen5},
		{"dgx-h100", PathNVLink, 900e9 / 2, 8 * 900e9 / 2},
		{"dgx-h200", PathNVLink, 900e9 / 2, 8 * 900e9 / 2},
		{"dgx-b200", PathPCIeH2D, gen5, 8 * gen5},
		{"dgx-b200", PathNVLink, 1800e9 / 2, 8 * 1800e9 / 2},
		{"gb200-nvl72", PathNVLink, 1800e9 / 2, 4 * 1800e9 / 2},
		{"gh200", PathC2C, 900e9 / 2, 900e9 / 2},
		{"4xl40s", PathPCIeH2D, gen4, 4 * gen4},
		{"pcie5-8gpu", PathPCIeH2D, gen5, 8 * gen5},
	}
	for _, c := range cases {
		h, ok := FindHost(c.host)
		require.True(t, ok, c.host)
		p, err := h.PathCeiling(c.path)
		require.NoError(t, err, "%s %s", c.host, c.path)
		assert.InDelta(t, c.perGPU, float64(p.PerGPU), 1, "%s %s per GPU", c.host, c.path)
		assert.InDelta(t, c.total, float64(p.Total), 1, "%s %s total", c.host, c.path)
		assert.NotEmpty(t, p.Breakdown, "%s %s", c.host, c.path)
		citeOK(t, c.host+" "+c.path, p.Cite)
	}
}

// The NVLink ceiling is the chip catalog's figure, not a second typed one.
func TestNVLinkCeilingIsTheChipCatalogsScaleUp(t *testing.T) {
	h, _ := FindHost("dgx-h100")
	p, err := h.PathCeiling(PathNVLink)
	require.NoError(t, err)
	c, ok := chipSpec("H100")
	require.True(t, ok)
	assert.Equal(t, c.ScaleUp.Cite, p.Cite)
	assert.Equal(t, c.ScaleUp.V()/2, p.PerGPU)
}

// A host without a path says why, and names the paths it has.
func TestAHostWithoutAPathSaysWhy(t *testing.T) {
	for _, c := range []struct{ host, path, why string }{
		{"gh200", PathPCIeH2D, "NVLink-C2C"},
		{"gh200", PathNetwork, "no network port"},
		{"gh200", PathNVLink, "no cited NVLink"},
		{"dgx-h100", PathC2C, "NVLink-C2C"},
		{"dgx-h100", PathLocalNVMe, "NVMe"},
		{"4xl40s", PathNVLink, "no cited NVLink"},
		{"gb200-nvl72", PathPCIeH2D, "PCIe"},
	} {
		h, ok := FindHost(c.host)
		require.True(t, ok, c.host)
		_, err := h.PathCeiling(c.path)
		var pe *PathError
		if assert.ErrorAs(t, err, &pe, "%s %s", c.host, c.path) {
			assert.Contains(t, err.Error(), c.why, "%s %s", c.host, c.path)
			assert.NotContains(t, pe.Has, c.path, "%s %s", c.host, c.path)
		}
	}
	h, _ := FindHost("dgx-h100")
	assert.Equal(t, []string{PathNetwork, PathPCIeH2D, PathNVLink}, h.PathIDs())
	g, _ := FindHost("GH200")
	assert.Equal(t, []string{PathC2C}, g.PathIDs())
}

func TestFindLoadPathReadsIdsAndAliases(t *testing.T) {
	for in, id := range map[string]string{"nvlink": PathNVLink, "PCIe-H2D": PathPCIeH2D, "h2d": PathPCIeH2D,
		"NVLink-C2C": PathC2C, "c2c": PathC2C, "network": PathNetwork, "RDMA": PathNetwork, "local nvme": PathLocalNVMe} {
		p, ok := FindLoadPath(in)
		if assert.True(t, ok, in) {
			assert.Equal(t, id, p.ID, in)
		}
	}
	for _, in := range []string{"", "warp", "nvlink5"} {
		_, ok := FindLoadPath(in)
		assert.False(t, ok, in)
	}
}

// The GPU-link presets are one GPU's link, one way, and name the path they
// imply; an unknown generation is not a preset.
func TestGPULinkPresetsAndThePathsTheyImply(t *testing.T) {
	for _, c := range []struct {
		name string
		each float64
		path string
	}{
		{"nvlink", 900e9 / 2, PathNVLink},
		{"c2c", 900e9 / 2, PathC2C},
		{"pcie5x16", 16 * 32e9 / 8, PathPCIeH2D},
		{"pcie4x16", 16 * 16e9 / 8, PathPCIeH2D},
		{"ndr", 400e9 / 8, ""},
	} {
		p, ok := FindLinkPreset(c.name)
		require.True(t, ok, c.name)
		assert.InDelta(t, c.each, float64(p.Each.V()), 1, c.name)
		assert.Equal(t, c.path, LinkPath(p.Name), c.name)
	}
	_, ok := FindLinkPreset("nvlink5")
	assert.False(t, ok)
	assert.Equal(t, "", LinkPath("8x450 GB/s"))
}

// NVLink joins GPUs to one another, so a host with two NVLink GPUs has
// the path and a host with one has none: peers need at least two.
func TestTwoNVLinkGPUsAreEnoughForTheNVLinkPath(t *testing.T) {
	two := Host{ID: "two-h100", Name: "two H100s", GPUs: 2, Chip: "H100"}
	assert.Equal(t, []string{PathNVLink}, two.PathIDs())
	one := Host{ID: "one-h100", Name: "one H100", GPUs: 1, Chip: "H100"}
	assert.Empty(t, one.PathIDs())
}
