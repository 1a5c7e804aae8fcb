package breakeven

import (
	"fmt"
	"math"
)

// PrefillRate returns the prefill speed a test implies: its prompt length
// over its uncached time to first token, r = N / t. The post derives each
// of its prefill speeds this way, so they include a little queueing and one
// decode step.
func PrefillRate(n Tokens, ttft Seconds) TokenRate { return TokenRate(float64(n) / float64(ttft)) }

// BreakEvenBandwidth returns B* = r x b, the link speed at which loading a
// cache takes as long as recomputing it. The prompt length cancels:
// N b / B = N / r exactly when B = r b.
func BreakEvenBandwidth(r TokenRate, b BytesPerToken) Bandwidth {
	return Bandwidth(float64(r) * float64(b))
}

// RecomputeTime returns t_recompute = N / r.
func RecomputeTime(n Tokens, r TokenRate) Seconds { return Seconds(float64(n) / float64(r)) }

// LoadTime returns t_load = size / B (for a cache of N tokens, N b / B).
func LoadTime(size Bytes, bw Bandwidth) Seconds { return Seconds(float64(size) / float64(bw)) }

// Speedup returns t_recompute / t_load, which reduces to B / (r b): the
// link's speed over the break-even. Below 1 it is a slowdown.
func Speedup(link, breakEven Bandwidth) float64 { return float64(link) / float64(breakEven) }

// RequiredBandwidth returns the bandwidth a claim needs: the bytes it moves
// over the time it claims, size / t.
func RequiredBandwidth(size Bytes, t Seconds) Bandwidth {
	return Bandwidth(float64(size) / float64(t))
}

// LinksNeeded returns how many links of the given speed carry the required
// bandwidth at line rate: the ceiling of required / link.
func LinksNeeded(required, link Bandwidth) int {
	// A relative tolerance keeps an exact multiple from rounding up; any
	// positive need takes at least one link.
	return max(1, int(math.Ceil(float64(required)/float64(link)*(1-1e-12))))
}

// ParkedCapacity returns the storage that k parked conversations of the
// given size take.
func ParkedCapacity(k int, perConversation Bytes) Bytes { return Bytes(k) * perConversation }

// PrefillForBreakEven returns the prefill speed at which the break-even
// reaches the given bandwidth: r = B / b.
func PrefillForBreakEven(bw Bandwidth, b BytesPerToken) TokenRate {
	return TokenRate(float64(bw) / float64(b))
}

// MeanTTFT returns the mean time to first token over a mix of hits and
// misses: h x t_load + (1 - h) x (t_recompute + p), where p is what a miss
// costs beyond recomputing (writing the new cache out). It returns an error
// for a hit rate outside [0, 1] or a negative time.
func MeanTTFT(h float64, load, recompute, penalty Seconds) (Seconds, error) {
	if err := checkHitRate(h); err != nil {
		return 0, err
	}
	if err := nonNegative(map[string]Seconds{"load time": load, "recompute time": recompute, "miss penalty": penalty}); err != nil {
		return 0, err
	}
	return Seconds(h)*load + Seconds(1-h)*(recompute+penalty), nil
}

// BreakEvenHitRate returns the hit rate above which offloading lowers the
// mean time to first token: p / (p + t_recompute - t_load). It is where
// MeanTTFT equals t_recompute. It returns an error when a load is no
// faster than a recompute, since then no hit rate pays for the penalty.
func BreakEvenHitRate(penalty, recompute, load Seconds) (float64, error) {
	if err := nonNegative(map[string]Seconds{"load time": load, "recompute time": recompute, "miss penalty": penalty}); err != nil {
		return 0, err
	}
	if load >= recompute {
		return 0, fmt.Errorf("breakeven: a load of %v is no faster than a recompute of %v, so no hit rate makes offloading pay", load, recompute)
	}
	return float64(penalty / (penalty + recompute - load)), nil
}

func checkHitRate(h float64) error {
	if math.IsNaN(h) || h < 0 || h > 1 {
		return fmt.Errorf("breakeven: hit rate %v must be between 0 and 1 (e.g. 0.8 for 80%%)", h)
	}
	return nil
}

func nonNegative(ts map[string]Seconds) error {
	for _, name := range []string{"load time", "recompute time", "miss penalty"} {
		t, ok := ts[name]
		if ok && (t < 0 || math.IsNaN(float64(t)) || math.IsInf(float64(t), 0)) {
			return fmt.Errorf("breakeven: %s %v must be a non-negative finite duration (e.g. 3 s)", name, float64(t))
		}
	}
	return nil
}

// Path names which way gets a cache into GPU memory sooner.
type Path string

// The two paths.
const (
	Load      Path = "load"
	Recompute Path = "recompute"
)

// Scenario is one question the calculator answers: a prompt of Tokens on a
// model with architecture Arch, prefilled at Prefill, with a link of Link.
type Scenario struct {
	Arch    Architecture
	Tokens  Tokens
	Prefill TokenRate
	Link    Bandwidth
}

// Result is the answer to a Scenario.
type Result struct {
	BytesPerToken BytesPerToken // mean bytes per token at this prompt length
	CacheBytes    Bytes
	BreakEven     Bandwidth
	Recompute     Seconds
	Load          Seconds
	Speedup       float64 // t_recompute / t_load; below 1 loading is slower
	Winner        Path
}

// Validate reports the first invalid input of a scenario, naming it and
// giving an example of a valid one.
func (s Scenario) Validate() error {
	if err := s.Arch.Validate(); err != nil {
		return err
	}
	if err := positive("prompt length", float64(s.Tokens), "127188 tokens"); err != nil {
		return err
	}
	if err := positive("prefill speed", float64(s.Prefill), "2051 tokens/s"); err != nil {
		return err
	}
	return positive("link bandwidth", float64(s.Link), "22.6 GB/s")
}

func positive(name string, v float64, example string) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return fmt.Errorf("breakeven: %s %v must be a positive finite number (e.g. %s)", name, v, example)
	}
	return nil
}

// Evaluate answers the scenario, or returns the error of Validate.
func (s Scenario) Evaluate() (Result, error) {
	if err := s.Validate(); err != nil {
		return Result{}, err
	}
	b := s.Arch.MeanBytesPerToken(s.Tokens)
	r := Result{
		BytesPerToken: b,
		CacheBytes:    s.Arch.CacheSize(s.Tokens),
		BreakEven:     BreakEvenBandwidth(s.Prefill, b),
		Recompute:     RecomputeTime(s.Tokens, s.Prefill),
	}
	r.Load = LoadTime(r.CacheBytes, s.Link)
	r.Speedup = float64(r.Recompute / r.Load)
	r.Winner = Recompute
	if r.Load < r.Recompute {
		r.Winner = Load
	}
	return r, nil
}
