package post

import (
	"fmt"
	"math"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calibration"
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
		met := func(ok bool) string {
			if ok {
				return "met"
			}
			return "not met"
		}
		mm, mw, mc := m.Summary.Met()
		title += fmt.Sprintf(": median error %.0f%% (target at most %.0f%%: %s), %.0f%% within 25%% (target at least %.0f%%: %s), interval covers %.0f%% (target at least %.0f%%: %s), median interval width x%.1f (high/low); on all runs the structure is %s",
			100*m.Summary.MedianAbsError, 100*calibration.TargetMedianAbsError, met(mm),
			100*m.Summary.Within25, 100*calibration.TargetWithin25, met(mw),
			100*m.Summary.Coverage, 100*calibration.TargetCoverage, met(mc), m.Summary.MedianWidth, m.Structure)
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
	b.est("predicted", "predicted (leave-one-source-out)", uSeconds, func(i int) E[float64] {
		if !rows[i].Priced() {
			return estOrNaN(E[float64]{})
		}
		return rows[i].Predicted.Float()
	})
	b.num("error", "error", uFraction, func(i int) float64 {
		if !rows[i].Priced() {
			return nan()
		}
		return rows[i].Error
	})
	b.num("interval_width", "interval width (high/low)", uRatio, func(i int) float64 {
		if !rows[i].Priced() || !(rows[i].Predicted.Lo > 0) {
			return nan()
		}
		return float64(rows[i].Predicted.Hi / rows[i].Predicted.Lo)
	})
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
	b.text("unseen_in_fit", "unseen in its fit", func(i int) string { return strings.Join(rows[i].Novel, "; ") })
	b.text("verdict", "verdict", func(i int) string { return rows[i].Verdict() })
	b.text("note", "note", func(i int) string { return rows[i].Note })
	return b.t
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
