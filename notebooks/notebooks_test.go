package notebooks

// The notebook test executes every notebook in this folder headless with
// nbconvert and the GoNB kernel, fails with the failing cell's source and
// error when a cell errors, and fails when the executed notebook differs
// from the committed one. "go test ./notebooks -update" writes the
// executed notebooks back, which is how their outputs are committed.
//
// It needs Debian's jupyter-nbconvert and jupyter-client. GoNB and
// goimports are built from the versions pinned as tools in go.mod, and
// the kernel is installed into a temporary Jupyter data folder, so
// nothing outside the test's temp dir changes. Without Jupyter the test
// skips, with the install command; with CI set it fails instead.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/measure"
)

var update = flag.Bool("update", false, "write the executed notebooks back into notebooks/")

const installHint = "apt-get update && apt-get install -y --no-install-recommends jupyter-nbconvert jupyter-client"

// findJupyter returns a jupyter that has nbconvert. Debian's lives in
// /usr/bin and runs Debian's python3, whatever python is first on PATH.
func findJupyter() (string, error) {
	var candidates []string
	if p, err := exec.LookPath("jupyter"); err == nil {
		candidates = append(candidates, p)
	}
	candidates = append(candidates, "/usr/bin/jupyter")
	for _, c := range candidates {
		if err := exec.Command(c, "nbconvert", "--version").Run(); err == nil {
			return c, nil
		}
	}
	return "", fmt.Errorf("no jupyter with nbconvert (tried %v)", candidates)
}

// jupyterKernel is how the test runs nbconvert with GoNB: the
// environment, and a folder for the kernels' sockets.
type jupyterKernel struct {
	env     []string
	sockets string
}

// flags are nbconvert's flags for a kernel of its own, named name among
// those of this test that run at the same time. The kernel talks to
// nbconvert over Unix sockets at a path of its own, not over TCP ports:
// jupyter_client picks a port by binding to port 0 and letting it go,
// and between that and the kernel's bind another nbconvert's kernel, or
// any connection the other packages' tests open meanwhile, may take it;
// the kernel then dies before it answers. (CI saw one batch's kernels
// die so, before answering; its log kept only Python's side, so the
// port race is the likely cause, not a read one: a failed batch now
// shows the kernel's own error lines.)
// Without a path, jupyter_client names the sockets kernel-ipc-N in the
// working folder, which every batch shares.
func (k jupyterKernel) flags(name string) []string {
	return []string{"--KernelManager.transport=ipc", "--KernelManager.ip=" + filepath.Join(k.sockets, name)}
}

// kernel builds GoNB and goimports from go.mod's tools and installs the
// kernel into a temporary Jupyter data folder.
func kernel(t *testing.T) jupyterKernel {
	t.Helper()
	dir := t.TempDir()
	// A socket's path has at most 107 bytes: the folder is made in the
	// system's temp dir, not in the test's deeper one.
	sockets, err := os.MkdirTemp("", "nb")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sockets) })
	bin := filepath.Join(dir, "bin")
	// The reader's own KV_ inputs would change notebook 10's outputs: the
	// committed ones are for the defaults.
	var base []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "KV_") {
			base = append(base, kv)
		}
	}
	env := append(base,
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"JUPYTER_DATA_DIR="+filepath.Join(dir, "jupyter"),
		"KV_HEADLESS=1",
		// Every cell is a go build and link of a short-lived program, as
		// is the fit of notebook 11 when no fit is kept: collecting
		// garbage a quarter as often spends about a tenth less CPU.
		"GOGC=400",
	)
	// The tools, and what every notebook imports compiled once into the
	// build cache GoNB's builds share, side by side. (Each notebook's
	// first cell sets its own build flags: %goflags -ldflags=-w.)
	builds := []*exec.Cmd{
		exec.Command("go", "build", "-o", bin+string(os.PathSeparator), "github.com/janpfeifer/gonb", "golang.org/x/tools/cmd/goimports"),
		exec.Command("go", "build", "../notebooks/show/...", "../figures", "../measure", "../breakeven/...", "../sources/..."),
	}
	outs := make([][]byte, len(builds))
	errs := make([]error, len(builds))
	var wg sync.WaitGroup
	for i, cmd := range builds {
		cmd.Env = env
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s: %v\n%s", builds[i], err, outs[i])
		}
	}
	cmd := exec.Command(filepath.Join(bin, "gonb"), "--install", "--raw_error", "--force_deps")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("installing the GoNB kernel: %v\n%s", err, out)
	}
	return jupyterKernel{env: env, sockets: sockets}
}

// needJupyter finds Debian's Jupyter: the test skips without it, except in
// CI, where it fails.
func needJupyter(t *testing.T) string {
	t.Helper()
	jupyter, err := findJupyter()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%v; install with: %s", err, installHint)
		}
		t.Skipf("%v; install with: %s", err, installHint)
	}
	return jupyter
}

func TestNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("notebooks are not executed with -short")
	}
	nbs, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	// KV_NOTEBOOKS=02,10 executes only the notebooks whose names start so.
	if only := os.Getenv("KV_NOTEBOOKS"); only != "" {
		var some []string
		for _, nb := range nbs {
			for _, p := range strings.Split(only, ",") {
				if p = strings.TrimSpace(p); p != "" && strings.HasPrefix(nb, p) {
					some = append(some, nb)
					break
				}
			}
		}
		nbs = some
	}
	if len(nbs) == 0 {
		t.Skip("no notebooks in notebooks/")
	}
	sort.Strings(nbs)
	jupyter := needJupyter(t)
	k := kernel(t)
	out := t.TempDir()

	// The notebooks are independent, so they run side by side: two
	// nbconverts a CPU, each executing a batch of notebooks in turn (one
	// Python start a batch, not one a notebook), the batches balanced by
	// their code cells, longest notebook first, since every cell is a Go
	// build. Two a CPU, because a notebook's cells run one after another
	// and much of a cell runs on one core (the link, the prefill fit
	// notebook 11 makes): with one batch a CPU, the batch holding that fit
	// finished a third later than the other on prefill3's fit (25 s of
	// CPU); with two, the wall time fell from 96 to 76 s for 8% more CPU.
	// Each batch's time and CPU and the totals are logged, as measurements.
	batches := balance(t, nbs, max(1, 2*runtime.NumCPU()))
	logs := make([][]byte, len(batches))
	errs := make([]error, len(batches))
	cpu := make([]time.Duration, len(batches))
	start := time.Now()
	var wg sync.WaitGroup
	for i, batch := range batches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			began := time.Now()
			args := append([]string{"nbconvert", "--to", "notebook", "--execute", "--allow-errors",
				"--output-dir", out,
				"--ExecutePreprocessor.timeout=300",
				"--ClearMetadataPreprocessor.enabled=True",
				"--ClearMetadataPreprocessor.preserve_nb_metadata_mask=kernelspec"}, k.flags(fmt.Sprintf("batch%d", i+1))...)
			args = append(args, batch...)
			cmd := exec.Command(jupyter, args...)
			cmd.Env = k.env
			logs[i], errs[i] = cmd.CombinedOutput()
			if cmd.ProcessState != nil {
				// Of nbconvert and what it waited for: the kernel, its
				// builds and the cells' programs.
				cpu[i] = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			t.Logf("batch %d (%s) executed in %.1f s, %.1f s of CPU", i+1, strings.Join(batch, ", "), time.Since(began).Seconds(), cpu[i].Seconds())
		}()
	}
	wg.Wait()
	var total time.Duration
	for _, c := range cpu {
		total += c
	}
	t.Logf("all %d notebooks executed in %.1f s, %d at a time, %.1f s of CPU", len(nbs), time.Since(start).Seconds(), len(batches), total.Seconds())
	failed := map[string]string{}
	for i, batch := range batches {
		if errs[i] != nil {
			for _, nb := range batch {
				failed[nb] = fmt.Sprintf("nbconvert failed: %v\n%s%s", errs[i], kernelLog(string(logs[i])), tail(string(logs[i]), 40))
			}
		}
	}

	for _, nb := range nbs {
		t.Run(strings.TrimSuffix(nb, ".ipynb"), func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(out, nb))
			if err != nil {
				t.Fatalf("%s\n%v", failed[nb], err)
			}
			for _, e := range cellErrors(t, got) {
				t.Error(e)
			}
			if t.Failed() {
				return
			}
			if *update {
				if err := os.WriteFile(nb, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(nb)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("executing %s changed it: the committed outputs are stale or not byte-stable.\n"+
					"Re-run with: go test ./notebooks -run TestNotebooks -update\nfirst difference:\n%s", nb, firstDiff(want, got))
			}
		})
	}
}

// balance splits the notebooks into at most n batches of about the same
// number of code cells: each notebook, most cells first, goes to the
// batch with the fewest so far. A batch keeps its notebooks in that
// order, longest first.
func balance(t *testing.T, nbs []string, n int) [][]string {
	cells := map[string]int{}
	for _, nb := range nbs {
		data, err := os.ReadFile(nb)
		if err != nil {
			t.Fatal(err)
		}
		var doc notebook
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", nb, err)
		}
		for _, c := range doc.Cells {
			if c.CellType == "code" {
				cells[nb]++
			}
		}
	}
	order := append([]string(nil), nbs...)
	sort.SliceStable(order, func(i, j int) bool { return cells[order[i]] > cells[order[j]] })
	n = min(n, len(order))
	batches := make([][]string, n)
	load := make([]int, n)
	for _, nb := range order {
		k := 0
		for i := range load {
			if load[i] < load[k] {
				k = i
			}
		}
		batches[k] = append(batches[k], nb)
		load[k] += cells[nb]
	}
	return batches
}

// notebook is the part of nbformat the test reads.
type notebook struct {
	Cells []struct {
		CellType string          `json:"cell_type"`
		Source   json.RawMessage `json:"source"`
		Outputs  []struct {
			OutputType string                     `json:"output_type"`
			Name       string                     `json:"name"`
			Text       json.RawMessage            `json:"text"`
			Ename      string                     `json:"ename"`
			Evalue     string                     `json:"evalue"`
			Traceback  []string                   `json:"traceback"`
			Data       map[string]json.RawMessage `json:"data"`
		} `json:"outputs"`
	} `json:"cells"`
}

// joined reads an nbformat multi-line string: a string or a list of them.
func joined(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var ss []string
	if json.Unmarshal(raw, &ss) == nil {
		return strings.Join(ss, "")
	}
	return string(raw)
}

// cellErrors lists every cell whose outputs hold an error or text on
// stderr, with the cell's source and the error.
func cellErrors(t *testing.T, data []byte) []string {
	var nb notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatalf("executed notebook is not JSON: %v", err)
	}
	var errs []string
	for i, c := range nb.Cells {
		for _, o := range c.Outputs {
			var msg string
			switch {
			case o.OutputType == "error":
				msg = o.Ename + ": " + o.Evalue + "\n" + strings.Join(o.Traceback, "\n")
			case o.OutputType == "stream" && o.Name == "stderr":
				msg = joined(o.Text)
			default:
				continue
			}
			errs = append(errs, fmt.Sprintf("cell %d failed.\n--- source ---\n%s\n--- error ---\n%s", i+1, joined(c.Source), tail(msg, 30)))
		}
	}
	return errs
}

// klogLine is a line GoNB logs as an error or a fatal error.
var klogLine = regexp.MustCompile(`^[EF]\d{4} `)

// kernelLog picks out of nbconvert's output the errors the kernel itself
// logged (why it died, when it did), which the Python traceback at the
// tail does not say.
func kernelLog(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if klogLine.MatchString(l) {
			b.WriteString("kernel: " + l + "\n")
		}
	}
	return b.String()
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// firstDiff shows the first differing line of two texts.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d\n- committed: %.200s\n+ executed:  %.200s", i+1, x, y)
		}
	}
	return "(none)"
}

// TestCalculatorNotebookInputs executes notebook 10 with inputs of a
// reader's own, given as KV_ variables, and checks that it finishes with
// no failed cell and shows the lines breakeven calc prints for the same
// request, or the one-line error calc would give, named by its variable.
func TestCalculatorNotebookInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("notebooks are not executed with -short")
	}
	jupyter := needJupyter(t)
	k := kernel(t)
	dir, err := os.Getwd() // notebooks/
	if err != nil {
		t.Fatal(err)
	}
	// The cases run side by side; each computes its expected answer
	// from the repository's root, one at a time.
	var atRoot sync.Mutex
	for _, c := range []struct {
		name string
		vars map[string]string
		// want are patterns the shown text must match, never texts it
		// must not hold.
		want, never []string
	}{
		{"70b", map[string]string{"KV_MODEL": "llama-3.1-70b", "KV_TOKENS": "32000", "KV_TTFT": "4s", "KV_LINK": "2x100GbE"}, nil, nil},
		{"preset-and-percent", map[string]string{"KV_LINK": "roce", "KV_HIT_RATE": "80%"}, nil, nil},
		{"custom-gpus", map[string]string{"KV_LAYERS": "80", "KV_KV_HEADS": "8", "KV_HEAD_DIM": "128", "KV_PARAMS": "70.6B", "KV_QUERY_HEADS": "64", "KV_GPUS": "8xH100", "KV_TTFT": "", "KV_TOKENS": "128k"}, nil, nil},
		{"bad-link", map[string]string{"KV_LINK": "12 parsecs/s"}, nil, nil},
		// Switching the model keeps no other model's time: Qwen3-32B
		// answers with the post's own row, "≈11,900 tokens/s" and
		// "≈3.1 GB/s", not the 405B test's 62 s (2,051 tokens/s, 271 MB/s).
		{"switch-model", map[string]string{"KV_MODEL": "qwen3-32b"},
			[]string{`<td>prefill</td><td>11,9\d\d tokens/s`, `<td>break-even</td><td>3\.1\d? GB/s`, `<td>prefill from</td><td>published: 131,072 tokens in 11\.0 s`},
			[]string{"62.0 s", "--ttft", "2,051 tokens/s"}},
		// A model with no published run: one line asking for a prefill.
		{"no-prefill", map[string]string{"KV_MODEL": "deepseek-v4-pro"},
			[]string{`input error: no prefill for DeepSeek V4 Pro: .*KV_PREFILL`}, []string{"62.0 s"}},
		// A measurement of breakeven measure: its model at its r(N). A
		// relative path reads from the repository's root.
		{"measured", map[string]string{"KV_MEASURED": "data/measured-smollm2-135m.json", "KV_LINK": "10GbE"},
			[]string{`<td>prefill from</td><td>measured: 1\d\d tokens/s, from data/measured-smollm2-135m.json \(llama.cpp`}, []string{"62.0 s"}},
		{"measured-missing", map[string]string{"KV_MEASURED": "no-such-measurement.json"},
			[]string{`input error: KV_MEASURED "no-such-measurement.json": no such file`}, nil},
		// A config as the docs show it, relative to the repository's
		// root: it replaces the cell's model, and prices Qwen3-8B's
		// cache, 36 layers x 8 KV heads x 128 x 2 x 2 bytes.
		{"config-relative", map[string]string{"KV_CONFIG": "sources/configs/Qwen--Qwen3-8B.json", "KV_TOKENS": "32k", "KV_GPUS": "1xH100"},
			[]string{`<td>cache per token</td><td>147 KB`, `--config sources/configs/Qwen--Qwen3-8B\.json`}, []string{"62.0 s", "alternatives"}},
		{"config-absolute", map[string]string{"KV_CONFIG": filepath.Join(filepath.Dir(dir), "sources", "configs", "Qwen--Qwen3-8B.json"), "KV_TOKENS": "32k", "KV_GPUS": "1xH100"},
			[]string{`<td>cache per token</td><td>147 KB`}, []string{"no such file"}},
		// KV_CONFIG alone: it replaces the cell's model, which then has no
		// prefill of its own (no published run of Qwen3-8B), so the
		// notebook asks for one in its variables' words rather than
		// borrowing the 405B test's time. (The cell's prompt, longer than
		// Qwen3-8B's context, would only be noted: one context rule.)
		{"config-alone", map[string]string{"KV_CONFIG": "sources/configs/Qwen--Qwen3-8B.json"},
			[]string{`input error: no prefill for Qwen3-8B: no published run of it gives one; give KV_PREFILL, KV_TTFT or KV_GPUS`}, []string{"alternatives", "no such file", "62.0 s", "2,051 tokens/s"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			args := append([]string{"nbconvert", "--to", "notebook", "--execute", "--allow-errors",
				"--output-dir", out, "--ExecutePreprocessor.timeout=300"}, k.flags(c.name)...)
			cmd := exec.Command(jupyter, append(args, "10-calculator.ipynb")...)
			cmd.Dir = dir // not the folder another case reads from
			cmd.Env = append([]string{}, k.env...)
			for k, v := range c.vars {
				cmd.Env = append(cmd.Env, k+"="+v)
			}
			if log, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("nbconvert failed: %v\n%s", err, tail(string(log), 40))
			}
			got, err := os.ReadFile(filepath.Join(out, "10-calculator.ipynb"))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range cellErrors(t, got) {
				t.Error(e)
			}
			shown := shownText(t, got)
			for _, w := range c.want {
				if !regexp.MustCompile(w).MatchString(shown) {
					t.Errorf("the notebook shows nothing matching %q", w)
				}
			}
			for _, n := range c.never {
				if strings.Contains(shown, n) {
					t.Errorf("the notebook shows %q, another model's time", n)
				}
			}
			// The request as the notebook builds it: the default inputs
			// cell with the variables applied, paths read from the root.
			atRoot.Lock()
			defer atRoot.Unlock()
			if err := os.Chdir(filepath.Dir(dir)); err != nil {
				t.Fatal(err)
			}
			defer os.Chdir(dir)
			lookup := func(k string) (string, bool) { v, ok := c.vars[k]; return v, ok }
			cell := calculator.DefaultRequest()
			measured := c.vars["KV_MEASURED"]
			if measured != "" {
				cell = measure.WithoutModel(cell)
			}
			req, err := calculator.WithEnv(cell, lookup)
			if err != nil {
				t.Fatal(err)
			}
			if measured != "" {
				req, err = measure.ApplyMeasured(req, measured)
			}
			var ans calculator.Answer
			if err == nil {
				ans, err = calculator.Compute(req)
			}
			if err != nil {
				var fe *breakeven.FieldError
				if !errors.As(err, &fe) {
					t.Fatal(err)
				}
				line := "input error: " + fe.For(calculator.EnvOrCell(calculator.DefaultRequest(), lookup))
				if fe.Field == "measured" {
					line = "input error: KV_MEASURED " + breakeven.Quote(fe.Value) + ": " + fe.Message
				}
				if !strings.Contains(shown, line+"\n") {
					t.Errorf("the notebook does not show %q", line)
				}
				if strings.Contains(shown, "goroutine") || strings.Contains(shown, "panic") {
					t.Error("the notebook shows a panic")
				}
				return
			}
			rep := calculator.Render(ans)
			for _, row := range rep.Rows() {
				cell := "<tr><td>" + html.EscapeString(row.Label) + "</td><td>" + html.EscapeString(row.Text) + "</td></tr>"
				if !strings.Contains(shown, cell) {
					t.Errorf("the notebook does not show calc's line %s = %q", row.Label, row.Text)
				}
			}
			if !strings.Contains(shown, req.Command()) {
				t.Errorf("the notebook does not show the command %q", req.Command())
			}
		})
	}
}

// shownText joins every text and HTML output of an executed notebook.
func shownText(t *testing.T, data []byte) string {
	var nb notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatalf("executed notebook is not JSON: %v", err)
	}
	var b strings.Builder
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			b.WriteString(joined(o.Text))
			for _, mime := range []string{"text/plain", "text/html"} {
				if raw, ok := o.Data[mime]; ok {
					b.WriteString(joined(raw))
				}
			}
		}
	}
	return b.String()
}

// TestHTMLExportShowsFigures converts each committed notebook to HTML
// with nbconvert, as a reader does (Debian's 6.5.3 strips an
// image/svg+xml output down to an empty <svg>), and checks that every
// figure output arrives as an image that holds the figure's SVG, and
// that no maths is left as LaTeX for a script from the network to set
// (notebooks 01 to 13).
func TestHTMLExportShowsFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("nbconvert is not run with -short")
	}
	jupyter := needJupyter(t)
	nbs, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	img := regexp.MustCompile(`<img [^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"`)
	latex := regexp.MustCompile(`\$[^$<>\n]*\\(times|frac|text|qquad|bar)\b[^$<>\n]*\$`)
	for _, nb := range nbs {
		t.Run(strings.TrimSuffix(nb, ".ipynb"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(nb)
			if err != nil {
				t.Fatal(err)
			}
			var doc notebook
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			var figures [][]byte
			for _, c := range doc.Cells {
				for _, o := range c.Outputs {
					if raw, ok := o.Data["image/svg+xml"]; ok {
						figures = append(figures, []byte(joined(raw)))
					}
				}
			}
			cmd := exec.Command(jupyter, "nbconvert", "--to", "html", "--stdout", nb)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("nbconvert --to html: %v\n%s", err, tail(stderr.String(), 20))
			}
			got := img.FindAllSubmatch(out, -1)
			if len(got) != len(figures) {
				t.Errorf("%d figures, %d shown as images in the HTML export", len(figures), len(got))
			}
			for i, m := range got {
				svg, err := base64.StdEncoding.DecodeString(string(m[1]))
				if err != nil {
					t.Errorf("image %d: %v", i+1, err)
					continue
				}
				if i < len(figures) && !bytes.Equal(svg, figures[i]) {
					t.Errorf("image %d is not figure %d's SVG", i+1, i+1)
				}
				if !bytes.Contains(svg, []byte("<text")) || !bytes.Contains(svg, []byte("@font-face")) {
					t.Errorf("image %d holds no text or no font", i+1)
				}
			}
			n, _ := strconv.Atoi(strings.SplitN(nb, "-", 2)[0])
			if n <= 13 {
				if m := latex.Find(out); m != nil {
					t.Errorf("maths left as LaTeX: %s", m)
				}
			}
		})
	}
}
