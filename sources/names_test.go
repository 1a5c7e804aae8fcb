package sources

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// The LLaMA3-70B: one line saying whose architecture answers,
// through which alias and source, and both contexts, each read from its
// source: Llama 3's 8,192 from Meta's model card (quoted here) and Llama
// 3.1 70B's 131,072 from its kept config.
func TestAnAliasSaysWhoseArchitectureAndBothContexts(t *testing.T) {
	m, err := FindModel("LLaMA3-70B")
	require.NoError(t, err)
	assert.Equal(t, "Llama 3.1 70B", m.Name)
	assert.Equal(t, "LLaMA3-70B read as Llama 3.1 70B's architecture (alias: Llama 3 70B, per meta-llama-models); "+
		"Llama 3 70B's context is 8,192 tokens (meta-llama3-model-card), Llama 3.1 70B's 131,072", m.NameNote)
	assert.Contains(t, m.Via.ContextCite.Quote, "8,192 tokens", "the alias's context is the one its source states")
	assert.Equal(t, breakeven.Tokens(131072), KeptConfig("meta-llama--Meta-Llama-3.1-70B.json").Context,
		"the base model's context comes from its config")
	assert.Equal(t, breakeven.Tokens(131072), m.Context, "a prompt is checked against the architecture's context")
	assert.NotContains(t, m.NameNote, "\n")
}

// Every cited alias, by any of its names, gets the line; an alias whose
// model has the base's context (the R1 distills) names no context.
func TestEveryAliasPrintsItsLine(t *testing.T) {
	for _, a := range Aliases {
		for _, name := range append([]string{a.Name}, a.Also...) {
			m, err := FindModel(name)
			require.NoError(t, err, name)
			assert.True(t, strings.HasPrefix(m.NameNote, name+" read as "+a.Model+"'s architecture (alias: "+a.Name+", per "+string(a.Source)+")"), "%s: %s", name, m.NameNote)
			assert.Equal(t, a.Context > 0, strings.Contains(m.NameNote, "context"), m.NameNote)
		}
	}
	m, err := FindModel("Meta-Llama-3-8B-Instruct")
	require.NoError(t, err)
	assert.Equal(t, "Meta-Llama-3-8B-Instruct read as Llama 3.1 8B's architecture (alias: Llama 3 8B, per meta-llama-models), "+
		"the repository meta-llama/Meta-Llama-3-8B-Instruct named without its owner; "+
		"Llama 3 8B's context is 8,192 tokens (meta-llama3-model-card), Llama 3.1 8B's 131,072", m.NameNote)
}

// Spaces and punctuation are normalised, and the line says so, as it
// names a listed alias; only the model's own name, or its slug, needs no
// line.
func TestNormalisedNamesSayWhatTheyWereReadAs(t *testing.T) {
	for _, c := range []struct{ typed, model, note string }{
		{"Qwen 2.5-7B", "Qwen2.5-7B", "Qwen 2.5-7B read as Qwen2.5-7B (case, spaces and punctuation normalised)"},
		{"qwen2.5_7b", "Qwen2.5-7B", "qwen2.5_7b read as Qwen2.5-7B (case, spaces and punctuation normalised)"},
		{"Qwen-2.5-7B", "Qwen2.5-7B", "Qwen-2.5-7B read as Qwen2.5-7B (case, spaces and punctuation normalised)"},
		{"  QWEN 2.5 7B ", "Qwen2.5-7B", "QWEN 2.5 7B read as Qwen2.5-7B (case, spaces and punctuation normalised)"},
		{"LLAMA_3.1_405b", "Llama 3.1 405B", "LLAMA_3.1_405b read as Llama 3.1 405B (case, spaces and punctuation normalised)"},
		{"Qwen3 30B A3B", "Qwen3-30B-A3B", "Qwen3 30B A3B read as Qwen3-30B-A3B (case, spaces and punctuation normalised)"},
		{"Kimi-K2.5!", "Kimi K2.5", "Kimi-K2.5! read as Kimi K2.5 (case, spaces and punctuation normalised)"},
		{"Qwen3-Coder-480B-A35B-Instruct", "Qwen3-Coder-480B-A35B", "Qwen3-Coder-480B-A35B-Instruct read as Qwen3-Coder-480B-A35B (the repository Qwen/Qwen3-Coder-480B-A35B-Instruct named without its owner)"},
		{"Llama 3.1 405B", "Llama 3.1 405B", ""},
		{"llama 3.1 405b", "Llama 3.1 405B", ""},
		{"llama-3.1-70b", "Llama 3.1 70B", ""},
		{"meta-llama/Llama-3.1-70B", "Llama 3.1 70B", "meta-llama/Llama-3.1-70B read as Llama 3.1 70B (a listed alias)"},
		{"llama3.1:70b", "Llama 3.1 70B", "llama3.1:70b read as Llama 3.1 70B (a listed alias)"},
		{"LLAMA3.1-70B", "Llama 3.1 70B", "LLAMA3.1-70B read as Llama 3.1 70B (listed alias llama3.1:70b, case, spaces and punctuation normalised)"},
		{"DeepSeek-R1-671B", "DeepSeek-V3", "DeepSeek-R1-671B read as DeepSeek-V3 (listed alias deepseek-r1:671b, case, spaces and punctuation normalised)"},
		{"DeepSeek-R1", "DeepSeek-V3", "DeepSeek-R1 read as DeepSeek-V3 (a listed alias)"},
	} {
		m, err := FindModel(c.typed)
		require.NoError(t, err, c.typed)
		assert.Equal(t, c.model, m.Name, c.typed)
		assert.Equal(t, c.note, m.NameNote, c.typed)
	}
	// A typed control character keeps the line one line.
	m, err := FindModel("Qwen\t2.5\n7B")
	require.NoError(t, err)
	assert.Equal(t, `"Qwen\t2.5\n7B" read as Qwen2.5-7B (case, spaces and punctuation normalised)`, m.NameNote)
}

// The loose key keeps words and the dot inside a number, and nothing
// else; worked by hand.
func TestLooseKeyKeepsWordsAndDecimalDots(t *testing.T) {
	for in, want := range map[string]string{
		"Qwen2.5-7B":      "qwen-2.5-7-b",
		"qwen 2.5 7b":     "qwen-2.5-7-b",
		"Llama 3.1 405B":  "llama-3.1-405-b",
		"Mixtral 8x22B":   "mixtral-8-x-22-b",
		"Mistral 7B v0.1": "mistral-7-b-v-0.1",
		"gpt-oss-120b.":   "gpt-oss-120-b",
		"3..5":            "3-5",
		".5":              "5",
		"!!!":             "",
		" -_/: ":          "",
	} {
		assert.Equal(t, want, looseKey(in), in)
	}
}

// A normalised name that fits two models is refused with both named:
// none is guessed.
func TestAnAmbiguousNormalisationListsTheCandidates(t *testing.T) {
	keys := map[string][]looseTarget{"qwen-2.5-7-b": {0, 1}}
	_, ok, err := findLoose("Qwen 2.5 7B", keys)
	assert.False(t, ok)
	var amb *AmbiguousModelError
	require.ErrorAs(t, err, &amb)
	assert.Equal(t, []string{catalog[0].Name, catalog[1].Name}, amb.Candidates)
	assert.Equal(t, `ambiguous model name "Qwen 2.5 7B": with spaces and punctuation normalised it could be "Llama 3.1 8B" or "Llama 3.1 70B"; name one`, err.Error())
	// In the catalog itself no loose key is shared, so every normalised
	// name above names one model.
	for k, ts := range looseKeys() {
		assert.Len(t, ts, 1, "%q is the loose key of %d models", k, len(ts))
	}
}

// A name's parts, worked by hand: family, version, other words, total
// and active parameters.
func TestParseNameReadsFamilyVersionAndSizes(t *testing.T) {
	for _, c := range []struct {
		name            string
		family, version string
		words           []string
		total, active   float64
	}{
		{"Qwen3-Coder-30B-A3B", "qwen", "3", []string{"coder"}, 30e9, 3e9},
		{"Qwen3-Coder-480B-A35B", "qwen", "3", []string{"coder"}, 480e9, 35e9},
		{"Mixtral 8x7B", "mixtral", "", nil, 56e9, 0},
		{"Qwen2.5-1.5B", "qwen", "2.5", nil, 1.5e9, 0},
		{"Llama 3.1 405B", "llama", "3.1", nil, 405e9, 0},
		{"meta-llama/Llama-3.1-70B-Instruct", "llama", "3.1", []string{"instruct"}, 70e9, 0},
		{"DeepSeek-V3", "deepseek", "v3", nil, 0, 0},
		{"Kimi K2", "kimi", "k2", nil, 0, 0},
		{"Kimi-K2-1T", "kimi", "k2", nil, 1e12, 0},
		{"SmolLM2-135M", "smollm", "2", nil, 135e6, 0},
		{"Llama-4-Scout-17B-16E-Instruct", "llama", "4", []string{"scout", "instruct"}, 0, 17e9},
	} {
		p := parseName(c.name)
		assert.Equal(t, c.family, p.family, c.name)
		assert.Equal(t, c.version, p.version, c.name)
		assert.Equal(t, c.words, p.words, c.name)
		assert.InEpsilon(t, c.total+1, p.total+1, 1e-12, c.name)
		assert.InEpsilon(t, c.active+1, p.active+1, 1e-12, c.name)
	}
}

// Suggestions rank by family and size: the Qwen3-Coder-30B-A3B
// gets Qwen3-30B-A3B (98 KB/token) first, not Qwen3-Coder-480B-A35B (254
// KB/token), which a 16x larger total rules out of the first three; a
// one-edit typo still comes first.
func TestSuggestionsRankByFamilyAndSize(t *testing.T) {
	for _, c := range []struct {
		typed, first string
		not          string
	}{
		{"Qwen3-Coder-30B-A3B", "Qwen3-30B-A3B", "Qwen3-Coder-480B-A35B"},
		{"Qwen/Qwen3-Coder-30B-A3B-Instruct", "Qwen3-30B-A3B", "Qwen3-Coder-480B-A35B"},
		{"qwen3-coder-480b-a3b", "Qwen3-Coder-480B-A35B", ""}, // one edit from its name
		{"qwen3-236b-a22b", "Qwen3-235B-A22B", ""},
		{"Qwen3-14B", "Qwen3-8B", ""}, // 14/8 = 1.75 against 32/14 = 2.3
		{"llama-3.1-450b", "Llama 3.1 405B", ""},
		{"Llama-3-405B", "Llama 3.1 405B", ""},
		{"DeepSeek-R1-70B", "DeepSeek-R1-Distill-Llama-70B", ""},
		{"kimi-k2-thinking", "Kimi K2", ""},
		{"gpt-oss-100b", "gpt-oss-120b", ""},
		{"gemma-3-24b", "Gemma 3 27B", ""},
	} {
		got := nearestOf(t, c.typed)
		require.NotEmpty(t, got, c.typed)
		assert.Equal(t, c.first, got[0], "%s: %v", c.typed, got)
		if c.not != "" {
			assert.NotContains(t, got, c.not, c.typed)
		}
	}
}

// Without a size or version in common, the family alone suggests
// nothing: "llama-405b" gets the one Llama of that size, not Llama 4
// Maverick (400B in all, 17B active).
func TestFamilyAloneSuggestsNothing(t *testing.T) {
	assert.Equal(t, []string{"Llama 3.1 405B"}, nearestOf(t, "llama-405b"))
	assert.Empty(t, bySize("zzz-70b"), "an unknown family")
	assert.Empty(t, bySize("qwen"), "no size, no version")
}

// A model of the same family is suggested within a size distance of
// ln 2, or ln 4 for the same version, the distance being |ln total
// ratio| + |ln active ratio| / 2; a typed name that states no active
// count is compared by its total alone with its own version, and as
// dense with another. Qwen2.5-72B is not offered Qwen2.5-7B (9.5x
// smaller) nor Qwen3-Next-80B-A3B (0.1 + ln(72/3)/2 = 1.7), but
// Qwen2.5-32B (72/32 = 2.25, within ln 4 for its own version).
func TestSizeRankingKeepsToCloseSizes(t *testing.T) {
	assert.Equal(t, []string{"Qwen2.5-32B"}, bySize("Qwen2.5-72B-Instruct"), "not Qwen2.5-7B, nor Qwen3-Next-80B-A3B, an MoE of another version")
	assert.Equal(t, []string{"Llama 3.1 70B", "Llama 3.3 Nemotron Super 49B"}, bySize("llama-3.1-40b"),
		"70/40 = 1.75: within ln 4 for 3.1, but 1.5 ln 1.75 = 0.84 for 3.3, read as dense; 8B is 5x off, 405B 10x; Llama 3.3's 49B NAS model, about 1.5 ln(49/40) = 0.30 (its name's total)")
	assert.Equal(t, []string{"Llama 3.1 70B", "Llama 3.3 Nemotron Super 49B", "Llama 3.3 70B", "Llama 3 70B", "Llama 2 70B"}, bySize("llama-3.1-55b"),
		"1.5 ln(70/55) = 0.36, within ln 2 for any version; the same version first, then the nearest: about 1.5 ln(55/49) = 0.17")
	assert.Equal(t, []string{"Llama 3.1 70B", "Llama 3.3 Nemotron Super 49B"}, bySize("llama-3.1-34b"),
		"70/34 = 2.06: the same version only; the 49B NAS model, about 1.5 ln(49/34) = 0.55, within ln 2 for any version")
	assert.Equal(t, []string{"DeepSeek-R1-Distill-Llama-8B"}, bySize("deepseek-r1-distill-llama-14b"), "14/8 = 1.75; 70/14 = 5")
	// Active parameters stated: Qwen3-32B (dense, 32B active) is
	// ln(32/30) + ln(32/3)/2 = 1.25 from 30B-A3B, within ln 4 for version 3.
	// Qwen3.6-35B-A3B, a cited alias of Qwen3.5-35B-A3B, is offered by its
	// own name at the same distance, and each FP8 checkpoint right after
	// its own model, whose sizes it shares.
	assert.Equal(t, []string{"Qwen3-30B-A3B", "Qwen3-30B-A3B-FP8", "Qwen3.5-35B-A3B", "Qwen3.6-35B-A3B", "Qwen3-Next-80B-A3B", "Qwen3-32B", "Qwen3-32B-FP8"}, bySize("qwen3-30b-a3b-thinking"))
}

// A maker's name before the family is skipped when ranking:
// "Meta-Llama-3-405B" ranks the Llamas.
func TestSuggestionsSkipTheMakersName(t *testing.T) {
	assert.Equal(t, "Llama 3.1 405B", nearestOf(t, "Meta-Llama-3-405B")[0])
	assert.Equal(t, "Llama 3.1 405B", bySize("meta-llama/Meta-Llama-3-405B-Instruct")[0])
	m, err := FindModel("Meta-Llama-3.1-70B-Instruct")
	require.NoError(t, err)
	assert.Equal(t, "Llama 3.1 70B", m.Name)
	assert.Equal(t, "Meta-Llama-3.1-70B-Instruct read as Llama 3.1 70B (the repository meta-llama/Meta-Llama-3.1-70B-Instruct named without its owner)", m.NameNote)
}

// The version's share of a suggestion's distance, as its doc gives it:
// nothing for the same version; half a step (ln of about 1.65) for the
// same major version ("3" and "3.1") or where one name states none; a
// step and a half otherwise, which outweighs a factor of four in size.
func TestVersionPenaltyIsZeroHalfOrOneAndAHalf(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"3.1", "3.1", 0}, {"", "", 0},
		{"3", "3.1", 0.5}, {"3.1", "3.3", 0.5}, {"", "3.1", 0.5}, {"2.5", "", 0.5},
		{"3", "2", 1.5}, {"3.1", "4", 1.5}, {"10", "1.0", 1.5},
	} {
		assert.Equal(t, c.want, versionPenalty(c.a, c.b), "%q and %q", c.a, c.b)
	}
}

// A catalog name's size is read as the prefill model reads the model: a
// dense model read from its config.json counts fewer parameters through
// which a token is multiplied than it holds (the input embedding is only
// looked up), and is still dense, so its name's total stands for both
// counts; a mixture's name takes the catalog's active count.
func TestANameTakesADenseConfigModelAsDense(t *testing.T) {
	dense := MustModel("Qwen3-0.6B")
	require.Less(t, dense.ActiveParams, dense.TotalParams, "the embedding is held, not multiplied")
	assert.False(t, dense.mixture())
	total, active := parseName(dense.Name).sizes(&dense)
	assert.Equal(t, total, active, "dense: its name's 0.6B for both")
	moe := MustModel("Qwen3-30B-A3B")
	assert.True(t, moe.mixture())
	_, active = parseName("Qwen3-30B").sizes(&moe)
	assert.Equal(t, moe.ActiveParams, active, "a mixture named by its total takes the catalog's active count")
}
