// Package extended adds to the post's formula what the post says it leaves
// out: a load with a fixed cost and an efficiency, prefill that grows
// faster than linearly, and computing and loading at the same time.
//
//	t_load(N)  = latency + cache(N) / (efficiency x B)
//	crossover  = the prompt length from which loading wins (FindCrossings
//	             finds each length at which the faster path changes)
//	B*(N)      = cache(N) / (efficiency x (t_recompute(N) - latency))
//	overlap    = recompute the first x tokens while loading the rest, both
//	             finishing together
//	a hit      = t_load(N) + the cached TTFT a loaded request still pays,
//	             against t_recompute(N) (HitOf)
//
// With no latency, an efficiency of 1 and a constant prefill speed r, the
// load time is the post's N b / B and B*(N) is the post's r x b for every
// N. For example, with r = 2,000 tokens/s, b = 500 KB/token, a 25 GB/s
// link at efficiency 1 and a 0.1 s fixed cost, loading wins from
// N = 0.1 / (1/2000 - 500e3/25e9) = 208 tokens:
//
//	n, _ := extended.CrossoverLinear(2000, 500e3, extended.Load{Latency: 0.1, Efficiency: 1, Link: 25e9})
//	// n is 208 tokens (ExampleCrossoverLinear)
//
// Every function takes times as functions of the prompt length, so the
// prefill model of package prefill (or the post's N / r) plugs in.
package extended

import (
	"fmt"
	"math"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/internal/portable"
)

// Load is a link with the fixed cost of a load (lookup, connection) and
// the share of its line rate a transfer reaches.
type Load struct {
	Latency    breakeven.Seconds
	Efficiency float64 // in (0, 1]; 1 is line rate
	Link       breakeven.Bandwidth
}

// Validate reports a load that the formulas cannot use.
func (l Load) Validate() error {
	if l.Latency < 0 || math.IsNaN(float64(l.Latency)) || math.IsInf(float64(l.Latency), 0) {
		return fmt.Errorf("extended: latency %v must be a non-negative finite time (e.g. 0.05 s)", float64(l.Latency))
	}
	if !(l.Efficiency > 0 && l.Efficiency <= 1) {
		return fmt.Errorf("extended: efficiency %v must be in (0, 1] (e.g. 0.96)", l.Efficiency)
	}
	if !(l.Link > 0) || math.IsInf(float64(l.Link), 0) {
		return fmt.Errorf("extended: link %v must be a positive bandwidth (e.g. 25 GB/s)", float64(l.Link))
	}
	return nil
}

// Effective returns efficiency x B, the rate a transfer moves at.
func (l Load) Effective() breakeven.Bandwidth { return breakeven.Bandwidth(l.Efficiency) * l.Link }

// Time returns latency + size / (efficiency x B); a size of zero needs no
// load and takes no time.
func (l Load) Time(size breakeven.Bytes) breakeven.Seconds {
	if size <= 0 {
		return 0
	}
	return l.Latency + breakeven.LoadTime(size, l.Effective())
}

// TimeFunc is a time as a function of the prompt length.
type TimeFunc func(breakeven.Tokens) breakeven.Seconds

// LinearPrefill is the post's prefill at a constant speed: N / r.
func LinearPrefill(r breakeven.TokenRate) TimeFunc {
	return func(n breakeven.Tokens) breakeven.Seconds { return breakeven.RecomputeTime(n, r) }
}

// LoadOf returns the load time of an architecture's cache over a link.
func LoadOf(a breakeven.Architecture, l Load) TimeFunc {
	return func(n breakeven.Tokens) breakeven.Seconds { return l.Time(a.CacheSize(n)) }
}

// BreakEvenAt returns B*(N), the line rate at which loading an N-token
// cache of the given size takes as long as recomputing it:
// size / (efficiency x (t_recompute - latency)). It is +Inf when the fixed
// cost alone is as long as the recompute. With no latency, efficiency 1
// and t_recompute = N / r it is the post's r x b.
func BreakEvenAt(size breakeven.Bytes, recompute, latency breakeven.Seconds, efficiency float64) breakeven.Bandwidth {
	if recompute <= latency {
		return breakeven.Bandwidth(math.Inf(1))
	}
	return breakeven.Bandwidth(float64(size) / (efficiency * float64(recompute-latency)))
}

// Hit is what a cache hit costs against recomputing the prompt: a
// request whose cache is loaded still pays the cached time to first token
// (the request, the scheduler, the last token's compute and sampling).
type Hit struct {
	Seconds breakeven.Seconds // the load plus the cached TTFT
	Speedup float64           // recomputing over Seconds
	Winner  breakeven.Path    // the faster path; recompute on a tie
	// BreakEven is the link at which a hit and a recompute take as long:
	// BreakEvenAt with the cached TTFT added to the load's fixed cost,
	// +Inf where the two fixed costs alone are as long as recomputing.
	BreakEven breakeven.Bandwidth
}

// HitOf prices a hit of a cache of the given size over the load l, with
// the cached TTFT cached, against a recompute taking recompute.
func HitOf(size breakeven.Bytes, recompute, cached breakeven.Seconds, l Load) Hit {
	h := Hit{Seconds: l.Time(size) + cached, Winner: breakeven.Recompute}
	h.Speedup = float64(recompute / h.Seconds)
	if h.Seconds < recompute {
		h.Winner = breakeven.Load
	}
	h.BreakEven = BreakEvenAt(size, recompute, l.Latency+cached, l.Efficiency)
	return h
}

// CrossoverLinear returns the prompt length above which loading wins, for
// a constant prefill speed r and b bytes per token:
// N* = latency / (1/r - b / (efficiency x B)). It returns an error when
// the link is at or below the break-even, since then loading never wins.
func CrossoverLinear(r breakeven.TokenRate, b breakeven.BytesPerToken, l Load) (breakeven.Tokens, error) {
	per := 1/float64(r) - float64(b)/float64(l.Effective())
	if per <= 0 {
		return 0, fmt.Errorf("extended: an effective %v is not above the break-even %v, so loading never wins", l.Effective(), breakeven.BreakEvenBandwidth(r, b))
	}
	return breakeven.Tokens(float64(l.Latency) / per), nil
}

// crossingGrid is how many lengths per decade FindCrossings compares the two
// paths at before it bisects: two changes of the faster path closer
// together than a factor of 10^(1/32), 7.5%, may both be missed.
const crossingGrid = 32

// crossingLeast is the shortest positive length FindCrossings compares at, in
// tokens: a crossover below one token still shows (a fixed cost too small
// to matter), as the bisection from zero found it before.
const crossingLeast = 1e-3

// crossingTolerance is how close, in tokens, FindCrossings brackets each
// change before it stops: far below the whole token a length is printed
// at, so that the printed length does not hang on where the bisection
// happened to stop.
const crossingTolerance = 1e-3

// Crossings are the prompt lengths, up to Max tokens, at which the faster
// path changes, ascending. At zero tokens neither path takes any time, so
// recomputing is counted the winner there; loading then wins from the
// first length, recomputing again from the second, and so on: loading
// wins at Max where the count is odd. Each length is the first, to within
// a thousandth of a token, at which the new winner is faster.
type Crossings struct {
	Changes []breakeven.Tokens
	Max     breakeven.Tokens
}

// FindCrossings compares recompute(N) with load(N) at zero, at 32 lengths
// a decade from a thousandth of a token, and at max, and bisects each
// change of the faster path to within a thousandth of a token. A prefill
// with a cost that a loaded request does not pay (the weights a longer
// prompt touches) can make loading win at a few tokens, lose over a
// range, and win again on long prompts; one bisection over the whole
// range finds only one of those changes.
func FindCrossings(recompute, load TimeFunc, max breakeven.Tokens) Crossings {
	wins := func(n breakeven.Tokens) bool { return load(n) < recompute(n) }
	c := Crossings{Max: max}
	if !(max > 0) || math.IsInf(float64(max), 0) {
		return c // no length to compare at: no change
	}
	grid := []breakeven.Tokens{0}
	if max > crossingLeast {
		// portable's exp and log, so that the server and the page's
		// module (js/wasm) compare at the same lengths to the last bit.
		steps := int(math.Ceil(crossingGrid * portable.Log(float64(max)/crossingLeast) / math.Ln10))
		for i := range steps {
			grid = append(grid, breakeven.Tokens(crossingLeast*portable.Exp(float64(i)/crossingGrid*math.Ln10)))
		}
	}
	grid = append(grid, max)
	prev, was := grid[0], false
	for _, n := range grid[1:] {
		if n <= prev {
			continue
		}
		now := wins(n)
		if now != was {
			lo, hi := prev, n
			for hi-lo > crossingTolerance {
				mid := (lo + hi) / 2
				if wins(mid) == now {
					hi = mid
				} else {
					lo = mid
				}
			}
			c.Changes = append(c.Changes, hi)
		}
		prev, was = n, now
	}
	return c
}

// FirstWhole is the first whole prompt at or after a change found at n
// tokens, at least one: the length a crossover is printed as. A billionth
// of a token is forgiven, so that a change bisected to just above a whole
// length is printed as that length.
func FirstWhole(n breakeven.Tokens) breakeven.Tokens {
	return breakeven.Tokens(math.Max(1, math.Ceil(float64(n)-1e-9)))
}

// LoadWinsAtMax reports whether loading is faster at Max tokens.
func (c Crossings) LoadWinsAtMax() bool { return len(c.Changes)%2 == 1 }

// String says where each path wins, in whole prompts: "loading wins from
// 2,317 tokens; recomputing below", or, where the faster path changes
// more than once, each range loading wins over, both ends included
// ("loading wins from 2 to 383 tokens and from 89,088; recomputing
// elsewhere").
func (c Crossings) String() string {
	ch := c.Changes
	// at is the first whole prompt at which the i-th change's winner is
	// faster; upTo the last at which the one before it still is.
	at := func(i int) string { return FirstWhole(ch[i]).String() }
	upTo := func(i int) string { return max(1, FirstWhole(ch[i])-1).String() }
	switch {
	case len(ch) == 0:
		return fmt.Sprintf("none up to %s tokens: recomputing wins at every length", c.Max)
	case len(ch) == 1 && ch[0] <= 1:
		return "none: loading wins at every prompt length"
	case len(ch) == 1:
		return fmt.Sprintf("loading wins from %s tokens; recomputing below", at(0))
	case len(ch) == 2:
		return fmt.Sprintf("loading wins from %s to %s tokens only; recomputing below and above, up to %s", at(0), upTo(1), c.Max)
	case len(ch) == 3:
		return fmt.Sprintf("loading wins from %s to %s tokens and from %s; recomputing elsewhere", at(0), upTo(1), at(2))
	}
	list := make([]string, len(ch))
	for i := range ch {
		list[i] = at(i)
	}
	return fmt.Sprintf("the faster path changes at %s tokens, loading winning from the first, up to %s", strings.Join(list, ", "), c.Max)
}

// Once reports whether the faster path changes at most once up to Max:
// recomputing below the crossover, if any, and loading from it.
func (c Crossings) Once() bool { return len(c.Changes) <= 1 }

// Crossover returns the shortest prompt, up to max tokens, from which
// loading is faster than recomputing at every length up to max
// (FindCrossings' last change). It returns an error if loading does not
// win at max. Where loading also wins over a range of shorter prompts,
// FindCrossings says so; with one change, recomputing wins below it.
func Crossover(recompute, load TimeFunc, max breakeven.Tokens) (breakeven.Tokens, error) {
	c := FindCrossings(recompute, load, max)
	if !c.LoadWinsAtMax() {
		return 0, fmt.Errorf("extended: loading does not win even at %s tokens", max)
	}
	return c.Changes[len(c.Changes)-1], nil
}

// Overlap is the result of computing part of a prompt while loading the
// rest.
type Overlap struct {
	// Computed is the number of leading tokens recomputed; the rest is
	// loaded.
	Computed breakeven.Tokens
	Time     breakeven.Seconds // the overlapped time to the full cache
	// Recompute and Load are the single paths' times; Best is the smaller.
	Recompute, Load, Best breakeven.Seconds
	// Gain is Best / Time, at least 1.
	Gain float64
}

// Split finds the overlap of recomputing the first x tokens of an n-token
// prompt while loading the cache of the other n - x, both starting at
// once (Cake's "compute or load? why not both"). prefix(x) is the time to
// prefill x tokens; loadRest(x) the time to load what the first x do not
// cover, fixed cost included (zero when nothing is left). The best x is
// where the two finish together, found by bisection; if either single
// path is faster (a fixed cost longer than the remaining work), that path
// is taken, so the overlap is never slower than the better single path.
func Split(n breakeven.Tokens, prefix, loadRest TimeFunc) Overlap {
	o := Overlap{Recompute: prefix(n), Load: loadRest(0)}
	o.Best = min(o.Recompute, o.Load)
	lo, hi := breakeven.Tokens(0), n
	for i := 0; i < 200 && hi-lo > 1e-6*n; i++ {
		mid := (lo + hi) / 2
		if prefix(mid) < loadRest(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	x := (lo + hi) / 2
	o.Computed, o.Time = x, max(prefix(x), loadRest(x))
	if o.Recompute <= o.Time {
		o.Computed, o.Time = n, o.Recompute
	}
	if o.Load < o.Time {
		o.Computed, o.Time = 0, o.Load
	}
	o.Gain = float64(o.Best / o.Time)
	return o
}

// SplitCache is Split for an architecture's cache over a load: the rest's
// bytes are what the first x tokens do not add, cache(n) - (cache(x) -
// fixed state), so a fixed state is always loaded with the rest.
func SplitCache(a breakeven.Architecture, n breakeven.Tokens, prefix TimeFunc, l Load) Overlap {
	total := a.CacheSize(n)
	rest := func(x breakeven.Tokens) breakeven.Seconds {
		if x >= n {
			return 0
		}
		return l.Time(total - (a.CacheSize(x) - a.FixedBytes()))
	}
	return Split(n, prefix, rest)
}
