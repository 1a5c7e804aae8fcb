package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// assertOneLine holds a refused input to exit 2, one line on stderr
// holding says, and nothing unescaped from the input.
func assertOneLine(t *testing.T, args []string, says string) {
	t.Helper()
	code, _, stderr := runCmd(args...)
	name := strings.Join(args, " ")
	if len(name) > 120 {
		name = name[:120]
	}
	assert.Equal(t, 2, code, name)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "%s: one line: %q", name, stderr)
	assert.Contains(t, stderr, says, name)
	assert.Less(t, len(stderr), 400, name)
}

// A file that is not CSV at all, read for ever, ends at the bound on a
// row with one line and exit 2.
func TestHostileClaimsDevZero(t *testing.T) {
	assertOneLine(t, []string{"check", "--claims", "/dev/zero"}, "/dev/zero:1: more than 1048576 bytes (1 MiB) without a line break, the limit for one row")
}

// A dimension out of range is refused the same way from a flag and from
// a config.json, naming the flag or the field.
func TestHostileDimensionsFlagsAndConfig(t *testing.T) {
	calc := []string{"calc", "--prefill", "10k", "--link", "10GbE"}
	assertOneLine(t, append(calc, "--layers", "80", "--kv-heads", "8", "--head-dim", "1099511627776"), `--head-dim "1099511627776": above 1,048,576, the most it may be`)
	cfg := `{"num_hidden_layers": 80, "hidden_size": 8192, "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 1099511627776, "vocab_size": 128256, "intermediate_size": 28672}`
	assertOneLine(t, append(calc, "--config-text", cfg), `config.json field "head_dim": 1099511627776: above 1,048,576, the most it may be`)
	cfg = strings.Replace(cfg, `"head_dim": 1099511627776`, `"head_dim": 128`, 1)
	cfg = strings.Replace(cfg, `"vocab_size": 128256`, `"vocab_size": 1000000000000000000`, 1)
	assertOneLine(t, append(calc, "--config-text", cfg, "--gpus", "8xH100"), `config.json field "vocab_size": 1000000000000000000: above 1,048,576`)
}

// A config.json without num_key_value_heads takes Hugging Face's default,
// multi-head attention (num_key_value_heads = num_attention_heads), and
// says so in the text, in --json and among check's assumptions.
func TestHostileMissingKVHeadsShown(t *testing.T) {
	cfg := `{"num_hidden_layers": 80, "hidden_size": 8192, "num_attention_heads": 64, "head_dim": 128, "vocab_size": 128256, "intermediate_size": 28672, "tie_word_embeddings": false}`
	path := filepath.Join(t.TempDir(), "mha.json")
	require.NoError(t, os.WriteFile(path, []byte(cfg), 0o644))
	const says = "num_key_value_heads not stated: taken as num_attention_heads, 64 (multi-head attention, Hugging Face's default); state it if the model shares KV heads"
	code, out, errOut := runCmd("calc", "--config", path, "--prefill", "10k", "--link", "10GbE")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `assumed +num_key_value_heads not stated`, out)
	// 2 x 80 layers x 64 heads x 128 dims x 2 bytes = 2,621,440 B/token.
	assert.Contains(t, out, "2.62 MB")
	code, out, errOut = runCmd("calc", "--config", path, "--prefill", "10k", "--link", "10GbE", "--json")
	require.Equal(t, 0, code, errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Equal(t, says, m["config_assumptions"])
	assert.Equal(t, 2621440.0, m["bytes_per_token"])
	code, out, errOut = runCmd("check", "--config", path, "--tokens", "105000", "--seconds", "0.58", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, says)
	code, out, errOut = runCmd("check", "--config", path, "--tokens", "105000", "--seconds", "0.58")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `assumed +num_key_value_heads not stated`, out)
}

// formula is a CSV cell a spreadsheet would run: it begins with =, +, -,
// @, a tab or a carriage return and is not a number.
func formula(c string) bool {
	if c == "" || !strings.ContainsAny(c[:1], "=+-@\t\r") {
		return false
	}
	_, err := strconv.ParseFloat(c, 64)
	return err != nil
}

// check --csv writes no cell a spreadsheet would run, whether from a
// claim's cells, an extra column or a header name (OWASP CSV injection).
func TestHostileCSVInjection(t *testing.T) {
	in := "model,tokens,seconds,links,source,quote,=cmd,@note\n" +
		`llama-3.1-70b,105000,0.58,1x400Gbit/s,"=HYPERLINK(""http://x"",""y"")","@SUM(1+1)*cmd|' /C calc'!A0",+evil,-2+3` + "\n"
	path := filepath.Join(t.TempDir(), "claims.csv")
	require.NoError(t, os.WriteFile(path, []byte(in), 0o644))
	code, out, errOut := runCmd("check", "--claims", path, "--csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 2)
	n := 0
	for _, rec := range recs {
		for _, c := range rec {
			assert.False(t, formula(c), "a formula cell: %q", c)
			if strings.HasPrefix(c, "'") {
				n++
			}
		}
	}
	assert.GreaterOrEqual(t, n, 5, "the source, the extra cells and the extra headers are quoted: %v", recs)
	assert.Contains(t, recs[0], "'=cmd")
	assert.Contains(t, recs[1], "'+evil")

	// The single claim's CSV too.
	code, out, errOut = runCmd("check", "--model", "llama-3.1-70b", "--tokens", "105000", "--seconds", "0.58", "--links", "1x400Gbit/s", "--csv")
	require.Equal(t, 0, code, errOut)
	recs, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	for _, rec := range recs {
		for _, c := range rec {
			assert.False(t, formula(c), "a formula cell: %q", c)
		}
	}
}

// rawControl finds a control character other than a line feed or a tab,
// C1 controls (U+0080 to U+009F) included.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) {
			return r, true
		}
	}
	return 0, false
}

// No control character of an input reaches the terminal: a file name, an
// unknown flag, serve's address, and a claim's cells in every report
// are shown escaped (ESC as \x1b).
func TestHostileControlCharactersEscaped(t *testing.T) {
	const esc = "\x1b[31mred\x1b]0;title\a\u009b2J\r"
	dir := t.TempDir()
	named := filepath.Join(dir, "claims"+esc+".csv")
	in := "model,tokens,seconds,links,source,quote,note\n" +
		"llama-3.1-70b,105000,0.58,1x400Gbit/s,src" + esc + ",q" + esc + ",n" + esc + "\n" +
		"llama-3.1-70b,x" + esc + ",0.58,1x400Gbit/s,s,q,n\n"
	require.NoError(t, os.WriteFile(named, []byte(in), 0o644))
	for _, args := range [][]string{
		{"calc", "--" + esc},
		{"calc", "--model", "llama-3.1-70b", "--prefill", "4380", "--link", esc},
		{"check", "--claims", filepath.Join(dir, "nope"+esc+".csv")},
		{"check", "--claims", named},
		{"check", "--claims", named, "--report", "md"},
		{"check", "--claims", named, "--report", "html"},
		{"check", "--claims", named, "--csv"},
		{"check", "--claims", named, "--json"},
		{"serve", "--addr", esc + ":99999"},
		{esc},
		{"help", esc},
	} {
		_, stdout, stderr := runCmd(args...)
		for _, s := range []string{stdout, stderr} {
			r, found := rawControl(s)
			assert.False(t, found, "%q: a raw control character %U in %q", args, r, s)
		}
		assert.Contains(t, stdout+stderr, `\x1b`, "%q: ESC shown escaped", args)
	}
}

// The Markdown report escapes every text it echoes, its title (the file's
// name) included: nothing in a claim or a name becomes a tag, a link, an
// image, emphasis, a heading or a list.
func TestHostileMarkdownEscaped(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "<img src=x onerror=alert(1)>")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "[c](javascript:alert(1)) **b** ~~s~~.csv")
	in := "model,tokens,seconds,links,source,quote,note,vendor\n" +
		`llama-3.1-70b,105000,0.58,1x400Gbit/s,"[x](javascript:alert(1))","# heading <script>alert(1)</script>","![i](http://x/i.png) &lt;b&gt; __u__","- item | 1. two"` + "\n" +
		"llama-3.1-70b,[bad](javascript:alert(2)),0.58,,x,q,n,v\n"
	require.NoError(t, os.WriteFile(path, []byte(in), 0o644))
	_, out, _ := runCmd("check", "--claims", path, "--report", "md")
	require.Contains(t, out, "# Claims checked: ")
	for _, raw := range []string{"<img", "<script", "**b**", "~~s~~", "![i]", "&lt;b&gt;", "__u__"} {
		assert.NotContains(t, out, raw)
	}
	for _, raw := range []string{`(^|[^\\])\]\(javascript`, `(^|[^\\])# heading`, `(?m)^- item`, `(?m)^> [^\\]`} {
		assert.NotRegexp(t, raw, out)
	}
	assert.Contains(t, out, "&lt;img src=x onerror=alert(1)&gt;", "the title escaped")
	assert.Contains(t, out, `\[c\](javascript:alert(1)) \*\*b\*\* \~\~s\~\~.csv`, "the title escaped")
	assert.Contains(t, out, `&amp;lt;b&amp;gt;`, "an entity shown as written")
}

// A reproduce that cannot write one of its files (a full disk after 15
// tables, a folder it may not write) exits 2 with one line and a way
// forward, and changes nothing: no file is new while others are old, and
// no temporary file is left.
func TestHostileReproduceWritesAllOrNothing(t *testing.T) {
	out := t.TempDir()
	code, _, stderr := runCmd("reproduce", "--out", out)
	require.Equal(t, 0, code, stderr)
	// Make every file old, so that each must be rewritten.
	var files []string
	for _, sub := range []string{"data", "figures"} {
		names, err := filepath.Glob(filepath.Join(out, sub, "*"))
		require.NoError(t, err)
		files = append(files, names...)
	}
	require.Greater(t, len(files), 20)
	for _, f := range files {
		require.NoError(t, os.WriteFile(f, []byte("old"), 0o644))
	}
	real := stage
	defer func() { stage = real }()
	n := 0
	stage = func(dir, name string, b []byte) (string, error) {
		if n++; n == 16 {
			return "", &os.PathError{Op: "write", Path: filepath.Join(dir, name), Err: syscall.ENOSPC}
		}
		return real(dir, name, b)
	}
	code, stdout, stderr := runCmd("reproduce", "--out", out)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	assert.Contains(t, stderr, "no space left on device; nothing was changed")
	assert.Contains(t, stderr, "--out /tmp/kv")
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Equal(t, "old", string(b), "%s rewritten although the run failed", f)
	}
	for _, sub := range []string{"data", "figures"} {
		tmps, err := filepath.Glob(filepath.Join(out, sub, ".*"))
		require.NoError(t, err)
		assert.Empty(t, tmps, "temporary files left")
	}
	stage = real
	code, _, stderr = runCmd("reproduce", "--out", out)
	require.Equal(t, 0, code, stderr)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.NotEqual(t, "old", string(b), f)
	}
}

// A target reproduce cannot replace (here a directory where a figure
// goes) is found before any file is renamed: exit 2, one line, and the
// tables written before it are not new.
func TestHostileReproduceUnwritableTargetChangesNothing(t *testing.T) {
	out := t.TempDir()
	code, _, stderr := runCmd("reproduce", "--out", out)
	require.Equal(t, 0, code, stderr)
	tables, err := filepath.Glob(filepath.Join(out, "data", "*.csv"))
	require.NoError(t, err)
	require.NotEmpty(t, tables)
	for _, f := range tables {
		require.NoError(t, os.WriteFile(f, []byte("old"), 0o644))
	}
	figs, err := filepath.Glob(filepath.Join(out, "figures", "*.svg"))
	require.NoError(t, err)
	require.NotEmpty(t, figs)
	require.NoError(t, os.Remove(figs[len(figs)-1]))
	require.NoError(t, os.Mkdir(figs[len(figs)-1], 0o755))
	code, stdout, stderr := runCmd("reproduce", "--out", out)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	assert.Contains(t, stderr, "a directory is in its place; nothing was changed")
	for _, f := range tables {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Equal(t, "old", string(b), "%s rewritten although the run failed", f)
	}
}

// A bare "breakeven" prints three lines: what it is, the commands, and
// where to read more; a stray argument gets the command's own example.
func TestHostileMessages(t *testing.T) {
	code, stdout, stderr := runCmd()
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	require.LessOrEqual(t, len(lines), 3, stderr)
	assert.Contains(t, lines[0], "KV cache")
	for _, c := range commands {
		assert.Contains(t, stderr, c.name)
	}
	assert.Contains(t, stderr, "breakeven help")

	for _, c := range commands {
		assertOneLine(t, []string{c.name, "extra-positional"}, `unexpected argument "extra-positional": flags start with - (e.g. breakeven `+c.name)
	}
	assertOneLine(t, []string{"calc", "extra-positional"}, "(e.g. breakeven calc --model ")
}

// A claims file with old-Mac line ends (CR alone) is read row by row, and
// a config.json with a byte-order mark is read as without one, as the
// claims reader reads a CSV with one.
func TestHostileCROnlyAndByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	claims := filepath.Join(dir, "mac.csv")
	require.NoError(t, os.WriteFile(claims, []byte("model,tokens,seconds,links,source\rllama-3.1-70b,105000,0.58,1x400Gbit/s,weka\rqwen3-32b,131072,1.5,,post\r"), 0o644))
	code, out, errOut := runCmd("check", "--claims", claims, "--json")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, 2, strings.Count(out, `"verdict"`), out)

	cfg := `{"num_hidden_layers": 80, "hidden_size": 8192, "num_attention_heads": 64, "num_key_value_heads": 8, "vocab_size": 128256, "intermediate_size": 28672, "tie_word_embeddings": false}`
	plain, bom := filepath.Join(dir, "plain.json"), filepath.Join(dir, "bom.json")
	require.NoError(t, os.WriteFile(plain, []byte(cfg), 0o644))
	require.NoError(t, os.WriteFile(bom, []byte("\ufeff"+cfg), 0o644))
	_, want, _ := runCmd("calc", "--config", plain, "--prefill", "4380", "--link", "10GbE", "--json")
	code, got, errOut := runCmd("calc", "--config", bom, "--prefill", "4380", "--link", "10GbE", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, strings.Replace(want, `"plain"`, `"bom"`, 1), got)
}

// Extremes print readably: microseconds and nanoseconds below a
// millisecond, years beside a long time, a ratio past 10^6 as "5.2e11x"
// (never "e+"), and one token in the singular.
func TestHostileExtremesReadable(t *testing.T) {
	line := func(out, label string) string {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), label+" ") {
				return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), label))
			}
		}
		t.Fatalf("no %q line in\n%s", label, out)
		return ""
	}
	code, out, errOut := runCmd("calc", "--model", "llama-3.1-405b", "--tokens", "1", "--ttft", "1us", "--link", "10GbE")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "1,000,000 tokens/s (1 token in 1.00 µs)", line(out, "prefill"))
	assert.Equal(t, "1.00 µs", line(out, "recompute"))
	// 516,096 B at 1.25 GB/s: 413 µs.
	assert.Equal(t, "413 µs", line(out, "load"))

	code, out, errOut = runCmd("calc", "--model", "llama-3.1-405b", "--tokens", "1", "--prefill", "1e9", "--link", "10GbE")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "1.00 ns", line(out, "recompute"))
	assert.Contains(t, line(out, "slowdown"), "413,000x")

	// 131,072 x 516,096 B = 67.6 GB at 1 kB/s: 6.76e7 s, 2.14 years;
	// recomputing takes 131 µs, so loading is 5.2e11 times slower.
	code, out, errOut = runCmd("calc", "--model", "llama-3.1-405b", "--tokens", "131072", "--prefill", "1e9", "--link", "1 kB/s")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "67600000 s (2.14 years)", line(out, "load"))
	assert.True(t, strings.HasPrefix(line(out, "slowdown"), "5.2e11x: "), line(out, "slowdown"))
	assert.NotContains(t, out, "e+")
}

// A progress bar may redraw its line: the carriage return that starts
// each of its writes reaches the terminal, and any other control
// character in it is still escaped; the command's other output keeps
// escaping every carriage return.
func TestProgressBarRedrawsButEscapesTheRest(t *testing.T) {
	var raw bytes.Buffer
	out := &escaper{w: &raw}
	bar := progressTo(out)
	_, err := bar.Write([]byte("\rmeasure [==] 1/2 \x1b[31m\r"))
	require.NoError(t, err)
	assert.Equal(t, "\rmeasure [==] 1/2 \\x1b[31m\\x0d", raw.String())
	raw.Reset()
	_, err = out.Write([]byte("\rplain"))
	require.NoError(t, err)
	assert.Equal(t, "\\x0dplain", raw.String())
}
