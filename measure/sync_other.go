//go:build !unix

package measure

import "errors"

func syncAll() error { return errors.New("dropping the page cache is only done on Linux") }
