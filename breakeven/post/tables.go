// Package post recomputes the post's tables and audits every figure it
// prints, from the inputs in package sources through the model in package
// breakeven.
//
// Each table is a function that returns typed rows; Audit recomputes every
// derived figure of sources.Ledger and compares it with the printed one at
// the precision printed:
//
//	findings, err := post.Audit()
//	for _, f := range findings {
//		fmt.Printf("%s %s %.4f %s\n", f.Entry.ID, f.Entry.Printed, f.Recomputed.Value, f.Verdict)
//	}
//
// prints, among others, "open.break-even 1.06 1.0587 match": 127,188
// tokens / 62 s x 516,096 bytes per token = 1.0587 GB/s (ExampleAudit).
package post

import (
	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// E is an estimate of a float64 quantity.
type E[T ~float64] = breakeven.Estimate[T]

// archAt16 returns a catalog model's architecture at the post's 16 bits.
func archAt16(name string) breakeven.Architecture {
	return sources.MustModel(name).Arch.With(sources.PostElement(), 1)
}

// PerToken returns a catalog model's cache per token at 16 bits.
func PerToken(name string) breakeven.BytesPerToken { return archAt16(name).BytesPerToken() }

// BreakEvenRow is one row of the post's table of three published tests.
type BreakEvenRow struct {
	Test      sources.PrefillTest
	Prefill   E[breakeven.TokenRate]
	PerToken  breakeven.BytesPerToken // mean over the test's prompt
	Cache     breakeven.Bytes         // the test prompt's cache
	BreakEven E[breakeven.Bandwidth]
}

// BreakEvenTable recomputes the post's table "Three published tests give
// both inputs": prefill r = N / t (or the post's r where t is unknown),
// cache per token b from the model's config at 16 bits, and B* = r x b.
func BreakEvenTable() []BreakEvenRow {
	var rows []BreakEvenRow
	for _, t := range sources.PublishedTests {
		arch := archAt16(t.Model)
		b := arch.MeanBytesPerToken(t.Tokens.V())
		r := t.PrefillRate()
		rows = append(rows, BreakEvenRow{
			Test:     t,
			Prefill:  r,
			PerToken: b,
			Cache:    arch.CacheSize(t.Tokens.V()),
			BreakEven: breakeven.Apply1(r, func(r breakeven.TokenRate) breakeven.Bandwidth {
				return breakeven.BreakEvenBandwidth(r, b)
			}),
		})
	}
	return rows
}

// breakEvenOf returns the row of the test with the given id.
func breakEvenOf(id string) BreakEvenRow {
	for _, r := range BreakEvenTable() {
		if r.Test.ID == id {
			return r
		}
	}
	panic("post: no published test " + id)
}

// Multiplier is the post's check of VAST's 20x: the link's speed over the
// break-even predicts the speedup and the load time.
type Multiplier struct {
	Throughput      E[breakeven.Bandwidth] // VAST's 181 Gbit/s
	BreakEven       E[breakeven.Bandwidth]
	PredictedSpeed  E[float64]           // B / (r b)
	PredictedLoad   E[breakeven.Seconds] // N b / B
	ReportedSpeedup E[float64]
	ReportedLoad    E[breakeven.Seconds]
	// MeasuredSpeedup is the ratio of the reported times, 62 s / 3 s.
	MeasuredSpeedup E[float64]
}

// VASTMultiplier recomputes the post's multiplier section for the VAST
// test.
func VASTMultiplier() Multiplier {
	row := breakEvenOf(sources.VAST405B.ID)
	bw := sources.VASTThroughput.Value
	return Multiplier{
		Throughput:     bw,
		BreakEven:      row.BreakEven,
		PredictedSpeed: breakeven.Apply2(bw, row.BreakEven, breakeven.Speedup),
		PredictedLoad: breakeven.Apply1(bw, func(bw breakeven.Bandwidth) breakeven.Seconds {
			return breakeven.LoadTime(row.Cache, bw)
		}),
		ReportedSpeedup: sources.VASTSpeedup.Value,
		ReportedLoad:    sources.VAST405B.Cached.Value,
		MeasuredSpeedup: breakeven.Apply2(sources.VAST405B.Uncached.Value, sources.VAST405B.Cached.Value,
			func(u, c breakeven.Seconds) float64 { return float64(u / c) }),
	}
}

// Claim is a vendor's "this many tokens in this many seconds", checked.
type Claim struct {
	Name    string
	Model   string
	Tokens  E[breakeven.Tokens]
	Seconds E[breakeven.Seconds]
	Cache   E[breakeven.Bytes]
	Needs   E[breakeven.Bandwidth] // cache / seconds
	// Link is the stated link, zero if none is stated; LinksNeeded is how
	// many of it carry Needs at line rate.
	Link        breakeven.Bandwidth
	LinkLabel   string
	LinksNeeded int
}

// Claims checks the post's vendor claims: the three tests' cached times
// read as loads of the whole cache, by the fact-checker's own arithmetic
// (factcheck.Need and factcheck.Links) carried over the inputs' intervals.
func Claims() []Claim {
	mk := func(name string, t sources.PrefillTest, link breakeven.Bandwidth, label string) Claim {
		arch := archAt16(t.Model)
		cache := breakeven.Apply1(t.Tokens.Value, func(n breakeven.Tokens) breakeven.Bytes {
			c, _ := factcheck.Need(arch, n, 1)
			return c
		})
		needs := breakeven.Apply2(t.Tokens.Value, t.Cached.Value, func(n breakeven.Tokens, s breakeven.Seconds) breakeven.Bandwidth {
			_, bw := factcheck.Need(arch, n, s)
			return bw
		})
		c := Claim{Name: name, Model: t.Model, Tokens: t.Tokens.Value, Seconds: t.Cached.Value, Cache: cache,
			Needs: needs, Link: link, LinkLabel: label}
		if link > 0 {
			c.LinksNeeded = factcheck.Links(c.Needs.Value, link)
		}
		return c
	}
	return []Claim{
		mk("VAST/CoreWeave, Llama 3.1 405B", sources.VAST405B, sources.VASTLinkSpeed.V(), "100 Gbit/s (two stated)"),
		mk("WWT (VAST), Qwen3-32B", sources.QwenWWT, 0, ""),
		mk("WEKA, Llama 3.1 70B", sources.WEKA70B, sources.WEKALinkSpeed.V(), "400 Gbit/s InfiniBand"),
	}
}

func claimOf(model string) Claim {
	for _, c := range Claims() {
		if c.Model == model {
			return c
		}
	}
	panic("post: no claim for " + model)
}

// TransportRow is one of llm-d's transports against the three
// break-evens.
type TransportRow struct {
	Transport sources.Transport
	// Beaten counts the break-evens the transport's nominal bandwidth
	// exceeds; Robust says whether that count holds over both intervals.
	Beaten int
	Robust bool
}

// TransportTable recomputes the post's transport table.
func TransportTable() []TransportRow {
	var rows []TransportRow
	for _, tr := range sources.Transports {
		row := TransportRow{Transport: tr, Robust: true}
		for _, be := range BreakEvenTable() {
			wins := tr.Delivered.V() > be.BreakEven.Value
			if wins {
				row.Beaten++
			}
			// Robust: the comparison comes out the same anywhere in the
			// two intervals.
			sureWin := tr.Delivered.Value.Lo > be.BreakEven.Hi
			sureLoss := tr.Delivered.Value.Hi < be.BreakEven.Lo
			if wins && !sureWin || !wins && !sureLoss {
				row.Robust = false
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// HitRate is the post's reading of the Lablup/VAST test.
type HitRate struct {
	Penalty    E[breakeven.Seconds] // first turn with offload less without
	Recompute  E[breakeven.Seconds] // a later turn without offload
	Load       E[breakeven.Seconds] // a later turn with offload
	HitShare   float64              // (turns - 1) / turns: every turn after the first hits
	MeanBase   E[breakeven.Seconds] // mean TTFT per turn without offload
	MeanOffld  E[breakeven.Seconds] // mean TTFT per turn with offload
	BreakEvenH E[float64]           // p / (p + t_recompute - t_load)
}

// LablupHitRate recomputes the hit-rate section: the miss penalty, the
// per-turn means (one miss then hits), and the break-even hit rate.
func LablupHitRate() HitRate {
	turns := sources.LablupTurns.V()
	share := (turns - 1) / turns
	mean := func(miss, hit breakeven.Seconds) breakeven.Seconds {
		return (miss + breakeven.Seconds(turns-1)*hit) / breakeven.Seconds(turns)
	}
	p := breakeven.Apply2(sources.LablupMissOffload.Value, sources.LablupMissBase.Value,
		func(off, base breakeven.Seconds) breakeven.Seconds { return off - base })
	tr, tl := sources.LablupHitBase.Value, sources.LablupHitOffload.Value
	return HitRate{
		Penalty:   p,
		Recompute: tr,
		Load:      tl,
		HitShare:  share,
		MeanBase:  breakeven.Apply2(sources.LablupMissBase.Value, tr, mean),
		MeanOffld: breakeven.Apply2(sources.LablupMissOffload.Value, tl, mean),
		BreakEvenH: breakeven.Apply3(p, tr, tl, func(p, tr, tl breakeven.Seconds) float64 {
			h, err := breakeven.BreakEvenHitRate(p, tr, tl)
			if err != nil {
				return 1 // a load no faster than a recompute: offloading never pays
			}
			return h
		}),
	}
}

// NewerRow is one row of the post's table of newer models.
type NewerRow struct {
	Model    sources.Model
	PerToken breakeven.BytesPerToken
	At128K   breakeven.Bytes
	Fixed    breakeven.Bytes
	// Parked is the storage of the post's thousand parked conversations.
	Parked breakeven.Bytes
}

// NewerTable recomputes the post's table of newer models, with Llama 3.1
// 405B for scale: per-token growth, a 128K-token conversation (fixed
// state included) and a thousand of them parked.
func NewerTable() []NewerRow {
	models := []sources.Model{sources.MustModel("Llama 3.1 405B")}
	for _, m := range sources.NewerModels {
		// The post's sizes, as it prints them: the catalog reads Kimi K3
		// and DeepSeek V4 Pro from their own configs, which the audit
		// checks these against (crossChecks).
		models = append(models, m.Model())
	}
	var rows []NewerRow
	for _, m := range models {
		arch := m.Arch.With(sources.PostElement(), 1)
		size := arch.CacheSize(sources.Conversation128K.V())
		rows = append(rows, NewerRow{Model: m, PerToken: arch.BytesPerToken(), At128K: size, Fixed: arch.FixedBytes(),
			Parked: breakeven.ParkedCapacity(int(sources.ParkedConversations.V()), size)})
	}
	return rows
}
