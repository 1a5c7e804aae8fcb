package main

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/figures"
	"signalweight.dev/kv/sources"
)

// repoRoot is the repository root, two levels above this package.
const repoRoot = "../.."

// reproduce regenerates everything into a temporary directory; each file
// must be byte for byte the committed one, so drift between the code and
// what is committed fails here.
func TestReproduceMatchesCommittedFiles(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runCmd("reproduce", "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `tables: \d+ in data/ \(\d+ updated, 0 unchanged\)`, stdout)
	assert.Regexp(t, `figures: \d+ in figures/ \(\d+ updated, 0 unchanged\)`, stdout)
	assert.Regexp(t, `ledger: \d+ figures: \d+ match, \d+ within approximation, \d+ differ, \d+ inputs as sourced; 0 unexpected`, stdout)
	assert.Contains(t, stdout, "02-ttft-vs-bandwidth.svg", "the README's headline figure")

	written := map[string]bool{}
	for _, sub := range []string{"data", "figures"} {
		entries, err := os.ReadDir(filepath.Join(out, sub))
		require.NoError(t, err)
		for _, e := range entries {
			written[sub+"/"+e.Name()] = true
			got, err := os.ReadFile(filepath.Join(out, sub, e.Name()))
			require.NoError(t, err)
			want, err := os.ReadFile(filepath.Join(repoRoot, sub, e.Name()))
			if !assert.NoError(t, err, "%s/%s is not committed; run: go run ./cmd/breakeven reproduce", sub, e.Name()) {
				continue
			}
			assert.True(t, bytes.Equal(got, want), "%s/%s differs from what reproduce writes; run: go run ./cmd/breakeven reproduce", sub, e.Name())
		}
	}

	// Every committed file of a type reproduce writes must be one it
	// wrote: a table or figure nothing produces any more is stale.
	committed := committedFiles(t, "data", "figures")
	require.NotEmpty(t, committed)
	for _, path := range committed {
		if !generatedType(path) {
			continue
		}
		assert.True(t, written[path], "%s is committed but reproduce no longer writes it: delete it (git rm %s) or restore what produced it", path, path)
	}

	// A second run changes nothing.
	code, stdout, stderr = runCmd("reproduce", "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `tables: \d+ in data/ \(0 updated`, stdout)
	assert.Regexp(t, `figures: \d+ in figures/ \(0 updated`, stdout)
}

func TestReproduceUsage(t *testing.T) {
	for _, args := range [][]string{{"reproduce", "extra"}, {"reproduce", "--bogus"}} {
		code, _, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.NotEmpty(t, stderr)
	}
	code, out, _ := runCmd("help", "reproduce")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "--out")
	code, out, _ = runCmd("help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "reproduce")

	// A file where the output directory should be is bad input: one line,
	// naming --out, with an example, and nothing on stdout.
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	code, stdout, stderr := runCmd("reproduce", "--out", file)
	assert.Equal(t, 2, code)
	assert.Equal(t, `breakeven reproduce: --out "`+file+`": cannot create data/ there: not a directory (e.g. --out /tmp/kv)`+"\n", stderr)
	assert.Empty(t, stdout)
}

func TestModuleRoot(t *testing.T) {
	dir := t.TempDir()
	deep := filepath.Join(dir, "a", "b")
	require.NoError(t, os.MkdirAll(deep, 0o755))
	_, err := moduleRoot(deep)
	assert.ErrorContains(t, err, "--out")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("// the project\nmodule signalweight.dev/kv\n\ngo 1.26.0\n"), 0o644))
	root, err := moduleRoot(deep)
	require.NoError(t, err)
	assert.Equal(t, dir, root)

	other := filepath.Join(dir, "a", "go.mod")
	require.NoError(t, os.WriteFile(other, []byte("module example.com/other\n"), 0o644))
	_, err = moduleRoot(deep)
	assert.ErrorContains(t, err, `"example.com/other"`)

	root, err = moduleRoot(".")
	require.NoError(t, err)
	abs, _ := filepath.Abs(repoRoot)
	rootAbs, _ := filepath.Abs(root)
	assert.Equal(t, abs, rootAbs)
	assert.False(t, strings.HasSuffix(rootAbs, "cmd/breakeven"))
}

// handEdited are the committed files under data/ and figures/ that
// reproduce reads or leaves to people, not writes.
var handEdited = map[string]bool{
	"data/claims.csv": true, // the claims a fact-checker edits; check reads it
}

// generatedType reports whether a committed path under data/ or figures/
// is of a kind reproduce writes (a table or a figure) and not one of the
// files people edit.
func generatedType(path string) bool {
	if handEdited[path] || strings.HasPrefix(strings.ToUpper(filepath.Base(path)), "README") {
		return false
	}
	switch filepath.Ext(path) {
	case ".csv", ".svg", ".png":
		return true
	case ".md":
		return strings.HasPrefix(path, "data/") // data/claims-report.md
	}
	return false // the figures' Go sources, and anything else
}

// committedFiles lists the files git tracks under dirs, as slash paths
// from the repository root; outside a git checkout it lists the
// directories themselves.
func committedFiles(t *testing.T, dirs ...string) []string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"ls-files", "--"}, dirs...)...)
	cmd.Dir = repoRoot
	if b, err := cmd.Output(); err == nil && len(bytes.TrimSpace(b)) > 0 {
		return strings.Fields(string(b))
	}
	var out []string
	for _, d := range dirs {
		entries, err := os.ReadDir(filepath.Join(repoRoot, d))
		require.NoError(t, err)
		for _, e := range entries {
			if !e.IsDir() {
				out = append(out, d+"/"+e.Name())
			}
		}
	}
	return out
}

// The counts the README states are the counts the code computes, so the
// README cannot drift from the audit, the catalog or what reproduce
// writes. They stand in one table, after the comment that names this
// test, one count per row in a fixed order; the labels are prose and free
// to change.
func TestREADMECounts(t *testing.T) {
	findings, err := post.Audit()
	require.NoError(t, err)
	verdicts := map[post.Verdict]int{}
	for _, f := range findings {
		verdicts[f.Verdict]++
	}
	tables, err := post.Tables()
	require.NoError(t, err)
	figs, err := figures.All()
	require.NoError(t, err)
	checked, refused, err := factcheck.CheckRegistry(factcheck.Options{})
	require.NoError(t, err)
	publishers := map[string]bool{}
	for _, p := range sources.PublishedClaims {
		s, _ := sources.Lookup(p.Source)
		publishers[s.Publisher] = true
	}
	rows, _, err := post.PrefillHeldOut()
	require.NoError(t, err)
	var priced, within, covered int
	for _, r := range rows {
		if r.Priced() {
			priced++
			// within 25% and covered, counted here from each prediction
			if e := float64(r.Predicted.Value/r.TTFT) - 1; math.Abs(e) <= 0.25 {
				within++
			}
			if r.Predicted.Lo <= r.TTFT && r.TTFT <= r.Predicted.Hi {
				covered++
			}
		}
	}
	want := []int{
		len(findings), verdicts[post.Match], verdicts[post.WithinApprox], verdicts[post.Differs],
		len(tables), len(figs), len(sources.Models()),
		len(sources.PublishedClaims), len(publishers), len(checked), len(refused),
		priced, within, covered,
	}
	assert.Equal(t, want, readmeCounts(t))
}

// readmeCounts reads the last column of the table that follows the
// README's "counts" comment.
func readmeCounts(t *testing.T) []int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	require.NoError(t, err)
	_, after, ok := strings.Cut(string(b), "<!-- counts:")
	require.True(t, ok, "README.md has no counts table")
	lines := strings.Split(after, "\n")[1:]
	var counts []int
	for i, line := range lines {
		if !strings.HasPrefix(line, "|") {
			break
		}
		if i < 2 {
			continue // the header and its rule
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		n, ok := countWord(strings.TrimSpace(cells[len(cells)-1]))
		require.True(t, ok, "README.md: %q does not end in a count", line)
		counts = append(counts, n)
	}
	return counts
}

// Each example of the README whose output it shows prints those lines:
// a console block's "$ go run ./cmd/breakeven ARGS" is run and every
// line shown after it (but "...") must be a line of its output.
func TestREADMEExamplesPrintWhatTheyShow(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	require.NoError(t, err)
	blocks := regexp.MustCompile("(?s)```console\n(.*?)```").FindAllStringSubmatch(string(b), -1)
	require.NotEmpty(t, blocks)
	for _, blk := range blocks {
		lines := strings.Split(strings.TrimSuffix(blk[1], "\n"), "\n")
		args, ok := strings.CutPrefix(lines[0], "$ go run ./cmd/breakeven ")
		require.True(t, ok, "a console block starts with the command: %q", lines[0])
		code, out, errOut := runCmd(strings.Fields(args)...)
		require.Equal(t, 0, code, "%s: %s", args, errOut)
		got := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			got[l] = true
		}
		for _, l := range lines[1:] {
			if l != "..." {
				assert.True(t, got[l], "%s prints no line %q", args, l)
			}
		}
	}
}

// countWord reads a count written in digits or, as prose does below
// thirteen, in words.
func countWord(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	for i, w := range words {
		if strings.EqualFold(s, w) {
			return i, true
		}
	}
	return 0, false
}
