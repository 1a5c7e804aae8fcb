package factcheck

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// RequiredColumns are the columns a claims file's header must name, in
// any order. A file may have more (kv_dtype and note are read; others are
// ignored), and a row may leave links, kv_dtype and note empty.
var RequiredColumns = []string{"model", "tokens", "seconds", "links", "source"}

// ExampleHeader is a valid header row.
const ExampleHeader = "model,tokens,seconds,links,source,kv_dtype,note"

// RowError reports a row of a claims file that cannot be read or checked.
// Reading goes on after one.
type RowError struct {
	Line int
	Err  error
}

// Error names a bad field by its column: `line 3: links "x": ...`.
func (e *RowError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Reason()) }

// Reason is the error without its line: a bad field named by its column.
func (e *RowError) Reason() string {
	var fe *breakeven.FieldError
	if errors.As(e.Err, &fe) {
		return fe.For(breakeven.CSVColumn)
	}
	return e.Err.Error()
}

func (e *RowError) Unwrap() error { return e.Err }

// HeaderError reports a claims file whose header cannot be used; nothing
// can be read after one.
type HeaderError struct {
	Line   int
	Reason string
}

func (e *HeaderError) Error() string {
	return fmt.Sprintf("line %d: %s (a valid header: %s)", e.Line, e.Reason, ExampleHeader)
}

// Reader reads claims from a CSV file, one row at a time, so a file of any
// length is read in constant memory. Lines starting with # are comments;
// blank lines are skipped.
type Reader struct {
	cr      *csv.Reader
	nfields int
	col     map[string]int // column name -> index
}

// NewReader reads the header of a claims file and returns a Reader for its
// rows, or a *HeaderError.
func NewReader(r io.Reader) (*Reader, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1 // checked here, to report the line and go on
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &HeaderError{1, "empty file: no header row"}
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, &HeaderError{pe.StartLine, pe.Err.Error()}
		}
		return nil, err
	}
	line, _ := cr.FieldPos(0)
	rd := &Reader{cr: cr, nfields: len(header), col: map[string]int{}}
	for i, h := range header {
		name := columnName(h, i == 0)
		if name == "" {
			continue
		}
		if _, dup := rd.col[name]; dup {
			return nil, &HeaderError{line, fmt.Sprintf("column %q appears twice", name)}
		}
		rd.col[name] = i
	}
	var missing []string
	for _, c := range RequiredColumns {
		if _, ok := rd.col[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, &HeaderError{line, fmt.Sprintf("the header lacks %s", strings.Join(missing, ", "))}
	}
	return rd, nil
}

// columnName folds a header cell to a column name: lower case, spaces and
// hyphens as underscores ("KV dtype" is kv_dtype), any byte-order mark
// dropped from the first cell.
func columnName(h string, first bool) string {
	if first {
		h = strings.TrimPrefix(h, "\ufeff")
	}
	h = strings.ToLower(strings.TrimSpace(h))
	return strings.NewReplacer(" ", "_", "-", "_").Replace(h)
}

// Read returns the next claim, unchecked. A row that cannot be read
// returns a *RowError and reading may go on; io.EOF ends the file; any
// other error is from the underlying reader.
func (r *Reader) Read() (Claim, error) {
	rec, err := r.cr.Read()
	if err == io.EOF {
		return Claim{}, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return Claim{Line: pe.StartLine}, &RowError{pe.StartLine, fmt.Errorf("malformed CSV: %v", pe.Err)}
		}
		return Claim{}, err
	}
	line, _ := r.cr.FieldPos(0)
	if len(rec) != r.nfields {
		return Claim{Line: line}, &RowError{line, fmt.Errorf("%d fields where the header has %d", len(rec), r.nfields)}
	}
	empty := true
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			empty = false
			break
		}
	}
	if empty {
		return Claim{Line: line}, &RowError{line, errors.New("empty row")}
	}
	return Claim{
		Model:   r.field(rec, "model"),
		Tokens:  r.field(rec, "tokens"),
		Seconds: r.field(rec, "seconds"),
		Links:   r.field(rec, "links"),
		KVDtype: r.field(rec, "kv_dtype"),
		Source:  r.field(rec, "source"),
		Note:    r.field(rec, "note"),
		Line:    line,
	}, nil
}

func (r *Reader) field(rec []string, name string) string {
	i, ok := r.col[name]
	if !ok {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

// CheckAll reads every claim from r and checks it, calling found for
// each good row and bad for each row that cannot be read or checked (with
// a *RowError). It stops only at the end of the input, a bad header or an
// error from the reader itself, which it returns.
func CheckAll(r io.Reader, c *Checker, found func(Result) error, bad func(*RowError) error) error {
	rd, err := NewReader(r)
	if err != nil {
		return err
	}
	for {
		cl, err := rd.Read()
		if err == io.EOF {
			return nil
		}
		var re *RowError
		switch {
		case errors.As(err, &re):
			if err := bad(re); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		}
		res, err := c.Check(cl)
		if err != nil {
			if err := bad(&RowError{cl.Line, err}); err != nil {
				return err
			}
			continue
		}
		if err := found(res); err != nil {
			return err
		}
	}
}
