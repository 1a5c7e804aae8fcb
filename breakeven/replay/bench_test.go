package replay_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"signalweight.dev/kv/breakeven/replay"
	"signalweight.dev/kv/sources"
)

func conversationBytes(b *testing.B) []byte {
	tf, _ := sources.FindTrace("conversation")
	data, err := os.ReadFile(filepath.Join(repoRoot, tf.File))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// The conversation trace through an unbounded LRU cache.
func BenchmarkConversationLRU(b *testing.B) {
	data := conversationBytes(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := replay.Replay(replay.NewReader(bytes.NewReader(data), 512), replay.Config{BlockTokens: 512}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// The conversation trace's LRU curve at five capacities, in one pass.
func BenchmarkConversationSweep(b *testing.B) {
	data := conversationBytes(b)
	b.SetBytes(int64(len(data)))
	caps := []int64{378, 3784, 37844, 378442, replay.Unbounded}
	for b.Loop() {
		if _, err := replay.Sweep(replay.NewReader(bytes.NewReader(data), 512), 512, caps); err != nil {
			b.Fatal(err)
		}
	}
}

var million = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	err := replay.Synthetic(&buf, replay.SyntheticSpec{Requests: 1_000_000, Sessions: 2000, Seed: 1})
	return buf.Bytes(), err
})

// A generated 1,000,000-request trace through an LRU cache of 100,000
// blocks (26 TB of the 405B's cache).
func BenchmarkMillionRequestsLRU(b *testing.B) {
	data, err := million()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		res, err := replay.Replay(replay.NewReader(bytes.NewReader(data), 512), replay.Config{BlockTokens: 512, Capacity: 100_000}, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(res.HitRate(), "hit-rate")
	}
}

// The same trace's LRU curve at four capacities up to 100,000 blocks.
func BenchmarkMillionRequestsSweep(b *testing.B) {
	data, err := million()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := replay.Sweep(replay.NewReader(bytes.NewReader(data), 512), 512, []int64{1000, 10_000, 50_000, 100_000}); err != nil {
			b.Fatal(err)
		}
	}
}
