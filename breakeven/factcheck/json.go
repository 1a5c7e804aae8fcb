package factcheck

import "strings"

// JSONResult is one checked claim in check --json and --csv: SI base
// units, snake_case keys.
type JSONResult struct {
	Line                    int               `json:"line,omitempty"`
	ID                      string            `json:"id,omitempty"`
	Model                   string            `json:"model"`
	NameNote                string            `json:"name_note,omitempty"`
	Tokens                  float64           `json:"tokens"`
	TokenReading            string            `json:"token_reading,omitempty"`
	KVDtype                 string            `json:"kv_dtype"`
	BytesPerToken           float64           `json:"bytes_per_token"`
	CacheBytes              float64           `json:"cache_bytes"`
	Hit                     float64           `json:"hit"`
	LoadedBytes             float64           `json:"loaded_bytes"`
	ClaimedSeconds          float64           `json:"claimed_seconds"`
	SecondsAre              string            `json:"seconds_are"`
	UncachedSeconds         *float64          `json:"uncached_seconds"`
	Speedup                 *float64          `json:"speedup"`
	Ratio                   *float64          `json:"ratio"`
	Throughput              *float64          `json:"throughput_bytes_per_second"`
	PerNode                 bool              `json:"per_node"`
	SizeBytes               *float64          `json:"size_bytes"`
	SizeReading             string            `json:"size_reading,omitempty"`
	RequiredBytesPerSecond  float64           `json:"required_bytes_per_second"`
	NeedIsFloor             bool              `json:"need_is_floor"`
	Links                   string            `json:"links"`
	LinkCount               *int              `json:"link_count"`
	LinkEachBytesPerSecond  *float64          `json:"link_each_bytes_per_second"`
	LinkBytesPerSecond      *float64          `json:"link_bytes_per_second"`
	LinksNeeded             *int              `json:"links_needed"`
	Host                    string            `json:"host"`
	CeilingBytesPerSecond   *float64          `json:"ceiling_bytes_per_second"`
	CeilingFrom             string            `json:"ceiling_from,omitempty"`
	Path                    string            `json:"path,omitempty"`
	PathWhy                 string            `json:"path_why,omitempty"`
	TP                      int               `json:"tp,omitempty"`
	RateReading             string            `json:"rate_reading,omitempty"`
	GPUs                    string            `json:"gpus,omitempty"`
	Precision               string            `json:"precision,omitempty"`
	PrefillTokensPerSecond  *float64          `json:"prefill_tokens_per_second,omitempty"`
	BreakEvenBytesPerSecond *float64          `json:"break_even_bytes_per_second,omitempty"`
	MFU                     *float64          `json:"mfu"`
	ShrinkNeeded            float64           `json:"shrink_needed"`
	FitsWith                string            `json:"fits_with"`
	Answer                  string            `json:"answer"`
	Verdict                 string            `json:"verdict"`
	Explanation             string            `json:"explanation"`
	Findings                []string          `json:"findings"`
	ConfigAssumptions       []string          `json:"config_assumptions,omitempty"`
	Arithmetic              string            `json:"arithmetic"`
	Command                 string            `json:"command"`
	Source                  string            `json:"source"`
	Quote                   string            `json:"quote,omitempty"`
	Note                    string            `json:"note,omitempty"`
	Extra                   map[string]string `json:"extra,omitempty"`
}

func (r Result) JSON() JSONResult {
	opt := func(x float64) *float64 {
		if x == 0 {
			return nil
		}
		return &x
	}
	j := JSONResult{
		Line: r.Claim.Line, ID: r.Claim.ID, Model: r.Model.Name, NameNote: r.Model.NameNote, Tokens: float64(r.Tokens), TokenReading: r.TokenReading,
		KVDtype: r.Element.Name, BytesPerToken: float64(r.PerToken), CacheBytes: float64(r.Cache), Hit: r.Hit, LoadedBytes: float64(r.Loaded),
		ClaimedSeconds: float64(r.Seconds), SecondsAre: r.SecondsAre, UncachedSeconds: opt(float64(r.Uncached)), Speedup: opt(r.Speedup),
		Ratio: opt(r.Ratio), Throughput: opt(float64(r.Throughput)), PerNode: r.PerNode,
		RequiredBytesPerSecond: float64(r.Required), NeedIsFloor: r.NeedIsFloor, Links: r.Claim.Links,
		CeilingBytesPerSecond: opt(float64(r.Ceiling)), CeilingFrom: r.CeilingFrom, GPUs: r.Claim.GPUs, MFU: r.MFU,
		Precision: r.Claim.Precision, PrefillTokensPerSecond: opt(float64(r.Prefill)), BreakEvenBytesPerSecond: opt(float64(r.BreakEven)), ShrinkNeeded: r.Shrink,
		Answer: r.Answer(), Verdict: string(r.Verdict), Explanation: r.Explanation(), Findings: r.Findings(), Arithmetic: r.Arithmetic(), Command: r.Command(),
		Source: r.Claim.Source, Quote: r.Claim.Quote, Note: r.Claim.Note, ConfigAssumptions: r.ConfigAssumptions(),
	}
	if j.Findings == nil {
		j.Findings = []string{}
	}
	if r.Host != nil {
		j.Host = r.Host.ID
	}
	if r.Path.ID != "" && (r.Host != nil || !strings.HasPrefix(r.PathWhy, "assumed")) {
		j.Path, j.PathWhy = r.Path.ID, r.PathWhy
	}
	if r.oneGPU() {
		j.TP = r.TP
	}
	if rc := r.RateCheck; rc != nil {
		switch {
		case rc.NoMatch:
			j.RateReading = "no-match"
		case rc.Reading != "":
			j.RateReading = rc.Reading
		default:
			j.RateReading = "as written"
		}
	}
	if r.SizeCheck != nil {
		j.SizeBytes = opt(float64(r.SizeCheck.Stated))
		j.SizeReading = r.SizeCheck.Reading
	}
	if r.Link != nil {
		n, each, total, need := r.Link.Count, float64(r.Link.Each), float64(r.Link.Total()), r.LinksNeeded
		j.LinkCount, j.LinkEachBytesPerSecond, j.LinkBytesPerSecond, j.LinksNeeded = &n, &each, &total, &need
	}
	if r.FitsWith != nil {
		j.FitsWith = r.FitsWith.Name
	}
	if len(r.Claim.Extra) > 0 {
		j.Extra = map[string]string{}
		for _, f := range r.Claim.Extra {
			j.Extra[f.Name] = f.Value
		}
	}
	return j
}
