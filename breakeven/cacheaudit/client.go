package cacheaudit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The APIs the audit speaks.
const (
	// APILlama is llama.cpp's native POST /completion.
	APILlama = "llama"
	// APIOpenAI is the OpenAI-compatible POST /v1/completions.
	APIOpenAI = "openai"
)

// timing is what one streamed request measured.
type timing struct {
	TTFT float64 // seconds from sending the request to the first streamed token
	// PromptN and CacheN are the server's own counts where it reports them
	// (llama-server's timings): prompt tokens computed and taken from the
	// cache. -1 when not reported.
	PromptN, CacheN int
	// ServerError is an error the server streamed after the request began
	// (llama-server can fail to parse the one token a random-weight model
	// writes); the time to it is still the time to the first token.
	ServerError string
}

// client sends the audit's requests, one at a time, within a budget and a
// rate, backing off (boundedly) when the server rate-limits.
type client struct {
	base, model, api string
	cachePrompt      *bool
	http             *http.Client
	budget           int // requests left
	sent             int
	interval         time.Duration
	last             time.Time
	maxRetries       int
	backoff          time.Duration // first back-off; doubled each retry
	maxBackoff       time.Duration
	sleep            func(context.Context, time.Duration) error
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// errBudget is returned when the request budget runs out mid-run.
var errBudget = errors.New("request budget used up")

// complete sends one prompt with the key and measures its time to first
// token.
func (c *client) complete(ctx context.Context, key, prompt string, maxTokens int) (timing, error) {
	body := map[string]any{"prompt": prompt, "stream": true}
	path := "/completion"
	if c.api == APIOpenAI {
		path = "/v1/completions"
		body["model"] = c.model
		body["max_tokens"] = maxTokens
	} else {
		body["n_predict"] = maxTokens
	}
	if c.cachePrompt != nil {
		body["cache_prompt"] = *c.cachePrompt
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return timing{}, err
	}
	wait := c.backoff
	for attempt := 0; ; attempt++ {
		if c.budget <= 0 {
			return timing{}, errBudget
		}
		if err := c.sleep(ctx, c.interval-time.Since(c.last)); err != nil {
			return timing{}, err
		}
		c.last = time.Now()
		c.budget--
		c.sent++
		t, status, retryAfter, err := c.once(ctx, path, key, payload)
		if err != nil {
			return timing{}, err
		}
		if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
			if attempt >= c.maxRetries {
				return timing{}, fmt.Errorf("%s is rate-limiting (HTTP %d) after %d retries with back-off; lower --rate or try later", c.base, status, c.maxRetries)
			}
			d := wait
			if retryAfter > d {
				d = retryAfter
			}
			d = min(d, c.maxBackoff)
			if err := c.sleep(ctx, d); err != nil {
				return timing{}, err
			}
			wait = min(2*wait, c.maxBackoff)
			continue
		}
		return t, nil
	}
}

// once sends one request; it returns the status for 429 and 503 (to retry)
// and an error for any other failure.
func (c *client) once(ctx context.Context, path, key string, payload []byte) (timing, int, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(payload))
	if err != nil {
		return timing{}, 0, 0, fmt.Errorf("bad --base-url %q: %v (e.g. --base-url http://127.0.0.1:8080)", c.base, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return timing{}, 0, 0, unreachable(c.base, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
		io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		ra, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return timing{}, resp.StatusCode, time.Duration(ra) * time.Second, nil
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return timing{}, 0, 0, fmt.Errorf("%s refused the key (HTTP %d): give a key it accepts with --victim-key and --attacker-key", c.base, resp.StatusCode)
	case resp.StatusCode != http.StatusOK:
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return timing{}, 0, 0, fmt.Errorf("%s%s answered HTTP %d: %s", c.base, path, resp.StatusCode, oneLine(string(msg)))
	}
	t := timing{TTFT: -1, PromptN: -1, CacheN: -1}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data:")
		if !ok {
			continue
		}
		line = strings.TrimSpace(line)
		if t.TTFT < 0 {
			t.TTFT = time.Since(start).Seconds()
		}
		if line == "[DONE]" {
			break
		}
		var ev struct {
			Timings *struct {
				PromptN int `json:"prompt_n"`
				CacheN  int `json:"cache_n"`
			} `json:"timings"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal([]byte(line), &ev) != nil {
			continue
		}
		if ev.Error != nil {
			t.ServerError = oneLine(ev.Error.Message)
			break
		}
		if ev.Timings != nil {
			t.PromptN, t.CacheN = ev.Timings.PromptN, ev.Timings.CacheN
		}
	}
	if err := sc.Err(); err != nil {
		return timing{}, 0, 0, fmt.Errorf("%s%s: reading the stream: %v", c.base, path, err)
	}
	if t.TTFT < 0 {
		return timing{}, 0, 0, fmt.Errorf("%s%s streamed nothing: is it an OpenAI-compatible or llama.cpp server (--api %s)?", c.base, path, c.api)
	}
	return t, 0, 0, nil
}

// checkModel asks /v1/models whether the server serves the model. A server
// without the endpoint is not checked; an unreachable one is an error.
func (c *client) checkModel(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/v1/models", nil)
	if err != nil {
		return fmt.Errorf("bad --base-url %q: %v (e.g. --base-url http://127.0.0.1:8080)", c.base, err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return unreachable(c.base, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusUnauthorized, http.StatusForbidden:
		return fmt.Errorf("%s refused the key (HTTP %d): give a key it accepts with --victim-key and --attacker-key", c.base, resp.StatusCode)
	default:
		return nil // no model list: the first request will tell
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&list); err != nil || len(list.Data) == 0 {
		return nil
	}
	ids := make([]string, len(list.Data))
	for i, d := range list.Data {
		if d.ID == c.model {
			return nil
		}
		ids[i] = d.ID
	}
	return fmt.Errorf("%s does not serve model %q; it serves: %s (e.g. --model %s)", c.base, c.model, strings.Join(ids, ", "), ids[0])
}

func unreachable(base string, err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && errors.Is(err, context.Canceled) {
		return err
	}
	return fmt.Errorf("cannot reach %s: %v (is the server running? e.g. scripts/engine.sh start smollm2-135m)", base, rootCause(err))
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

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
