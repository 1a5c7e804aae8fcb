package sources

// AuditParam is one parameter of Gu et al.'s prompt-cache audit, as their
// released code gives it. breakeven/cacheaudit takes its defaults from
// these; the quote prints the value.
type AuditParam struct {
	Name  string
	Value float64
	Cite
}

// The audit's parameters. The README's example command is the paper's
// configuration for its audits (its file names, e.g. n250_p5000_pf0-95_v1,
// follow the same values). The significance level is not among them: the
// paper's text giving it could not be read here, so the command asks for
// it (--alpha) instead of assuming one.
var (
	GuSamples        = AuditParam{"gu.samples", 250, quoted(Gu2025Code, "README.md, Running Audits, Usage (example command)", "--n_samples 250")}
	GuPromptLength   = AuditParam{"gu.prompt-length", 5000, quoted(Gu2025Code, "README.md, Running Audits, Usage (example command)", "--n_prompt_tokens 5000")}
	GuPrefixFraction = AuditParam{"gu.prefix-fraction", 0.95, quoted(Gu2025Code, "README.md, Running Audits, Usage (example command)", "--prefix_fraction 0.95")}
	GuVictimRequests = AuditParam{"gu.victim-requests", 1, quoted(Gu2025Code, "README.md, Running Audits, Usage (example command)", "--n_victim_requests 1")}
	GuSleepSeconds   = AuditParam{"gu.sleep-seconds", 1.0, quoted(Gu2025Code, "README.md, Running Audits, Usage (example command)", "--sleep_time 1.0")}
	GuMaxTokens      = AuditParam{"gu.max-tokens", 1, quoted(Gu2025Code, "audit.py, parse_args", `parser.add_argument("--max_tokens", type=int, default=1)`)}
)

// AuditParams lists the audit's parameters.
var AuditParams = []AuditParam{GuSamples, GuPromptLength, GuPrefixFraction, GuVictimRequests, GuSleepSeconds, GuMaxTokens}

// The audit's method, quoted from the code (no number to type).
var (
	// GuPromptDistribution: PROMPTLENGTH letters drawn uniformly from the
	// 52 English letters, joined by spaces (one token per letter).
	GuPromptDistribution = quoted(Gu2025Code, "utils/prompt_utils.py, generate_random_prompt", `" ".join(random.choices(string.ascii_letters, k=n_tokens))`)
	// GuAttackerPrompt: the attacker keeps round(fraction x length) of the
	// victim's letters and draws the rest, its first drawn letter differing
	// from the victim's at that place.
	GuAttackerPrompt = quoted(Gu2025Code, "utils/prompt_utils.py, generate_attacker_prompt", "The length of the shared prefix is exactly `prefix_fraction` times the length of the original prompt.")
	// GuKSTest: the one-sided two-sample KS test, hit times against miss
	// times, alternative that hits are faster.
	GuKSTest = quoted(Gu2025Code, "utils/stats_utils.py, compute_stats", `scipy.stats.ks_2samp(cache_hit_times, cache_miss_times, alternative="greater")`)
	// GuShuffle: hit and miss procedures are run in a random order.
	GuShuffle = quoted(Gu2025Code, "audit.py, collect_timing_data", "random.shuffle(sample_order)")
	// GuLevels: the sharing levels the audit tests.
	GuLevels = quoted(Gu2025Code, "audit.py, SharingLevel", `PER_USER = "per_user"`+" ... "+`PER_ORG = "per_org"`+" ... "+`GLOBAL = "global"`)
)
