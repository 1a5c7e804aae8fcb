package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/textfmt"
	"signalweight.dev/kv/cmd/breakeven/internal/claimsfile"
	"signalweight.dev/kv/sources"
)

func init() {
	register(command{"check", "check a vendor's claim of a KV-cache load: time, size, throughput", checkUsage, runCheck})
}

var checkUsage = `Usage: breakeven check --model NAME --tokens N --seconds TIME [--links LINKS]
                       [--host HOST] [--size SIZE] [--uncached TIME] ...
       breakeven check --claims FILE [--json | --csv | --report md|html]
                       [--fail-on VERDICT] [--only-mine]
       breakeven check --hosts

Checks a published claim about loading a prompt's KV cache: the cache it
moves, the bandwidth that needs, whether the stated links carry it and
whether the host can take it in at all. A claim states one or more forms:

  --seconds TIME      (a) the cached time; --seconds-are ttft (the default:
                      a time to first token, which includes more than the
                      load, so the need it gives is a floor) or load
  --size SIZE         (b) the cache's size only, checked against the
                      computed one, flagging GiB written as GB and "K"
                      tokens meant as 1,024
  --throughput SPEED  (c) a bandwidth delivered, in total or --per-node
  --uncached TIME     (d) the time to first token without the cache, with
  --speedup RATIO         --seconds or a speedup: the ratio is checked
                      against the two times; the uncached time gives the
                      prefill speed r and the break-even B* = r x b, and
                      with --gpus (at --precision, as for calc) the MFU
                      it implies
  --hit SHARE         (e) the share of the prompt loaded from the cache,
                      the rest being prefilled over the whole context
                      (f) a load slower than recomputing is flagged, from
                      --uncached or, with --gpus, from the FLOP model at
                      the low end of the MFU range

Token counts: k and K are 1,000, Ki is 1,024 ("128K" is 128,000 and
"128Ki" 131,072); a count with either suffix says which it read and what
the other would need.

Verdicts: a function of the need, the links stated (L, their total) and
the host's ceiling (C) only:

` + factcheck.RuleTableText() + `
  plausible              the stated links carry it (within the host's C)
  no-bound-stated        no link and no host stated: nothing bounds it
  needs-more-links       the stated links fall short; more of them would do
  implausible-as-stated  it needs more than the host takes in, whatever
                         its links
A size-only claim is size-matches, size-misread or size-differs.

Hosts (--host, or a host column): a machine's ceiling is its ports at line
rate, each cited; "breakeven check --hosts" lists them. With no host, no
ceiling is assumed. --ceiling sets one for every claim instead.

Load paths (--path, or a path column): the ceiling is the host's on the
path the cache took into GPU memory: network (its NICs), pcie-h2d (CPU
memory to each GPU over PCIe x16), nvlink (GPU to GPU, the chip's NVLink
one way), c2c (NVLink-C2C, GH200) or local-nvme. With no --path, a PCIe,
NVLink or C2C link preset implies its path, and a link faster than every
NIC of the host is read as the slowest GPU path that carries it; else the
network is assumed. The output says which path and why.

Tensor parallelism (--tp N, or a tp column): the size, throughput and
links stated are one GPU's of N; the cache is split by KV heads (an MLA
latent is whole on every GPU) and the ceiling is one GPU's share.

Links: "1x400Gbit/s", "2x100GbE", "22.6 GB/s" or a preset from
"breakeven calc --links" (nvlink, c2c, pcie5x16, pcie4x16 among them);
the count matters for how many it takes. A throughput stated beside a time
is checked against it, flagging GiB/s written as GB/s.

A claims file is CSV with a header naming model,tokens,seconds,links,source
in any order (a row may leave empty what its form does not need); more
columns are read by name: seconds_are, size, throughput, per_node (yes or
no), uncached, speedup, hit, host, path, tp, gpus, kv_dtype, id, locator,
quote, note.
Any other column is kept and echoed by --json, --csv and --report. Lines
starting with # are comments. A bad row is reported on stderr with its
line, and every other row is still checked. --claims - reads standard input.
The table lists the user's own rows first, then the registry's (the rows go
generate writes into data/claims.csv), and counts the verdicts in words.

--report md or html writes a report that reads as an answer: the counts
and a summary table first (claim, verdict in words, need, links,
utilisation), then per claim its answer in one sentence, its quote, its
sources (linked), the assumptions made, the arithmetic in one line, r and
B* where an uncached time gives them, the links' utilisation, the verdict
and the command that reproduces it. The HTML is one styled page with no
external asset, which prints well. The user's own rows come before the
registry's (the rows go generate writes into data/claims.csv, known by
their ids); --only-mine leaves the registry's out, in every output.

Exit status: 0 when every claim was checked; 1 with --fail-on when a
verdict is that bad or worse; 2 for a bad flag, claim, file or row.

Examples:
  breakeven check --model llama-3.1-70b --tokens 105000 --seconds 0.58 \
      --links 1x400Gbit/s --host dgx-h100
  breakeven check --model llama-3.3-70b --tokens 131072 --seconds 465ms \
      --uncached 70.8s --speedup 152x --links 4xPCIe4x16 --host 4xl40s
  breakeven check --model llama-3.1-70b --tokens 128K --size "40 GB"
  breakeven check --throughput "40 GiB/s" --per-node --host dgx-h100
  breakeven check --model llama-3.1-8b --tokens 7500 --seconds 1ms \
      --seconds-are load --links "8x450 GB/s" --host dgx-h100
  breakeven check --model llama-3.1-70b --tokens 16 --size "1.25 MB" --tp 4
  breakeven check --claims data/claims.csv --report md
  breakeven check --claims data/claims.csv --csv --fail-on implausible
`

// checkJSON is check --json: factcheck's JSON form of a result.
type checkJSON = factcheck.JSONResult

func toCheckJSON(r factcheck.Result) checkJSON { return r.JSON() }

// checkCSVHeader is the header of check --csv; the columns of a claims
// file that the checker does not read follow it, by their names.
var checkCSVHeader = []string{"line", "model", "tokens", "kv_dtype", "bytes_per_token", "cache_bytes", "claimed_seconds",
	"required_bytes_per_second", "links", "link_bytes_per_second", "links_needed", "shrink_needed", "fits_with",
	"verdict", "explanation", "source", "note",
	"id", "seconds_are", "need_is_floor", "hit", "uncached_seconds", "speedup", "throughput_bytes_per_second", "per_node",
	"size_bytes", "host", "ceiling_bytes_per_second", "mfu", "findings", "command", "name_note"}

func csvRecord(j checkJSON, rec []string, extra []factcheck.Field) []string {
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	ptr := func(x *float64) string {
		if x == nil {
			return ""
		}
		return num(*x)
	}
	line, link, need := "", "", ""
	if j.Line > 0 {
		line = strconv.Itoa(j.Line)
	}
	if j.LinkBytesPerSecond != nil {
		link, need = num(*j.LinkBytesPerSecond), strconv.Itoa(*j.LinksNeeded)
	}
	rec = append(rec[:0], line, j.Model, num(j.Tokens), j.KVDtype, num(j.BytesPerToken), num(j.CacheBytes),
		num(j.ClaimedSeconds), num(j.RequiredBytesPerSecond), j.Links, link, need, num(j.ShrinkNeeded), j.FitsWith,
		j.Verdict, j.Explanation, j.Source, j.Note,
		j.ID, j.SecondsAre, strconv.FormatBool(j.NeedIsFloor), num(j.Hit), ptr(j.UncachedSeconds), ptr(j.Speedup), ptr(j.Throughput),
		strconv.FormatBool(j.PerNode), ptr(j.SizeBytes), j.Host, ptr(j.CeilingBytesPerSecond), ptr(j.MFU), strings.Join(j.Findings, " | "), j.Command, j.NameNote)
	for _, f := range extra {
		rec = append(rec, f.Value)
	}
	return rec
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", stderr)
	model := fs.String("model", "", "catalog model `NAME` or alias (see \"breakeven models\")")
	config := fs.String("config", "", "a model's config.json `FILE` or checkpoint folder, instead of --model")
	tokens := fs.String("tokens", "", "prompt length, `N` tokens (\"105k\" = 105,000, \"128Ki\" = 131,072)")
	seconds := fs.String("seconds", "", "(a) the cached `TIME`, a TTFT or a load (\"0.58\", \"580ms\")")
	secondsAre := fs.String("seconds-are", "", "what --seconds measures: `ttft` (the default) or load")
	size := fs.String("size", "", "(b) the cache's stated `SIZE` (\"40 GB\")")
	throughput := fs.String("throughput", "", "(c) a stated throughput `SPEED` (\"40 GiB/s\"), total unless --per-node")
	perNode := fs.Bool("per-node", false, "(c) --throughput is per node")
	uncached := fs.String("uncached", "", "(d) the time to first token without the cache, `TIME`")
	speedup := fs.String("speedup", "", "(d) a stated speedup, `RATIO` (\"152x\")")
	hit := fs.String("hit", "", "(e) the `SHARE` of the prompt loaded from the cache (\"90%\")")
	links := fs.String("links", "", "stated `LINKS` (\"1x400Gbit/s\", \"2x100GbE\", \"ndr\")")
	host := fs.String("host", "", "the `HOST` loaded into (--hosts lists them); with --claims, a default")
	path := fs.String("path", "", "load `PATH`: network, pcie-h2d, nvlink, c2c or local-nvme")
	tp := fs.String("tp", "", "tensor parallelism: size, throughput, links are one GPU's of `N`")
	gpus := fs.String("gpus", "", "the `GPUS` that prefill (\"8xH100\"), for the MFU and the recompute time")
	precision := fs.String("precision", "", "compute `PRECISION` of --gpus, as for calc (bf16, fp8, fp8+bf16)")
	kvDtype := fs.String("kv-dtype", "", "KV element `TYPE`: bf16, fp16, fp8, int8, int4, fp32 (default 16-bit)")
	ceiling := fs.String("ceiling", "", "`SPEED` one host takes in at most, for every claim (not a host's)")
	claims := fs.String("claims", "", "check every claim in the CSV `FILE` (- for stdin)")
	asJSON := fs.Bool("json", false, "print JSON")
	asCSV := fs.Bool("csv", false, "print CSV")
	report := fs.String("report", "", "write a report, `FORMAT` md or html")
	listHosts := fs.Bool("hosts", false, "list the host catalog: each host's ceiling and its sources")
	failOn := fs.String("fail-on", "", "exit 1 on `VERDICT` or worse: needs-more-links, implausible, ...")
	allow := fs.Bool("allow-beyond-context", false, "no longer needed; warns (a prompt past the context is noted)")
	onlyMine := fs.Bool("only-mine", false, "with --claims, leave out the registry's claims")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	set := setFlags(fs)
	warnAllowBeyondContext(stderr, "check", set)
	bad := func(err error) int {
		fmt.Fprintf(stderr, "breakeven check: %v\n", err)
		return 2
	}
	if *listHosts {
		if len(set) > 1 {
			return bad(errors.New("--hosts lists the host catalog and takes no other flag (e.g. breakeven check --hosts)"))
		}
		printHosts(stdout)
		return 0
	}
	opt := factcheck.Options{AllowBeyondContext: *allow}
	if set["kv-dtype"] {
		t, err := breakeven.ParseElementType(*kvDtype)
		if err != nil {
			return bad(breakeven.FieldFromParse("kv-dtype", *kvDtype, err, "--kv-dtype fp8"))
		}
		opt.Element = t
	}
	if set["ceiling"] && set["host"] {
		return bad(errors.New("--ceiling and --host are alternatives: a host brings its own ceiling (e.g. --host dgx-h100)"))
	}
	if set["ceiling"] {
		bw, err := breakeven.ParseBandwidth(*ceiling)
		if err != nil {
			return bad(breakeven.FieldFromParse("ceiling", *ceiling, err, `--ceiling "800 GB/s"`))
		}
		opt.Ceiling = bw
	}
	if set["host"] {
		if _, ok := sources.FindHost(*host); !ok {
			return bad(breakeven.Bad("host", *host, "unknown host (known: "+strings.Join(sources.HostIDs(), ", ")+")", "--host dgx-h100"))
		}
		opt.Host = *host
	}
	var fail factcheck.Verdict
	if f := strings.ToLower(strings.TrimSpace(*failOn)); f != "" {
		v, ok := factcheck.ParseVerdict(f)
		if !ok || v == factcheck.Plausible || v == factcheck.SizeMatches {
			return bad(breakeven.Bad("fail-on", *failOn, "not a verdict to fail on (no-bound-stated, size-misread, needs-more-links, implausible, size-differs)", "--fail-on implausible"))
		}
		fail = v
	}
	formats := 0
	for _, f := range []string{"json", "csv", "report"} {
		if set[f] {
			formats++
		}
	}
	if formats > 1 {
		return bad(errors.New("--json, --csv and --report are alternatives; give one (e.g. --claims data/claims.csv --csv)"))
	}
	if set["report"] && *report != "md" && *report != "html" {
		return bad(breakeven.Bad("report", *report, "not a report format (md, html)", "--report md"))
	}
	if set["config"] && set["model"] {
		return bad(errors.New("--config and --model are alternatives: a config names its own model (e.g. --config sources/configs/meta-llama--Meta-Llama-3.1-70B.json)"))
	}
	if set["claims"] {
		// A claims file's config column is a path relative to the file.
		base := filepath.Dir(*claims)
		opt.LoadConfig = func(path string) (sources.Model, error) {
			if !filepath.IsAbs(path) && *claims != "-" {
				path = filepath.Join(base, path)
			}
			return factcheck.LoadConfig(path)
		}
	}
	checker := factcheck.NewChecker(opt)
	format := ""
	switch {
	case *asJSON:
		format = "json"
	case *asCSV:
		format = "csv"
	case set["report"]:
		format = *report
	}

	claimFlags := []string{"model", "config", "tokens", "seconds", "seconds-are", "size", "throughput", "per-node", "uncached", "speedup", "hit", "links", "path", "tp", "gpus", "precision"}
	if set["claims"] {
		for _, f := range claimFlags {
			if set[f] {
				return bad(fmt.Errorf("--claims checks a file; --%s is for one claim (give one or the other, e.g. --claims data/claims.csv)", f))
			}
		}
		note := "none assumed for rows that name no host (--host or a host column sets one)"
		switch {
		case set["ceiling"]:
			note = opt.Ceiling.String() + " per host, for every row (--ceiling)"
		case set["host"]:
			h, _ := sources.FindHost(*host)
			note = fmt.Sprintf("%s, %v, for rows that name no host (--host)", h.Name, h.Ceiling())
		}
		return checkFile(*claims, checker, note, fail, format, *onlyMine, stdout, stderr)
	}
	if set["only-mine"] {
		return bad(errors.New("--only-mine leaves the registry's rows out of a claims file; give --claims with it (e.g. --claims data/claims.csv --only-mine)"))
	}

	if !set["seconds"] && !set["size"] && !set["throughput"] && !set["uncached"] {
		return bad(errors.New("no --seconds, --size, --throughput or --uncached: a claim states one (e.g. --model llama-3.1-70b --tokens 105000 --seconds 0.58), or give --claims FILE"))
	}
	if set["per-node"] && !set["throughput"] {
		return bad(errors.New("--per-node says how a --throughput is stated; give one (e.g. --throughput \"40 GiB/s\" --per-node)"))
	}
	// A payload ("--size 4GB --seconds 362ms", no --tokens) needs no model.
	payload := set["size"] && set["seconds"] && !set["tokens"] && !set["hit"]
	needsModel := (set["seconds"] || set["size"] || set["uncached"]) && !payload
	for _, f := range []string{"model", "tokens"} {
		if f == "model" && set["config"] {
			continue
		}
		if needsModel && !set[f] {
			return bad(fmt.Errorf("no --%s: a timed or sized claim needs --model and --tokens (e.g. --model llama-3.1-70b --tokens 105000 --seconds 0.58)", f))
		}
	}
	res, err := checker.Check(factcheck.Claim{Model: *model, Config: *config, Tokens: *tokens, Seconds: *seconds, SecondsAre: *secondsAre, Size: *size,
		Throughput: *throughput, PerNode: *perNode, Uncached: *uncached, Speedup: *speedup, Hit: *hit, Links: *links, Path: *path, TP: *tp, GPUs: *gpus, Precision: *precision, KVDtype: *kvDtype})
	if err != nil {
		return bad(err)
	}
	switch format {
	case "json":
		if code := writeJSON(stdout, stderr, "check", toCheckJSON(res)); code != 0 {
			return code
		}
	case "csv":
		w := textfmt.NewCSVWriter(stdout)
		w.Write(checkCSVHeader)
		w.Write(csvRecord(toCheckJSON(res), nil, nil))
		w.Flush()
	case "md", "html":
		rep, _ := factcheck.NewReport(stdout, format, "Claim checked")
		rep.Claim(res)
		if err := rep.End(); err != nil {
			return bad(err)
		}
	default:
		fmt.Fprint(stdout, factcheck.Render(res).Text())
	}
	if fail != "" && res.Verdict.AtLeast(fail) {
		return 1
	}
	return 0
}

// printHosts lists the host catalog: each host's ceiling, its
// arithmetic, its sources and its note.
func printHosts(w io.Writer) {
	for _, h := range sources.Hosts() {
		var ids []string
		seen := map[sources.SourceID]bool{}
		for _, p := range h.Ports {
			for _, id := range []sources.SourceID{p.Count.Source, p.Each.Source} {
				if !seen[id] {
					seen[id] = true
					ids = append(ids, string(id))
				}
			}
		}
		for _, p := range h.PathCeilings() {
			if id := p.Cite.Source; !seen[id] {
				seen[id] = true
				ids = append(ids, string(id))
			}
		}
		if len(h.Ports) == 0 {
			fmt.Fprintf(w, "%s: %s, no network ceiling (no port cited)\n", h.ID, h.Name)
		} else {
			fmt.Fprintf(w, "%s: %s, %v (%s)\n", h.ID, h.Name, h.Ceiling(), h.Ceiling().Bits())
			fmt.Fprintln(w, "  "+textfmt.Wrap("= "+h.Breakdown(), 76, "    "))
		}
		for _, p := range h.PathCeilings() {
			if p.Path.ID != sources.PathNetwork {
				fmt.Fprintln(w, "  "+textfmt.Wrap(fmt.Sprintf("--path %s: %v = %s (%s)", p.Path.ID, p.Total, p.Breakdown, p.Cite.Source), 76, "    "))
			}
		}
		fmt.Fprintln(w, "  "+textfmt.Wrap("sources: "+strings.Join(ids, ", ")+". "+h.Note+".", 76, "    "))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, textfmt.Wrap("A ceiling counts every port at line rate, with no overhead deducted: an upper bound on what the host takes in. Each count and rate is cited in sources/hosts.go.", textfmt.ProseWidth, ""))
}

// checkFile checks every claim of a CSV file and prints them as they
// come, so memory stays flat however long the file.
func checkFile(path string, checker *factcheck.Checker, ceiling string, fail factcheck.Verdict, format string, onlyMine bool, stdout, stderr io.Writer) int {
	var in io.Reader = os.Stdin
	name := "stdin"
	if path != "-" {
		f, err := os.Open(path)
		var info os.FileInfo
		if err == nil {
			info, err = f.Stat()
		}
		if err != nil || info.IsDir() {
			reason := "cannot open it"
			switch {
			case errors.Is(err, os.ErrNotExist):
				reason = "no such file"
			case err == nil:
				reason = "a directory, not a file"
				f.Close()
			}
			fmt.Fprintf(stderr, "breakeven check: --claims %q: %s (e.g. --claims data/claims.csv)\n", path, reason)
			return 2
		}
		defer f.Close()
		in, name = f, path
	}
	// The header is read before anything is printed: a file that cannot
	// be read prints nothing on stdout.
	rd, err := factcheck.NewReader(in)
	var he *factcheck.HeaderError
	if errors.As(err, &he) {
		fmt.Fprintf(stderr, "breakeven check: %s:%v\n", name, strings.TrimPrefix(he.Error(), "line "))
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "breakeven check: %s: %v\n", name, err)
		return 2
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	counts := map[factcheck.Verdict]int{}
	nbad, worst := 0, factcheck.Verdict("")
	var p claimPrinter
	switch format {
	case "json":
		p = &jsonPrinter{w: out}
	case "csv":
		p = &csvPrinter{w: textfmt.NewCSVWriter(out), extra: rd.ExtraColumns()}
	case "md", "html":
		rep, err := factcheck.NewReport(out, format, "Claims checked: "+name)
		if err != nil {
			fmt.Fprintf(stderr, "breakeven check: %v\n", err)
			return 2
		}
		rep.Mine = mine
		p = &reportPrinter{rep: rep}
	default:
		p = &tablePrinter{w: out, ceiling: ceiling}
	}
	p.begin()
	err = factcheck.CheckRows(rd, checker,
		func(r factcheck.Result) error {
			if onlyMine && !mine(r.Claim) {
				return nil
			}
			counts[r.Verdict]++
			if worst == "" || r.Verdict.AtLeast(worst) {
				worst = r.Verdict
			}
			return p.claim(r)
		},
		func(re *factcheck.RowError) error {
			// Bad rows go to stderr as they are found; flushing stdout
			// first keeps the two in order on a terminal.
			nbad++
			p.bad(re)
			out.Flush()
			_, err := fmt.Fprintf(stderr, "breakeven check: %s:%d: %s\n", name, re.Line, re.Reason())
			return err
		})
	if err != nil {
		out.Flush()
		var le *factcheck.LimitError
		if errors.As(err, &le) {
			fmt.Fprintf(stderr, "breakeven check: %s:%v\n", name, strings.TrimPrefix(le.Error(), "line "))
			return 2
		}
		fmt.Fprintf(stderr, "breakeven check: %s: %v\n", name, err)
		return 2
	}
	p.end(counts, nbad)
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "breakeven check: %v\n", err)
		return 1
	}
	switch {
	case nbad > 0:
		fmt.Fprintf(stderr, "breakeven check: %s: %d bad %s, reported above; the other rows were checked\n", name, nbad, textfmt.Plural(nbad, "row", "rows"))
		return 2
	case fail != "" && worst != "" && worst.AtLeast(fail):
		fmt.Fprintf(stderr, "breakeven check: %s: a claim is %s (--fail-on %s)\n", name, worst, fail)
		return 1
	}
	return 0
}

// registryIDs are the ids of the rows go generate writes into
// data/claims.csv: the post's claims and the registry's.
var registryIDs = sync.OnceValue(func() map[string]bool {
	ids := map[string]bool{}
	for _, c := range claimsfile.Claims() {
		ids[c.ID] = true
	}
	return ids
})

// mine reports a claim of the user's own: one whose id is none of the
// registry's. A report puts these first; --only-mine keeps only these.
func mine(c factcheck.Claim) bool { return c.ID == "" || !registryIDs()[c.ID] }

// claimPrinter prints checked claims as they come.
type claimPrinter interface {
	begin()
	claim(factcheck.Result) error
	bad(*factcheck.RowError)
	end(counts map[factcheck.Verdict]int, bad int)
}

// reportPrinter writes a report.
type reportPrinter struct{ rep *factcheck.Report }

func (p *reportPrinter) begin()                             {}
func (p *reportPrinter) claim(r factcheck.Result) error     { return p.rep.Claim(r) }
func (p *reportPrinter) bad(e *factcheck.RowError)          { p.rep.Bad(e) }
func (p *reportPrinter) end(map[factcheck.Verdict]int, int) { p.rep.End() }

type jsonPrinter struct {
	w *bufio.Writer
	n int
}

func (p *jsonPrinter) begin() { p.w.WriteString("[") }

func (p *jsonPrinter) claim(r factcheck.Result) error {
	if p.n > 0 {
		p.w.WriteString(",")
	}
	p.n++
	p.w.WriteString("\n  ")
	b, err := json.Marshal(toCheckJSON(r))
	if err != nil {
		return err
	}
	_, err = p.w.Write(b)
	return err
}

func (p *jsonPrinter) bad(*factcheck.RowError) {}

func (p *jsonPrinter) end(map[factcheck.Verdict]int, int) { p.w.WriteString("\n]\n") }

type csvPrinter struct {
	w     *textfmt.CSVWriter
	rec   []string
	extra []string // the input's columns the checker does not read
}

func (p *csvPrinter) begin() { p.w.Write(append(append([]string{}, checkCSVHeader...), p.extra...)) }

func (p *csvPrinter) claim(r factcheck.Result) error {
	p.rec = csvRecord(toCheckJSON(r), p.rec, r.Claim.Extra)
	return p.w.Write(p.rec)
}

func (p *csvPrinter) bad(*factcheck.RowError) {}

func (p *csvPrinter) end(map[factcheck.Verdict]int, int) { p.w.Flush() }

// tablePrinter prints an 80-column table, one claim a line: the user's
// own claims first, as they come, then the registry's (the rows go
// generate writes into a claims file), as the report orders them.
type tablePrinter struct {
	w       *bufio.Writer
	ceiling string // the host ceiling and its source
	// names are "line N: ..." for each model name read as another, the
	// user's claims' (0) and the registry's (1).
	names [2][]string
	// registry holds the registry's lines until the end; a claims file
	// holds them once (go generate writes them), so it stays small.
	registry bytes.Buffer
	mine     int // the user's claims printed
}

// Column widths of the table.
const (
	colLine  = 5
	colModel = 16
	colBW    = 11
	colLinks = 8
)

func (p *tablePrinter) begin() {
	fmt.Fprintf(p.w, "%s  %s%s%s%s  %s\n", textfmt.PadLeft("line", colLine), textfmt.Pad("model", colModel), textfmt.PadLeft("needs", colBW),
		textfmt.PadLeft("links carry", colBW+1), textfmt.PadLeft("links", colLinks), "verdict")
}

func (p *tablePrinter) claim(r factcheck.Result) error {
	carry, links := "-", "-"
	if r.Link != nil {
		carry = r.Link.Total().String()
		links = fmt.Sprintf("%d of %d", r.LinksNeeded, r.Link.Count)
		if r.LinksNeeded > 9999 || r.Link.Count > 999 {
			links = strconv.Itoa(r.LinksNeeded)
		}
	}
	needs, model := r.Required.String(), r.Model.Name
	gi := 0
	if !mine(r.Claim) {
		gi = 1
	}
	if r.Model.NameNote != "" {
		p.names[gi] = append(p.names[gi], fmt.Sprintf("line %d: %s", r.Claim.Line, r.Model.NameNote))
	}
	switch {
	case r.Required == 0 && r.SizeCheck != nil:
		needs = "size " + r.SizeCheck.Stated.String()
	case r.NeedIsFloor:
		needs = ">=" + needs
	}
	if model == "" {
		model = "(throughput)"
	}
	var w io.Writer = p.w
	if gi == 0 {
		p.mine++
	} else {
		w = &p.registry
	}
	_, err := fmt.Fprintf(w, "%s  %s%s%s%s  %s\n", textfmt.PadLeft(strconv.Itoa(r.Claim.Line), colLine), textfmt.Pad(textfmt.Trim(model, colModel-1), colModel),
		textfmt.PadLeft(needs, colBW), textfmt.PadLeft(carry, colBW+1), textfmt.PadLeft(links, colLinks), r.Verdict)
	return err
}

func (p *tablePrinter) bad(*factcheck.RowError) {}

func (p *tablePrinter) end(counts map[factcheck.Verdict]int, bad int) {
	if p.registry.Len() > 0 {
		if p.mine > 0 {
			fmt.Fprintf(p.w, "%s  %s\n", textfmt.Pad("", colLine), factcheck.GroupTitles[1]+":")
		}
		p.w.Write(p.registry.Bytes())
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	sum := fmt.Sprintf("%d %s checked", total, textfmt.Plural(total, "claim", "claims"))
	if c := factcheck.CountsText(counts); c != "" {
		sum += ": " + c
	}
	fmt.Fprintln(p.w)
	fmt.Fprintln(p.w, textfmt.Wrap(sum+".", textfmt.ProseWidth, ""))
	if bad > 0 {
		fmt.Fprintf(p.w, "%d bad %s, on stderr.\n", bad, textfmt.Plural(bad, "row", "rows"))
	}
	if names := append(p.names[0], p.names[1]...); len(names) > 0 {
		fmt.Fprintln(p.w, "Model names read as others:")
		for _, n := range names {
			fmt.Fprintln(p.w, textfmt.Wrap("- "+n, textfmt.ProseWidth, "  "))
		}
	}
	fmt.Fprintln(p.w, `links: needed of the stated kind, of those stated. >=: a floor, from a time to`)
	fmt.Fprintln(p.w, `first token. Explanations: --report md, --json, --csv.`)
	fmt.Fprintln(p.w, textfmt.Wrap("Host ceiling: "+p.ceiling+".", textfmt.ProseWidth, ""))
}
