package modelconfig

import (
	"errors"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// FieldError is the error of a config.json that cannot be read, as an
// input error of the calculator and the fact-checker alike: field
// "config" names a file (value is its path), "config-text" pasted JSON
// (shown abbreviated). A field of the file that is wrong (an *Error) is
// named, with a valid line of config.json (or of the hf_quant_config.json
// read beside it); a file that cannot be opened says why.
func FieldError(field, value string, err error) *breakeven.FieldError {
	example := "--config sources/configs/meta-llama--Llama-3.3-70B-Instruct.json"
	msg := strings.TrimPrefix(err.Error(), "config "+breakeven.Quote(value)+": ")
	if field == "config-text" {
		example = `--config-text '{"num_hidden_layers": 80, ...}'`
		value, msg = abbreviate(value), err.Error()
	}
	var ce *Error
	if errors.As(err, &ce) {
		msg = "config.json"
		if ce.File != "" {
			// The file beside the config (hf_quant_config.json): named as
			// it is, since the value names the config.
			msg = ce.File
			example = "--config checkpoint/config.json, with the " + QuantFile + " beside it mended or moved away"
		}
		if ce.Field != "" {
			msg += " field " + breakeven.Quote(ce.Field)
		}
		msg += ": " + ce.Message
		if ce.Example != "" {
			msg += "; a valid line is " + ce.Example
		}
	}
	return breakeven.Bad(field, value, msg, example)
}

// abbreviate shortens pasted text for an error message.
func abbreviate(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}
