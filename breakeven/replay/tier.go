package replay

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/sources"
)

// TierTTFT is the time to first token over the trace when each request's
// hit tokens load from one tier and its other tokens are recomputed,
// against recomputing every token: request by request, load = hit tokens
// x bytes per token / link, recompute = tokens / prefill speed, and a
// request with any block missing pays the miss penalty given (the post's
// p, 0 unless given): the post's hit-rate formula, request by request.
type TierTTFT struct {
	Tier                   string  `json:"tier"`
	Link                   string  `json:"link"`
	LinkBytesPerSecond     float64 `json:"link_bytes_per_second"` // 0: no transfer (G1)
	LinkSource             string  `json:"link_source"`
	PrefillTokensPerSecond float64 `json:"prefill_tokens_per_second"`
	PrefillProvenance      string  `json:"prefill_provenance"`
	// With the cache: mean and percentiles, seconds.
	Mean float64 `json:"mean_seconds"`
	P50  float64 `json:"p50_seconds"`
	P90  float64 `json:"p90_seconds"`
	P99  float64 `json:"p99_seconds"`
	// Recomputing everything.
	RecomputeMean float64 `json:"recompute_mean_seconds"`
	RecomputeP50  float64 `json:"recompute_p50_seconds"`
	RecomputeP90  float64 `json:"recompute_p90_seconds"`
	RecomputeP99  float64 `json:"recompute_p99_seconds"`
	// Saving is 1 - Mean / RecomputeMean.
	Saving float64 `json:"saving"`
	// MissPenalty is the penalty each request with a miss paid, seconds.
	MissPenalty float64 `json:"miss_penalty_seconds"`
	// With a price of a GPU hour and of this tier's GB-hour (the cited
	// ones in sources/prices.go unless given): the keep time past which
	// holding a block costs more than a hit on it saves (KeepTime), and
	// the share of the trace's block hits that came within it. Each price
	// says where it is from: "price from <source, date>", or "yours".
	KeepSeconds     *float64 `json:"keep_seconds,omitempty"`
	HitsWithinKeep  *float64 `json:"hits_within_keep,omitempty"`
	GPUHourPrice    float64  `json:"gpu_hour_price,omitempty"`
	GPUHourFrom     string   `json:"gpu_hour_from,omitempty"`
	KeepGPUs        float64  `json:"keep_gpus,omitempty"`
	TierGBHourPrice float64  `json:"tier_gb_hour_price,omitempty"`
	TierPriceFrom   string   `json:"tier_price_from,omitempty"`
	KeepNote        string   `json:"keep_note,omitempty"`
}

// hitTiers are the tiers with a cited hit link (or none needed: G1).
func hitTiers() []sources.TierLink {
	var out []sources.TierLink
	for _, tl := range sources.TierLinks {
		if tl.Route == "hit" && (tl.Preset != "" || tl.NoTransfer) {
			out = append(out, tl)
		}
	}
	return out
}

// pickTiers reads --tiers.
func pickTiers(s string) ([]sources.TierLink, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "":
		return hitTiers(), nil
	case "none":
		return nil, nil
	}
	var out []sources.TierLink
	var names []string
	for _, tl := range hitTiers() {
		names = append(names, tl.Tier)
	}
next:
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		for _, tl := range hitTiers() {
			if strings.EqualFold(tl.Tier, name) {
				out = append(out, tl)
				continue next
			}
		}
		return nil, breakeven.Bad("tiers", name, "not a tier with a cited link into GPU memory; those are "+strings.Join(names, ", "), "--tiers G2,G4")
	}
	return out, nil
}

// prefillOf is the model's prefill speed and its provenance, from the
// calculator, as calc gives it.
func prefillOf(spec Spec, tokens breakeven.Tokens) (breakeven.TokenRate, string, error) {
	req := calculator.Request{Model: spec.Model, Link: "PCIe5x16", Prefill: spec.Prefill, TTFT: spec.TTFT, GPUs: spec.GPUs,
		Tokens: fmt.Sprint(int64(tokens))}
	if spec.Tokens != "" {
		req.Tokens = spec.Tokens
	}
	ans, err := calculator.Compute(req)
	if err != nil {
		return 0, "", err
	}
	return breakeven.TokenRate(ans.Output.PrefillTokensPerSecond), ans.Output.PrefillProvenanceText, nil
}

func tierTTFTs(spec Spec, m sources.Model, tiers []sources.TierLink, outs []pair, bpt breakeven.BytesPerToken, reuse *Histogram) ([]TierTTFT, error) {
	var in int64
	for _, p := range outs {
		in += int64(p.in)
	}
	mean := breakeven.Tokens(math.Round(float64(in) / float64(len(outs))))
	r, prov, err := prefillOf(spec, mean)
	if err != nil {
		return nil, err
	}
	var out []TierTTFT
	base := make([]float64, len(outs))
	for i, p := range outs {
		base[i] = float64(p.in) / float64(r)
	}
	bm, bq := stats(base)
	var penalty float64
	if spec.MissPenalty != "" {
		p, err := breakeven.ParseSeconds(spec.MissPenalty)
		if err != nil {
			return nil, breakeven.FieldFromParse("miss-penalty", spec.MissPenalty, err, "--miss-penalty 4s")
		}
		penalty = float64(p)
	}
	gpu, err := gpuHourOf(spec, m, mean)
	if err != nil {
		return nil, err
	}
	if err := checkTierPrices(spec.TierPrice); err != nil {
		return nil, err
	}
	for _, tl := range tiers {
		t := TierTTFT{Tier: tl.Tier, Link: tl.Link, LinkSource: tl.Cite.String(), PrefillTokensPerSecond: float64(r), PrefillProvenance: prov,
			RecomputeMean: bm, RecomputeP50: bq[0], RecomputeP90: bq[1], RecomputeP99: bq[2]}
		perByte := 0.0 // seconds a byte takes to load
		if !tl.NoTransfer {
			l, ok := sources.PresetLink(tl.Preset)
			if !ok {
				return nil, fmt.Errorf("replay: tier %s's link preset %q is not in the catalog", tl.Tier, tl.Preset)
			}
			t.Link = l.String() + ": " + tl.Link
			t.LinkBytesPerSecond = float64(l.Total())
			perByte = 1 / t.LinkBytesPerSecond
		}
		ttft := make([]float64, len(outs))
		for i, p := range outs {
			ttft[i] = float64(p.hit)*float64(bpt)*perByte + float64(p.in-p.hit)/float64(r)
			if p.hit < p.in {
				ttft[i] += penalty
			}
		}
		var q [3]float64
		t.Mean, q = stats(ttft)
		t.P50, t.P90, t.P99 = q[0], q[1], q[2]
		t.Saving = 1 - t.Mean/t.RecomputeMean
		t.MissPenalty = penalty
		if err := keepIn(&t, tl.Tier, spec.TierPrice, gpu, r, bpt, reuse); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// stats is the mean and the 50th, 90th and 99th percentiles.
func stats(v []float64) (float64, [3]float64) {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	var sum float64
	for _, x := range s {
		sum += x
	}
	return sum / float64(len(s)), [3]float64{quantile(s, 0.5), quantile(s, 0.9), quantile(s, 0.99)}
}

// timeParse reads a Go duration ("10m", "1h30m") in seconds.
func timeParse(s string) (breakeven.Seconds, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	return breakeven.Seconds(d.Seconds()), err
}
