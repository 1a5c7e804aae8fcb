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
