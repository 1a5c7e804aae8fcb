package sources

import "signalweight.dev/kv/breakeven"

// This file holds the named links the calculator and the fact-checker
// accept ("--link ndr", "--links 2xPCIe5x16"): standard line rates, the
// links of the post's own tests, and llm-d's measured transports.
//
// A standard line rate is the nominal rate its name gives (100GbE is
// 100 Gbit/s); no standard's own text was read. Each rate is cited where
// it was seen named, with that page's words. A PCIe rate is raw: lanes x
// transfers per second, one bit per transfer, before 128b/130b coding and
// protocol overhead, so a real x16 link moves somewhat less.

// The sources of the standard line rates.
const (
	AMDMRMAC     SourceID = "amd-pg314-mrmac"
	AMDDCMAC     SourceID = "amd-pg369-dcmac"
	IEEE8023df   SourceID = "ieee-802.3df-2024"
	NVIDIANDR    SourceID = "nvidia-superpod-ndr"
	NVIDIAXDR    SourceID = "nvidia-xdr-switches"
	NVIDIACX5    SourceID = "nvidia-connectx5-manual"
	PCIe5Release SourceID = "pcisig-pcie5-highlights"
)

func init() {
	register(
		Source{AMDMRMAC, "Versal Devices Integrated 100G Multirate Ethernet MAC Subsystem Product Guide (PG314), Standards", "AMD",
			"https://docs.amd.com/r/3.0-English/pg314-versal-mrmac/Standards?contentId=bSM2nk7QwSnaXZED_nhgtA", "2024-11-13", Partial,
			"the Standards page only: the subsystem follows IEEE 802.3-2018 for the 10GE, 25GE, 40GE and 100GE MAC rates; the standard itself was not read, so each rate is the nominal one its name gives"},
		Source{AMDDCMAC, "Versal Adaptive SoC 600G Channelized Multirate Ethernet Subsystem (DCMAC) Product Guide (PG369), Standards", "AMD",
			"https://docs.amd.com/r/3.0-English/pg369-dcmac/Standards?contentId=o0gFJpeub6Pi7FQEMXAEig", "2025-06-11", Partial,
			"the Standards page only: IEEE 802.3-2022 for the 100GE, 200GE and 400GE MAC rates; the standard itself was not read, so each rate is the nominal one its name gives"},
		Source{IEEE8023df, "IEEE Std 802.3df-2024, Amendment 9: Media Access Control Parameters for 800 Gb/s and Physical Layers and Management Parameters for 400 Gb/s and 800 Gb/s Operation", "IEEE",
			"https://asmedoc.com/?u=%2Fproduct%2Fpublishers%2Fieee%2Fieee-p802-3df-2024-2%2F", "2024", Partial,
			"the title and abstract on a reseller's catalogue page; the text was not read, so 800 Gb/s is the nominal rate its title gives"},
		Source{NVIDIANDR, "NVIDIA DGX SuperPOD: Data Center Design (cabling guide), NDR Overview", "NVIDIA",
			"https://docs.nvidia.com/dgx-superpod/design-guide-cabling-data-centers/latest/ndr-overview.html", "", Partial,
			"the opening of the NDR Overview: NDR InfiniBand links of 400 Gbps (four lanes of 100 Gbps) and NDR200 of 200 Gbps"},
		Source{NVIDIAXDR, "NVIDIA Q32xx and Q34xx XDR 800Gb/s InfiniBand Switch Systems User Manual", "NVIDIA",
			"https://docs.nvidia.com/networking/display/XDRSwitchesHWUM/Document-Revision-History", "2024-09", Partial,
			"the manual's title and revision history only; 800 Gb/s is the XDR rate its title gives"},
		Source{NVIDIACX5, "NVIDIA ConnectX-5 InfiniBand/Ethernet Adapter Cards User Manual, Interfaces", "NVIDIA",
			"https://docs.nvidia.com/networking/display/connectx5ib/interfaces", "", Partial,
			"the Interfaces page: PCIe Gen 4.0 and 3.0 compliant, a 2.5, 5.0, 8.0 or 16.0 GT/s link rate over x16"},
		Source{PCIe5Release, "PCIe 5.0 spec released (reposting PCI-SIG's specification highlights)", "firmwaresecurity.com, quoting PCI-SIG",
			"https://firmwaresecurity.com/2019/05/31/pcie-5-0-spec-released/", "2019-05-31", Partial,
			"the list of highlights: a 32 GT/s raw bit rate, and up to 128 GB/s over x16, counting both directions; PCI-SIG's own text not read"},
	)
}

// pcieX16 is the raw rate, in one direction, of a 16-lane PCIe link whose
// lanes each run at gtps gigatransfers per second: one bit per transfer
// per lane, before 128b/130b coding.
func pcieX16(gtps float64) breakeven.Bandwidth {
	const lanes = 16 // x16, by the link's name
	return breakeven.Bandwidth(lanes * gtps * 1e9 / 8)
}

// Standard line rates, per link.
var (
	Link25GbE = exact("link.25gbe", 25*breakeven.Gbps,
		quoted(AMDMRMAC, "Standards", "IEEE 802.3-2018 standard for 10GE, 25GE, 40GE, and 100GE Ethernet MAC rates"))
	Link100GbE = exact("link.100gbe", 100*breakeven.Gbps,
		quoted(AMDDCMAC, "Standards", "IEEE 802.3-2022 standard for 100GE, 200GE, and 400GE Ethernet MAC rates"))
	Link200GbE = exact("link.200gbe", 200*breakeven.Gbps,
		quoted(AMDDCMAC, "Standards", "IEEE 802.3-2022 standard for 100GE, 200GE, and 400GE Ethernet MAC rates"))
	Link400GbE = exact("link.400gbe", 400*breakeven.Gbps,
		quoted(AMDDCMAC, "Standards", "IEEE 802.3-2022 standard for 100GE, 200GE, and 400GE Ethernet MAC rates"))
	Link800GbE = exact("link.800gbe", 800*breakeven.Gbps,
		quoted(IEEE8023df, "title", "Media Access Control Parameters for 800 Gb/s"))
	LinkNDR = exact("link.ndr", 400*breakeven.Gbps,
		quoted(NVIDIANDR, "NDR Overview, list of new capabilities", "Link speeds of 400 Gbps (four lanes of 100 Gbps)"))
	LinkXDR = exact("link.xdr", 800*breakeven.Gbps,
		quoted(NVIDIAXDR, "title", "XDR 800Gb/s InfiniBand Switch Systems"))
	LinkPCIe4x16 = exact("link.pcie4-x16", pcieX16(16),
		quoted(NVIDIACX5, "Interfaces, PCI Express interface features; raw, before 128b/130b coding", "2.5, 5.0, or 8.0, or 16.0 GT/s link rate x16"))
	LinkPCIe5x16 = exact("link.pcie5-x16", pcieX16(32),
		quoted(PCIe5Release, "highlights; raw, before 128b/130b coding, in one direction (the 128 GB/s counts both)", "Delivers 32 GT/s raw bit rate and up to 128 GB/s via x16 configuration"))
)

// The GPU links, per GPU and one way: half of what the chip catalog (or,
// for NVLink-C2C, the GH200's datasheet) states for both directions.
var (
	LinkNVLinkH100 = exact("link.nvlink-h100", oneWay(h100ScaleUp().V()), h100ScaleUp().Cite)
	LinkC2CGH200   = exact("link.c2c-gh200", oneWay(GH200C2C.V()), GH200C2C.Cite)
)

// h100ScaleUp is the H100's NVLink as the chip catalog cites it.
func h100ScaleUp() Input[breakeven.Bandwidth] {
	c, _ := chipSpec("H100")
	return c.ScaleUp
}

// LinkPreset is a named link: Count links of Each, as the calculator and
// the fact-checker accept it by name.
type LinkPreset struct {
	Name    string   // "100GbE", as it prints
	Aliases []string // other names a user may type: "ndr400", "pcie5"
	Kind    string   // "Ethernet", "InfiniBand", "PCIe", "NVLink", "NVLink-C2C", "post" (a link the post names), "measured"
	Count   int      // links in the preset: 1 unless it is a bundle, such as VAST's two
	Each    Input[breakeven.Bandwidth]
	Note    string // what it is, in a few words
}

// Total returns the speed of all the preset's links together.
func (p LinkPreset) Total() breakeven.Bandwidth {
	return breakeven.Bandwidth(p.Count) * p.Each.V()
}

// LinkPresets lists the named links: standard line rates from the
// slowest, then the post's links, then llm-d's measured transports (what
// each delivered on a 100 Gbit/s NIC, not a line rate).
var LinkPresets = []LinkPreset{
	{"10GbE", []string{"10g", "10gbe"}, "Ethernet", 1, TenGbE, "the post's single 10 GbE link"},
	{"25GbE", []string{"25g"}, "Ethernet", 1, Link25GbE, "IEEE 802.3 25 Gb/s"},
	{"100GbE", []string{"100g"}, "Ethernet", 1, Link100GbE, "IEEE 802.3 100 Gb/s"},
	{"200GbE", []string{"200g"}, "Ethernet", 1, Link200GbE, "IEEE 802.3 200 Gb/s"},
	{"400GbE", []string{"400g"}, "Ethernet", 1, Link400GbE, "IEEE 802.3 400 Gb/s"},
	{"800GbE", []string{"800g"}, "Ethernet", 1, Link800GbE, "IEEE 802.3df 800 Gb/s"},
	{"NDR", []string{"ndr400", "ndr-400g", "ib-ndr", "infiniband-ndr", "NDR 400G InfiniBand"}, "InfiniBand", 1, LinkNDR, "NDR InfiniBand, 400 Gb/s"},
	{"XDR", []string{"xdr800", "xdr-800g", "ib-xdr", "infiniband-xdr", "XDR 800G InfiniBand"}, "InfiniBand", 1, LinkXDR, "XDR InfiniBand, 800 Gb/s"},
	{"PCIe4x16", []string{"pcie4", "pcie-gen4-x16", "gen4x16", "PCIe Gen4 x16"}, "PCIe", 1, LinkPCIe4x16, "16 GT/s x16, raw, one way"},
	{"PCIe5x16", []string{"pcie5", "pcie-gen5-x16", "gen5x16", "PCIe Gen5 x16"}, "PCIe", 1, LinkPCIe5x16, "32 GT/s x16, raw, one way"},
	{"NVLink", []string{"nvlink4", "nvlink-4", "h100-nvlink"}, "NVLink", 1, LinkNVLinkH100, "an H100's NVLink 4 per GPU, one way (900 GB/s both ways); with a host, its GPUs' NVLink"},
	{"C2C", []string{"nvlink-c2c", "gh200-c2c"}, "NVLink-C2C", 1, LinkC2CGH200, "a GH200's NVLink-C2C, CPU to GPU, one way (900 GB/s both ways)"},
	{"vast", []string{"vast-2x100", "vast-coreweave"}, "post", int(VASTLinks.V()), VASTLinkSpeed, "VAST/CoreWeave's two 100 Gbit/s links"},
	{"vast-sustained", []string{"vast-181"}, "post", 1, VASTThroughput, "what VAST's test sustained over them"},
	{"weka-ib", []string{"weka"}, "post", 1, WEKALinkSpeed, "the post's one 400 Gbit/s link for WEKA"},
	{"roce", []string{"rdma"}, "measured", 1, RoCE.Delivered, "llm-d: " + RoCE.Name},
	{"uccl", []string{"tcp-uccl"}, "measured", 1, UCCL.Delivered, "llm-d: " + UCCL.Name},
	{"ucx", []string{"tcp-ucx"}, "measured", 1, UCX.Delivered, "llm-d: " + UCX.Name},
}

// FindLinkPreset returns the preset whose name or alias matches name,
// ignoring case, spaces, hyphens and underscores.
func FindLinkPreset(name string) (LinkPreset, bool) {
	want := slug(name)
	if want == "" {
		return LinkPreset{}, false
	}
	for _, p := range LinkPresets {
		if slug(p.Name) == want {
			return p, true
		}
		for _, a := range p.Aliases {
			if slug(a) == want {
				return p, true
			}
		}
	}
	return LinkPreset{}, false
}
