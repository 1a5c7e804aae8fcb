// Package engine starts the project's real inference engine for a test:
// llama.cpp's llama-server, built and run by scripts/engine.sh, serving a
// model file with the shape of a real model (its config.json in
// sources/configs) and seeded random weights. Compute per token and the
// KV-cache layout are the real model's; the text it writes is meaningless.
//
// The server names its model by the shape (SmolLM2 or Qwen25): that is
// the "model" a request names and what /v1/models lists.
//
// A test calls Start, which starts a server on a free port and stops it
// when the test ends. Without a built engine the test skips, naming the
// command that builds it, except in CI (CI set), where it fails, since CI
// builds it. With -short it skips: the engine is slow to start and to run.
package engine

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Build is the command that builds the engine (once; it is cached).
const Build = "scripts/engine.sh build"

// The shapes the engine serves.
const (
	SmolLM2 = "smollm2-135m"
	Qwen25  = "qwen2.5-0.5b"
)

// Shapes lists the shapes, smallest first.
var Shapes = []string{SmolLM2, Qwen25}

// configFiles are the shapes' config.json files in sources/configs.
var configFiles = map[string]string{
	SmolLM2: "HuggingFaceTB--SmolLM2-135M.json",
	Qwen25:  "Qwen--Qwen2.5-0.5B.json",
}

// ConfigFile returns a shape's config.json file name in sources/configs
// (the name sources.ConfigData and sources.KeptConfig take).
func ConfigFile(shape string) (string, error) {
	f, ok := configFiles[shape]
	if !ok {
		return "", fmt.Errorf("unknown engine shape %q: use one of %s", shape, strings.Join(Shapes, ", "))
	}
	return f, nil
}

// ConfigPath returns the absolute path of a shape's config.json.
func ConfigPath(shape string) (string, error) {
	f, err := ConfigFile(shape)
	if err != nil {
		return "", err
	}
	return filepath.Join(Root(), "sources", "configs", f), nil
}

// Root is the repository's root directory (found from this file's path).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// Script is the path of scripts/engine.sh.
func Script() string { return filepath.Join(Root(), "scripts", "engine.sh") }

// CacheDir is where the script keeps what it builds and writes:
// $BREAKEVEN_CACHE, or $XDG_CACHE_HOME/breakeven, or ~/.cache/breakeven.
func CacheDir() string {
	if d := os.Getenv("BREAKEVEN_CACHE"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "breakeven")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "breakeven")
}

// SlotDir is the directory a shape's server saves slots in
// (--slot-save-path): POST /slots/0?action=save with a filename writes
// SlotDir/filename.
func SlotDir(shape string) string { return filepath.Join(CacheDir(), "slots", shape) }

// errNotBuilt is the script's exit status when llama-server is not built.
const errNotBuilt = 2

// startTries is how many times Start starts the server when the port it
// was given is taken before the server binds it.
const startTries = 3

// Start starts a server of the shape on a free port of 127.0.0.1 and
// returns its base URL ("http://127.0.0.1:PORT") and the directory its
// saved slots go to; the server stops when the test ends. It skips the
// test with -short, and when the engine is not built (failing instead in
// CI).
func Start(t testing.TB, shape string) (baseURL, slotDir string) {
	t.Helper()
	if _, err := ConfigFile(shape); err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		t.Skip("the real engine (llama-server) is not started with -short")
	}
	// A free port is free when asked for, not when the server binds it:
	// another test's server, or a connection opened meanwhile, may take
	// it first. The server then exits saying so, and is started again on
	// another port, at most startTries times in all.
	var port int
	var out string
	var err error
	for try := 1; try <= startTries; try++ {
		if port, err = freePort(); err != nil {
			t.Fatal(err)
		}
		out, err = run("start", shape, strconv.Itoa(port))
		if err == nil || !(strings.Contains(out, bindFailed) || strings.Contains(out, portTaken)) {
			break
		}
		t.Logf("engine %s: port %d was taken before llama-server bound it (try %d of %d)", shape, port, try, startTries)
	}
	skipUnlessBuilt(t, out, err)
	t.Cleanup(func() {
		if out, err := run("stop", shape, strconv.Itoa(port)); err != nil {
			t.Errorf("stopping the %s engine: %v\n%s", shape, err, out)
		}
	})
	if err != nil {
		t.Fatalf("starting the %s engine: %v\n%s", shape, err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	baseURL = lines[len(lines)-1]
	if !strings.HasPrefix(baseURL, "http://") {
		t.Fatalf("starting the %s engine printed no URL:\n%s", shape, out)
	}
	t.Logf("engine %s: %s", shape, strings.Join(lines, "; "))
	return baseURL, SlotDir(shape)
}

// skipUnlessBuilt skips the test (fails it in CI) when the script's
// output and error say the engine is not built.
func skipUnlessBuilt(t testing.TB, out string, err error) {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == errNotBuilt && strings.Contains(out, "not built") {
		msg := fmt.Sprintf("the engine (llama.cpp's llama-server) is not built: run %s (about 30 minutes once, then cached)", Build)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// run runs the script, returning its standard output, then its standard
// error.
func run(args ...string) (string, error) {
	cmd := exec.Command(Script(), args...)
	cmd.Dir = Root()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return stderr.String() + stdout.String(), err
}

// bindFailed is what llama-server logs when its port is taken. It logs
// from a thread of its own and may exit before the line is written, so
// the script also looks for a listener on the port and says portTaken
// when it finds one.
const (
	bindFailed = "couldn't bind HTTP server socket"
	portTaken  = "is taken by another process"
)

// freePort asks the system for a free TCP port on 127.0.0.1. (A variable,
// so that a test can hand Start a port that is taken.)
var freePort = func() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
