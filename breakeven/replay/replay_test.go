package replay_test

import (
	"container/heap"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/replay"
	"signalweight.dev/kv/sources"
)

const repoRoot = "../.."

// line writes one trace line.
func line(ts int64, input int, ids ...int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return fmt.Sprintf(`{"timestamp": %d, "input_length": %d, "output_length": 1, "hash_ids": [%s]}`, ts, input, strings.Join(s, ", "))
}

func trace(lines ...string) *replay.Reader {
	return replay.NewReader(strings.NewReader(strings.Join(lines, "\n")+"\n"), 512)
}

// run replays lines and returns the totals and each request's hit tokens.
func run(t *testing.T, cfg replay.Config, lines ...string) (replay.Result, []int) {
	t.Helper()
	var hits []int
	res, err := replay.Replay(trace(lines...), cfg, func(o replay.Outcome) { hits = append(hits, o.HitTokens) })
	require.NoError(t, err)
	return res, hits
}

// A request hits only its leading run of cached blocks: a block held in
// the cache after a block that is not counts for nothing, and a request
// whose every block is held is served whole, its partial last block
// counting only its own tokens.
func TestPrefixSemanticsAndPartialLastBlock(t *testing.T) {
	res, hits := run(t, replay.Config{BlockTokens: 512},
		line(0, 1536, 1, 2, 3), // cold: nothing
		line(1, 1536, 1, 2, 9), // 1 and 2 lead: 2 x 512 = 1024
		line(2, 1536, 5, 2, 3), // 5 is new, so 2 and 3 behind it do not count: 0
		line(3, 1100, 1, 2, 3), // all three held: 512 + 512 + 76 = 1100
	)
	assert.Equal(t, []int{0, 1024, 0, 1100}, hits)
	assert.Equal(t, int64(1536*3+1100), res.InputTokens)
	assert.Equal(t, int64(1024+1100), res.HitTokens)
	assert.InDelta(t, 2124.0/5708.0, res.HitRate(), 1e-12)
	assert.Equal(t, 2, res.RequestsWithHit)
	assert.Equal(t, 1, res.RequestsWhole, "only the last is served whole")
	assert.Equal(t, int64(5), res.PeakBlocks, "blocks 1, 2, 3, 9, 5")
}

// LRU at three blocks evicts the least recently used, and a request's
// blocks are refreshed last block first, so its head outlives its tail.
func TestLRUEvictsLeastRecentlyUsedTailFirst(t *testing.T) {
	res, hits := run(t, replay.Config{BlockTokens: 512, Capacity: 3},
		line(0, 1024, 1, 2), // touches 2 then 1: recency (new to old) 1 2
		line(1, 512, 3),     // 3 1 2
		line(2, 512, 4),     // 4 3 1; 2 evicted
		line(3, 1024, 1, 2), // 1 held, 2 not: 512. touch 2 (evicts 1), then 1 (evicts 3): 1 2 4
		line(4, 512, 3),     // 3 evicted: 0. now 3 1 2; 4 evicted
		line(5, 512, 2),     // 2 held: 512
		line(6, 512, 4),     // 0
	)
	assert.Equal(t, []int{0, 0, 0, 512, 0, 512, 0}, hits)
	assert.Equal(t, int64(3), res.PeakBlocks)
	assert.Equal(t, 2, res.RequestsWithHit)
}

// A TTL cache serves a block up to Keep after its last use, not a
// millisecond later, and each use restarts the clock.
func TestTTLExpiresAfterKeep(t *testing.T) {
	res, hits := run(t, replay.Config{BlockTokens: 512, Policy: replay.TTL, Keep: 10_000},
		line(0, 512, 1),
		line(10_000, 512, 1), // exactly 10 s later: a hit, and the clock restarts
		line(20_000, 512, 1), // 10 s after that: a hit
		line(30_001, 512, 1), // 10.001 s: expired
		line(30_002, 512, 7),
	)
	assert.Equal(t, []int{0, 512, 512, 0, 0}, hits)
	assert.Equal(t, int64(2), res.Reuse.Count())
	assert.InEpsilon(t, 10_000.0, res.Reuse.Quantile(1), 0.0025, "both reuses 10 s apart, to the histogram's bin")
	assert.Equal(t, int64(2), res.PeakBlocks, "block 1 again, from 30.001 s, and 7")
}

// A capacity in bytes is whole blocks of the model's cache: Llama 3.1
// 405B keeps 126 layers x 8 KV heads x 128 dims x 2 (K and V) x 2 bytes
// = 516,096 bytes a token, 264,241,152 a 512-token block; 100 GB holds
// 378 of them (378.4).
func TestCapacityInBytesIsWholeBlocks(t *testing.T) {
	m := sources.MustModel("llama-3.1-405b")
	b := m.Arch.BytesPerToken()
	require.Equal(t, breakeven.BytesPerToken(126*8*128*2*2), b)
	n, err := replay.CapacityBlocks(100e9, b, 512)
	require.NoError(t, err)
	assert.Equal(t, int64(378), n)
	n, err = replay.CapacityBlocks(264_241_152, b, 512)
	require.NoError(t, err)
	assert.Equal(t, int64(1), n)

	_, err = replay.CapacityBlocks(264_241_151, b, 512)
	var fe *breakeven.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "capacity", fe.Field)
	assert.Contains(t, err.Error(), "smaller than one block")
}

// Bad lines are reported with their number and a valid example; the good
// lines around them are still replayed.
func TestBadLinesAreReportedAndTheRestReplayed(t *testing.T) {
	res, hits := run(t, replay.Config{BlockTokens: 512},
		line(0, 1024, 1, 2),
		`{"timestamp": 5, "input_length": 10`, // 2: not JSON
		line(-1, 512, 1),                      // 3: negative
		line(10, 1024, 1),                     // 4: one id for two blocks
		line(20, 1024, 1, 2),                  // 5: good, all hits
		line(15, 512, 1),                      // 6: before line 5
		`{"timestamp": 30, "input_length": "x", "hash_ids": []}`, // 7
		line(40, 600, 1, 2, 3), // 8: three ids for two blocks
		line(50, 512, 1),       // 9: good
	)
	assert.Equal(t, []int{0, 1024, 512}, hits)
	require.Len(t, res.Bad, 6)
	var lines []int
	for _, e := range res.Bad {
		lines = append(lines, e.Line)
		assert.Contains(t, e.Error(), "a good line: {")
	}
	assert.Equal(t, []int{2, 3, 4, 6, 7, 8}, lines)
	assert.Contains(t, res.Bad[0].Error(), "trace line 2: not JSON")
	assert.Contains(t, res.Bad[1].Error(), "negative timestamp -1 ms")
	assert.Contains(t, res.Bad[2].Error(), "hash_ids has 1 ids, shorter than the 2 blocks")
	assert.Contains(t, res.Bad[3].Error(), "timestamp 15 ms is before the previous request's 20 ms")
	assert.Contains(t, res.Bad[4].Error(), "input_length")
	assert.Contains(t, res.Bad[5].Error(), "longer than")
}

// The committed traces are the files read at the commit, byte for byte:
// their size, line count and git blob id are those recorded in sources.
func TestCommittedTracesAreTheFilesRead(t *testing.T) {
	for _, tf := range sources.TraceFiles {
		b, err := os.ReadFile(filepath.Join(repoRoot, tf.File))
		require.NoError(t, err)
		assert.Equal(t, tf.Bytes, len(b), tf.File)
		assert.Equal(t, tf.Lines, strings.Count(string(b), "\n"), tf.File)
		h := sha1.New()
		fmt.Fprintf(h, "blob %d\x00", len(b))
		h.Write(b)
		assert.Equal(t, tf.GitBlob, hex.EncodeToString(h.Sum(nil)), tf.File)
		assert.Equal(t, tf.Requests.V(), float64(tf.Lines), "the paper's request count is the file's line count")
	}
}

func openTrace(t testing.TB, name string) *replay.Reader {
	t.Helper()
	tf, ok := sources.FindTrace(name)
	require.True(t, ok)
	f, err := os.Open(filepath.Join(repoRoot, tf.File))
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return replay.NewReader(f, 512)
}

// naive is a deliberately plain LRU replay, written apart from the
// package: a map of each block's last use on a counter, a heap of
// (use, block) entries with stale ones skipped at eviction, and hit
// tokens counted token by token.
type naive struct {
	last map[int64]int64
	h    useHeap
	seq  int64
	cap  int
}

type use struct{ seq, id int64 }
type useHeap []use

func (h useHeap) Len() int           { return len(h) }
func (h useHeap) Less(i, j int) bool { return h[i].seq < h[j].seq }
func (h useHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *useHeap) Push(x any)        { *h = append(*h, x.(use)) }
func (h *useHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

type plainLine struct {
	ts    int64
	input int
	ids   []int64
}

func (n *naive) request(r plainLine) (hit int) {
	held := 0
	for _, id := range r.ids {
		if _, ok := n.last[id]; !ok {
			break
		}
		held++
	}
	for tok := 0; tok < r.input; tok++ {
		if tok/512 < held {
			hit++
		}
	}
	for j := len(r.ids) - 1; j >= 0; j-- {
		n.seq++
		n.last[r.ids[j]] = n.seq
		heap.Push(&n.h, use{n.seq, r.ids[j]})
		for n.cap > 0 && len(n.last) > n.cap {
			u := heap.Pop(&n.h).(use)
			if n.last[u.id] == u.seq {
				delete(n.last, u.id)
			}
		}
	}
	return hit
}

// readPlain reads the trace with the standard library's decoder alone.
func readPlain(t *testing.T, name string) []plainLine {
	tf, _ := sources.FindTrace(name)
	b, err := os.ReadFile(filepath.Join(repoRoot, tf.File))
	require.NoError(t, err)
	var out []plainLine
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var v struct {
			Timestamp   int64   `json:"timestamp"`
			InputLength int     `json:"input_length"`
			HashIDs     []int64 `json:"hash_ids"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &v))
		out = append(out, plainLine{v.Timestamp, v.InputLength, v.HashIDs})
	}
	return out
}

func naiveHitRate(lines []plainLine, capBlocks int) float64 {
	n := &naive{last: map[int64]int64{}, cap: capBlocks}
	var hit, in int64
	for _, l := range lines {
		hit += int64(n.request(l))
		in += int64(l.input)
	}
	return float64(hit) / float64(in)
}

// The package's replay of the conversation trace, by the linked-list
// cache and by the one-pass stack-distance sweep, gives the hit rate the
// naive replay gives, unbounded and at several capacities, within one
// percentage point (they agree exactly).
func TestConversationTraceAgreesWithANaiveReplay(t *testing.T) {
	lines := readPlain(t, "conversation")
	caps := []int64{1000, 5000, 20000, replay.Unbounded}
	curve, err := replay.Sweep(openTrace(t, "conversation"), 512, caps)
	require.NoError(t, err)
	require.Empty(t, curve.Bad)
	assert.Equal(t, 12031, curve.Requests)
	for i, c := range curve.Capacities {
		capBlocks := 0
		if c != replay.Unbounded {
			capBlocks = int(c)
		}
		want := naiveHitRate(lines, capBlocks)
		res, err := replay.Replay(openTrace(t, "conversation"), replay.Config{BlockTokens: 512, Capacity: int64(capBlocks)}, nil)
		require.NoError(t, err)
		assert.InDelta(t, want, res.HitRate(), 0.01, "cache at %d blocks", capBlocks)
		assert.InDelta(t, want, curve.HitRate(i), 0.01, "sweep at %d blocks", capBlocks)
		assert.Equal(t, res.HitTokens, curve.HitTokens[i], "cache and sweep at %d blocks", capBlocks)
		assert.Equal(t, res.RequestsWithHit, curve.RequestsWithHit[i], "cache and sweep at %d blocks", capBlocks)
		t.Logf("conversation, LRU at %d blocks: naive %.4f, cache %.4f, sweep %.4f", capBlocks, want, res.HitRate(), curve.HitRate(i))
	}
}

// The sweep's answer at every capacity is the cache's at that capacity,
// on a trace made to evict often: many sessions whose prompts grow and
// share a system prompt.
func TestSweepEqualsTheCacheAtEachCapacity(t *testing.T) {
	var sb strings.Builder
	require.NoError(t, replay.Synthetic(&sb, replay.SyntheticSpec{Requests: 3000, Sessions: 200, Seed: 7}))
	caps := []int64{1, 3, 10, 50, 200, 1000, replay.Unbounded}
	curve, err := replay.Sweep(replay.NewReader(strings.NewReader(sb.String()), 512), 512, caps)
	require.NoError(t, err)
	for i, c := range caps {
		capBlocks := c
		if c == replay.Unbounded {
			capBlocks = 0
		}
		res, err := replay.Replay(replay.NewReader(strings.NewReader(sb.String()), 512), replay.Config{BlockTokens: 512, Capacity: capBlocks}, nil)
		require.NoError(t, err)
		assert.Equal(t, res.HitTokens, curve.HitTokens[i], "at %d blocks", c)
		assert.Equal(t, res.RequestsWithHit, curve.RequestsWithHit[i], "at %d blocks", c)
	}
	assert.Less(t, curve.HitRate(0), curve.HitRate(len(caps)-1))
}

// Lines that are valid but of another shape (fields reordered, no
// output_length, spaces, an unknown field) are read as the usual shape
// is; a number that is not whole is refused.
func TestReaderTakesAnyValidShape(t *testing.T) {
	rd := trace(
		`{"hash_ids":[7,8],"input_length":600,"timestamp":5}`,
		` { "timestamp" : 6 , "input_length" : 512 , "output_length" : 9 , "hash_ids" : [ 7 ] } `,
		`{"timestamp": 7, "input_length": 512, "hash_ids": [7], "session": "abc"}`,
		`{"timestamp": 8.5, "input_length": 512, "hash_ids": [7]}`,
		`{"timestamp": 9, "input_length": 0, "hash_ids": []}`,
	)
	var got []replay.Request
	var bad []*replay.LineError
	for {
		r, err := rd.Next()
		var le *replay.LineError
		if errors.As(err, &le) {
			bad = append(bad, le)
			continue
		}
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, r)
	}
	require.Len(t, got, 4)
	assert.Equal(t, replay.Request{Line: 1, Timestamp: 5, InputLength: 600, HashIDs: []int64{7, 8}}, got[0])
	assert.Equal(t, replay.Request{Line: 2, Timestamp: 6, InputLength: 512, OutputLength: 9, HashIDs: []int64{7}}, got[1])
	assert.Equal(t, replay.Request{Line: 3, Timestamp: 7, InputLength: 512, HashIDs: []int64{7}}, got[2])
	assert.Equal(t, replay.Request{Line: 5, Timestamp: 9, InputLength: 0, HashIDs: []int64{}}, got[3])
	require.Len(t, bad, 1)
	assert.Contains(t, bad[0].Error(), "trace line 4: field timestamp is not a whole number")
}

// A line that is JSON but not an object (a row of a CSV file, read as its
// first number; a list; a string) is named for what it is, not as a
// field with no name.
func TestALineThatIsNotAnObjectSaysWhatItIs(t *testing.T) {
	rd := trace(
		`0,1024,10,"[1,2]"`,
		`[5, 600, [7, 8]]`,
		`"timestamp"`,
		`{"timestamp": 9, "input_length": 0, "hash_ids": []}`,
	)
	var bad []string
	for {
		_, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			bad = append(bad, err.Error())
		}
	}
	require.Len(t, bad, 3)
	assert.Contains(t, bad[0], "trace line 1: a JSON number, not an object with the request's fields")
	assert.Contains(t, bad[1], "trace line 2: a JSON array, not an object")
	assert.Contains(t, bad[2], "trace line 3: a JSON string, not an object")
	for _, e := range bad {
		assert.NotContains(t, e, "field  is", "a field with no name")
	}
}

// The keep-time rule worked by hand for the 405B at the post's prefill
// (127,188 tokens in 62 s on 8 GPUs, 2,051.4 tokens/s) held in GPU memory
// (no load): a token's hit saves 1/2051.4 s x 8 GPUs x $2.50/3600 =
// $2.708e-6; its 516,096 bytes rent for 5.16096e-4 GB x $0.50/3600 =
// $7.168e-8 a second; T* = 37.8 s. Over a 64 GB/s link the saving
// shrinks by the load, 516,096/64e9 s a token.
func TestKeepTimeWorkedByHand(t *testing.T) {
	r := breakeven.TokenRate(127188.0 / 62)
	b := breakeven.BytesPerToken(516096)
	k, err := replay.KeepTime(r, b, 0, 8, 2.50, 0.50)
	require.NoError(t, err)
	saving := (62.0 / 127188) * 8 * 2.50 / 3600
	rent := 516096 / 1e9 * 0.50 / 3600
	assert.InDelta(t, saving/rent, float64(k), 1e-9)
	assert.InDelta(t, 37.8, float64(k), 0.05)

	k2, err := replay.KeepTime(r, b, 64e9, 8, 2.50, 0.50)
	require.NoError(t, err)
	assert.InDelta(t, (62.0/127188-516096/64e9)*8*2.50/3600/rent, float64(k2), 1e-9)

	_, err = replay.KeepTime(r, b, 1e6, 8, 2.50, 0.50)
	assert.ErrorContains(t, err, "no faster than recomputing")
	_, err = replay.ParsePrice("gpu-hour", "free", "--gpu-hour 2.50")
	assert.ErrorContains(t, err, `--gpu-hour "free": not a price`)
}

// The reuse histogram: exact below a second, within a quarter of a
// percent above; the CDF counts durations up to the one asked.
func TestHistogramPercentilesAndCDF(t *testing.T) {
	h := replay.NewHistogram()
	for _, ms := range []int64{500, 500, 2000, 200_000} {
		h.Add(ms)
	}
	assert.Equal(t, 500.0, h.Quantile(0.5), "the 2nd of 4, exact below 1 s")
	assert.InEpsilon(t, 2000.0, h.Quantile(0.75), 0.0025)
	assert.InEpsilon(t, 200_000.0, h.Quantile(1), 0.0025)
	assert.Equal(t, 0.5, h.CDF(999))
	assert.Equal(t, 0.75, h.CDF(60_000))
	assert.Equal(t, 1.0, h.CDF(1e9))
	assert.Equal(t, 0.0, replay.NewHistogram().CDF(10))
}

// The reuse intervals of the unbounded replay of the conversation trace,
// collected naively (each block's last use in a map, every interval kept
// and sorted), give the median and the shares within 1, 5 and 30 minutes
// the package's histogram gives.
func TestConversationReuseAgreesWithANaiveCount(t *testing.T) {
	last := map[int64]int64{}
	var gaps []int64
	for _, l := range readPlain(t, "conversation") {
		for _, id := range l.ids {
			prev, ok := last[id]
			if !ok {
				break
			}
			gaps = append(gaps, l.ts-prev)
		}
		for _, id := range l.ids {
			last[id] = l.ts
		}
	}
	sort.Slice(gaps, func(i, j int) bool { return gaps[i] < gaps[j] })
	res, err := replay.Replay(openTrace(t, "conversation"), replay.Config{BlockTokens: 512}, nil)
	require.NoError(t, err)
	require.Equal(t, int64(len(gaps)), res.Reuse.Count())
	median := float64(gaps[(len(gaps)+1)/2-1])
	assert.InEpsilon(t, median, res.Reuse.Quantile(0.5), 0.0025)
	for _, keep := range []int64{60_000, 300_000, 1_800_000} {
		within := sort.Search(len(gaps), func(i int) bool { return gaps[i] > keep })
		assert.InDelta(t, float64(within)/float64(len(gaps)), res.Reuse.CDF(float64(keep)), 0.005, "within %d ms", keep)
	}
	t.Logf("conversation reuse: %d block hits, median %.0f ms", len(gaps), median)
}

// The paper's capacity points hold on the released conversation trace: a
// cache of 3M tokens (5,859 blocks) serves less than half of what an
// unbounded one does, and 50M tokens (97,656 blocks) nearly all of it
// (here: at least 95%).
func TestConversationMatchesThePapersCapacityPoints(t *testing.T) {
	local := int64(sources.PaperLocalCacheTokens.V()) / 512
	near := int64(sources.PaperNearMaxTokens.V()) / 512
	require.Equal(t, []int64{5859, 97656}, []int64{local, near})
	c, err := replay.Sweep(openTrace(t, "conversation"), 512, []int64{local, near, replay.Unbounded})
	require.NoError(t, err)
	max := c.HitRate(2)
	assert.Less(t, c.HitRate(0), max/2, "3M tokens: %.3f of %.3f", c.HitRate(0), max)
	assert.GreaterOrEqual(t, c.HitRate(1), 0.95*max, "50M tokens: %.3f of %.3f", c.HitRate(1), max)
	t.Logf("3M tokens %.4f, 50M tokens %.4f, unbounded %.4f", c.HitRate(0), c.HitRate(1), max)
}
