package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/internal/engine"
	"signalweight.dev/kv/sources"
)

// client bounds a request to a hung server; it times nothing.
var client = &http.Client{Timeout: 10 * time.Minute}

func post(t *testing.T, url string, body any, out any) {
	t.Helper()
	data, err := json.Marshal(body)
	require.NoError(t, err)
	resp, err := client.Post(url, "application/json", bytes.NewReader(data))
	require.NoError(t, err, url)
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", url, got)
	require.NoError(t, json.Unmarshal(got, out), "%s: %s", url, got)
}

// completion is the part of llama-server's /completion response the test
// reads.
type completion struct {
	TokensCached int `json:"tokens_cached"`
	Timings      struct {
		CacheN   int     `json:"cache_n"`
		PromptN  int     `json:"prompt_n"`
		PromptMS float64 `json:"prompt_ms"`
	} `json:"timings"`
}

type slotAction struct {
	NSaved    int `json:"n_saved"`
	NWritten  int `json:"n_written"`
	NRestored int `json:"n_restored"`
	NRead     int `json:"n_read"`
	NErased   int `json:"n_erased"`
	Timings   struct {
		SaveMS    float64 `json:"save_ms"`
		RestoreMS float64 `json:"restore_ms"`
	} `json:"timings"`
}

// prompt is n token ids, different for each (n, salt), away from the
// special tokens at the start of both vocabularies.
func prompt(n, salt int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = 1000 + (i*7919+salt*104729)%40000
	}
	return ids
}

func complete(t *testing.T, base string, ids []int) completion {
	t.Helper()
	var c completion
	post(t, base+"/completion", map[string]any{"prompt": ids, "n_predict": 1, "cache_prompt": true, "temperature": 0}, &c)
	return c
}

// independentBytesPerToken computes a GQA model's 16-bit KV cache per
// token from its config.json, apart from the project's reader: 2 (key
// and value) x layers x KV heads x head dim x 2 bytes.
func independentBytesPerToken(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var c struct {
		Layers  int `json:"num_hidden_layers"`
		Heads   int `json:"num_attention_heads"`
		KVHeads int `json:"num_key_value_heads"`
		HeadDim int `json:"head_dim"`
		Hidden  int `json:"hidden_size"`
	}
	require.NoError(t, json.Unmarshal(data, &c))
	if c.HeadDim == 0 {
		c.HeadDim = c.Hidden / c.Heads
	}
	return 2 * c.Layers * c.KVHeads * c.HeadDim * 2
}

// llama.cpp's sequence-state file (llama_state_seq_save_file and
// llama_kv_cache::state_write, in src/llama-context.cpp and
// src/llama-kv-cache.cpp) holds, beside the keys and values, for each
// token its id (4 bytes, in the server's packing of the slot's tokens,
// tools/server/server-common.cpp, server_tokens::serialize) and its
// cell's position, number of sequences and sequence id (4 bytes each);
// and once a header: magic, version and token count (12 bytes), the
// packing's marker, version, count and media count (16), the stream count
// and cell count (8), V's layout flag and the layer count (8), and per
// layer the type and row size of K and of V (12 + 12).
const (
	fileBytesPerTokenBesideKV = 4 + 4 + 4 + 4
	fileHeaderFixed           = 12 + 16 + 8 + 8
	fileHeaderPerLayer        = 12 + 12
)

// The bytes per token of a slot saved by the real server equal the KV
// formula for the model's config (the project's, and one computed here)
// plus the 16 bytes of bookkeeping the file keeps per token; the fixed
// header is what the file layout says. Both shapes; the fit is over three
// prompt lengths and exact. Restoring the saved slot into an erased one
// makes the same prompt cached again; without the restore it is not.
func TestSavedSlotBytesPerTokenMatchFormula(t *testing.T) {
	for _, shape := range engine.Shapes {
		t.Run(shape, func(t *testing.T) {
			file, err := engine.ConfigFile(shape)
			require.NoError(t, err)
			path, err := engine.ConfigPath(shape)
			require.NoError(t, err)
			cfg := sources.KeptConfig(file)
			formula := float64(cfg.Arch.BytesPerToken())
			require.Equal(t, float64(independentBytesPerToken(t, path)), formula, "the project's formula and the test's")
			layers := cfg.Arch.Groups[0].Layers

			base, slotDir := engine.Start(t, shape)
			lengths := []int{100, 300, 700}
			sizes := make([]float64, len(lengths))
			for i, n := range lengths {
				c := complete(t, base, prompt(n, i))
				t.Logf("%s: prompt of %d tokens: %d processed, %d cached, %.1f ms (%.0f tokens/s)",
					shape, n, c.Timings.PromptN, c.Timings.CacheN, c.Timings.PromptMS, float64(c.Timings.PromptN)/c.Timings.PromptMS*1000)
				name := fmt.Sprintf("engine-test-%s-%d-%d.bin", shape, n, os.Getpid())
				t.Cleanup(func() { os.Remove(filepath.Join(slotDir, name)) })
				var s slotAction
				post(t, base+"/slots/0?action=save", map[string]string{"filename": name}, &s)
				st, err := os.Stat(filepath.Join(slotDir, name))
				require.NoError(t, err)
				assert.Equal(t, int64(s.NWritten), st.Size(), "n_written is the file's size")
				assert.Equal(t, n, s.NSaved, "the slot holds the prompt")
				t.Logf("%s: saved %d tokens, %d bytes in %.2f ms", shape, s.NSaved, s.NWritten, s.Timings.SaveMS)
				sizes[i] = float64(st.Size())
			}
			// size(N) = a + b N through the first and last points; the
			// middle one lies on the line exactly.
			b := (sizes[2] - sizes[0]) / float64(lengths[2]-lengths[0])
			a := sizes[0] - b*float64(lengths[0])
			assert.Equal(t, sizes[1], a+b*float64(lengths[1]), "the sizes are linear in N")
			assert.Equal(t, formula+fileBytesPerTokenBesideKV, b, "bytes per token of the saved file: the KV formula plus the file's per-token bookkeeping")
			t.Logf("%s: saved file = %.0f + %.0f x N bytes; KV formula %.0f B/token (+%d of token id and cell metadata)", shape, a, b, formula, fileBytesPerTokenBesideKV)
			// The intercept is the header: the slot holds the prompt's
			// tokens only (the one generated is not yet in the cache).
			assert.Equal(t, float64(fileHeaderFixed+fileHeaderPerLayer*layers), a, "the file's fixed header")

			// Restore: erase the slot, re-query (nothing cached), erase,
			// restore the last save, re-query (the prompt is cached).
			n := lengths[2]
			ids := prompt(n, 2)
			name := fmt.Sprintf("engine-test-%s-%d-%d.bin", shape, n, os.Getpid())
			var e slotAction
			post(t, base+"/slots/0?action=erase", map[string]any{}, &e)
			cold := complete(t, base, ids)
			assert.Zero(t, cold.Timings.CacheN, "after an erase nothing is cached")
			post(t, base+"/slots/0?action=erase", map[string]any{}, &e)
			var r slotAction
			post(t, base+"/slots/0?action=restore", map[string]string{"filename": name}, &r)
			assert.Equal(t, int(sizes[2]), r.NRead, "the restore reads the whole file")
			assert.Equal(t, n, r.NRestored)
			warm := complete(t, base, ids)
			assert.GreaterOrEqual(t, warm.Timings.CacheN, n-1, "the restored prompt is cached")
			assert.LessOrEqual(t, warm.Timings.PromptN, 1)
			t.Logf("%s: %d tokens: cold prefill %.1f ms; restore %.2f ms (%d bytes), then %d cached, %d processed in %.1f ms",
				shape, n, cold.Timings.PromptMS, r.Timings.RestoreMS, r.NRead, warm.Timings.CacheN, warm.Timings.PromptN, warm.Timings.PromptMS)
		})
	}
}
