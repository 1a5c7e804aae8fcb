package modelconfig

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// Pasted text in an error message keeps its first 40 characters, spaces
// folded; at 40 it is whole.
func TestPastedTextInAnErrorKeepsFortyCharacters(t *testing.T) {
	forty := strings.Repeat("a", 40)
	assert.Equal(t, forty, abbreviate(forty))
	assert.Equal(t, forty+"...", abbreviate(forty+"b"))
	assert.Equal(t, "a b", abbreviate(" a \n\t b "))
}

// A config.json that cannot be read is an input error naming its field:
// a wrong key of the file with a valid line, pasted text abbreviated, a
// file that cannot be opened with the reason alone.
func TestConfigFieldErrorNamesTheKeyWithAValidLine(t *testing.T) {
	bad := &Error{Field: "num_key_value_heads", Message: "missing", Example: `"num_key_value_heads": 8`}
	fe := FieldError("config", "x.json", bad)
	assert.Equal(t, `--config "x.json": config.json field "num_key_value_heads": missing; a valid line is "num_key_value_heads": 8 (e.g. --config sources/configs/meta-llama--Llama-3.3-70B-Instruct.json)`, fe.Error())

	pasted := `{"num_hidden_layers": 80, "hidden_size": 8192, "num_attention_heads": 64}`
	fe = FieldError("config-text", pasted, errors.New("unexpected end"))
	assert.Equal(t, breakeven.FieldError{Field: "config-text", Value: `{"num_hidden_layers": 80, "hidden_size":...`, Message: "unexpected end",
		Example: `--config-text '{"num_hidden_layers": 80, ...}'`}, *fe)

	fe = FieldError("config", "nope.json", errors.New(`config "nope.json": no such file`))
	assert.Equal(t, "no such file", fe.Message)
}
