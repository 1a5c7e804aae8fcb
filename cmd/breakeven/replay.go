package main

import (
	"fmt"
	"io"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/breakeven/replay"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

func init() {
	register(command{"replay", "a request trace through a prefix cache: hit rate, reuse, TTFT", replayUsage, runReplay})
}

const replayUsage = `Usage: breakeven replay --trace FILE --model NAME [--capacity SIZE]
                        [--policy lru|ttl --keep TIME] [--capacities LIST]
                        [--tiers LIST] [--prefill RATE | --gpus NxCHIP] [--json]

Replays a request trace (Mooncake's format: one JSON request a line, its
timestamp in ms, input_length, output_length and hash_ids, one id per
512-token prefix block) through a prefix cache, in arrival order: a
request is served the longest run of its leading blocks the cache holds,
then all its blocks are inserted or refreshed (last block first, so a
prompt's tail is evicted before its head). --capacity is the cache's size
in bytes, turned into whole blocks by the model's cache per token x 512;
without it the cache is unbounded. --policy ttl drops a block --keep after
its last use.

It reports the hit rate (the share of input tokens served from the cache;
a request's partial last block counts only its tokens), the requests with
any hit, the bytes held at peak and the reuse interval (time since a
block's previous use, at each hit). --capacities gives the LRU hit rate
at each size in one pass (stack distances); "unbounded" adds no limit.
For each tier with a cited link into GPU memory (--tiers, default all)
it gives the mean and percentile time to first token with hits loaded
from the tier and the rest recomputed at the model's prefill (its
provenance as calc gives it), against recomputing everything;
--miss-penalty adds the post's p to every request with a block missing.

Each tier also gets the five-minute rule's keep time (Gray and Putzolu,
1987): how long a block is worth holding before its rent exceeds what a
hit on it saves, and the share of the trace's block hits that came within
it. The GPU hour priced is that of the published prefill run's GPUs, at
the cited on-demand list price of its chip; a tier's GB-hour is its cited
list price (sources/prices.go). Each price is printed with where it is
from: "price from <source, date>", or "yours" when given. --gpu-hour takes
a GPU with a cited price (H100, H200) or dollars; --tier-price TIER=DOLLARS
a tier's price per GB-hour. A tier with no cited price (G1, G2, G3.5) has
no keep time until you give one.

Bad trace lines are reported on stderr, one line each with its number;
the rest are replayed.

The traces kept: data/mooncake/conversation_trace.jsonl (12,031 requests
over one hour) and data/mooncake/synthetic_trace.jsonl (see docs/replay.md).

Examples:
  breakeven replay --trace data/mooncake/conversation_trace.jsonl \
    --model llama-3.1-405b
  breakeven replay --trace data/mooncake/conversation_trace.jsonl \
    --model llama-3.1-405b --capacity 10TB --miss-penalty 4s
  breakeven replay --trace data/mooncake/conversation_trace.jsonl \
    --model deepseek-v4-pro --capacities 100GB,1TB,10TB,unbounded --tiers none
  breakeven replay --trace data/mooncake/conversation_trace.jsonl \
    --model llama-3.1-70b --policy ttl --keep 10m --json
  breakeven replay --trace data/mooncake/conversation_trace.jsonl \
    --model llama-3.1-405b --gpu-hour H200 --tiers G4
`

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("replay", stderr)
	var s replay.Spec
	str := func(p *string, name, usage string) { fs.StringVar(p, name, "", usage) }
	str(&s.Trace, "trace", "the trace `FILE`, one JSON request a line")
	str(&s.Model, "model", "catalog model `NAME` (see \"breakeven models\")")
	str(&s.Capacity, "capacity", "the cache's `SIZE` in bytes (\"1TB\"); default unbounded")
	str(&s.Capacities, "capacities", "`LIST` of sizes for the LRU curve (\"100GB,1TB,10TB,unbounded\")")
	str(&s.Policy, "policy", "`POLICY`: lru (default) or ttl")
	str(&s.Keep, "keep", "with --policy ttl, the keep `TIME` after a block's last use (\"10m\")")
	str(&s.Tiers, "tiers", "`LIST` of tiers for the TTFT (\"G2,G4\"; default all cited; none)")
	str(&s.Prefill, "prefill", "prefill speed `RATE` for a model with no published run")
	str(&s.GPUs, "gpus", "`COUNTxCHIP` for the FLOP model of prefill (\"8xH100\")")
	str(&s.MissPenalty, "miss-penalty", "extra `TIME` a request with a miss pays (the post's p, \"4s\")")
	str(&s.GPUHour, "gpu-hour", "one GPU `HOUR`: a cited GPU (\"H100\") or dollars; default: cited")
	tierPrice := fs.String("tier-price", "", "`LIST` of TIER=DOLLARS a GB-hour; default: cited, if any")
	asJSON := fs.Bool("json", false, "print the answer as JSON (SI units, seconds)")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	var err error
	if s.TierPrice, err = replay.ParseTierPrices(*tierPrice); err != nil {
		fmt.Fprintf(stderr, "breakeven replay: %v\n", err)
		return 2
	}
	rep, err := replay.Analyze(s)
	for _, b := range rep.Bad {
		fmt.Fprintf(stderr, "breakeven replay: %s\n", b)
	}
	if err != nil {
		fmt.Fprintf(stderr, "breakeven replay: %v\n", err)
		return 2
	}
	out := replayJSON{rep, post.LablupHitRate().BreakEvenH.Value, sources.DeepSeekHitRate.V()}
	if *asJSON {
		return writeJSON(stdout, stderr, "replay", out)
	}
	fmt.Fprint(stdout, replayText(out))
	return 0
}

// replayJSON is the report with the hit rates it is read against: the
// post's break-even hit rate (Lablup's test, with its 4 s miss penalty)
// and DeepSeek's production hit rate.
type replayJSON struct {
	replay.Report
	PostBreakEvenHitRate float64 `json:"post_break_even_hit_rate"`
	DeepSeekHitRate      float64 `json:"deepseek_hit_rate"`
}

// replayText is the report as labelled lines.
func replayText(r replayJSON) string {
	var b strings.Builder
	line := func(label, format string, a ...any) { textfmt.Line(&b, label, fmt.Sprintf(format, a...)) }
	line("trace", "%s: %s requests, %s input tokens", r.Trace, breakeven.GroupThousands(float64(r.Requests), 0), breakeven.GroupThousands(float64(r.InputTokens), 0))
	line("model", "%s, %v/token, %v a block of %d tokens", r.Model, breakeven.Bytes(r.BytesPerToken), breakeven.Bytes(r.BlockBytes), r.BlockTokens)
	capacity := "unbounded"
	if r.CapacityBlocks > 0 {
		capacity = fmt.Sprintf("%v (%s blocks)", breakeven.Bytes(r.CapacityBytes), breakeven.GroupThousands(float64(r.CapacityBlocks), 0))
	}
	policy := r.Policy
	if r.KeepSeconds > 0 {
		policy += fmt.Sprintf(", keep %v", breakeven.Seconds(r.KeepSeconds))
	}
	line("cache", "%s, %s", capacity, policy)
	line("hit rate", "%.1f%% of input tokens", 100*r.HitRate)
	line("requests with a hit", "%s (%.1f%%)", breakeven.GroupThousands(float64(r.RequestsWithHit), 0), 100*float64(r.RequestsWithHit)/float64(r.Requests))
	line("served whole", "%s %s (every block found)", breakeven.GroupThousands(float64(r.RequestsWhole), 0), textfmt.Plural(r.RequestsWhole, "request", "requests"))
	line("held at peak", "%v (%s blocks)", breakeven.Bytes(r.PeakBytes), breakeven.GroupThousands(float64(r.PeakBlocks), 0))
	if r.Reuse.Count > 0 {
		line("reuse interval", "p50 %v, p90 %v, p99 %v (%s block hits)", breakeven.Seconds(r.Reuse.P50), breakeven.Seconds(r.Reuse.P90), breakeven.Seconds(r.Reuse.P99), breakeven.GroupThousands(float64(r.Reuse.Count), 0))
	}
	for i, p := range r.Curve {
		label := ""
		if i == 0 {
			label = "LRU curve"
		}
		size := "unbounded"
		if p.CapacityBlocks > 0 {
			size = breakeven.Bytes(p.CapacityBytes).String()
		}
		// a row of columns, not wrapped, so the sizes and rates align
		fmt.Fprintf(&b, "  %s%-10s %5.1f%% hit rate, %s %s with a hit\n", textfmt.Pad(label, textfmt.LabelWidth-2), size, 100*p.HitRate, breakeven.GroupThousands(float64(p.RequestsWithHit), 0), textfmt.Plural(p.RequestsWithHit, "request", "requests"))
	}
	if len(r.Tiers) > 0 {
		t0 := r.Tiers[0]
		line("prefill from", "%s", t0.PrefillProvenance)
		if t0.MissPenalty > 0 {
			line("miss penalty", "%v on every request with a block missing", breakeven.Seconds(t0.MissPenalty))
		}
		line("recompute all", "mean %v, p50 %v, p99 %v", breakeven.Seconds(t0.RecomputeMean), breakeven.Seconds(t0.RecomputeP50), breakeven.Seconds(t0.RecomputeP99))
		if t0.GPUHourPrice > 0 {
			gpus := "GPUs"
			if t0.KeepGPUs == 1 {
				gpus = "GPU"
			}
			line("GPU hour", "$%s a GPU, %g %s; %s", breakeven.FormatSignificant(t0.GPUHourPrice, breakeven.DefaultSignificant), t0.KeepGPUs, gpus, t0.GPUHourFrom)
		}
		for _, t := range r.Tiers {
			change := fmt.Sprintf("%.0f%% less", 100*t.Saving)
			if t.Saving < 0 {
				change = fmt.Sprintf("%.0f%% more", -100*t.Saving)
			}
			line("hits from "+t.Tier, "mean %v (%s), p50 %v, p99 %v", breakeven.Seconds(t.Mean), change, breakeven.Seconds(t.P50), breakeven.Seconds(t.P99))
			switch {
			case t.KeepSeconds != nil:
				line("  keep in "+t.Tier, "%v; %.1f%% of block hits came within it", breakeven.Seconds(*t.KeepSeconds), 100**t.HitsWithinKeep)
				line("  GB-hour in "+t.Tier, "$%s; %s", breakeven.FormatSignificant(t.TierGBHourPrice, breakeven.DefaultSignificant), t.TierPriceFrom)
			case t.KeepNote != "":
				line("  keep in "+t.Tier, "%s", t.KeepNote)
			}
		}
		line("against", "the post's break-even hit rate %.0f%% (Lablup's 4 s miss penalty), DeepSeek's %.1f%% in production", 100*r.PostBreakEvenHitRate, 100*r.DeepSeekHitRate)
	}
	return b.String()
}
