package sources

import (
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// This file holds the host catalog of the fact-checker ("check --host"):
// for each kind of machine, the most it can take in from outside, its
// ceiling. A claim that needs more than its host's ceiling is
// implausible as stated, whatever links it names.
//
// A ceiling is the sum of the host's ports at their stated line rates,
// each count and rate cited: the network ports of a DGX or a GB200
// compute tray from NVIDIA's specifications, or, for a PCIe box, each
// GPU's own x16 link (a cache loaded into a GPU's memory crosses it). It
// counts every port, storage and compute fabric alike, at line rate,
// with no coding or protocol overhead deducted: an upper bound, so that a
// claim is never called implausible for want of a port. Where a source
// reports a lower delivered figure (WEKA's ~300 GB/s per DGX H100), the
// host's Note says so.

// The sources of the host catalog.
const (
	NVIDIABasePOD  SourceID = "nvidia-dgx-basepod-core-components"
	NVIDIAGB200MN  SourceID = "nvidia-gb200-multi-node-tuning-guide"
	MLCommonsGB200 SourceID = "mlcommons-inference-v6.1-crusoe-gb200"
	L40SDatasheet  SourceID = "nvidia-l40s-datasheet-copy"
)

func init() {
	register(
		Source{NVIDIABasePOD, "NVIDIA DGX BasePOD: Reference Architecture, Core Components", "NVIDIA",
			"https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html", "", Read,
			"the key specifications of DGX B200 and of DGX H200 and H100: eight GPUs, eight single-port ConnectX-7 VPI behind four OSFP ports and two dual-port QSFP112 adapters (ConnectX-7 on H100 and H200, BlueField-3 on B200), up to 400 Gb/s InfiniBand/Ethernet"},
		Source{NVIDIAGB200MN, "Multi-Node Tuning Guide: Understanding Your Grace-Blackwell Systems", "NVIDIA",
			"https://docs.nvidia.com/multi-node-nvlink-systems/multi-node-tuning-guide/system.html", "", Partial,
			"the GB200 NVL72 reference configuration (18 compute trays of 4 GPUs) and the network overview: each tray reaches the Ethernet switch through two BlueField-3 NICs on 400G ports; the compute-fabric NICs are named (CX7) but not counted on the part read"},
		Source{MLCommonsGB200, "MLPerf Inference v6.1, closed, Crusoe: GB200-NVL72 system description", "MLCommons (Crusoe's submission)",
			"https://github.com/mlcommons/inference_results_v6.1/blob/main/closed/Crusoe/systems/GB200-NVL72_GB200-186GB_aarch64x16_Dynamo.json", "", Read,
			"host_network_card_count: four BlueField-3 [ConnectX-7 Lx] per 4-GPU node; no port speed given"},
		Source{L40SDatasheet, "NVIDIA L40/L40S specifications (NVIDIA's datasheet table, as a reseller reprints it)", "mullet.se, reprinting NVIDIA",
			"https://www.mullet.se/product.html?product_id=355414", "", Partial,
			"the datasheet's table: Interconnect Interface 'PCIe Gen4 x16: 64GB/s bidirectional'; NVIDIA's own page not read"},
	)
}

// The cited counts and rates the hosts are built from.
var (
	// The network ports of a DGX H100 or H200: eight single-port
	// ConnectX-7 and two dual-port adapters, twelve ports.
	DGXHopperComputePorts = exact("host.dgx-hopper.compute-ports", 8.0,
		quoted(NVIDIABasePOD, "NVIDIA DGX H200 and H100 Systems, key specifications", "Four OSFP ports serving eight single-port NVIDIA ConnectX-7 VPI"))
	DGXHopperStoragePorts = exact("host.dgx-hopper.storage-ports", 2*2.0,
		quoted(NVIDIABasePOD, "NVIDIA DGX H200 and H100 Systems, key specifications; two adapters of two ports", "2x dual-port QSFP112 NVIDIA ConnectX-7 VPI, up to 400 Gb/s InfiniBand/Ethernet"))
	DGXHopperPortRate = exact("host.dgx-hopper.port-rate", 400*breakeven.Gbps,
		quoted(NVIDIABasePOD, "NVIDIA DGX H200 and H100 Systems, key specifications", "up to 400 Gb/s InfiniBand/Ethernet"))
	// The GPUs of a DGX B200 (a DGX H100's or H200's: DGXH100GPUs).
	DGXB200GPUs = exact("host.dgx-b200.gpus", 8.0,
		quoted(NVIDIABasePOD, "NVIDIA DGX B200 System, key specifications", "Built with eight NVIDIA B200"))
	DGXB200ComputePorts = exact("host.dgx-b200.compute-ports", 8.0,
		quoted(NVIDIABasePOD, "NVIDIA DGX B200 System, key specifications", "4x OSFP ports serving 8x single-port NVIDIA ConnectX-7 VPI"))
	DGXB200StoragePorts = exact("host.dgx-b200.storage-ports", 2*2.0,
		quoted(NVIDIABasePOD, "NVIDIA DGX B200 System, key specifications; two DPUs of two ports", "2x dual-port QSFP112 NVIDIA BlueField-3 DPU"))
	DGXB200PortRate = exact("host.dgx-b200.port-rate", 400*breakeven.Gbps,
		quoted(NVIDIABasePOD, "NVIDIA DGX B200 System, key specifications", "Up to 400Gb/s InfiniBand/Ethernet"))
	// GB200 NVL72, per compute tray (4 GPUs): four compute-fabric NICs
	// (counted by MLCommons, at ConnectX-7's 400 Gb/s) and two BlueField-3
	// on 400G ports.
	GB200TrayComputeNICs = exact("host.gb200-tray.compute-nics", 4.0,
		quoted(MLCommonsGB200, "host_network_card_count", "for each 4-GPU node: 4x Mellanox MT43244 BlueField-3 [ConnectX-7 Lx]"))
	GB200TrayComputeRate = exact("host.gb200-tray.compute-rate", 400*breakeven.Gbps,
		quoted(NVIDIABasePOD, "the ConnectX-7's rate, as DGX systems state it", "up to 400 Gb/s InfiniBand/Ethernet"))
	GB200TrayFrontNICs = exact("host.gb200-tray.front-nics", 2.0,
		quoted(NVIDIAGB200MN, "Network Overview, External-net", "Each compute tray connects to the ethernet switch through the two BF-3 NICs, and the external-net is on the 400G ports"))
	GB200TrayFrontRate = exact("host.gb200-tray.front-rate", 400*breakeven.Gbps,
		quoted(NVIDIAGB200MN, "Network Overview, External-net", "the external-net is on the 400G ports"))
	GB200TrayGPUs = exact("host.gb200-tray.gpus", 4.0,
		quoted(NVIDIAGB200MN, "The 72x1 Configuration", "18x 1RU Compute trays (4 GPUs per compute tray)"))
	// L40SLink is an L40S's own link, PCIe Gen4 x16, raw, one way.
	L40SLink = exact("host.l40s.link", pcieX16(16),
		quoted(L40SDatasheet, "Interconnect Interface row; 16 GT/s x16, raw, one way (the 64 GB/s counts both ways)", "PCIe Gen4 x16: 64GB/s bidirectional"))
)

// HostPorts is a number of like ports on a host.
type HostPorts struct {
	Count Input[float64]
	Each  Input[breakeven.Bandwidth]
	What  string // "compute-fabric ConnectX-7"
}

// Total is Count x Each.
func (p HostPorts) Total() breakeven.Bandwidth { return breakeven.Bandwidth(p.Count.V()) * p.Each.V() }

// Host is a kind of machine in the host catalog.
type Host struct {
	ID      string   // what --host takes: "dgx-h100"
	Name    string   // "DGX H100"
	Aliases []string // "hgx-h100"
	GPUs    int      // the GPUs it holds (a GB200 NVL72 host is one compute tray)
	Ports   []HostPorts
	Note    string // what a reader should know: what the ceiling counts, evidence that disagrees
	// The figures of its other load paths (paths.go); a zero Input (no
	// Name) where the host has no such path or none is cited.
	Chip         string                     // its GPU in the chip catalog, for NVLink: "H100"
	HostLink     Input[breakeven.Bandwidth] // each GPU's PCIe link to the host's memory, one way
	HostLinkName string                     // "PCIe Gen5 x16"
	C2C          Input[breakeven.Bandwidth] // NVLink-C2C, both directions together, as stated
}

// Ceiling is the most the host can take in: its ports at line rate.
func (h Host) Ceiling() breakeven.Bandwidth {
	var c breakeven.Bandwidth
	for _, p := range h.Ports {
		c += p.Total()
	}
	return c
}

// Breakdown writes the ceiling's arithmetic: "8 x 400 Gbit/s +
// 4 x 400 Gbit/s".
func (h Host) Breakdown() string {
	parts := make([]string, len(h.Ports))
	for i, p := range h.Ports {
		parts[i] = strconv.FormatFloat(p.Count.V(), 'f', -1, 64) + " x " + p.Each.V().Bits() + " " + p.What
	}
	return strings.Join(parts, " + ")
}

// pcieBox is a box of n GPUs, each on its own x16 link.
func pcieBox(id, name string, n int, link Input[breakeven.Bandwidth], what string) Host {
	count := Input[float64]{Name: "host." + id + ".gpus", Value: breakeven.Exact(float64(n)),
		Cite: Cite{Source: link.Source, Locator: "the GPU count is the host's name; " + link.Locator, Quote: link.Quote}}
	return Host{ID: id, Name: name, GPUs: n, Ports: []HostPorts{{count, link, what}},
		Note:     "each GPU's own x16 link, raw, one way; a cache loaded into the GPUs' memory crosses them, whatever the NICs",
		HostLink: link, HostLinkName: strings.TrimSuffix(what, " links")}
}

// Hosts returns the host catalog.
func Hosts() []Host {
	hopper := []HostPorts{
		{DGXHopperComputePorts, DGXHopperPortRate, "compute-fabric ConnectX-7"},
		{DGXHopperStoragePorts, DGXHopperPortRate, "storage ConnectX-7 ports"},
	}
	return []Host{
		{ID: "dgx-h100", Name: "DGX H100", Aliases: []string{"hgx-h100", "dgxh100"}, GPUs: int(DGXH100GPUs.V()), Ports: hopper,
			Note: "WEKA states ~300 GB/s delivered per DGX H100 host, half of this ceiling; an HGX H100 server from another maker is read as the DGX's ports",
			Chip: "H100", HostLink: LinkPCIe5x16, HostLinkName: "PCIe Gen5 x16"},
		{ID: "dgx-h200", Name: "DGX H200", Aliases: []string{"hgx-h200", "dgxh200"}, GPUs: int(DGXH100GPUs.V()), Ports: hopper,
			Note: "the DGX H100's ports; an HGX H200 server from another maker is read as the DGX's ports",
			Chip: "H200", HostLink: LinkPCIe5x16, HostLinkName: "PCIe Gen5 x16"},
		{ID: "dgx-b200", Name: "DGX B200", Aliases: []string{"hgx-b200", "dgxb200"}, GPUs: int(DGXB200GPUs.V()), Ports: []HostPorts{
			{DGXB200ComputePorts, DGXB200PortRate, "compute-fabric ConnectX-7"},
			{DGXB200StoragePorts, DGXB200PortRate, "BlueField-3 ports"},
		}, Note: "an HGX B200 server from another maker is read as the DGX's ports",
			Chip: "B200", HostLink: LinkPCIe5x16, HostLinkName: "PCIe Gen5 x16"},
		{ID: "gb200-nvl72", Name: "GB200 NVL72 compute tray", Aliases: []string{"gb200", "nvl72", "gb200-tray"}, GPUs: int(GB200TrayGPUs.V()), Ports: []HostPorts{
			{GB200TrayComputeNICs, GB200TrayComputeRate, "compute-fabric NICs"},
			{GB200TrayFrontNICs, GB200TrayFrontRate, "BlueField-3 front-end NICs"},
		}, Note: "one compute tray of 4 GPUs, the unit a load lands on; a whole rack is 18 trays; its GPUs reach the Grace CPUs' memory over NVLink-C2C, whose GB200 figure was not read",
			Chip: "GB200"},
		{ID: "gh200", Name: "GH200 Grace Hopper Superchip", Aliases: []string{"grace-hopper", "gh200-superchip"}, GPUs: 1,
			Note: "one superchip, a Grace CPU and a Hopper GPU joined by NVLink-C2C, the path a cache offloaded to CPU memory comes back on; its network ports depend on the server built around it and none is cited, so it has no network ceiling here",
			Chip: "GH200", C2C: GH200C2C},
		pcieBox("4xl40s", "4x L40S (PCIe Gen4)", 4, L40SLink, "L40S PCIe Gen4 x16 links"),
		pcieBox("8xl40s", "8x L40S (PCIe Gen4)", 8, L40SLink, "L40S PCIe Gen4 x16 links"),
		pcieBox("pcie4-8gpu", "8 GPUs on PCIe Gen4 x16", 8, LinkPCIe4x16, "PCIe Gen4 x16 links"),
		pcieBox("pcie5-8gpu", "8 GPUs on PCIe Gen5 x16", 8, LinkPCIe5x16, "PCIe Gen5 x16 links"),
	}
}

// FindHost returns the host whose id, name or alias matches name, ignoring
// case, spaces, hyphens and underscores.
func FindHost(name string) (Host, bool) {
	want := slug(name)
	if want == "" {
		return Host{}, false
	}
	for _, h := range Hosts() {
		for _, n := range append([]string{h.ID, h.Name}, h.Aliases...) {
			if slug(n) == want || strings.ReplaceAll(slug(n), "-", "") == strings.ReplaceAll(want, "-", "") {
				return h, true
			}
		}
	}
	return Host{}, false
}

// HostIDs lists the ids --host takes.
func HostIDs() []string {
	var ids []string
	for _, h := range Hosts() {
		ids = append(ids, h.ID)
	}
	return ids
}
