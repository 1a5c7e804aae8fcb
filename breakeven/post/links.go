package post

import (
	"fmt"
	"sort"
	"strconv"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Link is a link speed the post compares break-evens with: a line rate as
// sold, or a bandwidth a test measured.
type Link struct {
	Name      string
	Bandwidth E[breakeven.Bandwidth]
	// Measured is set for a bandwidth a test delivered, as opposed to a
	// link's nominal line rate.
	Measured bool
	sources.Cite
}

// Kind is "measured" or "line rate".
func (l Link) Kind() string {
	if l.Measured {
		return "measured"
	}
	return "line rate"
}

// gbit prints a line rate as links are sold, with no trailing zeros:
// "10 Gbit/s", "181 Gbit/s", "400 Gbit/s".
func gbit(bw breakeven.Bandwidth) string {
	return strconv.FormatFloat(float64(bw/breakeven.Gbps), 'g', 4, 64) + " Gbit/s"
}

// ComparedLinks returns the links the post compares with the break-evens,
// slowest first: one 10 GbE link, llm-d's three transports on one
// 100 Gbit/s NIC, VAST's sustained throughput, and one 400 Gbit/s
// InfiniBand link.
func ComparedLinks() []Link {
	tr := func(t sources.Transport) Link {
		return Link{Name: t.Name, Bandwidth: t.Delivered.Value, Measured: true, Cite: t.Delivered.Cite}
	}
	links := []Link{
		tr(sources.UCX),
		{Name: "one " + gbit(sources.TenGbE.V()) + " Ethernet link", Bandwidth: sources.TenGbE.Value, Cite: sources.TenGbE.Cite},
		tr(sources.UCCL),
		tr(sources.RoCE),
		{Name: fmt.Sprintf("VAST's %s over %.0f x %s", gbit(sources.VASTThroughput.V()), sources.VASTLinks.V(), gbit(sources.VASTLinkSpeed.V())),
			Bandwidth: sources.VASTThroughput.Value, Measured: true, Cite: sources.VASTThroughput.Cite},
		{Name: "one " + gbit(sources.WEKALinkSpeed.V()) + " InfiniBand link", Bandwidth: sources.WEKALinkSpeed.Value, Cite: sources.WEKALinkSpeed.Cite},
	}
	// Slowest first, whatever the inputs say.
	sort.SliceStable(links, func(i, j int) bool { return links[i].Bandwidth.Value < links[j].Bandwidth.Value })
	return links
}

// LinkRow is one link against the three published break-evens.
type LinkRow struct {
	Link Link
	// Speedups holds B / B* for each row of BreakEvenTable, in its order:
	// above 1 loading wins.
	Speedups []E[float64]
	// Beaten counts the break-evens the link's nominal bandwidth exceeds.
	Beaten int
}

// LinkTable compares each of ComparedLinks with each published
// break-even: the opening's "a single 10 GbE link would clear it", the
// transports and VAST's throughput.
func LinkTable() []LinkRow {
	tests := BreakEvenTable()
	var rows []LinkRow
	for _, l := range ComparedLinks() {
		row := LinkRow{Link: l}
		for _, t := range tests {
			s := breakeven.Apply2(l.Bandwidth, t.BreakEven, breakeven.Speedup)
			row.Speedups = append(row.Speedups, s)
			if s.Value > 1 {
				row.Beaten++
			}
		}
		rows = append(rows, row)
	}
	return rows
}
