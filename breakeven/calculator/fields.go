package calculator

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// A Request's fields are named once, by their JSON keys, which are also
// the command's flags, the page's fields and URL keys, and (upper case,
// with KV_) the notebook's variables.

// field is one input of a Request.
type field struct {
	name   string
	goName string // the Request field: "HitRate"
	str    func(*Request) *string
	flag   func(*Request) *bool
}

var fields = func() []field {
	var out []field
	t := reflect.TypeOf(Request{})
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		idx := i
		switch f.Type.Kind() {
		case reflect.String:
			out = append(out, field{name: name, goName: f.Name, str: func(r *Request) *string { return reflect.ValueOf(r).Elem().Field(idx).Addr().Interface().(*string) }})
		case reflect.Bool:
			out = append(out, field{name: name, goName: f.Name, flag: func(r *Request) *bool { return reflect.ValueOf(r).Elem().Field(idx).Addr().Interface().(*bool) }})
		}
	}
	return out
}()

// Fields lists the names of a Request's inputs, in the order of the
// struct: "model", "layers", ..., "overlap".
func Fields() []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.name
	}
	return out
}

// isField reports whether name is an input: a Request field, or a tier's
// link on the page ("tier-G4").
func isField(name string) bool {
	if strings.HasPrefix(name, "tier-") {
		return true
	}
	for _, f := range fields {
		if f.name == name {
			return true
		}
	}
	return false
}

// EnvName is the notebook's variable for a field: "hit-rate" is
// KV_HIT_RATE.
func EnvName(field string) string {
	return "KV_" + strings.ToUpper(strings.ReplaceAll(field, "-", "_"))
}

// Env names the inputs as the notebook's KV_ variables: `KV_LINK "x":
// unknown unit "x" (e.g. KV_LINK=181Gbit/s)`.
var Env = breakeven.Front{
	Name: func(f string) string {
		if !isField(f) || strings.HasPrefix(f, "tier-") {
			return ""
		}
		return EnvName(f)
	},
	Set: func(n, v string) string { return n + "=" + v },
}

// EnvOrCell names each input where notebook 10 took it from: its KV_
// variable when the environment (lookup is os.LookupEnv) sets it, else
// the inputs cell's field when the cell sets it, as the reader edits it:
// `KV_GPUS "8xH1OO": ... (e.g. KV_GPUS=8xH100)` when the variable gave
// it, `cell.GPUs "8xH1OO": ... (e.g. cell.GPUs = "8xH100")` when the
// cell did. An input that neither gives (an error asking for a prefill)
// is named as the reader gives inputs: by its variable when some KV_
// input variable is set, else by the cell's field. A caller that fills a
// field from a variable of its own wraps Name to say so (notebook 10
// names compareGPUs); any name but a KV_ one takes a value as Go assigns
// it.
func EnvOrCell(cell Request, lookup func(string) (string, bool)) breakeven.Front {
	usesEnv := false
	for _, f := range fields {
		if _, ok := lookup(EnvName(f.name)); ok {
			usesEnv = true
		}
	}
	return breakeven.Front{
		Name: func(f string) string {
			if !isField(f) || strings.HasPrefix(f, "tier-") {
				return ""
			}
			if _, ok := lookup(EnvName(f)); ok {
				return EnvName(f)
			}
			fd := fieldByName(f)
			inCell := (fd.str != nil && *fd.str(&cell) != "") || (fd.flag != nil && *fd.flag(&cell))
			if !inCell && usesEnv {
				return EnvName(f)
			}
			return "cell." + fd.goName
		},
		Set: func(n, v string) string {
			if !strings.HasPrefix(n, "KV_") { // a notebook variable
				// An example's value may carry the sentence's comma or
				// bracket: it stays outside the quotes.
				bare := strings.TrimRight(v, ",;)")
				return n + " = " + strconv.Quote(bare) + v[len(bare):]
			}
			return n + "=" + v
		},
	}
}

// alternatives are groups of inputs of which a request takes one:
// setting one from the environment clears the others of its group that
// the cell holds. The model is named by one of its name, a config file,
// a config's text or a custom architecture ("layers" stands for all of
// architecture's fields); the prefill by a speed or a time.
var alternatives = [][]string{
	{"model", "config", "config-text", "layers"},
	{"prefill", "ttft"},
}

// architecture are the fields of a custom architecture.
var architecture = []string{"layers", "kv-heads", "head-dim", "latent-dim", "rope-dim", "fixed"}

// WithEnv returns r with every field that the environment sets through its
// KV_ variable (lookup is os.LookupEnv) replaced, written exactly as calc
// takes it: KV_LINK=roce, KV_HIT_RATE=80%, KV_TOKENS=128k, KV_GPUS=8xH100.
// The environment overrides the cell: a variable replaces its field, and a
// variable that picks one of a group of alternatives clears the others in
// r: KV_PREFILL clears a TTFT; KV_MODEL, KV_CONFIG, KV_CONFIG_TEXT and
// KV_LAYERS (or another architecture field) each replace whichever of
// the others names the cell's model. Two of a group both set in the
// environment are left to Compute, which asks for one. A variable that changes the model (or the custom
// architecture) drops r's prefill and time to first token, which belong to
// r's model, unless KV_PREFILL or KV_TTFT gives one. A switch (KV_OVERLAP) takes 1, true or yes, or 0,
// false, no or nothing. The error is a *breakeven.FieldError.
func WithEnv(r Request, lookup func(string) (string, bool)) (Request, error) {
	before := r
	set := map[string]bool{}
	for _, f := range fields {
		v, ok := lookup(EnvName(f.name))
		if !ok {
			continue
		}
		set[f.name] = true
		if f.str != nil {
			*f.str(&r) = v
			continue
		}
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "1", "true", "yes", "on":
			*f.flag(&r) = true
		case "0", "false", "no", "off", "":
			*f.flag(&r) = false
		default:
			return r, breakeven.Bad(f.name, v, "a switch is on (1, true, yes) or off (0, false, no)", "1")
		}
	}
	clear := func(name string) {
		if name == "layers" {
			for _, a := range architecture {
				*fieldByName(a).str(&r) = ""
			}
			return
		}
		*fieldByName(name).str(&r) = ""
	}
	isSet := func(name string) bool {
		if name == "layers" {
			for _, x := range architecture {
				if set[x] {
					return true
				}
			}
		}
		return set[name]
	}
	for _, group := range alternatives {
		given := false
		for _, a := range group {
			given = given || isSet(a)
		}
		if !given {
			continue
		}
		for _, a := range group {
			if !isSet(a) {
				clear(a)
			}
		}
	}
	// A prefill or time in the cell was measured on the cell's model: a
	// variable that picks another model drops it, unless a variable gives
	// the new model's own.
	switched := false
	for _, x := range append([]string{"model", "config", "config-text"}, architecture...) {
		switched = switched || (set[x] && *fieldByName(x).str(&r) != *fieldByName(x).str(&before))
	}
	if switched && !set["prefill"] && !set["ttft"] {
		r.Prefill, r.TTFT, r.Measured = "", "", nil
	}
	return r, nil
}

func fieldByName(name string) field {
	for _, f := range fields {
		if f.name == name {
			return f
		}
	}
	panic("calculator: no field " + name)
}

// Given lists the fields r sets, sorted.
func (r Request) Given() []string {
	var out []string
	for _, f := range fields {
		if (f.str != nil && *f.str(&r) != "") || (f.flag != nil && *f.flag(&r)) {
			out = append(out, f.name)
		}
	}
	sort.Strings(out)
	return out
}

// Command returns the calc command line that asks the same question:
// "breakeven calc --model llama-3.1-70b --tokens 32000 ...".
func (r Request) Command() string {
	parts := []string{"breakeven calc"}
	for _, f := range fields {
		switch {
		case f.str != nil && *f.str(&r) != "":
			parts = append(parts, "--"+f.name+" "+shellWord(*f.str(&r)))
		case f.flag != nil && *f.flag(&r):
			parts = append(parts, "--"+f.name)
		}
	}
	if r.Measured != nil {
		parts = append(parts, "--measured "+shellWord(r.Measured.Source))
	}
	return strings.Join(parts, " ")
}

// shellWord quotes a value for a shell where it needs it.
func shellWord(v string) string {
	if strings.ContainsAny(v, " \t\"'$&;|<>()*?") {
		return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
	}
	return v
}
