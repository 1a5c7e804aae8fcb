// Command breakeven reproduces, audits and extends the arithmetic of "The
// break-even bandwidth": when loading a prompt's KV cache from storage
// beats recomputing it.
//
// Usage:
//
//	breakeven reproduce          regenerate data/*.csv and figures/* from sources
//	breakeven audit [--json]     every figure the post prints, recomputed, with a verdict
//	breakeven calc ...           does loading beat recomputing? for any model, prefill and link
//	breakeven check ...          check a vendor's "N tokens in t seconds" claim, or a CSV of them
//	breakeven models [--json]    the model catalog with per-token cache sizes and sources
//	breakeven replay ...         a request trace through a prefix cache: hit rate, reuse, TTFT
//	breakeven serve [--addr A]   the interactive page (tier map and calculator, in WebAssembly)
//	breakeven help [command]
//
// Exit status: 0 for an answer; 1 when the audit (or reproduce) finds a
// verdict other than the one expected, or a batch check fails with
// --fail-on; 2 for bad usage or input.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string // flags and examples, after the synopsis
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands holds the subcommands; each file registers its own in an init
// function, and usage lists them sorted by name.
var commands []command

func register(c command) { commands = append(commands, c) }

func init() {
	register(command{"audit", "recompute every figure the post prints and give a verdict", auditUsage, runAudit})
	register(command{"models", "list the model catalog: cache per token, at 128Ki tokens, sources", modelsUsage, runModels})
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run dispatches a command line and returns the exit status. Its output
// goes through an escaper: no control character of an input reaches the
// terminal.
func run(args []string, stdout, stderr io.Writer) int {
	out, errOut := &escaper{w: stdout}, &escaper{w: stderr}
	defer out.flush()
	defer errOut.flush()
	return dispatch(args, out, errOut)
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		brief(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := find(args[1]); ok {
				fmt.Fprint(stdout, c.usage)
				return 0
			}
			fmt.Fprintf(stderr, "breakeven: unknown command %s (see: breakeven help)\n", breakeven.Quote(args[1]))
			return 2
		}
		usage(stdout)
		return 0
	}
	c, ok := find(args[0])
	if !ok {
		names := make([]string, 0, len(commands))
		for _, c := range commands {
			names = append(names, c.name)
		}
		fmt.Fprintf(stderr, "breakeven: unknown command %s (commands: %s; see: breakeven help)\n", breakeven.Quote(args[0]), strings.Join(names, ", "))
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func find(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// brief is what a bare "breakeven" prints: three lines, what it is, the
// commands and where to read more.
func brief(w io.Writer) {
	names := make([]string, 0, len(commands))
	for _, c := range commands {
		names = append(names, c.name)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "breakeven: when does loading a prompt's KV cache beat recomputing it?")
	fmt.Fprintf(w, "commands: %s\n", strings.Join(names, ", "))
	fmt.Fprintln(w, `run "breakeven help" for what each does, "breakeven help <command>" for its flags`)
}

// example is the first example of a command's usage that runs breakeven
// (an example may first start a server), its continuation lines joined:
// "breakeven calc --model llama-3.1-405b ...".
func example(name string) string {
	c, ok := find(name)
	if !ok {
		return ""
	}
	_, after, ok := strings.Cut(c.usage, "Examples:\n")
	if !ok {
		return ""
	}
	var parts []string
	for _, line := range strings.Split(after, "\n") {
		line = strings.TrimSpace(line)
		if len(parts) == 0 && !strings.HasPrefix(line, "breakeven ") {
			continue
		}
		more := strings.HasSuffix(line, `\`)
		parts = append(parts, strings.TrimSpace(strings.TrimSuffix(line, `\`)))
		if !more {
			break
		}
	}
	return strings.Join(parts, " ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: breakeven <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "When does loading a prompt's KV cache beat recomputing it?")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for _, c := range commands {
		names = append(names, c.name)
	}
	sort.Strings(names)
	for _, n := range names {
		c, _ := find(n)
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "breakeven help <command>" or "breakeven <command> -h" for its flags.`)
}

// newFlags returns a flag set for command c. It prints nothing itself:
// parseFlags prints the usage on -h and one line on a bad flag.
func newFlags(c string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// printUsage prints a command's usage and its flags.
func printUsage(fs *flag.FlagSet, w io.Writer) {
	cmd, _ := find(fs.Name())
	fmt.Fprint(w, cmd.usage)
	fmt.Fprintln(w, "\nFlags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parseFlags parses args; it returns the exit status to stop with, or -1
// to go on. -h prints the usage and exits 0; a bad flag or a stray
// argument prints one line, with a pointer to -h, and exits 2.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(fs, stderr)
			return 0
		}
		if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: "); ok {
			fmt.Fprintf(stderr, "breakeven %s: %s\n", fs.Name(), unknownFlag(fs, name))
			return 2
		}
		fmt.Fprintf(stderr, "breakeven %s: %v (see: breakeven %s -h)\n", fs.Name(), err, fs.Name())
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "breakeven %s: unexpected argument %q: flags start with - (e.g. %s)\n", fs.Name(), strings.Join(fs.Args(), " "), example(fs.Name()))
		return 2
	}
	return -1
}
