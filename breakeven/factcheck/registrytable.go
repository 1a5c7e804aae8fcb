package factcheck

import (
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// RegistryHeader is the header of RegistryRows: the columns a reader needs
// to follow each published claim, units in the headers.
var RegistryHeader = []string{"claim", "source", "model", "prompt (tokens)", "states", "needs (GB/s)", "links stated (GB/s)", "host ceiling (GB/s)", "verdict", "why"}

// RegistryRows are the checked published claims as table rows, bandwidths
// in GB/s at three significant digits, "-" where a claim states nothing.
func RegistryRows(results []Result) [][]string {
	rows := make([][]string, 0, len(results))
	for _, r := range results {
		publisher := r.Claim.Source
		if s, ok := sources.Lookup(sources.SourceID(r.Claim.Source)); ok {
			publisher = s.Publisher
		}
		tokens := "-"
		if r.Tokens > 0 {
			tokens = breakeven.GroupThousands(float64(r.Tokens), 0)
		}
		needs := "-"
		if r.Required > 0 {
			needs = gbps(r.Required)
			if r.NeedIsFloor {
				needs = "≥ " + needs
			}
		}
		links, ceiling := "-", "-"
		if r.Link != nil {
			links = gbps(r.Link.Total()) + " (" + r.LinkText() + ")"
		}
		if r.Ceiling > 0 {
			ceiling = gbps(r.Ceiling) + " (" + r.CeilingFrom + ")"
		}
		rows = append(rows, []string{r.Claim.ID, publisher, r.Model.Name, tokens, Stated(r.Claim), needs, links, ceiling, string(r.Verdict), r.Explanation()})
	}
	return rows
}

// RefusedHeader and RefusedRows tabulate the published claims the checker
// cannot check as stated.
var RefusedHeader = []string{"claim", "source", "model", "states", "why it cannot be checked", "the checker"}

// RefusedRows are the refused claims as table rows.
func RefusedRows(refused []Refused) [][]string {
	rows := make([][]string, 0, len(refused))
	for _, x := range refused {
		publisher := x.Claim.Source
		if s, ok := sources.Lookup(sources.SourceID(x.Claim.Source)); ok {
			publisher = s.Publisher
		}
		says := ""
		if x.Err != nil {
			says = x.Err.Error()
		}
		rows = append(rows, []string{x.Claim.ID, publisher, x.Claim.Model, Stated(x.Claim), x.Reason, says})
	}
	return rows
}

// Stated lists what a claim states, as the source writes it: "0.58 s",
// "40 GB", "40GiB/s in total", "70.8 s uncached", "152x", "90% hit".
func Stated(c Claim) string {
	var parts []string
	add := func(v, suffix string) {
		if v = strings.TrimSpace(v); v != "" {
			parts = append(parts, v+suffix)
		}
	}
	if strings.TrimSpace(c.Seconds) != "" {
		if c.SecondsAre == SecondsLoad {
			add(c.Seconds, " load")
		} else {
			add(c.Seconds, " TTFT")
		}
	}
	add(c.Uncached, " uncached")
	add(c.Speedup, " speedup")
	add(c.Size, "")
	if strings.TrimSpace(c.Throughput) != "" {
		if c.PerNode {
			add(c.Throughput, " per node")
		} else {
			add(c.Throughput, " in total")
		}
	}
	add(c.Hit, " hit")
	return strings.Join(parts, ", ")
}

// gbps prints a bandwidth in GB/s at three significant digits.
func gbps(b breakeven.Bandwidth) string {
	return breakeven.FormatSignificant(float64(b/breakeven.GBps), 3)
}
