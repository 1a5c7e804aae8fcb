// Package replay replays a request trace through a prefix cache of KV
// blocks: which share of a workload's input tokens a cache of a given size
// and policy would have served, how long the cache waits between reuses,
// and, from there, what a tier buys in time to first token and how long a
// cache is worth keeping.
//
// The trace format is Mooncake's (sources.TraceFiles): one JSON request a
// line, its arrival in milliseconds, its input and output lengths in
// tokens, and one hash id per 512-token block of the prompt, an id naming
// the block together with everything before it.
package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Request is one line of a trace.
type Request struct {
	Line         int     // its line number in the file, from 1
	Timestamp    int64   // arrival, milliseconds from the trace's start
	InputLength  int     // prompt tokens
	OutputLength int     // generated tokens
	HashIDs      []int64 // one id per block of the prompt
}

// LineError is a trace line that cannot be replayed: its number, and why.
type LineError struct {
	Line   int
	Reason string
}

func (e *LineError) Error() string { return fmt.Sprintf("trace line %d: %s", e.Line, e.Reason) }

// An example of a good line, shown with every line error.
const exampleLine = `{"timestamp": 27482, "input_length": 6955, "output_length": 52, "hash_ids": [46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 2353, 2354]}`

// maxLine bounds one line (a 1,000,000-token prompt's ids take about 16 MB
// at most).
const maxLine = 64 << 20

// Reader reads a trace one line at a time. A bad line is returned as a
// *LineError and the next call goes on with the line after it, so one
// bad line never stops a replay.
type Reader struct {
	r           *bufio.Reader
	blockTokens int
	line        int
	last        int64 // the last good line's timestamp
	seen        bool
}

// NewReader reads the trace in r, with blocks of blockTokens tokens.
func NewReader(r io.Reader, blockTokens int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 1<<16), blockTokens: blockTokens}
}

// rawRequest is a line as written; pointers tell a missing field from 0.
type rawRequest struct {
	Timestamp    *int64  `json:"timestamp"`
	InputLength  *int    `json:"input_length"`
	OutputLength *int    `json:"output_length"`
	HashIDs      []int64 `json:"hash_ids"`
}

// Next returns the next request; io.EOF at the end; a *LineError for a
// line that cannot be replayed (the caller reports it and calls Next
// again); any other error is the underlying reader's.
func (t *Reader) Next() (Request, error) {
	for {
		b, err := t.readLine()
		if err != nil {
			return Request{}, err
		}
		t.line++
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue // a blank line, as at the end of a file
		}
		return t.parse(b)
	}
}

// readLine returns the next line without its newline, however long, up
// to maxLine.
func (t *Reader) readLine() ([]byte, error) {
	var long []byte
	for {
		chunk, err := t.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, chunk...)
			if len(long) > maxLine {
				return nil, fmt.Errorf("trace line %d: longer than %d bytes", t.line+1, maxLine)
			}
			continue
		}
		if long != nil {
			chunk = append(long, chunk...)
		}
		if err == io.EOF && len(chunk) > 0 {
			return chunk, nil
		}
		return chunk, err
	}
}

func (t *Reader) bad(format string, a ...any) *LineError {
	return &LineError{t.line, fmt.Sprintf(format, a...) + "; a good line: " + exampleLine}
}

func (t *Reader) parse(b []byte) (Request, error) {
	raw, ok := fastParse(b, nil)
	if !ok {
		var err error
		if raw, err = t.slowParse(b); err != nil {
			return Request{}, err
		}
	}
	return t.check(raw)
}

// slowParse reads a line with encoding/json, for any line fastParse does
// not take, and words its error.
func (t *Reader) slowParse(b []byte) (rawRequest, error) {
	var raw rawRequest
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&raw); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &typ) && typ.Field == "":
			// The line is JSON, but a number, string or list, not one
			// request's object (a CSV row is read as its first number).
			return raw, t.bad("a JSON %s, not an object with the request's fields", typ.Value)
		case errors.As(err, &typ):
			return raw, t.bad("field %s is not a whole number (or a list of them)", typ.Field)
		case errors.As(err, &syn):
			return raw, t.bad("not JSON (%v)", err)
		default:
			return raw, t.bad("not JSON (%v)", err)
		}
	}
	if dec.More() {
		return raw, t.bad("more than one JSON value on the line")
	}
	return raw, nil
}

// check validates a line read and makes it a request.
func (t *Reader) check(raw rawRequest) (Request, error) {
	switch {
	case raw.Timestamp == nil:
		return Request{}, t.bad("no timestamp")
	case raw.InputLength == nil:
		return Request{}, t.bad("no input_length")
	case raw.HashIDs == nil:
		return Request{}, t.bad("no hash_ids")
	case *raw.Timestamp < 0:
		return Request{}, t.bad("negative timestamp %d ms", *raw.Timestamp)
	case t.seen && *raw.Timestamp < t.last:
		return Request{}, t.bad("timestamp %d ms is before the previous request's %d ms (a trace is in arrival order)", *raw.Timestamp, t.last)
	case *raw.InputLength < 0:
		return Request{}, t.bad("negative input_length %d", *raw.InputLength)
	case raw.OutputLength != nil && *raw.OutputLength < 0:
		return Request{}, t.bad("negative output_length %d", *raw.OutputLength)
	}
	need := Blocks(*raw.InputLength, t.blockTokens)
	if len(raw.HashIDs) != need {
		what := "shorter than"
		if len(raw.HashIDs) > need {
			what = "longer than"
		}
		return Request{}, t.bad("hash_ids has %d ids, %s the %d blocks of %d tokens that input_length %d needs", len(raw.HashIDs), what, need, t.blockTokens, *raw.InputLength)
	}
	t.last, t.seen = *raw.Timestamp, true
	r := Request{Line: t.line, Timestamp: *raw.Timestamp, InputLength: *raw.InputLength, HashIDs: raw.HashIDs}
	if raw.OutputLength != nil {
		r.OutputLength = *raw.OutputLength
	}
	return r, nil
}

// Blocks is the number of blocks of blockTokens that n tokens fill, the
// last one perhaps partly.
func Blocks(n, blockTokens int) int { return (n + blockTokens - 1) / blockTokens }
