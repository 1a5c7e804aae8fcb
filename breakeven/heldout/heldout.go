// Package heldout checks the fitted prefill model on published runs it
// never saw: single-request times to first token kept here (runs.csv),
// each with its source, locator and quote, and not in sources/, so no
// fit, structure choice or interval of package calibration was made with
// them. Each run is priced as the calculator prices one request: the
// model, GPUs, precision, parallelism and engine the source states, by
// calibration.Fitted's PredictRequest.
//
// The runs are test evidence, not inputs: the calculator never reads
// them, and moving one into sources/ would put it in the fit and out of
// this check. They join a fit only in PredictOwnerOut, which asks what
// runs like them would add: each publisher's runs priced by a model
// fitted on the published runs and on the other publishers' kept runs.
// HindsightOf asks the other question, whether other constants would do:
// the most runs the fitted structure puts within 25% with its scale and
// per-request costs chosen on these runs themselves, an exact bound that
// prices no answer.
package heldout

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

//go:embed runs.csv
var runsCSV []byte

// Run is one published single-request time to first token.
type Run struct {
	Line                                 int // its line in the CSV
	ID, Model, Chip, Precision, Parallel string
	Engine                               string
	Tokens, GPUs, Concurrency            int
	TTFT                                 breakeven.Seconds
	Title, Publisher, URL, Date, Locator string
	Quote, Note                          string
}

// Columns are the CSV's columns, in order.
var Columns = []string{"id", "model", "prompt_tokens", "gpus", "chip", "precision", "parallel", "engine", "concurrency", "ttft_seconds",
	"title", "publisher", "url", "date", "locator", "quote", "note"}

// Runs returns the kept runs, and an error for every row that cannot be
// read (the good rows are still returned).
func Runs() ([]Run, []error) { return Read(bytes.NewReader(runsCSV)) }

// Read reads runs from a CSV with the Columns as its header (in any
// order). A row that cannot be read is reported with its line and the
// column at fault, and the other rows are still read.
func Read(r io.Reader) ([]Run, []error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, []error{fmt.Errorf("held-out runs: %w", err)}
	}
	if len(recs) == 0 {
		return nil, []error{errors.New("held-out runs: no header (e.g. " + strings.Join(Columns[:4], ",") + ",...)")}
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[strings.TrimSpace(h)] = i
	}
	var missing []string
	for _, h := range Columns {
		if _, ok := col[h]; !ok {
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		return nil, []error{fmt.Errorf("held-out runs: the header has no column %s (the columns are %s)", strings.Join(missing, ", "), strings.Join(Columns, ","))}
	}
	var runs []Run
	var errs []error
	for i, rec := range recs[1:] {
		line := i + 2
		get := func(h string) string {
			if j := col[h]; j < len(rec) {
				return strings.TrimSpace(rec[j])
			}
			return ""
		}
		run := Run{Line: line, ID: get("id"), Model: get("model"), Chip: get("chip"), Precision: get("precision"), Parallel: get("parallel"),
			Engine: get("engine"), Title: get("title"), Publisher: get("publisher"), URL: get("url"), Date: get("date"), Locator: get("locator"),
			Quote: get("quote"), Note: get("note")}
		bad := func(h, why, example string) {
			errs = append(errs, fmt.Errorf("held-out runs line %d (%s): %s %q %s (e.g. %s)", line, run.ID, h, get(h), why, example))
		}
		ok := true
		whole := func(h string, to *int, example string) {
			n, err := strconv.Atoi(get(h))
			if err != nil || n < 1 {
				bad(h, "is not a whole number above zero", example)
				ok = false
				return
			}
			*to = n
		}
		whole("prompt_tokens", &run.Tokens, "131072")
		whole("gpus", &run.GPUs, "8")
		whole("concurrency", &run.Concurrency, "1")
		if ok && run.Concurrency != 1 {
			bad("concurrency", "is not 1: only single requests are held out", "1")
			ok = false
		}
		if t, err := strconv.ParseFloat(get("ttft_seconds"), 64); err != nil || !(t > 0) || math.IsInf(t, 0) {
			bad("ttft_seconds", "is not a time in seconds above zero", "16.4867")
			ok = false
		} else {
			run.TTFT = breakeven.Seconds(t)
		}
		for _, h := range []string{"id", "model", "chip", "precision", "url", "date", "locator", "quote"} {
			if get(h) == "" {
				bad(h, "is empty", "a value as the source gives it")
				ok = false
			}
		}
		if ok {
			runs = append(runs, run)
		}
	}
	return runs, errs
}

// Row is a run with the fitted model's prediction, or the reason there
// is none.
type Row struct {
	Run
	Predicted breakeven.Estimate[breakeven.Seconds]
	// Error is predicted / measured - 1.
	Error float64
	// Novel lists what of the run had no run in the fit (its chip, vendor
	// or engine), which widened its interval.
	Novel    []string
	Within25 bool
	Covered  bool
	// Reason says why the run could not be priced; empty if it was.
	Reason string
	// Compute is the precision read from the run's (zero where it could
	// not be read).
	Compute prefill.Compute
	// Parts is the predicted time by its parts.
	Parts prefill.RequestParts
}

// PrecisionText prints the run's precision as the validation table does
// ("FP8 (BF16 attention)"), or as written where it could not be read.
func (r Row) PrecisionText() string {
	if r.Compute == (prefill.Compute{}) {
		return r.Precision
	}
	return r.Compute.String()
}

// Priced reports whether the row has a prediction.
func (r Row) Priced() bool { return r.Reason == "" }

// Predict prices each run with m as one request on its GPUs, parallelism
// and engine.
func Predict(m calibration.Model, runs []Run) []Row {
	out := make([]Row, 0, len(runs))
	for _, run := range runs {
		row := Row{Run: run}
		pm, g, par, err := price(run)
		if err == nil {
			row.Compute = g.Compute
			var p calibration.Prediction
			if p, err = m.PredictRequest(pm, breakeven.Tokens(run.Tokens), g, par, run.Engine); err == nil {
				row.Predicted, row.Novel, row.Parts = p.Time, p.Novel, p.Parts
				if p.NoCeiling {
					row.Novel = append(row.Novel, "no measured matmul ceiling")
				}
				row.Error = float64(p.Time.Value/run.TTFT) - 1
				row.Within25 = calibration.IsWithin25(row.Error)
				row.Covered = p.Time.Lo <= run.TTFT && run.TTFT <= p.Time.Hi
			}
		}
		if err != nil {
			row.Reason = err.Error()
		}
		out = append(out, row)
	}
	return out
}

// price reads a run's model, GPUs, precision and parallelism as the
// calculator reads them (tensor parallel over all its GPUs where no
// parallelism is given).
func price(r Run) (prefill.Model, prefill.GPUs, prefill.Parallel, error) {
	mod, err := sources.FindModel(r.Model)
	if err != nil {
		return prefill.Model{}, prefill.GPUs{}, prefill.Parallel{}, err
	}
	pm, err := sources.PrefillModel(mod)
	if err != nil {
		return prefill.Model{}, prefill.GPUs{}, prefill.Parallel{}, err
	}
	g, err := sources.ParseGPUs(fmt.Sprintf("%dx%s", r.GPUs, r.Chip))
	if err != nil {
		return prefill.Model{}, prefill.GPUs{}, prefill.Parallel{}, err
	}
	c, err := prefill.ParseCompute(r.Precision)
	if err != nil {
		return prefill.Model{}, prefill.GPUs{}, prefill.Parallel{}, err
	}
	if g, err = g.In(c); err != nil {
		return prefill.Model{}, prefill.GPUs{}, prefill.Parallel{}, err
	}
	par := prefill.Parallel{TP: r.GPUs}
	if r.Parallel != "" {
		if par, err = prefill.ParseParallel(r.Parallel); err != nil {
			return prefill.Model{}, prefill.GPUs{}, prefill.Parallel{}, err
		}
	}
	return pm, g, par, nil
}

// Summarize scores the rows against the validation's targets with
// calibration.Score, as the leave-one-source-out rows are scored.
func Summarize(s calibration.Structure, rows []Row) calibration.Summary {
	return calibration.Score(s, Scoreds(rows))
}

// Scoreds is each row as calibration scores it (Row.Scored), for Score
// and ScoreByPart.
func Scoreds(rows []Row) []calibration.Scored {
	preds := make([]calibration.Scored, len(rows))
	for i, r := range rows {
		preds[i] = r.Scored()
	}
	return preds
}

// Scored is the row as calibration scores it.
func (r Row) Scored() calibration.Scored {
	return calibration.Scored{Priced: r.Priced(), Error: r.Error, Lo: r.Predicted.Lo, Hi: r.Predicted.Hi, Within25: r.Within25, Covered: r.Covered, Reason: r.Reason,
		MostlyCost: r.Priced() && r.Parts.MostlyRequestCost()}
}

// Verdict says how the prediction did, in the validation table's words.
func (r Row) Verdict() string { return r.Scored().Verdict() }

// Owner is who published the run, the unit PredictOwnerOut leaves out
// together: the owner of its GitHub address (sgl-project for the SGLang
// cookbook and the SGLang docs alike, so that one team's pages leave
// together), else the address's host.
func (r Run) Owner() string {
	u, err := url.Parse(r.URL)
	if err != nil || u.Host == "" {
		return r.URL
	}
	if strings.EqualFold(u.Host, "github.com") {
		if owner, _, _ := strings.Cut(strings.TrimPrefix(u.Path, "/"), "/"); owner != "" {
			return owner
		}
	}
	return u.Host
}

// FitRun is the run as the fit takes a published one: its model, prompt,
// GPUs, precision, parallelism and engine as Predict prices them, and its
// time to first token cited to its owner (as the source ID the
// leave-one-source-out validation groups by), its locator and its quote.
// It is priced by calibration.NewRun, so a run the fit would refuse
// (faster than the best published kernel allows) says why in its Reason.
func (r Run) FitRun() (calibration.Run, error) {
	_, g, par, err := price(r)
	if err != nil {
		return calibration.Run{}, err
	}
	cite := sources.Cite{Source: sources.SourceID(r.Owner()), Locator: r.Locator, Quote: r.Quote}
	p := sources.PrefillRun{ID: r.ID, Model: r.Model, Chip: r.Chip, Compute: g.Compute, Parallelism: r.Parallel, Engine: r.Engine,
		Concurrency: r.Concurrency, Par: par,
		Tokens:  sources.Input[breakeven.Tokens]{Name: r.ID + ".tokens", Value: breakeven.Exact(breakeven.Tokens(r.Tokens)), Cite: cite},
		GPUs:    sources.Input[float64]{Name: r.ID + ".gpus", Value: breakeven.Exact(float64(r.GPUs)), Cite: cite},
		Seconds: sources.Input[breakeven.Seconds]{Name: r.ID + ".ttft", Value: breakeven.Exact(r.TTFT), Cite: cite},
	}
	return calibration.NewRun(p), nil
}

// OwnerOut is PredictOwnerOut's answer: each run's row, and for each
// owner the kept runs of the other owners that joined its fit.
type OwnerOut struct {
	Rows []Row
	// Joined counts, by owner, the other owners' kept runs in the fit
	// that priced that owner's runs; Refused lists the kept runs no fit
	// took, each with the fit's reason.
	Joined  map[string]int
	Refused []string
}

// PredictOwnerOut prices each run, as Predict does, by the model
// calibration.FitOn makes on the published runs and on the kept runs of
// every other owner (Run.Owner): all runs of one owner leave together,
// as a source does in the leave-one-source-out validation. It answers
// whether runs like these, had they been in the fit, would have priced
// the rest better. One fit per owner.
func PredictOwnerOut(published []calibration.Run, runs []Run) (OwnerOut, error) {
	out := OwnerOut{Rows: make([]Row, len(runs)), Joined: map[string]int{}}
	fit := make([]calibration.Run, len(runs))
	var owners []string
	byOwner := map[string][]int{}
	for i, r := range runs {
		o := r.Owner()
		if _, seen := byOwner[o]; !seen {
			owners = append(owners, o)
		}
		byOwner[o] = append(byOwner[o], i)
		fr, err := r.FitRun()
		if err == nil && !fr.Priced() {
			err = errors.New(fr.Reason)
		}
		if err != nil {
			out.Refused = append(out.Refused, fmt.Sprintf("%s: %s", r.ID, err))
			continue
		}
		fit[i] = fr
	}
	for _, o := range owners {
		set := append([]calibration.Run(nil), published...)
		for i, r := range runs {
			if r.Owner() != o && fit[i].ID != "" {
				set = append(set, fit[i])
			}
		}
		out.Joined[o] = len(set) - len(published)
		m, err := calibration.FitOn(set)
		if err != nil {
			return OwnerOut{}, fmt.Errorf("held-out runs, %s left out: %w", o, err)
		}
		mine := make([]Run, 0, len(byOwner[o]))
		for _, i := range byOwner[o] {
			mine = append(mine, runs[i])
		}
		for k, row := range Predict(m, mine) {
			out.Rows[byOwner[o][k]] = row
		}
	}
	return out, nil
}
