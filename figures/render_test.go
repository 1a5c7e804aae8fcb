package figures

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
	"signalweight.dev/kv/internal/headless"
)

// browser starts headless chromium with a fresh profile and returns a
// context for it.
func browser(t *testing.T) context.Context {
	return headless.Start(t, "the figure rendering test", 1000, 1000)
}

// rendered is what the browser laid out: the canvas and every text
// element's box, in the SVG's own units (points), y down.
type rendered struct {
	Faces         []string // the document's font faces: "Liberation Serif loaded"
	Width, Height float64
	Texts         []textBox
}

type textBox struct {
	Text           string
	X0, Y0, X1, Y1 float64
}

func (b textBox) String() string {
	return fmt.Sprintf("%q [%.1f, %.1f] x [%.1f, %.1f]", b.Text, b.X0, b.X1, b.Y0, b.Y1)
}

// layoutJS waits for the fonts, then measures the root svg and every
// non-empty text element with getBoundingClientRect (which holds any
// rotation), converted to the viewBox's units.
const layoutJS = `(async () => {
	const svg = document.documentElement;
	await document.fonts.load("10px 'Liberation Serif'");
	await document.fonts.ready;
	const c = svg.getBoundingClientRect();
	const s = svg.viewBox.baseVal.width / c.width;
	const texts = [...svg.querySelectorAll('text')].filter(e => e.textContent.trim() !== '').map(e => {
		const r = e.getBoundingClientRect();
		return {Text: e.textContent, X0: (r.left - c.left) * s, Y0: (r.top - c.top) * s, X1: (r.right - c.left) * s, Y1: (r.bottom - c.top) * s};
	});
	const faces = [...document.fonts].map(f => f.family.replace(/["']/g, '') + ' ' + f.status);
	return {Faces: faces, Width: svg.viewBox.baseVal.width, Height: svg.viewBox.baseVal.height, Texts: texts};
})()`

// slack is how far, in points, a text box may reach past the canvas or
// into another box: less than a stroke, far less than a letter.
const slack = 0.5

// Each figure, opened in Chromium as its SVG file, keeps every text
// inside the canvas and clear of every other text. The figures carry
// their font, so this holds on a machine without Liberation Serif; the
// test says whether this one has it, and checks that the face the page
// used is the embedded one.
func TestFiguresRenderInABrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test is left out with -short")
	}
	ctx := browser(t)
	if out, err := exec.Command("fc-list", ":family=Liberation Serif").Output(); err == nil {
		if strings.TrimSpace(string(out)) == "" {
			t.Log("Liberation Serif is not installed here: the figures draw with the font they embed")
		} else {
			t.Log("Liberation Serif is installed here; the embedded font takes precedence in the figures")
		}
	}
	dir := t.TempDir()
	for _, f := range append(all(t), notebookFigures(t)...) {
		t.Run(f.Name, func(t *testing.T) {
			svg, err := f.SVG()
			require.NoError(t, err)
			path := filepath.Join(dir, f.Name+".svg")
			require.NoError(t, os.WriteFile(path, svg, 0o644))
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("file://"+path)))
			got, err := chromedp.Run(ctx, chromedp.Evaluate[rendered](layoutJS, chromedp.EvalAwaitPromise))
			require.NoError(t, err)
			require.Contains(t, got.Faces, "Liberation Serif loaded", "the embedded font is used")
			require.NotEmpty(t, got.Texts)
			w, h := f.Size()
			require.InDelta(t, w.Points(), got.Width, 0.01)
			require.InDelta(t, h.Points(), got.Height, 0.01)
			for _, b := range got.Texts {
				if b.X0 < -slack || b.Y0 < -slack || b.X1 > got.Width+slack || b.Y1 > got.Height+slack {
					t.Errorf("%s: text runs off the %.0f x %.0f pt canvas: %s", f.Name, got.Width, got.Height, b)
				}
			}
			for i, a := range got.Texts {
				for _, b := range got.Texts[i+1:] {
					dx := min(a.X1, b.X1) - max(a.X0, b.X0)
					dy := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
					if dx > slack && dy > slack {
						t.Errorf("%s: texts overlap by %.1f x %.1f pt: %s and %s", f.Name, dx, dy, a, b)
					}
				}
			}
		})
	}
}
