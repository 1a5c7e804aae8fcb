package main

import (
	"bytes"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateWasm = flag.Bool("update", false, "rebuild web/calc.wasm when it is stale")

func get(t *testing.T, srv *httptest.Server, method, path string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	require.NoError(t, err)
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

func TestServeContentTypes(t *testing.T) {
	srv := httptest.NewServer(webHandler())
	defer srv.Close()
	for path, want := range map[string]string{
		"/": "text/html; charset=utf-8", "/index.html": "text/html; charset=utf-8",
		"/app.js": "text/javascript; charset=utf-8", "/wasm_exec.js": "text/javascript; charset=utf-8",
		"/style.css": "text/css; charset=utf-8", "/calc.wasm": "application/wasm",
	} {
		resp, body := get(t, srv, http.MethodGet, path)
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Equal(t, want, resp.Header.Get("Content-Type"), path)
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), path)
		assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'self'", path)
		assert.NotEmpty(t, body, path)
	}
	resp, body := get(t, srv, http.MethodGet, "/calc.wasm")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, []byte("\x00asm"), body[:4], "a WebAssembly module")
	resp, body = get(t, srv, http.MethodHead, "/app.js")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, body)
}

// Nothing but the page's own files: no listing, no source, no escape.
func TestServeNotFound(t *testing.T) {
	srv := httptest.NewServer(webHandler())
	defer srv.Close()
	for _, path := range []string{"/web", "/web/", "/nope.html", "/..", "/../serve.go", "/%2e%2e/serve.go", "/index.html/", "/.", "/calc.wasm/x", "/serve.go"} {
		resp, body := get(t, srv, http.MethodGet, path)
		if path == "/.." || path == "/." || path == "/index.html/" {
			// These clean to "/" or the page itself; never a listing.
			assert.NotContains(t, string(body), "<pre>", path)
			continue
		}
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, path)
		assert.NotContains(t, string(body), "<pre>", path)
	}
	resp, _ := get(t, srv, http.MethodPost, "/")
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
}

func TestServeExport(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd("serve", "--export", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "wrote 5 files")
	for _, name := range []string{"index.html", "app.js", "style.css", "wasm_exec.js", "calc.wasm"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		want, err := webFiles.ReadFile("web/" + name)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), name)
	}
	code, _, errOut = runCmd("serve", "--addr", "not an address")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `--addr "not an address"`)
}

// buildWasm builds the calculator for the browser into out, as go
// generate does.
func buildWasm(t *testing.T, out string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "../breakeven-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=-buildvcs=false")
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
}

// The committed calc.wasm is what the code builds, so the page computes
// what calc prints. -update rebuilds it.
func TestWasmUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module (about 10 s)")
	}
	fresh := filepath.Join(t.TempDir(), "calc.wasm")
	buildWasm(t, fresh)
	got, err := os.ReadFile(fresh)
	require.NoError(t, err)
	if *updateWasm {
		require.NoError(t, os.WriteFile(filepath.Join("web", "calc.wasm"), got, 0o644))
		return
	}
	committed, err := os.ReadFile(filepath.Join("web", "calc.wasm"))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(committed, got),
		"web/calc.wasm is stale: run go generate ./cmd/breakeven (or go test ./cmd/breakeven -run TestWasmUpToDate -update)")
	t.Logf("calc.wasm: %d bytes", len(got))
}

// wasm_exec.js is the toolchain's own, so it matches the Go that built
// calc.wasm.
func TestWasmExecMatchesToolchain(t *testing.T) {
	root, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join(string(bytes.TrimSpace(root)), "lib", "wasm", "wasm_exec.js"))
	require.NoError(t, err)
	got, err := webFiles.ReadFile("web/wasm_exec.js")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "copy $(go env GOROOT)/lib/wasm/wasm_exec.js to web/")
}
