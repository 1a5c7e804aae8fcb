package factcheck_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
)

func check(t *testing.T, cl factcheck.Claim) factcheck.Result {
	t.Helper()
	r, err := factcheck.Check(cl, factcheck.Options{})
	require.NoError(t, err)
	return r
}

// sig3 prints x with three significant digits, as the check prints its
// figures: 34.4064 -> "34.4", 3.6 -> "3.60", 983.04 -> "983".
func sig3(x float64) string {
	d := 2 - int(math.Floor(math.Log10(math.Abs(x))))
	return fmt.Sprintf("%.*f", max(d, 0), x)
}

// WEKA's claim: 105,000 tokens of Llama 3.1 70B (80 layers, 8 KV heads of
// 128, 2 bytes, K and V) is 105,000 x 327,680 B = 34.4 GB; in 0.58 s it
// needs 59.3 GB/s, against the 50.0 GB/s one 400 Gbit/s link carries: two
// such links. The answer says so in one sentence, before the figures.
func TestAnswerSaysTheNeedTheLinksAndTheVerdictInWords(t *testing.T) {
	cache := 105000.0 * 2 * 80 * 8 * 128 * 2
	need := cache / 0.58
	link := 400e9 / 8
	want := fmt.Sprintf("Loading %s GB in a 580 ms time to first token needs at least %s GB/s; one 400 Gbit/s link carries %s GB/s: needs more links than stated (%d such links)",
		sig3(cache/1e9), sig3(need/1e9), sig3(link/1e9), int(math.Ceil(need/link)))
	r := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s"})
	assert.Equal(t, want, r.Answer())
	d := factcheck.Render(r)
	assert.Equal(t, want, d.Answer)
	lines := strings.Split(d.Text(), "\n")
	assert.True(t, strings.HasPrefix(strings.Join(lines[2:4], " "), want[:120]), "the answer comes right after the title:\n%s", d.Text())
	assert.Equal(t, "needs more links than stated", r.VerdictWords())
	assert.InEpsilon(t, need/link, r.Utilisation(), 1e-12)
	assert.Equal(t, fmt.Sprintf("%s%% of the stated links (%s GB/s of %s GB/s)", sig3(100*need/link), sig3(need/1e9), sig3(link/1e9)), d.Get("utilisation"))
}

// 7,500 tokens of Llama 3.1 8B (32 layers, 8 KV heads of 128) are 7,500 x
// 131,072 B = 983 MB; loaded in 1 ms over the network (the path stated)
// that is 983 GB/s, more than the 600 GB/s a DGX H100's twelve 400 Gbit/s
// ports take in, whatever the links: eight 450 GB/s links print as stated,
// not in Tbit/s. (With no path stated, such links are read as NVLink:
// TestNVLinkLinksOnADGXAreJudgedAgainstNVLinkNotTheNICs.)
func TestAnswerImplausibleOnAHostNamesTheCeilingAndTheLinksAsStated(t *testing.T) {
	cache := 7500.0 * 2 * 32 * 8 * 128 * 2
	r := check(t, factcheck.Claim{Model: "llama-3.1-8b", Tokens: "7500", Seconds: "1ms", SecondsAre: "load", Links: "8x450 GB/s", Host: "dgx-h100", Path: "network"})
	assert.Equal(t, fmt.Sprintf("Loading %s MB in 1.00 ms needs %s GB/s; the stated 8 x 450 GB/s links carry %s TB/s; a DGX H100 takes in at most %s GB/s: implausible as stated, whatever its links",
		sig3(cache/1e6), sig3(cache/1e-3/1e9), sig3(8*450e9/1e12), sig3(12*400e9/8/1e9)), r.Answer())
	assert.Equal(t, "implausible as stated", r.VerdictWords())
	assert.NotContains(t, r.Explanation()+r.Arithmetic()+factcheck.Render(r).Text(), "Tbit/s link")
}

// A rate prints in the unit it was stated in: "450 GB/s" as 450 GB/s
// (one link, no count written, so no "1 x"), "40 GiB/s" in GiB/s, a bit
// rate in Gbit/s, a preset (100GbE, PCIe4x16) by its name.
func TestStatedLinkRatePrintsAsStated(t *testing.T) {
	for _, tc := range []struct{ links, text, carries string }{
		{"450 GB/s", "450 GB/s", "450 GB/s link carries"},
		{"8x450 GB/s", "8 x 450 GB/s", "8 x 450 GB/s links carry"},
		{"40GiB/s", "40.0 GiB/s", "40.0 GiB/s link carries"},
		{"1x400Gbit/s", "1 x 400 Gbit/s", "400 Gbit/s link carries"},
		{"2x100GbE", "2 x 100GbE (100 Gbit/s)", "2 x 100GbE (100 Gbit/s) links carry"},
		{"2x100Gb/s", "2 x 100 Gbit/s", "2 x 100 Gbit/s links carry"},
		{"4xPCIe4x16", "4 x PCIe4x16 (256 Gbit/s)", "4 x PCIe4x16 (256 Gbit/s) links carry"},
	} {
		r := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: tc.links})
		assert.Equal(t, tc.text, r.LinkText(), tc.links)
		assert.Equal(t, tc.carries, r.LinkCarries(), tc.links)
		assert.Contains(t, r.Explanation(), "the stated "+tc.carries, tc.links)
		assert.Contains(t, r.Arithmetic(), "links "+tc.text+" = ", tc.links)
	}
	d := factcheck.Render(check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "450 GB/s"}))
	assert.Equal(t, "450 GB/s", d.Get("links"), "one link stated as a rate: its rate once")
}

// SGLang's story in miniature: 100,000 tokens of Llama 3.1 70B take 5 s
// with the cache and 3 s without, so loading is slower than recomputing,
// and the answer says so beside the verdict; the uncached time gives
// r = 100,000 / 3 s = 33,333 tokens/s and B* = r x 327,680 B = 10.9 GB/s.
func TestAnswerSaysALoadSlowerThanRecomputingAndTheReportGivesRAndBStar(t *testing.T) {
	r := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "100000", Seconds: "5", Uncached: "3s", Links: "400Gbit/s"})
	assert.True(t, strings.HasSuffix(r.Answer(), ": plausible; and loading is slower than recomputing: 5.00 s cached against 3.00 s uncached"), r.Answer())
	assert.Equal(t, "plausible; loading is slower than recomputing", r.VerdictWords())
	rate := 100000.0 / 3
	items := map[string]string{}
	for _, it := range factcheck.Render(r).Items() {
		items[it.Key] = it.Text
	}
	assert.Equal(t, "33,333 tokens/s (100,000 tokens in 3.00 s)", items["prefill"])
	assert.True(t, strings.HasPrefix(items["break_even"], sig3(rate*327680/1e9)+" GB/s ("+sig3(rate*327680*8/1e9)+" Gbit/s)"), items["break_even"])

	// An uncached time under a second gives r and B* too: 1,000 tokens in
	// 500 ms are 2,000 tokens/s, and 2,000 x 327,680 B is 655 MB/s.
	short := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1000", Seconds: "0.1", Uncached: "500ms"})
	assert.InDelta(t, 2000, float64(short.Prefill), 1e-9)
	assert.InDelta(t, 2000*327680, float64(short.BreakEven), 1e-3)

	// Faster with the cache: no such words.
	r = check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "100000", Seconds: "1", Uncached: "3s", Links: "400Gbit/s"})
	assert.NotContains(t, r.Answer(), "slower")
	assert.Equal(t, "plausible", r.VerdictWords())
}

// A size only: 1,000,000 tokens of Llama 3.1 70B are 327.68 GB, which is
// 305.2 GiB, so llm-d's "305 GB" is GiB written as GB; a throughput is
// answered in its own unit (40 GiB/s = 42.9 GB/s).
func TestAnswerOfASizeAndOfAThroughput(t *testing.T) {
	cache := 1e6 * 327680
	r := check(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1000000", Size: "305 GB"})
	assert.Equal(t, fmt.Sprintf("1,000,000 tokens of Llama 3.1 70B at 16-bit make %s GB (%s GiB); the stated 305 GB matches only read as GiB written as GB: the size is misread",
		sig3(cache/1e9), sig3(cache/(1<<30))), r.Answer())

	r = check(t, factcheck.Claim{Throughput: "40 GiB/s", PerNode: true, Host: "dgx-h100"})
	assert.Equal(t, fmt.Sprintf("A stated 40.0 GiB/s (%s GB/s) per node; a DGX H100 takes in at most 600 GB/s: plausible", sig3(40*(1<<30)/1e9)), r.Answer())

	// 4 TB/s in total over DGX H100s of 600 GB/s each: 4,000 / 600 = 6.67,
	// so at least 7 hosts.
	r = check(t, factcheck.Claim{Throughput: "4 TB/s", Host: "dgx-h100"})
	assert.Equal(t, fmt.Sprintf("A stated 4.00 TB/s in total; across hosts, at least %d hosts of 600 GB/s (DGX H100): nothing stated bounds it, so it is neither supported nor refuted",
		int(math.Ceil(4000.0/600))), r.Answer())
	// 400 GB/s in total fits one host of 600 GB/s: "at least 1 host".
	r = check(t, factcheck.Claim{Throughput: "400 GB/s", Host: "dgx-h100"})
	assert.Equal(t, "A stated 400 GB/s in total; across hosts, at least 1 host of 600 GB/s (DGX H100): nothing stated bounds it, so it is neither supported nor refuted", r.Answer())

	r = check(t, factcheck.Claim{Model: "qwen3-32b", Tokens: "131072", Seconds: "1.5"})
	assert.True(t, strings.HasSuffix(r.Answer(), "; no link or host is stated: nothing stated bounds it, so it is neither supported nor refuted"), r.Answer())
}

// The Markdown report: the counts and the summary table first, then the
// user's claims, then the registry's (numbered R1...), each claim's
// answer before its quote, and a source with an address as a link to it
// (parentheses in the address escaped so the link holds).
func TestReportMarkdownSummaryFirstYoursFirstSourcesLinked(t *testing.T) {
	var b bytes.Buffer
	rep, err := factcheck.NewReport(&b, "md", "t")
	require.NoError(t, err)
	rep.Mine = func(c factcheck.Claim) bool { return !strings.HasPrefix(c.ID, "reg-") }
	c := factcheck.NewChecker(factcheck.Options{})
	for _, cl := range []factcheck.Claim{
		{ID: "reg-weka", Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s", Source: "nand-weka", Quote: "0.58 s"},
		{ID: "mine-a", Model: "qwen3-32b", Tokens: "131072", Seconds: "1.5", Source: "https://example.com/x_(y)", Quote: "1.5 s"},
		{ID: "mine-b", Model: "llama-3.1-70b", Tokens: "128K", Size: "40 GB"},
	} {
		r, err := c.Check(cl)
		require.NoError(t, err)
		require.NoError(t, rep.Claim(r))
	}
	require.NoError(t, rep.End())
	out := b.String()
	at := func(s string) int {
		i := strings.Index(out, s)
		require.GreaterOrEqual(t, i, 0, "no %q in\n%s", s, out)
		return i
	}
	assert.Less(t, at("## Summary\n\n3 claims checked"), at("| 1 | mine-a: "))
	assert.Less(t, at("| 1 | mine-a: "), at("| 2 | mine-b: "))
	assert.Less(t, at("| 2 | mine-b: "), at("| R1 | reg-weka: "))
	assert.Less(t, at("| R1 | reg-weka: "), at("## Your claims\n\n### 1. mine-a: "))
	assert.Less(t, at("### 2. mine-b: "), at("## The registry's claims\n\n### R1. reg-weka: "))
	assert.Less(t, at("**Loading 34.4 GB in a 580 ms"), at("> 0.58 s"), "the answer before the quote")
	assert.Contains(t, out, "- Source: [nand-weka: Research Note: WEKA Augmented Memory Grid, NAND Research](https://nand-research.com/research-note-weka-augmented-memory-grid/)")
	assert.Contains(t, out, `- Source: [https://example.com/x\_(y)](https://example.com/x_%28y%29)`)
	assert.Contains(t, out, "| R1 | reg-weka: Llama 3.1 70B, 105,000 tokens in 580 ms | needs more links than stated | ≥ 59.3 GB/s | 1 x 400 Gbit/s: 50.0 GB/s | 119% |")
}

// The HTML report's summary table heads each group with a row of its
// own where the user's claims and the registry's are apart ("Your
// claims", then "The registry's claims"), and with none where all are of
// one kind.
func TestReportHTMLSummaryHeadsEachGroupOnlyWhenThereAreTwo(t *testing.T) {
	report := func(claims ...factcheck.Claim) string {
		var b bytes.Buffer
		rep, err := factcheck.NewReport(&b, "html", "t")
		require.NoError(t, err)
		rep.Mine = func(c factcheck.Claim) bool { return !strings.HasPrefix(c.ID, "reg-") }
		c := factcheck.NewChecker(factcheck.Options{})
		for _, cl := range claims {
			r, err := c.Check(cl)
			require.NoError(t, err)
			require.NoError(t, rep.Claim(r))
		}
		require.NoError(t, rep.End())
		return b.String()
	}
	reg := factcheck.Claim{ID: "reg-weka", Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s"}
	mine := factcheck.Claim{ID: "mine-b", Model: "llama-3.1-70b", Tokens: "128K", Size: "40 GB"}
	both := report(reg, mine)
	yours := strings.Index(both, `<tr class="group"><th colspan="6">Your claims</th></tr>`)
	theirs := strings.Index(both, `<tr class="group"><th colspan="6">The registry's claims</th></tr>`)
	require.GreaterOrEqual(t, yours, 0, both)
	assert.Greater(t, theirs, yours)
	assert.NotContains(t, report(mine), `<tr class="group">`)
}

// The counts line says each verdict in words, best first, leaving out
// the verdicts no claim got.
func TestCountsTextSaysVerdictsInWordsBestFirst(t *testing.T) {
	counts := map[factcheck.Verdict]int{factcheck.SizeDiffers: 2, factcheck.Plausible: 6, factcheck.NoBound: 13, factcheck.Implausible: 0}
	assert.Equal(t, "plausible (6), nothing stated bounds it (13), the size differs (2)", factcheck.CountsText(counts))
	assert.Equal(t, "", factcheck.CountsText(nil))
}

// Without a need or without a link there is no share of the links to
// state: Utilisation is 0, which the report prints as a dash.
func TestUtilisationIsZeroWithoutANeedOrALink(t *testing.T) {
	link := breakeven.Link{Count: 1, Each: 50e9}
	assert.Zero(t, factcheck.Result{}.Utilisation())
	assert.Zero(t, factcheck.Result{Required: 59.3e9}.Utilisation(), "no link")
	assert.Zero(t, factcheck.Result{Link: &link}.Utilisation(), "no need")
	assert.InEpsilon(t, 59.3/50, factcheck.Result{Required: 59.3e9, Link: &link}.Utilisation(), 1e-12)
}
