package calculator

import (
	"fmt"
	"math"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/sources"
)

// Chart is time to first token against link bandwidth for an answer: the
// load time N b / B at each bandwidth, the recompute time (flat), and with
// a hit rate the mean time to first token.
type Chart struct {
	BytesPerSecond   []float64 `json:"bytes_per_second"`
	LoadSeconds      []float64 `json:"load_seconds"`
	MeanSeconds      []float64 `json:"mean_seconds,omitempty"`
	RecomputeSeconds float64   `json:"recompute_seconds"`
	BreakEven        float64   `json:"break_even_bytes_per_second"`
	// BreakEvenLow and BreakEvenHigh are the break-even over the
	// prefill's interval, where it has one bounded at both ends (zero
	// otherwise).
	BreakEvenLow  float64 `json:"break_even_low_bytes_per_second,omitempty"`
	BreakEvenHigh float64 `json:"break_even_high_bytes_per_second,omitempty"`
	Link          float64 `json:"link_bytes_per_second"`
	// HitSeconds is, where the answer knows a cached TTFT (an estimated or
	// measured prefill), a hit's time at each point: the load plus that
	// cached TTFT (extended.HitOf, as the "a hit" row); HitBreakEven the
	// link at which it ties with recomputing, zero where none does.
	HitSeconds   []float64 `json:"hit_seconds,omitempty"`
	HitBreakEven float64   `json:"hit_break_even_bytes_per_second,omitempty"`
}

// chartPoints is the number of points on each curve.
const chartPoints = 49

// chartDecades is how far the chart reaches beyond the break-even and the
// link on either side, in powers of ten.
const chartDecades = 1

// Plot returns the chart's points, spaced evenly on a log scale from a
// decade below the lowest of the break-even (over the prefill's interval,
// where it has one) and the link to a decade above the highest.
func Plot(a Answer) Chart {
	be, link := float64(a.Result.BreakEven), float64(a.Input.Link.Total())
	c := Chart{RecomputeSeconds: float64(a.Result.Recompute), BreakEven: be, Link: link}
	least, most := math.Min(be, link), math.Max(be, link)
	if l, h := a.Output.BreakEvenLowBytesPerSecond, a.Output.BreakEvenHighBytesPerSecond; l != nil && h != nil {
		c.BreakEvenLow, c.BreakEvenHigh = *l, *h
		least, most = math.Min(least, *l), math.Max(most, *h)
	}
	cached := a.Output.HitCachedTTFTSeconds
	if h := a.Output.HitBreakEvenBytesPerSecond; cached != nil && h != nil {
		c.HitBreakEven = *h
		most = math.Max(most, *h)
	}
	lo := math.Log10(least) - chartDecades
	hi := math.Log10(most) + chartDecades
	// With --latency or --efficiency the load pays them too.
	latency, efficiency := 0.0, 1.0
	if v := a.Output.LoadLatencySeconds; v != nil {
		latency = *v
	}
	if v := a.Output.LoadEfficiency; v != nil {
		efficiency = *v
	}
	for i := range chartPoints {
		bw := breakeven.Bandwidth(math.Pow(10, lo+(hi-lo)*float64(i)/(chartPoints-1)))
		ld := extended.Load{Latency: breakeven.Seconds(latency), Efficiency: efficiency, Link: bw}
		load := ld.Time(a.Result.CacheBytes)
		c.BytesPerSecond = append(c.BytesPerSecond, float64(bw))
		c.LoadSeconds = append(c.LoadSeconds, float64(load))
		if cached != nil {
			h := extended.HitOf(a.Result.CacheBytes, a.Result.Recompute, breakeven.Seconds(*cached), ld)
			c.HitSeconds = append(c.HitSeconds, float64(h.Seconds))
		}
		if a.Input.HitRate != nil {
			var p breakeven.Seconds
			if a.Input.Penalty != nil {
				p = *a.Input.Penalty
			}
			if m, err := breakeven.MeanTTFT(*a.Input.HitRate, load, a.Result.Recompute, p); err == nil {
				c.MeanSeconds = append(c.MeanSeconds, float64(m))
			}
		}
	}
	if len(c.MeanSeconds) != chartPoints {
		c.MeanSeconds = nil
	}
	return c
}

// ModelGroup is the catalog's models of one attention type.
type ModelGroup struct {
	Attention string        `json:"attention"`
	Models    []ModelOption `json:"models"`
}

// ModelOption is a catalog model as the page lists it.
type ModelOption struct {
	Name    string  `json:"name"`
	Slug    string  `json:"slug"`
	Known   bool    `json:"known"` // false: no published config, no cache size
	Context float64 `json:"context_tokens,omitempty"`
	Source  string  `json:"source"`
}

// LinkOption is a link preset as the page lists it.
type LinkOption struct {
	Name   string  `json:"name"`
	Kind   string  `json:"kind"`
	Speed  string  `json:"speed"`
	Bytes  float64 `json:"bytes_per_second"`
	Note   string  `json:"note"`
	Source string  `json:"source"`
}

// Catalog is what the page's menus offer.
type Catalog struct {
	Models    []ModelGroup `json:"models"`
	Links     []LinkOption `json:"links"`
	Dtypes    []string     `json:"kv_dtypes"`
	YourValue string       `json:"your_value"`
	// Default is the request the page opens with.
	Default Request `json:"default"`
	// Sources lists the titles of the sources the page cites.
	Sources []string `json:"sources"`
}

// KVDtypes are the element types the page offers; each parses with
// breakeven.ParseElementType.
var KVDtypes = []string{"bf16", "fp16", "fp8", "int8", "int4", "fp32"}

// Menus returns the page's catalog: every model grouped by attention type
// in catalog order, the link presets and the sources cited.
func Menus() Catalog {
	var c Catalog
	idx := map[string]int{}
	used := map[sources.SourceID]bool{}
	title := func(id sources.SourceID) string {
		used[id] = true
		if s, ok := sources.Lookup(id); ok {
			return s.Title
		}
		return string(id)
	}
	for _, m := range sources.Models() {
		i, ok := idx[m.Attention]
		if !ok {
			i = len(c.Models)
			idx[m.Attention] = i
			c.Models = append(c.Models, ModelGroup{Attention: m.Attention})
		}
		c.Models[i].Models = append(c.Models[i].Models, ModelOption{Name: m.Name, Slug: m.Slug(), Known: m.Known(),
			Context: float64(m.Context), Source: title(m.Source)})
	}
	for _, p := range sources.LinkPresets {
		c.Links = append(c.Links, LinkOption{Name: p.Name, Kind: p.Kind, Speed: fmt.Sprintf("%v (%s)", p.Total(), p.Total().Bits()),
			Bytes: float64(p.Total()), Note: p.Note, Source: title(p.Each.Source)})
	}
	for _, tl := range sources.TierLinks {
		title(tl.Source)
	}
	// The FLOP model's chip peaks and utilisation ceiling, for --gpus.
	for _, in := range sources.Inputs() {
		if strings.HasPrefix(in.Name, "chip.") {
			title(in.Source)
		}
	}
	title(sources.HighestPublishedMFU.Source)
	for _, s := range sources.All() {
		if used[s.ID] {
			c.Sources = append(c.Sources, s.Title)
		}
	}
	c.Dtypes, c.YourValue, c.Default = KVDtypes, sources.YourValue, DefaultRequest()
	return c
}
