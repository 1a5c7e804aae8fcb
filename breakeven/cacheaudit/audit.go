// Package cacheaudit audits whether an inference server shares its prompt
// cache, by the procedure of Gu et al., "Auditing Prompt Caching in
// Language Model APIs" (ICML 2025), as their released code runs it:
//
//   - a hit procedure: a victim sends a random prompt (once or more), then
//     an attacker sends a prompt sharing a fixed fraction of it as a prefix;
//   - a miss procedure: the attacker sends an unrelated random prompt;
//   - both run a number of times each, in a random order, and the
//     attacker's times to first token are compared with the one-sided
//     two-sample Kolmogorov–Smirnov test (are hits faster?).
//
// A p-value below the significance level is timing evidence that the
// victim's request made the attacker's faster: a cache shared between
// them. The parameters' defaults and their citations are in sources
// (sources.AuditParams).
package cacheaudit

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// The sharing levels (the paper's): the attacker is the victim's own user,
// another user of the same organization, or anyone.
const (
	PerUser = "per-user"
	PerOrg  = "per-org"
	Global  = "global"
)

// Levels lists the sharing levels.
var Levels = []string{PerUser, PerOrg, Global}

// Config is one audit.
type Config struct {
	BaseURL string
	Model   string
	API     string // APILlama or APIOpenAI

	Samples        int     // per procedure
	PromptLength   int     // letters (about one token each)
	PrefixFraction float64 // of the victim's prompt the attacker shares
	VictimRequests int     // victim requests per hit procedure
	MaxTokens      int     // tokens generated per request
	Alpha          float64 // significance level

	Level                  string // PerUser, PerOrg or Global
	VictimKey, AttackerKey string // bearer keys ("" sends none)

	// CachePrompt, when set, sends llama-server's cache_prompt field with
	// every request (its default is true); nil sends nothing.
	CachePrompt *bool

	MaxRequests int     // the request budget, retries included
	Rate        float64 // requests per second at most
	Seed        uint64  // prompts and order; the same seed, the same prompts

	Progress io.Writer // a progress bar, or nil
	HTTP     *http.Client
	// MaxRetries bounds the retries of a rate-limited request (back-off
	// from 1 s doubling to 30 s).
	MaxRetries int
}

// Defaults returns the paper's parameters (sources.AuditParams) and the
// command's own: the llama API, per-user level, one request per second
// (the code's sleep of 1 s between requests), 5 retries. Alpha has no
// default: the paper's significance level could not be read here.
func Defaults() Config {
	return Config{
		API:            APILlama,
		Samples:        int(sources.GuSamples.Value),
		PromptLength:   int(sources.GuPromptLength.Value),
		PrefixFraction: sources.GuPrefixFraction.Value,
		VictimRequests: int(sources.GuVictimRequests.Value),
		MaxTokens:      int(sources.GuMaxTokens.Value),
		Level:          PerUser,
		Rate:           1 / sources.GuSleepSeconds.Value,
		MaxRetries:     5,
		Seed:           1,
	}
}

// Requests is the number of requests an audit sends without retries:
// each sample is one hit procedure (victims + the attacker) and one miss.
func (c Config) Requests() int { return c.Samples * (c.VictimRequests + 2) }

// SharedPrefix is the number of letters the attacker shares with the
// victim in a hit procedure.
func (c Config) SharedPrefix() int {
	return int(math.Round(float64(c.PromptLength) * c.PrefixFraction))
}

// Validate checks the configuration; each error is one line naming the
// flag.
func (c Config) Validate() error {
	u, err := url.Parse(c.BaseURL)
	switch {
	case c.BaseURL == "":
		return fmt.Errorf("--base-url is required (e.g. --base-url http://127.0.0.1:18135)")
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return fmt.Errorf("--base-url %q is not an http(s) URL (e.g. --base-url http://127.0.0.1:18135)", c.BaseURL)
	case c.Model == "":
		return fmt.Errorf("--model is required: the name the server serves (e.g. --model smollm2-135m)")
	case c.API != APILlama && c.API != APIOpenAI:
		return fmt.Errorf("--api %q: use %s (llama.cpp's /completion) or %s (/v1/completions)", c.API, APILlama, APIOpenAI)
	case !(c.Alpha > 0 && c.Alpha < 1):
		return fmt.Errorf("--alpha is required, between 0 and 1: the significance level (e.g. --alpha 1e-8); the paper's could not be read here, so none is assumed")
	case c.Samples < 1:
		return fmt.Errorf("--samples %d: need at least 1 per procedure (the paper's is %d)", c.Samples, int(sources.GuSamples.Value))
	case c.PromptLength < 2:
		return fmt.Errorf("--prompt-length %d: need at least 2 letters (the paper's is %d)", c.PromptLength, int(sources.GuPromptLength.Value))
	case !(c.PrefixFraction > 0 && c.PrefixFraction <= 1):
		return fmt.Errorf("--prefix-fraction %v: need a fraction in (0, 1] (the paper's is %v)", c.PrefixFraction, sources.GuPrefixFraction.Value)
	case c.SharedPrefix() < 1:
		return fmt.Errorf("--prefix-fraction %v of %d letters shares no letter: raise either", c.PrefixFraction, c.PromptLength)
	case c.VictimRequests < 1:
		return fmt.Errorf("--victim-requests %d: need at least 1 (the paper's is %d)", c.VictimRequests, int(sources.GuVictimRequests.Value))
	case c.MaxTokens < 1:
		return fmt.Errorf("--max-tokens %d: need at least 1", c.MaxTokens)
	case !(c.Rate > 0) || math.IsInf(c.Rate, 0):
		return fmt.Errorf("--rate %v: need a positive number of requests per second (e.g. --rate 1)", c.Rate)
	case c.MaxRetries < 0:
		return fmt.Errorf("retries %d: need 0 or more", c.MaxRetries)
	}
	switch c.Level {
	case PerUser:
		if c.AttackerKey != "" && c.AttackerKey != c.VictimKey {
			return fmt.Errorf("--level %s: the attacker is the victim, so give one key (--victim-key) or the same twice", PerUser)
		}
	case PerOrg, Global:
		if c.VictimKey == "" || c.AttackerKey == "" || c.VictimKey == c.AttackerKey {
			return fmt.Errorf("--level %s needs two different keys, --victim-key and --attacker-key (as the paper's code requires)", c.Level)
		}
	default:
		return fmt.Errorf("--level %q: use one of %s", c.Level, strings.Join(Levels, ", "))
	}
	if min := MinSamples(c.Alpha); c.Samples < min {
		return fmt.Errorf("--samples %d is too few: at --alpha %g the test cannot reach significance with fewer than %d per procedure (%d requests)", c.Samples, c.Alpha, min, min*(c.VictimRequests+2))
	}
	if c.MaxRequests < c.Requests() {
		return fmt.Errorf("--max-requests %d is too small: %d samples x (%d victim + 1 attacker + 1 miss) need %d requests; raise it to at least %d or lower --samples (at least %d at --alpha %g)",
			c.MaxRequests, c.Samples, c.VictimRequests, c.Requests(), c.Requests(), MinSamples(c.Alpha), c.Alpha)
	}
	return nil
}

// Sample is one attacker request.
type Sample struct {
	Hit  bool    `json:"hit"`
	TTFT float64 `json:"ttft_s"`
	// PromptN and CacheN are the server's counts of prompt tokens computed
	// and reused from its cache, where it reports them (else -1).
	PromptN int `json:"prompt_n"`
	CacheN  int `json:"cache_n"`
	// ServerError is an error the server streamed after the first event
	// (the time is kept: the prompt was processed).
	ServerError string `json:"server_error,omitempty"`
}

// Result is an audit's outcome.
type Result struct {
	BaseURL        string  `json:"base_url"`
	Model          string  `json:"model"`
	API            string  `json:"api"`
	Level          string  `json:"level"`
	CachePrompt    *bool   `json:"cache_prompt,omitempty"`
	Samples        int     `json:"samples"`
	PromptLength   int     `json:"prompt_length"`
	PrefixFraction float64 `json:"prefix_fraction"`
	SharedPrefix   int     `json:"shared_prefix"`
	VictimRequests int     `json:"victim_requests"`
	Alpha          float64 `json:"alpha"`
	Seed           uint64  `json:"seed"`
	Requests       int     `json:"requests"` // sent, retries included

	Hits   []Sample `json:"hits"`
	Misses []Sample `json:"misses"`

	KS         KS      `json:"ks"`
	Detected   bool    `json:"detected"`
	MedianHit  float64 `json:"median_hit_s"`
	MedianMiss float64 `json:"median_miss_s"`
	// DetectableD is the smallest one-sided KS distance these sample sizes
	// could have declared significant at Alpha.
	DetectableD float64 `json:"detectable_d"`
	// PrefillRate is the prompt letters per second of a miss (median), and
	// ExpectedSaving the time the shared prefix would save at that rate:
	// SharedPrefix / PrefillRate.
	PrefillRate    float64 `json:"prefill_rate"`
	ExpectedSaving float64 `json:"expected_saving_s"`
	Statement      string  `json:"statement"`
}

// sleepFn waits between requests and in back-off (tests replace it).
var sleepFn = sleepCtx

// Run runs the audit: it checks the model, then runs the hit and miss
// procedures in a random order within the budget and rate, then tests.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	hc := cfg.HTTP
	if hc == nil {
		// A new connection per request, as the paper's code (requests.post
		// without a session) does: no request waits on, or fails with, a
		// connection the server has closed.
		hc = &http.Client{Timeout: 10 * time.Minute, Transport: &http.Transport{DisableKeepAlives: true}}
	}
	c := &client{
		base: strings.TrimRight(cfg.BaseURL, "/"), model: cfg.Model, api: cfg.API, cachePrompt: cfg.CachePrompt,
		http: hc, budget: cfg.MaxRequests, interval: time.Duration(float64(time.Second) / cfg.Rate),
		maxRetries: cfg.MaxRetries, backoff: time.Second, maxBackoff: 30 * time.Second, sleep: sleepFn,
	}
	if err := c.checkModel(ctx, cfg.VictimKey); err != nil {
		return nil, err
	}
	attackerKey := cfg.AttackerKey
	if cfg.Level == PerUser {
		attackerKey = cfg.VictimKey
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5ca1ab1e))
	order := make([]bool, 0, 2*cfg.Samples) // true: a hit procedure
	for i := 0; i < cfg.Samples; i++ {
		order = append(order, true, false)
	}
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })

	res := &Result{BaseURL: cfg.BaseURL, Model: cfg.Model, API: cfg.API, Level: cfg.Level, CachePrompt: cfg.CachePrompt,
		Samples: cfg.Samples, PromptLength: cfg.PromptLength, PrefixFraction: cfg.PrefixFraction, SharedPrefix: cfg.SharedPrefix(),
		VictimRequests: cfg.VictimRequests, Alpha: cfg.Alpha, Seed: cfg.Seed}
	bar := newProgress(cfg.Progress, cfg.Requests())
	for _, hit := range order {
		if hit {
			victim := RandomPrompt(rng, cfg.PromptLength)
			for v := 0; v < cfg.VictimRequests; v++ {
				if _, err := c.complete(ctx, cfg.VictimKey, victim, cfg.MaxTokens); err != nil {
					bar.done()
					return nil, err
				}
				bar.set(c.sent)
			}
			t, err := c.complete(ctx, attackerKey, AttackerPrompt(rng, victim, cfg.PrefixFraction), cfg.MaxTokens)
			if err != nil {
				bar.done()
				return nil, err
			}
			res.Hits = append(res.Hits, Sample{true, t.TTFT, t.PromptN, t.CacheN, t.ServerError})
		} else {
			t, err := c.complete(ctx, attackerKey, RandomPrompt(rng, cfg.PromptLength), cfg.MaxTokens)
			if err != nil {
				bar.done()
				return nil, err
			}
			res.Misses = append(res.Misses, Sample{false, t.TTFT, t.PromptN, t.CacheN, t.ServerError})
		}
		bar.set(c.sent)
	}
	bar.done()
	res.Requests = c.sent
	if err := res.analyze(); err != nil {
		return nil, err
	}
	return res, nil
}

// Analyze recomputes the test and the statement from the samples (as read
// back from a result file).
func (r *Result) analyze() error {
	hit, miss := times(r.Hits), times(r.Misses)
	ks, err := KSTest(hit, miss)
	if err != nil {
		return err
	}
	r.KS = ks
	r.Detected = ks.P < r.Alpha
	r.MedianHit, r.MedianMiss = Median(hit), Median(miss)
	r.DetectableD = DetectableD(len(hit), len(miss), r.Alpha)
	if r.MedianMiss > 0 {
		r.PrefillRate = float64(r.PromptLength) / r.MedianMiss
		r.ExpectedSaving = float64(r.SharedPrefix) / r.PrefillRate
	}
	r.Statement = r.statement()
	return nil
}

// Analyze recomputes the test, medians and statement from the samples.
func (r *Result) Analyze() error { return r.analyze() }

func (r *Result) serverErrors() int {
	n := 0
	for _, s := range append(append([]Sample(nil), r.Hits...), r.Misses...) {
		if s.ServerError != "" {
			n++
		}
	}
	return n
}

func times(s []Sample) []float64 {
	out := make([]float64, len(s))
	for i, x := range s {
		out[i] = x.TTFT
	}
	return out
}

// Median is the median of xs (the mean of the middle two for an even
// count); NaN for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

var levelWho = map[string]string{
	PerUser: "the same user (one key)",
	PerOrg:  "two users of one organization (two keys)",
	Global:  "two unrelated users (two keys)",
}

// statement says what the result means and what it does not.
func (r *Result) statement() string {
	who := levelWho[r.Level]
	head := fmt.Sprintf("one-sided KS D+ = %.3f, p = %.3g, alpha = %g, %d hit and %d miss samples; median time to first token %.1f ms (hit) vs %.1f ms (miss)",
		r.KS.DPlus, r.KS.P, r.Alpha, r.KS.N, r.KS.M, 1e3*r.MedianHit, 1e3*r.MedianMiss)
	if r.Detected {
		return fmt.Sprintf("Caching detected at the %s level (%s). Attacker prompts sharing %s %d-letter prefix with a prompt the victim had just sent (victim and attacker: %s) were answered faster than unrelated prompts. "+
			"This is timing evidence, under the noise measured in this run, that the server reused the victim's cached prefix for the attacker: a cache shared at this level. "+
			"It does not say how long entries live, how often real prompts hit, or which mechanism caches; and it says nothing about the levels not tested.",
			r.Level, head, textfmt.Article(strconv.Itoa(r.SharedPrefix)), r.SharedPrefix, who)
	}
	return fmt.Sprintf("No caching detected at the %s level (%s). This is not evidence that the server does not share a cache: "+
		"with these sample sizes only a difference of at least D+ = %.3f between the hit and miss time distributions (the share of hit requests below some time exceeding the share of misses below it by %.0f percentage points) could have been declared at alpha = %g. "+
		"A smaller or rarer speed-up, a cache evicted before the attacker's request, or a cache shared only at another level would go unseen.",
		r.Level, head, r.DetectableD, 100*r.DetectableD, r.Alpha)
}

// letters is the paper's alphabet: the 52 English letters.
const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// RandomPrompt draws n letters uniformly from the 52 English letters and
// joins them by spaces (the paper's prompt distribution,
// sources.GuPromptDistribution).
func RandomPrompt(rng *rand.Rand, n int) string {
	b := make([]byte, 0, 2*n)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, letters[rng.IntN(len(letters))])
	}
	return string(b)
}

// AttackerPrompt keeps round(fraction x n) of the victim's n letters and
// draws the rest, the first drawn letter differing from the victim's at
// that place, so the shared prefix is exactly that long
// (sources.GuAttackerPrompt).
func AttackerPrompt(rng *rand.Rand, victim string, fraction float64) string {
	toks := strings.Fields(victim)
	keep := int(math.Round(float64(len(toks)) * fraction))
	out := append([]string(nil), toks[:keep]...)
	for i := keep; i < len(toks); i++ {
		l := string(letters[rng.IntN(len(letters))])
		if i == keep {
			for l == toks[i] {
				l = string(letters[rng.IntN(len(letters))])
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, " ")
}

// progress draws a bar on w: "[=====     ] 120/750 requests".
type progress struct {
	w          io.Writer
	total, cur int
}

func newProgress(w io.Writer, total int) *progress { return &progress{w: w, total: total} }

func (p *progress) set(n int) {
	if p.w == nil || p.total <= 0 {
		return
	}
	p.cur = n
	const width = 30
	f := min(width, width*n/p.total)
	fmt.Fprintf(p.w, "\raudit-cache [%s%s] %d/%d requests", strings.Repeat("=", f), strings.Repeat(" ", width-f), n, p.total)
}

func (p *progress) done() {
	if p.w != nil && p.cur > 0 {
		fmt.Fprintln(p.w)
	}
}

// Report prints the result for a reader, in 80 columns: the parameters,
// the medians, the test and the statement.
func (r *Result) Report() string {
	var b strings.Builder
	b.WriteString(textfmt.Wrap(fmt.Sprintf("Prompt-cache audit of %s (model %s, %s API), level %s", r.BaseURL, r.Model, r.API, r.Level), textfmt.ProseWidth, "  ") + "\n")
	textfmt.Line(&b, "prompts", fmt.Sprintf("%d letters; the attacker shares the first %d (%.2f); %d victim %s per hit", r.PromptLength, r.SharedPrefix, r.PrefixFraction, r.VictimRequests, textfmt.Plural(r.VictimRequests, "request", "requests")))
	textfmt.Line(&b, "samples", fmt.Sprintf("%d hits, %d misses (%d requests sent)", len(r.Hits), len(r.Misses), r.Requests))
	if n := r.serverErrors(); n > 0 {
		textfmt.Line(&b, "server errors", fmt.Sprintf("%d attacker requests ended with an error streamed after the prompt was processed (times kept)", n))
	}
	textfmt.Line(&b, "median TTFT", fmt.Sprintf("hit %.1f ms, miss %.1f ms (difference %.1f ms)", 1e3*r.MedianHit, 1e3*r.MedianMiss, 1e3*(r.MedianMiss-r.MedianHit)))
	if r.PrefillRate > 0 {
		textfmt.Line(&b, "prefix saving", fmt.Sprintf("%d letters at the misses' %.0f letters/s would save %.1f ms", r.SharedPrefix, r.PrefillRate, 1e3*r.ExpectedSaving))
	}
	how := "exact"
	if !r.KS.Exact {
		how = "asymptotic"
	}
	textfmt.Line(&b, "KS test", fmt.Sprintf("D+ = %.3f, p = %.3g (%s; two-sided D = %.3f, p = %.3g); alpha = %g", r.KS.DPlus, r.KS.P, how, r.KS.D, r.KS.PTwoSided, r.Alpha))
	textfmt.Line(&b, "detectable", fmt.Sprintf("D+ >= %.3f at these sample sizes", r.DetectableD))
	b.WriteString("\n" + textfmt.Wrap(r.Statement, textfmt.ProseWidth, "") + "\n")
	return b.String()
}
