package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/measure"
	"signalweight.dev/kv/sources"
)

func init() {
	register(command{"calc", "does loading a prompt's KV cache beat recomputing it? (B* = r x b)", calcUsage, runCalc})
}

const calcUsage = `Usage: breakeven calc (--model NAME | --config FILE
                       | --layers N --kv-heads N --head-dim N)
                      [--prefill RATE | --ttft TIME --tokens N | --gpus NxCHIP]
                      --link SPEED
       breakeven calc --links

Works out whether loading a prompt's KV cache over a link beats
recomputing it: the cache, the recompute and load times, the break-even
bandwidth B* = r x b (prefill speed times cache per token) and the speedup,
which is the link's speed over B*.

Model: a catalog model by name or alias, in any case ("breakeven models"
lists them); a Hugging Face config.json, --config FILE (sources/configs
keeps the catalog's), read for its layers, heads, windows, MLA or linear
state and parameters, or a checkpoint's folder, --config DIR, whose
hf_quant_config.json (NVIDIA ModelOpt's) gives its weights' and cache's
types; or an architecture of your own:
  --layers --kv-heads --head-dim   layers that keep every token (GQA, MHA)
  --layers --latent-dim --rope-dim MLA layers (DeepSeek-V3: 61, 512, 64)
  --fixed SIZE                     a fixed state per sequence ("24 MiB")
  with --gpus, the FLOP model needs --params (active, "70.6B") and
  --query-heads, and for MLA --qk-dim and --v-dim
Prefill: --prefill in tokens/s, or --ttft, the uncached time to first
token of the --tokens prompt (the speed is tokens / ttft). A speed belongs
to the model it was measured on: with none of --prefill, --ttft and --gpus,
a catalog model takes its own published run (the post's test of it, else
its published single-request time nearest the prompt), and a model with
none is refused, asking for one. The "prefill from" line and the JSON's
prefill_provenance say where the speed came from: published (the source
and locator), estimated (the FLOP model, with its interval), yours, or
measured (--measured FILE, a result of "breakeven measure --out FILE":
its fitted r(N) at --tokens, by default its longest prompt, and, unless
--model or --config is given, the model it measured; its cached TTFT
there, which a loaded request still pays, makes the "a hit" row, as the
fitted model's one-token request does for an estimate; where the load
alone wins and a hit does not, the winner line says both).
Link: a speed ("10GbE", "2x100Gbit/s", "22.6 GB/s") or a preset, with an
optional count ("2xndr"); "breakeven calc --links" lists the presets.
With --hit-rate and --miss-penalty it adds the mean time to first token
and the hit rate above which offloading pays, with the load as priced
(--latency and --efficiency included) and, where the cached TTFT is
known, again with each hit paying it.
Beyond the post: --gpus COUNTxCHIP (with --mfu) prefills by the FLOP model
when no --prefill or --ttft is given, and otherwise reports the MFU a
measured time implies; --precision picks the chip's dense peak (bf16 by
default; fp8, fp4 or nvfp4, or fp8+bf16 for FP8 matrix products with BF16
attention) and --weights the storage of the weights when it differs
(int4 for AWQ; without it, the checkpoint's where its config.json gives a
narrower one, as DeepSeek-V3's FP8 or gpt-oss's MXFP4 experts, else the
precision's). With --gpus a model's weights (for a custom architecture
--params, taken as all of them), cache and a 10%
activation allowance must fit in the GPUs' memory: a FLOP-model prefill
that does not fit is refused with the numbers. Without --mfu the
estimate is the prefill model fitted on published runs, whose
per-request cost differs most from one setup to another and sets most of
a short prompt's time: --request-cost TIME puts your setup's in its
place (breakeven measure fits it on your server: its fixed_seconds).
--latency and --efficiency
add a load's fixed cost and share of line rate, and the crossover length;
--overlap reports recomputing the first tokens while loading the rest.

Examples:
  breakeven calc --model llama-3.1-405b --ttft 62s --tokens 127188 \
      --link 181Gbit/s
  breakeven calc --model qwen3-32b --link 10GbE
  breakeven calc --model qwen3-32b --prefill 11.9k --link 10GbE --kv-dtype fp8
  breakeven calc --config config.json --ttft 465ms --tokens 131072 \
      --link 4x200GbE
  breakeven calc --layers 80 --kv-heads 8 --head-dim 128 --prefill 4380 \
      --link ndr --tokens 105k
  breakeven calc --model deepseek-v3 --prefill 5000 --link roce \
      --hit-rate 80% --miss-penalty 4s --json
  breakeven calc --model llama-3.1-405b --tokens 127188 --gpus 8xH100 \
      --weights int4 --link 181Gbit/s --latency 50ms --overlap
  breakeven calc --model deepseek-v3 --tokens 32000 --gpus 32xH20 \
      --precision fp8 --link 2x100GbE
  breakeven calc --measured data/measured-smollm2-135m.json --link 10GbE
  breakeven calc --links
`

func runCalc(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("calc", stderr)
	var r calculator.Request
	str := func(p *string, name, usage string) { fs.StringVar(p, name, "", usage) }
	str(&r.Model, "model", "catalog model `NAME` or alias (see \"breakeven models\")")
	str(&r.Config, "config", "a model's config.json `FILE` or checkpoint folder, instead of --model")
	str(&r.ConfigText, "config-text", "the `JSON` of a config.json itself, instead of --model")
	str(&r.Layers, "layers", "custom architecture: `N` layers")
	str(&r.KVHeads, "kv-heads", "custom GQA/MHA: `N` KV heads per layer")
	str(&r.HeadDim, "head-dim", "custom GQA/MHA: `N` numbers per key (and per value) per head")
	str(&r.LatentDim, "latent-dim", "custom MLA: `N` latent numbers per layer (kv_lora_rank)")
	str(&r.RopeDim, "rope-dim", "custom MLA: `N` shared rotary key numbers per layer")
	str(&r.Fixed, "fixed", "custom: a fixed state of `SIZE` per sequence (\"24 MiB\")")
	str(&r.Params, "params", "custom, with --gpus: `N` active parameters (\"70.6B\")")
	str(&r.QueryHeads, "query-heads", "custom, with --gpus: `N` query heads per layer")
	str(&r.QKDim, "qk-dim", "custom MLA, with --gpus: `N` query-key dims per head (128 + 64)")
	str(&r.VDim, "v-dim", "custom MLA, with --gpus: `N` value dims per head")
	str(&r.Tokens, "tokens", "prompt length, `N` tokens (default 131,072: 128Ki)")
	str(&r.Prefill, "prefill", "prefill speed `RATE` (\"2051\", \"11.9k tokens/s\")")
	str(&r.TTFT, "ttft", "uncached time to first token `TIME` of the --tokens prompt (\"62s\")")
	str(&r.Link, "link", "link `SPEED` or preset (\"181Gbit/s\", \"2x100GbE\", \"ndr\")")
	str(&r.KVDtype, "kv-dtype", "KV element `TYPE`: bf16, fp16, fp8, int8, int4, fp32 (default 16-bit)")
	str(&r.Compression, "compression", "KV compression `FACTOR`, at least 1 (\"5\" or \"5x\")")
	str(&r.HitRate, "hit-rate", "`SHARE` of requests whose cache is found (\"0.8\" or \"80%\")")
	str(&r.MissPenalty, "miss-penalty", "extra `TIME` a miss costs with offload (\"4s\"; default 0)")
	str(&r.GPUs, "gpus", "`COUNTxCHIP` for the FLOP model of prefill (\"8xH100\")")
	str(&r.MFU, "mfu", "model FLOP utilisation `SHARE` for --gpus (default: calibrated)")
	str(&r.Precision, "precision", "compute `PRECISION` for --gpus: bf16 (default), fp8, fp4, fp8+bf16")
	str(&r.Weights, "weights", "weight storage `TYPE` for --gpus' memory (default: --precision)")
	str(&r.Parallel, "parallel", "one request's split: `DEGREES` (tp8ep8; the rest of --gpus replicas)")
	str(&r.Engine, "engine", "serving `ENGINE`: vllm, sglang, trtllm, tgi or another (default: none)")
	str(&r.RequestCost, "request-cost", "your setup's fixed `TIME` per request for --gpus' estimate (\"40ms\")")
	str(&r.Latency, "latency", "fixed cost `TIME` of a load (\"50ms\")")
	str(&r.Efficiency, "efficiency", "`SHARE` of line rate a load reaches (\"0.96\")")
	fs.BoolVar(&r.Overlap, "overlap", false, "recompute the first tokens while loading the rest")
	listLinks := fs.Bool("links", false, "list the link presets and exit")
	fs.BoolVar(&r.AllowBeyondContext, "allow-beyond-context", false, "no longer needed; warns (a prompt past the context is noted)")
	asJSON := fs.Bool("json", false, "print the answer as JSON (SI units)")
	measured := fs.String("measured", "", "a `FILE` written by breakeven measure --out: its r(N) and model")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	warnAllowBeyondContext(stderr, "calc", setFlags(fs))
	if *measured != "" {
		var err error
		if r, err = measure.ApplyMeasured(r, *measured); err != nil {
			fmt.Fprintf(stderr, "breakeven calc: %v\n", err)
			return 2
		}
	}
	if *listLinks {
		// --links lists the presets; any flag but --json asks a question
		// it does not answer.
		for name := range setFlags(fs) {
			if name != "links" && name != "json" {
				fmt.Fprintf(stderr, "breakeven calc: --links lists the link presets and takes no --%s (e.g. breakeven calc --links, or --links --json)\n", name)
				return 2
			}
		}
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
	fmt.Fprint(stdout, calculator.Render(ans).Text())
	return 0
}

// warnAllowBeyondContext writes one line on stderr if
// --allow-beyond-context was given: it is accepted for old scripts and
// changes nothing, since a prompt beyond the model's context is computed
// like any other, with a note (one rule for calc and check). The line
// fits 80 columns.
func warnAllowBeyondContext(stderr io.Writer, cmd string, set map[string]bool) {
	if set["allow-beyond-context"] {
		fmt.Fprintf(stderr, "breakeven %s: --allow-beyond-context is no longer needed: it changes nothing\n", cmd)
	}
}

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
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
	fmt.Fprintf(stdout, "%s%s%s\n", textfmt.Pad("name", 16), textfmt.Pad("speed", 25), "what")
	for _, p := range sources.LinkPresets {
		speed := fmt.Sprintf("%v (%s)", p.Total(), p.Total().Bits())
		fmt.Fprintf(stdout, "%s%s%s\n", textfmt.Pad(p.Name, 16), textfmt.Pad(speed, 25), textfmt.Trim(p.Note, 80-41))
	}
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, textfmt.Wrap("Standard rates are nominal, by the standard's name; PCIe is raw, one way, before 128b/130b coding; measured ones are what llm-d's transports delivered on a 100 Gbit/s NIC. Citations: breakeven calc --links --json", textfmt.ProseWidth, ""))
	return 0
}
