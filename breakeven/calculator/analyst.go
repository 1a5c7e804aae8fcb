package calculator

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/textfmt"
)

// A Case is one question of a comparison or a sweep: its label (the model,
// or the swept input's value), its request, and its answer or the error
// that stopped it. A bad case does not stop the others.
type Case struct {
	Label   string
	Request Request
	Answer  Answer
	Err     error
}

// Compare asks base's question of each model: the same prompt, link and
// options, and the same GPUs, whose FLOP model gives each model's prefill.
// A measured --prefill or --ttft belongs to one model and is dropped, so
// base needs --gpus; without it every case fails, saying so.
func Compare(base Request, models []string) []Case {
	out := make([]Case, 0, len(models))
	for _, m := range models {
		r := base.WithModel(m)
		c := Case{Label: m, Request: r}
		if !given(r.GPUs) {
			c.Err = sentence("gpus", "a comparison prices every model on the same GPUs, so it needs --gpus (e.g. --gpus 8xH100); a measured --prefill or --ttft belongs to one model")
		} else {
			c.Answer, c.Err = Compute(r)
			if c.Err == nil {
				c.Label = c.Answer.Input.Name
			}
		}
		out = append(out, c)
	}
	return out
}

// Sweep asks base's question with one input, named as calc's flag
// ("tokens", "link", "hit-rate", "kv-dtype"), set to each value in turn,
// written as calc takes it ("32k", "2x100GbE", "80%", "fp8"). Swept over
// "model", each model takes its own prefill (WithModel): base's speed or
// time belongs to base's model.
func Sweep(base Request, input string, values []string) ([]Case, error) {
	var f *field
	for i := range fields {
		if fields[i].name == input && fields[i].str != nil {
			f = &fields[i]
		}
	}
	if f == nil {
		return nil, breakeven.Bad("sweep", input, "not an input that takes a value; the inputs are "+strings.Join(strFields(), ", "), "tokens")
	}
	out := make([]Case, 0, len(values))
	for _, v := range values {
		r := base
		if input == "model" {
			// A time belongs to its model: each model takes its own.
			r = r.WithModel(v)
		}
		*f.str(&r) = v
		if input == "prefill" {
			r.TTFT = ""
		} else if input == "ttft" {
			r.Prefill = ""
		}
		c := Case{Label: v, Request: r}
		c.Answer, c.Err = Compute(r)
		out = append(out, c)
	}
	return out, nil
}

func strFields() []string {
	var out []string
	for _, f := range fields {
		if f.str != nil {
			out = append(out, f.name)
		}
	}
	return out
}

// Table returns the cases as a table with the given report rows as
// columns (keys of Render's rows: "break_even", "load"): a header of
// labels and a row per case, each cell the text calc prints. A row that
// does not apply is "–"; a failed case shows its error in the second
// column, its inputs named as front names them (breakeven.Flag, Env).
func Table(first string, cases []Case, keys []string, front breakeven.Front) (header []string, rows [][]string) {
	header = []string{first}
	labels := map[string]string{}
	for _, c := range cases {
		if c.Err != nil {
			continue
		}
		for _, row := range Render(c.Answer).Rows() {
			if _, ok := labels[row.Key]; !ok {
				labels[row.Key] = row.Label
			}
		}
	}
	for _, k := range keys {
		l := labels[k]
		if l == "" {
			l = strings.ReplaceAll(k, "_", " ")
		}
		header = append(header, l)
	}
	for _, c := range cases {
		row := []string{c.Label}
		if c.Err != nil {
			row = append(row, "error: "+errorFor(c.Err, front))
			for len(row) < len(header) {
				row = append(row, "")
			}
			rows = append(rows, row)
			continue
		}
		rep := Render(c.Answer)
		for _, k := range keys {
			t := rep.Get(k)
			if t == "" {
				t = "–"
			}
			row = append(row, t)
		}
		rows = append(rows, row)
	}
	return header, rows
}

func errorText(err error) string { return errorFor(err, breakeven.Flag) }

// errorFor writes an error as front names its inputs.
func errorFor(err error, front breakeven.Front) string {
	var fe *breakeven.FieldError
	if errors.As(err, &fe) {
		return fe.For(front)
	}
	return err.Error()
}

// Failed returns the error shared by every case, or nil: a comparison or
// sweep whose every case fails alike was asked with a bad input of its
// own, to be reported once.
func Failed(cases []Case) error {
	if len(cases) == 0 {
		return nil
	}
	for _, c := range cases {
		if c.Err == nil || c.Err.Error() != cases[0].Err.Error() {
			return nil
		}
	}
	return cases[0].Err
}

// outputColumns are Output's JSON keys in struct order, embedded structs
// flattened: the columns of CSV.
var outputColumns = func() []string {
	var cols []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "" && name != "-" {
				cols = append(cols, name)
			}
		}
	}
	walk(reflect.TypeOf(Output{}))
	return cols
}()

// CSV writes the cases as calc --json would, one row a case: the label,
// the request as calc's command line, then every key of Output in SI
// units (empty where it does not apply), and the error of a failed case.
func CSV(cases []Case) ([]byte, error) {
	var b bytes.Buffer
	w := textfmt.NewCSVWriter(&b)
	w.Write(append(append([]string{"case", "command"}, outputColumns...), "error"))
	for _, c := range cases {
		rec := []string{c.Label, c.Request.Command()}
		vals := map[string]any{}
		if c.Err == nil {
			js, err := json.Marshal(c.Answer.Output)
			if err != nil {
				return nil, err
			}
			if err := json.Unmarshal(js, &vals); err != nil {
				return nil, err
			}
		}
		for _, col := range outputColumns {
			switch v := vals[col].(type) {
			case nil:
				rec = append(rec, "")
			case float64:
				rec = append(rec, plainNumber(v))
			case string:
				rec = append(rec, v)
			case bool:
				rec = append(rec, strconv.FormatBool(v))
			default: // an object or a list (prefill_parts, prefill_model_runs) as its JSON
				js, err := json.Marshal(v)
				if err != nil {
					return nil, err
				}
				rec = append(rec, string(js))
			}
		}
		if c.Err != nil {
			rec = append(rec, errorText(c.Err))
		} else {
			rec = append(rec, "")
		}
		w.Write(rec)
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// caseJSON is a case in JSON: the answer is calc --json's.
type caseJSON struct {
	Case    string  `json:"case"`
	Command string  `json:"command"`
	Output  *Output `json:"output,omitempty"`
	Error   string  `json:"error,omitempty"`
}

// JSON writes the cases as a JSON array, each answer as calc --json
// prints it.
func JSON(cases []Case) ([]byte, error) {
	out := make([]caseJSON, 0, len(cases))
	for _, c := range cases {
		j := caseJSON{Case: c.Label, Command: c.Request.Command()}
		if c.Err != nil {
			j.Error = errorText(c.Err)
		} else {
			o := c.Answer.Output
			j.Output = &o
		}
		out = append(out, j)
	}
	return json.MarshalIndent(out, "", "  ")
}

// plainNumber writes a number in full without an exponent where it is
// neither tiny nor huge ("1250000000", "0.5"), else as Go's shortest 'g'.
func plainNumber(v float64) string {
	if a := math.Abs(v); a == 0 || (a >= 1e-4 && a < 1e21) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
