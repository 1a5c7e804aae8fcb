package measure

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"
)

// Options are what to measure.
type Options struct {
	InputLens []int // prompt lengths N, in tokens
	Repeats   int   // cold, cached (and save/restore) samples per N
	Seed      uint64
	// DropCaches, when not nil, is called between erasing a slot and
	// restoring it, so the restore reads the disk (DropPageCache).
	DropCaches func() error
	// Progress receives a one-line progress bar (stderr); nil for none.
	Progress io.Writer
	// NoSaveRestore skips the KV save/restore even where the engine has it.
	NoSaveRestore bool
}

// RawPoint is every sample taken at one prompt length.
type RawPoint struct {
	Tokens   int          `json:"tokens"`
	Cold     []Sample     `json:"cold"`
	Cached   []Sample     `json:"cached"`
	Restored []Sample     `json:"restored,omitempty"`
	Saves    []SlotResult `json:"saves,omitempty"`
	Restores []SlotResult `json:"restores,omitempty"`
}

// Raw is a measurement before analysis.
type Raw struct {
	Info   ServerInfo
	Points []RawPoint
	// SaveRestore is "measured", or why it was not.
	SaveRestore string
	Interrupted bool
	Notes       []string
	Started     time.Time
}

// SlotFile is the name the measurement saves slot caches under, in the
// server's --slot-save-path; one file per prompt length, overwritten at
// each repeat.
func SlotFile(n int) string { return fmt.Sprintf("breakeven-measure-%d.bin", n) }

// prompts makes token-id prompts: each one's first token differs from
// every other's, so no two share a prefix and nothing of one is found in
// the cache of another; the rest are drawn from a seeded generator.
type prompts struct {
	rng     *rand.Rand
	lo, hi  int // token ids drawn from [lo, hi)
	counter int
}

func newPrompts(seed uint64, vocab int) *prompts {
	hi := 32000 // every vocabulary of a current model is at least this large
	if vocab > 0 && vocab < hi {
		hi = vocab
	}
	return &prompts{rng: rand.New(rand.NewPCG(seed, 0x6b76)), lo: 100, hi: hi}
}

func (p *prompts) next(n int) []int {
	out := make([]int, n)
	out[0] = p.lo + p.counter%(p.hi-p.lo)
	p.counter++
	for i := 1; i < n; i++ {
		out[i] = p.lo + p.rng.IntN(p.hi-p.lo)
	}
	return out
}

// Run measures, for each prompt length and repeat: a cold time to first
// token (a prompt no earlier one shares a prefix with), a cached one (the
// same prompt again), and, where the engine can, saves the slot's cache,
// erases it, restores it and sends the prompt a third time. c must have
// been through Detect. On Ctrl-C (ctx cancelled) it returns what was
// measured, with Interrupted set and ErrInterrupted; on another error,
// what was measured and the error.
func Run(ctx context.Context, c *Client, o Options) (Raw, error) {
	raw := Raw{Info: c.Info, Started: time.Now().UTC()}
	if o.Repeats < 1 {
		return raw, userErr("repeats", "must be at least 1 (e.g. --repeats 5)")
	}
	if len(o.InputLens) == 0 {
		return raw, userErr("input-lens", "give at least one prompt length (e.g. --input-lens 512,2048,8192)")
	}
	lens := sortedInts(o.InputLens)
	for _, n := range lens {
		if n < 2 {
			return raw, userErr("input-lens", "%d: a prompt needs at least 2 tokens to have a cached prefix (e.g. --input-lens 512,2048,8192)", n)
		}
		// One generated token must fit after the prompt.
		if ctxN := c.Info.ContextTokens; ctxN > 0 && n+1 > ctxN {
			return raw, userErr("input-lens", "%d tokens do not fit the server's context of %d tokens (n_ctx from /props); use lengths up to %d, or restart the server with a larger context (llama-server -c %d)", n, ctxN, ctxN-1, nextPow2(n+1))
		}
	}
	gen := newPrompts(o.Seed, c.Info.VocabSize)
	save := c.SupportsSaveRestore() && !o.NoSaveRestore
	switch {
	case o.NoSaveRestore:
		raw.SaveRestore = "not measured: --no-save-restore"
	case !save:
		raw.SaveRestore = "not measured: " + c.Info.Engine + " has no API to save and restore a KV cache (llama.cpp's llama-server with --slot-save-path has); load times are missing"
	default:
		raw.SaveRestore = "measured"
	}
	for _, n := range lens {
		raw.Points = append(raw.Points, RawPoint{Tokens: n})
	}
	bar := newBar(o.Progress, o.Repeats*len(lens))
	defer bar.done()

	// One short request first, so loading and first-use costs fall on no sample.
	if _, err := c.Complete(ctx, gen.next(min(32, lens[0])), true); err != nil {
		return raw, stop(&raw, err)
	}
	for rep := 0; rep < o.Repeats; rep++ {
		for i, n := range lens {
			bar.step(fmt.Sprintf("N=%d repeat %d/%d", n, rep+1, o.Repeats))
			pt := &raw.Points[i]
			p := gen.next(n)
			cold, err := c.Complete(ctx, p, true)
			if err != nil {
				return raw, stop(&raw, err)
			}
			pt.Cold = append(pt.Cold, cold)
			cached, err := c.Complete(ctx, p, true)
			if err != nil {
				return raw, stop(&raw, err)
			}
			pt.Cached = append(pt.Cached, cached)
			if !save {
				continue
			}
			sv, err := c.Slot(ctx, "save", SlotFile(n))
			if errors.Is(err, ErrNoSaveRestore) {
				save = false
				raw.SaveRestore = "not measured: " + err.Error() + "; load times are missing"
				continue
			}
			if err != nil {
				return raw, stop(&raw, err)
			}
			if _, err := c.Slot(ctx, "erase", ""); err != nil {
				return raw, stop(&raw, err)
			}
			if o.DropCaches != nil {
				if err := o.DropCaches(); err != nil {
					return raw, stop(&raw, userErr("drop-caches", "%v; run as root, or leave out --drop-caches", err))
				}
			}
			rs, err := c.Slot(ctx, "restore", SlotFile(n))
			if err != nil {
				return raw, stop(&raw, err)
			}
			again, err := c.Complete(ctx, p, true)
			if err != nil {
				return raw, stop(&raw, err)
			}
			pt.Saves = append(pt.Saves, sv)
			pt.Restores = append(pt.Restores, rs)
			pt.Restored = append(pt.Restored, again)
		}
	}
	return raw, nil
}

// stop marks an interrupted run.
func stop(raw *Raw, err error) error {
	if errors.Is(err, ErrInterrupted) {
		raw.Interrupted = true
	}
	return err
}

func nextPow2(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
}

// bar is a progress bar drawn on one line of a terminal.
type bar struct {
	w          io.Writer
	total, cur int
	start      time.Time
}

func newBar(w io.Writer, total int) *bar { return &bar{w: w, total: total, start: time.Now()} }

func (b *bar) step(what string) {
	if b.w == nil {
		return
	}
	const width = 30
	filled := width * b.cur / max(b.total, 1)
	fmt.Fprintf(b.w, "\rmeasure [%s%s] %d/%d %-24s %5.0fs", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), b.cur, b.total, what, time.Since(b.start).Seconds())
	b.cur++
}

func (b *bar) done() {
	if b.w == nil {
		return
	}
	fmt.Fprintf(b.w, "\rmeasure [%s] %d/%d %-24s %5.0fs\n", strings.Repeat("=", 30), b.cur, b.total, "done", time.Since(b.start).Seconds())
}
