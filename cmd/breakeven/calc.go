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
	"signalweight.dev/kv/breakeven/calculator"
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
Beyond the post: --gpus COUNTxCHIP (with --mfu) prefills by the FLOP model
when no --prefill or --ttft is given, and otherwise reports the MFU a
measured time implies; --latency and --efficiency add a load's fixed cost
and share of line rate, and the crossover length; --overlap reports
recomputing the first tokens while loading the rest.

Examples:
  breakeven calc --model llama-3.1-405b --ttft 62s --tokens 127188 \
      --link 181Gbit/s
  breakeven calc --model qwen3-32b --prefill 11.9k --link 10GbE --kv-dtype fp8
  breakeven calc --layers 80 --kv-heads 8 --head-dim 128 --prefill 4380 \
      --link ndr --tokens 105k
  breakeven calc --model deepseek-v3 --prefill 5000 --link roce \
      --hit-rate 80% --miss-penalty 4s --json
  breakeven calc --model llama-3.1-405b --tokens 127188 --gpus 8xH100 \
      --link 181Gbit/s --latency 50ms --overlap
  breakeven calc --links
`

func runCalc(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("calc", stderr)
	var r calculator.Request
	str := func(p *string, name, usage string) { fs.StringVar(p, name, "", usage) }
	str(&r.Model, "model", "catalog model `NAME` or alias (see \"breakeven models\")")
	str(&r.Layers, "layers", "custom architecture: `N` layers")
	str(&r.KVHeads, "kv-heads", "custom GQA/MHA: `N` KV heads per layer")
	str(&r.HeadDim, "head-dim", "custom GQA/MHA: `N` numbers per key (and per value) per head")
	str(&r.LatentDim, "latent-dim", "custom MLA: `N` latent numbers per layer (kv_lora_rank)")
	str(&r.RopeDim, "rope-dim", "custom MLA: `N` shared rotary key numbers per layer")
	str(&r.Fixed, "fixed", "custom: a fixed state of `SIZE` per sequence (\"24 MiB\")")
	str(&r.Tokens, "tokens", "prompt length, `N` tokens (default 131,072: 128K)")
	str(&r.Prefill, "prefill", "prefill speed `RATE` (\"2051\", \"11.9k tokens/s\")")
	str(&r.TTFT, "ttft", "uncached time to first token `TIME` of the --tokens prompt (\"62s\")")
	str(&r.Link, "link", "link `SPEED` or preset (\"181Gbit/s\", \"2x100GbE\", \"ndr\")")
	str(&r.KVDtype, "kv-dtype", "KV element `TYPE`: bf16, fp16, fp8, int8, int4, fp32 (default 16-bit)")
	str(&r.Compression, "compression", "KV compression `FACTOR`, at least 1 (\"5\" or \"5x\")")
	str(&r.HitRate, "hit-rate", "`SHARE` of requests whose cache is found (\"0.8\" or \"80%\")")
	str(&r.MissPenalty, "miss-penalty", "extra `TIME` a miss costs with offload (\"4s\"; default 0)")
	str(&r.GPUs, "gpus", "`COUNTxCHIP` for the FLOP model of prefill (\"8xH100\")")
	str(&r.MFU, "mfu", "model FLOP utilisation `SHARE` for --gpus (default: calibrated)")
	str(&r.Latency, "latency", "fixed cost `TIME` of a load (\"50ms\")")
	str(&r.Efficiency, "efficiency", "`SHARE` of line rate a load reaches (\"0.96\")")
	fs.BoolVar(&r.Overlap, "overlap", false, "recompute the first tokens while loading the rest")
	listLinks := fs.Bool("links", false, "list the link presets and exit")
	fs.BoolVar(&r.AllowBeyondContext, "allow-beyond-context", false, "allow --tokens beyond the model's context")
	asJSON := fs.Bool("json", false, "print the answer as JSON (SI units)")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if *listLinks {
		return printLinkPresets(stdout, stderr, *asJSON)
	}
	ans, err := calculator.Compute(r)
	if err != nil {
		fmt.Fprintf(stderr, "breakeven calc: %v\n", err)
		return 2
	}
	if *asJSON {
		return writeJSON(stdout, stderr, "calc", ans.Output)
	}
	printCalc(stdout, ans.Input, ans.Result, ans.Output)
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

func printCalc(w io.Writer, in calculator.Input, res breakeven.Result, out calculator.Output) {
	kv := in.Element.Name + " KV cache"
	if in.Compression != 1 {
		kv += ", compressed " + strconv.FormatFloat(in.Compression, 'g', -1, 64) + "x"
	}
	fmt.Fprintln(w, wrap(fmt.Sprintf("%s: a %v-token prompt, %s", in.Name, in.Tokens, kv), 78, "  "))
	if out.BeyondContextAllowedNote != "" {
		fmt.Fprintln(w, wrap("(note: "+out.BeyondContextAllowedNote+")", 78, "  "))
	}
	fmt.Fprintln(w)
	growth := in.Arch.BytesPerToken()
	per := breakeven.Bytes(res.BytesPerToken)
	if math.Abs(float64(growth-res.BytesPerToken)) <= 1e-9*float64(res.BytesPerToken) {
		line(w, "cache per token", fmt.Sprintf("%v (%s)", per, per.IEC()))
	} else {
		line(w, "cache per token", fmt.Sprintf("%v averaged over the prompt", per))
		line(w, "growth per token", fmt.Sprintf("%v once every window is full", breakeven.Bytes(growth)))
	}
	if f := in.Arch.FixedBytes(); f > 0 {
		line(w, "fixed state", f.String())
	}
	line(w, "cache", fmt.Sprintf("%v (%s)", res.CacheBytes, res.CacheBytes.IEC()))
	prefill := in.Prefill.String()
	switch {
	case in.TTFT > 0:
		prefill += fmt.Sprintf(" (%v tokens in %v)", in.Tokens, in.TTFT)
	case out.PrefillSource == "flop model":
		prefill += fmt.Sprintf(" (FLOP model: %s at MFU %.3g)", out.GPUs, *out.MFU)
	}
	line(w, "prefill", prefill)
	link := fmt.Sprintf("%v (%s)", in.Link.Total(), in.Link.Total().Bits())
	switch {
	case in.Link.Count > 1:
		link += ": " + in.Link.String()
	case in.Link.Name != "":
		link += ", preset " + in.Link.Name
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
	printExtended(w, in, out)
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

// printExtended prints what --gpus, --latency, --efficiency and --overlap
// add.
func printExtended(w io.Writer, in calculator.Input, out calculator.Output) {
	if out.GPUs == "" && out.LoadLatencySeconds == nil && out.LoadEfficiency == nil && out.OverlapSeconds == nil {
		return
	}
	fmt.Fprintln(w)
	if out.LoadLatencySeconds != nil || out.LoadEfficiency != nil {
		lat, eff := 0.0, 1.0
		if out.LoadLatencySeconds != nil {
			lat = *out.LoadLatencySeconds
		}
		if out.LoadEfficiency != nil {
			eff = *out.LoadEfficiency
		}
		line(w, "load model", fmt.Sprintf("%v fixed cost + cache / (%.3g x link); the load, speedup and break-even above include it", breakeven.Seconds(lat), eff))
	}
	if out.GPUs != "" {
		line(w, "fastest prefill", fmt.Sprintf("%v on %s at peak (MFU 1)", breakeven.Seconds(*out.MinRecomputeSeconds), out.GPUs))
		if in.Flop != nil && in.Flop.MFUDefault && out.MFU != nil {
			line(w, "MFU", fmt.Sprintf("%.3g, calibrated on the VAST/CoreWeave 405B test", *out.MFU))
		}
		if out.ImpliedMFU != nil {
			line(w, "implied MFU", fmt.Sprintf("%.3g of %s's peak: %s", *out.ImpliedMFU, out.GPUs, out.PhysicalLimit))
		}
	}
	switch {
	case out.CrossoverTokens != nil && *out.CrossoverTokens <= 1:
		line(w, "crossover", "none: loading wins at every prompt length")
	case out.CrossoverTokens != nil:
		line(w, "crossover", fmt.Sprintf("loading wins from %s tokens; recomputing below", breakeven.Tokens(math.Ceil(*out.CrossoverTokens))))
	case out.CrossoverNote != "":
		line(w, "crossover", out.CrossoverNote)
	}
	if out.OverlapSeconds != nil {
		line(w, "overlap", fmt.Sprintf("%v: recompute the first %s tokens while loading the rest (%s the better single path)",
			breakeven.Seconds(*out.OverlapSeconds), breakeven.Tokens(math.Round(*out.OverlapRecomputeTokens)), ratio(*out.OverlapGain)))
	}
}
