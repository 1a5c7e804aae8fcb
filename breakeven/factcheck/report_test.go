package factcheck_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
)

var update = flag.Bool("update", false, "rewrite the golden reports in testdata/")

// reportClaims are a claim of each form, with text that Markdown and
// HTML must escape.
var reportClaims = []factcheck.Claim{
	{ID: "weka", Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s", Host: "dgx-h100", Source: "nand-weka;post",
		Locator: "opening", Quote: "105,000 tokens in 0.58 s", Note: "the post's <reading> & *link*"},
	{ID: "size", Model: "llama-3.1-70b", Tokens: "128K", Size: "40 GB", Source: "x", Quote: "about 40 GB for a 128K prompt"},
	{ID: "r1", Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms", Uncached: "70.8s", Speedup: "152x", Links: "4xPCIe4x16", Host: "4xl40s", GPUs: "8xH100",
		Extra: []factcheck.Field{{Name: "vendor", Value: "ACME | `x`"}}},
	{Line: 7, Throughput: "40GiB/s", PerNode: true, Host: "gb200"},
	{Line: 8, Model: "llama-3.1-70b", Tokens: "131072", Seconds: "1", SecondsAre: "load", Hit: "90%"},
}

// The report is stable: the same claims give the same bytes, pinned by a
// golden file per format (go test -run Report -update rewrites them).
func TestReportGolden(t *testing.T) {
	for _, format := range factcheck.ReportFormats {
		t.Run(format, func(t *testing.T) {
			var b bytes.Buffer
			rep, err := factcheck.NewReport(&b, format, "Claims <checked>")
			require.NoError(t, err)
			c := factcheck.NewChecker(factcheck.Options{})
			for _, cl := range reportClaims {
				r, err := c.Check(cl)
				require.NoError(t, err, cl.ID)
				require.NoError(t, rep.Claim(r))
			}
			rep.Bad(&factcheck.RowError{Line: 9, Err: assert.AnError})
			require.NoError(t, rep.End())
			golden := filepath.Join("testdata", "report."+format)
			if *update {
				require.NoError(t, os.WriteFile(golden, b.Bytes(), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "go test ./breakeven/factcheck -run Report -update")
			assert.Equal(t, string(want), b.String())

			out := b.String()
			// What every claim carries, whatever the format.
			label := map[string]string{"md": "- %s: ", "html": "<dt>%s</dt>"}[format]
			for _, l := range []string{"Reproduce", "Arithmetic", "Assumptions", "Verdict"} {
				assert.Equal(t, len(reportClaims), strings.Count(out, fmt.Sprintf(label, l)), l)
			}
			assert.Contains(t, out, "5 claims checked: plausible (2), nothing stated bounds it (1), the size is misread (1), needs more links than stated (1); 1 row could not be checked.")
			if format == "html" {
				assert.Contains(t, out, "<title>Claims &lt;checked&gt;</title>")
				assert.Contains(t, out, "the post&#39;s &lt;reading&gt; &amp; *link*")
				assert.NotContains(t, out, "<reading>")
			} else {
				assert.Contains(t, out, "# Claims &lt;checked&gt;\n", "the title escaped as the cells are")
				assert.Contains(t, out, `the post's &lt;reading&gt; & \*link\*`)
				assert.Contains(t, out, "Also stated: vendor: ACME \\| \\`x\\`")
				assert.Contains(t, out, "- Reproduce: `breakeven check --model llama-3.1-70b --tokens 128K --size '40 GB'`")
			}
		})
	}
	_, err := factcheck.NewReport(&bytes.Buffer{}, "pdf", "x")
	assert.ErrorContains(t, err, `unknown report format "pdf"`)
}

// The summary counts one of each kind as one: a single verdict is still
// named, and a single claim not checkable as stated is still counted, in
// the singular.
func TestReportSummaryCountsOneOfEachInTheSingular(t *testing.T) {
	for _, format := range factcheck.ReportFormats {
		var b bytes.Buffer
		rep, err := factcheck.NewReport(&b, format, "one")
		require.NoError(t, err)
		c := factcheck.NewChecker(factcheck.Options{})
		r, err := c.Check(reportClaims[0]) // WEKA's 105,000 tokens in 0.58 s on one 400 Gbit/s link
		require.NoError(t, err)
		require.NoError(t, rep.Claim(r))
		rep.Unchecked(factcheck.Claim{ID: "vague", Quote: "much faster"}, "no number", nil)
		require.NoError(t, rep.End())
		// 105,000 x 327,680 B / 0.58 s = 59.3 GB/s, more than the link's 50 GB/s.
		assert.Contains(t, b.String(), "1 claim checked: needs more links than stated (1); 1 claim not checkable as stated.", format)
	}
}

// A report of more claims than it keeps in memory (12,000, some 14 MB of
// Markdown, past its 8 MiB) spools their text to a temporary file and
// still writes each claim's text under its own heading: every section is
// the one a report of that claim alone writes.
func TestReportPastItsMemoryKeepsEachClaimsText(t *testing.T) {
	if testing.Short() {
		t.Skip("checks 12,000 claims twice")
	}
	data := generatedClaims(12000)
	var results []factcheck.Result
	require.NoError(t, factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
		func(r factcheck.Result) error { results = append(results, r); return nil }, func(e *factcheck.RowError) error { return e }))
	var b bytes.Buffer
	rep, err := factcheck.NewReport(&b, "md", "big")
	require.NoError(t, err)
	for _, r := range results {
		require.NoError(t, rep.Claim(r))
	}
	require.NoError(t, rep.End())
	require.Greater(t, b.Len(), 8<<20, "past what the report keeps in memory")
	sections := strings.Split(b.String(), "\n### ")[1:]
	require.Len(t, sections, len(results))
	for i, r := range results {
		var one bytes.Buffer
		rep, err := factcheck.NewReport(&one, "md", "one")
		require.NoError(t, err)
		require.NoError(t, rep.Claim(r))
		require.NoError(t, rep.End())
		want := strings.Split(one.String(), "\n### ")[1]
		if !assert.Equal(t, fmt.Sprintf("%d. %s", i+1, strings.TrimPrefix(want, "1. ")), sections[i], "claim %d", i+1) {
			break
		}
	}
}
