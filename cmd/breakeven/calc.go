package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

func init() {
	register(command{"calc", "does loading a prompt's KV cache beat recomputing it? (B* = r x b)", calcUsage, runCalc})
}

const calcUsage = `Usage: breakeven calc (--model NAME | --layers N --kv-heads N --head-dim N)
                      (--prefill RATE | --ttft TIME --tokens N) --link SPEED
       breakeven calc --links

Works out whether loading a prompt's KV cache over a link beats
recomputing it: the cache, the recompute and load times, the break-even
bandwidth B* = r x b (prefill speed times cache per token) and the speedup,
which is the link's speed over B*.

Model: a catalog model by name or alias, in any case ("breakeven models"
lists them), or an architecture of your own:
  --layers --kv-heads --head-dim   layers that keep every token (GQA, MHA)
  --layers --latent-dim --rope-dim MLA layers (DeepSeek-V3: 61, 512, 64)
  --fixed SIZE                     a fixed state per sequence ("24 MiB")
Prefill: --prefill in tokens/s, or --ttft, the uncached time to first
token of the --tokens prompt (the speed is tokens / ttft).
Link: a speed ("10GbE", "2x100Gbit/s", "22.6 GB/s") or a preset, with an
optional count ("2xndr"); "breakeven calc --links" lists the presets.
With --hit-rate and --miss-penalty it adds the mean time to first token
and the hit rate above which offloading pays.

Examples:
  breakeven calc --model llama-3.1-405b --ttft 62s --tokens 127188 \
      --link 181Gbit/s
  breakeven calc --model qwen3-32b --prefill 11.9k --link 10GbE --kv-dtype fp8
  breakeven calc --layers 80 --kv-heads 8 --head-dim 128 --prefill 4380 \
      --link ndr --tokens 105k
  breakeven calc --model deepseek-v3 --prefill 5000 --link roce \
      --hit-rate 80% --miss-penalty 4s --json
  breakeven calc --links
`

// calcJSON is calc --json: SI base units, snake_case keys.
type calcJSON struct {
	Model                    string   `json:"model"`
	Tokens                   float64  `json:"tokens"`
	KVDtype                  string   `json:"kv_dtype"`
	Compression              float64  `json:"compression"`
	BytesPerToken            float64  `json:"bytes_per_token"`
	GrowthBytesPerToken      float64  `json:"growth_bytes_per_token"`
	FixedBytes               float64  `json:"fixed_bytes"`
	CacheBytes               float64  `json:"cache_bytes"`
	PrefillTokensPerSecond   float64  `json:"prefill_tokens_per_second"`
	Link                     string   `json:"link"`
	LinkBytesPerSecond       float64  `json:"link_bytes_per_second"`
	BreakEvenBytesPerSecond  float64  `json:"break_even_bytes_per_second"`
	RecomputeSeconds         float64  `json:"recompute_seconds"`
	LoadSeconds              float64  `json:"load_seconds"`
	Speedup                  float64  `json:"speedup"`
	Winner                   string   `json:"winner"`
	LinkOverBreakEven        float64  `json:"link_over_break_even_bytes_per_second"`
	HitRate                  *float64 `json:"hit_rate,omitempty"`
	MissPenaltySeconds       *float64 `json:"miss_penalty_seconds,omitempty"`
	MeanTTFTSeconds          *float64 `json:"mean_ttft_seconds,omitempty"`
	BreakEvenHitRate         *float64 `json:"break_even_hit_rate,omitempty"`
	BreakEvenHitRateNote     string   `json:"break_even_hit_rate_note,omitempty"`
	ContextTokens            float64  `json:"context_tokens,omitempty"`
	BeyondContextAllowedNote string   `json:"beyond_context,omitempty"`
}

// calcInput is what the flags resolve to.
type calcInput struct {
	name        string // "Llama 3.1 405B", or "custom architecture"
	arch        breakeven.Architecture
	element     breakeven.ElementType
	compression float64
	context     breakeven.Tokens // 0 if unknown
	tokens      breakeven.Tokens
	prefill     breakeven.TokenRate
	ttft        breakeven.Seconds // 0 if --prefill was given
	link        factcheck.Link
	linkText    string
	hitRate     *float64
	penalty     *breakeven.Seconds
}

func runCalc(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("calc", stderr)
	v := map[string]*string{}
	str := func(name, usage string) { v[name] = fs.String(name, "", usage) }
	str("model", "catalog model `NAME` or alias (see \"breakeven models\")")
	str("layers", "custom architecture: `N` layers")
	str("kv-heads", "custom GQA/MHA: `N` KV heads per layer")
	str("head-dim", "custom GQA/MHA: `N` numbers per key (and per value) per head")
	str("latent-dim", "custom MLA: `N` latent numbers per layer (kv_lora_rank)")
	str("rope-dim", "custom MLA: `N` shared rotary key numbers per layer")
	str("fixed", "custom: a fixed state of `SIZE` per sequence (\"24 MiB\")")
	str("tokens", "prompt length, `N` tokens (default 131,072: 128K)")
	str("prefill", "prefill speed `RATE` (\"2051\", \"11.9k tokens/s\")")
	str("ttft", "uncached time to first token `TIME` of the --tokens prompt (\"62s\")")
	str("link", "link `SPEED` or preset (\"181Gbit/s\", \"2x100GbE\", \"ndr\")")
	str("kv-dtype", "KV element `TYPE`: bf16, fp16, fp8, int8, int4, fp32 (default 16-bit)")
	str("compression", "KV compression `FACTOR`, at least 1 (\"5\" or \"5x\")")
	str("hit-rate", "`SHARE` of requests whose cache is found (\"0.8\" or \"80%\")")
	str("miss-penalty", "extra `TIME` a miss costs with offload (\"4s\"; default 0)")
	listLinks := fs.Bool("links", false, "list the link presets and exit")
	allow := fs.Bool("allow-beyond-context", false, "allow --tokens beyond the model's context")
	asJSON := fs.Bool("json", false, "print the answer as JSON (SI units)")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if *listLinks {
		return printLinkPresets(stdout, stderr, *asJSON)
	}
	set := setFlags(fs)
	in, err := resolveCalc(v, set, *allow)
	if err != nil {
		fmt.Fprintf(stderr, "breakeven calc: %v\n", err)
		return 2
	}
	res, err := breakeven.Scenario{Arch: in.arch, Tokens: in.tokens, Prefill: in.prefill, Link: in.link.Total()}.Evaluate()
	if err != nil {
		fmt.Fprintf(stderr, "breakeven calc: %v\n", err)
		return 2
	}
	out := calcJSON{
		Model: in.name, Tokens: float64(in.tokens), KVDtype: in.element.Name, Compression: in.compression,
		BytesPerToken: float64(res.BytesPerToken), GrowthBytesPerToken: float64(in.arch.BytesPerToken()),
		FixedBytes: float64(in.arch.FixedBytes()), CacheBytes: float64(res.CacheBytes),
		PrefillTokensPerSecond: float64(in.prefill), Link: in.linkText, LinkBytesPerSecond: float64(in.link.Total()),
		BreakEvenBytesPerSecond: float64(res.BreakEven), RecomputeSeconds: float64(res.Recompute),
		LoadSeconds: float64(res.Load), Speedup: res.Speedup, Winner: string(res.Winner),
		LinkOverBreakEven: float64(in.link.Total() - res.BreakEven), ContextTokens: float64(in.context),
	}
	if in.context > 0 && in.tokens > in.context {
		out.BeyondContextAllowedNote = fmt.Sprintf("--tokens is beyond %s's context of %v tokens", in.name, in.context)
	}
	checks := []struct {
		what string
		v    float64
	}{{"cache", out.CacheBytes}, {"break-even", out.BreakEvenBytesPerSecond}, {"recompute time", out.RecomputeSeconds},
		{"load time", out.LoadSeconds}, {"speedup", out.Speedup}, {"link", out.LinkBytesPerSecond}, {"prefill speed", out.PrefillTokensPerSecond}}
	for _, c := range checks {
		if !inRange(c.v) {
			fmt.Fprintf(stderr, "breakeven calc: these inputs give a %s outside what this tool prints (1e-12 to 1e21 in SI units); check --tokens, --prefill or --ttft, and --link (e.g. --prefill 2051 --link 10GbE)\n", c.what)
			return 2
		}
	}
	if in.hitRate != nil || in.penalty != nil {
		var p breakeven.Seconds
		if in.penalty != nil {
			p = *in.penalty
		}
		pf := float64(p)
		out.MissPenaltySeconds = &pf
		if in.hitRate != nil {
			mean, err := breakeven.MeanTTFT(*in.hitRate, res.Load, res.Recompute, p)
			if err != nil {
				fmt.Fprintf(stderr, "breakeven calc: %v\n", err)
				return 2
			}
			m := float64(mean)
			out.HitRate, out.MeanTTFTSeconds = in.hitRate, &m
		}
		if h, err := breakeven.BreakEvenHitRate(p, res.Recompute, res.Load); err == nil {
			out.BreakEvenHitRate = &h
		} else {
			out.BreakEvenHitRateNote = fmt.Sprintf("none: a load of %v is no faster than a recompute of %v, so no hit rate makes offloading pay", res.Load, res.Recompute)
		}
	}
	if *asJSON {
		return writeJSON(stdout, stderr, "calc", out)
	}
	printCalc(stdout, in, res, out)
	return 0
}

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// flagError is one clear line about one flag: its value, what is wrong,
// and a valid example.
type flagError struct {
	flag, value, reason, example string
}

func (e *flagError) Error() string {
	return fmt.Sprintf("--%s %q: %s (e.g. %s)", e.flag, e.value, e.reason, e.example)
}

// fromParse turns a parser's error into a flagError with its reason.
func fromParse(name, value string, err error, example string) error {
	var pe *breakeven.ParseError
	if errors.As(err, &pe) {
		return &flagError{name, value, pe.Reason, example}
	}
	return &flagError{name, value, err.Error(), example}
}

func resolveCalc(v map[string]*string, set map[string]bool, allow bool) (calcInput, error) {
	var in calcInput
	archFlags := []string{"layers", "kv-heads", "head-dim", "latent-dim", "rope-dim", "fixed"}
	custom := false
	for _, f := range archFlags {
		custom = custom || set[f]
	}
	switch {
	case set["model"] && custom:
		return in, errors.New("--model and an architecture (--layers, --kv-heads, ...) are alternatives; give one (e.g. --model llama-3.1-70b)")
	case set["model"]:
		m, err := sources.FindModel(*v["model"])
		var unknown *sources.UnknownModelError
		switch {
		case errors.As(err, &unknown):
			reason := "unknown model"
			if len(unknown.Nearest) > 0 {
				reason += "; did you mean " + strings.Join(quoted(unknown.Nearest), ", ") + "?"
			}
			return in, &flagError{"model", *v["model"], reason, `--model llama-3.1-70b; "breakeven models" lists them`}
		case err != nil:
			return in, &flagError{"model", *v["model"], err.Error(), "--model llama-3.1-70b"}
		case !m.Known():
			return in, &flagError{"model", *v["model"], m.Name + " has no published config, so its cache size cannot be computed; give its architecture instead",
				"--layers 88 --kv-heads 8 --head-dim 128"}
		}
		in.name, in.arch, in.context = m.Name, m.Arch, m.Context
	case custom:
		a, err := customArch(v, set)
		if err != nil {
			return in, err
		}
		in.name, in.arch = "custom architecture", a
	default:
		return in, errors.New("no model: give --model NAME or an architecture (e.g. --model llama-3.1-405b, or --layers 80 --kv-heads 8 --head-dim 128)")
	}

	in.element, in.compression = sources.PostElement(), 1
	if set["kv-dtype"] {
		t, err := breakeven.ParseElementType(*v["kv-dtype"])
		if err != nil {
			return in, fromParse("kv-dtype", *v["kv-dtype"], err, "--kv-dtype fp8")
		}
		in.element = t
	}
	if set["compression"] {
		c, err := parseFactor(*v["compression"])
		if err != nil {
			return in, &flagError{"compression", *v["compression"], err.Error(), "--compression 5x"}
		}
		in.compression = c
	}
	in.arch = in.arch.With(in.element, in.compression)

	in.tokens = sources.Conversation128K.V()
	if set["tokens"] {
		n, err := breakeven.ParseTokens(*v["tokens"])
		if err != nil {
			return in, fromParse("tokens", *v["tokens"], err, "--tokens 127188")
		}
		if n < 1 || float64(n) != math.Trunc(float64(n)) {
			return in, &flagError{"tokens", *v["tokens"], "not a whole number of tokens", "--tokens 127188"}
		}
		in.tokens = n
	}
	if in.context > 0 && in.tokens > in.context && !allow {
		value := strconv.FormatFloat(float64(in.tokens), 'f', -1, 64) + " (the default)"
		if set["tokens"] {
			value = *v["tokens"]
		}
		return in, &flagError{"tokens", value, fmt.Sprintf("beyond %s's context of %v tokens; add --allow-beyond-context to compute it anyway", in.name, in.context),
			"--tokens " + strconv.FormatFloat(float64(in.context), 'f', -1, 64)}
	}

	switch {
	case set["prefill"] && set["ttft"]:
		return in, errors.New("--prefill and --ttft are alternatives; give one (e.g. --prefill 2051, or --ttft 62s --tokens 127188)")
	case set["prefill"]:
		r, err := breakeven.ParseTokenRate(*v["prefill"])
		if err != nil {
			return in, fromParse("prefill", *v["prefill"], err, "--prefill 2051 or --prefill \"11.9k tokens/s\"")
		}
		in.prefill = r
	case set["ttft"]:
		if !set["tokens"] {
			return in, errors.New("--ttft needs --tokens, the prompt length it was measured on (e.g. --ttft 62s --tokens 127188)")
		}
		t, err := breakeven.ParseSeconds(*v["ttft"])
		if err != nil {
			return in, fromParse("ttft", *v["ttft"], err, "--ttft 62s")
		}
		in.ttft, in.prefill = t, breakeven.PrefillRate(in.tokens, t)
	default:
		return in, errors.New("no prefill speed: give --prefill RATE or --ttft TIME with --tokens (e.g. --prefill 2051, or --ttft 62s --tokens 127188)")
	}

	if !set["link"] {
		return in, errors.New(`no link: give --link SPEED (e.g. --link 10GbE, --link "22.6 GB/s"; "breakeven calc --links" lists presets)`)
	}
	l, err := factcheck.ParseLink(*v["link"])
	if err != nil {
		return in, fromParse("link", *v["link"], err, `--link 181Gbit/s, --link 2x100GbE, --link "22.6 GB/s", --link ndr`)
	}
	in.link, in.linkText = l, *v["link"]

	if set["hit-rate"] {
		h, err := parseHitRate(*v["hit-rate"])
		if err != nil {
			return in, &flagError{"hit-rate", *v["hit-rate"], err.Error(), "--hit-rate 0.8 or --hit-rate 80%"}
		}
		in.hitRate = &h
	}
	if set["miss-penalty"] {
		p, err := parseDuration0(*v["miss-penalty"])
		if err != nil {
			return in, fromParse("miss-penalty", *v["miss-penalty"], err, "--miss-penalty 4s")
		}
		in.penalty = &p
	}
	return in, nil
}

// customArch builds an architecture from the flags: GQA with --kv-heads
// and --head-dim, or MLA with --latent-dim (and --rope-dim).
func customArch(v map[string]*string, set map[string]bool) (breakeven.Architecture, error) {
	var a breakeven.Architecture
	num := func(name string, min int) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(*v[name]))
		if err != nil || n < min {
			return 0, &flagError{name, *v[name], fmt.Sprintf("not a whole number of at least %d", min), customExample(name)}
		}
		return n, nil
	}
	if !set["layers"] {
		return a, errors.New("an architecture needs --layers (e.g. --layers 80 --kv-heads 8 --head-dim 128)")
	}
	layers, err := num("layers", 1)
	if err != nil {
		return a, err
	}
	g := breakeven.LayerGroup{Layers: layers}
	switch {
	case set["latent-dim"] && (set["kv-heads"] || set["head-dim"]):
		return a, errors.New("--latent-dim (MLA) and --kv-heads/--head-dim (GQA) are alternatives; give one (e.g. --latent-dim 512 --rope-dim 64)")
	case set["latent-dim"]:
		g.Attention = breakeven.MLA
		if g.LatentDim, err = num("latent-dim", 1); err != nil {
			return a, err
		}
		if set["rope-dim"] {
			if g.RopeDim, err = num("rope-dim", 0); err != nil {
				return a, err
			}
		}
	case set["rope-dim"]:
		return a, errors.New("--rope-dim goes with --latent-dim, for MLA (e.g. --latent-dim 512 --rope-dim 64)")
	case set["kv-heads"] && set["head-dim"]:
		g.Attention = breakeven.GQA
		if g.KVHeads, err = num("kv-heads", 1); err != nil {
			return a, err
		}
		if g.HeadDim, err = num("head-dim", 1); err != nil {
			return a, err
		}
	default:
		return a, errors.New("an architecture needs --kv-heads and --head-dim (GQA), or --latent-dim (MLA) (e.g. --layers 80 --kv-heads 8 --head-dim 128)")
	}
	a.Groups = []breakeven.LayerGroup{g}
	if set["fixed"] {
		f, err := breakeven.ParseBytes(*v["fixed"])
		if err != nil {
			return a, fromParse("fixed", *v["fixed"], err, `--fixed "24 MiB"`)
		}
		a.Fixed = f
	}
	return a, a.Validate()
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
	}
	return "--rope-dim 64"
}

// parseFactor reads a compression factor of at least 1: "5", "5x", "5×".
func parseFactor(s string) (float64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(t, "x"), "X"), "×")
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, errors.New("not a number")
	}
	if f < 1 {
		return 0, errors.New("a compression factor is at least 1 (1 is none)")
	}
	if f > 1e6 {
		return 0, errors.New("a compression factor above a million is not a cache")
	}
	return f, nil
}

// parseHitRate reads a share in [0, 1], written as a fraction or a
// percentage: "0.8", "80%".
func parseHitRate(s string) (float64, error) {
	t := strings.TrimSpace(s)
	scale := 1.0
	if p, ok := strings.CutSuffix(t, "%"); ok {
		t, scale = strings.TrimSpace(p), 0.01
	}
	h, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(h) || math.IsInf(h, 0) {
		return 0, errors.New("not a number")
	}
	h *= scale
	if h < 0 || h > 1 {
		return 0, errors.New("a hit rate is between 0 and 1 (0% and 100%)")
	}
	return h, nil
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

// inRange reports whether a quantity in SI units is one this tool
// prints: finite, and neither vanishingly small nor absurdly large, so no
// NaN, Inf or 300-digit number reaches the output.
func inRange(x float64) bool { return !math.IsNaN(x) && x >= 1e-12 && x <= 1e21 }

func writeJSON(stdout, stderr io.Writer, cmd string, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "breakeven %s: %v\n", cmd, err)
		return 1
	}
	return 0
}

// labelWidth is the width of the label column of the calc and check
// reports.
const labelWidth = 23

// line prints a label and a value, the value wrapped to 80 columns.
func line(w io.Writer, label, value string) {
	fmt.Fprintf(w, "  %s%s\n", pad(label, labelWidth-2), wrapFrom(value, labelWidth, 79))
}

// wrapFrom folds text that starts at column col so that no line passes
// width columns, indenting continuation lines to col. A word longer than
// the room stands on its own line.
func wrapFrom(text string, col, width int) string {
	var b strings.Builder
	at := col
	for i, word := range strings.Fields(text) {
		n := len([]rune(word))
		switch {
		case i == 0:
		case at+1+n > width:
			b.WriteString("\n" + strings.Repeat(" ", col))
			at = col
		default:
			b.WriteByte(' ')
			at++
		}
		b.WriteString(word)
		at += n
	}
	return b.String()
}

// pad pads s with spaces to n runes.
func pad(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

// padLeft right-aligns s in n runes.
func padLeft(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return strings.Repeat(" ", n-k) + s
	}
	return s
}

// ratio prints a ratio with three significant digits and an x: "21.4x".
func ratio(x float64) string {
	return breakeven.FormatSignificant(x, breakeven.DefaultSignificant) + "x"
}

func printCalc(w io.Writer, in calcInput, res breakeven.Result, out calcJSON) {
	kv := in.element.Name + " KV cache"
	if in.compression != 1 {
		kv += ", compressed " + strconv.FormatFloat(in.compression, 'g', -1, 64) + "x"
	}
	fmt.Fprintln(w, wrap(fmt.Sprintf("%s: a %v-token prompt, %s", in.name, in.tokens, kv), 78, "  "))
	if out.BeyondContextAllowedNote != "" {
		fmt.Fprintln(w, wrap("(note: "+out.BeyondContextAllowedNote+")", 78, "  "))
	}
	fmt.Fprintln(w)
	growth := in.arch.BytesPerToken()
	per := breakeven.Bytes(res.BytesPerToken)
	if math.Abs(float64(growth-res.BytesPerToken)) <= 1e-9*float64(res.BytesPerToken) {
		line(w, "cache per token", fmt.Sprintf("%v (%s)", per, per.IEC()))
	} else {
		line(w, "cache per token", fmt.Sprintf("%v averaged over the prompt", per))
		line(w, "growth per token", fmt.Sprintf("%v once every window is full", breakeven.Bytes(growth)))
	}
	if f := in.arch.FixedBytes(); f > 0 {
		line(w, "fixed state", f.String())
	}
	line(w, "cache", fmt.Sprintf("%v (%s)", res.CacheBytes, res.CacheBytes.IEC()))
	prefill := in.prefill.String()
	if in.ttft > 0 {
		prefill += fmt.Sprintf(" (%v tokens in %v)", in.tokens, in.ttft)
	}
	line(w, "prefill", prefill)
	link := fmt.Sprintf("%v (%s)", in.link.Total(), in.link.Total().Bits())
	switch {
	case in.link.Count > 1:
		link += ": " + in.link.String()
	case in.link.Name != "":
		link += ", preset " + in.link.Name
	}
	line(w, "link", link)
	fmt.Fprintln(w)
	line(w, "recompute", res.Recompute.String())
	line(w, "load", res.Load.String())
	line(w, "break-even", fmt.Sprintf("%v (%s)", res.BreakEven, res.BreakEven.Bits()))
	if res.Winner == breakeven.Load {
		line(w, "speedup", ratio(res.Speedup))
		line(w, "winner", "load")
		line(w, "link margin", fmt.Sprintf("%v above the break-even (%s it)", breakeven.Bandwidth(out.LinkOverBreakEven), ratio(res.Speedup)))
	} else {
		line(w, "slowdown", fmt.Sprintf("%s: loading takes %s as long as recomputing", ratio(1/res.Speedup), ratio(1/res.Speedup)))
		line(w, "winner", "recompute")
		line(w, "link margin", fmt.Sprintf("%v below the break-even (%s it)", -breakeven.Bandwidth(out.LinkOverBreakEven), ratio(res.Speedup)))
	}
	if out.MissPenaltySeconds == nil {
		return
	}
	fmt.Fprintln(w)
	if out.HitRate != nil {
		line(w, "hit rate", breakeven.FormatSignificant(100**out.HitRate, 3)+"%")
	}
	line(w, "miss penalty", breakeven.Seconds(*out.MissPenaltySeconds).String())
	if out.MeanTTFTSeconds != nil {
		line(w, "mean TTFT", fmt.Sprintf("%v (%v without offload)", breakeven.Seconds(*out.MeanTTFTSeconds), res.Recompute))
	}
	if out.BreakEvenHitRate != nil {
		line(w, "break-even hit rate", breakeven.FormatSignificant(100**out.BreakEvenHitRate, 3)+"%: offloading pays above it")
	} else {
		line(w, "break-even hit rate", out.BreakEvenHitRateNote)
	}
}

// linkPresetJSON is one preset in calc --links --json.
type linkPresetJSON struct {
	Name               string   `json:"name"`
	Aliases            []string `json:"aliases"`
	Kind               string   `json:"kind"`
	Count              int      `json:"count"`
	EachBytesPerSecond float64  `json:"each_bytes_per_second"`
	BytesPerSecond     float64  `json:"bytes_per_second"`
	Note               string   `json:"note"`
	Source             string   `json:"source"`
	Locator            string   `json:"locator"`
	Quote              string   `json:"quote,omitempty"`
	ViaPost            bool     `json:"via_post,omitempty"`
}

func printLinkPresets(stdout, stderr io.Writer, asJSON bool) int {
	if asJSON {
		out := make([]linkPresetJSON, 0, len(sources.LinkPresets))
		for _, p := range sources.LinkPresets {
			out = append(out, linkPresetJSON{Name: p.Name, Aliases: p.Aliases, Kind: p.Kind, Count: p.Count,
				EachBytesPerSecond: float64(p.Each.V()), BytesPerSecond: float64(p.Total()), Note: p.Note,
				Source: string(p.Each.Source), Locator: p.Each.Locator, Quote: p.Each.Quote, ViaPost: p.Each.ViaPost})
		}
		return writeJSON(stdout, stderr, "calc", out)
	}
	fmt.Fprintln(stdout, "Link presets: --link NAME, or a count and NAME (\"2xndr\"); any case.")
	fmt.Fprintln(stdout)
	fmt.Fprintf(stdout, "%s%s%s\n", pad("name", 16), pad("speed", 25), "what")
	for _, p := range sources.LinkPresets {
		speed := fmt.Sprintf("%v (%s)", p.Total(), p.Total().Bits())
		fmt.Fprintf(stdout, "%s%s%s\n", pad(p.Name, 16), pad(speed, 25), trimRunes(p.Note, 80-41))
	}
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, wrap("Standard rates are nominal, by the standard's name; PCIe is raw, one way, before 128b/130b coding; measured ones are what llm-d's transports delivered on a 100 Gbit/s NIC. Citations: breakeven calc --links --json", 78, ""))
	return 0
}
