package calibration

// Leave-one-source-out validation. Runs of one source share an engine, a
// setup and often a chip, so leaving one run out keeps its near-twins in
// the fit and flatters the model. Here every run of a source is left out
// together, and everything chosen from the runs is chosen again inside
// each fold, on the other sources alone:
//
//   - the structure: each structure is validated leave-one-source-out on
//     the fold's runs, and the one with the smallest median absolute
//     error is fitted on them;
//   - the interval: the 5th to 95th percentiles of the fold's own
//     leave-one-source-out log errors of that structure, all regimes
//     pooled; a run novel to the fold's fit (its chip, vendor, engine or
//     regime has no run in it) gets them widened to the percentiles of
//     the errors of runs that were likewise novel to their inner fit
//     (where there are at least minSpread of those).
//
// So the held-out source's runs are predicted by a model that never saw
// them, not even through the choice of structure, and an interval widens
// when what it predicts has no like in the fit.

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/internal/portable"
	"signalweight.dev/kv/sources"
)

// minSpread is the fewest errors an interval's percentiles are taken
// from before falling back to all errors.
const minSpread = 4

// Vendor is the maker of a chip: "AMD" for the Instinct MI parts,
// "NVIDIA" otherwise (the catalog holds no other maker's chips).
func Vendor(chip string) string {
	if strings.HasPrefix(strings.ToUpper(chip), "MI") {
		return "AMD"
	}
	return "NVIDIA"
}

// EngineKind names a run's serving engine by family: "vllm", "sglang",
// "trtllm" (TensorRT-LLM, and NVIDIA's NIM and Dynamo on it), "tgi",
// "dynamo", or "other" where not stated or none of these. A family is
// named by a word of the field, or a word's start followed by a version
// or a separator ("TensorRT-LLM", "vllm0.7", "vllm-ascend"); a word that
// only contains a family's name is not it ("myvllmfork", "MiniMax").
func EngineKind(engine string) string {
	words := engineWords(engine)
	has := func(names ...string) bool {
		for _, w := range words {
			for _, n := range names {
				if rest, ok := strings.CutPrefix(w, n); ok && (rest == "" || strings.ContainsRune("0123456789.-_+", rune(rest[0]))) {
					return true
				}
			}
		}
		return false
	}
	switch {
	case has("sglang"):
		return "sglang"
	case has("vllm"):
		return "vllm"
	case has("tensorrt", "trtllm", "trt", "nim"):
		return "trtllm"
	case has("tgi", "text-generation"):
		return "tgi"
	case has("dynamo"):
		return "dynamo"
	}
	return "other"
}

// engineWords splits an engine field into its lower-case words.
func engineWords(engine string) []string {
	return strings.FieldsFunc(strings.ToLower(engine), wordBreak)
}

// wordBreak reports whether c parts the words of an engine field, which
// are runs of letters, digits and ".-_+'" ("llama.cpp",
// "hf-transformers", "Meta's", "v0.1.0a1").
func wordBreak(c rune) bool {
	return !unicode.IsLetter(c) && !unicode.IsDigit(c) && !strings.ContainsRune(".-_+'", c)
}

// engineStated reports whether an engine field names an engine: not
// empty and not "not stated ...".
func engineStated(engine string) bool {
	e := strings.ToLower(strings.TrimSpace(engine))
	return e != "" && !strings.HasPrefix(e, "not stated")
}

// engineName is the name an engine of no family goes by: the first word
// of its field, as written ("LMDeploy" of "LMDeploy v0.1.0a1
// (TurboMind)", "hf-transformers" of "hf-transformers
// (flash_attention_2)").
func engineName(engine string) string {
	words := strings.FieldsFunc(engine, wordBreak)
	if len(words) == 0 {
		return engine
	}
	return words[0]
}

// namedInFit reports whether a priced run of fit whose engine is stated
// has engine's name (its first word) as a word of its engine field, in
// any case ("lmdeploy" or "TurboMind" in "LMDeploy v0.1.0a1
// (TurboMind)", "ATOM" in "ATOM 0.1.1"; not "a" in "SGLang", nor
// "attention" in "not stated (dense attention)").
func namedInFit(engine string, fit []Run) bool {
	name := strings.ToLower(engineName(engine))
	for _, f := range fit {
		if f.Priced() && engineStated(f.Engine) && slices.Contains(engineWords(f.Engine), name) {
			return true
		}
	}
	return false
}

// Regime is "request" for a single request's time to first token,
// "concurrent" for a mean time to first token at a stated concurrency
// above one, "offline" for one prompt timed inside the engine without a
// server (sources.PrefillRun.Offline), and "throughput" for a batched
// rate.
func (r Run) Regime() string {
	switch {
	case r.Seconds.Name == "":
		return "throughput"
	case r.Offline:
		return "offline"
	case r.Concurrency > 1:
		return "concurrent"
	}
	return "request"
}

// traits are what makes a run like or unlike the fit's runs; an
// engine of no family is judged by its name (namedInFit), not here.
func (r Run) traits() map[string]string {
	return map[string]string{"chip": r.Chip, "vendor": Vendor(r.Chip), "engine": EngineKind(r.Engine), "regime": r.Regime()}
}

// Novelty lists what of run r has no run in fit: "chip H200", "engine
// tgi", ... (empty if every trait is seen). An engine not stated is not
// held against the fit; one of no family is seen only where a fitted
// run names it ("engine hf-transformers" where none does), since the
// runs of every such engine and those whose engine is not stated share
// the kind "other".
func Novelty(r Run, fit []Run) []string {
	seen := map[string]bool{}
	for _, f := range fit {
		if !f.Priced() {
			continue
		}
		for k, v := range f.traits() {
			seen[k+" "+v] = true
		}
	}
	var out []string
	for _, k := range []string{"chip", "vendor", "engine", "regime"} {
		t := k + " " + r.traits()[k]
		switch {
		case k == "engine" && !engineStated(r.Engine):
		case t == "engine other":
			if !namedInFit(r.Engine, fit) {
				out = append(out, "engine "+engineName(r.Engine))
			}
		case !seen[t]:
			out = append(out, t)
		}
	}
	return out
}

// sourceIDs returns the sources of the priced runs, in first-seen order.
func sourceIDs(runs []Run) []sources.SourceID {
	var out []sources.SourceID
	seen := map[sources.SourceID]bool{}
	for _, r := range runs {
		if r.Priced() && !seen[r.Source()] {
			seen[r.Source()] = true
			out = append(out, r.Source())
		}
	}
	return out
}

// bySource splits runs into those of source s and the rest.
func bySource(runs []Run, s sources.SourceID) (in, rest []Run) {
	for _, r := range runs {
		if r.Priced() && r.Source() == s {
			in = append(in, r)
		} else {
			rest = append(rest, r)
		}
	}
	return in, rest
}

// sourceError is one run's leave-one-source-out log error and whether it
// was novel to the fit that predicted it.
type sourceError struct {
	ID     string
	Log    float64
	Novel  bool
	Regime string
}

// fitMemo keeps the fits of one validation by structure and the priced
// runs fitted: the nested validation fits the runs less sources A and B
// both with A out and B left out inside its fold and the other way
// round, and the structure choice on all runs is made twice. A fit is a
// pure function of its runs, so a kept fit is the fit. A nil *fitMemo
// keeps nothing.
type fitMemo struct {
	fits map[string]memoFit
}

type memoFit struct {
	f   Fit
	err error
}

// newFitMemo returns a memo for validations on runs, or nil where two
// priced runs share an ID (the key would not tell their sets apart).
func newFitMemo(runs []Run) *fitMemo {
	seen := map[string]bool{}
	for _, r := range runs {
		if !r.Priced() {
			continue
		}
		if seen[r.ID] {
			return nil
		}
		seen[r.ID] = true
	}
	return &fitMemo{fits: map[string]memoFit{}}
}

// fit is FitPhases(runs, s), computed once per structure and set of
// priced runs.
func (c *fitMemo) fit(runs []Run, s Structure) (Fit, error) {
	if c == nil {
		return FitPhases(runs, s)
	}
	var key strings.Builder
	fmt.Fprintf(&key, "%d", s)
	for _, r := range runs {
		if r.Priced() {
			key.WriteByte(0)
			key.WriteString(r.ID)
		}
	}
	k := key.String()
	if m, ok := c.fits[k]; ok {
		return m.f, m.err
	}
	f, err := FitPhases(runs, s)
	c.fits[k] = memoFit{f, err}
	return f, err
}

// losoErrors returns the leave-one-source-out log errors of structure s
// on runs; ok is false when a fold cannot be fitted.
func losoErrors(runs []Run, s Structure, memo *fitMemo) ([]sourceError, bool) {
	var out []sourceError
	for _, src := range sourceIDs(runs) {
		in, rest := bySource(runs, src)
		f, err := memo.fit(rest, s)
		if err != nil {
			return nil, false
		}
		for _, r := range in {
			out = append(out, sourceError{r.ID, portable.Log(float64(f.Predict(r) / r.Measured.Value)), len(Novelty(r, rest)) > 0, r.Regime()})
		}
	}
	return out, true
}

// medianAbs is the median absolute relative error of log errors.
func medianAbs(errs []sourceError) float64 {
	var abs []float64
	for _, e := range errs {
		abs = append(abs, math.Abs(portable.Exp(e.Log)-1))
	}
	sort.Float64s(abs)
	return quantile(abs, 0.5)
}

// chooseBySource validates every structure leave-one-source-out on runs
// and returns the one with the smallest median absolute error (the first,
// fewest parameters, on a tie), with its errors and every structure's
// median (NaN for one that could not be fitted).
func chooseBySource(runs []Run, memo *fitMemo) (Structure, []sourceError, map[Structure]float64, bool) {
	medians := map[Structure]float64{}
	var best Structure
	var bestErrs []sourceError
	found := false
	for _, s := range Candidates() {
		errs, ok := losoErrors(runs, s, memo)
		if !ok || len(errs) == 0 {
			medians[s] = math.NaN()
			continue
		}
		m := medianAbs(errs)
		medians[s] = m
		if !found || m < medians[best] {
			best, bestErrs, found = s, errs, true
		}
	}
	return best, bestErrs, medians, found
}

// spreadFor returns the interval's factors for a run, novel or not to
// its fit, from errs: the 5th to 95th percentiles of all the errors,
// whatever their regime; for a novel run, widened to the percentiles of
// the novel errors where there are at least minSpread of them, so that
// what the fit has not seen is never less uncertain than what it has.
// The factors always straddle 1, so the interval holds the prediction.
//
// The errors are pooled across regimes (one request, a stated
// concurrency, a batch) because a regime's runs come from one or two
// sources: with one of them out, the regime's remaining errors often
// have one sign, and an interval taken from them alone is one-sided.
// The package documentation compares the two on the published runs:
// pooled intervals are wider, and widest where the model is best
// (batched throughputs), but only they hold the measured time as often
// as they claim to. The choice was made on those runs, outside the
// nested loop.
func spreadFor(errs []sourceError, novel bool) (lo, hi float64) {
	var all, nov []float64
	for _, e := range errs {
		all = append(all, e.Log)
		if e.Novel {
			nov = append(nov, e.Log)
		}
	}
	if len(all) == 0 {
		return 1, 1
	}
	lo, hi = spread(all)
	if novel && len(nov) >= minSpread {
		nlo, nhi := spread(nov)
		lo, hi = math.Min(lo, nlo), math.Max(hi, nhi)
	}
	// The interval holds the prediction itself, even where every error
	// had one sign.
	return math.Min(lo, 1), math.Max(hi, 1)
}

// ValidateBySource is the leave-one-source-out validation with the
// structure and the interval chosen inside each fold; unpriced runs carry
// their reason. It also returns, for the optimism of choosing outside
// the loop, the median error of every structure validated
// leave-one-source-out on all runs.
func ValidateBySource(runs []Run) ([]Row, map[Structure]float64) {
	return validateBySource(runs, newFitMemo(runs))
}

// validateBySource is ValidateBySource with its fits kept in memo: in
// each fold, the structure chosen on the other sources; a fold where none
// can be fitted leaves its source's runs unpredicted.
func validateBySource(runs []Run, memo *fitMemo) ([]Row, map[Structure]float64) {
	rows, _ := validateFolds(runs, func(rest []Run) (Fit, []sourceError, bool, error) {
		s, inner, _, ok := chooseBySource(rest, memo)
		if !ok {
			return Fit{}, nil, false, nil
		}
		f, err := memo.fit(rest, s)
		return f, inner, err == nil, nil
	})
	_, _, outside, _ := chooseBySource(runs, memo)
	return rows, outside
}

// foldFit gives what a fold predicts its left-out source with, from the
// other sources (rest): the fit and rest's own leave-one-source-out
// errors, for the interval. ok false leaves the source's runs
// unpredicted; an error stops the validation.
type foldFit func(rest []Run) (f Fit, inner []sourceError, ok bool, err error)

// validateFolds is a leave-one-source-out validation: each source's
// priced runs predicted by fold's fit without that source, with the
// interval of fold's inner errors (predictOut); unpriced runs carry their
// reason.
func validateFolds(runs []Run, fold foldFit) ([]Row, error) {
	rows := make([]Row, len(runs))
	index := map[string]int{}
	for i, r := range runs {
		rows[i] = Row{Run: r}
		index[r.ID] = i
	}
	for _, src := range sourceIDs(runs) {
		in, rest := bySource(runs, src)
		f, inner, ok, err := fold(rest)
		if err != nil {
			return nil, fmt.Errorf("without %s: %w", src, err)
		}
		if !ok {
			continue
		}
		for _, r := range in {
			predictOut(&rows[index[r.ID]], r, f, inner, rest)
		}
	}
	return rows, nil
}

// predictOut fills row with run r predicted by f, a fit without r's
// source (rest), and the interval of inner, the leave-one-source-out
// errors on rest, widened where r is novel to rest (spreadFor).
func predictOut(row *Row, r Run, f Fit, inner []sourceError, rest []Run) {
	nov := Novelty(r, rest)
	lo, hi := spreadFor(inner, len(nov) > 0)
	p := f.Predict(r)
	row.Fit = f
	row.Novel = nov
	row.Predicted = breakeven.Estimate[breakeven.Seconds]{Value: p, Lo: p * breakeven.Seconds(lo), Hi: p * breakeven.Seconds(hi)}
	row.RequestCost = f.RequestCost(r)
	row.Error = float64(p/r.Measured.Value) - 1
	row.Within25 = IsWithin25(row.Error)
	tol := 1e-9 * row.Predicted.Value
	row.Covered = row.Predicted.Lo-tol <= r.Measured.Hi && r.Measured.Lo <= row.Predicted.Hi+tol
}

// ValidateSourceOut is the leave-one-source-out validation of structure
// s, fixed outside the loop: each source's runs are predicted by s fitted
// on the other sources, with the interval of s's own leave-one-source-out
// errors on those sources, widened for what that fit has not seen, as in
// the nested validation; unpriced runs carry their reason. Choose scores
// every structure so, beside the nested validation, which chooses the
// structure again inside each fold.
func ValidateSourceOut(runs []Run, s Structure) ([]Row, error) {
	return validateSourceOut(runs, s, newFitMemo(runs))
}

// validateSourceOut is ValidateSourceOut with its fits kept in memo.
func validateSourceOut(runs []Run, s Structure, memo *fitMemo) ([]Row, error) {
	return validateFolds(runs, func(rest []Run) (Fit, []sourceError, bool, error) {
		f, err := memo.fit(rest, s)
		if err != nil {
			return Fit{}, nil, false, err
		}
		inner, ok := losoErrors(rest, s, memo)
		if !ok {
			return Fit{}, nil, false, errors.New("a fold of the other sources cannot be fitted")
		}
		return f, inner, true, nil
	})
}
