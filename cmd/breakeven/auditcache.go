package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"

	"signalweight.dev/kv/breakeven/cacheaudit"
)

const auditCacheUsage = `Usage: breakeven audit-cache --base-url URL --model NAME --alpha A [flags]

Audits whether a server shares its prompt cache, by the procedure of Gu et
al., "Auditing Prompt Caching in Language Model APIs" (ICML 2025), as their
released code runs it (see docs/audit-cache.md):
  hit procedure   a victim sends a random prompt, then an attacker sends a
                  prompt sharing its first 95% (--prefix-fraction)
  miss procedure  the attacker sends an unrelated random prompt
Prompts are 5,000 random letters joined by spaces (--prompt-length); each
procedure runs 250 times (--samples), in a random order; the attacker's
times to first token (streamed) are compared with the one-sided two-sample
Kolmogorov-Smirnov test. p below --alpha: caching detected at the level
tested. --alpha has no default: the paper's level could not be read here.

Levels (--level): per-user (one key: the attacker is the victim), per-org
and global (two different keys, --victim-key and --attacker-key, sent as
"Authorization: Bearer"; which level two keys test depends on how they
relate, which the server cannot tell us). llama-server has one cache for
all its --api-key keys, so every level is the same cache there.

It sends at most --max-requests requests (retries included) at most --rate
per second, and backs off (1 s doubling to 30 s, 5 retries) when the server
answers 429 or 503. A progress bar goes to stderr.

Examples:
  breakeven audit-cache --base-url http://127.0.0.1:18135 \
      --model smollm2-135m --alpha 1e-8 --max-requests 750
  breakeven audit-cache --base-url http://127.0.0.1:18135 \
      --model smollm2-135m --alpha 1e-8 --samples 30 --prompt-length 1000 \
      --rate 20 --max-requests 90 --json
`

func init() {
	register(command{"audit-cache", "test whether a server shares its prompt cache (Gu et al.)", auditCacheUsage, runAuditCache})
}

func runAuditCache(args []string, stdout, stderr io.Writer) int {
	d := cacheaudit.Defaults()
	fs := newFlags("audit-cache", stderr)
	cfg := d
	fs.StringVar(&cfg.BaseURL, "base-url", "", "the server's base URL (required), e.g. http://127.0.0.1:18135")
	fs.StringVar(&cfg.Model, "model", "", "the model name the server serves (required)")
	fs.StringVar(&cfg.API, "api", d.API, "llama (/completion) or openai (/v1/completions)")
	fs.Float64Var(&cfg.Alpha, "alpha", 0, "significance level (required), e.g. 1e-8")
	fs.IntVar(&cfg.Samples, "samples", d.Samples, "samples per procedure (paper: 250)")
	fs.IntVar(&cfg.PromptLength, "prompt-length", d.PromptLength, "letters per prompt, about a token each (paper: 5000)")
	fs.Float64Var(&cfg.PrefixFraction, "prefix-fraction", d.PrefixFraction, "share of the victim's prompt the attacker keeps")
	fs.IntVar(&cfg.VictimRequests, "victim-requests", d.VictimRequests, "victim requests per hit procedure (paper: 1)")
	fs.StringVar(&cfg.Level, "level", d.Level, "sharing level: per-user, per-org or global")
	fs.StringVar(&cfg.VictimKey, "victim-key", "", "the victim's API key (Authorization: Bearer)")
	fs.StringVar(&cfg.AttackerKey, "attacker-key", "", "the attacker's API key (per-org and global levels)")
	cache := fs.String("cache-prompt", "", "send llama-server's cache_prompt: true or false (default: none)")
	fs.IntVar(&cfg.MaxRequests, "max-requests", 0, "request budget with retries (>= samples x (victim-requests + 2))")
	fs.Float64Var(&cfg.Rate, "rate", d.Rate, "requests per second at most (paper's code: 1 s apart)")
	seed := fs.Uint64("seed", d.Seed, "seed of the prompts and the order")
	asJSON := fs.Bool("json", false, "print the result, samples included, as JSON")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	cfg.Seed = *seed
	if *cache != "" {
		b, err := strconv.ParseBool(*cache)
		if err != nil {
			fmt.Fprintf(stderr, "breakeven audit-cache: --cache-prompt %q: use true or false (e.g. --cache-prompt false)\n", *cache)
			return 2
		}
		cfg.CachePrompt = &b
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "breakeven audit-cache: %v\n", err)
		return 2
	}
	cfg.Progress = progressTo(stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := cacheaudit.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "breakeven audit-cache: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "breakeven audit-cache: %v\n", err)
			return 1
		}
		return 0
	}
	fmt.Fprint(stdout, res.Report())
	return 0
}
