package replay

import (
	"errors"
	"io"
	"math"
	"os"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Spec is one replay question as its raw inputs, named as the command's
// flags (and the notebook's KV_ variables) name them; Analyze checks
// each and answers.
type Spec struct {
	Trace      string // the trace file
	Model      string // a catalog model
	Capacity   string // the cache's size in bytes ("1TB"); "" for unbounded
	Capacities string // sizes for the LRU curve ("100GB,1TB,10TB"); optional
	Policy     string // "lru" (default) or "ttl"
	Keep       string // TTL's keep time ("10m", "600s")
	// Tiers the time to first token is worked out for ("G2,G4"); "" for
	// every tier with a cited hit link, "none" for none.
	Tiers string
	// Prefill, TTFT, Tokens and GPUs are the calculator's, for a model
	// with no published prefill of its own.
	Prefill, TTFT, Tokens, GPUs string
	// MissPenalty is what a request with any block missing pays beyond
	// recomputing (the post's p: writing the new cache out); "" for 0.
	MissPenalty string
	// Prices for the keep-time rule (see KeepTime); each defaults to the
	// cited one in sources/prices.go where there is one.
	GPUHour   string            // one GPU hour: a GPU with a cited price ("H100") or dollars
	TierPrice map[string]string // tier -> dollars per GB-hour
}

// Report is a replay's answer.
type Report struct {
	Trace          string  `json:"trace"`
	Model          string  `json:"model"`
	BytesPerToken  float64 `json:"bytes_per_token"`
	BlockTokens    int     `json:"block_tokens"`
	BlockBytes     float64 `json:"block_bytes"`
	Policy         string  `json:"policy"`
	KeepSeconds    float64 `json:"keep_seconds,omitempty"`
	CapacityBytes  float64 `json:"capacity_bytes,omitempty"` // 0: unbounded
	CapacityBlocks int64   `json:"capacity_blocks,omitempty"`

	Requests        int     `json:"requests"`
	RequestsWithHit int     `json:"requests_with_hit"`
	RequestsWhole   int     `json:"requests_whole"` // every block found
	InputTokens     int64   `json:"input_tokens"`
	HitTokens       int64   `json:"hit_tokens"`
	HitRate         float64 `json:"hit_rate"`
	PeakBlocks      int64   `json:"peak_blocks"`
	PeakBytes       float64 `json:"peak_bytes"`
	// Reuse is the time since a block's previous use, at each block hit.
	Reuse Percentiles `json:"reuse_seconds"`
	// Curve is the LRU hit rate at each of --capacities.
	Curve []CurvePoint `json:"curve,omitempty"`
	// Tiers is the time to first token with hits loaded from each tier.
	Tiers []TierTTFT `json:"tiers,omitempty"`
	// Bad lists the trace lines skipped, each with its number and why.
	Bad []string `json:"bad_lines,omitempty"`

	reuse    *Histogram
	outcomes []pair
}

// Percentiles summarise a distribution of durations, in seconds.
type Percentiles struct {
	Count int64   `json:"count"`
	P50   float64 `json:"p50"`
	P90   float64 `json:"p90"`
	P99   float64 `json:"p99"`
}

// CurvePoint is the LRU hit rate at one capacity.
type CurvePoint struct {
	CapacityBytes   float64 `json:"capacity_bytes"` // 0: unbounded
	CapacityBlocks  int64   `json:"capacity_blocks"`
	HitRate         float64 `json:"hit_rate"`
	RequestsWithHit int     `json:"requests_with_hit"`
}

// pair is one request's input and hit tokens.
type pair struct{ in, hit int32 }

// ReuseHistogram is the replay's reuse intervals, for a CDF.
func (r Report) ReuseHistogram() *Histogram { return r.reuse }

const (
	exTrace      = "--trace data/mooncake/conversation_trace.jsonl"
	exCapacity   = "--capacity 1TB"
	exCapacities = "--capacities 100GB,1TB,10TB"
)

// Analyze replays spec's trace and answers it.
func Analyze(spec Spec) (Report, error) {
	if strings.TrimSpace(spec.Trace) == "" {
		return Report{}, breakeven.Bad("trace", "", "missing: a trace file, one JSON request a line", exTrace)
	}
	m, err := sources.ResolveModel(spec.Model, sources.ModelExamples{Name: "--model llama-3.1-405b", Unknown: "--model llama-3.1-405b (see: breakeven models)"})
	if err != nil {
		return Report{}, err
	}
	bpt := m.Arch.BytesPerToken()
	blockTokens := int(sources.TraceBlockTokens.V())
	rep := Report{Trace: spec.Trace, Model: m.Name, BytesPerToken: float64(bpt), BlockTokens: blockTokens,
		BlockBytes: float64(BlockBytes(bpt, blockTokens))}
	cfg := Config{BlockTokens: blockTokens, Policy: LRU}
	if spec.Capacity != "" {
		c, err := breakeven.ParseBytes(spec.Capacity)
		if err != nil {
			return Report{}, breakeven.FieldFromParse("capacity", spec.Capacity, err, exCapacity)
		}
		if cfg.Capacity, err = CapacityBlocks(c, bpt, blockTokens); err != nil {
			return Report{}, err
		}
		rep.CapacityBytes, rep.CapacityBlocks = float64(c), cfg.Capacity
	}
	switch strings.ToLower(strings.TrimSpace(spec.Policy)) {
	case "", "lru":
		if spec.Keep != "" {
			return Report{}, breakeven.Bad("keep", spec.Keep, "a keep time needs --policy ttl", "--policy ttl --keep 10m")
		}
	case "ttl":
		cfg.Policy = TTL
		if spec.Keep == "" {
			return Report{}, breakeven.Bad("keep", "", "missing: --policy ttl needs a keep time", "--policy ttl --keep 10m")
		}
		k, err := parseKeep(spec.Keep)
		if err != nil {
			return Report{}, err
		}
		cfg.Keep = int64(math.Round(float64(k) * 1000))
		rep.KeepSeconds = float64(k)
	default:
		return Report{}, breakeven.Bad("policy", spec.Policy, "unknown policy; lru or ttl", "--policy lru")
	}
	rep.Policy = string(cfg.Policy)
	caps, capBytes, err := parseCapacities(spec.Capacities, bpt, blockTokens)
	if err != nil {
		return Report{}, err
	}
	tiers, err := pickTiers(spec.Tiers)
	if err != nil {
		return Report{}, err
	}

	res, err := replayFile(spec.Trace, cfg, func(o Outcome) {
		rep.outcomes = append(rep.outcomes, pair{int32(o.InputLength), int32(o.HitTokens)})
	})
	if err != nil {
		return Report{}, err
	}
	for _, b := range res.Bad {
		rep.Bad = append(rep.Bad, b.Error())
	}
	if res.Requests == 0 {
		return rep, breakeven.Bad("trace", spec.Trace, "no request could be replayed", exTrace)
	}
	rep.Requests, rep.RequestsWithHit, rep.RequestsWhole = res.Requests, res.RequestsWithHit, res.RequestsWhole
	rep.InputTokens, rep.HitTokens, rep.HitRate = res.InputTokens, res.HitTokens, res.HitRate()
	rep.PeakBlocks, rep.PeakBytes = res.PeakBlocks, float64(res.PeakBlocks)*rep.BlockBytes
	rep.reuse = res.Reuse
	rep.Reuse = percentiles(res.Reuse)

	if len(caps) > 0 {
		f, err := os.Open(spec.Trace)
		if err != nil {
			return rep, breakeven.Bad("trace", spec.Trace, err.Error(), exTrace)
		}
		curve, err := Sweep(NewReader(f, blockTokens), blockTokens, caps)
		f.Close()
		if err != nil {
			return rep, err
		}
		for i, c := range curve.Capacities {
			p := CurvePoint{CapacityBytes: capBytes[c], HitRate: curve.HitRate(i), RequestsWithHit: curve.RequestsWithHit[i]}
			if c != Unbounded {
				p.CapacityBlocks = c
			}
			rep.Curve = append(rep.Curve, p)
		}
	}
	if len(tiers) > 0 {
		if rep.Tiers, err = tierTTFTs(spec, m, tiers, rep.outcomes, bpt, res.Reuse); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// parseKeep reads a keep time: "10m", "600s", "2 min".
func parseKeep(s string) (breakeven.Seconds, error) {
	if d, err := timeParse(s); err == nil && d > 0 {
		return d, nil
	}
	k, err := breakeven.ParseSeconds(s)
	if err != nil {
		return 0, breakeven.FieldFromParse("keep", s, err, "--keep 10m")
	}
	return k, nil
}

// parseCapacities reads --capacities: sizes in bytes, each turned into
// blocks; "unbounded" (or "inf") adds a cache with no limit.
func parseCapacities(s string, bpt breakeven.BytesPerToken, blockTokens int) ([]int64, map[int64]float64, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil, nil
	}
	var caps []int64
	bytesOf := map[int64]float64{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		switch strings.ToLower(part) {
		case "unbounded", "inf", "infinite":
			caps = append(caps, Unbounded)
			bytesOf[Unbounded] = 0
			continue
		}
		c, err := breakeven.ParseBytes(part)
		if err != nil {
			return nil, nil, breakeven.FieldFromParse("capacities", part, err, exCapacities)
		}
		n, err := CapacityBlocks(c, bpt, blockTokens)
		if err != nil {
			var fe *breakeven.FieldError
			if errors.As(err, &fe) {
				fe.Field = "capacities"
			}
			return nil, nil, err
		}
		if _, dup := bytesOf[n]; !dup {
			caps = append(caps, n)
			bytesOf[n] = float64(c)
		}
	}
	return caps, bytesOf, nil
}

func replayFile(path string, cfg Config, each func(Outcome)) (Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Result{}, breakeven.Bad("trace", path, err.Error(), exTrace)
	}
	defer f.Close()
	res, err := Replay(NewReader(f, cfg.BlockTokens), cfg, each)
	if err != nil && !errors.Is(err, io.EOF) {
		return res, breakeven.Bad("trace", path, err.Error(), exTrace)
	}
	return res, nil
}

func percentiles(h *Histogram) Percentiles {
	p := Percentiles{Count: h.Count()}
	if h.Count() > 0 {
		p.P50, p.P90, p.P99 = h.Quantile(0.5)/1000, h.Quantile(0.9)/1000, h.Quantile(0.99)/1000
	}
	return p
}

// quantile is the nearest-rank percentile of sorted values.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	if i < 0 {
		i = 0
	}
	return sorted[i]
}
