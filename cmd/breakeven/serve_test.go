package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"signalweight.dev/kv/breakeven/calculator"
)

func get(t *testing.T, srv *httptest.Server, method, path string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	require.NoError(t, err)
	// Named, so the client neither asks for gzip nor undoes it.
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// record serves one request to the page's handler as written, with no
// client in between to clean its path.
func record(method, target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	webHandler().ServeHTTP(rec, req)
	return rec
}

// webPageFiles is each path served and the file it returns.
var webPageFiles = map[string]string{
	"/": "index.html", "/index.html": "index.html", "/app.js": "app.js",
	"/style.css": "style.css", "/wasm_exec.js": "wasm_exec.js", wasmURL: "calc.wasm",
}

// servedBody is what a path must return uncompressed: its file, except
// that the page names the module by its hashed name, carries the menus
// and has its default state drawn in (renderPage; the browser tests
// check what it shows).
func servedBody(t testing.TB, path string) []byte {
	t.Helper()
	b := pageFile(t, webPageFiles[path])
	if webPageFiles[path] == "index.html" {
		require.Equal(t, 1, bytes.Count(b, []byte(`href="calc.wasm"`)), "index.html names the module once")
		b = bytes.Replace(b, []byte(`href="calc.wasm"`), []byte(`href="`+wasmURL[1:]+`"`), 1)
		// The menus, as the module's kvCatalog gives them; JSON escapes "<",
		// so it cannot close the element.
		require.NotContains(t, string(calculator.CatalogJSON()), "<")
		empty := []byte(`<script type="application/json" id="catalog"></script>`)
		require.Equal(t, 1, bytes.Count(b, empty), "index.html holds the catalog's place once")
		b = bytes.Replace(b, empty, []byte(`<script type="application/json" id="catalog">`+string(calculator.CatalogJSON())+`</script>`), 1)
		b = renderPage(b, nil)
	}
	return b
}

// pageFile is one of the files of the page the server's tests serve: the
// embedded ones, and fixtureModule's for the module and wasm_exec.js.
func pageFile(t testing.TB, name string) []byte {
	t.Helper()
	mod := fixtureModule()
	switch name {
	case "calc.wasm":
		return mod.Wasm
	case "calc.wasm.gz":
		return mod.Gzip
	case "calc.wasm.br":
		return mod.Brotli
	case "wasm_exec.js":
		return mod.WasmExec
	}
	b, err := webFiles.ReadFile("web/" + name)
	require.NoError(t, err)
	return b
}

// assertSecurityHeaders checks the headers every response carries, errors
// included.
func assertSecurityHeaders(t *testing.T, h http.Header, what string) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "frame-ancestors 'none'"} {
		assert.Contains(t, csp, want, what)
	}
	assert.Equal(t, "no-referrer", h.Get("Referrer-Policy"), what)
	assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), what)
}

func TestServeContentTypes(t *testing.T) {
	srv := httptest.NewServer(webHandler())
	defer srv.Close()
	for path, want := range map[string]string{
		"/": "text/html; charset=utf-8", "/index.html": "text/html; charset=utf-8",
		"/app.js": "text/javascript; charset=utf-8", "/wasm_exec.js": "text/javascript; charset=utf-8",
		"/style.css": "text/css; charset=utf-8", wasmURL: "application/wasm",
	} {
		resp, body := get(t, srv, http.MethodGet, path)
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Equal(t, want, resp.Header.Get("Content-Type"), path)
		assertSecurityHeaders(t, resp.Header, path)
		if path == wasmURL {
			// Its name changes with its content: cache it for good.
			assert.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"), path)
			assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"), path)
		} else {
			assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), path)
		}
		assert.Empty(t, resp.Header.Get("Content-Encoding"), "%s: the client asked for no coding", path)
		assert.Regexp(t, `^"[0-9a-f]{32}"$`, resp.Header.Get("ETag"), path)
		assert.Equal(t, strconv.Itoa(len(body)), resp.Header.Get("Content-Length"), path)
		assert.Equal(t, servedBody(t, path), body, path)
	}
	resp, body := get(t, srv, http.MethodGet, wasmURL)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, []byte("\x00asm"), body[:4], "a WebAssembly module")
	resp, body = get(t, srv, http.MethodHead, wasmURL)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, strconv.Itoa(len(pageFile(t, "calc.wasm"))), resp.Header.Get("Content-Length"))
	assert.Empty(t, body)
}

// Range and conditional requests work on the module, so a browser can
// revalidate it for a 304 and a download can resume.
func TestServeRangeAndETag(t *testing.T) {
	wasm := pageFile(t, "calc.wasm")
	rec := record(http.MethodGet, wasmURL, "Range", "bytes=4-7")
	assert.Equal(t, http.StatusPartialContent, rec.Code)
	assert.Equal(t, fmt.Sprintf("bytes 4-7/%d", len(wasm)), rec.Header().Get("Content-Range"))
	assert.Equal(t, wasm[4:8], rec.Body.Bytes())

	etag := record(http.MethodGet, wasmURL).Header().Get("ETag")
	require.NotEmpty(t, etag)
	assert.Equal(t, etag, record(http.MethodGet, wasmURL).Header().Get("ETag"), "the same each time")
	assert.NotEqual(t, etag, record(http.MethodGet, "/app.js").Header().Get("ETag"), "one per file")
	rec = record(http.MethodGet, wasmURL, "If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, rec.Code)
	assert.Empty(t, rec.Body.Bytes())
	rec = record(http.MethodGet, wasmURL, "If-None-Match", `"stale"`)
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Len(t, rec.Body.Bytes(), len(wasm))
	// A resumed download whose copy is stale gets the whole file.
	rec = record(http.MethodGet, wasmURL, "Range", "bytes=100-", "If-Range", `"stale"`)
	assert.Equal(t, http.StatusOK, rec.Code)
	rec = record(http.MethodGet, wasmURL, "Range", "bytes=100-", "If-Range", etag)
	assert.Equal(t, http.StatusPartialContent, rec.Code)
	assert.Equal(t, wasm[100:], rec.Body.Bytes())
}

// Nothing but the page's own files at their exact paths: no listing, no
// source, no escape, and no page under a path whose relative assets would
// break.
func TestServeNotFound(t *testing.T) {
	for _, path := range []string{"/web", "/web/", "/nope.html", "/..", "/../", "/../serve.go", "/%2e%2e/serve.go",
		"/index.html/", "/calc.wasm/", "/app.js/", "/.", "/./", "/calc.wasm/x", "/serve.go", "/x", "//", "//index.html",
		"/INDEX.HTML", "/index.htm", "/web/index.html", "/calc.wasm%00", "/calc.wasm%2F",
		// The module only under its hashed name, and no compressed file
		// by its own name.
		"/calc.wasm", "/calc.wasm.br", "/calc.wasm.gz", wasmURL + ".br", wasmURL + ".gz", wasmURL + "/", strings.ToUpper(wasmURL)} {
		rec := record(http.MethodGet, path)
		assert.Equal(t, http.StatusNotFound, rec.Code, path)
		assert.NotContains(t, rec.Body.String(), "<pre>", path)
		assertSecurityHeaders(t, rec.Header(), path)
	}
	// The page's state lives in the query, which does not change the path.
	assert.Equal(t, http.StatusOK, record(http.MethodGet, "/?model=qwen3-32b&link=10GbE").Code)
	assert.Equal(t, http.StatusOK, record(http.MethodGet, "/index.html?model=qwen3-32b").Code)
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions, "BREW"} {
		rec := record(method, wasmURL)
		assert.Equal(t, http.StatusMethodNotAllowed, rec.Code, method)
		assert.Equal(t, "GET, HEAD", rec.Header().Get("Allow"), method)
		assertSecurityHeaders(t, rec.Header(), method)
	}
	assert.Equal(t, http.StatusNotFound, record(http.MethodPost, "/x").Code, "an unknown path is not found whatever the method")
}

// --export writes the page as served: every path once, the module under
// its hashed name with its .gz and .br beside it, and nothing else.
func TestServeExport(t *testing.T) {
	dir := t.TempDir()
	n, err := exportWeb(dir, fixturePage())
	require.NoError(t, err)
	assert.Equal(t, 15, n)
	wasm := wasmURL[1:]
	for name, want := range map[string][]byte{
		"index.html": servedBody(t, "/index.html"), "app.js": pageFile(t, "app.js"), "style.css": pageFile(t, "style.css"),
		"wasm_exec.js": pageFile(t, "wasm_exec.js"), wasm: pageFile(t, "calc.wasm"),
		wasm + ".gz": pageFile(t, "calc.wasm.gz"), wasm + ".br": pageFile(t, "calc.wasm.br"),
	} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), name)
		if strings.HasPrefix(name, "calc.") {
			continue
		}
		// The page's own files have their compressed forms beside them.
		gz, err := os.ReadFile(filepath.Join(dir, name+".gz"))
		require.NoError(t, err)
		br, err := os.ReadFile(filepath.Join(dir, name+".br"))
		require.NoError(t, err)
		assert.Equal(t, want, unzip(t, "gzip", gz), name+".gz")
		assert.Equal(t, want, unzip(t, "br", br), name+".br")
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 15, "nothing else")
	// Every link in the page is relative, so it works under a sub-path.
	index := string(servedBody(t, "/index.html"))
	assert.NotRegexp(t, `(href|src)="(/|[a-z]+:)`, index)
	code, _, errOut := runCmd("serve", "--addr", "not an address")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `--addr "not an address"`)
}

// The command's --export writes the module serve builds, with its
// compressed forms and the toolchain's wasm_exec.js.
func TestServeExportCommandWritesTheBuiltModule(t *testing.T) {
	mod := realModule(t)
	dir := t.TempDir()
	code, out, errOut := runCmd("serve", "--export", dir)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut, "the module came from the cache")
	assert.Contains(t, out, "wrote 15 files")
	name := moduleURL(mod)[1:]
	for file, want := range map[string][]byte{name: mod.Wasm, name + ".gz": mod.Gzip, name + ".br": mod.Brotli, "wasm_exec.js": mod.WasmExec} {
		got, err := os.ReadFile(filepath.Join(dir, file))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), file)
	}
}

// The module goes compressed to a client that takes it: brotli first,
// then gzip, else plain, by the weights of Accept-Encoding; each form has
// its own ETag, and ranges count in the bytes sent.
func TestServePrecompressed(t *testing.T) {
	wasm := pageFile(t, "calc.wasm")
	unbr := func(b []byte) []byte {
		out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
		require.NoError(t, err)
		return out
	}
	ungz := func(b []byte) []byte {
		r, err := gzip.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		out, err := io.ReadAll(r)
		require.NoError(t, err)
		return out
	}
	etags := map[string]string{}
	for _, c := range []struct{ accept, coding string }{
		{"", ""}, {"identity", ""}, {"gzip", "gzip"}, {"br", "br"}, {"gzip, deflate, br, zstd", "br"},
		{"br;q=0, gzip", "gzip"}, {"gzip;q=0.5, br;q=0.1", "br"}, {"*", "br"}, {"*;q=0", ""}, {"br;q=0, *", "gzip"},
		{"GZIP", "gzip"}, {"br;q=nonsense, gzip;q=0", ""}, {"deflate", ""}, {" br ; q=1.0 ", "br"},
	} {
		rec := record(http.MethodGet, wasmURL, "Accept-Encoding", c.accept)
		require.Equal(t, http.StatusOK, rec.Code, c.accept)
		h := rec.Header()
		assert.Equal(t, c.coding, h.Get("Content-Encoding"), "Accept-Encoding %q", c.accept)
		assert.Equal(t, "application/wasm", h.Get("Content-Type"), c.accept)
		assert.Equal(t, "Accept-Encoding", h.Get("Vary"), c.accept)
		assert.Equal(t, strconv.Itoa(rec.Body.Len()), h.Get("Content-Length"), c.accept)
		body := rec.Body.Bytes()
		switch c.coding {
		case "br":
			assert.Less(t, len(body), len(wasm)/3, "brotli is small")
			body = unbr(body)
		case "gzip":
			assert.Less(t, len(body), len(wasm)/3, "gzip is small")
			body = ungz(body)
		}
		assert.True(t, bytes.Equal(wasm, body), "Accept-Encoding %q: the module's bytes", c.accept)
		if prev, ok := etags[c.coding]; ok {
			assert.Equal(t, prev, h.Get("ETag"), c.accept)
		}
		etags[c.coding] = h.Get("ETag")
	}
	assert.Len(t, map[string]bool{etags[""]: true, etags["gzip"]: true, etags["br"]: true}, 3, "one ETag per form")
	// Revalidation and ranges work on the compressed form.
	rec := record(http.MethodGet, wasmURL, "Accept-Encoding", "br", "If-None-Match", etags["br"])
	assert.Equal(t, http.StatusNotModified, rec.Code)
	br := pageFile(t, "calc.wasm.br")
	rec = record(http.MethodGet, wasmURL, "Accept-Encoding", "br", "Range", "bytes=10-19")
	assert.Equal(t, http.StatusPartialContent, rec.Code)
	assert.Equal(t, br[10:20], rec.Body.Bytes())
	assert.Equal(t, "br", rec.Header().Get("Content-Encoding"))
	// The page's HTML, script and style go compressed too, to a client
	// that takes it, and plain to one that does not.
	for _, p := range []string{"/", "/app.js", "/style.css", "/wasm_exec.js", "/?model=llama-3.1-70b"} {
		want := servedBody(t, strings.Split(p, "?")[0])
		if strings.Contains(p, "?") {
			want = record(http.MethodGet, p).Body.Bytes()
			assert.Contains(t, string(want), `<option value="llama-3.1-70b" selected>`, "a shared link's state is drawn")
		}
		for _, coding := range []string{"br", "gzip"} {
			rec = record(http.MethodGet, p, "Accept-Encoding", coding)
			got := rec.Header().Get("Content-Encoding")
			if coding == "br" && strings.Contains(p, "?") {
				coding = "" // a shared link is drawn per request: brotli at its best is too slow for that
			}
			if coding == "" {
				assert.Empty(t, got, p)
				continue
			}
			assert.Equal(t, coding, got, p)
			assert.Equal(t, "Accept-Encoding", rec.Header().Get("Vary"), p)
			if p != "/wasm_exec.js" { // the stand-in module's is a few bytes
				assert.Less(t, rec.Body.Len(), len(want)/2, "%s: %s is small", p, coding)
			}
			assert.Equal(t, want, unzip(t, coding, rec.Body.Bytes()), "%s %s", p, coding)
		}
		assert.Empty(t, record(http.MethodGet, p).Header().Get("Content-Encoding"), p)
	}
}

// unzip decompresses b from gzip or brotli.
func unzip(t testing.TB, coding string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	if coding == "br" {
		r = brotli.NewReader(bytes.NewReader(b))
	} else {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		r = zr
	}
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return out
}

// --export into a path that cannot be a directory is bad input: one line
// naming the flag, the path and why, with an example; exit 2.
func TestServeExportUnusable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	for path, why := range map[string]string{
		file:                              "it is a file, not a directory",
		filepath.Join(file, "sub"):        "cannot create the directory " + file + ": not a directory",
		"/proc/nope":                      "cannot create the directory: no such file or directory",
		filepath.Join(file, "sub", "sub"): "not a directory",
	} {
		code, out, errOut := runCmd("serve", "--export", path)
		assert.Equal(t, 2, code, path)
		assert.Empty(t, out, path)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		assert.True(t, strings.HasPrefix(errOut, fmt.Sprintf("breakeven serve: --export %q: ", path)), errOut)
		assert.Contains(t, errOut, why, path)
		assert.Contains(t, errOut, "(e.g. --export /tmp/kv-web)", path)
	}
}

// docs/web.md lists the paths the server answers, the module under its
// pattern, and names the default address; serve's help warns that a
// wider address has no authentication.
func TestServeDocsListThePathsServed(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "web.md"))
	require.NoError(t, err)
	doc := string(b)
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^\\| `(/[^`]*)` \\|").FindAllStringSubmatch(doc, -1) {
		documented = append(documented, m[1])
	}
	var served []string
	for p := range fixturePage().paths {
		if p == wasmURL {
			p = "/calc.<hash>.wasm"
		}
		served = append(served, p)
	}
	assert.ElementsMatch(t, served, documented)
	assert.Contains(t, doc, "http://"+defaultServeAddr, "the default address")
	assert.NotContains(t, serveUsage, "0.0.0.0:9000")
	assert.Contains(t, serveUsage, "there is no authentication")
}
