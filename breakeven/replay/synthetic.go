package replay

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
)

// SyntheticSpec shapes a generated trace, for benchmarks and tests: it
// has the format of a real trace, not its statistics.
type SyntheticSpec struct {
	Requests int    // lines to write
	Sessions int    // conversations open at once
	Seed     uint64 // the generator's seed
	// GapMs is the mean time between requests (Poisson arrivals); 300
	// ms if 0, about the conversation trace's.
	GapMs float64
}

// Synthetic writes a trace of multi-turn conversations: each request
// continues one of Sessions open conversations, its prompt the
// conversation so far (a system prompt shared by every conversation of
// its kind, then the turns) plus a new turn; a conversation past 32Ki
// tokens, or at random, ends and a new one takes its place. A block's id
// names it with everything before it, as in a real trace: a grown
// prompt keeps the ids of its predecessor's full blocks and takes new
// ones from the first block that changed.
func Synthetic(w io.Writer, s SyntheticSpec) error {
	if s.Requests < 0 || s.Sessions <= 0 {
		return fmt.Errorf("replay: a synthetic trace of %d requests over %d sessions", s.Requests, s.Sessions)
	}
	gap := s.GapMs
	if gap <= 0 {
		gap = 300
	}
	rng := rand.New(rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15))
	const kinds, systemBlocks, maxTokens = 8, 4, 32 << 10
	next := int64(0)
	newID := func() int64 { next++; return next - 1 }
	system := make([][]int64, kinds)
	for k := range system {
		for range systemBlocks {
			system[k] = append(system[k], newID())
		}
	}
	type session struct {
		ids    []int64
		tokens int // the conversation so far, answers included
		prompt int // the last prompt's tokens, which ids cover
	}
	start := func() session {
		k := rng.IntN(kinds)
		return session{ids: append([]int64(nil), system[k]...), tokens: systemBlocks * 512, prompt: systemBlocks * 512}
	}
	open := make([]session, s.Sessions)
	for i := range open {
		open[i] = start()
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var t float64
	buf := make([]byte, 0, 4096)
	for range s.Requests {
		t += rng.ExpFloat64() * gap
		i := rng.IntN(len(open))
		se := &open[i]
		if se.tokens > maxTokens || rng.IntN(5) == 0 {
			*se = start()
		}
		turn := 50 + rng.IntN(2000)
		full := se.prompt / 512 // the last prompt's full blocks are unchanged
		se.tokens += turn
		ids := se.ids[:full]
		for len(ids) < Blocks(se.tokens, 512) {
			ids = append(ids, newID())
		}
		se.ids, se.prompt = ids, se.tokens
		buf = buf[:0]
		buf = append(buf, `{"timestamp": `...)
		buf = strconv.AppendInt(buf, int64(t), 10)
		buf = append(buf, `, "input_length": `...)
		buf = strconv.AppendInt(buf, int64(se.tokens), 10)
		buf = append(buf, `, "output_length": `...)
		out := 20 + rng.IntN(500)
		buf = strconv.AppendInt(buf, int64(out), 10)
		buf = append(buf, `, "hash_ids": [`...)
		for j, id := range ids {
			if j > 0 {
				buf = append(buf, ", "...)
			}
			buf = strconv.AppendInt(buf, id, 10)
		}
		buf = append(buf, "]}\n"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
		se.tokens += out // the answer joins the conversation
	}
	return bw.Flush()
}
