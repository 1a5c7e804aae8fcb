package measure

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/extended"
	"signalweight.dev/kv/sources"
)

// Schema names the result file's format; ReadResult refuses another.
const Schema = "breakeven-measure/1"

// LlamaCppMetadataBytesPerToken is what llama.cpp's slot file stores per
// token besides its K and V rows: the token id (int32) in the file's
// header, and per cache cell its position (int32), its count of sequences
// (uint32) and the one sequence id (int32): 4 x 4 bytes
// (src/llama-context.cpp state_seq_save_file, src/llama-kv-cache.cpp
// state_write_meta).
const LlamaCppMetadataBytesPerToken = 16

// Result is a measurement with its analysis: what `breakeven measure
// --json` prints and --out writes. Keys are snake_case in SI base units,
// the same keys as calc --json where the quantity is the same.
type Result struct {
	Schema     string     `json:"schema"`
	Provenance Provenance `json:"provenance"`
	Settings   Settings   `json:"settings"`
	Model      ModelShape `json:"model"`
	Points     []Point    `json:"points"`
	// PrefillFit is t(N) fitted to the cold times (see the package doc);
	// nil when nothing was measured.
	PrefillFit *PrefillFit `json:"prefill_fit,omitempty"`
	// PrefillFitTolerance is the relative tolerance the fit is held to:
	// twice the largest relative half-width of the repeats' p10-p90 spread
	// at any N, but no less than 2%.
	PrefillFitTolerance float64           `json:"prefill_fit_tolerance"`
	BytesPerToken       *BytesPerTokenFit `json:"bytes_per_token_fit,omitempty"`
	// CachedFit is the cached TTFT (the median at each N) fitted as a
	// line over N: what a request still pays when its cache is found,
	// whether in the engine's prefix cache or loaded over a link. The hit
	// verdicts add it to every load (HitSeconds, HitCrossoverTokens).
	CachedFit   *LineFit      `json:"cached_ttft_fit,omitempty"`
	SaveRestore SaveRestore   `json:"save_restore"`
	Links       []LinkVerdict `json:"links,omitempty"`
	Interrupted bool          `json:"interrupted"`
	Notes       []string      `json:"notes,omitempty"`
}

// Provenance says where and how a measurement was taken.
type Provenance struct {
	Engine        string  `json:"engine"`
	EngineVersion string  `json:"engine_version"`
	BaseURL       string  `json:"base_url"`
	ServedModel   string  `json:"served_model"`
	ModelPath     string  `json:"model_path,omitempty"`
	ContextTokens int     `json:"context_tokens,omitempty"`
	Machine       Machine `json:"machine"`
	Date          string  `json:"date"` // RFC 3339, UTC
	RandomWeights bool    `json:"random_weights"`
	WeightsNote   string  `json:"weights_note,omitempty"`
	Tool          string  `json:"tool"`
	// Note is how the server was run, as the person measuring says
	// (measure --note): its threads, flags, anything the engine does not report.
	Note string `json:"note,omitempty"`
}

// Machine is the computer breakeven measure ran on; with a loopback
// --base-url it is the server's too.
type Machine struct {
	CPUModel string `json:"cpu_model"`
	Cores    int    `json:"cores"`
	GPU      string `json:"gpu"`
	OS       string `json:"os"`
}

// Settings are the measurement's options.
type Settings struct {
	InputLens      []int   `json:"input_lens"`
	Repeats        int     `json:"repeats"`
	Seed           uint64  `json:"seed"`
	TimeoutSeconds float64 `json:"timeout_seconds"`
	DropCaches     bool    `json:"drop_caches"`
}

// ModelShape is the model the formula is computed for.
type ModelShape struct {
	Name   string `json:"name"`
	Config string `json:"config,omitempty"` // the --config file, as given
	// FormulaBytesPerToken is the project's cache per token for the
	// model's config (breakeven.Architecture.BytesPerToken, 16-bit
	// elements); 0 when no config or catalog model was given.
	FormulaBytesPerToken float64 `json:"formula_bytes_per_token"`
	FormulaFixedBytes    float64 `json:"formula_fixed_bytes"`
	Layers               int     `json:"layers,omitempty"`
	KVHeads              int     `json:"kv_heads,omitempty"`
	HeadDim              int     `json:"head_dim,omitempty"`
}

// Point is everything measured and derived at one prompt length.
type Point struct {
	Tokens         int     `json:"tokens"`
	ColdTTFT       Spread  `json:"cold_ttft_seconds"`
	CachedTTFT     Spread  `json:"cached_ttft_seconds"`
	RestoredTTFT   Spread  `json:"restored_ttft_seconds"`
	ServerPrompt   Spread  `json:"server_prompt_seconds"`            // cold, as the server timed its prefill; n 0 when it does not say
	ServerCachedTk int     `json:"server_cached_tokens"`             // median tokens the server took from its cache on the cached request, -1 unknown
	ServerRate     float64 `json:"server_prefill_tokens_per_second"` // prompt_n / prompt_ms of the cold requests (median); 0 unknown
	// PrefillTokensPerSecond is r(N) = N / median cold TTFT.
	PrefillTokensPerSecond float64 `json:"prefill_tokens_per_second"`
	FittedSeconds          float64 `json:"fitted_seconds"`
	RelativeResidual       float64 `json:"relative_residual"`
	// The saved slot: tokens and bytes (n_saved, n_written).
	SavedTokens int    `json:"saved_tokens,omitempty"`
	SavedBytes  int64  `json:"saved_bytes,omitempty"`
	SaveSeconds Spread `json:"save_seconds"`
	// RestoreSeconds is the server's restore_ms.
	RestoreSeconds      Spread  `json:"restore_seconds"`
	WriteBytesPerSecond float64 `json:"write_bytes_per_second,omitempty"` // saved bytes / median save time
	ReadBytesPerSecond  float64 `json:"read_bytes_per_second,omitempty"`  // read bytes / median restore time
	// BytesPerToken is saved bytes / saved tokens (header included), or
	// the formula's when nothing was saved.
	BytesPerToken float64 `json:"bytes_per_token"`
	// BreakEvenBytesPerSecond is r(N) x b, with b the measured slope of
	// the saved size (or the formula's when nothing was saved).
	BreakEvenBytesPerSecond float64 `json:"break_even_bytes_per_second"`
	// HitBreakEvenBytesPerSecond is the link at which a hit (a load plus
	// the median cached TTFT) ties with the cold TTFT: N x b over (cold -
	// cached), with b as above; 0 where no cached TTFT was measured or
	// it is not below the cold one.
	HitBreakEvenBytesPerSecond float64 `json:"hit_break_even_bytes_per_second"`
	RecomputeSeconds           float64 `json:"recompute_seconds"`      // median cold TTFT
	LoadSeconds                float64 `json:"load_seconds,omitempty"` // median restore time
	// Samples are the raw requests, for anyone recomputing.
	Samples RawPoint `json:"samples"`
}

// BytesPerTokenFit is the saved size fitted as header + b N over the
// prompt lengths, against the formula.
type BytesPerTokenFit struct {
	MeasuredBytesPerToken float64 `json:"measured_bytes_per_token"` // b, the slope
	HeaderBytes           float64 `json:"header_bytes"`             // the intercept
	MaxAbsErrorBytes      float64 `json:"max_abs_error_bytes"`
	FormulaBytesPerToken  float64 `json:"formula_bytes_per_token"`
	DifferenceBytesPerTok float64 `json:"difference_bytes_per_token"` // measured - formula
	// EngineMetadataBytesPerToken is what the engine's file stores per
	// token besides K and V (16 for llama.cpp); 0 when unknown.
	EngineMetadataBytesPerToken float64 `json:"engine_metadata_bytes_per_token"`
	// KVBytesPerToken is measured minus the engine's metadata: the cache
	// per token the formula predicts.
	KVBytesPerToken float64 `json:"kv_bytes_per_token"`
	Agrees          bool    `json:"agrees"` // KVBytesPerToken equals the formula to 0.01 byte
}

// SaveRestore sums up the save/restore measurement.
type SaveRestore struct {
	Measured bool   `json:"measured"`
	Note     string `json:"note"`
	// LoadFit is restore time = fixed + bytes / bandwidth over the lengths.
	LoadFixedSeconds   float64 `json:"load_fixed_seconds"`
	LoadBytesPerSecond float64 `json:"load_bytes_per_second"`
	SaveBytesPerSecond float64 `json:"save_bytes_per_second"`
	DropCaches         bool    `json:"drop_caches"`
	// CrossoverTokens is the prompt length above which restoring from
	// this machine's storage beats recomputing, from the fitted t(N) and
	// the fitted load time; 0 with a note when there is none in range.
	CrossoverTokens float64 `json:"crossover_tokens"`
	CrossoverNote   string  `json:"crossover_note,omitempty"`
	// HitCrossoverTokens is the crossover with the fitted cached TTFT
	// added to every restore: a request whose cache is restored still
	// pays it, a cold one pays it inside t(N).
	HitCrossoverTokens float64 `json:"hit_crossover_tokens"`
	HitCrossoverNote   string  `json:"hit_crossover_note,omitempty"`
}

// LinkVerdict is the answer for one --link at each measured length.
type LinkVerdict struct {
	Link            string  `json:"link"`
	BytesPerSecond  float64 `json:"link_bytes_per_second"`
	CrossoverTokens float64 `json:"crossover_tokens"`
	CrossoverNote   string  `json:"crossover_note,omitempty"`
	// HitCrossoverTokens is the crossover with the fitted cached TTFT
	// added to every load (CachedFit).
	HitCrossoverTokens float64         `json:"hit_crossover_tokens"`
	HitCrossoverNote   string          `json:"hit_crossover_note,omitempty"`
	Points             []LinkPointJSON `json:"points"`
}

// LinkPointJSON is one length's verdict over a link, keys as calc --json.
type LinkPointJSON struct {
	Tokens                  int     `json:"tokens"`
	PrefillTokensPerSecond  float64 `json:"prefill_tokens_per_second"`
	BytesPerToken           float64 `json:"bytes_per_token"`
	BreakEvenBytesPerSecond float64 `json:"break_even_bytes_per_second"`
	RecomputeSeconds        float64 `json:"recompute_seconds"`
	LoadSeconds             float64 `json:"load_seconds"`
	Speedup                 float64 `json:"speedup"`
	Winner                  string  `json:"winner"`
	// The hit: the post's arithmetic compares the load with the whole
	// cold TTFT, but a request whose cache is loaded still pays the
	// cached TTFT (the request, the scheduler, the last token's compute).
	// HitSeconds is the load plus the measured median cached TTFT at N;
	// HitSpeedup the cold TTFT over it and HitWinner the faster path;
	// HitBreakEvenBytesPerSecond the link at which the two are equal, the
	// cache over (cold - cached), 0 where the cached TTFT is not below
	// the cold one and no link makes a hit faster. All 0 or empty where
	// no cached TTFT was measured.
	CachedTTFTSeconds          float64 `json:"cached_ttft_seconds"`
	HitSeconds                 float64 `json:"hit_seconds"`
	HitSpeedup                 float64 `json:"hit_speedup"`
	HitWinner                  string  `json:"hit_winner,omitempty"`
	HitBreakEvenBytesPerSecond float64 `json:"hit_break_even_bytes_per_second"`
}

// hit fills the hit's fields from the measured cached TTFT, the cache's
// bytes and the link (extended.HitOf, as calc's hit row): the load plus
// the cached TTFT against the cold TTFT (RecomputeSeconds), and the link
// at which they are equal.
func (lp *LinkPointJSON) hit(cached, cacheBytes, link float64) {
	h := extended.HitOf(breakeven.Bytes(cacheBytes), breakeven.Seconds(lp.RecomputeSeconds), breakeven.Seconds(cached), extended.Load{Efficiency: 1, Link: breakeven.Bandwidth(link)})
	lp.CachedTTFTSeconds = cached
	lp.HitSeconds, lp.HitSpeedup, lp.HitWinner = float64(h.Seconds), h.Speedup, string(h.Winner)
	if be := float64(h.BreakEven); breakeven.InRange(be) {
		lp.HitBreakEvenBytesPerSecond = be
	}
}

// Formula is the project's model of the cache, when known.
type Formula struct {
	Name   string
	Config string
	Arch   breakeven.Architecture
	Known  bool
}

// ResolveFormula finds the cache formula: the config.json at config (a
// path, or the name of a file kept in sources/configs), or else the
// catalog model named model. With neither it returns an unknown formula
// and no error: the measurement still runs, without the comparison.
func ResolveFormula(model, config string) (Formula, error) {
	if config != "" {
		m, err := sources.ReadConfigModel(config)
		if err != nil {
			// A config kept in sources/configs, by its file name.
			if data, kerr := sources.ConfigData(filepath.Base(config)); kerr == nil {
				m, err = sources.ModelFromConfig("", data)
			}
		}
		if err != nil {
			return Formula{}, userErr("config", "%v (e.g. --config sources/configs/HuggingFaceTB--SmolLM2-135M.json)", err)
		}
		name := m.Name
		if name == "" || name == "model from config.json" {
			name = sources.ConfigName(config) // a config kept in sources/configs, read by its file name
		}
		return Formula{Name: name, Config: config, Arch: m.Arch, Known: true}, nil
	}
	if m, err := sources.FindModel(model); err == nil && m.Known() {
		return Formula{Name: m.Name, Arch: m.Arch, Known: true}, nil
	}
	return Formula{Name: model}, nil
}

// Analyze turns a measurement into a result: spreads, the fits, the
// bytes per token against the formula, B*(N) and the verdict for each
// link (parsed as calc parses --link).
func Analyze(raw Raw, f Formula, links []string, s Settings, prov Provenance) (Result, error) {
	res := Result{Schema: Schema, Provenance: prov, Settings: s, Interrupted: raw.Interrupted, Notes: raw.Notes}
	if _, err := ParseLinks(links); err != nil {
		return res, err
	}
	res.Model = ModelShape{Name: f.Name, Config: f.Config}
	if f.Known {
		res.Model.FormulaBytesPerToken = float64(f.Arch.BytesPerToken())
		res.Model.FormulaFixedBytes = float64(f.Arch.FixedBytes())
		// The shape is kept where three numbers give the whole cache: one
		// GQA group whose values are as wide as its keys.
		if g := f.Arch.Groups; len(g) == 1 && g[0].Attention == breakeven.GQA && g[0].ValueDim() == g[0].HeadDim {
			g := g[0]
			res.Model.Layers, res.Model.KVHeads, res.Model.HeadDim = g.Layers, g.KVHeads, g.HeadDim
		}
	} else {
		res.Notes = append(res.Notes, "no cache formula: --model is not a catalog model and no --config was given, so bytes per token are not compared")
	}
	res.SaveRestore = SaveRestore{Measured: raw.SaveRestore == "measured", Note: raw.SaveRestore, DropCaches: s.DropCaches}

	var ns, ts, spreads []float64
	var sizeN, sizeB []float64
	var loadB, loadT []float64
	for _, rp := range raw.Points {
		if len(rp.Cold) == 0 {
			continue // interrupted before this length
		}
		p := Point{Tokens: rp.Tokens, Samples: rp, ServerCachedTk: -1}
		p.ColdTTFT = SpreadOf(ttfts(rp.Cold))
		p.CachedTTFT = SpreadOf(ttfts(rp.Cached))
		p.RestoredTTFT = SpreadOf(ttfts(rp.Restored))
		if sp := serverSeconds(rp.Cold); len(sp) > 0 {
			p.ServerPrompt = SpreadOf(sp)
			var rates []float64
			for _, c := range rp.Cold {
				if c.ServerPromptSeconds > 0 && c.ServerPromptTokens > 0 {
					rates = append(rates, float64(c.ServerPromptTokens)/c.ServerPromptSeconds)
				}
			}
			if len(rates) > 0 {
				p.ServerRate = Percentile(rates, 0.5)
			}
		}
		var cachedTk []float64
		for _, c := range rp.Cached {
			if c.CachedTokens >= 0 {
				cachedTk = append(cachedTk, float64(c.CachedTokens))
			}
		}
		if len(cachedTk) > 0 {
			p.ServerCachedTk = int(math.Round(Percentile(cachedTk, 0.5)))
		}
		p.RecomputeSeconds = p.ColdTTFT.P50
		p.PrefillTokensPerSecond = float64(rp.Tokens) / p.ColdTTFT.P50
		ns = append(ns, float64(rp.Tokens))
		ts = append(ts, p.ColdTTFT.P50)
		spreads = append(spreads, p.ColdTTFT.RelativeHalfWidth())
		if len(rp.Saves) > 0 && len(rp.Restores) > 0 {
			sv := rp.Saves[len(rp.Saves)-1]
			p.SavedTokens, p.SavedBytes = sv.Tokens, sv.Bytes
			p.SaveSeconds = SpreadOf(slotSeconds(rp.Saves))
			p.RestoreSeconds = SpreadOf(slotSeconds(rp.Restores))
			if p.SaveSeconds.P50 > 0 {
				p.WriteBytesPerSecond = float64(sv.Bytes) / p.SaveSeconds.P50
			}
			if p.RestoreSeconds.P50 > 0 {
				p.ReadBytesPerSecond = float64(rp.Restores[len(rp.Restores)-1].Bytes) / p.RestoreSeconds.P50
			}
			p.LoadSeconds = p.RestoreSeconds.P50
			if sv.Tokens > 0 {
				p.BytesPerToken = float64(sv.Bytes) / float64(sv.Tokens)
			}
			for _, x := range rp.Saves {
				sizeN = append(sizeN, float64(x.Tokens))
				sizeB = append(sizeB, float64(x.Bytes))
			}
			for _, x := range rp.Restores {
				loadB = append(loadB, float64(x.Bytes))
				loadT = append(loadT, x.Seconds)
			}
		} else if f.Known {
			p.BytesPerToken = float64(f.Arch.MeanBytesPerToken(breakeven.Tokens(rp.Tokens)))
		}
		res.Points = append(res.Points, p)
	}
	if len(res.Points) == 0 {
		res.Notes = append(res.Notes, "nothing was measured")
		return res, nil
	}

	// r(N).
	fit, err := FitPrefill(ns, ts)
	if err != nil {
		return res, err
	}
	res.PrefillFit = &fit
	tol := 0.0
	for _, s := range spreads {
		if !math.IsNaN(s) {
			tol = math.Max(tol, 2*s)
		}
	}
	res.PrefillFitTolerance = math.Max(tol, 0.02)
	for i := range res.Points {
		res.Points[i].FittedSeconds = fit.Seconds(ns[i])
		res.Points[i].RelativeResidual = fit.Residuals[i]
	}

	if cf, ok := res.CachedLine(); ok {
		res.CachedFit = &cf
	}

	// Bytes per token from the saved sizes.
	b := res.Model.FormulaBytesPerToken
	if distinct(sizeN) >= 2 {
		lf, err := FitLine(sizeN, sizeB)
		if err == nil {
			bf := &BytesPerTokenFit{MeasuredBytesPerToken: lf.Slope, HeaderBytes: lf.Intercept, MaxAbsErrorBytes: lf.MaxAbsError,
				FormulaBytesPerToken: res.Model.FormulaBytesPerToken}
			if prov.Engine == EngineLlamaCpp {
				bf.EngineMetadataBytesPerToken = LlamaCppMetadataBytesPerToken
			}
			bf.KVBytesPerToken = lf.Slope - bf.EngineMetadataBytesPerToken
			if f.Known {
				bf.DifferenceBytesPerTok = lf.Slope - bf.FormulaBytesPerToken
				bf.Agrees = math.Abs(bf.KVBytesPerToken-bf.FormulaBytesPerToken) < 0.01
			}
			res.BytesPerToken = bf
			b = lf.Slope
		}
	} else if len(sizeN) > 0 {
		res.Notes = append(res.Notes, "bytes per token need saves at two prompt lengths or more; give --input-lens with at least two")
	}
	for i := range res.Points {
		p := &res.Points[i]
		if b > 0 {
			p.BreakEvenBytesPerSecond = p.PrefillTokensPerSecond * b
			if c := p.CachedTTFT.P50; c > 0 {
				h := extended.BreakEvenAt(breakeven.Bytes(float64(p.Tokens)*b), breakeven.Seconds(p.ColdTTFT.P50), breakeven.Seconds(c), 1)
				if breakeven.InRange(float64(h)) {
					p.HitBreakEvenBytesPerSecond = float64(h)
				}
			}
		}
	}

	// The load: restore time = fixed + bytes / bandwidth.
	recompute := func(n breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(fit.Seconds(float64(n))) }
	maxN := breakeven.Tokens(ns[len(ns)-1] * 16)
	if prov.ContextTokens > 0 {
		maxN = breakeven.Tokens(prov.ContextTokens)
	}
	var loadFixed float64
	if distinct(loadB) >= 2 {
		lf, err := FitLine(loadB, loadT)
		if err != nil || !(lf.Slope > 0) {
			// Restore times that do not grow with the size: the median
			// bandwidth of the longest length stands, with no fixed cost.
			last := res.Points[len(res.Points)-1]
			res.SaveRestore.LoadBytesPerSecond = last.ReadBytesPerSecond
			res.SaveRestore.SaveBytesPerSecond = last.WriteBytesPerSecond
			res.Notes = append(res.Notes, "the restore times do not grow with the cache's size here, so no fixed cost is fitted; the load bandwidth is the longest prompt's")
		}
		if err == nil && lf.Slope > 0 {
			loadFixed = math.Max(lf.Intercept, 0)
			sr := &res.SaveRestore
			sr.LoadFixedSeconds, sr.LoadBytesPerSecond = loadFixed, 1/lf.Slope
			var saveB, saveT []float64
			for _, rp := range raw.Points {
				for _, x := range rp.Saves {
					saveB = append(saveB, float64(x.Bytes))
					saveT = append(saveT, x.Seconds)
				}
			}
			if sf, err := FitLine(saveB, saveT); err == nil && sf.Slope > 0 {
				sr.SaveBytesPerSecond = 1 / sf.Slope
			}
			l := extended.Load{Latency: breakeven.Seconds(loadFixed), Efficiency: 1, Link: breakeven.Bandwidth(sr.LoadBytesPerSecond)}
			sr.CrossoverTokens, sr.CrossoverNote = crossover(recompute, l, b, breakeven.Tokens(ns[len(ns)-1]), maxN)
			if res.CachedFit != nil {
				sr.HitCrossoverTokens, sr.HitCrossoverNote = hitCrossover(recompute, l, b, res.CachedFit, breakeven.Tokens(ns[len(ns)-1]), maxN)
			}
		}
	}

	// The user's links.
	if res.Links, err = res.Verdicts(links, f); err != nil {
		return res, err
	}
	return res, nil
}

// Verdicts judges each link at every measured length: the load of the
// cache (the formula's when f is known, else the measured bytes per
// token) over the link at line rate against recomputing at the measured
// r(N), with breakeven.Scenario; and the crossover length from the fitted
// t(N) and a load that pays the measured restore's fixed cost
// (extended.Crossover).
func (res Result) Verdicts(links []string, f Formula) ([]LinkVerdict, error) {
	parsed, err := ParseLinks(links)
	if err != nil || len(res.Points) == 0 || res.PrefillFit == nil {
		return nil, err
	}
	fit := *res.PrefillFit
	recompute := func(n breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(fit.Seconds(float64(n))) }
	maxN := breakeven.Tokens(float64(res.Points[len(res.Points)-1].Tokens) * 16)
	if res.Provenance.ContextTokens > 0 {
		maxN = breakeven.Tokens(res.Provenance.ContextTokens)
	}
	b := res.Model.FormulaBytesPerToken
	if res.BytesPerToken != nil {
		b = res.BytesPerToken.MeasuredBytesPerToken
	}
	hit, hasHit := res.CachedLine()
	var out []LinkVerdict
	for i, ls := range links {
		link := parsed[i]
		lv := LinkVerdict{Link: ls, BytesPerSecond: float64(link.Total())}
		l := extended.Load{Latency: breakeven.Seconds(res.SaveRestore.LoadFixedSeconds), Efficiency: 1, Link: link.Total()}
		last := breakeven.Tokens(res.Points[len(res.Points)-1].Tokens)
		if b > 0 {
			lv.CrossoverTokens, lv.CrossoverNote = crossover(recompute, l, b, last, maxN)
			if hasHit {
				lv.HitCrossoverTokens, lv.HitCrossoverNote = hitCrossover(recompute, l, b, &hit, last, maxN)
			}
		}
		for _, p := range res.Points {
			lp := LinkPointJSON{Tokens: p.Tokens, PrefillTokensPerSecond: p.PrefillTokensPerSecond}
			var r breakeven.Result
			var err error
			if f.Known {
				// The project's formula for the cache, the measured r(N).
				r, err = breakeven.Scenario{Arch: f.Arch, Tokens: breakeven.Tokens(p.Tokens), Prefill: breakeven.TokenRate(p.PrefillTokensPerSecond), Link: link.Total()}.Evaluate()
			} else if b > 0 {
				r, err = measuredScenario(p.Tokens, p.PrefillTokensPerSecond, b, link.Total())
			} else {
				continue
			}
			if err != nil {
				return nil, err
			}
			lp.BytesPerToken, lp.BreakEvenBytesPerSecond = float64(r.BytesPerToken), float64(r.BreakEven)
			lp.RecomputeSeconds, lp.LoadSeconds, lp.Speedup, lp.Winner = float64(r.Recompute), float64(r.Load), r.Speedup, string(r.Winner)
			if c := p.CachedTTFT.P50; c > 0 {
				lp.hit(c, float64(r.CacheBytes), float64(link.Total()))
			}
			lv.Points = append(lv.Points, lp)
		}
		out = append(out, lv)
	}
	return out, nil
}

// Formula returns the cache formula of the measured model: its config
// (as recorded, or the file of that name kept in sources/configs), else
// its shape, else unknown.
func (res Result) Formula() Formula {
	if res.Model.Config != "" {
		if f, err := ResolveFormula("", res.Model.Config); err == nil {
			return f
		}
	}
	if m := res.Model; m.Layers > 0 && m.KVHeads > 0 && m.HeadDim > 0 {
		return Formula{Name: m.Name, Arch: breakeven.GQAArchitecture(m.Layers, m.KVHeads, m.HeadDim), Known: true}
	}
	return Formula{Name: res.Model.Name}
}

// Raw rebuilds the measurement a result was analysed from, from its
// samples, so it can be analysed again (measure --from FILE): with other
// links, or by a newer version of Analyze.
func (res Result) Raw() Raw {
	raw := Raw{SaveRestore: res.SaveRestore.Note, Interrupted: res.Interrupted}
	p := res.Provenance
	raw.Info = ServerInfo{Engine: p.Engine, EngineVersion: p.EngineVersion, ContextTokens: p.ContextTokens, ModelPath: p.ModelPath}
	raw.Started, _ = time.Parse(time.RFC3339, p.Date)
	for _, pt := range res.Points {
		raw.Points = append(raw.Points, pt.Samples)
	}
	return raw
}

// LinkNames returns the links a result was judged for.
func (res Result) LinkNames() []string {
	var out []string
	for _, l := range res.Links {
		out = append(out, l.Link)
	}
	return out
}

// ParseLinks reads links as calc reads --link (a speed or a preset, with
// a count). Its error is a *breakeven.FieldError naming --link.
func ParseLinks(links []string) ([]breakeven.Link, error) {
	var out []breakeven.Link
	for _, ls := range links {
		link, err := breakeven.ParseLink(ls, sources.PresetLink)
		if err != nil {
			return nil, breakeven.FieldFromParse("link", ls, err, "--link 2x100GbE")
		}
		out = append(out, link)
	}
	return out, nil
}

// measuredScenario is breakeven.Scenario for a cache known only by its
// measured bytes per token.
func measuredScenario(n int, r, b float64, link breakeven.Bandwidth) (breakeven.Result, error) {
	if !(r > 0) || !(b > 0) || !(link > 0) {
		return breakeven.Result{}, fmt.Errorf("measure: no positive prefill speed, bytes per token and link to compare")
	}
	out := breakeven.Result{BytesPerToken: breakeven.BytesPerToken(b), CacheBytes: breakeven.Bytes(b * float64(n))}
	out.BreakEven = breakeven.BreakEvenBandwidth(breakeven.TokenRate(r), out.BytesPerToken)
	out.Recompute = breakeven.RecomputeTime(breakeven.Tokens(n), breakeven.TokenRate(r))
	out.Load = breakeven.LoadTime(out.CacheBytes, link)
	out.Speedup = float64(out.Recompute / out.Load)
	out.Winner = breakeven.Recompute
	if out.Load < out.Recompute {
		out.Winner = breakeven.Load
	}
	return out, nil
}

// crossover is the prompt length from which loading b bytes per token
// beats the fitted recompute time at every longer one, up to maxN
// (extended.FindCrossings' last change; 0 where loading does not win at
// maxN), with a note where the fits are extrapolated, where loading never
// wins, or where the faster path changes more than once.
func crossover(recompute extended.TimeFunc, l extended.Load, b float64, last, maxN breakeven.Tokens) (float64, string) {
	return hitCrossover(recompute, l, b, nil, last, maxN)
}

// hitCrossover is crossover with hit(N), what a request whose cache is
// loaded still pays, added to every load (none when hit is nil).
func hitCrossover(recompute extended.TimeFunc, l extended.Load, b float64, hit *LineFit, last, maxN breakeven.Tokens) (float64, string) {
	load := func(n breakeven.Tokens) breakeven.Seconds {
		t := l.Time(breakeven.Bytes(b * float64(n)))
		if hit != nil {
			t += breakeven.Seconds(hit.At(float64(n)))
		}
		return t
	}
	c := extended.FindCrossings(recompute, load, maxN)
	// Where the faster path changes more than once, the note says where
	// each wins.
	var notes []string
	if !c.Once() {
		notes = append(notes, c.String())
	}
	if !c.LoadWinsAtMax() {
		if c.Once() {
			notes = append(notes, fmt.Sprintf("loading does not beat recomputing up to %s tokens at %v", maxN, l.Link))
		}
		return 0, strings.Join(notes, "; ")
	}
	n := c.Changes[len(c.Changes)-1]
	// The first whole prompt from which loading wins, at least one token.
	whole := float64(extended.FirstWhole(n))
	if n > last {
		notes = append(notes, fmt.Sprintf("beyond the longest prompt measured, %s tokens: the fits extrapolated", last))
	}
	return whole, strings.Join(notes, "; ")
}

// CachedLine fits the median cached TTFT at each measured length as a
// line over N (a constant with one length): what a request still pays
// when its cache is found. ok is false where no cached TTFT was measured.
func (res Result) CachedLine() (f LineFit, ok bool) {
	var xs, ys []float64
	for _, p := range res.Points {
		if p.CachedTTFT.P50 > 0 {
			xs = append(xs, float64(p.Tokens))
			ys = append(ys, p.CachedTTFT.P50)
		}
	}
	if len(xs) == 0 {
		return LineFit{}, false
	}
	if distinct(xs) < 2 {
		return LineFit{Intercept: Percentile(ys, 0.5)}, true
	}
	f, err := FitLine(xs, ys)
	return f, err == nil
}

// At is the line at x, never below zero (a time).
func (f LineFit) At(x float64) float64 { return math.Max(0, f.Intercept+f.Slope*x) }

func distinct(xs []float64) int {
	seen := map[float64]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	return len(seen)
}

func ttfts(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		out = append(out, s.TTFT)
	}
	return out
}

func serverSeconds(ss []Sample) []float64 {
	var out []float64
	for _, s := range ss {
		if s.ServerPromptSeconds >= 0 {
			out = append(out, s.ServerPromptSeconds)
		}
	}
	return out
}

func slotSeconds(rs []SlotResult) []float64 {
	var out []float64
	for _, r := range rs {
		out = append(out, r.Seconds)
	}
	return out
}

// ThisMachine describes the computer this runs on: the CPU model from
// /proc/cpuinfo, the cores Go sees, an NVIDIA GPU from the driver's
// /proc files (or "none found").
func ThisMachine() Machine {
	m := Machine{Cores: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH, CPUModel: "unknown", GPU: "none found"}
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if ok && strings.TrimSpace(k) == "model name" {
				m.CPUModel = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	if ents, err := os.ReadDir("/proc/driver/nvidia/gpus"); err == nil {
		var gpus []string
		for _, e := range ents {
			data, err := os.ReadFile("/proc/driver/nvidia/gpus/" + e.Name() + "/information")
			if err != nil {
				continue
			}
			for _, line := range strings.Split(string(data), "\n") {
				if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "Model" {
					gpus = append(gpus, strings.TrimSpace(v))
				}
			}
		}
		if len(gpus) > 0 {
			m.GPU = strings.Join(gpus, ", ")
		}
	}
	return m
}

// DropPageCache syncs and drops the kernel's page cache, so the next
// read comes from the disk. It needs root.
func DropPageCache() error {
	if os.Geteuid() != 0 {
		return errors.New("dropping the page cache needs root")
	}
	if err := syncAll(); err != nil {
		return err
	}
	return os.WriteFile("/proc/sys/vm/drop_caches", []byte("3\n"), 0)
}

// Now is the clock for the result's date (a variable for tests).
var Now = func() time.Time { return time.Now().UTC() }

// ReadResult reads a result file written by breakeven measure --out (or
// --json). A missing file, bad JSON, another schema or a file with no
// measured point is an error naming the path.
func ReadResult(path string) (Result, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return Result{}, fmt.Errorf("measurement %s: %v (write one with breakeven measure --out FILE)", breakeven.Quote(path), err)
	}
	return ParseResult(path, data)
}

// ParseResult reads a result from its JSON; name is used in errors.
func ParseResult(name string, data []byte) (Result, error) {
	var r Result
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&r); err != nil {
		return Result{}, fmt.Errorf("measurement %s: not a breakeven measure result (%v)", breakeven.Quote(name), err)
	}
	if r.Schema != Schema {
		return Result{}, fmt.Errorf("measurement %s: schema %q, want %q (write one with breakeven measure --out FILE)", breakeven.Quote(name), r.Schema, Schema)
	}
	if len(r.Points) == 0 || r.PrefillFit == nil {
		return Result{}, fmt.Errorf("measurement %s: no prompt length was measured", breakeven.Quote(name))
	}
	for _, p := range r.Points {
		if !(p.PrefillTokensPerSecond > 0) || p.Tokens < 1 {
			return Result{}, fmt.Errorf("measurement %s: the point at %d tokens has no positive prefill speed", breakeven.Quote(name), p.Tokens)
		}
	}
	return r, nil
}

// WriteJSON writes the result as indented JSON.
func (r Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// CSVHeader is the columns of WriteCSV, one row per prompt length.
var CSVHeader = []string{"tokens", "cold_ttft_p10_seconds", "cold_ttft_p50_seconds", "cold_ttft_p90_seconds",
	"cached_ttft_p10_seconds", "cached_ttft_p50_seconds", "cached_ttft_p90_seconds", "restored_ttft_p50_seconds",
	"server_prompt_p50_seconds", "server_cached_tokens", "prefill_tokens_per_second", "fitted_seconds", "relative_residual",
	"saved_tokens", "saved_bytes", "bytes_per_token", "save_p50_seconds", "restore_p50_seconds",
	"write_bytes_per_second", "read_bytes_per_second", "break_even_bytes_per_second", "recompute_seconds", "load_seconds",
	"hit_break_even_bytes_per_second"}

// WriteCSV writes one row per prompt length.
func (r Result) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	g := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 6, 64)
	}
	// A hit's break-even of 0 means none (the cached TTFT is not below
	// the cold one, or was not measured): an empty cell, not 0 B/s.
	orEmpty := func(x float64) string {
		if x == 0 {
			return ""
		}
		return g(x)
	}
	for _, p := range r.Points {
		row := []string{strconv.Itoa(p.Tokens), g(p.ColdTTFT.P10), g(p.ColdTTFT.P50), g(p.ColdTTFT.P90),
			g(p.CachedTTFT.P10), g(p.CachedTTFT.P50), g(p.CachedTTFT.P90), g(p.RestoredTTFT.P50),
			g(p.ServerPrompt.P50), strconv.Itoa(p.ServerCachedTk), g(p.PrefillTokensPerSecond), g(p.FittedSeconds), g(p.RelativeResidual),
			strconv.Itoa(p.SavedTokens), strconv.FormatInt(p.SavedBytes, 10), g(p.BytesPerToken), g(p.SaveSeconds.P50), g(p.RestoreSeconds.P50),
			g(p.WriteBytesPerSecond), g(p.ReadBytesPerSecond), g(p.BreakEvenBytesPerSecond), g(p.RecomputeSeconds), g(p.LoadSeconds),
			orEmpty(p.HitBreakEvenBytesPerSecond)}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
