package factcheck_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// Llama 3.1/3.3 70B at 16 bits: 2 x 80 layers x 8 KV heads x 128 dims x 2
// bytes.
const llama70PerToken = 2 * 80 * 8 * 128 * 2 // 327,680

const gbps = 1e9 // bytes per second in a GB/s

// Every cell of the verdict table, from its example, and each cell's
// verdict under Rule.
func TestRuleTable(t *testing.T) {
	// A need, links and ceiling (GB/s, 0 for none) in each cell.
	examples := map[string][3]float64{
		"none|none|any":            {50, 0, 0},
		"none|L|need <= L":         {50, 50, 0},
		"none|L|need > L":          {429, 400, 0},
		"C|none|need <= C":         {300, 0, 600},
		"C|L|need <= L, need <= C": {429, 500, 600},
		"C|L|L < need <= C":        {429, 400, 600},
		"C|none or any L|need > C": {700, 1000, 600},
	}
	require.Len(t, factcheck.RuleTable, len(examples))
	seen := map[string]bool{}
	for _, c := range factcheck.RuleTable {
		key := c.Host + "|" + c.Links + "|" + c.Need
		assert.False(t, seen[key], "duplicate cell %s", key)
		seen[key] = true
		ex, ok := examples[key]
		require.True(t, ok, "no example for %s", key)
		need, links, ceiling := ex[0]*gbps, ex[1]*gbps, ex[2]*gbps
		// The example is in its cell: check the condition by hand.
		switch c.Need {
		case "need <= L":
			assert.LessOrEqual(t, need, links, key)
		case "need > L":
			assert.Greater(t, need, links, key)
		case "need <= C":
			assert.LessOrEqual(t, need, ceiling, key)
		case "need <= L, need <= C":
			assert.True(t, need <= links && need <= ceiling, key)
		case "L < need <= C":
			assert.True(t, links < need && need <= ceiling, key)
		case "need > C":
			assert.Greater(t, need, ceiling, key)
		}
		assert.Equal(t, c.Host == "none", ceiling == 0, key)
		got := factcheck.Rule(breakeven.Bandwidth(need), breakeven.Bandwidth(links), breakeven.Bandwidth(ceiling))
		assert.Equal(t, c.Verdict, got, key)
	}
	// The table covers every verdict Rule gives.
	verdicts := map[factcheck.Verdict]bool{}
	for _, c := range factcheck.RuleTable {
		verdicts[c.Verdict] = true
	}
	for _, v := range []factcheck.Verdict{factcheck.Plausible, factcheck.NoBound, factcheck.NeedsMoreLinks, factcheck.Implausible} {
		assert.True(t, verdicts[v], v)
	}
	// "need > C" holds with no links too.
	assert.Equal(t, factcheck.Implausible, factcheck.Rule(700*gbps, 0, 600*gbps))
}

// The case: 429 GB/s is not implausible with 8x400GbE and
// plausible with 10x400GbE; the links decide only between plausible and
// needs-more-links, the host's ceiling alone decides implausible.
func TestSameNeedSameVerdictWhateverTheLinks(t *testing.T) {
	// 429 GB/s: 131,072 tokens of Llama 3.1 70B (42.9 GB) in 0.1 s.
	secs := float64(131072*llama70PerToken) / 429e9
	claim := func(links, host string) factcheck.Result {
		r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: num(secs), SecondsAre: "load", Links: links, Host: host}, factcheck.Options{})
		require.NoError(t, err)
		assert.InEpsilon(t, 429e9, float64(r.Required), 1e-12)
		return r
	}
	for _, host := range []string{"", "dgx-h100"} {
		assert.Equal(t, factcheck.NeedsMoreLinks, claim("8x400GbE", host).Verdict, host)
		assert.Equal(t, factcheck.NeedsMoreLinks, claim("2x400GbE", host).Verdict, host)
		assert.Equal(t, factcheck.Plausible, claim("10x400GbE", host).Verdict, host)
		assert.Equal(t, factcheck.Plausible, claim("900GB/s", host).Verdict, host)
	}
	assert.Equal(t, factcheck.NoBound, claim("", "").Verdict)
	assert.Equal(t, factcheck.Plausible, claim("", "dgx-h100").Verdict)
	// A 4x L40S box takes in 4 x 32 GB/s = 128 GB/s: implausible whatever
	// the links.
	for _, links := range []string{"", "1x400GbE", "10x400GbE", "100x400GbE"} {
		r := claim(links, "4xl40s")
		assert.Equal(t, factcheck.Implausible, r.Verdict, links)
		assert.InEpsilon(t, 128e9, float64(r.Ceiling), 1e-12)
		assert.Contains(t, r.Explanation(), "a 4x L40S (PCIe Gen4) takes in at most", links)
	}
}

// (a) A time to first token bounds the need from below, and every such
// verdict says so; a load does not.
func TestTTFTIsAFloor(t *testing.T) {
	for _, are := range []string{"", "ttft", "load"} {
		r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", SecondsAre: are, Links: "1x400GbE"}, factcheck.Options{})
		require.NoError(t, err)
		floor := are != "load"
		assert.Equal(t, floor, r.NeedIsFloor, are)
		assert.Equal(t, floor, strings.Contains(r.Explanation(), "time to first token, which includes more than the load, so this need is a floor"), are)
		assert.Equal(t, floor, strings.HasPrefix(r.Explanation(), "needs at least 59"), r.Explanation())
	}
	_, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", SecondsAre: "prefill"}, factcheck.Options{})
	assert.ErrorContains(t, err, `seconds-are "prefill": not what a time measures`)
}

// (b) A size only: "40 GB for 128K tokens of Llama 3.1 70B" is 40 GiB
// for 131,072 tokens: 131,072 x 327,680 = 42,949,672,960 B = 40 x 2^30.
func TestSizeOnly(t *testing.T) {
	size := func(tokens, size string) factcheck.Result {
		r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: tokens, Size: size}, factcheck.Options{})
		require.NoError(t, err)
		assert.Zero(t, r.Required, "a size-only claim needs no bandwidth")
		require.NotNil(t, r.SizeCheck)
		return r
	}
	r := size("128K", "40 GB")
	assert.Equal(t, factcheck.SizeMisread, r.Verdict)
	assert.Equal(t, "GiB written as GB, and 128K meaning 131,072 tokens", r.SizeCheck.Reading)
	assert.Equal(t, breakeven.Bytes(40<<30), r.SizeCheck.Computed)
	assert.Contains(t, r.Explanation(), "only read as GiB written as GB")

	r = size("128Ki", "40 GB")
	assert.Equal(t, factcheck.SizeMisread, r.Verdict)
	assert.Equal(t, "GiB written as GB", r.SizeCheck.Reading)

	// 128,000 x 327,680 = 41,943,040,000 B: "41.9 GB" as written.
	assert.Equal(t, factcheck.SizeMatches, size("128K", "41.9 GB").Verdict)
	assert.Equal(t, factcheck.SizeMatches, size("128Ki", "40 GiB").Verdict)
	// 42.9 GB is 128Ki's: K read as 1,024.
	r = size("128K", "42.9 GB")
	assert.Equal(t, factcheck.SizeMisread, r.Verdict)
	assert.Equal(t, "128K meaning 131,072 tokens", r.SizeCheck.Reading)
	r = size("128K", "30 GB")
	assert.Equal(t, factcheck.SizeDiffers, r.Verdict)
	assert.Contains(t, r.Explanation(), "under every reading tried")
}

// (c) A throughput per node is held to the host's ceiling; one in total
// spans hosts, so only the links bound it, and the finding says how many
// hosts it takes.
func TestThroughput(t *testing.T) {
	check := func(c factcheck.Claim) factcheck.Result {
		r, err := factcheck.Check(c, factcheck.Options{})
		require.NoError(t, err)
		return r
	}
	r := check(factcheck.Claim{Throughput: "40 GiB/s", PerNode: true, Host: "dgx-h100"})
	assert.Equal(t, factcheck.Plausible, r.Verdict)
	assert.InEpsilon(t, 40*float64(1<<30), float64(r.Required), 1e-12)
	assert.Contains(t, r.Explanation(), "delivered per node")

	r = check(factcheck.Claim{Throughput: "700 GB/s", PerNode: true, Host: "dgx-h100"})
	assert.Equal(t, factcheck.Implausible, r.Verdict, "more than 12 x 50 GB/s")

	r = check(factcheck.Claim{Throughput: "1 TB/s", Host: "dgx-h100"})
	assert.Equal(t, factcheck.NoBound, r.Verdict)
	assert.Equal(t, 2, r.HostsNeeded, "1 TB/s over 600 GB/s hosts")
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "it takes at least 2 hosts")

	r = check(factcheck.Claim{Throughput: "1 TB/s", Links: "8x400GbE"})
	assert.Equal(t, factcheck.NeedsMoreLinks, r.Verdict)
	assert.Equal(t, 20, r.LinksNeeded, "1 TB/s over 50 GB/s links")
}

// (d) Uncached and cached times: the load the cached one implies, the
// ratio against a stated speedup, the MFU the uncached time implies.
func TestUncachedAndSpeedup(t *testing.T) {
	base := factcheck.Claim{Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms", Uncached: "70.8s", Speedup: "152x", Links: "4xPCIe4x16"}
	r, err := factcheck.Check(base, factcheck.Options{})
	require.NoError(t, err)
	// 131,072 x 327,680 / 0.465 s = 92.4 GB/s.
	assert.InEpsilon(t, 131072*llama70PerToken/0.465, float64(r.Required), 1e-12)
	assert.Equal(t, "92.4 GB/s", r.Required.String())
	assert.InEpsilon(t, 70.8/0.465, r.Ratio, 1e-12)
	findings := strings.Join(r.Findings(), "\n")
	assert.Contains(t, findings, "the stated 152x agrees with the two times")

	bad := base
	bad.Speedup = "20x"
	r, err = factcheck.Check(bad, factcheck.Options{})
	require.NoError(t, err)
	// 70.75 / 0.4655 = 151.99 to 70.85 / 0.4645 = 152.53.
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated 20x does not: the times give 152 to 153x")

	// A speedup with one time gives the other.
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.3-70b", Tokens: "131072", Uncached: "70.8s", Speedup: "152x"}, factcheck.Options{})
	require.NoError(t, err)
	assert.InEpsilon(t, 70.8/152, float64(r.Seconds), 1e-12)
	_, err = factcheck.Check(factcheck.Claim{Model: "llama-3.3-70b", Tokens: "131072", Speedup: "152x"}, factcheck.Options{})
	assert.ErrorContains(t, err, "a speedup alone times nothing")
	_, err = factcheck.Check(factcheck.Claim{Model: "llama-3.3-70b", Tokens: "131072", Seconds: "1", Speedup: "0.5x"}, factcheck.Options{})
	assert.ErrorContains(t, err, "a speedup below 1 is a slowdown")

	// The MFU of the uncached time on 8 H100s, by hand: the linear work,
	// 2 x 70e9 parameters (the catalog's) x 131,072 tokens less the
	// untied output head's (vocab 128,256 x hidden 8,192) for all but the
	// last token, and the attention's, 2 x n^2/2 pairs x 80 layers x 64
	// query heads x (128 + 128), over 8 x 989.4 TFLOP/s x 70.8 s.
	withGPUs := base
	withGPUs.GPUs = "8xH100"
	r, err = factcheck.Check(withGPUs, factcheck.Options{})
	require.NoError(t, err)
	require.NotNil(t, r.MFU)
	const n = 131072.0
	head := 128256.0 * 8192
	flops := 2*(70e9-head)*n + 2*head + 2*(n*n/2)*80*64*(128+128)
	assert.InEpsilon(t, flops/(8*989.4e12*70.8), *r.MFU, 1e-9)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the uncached 70.8 s implies an MFU of")
}

// (e) A partial hit loads the cache of its share of the prompt.
func TestPartialHit(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1", SecondsAre: "load", Hit: "90%", GPUs: "8xH100"}, factcheck.Options{})
	require.NoError(t, err)
	assert.InEpsilon(t, 0.9*131072*llama70PerToken, float64(r.Loaded), 1e-12)
	assert.InEpsilon(t, 0.9*131072*llama70PerToken, float64(r.Required), 1e-12)
	assert.False(t, r.NeedIsFloor, "a load: the rest's prefill is not in its time")
	assert.NotContains(t, r.Explanation(), "floor")
	// As a time to first token, the rest's prefill is in the time: a floor.
	ttft, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1", Hit: "90%", GPUs: "8xH100"}, factcheck.Options{})
	require.NoError(t, err)
	assert.True(t, ttft.NeedIsFloor)
	assert.Contains(t, ttft.Explanation(), "(here the prefill of the rest of the prompt too), so this need is a floor")
	findings := strings.Join(r.Findings(), "\n")
	assert.Contains(t, findings, "90.0% from the cache")
	assert.Contains(t, findings, "the other 13,107 tokens are prefilled over the whole context, at least")
	_, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1", Hit: "0%"}, factcheck.Options{})
	assert.ErrorContains(t, err, "a hit of 0 loads nothing")
	_, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1", Hit: "120%"}, factcheck.Options{})
	assert.ErrorContains(t, err, "between 0 and 1")
}

// (f) A load slower than recomputing is flagged: against the stated
// uncached time, or against the FLOP model at the low end of the MFU
// range. 131,072 tokens of a 70B model are at least 2 x 70e9 x 131,072
// = 1.85e16 FLOPs, at most ~1.5 times that with attention: on 8 H100s at
// an MFU of 0.2, about 12 to 18 s.
func TestLoadSlowerThanRecomputing(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "80s", Uncached: "70.8s"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "loading is slower than recomputing here")

	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "30s", GPUs: "8xH100"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "loading is slower than recomputing")
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "10s", GPUs: "8xH100"}, factcheck.Options{})
	require.NoError(t, err)
	assert.NotContains(t, strings.Join(r.Findings(), "\n"), "slower than recomputing")
}

// A K-suffixed count says how it was read and what the other reading
// would need: 131,072 x 327,680 / 0.58 s.
func TestTokenReadingFinding(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "128K", Seconds: "0.58"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, breakeven.Tokens(128000), r.Tokens)
	assert.InEpsilon(t, 131072*llama70PerToken/0.58, float64(r.OtherRequired), 1e-12)
	assert.Contains(t, r.Findings(), `"128K" read as 128,000 tokens; 128Ki would be 131,072, which would need 74.1 GB/s`)
	assert.Contains(t, r.Assumptions(), `"128K" read as 128,000 tokens; 128Ki would be 131,072`)
}

// FromPublished reads every field of a published claim.
func TestFromPublished(t *testing.T) {
	p := sources.PublishedClaim{ID: "fake-r1-distill", Source: sources.WEKABlog, Locator: "a table", Quote: "70.8 s to 465 ms, 152x",
		Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms", SecondsAre: sources.SecondsTTFT, Size: "40 GiB",
		Throughput: "92 GB/s", PerNode: true, Uncached: "70.8s", Speedup: "152x", Hit: "100%",
		Links: "4xPCIe4x16", Host: "4xl40s", GPUs: "8xH100", KVDtype: "bf16", Note: "fake, for the test"}
	c := factcheck.FromPublished(p)
	assert.Equal(t, factcheck.Claim{ID: p.ID, Source: "weka-amg-2025", Locator: p.Locator, Quote: p.Quote, Model: p.Model, Tokens: p.Tokens,
		Seconds: p.Seconds, SecondsAre: p.SecondsAre, Size: p.Size, Throughput: p.Throughput, PerNode: true, Uncached: p.Uncached,
		Speedup: p.Speedup, Hit: p.Hit, Links: p.Links, Host: p.Host, GPUs: p.GPUs, KVDtype: p.KVDtype, Note: p.Note}, c)
	r, err := factcheck.Check(c, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, factcheck.Plausible, r.Verdict, r.Explanation()) // 92.4 GB/s within 4 x 32 GB/s
	assert.Equal(t, "breakeven check --model llama-3.3-70b --tokens 131072 --seconds 465ms --size '40 GiB' --throughput '92 GB/s' --per-node --uncached 70.8s --speedup 152x --hit 100% --links 4xPCIe4x16 --host 4xl40s --gpus 8xH100 --kv-dtype bf16", r.Command())
}

// A host that is not in the catalog is refused, naming the ones that are.
func TestUnknownHost(t *testing.T) {
	_, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Host: "dgx-h900"}, factcheck.Options{})
	var fe *breakeven.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "host", fe.Field)
	assert.Contains(t, err.Error(), "unknown host (known: dgx-h100, dgx-h200")
	_, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000"}, factcheck.Options{})
	assert.ErrorContains(t, err, "a claim states a time, a size, a throughput or an uncached time")
}

// Optional columns are read into their fields; unknown ones are kept, in
// file order, and never dropped.
func TestReaderColumns(t *testing.T) {
	file := "Model,Tokens,Seconds,Links,Source,Vendor,Seconds-Are,Size,Throughput,Per node,Uncached,Speedup,Hit,Host,GPUs,ID,Locator,Quote,URL\n" +
		"llama-3.3-70b,131072,465ms,4xPCIe4x16,x,ACME,load,40 GiB,92 GB/s,yes,70.8s,152x,90%,4xl40s,8xH100,acme-1,table 2,\"152x, quoted\",https://example.com/a\n" +
		"llama-3.3-70b,131072,465ms,,x,ACME,,,,maybe,,,,,,,,,\n"
	rd, err := factcheck.NewReader(strings.NewReader(file))
	require.NoError(t, err)
	assert.Equal(t, []string{"vendor", "url"}, rd.ExtraColumns())
	c, err := rd.Read()
	require.NoError(t, err)
	assert.Equal(t, factcheck.Claim{Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms", Links: "4xPCIe4x16", Source: "x",
		SecondsAre: "load", Size: "40 GiB", Throughput: "92 GB/s", PerNode: true, Uncached: "70.8s", Speedup: "152x", Hit: "90%",
		Host: "4xl40s", GPUs: "8xH100", ID: "acme-1", Locator: "table 2", Quote: "152x, quoted",
		Extra: []factcheck.Field{{"vendor", "ACME"}, {"url", "https://example.com/a"}}, Line: 2}, c)
	_, err = rd.Read()
	var re *factcheck.RowError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, `line 3: per_node "maybe": not yes or no (e.g. "yes" (per node) or "no" (in total))`, re.Error())
}

// A need that equals its links is carried: rounding of a part in 10^9 is
// forgiven, a part and a half in 10^9 is not.
func TestRuleTolerance(t *testing.T) {
	l := 400 * gbps
	assert.Equal(t, factcheck.Plausible, factcheck.Rule(breakeven.Bandwidth(l*(1+0.5e-9)), breakeven.Bandwidth(l), 0))
	assert.Equal(t, factcheck.NeedsMoreLinks, factcheck.Rule(breakeven.Bandwidth(l*(1+1.5e-9)), breakeven.Bandwidth(l), 0))
	assert.Equal(t, factcheck.Plausible, factcheck.Rule(breakeven.Bandwidth(l*(1+0.5e-9)), 0, breakeven.Bandwidth(l)))
	assert.Equal(t, factcheck.Implausible, factcheck.Rule(breakeven.Bandwidth(l*(1+1.5e-9)), 0, breakeven.Bandwidth(l)))
}

// The rule at bandwidths below a byte a second: any positive link or
// ceiling is a bound.
func TestRuleBelowAByte(t *testing.T) {
	assert.Equal(t, factcheck.NeedsMoreLinks, factcheck.Rule(1, 0.5, 0))
	assert.Equal(t, factcheck.Implausible, factcheck.Rule(1, 0, 0.5))
	assert.Equal(t, factcheck.Plausible, factcheck.Rule(0.4, 0.5, 0))
	assert.Equal(t, factcheck.Plausible, factcheck.Rule(0.4, 0, 0.5))
	assert.Equal(t, factcheck.NoBound, factcheck.Rule(0.4, 0, 0))
}

// Two times given to the hundredth and a rounded percent change: the
// times give 69.995/14.905 = 4.696x to 70.005/14.895 = 4.700x, which
// "-79%" (4.65x to 4.88x) covers and "-80%" (4.88x to 5.13x) does not.
func TestPercentChangeAgreesWithinItsRounding(t *testing.T) {
	c := factcheck.NewChecker(factcheck.Options{})
	r, err := c.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "100000", Uncached: "70.00s", Seconds: "14.90s", Speedup: "-79%"})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated -79% agrees with the two times")
	r, err = c.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "100000", Uncached: "70.00s", Seconds: "14.90s", Speedup: "-80%"})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated -80% does not: the times give 4.70 to 4.70x")
}

// A size read the other way is tried however small: a one-layer MLA cache
// with a one-number latent at FP8 keeps 1 B per token, and "0.00100 KiB"
// (1.024 B, give or take half of 0.00001 KiB) matches it only read as
// 0.00100 kB, 1.00 B.
func TestSizeReadTheOtherWayIsTriedAtOneByte(t *testing.T) {
	load := func(string) (sources.Model, error) {
		return factcheck.TinyModel("")
	}
	r, err := factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1", Size: "0.00100 KiB", KVDtype: "fp8"}, factcheck.Options{LoadConfig: load})
	require.NoError(t, err)
	assert.Equal(t, factcheck.SizeMisread, r.Verdict)
	require.NotNil(t, r.SizeCheck)
	assert.Equal(t, "KB written as KiB", r.SizeCheck.Reading)
}

// Findings hold for needs below 1 B/s: "1K" tokens of 1 B in 10^6 s need
// 0.001 B/s either way they are read; a stated size with a time is
// judged beside the need.
func TestFindingsHoldForNeedsBelowOneBytePerSecond(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1K", Seconds: "1e6", KVDtype: "fp8"}, factcheck.Options{LoadConfig: factcheck.TinyModel})
	require.NoError(t, err)
	f := strings.Join(r.Findings(), "\n")
	assert.Less(t, float64(r.OtherRequired), 1.0)
	assert.Contains(t, f, "which would need")
	r, err = factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1", Seconds: "10", Size: "1 B", KVDtype: "fp8"}, factcheck.Options{LoadConfig: factcheck.TinyModel})
	require.NoError(t, err)
	assert.InDelta(t, 0.1, float64(r.Required), 1e-12)
	assert.Contains(t, r.Findings(), "the stated size 1 B is the computed one")
}

// The findings of claims at the small end of each form, as printed.
func TestFindingsOfEachFormAtItsSmallEnd(t *testing.T) {
	for _, c := range []struct {
		claim factcheck.Claim
		want  []string
	}{
		// A ratio below one is stated, and is a load slower than recomputing.
		{factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "1s", Seconds: "2s"}, []string{
			"uncached 1.00 s against cached 2.00 s is 0.500x",
			"loading is slower than recomputing here: the cached 2.00 s is no faster than the uncached 1.00 s"}},
		// A speedup of exactly one is checked against the times.
		{factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "2s", Seconds: "2s", Speedup: "1x"}, []string{
			"uncached 2.00 s against cached 2.00 s is 1.00x; the stated 1x agrees with the two times",
			"loading is slower than recomputing here: the cached 2.00 s is no faster than the uncached 2.00 s"}},
		// Times under a second.
		{factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "0.5s", Seconds: "0.6s"}, []string{
			"uncached 500 ms against cached 600 ms is 0.833x",
			"loading is slower than recomputing here: the cached 600 ms is no faster than the uncached 500 ms"}},
		// A prefill at the low MFU far under a second.
		{factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Seconds: "0.5s", GPUs: "8xH100"}, []string{
			"loading is slower than recomputing: 1,000 tokens prefill in 9.61 ms on 8x H100 even at an MFU of 0.2, the low end of the assumed range"}},
		// A total that one host carries, of 1 B/s or of gigabytes.
		{factcheck.Claim{Throughput: "10 GB/s", Host: "dgx-h100"}, []string{
			"stated in total, so no one host's ceiling applies: it takes at least 1 host of 600 GB/s (host DGX H100)"}},
		{factcheck.Claim{Config: "x", Throughput: "1 tokens/s", Host: "dgx-h100", KVDtype: "fp8"}, []string{
			"stated in total, so no one host's ceiling applies: it takes at least 1 host of 600 GB/s (host DGX H100)"}},
	} {
		r, err := factcheck.Check(c.claim, factcheck.Options{LoadConfig: factcheck.TinyModel})
		require.NoError(t, err, "%+v", c.claim)
		assert.Equal(t, c.want, r.Findings(), "%+v", c.claim)
	}
}

// A speedup with one time gives the other, under a second too: 0.5 s
// uncached at 2x is 0.25 s cached; 0.5 s cached at 2x is 1 s uncached.
func TestSpeedupGivesTheOtherTime(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "0.5s", Speedup: "2x"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, 0.25, float64(r.Seconds))
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Seconds: "0.5s", Speedup: "2x"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, 1.0, float64(r.Uncached))
	assert.Equal(t, 2.0, r.Ratio)
}

// A form that needs the model's cache asks for the model at its smallest
// too: a size of 1 B, an uncached time under a second, 1 token/s.
func TestFormsThatNeedTheCacheAskForAModelAtTheirSmallest(t *testing.T) {
	for _, c := range []factcheck.Claim{{Tokens: "1", Size: "1 B"}, {Uncached: "0.5s", Speedup: "2x"}, {Throughput: "1 tokens/s"}} {
		_, err := factcheck.Check(c, factcheck.Options{})
		assert.EqualError(t, err, `--model "": missing (e.g. --model "llama-3.1-70b"; list them with "breakeven models")`, "%+v", c)
	}
}

// The arithmetic is written out for one token, and for a load of one byte.
func TestArithmeticIsWrittenOutForOneTokenAndOneByte(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1", Seconds: "1"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, "1 token x 131,072 B/token (Llama 3.1 8B, 16-bit) = 131 KB; 131 KB / 1.00 s = 131 KB/s; no ceiling (no host stated)", r.Arithmetic())
	r, err = factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1", Seconds: "10", KVDtype: "fp8"}, factcheck.Options{LoadConfig: factcheck.TinyModel})
	require.NoError(t, err)
	assert.Equal(t, "1 token x 1 B/token (tiny, fp8) = 1.00 B; 1.00 B / 10.0 s = 0.100 B/s; no ceiling (no host stated)", r.Arithmetic())
}

// A speedup agrees with two times within a part in 10^9 beyond their
// rounding, and no further: times and a speedup written to the
// nanosecond, 2.0000000035x (from 2.000000005 s less half a nanosecond,
// over 1 s plus half) against a stated 2.0000000005x at most, are 1.5
// parts in 10^9 apart, and disagree; so on the other side.
func TestSpeedupToleranceIsAPartInABillion(t *testing.T) {
	for _, c := range []struct{ uncached, says string }{
		{"2.000000000s", "agrees with the two times"},
		{"2.000000005s", "does not"},
		{"1.999999995s", "does not"},
	} {
		r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: c.uncached, Seconds: "1.000000000s", Speedup: "2.000000000x"}, factcheck.Options{})
		require.NoError(t, err)
		assert.Contains(t, strings.Join(r.Findings(), "\n"), "the stated 2.000000000x "+c.says, c.uncached)
	}
}

// A throughput of one token per second is written out as a rate.
func TestArithmeticWritesOneTokenPerSecondAsARate(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Config: "x", Throughput: "1 tokens/s", KVDtype: "fp8"}, factcheck.Options{LoadConfig: factcheck.TinyModel})
	require.NoError(t, err)
	assert.Equal(t, "stated throughput 1.00 tokens/s x 1.00 B/token = 1.00 B/s; no ceiling (no host stated)", r.Arithmetic())
}

// The bytes per token a throughput in tokens/s is priced at: the model's
// (131,072 B for Llama 3.1 8B at 16 bits), and none where the throughput
// was stated in bytes or not at all.
func TestThroughputIsPricedAtTheModelsBytesPerToken(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Throughput: "1000 tokens/s"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Equal(t, 131072.0, float64(r.ThroughputPerToken()))
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Throughput: "10 GB/s"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Zero(t, float64(r.ThroughputPerToken()))
	r, err = factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Seconds: "1"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Zero(t, float64(r.ThroughputPerToken()))
}

// A size stated to ten digits matches within half its last place and a
// part in 10^9 for rounding, no further: at 2 B per token, 500,000,000
// tokens are 1,000,000,000 B (a match) and 500,000,001 are 2 B more,
// beyond 0.5 B + 1 B.
func TestSizeToleranceIsAPartInABillion(t *testing.T) {
	tiny16 := func(string) (sources.Model, error) { return factcheck.TinyModel("") }
	for tokens, want := range map[string]factcheck.Verdict{"500000000": factcheck.SizeMatches, "500000001": factcheck.SizeDiffers} {
		r, err := factcheck.Check(factcheck.Claim{Config: "x", Tokens: tokens, Size: "1.000000000 GB"}, factcheck.Options{LoadConfig: tiny16})
		require.NoError(t, err)
		assert.Equal(t, want, r.Verdict, tokens)
	}
}

// An uncached time under a second still implies an MFU on the GPUs.
func TestSubSecondUncachedTimeImpliesAnMFU(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "0.5s", Speedup: "2x", GPUs: "8xH100"}, factcheck.Options{})
	require.NoError(t, err)
	require.NotNil(t, r.MFU)
	assert.Positive(t, *r.MFU)
}

// A throughput in tokens/s with a prompt length is priced at the mean
// bytes per token over that prompt, from a prompt of one token: for a
// hybrid model with fixed state that is more than its per-token growth.
func TestRateAtOneTokenIncludesFixedState(t *testing.T) {
	with, err := factcheck.Check(factcheck.Claim{Model: "qwen3-next-80b-a3b", Tokens: "1", Throughput: "1000 tokens/s"}, factcheck.Options{})
	require.NoError(t, err)
	without, err := factcheck.Check(factcheck.Claim{Model: "qwen3-next-80b-a3b", Throughput: "1000 tokens/s"}, factcheck.Options{})
	require.NoError(t, err)
	require.Positive(t, float64(with.Model.Arch.FixedBytes()))
	assert.InEpsilon(t, float64(without.Throughput)+1000*float64(with.Model.Arch.FixedBytes()), float64(with.Throughput), 1e-9)
}

// An uncached time with neither a cached time nor a speedup times no
// load, and is refused with the form it needs, a link stated beside it
// included (it is not checked as needing no link at all).
func TestUncachedAloneIsRefused(t *testing.T) {
	_, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-8b", Tokens: "1000", Uncached: "1", Links: "1GbE"}, factcheck.Options{})
	assert.EqualError(t, err, `--uncached "1": an uncached time alone times no load; give the cached time or a speedup with it (e.g. --uncached 70.8s --speedup 152x)`)
}

// A stated throughput is timed against a stated time of under a second,
// and against a load of one byte: 1,000 tokens x 327,680 B = 327.68 MB
// at 40 GB/s take 8.19 ms; one token of the tiny model's one byte at
// 1 kB/s takes 1 ms.
func TestThroughputIsTimedAgainstShortTimesAndOneByte(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1000", Seconds: "0.5", Throughput: "40GB/s"}, factcheck.Options{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the loaded 328 MB takes 8.19 ms, against the stated 500 ms")
	r, err = factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1", Seconds: "10", Throughput: "1kB/s", KVDtype: "fp8"}, factcheck.Options{LoadConfig: factcheck.TinyModel})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the loaded 1.00 B takes 1.00 ms, against the stated 10.0 s")
}

// A claim with no time, size, throughput or uncached time is refused in
// a row's words when it comes from a line (any line, the first
// included), in a command's words when it does not.
func TestNothingToCheckIsRefusedInARowsOrACommandsWords(t *testing.T) {
	for _, line := range []int{1, 2} {
		_, err := factcheck.Check(factcheck.Claim{Line: line, Model: "llama-3.1-70b", Tokens: "1000"}, factcheck.Options{})
		assert.ErrorContains(t, err, "empty, and the row states no size, throughput or uncached time either", "line %d", line)
	}
	_, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1000"}, factcheck.Options{})
	assert.ErrorContains(t, err, "missing: a claim states a time, a size, a throughput or an uncached time with a speedup")
}

// A throughput stated in tokens per second can come to under a byte per
// second, and is timed all the same: one token/s of the tiny model's
// int4 cache, half a byte per token, is 0.5 B/s, and its half-byte load
// takes 1 s.
func TestThroughputBelowOneBytePerSecondIsTimed(t *testing.T) {
	r, err := factcheck.Check(factcheck.Claim{Config: "x", Tokens: "1", Seconds: "10", Throughput: "1 tokens/s", KVDtype: "int4"}, factcheck.Options{LoadConfig: factcheck.TinyModel})
	require.NoError(t, err)
	assert.InDelta(t, 0.5, float64(r.Throughput), 1e-15)
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "the loaded 0.500 B takes 1.00 s, against the stated 10.0 s")
}
