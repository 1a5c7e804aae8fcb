package calculator

import (
	"sync"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/page"
	"signalweight.dev/kv/sources"
)

// Route is one route of the tier map evaluated for an answer: a hit from a
// tier (its load time against the recompute) or the miss route's
// handover.
type Route struct {
	Tier  string `json:"tier"`            // "G2", or "handover"
	Route string `json:"route"`           // "hit" or "miss"
	Place string `json:"place,omitempty"` // what the tier is
	// Label is the place in two or three words, for the page's map.
	Label string `json:"label"`
	Reuse string `json:"reuse,omitempty"` // who can pick up a cache parked there
	What  string `json:"what"`            // the link, in words
	// Default is the cited default link ("" where none is cited).
	Default string `json:"default"`
	// Link is the link used: the reader's, or Default.
	Link               string  `json:"link"`
	NoTransfer         bool    `json:"no_transfer,omitempty"`
	LinkBytesPerSecond float64 `json:"link_bytes_per_second,omitempty"`
	// LoadSeconds is the time to move the cache over Link.
	LoadSeconds float64 `json:"load_seconds,omitempty"`
	// Winner is "load" or "recompute" for a hit; "" for the handover, or
	// when no link is known.
	Winner string `json:"winner,omitempty"`
	// Speedup is the link over the break-even, for a hit; where the
	// answer knows the cached TTFT a loaded request still pays
	// (Output.HitCachedTTFTSeconds), the recompute time over HitSeconds.
	Speedup float64 `json:"speedup,omitempty"`
	// HitSeconds is the load plus that cached TTFT, for a hit over a
	// link when the answer knows it; 0 otherwise.
	HitSeconds float64 `json:"hit_seconds,omitempty"`
	// MissSeconds is the miss route: recompute, then the handover.
	MissSeconds float64 `json:"miss_seconds,omitempty"`
	Cite        string  `json:"cite"`
	SourceTitle string  `json:"source_title"`
	// LoadText and Verdict are the route's load time and verdict as the
	// page shows them.
	LoadText string      `json:"load_text"`
	Verdict  string      `json:"verdict"`
	Error    *page.Error `json:"error,omitempty"`
}

// mapLabels names each place on the page's map, and the miss route's
// hand-over.
var mapLabels = map[string]string{
	"G1": "GPU memory", "G2": "server DRAM", "G3": "local SSD", "G3.5": "pod-shared flash", "G4": "cluster storage",
	"handover": "prefill to decode GPUs",
}

// Routes evaluates the tier map for an answer. links holds the reader's
// link for a tier ("G4": "2x100GbE"); a tier missing from it uses its
// cited default, and a tier with no default and no link gets no verdict.
// A bad link is reported in that route's Error, named "tier-G4".
func Routes(ans Answer, links map[string]string) []Route {
	place := map[string]sources.Tier{}
	for _, t := range sources.Tiers {
		place[t.Name] = t
	}
	out := make([]Route, 0, len(sources.TierLinks))
	for _, tl := range sources.TierLinks {
		r := Route{Tier: tl.Tier, Route: tl.Route, Place: place[tl.Tier].Place, Label: mapLabels[tl.Tier], Reuse: place[tl.Tier].Reuse,
			What: tl.Link, Default: tl.Preset, Link: tl.Preset, NoTransfer: tl.NoTransfer, Cite: tl.Cite.String()}
		if s, ok := sources.Lookup(tl.Source); ok {
			r.SourceTitle = s.Title
		}
		if v, ok := links[tl.Tier]; ok && !tl.NoTransfer {
			r.Link = v
		}
		switch {
		case tl.NoTransfer:
			r.Winner = string(breakeven.Load)
		case r.Link == "":
		default:
			l, err := routeLink(r.Link, r.Link == tl.Preset)
			if err != nil {
				pe := page.ErrorOf(breakeven.FieldFromParse("tier-"+tl.Tier, r.Link, err, "PCIe5x16, 2x100GbE or \"14 GB/s\""), PageFront)
				r.Error = &pe
				break
			}
			bw := l.Total()
			load := breakeven.LoadTime(ans.Result.CacheBytes, bw)
			if !breakeven.InRange(float64(bw)) || !breakeven.InRange(float64(load)) {
				pe := page.ErrorOf(breakeven.Bad("tier-"+tl.Tier, r.Link, "a speed outside what this tool prints (1e-12 to 1e21 B/s)", "PCIe5x16"), PageFront)
				r.Error = &pe
				break
			}
			r.LinkBytesPerSecond, r.LoadSeconds = float64(bw), float64(load)
			switch c := ans.Output.HitCachedTTFTSeconds; {
			case tl.Route == "hit" && c != nil:
				// A loaded request still pays the cached TTFT: the
				// verdict is the answer's "a hit" row, over this link.
				h := extended.HitOf(ans.Result.CacheBytes, ans.Result.Recompute, breakeven.Seconds(*c), extended.Load{Efficiency: 1, Link: bw})
				r.HitSeconds, r.Speedup, r.Winner = float64(h.Seconds), h.Speedup, string(h.Winner)
			case tl.Route == "hit":
				r.Speedup = breakeven.Speedup(bw, ans.Result.BreakEven)
				r.Winner = string(breakeven.Recompute)
				if bw > ans.Result.BreakEven {
					r.Winner = string(breakeven.Load)
				}
			default:
				r.MissSeconds = float64(ans.Result.Recompute + load)
			}
		}
		r.LoadText, r.Verdict = routeText(r)
		out = append(out, r)
	}
	return out
}

// presetLinks holds the cited default links parsed once: finding a preset
// by name slugs every preset, which was a third of a page update.
var presetLinks sync.Map // string -> parsedLink

type parsedLink struct {
	link breakeven.Link
	err  error
}

// routeLink parses a route's link; a cited default (a fixed, short list)
// is parsed once and remembered, a reader's link each time.
func routeLink(s string, preset bool) (breakeven.Link, error) {
	if !preset {
		return breakeven.ParseLink(s, sources.PresetLink)
	}
	if p, ok := presetLinks.Load(s); ok {
		return p.(parsedLink).link, p.(parsedLink).err
	}
	l, err := breakeven.ParseLink(s, sources.PresetLink)
	presetLinks.Store(s, parsedLink{l, err})
	return l, err
}

// routeText is a route's load time and verdict as text.
func routeText(r Route) (load, verdict string) {
	switch {
	case r.Error != nil:
		return "–", "no verdict: the link is not valid"
	case r.NoTransfer:
		return "none", "hit wins: nothing to move"
	case r.LinkBytesPerSecond == 0:
		return "–", "give " + sources.YourValue
	}
	load = breakeven.Seconds(r.LoadSeconds).String()
	switch {
	case r.Route == "miss":
		return load, "recompute + handover: " + breakeven.Seconds(r.MissSeconds).String()
	case r.HitSeconds > 0 && r.Winner == string(breakeven.Load):
		return load, "hit beats recomputing (" + Ratio(r.Speedup) + ", cached TTFT included)"
	case r.HitSeconds > 0:
		return load, "recomputing is faster (a hit takes " + Ratio(1/r.Speedup) + " as long)"
	case r.Winner == string(breakeven.Load):
		return load, "hit beats recomputing (" + Ratio(r.Speedup) + ")"
	}
	return load, "recomputing is faster (the link is " + Ratio(r.Speedup) + " the break-even)"
}
