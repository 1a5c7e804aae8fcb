package textfmt

import (
	"encoding/csv"
	"io"
	"strconv"
)

// CSVCell neutralises a cell against formula injection, following the
// OWASP guidance on CSV injection: a cell that begins with =, +, -, @, a
// tab or a carriage return is prefixed with a single quote, so that a
// spreadsheet shows it as text rather than running it as a formula
// ("=HYPERLINK(...)" is written "'=HYPERLINK(...)"). A cell that reads as
// a number ("-1.5", "+3e9") is left as it is: it computes nothing, and a
// program reading the file still gets the number.
func CSVCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return s
		}
		return "'" + s
	}
	return s
}

// CSVWriter is a csv.Writer whose every cell, header names included,
// goes through CSVCell. Every CSV the command writes uses it.
type CSVWriter struct {
	*csv.Writer
	rec []string
}

// NewCSVWriter returns a CSVWriter writing to w.
func NewCSVWriter(w io.Writer) *CSVWriter { return &CSVWriter{Writer: csv.NewWriter(w)} }

// Write writes one record, each cell neutralised.
func (w *CSVWriter) Write(rec []string) error {
	w.rec = w.rec[:0]
	for _, c := range rec {
		w.rec = append(w.rec, CSVCell(c))
	}
	return w.Writer.Write(w.rec)
}
