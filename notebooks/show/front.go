package show

import "os"

// Interactive reports whether widgets can be shown: the code runs in a
// notebook that a front end is connected to. A Jupyter server names the
// session of a kernel it starts for an open notebook (JPY_SESSION_NAME);
// nbconvert, which executes a notebook with nobody watching, does not.
// KV_WIDGETS=1 forces widgets on (a front end this test does not know),
// KV_HEADLESS=1 forces them off. Widgets wait for a browser's answer, so
// headless execution must never create them.
func Interactive() bool {
	if !InNotebook() || os.Getenv("KV_HEADLESS") != "" {
		return false
	}
	return os.Getenv("KV_WIDGETS") != "" || os.Getenv("JPY_SESSION_NAME") != ""
}
