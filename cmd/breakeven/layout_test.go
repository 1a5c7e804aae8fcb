package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeLayers reads the README's Layout table: each path it lists, its
// layer number (0 for a row marked "–", which is outside the order).
func readmeLayers(t *testing.T) map[string]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	require.NoError(t, err)
	row := regexp.MustCompile(`^\| (\d+|–) \| (.*?) \|`)
	path := regexp.MustCompile("`([^`]+)`")
	layers := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		m := row.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1]) // "–" is 0
		for _, p := range path.FindAllStringSubmatch(m[2], -1) {
			layers[strings.TrimSuffix(p[1], "/")] = n
		}
	}
	require.NotEmpty(t, layers, "README.md has no Layout table of layers")
	return layers
}

// layerOf is the layer of the package in dir: its own row, else the row
// of the nearest folder above it.
func layerOf(layers map[string]int, dir string) (int, bool) {
	for d := dir; d != "." && d != "/"; d = filepath.Dir(d) {
		if n, ok := layers[d]; ok {
			return n, true
		}
	}
	return 0, false
}

// The README's layers are the real import order: every package of the
// module has a row (its own or its folder's), and none imports a package
// of a higher layer.
func TestREADMELayersAreTheImportOrder(t *testing.T) {
	layers := readmeLayers(t)
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "signalweight.dev/kv/...").Output()
	require.NoError(t, err)
	const mod = "signalweight.dev/kv/"
	rel := func(path string) (string, bool) {
		if path == "signalweight.dev/kv" {
			return ".", true
		}
		return strings.CutPrefix(path, mod)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, _ := rel(fields[0])
		lp, ok := layerOf(layers, pkg)
		if !assert.True(t, ok, "README.md's Layout has no row for %s", pkg) || lp == 0 {
			continue
		}
		for _, imp := range fields[1:] {
			dep, local := rel(imp)
			if !local {
				continue
			}
			ld, ok := layerOf(layers, dep)
			if assert.True(t, ok, "README.md's Layout has no row for %s", dep) {
				// A package imports only from layers above its own, or
				// from the folder of its own row (cmd/breakeven/internal).
				if ld == lp {
					assert.True(t, sameRow(layers, pkg, dep), "%s imports %s of its own layer %d", pkg, dep, lp)
				} else {
					assert.Less(t, ld, lp, "%s (layer %d) imports %s (layer %d)", pkg, lp, dep, ld)
				}
				checked++
			}
		}
	}
	assert.Greater(t, checked, 20, "imports checked")
}

// sameRow reports whether two packages fall under one path of the
// Layout table (a package and the internal packages of its folder).
func sameRow(layers map[string]int, a, b string) bool {
	row := func(dir string) string {
		for d := dir; d != "." && d != "/"; d = filepath.Dir(d) {
			if _, ok := layers[d]; ok {
				return d
			}
		}
		return ""
	}
	return row(a) != "" && row(a) == row(b)
}
