package factcheck_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// Llama 3.1 8B at 16 bits: 2 x 32 layers x 8 KV heads x 128 dims x 2 bytes.
const llama8PerToken = 2 * 32 * 8 * 128 * 2 // 131,072

// The example: 7,500 tokens of Llama 3.1 8B moved in 1 ms over
// "8x450 GB/s" on a DGX H100. 450 GB/s a link is no NIC (the fastest port
// is 400 Gbit/s, 50 GB/s): it is an H100's NVLink one way, so the need,
// 7,500 x 131,072 B / 1 ms = 983 GB/s, is held to 8 x 450 GB/s = 3.6 TB/s,
// not to the 600 GB/s of the NICs.
func TestNVLinkLinksOnADGXAreJudgedAgainstNVLinkNotTheNICs(t *testing.T) {
	cl := factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Links: "8x450 GB/s", Host: "dgx-h100"}
	r := check(t, cl)
	need := 7500.0 * llama8PerToken / 1e-3
	assert.InDelta(t, need, float64(r.Required), 1e-6*need)
	assert.Equal(t, sources.PathNVLink, r.Path.ID)
	assert.Contains(t, r.PathWhy, "faster than any network port")
	assert.InDelta(t, 8*450e9, float64(r.Ceiling), 1)
	assert.Equal(t, factcheck.Plausible, r.Verdict)
	assert.Equal(t, int(math.Ceil(need/450e9)), r.LinksNeeded, "one GPU's NVLink alone does not carry it")
	assert.Contains(t, r.Explanation(), "over NVLink GPU to GPU")

	// Held to the NICs, as before, it is implausible: 983 > 600 GB/s.
	cl.Path = "network"
	r = check(t, cl)
	assert.Equal(t, factcheck.Implausible, r.Verdict)
	assert.InDelta(t, 12*400e9/8, float64(r.Ceiling), 1)
}

// With a host and no path, the network is assumed and the output says so.
func TestNoPathStatedAssumesTheNetworkAndSaysSo(t *testing.T) {
	r := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s", Host: "dgx-h100"})
	assert.Equal(t, sources.PathNetwork, r.Path.ID)
	assert.Contains(t, strings.Join(r.Assumptions(), "; "), "load path: the network into the host, assumed")
	assert.InDelta(t, 600e9, float64(r.Ceiling), 1)
}

// A PCIe preset implies host to device; --tp makes the figures one GPU's.
// 100,000 tokens of Llama 3.1 70B loaded from CPU memory in 0.1 s need
// 100,000 x 327,680 B / 0.1 s = 328 GB/s, within a DGX H100's 8 x 64 GB/s
// = 512 GB/s; at TP=4 each GPU loads a quarter (2 of 8 KV heads),
// 81.9 GB/s, more than its own Gen5 x16 link's 64 GB/s: implausible.
func TestPCIeHostToDeviceIsPerGPUUnderTensorParallelism(t *testing.T) {
	cl := factcheck.Claim{Model: "llama-3.1-70b", Tokens: "100000", Seconds: "0.1", SecondsAre: "load", Links: "8xpcie5x16", Host: "dgx-h100"}
	r := check(t, cl)
	assert.Equal(t, sources.PathPCIeH2D, r.Path.ID)
	assert.InDelta(t, 100000.0*llama70PerToken/0.1, float64(r.Required), 1e3)
	assert.InDelta(t, 8*64e9, float64(r.Ceiling), 1)
	assert.Equal(t, factcheck.Plausible, r.Verdict)

	cl.TP, cl.Links = "4", "pcie5x16"
	r = check(t, cl)
	assert.InDelta(t, 100000.0*llama70PerToken/4/0.1, float64(r.Required), 1e3)
	assert.InDelta(t, 64e9, float64(r.Ceiling), 1)
	assert.Equal(t, factcheck.Implausible, r.Verdict)
	assert.Contains(t, r.Explanation(), "one GPU of a DGX H100")
}

// The GH200's NVLink-C2C carries 450 GB/s one way: 100,000 tokens of
// Llama 3.1 8B (13.1 GB) in 40 ms need 328 GB/s (plausible), in 20 ms
// 655 GB/s (implausible).
func TestC2COnAGH200(t *testing.T) {
	for s, want := range map[string]factcheck.Verdict{"40ms": factcheck.Plausible, "20ms": factcheck.Implausible} {
		r := check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "100000", Seconds: s, SecondsAre: "load", Host: "gh200", Path: "c2c"})
		assert.InDelta(t, 450e9, float64(r.Ceiling), 1, s)
		assert.Equal(t, want, r.Verdict, s)
	}
	r := check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "100000", Seconds: "40ms", SecondsAre: "load", Host: "gh200", Links: "c2c"})
	assert.Equal(t, sources.PathC2C, r.Path.ID, "the c2c preset implies the path")
	assert.Equal(t, factcheck.Plausible, r.Verdict)
}

// "nvlink" names the link, not its generation: on a DGX B200 it is the
// B200's 1.8 TB/s both ways, 900 GB/s one way.
func TestNVLinkPresetTakesTheHostsGeneration(t *testing.T) {
	r := check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Links: "nvlink", Host: "dgx-b200"})
	require.NotNil(t, r.Link)
	assert.InDelta(t, 900e9, float64(r.Link.Each), 1)
	r = check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Links: "nvlink"})
	assert.InDelta(t, 450e9, float64(r.Link.Each), 1, "with no host, the H100's")
}

// vLLM's "1.25 MB" per 16-token block of Llama 3.1 70B is one GPU's of 4:
// 16 x 327,680 B / 4 = 1,310,720 B = 1.25 MiB, so it matches at TP=4 read
// as MiB written as MB; the whole block (5 MiB) matches nothing. At TP=2
// each GPU's shard is 2.5 MiB and named; at TP=1 there is no shard.
func TestTensorParallelShardMatchesVLLMsBlock(t *testing.T) {
	r := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "16", Size: "1.25 MB", TP: "4"})
	assert.Equal(t, factcheck.SizeMisread, r.Verdict)
	require.NotNil(t, r.SizeCheck)
	assert.Equal(t, "MiB written as MB", r.SizeCheck.Reading)
	assert.InDelta(t, 16*llama70PerToken/4, float64(r.SizeCheck.Computed), 0.5)
	assert.Contains(t, r.Explanation(), "one GPU's shard at TP=4")

	r = check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "16", Size: "1.25 MB"})
	assert.Equal(t, factcheck.SizeDiffers, r.Verdict)

	// The least split, two GPUs: 2.5 MiB each, and the shard is named.
	r = check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "16", Size: "2.5 MB", TP: "2"})
	assert.Equal(t, factcheck.SizeMisread, r.Verdict)
	assert.Contains(t, r.Explanation(), "one GPU's shard at TP=2")
	r = check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "16", Size: "5 MB", TP: "1"})
	assert.NotContains(t, r.Explanation(), "shard", "one GPU holds the whole cache")

	// A load at TP=2 lists the shard among its findings.
	r = check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1.00", SecondsAre: "load", TP: "2"})
	assert.Contains(t, strings.Join(r.Findings(), "\n"), "one GPU's shard")
}

// An MLA cache is replicated under tensor parallelism: each GPU holds all
// of it.
func TestMLACacheIsWholeOnEveryGPU(t *testing.T) {
	whole := check(t, factcheck.Claim{Model: "deepseek-v3", Tokens: "10000", Size: "1 GB"})
	shard := check(t, factcheck.Claim{Model: "deepseek-v3", Tokens: "10000", Size: "1 GB", TP: "8"})
	assert.Equal(t, whole.Cache, shard.Cache)
	assert.Contains(t, shard.ShardNote, "mla layers held whole")
}

// A throughput stated beside a time and a size is checked against them,
// and a GiB/s written as GB/s is flagged as a GiB size is: 131,072 tokens
// of Llama 3.1 70B are 42.9 GB (40 GiB); in 1.00 s that is 42.9 GB/s, which
// "40 GB/s" matches only read as GiB/s.
func TestAGiBPerSecondThroughputWrittenAsGBPerSecondIsFlagged(t *testing.T) {
	base := factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1.00", SecondsAre: "load"}
	for tp, want := range map[string]string{"40 GB/s": "GiB/s written as GB/s", "43 GB/s": "", "40 GiB/s": ""} {
		c := base
		c.Throughput = tp
		r := check(t, c)
		require.NotNil(t, r.RateCheck, tp)
		assert.False(t, r.RateCheck.NoMatch, tp)
		assert.Equal(t, want, r.RateCheck.Reading, tp)
		if want != "" {
			assert.Contains(t, strings.Join(r.Findings(), "; "), "only read as GiB/s written as GB/s", tp)
		}
	}
	// A rate in bits has no binary reading.
	c := base
	c.Throughput = "320 Gbit/s"
	r := check(t, c)
	assert.True(t, r.RateCheck.NoMatch)
}

// Bad paths, tensor-parallel degrees and GPU links get one line naming the
// input and a valid example.
func TestBadPathTPAndGPULinkAreFieldErrors(t *testing.T) {
	base := factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Host: "dgx-h100"}
	for _, c := range []struct {
		field, value string
		set          func(*factcheck.Claim, string)
	}{
		{"path", "warp", func(c *factcheck.Claim, v string) { c.Path = v }},
		{"path", "c2c", func(c *factcheck.Claim, v string) { c.Path = v }}, // a DGX H100 has none
		{"tp", "0", func(c *factcheck.Claim, v string) { c.TP = v }},
		{"tp", "-2", func(c *factcheck.Claim, v string) { c.TP = v }},
		{"tp", "four", func(c *factcheck.Claim, v string) { c.TP = v }},
		{"links", "nvlink5", func(c *factcheck.Claim, v string) { c.Links = v }},
	} {
		cl := base
		c.set(&cl, c.value)
		_, err := factcheck.Check(cl, factcheck.Options{})
		var fe *breakeven.FieldError
		if assert.True(t, errors.As(err, &fe), "%s %q: %v", c.field, c.value, err) {
			assert.Equal(t, c.field, fe.Field)
			assert.Equal(t, c.value, fe.Value)
			assert.NotEmpty(t, fe.Example, "%s %q", c.field, c.value)
			assert.NotContains(t, err.Error(), "\n")
		}
	}
}

// A claims file's path and tp columns are read.
func TestClaimsFileReadsPathAndTP(t *testing.T) {
	rd, err := factcheck.NewReader(strings.NewReader("model,tokens,seconds,links,source,seconds_are,host,path,tp\nllama-3.1-70b,100000,0.1,pcie5x16,x,load,dgx-h100,pcie-h2d,4\n"))
	require.NoError(t, err)
	cl, err := rd.Read()
	require.NoError(t, err)
	assert.Equal(t, "pcie-h2d", cl.Path)
	assert.Equal(t, "4", cl.TP)
	r := check(t, cl)
	assert.Equal(t, factcheck.Implausible, r.Verdict)
	assert.Contains(t, r.Command(), "--path pcie-h2d --tp 4")
}

// check --json carries the path, why it was taken, the shard and the rate
// reading.
func TestJSONCarriesPathTPAndRateReading(t *testing.T) {
	j := check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Links: "8x450 GB/s", Host: "dgx-h100"}).JSON()
	assert.Equal(t, "nvlink", j.Path)
	assert.Contains(t, j.PathWhy, "implied by the stated links")
	assert.Zero(t, j.TP)
	j = check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1.00", SecondsAre: "load", Throughput: "40 GB/s", TP: "2"}).JSON()
	assert.Equal(t, 2, j.TP)
	assert.Empty(t, j.Path, "no host and no path stated: nothing to report")
	assert.Equal(t, "no-match", j.RateReading, "at TP=2 one GPU loads 21.5 GB, 21.5 GB/s: not 40 GB/s either way")
}

// --tp 1 says the whole cache lands on one GPU: the ceiling is that GPU's
// own link. The 983 GB/s fits a DGX H100's eight NVLinks (3.6
// TB/s) but not one H100's 450 GB/s.
func TestTPOneHoldsTheLoadToOneGPUsLink(t *testing.T) {
	cl := factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Host: "dgx-h100", Path: "nvlink"}
	r := check(t, cl)
	assert.InDelta(t, 8*450e9, float64(r.Ceiling), 1)
	assert.Equal(t, factcheck.Plausible, r.Verdict)
	cl.TP = "1"
	r = check(t, cl)
	assert.InDelta(t, 450e9, float64(r.Ceiling), 1)
	assert.InDelta(t, 7500.0*llama8PerToken/1e-3, float64(r.Required), 1e3, "one GPU holds the whole cache")
	assert.Equal(t, factcheck.Implausible, r.Verdict)
}

// A host without the path a claim implies or assumes falls back to the
// network, or to its only path, and says so: a GH200 has no cited NICs and
// no PCIe host-to-device path, so its NVLink-C2C (450 GB/s) is taken.
func TestAHostWithoutTheInferredPathFallsBackAndSaysSo(t *testing.T) {
	for _, links := range []string{"", "pcie5x16"} {
		r := check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "100000", Seconds: "40ms", SecondsAre: "load", Host: "gh200", Links: links})
		assert.Equal(t, sources.PathC2C, r.Path.ID, links)
		assert.InDelta(t, 450e9, float64(r.Ceiling), 1, links)
		assert.Contains(t, r.PathWhy, "NVLink-C2C CPU to GPU is assumed", links)
	}
}
