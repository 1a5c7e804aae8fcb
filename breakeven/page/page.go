// Package page adapts the calculator and the fact-checker to the web
// page: an input error as the page shows it beside its field, and the
// answer as JSON. It is the one page adapter; calculator.Page and
// factcheck.CheckPage are built on it.
package page

import (
	"encoding/json"
	"errors"

	"signalweight.dev/kv/breakeven"
)

// Row is one line of an answer as a person reads it, the calculator's or
// a checked claim's: Key names it (the page's result id, stable for
// programs), Label is what is printed before it, Text is the value with
// its unit.
type Row struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

// Error is a bad input and the line the page shows beside its field.
type Error struct {
	breakeven.FieldError
	Text string `json:"text"`
}

// Front names a form's inputs by their field names: `link "x": ... (e.g.
// link = 181Gbit/s)`. isField says which names are the form's inputs, so
// that a flag a message names which the form lacks stays a flag; nil
// takes every name as a field.
func Front(isField func(name string) bool) breakeven.Front {
	return breakeven.Front{
		Name: func(f string) string {
			if isField != nil && !isField(f) {
				return ""
			}
			return f
		},
		Set: func(n, v string) string { return n + " = " + v },
	}
}

// ErrorOf is err as the page shows it with front: a *breakeven.FieldError
// beside its field, any other error as a sentence.
func ErrorOf(err error, front breakeven.Front) Error {
	var fe *breakeven.FieldError
	if !errors.As(err, &fe) {
		fe = &breakeven.FieldError{Message: err.Error()}
	}
	return Error{*fe, fe.For(front)}
}

// BadRequest is the error of a request that is not the form's JSON.
func BadRequest(err error, front breakeven.Front) Error {
	return ErrorOf(&breakeven.FieldError{Message: "bad request: " + err.Error()}, front)
}

// JSON returns v as JSON; should v not marshal, it returns the reason as
// the one error of an answer ({"errors": [...]}), which the page shows.
func JSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(struct {
			Errors []Error `json:"errors"`
		}{[]Error{{FieldError: breakeven.FieldError{Message: err.Error()}, Text: err.Error()}}})
	}
	return b
}
