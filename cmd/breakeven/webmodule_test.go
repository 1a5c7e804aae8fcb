package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/cmd/breakeven/internal/precompress"
	"signalweight.dev/kv/cmd/breakeven/internal/wasmbuild"
)

// The server's tests serve fixtureModule, a stand-in for the page's
// module: how the server sends bytes (types, ETags, ranges, compressed
// forms, timeouts, load) does not depend on which module they are, and
// the stand-in needs no toolchain and no build, so go test -short runs
// them. The browser tests and the module's own tests use the real build
// (realModule), through the same builder serve uses.

// fixtureModule is a 4.5 MB stand-in: the WebAssembly magic and version,
// then numbered lines, too big for the sockets' buffers, with its gzip
// form from precompress and a brotli form at a low quality (precompress's
// quality 11 takes tens of seconds on it).
var fixtureModule = sync.OnceValue(func() *wasmbuild.Module {
	wasm := []byte("\x00asm\x01\x00\x00\x00")
	for i := 0; len(wasm) < 4_500_000; i++ {
		wasm = fmt.Appendf(wasm, "line %d of the stand-in module\n", i*7919%100003)
	}
	gz, err := precompress.Gzip(wasm)
	if err != nil {
		panic(err)
	}
	var br bytes.Buffer
	w := brotli.NewWriterLevel(&br, 4)
	if _, err := w.Write(wasm); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return &wasmbuild.Module{Wasm: wasm, Gzip: gz, Brotli: br.Bytes(),
		WasmExec: []byte("// stands in for the toolchain's wasm_exec.js\n")}
})

// fixturePage is the page around fixtureModule.
var fixturePage = sync.OnceValue(func() *webPage { return newWebPage(fixtureModule()) })

// webHandler serves the page with fixtureModule and the default
// configuration's per-file write deadlines.
func webHandler() http.Handler { return newWebServer(fixturePage(), defaultServeConfig()) }

// moduleURL is the path the page serves mod under: calc.<hash>.wasm, the
// hash being the first 16 hex digits of the SHA-256 of its bytes.
func moduleURL(mod *wasmbuild.Module) string {
	sum := sha256.Sum256(mod.Wasm)
	return "/calc." + hex.EncodeToString(sum[:8]) + ".wasm"
}

// wasmURL is where the server's tests find fixtureModule.
var wasmURL = moduleURL(fixtureModule())

var (
	realOnce sync.Once
	realMod  *wasmbuild.Module
	realErr  error
	realTook time.Duration
)

// realModule is the page's module built from this checkout by the
// builder serve uses, into the same cache: the first test to ask builds
// it if the cache has no build of these sources, every other reads it.
// It skips under -short.
func realModule(t testing.TB) *wasmbuild.Module {
	t.Helper()
	if testing.Short() {
		t.Skip("needs the page's WebAssembly module, built on first use")
	}
	realOnce.Do(func() {
		start := time.Now()
		realMod, realErr = wasmbuild.Load(wasmbuild.Options{Log: func(line string) { t.Log(line) }})
		realTook = time.Since(start)
	})
	require.NoError(t, realErr)
	return realMod
}

// realHandler serves the page with the real module.
func realHandler(t testing.TB) http.Handler {
	return newWebServer(newWebPage(realModule(t)), defaultServeConfig())
}

// The module serve builds is a WebAssembly module, its gzip and brotli
// forms decompress to its bytes, and it comes with the wasm_exec.js of
// the toolchain that built it (the two must match). A second load is
// answered by the cache with the same bytes.
func TestPageModuleBuiltWithItsCompressedForms(t *testing.T) {
	mod := realModule(t)
	t.Logf("module %s: %d bytes, gzip %d, brotli %d; built now: %v, in %v", mod.Dir, len(mod.Wasm), len(mod.Gzip), len(mod.Brotli), mod.Built, realTook)
	require.True(t, bytes.HasPrefix(mod.Wasm, []byte("\x00asm\x01\x00\x00\x00")), "a WebAssembly module, version 1")
	gz, err := gzip.NewReader(bytes.NewReader(mod.Gzip))
	require.NoError(t, err)
	got, err := io.ReadAll(gz)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(mod.Wasm, got), "the .gz is the module")
	got, err = io.ReadAll(brotli.NewReader(bytes.NewReader(mod.Brotli)))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(mod.Wasm, got), "the .br is the module")
	assert.Less(t, len(mod.Brotli), len(mod.Gzip), "brotli is the smaller")

	root, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join(string(bytes.TrimSpace(root)), "lib", "wasm", "wasm_exec.js"))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, mod.WasmExec), "wasm_exec.js is the toolchain's")

	start := time.Now()
	again, err := wasmbuild.Load(wasmbuild.Options{Log: func(line string) { t.Errorf("a second load built again: %s", line) }})
	require.NoError(t, err)
	t.Logf("second load, from the cache: %v", time.Since(start))
	assert.False(t, again.Built)
	assert.Equal(t, mod.Dir, again.Dir)
	assert.True(t, bytes.Equal(mod.Wasm, again.Wasm))
}

// serve outside a checkout of the module, or without the go command,
// cannot build the page: one line says what to do, exit 1, nothing on
// stdout.
func TestServeWithoutSourceOrToolchainSaysWhatToDo(t *testing.T) {
	export := t.TempDir()
	t.Run("outside a checkout", func(t *testing.T) {
		t.Chdir(t.TempDir())
		code, out, errOut := runCmd("serve", "--export", export)
		assert.Equal(t, 1, code)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		assert.Contains(t, errOut, "breakeven serve: ")
		assert.Contains(t, errOut, "run serve from inside a checkout of signalweight.dev/kv")
	})
	t.Run("no go command", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		code, out, errOut := runCmd("serve", "--addr", "127.0.0.1:0")
		assert.Equal(t, 1, code)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		assert.Contains(t, errOut, "needs the Go toolchain")
	})
	entries, err := os.ReadDir(export)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing exported")
}
