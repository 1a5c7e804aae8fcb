package replay

import (
	"errors"
	"fmt"
	"io"
)

// Policy says which blocks a cache lets go.
type Policy string

// The policies.
const (
	// LRU keeps every block until the cache is full, then evicts the
	// least recently used.
	LRU Policy = "lru"
	// TTL keeps a block for Keep after its last use, then drops it; with
	// a capacity as well, it also evicts the least recently used when
	// full.
	TTL Policy = "ttl"
)

// Config is a cache to replay a trace through.
type Config struct {
	// BlockTokens is the block size in tokens (512 for Mooncake's traces).
	BlockTokens int
	// Capacity is the cache's size in blocks; 0 means unbounded.
	Capacity int64
	// Policy is LRU or TTL (LRU if empty).
	Policy Policy
	// Keep is TTL's keep time in milliseconds: a block last used at t
	// still hits at t+Keep and no later.
	Keep int64
}

// Outcome is what one request got from the cache.
type Outcome struct {
	Request
	HitBlocks int // the leading blocks found in the cache
	HitTokens int // their tokens: the last block counts only its own
}

// Result is a replay's totals.
type Result struct {
	Requests        int
	RequestsWithHit int   // requests whose first block at least was found
	RequestsWhole   int   // requests served whole: every block found
	InputTokens     int64 // every request's input tokens
	HitTokens       int64 // those served from the cache
	BlockHits       int64 // blocks served from the cache
	PeakBlocks      int64 // the most blocks held at once
	// Reuse is the time since a block's previous use, at each block hit.
	Reuse *Histogram
	// Bad lists the lines that could not be replayed.
	Bad []*LineError
}

// HitRate is the share of input tokens served from the cache.
func (r Result) HitRate() float64 {
	if r.InputTokens == 0 {
		return 0
	}
	return float64(r.HitTokens) / float64(r.InputTokens)
}

// hitTokens is the tokens of a request's first k blocks: k whole blocks,
// but all of the prompt when every block hits, so the last, partial block
// counts only its own tokens.
func hitTokens(k, input, blockTokens int) int {
	if t := k * blockTokens; t < input {
		return t
	}
	return input
}

// Cache is a prefix cache of blocks in least-recently-used order, with an
// optional expiry; the zero value is not usable (use NewCache).
type Cache struct {
	cfg   Config
	index map[int64]int32
	// The blocks as a doubly linked list over slices, most recent at
	// head; free holds unused slots.
	id, last   []int64
	prev, next []int32
	head, tail int32
	free       []int32
	n          int64
	peak       int64
	hits       []int32 // the slots of the request's leading hits, reused
}

const none = int32(-1)

// NewCache returns an empty cache; the config must be valid (see Check).
func NewCache(cfg Config) *Cache {
	return &Cache{cfg: cfg, index: map[int64]int32{}, head: none, tail: none}
}

// Check reports a config that cannot be replayed.
func (c Config) Check() error {
	switch {
	case c.BlockTokens <= 0:
		return fmt.Errorf("replay: a block of %d tokens", c.BlockTokens)
	case c.Capacity < 0:
		return fmt.Errorf("replay: a capacity of %d blocks", c.Capacity)
	case c.Policy != "" && c.Policy != LRU && c.Policy != TTL:
		return fmt.Errorf("replay: unknown policy %q (lru or ttl)", c.Policy)
	case c.Policy == TTL && c.Keep <= 0:
		return fmt.Errorf("replay: a TTL cache needs a keep time above 0 (e.g. 10m)")
	}
	return nil
}

func (c *Cache) unlink(s int32) {
	p, n := c.prev[s], c.next[s]
	if p != none {
		c.next[p] = n
	} else {
		c.head = n
	}
	if n != none {
		c.prev[n] = p
	} else {
		c.tail = p
	}
}

func (c *Cache) pushFront(s int32) {
	c.prev[s], c.next[s] = none, c.head
	if c.head != none {
		c.prev[c.head] = s
	}
	c.head = s
	if c.tail == none {
		c.tail = s
	}
}

func (c *Cache) drop(s int32) {
	c.unlink(s)
	c.last[s] = -1 // a free slot; arrival times are never negative
	delete(c.index, c.id[s])
	c.free = append(c.free, s)
	c.n--
}

// expire drops the blocks a TTL cache no longer holds at now.
func (c *Cache) expire(now int64) {
	if c.cfg.Policy != TTL {
		return
	}
	for c.tail != none && now-c.last[c.tail] > c.cfg.Keep {
		c.drop(c.tail)
	}
}

// touch inserts or refreshes a block at now, evicting the least recently
// used past the capacity.
func (c *Cache) touch(id, now int64) {
	if s, ok := c.index[id]; ok {
		c.last[s] = now
		c.unlink(s)
		c.pushFront(s)
		return
	}
	var s int32
	if k := len(c.free); k > 0 {
		s, c.free = c.free[k-1], c.free[:k-1]
		c.id[s], c.last[s] = id, now
	} else {
		s = int32(len(c.id))
		c.id, c.last = append(c.id, id), append(c.last, now)
		c.prev, c.next = append(c.prev, none), append(c.next, none)
	}
	c.index[id] = s
	c.pushFront(s)
	c.n++
	if c.cfg.Capacity > 0 {
		for c.n > c.cfg.Capacity {
			c.drop(c.tail)
		}
	}
	if c.n > c.peak {
		c.peak = c.n
	}
}

// Step serves one request: it finds the longest run of the request's
// leading blocks the cache holds, records the reuse interval of each,
// then inserts or refreshes all the request's blocks. They are touched
// last block first, so the leading blocks, shared by the most requests,
// are the most recently used and the tail of a prompt is evicted before
// its head.
func (c *Cache) Step(r Request, reuse *Histogram) Outcome {
	c.expire(r.Timestamp)
	c.hits = c.hits[:0]
	for _, id := range r.HashIDs {
		s, ok := c.index[id]
		if !ok {
			break
		}
		if reuse != nil {
			reuse.Add(r.Timestamp - c.last[s])
		}
		c.hits = append(c.hits, s)
	}
	k := len(c.hits)
	for j := len(r.HashIDs) - 1; j >= 0; j-- {
		// a leading hit's slot is known, unless touching the blocks
		// behind it evicted it (a request near the capacity)
		if j < k {
			if s := c.hits[j]; c.last[s] >= 0 && c.id[s] == r.HashIDs[j] {
				c.last[s] = r.Timestamp
				c.unlink(s)
				c.pushFront(s)
				continue
			}
		}
		c.touch(r.HashIDs[j], r.Timestamp)
	}
	return Outcome{Request: r, HitBlocks: k, HitTokens: hitTokens(k, r.InputLength, c.cfg.BlockTokens)}
}

// Held is the number of blocks held now; Peak the most held at once.
func (c *Cache) Held() int64 { return c.n }

// Peak is the most blocks held at once.
func (c *Cache) Peak() int64 { return c.peak }

// Replay reads the trace in rd through a cache of cfg. each, if not nil,
// sees every request's outcome in arrival order. Bad lines are kept in
// Result.Bad and skipped; an error is returned only for a bad config or a
// reader that fails.
func Replay(rd *Reader, cfg Config, each func(Outcome)) (Result, error) {
	if cfg.Policy == "" {
		cfg.Policy = LRU
	}
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	c := NewCache(cfg)
	res := Result{Reuse: NewHistogram()}
	for {
		r, err := rd.Next()
		var le *LineError
		switch {
		case err == io.EOF:
			res.PeakBlocks = c.Peak()
			return res, nil
		case errors.As(err, &le):
			res.Bad = append(res.Bad, le)
			continue
		case err != nil:
			return res, err
		}
		o := c.Step(r, res.Reuse)
		res.Requests++
		res.InputTokens += int64(r.InputLength)
		res.HitTokens += int64(o.HitTokens)
		res.BlockHits += int64(o.HitBlocks)
		if o.HitBlocks > 0 {
			res.RequestsWithHit++
		}
		if o.HitTokens == r.InputLength {
			res.RequestsWhole++
		}
		if each != nil {
			each(o)
		}
	}
}
