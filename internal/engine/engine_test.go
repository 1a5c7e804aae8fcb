package engine

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

// Each shape's config is a kept config of the catalog's sources, and the
// script reads the same file for it.
func TestShapesHaveKeptConfigs(t *testing.T) {
	require.Len(t, Shapes, 2)
	for _, s := range Shapes {
		f, err := ConfigFile(s)
		require.NoError(t, err)
		assert.NotPanics(t, func() { sources.KeptConfig(f) }, s)
		p, err := ConfigPath(s)
		require.NoError(t, err)
		_, err = os.Stat(p)
		require.NoError(t, err)
		out, err := exec.Command(Script(), "config", s).Output()
		require.NoError(t, err, s)
		assert.Equal(t, p, strings.TrimSpace(string(out)), "scripts/engine.sh reads the same config")
	}
	_, err := ConfigFile("llama-70b")
	assert.EqualError(t, err, `unknown engine shape "llama-70b": use one of smollm2-135m, qwen2.5-0.5b`)
}

// Without a build, starting says to build and exits with status 2, which
// Start turns into a skip (a failure in CI); an unknown shape is refused
// with the list.
func TestStartWithoutBuildSaysToBuild(t *testing.T) {
	t.Setenv("BREAKEVEN_CACHE", t.TempDir())
	out, err := run("start", SmolLM2, "1")
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "%v: %s", err, out)
	assert.Equal(t, errNotBuilt, ee.ExitCode())
	assert.Contains(t, out, "not built: run scripts/engine.sh build")

	out, err = run("start", "gpt-5")
	require.True(t, errors.As(err, &ee), "%v: %s", err, out)
	assert.Equal(t, 2, ee.ExitCode())
	assert.Contains(t, out, `unknown shape "gpt-5": use one of: smollm2-135m qwen2.5-0.5b`)

	// A port is a number from 1 to 65535, checked before the build is:
	// the message names the input and shows the shape's default port.
	for port, msg := range map[string]string{
		"x":                    `engine: port "x" is not a number (e.g. scripts/engine.sh start smollm2-135m 18135)`,
		"0":                    `engine: port 0 is out of range 1 to 65535 (e.g. scripts/engine.sh start smollm2-135m 18135)`,
		"65536":                `engine: port 65536 is out of range 1 to 65535`,
		"99999999999999999999": `engine: port 99999999999999999999 is out of range`,
	} {
		out, err = run("start", SmolLM2, port)
		require.True(t, errors.As(err, &ee), "%s: %v: %s", port, err, out)
		assert.Equal(t, 2, ee.ExitCode(), port)
		assert.Contains(t, out, msg, port)
	}
}

func TestCacheDir(t *testing.T) {
	t.Setenv("BREAKEVEN_CACHE", "/x/cache")
	assert.Equal(t, "/x/cache", CacheDir())
	assert.Equal(t, filepath.Join("/x/cache", "slots", Qwen25), SlotDir(Qwen25))
	t.Setenv("BREAKEVEN_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", "/x/xdg")
	assert.Equal(t, "/x/xdg/breakeven", CacheDir())
}

// A port that is taken by the time llama-server binds it is not a failed
// start: the server exits (its log may or may not say why), the script
// finds the port taken, and Start starts the server on another port.
// The first port Start is given here is held by a listener of the test.
func TestAServerWhosePortIsTakenStartsOnAnother(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer held.Close()
	taken := held.Addr().(*net.TCPAddr).Port
	real := freePort
	t.Cleanup(func() { freePort = real })
	calls := 0
	freePort = func() (int, error) {
		calls++
		if calls == 1 {
			return taken, nil
		}
		return real()
	}
	base, _ := Start(t, "smollm2-135m")
	assert.Equal(t, 2, calls, "one more port asked for")
	assert.NotContains(t, base, fmt.Sprintf(":%d", taken))
	resp, err := http.Get(base + "/health")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}

// Started on a port another process holds, the script says the port is
// taken and names it, whether or not llama-server's own log got to say
// so before it exited.
func TestStartingOnATakenPortSaysItIsTaken(t *testing.T) {
	if testing.Short() {
		t.Skip("the real engine (llama-server) is not started with -short")
	}
	held, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer held.Close()
	port := held.Addr().(*net.TCPAddr).Port
	out, err := run("start", SmolLM2, strconv.Itoa(port))
	t.Cleanup(func() { _, _ = run("stop", SmolLM2, strconv.Itoa(port)) })
	skipUnlessBuilt(t, out, err)
	require.Error(t, err, out)
	assert.Contains(t, out, fmt.Sprintf("engine: port %d is taken by another process", port))
	assert.Contains(t, out, portTaken)
}
