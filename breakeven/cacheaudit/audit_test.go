package cacheaudit

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fake is a server speaking llama-server's /completion stream and
// /v1/models; it records each request's prompt and key.
type fake struct {
	mu      sync.Mutex
	prompts []string
	keys    []string
	bodies  []map[string]any
	status  []int // statuses to answer first, in order (then 200)
	models  []string
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/v1/models" {
		var data []map[string]string
		for _, m := range f.models {
			data = append(data, map[string]string{"id": m})
		}
		json.NewEncoder(w).Encode(map[string]any{"data": data})
		return
	}
	var body map[string]any
	json.NewDecoder(r.Body).Decode(&body)
	f.mu.Lock()
	if len(f.status) > 0 {
		s := f.status[0]
		f.status = f.status[1:]
		f.mu.Unlock()
		w.WriteHeader(s)
		return
	}
	f.prompts = append(f.prompts, body["prompt"].(string))
	f.keys = append(f.keys, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	f.bodies = append(f.bodies, body)
	f.mu.Unlock()
	fmt.Fprint(w, "data: {\"content\":\"x\"}\n\n")
	fmt.Fprint(w, "data: {\"content\":\"\",\"stop\":true,\"timings\":{\"prompt_n\":7,\"cache_n\":3}}\n\n")
}

func noSleep(t *testing.T) *[]time.Duration {
	var slept []time.Duration
	old := sleepFn
	sleepFn = func(ctx context.Context, d time.Duration) error {
		if d >= time.Second { // the back-off, not the rate's spacing
			slept = append(slept, d)
		}
		return nil
	}
	t.Cleanup(func() { sleepFn = old })
	return &slept
}

func testConfig(url string) Config {
	c := Defaults()
	c.BaseURL, c.Model, c.Alpha = url, "m", 1e-2
	c.Samples, c.PromptLength = 6, 20
	c.Rate = 1e6
	c.MaxRequests = c.Requests()
	return c
}

// Each hit procedure is the victim's prompt then an attacker prompt
// sharing round(0.95 x 20) = 19 letters of it; each miss an unrelated
// prompt; 6 of each, shuffled, in samples x (1 + 2) = 18 requests.
func TestRunFollowsThePapersProcedures(t *testing.T) {
	noSleep(t)
	f := &fake{models: []string{"m"}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	cfg := testConfig(srv.URL)
	cfg.VictimKey = "k"
	r, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, f.prompts, 18)
	assert.Equal(t, 18, r.Requests)
	assert.Len(t, r.Hits, 6)
	assert.Len(t, r.Misses, 6)
	assert.Equal(t, 19, r.SharedPrefix)
	hits, misses := 0, 0
	for i := 0; i < len(f.prompts); {
		p := strings.Fields(f.prompts[i])
		require.Len(t, p, 20)
		if i+1 < len(f.prompts) {
			q := strings.Fields(f.prompts[i+1])
			if strings.Join(p[:19], " ") == strings.Join(q[:19], " ") {
				assert.NotEqual(t, p[19], q[19], "the attacker's 20th letter differs")
				hits++
				i += 2
				continue
			}
		}
		misses++
		i++
	}
	assert.Equal(t, 6, hits)
	assert.Equal(t, 6, misses)
	for _, k := range f.keys {
		assert.Equal(t, "k", k, "per-user: the attacker uses the victim's key")
	}
	assert.Equal(t, 3, r.Hits[0].CacheN, "the server's own count is kept")
	_, sent := f.bodies[0]["cache_prompt"]
	assert.False(t, sent, "cache_prompt is not sent unless asked")
}

func TestRunGlobalLevelUsesTheAttackersKey(t *testing.T) {
	noSleep(t)
	f := &fake{models: []string{"m"}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	cfg := testConfig(srv.URL)
	cfg.Level, cfg.VictimKey, cfg.AttackerKey = Global, "victim", "attacker"
	off := false
	cfg.CachePrompt = &off
	_, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	counts := map[string]int{}
	for _, k := range f.keys {
		counts[k]++
	}
	assert.Equal(t, map[string]int{"victim": 6, "attacker": 12}, counts)
	assert.Equal(t, false, f.bodies[0]["cache_prompt"])
}

func TestRunWrongModelNamesTheServedOnes(t *testing.T) {
	noSleep(t)
	srv := httptest.NewServer(&fake{models: []string{"smollm2-135m"}})
	defer srv.Close()
	_, err := Run(context.Background(), testConfig(srv.URL))
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf(`%s does not serve model "m"; it serves: smollm2-135m (e.g. --model smollm2-135m)`, srv.URL), err.Error())
}

func TestRunUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	_, err := Run(context.Background(), testConfig(url))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot reach "+url)
	assert.NotContains(t, err.Error(), "\n")
}

// A 429 is retried with a doubling back-off, honouring Retry-After, up to
// the bound; the retries count against the budget.
func TestRunBacksOffWhenRateLimited(t *testing.T) {
	slept := noSleep(t)
	f := &fake{models: []string{"m"}, status: []int{429, 429}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	cfg := testConfig(srv.URL)
	cfg.MaxRequests += 2
	r, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second}, *slept)
	assert.Equal(t, 20, r.Requests)

	slept = noSleep(t)
	f = &fake{models: []string{"m"}, status: []int{503, 503, 503, 503}}
	srv2 := httptest.NewServer(f)
	defer srv2.Close()
	cfg = testConfig(srv2.URL)
	cfg.MaxRetries = 3
	cfg.MaxRequests = 100
	_, err = Run(context.Background(), cfg)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "rate-limiting (HTTP 503) after 3 retries")
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}, *slept)
}

func TestRunStopsWhenTheBudgetIsUsedUp(t *testing.T) {
	noSleep(t)
	srv := httptest.NewServer(&fake{models: []string{"m"}, status: []int{429}})
	defer srv.Close()
	_, err := Run(context.Background(), testConfig(srv.URL)) // budget exactly the requests: no room for the retry
	assert.ErrorIs(t, err, errBudget)
}

func TestRunRefusedKey(t *testing.T) {
	noSleep(t)
	srv := httptest.NewServer(&fake{models: []string{"m"}, status: []int{401}})
	defer srv.Close()
	_, err := Run(context.Background(), testConfig(srv.URL))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refused the key (HTTP 401)")
}

// Each bad configuration is one line naming the flag; a budget too small
// says the minimum.
func TestValidateNamesTheFlagAndTheMinimum(t *testing.T) {
	ok := testConfig("http://127.0.0.1:1")
	require.NoError(t, ok.Validate())
	cases := []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.BaseURL = "" }, "--base-url is required"},
		{func(c *Config) { c.BaseURL = "127.0.0.1:8080" }, "is not an http(s) URL"},
		{func(c *Config) { c.Model = "" }, "--model is required"},
		{func(c *Config) { c.Alpha = 0 }, "--alpha is required"},
		{func(c *Config) { c.MaxRequests = 17 }, "--max-requests 17 is too small: 6 samples x (1 victim + 1 attacker + 1 miss) need 18 requests; raise it to at least 18"},
		{func(c *Config) { c.Alpha = 1e-8 }, "--samples 6 is too few: at --alpha 1e-08 the test cannot reach significance with fewer than 15 per procedure (45 requests)"},
		{func(c *Config) { c.Level = Global }, "--level global needs two different keys"},
		{func(c *Config) { c.Level = "team" }, `--level "team": use one of per-user, per-org, global`},
		{func(c *Config) { c.PrefixFraction = 1.5 }, "--prefix-fraction 1.5"},
		{func(c *Config) { c.Rate = 0 }, "--rate 0"},
		{func(c *Config) { c.API = "grpc" }, `--api "grpc"`},
	}
	for _, tc := range cases {
		c := ok
		tc.edit(&c)
		err := c.Validate()
		require.Error(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
		assert.NotContains(t, err.Error(), "\n")
	}
}

// The paper's prompts: n letters from the 52, joined by spaces; the
// attacker shares exactly round(f x n) of them.
func TestPrompts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := RandomPrompt(rng, 5000)
	toks := strings.Fields(p)
	require.Len(t, toks, 5000)
	seen := map[string]bool{}
	for _, l := range toks {
		require.Len(t, l, 1)
		require.Contains(t, letters, l)
		seen[l] = true
	}
	assert.Len(t, seen, 52, "5,000 draws see all 52 letters")
	assert.Equal(t, strings.Join(toks, " "), p)
	for _, f := range []float64{0.95, 0.5, 1} {
		for trial := 0; trial < 50; trial++ {
			v := strings.Fields(RandomPrompt(rng, 21))
			a := strings.Fields(AttackerPrompt(rng, strings.Join(v, " "), f))
			require.Len(t, a, 21)
			keep := int(0.5 + 21*f) // round half up, as Python's round here
			assert.Equal(t, v[:keep], a[:keep])
			if keep < 21 {
				assert.NotEqual(t, v[keep], a[keep])
			}
		}
	}
}

// Analyze on known samples: separated samples are detected, with the
// statement saying what that means; identical ones are not, and the
// statement says what could have been detected.
func TestAnalyzeAndStatement(t *testing.T) {
	r := &Result{Level: PerUser, Alpha: 1e-8, PromptLength: 100, SharedPrefix: 95}
	for i := 0; i < 20; i++ {
		r.Hits = append(r.Hits, Sample{Hit: true, TTFT: 0.010 + 0.001*float64(i)})
		r.Misses = append(r.Misses, Sample{TTFT: 0.100 + 0.001*float64(i)})
	}
	require.NoError(t, r.Analyze())
	assert.True(t, r.Detected)
	assert.Equal(t, 1.0, r.KS.DPlus)
	assert.InEpsilon(t, 1/137846528820.0, r.KS.P, 1e-9) // 1/C(40, 20)
	assert.InDelta(t, 0.0195, r.MedianHit, 1e-12)
	assert.InDelta(t, 0.1095, r.MedianMiss, 1e-12)
	assert.InDelta(t, 100/0.1095, r.PrefillRate, 1e-9)
	assert.InDelta(t, 95*0.1095/100, r.ExpectedSaving, 1e-12)
	assert.Contains(t, r.Statement, "Caching detected at the per-user level")
	assert.Contains(t, r.Statement, "timing evidence")
	assert.Contains(t, r.Statement, "sharing a 95-letter prefix")
	assert.Contains(t, r.Report(), "D+ = 1.000")
	for _, line := range strings.Split(r.Report(), "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, "%q", line)
	}

	r.SharedPrefix = 80
	require.NoError(t, r.Analyze())
	assert.Contains(t, r.Statement, "sharing an 80-letter prefix", "eighty starts with a vowel sound")

	r.Hits = append([]Sample(nil), r.Misses...)
	require.NoError(t, r.Analyze())
	assert.False(t, r.Detected)
	assert.Contains(t, r.Statement, "No caching detected")
	assert.Contains(t, r.Statement, "not evidence that the server does not share a cache")
	assert.Contains(t, r.Statement, fmt.Sprintf("D+ = %.3f", DetectableD(20, 20, 1e-8)))
}

// An error the server streams after the request began (llama-server
// failing to parse the token a random-weight model wrote) keeps the
// request's time and is counted in the report.
func TestRunKeepsTheTimeOfAStreamedServerError(t *testing.T) {
	noSleep(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			fmt.Fprint(w, `{"data":[{"id":"m"}]}`)
			return
		}
		fmt.Fprint(w, "data: {\"error\":{\"code\":500,\"message\":\"The model produced output that does not match\"}}\n\n")
	}))
	defer srv.Close()
	r, err := Run(context.Background(), testConfig(srv.URL))
	require.NoError(t, err)
	for _, s := range append(r.Hits, r.Misses...) {
		assert.Greater(t, s.TTFT, 0.0)
		assert.Equal(t, -1, s.CacheN)
		assert.Contains(t, s.ServerError, "does not match")
	}
	assert.Contains(t, r.Report(), "12 attacker requests ended with an error")
}
