// Package textfmt lays out the command's plain-text reports: labelled
// lines whose values wrap to 80 columns, words folded at a width, and
// columns padded by runes; and it words counts, with the article a
// number is read with and a noun's singular or plural. The calculator's
// report, the fact-checker's and the audit's all go through it, so they
// wrap alike.
package textfmt

import (
	"io"
	"strings"
)

// LabelWidth is the width of the label column of a labelled line.
const LabelWidth = 23

// Width is the last column a report writes.
const Width = 79

// ProseWidth is the width a report's sentences (a title, a note, an
// explanation) are folded at, one column inside Width.
const ProseWidth = Width - 1

// Line writes "  label   value", the value wrapped to Width columns with
// continuation lines indented to the value's column.
func Line(w io.Writer, label, value string) {
	io.WriteString(w, "  "+Pad(label, LabelWidth-2)+WrapFrom(value, LabelWidth, Width)+"\n")
}

// WrapFrom folds text that starts at column col so that no line passes
// width columns, indenting continuation lines to col. A word longer than
// the room stands on its own line.
func WrapFrom(text string, col, width int) string {
	var b strings.Builder
	at := col
	for i, word := range strings.Fields(text) {
		n := len([]rune(word))
		switch {
		case i == 0:
		case at+1+n > width:
			b.WriteString("\n" + strings.Repeat(" ", col))
			at = col
		default:
			b.WriteByte(' ')
			at++
		}
		b.WriteString(word)
		at += n
	}
	return b.String()
}

// Wrap folds text at width, indenting continuation lines with indent.
func Wrap(text string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		n := len([]rune(word))
		if i > 0 && line+1+n > width {
			b.WriteString("\n" + indent)
			line = len([]rune(indent))
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += n
	}
	return b.String()
}

// Pad pads s with spaces to n runes.
func Pad(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

// PadLeft right-aligns s in n runes.
func PadLeft(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return strings.Repeat(" ", n-k) + s
	}
	return s
}

// Trim cuts s to n runes, ending it with "…" when cut.
func Trim(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Article returns the indefinite article read before a number written in
// digits ("8,000", "127188", "18.5"): "an" where its English name starts
// with a vowel sound (eight, eighty, eight hundred, eleven, eighteen, in
// the leading group of three digits that names the thousands, millions
// and so on), else "a". Only the digits before a decimal point count,
// commas between them or not.
func Article(number string) string {
	digits := ""
	for _, r := range number {
		if r == ',' {
			continue
		}
		if r < '0' || r > '9' {
			break
		}
		digits += string(r)
	}
	group := digits // whole groups of three: only the first digit counts
	if n := len(digits) % 3; n > 0 {
		group = digits[:n]
	}
	if strings.HasPrefix(group, "8") || group == "11" || group == "18" {
		return "an"
	}
	return "a"
}

// Plural returns one for a count of 1 and many for any other: "1 link",
// "2 links", "0 links".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
