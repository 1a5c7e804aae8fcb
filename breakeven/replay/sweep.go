package replay

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
)

// Unbounded is the capacity of a cache that never evicts, in a sweep.
const Unbounded = int64(math.MaxInt64)

// Curve is the hit rate of an LRU cache at each of several capacities,
// from one pass over the trace.
type Curve struct {
	Capacities      []int64 // blocks, ascending; Unbounded for no limit
	HitTokens       []int64 // input tokens served at each capacity
	RequestsWithHit []int   // requests with a hit at each capacity
	Requests        int
	InputTokens     int64
	Bad             []*LineError
}

// HitRate is the share of input tokens served at the i-th capacity.
func (c Curve) HitRate(i int) float64 {
	if c.InputTokens == 0 {
		return 0
	}
	return float64(c.HitTokens[i]) / float64(c.InputTokens)
}

// fenwick counts marks at positions 1..n.
type fenwick []int32

func (f fenwick) add(i int, v int32) {
	for ; i < len(f); i += i & -i {
		f[i] += v
	}
}

func (f fenwick) sum(i int) int64 { // marks at 1..i
	var s int64
	for ; i > 0; i -= i & -i {
		s += int64(f[i])
	}
	return s
}

// stack is the LRU stack of every block, as each block's last use on a
// logical clock: a block's depth (1 for the most recent) is the number of
// blocks used at or after its last use. An LRU cache of C blocks holds
// exactly the blocks of depth at most C, since every request uses all
// its blocks whatever hits, so one pass gives every capacity's answer.
type stack struct {
	pos   map[int64]int // block -> its last use on the clock
	tree  fenwick       // a mark at each block's last use
	clock int
	live  int64
	limit int64 // blocks deeper than this are forgotten (misses everywhere)
}

func newStack(limit int64) *stack {
	s := &stack{pos: map[int64]int{}, limit: limit}
	s.tree = make(fenwick, 1<<12)
	return s
}

// depth is the block's depth, or Unbounded for one never used (or
// forgotten).
func (s *stack) depth(id int64) int64 {
	p, ok := s.pos[id]
	if !ok {
		return Unbounded
	}
	return s.live - s.tree.sum(p-1)
}

func (s *stack) touch(id int64) {
	if s.clock+1 >= len(s.tree) {
		s.compact()
	}
	if p, ok := s.pos[id]; ok {
		s.tree.add(p, -1)
	} else {
		s.live++
	}
	s.clock++
	s.pos[id] = s.clock
	s.tree.add(s.clock, 1)
}

// compact renumbers the last uses 1..live, forgetting blocks deeper than
// the limit, and sizes the clock to twice what is left.
func (s *stack) compact() {
	type use struct {
		id int64
		p  int
	}
	uses := make([]use, 0, len(s.pos))
	for id, p := range s.pos {
		uses = append(uses, use{id, p})
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].p < uses[j].p })
	if drop := int64(len(uses)) - s.limit; drop > 0 {
		for _, u := range uses[:drop] {
			delete(s.pos, u.id)
		}
		uses = uses[drop:]
	}
	s.live = int64(len(uses))
	size := 2*len(uses) + 1<<12
	s.tree = make(fenwick, size)
	for i, u := range uses {
		s.pos[u.id] = i + 1
		s.tree[i+1] = 1
	}
	for i := 1; i < size; i++ { // build in O(n)
		if j := i + (i & -i); j < size {
			s.tree[j] += s.tree[i]
		}
	}
	s.clock = len(uses)
}

// Sweep replays the trace through LRU caches of every capacity in caps
// (blocks; Unbounded for no limit) at once, by stack distances.
func Sweep(rd *Reader, blockTokens int, caps []int64) (Curve, error) {
	if blockTokens <= 0 {
		return Curve{}, fmt.Errorf("replay: a block of %d tokens", blockTokens)
	}
	cs := append([]int64(nil), caps...)
	sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
	for _, c := range cs {
		if c <= 0 {
			return Curve{}, fmt.Errorf("replay: a capacity of %d blocks", c)
		}
	}
	out := Curve{Capacities: cs, HitTokens: make([]int64, len(cs)), RequestsWithHit: make([]int, len(cs))}
	if len(cs) == 0 {
		return out, nil
	}
	tokDiff := make([]int64, len(cs)+1)
	reqDiff := make([]int, len(cs)+1)
	// the first capacity that holds a block of depth d
	first := func(d int64) int { return sort.Search(len(cs), func(i int) bool { return cs[i] >= d }) }
	s := newStack(cs[len(cs)-1])
	for {
		r, err := rd.Next()
		var le *LineError
		switch {
		case err == io.EOF:
			var t int64
			var q int
			for i := range cs {
				t += tokDiff[i]
				q += reqDiff[i]
				out.HitTokens[i], out.RequestsWithHit[i] = t, q
			}
			return out, nil
		case errors.As(err, &le):
			out.Bad = append(out.Bad, le)
			continue
		case err != nil:
			return out, err
		}
		out.Requests++
		out.InputTokens += int64(r.InputLength)
		// block j hits at capacity C when every block up to it is held:
		// C at least the deepest of blocks 0..j
		var deepest int64
		for j, id := range r.HashIDs {
			if d := s.depth(id); d > deepest {
				deepest = d
			}
			if deepest == Unbounded {
				break
			}
			i := first(deepest)
			if i == len(cs) {
				break
			}
			tokDiff[i] += int64(hitTokens(j+1, r.InputLength, blockTokens) - hitTokens(j, r.InputLength, blockTokens))
			if j == 0 {
				reqDiff[i]++
			}
		}
		for j := len(r.HashIDs) - 1; j >= 0; j-- {
			s.touch(r.HashIDs[j])
		}
	}
}
