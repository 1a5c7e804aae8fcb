package sources

import (
	"fmt"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// This file holds the load paths of the fact-checker ("check --path"):
// the ways a KV cache reaches a GPU's memory, and, for each host of the
// host catalog, the most each path carries into it.
//
//   - network: into the host over its NICs (the host's port ceiling,
//     hosts.go);
//   - pcie-h2d: from the host's own memory (CPU DRAM) to each GPU over
//     its PCIe x16 link, host to device;
//   - nvlink: from another GPU's memory over NVLink, each GPU at its
//     chip's scale-up bandwidth (chips.go), one way;
//   - c2c: from the Grace CPU's memory over NVLink-C2C (GH200);
//   - local-nvme: from the host's own NVMe drives.
//
// Every figure is typed once, where it is cited: a PCIe rate in links.go,
// a chip's NVLink in chips.go, a host's ports in hosts.go; this file only
// says which figure bounds which path. A figure a vendor states for both
// directions together (NVLink's 900 GB/s, NVLink-C2C's 900 GB/s) is
// halved: a load moves data one way. A path is a ceiling, at line rate,
// before any protocol overhead: an upper bound, like the host ceilings.

// The load paths, by the ids --path takes.
const (
	PathNetwork   = "network"
	PathPCIeH2D   = "pcie-h2d"
	PathNVLink    = "nvlink"
	PathC2C       = "c2c"
	PathLocalNVMe = "local-nvme"
)

// LoadPath is a way a KV cache reaches GPU memory.
type LoadPath struct {
	ID      string   // what --path takes: "pcie-h2d"
	Name    string   // "PCIe host to device", as the output prints it
	Aliases []string // "h2d", "pcie"
	What    string   // what moves over it, in a few words
}

// LoadPaths lists the load paths.
var LoadPaths = []LoadPath{
	{PathNetwork, "the network into the host", []string{"net", "nic", "rdma", "ethernet", "infiniband"},
		"from another machine or shared storage, over the host's NICs"},
	{PathPCIeH2D, "PCIe host to device", []string{"h2d", "pcie", "cpu-dram", "dram", "host-to-device"},
		"from the host's CPU memory to each GPU over its PCIe x16 link"},
	{PathNVLink, "NVLink GPU to GPU", []string{"nvlink-gpu", "gpu-to-gpu", "d2d"},
		"from another GPU's memory in the same NVLink domain"},
	{PathC2C, "NVLink-C2C CPU to GPU", []string{"nvlink-c2c", "grace"},
		"from the Grace CPU's memory to its GPU over NVLink-C2C"},
	{PathLocalNVMe, "the host's local NVMe", []string{"nvme", "local-ssd", "ssd"},
		"from the host's own NVMe drives"},
}

// FindLoadPath returns the path whose id or alias matches name, ignoring
// case, spaces, hyphens and underscores.
func FindLoadPath(name string) (LoadPath, bool) {
	want := strings.ReplaceAll(slug(name), "-", "")
	if want == "" {
		return LoadPath{}, false
	}
	for _, p := range LoadPaths {
		for _, n := range append([]string{p.ID}, p.Aliases...) {
			if strings.ReplaceAll(slug(n), "-", "") == want {
				return p, true
			}
		}
	}
	return LoadPath{}, false
}

// LoadPathIDs lists the ids --path takes.
func LoadPathIDs() []string {
	ids := make([]string, len(LoadPaths))
	for i, p := range LoadPaths {
		ids[i] = p.ID
	}
	return ids
}

// The NVLink-C2C figure of the GH200, as its datasheet states it (both
// directions together).
var GH200C2C = exact("host.gh200.c2c", 900*breakeven.GBps,
	quoted(GH200Datasheet, "product specifications, NVLink-C2C row (GH200 column; both directions together)", "NVIDIA NVLink-C2C CPU-to-GPU bandwidth** | 900GB/s"))

// PathCeiling is the most one path carries into a host's GPUs.
type PathCeiling struct {
	Path LoadPath
	// PerGPU is the most one GPU takes in on the path, one way; 0 for the
	// network, whose ports the GPUs share.
	PerGPU breakeven.Bandwidth
	// GPUs is how many GPUs the host holds; Total is what all of them
	// take in together.
	GPUs  int
	Total breakeven.Bandwidth
	// Breakdown is the arithmetic: "8 x 450 GB/s (H100 NVLink 4: 900 GB/s
	// both ways, half of it one way)".
	Breakdown string
	// Cite is where the per-GPU figure (or, for the network, the port
	// rate) comes from.
	Cite Cite
}

// PerGPUShare is what one GPU of n loading at once can count on: its own
// link's ceiling, or, on the shared network, an n-th of the host's.
func (p PathCeiling) PerGPUShare(n int) breakeven.Bandwidth {
	if p.PerGPU > 0 {
		return p.PerGPU
	}
	if n < 1 {
		n = 1
	}
	return p.Total / breakeven.Bandwidth(n)
}

// PathError says why a host has no ceiling on a path.
type PathError struct {
	Host, Path string
	Reason     string
	Has        []string // the paths the host has
}

func (e *PathError) Error() string {
	return fmt.Sprintf("%s: no %s path here (%s); its paths: %s", e.Host, e.Path, e.Reason, strings.Join(e.Has, ", "))
}

// chipSpec returns the chip catalog's entry named name.
func chipSpec(name string) (ChipSpec, bool) {
	for _, c := range chipSpecs {
		if c.Name == name {
			return c, true
		}
	}
	return ChipSpec{}, false
}

// oneWay is half a figure stated for both directions together.
func oneWay(bw breakeven.Bandwidth) breakeven.Bandwidth { return bw / 2 }

// PathCeiling returns the host's ceiling on the path (a LoadPaths id), or
// a *PathError saying why it has none.
func (h Host) PathCeiling(path string) (PathCeiling, error) {
	p, ok := FindLoadPath(path)
	if !ok {
		return PathCeiling{}, &PathError{h.Name, path, "unknown path", h.PathIDs()}
	}
	n := breakeven.Bandwidth(h.GPUs)
	count := strconv.Itoa(h.GPUs) + " x "
	switch p.ID {
	case PathNetwork:
		if len(h.Ports) == 0 {
			return PathCeiling{}, &PathError{h.Name, p.ID, "no network port of it is cited", h.PathIDs()}
		}
		return PathCeiling{Path: p, GPUs: h.GPUs, Total: h.Ceiling(), Breakdown: h.Breakdown(), Cite: h.Ports[0].Each.Cite}, nil
	case PathPCIeH2D:
		if h.HostLink.Name == "" {
			reason := "no PCIe link to the host's memory is cited"
			if h.C2C.Name != "" {
				reason = "its GPUs reach the CPU's memory over NVLink-C2C"
			}
			return PathCeiling{}, &PathError{h.Name, p.ID, reason, h.PathIDs()}
		}
		each := h.HostLink.V()
		return PathCeiling{Path: p, PerGPU: each, GPUs: h.GPUs, Total: n * each,
			Breakdown: count + each.String() + " (" + h.HostLinkName + ", raw, one way)", Cite: h.HostLink.Cite}, nil
	case PathNVLink:
		c, ok := chipSpec(h.Chip)
		if !ok || c.ScaleUp.Name == "" || !strings.HasPrefix(c.ScaleUpKind, "NVLink") {
			return PathCeiling{}, &PathError{h.Name, p.ID, "its GPUs have no cited NVLink", h.PathIDs()}
		}
		if h.GPUs < 2 {
			return PathCeiling{}, &PathError{h.Name, p.ID, "it holds one GPU", h.PathIDs()}
		}
		each := oneWay(c.ScaleUp.V())
		return PathCeiling{Path: p, PerGPU: each, GPUs: h.GPUs, Total: n * each,
			Breakdown: fmt.Sprintf("%s%v (%s %s: %v both ways, half of it one way)", count, each, c.Name, c.ScaleUpKind, c.ScaleUp.V()),
			Cite:      c.ScaleUp.Cite}, nil
	case PathC2C:
		if h.C2C.Name == "" {
			return PathCeiling{}, &PathError{h.Name, p.ID, "no NVLink-C2C figure is cited for it", h.PathIDs()}
		}
		each := oneWay(h.C2C.V())
		return PathCeiling{Path: p, PerGPU: each, GPUs: h.GPUs, Total: n * each,
			Breakdown: fmt.Sprintf("%s%v (NVLink-C2C: %v both ways, half of it one way)", count, each, h.C2C.V()), Cite: h.C2C.Cite}, nil
	}
	return PathCeiling{}, &PathError{h.Name, p.ID, "no local NVMe drive's rate is cited for any host here", h.PathIDs()}
}

// PathIDs lists the paths the host has a ceiling on.
func (h Host) PathIDs() []string {
	var ids []string
	if len(h.Ports) > 0 {
		ids = append(ids, PathNetwork)
	}
	if h.HostLink.Name != "" {
		ids = append(ids, PathPCIeH2D)
	}
	if c, ok := chipSpec(h.Chip); ok && c.ScaleUp.Name != "" && strings.HasPrefix(c.ScaleUpKind, "NVLink") && h.GPUs > 1 {
		ids = append(ids, PathNVLink)
	}
	if h.C2C.Name != "" {
		ids = append(ids, PathC2C)
	}
	return ids
}

// PathCeilings returns the host's ceiling on each path it has.
func (h Host) PathCeilings() []PathCeiling {
	var out []PathCeiling
	for _, id := range h.PathIDs() {
		if p, err := h.PathCeiling(id); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// LinkPath returns the load path a named link implies (a link preset's
// name, as breakeven.Link.Name holds it): PCIe links are host to device,
// NVLink GPU to GPU, NVLink-C2C CPU to GPU; "" for a network link or a
// link given by its speed.
func LinkPath(linkName string) string {
	p, ok := FindLinkPreset(linkName)
	if !ok {
		return ""
	}
	switch p.Kind {
	case "PCIe":
		return PathPCIeH2D
	case "NVLink":
		return PathNVLink
	case "NVLink-C2C":
		return PathC2C
	}
	return ""
}
