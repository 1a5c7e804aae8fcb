package main

import (
	"bytes"
	"context"
	"errors"
	"go/constant"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The rule written out case by case, and each mutant's value checked to
// differ from its original's by go/constant, independently of the rule.
func TestMutateRule(t *testing.T) {
	for _, c := range []struct {
		kind      token.Token
		lit, want string
	}{
		{token.INT, "0", "1"},
		{token.INT, "7", "8"},
		{token.INT, "127188", "127189"},
		{token.INT, "1_000", "1001"},
		{token.INT, "0x1f", "0x20"},
		{token.INT, "0b11", "0b100"},
		{token.INT, "0o7", "0o10"},
		{token.INT, "017", "020"},
		{token.FLOAT, "22.3", "22.4"},
		{token.FLOAT, "0.58", "0.59"},
		{token.FLOAT, "0.05", "0.06"},
		{token.FLOAT, "0.99", "1.00"},
		{token.FLOAT, "9.9", "10.0"},
		{token.FLOAT, "12.0", "12.1"},
		{token.FLOAT, "140e3", "141e3"},
		{token.FLOAT, "1e6", "2e6"},
		{token.FLOAT, "2.5e-3", "2.6e-3"},
		{token.FLOAT, "1.", "2."},
		{token.FLOAT, ".5", ".6"},
	} {
		got, ok := Mutate(c.kind, c.lit)
		require.True(t, ok, c.lit)
		assert.Equal(t, c.want, got, c.lit)
		before := constant.MakeFromLiteral(c.lit, c.kind, 0)
		after := constant.MakeFromLiteral(got, c.kind, 0)
		require.NotEqual(t, constant.Unknown, after.Kind(), "%s -> %s is not a Go literal", c.lit, got)
		assert.False(t, constant.Compare(before, token.EQL, after), "%s -> %s keeps the value", c.lit, got)
		assert.True(t, constant.Compare(before, token.LSS, after), "%s -> %s does not raise the value", c.lit, got)
	}
	for _, c := range []struct {
		kind token.Token
		lit  string
	}{{token.IMAG, "2i"}, {token.STRING, `"7"`}, {token.CHAR, "'7'"}, {token.FLOAT, "0x1p-2"}} {
		_, ok := Mutate(c.kind, c.lit)
		assert.False(t, ok, c.lit)
	}
}

// copyTestdata copies testdata/mod to a temporary directory and returns
// it, with the content of every file.
func copyTestdata(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	dst := t.TempDir()
	files := map[string][]byte{}
	err := filepath.WalkDir("testdata/mod", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata/mod", path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files[rel] = b
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	require.NoError(t, err)
	return dst, files
}

func assertUnchanged(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for rel, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, rel))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), "%s was not restored", rel)
	}
}

// Find lists exactly the literals the testdata marks as mutable, and
// leaves out the iota group, the array length, the //mutate:skip lines,
// the format string and the test file.
func TestFind(t *testing.T) {
	ms, err := Find("testdata/mod", []string{"calc"})
	require.NoError(t, err)
	var got []string
	for _, m := range ms {
		got = append(got, m.Key+" "+m.Orig+"->"+m.Repl)
	}
	assert.Equal(t, []string{
		"calc/calc.go:Double:2#1 2->3",
		"calc/calc.go:Scale:1.5#1 1.5->1.6",
		"calc/calc.go:Sixteen:0#1 0->1",
		"calc/calc.go:Sixteen:0x10#1 0x10->0x11",
		"calc/calc.go:Max/b:255#1 255->256",
		"calc/calc.go:HeadDim:5120#1 5120->5160",
		"calc/calc.go:HeadDim:40#1 40->41",
		"calc/calc.go:Parse:1#1 1->2",
	}, got)

	src, err := os.ReadFile("testdata/mod/calc/calc.go")
	require.NoError(t, err)
	for _, m := range ms {
		assert.Equal(t, m.Orig, string(src[m.Start:m.End]), m.Key)
		line := strings.Split(string(src), "\n")[m.Line-1]
		assert.Equal(t, m.Orig, line[m.Col-1:m.Col-1+len(m.Orig)], m.Key)
		out, err := m.Apply(src)
		require.NoError(t, err)
		assert.Equal(t, len(src)+len(m.Repl)-len(m.Orig), len(out))
		assert.Contains(t, string(out), m.Repl)
	}
	// A stale mutant (the file moved on) is refused, not applied blindly.
	_, err = ms[0].Apply([]byte("package calc\n"))
	assert.Error(t, err)
}

// The whole tool on the testdata module: each mutant classified as the
// testdata's comments say, the survivor in the allowlist accepted, the
// other failing the run, and every file restored.
func TestRunClassifiesAndRestores(t *testing.T) {
	dir, files := copyTestdata(t)
	allow := filepath.Join(dir, "allow.txt")
	require.NoError(t, os.WriteFile(allow, []byte("# known equivalent\ncalc/calc.go:Sixteen:0#1 the loop reaches 16 from 0 or from 1\n"), 0o644))
	tsv := filepath.Join(t.TempDir(), "out.tsv")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-root", dir, "-dirs", "calc", "-allow", allow, "-out", tsv}, &stdout, &stderr)
	assert.Equal(t, 1, code, "a survivor outside the allowlist fails the run\n%s\n%s", stdout.String(), stderr.String())
	assertUnchanged(t, dir, files)

	out, err := os.ReadFile(tsv)
	require.NoError(t, err)
	outcome := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(l, "\t")
		require.GreaterOrEqual(t, len(f), 6, l)
		outcome[f[5]] = f[0]
	}
	assert.Equal(t, map[string]string{
		"calc/calc.go:Double:2#1":     "killed",
		"calc/calc.go:Scale:1.5#1":    "survived",
		"calc/calc.go:Sixteen:0#1":    "survived",
		"calc/calc.go:Sixteen:0x10#1": "killed",
		"calc/calc.go:Max/b:255#1":    "killed-build",
		"calc/calc.go:HeadDim:5120#1": "killed",
		"calc/calc.go:HeadDim:40#1":   "killed",
		"calc/calc.go:Parse:1#1":      "killed",
	}, outcome)
	assert.Contains(t, stdout.String(), "mutants: 8 run, 6 killed (5 by a test, 1 by the compiler, 0 by a timeout), 2 survived")
	assert.Contains(t, stdout.String(), "kill rate: 75.0% of all run; 85.7% of the 7 not listed as equivalent")
	assert.Contains(t, stdout.String(), "survivor (equivalent: the loop reaches 16 from 0 or from 1)")
	assert.Regexp(t, `SURVIVOR: calc/calc.go:\d+:\d+ 1\.5 -> 1\.6`, stdout.String())
	assert.Contains(t, stdout.String(), "1 survivor(s) not in the allowlist")
}

// A sample is fixed by its seed, and -n bounds it.
func TestSample(t *testing.T) {
	var ms []Mutant
	for i := range 20 {
		ms = append(ms, Mutant{Key: string(rune('a' + i))})
	}
	a, b := Sample(ms, 5, 1), Sample(ms, 5, 1)
	assert.Equal(t, a, b)
	assert.Len(t, a, 5)
	assert.Len(t, Sample(ms, 0, 1), 20)
	assert.NotEqual(t, keys(Sample(ms, 0, 1)), keys(Sample(ms, 0, 2)))
	// Removing mutants keeps the others in their order.
	all := keys(Sample(ms, 0, 1))
	fewer := keys(Sample(ms[2:], 0, 1))
	var kept []string
	for _, k := range all {
		if k != ms[0].Key && k != ms[1].Key {
			kept = append(kept, k)
		}
	}
	assert.Equal(t, kept, fewer)
}

func keys(ms []Mutant) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Key)
	}
	return out
}

// Interrupted while the tests run on a mutant, the tool puts the file
// back.
func TestOneRestoresOnInterrupt(t *testing.T) {
	dir, files := copyTestdata(t)
	ms, err := Find(dir, []string{"calc"})
	require.NoError(t, err)
	t.Setenv("MUTATE_TESTDATA_SLOW", "1")
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{Root: dir, Module: "example.com/m", Run: "TestSlow"}
	mutated := make(chan bool, 1)
	go func() {
		// Cancel once the mutant is on disk.
		for {
			b, _ := os.ReadFile(filepath.Join(dir, "calc", "calc.go"))
			if !bytes.Equal(b, files[filepath.Join("calc", "calc.go")]) {
				mutated <- true
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	_, err = r.One(ctx, ms[0])
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
	assert.True(t, <-mutated)
	assertUnchanged(t, dir, files)
}

// A test that fails for want of disk is no verdict on the mutant: the
// run stops with an error naming the fault, counts nothing, and puts the
// file back.
func TestOneStopsOnMachineFault(t *testing.T) {
	dir, files := copyTestdata(t)
	ms, err := Find(dir, []string{"calc"})
	require.NoError(t, err)
	t.Setenv("MUTATE_TESTDATA_FAULT", "1")
	r := &Runner{Root: dir, Module: "example.com/m", Run: "TestFault"}
	res, err := r.One(context.Background(), ms[0])
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the machine failed, not the mutant (calc_test.go:")
	assert.Contains(t, err.Error(), "write /tmp/cache: no space left on device); nothing was counted for it")
	assert.Equal(t, Fault, res.Outcome)
	assertUnchanged(t, dir, files)
}

func TestFaultLine(t *testing.T) {
	assert.Equal(t, "go: writing output: no space left on device", faultLine("ok\ngo: writing output: no space left on device\nFAIL"))
	assert.Equal(t, "fork/exec: Resource temporarily unavailable", faultLine("fork/exec: Resource temporarily unavailable"))
	assert.Equal(t, "", faultLine("--- FAIL: TestX\n    x_test.go:3: got 2, want 1\nFAIL"))
}

// The signal path: restoreAll puts back every file still mutated.
func TestRestoreAll(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.go")
	require.NoError(t, os.WriteFile(path, []byte("orig"), 0o644))
	registerRestore(path, []byte("orig"), 0o644)
	require.NoError(t, os.WriteFile(path, []byte("mutant"), 0o644))
	restoreAll()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "orig", string(b))
	assert.Empty(t, pending)
}

func TestReport(t *testing.T) {
	res := []Result{
		{Mutant: Mutant{Key: "k1", File: "a.go", Line: 1, Col: 2, Orig: "1", Repl: "2"}, Outcome: Killed},
		{Mutant: Mutant{Key: "k2", File: "a.go", Line: 3, Col: 4, Orig: "3", Repl: "4"}, Outcome: Survived},
	}
	var w bytes.Buffer
	assert.Equal(t, 1, Report(&w, res, 7, nil))
	assert.Contains(t, w.String(), "mutants: 2 run, 1 killed (1 by a test, 0 by the compiler, 0 by a timeout), 1 survived, 7 not run (budget)")
	assert.Contains(t, w.String(), "kill rate: 50.0% of all run; 50.0% of the 2 not listed as equivalent")
	assert.Contains(t, w.String(), "SURVIVOR: a.go:3:4 3 -> 4  [k2]")
	w.Reset()
	assert.Equal(t, 0, Report(&w, res, 0, map[string]string{"k2": "why"}))
	assert.Contains(t, w.String(), "survivor (equivalent: why): a.go:3:4 3 -> 4  [k2]")
	assert.Contains(t, w.String(), "kill rate: 50.0% of all run; 100.0% of the 1 not listed as equivalent")
	w.Reset()
	assert.Equal(t, 0, Report(&w, nil, 3, nil))
	assert.Contains(t, w.String(), "kill rate: none run")
}

func TestReadAllow(t *testing.T) {
	p := filepath.Join(t.TempDir(), "allow.txt")
	require.NoError(t, os.WriteFile(p, []byte("# c\n\na:b:1#1 a reason\n"), 0o644))
	m, err := ReadAllow(p)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a:b:1#1": "a reason"}, m)
	require.NoError(t, os.WriteFile(p, []byte("a:b:1#1\n"), 0o644))
	_, err = ReadAllow(p)
	assert.ErrorContains(t, err, "no reason")
	require.NoError(t, os.WriteFile(p, []byte("a:b:1#1 one\na:b:1#1 two\n"), 0o644))
	_, err = ReadAllow(p)
	assert.ErrorContains(t, err, ":2: a:b:1#1 is listed twice")
}

// An allowlisted key that names no mutant under the directories run is
// stale; one outside them is not judged.
func TestStale(t *testing.T) {
	ms := []Mutant{{Key: "sources/a.go:f:1#1"}, {Key: "breakeven/b.go:g:2#1"}}
	allowed := map[string]string{"sources/a.go:f:1#1": "r", "sources/a.go:f:9#1": "gone", "breakeven/c.go:h:1#1": "gone too", "other/d.go:x:1#1": "not run"}
	assert.Equal(t, []string{"breakeven/c.go:h:1#1", "sources/a.go:f:9#1"}, Stale(allowed, ms, []string{"sources", "breakeven/"}))
	assert.Empty(t, Stale(allowed, ms, []string{"other2"}))
}

func TestReadKilled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.tsv")
	data := "killed\ta.go\t3\t1\t2\ta.go:f:1#1\tTestA\n" +
		"survived\ta.go\t4\t2\t3\ta.go:f:2#1\t\n" +
		"killed-timeout\tb.go\t5\t7\t8\tb.go:g:7#1\t\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadKilled(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got["a.go:f:1#1"] || !got["b.go:g:7#1"] {
		t.Errorf("ReadKilled = %v, want a.go:f:1#1 and b.go:g:7#1 (survivors are run again)", got)
	}
	if err := os.WriteFile(path, []byte("killed\ta.go\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadKilled(path); err == nil || !strings.Contains(err.Error(), ":1: want at least 6") {
		t.Errorf("short line: err = %v, want one naming the line", err)
	}
}
