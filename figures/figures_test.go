package figures

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/cmpimg"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// The -regen flag is gonum/plot's own, from package cmpimg:
//
//	go test ./figures -regen
//
// rewrites the committed figures from the code, on purpose.
var regen = cmpimg.GenerateTestData

func all(t *testing.T) []*Figure {
	t.Helper()
	figs, err := All()
	require.NoError(t, err)
	require.Len(t, figs, len(Makers()))
	return figs
}

// Each figure, regenerated in memory, is byte for byte the committed file,
// in the manner of gonum/plot's golden tests.
func TestFiguresMatchCommittedFiles(t *testing.T) {
	for _, f := range all(t) {
		for _, format := range f.Formats() {
			name := f.Name + "." + format
			got, err := f.Render(format)
			require.NoError(t, err, name)
			if *regen {
				require.NoError(t, os.WriteFile(name, got, 0o644))
				continue
			}
			want, err := os.ReadFile(name)
			require.NoError(t, err, "%s is not committed; run: go test ./figures -regen", name)
			if bytes.Equal(got, want) {
				continue
			}
			same, err := cmpimg.Equal(format, got, want)
			require.NoError(t, err, name)
			if format == "png" && same {
				t.Errorf("%s: same pixels, different bytes (a PNG encoder change?); run: go test ./figures -regen", name)
				continue
			}
			t.Errorf("%s differs from the figure the code draws; if the change is meant, run: go test ./figures -regen", name)
		}
	}
}

// Two renderings give the same bytes.
func TestFiguresAreDeterministic(t *testing.T) {
	a, b := all(t), all(t)
	for i := range a {
		for _, format := range a[i].Formats() {
			x, err := a[i].Render(format)
			require.NoError(t, err)
			y, err := b[i].Render(format)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(x, y), "%s.%s", a[i].Name, format)
		}
	}
}

// Every figure has a title, axis labels with units, a legend and a caption
// that names its sources by title; bandwidth and size axes are log.
func TestFigureAnatomy(t *testing.T) {
	logAxes := map[string][]string{
		"01-break-even-vs-links":         {"y"},
		"02-ttft-vs-bandwidth":           {"x", "y"},
		"03-speedup-vs-bandwidth":        {"x", "y"},
		"04-transports-vs-break-evens":   {"y"},
		"06-newer-model-caches":          {"x"},
		"09-ttft-vs-prompt-length":       {"x", "y"},
		"10-break-even-vs-prompt-length": {"x", "y"},
		"11-estimated-break-evens":       {"x"},
		"12-published-claims":            {"x"},
	}
	names := map[string]bool{}
	for _, f := range all(t) {
		assert.False(t, names[f.Name], "unique name %s", f.Name)
		names[f.Name] = true
		p := f.Plot
		assert.NotEmpty(t, p.Title.Text, f.Name)
		assert.NotEmpty(t, f.LegendTexts(), "%s has a legend", f.Name)
		assert.True(t, strings.HasPrefix(f.Caption, "Sources: "), f.Name)
		for _, l := range []string{p.X.Label.Text, p.Y.Label.Text} {
			if l != "" {
				assert.Regexp(t, `\(.+\)`, l, "%s: axis label %q names its unit", f.Name, l)
			}
		}
		for _, a := range logAxes[f.Name] {
			axis := p.X
			if a == "y" {
				axis = p.Y
			}
			assert.IsType(t, plot.LogScale{}, axis.Scale, "%s: %s axis is log", f.Name, a)
			assert.Contains(t, axis.Label.Text, "log scale", f.Name)
		}
		w, h := f.Size()
		assert.Equal(t, Width, w)
		assert.Greater(t, h, PlotHeight)
	}
	assert.Len(t, names, 12, "the issue's eight, and four beyond the post")
}

func title(id sources.SourceID) string {
	s, _ := sources.Lookup(id)
	return s.Title
}

func TestCaptionsNameTheSources(t *testing.T) {
	want := map[string][]sources.SourceID{
		"01-break-even-vs-links":       {sources.VASTCoreWeave, sources.NANDWEKA, sources.WWT, sources.LLMD},
		"02-ttft-vs-bandwidth":         {sources.VASTCoreWeave},
		"03-speedup-vs-bandwidth":      {sources.VASTCoreWeave, sources.NANDWEKA, sources.WWT},
		"04-transports-vs-break-evens": {sources.LLMD},
		"05-mean-ttft-vs-hit-rate":     {sources.LablupVAST, sources.DeepSeekDay6},
		"06-newer-model-caches":        {sources.InsideOpenModels},
		"07-claims-checked":            {sources.VASTCoreWeave, sources.WWT, sources.NANDWEKA},
		"08-storage-tiers":             {sources.NVIDIAICMS, sources.VASTRightSizing},
		"09-ttft-vs-prompt-length":     {sources.VASTCoreWeave, sources.LLMD},
	}
	for _, f := range all(t) {
		for _, id := range want[f.Name] {
			assert.Contains(t, f.Caption, title(id), "%s cites %s", f.Name, id)
		}
	}
}

// The figures print what the post prints, at the post's precision: the
// text of each SVG holds the post's figures.
func TestFiguresShowThePostsNumbers(t *testing.T) {
	want := map[string][]string{
		"01-break-even-vs-links":       {"1.06 GB/s", "1.44 GB/s", "3.12 GB/s", "22.6 GB/s", "50.0 GB/s", "0.550 GB/s"},
		"02-ttft-vs-bandwidth":         {"1.06 GB/s", "65.6 GB", "516 KB/token", "181 Gbit/s", "2.90 s"},
		"03-speedup-vs-bandwidth":      {"20x", "21.4x"},
		"04-transports-vs-break-evens": {"12.0 GB/s: beats 3 of 3", "beats 3 of 3", "0.550 GB/s: beats 0 of 3"},
		"05-mean-ttft-vs-hit-rate":     {"21% hit rate", "56.3%", "10.6 s", "22.1 s"},
		"06-newer-model-caches":        {"516 KB/token", "94.0 KB/token", "27.6 KB/token", "67.6 GB", "12.9 GB", "4.10 GB", "1.05 GB", "65x"},
		"07-claims-checked":            {"needs 22.9 GB/s", "34.4 GB", "59.3 GB/s", "400 Gbit/s = 50.0 GB/s"},
		"08-storage-tiers":             {"G1", "G2", "G3", "G3.5", "G4"},
	}
	for _, f := range all(t) {
		svg, err := f.SVG()
		require.NoError(t, err)
		for _, s := range want[f.Name] {
			assert.Contains(t, string(svg), s, f.Name)
		}
	}
}

// A figure with a bandwidth axis in GB/s prints every bandwidth on it in
// GB/s: the post's "550 MB/s" is 0.550 GB/s there.
func TestBandwidthsInTheAxisUnit(t *testing.T) {
	for _, f := range all(t) {
		if !strings.Contains(f.Plot.X.Label.Text+f.Plot.Y.Label.Text, "GB/s") {
			continue
		}
		svg, err := f.SVG()
		require.NoError(t, err)
		for _, m := range textContent.FindAllSubmatch(svg, -1) {
			for _, u := range []string{" kB/s", " KB/s", " MB/s", " TB/s"} {
				assert.NotContains(t, string(m[1]), u, "%s prints a bandwidth in another unit than its axis", f.Name)
			}
		}
	}
}

// Figure 11 names each link at its line on the plot, not by its place in
// the legend.
func TestLinksNamedAtTheirLines(t *testing.T) {
	f, err := EstimatedBreakEvens()
	require.NoError(t, err)
	for _, l := range f.LegendTexts() {
		assert.NotContains(t, l, "from the left")
	}
	svg, err := f.SVG()
	require.NoError(t, err)
	for _, l := range post.ComparedLinks() {
		assert.True(t, bytes.Contains(svg, []byte(">"+html.EscapeString(linkLabel(l))+"<")), "%s is named on the plot", l.Name)
	}
}

// Figure 11 leaves no model out unsaid: each catalog model estimated at
// the post's 128K is on the plot or named in the caption, with why
// (memory, a context shorter than the prompt, or a checkpoint of a model
// drawn).
func TestEstimatedBreakEvensNameEveryModelLeftOut(t *testing.T) {
	f, err := EstimatedBreakEvens()
	require.NoError(t, err)
	svg, err := f.SVG()
	require.NoError(t, err)
	n := sources.Conversation128K.V()
	seen, twins, apart := 0, 0, 0.0
	for _, r := range post.EstimateTable() {
		if r.Tokens != n {
			continue
		}
		seen++
		name := r.Model.Name
		onPlot := bytes.Contains(svg, []byte(">"+html.EscapeString(name)+"<"))
		switch {
		case !r.InContext:
			assert.Less(t, sources.MustModel(name).Context, n, name)
			assert.Contains(t, f.Caption, name, "%s: its context is shorter than the prompt, and the caption says so", name)
			assert.False(t, onPlot, name)
		case !r.Priced():
			assert.Contains(t, f.Caption, name, "%s: does not fit, and the caption says so", name)
		case sources.CheckpointOf(name) != "" && slices.ContainsFunc(post.EstimateTable(), func(o post.EstimateRow) bool {
			return o.Model.Name == sources.CheckpointOf(name) && o.Tokens == n && o.InContext && o.Priced()
		}):
			// Another model's checkpoint, its model drawn: named, not drawn twice.
			assert.Contains(t, f.Caption, name+" (as "+sources.CheckpointOf(name)+")")
			assert.False(t, onPlot, name)
			twins++
			for _, o := range post.EstimateTable() {
				if o.Model.Name == sources.CheckpointOf(name) && o.Tokens == n {
					apart = math.Max(apart, math.Abs(float64(r.Time.Value)/float64(o.Time.Value)-1))
				}
			}
		default:
			assert.True(t, onPlot, "%s is plotted", name)
		}
	}
	assert.Greater(t, seen, 0)
	assert.Equal(t, 3, twins, "Qwen's three FP8 checkpoints; GLM-5.2-FP8 does not fit, as GLM-5.2 does not")
	assert.Contains(t, f.Caption, fmt.Sprintf("by at most %s%%", breakeven.FormatSignificant(100*apart, 2)))
	assert.Less(t, apart, 0.01, "a weight read is a small part of a 128K-token prefill")
	assert.Contains(t, f.Caption, "Not shown either, as their context is shorter than")
}

func TestHelpers(t *testing.T) {
	lo, hi := logRange(0.545, 50)
	assert.Equal(t, 0.5, lo)
	assert.Equal(t, 50.0, hi)
	lo, hi = logRange(0.0789, 101)
	assert.InDelta(t, 0.05, lo, 1e-15)
	assert.Equal(t, 200.0, hi)
	assert.Equal(t, 30.0, ceilStep(26.1))
	assert.Equal(t, 120.0, ceilTo(105, 5))

	sty := style(captionFont, black)
	lines := wrap(sty, strings.Repeat("word ", 200), Width)
	assert.Greater(t, len(lines), 1)
	for _, l := range lines {
		assert.LessOrEqual(t, sty.Width(l), Width)
	}
	assert.Equal(t, []string{"one line"}, wrap(sty, "one  line", Width))

	ticks := logTicks{plain}.Ticks(0.5, 20)
	var labels []string
	for _, tk := range ticks {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	assert.Equal(t, []string{"0.5", "1", "2", "5", "10", "20"}, labels)
	assert.Equal(t, "1 TB", bytesTick(1e12))
	assert.Equal(t, "10 Gbit/s", gbit(sources.TenGbE.V()))
}
