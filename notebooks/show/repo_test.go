package show

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"

	"signalweight.dev/kv/breakeven"
)

// From the notebooks' folder, as GoNB names it, the root is the folder
// above, the one with the project's go.mod and sources/configs.
func TestRepoRootFromTheNotebooksFolder(t *testing.T) {
	wd, err := os.Getwd() // notebooks/show
	require.NoError(t, err)
	t.Setenv("GONB_DIR", filepath.Dir(wd))
	root, err := RepoRoot()
	require.NoError(t, err)
	assert.Equal(t, filepath.Dir(filepath.Dir(wd)), root)
	assert.FileExists(t, filepath.Join(root, "sources", "configs", "Qwen--Qwen3-8B.json"))

	t.Setenv("GONB_DIR", t.TempDir())
	_, err = RepoRoot()
	assert.Error(t, err, "a folder outside the repository")
}

// A notebook's own plot carries its font, as the project's figures do,
// and its HTML form is an <img> of the same SVG titled by the plot's
// title.
func TestPlotSVGCarriesItsFont(t *testing.T) {
	p := plot.New()
	p.Title.Text = "a title & more"
	svg, err := SVG(p, Width, Height)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "@font-face{font-family:'Liberation Serif'")
	h := FigureHTML(svg)
	assert.True(t, strings.HasPrefix(h, `<img alt="a title &amp; more" src="data:image/svg+xml;base64,`), h[:80])
	b64 := strings.TrimSuffix(strings.SplitN(h, "base64,", 2)[1], `">`)
	back, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	assert.Equal(t, svg, back)
}

// A footnote that several rows point to is printed once under the table.
func TestFootnotesOnce(t *testing.T) {
	got := PrintedTableHTML(breakeven.PrintedTable{Header: []string{"a"}, Rows: [][]string{{"–¹"}, {"–¹"}},
		Notes: []string{"¹ not priced", "¹ not priced", "² other"}})
	assert.Equal(t, 1, strings.Count(got, "¹ not priced"), got)
	assert.Contains(t, got, "<br>\n² other")
}
