// Package wasmbuild builds the WebAssembly module that breakeven serve's
// page runs (./cmd/breakeven-wasm), with its gzip and brotli forms and
// the toolchain's wasm_exec.js, and keeps the build in the user's cache
// directory, so the module is built from source, never committed.
//
// A build is keyed by a SHA-256 over what it is made of: the Go version,
// go.mod and go.sum, and every file the build reads in each of this
// module's packages the module imports (listed by go list -deps for
// GOOS=js GOARCH=wasm: Go files, embedded files and the like). The first
// use after any of them changes builds once, into
// <cache>/calc-<key>/; every later use with the same key reads that
// directory. A build is written to a temporary directory and renamed into
// place, so two builds at once are safe: one rename wins and the other
// uses its result.
package wasmbuild

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"signalweight.dev/kv/cmd/breakeven/internal/precompress"
)

const (
	// ModulePath is the module whose source the page's module is built
	// from.
	ModulePath = "signalweight.dev/kv"
	// MainPackage is the WebAssembly entry point the page calls.
	MainPackage = ModulePath + "/cmd/breakeven-wasm"
)

// The files of one build, in its directory.
const (
	WasmFile     = "calc.wasm"
	GzipFile     = "calc.wasm.gz"
	BrotliFile   = "calc.wasm.br"
	WasmExecFile = "wasm_exec.js" // the toolchain's own, which the module needs
)

// buildFlags are the go build flags of the module; they are part of the
// key.
var buildFlags = []string{"-trimpath", "-ldflags=-s -w"}

// buildEnv is the environment of go list and go build: the browser's
// target and no VCS stamp, so a build depends only on its sources.
var buildEnv = []string{"GOOS=js", "GOARCH=wasm", "GOFLAGS=-buildvcs=false", "GOWORK=off"}

// keyVersion changes when the way a build is made or keyed changes.
const keyVersion = "wasmbuild 1"

// Module is one build of the page's module, read into memory.
type Module struct {
	Dir      string // where the build is cached
	Key      string // the hex SHA-256 it is cached under
	Built    bool   // this call built it; false when it came from the cache
	Wasm     []byte
	Gzip     []byte // Wasm compressed by gzip
	Brotli   []byte // Wasm compressed by brotli
	WasmExec []byte // the toolchain's wasm_exec.js
}

// Options says where to find the source and where to cache the build.
type Options struct {
	// WorkDir is a directory inside a checkout of this module; "" is the
	// working directory.
	WorkDir string
	// CacheDir holds the builds; "" is DefaultCacheDir().
	CacheDir string
	// Log gets one line, without a newline, before a build starts
	// (nothing when the cache answers); nil for none.
	Log func(line string)
	// Keep is how many builds to keep in CacheDir, the most recently
	// used; 0 is 8.
	Keep int
}

// DefaultCacheDir is where builds go unless Options says otherwise:
// signalweight-kv/wasm in os.UserCacheDir.
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the page's WebAssembly module: %w (set XDG_CACHE_HOME or HOME)", err)
	}
	return filepath.Join(dir, "signalweight-kv", "wasm"), nil
}

// Errors that say what to do, each in one line.
var (
	ErrNoToolchain = errors.New("the page's WebAssembly module is built from source on first use and needs the Go toolchain: install Go (https://go.dev/dl/) and put go on PATH")
	ErrNoCheckout  = errors.New("the page's WebAssembly module is built from this project's source on first use: run serve from inside a checkout of " + ModulePath + " (cd into it, then go run ./cmd/breakeven serve)")
)

// Load returns the module built from the checkout around opts.WorkDir:
// from the cache when a build with the same key is there, else built now.
func Load(opts Options) (*Module, error) {
	src, err := Locate(opts.WorkDir)
	if err != nil {
		return nil, err
	}
	key, err := src.Key()
	if err != nil {
		return nil, err
	}
	cache := opts.CacheDir
	if cache == "" {
		if cache, err = DefaultCacheDir(); err != nil {
			return nil, err
		}
	}
	keep := opts.Keep
	if keep <= 0 {
		keep = 8
	}
	dir, built, err := publish(cache, key, keep, opts.Log, src.build)
	if err != nil {
		return nil, err
	}
	m, err := read(dir)
	if errors.Is(err, fs.ErrNotExist) {
		// Pruned by another process between the check and the read:
		// build it again.
		if dir, built, err = publish(cache, key, keep, opts.Log, src.build); err == nil {
			m, err = read(dir)
		}
	}
	if err != nil {
		return nil, err
	}
	m.Key, m.Built = key, built
	return m, nil
}

// Source is a checkout of this module and the toolchain that builds it.
type Source struct {
	Root      string // the module's root directory
	GoVersion string // go env GOVERSION
	GoRoot    string // go env GOROOT
	env       string // the rest of go env that changes a build
}

// Locate finds the checkout of this module around dir (the working
// directory if "") and the Go toolchain.
func Locate(dir string) (*Source, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return nil, ErrNoToolchain
	}
	out, err := goCmd(dir, "env", "-json", "GOMOD", "GOVERSION", "GOROOT", "GOEXPERIMENT", "GOWASM")
	if err != nil {
		return nil, err
	}
	var env struct{ GOMOD, GOVERSION, GOROOT, GOEXPERIMENT, GOWASM string }
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("reading go env: %w", err)
	}
	if env.GOMOD == "" || env.GOMOD == os.DevNull {
		return nil, ErrNoCheckout
	}
	root := filepath.Dir(env.GOMOD)
	path, err := goCmd(root, "list", "-m")
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(string(path)) != ModulePath {
		return nil, ErrNoCheckout
	}
	return &Source{Root: root, GoVersion: env.GOVERSION, GoRoot: env.GOROOT,
		env: "GOEXPERIMENT=" + env.GOEXPERIMENT + " GOWASM=" + env.GOWASM}, nil
}

// goCmd runs go with the build's environment in dir and returns its
// standard output, or an error carrying its first line of complaint.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), buildEnv...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("go %s: %s", strings.Join(args, " "), msg)
	}
	return out, nil
}

// listed is what Key reads of one package from go list -json.
type listed struct {
	ImportPath string
	Dir        string
	Module     *struct{ Path string }
	GoFiles    []string
	CgoFiles   []string
	CFiles     []string
	HFiles     []string
	SFiles     []string
	SysoFiles  []string
	EmbedFiles []string
}

// Packages lists this module's packages the WebAssembly module is built
// from (the entry point and every one of its dependencies in the module),
// with the files the build reads in each, sorted by import path.
func (s *Source) Packages() ([]Package, error) {
	out, err := goCmd(s.Root, "list", "-deps",
		"-json=ImportPath,Dir,Module,GoFiles,CgoFiles,CFiles,HFiles,SFiles,SysoFiles,EmbedFiles", "./cmd/breakeven-wasm")
	if err != nil {
		return nil, err
	}
	var pkgs []Package
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list: %w", err)
		}
		if p.Module == nil || p.Module.Path != ModulePath {
			continue
		}
		rel, err := filepath.Rel(s.Root, p.Dir)
		if err != nil {
			return nil, err
		}
		var files []string
		for _, set := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.HFiles, p.SFiles, p.SysoFiles, p.EmbedFiles} {
			files = append(files, set...)
		}
		sort.Strings(files)
		pkgs = append(pkgs, Package{ImportPath: p.ImportPath, Dir: filepath.ToSlash(rel), Files: files})
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].ImportPath < pkgs[j].ImportPath })
	if !hasPackage(pkgs, MainPackage) {
		return nil, fmt.Errorf("go list -deps ./cmd/breakeven-wasm in %s did not list %s", s.Root, MainPackage)
	}
	return pkgs, nil
}

func hasPackage(pkgs []Package, path string) bool {
	for _, p := range pkgs {
		if p.ImportPath == path {
			return true
		}
	}
	return false
}

// Package is one of this module's packages in the build: its directory
// relative to the module's root and the files the build reads there,
// relative to that directory.
type Package struct {
	ImportPath string
	Dir        string
	Files      []string
}

// Key is the hex SHA-256 a build of this source is cached under.
func (s *Source) Key() (string, error) {
	pkgs, err := s.Packages()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%s\n%s\n", keyVersion, s.GoVersion, s.env, strings.Join(buildEnv, " "), strings.Join(buildFlags, " "))
	file := func(rel string) error {
		b, err := os.ReadFile(filepath.Join(s.Root, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(h, "%s %x\n", rel, sum)
		return nil
	}
	for _, rel := range []string{"go.mod", "go.sum"} {
		if err := file(rel); err != nil {
			return "", err
		}
	}
	for _, p := range pkgs {
		fmt.Fprintf(h, "package %s\n", p.ImportPath)
		for _, f := range p.Files {
			if err := file(p.Dir + "/" + f); err != nil {
				return "", err
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// build builds the module into dir: calc.wasm, its .gz and .br, and the
// toolchain's wasm_exec.js.
func (s *Source) build(dir string) error {
	wasm := filepath.Join(dir, WasmFile)
	args := append([]string{"build"}, buildFlags...)
	if _, err := goCmd(s.Root, append(args, "-o", wasm, "./cmd/breakeven-wasm")...); err != nil {
		return err
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	wasmExec, err := os.ReadFile(filepath.Join(s.GoRoot, "lib", "wasm", WasmExecFile))
	if err != nil {
		return fmt.Errorf("the toolchain's %s: %w", WasmExecFile, err)
	}
	var wg sync.WaitGroup
	var gz, br []byte
	var gzErr, brErr error
	wg.Go(func() { gz, gzErr = precompress.Gzip(raw) })
	wg.Go(func() { br, brErr = precompress.Brotli(raw) })
	wg.Wait()
	if err := errors.Join(gzErr, brErr); err != nil {
		return err
	}
	for name, b := range map[string][]byte{GzipFile: gz, BrotliFile: br, WasmExecFile: wasmExec} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// publish returns the directory of the build keyed key in cache, making
// it with build if it is not there: build writes into a fresh temporary
// directory that is then renamed into place. If another process renamed
// its own build there first, that one is used. It reports whether this
// call built it.
func publish(cache, key string, keep int, log func(string), build func(dir string) error) (string, bool, error) {
	dir := filepath.Join(cache, "calc-"+key[:16])
	if complete(dir) {
		now := time.Now()
		_ = os.Chtimes(dir, now, now) // most recently used, for pruning
		return dir, false, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", false, fmt.Errorf("cache for the page's WebAssembly module: %w", err)
	}
	if _, err := os.Stat(dir); err == nil {
		// A build missing a file (removed by hand): replace it.
		_ = os.RemoveAll(dir)
	}
	var suffix [6]byte
	_, _ = rand.Read(suffix[:])
	tmp := dir + ".tmp-" + hex.EncodeToString(suffix[:])
	if err := os.Mkdir(tmp, 0o755); err != nil {
		return "", false, fmt.Errorf("cache for the page's WebAssembly module: %w", err)
	}
	defer os.RemoveAll(tmp) // left only on failure or a lost race
	if log != nil {
		log("building the page's WebAssembly module from source (once per change of its sources) into " + dir)
	}
	if err := build(tmp); err != nil {
		return "", false, fmt.Errorf("building the page's WebAssembly module: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if complete(dir) {
			return dir, false, nil // another build of the same key won
		}
		return "", false, fmt.Errorf("cache for the page's WebAssembly module: %w", err)
	}
	prune(cache, keep)
	return dir, true, nil
}

// complete reports whether dir holds every file of a build.
func complete(dir string) bool {
	for _, name := range []string{WasmFile, GzipFile, BrotliFile, WasmExecFile} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// prune removes all but the keep most recently used builds in cache, and
// temporary directories an interrupted build left over a day ago.
func prune(cache string, keep int) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	type build struct {
		path string
		used time.Time
	}
	var builds []build
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !e.IsDir() || !strings.HasPrefix(e.Name(), "calc-") {
			continue
		}
		path := filepath.Join(cache, e.Name())
		if strings.Contains(e.Name(), ".tmp-") {
			if time.Since(info.ModTime()) > 24*time.Hour {
				_ = os.RemoveAll(path)
			}
			continue
		}
		builds = append(builds, build{path, info.ModTime()})
	}
	sort.Slice(builds, func(i, j int) bool { return builds[i].used.After(builds[j].used) })
	for i := keep; i < len(builds); i++ {
		_ = os.RemoveAll(builds[i].path)
	}
}

// read loads a build's files.
func read(dir string) (*Module, error) {
	m := &Module{Dir: dir}
	for name, dst := range map[string]*[]byte{WasmFile: &m.Wasm, GzipFile: &m.Gzip, BrotliFile: &m.Brotli, WasmExecFile: &m.WasmExec} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		*dst = b
	}
	return m, nil
}
