package main

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
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

--export writes the page's files to DIR for any static host instead of
serving them (serve .wasm files as application/wasm).

Examples:
  breakeven serve
  breakeven serve --addr 0.0.0.0:9000
  breakeven serve --export /tmp/kv-web
`

func init() {
	register(command{"serve", "serve the web calculator, or export it as static files", serveUsage, runServe})
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "`HOST:PORT` to listen on")
	export := fs.String("export", "", "write the page's files to `DIR` and exit")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if *export != "" {
		n, err := exportWeb(*export)
		if err != nil {
			fmt.Fprintf(stderr, "breakeven serve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %d files to %s\n", n, *export)
		return 0
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "breakeven serve: --addr %q: %v (e.g. --addr 127.0.0.1:8080)\n", *addr, err)
		return 2
	}
	fmt.Fprintf(stdout, "serving the calculator at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := http.Serve(ln, webHandler()); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "breakeven serve: %v\n", err)
		return 1
	}
	return 0
}

// webHandler serves the page: index.html for "/", each embedded file by
// its name with its content type, and 404 for anything else, directories
// included, so nothing is ever listed.
func webHandler() http.Handler {
	root := webRoot()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		b, err := fs.ReadFile(root, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", contentType(name))
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", webCSP)
		w.Header().Set("Cache-Control", "no-cache")
		if r.Method == http.MethodHead {
			w.Header().Set("Content-Length", fmt.Sprint(len(b)))
			return
		}
		_, _ = w.Write(b)
	})
}

// webCSP lets the page load only its own files; WebAssembly compilation
// needs 'wasm-unsafe-eval'.
const webCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'"

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
	n := 0
	err := fs.WalkDir(webRoot(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(webRoot(), p)
		if err != nil {
			return err
		}
		n++
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(p)), b, 0o644)
	})
	return n, err
}
