package factcheck

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/modelconfig"
	"signalweight.dev/kv/breakeven/prefill"
	"signalweight.dev/kv/sources"
)

// Field is a column of a claims file that the checker does not read,
// kept so that it can be echoed.
type Field struct{ Name, Value string }

// Claim is a published statement about loading a KV cache, as written:
// on the command line, in a row of a claims file, or in
// sources.PublishedClaims (FromPublished). Check parses it. It may state
// any of these forms (sources.PublishedClaim describes them):
//
//	(a) Seconds: a load, or a time to first token with the cache
//	    (SecondsAre); a time to first token bounds the need from below;
//	(b) Size: the cache's size for Tokens tokens, checked against the
//	    computed size;
//	(c) Throughput: a bandwidth delivered, per node (PerNode) or in total;
//	(d) Uncached beside Seconds, or a Speedup: the load the cached time
//	    implies, the MFU the uncached time implies (with GPUs), and
//	    whether a stated ratio agrees with the two times;
//	(e) Hit: the share of the prompt loaded, the rest prefilled;
//	(f) a load slower than recomputing, which the checker flags.
type Claim struct {
	Model      string // a catalog name or alias: "llama-3.1-70b"
	Config     string // a config.json path, for a model outside the catalog (Options.LoadConfig)
	Tokens     string // "105000", "105k", "128Ki"
	Seconds    string // form (a): the cached time, "0.58", "580ms"
	SecondsAre string // "ttft" (the default) or "load"
	Size       string // form (b): "40 GB"
	Throughput string // form (c): "40GiB/s"
	PerNode    bool   // form (c): Throughput is per node
	Uncached   string // form (d): time to first token without the cache, "70.8s"
	Speedup    string // form (d): "152x"
	Hit        string // form (e): share of the prompt from the cache, "90%"
	Links      string // the stated links, "" if none: "1x400Gbit/s", "2x100GbE", "ndr"
	Host       string // a host catalog id, "" if none: "dgx-h100"
	Path       string // the load path (sources.LoadPaths): "nvlink", "pcie-h2d"; "" to infer it from the links, else the network
	TP         string // the tensor-parallel degree, "" for none: the size, throughput and links are then one GPU's of N
	GPUs       string // the GPUs that prefill, "" if none: "8xH100"
	Precision  string // their compute precision, as calc --precision: "fp8", "fp8+bf16"; "" for BF16 (check --precision; not a claims file's column)
	KVDtype    string // the KV element type, "" for the default: "fp8"
	ID         string // a stable id, "" if none
	Source     string // who made the claim (source ids), kept as given
	Locator    string // where in the source: a section, a table
	Quote      string // the claim's words, for the report
	Note       string
	Extra      []Field // columns of a claims file the checker does not read, in file order
	Line       int     // the line in a claims file; 0 elsewhere
}

// What a claim's Seconds measure: sources.SecondsTTFT or
// sources.SecondsLoad.
const (
	SecondsTTFT = sources.SecondsTTFT
	SecondsLoad = sources.SecondsLoad
)

// Options set what a Checker assumes where a claim says nothing.
type Options struct {
	// Element is the KV element type of a claim that names none; the zero
	// value is the post's 16 bits (sources.PostElement).
	Element breakeven.ElementType
	// Host is the host of a claim that names none; "" assumes none, and
	// so no ceiling.
	Host string
	// Ceiling, if set, is the most one host takes in for every claim,
	// whatever host it names (check --ceiling).
	Ceiling breakeven.Bandwidth
	// AllowBeyondContext is accepted for older callers and changes
	// nothing: every form of claim (time, size, throughput, uncached,
	// hit) is checked beyond the model's context, with a finding saying
	// so (Result.BeyondContext).
	AllowBeyondContext bool
	// LoadConfig reads a model from a config.json named by a claim's
	// Config; nil means LoadConfig (this package's), which reads a file
	// kept in sources/configs by its name, or any file by its path.
	LoadConfig func(path string) (sources.Model, error)
}

// LoadConfig reads the model of a config.json: a file kept in
// sources/configs, named by its file name or its path in the repository
// ("meta-llama--Meta-Llama-3.1-70B.json", "sources/configs/..."), or else
// any file on disk.
func LoadConfig(path string) (sources.Model, error) {
	name := strings.TrimPrefix(filepath.ToSlash(path), sources.ConfigDir+"/")
	if !strings.Contains(name, "/") {
		if data, err := sources.ConfigData(name); err == nil {
			return sources.ModelFromConfig("", data)
		}
	}
	return sources.ReadConfigModel(path)
}

// Result is a checked claim.
type Result struct {
	Claim   Claim
	Model   sources.Model // zero for a throughput-only claim
	Tokens  breakeven.Tokens
	Element breakeven.ElementType
	// TokenReading says how a K-suffixed count was read and what the
	// other reading gives; "" for a count without one. OtherTokens is the
	// other reading (0 if none) and OtherRequired the need under it.
	TokenReading  string
	OtherTokens   breakeven.Tokens
	OtherRequired breakeven.Bandwidth
	// PerToken is the cache per token averaged over the prompt, windows
	// and fixed state included.
	PerToken breakeven.BytesPerToken
	Cache    breakeven.Bytes // the whole prompt's cache
	// Hit is the share of the prompt loaded (1 unless stated); Loaded is
	// its cache, the bytes the claim moves.
	Hit    float64
	Loaded breakeven.Bytes

	Seconds    breakeven.Seconds // the cached time, stated or from Uncached / Speedup; 0 if none
	SecondsAre string            // SecondsTTFT or SecondsLoad
	Uncached   breakeven.Seconds // 0 if not stated (nor derived)
	Speedup    float64           // as stated, 0 if not
	Ratio      float64           // Uncached / Seconds when both are known, else 0
	Throughput breakeven.Bandwidth
	// ThroughputRate is a throughput stated in tokens per second ("185k
	// tok/s"); Throughput is then that rate times the cache per token.
	ThroughputRate breakeven.TokenRate
	PerNode        bool
	Size           breakeven.Bytes // as stated, 0 if not
	// Payload is set when the claim states the bytes it moved and the time,
	// with no prompt length: Required is Size / Seconds.
	Payload bool
	// BeyondContext is set when the prompt is longer than the model's
	// context: in every form the arithmetic is done anyway (a count past
	// one request's context is the cache of several, as the registry's
	// llm-d 1M-token and GLM-5.2 283M-token sizes are) and a finding
	// says so.
	BeyondContext bool
	SizeCheck     *SizeCheck

	// Required is the bandwidth the claim needs: Loaded / Seconds, or the
	// stated throughput; 0 for a size-only claim. NeedIsFloor is set when
	// it is only a lower bound: the time is a time to first token, which
	// holds more than the load (with a partial hit, the rest's prefill too).
	Required    breakeven.Bandwidth
	NeedIsFloor bool
	// Link is the stated links, nil if none; LinksNeeded is how many like
	// them carry Required (0 with no link).
	Link        *breakeven.Link
	LinksNeeded int
	// Host is the claim's host, nil if none; Ceiling the most it takes
	// in (0: none assumed), and CeilingFrom what set it.
	Host        *sources.Host
	Ceiling     breakeven.Bandwidth
	CeilingFrom string
	// HostsNeeded is, for a throughput stated in total, how many hosts of
	// the ceiling it takes; 0 otherwise.
	HostsNeeded int
	// Path is the load path the ceiling is taken on, and PathWhy how it
	// was chosen: stated, implied by the links, or assumed. PathCeiling is
	// the host's ceiling on it, nil with no host (or --ceiling).
	Path        sources.LoadPath
	PathWhy     string
	PathCeiling *sources.PathCeiling
	// TP is the tensor-parallel degree the claim is stated at (1: the
	// whole cache). Above 1, Cache, Loaded, Required and Ceiling are one
	// GPU's: its shard of the cache, and its share of the path. ShardNote
	// says how the cache splits.
	TP        int
	ShardNote string
	// RateCheck is a stated throughput against the time and bytes the
	// claim also states; nil unless it states all three.
	RateCheck *RateCheck
	GPUs      *prefill.GPUs
	// Prefill is the prefill speed an uncached time gives (tokens over
	// the time) and BreakEven the bandwidth above which loading the cache
	// beats recomputing it, r x b; 0 without an uncached time.
	Prefill   breakeven.TokenRate
	BreakEven breakeven.Bandwidth
	// MFU is the utilisation the uncached time implies on GPUs, nil
	// without both.
	MFU *float64
	// Shrink is how many times smaller the cache would have to be to fit
	// the stated links (or the ceiling, with no link); at most 1 when it
	// fits already or nothing bounds it.
	Shrink float64
	// FitsWith is the widest KV element type, smaller than Element, with
	// which the claim would fit; nil if it fits already or none does.
	FitsWith *breakeven.ElementType
	Verdict  Verdict

	// What the explanation and the findings are written from: the
	// ceiling the verdict used, the MFU's limit, the least time a partial
	// hit's rest takes at peak, the recompute time at the low MFU.
	judgedCeiling breakeven.Bandwidth
	mfuLimit      prefill.Limit
	restAtPeak    breakeven.Seconds
	recomputeLow  breakeven.Seconds
	noFLOPModel   bool
}

// Capacity returns what the stated links carry, 0 if none is stated.
func (r Result) Capacity() breakeven.Bandwidth {
	if r.Link == nil {
		return 0
	}
	return r.Link.Total()
}

// Checker checks claims. It remembers the models, links, hosts and GPUs
// it has resolved, so a file of many claims on few models is checked
// quickly. A Checker is not safe for concurrent use.
type Checker struct {
	opt    Options
	models map[string]modelLookup
	links  map[string]linkLookup
	hosts  map[string]hostLookup
	gpus   map[string]gpuLookup
	pms    map[string]pmLookup
}

type modelLookup struct {
	m   sources.Model
	err error
}

type linkLookup struct {
	l   breakeven.Link
	err error
}

type hostLookup struct {
	h   *sources.Host
	err error
}

type gpuLookup struct {
	g   prefill.GPUs
	err error
}

type pmLookup struct {
	m   prefill.Model
	err error
}

// NewChecker returns a Checker with the given options.
func NewChecker(opt Options) *Checker {
	if opt.Element.Size == 0 {
		opt.Element = sources.PostElement()
	}
	if opt.LoadConfig == nil {
		opt.LoadConfig = LoadConfig
	}
	return &Checker{opt: opt, models: map[string]modelLookup{}, links: map[string]linkLookup{},
		hosts: map[string]hostLookup{}, gpus: map[string]gpuLookup{}, pms: map[string]pmLookup{}}
}

// Check parses and checks one claim. The error, if any, is a *breakeven.FieldError.
func Check(c Claim, opt Options) (Result, error) { return NewChecker(opt).Check(c) }

// Example values shown in errors.
const (
	exampleModel    = `"llama-3.1-70b"; list them with "breakeven models"`
	exampleTokens   = `"105000", "105k" (105,000), "128Ki" (131,072)`
	exampleSeconds  = `"0.58", "580ms", "3s"`
	exampleAre      = `"ttft" or "load"`
	exampleSize     = `"40 GB", "40 GiB"`
	exampleThrough  = `"40 GiB/s", "300 GB/s"`
	exampleSpeedup  = `"152x", "20"`
	exampleHit      = `"90%", "0.9"`
	exampleGPUs     = `"8xH100", "4xB200"`
	exampleForm     = `--seconds 0.58, --size "40 GB", --throughput "40 GiB/s", or --uncached 70.8s --speedup 152x`
	exampleHostList = `"dgx-h100"; list them with "breakeven check --hosts"`
	examplePath     = `"nvlink", "pcie-h2d", "network" (with --host dgx-h100)`
	exampleTP       = `"4" (the figures are one GPU's of 4)`
)

// Check parses and checks one claim:
//
//	cache    = the model's cache of N tokens at the claim's KV type
//	loaded   = the cache of the share loaded (all of it unless Hit)
//	required = loaded / seconds, or the stated throughput
//	verdict  = Rule(required, the stated links, the host's ceiling)
//
// A size-only claim gets a size verdict instead. The error, if any, is a
// *breakeven.FieldError.
func (c *Checker) Check(cl Claim) (Result, error) {
	r := Result{Claim: cl, Hit: 1, Element: c.opt.Element, SecondsAre: SecondsTTFT, PerNode: cl.PerNode, TP: 1}
	var err error
	given := func(s string) bool { return strings.TrimSpace(s) != "" }
	modelRead := given(cl.Model) || given(cl.Config) || given(cl.Tokens)
	if modelRead {
		if err = c.readModel(&r); err != nil {
			return r, err
		}
	}
	if err = c.readForms(&r); err != nil {
		return r, err
	}
	if err = c.readContext(&r); err != nil {
		return r, err
	}
	timed := r.Seconds > 0
	if payload(cl) {
		// The bytes moved are stated: no model or prompt is needed.
		r.Loaded = r.Size
		r.Required = breakeven.RequiredBandwidth(r.Size, r.Seconds)
		if !breakeven.InRange(float64(r.Required)) {
			return r, breakeven.Bad("seconds", cl.Seconds, fmt.Sprintf("gives a bandwidth of %g bytes/s, out of range", float64(r.Required)), exampleSeconds)
		}
		r.NeedIsFloor = r.SecondsAre == SecondsTTFT
		r.Payload = true
		if err := c.judge(&r); err != nil {
			return r, err
		}
		return r, nil
	}
	if needsModel := timed || r.Size > 0 || r.Uncached > 0 || r.ThroughputRate > 0; needsModel && !modelRead {
		if err = c.readModel(&r); err != nil {
			return r, err
		}
	}

	if r.ThroughputRate > 0 {
		if !r.Model.Known() {
			return r, breakeven.Bad("throughput", cl.Throughput, "a throughput in tokens per second needs the model, to turn tokens into bytes", `"40 GiB/s", or a model with "185k tokens/s"`)
		}
		// The cache per token: averaged over the prompt when its length is
		// stated, else the per-token growth of the layers that keep every token.
		arch := r.arch()
		per := arch.BytesPerToken()
		if r.Tokens > 0 {
			per = arch.MeanBytesPerToken(r.Tokens)
		}
		r.Throughput = breakeven.Bandwidth(float64(r.ThroughputRate) * float64(per))
		if !breakeven.InRange(float64(r.Throughput)) {
			return r, breakeven.Bad("throughput", cl.Throughput, fmt.Sprintf("gives a bandwidth of %g bytes/s, out of range", float64(r.Throughput)), exampleThrough)
		}
	}
	if r.Model.Known() && r.Tokens > 0 {
		arch := r.arch()
		r.Cache = arch.CacheSize(r.Tokens)
		r.PerToken = arch.MeanBytesPerToken(r.Tokens)
		r.Loaded = r.Cache
		if r.Hit < 1 {
			r.Loaded = arch.CacheSize(r.Tokens * breakeven.Tokens(r.Hit))
		}
		if !breakeven.InRange(float64(r.Cache)) {
			return r, breakeven.Bad("tokens", cl.Tokens, fmt.Sprintf("gives a cache of %g bytes, too large to check", float64(r.Cache)), exampleTokens)
		}
		if timed {
			r.Required = breakeven.RequiredBandwidth(r.Loaded, r.Seconds)
			if !breakeven.InRange(float64(r.Required)) {
				return r, breakeven.Bad("seconds", cl.Seconds, fmt.Sprintf("gives a bandwidth of %g bytes/s, out of range", float64(r.Required)), exampleSeconds)
			}
			r.NeedIsFloor = r.SecondsAre == SecondsTTFT
			if r.OtherTokens > 0 {
				r.OtherRequired = breakeven.RequiredBandwidth(arch.CacheSize(r.OtherTokens*breakeven.Tokens(r.Hit)), r.Seconds)
			}
		}
	}
	if !timed && r.Throughput > 0 {
		r.Required = r.Throughput
	}

	if r.Required > 0 {
		if err := c.judge(&r); err != nil {
			return r, err
		}
	} else {
		c.judgeSize(&r)
	}
	c.measure(&r)
	return r, nil
}

// readForms parses the forms the claim states: times, size, throughput,
// speedup, hit.
func (c *Checker) readForms(r *Result) error {
	cl := r.Claim
	given := func(s string) bool { return strings.TrimSpace(s) != "" }
	var err error
	switch strings.ToLower(strings.TrimSpace(cl.SecondsAre)) {
	case "", SecondsTTFT:
	case SecondsLoad:
		r.SecondsAre = SecondsLoad
	default:
		return breakeven.Bad("seconds-are", cl.SecondsAre, "not what a time measures", exampleAre)
	}
	if given(cl.Seconds) {
		if r.Seconds, err = breakeven.ParseSeconds(cl.Seconds); err != nil {
			return breakeven.FieldFromParse("seconds", cl.Seconds, err, exampleSeconds)
		}
	}
	if given(cl.Uncached) {
		if r.Uncached, err = breakeven.ParseSeconds(cl.Uncached); err != nil {
			return breakeven.FieldFromParse("uncached", cl.Uncached, err, exampleSeconds)
		}
	}
	if given(cl.Speedup) {
		if r.Speedup, err = parseSpeedup(cl.Speedup); err != nil {
			return breakeven.Bad("speedup", cl.Speedup, err.Error(), exampleSpeedup)
		}
		switch {
		case r.Seconds == 0 && r.Uncached > 0:
			r.Seconds = r.Uncached / breakeven.Seconds(r.Speedup)
		case r.Uncached == 0 && r.Seconds > 0:
			r.Uncached = r.Seconds * breakeven.Seconds(r.Speedup)
		case r.Seconds == 0:
			return breakeven.Bad("speedup", cl.Speedup, "a speedup alone times nothing; give --uncached or --seconds with it", "--uncached 70.8s --speedup 152x")
		}
	}
	if r.Seconds > 0 && r.Uncached > 0 {
		r.Ratio = float64(r.Uncached / r.Seconds)
	}
	if given(cl.Size) {
		if r.Size, err = breakeven.ParseBytes(cl.Size); err != nil {
			return breakeven.FieldFromParse("size", cl.Size, err, exampleSize)
		}
		if r.Size == 0 {
			return breakeven.Bad("size", cl.Size, "zero value", exampleSize)
		}
	}
	if given(cl.Throughput) {
		if r.Throughput, err = breakeven.ParseBandwidth(cl.Throughput); err != nil {
			// A throughput in tokens per second ("185k tok/s") is a
			// bandwidth once the model's cache per token is known.
			if !tokenRateUnit(cl.Throughput) {
				return breakeven.FieldFromParse("throughput", cl.Throughput, err, exampleThrough)
			}
			rate, rerr := breakeven.ParseTokenRate(cl.Throughput)
			if rerr != nil { // written in tokens/s: say what is wrong with it as a rate
				return breakeven.FieldFromParse("throughput", cl.Throughput, rerr, `"185k tok/s"`)
			}
			r.ThroughputRate, r.Throughput = rate, 0
		}
	}
	if given(cl.Hit) {
		h, err := parseShare(cl.Hit)
		if err != nil {
			return breakeven.Bad("hit", cl.Hit, err.Error(), exampleHit)
		}
		r.Hit = h
	}
	if r.Seconds == 0 && r.Size == 0 && r.Throughput == 0 && r.ThroughputRate == 0 && r.Uncached > 0 {
		// An uncached time alone says how long recomputing took, nothing
		// about a load: there is no cached time to turn into a need.
		return breakeven.Bad("uncached", cl.Uncached, "an uncached time alone times no load; give the cached time or a speedup with it", "--uncached 70.8s --speedup 152x")
	}
	if r.Seconds == 0 && r.Size == 0 && r.Throughput == 0 && r.ThroughputRate == 0 && r.Uncached == 0 {
		field := "seconds"
		if cl.Line > 0 {
			return breakeven.Bad(field, cl.Seconds, "empty, and the row states no size, throughput or uncached time either: nothing to check", exampleForm)
		}
		return breakeven.Bad(field, cl.Seconds, "missing: a claim states a time, a size, a throughput or an uncached time with a speedup", exampleForm)
	}
	return nil
}

// readContext parses what the claim says of its setting: KV type, links,
// host, GPUs.
func (c *Checker) readContext(r *Result) error {
	cl := r.Claim
	var err error
	if strings.TrimSpace(cl.KVDtype) != "" {
		if r.Element, err = breakeven.ParseElementType(cl.KVDtype); err != nil {
			return breakeven.FieldFromParse("kv-dtype", cl.KVDtype, err, breakeven.ExampleElement)
		}
	}
	if strings.TrimSpace(cl.Links) != "" {
		l, err := c.link(cl.Links)
		if err != nil {
			return err
		}
		r.Link = &l
	}
	hostName := cl.Host
	if strings.TrimSpace(hostName) == "" {
		hostName = c.opt.Host
	}
	if strings.TrimSpace(hostName) != "" {
		if r.Host, err = c.host(hostName); err != nil {
			return err
		}
		r.Ceiling, r.CeilingFrom = r.Host.Ceiling(), "host "+r.Host.Name
	}
	if c.opt.Ceiling > 0 {
		r.Ceiling, r.CeilingFrom = c.opt.Ceiling, "--ceiling"
	}
	if err := c.readPath(r); err != nil {
		return err
	}
	if strings.TrimSpace(cl.GPUs) != "" {
		g, err := c.gpu(cl.GPUs)
		if err != nil {
			return err
		}
		r.GPUs = &g
	}
	if p := strings.TrimSpace(cl.Precision); p != "" {
		if r.GPUs == nil {
			return breakeven.Bad("precision", cl.Precision, "a precision picks the peak of the GPUs that prefill; give --gpus with it", "--gpus 32xH20 --precision fp8")
		}
		cp, err := prefill.ParseCompute(p)
		if err != nil {
			return breakeven.Bad("precision", cl.Precision, err.Error(), prefill.ComputeExample)
		}
		g, err := r.GPUs.In(cp)
		if err != nil {
			return breakeven.Bad("precision", cl.Precision, err.Error(), "bf16")
		}
		r.GPUs = &g
	}
	return nil
}

// readModel resolves the model (or config) and the token count.
func (c *Checker) readModel(r *Result) error {
	cl := r.Claim
	var err error
	if strings.TrimSpace(cl.Config) != "" {
		if c.opt.LoadConfig == nil {
			return breakeven.Bad("config", cl.Config, "reading a config.json is not available here; name a catalog model", exampleModel)
		}
		if r.Model, err = c.opt.LoadConfig(cl.Config); err != nil {
			var fe *breakeven.FieldError
			if errors.As(err, &fe) {
				return fe
			}
			if cl.Config == pastedConfig {
				return modelconfig.FieldError("config-text", cl.Config, err)
			}
			return modelconfig.FieldError("config", cl.Config, err)
		}
	} else if r.Model, err = c.model(cl.Model); err != nil {
		return err
	}
	if el := r.Model.Arch.Element; el.Size > 0 && strings.TrimSpace(cl.KVDtype) == "" {
		// A KV-cache type the model's config states, as calc takes it: the
		// claim's own kv_dtype, where it gives one, still decides.
		r.Element = el
	}
	if strings.TrimSpace(cl.Tokens) == "" && (throughputOnly(cl) || payload(cl)) {
		return nil // a bandwidth, or the bytes moved, stated outright need no prompt length
	}
	if r.Tokens, err = c.tokens(cl.Tokens); err != nil {
		return err
	}
	r.BeyondContext = r.Model.Context > 0 && r.Tokens > r.Model.Context
	r.OtherTokens, r.TokenReading, _ = breakeven.TokenReading(cl.Tokens)
	return nil
}

// judge gives a need its verdict by Rule, with the links it takes and
// the smaller KV type that would make it fit.
func (c *Checker) judge(r *Result) error {
	ceiling := r.Ceiling
	if r.Throughput > 0 && r.Seconds == 0 && !r.PerNode && !r.oneGPU() && ceiling > 0 {
		// A total across hosts: no one host's ceiling applies; say how many
		// hosts it takes instead.
		r.HostsNeeded = Links(r.Required, ceiling)
		ceiling = 0
	}
	ref := ceiling
	if r.Link != nil {
		ratio := float64(r.Required / r.Link.Each)
		if ratio > maxLinksNeeded {
			return breakeven.Bad("links", r.Claim.Links, fmt.Sprintf("each link carries %v, so the claim would take more than %g of them", r.Link.Each, float64(maxLinksNeeded)), breakeven.ExampleLink)
		}
		r.LinksNeeded = Links(r.Required, r.Link.Each)
		ref = r.Link.Total()
	}
	r.Verdict = Rule(r.Required, r.Capacity(), ceiling)
	if ref > 0 {
		r.Shrink = float64(r.Required / ref)
	}
	if r.Verdict == Implausible {
		r.Shrink = float64(r.Required / ceiling)
	}
	if r.Shrink > 1+tolerance && r.Model.Known() && r.Seconds > 0 {
		r.FitsWith = c.smallerElement(*r, r.Model.Arch, breakeven.Bandwidth(float64(r.Required)/r.Shrink))
	}
	r.judgedCeiling = ceiling
	return nil
}

// Need is the arithmetic of a timed claim, the core of Check: the cache of
// n tokens of arch, and the bandwidth that moves it in t (cache / t). The
// post's claim rows (package post) are this over intervals.
func Need(arch breakeven.Architecture, n breakeven.Tokens, t breakeven.Seconds) (breakeven.Bytes, breakeven.Bandwidth) {
	cache := arch.CacheSize(n)
	return cache, breakeven.RequiredBandwidth(cache, t)
}

// Links is how many links of speed each carry need at line rate: at
// least one, since breakeven.LinksNeeded's absolute tolerance rounds a
// need far below one link down to none.
func Links(need, each breakeven.Bandwidth) int {
	return max(1, breakeven.LinksNeeded(need, each))
}

// tolerance keeps a claim that needs exactly what its links carry from
// failing on rounding.
const tolerance = 1e-9

// maxLinksNeeded bounds the links a claim may need before its stated
// link is treated as a typo (a "10 Mbit/s" for "10 Gbit/s").
const maxLinksNeeded = 1e6

func (c *Checker) model(name string) (sources.Model, error) {
	if l, ok := c.models[name]; ok {
		return l.m, l.err
	}
	m, err := sources.ResolveModel(name, sources.ModelExamples{Name: exampleModel, Unknown: exampleModel + ", or a config column / --config config.json"})
	c.models[name] = modelLookup{m, err}
	return m, err
}

// tokenRateUnit reports a throughput written in tokens per second.
func tokenRateUnit(s string) bool {
	t := strings.ToLower(strings.TrimSpace(s))
	return strings.Contains(t, "tok") || strings.HasSuffix(t, "t/s") || strings.HasSuffix(t, "tps")
}

// payload reports a claim that states the bytes it moved and the time,
// with no prompt length ("4 GB in 362 ms"): the need is the size over the
// time, and no cache is computed.
func payload(cl Claim) bool {
	g := func(s string) bool { return strings.TrimSpace(s) != "" }
	return g(cl.Size) && g(cl.Seconds) && !g(cl.Tokens) && !g(cl.Hit)
}

// throughputOnly reports a claim that states a throughput and no time or
// size, which needs no prompt length.
func throughputOnly(cl Claim) bool {
	g := func(s string) bool { return strings.TrimSpace(s) != "" }
	return g(cl.Throughput) && !g(cl.Seconds) && !g(cl.Size) && !g(cl.Uncached) && !g(cl.Hit)
}

// tokens reads a whole, positive token count. One beyond the model's
// context is read as any other, in every form of claim alike; readModel
// marks it BeyondContext for the finding.
func (c *Checker) tokens(s string) (breakeven.Tokens, error) {
	if strings.TrimSpace(s) == "" {
		return 0, breakeven.Bad("tokens", s, "missing: the claim's prompt length", exampleTokens)
	}
	n, err := breakeven.ParseTokens(s)
	if err != nil {
		return 0, breakeven.FieldFromParse("tokens", s, err, exampleTokens)
	}
	if n < 1 || n != breakeven.Tokens(math.Trunc(float64(n))) {
		return 0, breakeven.Bad("tokens", s, "not a whole number of tokens", exampleTokens)
	}
	return n, nil
}

func (c *Checker) link(s string) (breakeven.Link, error) {
	if l, ok := c.links[s]; ok {
		return l.l, l.err
	}
	l, err := breakeven.ParseLink(s, sources.PresetLink)
	if err != nil {
		err = breakeven.FieldFromParse("links", s, err, breakeven.ExampleLink)
	}
	c.links[s] = linkLookup{l, err}
	return l, err
}

func (c *Checker) host(s string) (*sources.Host, error) {
	if l, ok := c.hosts[s]; ok {
		return l.h, l.err
	}
	var l hostLookup
	if len(s) > breakeven.MaxInput {
		l.err = breakeven.Bad("host", s, "too long", exampleHostList)
	} else if h, ok := sources.FindHost(s); ok {
		l.h = &h
	} else {
		l.err = breakeven.Bad("host", s, "unknown host (known: "+strings.Join(sources.HostIDs(), ", ")+")", exampleHostList)
	}
	c.hosts[s] = l
	return l.h, l.err
}

func (c *Checker) gpu(s string) (prefill.GPUs, error) {
	if l, ok := c.gpus[s]; ok {
		return l.g, l.err
	}
	g, err := sources.ParseGPUs(s)
	if err != nil {
		var uc *prefill.UnknownChipError
		reason := strings.TrimPrefix(err.Error(), "prefill: ")
		if errors.As(err, &uc) {
			reason = fmt.Sprintf("unknown GPU %s (known: %s)", breakeven.Quote(uc.Chip), strings.Join(uc.Known, ", "))
		}
		err = breakeven.Bad("gpus", s, reason, exampleGPUs)
	}
	c.gpus[s] = gpuLookup{g, err}
	return g, err
}

// prefillModel is the model's FLOP model, cached by name.
func (c *Checker) prefillModel(m sources.Model) (prefill.Model, error) {
	if l, ok := c.pms[m.Name]; ok {
		return l.m, l.err
	}
	pm, err := sources.PrefillModel(m)
	c.pms[m.Name] = pmLookup{pm, err}
	return pm, err
}

// smallerElement returns the widest element type smaller than the
// claim's with which the loaded cache fits in ref, or nil. It recomputes
// the cache, since a fixed state does not shrink with the element type.
func (c *Checker) smallerElement(r Result, arch breakeven.Architecture, ref breakeven.Bandwidth) *breakeven.ElementType {
	var best *breakeven.ElementType
	for _, t := range breakeven.ElementTypes {
		if t.Size >= r.Element.Size || (best != nil && t.Size <= best.Size) {
			continue
		}
		a := arch.With(t, 1)
		if r.TP > 1 {
			a, _ = shardArch(a, r.TP)
		}
		need := breakeven.RequiredBandwidth(a.CacheSize(r.Tokens*breakeven.Tokens(r.Hit)), r.Seconds)
		if float64(need) <= float64(ref)*(1+tolerance) {
			t := t
			best = &t
		}
	}
	return best
}

// FitText says what smaller cache would make the claim fit, or "" if it
// fits. Long adds the TurboQuant comparison where a standard type would
// do.
func (r Result) FitText(long bool) string {
	if r.Shrink <= 1+tolerance {
		return ""
	}
	s := fmt.Sprintf("a cache %sx smaller", breakeven.FormatSignificant(r.Shrink, breakeven.DefaultSignificant))
	tq := sources.TurboQuantFactor.V()
	switch {
	case r.FitsWith != nil:
		ratio := float64(r.Element.Size / r.FitsWith.Size)
		s += fmt.Sprintf(" (%s, %gx smaller than %s, would do)", r.FitsWith.Name, ratio, r.Element.Name)
		if long {
			s += fmt.Sprintf("; TurboQuant reports more than %gx", tq)
		}
	case r.Shrink <= tq:
		s += fmt.Sprintf(", beyond any smaller KV type here but within TurboQuant's reported more than %gx", tq)
	default:
		s += fmt.Sprintf(", more than TurboQuant's reported %gx", tq)
	}
	return s
}
