package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Outcome is what the tests made of a mutant.
type Outcome string

const (
	Killed   Outcome = "killed"       // a test failed
	Build    Outcome = "killed-build" // the mutant did not compile
	Timeout  Outcome = "killed-timeout"
	Survived Outcome = "survived"
	// Fault is a run the machine failed, not the mutant: a full disk, no
	// memory. It is no verdict on the mutant, so the run stops.
	Fault Outcome = "fault"
)

// machineFaults are the messages of a go command or test that failed for
// want of a resource, whatever the code.
var machineFaults = []string{"no space left on device", "cannot allocate memory", "too many open files", "resource temporarily unavailable"}

// faultLine returns the first line of go's output that reports a machine
// fault, or "".
func faultLine(text string) string {
	for _, line := range strings.Split(text, "\n") {
		for _, f := range machineFaults {
			if strings.Contains(strings.ToLower(line), f) {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

// Result is one mutant's outcome, with the tests that failed on it.
type Result struct {
	Mutant
	Outcome  Outcome
	Failed   []string // "pkg TestName", the tests that failed
	Packages []string // the packages that were tested
	Took     time.Duration
}

// Runner runs the tests of a module against mutants, one at a time, in
// place: it writes the mutated file, tests, and restores the file.
type Runner struct {
	Root    string        // module root
	Module  string        // module path, from go.mod
	Skip    string        // go test -skip regex, "" for none
	Run     string        // go test -run regex, "" for all
	Timeout time.Duration // per mutant
	AllPkgs bool          // test every package, not only the affected ones
	// Staged tests the affected packages one at a time, the cheapest test
	// binary (fewest dependencies) first, and stops at the first that
	// fails: most mutants die in the first package, so only survivors pay
	// for building every test binary.
	Staged   bool
	affected map[string][]string
	cost     map[string]int
}

// Sample returns up to n mutants in a random order fixed by seed (n <= 0:
// all of them). The order is by a hash of seed and key, so a mutant keeps
// its place relative to the others when literals are added or removed
// elsewhere: a CI sample of the first n stays the sample it was.
func Sample(ms []Mutant, n int, seed uint64) []Mutant {
	out := append([]Mutant(nil), ms...)
	rank := func(m Mutant) uint64 {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%s", seed, m.Key)
		return h.Sum64()
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(out[i]), rank(out[j])
		if ri != rj {
			return ri < rj
		}
		return out[i].Key < out[j].Key
	})
	if n > 0 && n < len(out) {
		out = out[:n]
	}
	return out
}

// Affected returns the packages (import paths) whose tests must run for a
// change in dir: those whose test binary contains the package in dir.
func (r *Runner) Affected(ctx context.Context, dir string) ([]string, error) {
	if r.affected == nil {
		cmd := exec.CommandContext(ctx, "go", "list", "-test", "-deps=false", "-f", "{{.ImportPath}}\t{{join .Deps \" \"}}", "./...")
		cmd.Dir = r.Root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list: %v: %s", err, stderr.String())
		}
		r.affected = map[string][]string{}
		r.cost = map[string]int{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			path, deps, _ := strings.Cut(sc.Text(), "\t")
			if !strings.HasSuffix(path, ".test") {
				continue // only test binaries: the packages that have tests
			}
			pkg := strings.TrimSuffix(path, ".test")
			r.cost[pkg] = len(strings.Fields(deps))
			for _, d := range strings.Fields(deps) {
				d, _, _ = strings.Cut(d, " ") // "p [p.test]" -> p
				r.affected[d] = append(r.affected[d], pkg)
			}
		}
		for k, v := range r.affected {
			sort.Strings(v)
			r.affected[k] = compact(v)
		}
	}
	imp := r.Module
	if dir != "." && dir != "" {
		imp += "/" + dir
	}
	pkgs := append([]string(nil), r.affected[imp]...)
	sort.SliceStable(pkgs, func(i, j int) bool { return r.cost[pkgs[i]] < r.cost[pkgs[j]] })
	return pkgs, nil
}

func compact(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func (r *Runner) packages(ctx context.Context, dir string) ([]string, error) {
	if r.AllPkgs {
		return []string{"./..."}, nil
	}
	return r.Affected(ctx, dir)
}

// Test runs go test -short on pkgs as they are on disk and returns the
// outcome and the failed tests.
func (r *Runner) Test(ctx context.Context, pkgs []string) (Outcome, []string, string) {
	if len(pkgs) == 0 {
		return Survived, nil, "no package's tests build this file"
	}
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	args := []string{"test", "-short", "-vet=off", "-count=1", "-timeout", (timeout + 30*time.Second).String()}
	if r.Skip != "" {
		args = append(args, "-skip", r.Skip)
	}
	if r.Run != "" {
		args = append(args, "-run", r.Run)
	}
	args = append(args, pkgs...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = r.Root
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	text := out.String()
	if err == nil {
		return Survived, nil, text
	}
	if ctx.Err() == context.DeadlineExceeded {
		return Timeout, nil, text
	}
	if line := faultLine(text); line != "" {
		return Fault, []string{line}, text
	}
	var failed []string
	pkgOf := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if m := failRE.FindStringSubmatch(line); m != nil {
			failed = append(failed, m[1])
		}
		if m := pkgFailRE.FindStringSubmatch(line); m != nil {
			pkgOf[m[1]] = true
		}
	}
	if strings.Contains(text, "[build failed]") || strings.Contains(text, "[setup failed]") {
		return Build, failed, text
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return Build, nil, text + "\n" + err.Error() // go itself did not run
	}
	if len(failed) == 0 {
		for p := range pkgOf {
			failed = append(failed, p)
		}
		sort.Strings(failed)
	}
	return Killed, failed, text
}

var (
	failRE    = regexp.MustCompile(`^\s*--- FAIL: (\S+)`)
	pkgFailRE = regexp.MustCompile(`^FAIL\s+(\S+)`)
)

// Baseline checks that the tests pass on the unmutated tree for every
// package the mutants would test.
func (r *Runner) Baseline(ctx context.Context, ms []Mutant) error {
	set := map[string]bool{}
	for _, m := range ms {
		pkgs, err := r.packages(ctx, m.Dir)
		if err != nil {
			return err
		}
		for _, p := range pkgs {
			set[p] = true
		}
	}
	var pkgs []string
	for p := range set {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	if len(pkgs) == 0 {
		return nil
	}
	if o, failed, out := r.Test(ctx, pkgs); o != Survived {
		return fmt.Errorf("the tests fail without any mutant (%s %v):\n%s", o, failed, out)
	}
	return nil
}

// One applies m, tests, and restores the file, whatever happens.
func (r *Runner) One(ctx context.Context, m Mutant) (res Result, err error) {
	res.Mutant = m
	start := time.Now()
	defer func() { res.Took = time.Since(start) }()
	pkgs, err := r.packages(ctx, m.Dir)
	if err != nil {
		return res, err
	}
	res.Packages = pkgs
	path := filepath.Join(r.Root, filepath.FromSlash(m.File))
	orig, err := os.ReadFile(path)
	if err != nil {
		return res, err
	}
	mutated, err := m.Apply(orig)
	if err != nil {
		return res, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return res, err
	}
	restore := registerRestore(path, orig, info.Mode())
	defer func() {
		if rerr := restore(); rerr != nil && err == nil {
			err = rerr
		}
	}()
	if err := os.WriteFile(path, mutated, info.Mode()); err != nil {
		return res, err
	}
	if r.Staged && !r.AllPkgs {
		res.Outcome = Survived
		for _, p := range pkgs {
			res.Outcome, res.Failed, _ = r.Test(ctx, []string{p})
			if res.Outcome != Survived || ctx.Err() != nil {
				break
			}
		}
	} else {
		res.Outcome, res.Failed, _ = r.Test(ctx, pkgs)
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	if res.Outcome == Fault {
		return res, fmt.Errorf("%s: the machine failed, not the mutant (%s); nothing was counted for it: free the resource and resume with -done", m.Key, res.Failed[0])
	}
	return res, nil
}
