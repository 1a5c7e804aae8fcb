package breakeven

import (
	"errors"
	"fmt"
	"strings"
)

// FieldError is a bad input, named by its field: the flag of the command
// ("link", "hit-rate"), which is also the page's field and URL key, the
// claims file's column, and the notebook's KV_ variable. It carries the
// value as given, what is wrong, and a valid example. It is the one error
// type of the calculator and the fact-checker, whichever front end
// (command, page, notebook, claims file) shows it.
type FieldError struct {
	// Field is the input's name ("link"); empty when no single input is
	// to blame, and then Message is a whole sentence.
	Field   string `json:"field"`
	Value   string `json:"value"`
	Message string `json:"message"`
	// Example is a valid value of the field ("181Gbit/s"), or a command
	// line fragment when the fix needs other flags too ("--model
	// llama-3.1-405b --gpus 8xH100").
	Example string `json:"example,omitempty"`
}

// Error names the field as the command's flag: `--link "x": unknown unit
// "x" (e.g. --link 181Gbit/s)`.
func (e *FieldError) Error() string { return e.For(Flag) }

// A Front is how a front end names its inputs: the command's flags, the
// notebook's KV_ variables, the claims file's columns.
type Front struct {
	// Name turns a field into the front end's name for it.
	Name func(field string) string
	// Set writes a name and a value as the front end takes them.
	Set func(name, value string) string
}

// The front ends.
var (
	// Flag: --link 181Gbit/s.
	Flag = Front{func(f string) string { return "--" + f }, func(n, v string) string { return n + " " + v }}
	// CSVColumn: links "x" ... (e.g. 181Gbit/s), a claims file's column.
	CSVColumn = Front{func(f string) string { return strings.ReplaceAll(f, "-", "_") }, func(_, v string) string { return v }}
)

// flagInExampleAt matches a flag with its value in an example fragment
// (scan.go): the end of the match, or -1.
func flagInExampleAt(s string, i int) int {
	e := flagAt(s, i)
	if e < 0 {
		return -1
	}
	if _, end, ok := flagValueAt(s, e); ok {
		return end
	}
	return e
}

// For writes the error as a front end names its inputs: `--link "x": ...
// (e.g. --link 181Gbit/s)` for Flag, `KV_LINK "x": ... (e.g.
// KV_LINK=181Gbit/s)` for the notebook's variables. Flags named in the
// message and example are renamed too, where f.Name knows them (it
// returns "" for a name that is not an input).
func (e *FieldError) For(f Front) string {
	setAll := func(ex string) string {
		return replaceEach(ex, flagInExampleAt, func(i, end int) string {
			e := flagAt(ex, i)
			n := f.Name(ex[i+2 : e])
			if n == "" {
				return ex[i:end]
			}
			vs, ve, ok := flagValueAt(ex, e)
			if !ok || ve > end {
				return n
			}
			return f.Set(n, ex[vs:ve])
		})
	}
	msg := e.Message
	if f.Name != nil && strings.Contains(msg, "--") {
		m := msg
		msg = replaceEach(m, exampleAt, func(i, end int) string { return setAll(m[i:end]) })
		m = msg
		msg = replaceEach(m, flagAt, func(i, end int) string {
			if n := f.Name(m[i+2 : end]); n != "" {
				return n
			}
			return m[i:end]
		})
	}
	if e.Field == "" || e.Example == "" || f.Name(e.Field) == "" {
		return msg
	}
	s := fmt.Sprintf("%s %s: %s", f.Name(e.Field), Quote(e.Value), msg)
	if e.Example == "" {
		return s
	}
	ex := e.Example
	if strings.HasPrefix(ex, "--") {
		ex = setAll(ex)
	} else {
		ex = f.Set(f.Name(e.Field), ex)
	}
	return s + " (e.g. " + ex + ")"
}

// FieldFromParse turns a parser's error into a FieldError with the
// parser's reason; example is a valid value of the field.
func FieldFromParse(field, value string, err error, example string) *FieldError {
	var pe *ParseError
	if errors.As(err, &pe) {
		return &FieldError{field, value, pe.Reason, example}
	}
	return &FieldError{field, value, err.Error(), example}
}

// Bad returns a FieldError: the field, its value, what is wrong and a
// valid example.
func Bad(field, value, message, example string) *FieldError {
	return &FieldError{Field: field, Value: value, Message: message, Example: example}
}
