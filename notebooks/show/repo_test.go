package show

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// A footnote that several rows point to is printed once under the table.
func TestFootnotesOnce(t *testing.T) {
	got := PrintedTableHTML(breakeven.PrintedTable{Header: []string{"a"}, Rows: [][]string{{"–¹"}, {"–¹"}},
		Notes: []string{"¹ not priced", "¹ not priced", "² other"}})
	assert.Equal(t, 1, strings.Count(got, "¹ not priced"), got)
	assert.Contains(t, got, "<br>\n² other")
}

// A cell that shows only tables and text links show alone, and GoNB
// builds and links a program for every cell: show must not bring in
// gonum/plot (whose fonts are registered on import) or figures, which
// would triple every such program and its link time. showplot shows a
// bare plot.
func TestShowDoesNotLinkPlotting(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	assert.NotContains(t, deps, "gonum.org/v1/plot")
	assert.NotContains(t, deps, "signalweight.dev/kv/figures")
	assert.Contains(t, deps, "github.com/janpfeifer/gonb/gonbui", "the list is show's dependencies")
}
