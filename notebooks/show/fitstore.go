package show

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"signalweight.dev/kv/breakeven/calibration"
)

// GoNB runs every cell as a new program, and each cell that reports the
// prefill model's validation (calibration.Validated) would compute it
// again (tens of seconds of CPU a cell). In a notebook, show keeps it in
// the user's cache folder, gob-encoded, under a hash
// of everything the fit depends on: the sources of breakeven/ and
// sources/ (the fit's code, the published runs and the configs), go.mod,
// go.sum and the Go version. Any change to them is a new key, so a cell
// never reads a fit made by other code or other runs.
func init() {
	if InNotebook() {
		calibration.FitStore = gobStore{&fitStore{}}
	}
}

// gobStore is calibration's store over fitStore's bytes: the kept
// validation gob-encoded (here, not in calibration, so that the page's
// WebAssembly module links no encoder).
type gobStore struct{ s *fitStore }

// Get decodes the kept validation; a file that does not decode is a miss.
func (g gobStore) Get() (calibration.Kept, bool) {
	data, ok := g.s.Get()
	if !ok {
		return calibration.Kept{}, false
	}
	var k calibration.Kept
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&k); err != nil {
		return calibration.Kept{}, false
	}
	return k, true
}

// Put encodes and writes it, or only releases the lock if it does not
// encode.
func (g gobStore) Put(k calibration.Kept) {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(k); err != nil {
		g.s.unlock()
		return
	}
	g.s.Put(b.Bytes())
}

// fitStore keeps the fit in a file named by the key. Notebooks run side
// by side, so a store that finds no fit takes a lock first and looks
// again: the first to miss fits, and the others wait for its fit rather
// than fit too. The lock is held from that miss to Put, or to the end of
// the process if the fit fails.
type fitStore struct {
	lock *os.File
}

const fitPrefix = "calibration-fit-"

// fitKey hashes the files the fit depends on, from the repository's root.
func fitKey(root string) (string, error) {
	h := sha256.New()
	io.WriteString(h, runtime.Version()+" "+runtime.GOARCH+"\n")
	add := func(path string) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(root, path)
		io.WriteString(h, rel+"\n")
		_, err = io.Copy(h, f)
		return err
	}
	for _, dir := range []string{"breakeven", "sources"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			return add(path)
		})
		if err != nil {
			return "", err
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := add(filepath.Join(root, f)); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// fitPath is the kept fit's file for the code in the repository now.
func fitPath() (dir, file string, ok bool) {
	root, err := RepoRoot()
	if err != nil {
		return "", "", false
	}
	key, err := fitKey(root)
	if err != nil {
		return "", "", false
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", "", false
	}
	dir = filepath.Join(cache, "signalweight-kv")
	return dir, filepath.Join(dir, fitPrefix+key+".gob"), true
}

func (s *fitStore) Get() ([]byte, bool) {
	dir, file, ok := fitPath()
	if !ok {
		return nil, false
	}
	if data, err := os.ReadFile(file); err == nil {
		return data, true
	}
	if s.lock == nil && os.MkdirAll(dir, 0o755) == nil {
		if f, err := lockFile(filepath.Join(dir, fitPrefix+"lock")); err == nil {
			s.lock = f
			if data, err := os.ReadFile(file); err == nil {
				s.unlock()
				return data, true
			}
		}
	}
	return nil, false
}

func (s *fitStore) unlock() {
	if s.lock != nil {
		s.lock.Close() // closing the file releases its lock
		s.lock = nil
	}
}

// Put writes the fit whole or not at all, removes the fits of other
// keys, and lets the notebooks waiting for it read it.
func (s *fitStore) Put(data []byte) {
	defer s.unlock()
	dir, file, ok := fitPath()
	if !ok || os.MkdirAll(dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, ".fit-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
		return
	}
	old, _ := filepath.Glob(filepath.Join(dir, fitPrefix+"*.gob"))
	for _, o := range old {
		if o != file && strings.HasPrefix(filepath.Base(o), fitPrefix) {
			os.Remove(o)
		}
	}
}
