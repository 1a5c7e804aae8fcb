package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hangGuard bounds every wait in these tests. It is a deadline against a
// test that would otherwise hang, never a claim about speed: each wait
// ends far sooner when the server works.
const hangGuard = 2 * time.Minute

// syncBuffer is a buffer the server's goroutine writes while the test
// reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// smallSendBuffers gives each accepted connection a small kernel send
// buffer, so a 4.5 MB response cannot sit whole in the kernel: it stays in
// the handler, in flight, until the client reads it.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}

// running is a serve started by a test on 127.0.0.1.
type running struct {
	t      testing.TB
	ws     *webServer
	addr   string
	cancel context.CancelFunc
	done   chan int
	out    *syncBuffer
	errOut *syncBuffer
}

// startServe runs serve on 127.0.0.1:0 with cfg, with small kernel send
// buffers, until the test stops it or ends.
func startServe(t testing.TB, cfg serveConfig) *running {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	return startServeOn(t, cfg, smallSendBuffers{ln})
}

// startServeOn runs serve on ln with cfg until the test stops it or ends.
func startServeOn(t testing.TB, cfg serveConfig, ln net.Listener) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{t: t, ws: newWebServer(fixturePage(), cfg), addr: ln.Addr().String(), cancel: cancel,
		done: make(chan int, 1), out: &syncBuffer{}, errOut: &syncBuffer{}}
	go func() { r.done <- r.ws.serve(ctx, ln, r.out, r.errOut) }()
	t.Cleanup(func() { r.stop() })
	return r
}

// stop signals serve as Ctrl-C would and returns its exit status once it
// has stopped.
func (r *running) stop() int {
	r.t.Helper()
	r.cancel()
	select {
	case code := <-r.done:
		r.done <- code // for a second stop
		return code
	case <-time.After(hangGuard):
		r.t.Fatalf("serve did not stop within %v", hangGuard)
		return -1
	}
}

func (r *running) url(path string) string { return "http://" + r.addr + path }

// testServeConfig is serve's configuration with a stop that waits long
// enough for any test download.
func testServeConfig() serveConfig {
	cfg := defaultServeConfig()
	cfg.ShutdownTimeout = hangGuard
	return cfg
}

// slowClient reads through small kernel receive buffers, so what the
// server sends waits on the client.
func slowClient(maxConns int) *http.Client {
	d := &net.Dialer{}
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if tc, ok := c.(*net.TCPConn); ok {
				_ = tc.SetReadBuffer(16 << 10)
			}
			return c, err
		},
		MaxIdleConnsPerHost: maxConns,
		DisableCompression:  true,
	}}
}

// waitFor polls cond until it holds, failing after hangGuard.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(hangGuard)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s after %v", what, hangGuard)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A stop lets a download in flight finish whole, refuses new connections
// meanwhile, says it drained the download and exits 0.
func TestServeStopDrains(t *testing.T) {
	r := startServe(t, testServeConfig())
	wasm := pageFile(t, "calc.wasm")
	resp, err := slowClient(1).Get(r.url(wasmURL))
	require.NoError(t, err)
	defer resp.Body.Close()
	got := make([]byte, 64<<10)
	_, err = io.ReadFull(resp.Body, got)
	require.NoError(t, err)
	require.EqualValues(t, 1, r.ws.inFlight.Load(), "the download is in flight")

	r.cancel() // as SIGINT does
	waitFor(t, "serve to stop accepting", func() bool {
		c, err := net.Dial("tcp", r.addr)
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	// The rest, read slowly, after the stop.
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		got = append(got, buf[:n]...)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, len(wasm), len(got))
	assert.True(t, bytes.Equal(wasm, got), "the download is whole")
	assert.Equal(t, 0, r.stop())
	assert.Contains(t, r.out.String(), "stopped: drained the 1 response in flight\n")
	assert.Empty(t, r.errOut.String())
}

// A client that stops reading does not hold a stop past its timeout: the
// response is cut, and serve says so.
func TestServeStopCutsAfterTimeout(t *testing.T) {
	cfg := testServeConfig()
	cfg.ShutdownTimeout = 200 * time.Millisecond
	r := startServe(t, cfg)
	resp, err := slowClient(1).Get(r.url(wasmURL))
	require.NoError(t, err)
	defer resp.Body.Close()
	_, err = io.ReadFull(resp.Body, make([]byte, 64<<10))
	require.NoError(t, err)
	assert.Equal(t, 0, r.stop(), "the client never reads again")
	assert.Contains(t, r.out.String(), "stopped: 1 of 1 responses in flight were cut after 200ms\n")
	n, _ := io.Copy(io.Discard, resp.Body)
	assert.Less(t, int(n)+64<<10, len(pageFile(t, "calc.wasm")), "the download was cut")
}

// Request headers are capped: a client cannot make the server hold a
// megabyte of them.
func TestServeHeaderLimit(t *testing.T) {
	r := startServe(t, testServeConfig())
	req, err := http.NewRequest(http.MethodGet, r.url("/app.js"), nil)
	require.NoError(t, err)
	req.Header.Set("X-Big", strings.Repeat("x", 64<<10))
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, resp.StatusCode)
	req.Header.Set("X-Big", strings.Repeat("x", 4<<10))
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "ordinary headers pass")
}

// serve stops on SIGINT and SIGTERM, also when started with SIGINT
// ignored, as a shell without job control starts a background job. The
// command runs as a process of its own: the test binary, as testscript
// puts it on $PATH as breakeven.
func TestServeSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("runs serve as a process")
	}
	realModule(t) // cached before the processes start, so they build nothing
	for _, tc := range []struct {
		name   string
		shell  string
		signal os.Signal
	}{
		{"SIGINT", `exec breakeven serve --addr 127.0.0.1:0`, os.Interrupt},
		{"SIGTERM", `exec breakeven serve --addr 127.0.0.1:0`, syscall.SIGTERM},
		{"SIGINT when started ignoring it", `trap '' INT; exec breakeven serve --addr 127.0.0.1:0`, os.Interrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
			defer cancel()
			cmd := exec.CommandContext(ctx, "sh", "-c", tc.shell)
			stdout, err := cmd.StdoutPipe()
			require.NoError(t, err)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			lines := bufio.NewScanner(stdout)
			require.True(t, lines.Scan(), "serve prints where it listens: %s", stderr.String())
			first := lines.Text()
			url, ok := strings.CutPrefix(first, "serving the calculator at ")
			require.True(t, ok, first)
			url = strings.Fields(url)[0]
			resp, err := http.Get(url + "app.js")
			require.NoError(t, err)
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			assert.Equal(t, http.StatusOK, resp.StatusCode)

			require.NoError(t, cmd.Process.Signal(tc.signal))
			var rest []string
			for lines.Scan() {
				rest = append(rest, lines.Text())
			}
			require.NoError(t, cmd.Wait(), "exit 0; stderr: %s", stderr.String())
			// The GET above may still be finishing in the server when
			// the signal lands.
			require.Len(t, rest, 1)
			assert.Regexp(t, `^stopped: (nothing was in flight|drained the 1 response in flight)$`, rest[0])
			assert.Empty(t, stderr.String())
		})
	}
}

// The server under load, checked for correctness and memory, never for
// time (BenchmarkServe measures the rates): many requests, many
// concurrent downloads of the module, and connections that never finish
// their request.
func TestServeLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000 requests and 200 downloads of calc.wasm")
	}
	sums := map[string][32]byte{}
	for path := range webPageFiles {
		sums[path] = sha256.Sum256(servedBody(t, path))
	}
	paths := []string{"/", "/index.html", "/app.js", "/style.css", "/wasm_exec.js"}

	// fetch GETs path and checks it is 200 with the file's bytes.
	fetch := func(c *http.Client, url, path string) error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		h := sha256.New()
		if _, err := io.Copy(h, resp.Body); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: %s", path, resp.Status)
		}
		if [32]byte(h.Sum(nil)) != sums[path] {
			return fmt.Errorf("%s: wrong bytes", path)
		}
		return nil
	}

	t.Run("2000 requests, 50 at a time", func(t *testing.T) {
		r := startServe(t, testServeConfig())
		c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 50, DisableCompression: true}}
		const n, conc = 2000, 50
		errs := make(chan error, n)
		next := make(chan int)
		var wg sync.WaitGroup
		for range conc {
			wg.Go(func() {
				for i := range next {
					// Every 20th is the module, so 100 of the 2,000
					// move 4.5 MB each; the next test loads the module.
					p := paths[i%5]
					if i%20 == 19 {
						p = wasmURL
					}
					errs <- fetch(c, r.url(p), p)
				}
			})
		}
		for i := range n {
			next <- i
		}
		close(next)
		wg.Wait()
		close(errs)
		ok := 0
		for err := range errs {
			if assert.NoError(t, err) {
				ok++
			}
		}
		assert.Equal(t, n, ok, "all 200 with the right bytes")
		assert.Equal(t, 0, r.stop())
	})

	t.Run("200 downloads of calc.wasm at once", func(t *testing.T) {
		r := startServe(t, testServeConfig())
		const n = 200
		c := slowClient(n)
		heap := func() uint64 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		before := heap()
		started := make(chan error, n)
		release := make(chan struct{})
		errs := make(chan error, n)
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				resp, err := c.Get(r.url(wasmURL))
				if err != nil {
					started <- err
					errs <- err
					return
				}
				defer resp.Body.Close()
				h := sha256.New()
				_, err = io.CopyN(h, resp.Body, 64<<10)
				started <- err
				<-release
				if err == nil {
					_, err = io.Copy(h, resp.Body)
				}
				if err == nil && [32]byte(h.Sum(nil)) != sums[wasmURL] {
					err = errors.New("wrong bytes")
				}
				errs <- err
			})
		}
		for range n {
			require.NoError(t, <-started)
		}
		// Every response is under way and none can be done: 4.5 MB does
		// not fit in the sockets' buffers.
		inFlight := r.ws.inFlight.Load()
		during := heap()
		close(release)
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
		after := heap()
		growth := func(h uint64) float64 { return (float64(h) - float64(before)) / 1e6 }
		t.Logf("heap after GC: %.1f MB before, %.1f MB with %d downloads in flight (%+.1f MB), %.1f MB after (%+.1f MB)",
			float64(before)/1e6, float64(during)/1e6, inFlight, growth(during), float64(after)/1e6, growth(after))
		assert.EqualValues(t, n, inFlight, "all downloads in flight at once")
		assert.Less(t, growth(during), 50.0, "MB of heap with %d downloads in flight", n)
		assert.Less(t, growth(after), 50.0, "MB of heap after %d downloads", n)
		assert.Equal(t, 0, r.stop())
	})

	t.Run("half-open connections are dropped", func(t *testing.T) {
		cfg := testServeConfig()
		cfg.ReadHeaderTimeout = 200 * time.Millisecond
		cfg.ReadTimeout = 400 * time.Millisecond
		r := startServe(t, cfg)
		partial := []string{"", "GET /calc.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n", "GET /calc.wa", "G"}
		const n = 100
		conns := make([]net.Conn, n)
		for i := range conns {
			c, err := net.Dial("tcp", r.addr)
			require.NoError(t, err)
			defer c.Close()
			_, err = io.WriteString(c, partial[i%len(partial)])
			require.NoError(t, err)
			conns[i] = c
		}
		for i, c := range conns {
			require.NoError(t, c.SetReadDeadline(time.Now().Add(hangGuard)))
			b, err := io.ReadAll(c) // returns when the server closes it
			var ne net.Error
			require.False(t, errors.As(err, &ne) && ne.Timeout(), "conn %d (%q) still open after %v", i, partial[i%len(partial)], hangGuard)
			// Go's server answers some unfinished requests with a 400
			// before it closes; the point is that it closes.
			if len(b) > 0 {
				assert.True(t, strings.HasPrefix(string(b), "HTTP/1.1 400 Bad Request\r\n"), "conn %d (%q): %q", i, partial[i%len(partial)], b)
				assert.Contains(t, string(b), "Connection: close\r\n")
			}
		}
		// The server still serves.
		assert.NoError(t, fetch(http.DefaultClient, r.url("/app.js"), "/app.js"))
		assert.Equal(t, 0, r.stop())
	})
}

// BenchmarkServe measures the request rate over loopback: a small file
// (app.js) and the module (calc.wasm), with as many concurrent clients as
// GOMAXPROCS (-cpu changes it), through the kernel's usual socket
// buffers. Run it with
//
//	go test ./cmd/breakeven -run '^$' -bench Serve
func BenchmarkServe(b *testing.B) {
	for _, path := range []string{"/app.js", wasmURL} {
		b.Run(strings.TrimPrefix(path, "/"), func(b *testing.B) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			r := startServeOn(b, testServeConfig(), ln)
			c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}}
			url := r.url(path)
			size := len(servedBody(b, path))
			b.SetBytes(int64(size))
			b.ReportAllocs()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					resp, err := c.Get(url)
					if err != nil {
						b.Error(err)
						return
					}
					n, err := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err != nil || n != int64(size) || resp.StatusCode != http.StatusOK {
						b.Errorf("%s: %d bytes, %v, %s", path, n, err, resp.Status)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
	}
}
