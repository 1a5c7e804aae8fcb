package factcheck

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// maxTP bounds a tensor-parallel degree: no NVLink domain here holds more
// GPUs than a GB200 NVL72 rack.
const maxTP = 1024

// readPath reads the claim's tensor-parallel degree and its load path,
// and takes the host's ceiling on that path:
//
//   - a path stated (--path, a path column) is used as stated;
//   - else the links may imply one: a PCIe preset is host to device, an
//     NVLink preset GPU to GPU, a C2C preset NVLink-C2C;
//   - else, with a host, a link faster than every network port the host
//     has cannot be one of them: it is read as the slowest of the host's
//     other paths whose per-GPU ceiling carries it, and the output says so;
//   - else the network into the host is assumed, and the output says so.
//
// Under tensor parallelism (TP above 1) the ceiling is one GPU's: its own
// link on a per-GPU path, or its share of the host's network.
func (c *Checker) readPath(r *Result) error {
	cl := r.Claim
	r.TP = 1
	if s := strings.TrimSpace(cl.TP); s != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(s), "tp="))
		switch {
		case err != nil:
			return breakeven.Bad("tp", cl.TP, "not a whole number of GPUs", exampleTP)
		case n < 1:
			return breakeven.Bad("tp", cl.TP, "a tensor-parallel degree is 1 GPU or more", exampleTP)
		case n > maxTP:
			return breakeven.Bad("tp", cl.TP, fmt.Sprintf("more than %d GPUs share no one NVLink domain here", maxTP), exampleTP)
		}
		r.TP = n
	}
	stated := strings.TrimSpace(cl.Path)
	switch {
	case stated != "":
		if len(stated) > breakeven.MaxInput {
			return breakeven.Bad("path", cl.Path, "too long", examplePath)
		}
		p, ok := sources.FindLoadPath(stated)
		if !ok {
			return breakeven.Bad("path", cl.Path, "unknown load path (known: "+strings.Join(sources.LoadPathIDs(), ", ")+")", examplePath)
		}
		r.Path, r.PathWhy = p, "stated"
	case r.Link != nil && sources.LinkPath(r.Link.Name) != "":
		p, _ := sources.FindLoadPath(sources.LinkPath(r.Link.Name))
		r.Path, r.PathWhy = p, "implied by the stated links, "+r.Link.Name
	case r.Link != nil && r.Host != nil:
		r.Path, r.PathWhy = fasterThanPorts(*r.Host, r.Link.Each)
	}
	if r.Path.ID == "" {
		r.Path, _ = sources.FindLoadPath(sources.PathNetwork)
		if r.PathWhy == "" {
			r.PathWhy = "assumed: no path stated (--path sets one)"
		}
	}
	if r.Host == nil || r.CeilingFrom == "--ceiling" {
		if r.CeilingFrom == "--ceiling" && r.oneGPU() {
			r.Ceiling = c.opt.Ceiling / breakeven.Bandwidth(r.TP)
		}
		return nil
	}
	pc, err := r.Host.PathCeiling(r.Path.ID)
	if err != nil && stated != "" {
		return breakeven.Bad("path", cl.Path, err.Error(), examplePath)
	}
	if err != nil {
		// A path inferred or assumed that the host lacks: the network if
		// it has one, else its only path (a GH200's NVLink-C2C); the
		// output says why.
		why := r.PathWhy + "; but " + err.Error()
		fallback := sources.PathNetwork
		if ids := r.Host.PathIDs(); len(ids) > 0 && ids[0] != sources.PathNetwork {
			fallback = ids[0]
		}
		if pc, err = r.Host.PathCeiling(fallback); err != nil {
			r.Ceiling, r.CeilingFrom = 0, ""
			r.PathWhy = why + ", so no ceiling is taken"
			return nil
		}
		r.Path = pc.Path
		r.PathWhy = why + ", so " + pc.Path.Name + " is assumed (--path names another)"
	}
	r.PathCeiling = &pc
	if r.Link != nil && sources.LinkPath(r.Link.Name) == pc.Path.ID && pc.PerGPU > 0 && r.Link.Each != pc.PerGPU {
		// A GPU-link preset names the link, not its generation: on a host,
		// it is that host's GPUs' link.
		r.Link.Each = pc.PerGPU
		r.PathWhy += fmt.Sprintf(", at a %s's rate of %v per GPU", r.Host.Name, pc.PerGPU)
	}
	r.Ceiling = pc.Total
	if r.oneGPU() {
		r.Ceiling = pc.PerGPUShare(r.TP)
	}
	if pc.Path.ID != sources.PathNetwork {
		r.CeilingFrom = "host " + r.Host.Name + ", " + pc.Path.Name
	} else if r.oneGPU() {
		r.CeilingFrom = "host " + r.Host.Name + ", 1/" + strconv.Itoa(r.TP) + " of its network"
	}
	return nil
}

// fasterThanPorts reads a link faster than every network port of the
// host as one of its other paths: the slowest whose per-GPU ceiling
// carries it. With none, the network is kept and the reason says why the
// verdict will fail.
func fasterThanPorts(h sources.Host, each breakeven.Bandwidth) (sources.LoadPath, string) {
	var fastest breakeven.Bandwidth
	for _, p := range h.Ports {
		fastest = max(fastest, p.Each.V())
	}
	if len(h.Ports) > 0 && float64(each) <= float64(fastest)*(1+tolerance) {
		return sources.LoadPath{}, ""
	}
	var best *sources.PathCeiling
	for _, pc := range h.PathCeilings() {
		if pc.PerGPU > 0 && float64(each) <= float64(pc.PerGPU)*(1+1e-3) && (best == nil || pc.PerGPU < best.PerGPU) {
			pc := pc
			best = &pc
		}
	}
	if best == nil {
		return sources.LoadPath{}, fmt.Sprintf("assumed: no path stated, and no path of a %s carries %v per link (--path sets one)", h.Name, each)
	}
	return best.Path, fmt.Sprintf("implied by the stated links: %v per link is faster than any network port of a %s (%v), so not one of them; read as %s, whose %v per GPU carries it",
		each, h.Name, fastest.Bits(), best.Path.Name, best.PerGPU)
}

// arch is the model's architecture at the claim's element type and,
// under tensor parallelism, one GPU's shard of it.
func (r *Result) arch() breakeven.Architecture {
	a := r.Model.Arch.With(r.Element, 1)
	if r.TP > 1 {
		a, r.ShardNote = shardArch(a, r.TP)
	}
	return a
}

// shardArch is one GPU's shard of arch under tensor parallelism of n: a
// grouped-query layer's KV heads split across the GPUs (each holds
// ceil(heads / n), at least one, so heads fewer than GPUs are
// replicated); any other layer (MLA's latent, DeepSeek V4's single-head
// compressed entries, a linear state, a reported size) is held whole on
// every GPU. The note says which.
func shardArch(a breakeven.Architecture, n int) (breakeven.Architecture, string) {
	groups := make([]breakeven.LayerGroup, len(a.Groups))
	copy(groups, a.Groups)
	var split, whole []string
	for i, g := range groups {
		if g.Attention == breakeven.GQA && g.KVHeads > 0 {
			per := int(math.Ceil(float64(g.KVHeads) / float64(n)))
			groups[i].KVHeads = per
			s := fmt.Sprintf("%d KV heads over %d GPUs, %d each", g.KVHeads, n, per)
			if g.KVHeads < n {
				s += " (replicated: fewer heads than GPUs)"
			}
			split = append(split, s)
			continue
		}
		whole = append(whole, string(g.Attention))
	}
	a.Groups = groups
	note := "TP=" + strconv.Itoa(n) + ": "
	if len(split) > 0 {
		note += strings.Join(dedupe(split), "; ")
	}
	if len(whole) > 0 {
		if len(split) > 0 {
			note += "; "
		}
		note += strings.Join(dedupe(whole), ", ") + " layers held whole on every GPU"
	}
	return a, note
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// RateCheck is a stated throughput against the bytes and time the claim
// also states.
type RateCheck struct {
	Stated breakeven.Bandwidth // as written
	// Implied is the loaded bytes over the stated time.
	Implied breakeven.Bandwidth
	// Reading is "" when they agree as written, the misreading under
	// which they do ("GiB/s written as GB/s"), or NoMatch.
	Reading string
	NoMatch bool
}

// checkRate compares the stated throughput with the bytes loaded over the
// stated time, each at the precision written: as written, then with the
// throughput's prefix read the other way (GiB/s written as GB/s).
func checkRate(r *Result) *RateCheck {
	rc := &RateCheck{Stated: r.Throughput, Implied: breakeven.RequiredBandwidth(r.Loaded, r.Seconds)}
	ds := halfStep(r.Claim.Seconds, float64(r.Seconds))
	lo := float64(r.Loaded) / (float64(r.Seconds) + ds)
	hi := math.Inf(1)
	if float64(r.Seconds) > ds {
		hi = float64(r.Loaded) / (float64(r.Seconds) - ds)
	}
	agrees := func(bw breakeven.Bandwidth) bool {
		h := halfStep(r.Claim.Throughput, float64(r.Throughput)) * float64(bw/r.Throughput)
		return float64(bw)+h >= lo*(1-1e-9) && float64(bw)-h <= hi*(1+1e-9)
	}
	if agrees(r.Throughput) {
		return rc
	}
	if swapped, name := swapRate(r.Claim.Throughput, r.Throughput); swapped > 0 && agrees(swapped) {
		rc.Reading = name
		return rc
	}
	rc.NoMatch = true
	return rc
}

// swapRate is swapPrefix for a rate in bytes ("40 GB/s" as GiB/s, "40
// GiB/s" as GB/s); 0 for a rate in bits, which has no binary reading.
func swapRate(text string, bw breakeven.Bandwidth) (breakeven.Bandwidth, string) {
	m := rateUnit(text)
	if m == nil || m[1] == "b" {
		return 0, "" // no unit, or bits: Gb/s, Gbps
	}
	b, name := swapPrefix(m[0], breakeven.Bytes(bw))
	if b == 0 {
		return 0, ""
	}
	return breakeven.Bandwidth(b), strings.ReplaceAll(name, "B written", "B/s written") + "/s"
}

// rateUnit finds a rate's unit: a prefix, an optional i, B (bytes) or b
// (bits), then per second. It returns what FindStringSubmatch of
// [KMGTkmgt]i?([Bb])(?:/s|ps|/sec) would (the unit and its B or b), or
// nil; matched by hand, so the web page's WebAssembly module links no
// regexp (docs/web.md).
func rateUnit(s string) []string {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("KMGTkmgt", s[i]) < 0 {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == 'i' {
			j++
		}
		if j >= len(s) || (s[j] != 'B' && s[j] != 'b') {
			continue
		}
		// "/sec" begins with "/s", which the pattern tries first.
		if rest := s[j+1:]; strings.HasPrefix(rest, "/s") || strings.HasPrefix(rest, "ps") {
			return []string{s[i : j+3], s[j : j+1]}
		}
	}
	return nil
}

// ceilingBreakdown is the arithmetic of the ceiling the claim was judged
// against: the path's, or the host's ports.
func (r Result) ceilingBreakdown() string {
	if r.PathCeiling == nil || r.Host == nil {
		if r.Host != nil {
			return r.Host.Breakdown()
		}
		return ""
	}
	s := r.PathCeiling.Breakdown
	if r.oneGPU() {
		s += fmt.Sprintf("; one GPU of %d: %v", r.TP, r.Ceiling)
	}
	return s
}

// oneGPU reports a claim whose figures are one GPU's: it states its
// tensor parallelism (--tp), even of 1, a cache loaded into one GPU.
func (r Result) oneGPU() bool { return strings.TrimSpace(r.Claim.TP) != "" }

// shardText says how the cache splits across the GPUs.
func (r Result) shardText() string {
	if r.TP <= 1 {
		return "the whole cache on one GPU"
	}
	return r.ShardNote
}
