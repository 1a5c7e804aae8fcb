package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/cmd/breakeven/internal/claimsfile"
	"signalweight.dev/kv/sources"
)

// WEKA's claim, from the inputs in sources: about 59 GB/s needed against
// the 50 GB/s of one 400 Gbit/s link.
func TestCheckWEKA(t *testing.T) {
	w := sources.WEKA70B
	code, out, errOut := runCmd("check", "--model", w.Model, "--tokens", text(w.Tokens.V()), "--seconds", text(w.Cached.V()),
		"--links", "1x"+text(sources.WEKALinkSpeed.V())+" B/s", "--json")
	require.Equal(t, 0, code, errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	for _, k := range []string{"model", "tokens", "cache_bytes", "claimed_seconds", "required_bytes_per_second",
		"link_bytes_per_second", "links_needed", "verdict", "explanation"} {
		assert.Contains(t, m, k)
	}
	perToken := 2.0 * 80 * 8 * 128 * 2 // Llama 3.1 70B at 16 bits
	assert.InEpsilon(t, 105000*perToken, m["cache_bytes"], 1e-12)
	assert.InEpsilon(t, 105000*perToken/0.58, m["required_bytes_per_second"], 1e-12)
	// The post: "needs 59 GB/s ... One 400 Gbit/s InfiniBand link carries 50."
	assert.Equal(t, 59.0, math.Round(m["required_bytes_per_second"].(float64)/1e9))
	assert.Equal(t, 50.0, m["link_bytes_per_second"].(float64)/1e9)
	assert.Equal(t, "needs-more-links", m["verdict"])
	assert.Greater(t, m["links_needed"], 1.0)
	assert.Contains(t, m["explanation"], "50.0 GB/s")
}

// check --claims data/claims.csv gives what the post's claim table
// (post.Claims) gives.
func TestCheckClaimsFileMatchesPost(t *testing.T) {
	code, out, errOut := runCmd("check", "--claims", filepath.Join("..", "..", "data", "claims.csv"), "--json")
	require.Equal(t, 0, code, errOut)
	var rows []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	byModel := map[string]map[string]any{}
	n := 0
	for _, r := range rows {
		if strings.HasPrefix(r["id"].(string), "post-") { // the rest are the registry's
			byModel[r["model"].(string)] = r
			n++
		}
	}
	claims := post.Claims()
	require.Equal(t, len(claims), n)
	for _, c := range claims {
		r, ok := byModel[c.Model]
		require.True(t, ok, c.Model)
		assert.InEpsilon(t, float64(c.Tokens.Value), r["tokens"], 1e-12, c.Name)
		assert.InEpsilon(t, float64(c.Seconds.Value), r["claimed_seconds"], 1e-12, c.Name)
		assert.InEpsilon(t, float64(c.Cache.Value), r["cache_bytes"], 1e-12, c.Name)
		assert.InEpsilon(t, float64(c.Needs.Value), r["required_bytes_per_second"], 1e-12, c.Name)
		if c.Link > 0 {
			assert.InEpsilon(t, float64(c.Link), r["link_each_bytes_per_second"], 1e-12, c.Name)
			assert.Equal(t, float64(c.LinksNeeded), r["links_needed"], c.Name)
		} else {
			assert.Nil(t, r["link_bytes_per_second"], c.Name)
			assert.Nil(t, r["links_needed"], c.Name)
		}
		assert.NotEmpty(t, r["source"], c.Name)
		assert.Greater(t, r["line"], 1.0, c.Name)
	}
}

func TestCheckBadInputsExit2(t *testing.T) {
	good := []string{"check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "0.58"}
	cases := []struct {
		args  []string
		names string
	}{
		{[]string{"--model", "llama-3.1-450b"}, `--model "llama-3.1-450b"`},
		{[]string{"--model", "Mistral Medium 3.5"}, `--model "Mistral Medium 3.5"`},
		{[]string{"--links", "12 parsecs/s"}, `--links "12 parsecs/s"`},
		{[]string{"--seconds", "-1"}, `--seconds "-1"`},
		{[]string{"--seconds", "0"}, `--seconds "0"`},
		{[]string{"--model", "-_-"}, `--model "-_-": no letter or digit`},
		{[]string{"--model", strings.Repeat("x", 10<<10)}, `(10,240 characters): model name too long`},
		{[]string{"--tokens", "many"}, `--tokens "many"`},
		{[]string{"--kv-dtype", "fp7"}, `--kv-dtype "fp7"`},
		{[]string{"--ceiling", "fast"}, `--ceiling "fast"`},
		{[]string{"--fail-on", "maybe"}, `--fail-on "maybe"`},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(append(append([]string(nil), good...), c.args...)...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		assert.Contains(t, errOut, c.names)
		assert.Contains(t, errOut, "e.g.")
	}
}

// Bad rows are reported by line on stderr, good rows still checked, and
// the status is 2; --fail-on gives 1 only when asked.
func TestCheckClaimsFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	bad := write("bad.csv", "model,tokens,seconds,links,source\nqwen3-32b,131072,1.5,,wwt\nnope,1,1,,x\nqwen3-32b,131072,0,,x\n")
	code, out, errOut := runCmd("check", "--claims", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "Qwen3-32B")
	assert.Contains(t, errOut, bad+`:3: model "nope": unknown model`)
	assert.Contains(t, errOut, bad+`:4: seconds "0": zero value`)

	implausible := write("fast.csv", "model,tokens,seconds,links,source,host\nllama-3.1-405b,127188,0.01,1x400GbE,x,dgx-h100\n")
	code, _, _ = runCmd("check", "--claims", implausible)
	assert.Equal(t, 0, code, "a verdict is an answer unless --fail-on asks otherwise")
	code, _, errOut = runCmd("check", "--claims", implausible, "--fail-on", "implausible")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "implausible-as-stated")
	code, out, _ = runCmd("check", "--claims", implausible, "--csv")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, ",implausible-as-stated,")
}

// BenchmarkCheckClaims100k checks a generated file of 100,000 claims
// through the command, as "breakeven check --claims FILE" does.
func BenchmarkCheckClaims100k(b *testing.B) {
	p := filepath.Join(b.TempDir(), "claims.csv")
	f, err := os.Create(p)
	require.NoError(b, err)
	require.NoError(b, claimsfile.WriteSynthetic(f, 100000))
	require.NoError(b, f.Close())
	for _, format := range []string{"", "--json", "--csv"} {
		b.Run("format="+strings.TrimPrefix(format, "--"), func(b *testing.B) {
			args := []string{"check", "--claims", p}
			if format != "" {
				args = append(args, format)
			}
			b.ReportAllocs()
			for b.Loop() {
				if code := run(args, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// data/claims.csv's published claims are written from sources/ by
// program genclaims (a file of generated claims for a measured run too:
// go run ./internal/genclaims -synthetic 100000 -o /tmp/claims100k.csv).
//
//go:generate go run ./internal/genclaims -o ../../data/claims.csv

// The committed data/claims.csv is what genclaims writes from sources/,
// above its marker line; its links read back as the links typed in
// sources, and its rows are the post's three claims. (Package factcheck's
// TestClaimsFileAgreesWithSources checks every value the check reads.)
func TestClaimsFileIsGenerated(t *testing.T) {
	committed, err := os.ReadFile(filepath.Join(repoRoot, "data", "claims.csv"))
	require.NoError(t, err)
	var want bytes.Buffer
	require.NoError(t, claimsfile.WritePublished(&want))
	head, _, ok := bytes.Cut(committed, []byte(claimsfile.Marker))
	require.True(t, ok, "data/claims.csv has lost its marker line %q", claimsfile.Marker)
	assert.Equal(t, want.String(), string(head)+claimsfile.Marker, "data/claims.csv is stale: run go generate ./cmd/breakeven")

	// Rewriting keeps what follows the marker, and only that.
	mine := "Qwen3-32B,32768,0.5,1x100GbE,post,,mine\n"
	got, err := claimsfile.Rewrite([]byte("old header\n" + claimsfile.Marker + mine))
	require.NoError(t, err)
	assert.Equal(t, want.String()+mine, string(got))

	links := map[string]float64{ // bytes per second, by hand
		sources.VAST405B.ID: 2 * 100e9 / 8,
		sources.QwenWWT.ID:  0,
		sources.WEKA70B.ID:  400e9 / 8,
	}
	published := claimsfile.PublishedClaims()
	require.Len(t, published, len(links))
	for _, p := range published {
		w, ok := links[p.Test.ID]
		require.True(t, ok, p.Test.ID)
		if w == 0 {
			assert.Empty(t, p.LinksText(), p.Test.ID)
			continue
		}
		bw, err := breakeven.ParseBandwidth(p.LinksText())
		require.NoError(t, err, p.LinksText())
		assert.Equal(t, w, float64(bw), p.Test.ID)
	}
}

// genclaims writes the registry of published claims after the post's
// three, every form in its column, and the checker reads each row back as
// the claim it came from. A fake entry with every form stands in at the
// end.
func TestClaimsFileWritesTheRegistry(t *testing.T) {
	saved := sources.PublishedClaims
	t.Cleanup(func() { sources.PublishedClaims = saved })
	fake := sources.PublishedClaim{ID: "fake-r1-distill", Source: sources.WEKABlog, Locator: "table 1", Quote: `"70.8 s to 465 ms, 152x"`,
		Model: "llama-3.3-70b", Tokens: "131072", Seconds: "465ms", SecondsAre: sources.SecondsTTFT, Size: "40 GiB",
		Throughput: "40GiB/s", PerNode: true, Uncached: "70.8s", Speedup: "152x", Hit: "90%",
		Links: "4xPCIe4x16", Host: "4xl40s", GPUs: "8xH100", KVDtype: "bf16", Note: "a fake, for the test"}
	sources.PublishedClaims = append(append([]sources.PublishedClaim{}, saved...), fake)

	var b bytes.Buffer
	require.NoError(t, claimsfile.WritePublished(&b))
	text := b.String()
	rd, err := factcheck.NewReader(&b)
	require.NoError(t, err)
	var got []factcheck.Claim
	for {
		c, err := rd.Read()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		c.Line = 0
		got = append(got, c)
	}
	checked := 0 // claims.csv leaves out the claims the registry marks Unchecked
	for _, p := range saved {
		if p.Unchecked == "" {
			checked++
		}
	}
	require.Len(t, got, 3+checked+1)
	assert.Equal(t, factcheck.FromPublished(fake), got[len(got)-1])
	assert.Equal(t, "post-vast405b", got[0].ID)
	assert.Empty(t, rd.ExtraColumns(), "every column of data/claims.csv is one the checker reads")

	// The row by hand, column by column.
	lines := strings.Split(strings.TrimSuffix(text, claimsfile.Marker), "\n")
	header, last := lines[7], lines[len(lines)-2]
	assert.Equal(t, "model,tokens,seconds,links,source,seconds_are,size,throughput,per_node,uncached,speedup,hit,host,path,tp,gpus,kv_dtype,config,id,locator,quote,note", header)
	assert.Equal(t, `llama-3.3-70b,131072,465ms,4xPCIe4x16,weka-amg-2025,ttft,40 GiB,40GiB/s,yes,70.8s,152x,90%,4xl40s,,,8xH100,bf16,,fake-r1-distill,table 1,"""70.8 s to 465 ms, 152x""","a fake, for the test"`, last)
}

// The verdict table is printed from factcheck.RuleTable in check -h and
// stands in docs/check.md as the same rows, so neither drifts from the
// rule.
func TestVerdictTableInHelpAndDocs(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "check.md"))
	require.NoError(t, err)
	doc := string(b)
	for _, line := range strings.Split(strings.TrimSpace(factcheck.RuleTableMarkdown()), "\n") {
		assert.Contains(t, doc, "\n"+line+"\n", "docs/check.md lacks the verdict table's row %q", line)
	}
	code, _, help := runCmd("check", "-h")
	require.Equal(t, 0, code)
	for _, c := range factcheck.RuleTable {
		assert.Regexp(t, `(?m)^  `+regexp.QuoteMeta(c.Host)+` +`+regexp.QuoteMeta(c.Links)+` +`+regexp.QuoteMeta(c.Need)+` +`+string(c.Verdict)+`$`, help)
	}
}

// Hostile values of the new forms: one line naming the flag, an example,
// nothing on stdout.
func TestCheckFormsHostile(t *testing.T) {
	base := []string{"check", "--model", "llama-3.1-70b", "--tokens", "131072"}
	for _, c := range []struct {
		args []string
		says string
	}{
		{append(base, "--size", "1e300 GB"), `--size "1e300 GB": above 1e18 B`},
		{append(base, "--size", "40 Gb"), `--size "40 Gb": unit "Gb" is in bits`},
		{append(base, "--size", "0 GB"), `--size "0 GB": zero value`},
		{append(base, "--seconds", "1", "--speedup", "1e9x"), `--speedup "1e9x": a speedup above a million`},
		{append(base, "--seconds", "1", "--hit", "-5%"), `--hit "-5%": a hit is between 0 and 1`},
		{append(base, "--seconds", "1", "--seconds-are", "prefill"), `--seconds-are "prefill": not what a time measures`},
		{append(base, "--seconds", "1", "--gpus", "4xToaster"), `--gpus "4xToaster": unknown GPU "toaster"`},
		{append(base, "--seconds", "1", "--host", strings.Repeat("h", 1<<20)), `--host "hhhh`},
		{[]string{"check", "--throughput", "0"}, `--throughput "0": zero value`},
		{[]string{"check", "--throughput", "1 EB/s"}, `--throughput "1 EB/s"`},
		{[]string{"check", "--size", "40 GB"}, "no --model"},
		{append(base, "--seconds", "1", "--ceiling", "1 TB/s", "--host", "dgx-h100"), "--ceiling and --host are alternatives"},
		{append(base, "--seconds", "1", "--report", "pdf"), `--report "pdf": not a report format`},
		{[]string{"check", "--hosts", "--model", "x"}, "--hosts lists the host catalog"},
		{append(base, "--seconds", "1", "--per-node"), "--per-node says how a --throughput is stated"},
	} {
		code, stdout, stderr := runCmd(c.args...)
		name := strings.Join(c.args, " ")
		if len(name) > 120 {
			name = name[:120]
		}
		assert.Equal(t, 2, code, name)
		assert.Empty(t, stdout, name)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s: one line: %q", name, stderr)
		assert.Contains(t, stderr, c.says, name)
		assert.Less(t, len(stderr), 400, name)
	}
}

// --only-mine leaves out the rows go generate writes into
// data/claims.csv (the post's claims and the registry's), by their ids,
// in every output; it filters a file, so a single claim refuses it.
func TestCheckOnlyMineKeepsTheUsersRows(t *testing.T) {
	registry, err := os.ReadFile(filepath.Join(repoRoot, "data", "claims.csv"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "claims.csv")
	mine := userRows(t, registry,
		map[string]string{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "links": "450 GB/s", "source": "x", "id": "mine-1"},
		map[string]string{"model": "qwen3-32b", "tokens": "131072", "seconds": "1.5", "source": "y"})
	require.NoError(t, os.WriteFile(path, append(registry, mine...), 0o644))

	code, out, errOut := runCmd("check", "--claims", path, "--json")
	require.Equal(t, 0, code, errOut)
	var all []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &all))
	assert.Len(t, all, len(claimsfile.Claims())+2)

	code, out, errOut = runCmd("check", "--claims", path, "--json", "--only-mine")
	require.Equal(t, 0, code, errOut)
	var only []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &only))
	require.Len(t, only, 2)
	assert.Equal(t, "mine-1", only[0]["id"])
	assert.Equal(t, "Qwen3-32B", only[1]["model"])

	code, out, errOut = runCmd("check", "--claims", path, "--report", "md", "--only-mine")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "2 claims checked")
	assert.NotContains(t, out, "post-weka70b")

	code, _, errOut = runCmd("check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "0.58", "--only-mine")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--only-mine leaves the registry's rows out of a claims file; give --claims with it")
}

// userRows writes a user's claims, each given by column name, as CSV rows
// to append to registry (data/claims.csv), in the columns of the file's
// own header, so a column added to the registry does not shift them.
func userRows(t *testing.T, registry []byte, rows ...map[string]string) string {
	t.Helper()
	var header []string
	for _, line := range strings.Split(string(registry), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			header = strings.Split(line, ",")
			break
		}
	}
	require.NotEmpty(t, header, "data/claims.csv has a header")
	var b strings.Builder
	w := csv.NewWriter(&b)
	for _, fields := range rows {
		cells := make([]string, len(header))
		for i, h := range header {
			cells[i] = fields[h]
			delete(fields, h)
		}
		require.Empty(t, fields, "columns data/claims.csv does not have")
		require.NoError(t, w.Write(cells))
	}
	w.Flush()
	require.NoError(t, w.Error())
	return b.String()
}

// check --claims's table puts the user's own claims first and the
// registry's after them under their title, as the report does, each group
// in the file's order; its counts line says each verdict in the report's
// words (the report's own counts line, word for word), with no verdict's
// short name, and the counts are the claims' verdicts as --json gives them.
func TestCheckTableListsTheUsersClaimsFirstAndCountsInWords(t *testing.T) {
	registry, err := os.ReadFile(filepath.Join(repoRoot, "data", "claims.csv"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "claims.csv")
	mine := userRows(t, registry,
		map[string]string{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "links": "1x400Gbit/s", "source": "x", "id": "mine-1"},
		map[string]string{"model": "qwen3-32b", "tokens": "131072", "seconds": "1.5", "source": "y"})
	require.NoError(t, os.WriteFile(path, append(registry, mine...), 0o644))
	first := strings.Count(string(registry), "\n") + 1 // the user's rows' lines: first, first+1

	code, out, errOut := runCmd("check", "--claims", path)
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(out, "\n")
	require.True(t, strings.HasPrefix(lines[0], " line  model"), lines[0])
	lineOf := regexp.MustCompile(`^ *(\d+)  `)
	var order []string
	i := 1
	for ; i < len(lines) && lines[i] != ""; i++ {
		if m := lineOf.FindStringSubmatch(lines[i]); m != nil {
			order = append(order, m[1])
		} else {
			order = append(order, strings.TrimSpace(lines[i]))
		}
	}
	n := len(claimsfile.Claims())
	require.Len(t, order, n+3, "every claim and the registry's title")
	assert.Equal(t, []string{itoa(first), itoa(first + 1), "The registry's claims:"}, order[:3], "the user's claims first")
	assert.Contains(t, lines[1], "Llama 3.1 70B")
	assert.Contains(t, lines[2], "Qwen3-32B")
	prev := 0
	for _, l := range order[3:] {
		v, err := strconv.Atoi(l)
		require.NoError(t, err, l)
		assert.Less(t, prev, v, "the registry's in the file's order")
		assert.Less(t, v, first, "only the registry's rows after the title")
		prev = v
	}

	// The counts line, wrapped at 80 columns, up to the next section.
	var counts []string
	for i++; i < len(lines) && !strings.HasPrefix(lines[i], "Model names") && !strings.HasPrefix(lines[i], "links:"); i++ {
		counts = append(counts, lines[i])
	}
	countsLine := strings.Join(counts, " ")
	for _, v := range factcheck.Verdicts {
		if strings.Contains(string(v), "-") {
			assert.NotContains(t, countsLine, string(v), "no verdict's short name")
		}
	}

	_, md, errOut := runCmd("check", "--claims", path, "--report", "md")
	require.Empty(t, errOut)
	summary := regexp.MustCompile(`(?m)^## Summary\n\n(.+)$`).FindStringSubmatch(md)
	require.NotNil(t, summary)
	assert.Equal(t, summary[1], countsLine, "the report's counts line, word for word")

	_, js, _ := runCmd("check", "--claims", path, "--json")
	var all []struct{ Verdict factcheck.Verdict }
	require.NoError(t, json.Unmarshal([]byte(js), &all))
	got := map[factcheck.Verdict]int{}
	for _, c := range all {
		got[c.Verdict]++
	}
	assert.Contains(t, countsLine, itoa(n+2)+" claims checked: ")
	for v, k := range got {
		assert.Contains(t, countsLine, v.Words()+" ("+itoa(k)+")", v)
	}
}
