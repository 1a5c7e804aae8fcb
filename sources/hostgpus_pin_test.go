package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each host holds the GPUs its sources give: a DGX system eight (NVIDIA's
// BasePOD key specifications: "Eight NVIDIA Hopper GPUs." for the H100 and
// H200, "Built with eight NVIDIA B200"), a GB200 NVL72 compute tray four
// ("4 GPUs per compute tray"), and a PCIe box as many as it is named for.
func TestHostGPUCounts(t *testing.T) {
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
