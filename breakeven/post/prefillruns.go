package post

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
	"signalweight.dev/kv/breakeven/heldout"
)

// PrefillValidation is the leave-one-source-out validation of the phase
// model of prefill on every published run (package calibration), with the
// summary against the targets.
func PrefillValidation() (calibration.Model, error) {
	m, _, err := calibration.Validated()
	return m, err
}

// PrefillValidationData is the validation table as data: each run with
// its leave-one-out prediction and interval, the measured time, the
// error, and a verdict or the reason it cannot be predicted.
func PrefillValidationData() Table {
	m, err := PrefillValidation()
	title := "The phase model of prefill, leave-one-source-out on published runs (structure and interval chosen inside each fold)"
	if err != nil {
		title += ": " + err.Error()
	} else {
		title += ": " + scoresText(m.Summary) + "; on all runs the structure is " + m.Structure.String()
	}
	rows := m.Rows
	b := newBuilder("prefill-validation", title, len(rows))
	b.text("run_id", "run", func(i int) string { return rows[i].ID })
	b.text("model", "model", func(i int) string { return rows[i].Model })
	b.num("prompt", "prompt", uTokens, func(i int) float64 {
		if rows[i].Tokens.Name == "" {
			return nan()
		}
		return float64(rows[i].Tokens.V())
	})
	b.count("gpus", "GPUs", func(i int) float64 {
		if rows[i].GPUs.Count == 0 {
			return nan()
		}
		return float64(rows[i].GPUs.Count)
	})
	b.text("chip", "chip", func(i int) string { return rows[i].Chip })
	b.text("precision", "precision", func(i int) string { return rows[i].PrecisionText() })
	b.text("parallelism", "parallelism", func(i int) string { return rows[i].Parallelism })
	b.text("engine", "engine", func(i int) string { return rows[i].Engine })
	b.est("measured", "measured", uSeconds, func(i int) E[float64] { return estOrNaN(rows[i].Measured.Float()) })
	b.text("regime", "regime", func(i int) string { return rows[i].Regime() })
	predictionColumns(b, "predicted (leave-one-source-out)", func(i int) calibration.Scored { return rows[i].Scored() }, func(i int) breakeven.Estimate[breakeven.Seconds] { return rows[i].Predicted })
	b.num("implied_share_of_peak", "implied share of peak", uRatio, func(i int) float64 {
		if !rows[i].Priced() {
			return nan()
		}
		return rows[i].Implied()
	})
	b.text("fold_structure", "structure chosen without its source", func(i int) string {
		if !rows[i].Priced() {
			return ""
		}
		return rows[i].Fit.Structure.String()
	})
	b.text("time_mostly", "time mostly", func(i int) string { return mostly(rows[i].Scored()) })
	b.text("unseen_in_fit", "unseen in its fit", func(i int) string { return strings.Join(rows[i].Novel, "; ") })
	b.text("verdict", "verdict", func(i int) string { return rows[i].Verdict() })
	b.text("note", "note", func(i int) string { return rows[i].Note })
	return b.t
}

// scoresText states a summary's scores against the targets, each met or
// not, and its median interval width.
func scoresText(s calibration.Summary) string {
	met := func(ok bool) string {
		if ok {
			return "met"
		}
		return "not met"
	}
	mm, mw, mc := s.Met()
	return fmt.Sprintf("median error %s (target at most %s: %s), %s within 25%% (target at least %s: %s), interval covers %s (target at least %s: %s), median interval width x%s (high/low)",
		breakeven.Percent(s.MedianAbsError), breakeven.Percent(calibration.TargetMedianAbsError), met(mm),
		breakeven.Percent(s.Within25), breakeven.Percent(calibration.TargetWithin25), met(mw),
		breakeven.Percent(s.Coverage), breakeven.Percent(calibration.TargetCoverage), met(mc), breakeven.FormatSignificant(s.MedianWidth, breakeven.DefaultSignificant))
}

// predictionColumns adds a prediction's three columns, as both prefill
// tables print them: the prediction with its interval, the error, and the
// interval's width; none where the run is not priced.
func predictionColumns(b *builder, label string, scored func(i int) calibration.Scored, pred func(i int) breakeven.Estimate[breakeven.Seconds]) {
	b.est("predicted", label, uSeconds, func(i int) E[float64] {
		if !scored(i).Priced {
			return estOrNaN(E[float64]{})
		}
		return pred(i).Float()
	})
	b.num("error", "error", uFraction, func(i int) float64 {
		if !scored(i).Priced {
			return nan()
		}
		return scored(i).Error
	})
	b.num("interval_width", "interval width (high/low)", uRatio, func(i int) float64 { return intervalWidth(scored(i).Priced, pred(i)) })
}

// mostly says what sets a prediction's time: "per-request cost" where
// that cost is more than half of it, else "FLOPs and memory traffic";
// empty for a run not priced.
func mostly(s calibration.Scored) string {
	switch {
	case !s.Priced:
		return ""
	case s.MostlyCost:
		return "per-request cost"
	}
	return "FLOPs and memory traffic"
}

// intervalWidth is an interval's high over its low, or no value for a
// run not priced or an interval without a positive low.
func intervalWidth(priced bool, e breakeven.Estimate[breakeven.Seconds]) float64 {
	if !priced || !(e.Lo > 0) {
		return nan()
	}
	return float64(e.Hi / e.Lo)
}

// estOrNaN is e, or NaN throughout where e is zero (nothing measured).
func estOrNaN(e E[float64]) E[float64] {
	if e.Value == 0 && e.Lo == 0 && e.Hi == 0 {
		return E[float64]{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	return e
}

// Printed columns of the prefill validation.
var (
	colShare = breakeven.Column{Label: "implied share of peak", Precision: breakeven.Sig(2)}
)

// PrefillValidationPrinted is the validation table as printed: run,
// prompt, GPUs, precision, measured, predicted with its interval, error,
// verdict.
func PrefillValidationPrinted() breakeven.PrintedTable {
	m, _ := PrefillValidation()
	// Times print in the unit that suits each (ms for the short ones).
	t := breakeven.PrintedTable{Header: headers([]string{"run", "GPUs", "precision"}, colPrompt)}
	t.Header = append(t.Header, "measured", "predicted (interval)", colError.Header(), colShare.Header(), "verdict")
	for _, r := range m.Rows {
		gpus, prompt, meas := "-", "-", "-"
		if r.GPUs.Count > 0 {
			gpus = fmt.Sprintf("%dx %s", r.GPUs.Count, r.Chip)
		} else {
			gpus = r.Chip
		}
		if r.Tokens.Name != "" {
			prompt = colPrompt.Cell(float64(r.Tokens.V()))
		}
		if r.Measured.Value > 0 {
			meas = r.Measured.Value.String()
		}
		p, e, s := "-", "-", "-"
		if r.Priced() {
			p = fmt.Sprintf("%s (%s to %s)", r.Predicted.Value, r.Predicted.Lo, r.Predicted.Hi)
			e = colError.Cell(r.Error)
			s = colShare.Cell(r.Implied())
		}
		t.Rows = append(t.Rows, []string{r.ID, gpus, r.PrecisionText(), prompt, meas, p, e, s, r.Verdict()})
	}
	return t
}

// PrefillHeldOut is the fitted prefill model (the calculator's) on the
// published runs it never saw (package heldout), with its summary; an
// error when a kept run cannot be read or the model cannot be fitted.
func PrefillHeldOut() ([]heldout.Row, calibration.Summary, error) {
	runs, errs := heldout.Runs()
	if err := errors.Join(errs...); err != nil {
		return nil, calibration.Summary{}, err
	}
	m, err := calibration.Fitted()
	if err != nil {
		return nil, calibration.Summary{}, err
	}
	rows := heldout.Predict(m, runs)
	return rows, heldout.Summarize(m.Structure, rows), nil
}

// PrefillHeldOutData is the held-out check as data: each run with the
// fitted model's prediction and interval, the measured time, the error,
// the verdict and its source.
func PrefillHeldOutData() Table {
	rows, s, err := PrefillHeldOut()
	title := "The fitted prefill model on published single requests it never saw (not in sources/)"
	if err != nil {
		title += ": " + err.Error()
	} else {
		title += ": " + scoresText(s)
	}
	b := newBuilder("prefill-heldout", title, len(rows))
	b.text("run_id", "run", func(i int) string { return rows[i].ID })
	b.text("model", "model", func(i int) string { return rows[i].Model })
	b.num("prompt", "prompt", uTokens, func(i int) float64 { return float64(rows[i].Tokens) })
	b.count("gpus", "GPUs", func(i int) float64 { return float64(rows[i].GPUs) })
	b.text("chip", "chip", func(i int) string { return rows[i].Chip })
	b.text("precision", "precision", func(i int) string { return rows[i].PrecisionText() })
	b.text("parallelism", "parallelism", func(i int) string { return rows[i].Parallel })
	b.text("engine", "engine", func(i int) string { return rows[i].Engine })
	b.num("measured", "measured", uSeconds, func(i int) float64 { return float64(rows[i].TTFT) })
	predictionColumns(b, "predicted (fitted model)", func(i int) calibration.Scored { return rows[i].Scored() }, func(i int) breakeven.Estimate[breakeven.Seconds] { return rows[i].Predicted })
	b.text("time_mostly", "time mostly", func(i int) string { return mostly(rows[i].Scored()) })
	b.text("unseen_in_fit", "unseen in the fit", func(i int) string { return strings.Join(rows[i].Novel, "; ") })
	b.text("verdict", "verdict", func(i int) string { return rows[i].Verdict() })
	b.text("source", "source", func(i int) string { return rows[i].Publisher + ", " + rows[i].Title })
	b.text("url", "address", func(i int) string { return rows[i].URL })
	b.text("locator", "locator", func(i int) string { return rows[i].Locator })
	b.text("note", "note", func(i int) string { return rows[i].Note })
	return b.t
}

// PrefillHeldOutPrinted is the held-out check as printed: run, GPUs,
// precision, prompt, measured, predicted with its interval, error,
// verdict.
func PrefillHeldOutPrinted() breakeven.PrintedTable {
	rows, _, _ := PrefillHeldOut()
	t := breakeven.PrintedTable{Header: headers([]string{"run", "GPUs", "precision"}, colPrompt)}
	t.Header = append(t.Header, "measured", "predicted (interval)", colError.Header(), "verdict")
	for _, r := range rows {
		p, e := "-", "-"
		if r.Priced() {
			p = fmt.Sprintf("%s (%s to %s)", r.Predicted.Value, r.Predicted.Lo, r.Predicted.Hi)
			e = colError.Cell(r.Error)
		}
		t.Rows = append(t.Rows, []string{r.ID, fmt.Sprintf("%dx %s", r.GPUs, r.Chip), r.PrecisionText(), colPrompt.Cell(float64(r.Tokens)), r.TTFT.String(), p, e, r.Verdict()})
	}
	return t
}

// PrefillHeldOutWithOthers asks whether more runs like the held-out ones
// would have helped: the held-out runs priced by the calculator's model
// (PrefillHeldOut), and again by a model fitted also on the held-out runs
// of every other publisher (heldout.PredictOwnerOut), scored on the same
// runs. The table has a row for each; the notes name the kept runs no fit
// takes, with the fit's reason.
func PrefillHeldOutWithOthers() (t breakeven.PrintedTable, alone, more calibration.Summary, err error) {
	_, alone, err = PrefillHeldOut()
	if err != nil {
		return t, alone, more, err
	}
	runs, _ := heldout.Runs()
	out, err := heldout.PredictOwnerOut(calibration.Runs(), runs)
	if err != nil {
		return t, alone, more, err
	}
	more = heldout.Summarize(alone.Structure, out.Rows)
	// The fewest and most held-out runs a publisher-out fit took.
	var joined string
	if counts := slices.Sorted(maps.Values(out.Joined)); len(counts) > 0 {
		lo, hi := counts[0], counts[len(counts)-1]
		joined = fmt.Sprintf("%d to %d", lo, hi)
		if lo == hi {
			joined = fmt.Sprint(lo)
		}
	}
	row := func(fitted, joined string, s calibration.Summary) []string {
		return []string{fitted, joined, fmt.Sprint(s.Priced), breakeven.Percent(s.MedianAbsError), breakeven.Percent(s.Within25), breakeven.Percent(s.Coverage)}
	}
	t = breakeven.PrintedTable{
		Header: []string{"held-out runs priced by a model fitted on", "held-out runs in the fit", "runs priced", "median error", "within 25%", "interval covers"},
		Rows: [][]string{
			row("the published runs in sources/ (the calculator's)", "0", alone),
			row("those and the held-out runs of every other publisher", joined, more),
		},
		Notes: []string{fmt.Sprintf("a publisher is the owner of the run's address; the %d held-out runs of %d publishers, each publisher's left out of the fit that prices them", len(runs), len(out.Joined))},
	}
	for _, r := range out.Refused {
		t.Notes = append(t.Notes, "in no fit: "+r)
	}
	return t, alone, more, nil
}

// PrefillHeldOutHindsight asks whether other constants would have met
// the targets: the held-out runs priced by the calculator's model, and
// by the same structure with its scale on the FLOPs, memory traffic,
// weight read and communication and its per-request costs chosen on
// these runs themselves, for the most runs within 25%
// (heldout.HindsightBy): first its two costs (hs[0], ByKind), then a
// cost for each chip and kind of model (hs[1]), each engine and kind
// (hs[2]) and each publisher and kind (hs[3]). The hindsight rows are
// upper bounds for the structure, not models. The chip is the one of
// those variables every prompt comes with, so the table also prices the
// runs with a cost for each chip and kind fitted on the published runs
// (chip, heldout.PublishedChipCosts): a prediction, not a bound.
func PrefillHeldOutHindsight() (t breakeven.PrintedTable, fitted calibration.Summary, hs []heldout.Hindsight, chip heldout.Repriced, err error) {
	rows, fitted, err := PrefillHeldOut()
	if err != nil {
		return t, fitted, nil, chip, err
	}
	for _, g := range []heldout.Grouping{heldout.ByKind, heldout.ByChip, heldout.ByEngine, heldout.ByPublisher} {
		h, err := heldout.HindsightBy(rows, g)
		if err != nil {
			return t, fitted, nil, chip, err
		}
		hs = append(hs, h)
	}
	m, err := calibration.Fitted()
	if err != nil {
		return t, fitted, nil, chip, err
	}
	if chip, err = heldout.RepriceByChip(rows, heldout.PublishedChipCosts(m, calibration.Runs())); err != nil {
		return t, fitted, nil, chip, err
	}
	fittedWithin := 0
	for _, r := range rows {
		if r.Priced() && r.Within25 {
			fittedWithin++
		}
	}
	sparse := m.Phases.FixedSparse
	if sparse == 0 {
		sparse = m.Phases.Fixed
	}
	within := func(n, of int) string {
		return fmt.Sprintf("%d of %d (%s)", n, of, breakeven.Percent(float64(n)/float64(of)))
	}
	h := hs[0]
	t = breakeven.PrintedTable{
		Header: []string{"held-out runs priced with", "scale on the FLOPs, memory, weights and communication", "per-request cost, dense model", "per-request cost, mixture of experts", "within 25%", "median error"},
		Rows: [][]string{
			{"the constants fitted on sources/ (the calculator's)", "1", m.Phases.Fixed.String(), sparse.String(),
				within(fittedWithin, fitted.Priced), breakeven.Percent(fitted.MedianAbsError)},
			{"those, with a cost for each chip and kind of model that two published sources show, fitted on sources/", "1",
				costRange(chip.Costs, false) + "; " + m.Phases.Fixed.String() + " for the rest", costRange(chip.Costs, true) + "; " + sparse.String() + " for the rest",
				within(chip.Within, chip.Priced), breakeven.Percent(chip.MedianAbsError)},
			{"constants chosen on these runs, in hindsight", breakeven.FormatSignificant(h.Scale, 3), h.Dense.String(), h.Sparse.String(),
				within(h.Within, h.Priced), breakeven.Percent(h.MedianAbsError)},
		},
		Notes: []string{
			fmt.Sprintf("the target is at least %s within 25%%, %d of %d runs; a hindsight row's constants are those that put the most runs within 25%% (its median error is at those constants), found exactly, and price no answer", breakeven.Percent(calibration.TargetWithin25), h.Target, h.Priced),
		},
	}
	for _, f := range hs[1:] {
		t.Rows = append(t.Rows, []string{"in hindsight, a per-request cost " + f.Grouping.String(), breakeven.FormatSignificant(f.Scale, 3),
			costRange(f.Costs, false), costRange(f.Costs, true), within(f.Within, f.Priced), breakeven.Percent(f.MedianAbsError)})
	}
	return t, fitted, hs, chip, nil
}

// PrefillHeldOutOwnCost asks what a setup's own per-request cost (calc
// --request-cost) buys on the held-out runs: each setup with two runs or
// more takes its cost from its shortest run, and its other runs are
// priced with it (heldout.OwnCostCheck).
func PrefillHeldOutOwnCost() (heldout.OwnCost, error) {
	rows, _, err := PrefillHeldOut()
	if err != nil {
		return heldout.OwnCost{}, err
	}
	m, err := calibration.Fitted()
	if err != nil {
		return heldout.OwnCost{}, err
	}
	return heldout.OwnCostCheck(m, rows)
}

// costRange prints a hindsight grouping's costs of one kind of model as
// their count and range: "5 costs, 0 s to 325 ms".
func costRange(costs map[string]breakeven.Seconds, sparse bool) string {
	kind := heldout.GroupLabel("", sparse)
	var cs []breakeven.Seconds
	for label, c := range costs {
		if label == kind || strings.HasSuffix(label, ", "+kind) {
			cs = append(cs, c)
		}
	}
	switch len(cs) {
	case 0:
		return "none paid"
	case 1:
		return "1 cost, " + cs[0].String()
	}
	lo, hi := slices.Min(cs), slices.Max(cs)
	return fmt.Sprintf("%d costs, %v to %v", len(cs), lo, hi)
}

// PrefillValidationByPart is the leave-one-source-out validation scored
// apart by what sets each predicted time (ByPart).
func PrefillValidationByPart() (t breakeven.PrintedTable, flops, cost calibration.Summary) {
	m, _ := PrefillValidation()
	return ByPart("each source left out", calibration.Scoreds(m.Rows))
}

// PrefillHeldOutByPart is the check on runs the fit never saw scored
// apart by what sets each predicted time (ByPart).
func PrefillHeldOutByPart() (t breakeven.PrintedTable, flops, cost calibration.Summary) {
	rows, _, _ := PrefillHeldOut()
	return ByPart("runs never in the fit", heldout.Scoreds(rows))
}

// ByPart scores predictions apart by what sets their time
// (calibration.ScoreByPart) and together, and prints a row each with its
// runs, median error, share within 25%, coverage and median interval
// width.
func ByPart(label string, preds []calibration.Scored) (t breakeven.PrintedTable, flops, cost calibration.Summary) {
	flops, cost = calibration.ScoreByPart(0, preds)
	all := calibration.Score(0, preds)
	row := func(name string, s calibration.Summary) []string {
		if s.Priced == 0 {
			return []string{name, "0", breakeven.Dash, breakeven.Dash, breakeven.Dash, breakeven.Dash}
		}
		return []string{name, fmt.Sprint(s.Priced), breakeven.Percent(s.MedianAbsError), breakeven.Percent(s.Within25), breakeven.Percent(s.Coverage),
			"x" + breakeven.FormatSignificant(s.MedianWidth, 3)}
	}
	return breakeven.PrintedTable{
		Header: []string{label + ", predicted time mostly", "runs", "median error", "within 25%", "interval covers", "median interval width (high / low)"},
		Rows:   [][]string{row("FLOPs and memory traffic", flops), row("per-request cost", cost), row("either", all)},
		Notes:  []string{"mostly the per-request cost: that cost is more than half the predicted time"},
	}, flops, cost
}
