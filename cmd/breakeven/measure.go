package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/measure"
)

func init() {
	register(command{"measure", "measure your server: r(N), cached TTFT, bytes/token, load speed", measureUsage, runMeasure})
}

const measureUsage = `Usage: breakeven measure --base-url URL --model NAME [--config FILE]
                         [--input-lens 512,2048,8192] [--repeats 5]
                         [--link L]... [--timeout 60s] [--drop-caches]
                         [--json | --csv] [--out FILE]

Measures an inference server you run (llama.cpp's llama-server, vLLM,
SGLang, or any OpenAI-compatible completions endpoint): for each prompt
length N, the cold time to first token (prompts that share no prefix),
the cached one (the same prompt again), the server's own timings, and
where the engine can save and restore a slot's KV cache (llama-server with
--slot-save-path), the bytes it writes and its save and restore times.
From them: r(N) fitted as t(N) = t0 + N/r0 + c N^2, the bytes per token
of the saved cache against the formula for the model's config, the
break-even B*(N) = r(N) x b, the crossover length on local storage and,
for each --link, whether loading beats recomputing.

Prompts are sent as token ids, so N is exact. Requests go only to
--base-url, one at a time, each bounded by --timeout. A progress bar goes
to stderr. Ctrl-C stops and writes what was measured (exit 130).
--out FILE writes the result as JSON (schema in "go doc
signalweight.dev/kv/measure"); "breakeven calc --measured FILE"
reads it, and "breakeven measure --from FILE" analyses it again (with
other --link or --config) without measuring.

Examples:
  scripts/engine.sh start smollm2-135m   # prints http://127.0.0.1:18135
  breakeven measure --base-url http://127.0.0.1:18135 --model smollm2-135m \
      --config sources/configs/HuggingFaceTB--SmolLM2-135M.json \
      --input-lens 128,256,512,1024,2048 --repeats 3 --link 10GbE \
      --out measured.json
  breakeven measure --base-url http://127.0.0.1:8000 \
      --model meta-llama/Llama-3.1-8B-Instruct --input-lens 1k,4k,16k --json
`

func runMeasure(args []string, stdout, stderr io.Writer) int {
	return runMeasureCtx(context.Background(), args, stdout, stderr)
}

// linkList collects --link, repeated or comma-separated.
type linkList []string

func (l *linkList) String() string { return strings.Join(*l, ",") }
func (l *linkList) Set(s string) error {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

func runMeasureCtx(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("measure", stderr)
	baseURL := fs.String("base-url", "", "the server's `URL` (\"http://127.0.0.1:8080\")")
	model := fs.String("model", "", "the model `NAME` the server serves (see its /v1/models)")
	config := fs.String("config", "", "the model's config.json `FILE` or checkpoint folder, for bytes/token")
	lensFlag := fs.String("input-lens", "512,2048,8192", "prompt lengths `N,N,...` in tokens")
	repeats := fs.Int("repeats", 5, "samples per length and kind")
	var links linkList
	fs.Var(&links, "link", "a link `SPEED` or preset to judge (repeat or comma-separate)")
	timeout := fs.String("timeout", "60s", "longest `TIME` one request may take")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	asCSV := fs.Bool("csv", false, "print one CSV row per prompt length")
	out := fs.String("out", "", "also write the JSON result to `FILE`")
	drop := fs.Bool("drop-caches", false, "drop the page cache before each restore (root)")
	noSave := fs.Bool("no-save-restore", false, "skip the KV save and restore")
	seed := fs.Uint64("seed", 1, "seed of the random token ids")
	random := fs.Bool("random-weights", false, "say the model's weights are random (the engine script's model)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	note := fs.String("note", "", "a `NOTE` on how the server was run, kept in the provenance (\"-t 1\")")
	from := fs.String("from", "", "analyse a measurement `FILE` (from --out) again, without measuring")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "breakeven measure: %v\n", err)
		return 2
	}
	if *asJSON && *asCSV {
		return fail(&breakeven.FieldError{Message: "--json and --csv are two formats of one output; give one (e.g. --json)"})
	}
	if *from != "" {
		return reanalyse(*from, *config, links, *asJSON, *asCSV, *out, stdout, stderr)
	}
	if *baseURL == "" {
		return fail(&breakeven.FieldError{Message: "--base-url is required: the server to measure (e.g. --base-url http://127.0.0.1:8080)"})
	}
	if *model == "" {
		return fail(&breakeven.FieldError{Message: "--model is required: a model name the server serves, as its /v1/models lists it (e.g. --model smollm2-135m)"})
	}
	lens, err := parseLens(*lensFlag)
	if err != nil {
		return fail(err)
	}
	if *repeats < 1 || *repeats > 1000 {
		return fail(&breakeven.FieldError{Field: "repeats", Value: fmt.Sprint(*repeats), Message: "must be from 1 to 1,000", Example: "--repeats 5"})
	}
	to, err := time.ParseDuration(*timeout)
	if err != nil || to <= 0 || to > 24*time.Hour {
		return fail(&breakeven.FieldError{Field: "timeout", Value: *timeout, Message: "must be a duration from 1ms to 24h", Example: "--timeout 60s"})
	}
	if *drop {
		// Tried once before measuring, so a machine that refuses says so now.
		if err := measure.DropPageCache(); err != nil {
			return fail(&breakeven.FieldError{Field: "drop-caches", Message: fmt.Sprintf("--drop-caches cannot drop the page cache (%v); it needs root and a writable /proc/sys/vm/drop_caches: leave out --drop-caches", err)})
		}
	}
	formula, err := measure.ResolveFormula(*model, *config)
	if err != nil {
		return fail(err)
	}
	// Links are checked before any request is sent.
	if _, err := measure.ParseLinks(links); err != nil {
		return fail(err)
	}
	c, err := measure.NewClient(*baseURL, *model, to)
	if err != nil {
		return fail(err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := c.Detect(ctx); err != nil {
		if errors.Is(err, measure.ErrInterrupted) {
			return 130
		}
		return fail(err)
	}
	opts := measure.Options{InputLens: lens, Repeats: *repeats, Seed: *seed, NoSaveRestore: *noSave}
	if !*quiet {
		opts.Progress = progressTo(stderr)
	}
	if *drop {
		opts.DropCaches = measure.DropPageCache
	}
	raw, runErr := measure.Run(ctx, c, opts)
	if runErr != nil && !measuredAny(raw) {
		// Stopped before anything was measured: nothing to write.
		if errors.Is(runErr, measure.ErrInterrupted) {
			fmt.Fprintln(stderr, "breakeven measure: interrupted before any length was measured")
			return 130
		}
		var ue *measure.UserError
		if errors.As(runErr, &ue) {
			return fail(runErr)
		}
		fmt.Fprintf(stderr, "breakeven measure: %v\n", runErr)
		return 1
	}
	prov := measure.Provenance{Engine: c.Info.Engine, EngineVersion: c.Info.EngineVersion, BaseURL: c.BaseURL,
		ServedModel: c.Model, ModelPath: c.Info.ModelPath, ContextTokens: c.Info.ContextTokens,
		Machine: measure.ThisMachine(), Date: raw.Started.Format(time.RFC3339), Tool: "breakeven measure", Note: *note}
	if *random || strings.Contains(strings.ToLower(c.Info.ModelPath), "random") {
		prov.RandomWeights = true
		prov.WeightsNote = "random weights in the shape of the real model (the project's engine script): times and sizes are the real shape's, the text is meaningless"
	}
	set := measure.Settings{InputLens: lens, Repeats: *repeats, Seed: *seed, TimeoutSeconds: to.Seconds(), DropCaches: *drop}
	res, err := measure.Analyze(raw, formula, links, set, prov)
	if err != nil {
		return fail(err)
	}
	if code := writeResult(res, *asJSON, *asCSV, *out, stdout, stderr); code != 0 {
		return code
	}
	switch {
	case errors.Is(runErr, measure.ErrInterrupted):
		fmt.Fprintln(stderr, "breakeven measure: interrupted; what was measured is above"+outNote(*out))
		return 130
	case runErr != nil:
		fmt.Fprintf(stderr, "breakeven measure: %v (what was measured before is above%s)\n", runErr, outNote(*out))
		return 1
	}
	return 0
}

// writeResult prints a result in the format asked for and writes --out.
func writeResult(res measure.Result, asJSON, asCSV bool, out string, stdout, stderr io.Writer) int {
	var buf bytes.Buffer
	var err error
	switch {
	case asJSON:
		err = res.WriteJSON(&buf)
	case asCSV:
		err = res.WriteCSV(&buf)
	default:
		buf.WriteString(res.Text())
	}
	if err == nil && out != "" {
		var jb bytes.Buffer
		if err = res.WriteJSON(&jb); err == nil {
			err = os.WriteFile(out, jb.Bytes(), 0o644)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "breakeven measure: %v\n", err)
		return 1
	}
	stdout.Write(buf.Bytes())
	return 0
}

// reanalyse is measure --from FILE: the samples of an earlier measurement
// analysed again, for the links given (else the file's) and the config
// given (else the file's).
func reanalyse(path, config string, links []string, asJSON, asCSV bool, out string, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "breakeven measure: %v\n", err)
		return 2
	}
	old, err := measure.ReadResult(path)
	if err != nil {
		return fail(&breakeven.FieldError{Field: "from", Value: path, Message: strings.TrimPrefix(err.Error(), "measurement "+breakeven.Quote(path)+": "), Example: "--from data/measured-smollm2-135m.json"})
	}
	f := old.Formula()
	if config != "" {
		if f, err = measure.ResolveFormula("", config); err != nil {
			return fail(err)
		}
	}
	if len(links) == 0 {
		links = old.LinkNames()
	}
	res, err := measure.Analyze(old.Raw(), f, links, old.Settings, old.Provenance)
	if err != nil {
		return fail(err)
	}
	return writeResult(res, asJSON, asCSV, out, stdout, stderr)
}

func measuredAny(raw measure.Raw) bool {
	for _, p := range raw.Points {
		if len(p.Cold) > 0 {
			return true
		}
	}
	return false
}

func outNote(out string) string {
	if out == "" {
		return ""
	}
	return " and in " + out
}

// parseLens reads --input-lens: token counts as calc reads --tokens
// ("2k", "8Ki"), comma-separated, whole, distinct.
func parseLens(s string) ([]int, error) {
	bad := func(v, msg string) error {
		return &breakeven.FieldError{Field: "input-lens", Value: v, Message: msg, Example: "--input-lens 512,2048,8192"}
	}
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, bad(s, "has an empty length")
		}
		n, err := breakeven.ParseTokens(part)
		if err != nil {
			return nil, breakeven.FieldFromParse("input-lens", part, err, "--input-lens 512,2048,8192")
		}
		if float64(n) != float64(int(n)) || n < 2 || n > 10_000_000 {
			return nil, bad(part, "must be a whole number of tokens from 2 to 10,000,000")
		}
		if seen[int(n)] {
			return nil, bad(part, "is given twice")
		}
		seen[int(n)] = true
		out = append(out, int(n))
	}
	if len(out) > 64 {
		return nil, bad(s, "lists more than 64 lengths")
	}
	return out, nil
}
