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
// any order. A row may leave any of them empty that its form does not
// need: a throughput claim has no seconds, a claim with no link stated
// no links.
var RequiredColumns = []string{"model", "tokens", "seconds", "links", "source"}

// OptionalColumns are the other columns the checker reads, each a field
// of Claim: seconds_are (ttft or load), size, throughput, per_node (yes
// or no), uncached, speedup, hit, host, path, tp, gpus, kv_dtype, config, id,
// locator, quote and note. A column of any other name is kept in
// Claim.Extra and echoed by check --json, --csv and --report.
var OptionalColumns = []string{"seconds_are", "size", "throughput", "per_node", "uncached", "speedup", "hit",
	"host", "path", "tp", "gpus", "kv_dtype", "config", "id", "locator", "quote", "note"}

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
// length is read in constant memory; a row longer than MaxRowBytes stops
// it with a *LimitError. Lines starting with # are comments; blank lines
// are skipped. Lines may end in LF, CR LF or CR alone.
type Reader struct {
	g       *guard
	cr      *csv.Reader
	nfields int
	col     map[string]int // column name -> index
	extra   []int          // the indexes of the columns not read, in file order
	names   []string       // the header's names, by index
}

// known are the columns the reader maps to Claim fields.
var known = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range append(append([]string{}, RequiredColumns...), OptionalColumns...) {
		m[c] = true
	}
	return m
}()

// ExtraColumns names the columns the reader keeps in Claim.Extra, in file
// order.
func (r *Reader) ExtraColumns() []string {
	out := make([]string, len(r.extra))
	for i, j := range r.extra {
		out[i] = r.names[j]
	}
	return out
}

// NewReader reads the header of a claims file and returns a Reader for its
// rows, or a *HeaderError.
func NewReader(r io.Reader) (*Reader, error) {
	g := newGuard(r)
	cr := csv.NewReader(g)
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
		var le *LimitError
		if errors.As(err, &le) {
			return nil, &HeaderError{le.Line, le.Reason()}
		}
		return nil, err
	}
	g.row()
	line, _ := cr.FieldPos(0)
	rd := &Reader{g: g, cr: cr, nfields: len(header), col: map[string]int{}, names: make([]string, len(header))}
	for i, h := range header {
		name := columnName(h, i == 0)
		rd.names[i] = name
		if name == "" {
			continue
		}
		if _, dup := rd.col[name]; dup {
			return nil, &HeaderError{line, fmt.Sprintf("column %q appears twice", name)}
		}
		rd.col[name] = i
		if !known[name] {
			rd.extra = append(rd.extra, i)
		}
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
// other error (a *LimitError among them) ends the reading.
func (r *Reader) Read() (Claim, error) {
	rec, err := r.cr.Read()
	r.g.row()
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
	c := Claim{
		Model:      r.field(rec, "model"),
		Config:     r.field(rec, "config"),
		Tokens:     r.field(rec, "tokens"),
		Seconds:    r.field(rec, "seconds"),
		SecondsAre: r.field(rec, "seconds_are"),
		Size:       r.field(rec, "size"),
		Throughput: r.field(rec, "throughput"),
		Uncached:   r.field(rec, "uncached"),
		Speedup:    r.field(rec, "speedup"),
		Hit:        r.field(rec, "hit"),
		Links:      r.field(rec, "links"),
		Host:       r.field(rec, "host"),
		Path:       r.field(rec, "path"),
		TP:         r.field(rec, "tp"),
		GPUs:       r.field(rec, "gpus"),
		KVDtype:    r.field(rec, "kv_dtype"),
		ID:         r.field(rec, "id"),
		Source:     r.field(rec, "source"),
		Locator:    r.field(rec, "locator"),
		Quote:      r.field(rec, "quote"),
		Note:       r.field(rec, "note"),
		Line:       line,
	}
	if len(r.extra) > 0 {
		c.Extra = make([]Field, len(r.extra))
		for i, j := range r.extra {
			c.Extra[i] = Field{r.names[j], strings.TrimSpace(rec[j])}
		}
	}
	pn := r.field(rec, "per_node")
	switch strings.ToLower(pn) {
	case "", "no", "false", "0", "total":
	case "yes", "true", "1", "per-node", "per node":
		c.PerNode = true
	default:
		return c, &RowError{line, breakeven.Bad("per_node", pn, "not yes or no", `"yes" (per node) or "no" (in total)`)}
	}
	return c, nil
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
	return CheckRows(rd, c, found, bad)
}

// CheckRows is CheckAll on a Reader whose header has been read.
func CheckRows(rd *Reader, c *Checker, found func(Result) error, bad func(*RowError) error) error {
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
