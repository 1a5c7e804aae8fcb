package factcheck_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
)

func render(t *testing.T, cl factcheck.Claim) factcheck.Rendering {
	t.Helper()
	r, err := factcheck.Check(cl, factcheck.Options{})
	require.NoError(t, err)
	return factcheck.Render(r)
}

// keys lists the keys of rows, in order.
func keys(rows []factcheck.Row) []string {
	var k []string
	for _, r := range rows {
		k = append(k, r.Key)
	}
	return k
}

// WEKA's claim as the post prints it: 105,000 tokens of Llama 3.1 70B in
// 0.58 s is a 34.4 GB cache and needs 59 GB/s; one 400 Gbit/s link
// carries 50. By hand: 105,000 x 2 x 80 layers x 8 heads x 128 x 2 B =
// 34,406,400,000 B; / 0.58 s = 59.3 GB/s = 475 Gbit/s; 2 links carry it.
func TestRenderWEKAAsThePostPrintsIt(t *testing.T) {
	d := render(t, factcheck.Claim{ID: "weka", Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s", Source: "nand-weka"})
	assert.Equal(t, "Llama 3.1 70B, 105,000 tokens in 580 ms", d.Title)
	assert.Equal(t, "weka: Llama 3.1 70B, 105,000 tokens in 580 ms", d.Heading())
	assert.Equal(t, "16-bit KV cache", d.KV)
	assert.Equal(t, []string{"cache", "time", "required", "links", "links_needed", "utilisation", "ceiling", "fit", "verdict"}, keys(d.Figures))
	assert.Equal(t, "34.4 GB (32.0 GiB; 328 KB/token)", d.Get("cache"))
	assert.Equal(t, "580 ms (time to first token)", d.Get("time"))
	assert.Equal(t, "59.3 GB/s (475 Gbit/s), a floor", d.Get("required"))
	assert.Equal(t, "1 x 400 Gbit/s: 50.0 GB/s", d.Get("links"))
	assert.Equal(t, "2 such links", d.Get("links_needed"))
	// 59.3 GB/s of the 50.0 GB/s one 400 Gbit/s link carries: 34,406,400,000 / 0.58 / 50e9 = 1.186.
	assert.Equal(t, "119% of the stated links (59.3 GB/s of 50.0 GB/s)", d.Get("utilisation"))
	assert.Equal(t, "none stated, so no ceiling is assumed (--host names one)", d.Get("ceiling"))
	assert.Equal(t, "needs-more-links", d.Get("verdict"))
	assert.Equal(t, factcheck.NeedsMoreLinks, d.Verdict)
	assert.True(t, strings.HasPrefix(d.Explanation, "needs at least 59.3 GB/s but the stated 400 Gbit/s link carries 50.0 GB/s: it takes 2 such links"), d.Explanation)
	assert.Equal(t, "105,000 tokens x 327,680 B/token (Llama 3.1 70B, 16-bit) = 34.4 GB; 34.4 GB / 580 ms = 59.3 GB/s; links 1 x 400 Gbit/s = 50.0 GB/s; no ceiling (no host stated)", d.Arithmetic)
	assert.Equal(t, "breakeven check --model llama-3.1-70b --tokens 105000 --seconds 0.58 --links 1x400Gbit/s", d.Command)

	// check prints the figures in columns under the title, then why.
	text := d.Text()
	lines := strings.Split(text, "\n")
	assert.Equal(t, "Llama 3.1 70B, 105,000 tokens in 580 ms, 16-bit KV cache", lines[0])
	assert.Equal(t, "", lines[1])
	assert.Equal(t, "Loading 34.4 GB in a 580 ms time to first token needs at least 59.3 GB/s; one", lines[2], "the answer first")
	assert.Regexp(t, regexp.MustCompile(`(?m)^  bandwidth needed +59\.3 GB/s \(475 Gbit/s\), a floor$`), text)
	assert.Regexp(t, regexp.MustCompile(`(?m)^  links needed +2 such links$`), text)
	assert.Regexp(t, regexp.MustCompile(`(?m)^  verdict +needs-more-links\n\nneeds at least 59\.3 GB/s`), text)

	// The report: sources, assumptions, arithmetic, verdict, the command.
	assert.Equal(t, []string{"source-0", "assumptions", "arithmetic", "utilisation", "verdict", "command"}, keys(d.Items()))
	items := d.Items()
	assert.Equal(t, "Source", items[0].Label)
	assert.True(t, strings.HasPrefix(items[0].Text, "nand-weka: Research Note: WEKA Augmented Memory Grid, NAND Research"), items[0].Text)
	assert.Equal(t, "needs-more-links: "+d.Explanation, items[4].Text)
	assert.Equal(t, Row("command", "Reproduce", d.Command), items[5])

	// The page: the verdict and why, the need as check prints it, the
	// arithmetic and the command.
	assert.Equal(t, []factcheck.Row{
		Row("answer", "answer", d.Answer), Row("verdict", "verdict", "needs-more-links"), Row("explanation", "why", d.Explanation),
		Row("required", "bandwidth needed", "59.3 GB/s (475 Gbit/s), a floor"),
		Row("arithmetic", "arithmetic", d.Arithmetic), Row("command", "checked again by", d.Command),
	}, d.Rows())
}

func Row(key, label, text string) factcheck.Row {
	return factcheck.Row{Key: key, Label: label, Text: text}
}

// The post's other two claims: Qwen3-32B's 131K-token cache is 34.4 GB
// and needs 22.9 GB/s in 1.5 s (131,072 x 262,144 B = 34.36 GB); VAST's
// 405B prompt is a 65.6 GB cache (127,188 x 516,096 B), 21.9 GB/s in 3 s,
// over two 100 Gbit/s links of 12.5 GB/s each.
func TestRenderThePostsOtherClaims(t *testing.T) {
	d := render(t, factcheck.Claim{Model: "qwen3-32b", Tokens: "131072", Seconds: "1.5"})
	assert.Equal(t, "34.4 GB (32.0 GiB; 262 KB/token)", d.Get("cache"))
	assert.Equal(t, "22.9 GB/s (183 Gbit/s), a floor", d.Get("required"))
	assert.Equal(t, "none", d.Get("links"))
	assert.Equal(t, "no-bound-stated", d.Get("verdict"))
	assert.Equal(t, "Qwen3-32B, 131,072 tokens in 1.50 s", d.Heading(), "no id and no line: the title alone")

	d = render(t, factcheck.Claim{Line: 4, Model: "llama-3.1-405b", Tokens: "127188", Seconds: "3", Links: "2x100Gbit/s"})
	assert.Equal(t, "line 4: Llama 3.1 405B, 127,188 tokens in 3.00 s", d.Heading())
	assert.True(t, strings.HasPrefix(d.Get("cache"), "65.6 GB"), d.Get("cache"))
	assert.Equal(t, "21.9 GB/s (175 Gbit/s), a floor", d.Get("required"))
	assert.Equal(t, "2 x 100 Gbit/s: 25.0 GB/s", d.Get("links"))
	assert.Equal(t, "plausible", d.Get("verdict"))
}

// A claim with no prompt length is titled by what it states, never as
// "0 tokens": a throughput (with or without a model) or the payload and
// its time (4 GB / 0.362 s = 11.0 GB/s).
func TestRenderTitleOfAClaimWithoutTokens(t *testing.T) {
	d := render(t, factcheck.Claim{Model: "llama-3.1-8b", Throughput: "10GB/s"})
	assert.Equal(t, "Llama 3.1 8B, a throughput of 10.0 GB/s", d.Title)
	assert.True(t, strings.HasPrefix(d.Text(), "Llama 3.1 8B, a throughput of 10.0 GB/s, 16-bit KV cache\n"), d.Text())

	// 40 GiB/s is 40 x 1.073741824 = 42.9 GB/s, printed as stated first.
	d = render(t, factcheck.Claim{Throughput: "40GiB/s", PerNode: true, Host: "dgx-h100"})
	assert.Equal(t, "a throughput of 40.0 GiB/s (42.9 GB/s)", d.Title)
	assert.Equal(t, "", d.KV)
	assert.Equal(t, "42.9 GB/s (344 Gbit/s), per node", d.Get("throughput"))

	d = render(t, factcheck.Claim{ID: "ucx", Model: "llama-3.1-8b", Size: "4 GB", Seconds: "362ms", SecondsAre: "load", Links: "1x200Gbit/s"})
	assert.Equal(t, "ucx: Llama 3.1 8B, a stated payload of 4.00 GB in 362 ms", d.Heading(), "the model named, never 0 tokens")
	assert.Equal(t, "", d.KV, "a payload computes no cache")
	assert.Equal(t, "11.0 GB/s (88.4 Gbit/s)", d.Get("required"))
	assert.Equal(t, "plausible", d.Get("verdict"))
}

// "128K" is 128,000 tokens; the other reading (131,072) would need
// 131,072 x 327,680 B / 0.58 s = 74.1 GB/s. check says it once, on the
// tokens line; the report and the page keep it as a finding.
func TestRenderTokenReadingOnce(t *testing.T) {
	d := render(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "128K", Seconds: "0.58"})
	want := `"128K" read as 128,000 tokens; 128Ki would be 131,072, which would need 74.1 GB/s`
	assert.Equal(t, want, d.Get("tokens"))
	assert.Contains(t, d.Findings, want)
	assert.Equal(t, 1, strings.Count(d.Text(), "128Ki would be"), d.Text())
	assert.Contains(t, d.Rows(), Row("finding-0", "finding", want))
}

// A partial hit: 90% of 131,072 tokens of Llama 3.1 70B is loaded,
// 0.9 x 42.9 GB = 38.7 GB; the rest, 13,107 tokens, is prefilled.
func TestRenderPartialHit(t *testing.T) {
	d := render(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1", SecondsAre: "load", Hit: "90%",
		Extra: []factcheck.Field{{Name: "vendor", Value: "ACME"}, {Name: "empty"}}, Note: "n"})
	assert.Equal(t, "38.7 GB: 90.0% of the prompt from the cache", d.Get("loaded"))
	assert.Equal(t, "1.00 s (load)", d.Get("time"))
	assert.Equal(t, "38.7 GB/s (309 Gbit/s)", d.Get("required"))
	assert.Equal(t, []string{"vendor: ACME"}, d.Also)
	assert.Equal(t, []string{"source-0", "assumptions", "arithmetic", "verdict", "finding-0", "also-0", "note", "command"}, keys(d.Items()), "no link: no utilisation")
	assert.Equal(t, "none given", d.Sources[0])
}

// The edges of what a figure shows: a one-token prompt still has its
// cache (327,680 B for Llama 3.1 70B at 16 bits); an uncached time under
// a second is shown; a rate of one token a second is converted (x 327,680
// B/token); a payload of one byte in 10 s needs 0.1 B/s, and that need is
// still shown.
func TestRenderSmallFigures(t *testing.T) {
	d := render(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1", Seconds: "1", SecondsAre: "load"})
	assert.Equal(t, "Llama 3.1 70B, 1 token in 1.00 s", d.Title)
	assert.Equal(t, "328 KB (320 KiB; 328 KB/token)", d.Get("cache"))

	d = render(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1000", Size: "328 MB"})
	assert.Equal(t, "Llama 3.1 70B, 1,000 tokens", d.Title)

	d = render(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1000", Seconds: "0.1", Uncached: "0.5"})
	assert.Equal(t, "500 ms", d.Get("uncached"))

	d = render(t, factcheck.Claim{Model: "llama-3.1-70b", Throughput: "1 tok/s"})
	assert.Equal(t, "Llama 3.1 70B, a throughput of 1.00 tokens/s (328 KB/s)", d.Title)
	assert.Equal(t, "1.00 tokens/s x 328 KB/token = 328 KB/s (2.62 Mbit/s), in total", d.Get("throughput"))

	d = render(t, factcheck.Claim{Size: "1 B", Seconds: "10", SecondsAre: "load"})
	assert.Equal(t, "a stated payload of 1.00 B in 10.0 s", d.Title)
	assert.True(t, strings.HasPrefix(d.Get("required"), "0.1"), d.Get("required"))
	assert.Equal(t, "none", d.Get("links"))

	// The other reading of "1k" at a hit of 0.1% over 10^6 s: 1,024 x
	// 0.001 x 327,680 B / 10^6 s = 0.336 B/s, still said.
	d = render(t, factcheck.Claim{Model: "llama-3.1-70b", Tokens: "1k", Seconds: "1e6", Hit: "0.1%", SecondsAre: "load"})
	assert.Equal(t, `"1k" read as 1,000 tokens; 1Ki would be 1,024, which would need 0.336 B/s`, d.Get("tokens"))

}
