package main

import (
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
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"time"
)

//go:generate env GOOS=js GOARCH=wasm GOFLAGS=-buildvcs=false go build -trimpath "-ldflags=-s -w" -o web/calc.wasm ../breakeven-wasm

// webFiles is the page: the HTML, script and style, Go's wasm_exec.js
// (copied from $GOROOT/lib/wasm) and calc.wasm, the calculator built for
// the browser from ./cmd/breakeven-wasm. TestWasmUpToDate fails when
// calc.wasm is not what the code builds; go generate (or that test with
// -update) rebuilds it.
//
//go:embed web/index.html web/app.js web/style.css web/wasm_exec.js web/calc.wasm
var webFiles embed.FS

// webRoot is the page's files at the root of a file system.
func webRoot() fs.FS {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // web/ is embedded above
	}
	return sub
}

const serveUsage = `Usage: breakeven serve [--addr HOST:PORT]
       breakeven serve --export DIR

Serves the web calculator: the tier map and the calculator of the post's
interactive, computed in the browser by this project's own Go code built
to WebAssembly, so the page and "breakeven calc" cannot disagree. The page
fetches nothing but its own files; its inputs live in the URL, so a result
can be shared as a link.

It listens on 127.0.0.1 (this machine only) unless --addr says otherwise.
Binding a wider address such as 0.0.0.0:8080 lets anyone who can reach
this machine on the network open the page: there is no authentication.
Ctrl-C (SIGINT) or SIGTERM stops it after the responses in flight finish
(at most 30s; a second Ctrl-C stops it at once).

--export writes the page's files to DIR for any static host instead of
serving them (serve .wasm files as application/wasm).

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
// for calc.wasm, the one large file (4.5 MB): 10s plus its size at
// 16 KiB/s (131 kbit/s, a poor mobile link) is about 285s, so a slow
// reader still gets the module whole, while a client that stops reading
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

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (0.0.0.0 opens it to the network, without authentication)")
	export := fs.String("export", "", "write the page's files to `DIR` and exit")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if *export != "" {
		n, err := exportWeb(*export)
		if err != nil {
			fmt.Fprintf(stderr, "breakeven serve: --export %q: %s (e.g. --export /tmp/kv-web)\n", *export, exportReason(*export, err))
			return 2
		}
		fmt.Fprintf(stdout, "wrote %d files to %s\n", n, *export)
		return 0
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "breakeven serve: --addr %q: %v (e.g. --addr 127.0.0.1:8080)\n", *addr, err)
		return 2
	}
	// Notify also undoes an ignored SIGINT, as a background start from a
	// shell without job control leaves it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second signal now stops the process at once
	}()
	return serveOn(ctx, ln, defaultServeConfig(), stdout, stderr)
}

// serveOn serves the page on ln until ctx is done, then stops accepting,
// lets the responses in flight finish (up to cfg.ShutdownTimeout) and
// prints one line saying how it stopped. It returns the exit status: 0
// after a stop, 1 if serving failed.
func serveOn(ctx context.Context, ln net.Listener, cfg serveConfig, stdout, stderr io.Writer) int {
	return newWebServer(cfg).serve(ctx, ln, stdout, stderr)
}

// serve is serveOn with this server's configuration.
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

// webFile is one file of the page, with what is computed once at start.
type webFile struct {
	name        string // in webRoot
	contentType string
	etag        string // strong: a hash of the content
	size        int64
}

// webPaths maps each URL path served to its file. "/" and "/index.html"
// are both the page, so links written either way keep working; nothing
// else is served, not "/index.html/" (whose relative assets would break)
// nor any directory.
var webPaths = map[string]string{
	"/":             "index.html",
	"/index.html":   "index.html",
	"/app.js":       "app.js",
	"/style.css":    "style.css",
	"/wasm_exec.js": "wasm_exec.js",
	"/calc.wasm":    "calc.wasm",
}

// webServer serves the page's embedded files without copying them: each
// response reads the embedded bytes through http.ServeContent, which
// gives Content-Length, Range and conditional requests on the ETag.
type webServer struct {
	root     fs.FS
	files    map[string]webFile // by URL path
	cfg      serveConfig
	inFlight atomic.Int64
}

func newWebServer(cfg serveConfig) *webServer {
	ws := &webServer{root: webRoot(), files: map[string]webFile{}, cfg: cfg}
	for p, name := range webPaths {
		f, err := ws.root.Open(name)
		if err != nil {
			panic(err) // every name is embedded above
		}
		h := sha256.New()
		size, err := io.Copy(h, f)
		f.Close()
		if err != nil {
			panic(err)
		}
		ws.files[p] = webFile{
			name:        name,
			contentType: contentType(name),
			etag:        `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`,
			size:        size,
		}
	}
	return ws
}

// webHandler serves the page with the default configuration's per-file
// write deadlines.
func webHandler() http.Handler { return newWebServer(defaultServeConfig()) }

// webCSP lets the page load only its own files (WebAssembly compilation
// needs 'wasm-unsafe-eval') and be framed by no one.
const webCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func (ws *webServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ws.inFlight.Add(1)
	defer ws.inFlight.Add(-1)
	h := w.Header()
	h.Set("Content-Security-Policy", webCSP)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	wf, ok := ws.files[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	f, err := ws.root.Open(wf.name)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker) // embedded files are
	if !ok {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if ws.cfg.MinWriteRate > 0 {
		// Time for this file on the slowest link given time for; an
		// error means the connection cannot take a deadline, and the
		// server's WriteTimeout stands.
		extra := time.Duration(wf.size * int64(time.Second) / ws.cfg.MinWriteRate)
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(ws.cfg.WriteTimeout + extra))
	}
	h.Set("Content-Type", wf.contentType)
	h.Set("ETag", wf.etag)
	// The names carry no version, so a browser revalidates each time;
	// the ETag makes that a 304 without a body.
	h.Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, wf.name, time.Time{}, rs)
}

// contentType is the type of an embedded file, by its extension.
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

// exportWeb writes the page's files to dir and returns how many it wrote.
func exportWeb(dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	root := webRoot()
	n := 0
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		n++
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(p)), b, 0o644)
	})
	return n, err
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
