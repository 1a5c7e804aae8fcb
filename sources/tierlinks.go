package sources

// This file holds the links of the tier map: for each place a cache can
// sit, the link a hit from it comes up over into GPU memory, and the link
// a miss hands its fresh cache over on. Each default is a link preset
// whose speed is already typed, with its citation, in links.go or
// inputs.go; this file only says which link serves which route, and why.
// Where no source gives a speed for a route, Preset is empty and the
// reader supplies their own value.

// TierLink is the default link of one route on the tier map.
type TierLink struct {
	Tier  string // "G2"; "handover" for the miss route
	Route string // "hit" or "miss"
	// Link says what the link is, in a few words.
	Link string
	// Preset is the default, as the calculator's --link accepts it
	// ("PCIe5x16", "vast-sustained"); empty when no cited value exists
	// (the reader gives theirs) or when nothing moves (G1).
	Preset string
	// NoTransfer is set for G1: a hit there needs no load at all.
	NoTransfer bool
	Cite
}

// YourValue is what the page shows where no cited default exists.
const YourValue = "your value"

// TierLinks lists the routes of the tier map: a hit from each tier in
// Tiers' order, then the miss route's handover between GPUs.
var TierLinks = []TierLink{
	{Tier: "G1", Route: "hit", Link: "none: the cache is already in GPU memory", NoTransfer: true,
		Cite: Tiers[0].Cite},
	{Tier: "G2", Route: "hit", Link: "host DRAM to GPU over PCIe Gen5 x16 (raw, one way)", Preset: "PCIe5x16",
		Cite: LinkPCIe5x16.Cite},
	{Tier: "G3", Route: "hit", Link: "local NVMe SSD to GPU; no source here gives its speed: " + YourValue,
		Cite: Cite{Source: Post, Locator: "Where the cache lives: G3 is named, no speed is given; " + YourValue, ViaPost: true}},
	{Tier: "G3.5", Route: "hit", Link: "pod-shared flash over an RDMA NIC: llm-d's RoCE on 100 Gbit/s, as measured; " + YourValue + " for your pod", Preset: "roce",
		Cite: RoCE.Delivered.Cite},
	{Tier: "G4", Route: "hit", Link: "shared storage over the network: what VAST's test sustained over two 100 Gbit/s links", Preset: "vast-sustained",
		Cite: VASTThroughput.Cite},
	{Tier: "handover", Route: "miss", Link: "prefill GPUs to decode GPUs: llm-d's RoCE on a 100 Gbit/s NIC, as measured", Preset: "roce",
		Cite: RoCE.Delivered.Cite},
}
