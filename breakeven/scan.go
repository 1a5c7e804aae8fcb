package breakeven

import "strings"

// The scanners below read the few patterns the parsers and FieldError.For
// need, by hand rather than with package regexp: they match exactly what
// the regular expressions quoted in their comments match (scan_test.go
// checks each against that expression on generated and fuzzed inputs),
// and leaving regexp out takes about 0.5 MB and its start-up work off the
// page's WebAssembly module.

// isSpace is RE2's \s: tab, newline, form feed, carriage return, space.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skip returns the first index at or after i where ok fails.
func skip(s string, i int, ok func(byte) bool) int {
	for i < len(s) && ok(s[i]) {
		i++
	}
	return i
}

// numberPrefix returns the decimal number at the start of s, as
// ^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)? finds it: commas
// between groups of three digits, a fraction and an exponent, each
// optional (so it may return "" or a lone sign).
func numberPrefix(s string) string {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	d := skip(s, i, isDigit)
	group := func(j int) bool { // ",ddd" at j
		return j+4 <= len(s) && s[j] == ',' && isDigit(s[j+1]) && isDigit(s[j+2]) && isDigit(s[j+3])
	}
	if n := d - i; n >= 1 && n <= 3 && group(d) {
		// Grouped: the first alternative wins where it matches.
		for d = d + 4; group(d); d += 4 {
		}
	}
	i = d
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		i = skip(s, i+1, isDigit)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			i = skip(s, j, isDigit)
		}
	}
	return s[:i]
}

// countPrefix splits a leading count from the rest, as
// ^\s*(\d+)\s*[x×*]\s*(.+)$ does: "2x100GbE" is "2" and "100GbE". The rest
// holds no newline and is never empty: after an x with only spaces
// behind it, it is the last of those spaces.
func countPrefix(s string) (count, rest string, ok bool) {
	i := skip(s, 0, isSpace)
	d := skip(s, i, isDigit)
	if d == i {
		return "", "", false
	}
	j := skip(s, d, isSpace)
	switch {
	case strings.HasPrefix(s[j:], "x"), strings.HasPrefix(s[j:], "*"):
		j++
	case strings.HasPrefix(s[j:], "×"):
		j += len("×")
	default:
		return "", "", false
	}
	k := skip(s, j, isSpace)
	if k == len(s) {
		// Only spaces after the x: "." takes the last of them, unless
		// there is none or it is a newline.
		if j == len(s) || s[len(s)-1] == '\n' {
			return "", "", false
		}
		k = len(s) - 1
	}
	if strings.IndexByte(s[k:], '\n') >= 0 {
		return "", "", false
	}
	return s[i:d], s[k:], true
}

// flagAt reads a flag named in a sentence at s[i:], as
// --([a-z][a-z0-9-]*) does, and returns the end of its name, or -1.
func flagAt(s string, i int) int {
	if !strings.HasPrefix(s[i:], "--") || i+2 >= len(s) || s[i+2] < 'a' || s[i+2] > 'z' {
		return -1
	}
	return skip(s, i+3, func(c byte) bool { return 'a' <= c && c <= 'z' || isDigit(c) || c == '-' })
}

// flagValueAt reads the value that follows a flag's name ending at e, as
// (?:\s+("[^"]*"|[^\s-][^\s]*))? does: a quoted string, or a word that
// does not start with "-". It returns the value's span, or ok false.
func flagValueAt(s string, e int) (start, end int, ok bool) {
	w := skip(s, e, isSpace)
	if w == e || w == len(s) {
		return 0, 0, false
	}
	if s[w] == '"' {
		if q := strings.IndexByte(s[w+1:], '"'); q >= 0 {
			return w, w + 1 + q + 1, true
		}
	}
	if s[w] == '-' {
		return 0, 0, false
	}
	return w, skip(s, w+1, func(c byte) bool { return !isSpace(c) }), true
}

// exampleAt reads an "(e.g. ...)" part at s[i:], as \(e\.g\. [^()]*\) does,
// and returns its end, or -1.
func exampleAt(s string, i int) int {
	if !strings.HasPrefix(s[i:], "(e.g. ") {
		return -1
	}
	j := i + len("(e.g. ")
	if k := strings.IndexAny(s[j:], "()"); k >= 0 && s[j+k] == ')' {
		return j + k + 1
	}
	return -1
}

// replaceEach replaces each match in s, left to right and not
// overlapping, by repl of it; match returns the end of a match starting
// at i, or -1. Every pattern here starts with an ASCII byte, so a match
// never starts inside a multi-byte character.
func replaceEach(s string, match func(s string, i int) int, repl func(i, end int) string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		end := match(s, i)
		if end < 0 {
			i++
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(repl(i, end))
		last, i = end, end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
