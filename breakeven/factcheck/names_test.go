package factcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A model name read as another says so, in the text figures (first row)
// and in the JSON record's name_note; the model's own name adds nothing.
func TestCheckSaysWhatTheModelNameWasReadAs(t *testing.T) {
	c := NewChecker(Options{})
	for _, tc := range []struct{ model, note string }{
		{"LLaMA3-70B", "LLaMA3-70B read as Llama 3.1 70B's architecture (alias: Llama 3 70B, per meta-llama-models); " +
			"Llama 3 70B's context is 8,192 tokens (meta-llama3-model-card), Llama 3.1 70B's 131,072"},
		{"Qwen 2.5-7B", "Qwen 2.5-7B read as Qwen2.5-7B (case, spaces and punctuation normalised)"},
		{"Llama 3.1 405B", ""},
	} {
		r, err := c.Check(Claim{Model: tc.model, Tokens: "7500", Seconds: "1s"})
		require.NoError(t, err, tc.model)
		assert.Equal(t, tc.note, r.JSON().NameNote, tc.model)
		rows := Render(r).Figures
		if tc.note == "" {
			assert.NotEqual(t, "name_note", rows[0].Key, tc.model)
			continue
		}
		assert.Equal(t, Row{Key: "name_note", Label: "name", Text: tc.note}, rows[0], tc.model)
	}
}

// One context rule in every form of claim: a prompt beyond the model's
// context (Llama 3.1 8B's 131,072) is checked, not refused, and the
// first finding says so; the cache is the same arithmetic, 200,000 x
// 131,072 B = 26.2 GB.
func TestEveryFormNotesAPromptBeyondTheContext(t *testing.T) {
	forms := map[string]Claim{
		"time":       {Seconds: "2s"},
		"load time":  {Seconds: "2s", SecondsAre: SecondsLoad},
		"size":       {Size: "26.2 GB"},
		"throughput": {Throughput: "100k tok/s"},
		"uncached":   {Uncached: "60s", Speedup: "10x"},
		"hit":        {Seconds: "2s", Hit: "50%"},
	}
	for name, cl := range forms {
		cl.Model, cl.Tokens = "llama-3.1-8b", "200000"
		for _, opt := range []Options{{}, {AllowBeyondContext: true}} {
			r, err := NewChecker(opt).Check(cl)
			require.NoError(t, err, name)
			assert.True(t, r.BeyondContext, name)
			assert.Equal(t, 200000*131072.0, float64(r.Cache), name)
			require.NotEmpty(t, r.Findings(), name)
			assert.Equal(t, "200,000 tokens is beyond Llama 3.1 8B's context of 131,072 tokens: no request holds this cache, though its size is the same arithmetic", r.Findings()[0], name)
		}
		// Within the context, no such finding.
		cl.Tokens = "131072"
		r, err := NewChecker(Options{}).Check(cl)
		require.NoError(t, err, name)
		assert.False(t, r.BeyondContext, name)
	}
}

// An alias whose own model has a shorter context than the architecture
// it is checked as: a prompt between the two is checked, and a finding
// names both contexts (Llama 3's 8,192 and Llama 3.1 70B's 131,072). The
// registry's Lablup claim (128K on Llama 3 70B) is such a prompt.
func TestAnAliasPromptPastItsOwnContextIsNoted(t *testing.T) {
	r, err := NewChecker(Options{}).Check(Claim{Model: "Llama 3 70B", Tokens: "128K", Size: "40GB"})
	require.NoError(t, err)
	assert.False(t, r.BeyondContext, "within Llama 3.1 70B's context")
	assert.Contains(t, r.Findings(), "128,000 tokens is beyond Llama 3 70B's own context of 8,192 tokens (meta-llama3-model-card); it is checked as Llama 3.1 70B, whose context is 131,072 tokens")
	r, err = NewChecker(Options{}).Check(Claim{Model: "Llama 3 70B", Tokens: "8192", Size: "2.68GB"})
	require.NoError(t, err)
	for _, f := range r.Findings() {
		assert.NotContains(t, f, "own context", "at its own context")
	}
}

// The report's items (Markdown and HTML) and the page's rows carry the
// line too, first among the items.
func TestReportAndPageCarryTheNameNote(t *testing.T) {
	r, err := NewChecker(Options{}).Check(Claim{Model: "Llama 3 70B", Tokens: "128K", Size: "40GB"})
	require.NoError(t, err)
	d := Render(r)
	note := "Llama 3 70B read as Llama 3.1 70B's architecture (alias: Llama 3 70B, per meta-llama-models); " +
		"Llama 3 70B's context is 8,192 tokens (meta-llama3-model-card), Llama 3.1 70B's 131,072"
	assert.Equal(t, Row{Key: "name_note", Label: "Name", Text: note}, d.Items()[0])
	assert.Contains(t, d.Rows(), Row{Key: "name_note", Label: "name", Text: note})
}
