package calculator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A --model read as another says so: in calc --json (name_note) and as
// the first row of the report the command and the page print. The
// model's own name, or its slug, adds nothing.
func TestCalcSaysWhatTheModelNameWasReadAs(t *testing.T) {
	for _, c := range []struct{ model, note string }{
		{"LLaMA3-70B", "LLaMA3-70B read as Llama 3.1 70B's architecture (alias: Llama 3 70B, per meta-llama-models); " +
			"Llama 3 70B's context is 8,192 tokens (meta-llama3-model-card), Llama 3.1 70B's 131,072"},
		{"Qwen 2.5-7B", "Qwen 2.5-7B read as Qwen2.5-7B (case, spaces and punctuation normalised)"},
		{"llama_3.1_405b", "llama_3.1_405b read as Llama 3.1 405B (case, spaces and punctuation normalised)"},
		{"llama-3.1-405b", ""},
		{"Llama 3.1 405B", ""},
	} {
		a, err := Compute(Request{Model: c.model, Tokens: "1000", Prefill: "1000", Link: "10GbE"})
		require.NoError(t, err, c.model)
		assert.Equal(t, c.note, a.Output.NameNote, c.model)
		assert.Equal(t, c.note, Render(a).Get("name_note"), c.model)
	}
}
