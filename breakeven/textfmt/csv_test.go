package textfmt

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Per the OWASP guidance on CSV injection, a cell beginning with =, +, -,
// @, a tab or a carriage return gets a single quote in front; numbers
// and other cells are written as they are.
func TestCSVCellNeutralisesFormulas(t *testing.T) {
	for in, want := range map[string]string{
		`=HYPERLINK("http://x","y")`:  `'=HYPERLINK("http://x","y")`,
		`@SUM(1+1)*cmd|' /C calc'!A0`: `'@SUM(1+1)*cmd|' /C calc'!A0`,
		"+cmd":                        "'+cmd",
		"-2+3+cmd|' /C calc'!D2":      "'-2+3+cmd|' /C calc'!D2",
		"\t=1":                        "'\t=1",
		"\r=1":                        "'\r=1",
		"-1.5":                        "-1.5",
		"+3e9":                        "+3e9",
		"-24964400000":                "-24964400000",
		"llama-3.1-70b":               "llama-3.1-70b",
		"a = b":                       "a = b",
		"":                            "",
	} {
		assert.Equal(t, want, CSVCell(in), "%q", in)
	}
}

// The writer neutralises every cell of every record, header included,
// and the file still reads back as CSV.
func TestCSVWriterNeutralisesEveryRecord(t *testing.T) {
	var b bytes.Buffer
	w := NewCSVWriter(&b)
	require.NoError(t, w.Write([]string{"model", "=cmd"}))
	require.NoError(t, w.Write([]string{"@x", "-1"}))
	w.Flush()
	require.NoError(t, w.Error())
	recs, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"model", "'=cmd"}, {"'@x", "-1"}}, recs)
}
