package measure

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path"
	"sort"
	"strings"
	"time"
)

// Engine kinds this client tells apart.
const (
	EngineLlamaCpp = "llama.cpp"
	EngineVLLM     = "vllm"
	EngineSGLang   = "sglang"
	EngineOllama   = "ollama"
	EngineOpenAI   = "openai-compatible"
)

// A UserError is an error a user meets (server unreachable, model not
// served, context too short, timeout): one line saying what happened and
// what to do.
type UserError struct {
	Field string // the flag to blame ("base-url", "model", "input-lens", "timeout"), or ""
	Msg   string
}

func (e *UserError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return "--" + e.Field + ": " + e.Msg
}

func userErr(field, format string, args ...any) *UserError {
	return &UserError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Client talks to one inference server.
type Client struct {
	BaseURL string // "http://127.0.0.1:8080", without /v1
	Model   string // the model name as served
	Timeout time.Duration
	HTTP    *http.Client

	// Set by Detect.
	Info ServerInfo
}

// ServerInfo is what Detect learned about the server.
type ServerInfo struct {
	Engine        string   `json:"engine"`
	EngineVersion string   `json:"engine_version"`
	Models        []string `json:"models"`
	ContextTokens int      `json:"context_tokens,omitempty"` // 0 when the server does not say
	VocabSize     int      `json:"vocab_size,omitempty"`
	ModelPath     string   `json:"model_path,omitempty"`
	Slots         int      `json:"slots,omitempty"`
}

// NewClient returns a client for base (a URL; a trailing "/v1" is
// dropped, since both the native and the OpenAI-compatible paths hang
// from the root).
func NewClient(base, model string, timeout time.Duration) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, userErr("base-url", "%q is not an http(s) URL (e.g. --base-url http://127.0.0.1:8080)", base)
	}
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), "/v1")
	if timeout <= 0 {
		return nil, userErr("timeout", "must be a positive duration (e.g. --timeout 60s)")
	}
	// A new connection per request: a server may close a kept-alive one
	// between two requests (llama-server does after a stream), and a POST
	// on a closed connection fails instead of being retried. Connecting to
	// a local server costs well under a millisecond.
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DisableKeepAlives = true
	return &Client{BaseURL: u.String(), Model: model, Timeout: timeout, HTTP: &http.Client{Transport: tr}}, nil
}

// errorBody is the error object llama.cpp, vLLM and the OpenAI API send.
type errorBody struct {
	Error json.RawMessage `json:"error"`
}

// serverMessage digs the message out of an error response body.
func serverMessage(body []byte) string {
	var e errorBody
	if json.Unmarshal(body, &e) == nil && len(e.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(e.Error, &obj) == nil && obj.Message != "" {
			return obj.Message
		}
		var s string
		if json.Unmarshal(e.Error, &s) == nil && s != "" {
			return s
		}
	}
	var d struct {
		Detail any `json:"detail"`
	}
	if json.Unmarshal(body, &d) == nil && d.Detail != nil {
		return fmt.Sprint(d.Detail)
	}
	s := strings.TrimSpace(string(body))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// httpError is a non-2xx response.
type httpError struct {
	Status  int
	Message string
}

func (e *httpError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.Status, e.Message) }

// do sends one request and reads the whole response, bounded by the
// client's timeout. A body that is not nil is sent as JSON.
func (c *Client) do(ctx context.Context, method, p string, body any) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	resp, err := c.send(ctx, method, p, body)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, c.transportError(ctx, p, err)
	}
	if resp.StatusCode/100 != 2 {
		return data, &httpError{resp.StatusCode, serverMessage(data)}
	}
	return data, nil
}

func (c *Client) send(ctx context.Context, method, p string, body any) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+p, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, p, err)
	}
	return resp, nil
}

// ErrInterrupted is returned when the caller's context was cancelled
// (Ctrl-C).
var ErrInterrupted = errors.New("interrupted")

// transportError turns a failed request into the error a user can act on.
func (c *Client) transportError(ctx context.Context, p string, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
		return userErr("timeout", "%s%s gave no answer within %v; raise --timeout (e.g. --timeout 5m) or shorten --input-lens", c.BaseURL, p, c.Timeout)
	}
	if errors.Is(err, context.Canceled) {
		return ErrInterrupted
	}
	var ne net.Error
	var oe *net.OpError
	if errors.As(err, &oe) || errors.As(err, &ne) {
		return userErr("base-url", "cannot reach %s (%v); is the server running? (e.g. scripts/engine.sh start smollm2-135m, then the URL it prints, --base-url http://127.0.0.1:18135)", c.BaseURL, rootCause(err))
	}
	return userErr("base-url", "request to %s%s failed: %v", c.BaseURL, p, rootCause(err))
}

func rootCause(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}

// Detect finds the engine, its version, the models served, the context
// and the vocabulary size, and checks that Model is served.
func (c *Client) Detect(ctx context.Context) error {
	info := ServerInfo{Engine: EngineOpenAI}
	// The models list is the OpenAI-compatible API's one required
	// endpoint: unreachable here means unreachable.
	data, err := c.do(ctx, "GET", "/v1/models", nil)
	if err != nil {
		var he *httpError
		if errors.As(err, &he) {
			return userErr("base-url", "%s/v1/models answered HTTP %d, so this is not an OpenAI-compatible server (or the URL has an extra path); point --base-url at its root (e.g. http://127.0.0.1:8080)", c.BaseURL, he.Status)
		}
		return err
	}
	var models struct {
		Data []struct {
			ID      string `json:"id"`
			OwnedBy string `json:"owned_by"`
			Meta    *struct {
				NVocab    int `json:"n_vocab"`
				NCtxTrain int `json:"n_ctx_train"`
			} `json:"meta"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &models); err != nil || len(models.Data) == 0 {
		return userErr("base-url", "%s/v1/models is not an OpenAI-compatible model list (want {\"data\": [{\"id\": ...}]}); point --base-url at the server's root (e.g. http://127.0.0.1:8080)", c.BaseURL)
	}
	found := -1
	for i, m := range models.Data {
		info.Models = append(info.Models, m.ID)
		if m.ID == c.Model || modelBase(m.ID) == c.Model {
			found = i
		}
	}
	if found < 0 {
		return userErr("model", "%q is not served by %s; it serves %s (e.g. --model %s)", c.Model, c.BaseURL, strings.Join(info.Models, ", "), modelBase(info.Models[0]))
	}
	if m := models.Data[found].Meta; m != nil {
		info.VocabSize = m.NVocab
	}
	c.Model = models.Data[found].ID
	owned := models.Data[found].OwnedBy

	// llama.cpp: /props holds the build, the slot context and the slots.
	if data, err := c.do(ctx, "GET", "/props", nil); err == nil {
		var p struct {
			BuildInfo string `json:"build_info"`
			Default   *struct {
				NCtx int `json:"n_ctx"`
			} `json:"default_generation_settings"`
			TotalSlots int    `json:"total_slots"`
			ModelPath  string `json:"model_path"`
		}
		if json.Unmarshal(data, &p) == nil && p.Default != nil {
			info.Engine = EngineLlamaCpp
			info.EngineVersion = p.BuildInfo
			info.ContextTokens = p.Default.NCtx
			info.Slots = p.TotalSlots
			info.ModelPath = p.ModelPath
		}
	} else if errors.Is(err, ErrInterrupted) {
		return err
	}
	if info.Engine == EngineOpenAI {
		switch {
		case owned == "vllm":
			info.Engine = EngineVLLM
			info.EngineVersion = c.versionAt(ctx, "/version", "version")
		case owned == "sglang":
			info.Engine = EngineSGLang
			info.EngineVersion = c.versionAt(ctx, "/get_server_info", "version")
		case owned == "library" || owned == "ollama":
			info.Engine = EngineOllama
			info.EngineVersion = c.versionAt(ctx, "/api/version", "version")
		}
	}
	c.Info = info
	return nil
}

// versionAt reads a version string from a JSON endpoint, or "" when it
// has none.
func (c *Client) versionAt(ctx context.Context, p, key string) string {
	data, err := c.do(ctx, "GET", p, nil)
	if err != nil {
		return ""
	}
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	if s, ok := m[key].(string); ok {
		return s
	}
	return ""
}

// modelBase is a served id without its directory and ".gguf".
func modelBase(id string) string { return strings.TrimSuffix(path.Base(id), ".gguf") }

// Sample is one completion request's timing.
type Sample struct {
	Tokens int `json:"tokens"` // prompt tokens sent
	// TTFT is the time from sending the request to the first streamed
	// token, as the client sees it.
	TTFT float64 `json:"ttft_seconds"`
	// What the server reports, when it does (-1 when it does not).
	ServerPromptSeconds float64 `json:"server_prompt_seconds"` // llama.cpp timings.prompt_ms
	ServerPromptTokens  int     `json:"server_prompt_tokens"`  // tokens prefilled (timings.prompt_n)
	CachedTokens        int     `json:"cached_tokens"`         // prompt tokens taken from the cache
}

// Complete sends a prompt of token ids, asks for one token, and times the
// first streamed token. cache says whether the server may reuse a cached
// prefix (llama.cpp's cache_prompt; other engines decide for themselves).
func (c *Client) Complete(ctx context.Context, prompt []int, cache bool) (Sample, error) {
	s := Sample{Tokens: len(prompt), ServerPromptSeconds: -1, ServerPromptTokens: -1, CachedTokens: -1}
	var p string
	var body map[string]any
	if c.Info.Engine == EngineLlamaCpp {
		p = "/completion"
		body = map[string]any{"prompt": prompt, "n_predict": 1, "cache_prompt": cache, "stream": true,
			"id_slot": 0, "temperature": 0, "return_tokens": true}
	} else {
		p = "/v1/completions"
		body = map[string]any{"model": c.Model, "prompt": prompt, "max_tokens": 1, "stream": true,
			"temperature": 0, "stream_options": map[string]any{"include_usage": true}}
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	start := time.Now()
	resp, err := c.send(ctx, "POST", p, body)
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return s, c.completionError(len(prompt), resp.StatusCode, serverMessage(data))
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "data:") {
			continue
		}
		payload := strings.TrimSpace(strings.TrimPrefix(line, "data:"))
		if payload == "[DONE]" {
			break
		}
		var ev struct {
			Error   json.RawMessage `json:"error"`
			Timings *struct {
				CacheN   int     `json:"cache_n"`
				PromptN  int     `json:"prompt_n"`
				PromptMS float64 `json:"prompt_ms"`
			} `json:"timings"`
			Usage *struct {
				PromptTokens        int `json:"prompt_tokens"`
				PromptTokensDetails *struct {
					CachedTokens int `json:"cached_tokens"`
				} `json:"prompt_tokens_details"`
			} `json:"usage"`
			Stop bool `json:"stop"`
		}
		if err := json.Unmarshal([]byte(payload), &ev); err != nil {
			continue
		}
		if len(ev.Error) > 0 && string(ev.Error) != "null" {
			return s, c.completionError(len(prompt), 0, serverMessage([]byte(payload)))
		}
		if first {
			s.TTFT = time.Since(start).Seconds()
			first = false
		}
		if t := ev.Timings; t != nil {
			s.ServerPromptSeconds = t.PromptMS / 1000
			s.ServerPromptTokens = t.PromptN
			s.CachedTokens = t.CacheN
		}
		if u := ev.Usage; u != nil && u.PromptTokensDetails != nil && s.CachedTokens < 0 {
			s.CachedTokens = u.PromptTokensDetails.CachedTokens
		}
		if ev.Stop {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return s, c.transportError(ctx, p, err)
	}
	if first {
		if ctx.Err() != nil {
			return s, c.transportError(ctx, p, ctx.Err())
		}
		return s, userErr("base-url", "%s%s streamed no token for a %d-token prompt; is this an OpenAI-compatible completions endpoint?", c.BaseURL, p, len(prompt))
	}
	return s, nil
}

// completionError explains a refused completion: above all a prompt
// longer than the context.
func (c *Client) completionError(n, status int, msg string) error {
	low := strings.ToLower(msg)
	if strings.Contains(low, "context") && (strings.Contains(low, "exceed") || strings.Contains(low, "length") || strings.Contains(low, "maximum")) {
		ctxNote := ""
		if c.Info.ContextTokens > 0 {
			ctxNote = fmt.Sprintf(" of %d tokens", c.Info.ContextTokens)
		}
		return userErr("input-lens", "a %d-token prompt does not fit the server's context%s (server: %s); use shorter --input-lens or restart the server with a larger context", n, ctxNote, oneLine(msg))
	}
	if strings.Contains(low, "model") && (strings.Contains(low, "not found") || strings.Contains(low, "does not exist")) {
		return userErr("model", "%s (e.g. --model %s)", oneLine(msg), modelBase(first(c.Info.Models)))
	}
	if status != 0 {
		return userErr("", "the server refused a %d-token prompt: HTTP %d: %s", n, status, oneLine(msg))
	}
	return userErr("", "the server failed a %d-token prompt: %s", n, oneLine(msg))
}

func first(s []string) string {
	if len(s) == 0 {
		return "NAME"
	}
	return s[0]
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// SlotResult is what a save or restore reports.
type SlotResult struct {
	Tokens  int     `json:"tokens"`  // n_saved or n_restored
	Bytes   int64   `json:"bytes"`   // n_written or n_read
	Seconds float64 `json:"seconds"` // timings.save_ms or restore_ms
}

// ErrNoSaveRestore is wrapped by the error of a server that cannot save
// and restore a slot's cache.
var ErrNoSaveRestore = errors.New("no KV save/restore")

type noSaveError struct{ why string }

func (e *noSaveError) Error() string { return e.why }
func (e *noSaveError) Unwrap() error { return ErrNoSaveRestore }

// SupportsSaveRestore reports whether the engine has llama.cpp's slot API
// at all (whether it was started with a save path shows at the first
// save).
func (c *Client) SupportsSaveRestore() bool { return c.Info.Engine == EngineLlamaCpp }

// Slot runs action (save, restore or erase) on slot 0.
func (c *Client) Slot(ctx context.Context, action, filename string) (SlotResult, error) {
	if !c.SupportsSaveRestore() {
		return SlotResult{}, &noSaveError{c.Info.Engine + " has no API to save and restore a KV cache (llama.cpp's llama-server with --slot-save-path does)"}
	}
	var body any = map[string]string{}
	if filename != "" {
		body = map[string]string{"filename": filename}
	}
	data, err := c.do(ctx, "POST", "/slots/0?action="+action, body)
	if err != nil {
		var he *httpError
		if errors.As(err, &he) {
			if he.Status == 501 || strings.Contains(he.Message, "slot-save-path") || strings.Contains(he.Message, "--slots") {
				return SlotResult{}, &noSaveError{"the server cannot save a slot's cache (" + oneLine(he.Message) + ")"}
			}
			return SlotResult{}, userErr("", "slot %s failed: HTTP %d: %s", action, he.Status, oneLine(he.Message))
		}
		return SlotResult{}, err
	}
	var r struct {
		NSaved    *int   `json:"n_saved"`
		NWritten  *int64 `json:"n_written"`
		NRestored *int   `json:"n_restored"`
		NRead     *int64 `json:"n_read"`
		NErased   *int   `json:"n_erased"`
		Timings   struct {
			SaveMS    float64 `json:"save_ms"`
			RestoreMS float64 `json:"restore_ms"`
		} `json:"timings"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return SlotResult{}, userErr("", "slot %s answered %q, not the JSON llama-server sends", action, oneLine(string(data)))
	}
	var out SlotResult
	switch action {
	case "save":
		if r.NSaved == nil || r.NWritten == nil {
			return out, userErr("", "slot save answered without n_saved and n_written: %s", oneLine(string(data)))
		}
		out = SlotResult{*r.NSaved, *r.NWritten, r.Timings.SaveMS / 1000}
	case "restore":
		if r.NRestored == nil || r.NRead == nil {
			return out, userErr("", "slot restore answered without n_restored and n_read: %s", oneLine(string(data)))
		}
		out = SlotResult{*r.NRestored, *r.NRead, r.Timings.RestoreMS / 1000}
	case "erase":
		if r.NErased != nil {
			out.Tokens = *r.NErased
		}
	}
	return out, nil
}

// sortedInts returns a sorted copy.
func sortedInts(v []int) []int {
	s := append([]int(nil), v...)
	sort.Ints(s)
	return s
}
