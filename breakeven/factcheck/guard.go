package factcheck

import (
	"fmt"
	"io"
)

// MaxRowBytes bounds one row of a claims file, quoted line breaks
// included: the reader refuses a longer row, with a *LimitError, rather
// than hold it in memory. The longest row of a real claims file is a few
// kilobytes; the bound keeps the reader's memory flat (a few megabytes)
// whatever the input, /dev/zero or an unclosed quote included.
const MaxRowBytes = 1 << 20

// LimitError reports a row longer than MaxRowBytes. Nothing after it is
// read: the file is not a claims file, or a quote is never closed.
type LimitError struct {
	Line      int  // the line the reader had reached
	NoNewline bool // the row has no line break at all
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("line %d: %s (a valid row: %s)", e.Line, e.Reason(), exampleRow)
}

// Reason is the error without its line.
func (e *LimitError) Reason() string {
	if e.NoNewline {
		return fmt.Sprintf("more than %d bytes (1 MiB) without a line break, the limit for one row: not a CSV file?", MaxRowBytes)
	}
	return fmt.Sprintf("a row longer than %d bytes (1 MiB), the limit for one row: a quote never closed?", MaxRowBytes)
}

// exampleRow is a valid row under ExampleHeader.
const exampleRow = "llama-3.1-70b,105000,0.58,1x400Gbit/s,weka,,"

// guard sits between the input and the CSV reader. It counts the bytes
// of the row being read and fails once they pass MaxRowBytes, and it
// reads a lone carriage return (the old Mac line end) as a line feed,
// as it does a CR LF pair, so that a CR-only file reads line by line.
type guard struct {
	r       io.Reader
	buf     []byte
	cr      bool // the last byte read was a carriage return, passed on as LF
	n       int  // bytes since the row began
	newline bool // a line break since the row began
	lines   int  // line breaks passed on
	err     error
}

func newGuard(r io.Reader) *guard { return &guard{r: r, buf: make([]byte, 4096)} }

// row starts the count of a new row. The CSV reader reads ahead by at
// most its buffer (4 KiB), so the bound holds to within that.
func (g *guard) row() { g.n, g.newline = 0, false }

func (g *guard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	m, err := g.r.Read(g.buf[:min(len(p), len(g.buf))])
	w := 0
	for _, b := range g.buf[:m] {
		if b == '\n' && g.cr {
			g.cr = false // the LF of a CR LF, passed on as the CR
			continue
		}
		g.cr = b == '\r'
		if g.cr {
			b = '\n'
		}
		p[w] = b
		w++
		if b == '\n' {
			g.lines++
			g.newline = true
		}
	}
	g.n += w
	if g.n > MaxRowBytes {
		g.err = &LimitError{Line: g.lines + 1, NoNewline: !g.newline}
		return 0, g.err
	}
	return w, err
}
