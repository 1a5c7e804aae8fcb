//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package show

import (
	"os"
	"syscall"
)

// lockFile opens path and waits for its exclusive lock.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
