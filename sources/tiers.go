package sources

// Tier is a place a KV cache can sit, in NVIDIA's naming.
type Tier struct {
	Name  string // "G1"
	Place string // what it is
	// Reuse says who can pick up a cache parked there.
	Reuse string
	Cite
}

// Tiers lists the places a cache can sit, from the GPU outwards. G3.5 sits
// between a server's own SSD and cluster-wide storage.
var Tiers = []Tier{
	{"G1", "GPU memory (HBM)", "only the GPUs holding it; the cache must be here while the model reads it",
		quoted(NVIDIAICMS, "tier list", "G1 GPU HBM")},
	{"G2", "the server's own DRAM", "requests that land on the same server",
		quoted(NVIDIAICMS, "tier list", "G2 system RAM")},
	{"G3", "the server's local SSD", "requests that land on the same server",
		quoted(NVIDIAICMS, "tier list", "G3 local SSD")},
	{"G3.5", "flash shared within one pod of servers", "any server in the pod",
		Cite{Source: NVIDIAICMS, Locator: "pod-level flash tier, via secondary reports and the post", ViaPost: true}},
	{"G4", "shared storage every server in the cluster can reach", "any server in the cluster",
		quoted(NVIDIAICMS, "tier list", "G4 shared storage")},
}
