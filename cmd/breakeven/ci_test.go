package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// CI fuzzes every fuzz target of the tree, by count, with the
// minimisation of a new input bounded (-fuzzminimizetime), in the
// package that holds it.
func TestCIRunsEveryFuzzTarget(t *testing.T) {
	ci, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	require.NoError(t, err)
	fuzzFunc := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	n := 0
	err = filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != repoRoot {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, m := range fuzzFunc.FindAllSubmatch(b, -1) {
			n++
			line := regexp.MustCompile(`(?m)^go test -run='\^\$' -fuzz='\^` + string(m[1]) + `\$' -fuzzminimizetime=\d+x -fuzztime=\d+x \./` + regexp.QuoteMeta(filepath.ToSlash(rel)) + `$`)
			assert.Regexp(t, line, string(ci), "%s (%s) is not fuzzed by count with -fuzzminimizetime in .ci/run", m[1], rel)
		}
		return nil
	})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, n, 6, "the tree's fuzz targets")
}
