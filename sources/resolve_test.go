package sources_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// The one lookup by name: a catalog name or alias with a cache answers;
// anything else is a FieldError of the field "model" with the front
// end's example.
func TestResolveModel(t *testing.T) {
	ex := sources.ModelExamples{Name: "--model llama-3.1-70b", Unknown: "--model llama-3.1-70b, or --config config.json"}
	m, err := sources.ResolveModel("LLAMA_3.1_405b", ex)
	require.NoError(t, err)
	assert.Equal(t, "Llama 3.1 405B", m.Name)

	fieldError := func(name string) (sources.Model, *breakeven.FieldError) {
		m, err := sources.ResolveModel(name, ex)
		var fe *breakeven.FieldError
		require.True(t, errors.As(err, &fe), "%v", err)
		assert.Equal(t, "model", fe.Field)
		assert.Equal(t, name, fe.Value)
		return m, fe
	}
	_, fe := fieldError(" ")
	assert.Equal(t, "missing", fe.Message)
	assert.Equal(t, ex.Name, fe.Example)

	_, fe = fieldError("llama-3.1-450b")
	assert.True(t, strings.HasPrefix(fe.Message, `unknown model; did you mean "Llama 3.1 405B"`), fe.Message)
	assert.Equal(t, ex.Unknown, fe.Example)

	_, fe = fieldError(strings.Repeat("m", 1<<20))
	assert.Equal(t, "model name too long (1,048,576 characters; at most 128)", fe.Message)
	assert.Equal(t, ex.Name, fe.Example)

	m, fe = fieldError("Mistral Medium 3.5")
	assert.Equal(t, "Mistral Medium 3.5 has no published config, so its cache size cannot be computed", fe.Message)
	assert.Equal(t, "Mistral Medium 3.5", m.Name, "the catalog's model comes back with the error")
}

// Bad names each give one line naming the input and a valid example: an
// empty name, a name of punctuation only, a 10 KB name.
func TestResolveModelRefusesBadNamesInOneLine(t *testing.T) {
	ex := sources.ModelExamples{Name: "--model llama-3.1-70b", Unknown: "--model llama-3.1-70b, or --config config.json"}
	for _, c := range []struct{ name, want string }{
		{"", `--model "": missing (e.g. --model llama-3.1-70b)`},
		{"   ", `--model "   ": missing (e.g. --model llama-3.1-70b)`},
		{"!!!", `--model "!!!": no letter or digit, so it names no model (e.g. --model llama-3.1-70b)`},
		{"-_/.", `--model "-_/.": no letter or digit, so it names no model (e.g. --model llama-3.1-70b)`},
		{strings.Repeat("q", 10<<10), `model name too long (10,240 characters; at most 128) (e.g. --model llama-3.1-70b)`},
	} {
		_, err := sources.ResolveModel(c.name, ex)
		var fe *breakeven.FieldError
		require.ErrorAs(t, err, &fe, c.name)
		assert.Equal(t, "model", fe.Field)
		msg := err.Error()
		assert.NotContains(t, msg, "\n")
		assert.True(t, strings.HasSuffix(msg, c.want), "%.200s", msg)
	}
}

// ResolveModel passes the line on: the calculator, the checker, the page
// and the notebooks all print what it returns.
func TestResolveModelCarriesTheNameNote(t *testing.T) {
	ex := sources.ModelExamples{Name: "--model llama-3.1-70b", Unknown: "--model llama-3.1-70b"}
	m, err := sources.ResolveModel("Qwen 2.5-7B", ex)
	require.NoError(t, err)
	assert.Equal(t, "Qwen 2.5-7B read as Qwen2.5-7B (case, spaces and punctuation normalised)", m.NameNote)
	m, err = sources.ResolveModel("llama3:70b", ex)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(m.NameNote, "llama3:70b read as Llama 3.1 70B's architecture (alias: Llama 3 70B"), m.NameNote)
	m, err = sources.ResolveModel("Llama 3.1 70B", ex)
	require.NoError(t, err)
	assert.Empty(t, m.NameNote)
}
