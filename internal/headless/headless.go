// Package headless starts Debian's Chromium, headless, for the tests that
// look at what a person would see: the web page and the rendered figures.
// It finds the browser, skips a test without it (except in CI, where the
// test fails, since CI installs it), and starts it with the flags this
// closed network needs and a fresh profile.
package headless

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Install is the command that installs the browser.
const Install = "apt-get install -y --no-install-recommends chromium"

// Path finds chromium. Without it the test skips, saying why; in CI it
// fails.
func Path(t testing.TB, why string) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is missing: " + Install)
	}
	t.Skip(why + " needs chromium: " + Install)
	return ""
}

// Options are the flags of a headless Chromium here: no sandbox (the
// tests run as root), no GPU, no background connections (this network is
// closed), a fresh profile, and the window size.
func Options(path, profile string, width, height int) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile), chromedp.WindowSize(width, height),
	}
}

// Start starts the browser for a test and returns its context, ended when
// the test ends. The timeout bounds a hung browser; it measures nothing.
func Start(t testing.TB, why string, width, height int) context.Context {
	t.Helper()
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), Options(Path(t, why), t.TempDir(), width, height)...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil { // start the browser
		t.Fatal(err)
	}
	return ctx
}
