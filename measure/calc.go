package measure

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/sources"
)

// MeasuredExample is the example a --measured error shows.
const MeasuredExample = "--measured data/measured-smollm2-135m.json"

// ApplyMeasured returns the calculator request r with its prefill speed
// and, unless r names a model, its model taken from the measurement in
// the file at path (calc --measured FILE, notebook 10's KV_MEASURED):
//
//   - the model: the measurement's config.json when it can be read (as
//     given, or relative to the file, or kept in sources/configs), else
//     its shape (layers, KV heads, head dim), so b is the cache per token
//     the measurement checked against the saved file;
//   - the prompt length: r's, or else the longest length measured;
//   - r: the fitted r(N) = N / t(N) at that length, with the provenance
//     "measured: RATE, from FILE (engine, shape, machine, date; ...)";
//   - the cached TTFT at that length, from the line fitted to the
//     measured ones (Result.CachedLine), which the answer adds to the
//     load for a hit's time.
//
// Its error is a *breakeven.FieldError naming "measured" (or "tokens").
func ApplyMeasured(r calculator.Request, path string) (calculator.Request, error) {
	res, err := ReadResult(path)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "measurement "+breakeven.Quote(path)+": ")
		return r, &breakeven.FieldError{Field: "measured", Value: path, Message: msg, Example: MeasuredExample}
	}
	if r.Model == "" && r.Config == "" && r.ConfigText == "" && r.Layers == "" {
		switch {
		case res.Model.Config != "" && readable(res.Model.Config):
			r.Config = res.Model.Config
		case res.Model.Config != "" && readable(filepath.Join(filepath.Dir(path), res.Model.Config)):
			r.Config = filepath.Join(filepath.Dir(path), res.Model.Config)
		case res.Model.Config != "" && kept(res.Model.Config) != "":
			r.Config = kept(res.Model.Config)
		case res.Model.Layers > 0:
			r.Layers, r.KVHeads, r.HeadDim = strconv.Itoa(res.Model.Layers), strconv.Itoa(res.Model.KVHeads), strconv.Itoa(res.Model.HeadDim)
		default:
			return r, &breakeven.FieldError{Field: "measured", Value: path,
				Message: "the measurement names no model config or shape to compute the cache from; give --model or --config with it", Example: MeasuredExample + " --config config.json"}
		}
	}
	last := res.Points[len(res.Points)-1].Tokens
	first := res.Points[0].Tokens
	n := float64(last)
	if r.Tokens == "" {
		r.Tokens = strconv.Itoa(last)
	} else {
		t, err := breakeven.ParseTokens(r.Tokens)
		if err != nil {
			return r, breakeven.FieldFromParse("tokens", r.Tokens, err, "--tokens 2048")
		}
		n = float64(t)
	}
	rate := res.PrefillFit.Rate(n)
	detail := res.Source() + fmt.Sprintf("; r(N) fitted on %s to %s tokens", breakeven.Tokens(first), breakeven.Tokens(last))
	if n > 2*float64(last) || n < float64(first)/2 {
		detail += fmt.Sprintf(", extrapolated to %s", breakeven.Tokens(n))
	}
	if bf := res.BytesPerToken; bf != nil && bf.FormulaBytesPerToken > 0 {
		detail += fmt.Sprintf("; b %s B/token, the saved file's K and V, as the formula gives", breakeven.GroupThousands(bf.KVBytesPerToken, 0))
	}
	r.Measured = &calculator.MeasuredPrefill{Rate: breakeven.TokenRate(rate), Source: path, Detail: detail}
	if cf, ok := res.CachedLine(); ok {
		r.Measured.CachedTTFT = breakeven.Seconds(cf.At(n))
	}
	return r, nil
}

func readable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// kept returns the path of a config kept in sources/configs with the same
// file name, as calc --config reads it, or "".
func kept(config string) string {
	base := filepath.Base(config)
	if _, err := sources.ConfigData(base); err != nil {
		return ""
	}
	for _, dir := range []string{"sources/configs", "../sources/configs"} {
		if p := filepath.Join(dir, base); readable(p) {
			return p
		}
	}
	return ""
}

// WithoutModel clears what a measurement brings of its own from a
// calculator request: the model (catalog, config or custom), the prompt
// length and any prefill speed, time or GPUs. Notebook 10 applies it to
// its inputs cell before KV_ variables and KV_MEASURED, so a measurement
// is priced on the model it measured unless a variable names another.
func WithoutModel(r calculator.Request) calculator.Request {
	r.Model, r.Config, r.ConfigText = "", "", ""
	r.Layers, r.KVHeads, r.HeadDim, r.LatentDim, r.RopeDim, r.Fixed = "", "", "", "", "", ""
	r.Params, r.QueryHeads, r.QKDim, r.VDim = "", "", "", ""
	r.Tokens, r.Prefill, r.TTFT, r.GPUs, r.MFU, r.Measured = "", "", "", "", "", nil
	return r
}
