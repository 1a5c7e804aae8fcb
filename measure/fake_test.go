package measure

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// fakeServer stands in for a server in the error-path tests only: the
// measurement's real paths are tested against a real llama-server
// (engine_test.go).
type fakeServer struct {
	llama     bool          // answer /props and /slots as llama-server does
	nCtx      int           // the slot context /props reports
	slotSave  bool          // started with --slot-save-path
	delay     time.Duration // before each completion's first byte
	models    []string
	perToken  int64 // bytes per token a save writes
	onRequest func(n int)

	mu      sync.Mutex
	cached  []int
	saved   map[string][]int
	prompts int
}

func (f *fakeServer) start(t *testing.T) *httptest.Server {
	t.Helper()
	if f.models == nil {
		f.models = []string{"/models/smollm2-135m.gguf"}
	}
	f.saved = map[string][]int{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, r *http.Request) {
		var data []map[string]any
		for _, m := range f.models {
			d := map[string]any{"id": m, "object": "model", "owned_by": "vllm"}
			if f.llama {
				d["owned_by"] = "llamacpp"
				d["meta"] = map[string]any{"n_vocab": 49152}
			}
			data = append(data, d)
		}
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data})
	})
	if f.llama {
		mux.HandleFunc("GET /props", func(w http.ResponseWriter, r *http.Request) {
			json.NewEncoder(w).Encode(map[string]any{"build_info": "b1-fake", "total_slots": 1, "model_path": f.models[0],
				"default_generation_settings": map[string]any{"n_ctx": f.nCtx}})
		})
		mux.HandleFunc("POST /slots/0", func(w http.ResponseWriter, r *http.Request) {
			if !f.slotSave {
				w.WriteHeader(501)
				fmt.Fprint(w, `{"error":{"code":501,"message":"This server does not support slots action. Start it with `+"`--slot-save-path`"+`","type":"not_supported_error"}}`)
				return
			}
			var body struct {
				Filename string `json:"filename"`
			}
			json.NewDecoder(r.Body).Decode(&body)
			f.mu.Lock()
			defer f.mu.Unlock()
			switch r.URL.Query().Get("action") {
			case "save":
				f.saved[body.Filename] = f.cached
				n := len(f.cached)
				json.NewEncoder(w).Encode(map[string]any{"id_slot": 0, "filename": body.Filename, "n_saved": n, "n_written": 100 + f.perToken*int64(n), "timings": map[string]any{"save_ms": 1.5}})
			case "erase":
				n := len(f.cached)
				f.cached = nil
				json.NewEncoder(w).Encode(map[string]any{"id_slot": 0, "n_erased": n})
			case "restore":
				f.cached = f.saved[body.Filename]
				n := len(f.cached)
				json.NewEncoder(w).Encode(map[string]any{"id_slot": 0, "filename": body.Filename, "n_restored": n, "n_read": 100 + f.perToken*int64(n), "timings": map[string]any{"restore_ms": 1.0}})
			}
		})
	}
	complete := func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Prompt []int `json:"prompt"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			w.WriteHeader(400)
			return
		}
		n := len(body.Prompt)
		if f.onRequest != nil {
			f.onRequest(n)
		}
		if f.nCtx > 0 && n >= f.nCtx {
			w.WriteHeader(400)
			fmt.Fprintf(w, `{"error":{"code":400,"message":"request (%d tokens) exceeds the available context size (%d tokens), try increasing it","type":"exceed_context_size_error"}}`, n, f.nCtx)
			return
		}
		select {
		case <-time.After(f.delay):
		case <-r.Context().Done():
			return
		}
		f.mu.Lock()
		same := 0
		for same < len(f.cached) && same < n-1 && f.cached[same] == body.Prompt[same] {
			same++
		}
		f.cached = body.Prompt
		f.prompts++
		f.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		if f.llama {
			fmt.Fprintf(w, "data: %s\n\n", `{"content":"x","stop":false}`)
			fmt.Fprintf(w, "data: {\"content\":\"\",\"stop\":true,\"timings\":{\"cache_n\":%d,\"prompt_n\":%d,\"prompt_ms\":%g}}\n\n", same, n-same, float64(n-same)/10)
			return
		}
		fmt.Fprintf(w, "data: %s\n\n", `{"choices":[{"text":"x","index":0}]}`)
		fmt.Fprintf(w, "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":%d,\"prompt_tokens_details\":{\"cached_tokens\":%d}}}\n\n", n, same)
		fmt.Fprint(w, "data: [DONE]\n\n")
	}
	mux.HandleFunc("POST /completion", complete)
	mux.HandleFunc("POST /v1/completions", complete)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestFakeServerAnswersPrefixes(t *testing.T) {
	// The fake's own cache: the second identical prompt is served with
	// all but one token cached, as llama-server does.
	f := &fakeServer{llama: true, nCtx: 4096, slotSave: true, perToken: 10}
	srv := f.start(t)
	c, err := NewClient(srv.URL, "smollm2-135m", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Detect(t.Context()); err != nil {
		t.Fatal(err)
	}
	p := []int{5, 6, 7, 8}
	if s, err := c.Complete(t.Context(), p, true); err != nil || s.CachedTokens != 0 {
		t.Fatalf("first: %+v %v", s, err)
	}
	if s, err := c.Complete(t.Context(), p, true); err != nil || s.CachedTokens != 3 {
		t.Fatalf("second: %+v %v", s, err)
	}
}
