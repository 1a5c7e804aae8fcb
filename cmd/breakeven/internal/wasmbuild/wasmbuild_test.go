package wasmbuild

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyBuildSource copies into a temporary directory what go list needs to
// list the module's WebAssembly build (go.mod, go.sum, and every file in
// the directory of each of this module's packages it imports, embedded
// files included), plus cmd/breakeven/serve.go, a file of this module
// the build does not read. It returns the copy's root.
func copyBuildSource(t *testing.T) string {
	t.Helper()
	src, err := Locate(".")
	require.NoError(t, err)
	pkgs, err := src.Packages()
	require.NoError(t, err)
	dst := t.TempDir()
	cp := func(rel string) {
		b, err := os.ReadFile(filepath.Join(src.Root, rel))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dst, rel), b, 0o644))
	}
	cp("go.mod")
	cp("go.sum")
	cp(filepath.Join("cmd", "breakeven", "serve.go"))
	for _, p := range pkgs {
		entries, err := os.ReadDir(filepath.Join(src.Root, p.Dir))
		require.NoError(t, err)
		for _, e := range entries {
			if e.Type().IsRegular() {
				cp(filepath.Join(p.Dir, e.Name()))
			}
		}
		for _, f := range p.Files {
			cp(filepath.Join(p.Dir, f))
		}
	}
	return dst
}

// keyOf is the key of the checkout at root.
func keyOf(t *testing.T, root string) string {
	t.Helper()
	src, err := Locate(root)
	require.NoError(t, err)
	require.Equal(t, root, src.Root)
	key, err := src.Key()
	require.NoError(t, err)
	require.Regexp(t, `^[0-9a-f]{64}$`, key)
	return key
}

// edit appends text to the file rel under root.
func edit(t *testing.T, root, rel, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(root, rel), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(text)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// The key changes with any file the build reads (a Go file of a package
// the module imports, a file it embeds, a new Go file, go.sum) and not
// with a file it does not read (a command the module does not import, a
// test file), so the cache is rebuilt when, and only when, the module
// can differ.
func TestKeyChangesWithTheModulesSourcesOnly(t *testing.T) {
	root := copyBuildSource(t)
	base := keyOf(t, root)
	require.Equal(t, base, keyOf(t, root), "the same sources, the same key")

	for _, c := range []struct {
		what, file, text string
		changes          bool
	}{
		{"a command the module does not import", "cmd/breakeven/serve.go", "\n// an edit\n", false},
		{"a test file of a package it imports", "breakeven/zz_edit_test.go", "package breakeven\n", false},
		{"a file outside any package", "NOTES.txt", "notes\n", false},
		{"a Go file of a package it imports", "breakeven/calculator/calculator.go", "\n// an edit\n", true},
		{"a file it embeds", "sources/configs/Qwen--Qwen2.5-7B-Instruct.json", " ", true},
		{"a new Go file in a package it imports", "breakeven/zz_new.go", "package breakeven\n", true},
		{"go.sum", "go.sum", "\n", true},
	} {
		t.Run(c.what, func(t *testing.T) {
			path := filepath.Join(root, filepath.FromSlash(c.file))
			old, err := os.ReadFile(path)
			if errors.Is(err, os.ErrNotExist) {
				require.NoError(t, os.WriteFile(path, nil, 0o644))
				defer os.Remove(path)
			} else {
				require.NoError(t, err)
				defer func() { require.NoError(t, os.WriteFile(path, old, 0o644)) }()
			}
			edit(t, root, c.file, c.text)
			if c.changes {
				assert.NotEqual(t, base, keyOf(t, root))
			} else {
				assert.Equal(t, base, keyOf(t, root))
			}
		})
	}
	assert.Equal(t, base, keyOf(t, root), "every edit undone, the key is back")
}

// Outside a checkout of this module, or in another module, Locate says
// to run from a checkout; without the go command, to install Go.
func TestLocateSaysWhatIsMissing(t *testing.T) {
	_, err := Locate(t.TempDir())
	assert.ErrorIs(t, err, ErrNoCheckout)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n\ngo 1.26\n"), 0o644))
	_, err = Locate(other)
	assert.ErrorIs(t, err, ErrNoCheckout)
	t.Setenv("PATH", t.TempDir())
	_, err = Locate(".")
	assert.ErrorIs(t, err, ErrNoToolchain)
	for _, e := range []error{ErrNoCheckout, ErrNoToolchain} {
		assert.NotContains(t, e.Error(), "\n", "one line")
	}
}

// fakeBuild writes a build's four files, each holding tag.
func fakeBuild(tag string) func(dir string) error {
	return func(dir string) error {
		for _, name := range []string{WasmFile, GzipFile, BrotliFile, WasmExecFile} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(tag), 0o644); err != nil {
				return err
			}
		}
		return nil
	}
}

const testKey = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// The first publish of a key builds, says so in one line naming the
// directory, and renames the build into place; the next finds it and
// neither builds nor speaks.
func TestPublishBuildsOnceThenReusesTheCache(t *testing.T) {
	cache := t.TempDir()
	var lines []string
	log := func(line string) { lines = append(lines, line) }
	dir, built, err := publish(cache, testKey, 8, log, fakeBuild("first"))
	require.NoError(t, err)
	assert.True(t, built)
	assert.Equal(t, filepath.Join(cache, "calc-0123456789abcdef"), dir)
	require.Len(t, lines, 1)
	assert.Contains(t, lines[0], dir)

	dir2, built, err := publish(cache, testKey, 8, log, func(string) error {
		t.Error("built again")
		return nil
	})
	require.NoError(t, err)
	assert.False(t, built)
	assert.Equal(t, dir, dir2)
	assert.Len(t, lines, 1, "nothing said")
	m, err := read(dir)
	require.NoError(t, err)
	assert.Equal(t, "first", string(m.Wasm))
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary directory left")
}

// A cached build missing one of its files is built again, not used.
func TestPublishRebuildsAnIncompleteBuild(t *testing.T) {
	cache := t.TempDir()
	dir, _, err := publish(cache, testKey, 8, nil, fakeBuild("first"))
	require.NoError(t, err)
	require.NoError(t, os.Remove(filepath.Join(dir, BrotliFile)))
	dir2, built, err := publish(cache, testKey, 8, nil, fakeBuild("second"))
	require.NoError(t, err)
	assert.True(t, built)
	assert.Equal(t, dir, dir2)
	m, err := read(dir)
	require.NoError(t, err)
	assert.Equal(t, "second", string(m.Brotli))
}

// A failed build leaves nothing in the cache and reports why.
func TestPublishFailedBuildLeavesNothing(t *testing.T) {
	cache := t.TempDir()
	_, _, err := publish(cache, testKey, 8, nil, func(string) error { return errors.New("compiler said no") })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "compiler said no")
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// Builds of the same key at once all end with the same complete
// directory: one rename wins, the others use its result and clean up.
func TestPublishConcurrentBuildsAgree(t *testing.T) {
	cache := t.TempDir()
	const n = 6
	var started atomic.Int32
	all := make(chan struct{})
	var wg sync.WaitGroup
	dirs := make([]string, n)
	builts := make([]bool, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			dirs[i], builts[i], errs[i] = publish(cache, testKey, 8, nil, func(dir string) error {
				if started.Add(1) == n {
					close(all)
				}
				<-all // every build under way before any renames
				return fakeBuild(fmt.Sprint("build ", i))(dir)
			})
		})
	}
	wg.Wait()
	won := 0
	for i := range n {
		require.NoError(t, errs[i])
		assert.Equal(t, dirs[0], dirs[i])
		if builts[i] {
			won++
		}
	}
	assert.Equal(t, 1, won, "one build is the cached one")
	m, err := read(dirs[0])
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(m.Wasm), "build "))
	for _, b := range [][]byte{m.Gzip, m.Brotli, m.WasmExec} {
		assert.Equal(t, string(m.Wasm), string(b), "all four files from the same build")
	}
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary directory left")
}

// The cache keeps the most recently used builds and drops the others,
// and a temporary directory an interrupted build left a day ago.
func TestPruneKeepsTheMostRecentlyUsed(t *testing.T) {
	cache := t.TempDir()
	now := time.Now()
	for i, age := range []time.Duration{1, 5, 3, 2, 4} {
		dir := filepath.Join(cache, fmt.Sprintf("calc-%d", i))
		require.NoError(t, os.Mkdir(dir, 0o755))
		when := now.Add(-age * time.Hour)
		require.NoError(t, os.Chtimes(dir, when, when))
	}
	old, fresh := filepath.Join(cache, "calc-x.tmp-old"), filepath.Join(cache, "calc-x.tmp-fresh")
	require.NoError(t, os.Mkdir(old, 0o755))
	require.NoError(t, os.Mkdir(fresh, 0o755))
	require.NoError(t, os.Chtimes(old, now.Add(-25*time.Hour), now.Add(-25*time.Hour)))
	require.NoError(t, os.WriteFile(filepath.Join(cache, "calc-file"), nil, 0o644))
	prune(cache, 3)
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"calc-0", "calc-3", "calc-2", "calc-x.tmp-fresh", "calc-file"}, names)
}

// The module links neither regexp (whose Unicode tables and compiler
// cost every start) nor net/url (whose net/netip init ran at every
// start) nor encoding/gob (notebooks keep the prefill validation with it,
// in notebooks/show): the packages it imports match by hand and take a query as a
// map. Start-up time itself is a benchmark, not a test (docs/web.md).
func TestModuleLinksNoRegexpNetURLOrGob(t *testing.T) {
	src, err := Locate(".")
	require.NoError(t, err)
	out, err := goCmd(src.Root, "list", "-deps", "./cmd/breakeven-wasm")
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "signalweight.dev/kv/breakeven/page/view", "the module's packages are listed")
	for _, pkg := range []string{"regexp", "regexp/syntax", "net/url", "net/netip", "encoding/gob"} {
		assert.NotContains(t, deps, pkg)
	}
}
