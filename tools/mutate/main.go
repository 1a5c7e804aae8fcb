// Command mutate is a literal mutation tester for this module: it changes
// one numeric literal of a non-test file at a time, runs the tests of the
// packages that build that file, restores the file, and reports which
// mutants the tests killed and which survived.
//
//	go run ./tools/mutate                           # every literal of sources/ and breakeven/
//	go run ./tools/mutate -n 40 -seed 1             # a fixed random sample of 40
//	go run ./tools/mutate -budget 5m -seed 1        # as many of the sample as fit in 5 minutes
//	go run ./tools/mutate -skip-test TestReproduceMatchesCommittedFiles
//	go run ./tools/mutate -list                     # the mutants, without running anything
//
// The rule (see Mutate): an integer n becomes n+1 (n+d as the numerator
// of n/d, so truncation cannot hide it); a floating-point
// literal has the last digit of its mantissa raised by one (22.3 -> 22.4,
// 140e3 -> 141e3). No mutant has its original's value. Literals in const
// groups that use iota, array lengths, values returned beside an error or
// a false ok (return 0, err) and lines marked //mutate:skip are left
// alone; string literals (format verbs among them) are never touched.
//
// A survivor fails the run (exit 1) unless the allowlist (-allow, default
// tools/mutate/allow.txt) names it with a reason: one line per known
// equivalent mutant, its key then the reason. Keys name the file, the
// enclosing declaration, the literal and its occurrence there, so they do
// not move when lines do. A key listed twice, or one that names no
// mutant under -dirs (its literal removed or moved), stops the run
// (exit 2), so the list stays the list of today's equivalent mutants.
//
// The file is written in place and restored after each mutant, also on
// interrupt (SIGINT, SIGTERM); do not edit or test the same tree while it
// runs.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fl.SetOutput(stderr)
	root := fl.String("root", "", "module root (default: the directory of the nearest go.mod)")
	dirs := fl.String("dirs", "sources,breakeven", "comma-separated directories to mutate, recursively, relative to the root")
	n := fl.Int("n", 0, "run at most this many mutants, a random sample fixed by -seed (0: all)")
	seed := fl.Uint64("seed", 1, "seed of the sample's order")
	budget := fl.Duration("budget", 0, "start no mutant after this much time (0: no limit); the rest are reported as not run")
	skipTest := fl.String("skip-test", "", "go test -skip regex: tests left out, e.g. TestReproduceMatchesCommittedFiles")
	runTest := fl.String("run", "", "go test -run regex (default: all tests)")
	allPkgs := fl.Bool("all-pkgs", false, "test every package (./...), not only those whose tests build the mutated file")
	timeout := fl.Duration("timeout", 3*time.Minute, "per-mutant test timeout (a mutant that hits it counts as killed)")
	allow := fl.String("allow", "", "allowlist of known-equivalent mutants (default: tools/mutate/allow.txt under the root, if present)")
	match := fl.String("match", "", "only mutants whose key matches this regex")
	done := fl.String("done", "", "skip mutants already killed in this earlier -out file (to resume a long run)")
	list := fl.Bool("list", false, "list the mutants (key, position, change) and exit")
	out := fl.String("out", "", "also write one tab-separated line per result to this file")
	staged := fl.Bool("staged", true, "test the affected packages one at a time, cheapest first, stopping at the first failure")
	verbose := fl.Bool("v", false, "print every result as it comes, not only survivors")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() != 0 {
		fmt.Fprintln(stderr, "mutate: no arguments expected")
		return 2
	}
	if *root == "" {
		r, err := findRoot()
		if err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		*root = r
	}
	module, err := modulePath(*root)
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	ms, err := Find(*root, strings.Split(*dirs, ","))
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	all := ms
	if *match != "" {
		re, err := regexp.Compile(*match)
		if err != nil {
			fmt.Fprintln(stderr, "mutate: -match:", err)
			return 2
		}
		var keep []Mutant
		for _, m := range ms {
			if re.MatchString(m.Key) {
				keep = append(keep, m)
			}
		}
		ms = keep
	}
	if *done != "" {
		killed, err := ReadKilled(*done)
		if err != nil {
			fmt.Fprintln(stderr, "mutate: -done:", err)
			return 2
		}
		var keep []Mutant
		for _, m := range ms {
			if !killed[m.Key] {
				keep = append(keep, m)
			}
		}
		ms = keep
	}
	if *list {
		if *n > 0 { // the sample, in the order it would run
			ms = Sample(ms, *n, *seed)
		}
		for _, m := range ms {
			fmt.Fprintf(stdout, "%s\t%s\n", m.Key, m)
		}
		fmt.Fprintf(stdout, "%d mutants\n", len(ms))
		return 0
	}
	allowPath := *allow
	if allowPath == "" {
		allowPath = filepath.Join(*root, "tools", "mutate", "allow.txt")
		if _, err := os.Stat(allowPath); err != nil {
			allowPath = ""
		}
	}
	allowed := map[string]string{}
	if allowPath != "" {
		if allowed, err = ReadAllow(allowPath); err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		if stale := Stale(allowed, all, strings.Split(*dirs, ",")); len(stale) > 0 {
			fmt.Fprintf(stderr, "mutate: %s lists %d mutants that no longer exist (a literal removed or moved to another declaration); drop them: %s\n",
				allowPath, len(stale), strings.Join(stale, ", "))
			return 2
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer restoreAll()

	sample := Sample(ms, *n, *seed)
	r := &Runner{Root: *root, Module: module, Skip: *skipTest, Run: *runTest, Timeout: *timeout, AllPkgs: *allPkgs, Staged: *staged}
	fmt.Fprintf(stdout, "mutate: %d literals in %s; running %d (seed %d", len(ms), *dirs, len(sample), *seed)
	if *budget > 0 {
		fmt.Fprintf(stdout, ", budget %s", *budget)
	}
	if *skipTest != "" {
		fmt.Fprintf(stdout, ", skipping %s", *skipTest)
	}
	fmt.Fprintln(stdout, ")")
	if err := r.Baseline(ctx, sample); err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}

	var tsv *os.File
	if *out != "" {
		if tsv, err = os.Create(*out); err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		defer tsv.Close()
	}
	start := time.Now()
	var results []Result
	notRun := 0
	for i, m := range sample {
		if *budget > 0 && time.Since(start) > *budget {
			notRun = len(sample) - i
			break
		}
		res, err := r.One(ctx, m)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				fmt.Fprintln(stderr, "mutate: interrupted; the file is restored")
				return 130
			}
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		results = append(results, res)
		if tsv != nil {
			if _, err := fmt.Fprintf(tsv, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", res.Outcome, res.File, res.Line, res.Orig, res.Repl, res.Key, strings.Join(res.Failed, ",")); err != nil {
				fmt.Fprintf(stderr, "mutate: %s: %v; the results before %s are in it\n", *out, err, res.Key)
				return 2
			}
		}
		if *verbose || res.Outcome == Survived {
			fmt.Fprintf(stdout, "[%d/%d] %-14s %s %s (%.1fs)\n", i+1, len(sample), res.Outcome, res.Mutant, failedNote(res), res.Took.Seconds())
		}
	}
	return Report(stdout, results, notRun, allowed)
}

func failedNote(r Result) string {
	if len(r.Failed) == 0 {
		return ""
	}
	f := r.Failed
	if len(f) > 4 {
		f = append(append([]string(nil), f[:4]...), fmt.Sprintf("+%d", len(r.Failed)-4))
	}
	return "by " + strings.Join(f, ",")
}

// Report prints the kill rate and the survivors, and returns 1 if a
// survivor is not in the allowlist.
func Report(w io.Writer, results []Result, notRun int, allowed map[string]string) int {
	var killed, build, timeout int
	var survivors []Result
	for _, r := range results {
		switch r.Outcome {
		case Killed:
			killed++
		case Build:
			build++
		case Timeout:
			timeout++
		default:
			survivors = append(survivors, r)
		}
	}
	total := len(results)
	k := killed + build + timeout
	fmt.Fprintf(w, "mutants: %d run, %d killed (%d by a test, %d by the compiler, %d by a timeout), %d survived, %d not run (budget)\n",
		total, k, killed, build, timeout, len(survivors), notRun)
	equivalent := 0
	for _, s := range survivors {
		if _, ok := allowed[s.Key]; ok {
			equivalent++
		}
	}
	if total == 0 {
		fmt.Fprintln(w, "kill rate: none run")
	} else {
		fmt.Fprintf(w, "kill rate: %.1f%% of all run; %.1f%% of the %d not listed as equivalent\n",
			100*float64(k)/float64(total), 100*float64(k)/float64(max(1, total-equivalent)), total-equivalent)
	}
	sort.Slice(survivors, func(i, j int) bool { return survivors[i].Key < survivors[j].Key })
	bad := 0
	for _, s := range survivors {
		if reason, ok := allowed[s.Key]; ok {
			fmt.Fprintf(w, "survivor (equivalent: %s): %s  [%s]\n", reason, s.Mutant, s.Key)
			continue
		}
		bad++
		fmt.Fprintf(w, "SURVIVOR: %s  [%s]\n", s.Mutant, s.Key)
	}
	if bad > 0 {
		fmt.Fprintf(w, "%d survivor(s) not in the allowlist: add a test that kills each, or allowlist it with the reason it is equivalent\n", bad)
		return 1
	}
	return 0
}

// ReadKilled reads the keys of the killed mutants from a file written by
// -out (outcome, file, line, original, replacement, key, tests; tab-separated).
func ReadKilled(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	killed := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 6 {
			return nil, fmt.Errorf("%s:%d: want at least 6 tab-separated fields (outcome, file, line, from, to, key), got %d", path, i+1, len(f))
		}
		if o := Outcome(f[0]); o == Killed || o == Build || o == Timeout {
			killed[f[5]] = true
		}
	}
	return killed, nil
}

// Stale returns the allowlist's keys, in order, that name no mutant of
// ms although their file is under one of dirs.
func Stale(allowed map[string]string, ms []Mutant, dirs []string) []string {
	have := map[string]bool{}
	for _, m := range ms {
		have[m.Key] = true
	}
	var out []string
	for key := range allowed {
		file, _, _ := strings.Cut(key, ":")
		under := false
		for _, d := range dirs {
			d = strings.Trim(filepath.ToSlash(strings.TrimSpace(d)), "/")
			under = under || d == "." || file == d || strings.HasPrefix(file, d+"/")
		}
		if under && !have[key] {
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out
}

// ReadAllow reads an allowlist: "key reason" per line, # comments.
func ReadAllow(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		key, reason, _ := strings.Cut(t, " ")
		reason = strings.TrimSpace(reason)
		if reason == "" {
			return nil, fmt.Errorf("%s:%d: %s has no reason", path, line, key)
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("%s:%d: %s is listed twice", path, line, key)
		}
		out[key] = reason
	}
	return out, sc.Err()
}

func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod here or above")
		}
		dir = parent
	}
}

func modulePath(root string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
			return f[1], nil
		}
	}
	return "", errors.New("go.mod has no module line")
}

// Pending restores: the original content of each file being mutated, so
// an interrupt between write and restore still puts it back.
var (
	pendingMu sync.Mutex
	pending   = map[string]func() error{}
)

func registerRestore(path string, orig []byte, mode os.FileMode) func() error {
	var once sync.Once
	var err error
	restore := func() error {
		once.Do(func() { err = os.WriteFile(path, orig, mode) })
		return err
	}
	pendingMu.Lock()
	pending[path] = restore
	pendingMu.Unlock()
	return func() error {
		e := restore()
		pendingMu.Lock()
		delete(pending, path)
		pendingMu.Unlock()
		return e
	}
}

func restoreAll() {
	pendingMu.Lock()
	defer pendingMu.Unlock()
	for p, f := range pending {
		_ = f()
		delete(pending, p)
	}
}
