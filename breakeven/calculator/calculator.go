// Package calculator answers the calculator's question, does loading a
// prompt's KV cache beat recomputing it, from the raw text a person types:
// a model name, "62s", "181Gbit/s", "80%". It is the one calculator: the
// command (breakeven calc), the web page (breakeven serve, this package
// compiled to WebAssembly) and notebook 10 all call Compute, and all show
// its answer through Render, so the same inputs give the same lines and
// the same errors everywhere.
//
// A worked example, the post's headline test (Example has it with its
// output):
//
//	ans, err := calculator.Compute(calculator.Request{
//		Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s"})
//	fmt.Print(calculator.Render(ans).Text()) // break-even 1.06 GB/s, speedup 21.4x
//
// A prefill speed belongs to a model. With no --prefill, --ttft or --gpus
// a catalog model takes its own published run (PublishedRun gives the
// rule), and a model with none is refused in one line; never another
// model's. Every answer says where its speed came from (Provenance:
// published, estimated, yours or measured), in the "prefill from" row
// next to the break-even and in calc --json. A caller with a speed
// measured by breakeven measure sets Request.Measured; WithModel asks the
// same question of another model, dropping the previous model's speed.
//
// A Request's fields are named by calc's flags; the notebook reads them
// from KV_ variables (WithEnv). A bad input is a *breakeven.FieldError
// naming the input, its value, what is wrong and a valid example, written
// as each front end names its inputs (breakeven.Flag, Env, PageFront).
// Compare, Sweep, Table, CSV and JSON serve an analyst's own questions:
// several models side by side, one input swept, the result exported.
package calculator

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/breakeven/modelconfig"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/sources"
)

// Request is the calculator's inputs as typed. An empty field is not
// given. The JSON keys are the command's flag names.
type Request struct {
	Model string `json:"model,omitempty"`
	// A model read from a Hugging Face config.json instead of Model: the
	// file's path (calc --config, KV_CONFIG, a claims file's column), or
	// the JSON itself (the page's paste box, KV_CONFIG_TEXT).
	Config     string `json:"config,omitempty"`
	ConfigText string `json:"config-text,omitempty"`
	// A custom architecture instead of Model.
	Layers    string `json:"layers,omitempty"`
	KVHeads   string `json:"kv-heads,omitempty"`
	HeadDim   string `json:"head-dim,omitempty"`
	LatentDim string `json:"latent-dim,omitempty"`
	RopeDim   string `json:"rope-dim,omitempty"`
	Fixed     string `json:"fixed,omitempty"`
	// For --gpus with a custom architecture, the FLOP model's inputs:
	// active parameters ("70.6B"), query heads per layer, and for MLA the
	// query-key and value dims per head.
	Params     string `json:"params,omitempty"`
	QueryHeads string `json:"query-heads,omitempty"`
	QKDim      string `json:"qk-dim,omitempty"`
	VDim       string `json:"v-dim,omitempty"`

	Tokens      string `json:"tokens,omitempty"`
	Prefill     string `json:"prefill,omitempty"`
	TTFT        string `json:"ttft,omitempty"`
	Link        string `json:"link,omitempty"`
	KVDtype     string `json:"kv-dtype,omitempty"`
	Compression string `json:"compression,omitempty"`
	HitRate     string `json:"hit-rate,omitempty"`
	MissPenalty string `json:"miss-penalty,omitempty"`

	// AllowBeyondContext is accepted for older callers and changes
	// nothing: a prompt beyond the model's context is computed, with a
	// note (Output.BeyondContextAllowedNote), as check does in every form.
	AllowBeyondContext bool `json:"allow-beyond-context,omitempty"`

	// Measured is a prefill speed measured on the caller's own system
	// (breakeven measure's result file), with its source; an alternative
	// to Prefill and TTFT. It is set by a caller, not typed, so it has no
	// flag, page field or KV_ variable of its own here.
	Measured *MeasuredPrefill `json:"-"`

	// Beyond the post (see extended.go): GPUs for the FLOP model of
	// prefill ("8xH100"), its MFU, and a load with a fixed cost and an
	// efficiency, optionally overlapped with recomputing.
	GPUs string `json:"gpus,omitempty"`
	MFU  string `json:"mfu,omitempty"`
	// Precision is the compute precision of the run on --gpus ("bf16",
	// "fp8", "nvfp4", or "fp8+bf16" for FP8 matrix products with BF16
	// attention); Weights the storage of its weights when it differs
	// ("int4" for AWQ weights computed in BF16). Both default to BF16.
	Precision string `json:"precision,omitempty"`
	Weights   string `json:"weights,omitempty"`
	// Parallel is how the prefill is split over --gpus ("tp8", "tp8ep8",
	// "pp4"; default tensor parallel over all of them) and Engine the
	// serving engine ("vllm", "sglang", "trtllm", "tgi"), for the fitted
	// prefill model's latency regime and its interval: an engine or chip
	// with no published run in the fit gets the wider interval.
	Parallel string `json:"parallel,omitempty"`
	Engine   string `json:"engine,omitempty"`
	// RequestCost is the fixed cost one request pays on the user's own
	// setup ("40ms": breakeven measure's fixed_seconds), in place of the
	// fitted prefill model's per-request costs; for an estimate alone.
	RequestCost string `json:"request_cost,omitempty"`
	Latency     string `json:"latency,omitempty"`
	Efficiency  string `json:"efficiency,omitempty"`
	Overlap     bool   `json:"overlap,omitempty"`
}

// Output is calc --json: SI base units, snake_case keys.
type Output struct {
	Model                  string  `json:"model"`
	Tokens                 float64 `json:"tokens"`
	KVDtype                string  `json:"kv_dtype"`
	Compression            float64 `json:"compression"`
	BytesPerToken          float64 `json:"bytes_per_token"`
	GrowthBytesPerToken    float64 `json:"growth_bytes_per_token"`
	FixedBytes             float64 `json:"fixed_bytes"`
	CacheBytes             float64 `json:"cache_bytes"`
	PrefillTokensPerSecond float64 `json:"prefill_tokens_per_second"`
	// Where the prefill speed came from (Provenance): its kind
	// ("published", "estimated", "yours" or "measured"), the line shown
	// next to the break-even, the source (a published run's source title,
	// the estimating model, a measured speed's file), the locator and
	// address of a published figure, the run's ID, and the speed's
	// interval where it has one.
	PrefillProvenance          string   `json:"prefill_provenance"`
	PrefillProvenanceText      string   `json:"prefill_provenance_text"`
	PrefillProvenanceSource    string   `json:"prefill_provenance_source,omitempty"`
	PrefillProvenanceLocator   string   `json:"prefill_provenance_locator,omitempty"`
	PrefillProvenanceURL       string   `json:"prefill_provenance_url,omitempty"`
	PrefillProvenanceRun       string   `json:"prefill_provenance_run,omitempty"`
	PrefillLowTokensPerSecond  *float64 `json:"prefill_low_tokens_per_second,omitempty"`
	PrefillHighTokensPerSecond *float64 `json:"prefill_high_tokens_per_second,omitempty"`
	Link                       string   `json:"link"`
	LinkBytesPerSecond         float64  `json:"link_bytes_per_second"`
	BreakEvenBytesPerSecond    float64  `json:"break_even_bytes_per_second"`
	RecomputeSeconds           float64  `json:"recompute_seconds"`
	LoadSeconds                float64  `json:"load_seconds"`
	Speedup                    float64  `json:"speedup"`
	Winner                     string   `json:"winner"`
	LinkOverBreakEven          float64  `json:"link_over_break_even_bytes_per_second"`
	// Where the prefill speed has an interval: the break-even at its
	// slow and fast ends, the prefill speed at which recomputing takes
	// as long as loading on the link given, and whether the winner is
	// the same at every speed in the interval.
	BreakEvenLowBytesPerSecond  *float64 `json:"break_even_low_bytes_per_second,omitempty"`
	BreakEvenHighBytesPerSecond *float64 `json:"break_even_high_bytes_per_second,omitempty"`
	TiePrefillTokensPerSecond   *float64 `json:"tie_prefill_tokens_per_second,omitempty"`
	WinnerAcrossInterval        *bool    `json:"winner_across_prefill_interval,omitempty"`
	HitRate                     *float64 `json:"hit_rate,omitempty"`
	MissPenaltySeconds          *float64 `json:"miss_penalty_seconds,omitempty"`
	MeanTTFTSeconds             *float64 `json:"mean_ttft_seconds,omitempty"`
	BreakEvenHitRate            *float64 `json:"break_even_hit_rate,omitempty"`
	BreakEvenHitRateNote        string   `json:"break_even_hit_rate_note,omitempty"`
	// ConfigAssumptions are what a config.json the user gave left to a
	// default, joined by "; ": a missing num_key_value_heads taken as
	// num_attention_heads (multi-head attention, as Hugging Face does).
	ConfigAssumptions        string  `json:"config_assumptions,omitempty"`
	ContextTokens            float64 `json:"context_tokens,omitempty"`
	BeyondContextAllowedNote string  `json:"beyond_context,omitempty"`
	// NameNote says what --model was read as when it was not the
	// model's own name: an alias, a normalised spelling
	// (sources.Model.NameNote).
	NameNote string `json:"name_note,omitempty"`

	Extended
}

// Input is what a Request resolves to.
type Input struct {
	Name        string // "Llama 3.1 405B", or "custom architecture"
	Arch        breakeven.Architecture
	Element     breakeven.ElementType
	Compression float64
	Context     breakeven.Tokens // 0 if unknown
	Tokens      breakeven.Tokens
	TokensText  string // the count as written, "" for the default
	Prefill     breakeven.TokenRate
	TTFT        breakeven.Seconds // 0 if Prefill was given
	Link        breakeven.Link
	LinkText    string
	HitRate     *float64
	Penalty     *breakeven.Seconds
	// Model is the catalog model, nil for a custom architecture.
	Model *sources.Model
	// Flop is set when --gpus is given: the FLOP model of prefill.
	Flop *FlopPrefill
	// Provenance says where Prefill came from.
	Provenance Provenance
	// CachedTTFT is what a request whose cache is loaded still pays, as
	// measured on the system the prefill was (MeasuredPrefill); 0 if not
	// known.
	CachedTTFT breakeven.Seconds
}

// Answer is the calculator's answer: Output is what calc --json prints;
// Input and Result are what the text report needs besides.
type Answer struct {
	Output Output
	Input  Input
	Result breakeven.Result
}

// sentence is a FieldError whose message names its fields itself.
func sentence(field, msg string) *breakeven.FieldError {
	return &breakeven.FieldError{Field: field, Message: msg}
}

// Compute resolves the request and answers it. Its error is a
// *breakeven.FieldError.
func Compute(r Request) (Answer, error) {
	in, err := Resolve(r)
	if err != nil {
		return Answer{}, err
	}
	res, err := breakeven.Scenario{Arch: in.Arch, Tokens: in.Tokens, Prefill: in.Prefill, Link: in.Link.Total()}.Evaluate()
	if err != nil {
		return Answer{}, sentence("", err.Error())
	}
	out := Output{
		Model: in.Name, Tokens: float64(in.Tokens), KVDtype: in.Element.Name, Compression: in.Compression,
		BytesPerToken: float64(res.BytesPerToken), GrowthBytesPerToken: float64(in.Arch.BytesPerToken()),
		FixedBytes: float64(in.Arch.FixedBytes()), CacheBytes: float64(res.CacheBytes),
		PrefillTokensPerSecond: float64(in.Prefill), Link: in.LinkText, LinkBytesPerSecond: float64(in.Link.Total()),
		BreakEvenBytesPerSecond: float64(res.BreakEven), RecomputeSeconds: float64(res.Recompute),
		LoadSeconds: float64(res.Load), Speedup: res.Speedup, Winner: string(res.Winner),
		LinkOverBreakEven: float64(in.Link.Total() - res.BreakEven), ContextTokens: float64(in.Context),
	}
	p := in.Provenance
	out.PrefillProvenance, out.PrefillProvenanceText, out.PrefillProvenanceSource = p.Kind, p.Text, p.Source
	out.PrefillProvenanceLocator, out.PrefillProvenanceURL, out.PrefillProvenanceRun = p.Locator, p.URL, p.Run
	if p.Low > 0 && p.High > 0 {
		out.PrefillLowTokensPerSecond, out.PrefillHighTokensPerSecond = ptr(float64(p.Low)), ptr(float64(p.High))
	}
	if m := in.Model; m != nil && m.Provenance == sources.FromFile && m.Config != nil {
		out.ConfigAssumptions = strings.Join(m.Config.Notes, "; ")
	}
	if in.Model != nil {
		out.NameNote = in.Model.NameNote
	}
	if in.Context > 0 && in.Tokens > in.Context {
		out.BeyondContextAllowedNote = fmt.Sprintf("%s %v-token prompt is beyond %s's context of %v tokens: no one request holds this cache, though its size is the same arithmetic", textfmt.Article(in.Tokens.String()), in.Tokens, in.Name, in.Context)
	}
	checks := []struct {
		what, field string
		v           float64
	}{{"cache", "tokens", out.CacheBytes}, {"break-even", "prefill", out.BreakEvenBytesPerSecond}, {"recompute time", "prefill", out.RecomputeSeconds},
		{"load time", "link", out.LoadSeconds}, {"speedup", "link", out.Speedup}, {"link", "link", out.LinkBytesPerSecond}, {"prefill speed", "prefill", out.PrefillTokensPerSecond}}
	for _, c := range checks {
		if !breakeven.InRange(c.v) {
			field := c.field
			if field == "prefill" && in.TTFT > 0 {
				field = "ttft"
			}
			return Answer{}, sentence(field, fmt.Sprintf("these inputs give a %s outside what this tool prints (1e-12 to 1e21 in SI units); check --tokens, --prefill or --ttft, and --link (e.g. --prefill 2051 --link 10GbE)", c.what))
		}
	}
	if err := extend(r, in, &out, &res); err != nil {
		return Answer{}, err
	}
	breakEvenRange(in, &out, res)
	hitOf(in, &out, res)
	if err := hitRateOf(in, &out, res); err != nil {
		return Answer{}, err
	}
	return Answer{Output: out, Input: in, Result: res}, nil
}

// hitRateOf sets, with --hit-rate or --miss-penalty, the post's economics
// of a hit rate: the mean time to first token and the hit rate above
// which offloading pays, each with the load as the answer prices it (with
// --latency and --efficiency, so after extend). Where a hit's time is
// known (hitOf: the load plus the cached TTFT) it sets both again with
// that time for each hit.
func hitRateOf(in Input, out *Output, res breakeven.Result) error {
	if in.HitRate == nil && in.Penalty == nil {
		return nil
	}
	var p breakeven.Seconds
	if in.Penalty != nil {
		p = *in.Penalty
	}
	pf := float64(p)
	out.MissPenaltySeconds = &pf
	if in.HitRate != nil {
		mean, err := breakeven.MeanTTFT(*in.HitRate, res.Load, res.Recompute, p)
		if err != nil {
			return sentence("hit-rate", err.Error())
		}
		m := float64(mean)
		out.HitRate, out.MeanTTFTSeconds = in.HitRate, &m
	}
	if h, err := breakeven.BreakEvenHitRate(p, res.Recompute, res.Load); err == nil {
		out.BreakEvenHitRate = &h
	} else {
		out.BreakEvenHitRateNote = fmt.Sprintf("none: a load of %v is no faster than a recompute of %v, so no hit rate makes offloading pay", res.Load, res.Recompute)
	}
	if out.HitSeconds == nil {
		return nil
	}
	hit := breakeven.Seconds(*out.HitSeconds)
	if in.HitRate != nil {
		if mean, err := breakeven.MeanTTFT(*in.HitRate, hit, res.Recompute, p); err == nil {
			out.HitMeanTTFTSeconds = ptr(float64(mean))
		}
	}
	if h, err := breakeven.BreakEvenHitRate(p, res.Recompute, hit); err == nil {
		out.HitBreakEvenHitRate = &h
	} else {
		out.HitBreakEvenHitRateNote = fmt.Sprintf("none: a hit of %v (the load plus the cached TTFT) is no faster than a recompute of %v", hit, res.Recompute)
	}
	return nil
}

// hitOf sets, where a cached TTFT is known, a hit's time: the load as the
// answer prices it (with the fixed cost and efficiency given) plus the
// cached TTFT, against recomputing, and the link at which the two are
// equal. The cached TTFT is the measured one (calc --measured), else,
// for a prefill the fitted model estimates, that model's time for a
// request of one token.
func hitOf(in Input, out *Output, res breakeven.Result) {
	c, from := in.CachedTTFT, "measured"
	if f := in.Flop; f != nil && f.Phases != nil && out.PrefillSource == "flop model" {
		// An estimated prefill (a measured one is "given"): the fitted
		// model's own request of one token, its fixed and per-layer
		// costs and one token's work, which a loaded request still pays
		// (as the crossover counts it).
		c, from = f.TimeAt(1), "estimated: the fitted model's one-token request"
	}
	if !(c > 0) {
		return
	}
	in.CachedTTFT = c
	out.HitCachedTTFTFrom = from
	load := extended.Load{Efficiency: 1, Link: in.Link.Total()}
	if out.LoadLatencySeconds != nil {
		load.Latency = breakeven.Seconds(*out.LoadLatencySeconds)
	}
	if out.LoadEfficiency != nil {
		load.Efficiency = *out.LoadEfficiency
	}
	h := extended.HitOf(res.CacheBytes, res.Recompute, c, load)
	out.HitCachedTTFTSeconds, out.HitSeconds, out.HitSpeedup = ptr(float64(c)), ptr(float64(h.Seconds)), ptr(h.Speedup)
	out.HitWinner = string(h.Winner)
	if be := float64(h.BreakEven); breakeven.InRange(be) {
		out.HitBreakEvenBytesPerSecond = ptr(be)
	}
}

// breakEvenRange sets, where the prefill speed has an interval, the
// break-even at each of its ends (with the load's fixed cost and
// efficiency, as the break-even itself), the prefill speed at which
// recomputing the prompt takes the load's time on the link given, and
// whether the winner holds over the whole interval. Where recomputing at
// the fast end takes no longer than the load's fixed cost, no link makes
// loading win there: that end's break-even is unbounded and left unset.
// A slow end or a tie out of range sets none of them.
func breakEvenRange(in Input, out *Output, res breakeven.Result) {
	lo, hi := out.PrefillLowTokensPerSecond, out.PrefillHighTokensPerSecond
	if lo == nil || hi == nil {
		return
	}
	load := extended.Load{Efficiency: 1, Link: in.Link.Total()}
	if out.LoadLatencySeconds != nil {
		load.Latency = breakeven.Seconds(*out.LoadLatencySeconds)
	}
	if out.LoadEfficiency != nil {
		load.Efficiency = *out.LoadEfficiency
	}
	at := func(r float64) float64 {
		return float64(extended.BreakEvenAt(res.CacheBytes, breakeven.RecomputeTime(in.Tokens, breakeven.TokenRate(r)), load.Latency, load.Efficiency))
	}
	bl, bh := at(*lo), at(*hi)
	tie := float64(in.Tokens) / float64(load.Time(res.CacheBytes))
	if !breakeven.InRange(bl) || !breakeven.InRange(tie) || !(breakeven.InRange(bh) || math.IsInf(bh, 1)) {
		return
	}
	link := float64(in.Link.Total())
	holds := (res.Winner == breakeven.Load && link >= bh) || (res.Winner == breakeven.Recompute && link <= bl)
	out.BreakEvenLowBytesPerSecond, out.TiePrefillTokensPerSecond, out.WinnerAcrossInterval = ptr(bl), ptr(tie), &holds
	if !math.IsInf(bh, 1) {
		out.BreakEvenHighBytesPerSecond = ptr(bh)
	}
}

// given reports whether a field was typed.
func given(s string) bool { return s != "" }

// Resolve parses and checks the request's fields. Its error is a
// *breakeven.FieldError.
func Resolve(r Request) (Input, error) {
	var in Input
	custom := false
	for _, f := range []string{r.Layers, r.KVHeads, r.HeadDim, r.LatentDim, r.RopeDim, r.Fixed} {
		custom = custom || given(f)
	}
	named := 0
	for _, f := range []string{r.Model, r.Config, r.ConfigText} {
		if given(f) {
			named++
		}
	}
	if custom {
		named++
	}
	switch {
	case named > 1:
		return in, sentence("model", "--model, --config, --config-text and an architecture (--layers, --kv-heads, ...) are alternatives; give one (e.g. --model llama-3.1-70b, or --config config.json)")
	case given(r.Model):
		m, err := sources.ResolveModel(r.Model, sources.ModelExamples{Name: "--model llama-3.1-70b",
			Unknown: `--model llama-3.1-70b, or --config config.json; "breakeven models" lists them`})
		var fe *breakeven.FieldError
		if errors.As(err, &fe) && m.Name != "" && !m.Known() {
			// In the catalog with no config: an architecture answers.
			fe.Message += "; give its architecture instead"
			fe.Example = "--layers 88 --kv-heads 8 --head-dim 128"
		}
		if err != nil {
			return in, err
		}
		in.Name, in.Arch, in.Context, in.Model = m.Name, m.Arch, m.Context, &m
		if m.Via != nil {
			// A cited alias: say whose architecture answers.
			in.Name = fmt.Sprintf("%s (%s's architecture, per %s)", m.Via.Name, m.Name, m.Via.Source)
		}
	case given(r.Config) || given(r.ConfigText):
		m, err := configModel(r)
		if err != nil {
			return in, err
		}
		in.Name, in.Arch, in.Context, in.Model = m.Name, m.Arch, m.Context, &m
	case custom:
		a, err := customArch(r)
		if err != nil {
			return in, err
		}
		in.Name, in.Arch = "custom architecture", a
	default:
		return in, sentence("model", "no model: give --model NAME or an architecture (e.g. --model llama-3.1-405b, or --layers 80 --kv-heads 8 --head-dim 128)")
	}

	in.Element, in.Compression = sources.PostElement(), 1
	if in.Arch.Element.Size > 0 {
		// A KV-cache type the config states.
		in.Element = in.Arch.Element
	}
	if given(r.KVDtype) {
		t, err := breakeven.ParseElementType(r.KVDtype)
		if err != nil {
			return in, breakeven.FieldFromParse("kv-dtype", r.KVDtype, err, "--kv-dtype fp8")
		}
		in.Element = t
	}
	if given(r.Compression) {
		c, err := breakeven.ParseFactor(r.Compression)
		switch {
		case errors.Is(err, breakeven.ErrFactorBelowOne):
			return in, breakeven.Bad("compression", r.Compression, "a compression factor is at least 1 (1 is none)", "--compression 5x")
		case errors.Is(err, breakeven.ErrFactorTooLarge):
			return in, breakeven.Bad("compression", r.Compression, "a compression factor above a million is not a cache", "--compression 5x")
		case err != nil:
			return in, breakeven.Bad("compression", r.Compression, err.Error(), "--compression 5x")
		}
		in.Compression = c
	}
	in.Arch = in.Arch.With(in.Element, in.Compression)

	in.Tokens = sources.Conversation128K.V()
	if given(r.Tokens) {
		n, err := breakeven.ParseTokens(r.Tokens)
		if err != nil {
			return in, breakeven.FieldFromParse("tokens", r.Tokens, err, "--tokens 127188")
		}
		if n < 1 || float64(n) != math.Trunc(float64(n)) {
			return in, breakeven.Bad("tokens", r.Tokens, "not a whole number of tokens", "--tokens 127188")
		}
		in.Tokens, in.TokensText = n, r.Tokens
	}
	// A count beyond the model's context is computed like any other;
	// Compute adds the note (BeyondContextAllowedNote), as check does in
	// every form of claim.

	switch {
	case given(r.Prefill) && given(r.TTFT):
		return in, sentence("prefill", "--prefill and --ttft are alternatives; give one (e.g. --prefill 2051, or --ttft 62s --tokens 127188)")
	case r.Measured != nil && (given(r.Prefill) || given(r.TTFT)):
		return in, sentence("measured", "a measured prefill (--measured) and --prefill or --ttft are alternatives; give one (e.g. --measured run.json)")
	case r.Measured != nil:
		p, err := measuredProvenance(*r.Measured)
		if err != nil {
			return in, err
		}
		in.Prefill, in.Provenance, in.CachedTTFT = r.Measured.Rate, p, r.Measured.CachedTTFT
	case given(r.Prefill):
		rate, err := breakeven.ParseTokenRate(r.Prefill)
		if err != nil {
			return in, breakeven.FieldFromParse("prefill", r.Prefill, err, "--prefill 2051 or --prefill \"11.9k tokens/s\"")
		}
		in.Prefill = rate
		in.Provenance = Provenance{Kind: Yours, Text: "yours: the prefill speed you gave"}
	case given(r.TTFT):
		if !given(r.Tokens) {
			return in, sentence("tokens", "--ttft needs --tokens, the prompt length it was measured on (e.g. --ttft 62s --tokens 127188)")
		}
		t, err := breakeven.ParseSeconds(r.TTFT)
		if err != nil {
			return in, breakeven.FieldFromParse("ttft", r.TTFT, err, "--ttft 62s")
		}
		in.TTFT, in.Prefill = t, breakeven.PrefillRate(in.Tokens, t)
		in.Provenance = Provenance{Kind: Yours, Text: "yours: the time to first token you gave"}
	case given(r.GPUs):
		// No speed given: the FLOP model on the GPUs estimates it
		// (extended.go); its provenance is set below.
	case given(r.Model) && in.Model != nil:
		// The model's own published run, if it has one; never another
		// model's.
		run, ok := PublishedRun(*in.Model, in.Tokens)
		if !ok {
			return in, noPrefill(in.Name)
		}
		in.Prefill, in.Provenance = publishedProvenance(*in.Model, run)
		in.Provenance.Text += physicalNote(run)
		e, far, note := estimateOnRun(r, in, run)
		in.Provenance.Text += note
		if far {
			// The run's prompt is too far from the one asked for its
			// speed to stand: the fitted model prices the prompt on the
			// run's own GPUs instead, and says why.
			in.Flop, in.Prefill, in.Provenance = &e.FlopPrefill, e.Rate, farRunProvenance(e, in, run)
		}
	default:
		return in, noPrefill(in.Name)
	}
	for _, x := range []struct{ name, v string }{{"params", r.Params}, {"query-heads", r.QueryHeads}, {"qk-dim", r.QKDim}, {"v-dim", r.VDim}} {
		switch {
		case given(x.v) && in.Model != nil:
			return in, sentence(x.name, "--"+x.name+" describes a custom architecture; a catalog model (--model) or a config (--config) has its own (e.g. --model llama-3.1-70b --gpus 8xH100)")
		case given(x.v) && !given(r.GPUs):
			return in, sentence(x.name, "--"+x.name+" goes with --gpus, for the FLOP model of a custom architecture (e.g. --layers 80 --kv-heads 8 --head-dim 128 --params 70.6B --query-heads 64 --gpus 8xH100)")
		}
	}
	if given(r.GPUs) || given(r.MFU) || given(r.Precision) || given(r.Weights) || given(r.RequestCost) {
		f, err := resolveFlop(r, in)
		if err != nil {
			return in, err
		}
		in.Flop = &f
		if in.Prefill == 0 {
			in.Prefill, in.Provenance = f.Rate, estimatedProvenance(f, in.Tokens)
		}
	}

	if !given(r.Link) {
		return in, sentence("link", `no link: give --link SPEED (e.g. --link 10GbE, --link "22.6 GB/s"; "breakeven calc --links" lists presets)`)
	}
	l, err := breakeven.ParseLink(r.Link, sources.PresetLink)
	if err != nil {
		return in, breakeven.FieldFromParse("link", r.Link, err, `--link 181Gbit/s, --link 2x100GbE, --link "22.6 GB/s", --link ndr`)
	}
	in.Link, in.LinkText = l, r.Link

	if given(r.HitRate) {
		h, err := breakeven.ParseFraction(r.HitRate)
		switch {
		case errors.Is(err, breakeven.ErrNotFraction):
			return in, breakeven.Bad("hit-rate", r.HitRate, "a hit rate is between 0 and 1 (0% and 100%)", "--hit-rate 0.8 or --hit-rate 80%")
		case err != nil:
			return in, breakeven.Bad("hit-rate", r.HitRate, err.Error(), "--hit-rate 0.8 or --hit-rate 80%")
		}
		in.HitRate = &h
	}
	if given(r.MissPenalty) {
		p, err := parseDuration0(r.MissPenalty)
		if err != nil {
			return in, breakeven.FieldFromParse("miss-penalty", r.MissPenalty, err, "--miss-penalty 4s")
		}
		in.Penalty = &p
	}
	return in, nil
}

// customArch builds an architecture from the request: GQA with KVHeads
// and HeadDim, or MLA with LatentDim (and RopeDim).
func customArch(r Request) (breakeven.Architecture, error) {
	var a breakeven.Architecture
	num := func(name, value string, min int) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < min {
			return 0, breakeven.Bad(name, value, fmt.Sprintf("not a whole number of at least %d", min), customExample(name))
		}
		// The same bound as the config.json fields (modelconfig).
		if err := breakeven.CheckWhole(n, min, breakeven.MaxDim); err != nil {
			return 0, breakeven.Bad(name, value, strings.TrimPrefix(err.Error(), value+": "), customExample(name))
		}
		return n, nil
	}
	if !given(r.Layers) {
		return a, sentence("layers", "an architecture needs --layers (e.g. --layers 80 --kv-heads 8 --head-dim 128)")
	}
	layers, err := num("layers", r.Layers, 1)
	if err != nil {
		return a, err
	}
	g := breakeven.LayerGroup{Layers: layers}
	switch {
	case given(r.LatentDim) && (given(r.KVHeads) || given(r.HeadDim)):
		return a, sentence("latent-dim", "--latent-dim (MLA) and --kv-heads/--head-dim (GQA) are alternatives; give one (e.g. --latent-dim 512 --rope-dim 64)")
	case given(r.LatentDim):
		g.Attention = breakeven.MLA
		if g.LatentDim, err = num("latent-dim", r.LatentDim, 1); err != nil {
			return a, err
		}
		if given(r.RopeDim) {
			if g.RopeDim, err = num("rope-dim", r.RopeDim, 0); err != nil {
				return a, err
			}
		}
	case given(r.RopeDim):
		return a, sentence("rope-dim", "--rope-dim goes with --latent-dim, for MLA (e.g. --latent-dim 512 --rope-dim 64)")
	case given(r.KVHeads) && given(r.HeadDim):
		g.Attention = breakeven.GQA
		if g.KVHeads, err = num("kv-heads", r.KVHeads, 1); err != nil {
			return a, err
		}
		if g.HeadDim, err = num("head-dim", r.HeadDim, 1); err != nil {
			return a, err
		}
	default:
		return a, sentence("kv-heads", "an architecture needs --kv-heads and --head-dim (GQA), or --latent-dim (MLA) (e.g. --layers 80 --kv-heads 8 --head-dim 128)")
	}
	a.Groups = []breakeven.LayerGroup{g}
	if given(r.Fixed) {
		f, err := breakeven.ParseBytes(r.Fixed)
		if err != nil {
			return a, breakeven.FieldFromParse("fixed", r.Fixed, err, `--fixed "24 MiB"`)
		}
		a.Fixed = f
	}
	if err := a.Validate(); err != nil {
		return a, sentence("layers", "the architecture flags (--layers, --kv-heads, --head-dim, ...): "+strings.TrimPrefix(err.Error(), "breakeven: "))
	}
	return a, nil
}

func customExample(name string) string {
	switch name {
	case "layers":
		return "--layers 80"
	case "kv-heads":
		return "--kv-heads 8"
	case "head-dim":
		return "--head-dim 128"
	case "latent-dim":
		return "--latent-dim 512"
	case "query-heads":
		return "--query-heads 64"
	case "qk-dim":
		return "--qk-dim 192"
	case "v-dim":
		return "--v-dim 128"
	}
	return "--rope-dim 64"
}

// parseDuration0 is breakeven.ParseSeconds that also accepts zero.
func parseDuration0(s string) (breakeven.Seconds, error) {
	t, err := breakeven.ParseSeconds(s)
	var pe *breakeven.ParseError
	if errors.As(err, &pe) && pe.Reason == "zero value" {
		return 0, nil
	}
	return t, err
}

// configModel reads the model of --config (a file) or --config-text (the
// JSON itself); its error names the field.
func configModel(r Request) (sources.Model, error) {
	if given(r.Config) {
		m, err := sources.ReadConfigModel(r.Config)
		if err != nil {
			return m, modelconfig.FieldError("config", r.Config, err)
		}
		return m, nil
	}
	m, err := sources.ModelFromConfig("", []byte(r.ConfigText))
	if err != nil {
		return m, modelconfig.FieldError("config-text", r.ConfigText, err)
	}
	return m, nil
}
