package breakeven_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// One error, named as each front end names its inputs.
func TestFieldErrorFronts(t *testing.T) {
	env := breakeven.Front{
		Name: func(f string) string {
			return map[string]string{"link": "KV_LINK", "tokens": "KV_TOKENS", "ttft": "KV_TTFT"}[f]
		},
		Set: func(n, v string) string { return n + "=" + v },
	}
	e := breakeven.Bad("link", "12 parsecs/s", `unknown unit "parsecs/s"`, "181Gbit/s")
	assert.Equal(t, `--link "12 parsecs/s": unknown unit "parsecs/s" (e.g. --link 181Gbit/s)`, e.Error())
	assert.Equal(t, `KV_LINK "12 parsecs/s": unknown unit "parsecs/s" (e.g. KV_LINK=181Gbit/s)`, e.For(env))
	assert.Equal(t, `link "12 parsecs/s": unknown unit "parsecs/s" (e.g. 181Gbit/s)`, e.For(breakeven.CSVColumn))

	// An example that needs other flags is rewritten flag by flag.
	e = breakeven.Bad("ttft", "x", "not a time", "--ttft 62s --tokens 127188")
	assert.Equal(t, `KV_TTFT "x": not a time (e.g. KV_TTFT=62s KV_TOKENS=127188)`, e.For(env))
	assert.Equal(t, `--ttft "x": not a time (e.g. --ttft 62s --tokens 127188)`, e.Error())

	// A sentence names its flags itself: they are renamed where the front
	// knows them, values only inside the example.
	e = &breakeven.FieldError{Field: "tokens", Message: "--ttft needs --tokens, the prompt length (e.g. --ttft 62s --tokens 127188); see breakeven calc --links"}
	assert.Equal(t, "KV_TTFT needs KV_TOKENS, the prompt length (e.g. KV_TTFT=62s KV_TOKENS=127188); see breakeven calc --links", e.For(env))
	assert.Equal(t, e.Message, e.Error())

	// A kv-dtype field is the kv_dtype column of a claims file.
	e = breakeven.Bad("kv-dtype", "fp7", "unknown type", "fp8")
	assert.Equal(t, `kv_dtype "fp7": unknown type (e.g. fp8)`, e.For(breakeven.CSVColumn))
}

func TestFieldFromParse(t *testing.T) {
	_, err := breakeven.ParseBandwidth("12 parsecs/s")
	e := breakeven.FieldFromParse("link", "12 parsecs/s", err, "10GbE")
	assert.Equal(t, `--link "12 parsecs/s": unknown unit "parsecs/s" (e.g. --link 10GbE)`, e.Error())
}
