package main

import (
	"fmt"
	"io"
)

// escaper passes the command's output on with every control character
// shown escaped, so that no input echoed in a message or a report (a
// file name, a flag, an address, a claim's quote) can move the cursor,
// recolour the terminal or set its title: ESC is written \x1b, a
// carriage return \x0d, a C1 control such as U+009B (CSI) \u009b. Line
// feeds and tabs pass, as the reports lay themselves out with them. Every
// command writes through one (run wraps stdout and stderr).
type escaper struct {
	w   io.Writer
	c2  bool // the last byte written was 0xC2, the lead byte of a C1 control
	buf []byte
	// redraw lets a carriage return that starts a write pass, so that a
	// progress bar can redraw its line (see progressTo).
	redraw bool
}

// progressTo is where a progress bar writes: w itself, or, when w is an
// escaper, one that also passes the carriage return starting each of the
// bar's writes. The bar's text is the command's own (counts and lengths);
// anything else in it is still escaped.
func progressTo(w io.Writer) io.Writer {
	if e, ok := w.(*escaper); ok {
		return &escaper{w: e.w, redraw: true}
	}
	return w
}

func (e *escaper) Write(p []byte) (int, error) {
	b := e.buf[:0]
	for i, c := range p {
		if e.redraw && i == 0 && c == '\r' && !e.c2 {
			b = append(b, c)
			continue
		}
		if e.c2 {
			e.c2 = false
			if c >= 0x80 && c <= 0x9f {
				b = fmt.Appendf(b, `\u%04x`, c)
				continue
			}
			b = append(b, 0xc2)
		}
		switch {
		case c == 0xc2:
			e.c2 = true
		case c < 0x20 && c != '\n' && c != '\t', c == 0x7f:
			b = fmt.Appendf(b, `\x%02x`, c)
		default:
			b = append(b, c)
		}
	}
	e.buf = b
	if _, err := e.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes a lead byte held back at the end of the output.
func (e *escaper) flush() {
	if e.c2 {
		e.c2 = false
		e.w.Write([]byte{0xc2})
	}
}
