package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/cmd/breakeven/internal/claimsfile"
	"signalweight.dev/kv/figures"
)

const reproduceUsage = `Usage: breakeven reproduce [--out DIR]

Regenerates everything the project publishes from the inputs in sources/:
the post's tables, its computed comparisons, the audit ledger, the
inputs and the curves the figures draw against prompt length as CSV in
DIR/data/, the published claims checked as DIR/data/claims-report.md
("breakeven check --report md" on the generated rows of data/claims.csv),
and every figure as SVG in DIR/figures/. DIR defaults to the root of this
repository, found by walking up from the working directory to the go.mod
of module signalweight.dev/kv.

CSV numbers are in SI base units at full precision, with _low and _high
columns for values known to an interval. A file whose bytes would not
change is left alone, so a second run leaves git clean.

Every file that changes is written under a temporary name first, and
renamed into place only when all are written: a folder that cannot be
written or a full disk changes nothing, and exits 2 with one line.

Prints what it wrote and the ledger's verdicts, and exits 1 if any ledger
entry has a verdict other than the one expected.

Examples:
  breakeven reproduce
  breakeven reproduce --out /tmp/kv
`

func init() {
	register(command{"reproduce", "regenerate the CSV tables, the audit ledger and every figure", reproduceUsage, runReproduce})
}

// module is the module whose root reproduce writes into by default.
const module = "signalweight.dev/kv"

func runReproduce(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("reproduce", stderr)
	out := fs.String("out", "", "directory to write data/ and figures/ into (default: the repository root)")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "breakeven reproduce: %v\n", err)
		return 1
	}
	root := *out
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return fail(err)
		}
		if root, err = moduleRoot(wd); err != nil {
			fmt.Fprintf(stderr, "breakeven reproduce: %v\n", err)
			return 2
		}
	}

	// A folder that cannot be written is bad input, found before any work.
	for _, sub := range []string{"data", "figures"} {
		if err := os.MkdirAll(filepath.Join(root, sub), 0o755); err != nil {
			reason := err.Error()
			var pe *os.PathError
			if errors.As(err, &pe) {
				reason = pe.Err.Error()
			}
			fmt.Fprintf(stderr, "breakeven reproduce: --out %q: cannot create %s/ there: %s (e.g. --out /tmp/kv)\n", root, sub, reason)
			return 2
		}
	}

	// Everything is computed first, then every changed file is written
	// beside its target under a temporary name, and only when all are
	// written are they renamed into place: a failure halfway (a full
	// disk, a folder that cannot be written) leaves the old files as they
	// were, never a mix of old and new.
	tables, err := post.Tables()
	if err != nil {
		return fail(err)
	}
	data := newOutput(root, "data")
	for _, t := range tables {
		b, err := t.CSV()
		if err != nil {
			return fail(fmt.Errorf("%s: %w", t.Name, err))
		}
		data.add(t.Name+".csv", b)
	}
	report, err := claimsReport()
	if err != nil {
		return fail(err)
	}
	reports := newOutput(root, "data")
	reports.add("claims-report.md", report)
	figs, err := figures.All()
	if err != nil {
		return fail(err)
	}
	images := newOutput(root, "figures")
	for _, f := range figs {
		for _, format := range f.Formats() {
			b, err := f.Render(format)
			if err != nil {
				return fail(err)
			}
			images.add(f.Name+"."+format, b)
		}
	}
	if err := commit(data, reports, images); err != nil {
		fmt.Fprintf(stderr, "breakeven reproduce: %v\n", err)
		return 2
	}

	findings, err := post.Audit()
	if err != nil {
		return fail(err)
	}
	fmt.Fprintln(stdout, data.summary("tables"))
	fmt.Fprintln(stdout, images.summary("figures"))
	fmt.Fprintln(stdout, reports.summary("reports"))
	fmt.Fprintln(stdout, ledgerSummary(findings))
	return auditStatus(findings, stderr)
}

// claimsReport is data/claims-report.md: the generated claims of
// data/claims.csv (the post's three and the registry in sources),
// checked, as "breakeven check --report md" writes them.
func claimsReport() ([]byte, error) {
	var b bytes.Buffer
	rep, err := factcheck.NewReport(&b, "md", "Published claims, checked")
	if err != nil {
		return nil, err
	}
	checker := factcheck.NewChecker(factcheck.Options{})
	for _, c := range claimsfile.Claims() {
		r, err := checker.Check(c)
		if err != nil {
			return nil, fmt.Errorf("claim %s: %w", c.ID, err)
		}
		if err := rep.Claim(r); err != nil {
			return nil, err
		}
	}
	for _, p := range claimsfile.Unchecked() {
		c := factcheck.FromPublished(p)
		_, err := checker.Check(c)
		if err == nil {
			return nil, fmt.Errorf("claim %s is marked unchecked (%s) but checks: clear its Unchecked field in sources/published.go", p.ID, p.Unchecked)
		}
		rep.Unchecked(c, p.Unchecked, err)
	}
	if err := rep.End(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// output collects the files of one directory, and which of them change.
type output struct {
	root, dir, label string // where, and how the summary names it: "data/"
	names            []string
	changed          []file
}

// file is a file to write and, once staged, its temporary name.
type file struct {
	name string
	b    []byte
	tmp  string
}

func newOutput(root, sub string) *output {
	return &output{root: root, dir: filepath.Join(root, sub), label: sub + "/"}
}

// add records a file; it is written only if its bytes change.
func (o *output) add(name string, b []byte) {
	o.names = append(o.names, name)
	if old, err := os.ReadFile(filepath.Join(o.dir, name)); err == nil && bytes.Equal(old, b) {
		return
	}
	o.changed = append(o.changed, file{name: name, b: b})
}

// stage writes b beside dir/name under a temporary name and returns it.
// A variable, so that a test can make it fail as a full disk does.
var stage = func(dir, name string, b []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, "."+name+".*")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(b)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// commit stages every changed file of outs, then renames them all into
// place; if any cannot be staged, it removes those staged and changes
// nothing. Its error is one line with a way forward.
func commit(outs ...*output) error {
	var staged []*file
	undo := func() {
		for _, f := range staged {
			os.Remove(f.tmp)
		}
	}
	for _, o := range outs {
		for i := range o.changed {
			f := &o.changed[i]
			tmp, err := "", error(nil)
			if fi, serr := os.Lstat(filepath.Join(o.dir, f.name)); serr == nil && fi.IsDir() {
				err = errors.New("a directory is in its place")
			} else {
				tmp, err = stage(o.dir, f.name, f.b)
			}
			if err != nil {
				undo()
				return fmt.Errorf("cannot write %s in %s: %s; nothing was changed (make data/ and figures/ writable and free some space, or write elsewhere, e.g. --out /tmp/kv)",
					filepath.Join(filepath.Base(o.dir), f.name), breakeven.Quote(o.root), reason(err))
			}
			f.tmp = tmp
			staged = append(staged, f)
		}
	}
	for _, o := range outs {
		for i := range o.changed {
			f := &o.changed[i]
			if err := os.Rename(f.tmp, filepath.Join(o.dir, f.name)); err != nil {
				undo()
				return fmt.Errorf("cannot replace %s in %s: %s; run again once it can be written (or give --out /tmp/kv)",
					filepath.Join(filepath.Base(o.dir), f.name), breakeven.Quote(o.root), reason(err))
			}
		}
	}
	return nil
}

// reason is an error without the path an *os.PathError repeats.
func reason(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// summary says what was written, in the form "tables: N in data/ (U
// updated, N-U unchanged): a.csv, b.csv".
func (o *output) summary(what string) string {
	return fmt.Sprintf("%s: %d in %s (%d updated, %d unchanged): %s", what, len(o.names), o.label,
		len(o.changed), len(o.names)-len(o.changed), strings.Join(o.names, ", "))
}

// ledgerSummary counts the verdicts, in the form "ledger: N figures: M
// match, W within approximation, D differ, I inputs as sourced; U
// unexpected" (the README states the current counts, and a test holds it
// to them).
func ledgerSummary(findings []post.Finding) string {
	counts := map[post.Verdict]int{}
	bad := 0
	for _, f := range findings {
		counts[f.Verdict]++
		if f.Unexpected() {
			bad++
		}
	}
	return fmt.Sprintf("ledger: %d figures: %d match, %d within approximation, %d differ, %d inputs as sourced; %d unexpected",
		len(findings), counts[post.Match], counts[post.WithinApprox], counts[post.Differs], counts[post.AsSourced], bad)
}

// moduleRoot walks up from dir to the directory whose go.mod declares
// this module.
func moduleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	start := dir
	for {
		name, err := moduleName(filepath.Join(dir, "go.mod"))
		switch {
		case err == nil && name == module:
			return dir, nil
		case err == nil:
			return "", fmt.Errorf("%s is module %q, not %s: run inside this repository or give --out DIR", filepath.Join(dir, "go.mod"), name, module)
		case !errors.Is(err, os.ErrNotExist):
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of %s in %s or above: run inside this repository or give --out DIR", module, start)
		}
		dir = parent
	}
}

// moduleName reads the module path from a go.mod file.
func moduleName(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("%s has no module line", path)
}
