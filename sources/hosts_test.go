package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each host's ceiling, by hand from the quoted counts and rates: a DGX
// H100 has 8 + 2x2 = 12 ports of 400 Gbit/s, 12 x 50 GB/s = 600 GB/s; a
// GB200 tray 4 + 2 NICs of 400 Gbit/s, 300 GB/s; an L40S's Gen4 x16 link
// carries 16 lanes x 16 GT/s / 8 = 32 GB/s one way, so 4 of them 128 GB/s;
// Gen5 doubles the lane rate.
func TestHostCeilingsByHand(t *testing.T) {
	want := map[string]float64{
		"dgx-h100":    12 * 400e9 / 8,
		"dgx-h200":    12 * 400e9 / 8,
		"dgx-b200":    12 * 400e9 / 8,
		"gb200-nvl72": 6 * 400e9 / 8,
		"4xl40s":      4 * 16 * 16e9 / 8,
		"8xl40s":      8 * 16 * 16e9 / 8,
		"pcie4-8gpu":  8 * 16 * 16e9 / 8,
		"pcie5-8gpu":  8 * 16 * 32e9 / 8,
		"gh200":       0, // no network port of it is cited
	}
	hosts := Hosts()
	require.Len(t, hosts, len(want))
	for _, h := range hosts {
		w, ok := want[h.ID]
		require.True(t, ok, h.ID)
		assert.InDelta(t, w, float64(h.Ceiling()), 1e-6*w+1e-9, h.ID)
		assert.NotEmpty(t, h.Note, h.ID)
		for _, p := range h.Ports {
			citeOK(t, h.ID, p.Count.Cite)
			citeOK(t, h.ID, p.Each.Cite)
		}
	}
	assert.Equal(t, "8 x 400 Gbit/s compute-fabric ConnectX-7 + 4 x 400 Gbit/s storage ConnectX-7 ports", hosts[0].Breakdown())
}

func TestFindHost(t *testing.T) {
	for in, id := range map[string]string{"dgx-h100": "dgx-h100", "HGX H100": "dgx-h100", "DGX_B200": "dgx-b200",
		"4xL40S": "4xl40s", "GB200": "gb200-nvl72", "nvl72": "gb200-nvl72", "pcie5-8gpu": "pcie5-8gpu"} {
		h, ok := FindHost(in)
		if assert.True(t, ok, in) {
			assert.Equal(t, id, h.ID, in)
		}
	}
	for _, in := range []string{"", "dgx-h900", "toaster"} {
		_, ok := FindHost(in)
		assert.False(t, ok, in)
	}
}

// Each host holds the GPUs its sources give: a DGX system eight (NVIDIA's
// BasePOD key specifications: "Eight NVIDIA Hopper GPUs." for the H100 and
// H200, "Built with eight NVIDIA B200"), a GB200 NVL72 compute tray four
// ("4 GPUs per compute tray"), and a PCIe box as many as it is named for.
func TestEachHostHoldsTheGPUsItsSourcesGive(t *testing.T) {
	want := map[string]int{"dgx-h100": 8, "dgx-h200": 8, "dgx-b200": 8, "gb200-nvl72": 4}
	for _, h := range Hosts() {
		if n, ok := want[h.ID]; ok {
			assert.Equal(t, n, h.GPUs, h.ID)
			continue
		}
		var n int
		for _, r := range h.ID {
			if r < '0' || r > '9' {
				break
			}
			n = n*10 + int(r-'0')
		}
		if n > 0 {
			assert.Equal(t, n, h.GPUs, "%s holds the GPUs its id names", h.ID)
		}
	}
}
