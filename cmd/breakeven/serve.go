package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/cmd/breakeven/internal/precompress"
	"signalweight.dev/kv/cmd/breakeven/internal/wasmbuild"
)

// webFiles is the page's own files: the HTML, script and style. The
// module they run, calc.wasm with its gzip and brotli forms and the
// toolchain's wasm_exec.js, is built from ./cmd/breakeven-wasm on first
// use and cached by internal/wasmbuild, never committed.
//
//go:embed web/index.html web/app.js web/style.css
var webFiles embed.FS

// webRoot is the page's files at the root of a file system.
func webRoot() fs.FS {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // web/ is embedded above
	}
	return sub
}

// loadModule returns the page's module, built from the checkout around
// the working directory or read from the cache; a build says so, and
// where, in one line on stderr.
func loadModule(stderr io.Writer) (*wasmbuild.Module, error) {
	return wasmbuild.Load(wasmbuild.Options{Log: func(line string) { fmt.Fprintf(stderr, "breakeven serve: %s\n", line) }})
}

const serveUsage = `Usage: breakeven serve [--addr HOST:PORT]
       breakeven serve --export DIR

Serves the web calculator: the tier map and the calculator of the post's
interactive, computed in the browser by this project's own Go code built
to WebAssembly, so the page and "breakeven calc" cannot disagree. The
server draws each page's state into its HTML with the same code, so the
page is whole before the module loads and without JavaScript. The page
fetches nothing but its own files; its inputs live in the URL, so a result
can be shared as a link.

It listens on 127.0.0.1 (this machine only) unless --addr says otherwise.
Binding a wider address such as 0.0.0.0:8080 lets anyone who can reach
this machine on the network open the page: there is no authentication.
Ctrl-C (SIGINT) or SIGTERM stops it after the responses in flight finish
(at most 30s; a second Ctrl-C stops it at once).

--export writes the page's files to DIR for any static host instead of
serving them. All its links are relative, so it works under a sub-path;
the module's name carries its hash (cache it for good), and its .gz and
.br forms sit beside it for hosts that send precompressed files. A host
that does not send .wasm as application/wasm works too, a little slower.

The module is built from this checkout's source with the go command on
first use, and again only when its sources or the Go version change; the
build is kept in the user's cache directory (one line on stderr says
where). Run serve from inside a checkout of the module.

Examples:
  breakeven serve
  breakeven serve --addr 127.0.0.1:9000
  breakeven serve --export /tmp/kv-web
`

func init() {
	register(command{"serve", "serve the web calculator, or export it as static files", serveUsage, runServe})
}

// serveConfig bounds what one client can hold: how long it may take to
// send its request, to read a response, and to sit idle, and how long a
// stop waits for the responses in flight.
type serveConfig struct {
	// ReadHeaderTimeout drops a connection whose request headers have
	// not arrived in full (a half-open or stalled client).
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request; the page's requests
	// have no body.
	ReadTimeout time.Duration
	// WriteTimeout bounds writing a small response. A larger file gets
	// WriteTimeout plus its size at MinWriteRate, set per response.
	WriteTimeout time.Duration
	// MinWriteRate is the slowest link, in bytes per second, a download
	// is given time for.
	MinWriteRate int64
	// IdleTimeout closes a kept-alive connection with no request.
	IdleTimeout time.Duration
	// MaxHeaderBytes caps a request's headers.
	MaxHeaderBytes int
	// ShutdownTimeout bounds how long a stop waits for responses in
	// flight; those still running then are cut.
	ShutdownTimeout time.Duration
}

// defaultServeConfig is what serve runs with. The write deadline is sized
// per response: for the module uncompressed (4.5 MB), 10s plus its size
// at 16 KiB/s (131 kbit/s, a poor mobile link) is about 285s, and about
// 65s for its brotli form, so a slow reader still gets the module whole, while a client that stops reading
// is dropped after that, not held forever. Every other file is under
// 20 KB and gets about 11s.
func defaultServeConfig() serveConfig {
	return serveConfig{
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		MinWriteRate:      16 << 10,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ShutdownTimeout:   30 * time.Second,
	}
}

// defaultServeAddr is where serve listens unless --addr says otherwise:
// this machine only.
const defaultServeAddr = "127.0.0.1:8080"

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", defaultServeAddr, "`HOST:PORT` to listen on (0.0.0.0 opens it to the network, without authentication)")
	export := fs.String("export", "", "write the page's files to `DIR` and exit")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	exportErr := func(err error) int {
		fmt.Fprintf(stderr, "breakeven serve: --export %q: %s (e.g. --export /tmp/kv-web)\n", *export, exportReason(*export, err))
		return 2
	}
	var ln net.Listener
	if *export != "" {
		// An unusable directory is refused before any build.
		if err := os.MkdirAll(*export, 0o755); err != nil {
			return exportErr(err)
		}
	} else {
		var err error
		if ln, err = net.Listen("tcp", *addr); err != nil {
			fmt.Fprintf(stderr, "breakeven serve: --addr %q: %v (e.g. --addr 127.0.0.1:8080)\n", *addr, err)
			return 2
		}
		defer ln.Close()
	}
	mod, err := loadModule(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "breakeven serve: %v\n", err)
		return 1
	}
	page := newWebPage(mod)
	if *export != "" {
		n, err := exportWeb(*export, page)
		if err != nil {
			return exportErr(err)
		}
		fmt.Fprintf(stdout, "wrote %d files to %s\n", n, *export)
		return 0
	}
	// Notify also undoes an ignored SIGINT, as a background start from a
	// shell without job control leaves it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second signal now stops the process at once
	}()
	return newWebServer(page, defaultServeConfig()).serve(ctx, ln, stdout, stderr)
}

// serve serves the page on ln until ctx is done, then stops accepting,
// lets the responses in flight finish (up to cfg.ShutdownTimeout) and
// prints one line saying how it stopped. It returns the exit status: 0
// after a stop, 1 if serving failed.
func (ws *webServer) serve(ctx context.Context, ln net.Listener, stdout, stderr io.Writer) int {
	cfg := ws.cfg
	srv := &http.Server{
		Handler:           ws,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    cfg.MaxHeaderBytes,
		ErrorLog:          log.New(stderr, "breakeven serve: ", 0),
	}
	fmt.Fprintf(stdout, "serving the calculator at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "breakeven serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	atStop := ws.inFlight.Load()
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if err != nil {
		cut := ws.inFlight.Load()
		_ = srv.Close()
		fmt.Fprintf(stdout, "stopped: %d of %d responses in flight were cut after %v\n", cut, atStop, cfg.ShutdownTimeout)
	} else if atStop == 1 {
		fmt.Fprintln(stdout, "stopped: drained the 1 response in flight")
	} else if atStop > 1 {
		fmt.Fprintf(stdout, "stopped: drained the %d responses in flight\n", atStop)
	} else {
		fmt.Fprintln(stdout, "stopped: nothing was in flight")
	}
	<-done
	return 0
}

// wasmCache is how long a browser may keep the module without asking
// again: a year, and never revalidated, since its name changes with its
// content.
const wasmCache = "public, max-age=31536000, immutable"

// webFile is one form of one file of the page, read once at start.
type webFile struct {
	name        string // in webRoot
	contentType string
	encoding    string // Content-Encoding: "", "gzip" or "br"
	etag        string // strong: a hash of these bytes
	data        []byte
}

// webEntry is what one URL path serves: the file, and for the module its
// precompressed forms.
type webEntry struct {
	plain   webFile
	br, gz  *webFile // nil where there is none
	cache   string   // Cache-Control
	varying bool     // the body depends on Accept-Encoding
}

// webPage is the page's files as served: the module under a name that
// carries its hash (calc.<hash>.wasm), index.html pointing at that name,
// with the calculator's menus written in, the toolchain's wasm_exec.js
// that goes with the module, and the rest as embedded. "/" and "/index.html" are both the page, so
// links written either way keep working; nothing else is served, not
// "/index.html/" (whose relative assets would break) nor any directory.
type webPage struct {
	wasmName string // "calc.0123456789abcdef.wasm"
	paths    map[string]*webEntry
	// template is index.html with the module's name and the menus
	// written in, before any state is drawn into it.
	template []byte
}

// wasmRef is how index.html names the module; the page served and
// exported names it by its hashed name instead.
const wasmRef = `href="calc.wasm"`

// catalogRef is where index.html takes the calculator's menus
// (calculator.CatalogJSON), written in by the server so the page can fill
// them while the module loads. The JSON escapes <, > and &, so it cannot
// close the element.
const catalogRef = `<script type="application/json" id="catalog"></script>`

// newWebPage is the page around a build of the module: the embedded
// files, hashed, with the module's name and the menus filled in, the
// page's default state drawn into its HTML, and the HTML, script and
// style compressed once (gzip and brotli) like the module.
func newWebPage(mod *wasmbuild.Module) *webPage {
	root := webRoot()
	read := func(name string) webFile {
		b, err := fs.ReadFile(root, name)
		if err != nil {
			panic(err) // every name is embedded above
		}
		return newWebFile(name, "", b)
	}
	wasm := newWebFile("calc.wasm", "", mod.Wasm)
	sum := sha256.Sum256(wasm.data)
	wp := &webPage{wasmName: "calc." + hex.EncodeToString(sum[:8]) + ".wasm", paths: map[string]*webEntry{}}
	index := read("index.html")
	if bytes.Count(index.data, []byte(wasmRef)) != 1 {
		panic("web/index.html must name the module once, as " + wasmRef)
	}
	if bytes.Count(index.data, []byte(catalogRef)) != 1 {
		panic("web/index.html must hold the catalog's place once, as " + catalogRef)
	}
	b := bytes.Replace(index.data, []byte(wasmRef), []byte(`href="`+wp.wasmName+`"`), 1)
	b = bytes.Replace(b, []byte(catalogRef), []byte(strings.Replace(catalogRef, "><", ">"+string(calculator.CatalogJSON())+"<", 1)), 1)
	wp.template = b
	page := compressedEntry(newWebFile("index.html", "", renderPage(b, nil)), "no-cache")
	wp.paths["/"], wp.paths["/index.html"] = page, page
	// The names below carry no version, so a browser revalidates each
	// time; the ETag makes that a 304 without a body.
	for _, name := range []string{"app.js", "style.css"} {
		wp.paths["/"+name] = compressedEntry(read(name), "no-cache")
	}
	wp.paths["/wasm_exec.js"] = compressedEntry(newWebFile("wasm_exec.js", "", mod.WasmExec), "no-cache")
	br, gz := newWebFile("calc.wasm.br", "br", mod.Brotli), newWebFile("calc.wasm.gz", "gzip", mod.Gzip)
	br.contentType, gz.contentType = wasm.contentType, wasm.contentType
	wp.paths["/"+wp.wasmName] = &webEntry{plain: wasm, br: &br, gz: &gz, cache: wasmCache, varying: true}
	return wp
}

// compressedEntry serves f plain, gzip or brotli, compressed once here.
func compressedEntry(f webFile, cache string) *webEntry {
	e := &webEntry{plain: f, cache: cache, varying: true}
	if b, err := precompress.Brotli(f.data); err == nil {
		br := newWebFile(f.name+".br", "br", b)
		br.contentType = f.contentType
		e.br = &br
	}
	if b, err := precompress.Gzip(f.data); err == nil {
		gz := newWebFile(f.name+".gz", "gzip", b)
		gz.contentType = f.contentType
		e.gz = &gz
	}
	return e
}

// queryEntry is the page drawn for a URL query (a shared link), gzip
// compressed as it goes out: brotli at its best is too slow per request.
func (wp *webPage) queryEntry(q url.Values) *webEntry {
	f := newWebFile("index.html", "", renderPage(wp.template, q))
	e := &webEntry{plain: f, cache: "no-cache", varying: true}
	if b, err := precompress.Gzip(f.data); err == nil {
		gz := newWebFile("index.html.gz", "gzip", b)
		gz.contentType = f.contentType
		e.gz = &gz
	}
	return e
}

func newWebFile(name, encoding string, b []byte) webFile {
	h := sha256.Sum256(b)
	return webFile{name: name, contentType: contentType(name), encoding: encoding,
		etag: `"` + hex.EncodeToString(h[:16]) + `"`, data: b}
}

// pick is the form of the entry to send for an Accept-Encoding header:
// brotli if the client takes it, else gzip, else the plain bytes.
func (e *webEntry) pick(acceptEncoding string) *webFile {
	q := acceptedCodings(acceptEncoding)
	switch {
	case e.br != nil && q("br") > 0:
		return e.br
	case e.gz != nil && q("gzip") > 0:
		return e.gz
	}
	return &e.plain
}

// acceptedCodings parses an Accept-Encoding header (RFC 9110, 12.5.3) and
// returns the weight it gives a content coding: its own q-value, else
// that of "*", else 0.
func acceptedCodings(header string) func(coding string) float64 {
	weights := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		w := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0 // a malformed weight accepts nothing
			}
			w = f
		}
		weights[coding] = w
	}
	return func(coding string) float64 {
		if w, ok := weights[coding]; ok {
			return w
		}
		return weights["*"]
	}
}

// webServer serves the page's files from memory through
// http.ServeContent, which gives Content-Length, Range and conditional
// requests on the ETag.
type webServer struct {
	page     *webPage
	cfg      serveConfig
	inFlight atomic.Int64
}

func newWebServer(page *webPage, cfg serveConfig) *webServer {
	return &webServer{page: page, cfg: cfg}
}

// webCSP lets the page load only its own files (WebAssembly compilation
// needs 'wasm-unsafe-eval'), submit its form only to itself (the page
// without JavaScript) and be framed by no one.
const webCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func (ws *webServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ws.inFlight.Add(1)
	defer ws.inFlight.Add(-1)
	h := w.Header()
	h.Set("Content-Security-Policy", webCSP)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	e, ok := ws.page.paths[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if (r.URL.Path == "/" || r.URL.Path == "/index.html") && r.URL.RawQuery != "" {
		e = ws.page.queryEntry(r.URL.Query()) // a shared link: its state drawn
	}
	wf := e.pick(r.Header.Get("Accept-Encoding"))
	if ws.cfg.MinWriteRate > 0 {
		// Time for this file on the slowest link given time for; an
		// error means the connection cannot take a deadline, and the
		// server's WriteTimeout stands.
		extra := time.Duration(int64(len(wf.data)) * int64(time.Second) / ws.cfg.MinWriteRate)
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(ws.cfg.WriteTimeout + extra))
	}
	h.Set("Content-Type", wf.contentType)
	h.Set("ETag", wf.etag)
	h.Set("Cache-Control", e.cache)
	if e.varying {
		h.Set("Vary", "Accept-Encoding")
	}
	if wf.encoding != "" {
		// Set as the status goes out: ServeContent leaves out
		// Content-Length when it sees a Content-Encoding.
		w = encodedWriter{w, wf.encoding}
	}
	http.ServeContent(w, r, wf.name, time.Time{}, bytes.NewReader(wf.data))
}

// encodedWriter adds Content-Encoding to a 200 or 206 response as its
// status is written.
type encodedWriter struct {
	http.ResponseWriter
	encoding string
}

func (w encodedWriter) WriteHeader(code int) {
	if code == http.StatusOK || code == http.StatusPartialContent {
		w.Header().Set("Content-Encoding", w.encoding)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w encodedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// contentType is the type of one of the page's files, by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// exportWeb writes the page's files to dir as served, the module under
// its hashed name with its .gz and .br forms beside it (for hosts that
// send precompressed files), and returns how many it wrote.
func exportWeb(dir string, wp *webPage) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	files := map[string][]byte{}
	for p, e := range wp.paths {
		if p == "/" {
			continue
		}
		name := strings.TrimPrefix(p, "/")
		files[name] = e.plain.data
		if e.gz != nil {
			files[name+".gz"] = e.gz.data
		}
		if e.br != nil {
			files[name+".br"] = e.br.data
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for i, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return i, err
		}
	}
	return len(names), nil
}

// exportReason says why dir cannot take the page, in a few words.
func exportReason(dir string, err error) string {
	if fi, serr := os.Stat(dir); serr == nil && !fi.IsDir() {
		return "it is a file, not a directory"
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	what := "cannot write"
	if pe.Op == "mkdir" {
		what = "cannot create the directory"
	}
	if filepath.Clean(pe.Path) == filepath.Clean(dir) {
		return fmt.Sprintf("%s: %v", what, pe.Err)
	}
	return fmt.Sprintf("%s %s: %v", what, pe.Path, pe.Err)
}
