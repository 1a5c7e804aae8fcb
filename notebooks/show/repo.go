package show

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// RepoRoot returns the repository's root: the folder up from the
// notebook's (GoNB's GONB_DIR, or the working folder) whose go.mod is
// module signalweight.dev/kv.
func RepoRoot() (string, error) {
	dir := os.Getenv("GONB_DIR")
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if isRoot(filepath.Join(dir, "go.mod")) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod of signalweight.dev/kv above " + os.Getenv("GONB_DIR"))
		}
		dir = up
	}
}

func isRoot(gomod string) bool {
	f, err := os.Open(gomod)
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); strings.HasPrefix(line, "module ") {
			return strings.TrimSpace(strings.TrimPrefix(line, "module ")) == "signalweight.dev/kv"
		}
	}
	return false
}

// AtRepoRoot makes the repository's root the working folder, so that a
// relative path a notebook is given (KV_CONFIG, KV_MEASURED, KV_EXPORT)
// reads as in the README and as breakeven run from the root reads it,
// whichever folder GoNB runs the cell in. An absolute path is unchanged.
func AtRepoRoot() error {
	root, err := RepoRoot()
	if err != nil {
		return err
	}
	return os.Chdir(root)
}
