package show

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
)

// fakeRoot writes a repository root with the files the fit's key hashes.
func fakeRoot(t *testing.T) string {
	root := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":                          "module signalweight.dev/kv\n",
		"go.sum":                          "",
		"breakeven/calibration/phases.go": "package calibration\n",
		"sources/prefillruns.go":          "package sources\n",
		"notebooks/.keep":                 "",
	} {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return root
}

// The kept fit's key changes with any file of breakeven/ or sources/,
// so a cell never reads a fit made by other code or other runs; it does
// not change with a notebook.
func TestFitKeyChangesWithTheSources(t *testing.T) {
	root := fakeRoot(t)
	k0, err := fitKey(root)
	require.NoError(t, err)
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(text), 0o644))
	}
	write("notebooks/11-beyond-the-post.ipynb", "{}")
	k1, err := fitKey(root)
	require.NoError(t, err)
	assert.Equal(t, k0, k1, "a notebook is not the fit's code")

	write("sources/prefillruns.go", "package sources\n\n// one more run\n")
	k2, err := fitKey(root)
	require.NoError(t, err)
	assert.NotEqual(t, k1, k2, "a run changed")

	write("breakeven/calibration/phases.go", "package calibration\n\n// another fit\n")
	k3, err := fitKey(root)
	require.NoError(t, err)
	assert.NotEqual(t, k2, k3, "the fit's code changed")
}

// What the store is given it gives back for the same sources, in the
// user's cache folder; after a change to the sources it has nothing, and
// a new fit replaces the old file.
func TestFitStoreKeepsByKey(t *testing.T) {
	root := fakeRoot(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("GONB_DIR", filepath.Join(root, "notebooks"))
	var s fitStore

	_, ok := s.Get()
	assert.False(t, ok, "nothing kept yet")
	s.Put([]byte("fit one"))
	got, ok := s.Get()
	require.True(t, ok)
	assert.Equal(t, "fit one", string(got))

	require.NoError(t, os.WriteFile(filepath.Join(root, "sources", "prefillruns.go"), []byte("package sources // changed\n"), 0o644))
	_, ok = s.Get()
	assert.False(t, ok, "a fit of other sources is not read")
	s.Put([]byte("fit two"))
	got, ok = s.Get()
	require.True(t, ok)
	assert.Equal(t, "fit two", string(got))
	kept, err := filepath.Glob(filepath.Join(cache, "signalweight-kv", fitPrefix+"*.gob"))
	require.NoError(t, err)
	assert.Len(t, kept, 1, "the old fit is removed")
}

// The validation as the store writes it to a file and reads it back is
// the validation computed, so a later cell prints what computing it
// would; a file that does not decode is a miss, not an error.
func TestKeptValidationSurvivesTheFile(t *testing.T) {
	if testing.Short() {
		t.Skip("computes the prefill model's validation (tens of seconds of CPU)")
	}
	m, sums, err := calibration.Validated()
	require.NoError(t, err)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	g := gobStore{&fitStore{}}
	_, ok := g.Get()
	require.False(t, ok, "nothing kept yet")
	g.Put(calibration.Keep(m, sums))
	k, ok := gobStore{&fitStore{}}.Get()
	require.True(t, ok, "kept")
	m2, sums2 := k.Restore()
	assert.Equal(t, m, m2)
	assert.Equal(t, sums, sums2)

	_, file, ok := fitPath()
	require.True(t, ok)
	require.NoError(t, os.WriteFile(file, []byte("not a kept validation"), 0o644))
	_, ok = gobStore{&fitStore{}}.Get()
	assert.False(t, ok, "a file that does not decode is a miss")
}
