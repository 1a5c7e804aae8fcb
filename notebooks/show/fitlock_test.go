//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package show

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A store that finds no fit holds the lock until it puts one, so a
// notebook beside it waits to read that fit rather than fit again; a
// store that finds one takes no lock.
func TestFitStoreHoldsTheLockFromMissToPut(t *testing.T) {
	root := fakeRoot(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("GONB_DIR", filepath.Join(root, "notebooks"))
	lockPath := filepath.Join(cache, "signalweight-kv", fitPrefix+"lock")
	free := func() bool {
		f, err := os.OpenFile(lockPath, os.O_CREATE|os.O_RDWR, 0o644)
		require.NoError(t, err)
		defer f.Close()
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		}
		return err == nil
	}

	first := &fitStore{}
	_, ok := first.Get()
	require.False(t, ok)
	assert.False(t, free(), "the first to miss holds the lock while it fits")
	first.Put([]byte("the fit"))
	assert.True(t, free(), "Put lets the others read")

	second := &fitStore{}
	got, ok := second.Get()
	require.True(t, ok)
	assert.Equal(t, "the fit", string(got))
	assert.True(t, free(), "a store that finds the fit takes no lock")
}
