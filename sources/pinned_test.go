package sources

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests pin every input whose change the rest of the suite would
// only see as a difference in the committed data/ and figures/ files (as a
// mutation run found): each against the figure as published, or against
// arithmetic written here.

func inputByName(t *testing.T) map[string]AnyInput {
	t.Helper()
	m := map[string]AnyInput{}
	for _, in := range Inputs() {
		m[in.Name] = in
	}
	return m
}

// close reports a == b to a relative 1e-12: equal but for the last bits
// of float arithmetic.
func same(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b))
}

// Every input the post prints is typed as printed: its nominal value is
// the printed number itself, not merely within the printed rounding (a
// 20x typed as 20.1 still rounds to "20x", and a "seven" typed as 7.1 to
// "seven"). The one reading: "131K" for the Qwen3-32B prompt is 131 x
// 1024 = 2^17 tokens (see QwenWWT).
func TestLedgerInputsAreTypedAsPrinted(t *testing.T) {
	inputs := inputByName(t)
	n := 0
	for _, e := range Ledger {
		in, ok := inputs[e.Input]
		if e.Kind != InputFigure || !ok {
			continue
		}
		n++
		printed, _, err := e.Value()
		require.NoError(t, err, e.ID)
		if e.ID == "claims.qwen.tokens" {
			// 2^17 = 131,072 tokens, which is "131K" to the thousand.
			assert.Equal(t, "131K", e.Printed)
			assert.Equal(t, printed, math.Round((1<<17)/1e3)*1e3)
			printed = 1 << 17
		}
		got := in.Value.Value / e.Unit.Scale()
		assert.True(t, same(printed, got), "%s: %s is typed as %v, printed %q", e.ID, e.Input, got, e.Printed)
	}
	assert.Greater(t, n, 40, "the ledger's input figures")
}

// The figures the post prints in words or with a unit the ledger reads,
// each worked here from the words.
func TestPrintedWordsByHand(t *testing.T) {
	// "20x": the VAST headline.
	assert.Equal(t, 20.0, VASTSpeedup.V())
	// "seven API providers".
	assert.Equal(t, 7.0, GuProviders.V())
	assert.Contains(t, GuProviders.Quote, "seven API providers")
	// "A thousand parked 128K-token conversations".
	assert.Equal(t, 1e3, ParkedConversations.V())
	// "24 hours" of DeepSeek traffic is one day.
	assert.Equal(t, 24.0/24, DeepSeekDays.V())
	assert.Equal(t, "24 hours", DeepSeekDays.Quote)
	// The 128K-token conversation is 2^17 tokens; the million is 10^6.
	assert.Equal(t, float64(1<<17), float64(Conversation128K.V()))
	assert.Equal(t, math.Pow(10, 6), float64(MillionTokens.V()))
	// Lablup's "about 140K tokens": 140,000 to the nearest 10,000, so
	// 135,000 to 145,000.
	assert.Equal(t, 140e3, float64(LablupTokens.Value.Value))
	assert.Equal(t, 140e3-10e3/2, float64(LablupTokens.Value.Lo))
	assert.Equal(t, 140e3+10e3/2, float64(LablupTokens.Value.Hi))
	// "over 11 seconds": at least 11, short of 12.
	assert.Equal(t, [3]float64{11, 11, 12}, [3]float64{float64(QwenWWT.Uncached.Value.Value), float64(QwenWWT.Uncached.Value.Lo), float64(QwenWWT.Uncached.Value.Hi)})
}

// "A full million-token conversation on it is 8.3 GB": the ledger's 8.3 is
// DeepSeek V4 Pro's 7.9 KB per token times 2^20 tokens (8.28 GB), not
// times 10^6 (7.9 GB), which is why the audit says it differs.
func TestMillionTokenFigureByHand(t *testing.T) {
	e, ok := FindEntry("newer.million")
	require.True(t, ok)
	per, ok := FindEntry("newer.deepseekv4pro.per-token")
	require.True(t, ok)
	require.Equal(t, "7.9", per.Printed)
	binary := 7.9e3 * (1 << 20) / 1e9
	decimal := 7.9e3 * 1e6 / 1e9
	assert.Equal(t, "8.3", e.Printed)
	assert.Equal(t, "8.3", strconv.FormatFloat(binary, 'f', 1, 64))
	assert.Equal(t, "7.9", strconv.FormatFloat(decimal, 'f', 1, 64))
	v, step, err := e.Value()
	require.NoError(t, err)
	assert.InDelta(t, binary, v, step/2)
	assert.Greater(t, math.Abs(decimal-v), step/2)
}

// Every input the post does not print, with its value worked from the
// figure its citation quotes. A new input needs a case here.
func TestUnprintedInputsByHand(t *testing.T) {
	const (
		gbit  = 1e9 / 8 // bytes per second in a Gbit/s
		tflop = 1e12
	)
	cases := map[string]float64{
		// Line rates, Gbit/s to bytes/s.
		"link.25gbe":  25 * gbit,
		"link.100gbe": 100 * gbit,
		"link.200gbe": 200 * gbit,
		"link.400gbe": 400 * gbit,
		"link.800gbe": 800 * gbit,
		"link.ndr":    4 * 100 * gbit, // four lanes of 100 Gbps
		"link.xdr":    800 * gbit,
		// PCIe x16: 16 lanes at the raw GT/s, one bit per transfer.
		"link.pcie4-x16": 16 * 16.0 * gbit,
		"link.pcie5-x16": 16 * 32.0 * gbit, // 64 GB/s each way, the release's 128 GB/s both
		// Dense BF16 peaks.
		"chip.h100.bf16-peak":   989.4 * tflop,
		"chip.h200.bf16-peak":   989.4 * tflop,
		"chip.h800.bf16-peak":   989.4 * tflop,
		"chip.a100.bf16-peak":   312 * tflop,
		"chip.a800.bf16-peak":   312 * tflop,
		"chip.b200.bf16-peak":   2250 * tflop,
		"chip.mi300x.bf16-peak": 1307.4 * tflop,
		// FlashAttention-3's "up to 75% utilization" of the H100.
		"fa3.h100-utilization": 75.0 / 100,
		"assumption.mfu-low":   0.2,
		"assumption.mfu-high":  0.5,
		// 10% of memory: 1 - vLLM's default gpu_memory_utilization 0.9.
		"assumption.activation-share": 1 - 0.9,
		// 50 ms, from 10 ms to half a second.
		"assumption.load-latency":  50e-3,
		"dgx-h100.gpus":            8,
		"estimate.gpus":            8,
		"estimate.tokens-32k":      1 << 15,
		"weka70b.headline-speedup": 41,
		// "~300GB/s (2400Gb)".
		"weka70b.host-bandwidth": 2400 * gbit,
		// MLA head dims of the three MLA configs.
		"attention.deepseek-v3.qk-nope-head-dim": 128,
		"attention.deepseek-v3.v-head-dim":       128,
		"attention.deepseek-v2.qk-nope-head-dim": 128,
		"attention.deepseek-v2.v-head-dim":       128,
		"attention.kimi-k2.qk-nope-head-dim":     128,
		"attention.kimi-k2.v-head-dim":           128,
	}
	// Query heads, as the configs give them; the Llama and Llama 4 head
	// dims are the model dim over these (checked below).
	heads := map[string]float64{
		"llama-3.1-8b": 32, "llama-3.1-70b": 64, "llama-3.1-405b": 128, "llama-3.3-70b": 64,
		"llama-3.2-3b": 24, "qwen3-8b": 32, "qwen3-32b": 64, "qwen3-30b-a3b": 32,
		"qwen3-235b-a22b": 64, "qwen3-next-80b-a3b": 16, "deepseek-v3": 128, "deepseek-v2": 128,
		"kimi-k2": 64, "mistral-large-2": 96, "mistral-7b-v0.1": 32, "mixtral-8x22b": 48,
		"gemma-3-27b": 32, "gemma-3-12b": 16, "gpt-oss-120b": 64, "gpt-oss-20b": 64,
		"llama-4-scout": 40, "llama-4-maverick": 40, "glm-4.5": 96,
	}
	for slug, n := range heads {
		cases["attention."+slug+".query-heads"] = n
	}
	for name, v := range hostInputsByHand { // hosts_test.go
		cases[name] = v
	}
	for name, v := range prefillRunCases {
		cases[name] = v
	}

	printed := map[string]bool{}
	for _, e := range Ledger {
		printed[e.Input] = true
	}
	inputs := inputByName(t)
	for name, in := range inputs {
		if printed[name] {
			continue
		}
		want, ok := cases[name]
		if !ok && strings.HasPrefix(name, "chip.") {
			continue // the chip catalog's figures: TestChipFigures* in chips_test.go
		}
		if !assert.True(t, ok, "input %s is not printed by the post and has no case here", name) {
			continue
		}
		assert.True(t, same(want, in.Value.Value), "%s = %v, want %v", name, in.Value.Value, want)
	}
	for name := range cases {
		_, ok := inputs[name]
		assert.True(t, ok, "case %s names no input", name)
	}

	// The load latency's range, 10 ms to 0.5 s.
	ll := inputs["assumption.load-latency"].Value
	assert.Equal(t, [2]float64{10e-3, 0.5}, [2]float64{ll.Lo, ll.Hi})
	// WEKA's "41x" rounds to the unit.
	wh := inputs["weka70b.headline-speedup"].Value
	assert.Equal(t, [2]float64{40.5, 41.5}, [2]float64{wh.Lo, wh.Hi})

	// Each quote that states a figure states this one.
	for _, a := range Attention {
		q := a.QueryHeads
		assert.Regexp(t, `\b`+strconv.Itoa(int(q.V()))+`\b`, q.Quote, q.Name)
		for _, d := range []Input[float64]{a.QKNope, a.V} {
			if d.Name != "" {
				assert.Regexp(t, `\b`+strconv.Itoa(int(d.V()))+`\b`, d.Quote, d.Name)
			}
		}
	}

	// The Llama code derives the head dim as dim // n_heads: the
	// catalog's head dims agree with the query heads above.
	for model, dim := range map[string]int{
		"Llama 3.1 8B": 4096, "Llama 3.1 70B": 8192, "Llama 3.1 405B": 16384, "Llama 3.3 70B": 8192,
		"Llama 3.2 3B": 3072, "Llama 4 Scout": 5120, "Llama 4 Maverick": 5120,
	} {
		m, err := FindModel(model)
		require.NoError(t, err)
		a, ok := FindAttention(model)
		require.True(t, ok, model)
		for _, g := range m.Arch.Groups {
			assert.Equal(t, dim/int(a.QueryHeads.V()), g.HeadDim, model)
		}
	}
}

// A model's parameter counts and context, from its name or the words its
// citation quotes, read here: "3B" is 3 x 10^9, "1T" 10^12, "128K" or
// "128k" a context of 128 x 1024 tokens, "131,072" itself.
func TestCatalogParamsAndContextFromTheirCitations(t *testing.T) {
	cases := []struct {
		name                   string
		total, active, context string // words in the model's name, locator or note
	}{
		{"Llama 3.1 8B", "8B", "8B", "128k"},
		{"Llama 3.1 70B", "70B", "70B", "128k"},
		{"Llama 3.1 405B", "405B", "405B", "128k"},
		{"Llama 3.3 70B", "70B", "70B", "128K"},
		{"Llama 3.2 3B", "3B", "3B", "131072"},
		{"Qwen3-8B", "8B", "8B", "131,072"},
		{"Qwen3-32B", "32.8B", "32.8B", "131,072"},
		{"Qwen3-30B-A3B", "30B", "3B", "131,072"},
		{"Qwen3-235B-A22B", "235B", "22B", "131,072"},
		{"Qwen3-Next-80B-A3B", "80B", "3B", "262,144"},
		{"DeepSeek-V3", "671B", "37B", "128K"},
		{"DeepSeek-V2", "236B", "21B", "163,840"},
		{"Kimi K2", "1T", "32B", "131072"},
		{"Mistral Large 2", "123B", "123B", "131072"},
		{"Mistral 7B v0.1", "7B", "7B", "4096*32"},
		{"Mixtral 8x22B", "141B", "39B", "64K"},
		{"Gemma 3 27B", "27B", "27B", "131,072"},
		{"Gemma 3 12B", "12B", "12B", "131,072"},
		{"gpt-oss-120b", "117B", "5.1B", "131,072"},
		{"gpt-oss-20b", "21B", "3.6B", "131072"},
		{"Llama 4 Scout", "109B", "17B", "10485760"},
		{"Llama 4 Maverick", "400B", "17B", "1048576"},
		{"GLM-4.5", "355B", "32B", "128K"},
		{"Mistral Medium 3.5", "128B", "128B", ""},
	}
	require.Len(t, cases, len(configModels), "every config model needs a case")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := FindModel(c.name)
			require.NoError(t, err)
			text := m.Name + " " + m.Locator + " " + m.Note + " " + m.Quote
			if _, other, ok := strings.Cut(m.Note, "context as for "); ok {
				o, err := FindModel(other)
				require.NoError(t, err, "the model whose context this one shares")
				text += " " + o.Locator + " " + o.Note
			}
			for _, w := range []string{c.total, c.active, c.context} {
				if w != "" {
					assert.Regexp(t, `(^|[^0-9.,])`+regexp.QuoteMeta(w)+`($|[^0-9])`, text, "the citation does not say %q", w)
				}
			}
			assert.Equal(t, readCount(t, c.total), m.TotalParams, "total parameters")
			assert.Equal(t, readCount(t, c.active), m.ActiveParams, "active parameters")
			assert.Equal(t, readCount(t, c.context), float64(m.Context), "context")
		})
	}
}

// readCount reads "3B", "32.8B", "1T", "128K" (x 1024), "131,072",
// "4096*32"; "" is 0.
func readCount(t *testing.T, s string) float64 {
	t.Helper()
	if s == "" {
		return 0
	}
	if a, b, ok := strings.Cut(s, "*"); ok {
		return readCount(t, a) * readCount(t, b)
	}
	scale := 1.0
	switch s[len(s)-1] {
	case 'B':
		scale = 1e9
	case 'T':
		scale = 1e12
	case 'K', 'k':
		scale = 1024
	}
	if scale != 1 {
		s = s[:len(s)-1]
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	require.NoError(t, err, s)
	// 32.8 x 1e9 in floating point is not 32.8e9: round to the unit.
	return math.Round(v * scale)
}

// Every number word the ledger can read, counted here: the digits in
// order, and the words for a share or a bound.
func TestNumberWordsCounted(t *testing.T) {
	want := map[string]float64{}
	for i, w := range strings.Fields("one two three four five six seven eight nine ten") {
		want[w] = float64(i + 1)
	}
	want["single"] = 1
	want["thousand"] = math.Pow(10, 3)
	want["million"] = math.Pow(10, 6)
	want["doubles"] = 2
	want["halved"] = 1.0 / 2
	want["wins all three"] = want["three"]
	want["loses all three"] = 0
	assert.Equal(t, want, numberWords)
	for w, v := range want {
		got, _, err := Entry{ID: w, Printed: w}.Value()
		require.NoError(t, err, w)
		assert.Equal(t, v, got, w)
	}
}

// The edit distance behind "did you mean", on pairs counted by hand.
func TestEditDistanceByHand(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a", "b", 1},            // one substitution, on the first row and column
		{"ab", "ba", 1},          // a swap at the very start
		{"a", "ab", 1},           // one insertion
		{"ab", "a", 1},           // one deletion
		{"", "abc", 3},           // three insertions
		{"abc", "", 3},           // three deletions
		{"405b", "405b", 0},      // equal
		{"405b", "450b", 1},      // one swap of neighbours
		{"405b", "406b", 1},      // one substitution
		{"kitten", "sitting", 3}, // k->s, e->i, +g
		{"llama", "lama", 1},     // one deletion
		{"ca", "abc", 3},         // optimal string alignment: no edit of a swapped pair
	} {
		var scratch [3][]int
		limit := len(c.a) + len(c.b)
		assert.Equal(t, c.want, editDistanceWithin([]rune(c.a), []rune(c.b), limit, &scratch), "%q %q", c.a, c.b)
		if c.want > 0 {
			assert.Equal(t, c.want, editDistanceWithin([]rune(c.a), []rune(c.b), c.want-1, &scratch), "%q %q: past the limit, limit+1", c.a, c.b)
		}
	}
}

// One suggestion is still a suggestion.
func TestUnknownModelErrorWithOneSuggestion(t *testing.T) {
	e := &UnknownModelError{Name: "lama", Nearest: []string{"Llama 3.1 8B"}}
	assert.Equal(t, `unknown model "lama" (did you mean "Llama 3.1 8B"?); list them with "breakeven models", or read its config.json with --config`, e.Error())
	e = &UnknownModelError{Name: "zzz"}
	assert.Equal(t, `unknown model "zzz"; list them with "breakeven models", or read its config.json with --config`, e.Error())
}

// nearestOf is what an unknown name is offered.
func nearestOf(t *testing.T, s string) []string {
	t.Helper()
	_, err := FindModel(s)
	var ue *UnknownModelError
	require.ErrorAs(t, err, &ue, s)
	return ue.Nearest
}

// However long the name, a suggestion is at most three edits away: an
// 18-character name allows 18/4 = 4 by length, but three is the cap.
// Each word of "qwen3-next-80b-a3b" is changed, so no word-sharing rule
// applies.
func TestSuggestionsStopAtThreeEdits(t *testing.T) {
	assert.Contains(t, nearestOf(t, "qqen3-nexq-80q-a3b"), "Qwen3-Next-80B-A3B", "three edits")
	assert.Empty(t, nearestOf(t, "qqen3-nexq-80q-a3q"), "four edits")
}

// A short name is allowed one edit, a quarter of its length but at
// least one: "glm-4.7" (7 characters, one edit from "glm-4.5") is offered
// GLM-4.5; "glx-4.7" (two edits) is offered nothing.
func TestShortNamesAllowOneEdit(t *testing.T) {
	assert.Contains(t, nearestOf(t, "glm-4.7"), "GLM-4.5", "one edit")
	assert.Empty(t, nearestOf(t, "glx-4.7"), "two edits")
	// Two words are enough to share: "llama-405b" is four edits from
	// "llama-3.1-405b" and not inside it, but both its words are.
	assert.Equal(t, []string{"Llama 3.1 405B"}, nearestOf(t, "llama-405b"))
}

// A ledger entry's explicit step is the place of its printed figure's last
// nonzero digit: "4,380" is to the ten, "≈11,900" to the hundred,
// "126,000" to the thousand. Counted here from the printed text.
func TestLedgerStepsFromTrailingZeros(t *testing.T) {
	n := 0
	for _, e := range Ledger {
		if e.Step == 0 {
			continue
		}
		n++
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, e.Printed)
		require.NotContains(t, e.Printed, ".", e.ID)
		zeros := len(digits) - len(strings.TrimRight(digits, "0"))
		assert.Equal(t, math.Pow(10, float64(zeros)), e.Step, "%s printed %q", e.ID, e.Printed)
	}
	assert.Equal(t, 3, n)
}

// A config-read model prices with any positive active parameter count,
// one included; zero is refused, in both kinds of FLOP model.
func TestPrefillModelActiveParamsBound(t *testing.T) {
	for name, fromConfig := range map[string]bool{"Llama 3.1 8B": true, "Mistral Large 2": false} {
		m := MustModel(name)
		require.Equal(t, fromConfig, m.ConfigFile != "", name)
		m.ActiveParams = 1
		pm, err := PrefillModel(m)
		require.NoError(t, err, name)
		assert.Equal(t, 1.0, float64(pm.ActiveParams), name)
		m.ActiveParams = 0
		_, err = PrefillModel(m)
		assert.ErrorContains(t, err, "active parameters", name)
	}
}

// A tier where nothing moves (G1) cites the tier itself: no link is
// claimed, so the tier list is the source.
func TestNoTransferTierCitesItsTier(t *testing.T) {
	byName := map[string]Tier{}
	for _, tr := range Tiers {
		byName[tr.Name] = tr
	}
	n := 0
	for _, l := range TierLinks {
		if !l.NoTransfer {
			continue
		}
		n++
		tr, ok := byName[l.Tier]
		require.True(t, ok, l.Tier)
		assert.Equal(t, tr.Cite, l.Cite, l.Tier)
	}
	assert.Equal(t, 1, n, "G1 alone")
}

// Three characters are enough for a name that contains them: "405"
// suggests Llama 3.1 405B.
func TestSuggestionByContainment(t *testing.T) {
	_, err := FindModel("405")
	var ue *UnknownModelError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.Nearest, "Llama 3.1 405B")
}

// A separator after a one-letter word is kept; leading ones are dropped.
func TestSlugShortWords(t *testing.T) {
	assert.Equal(t, "x-1", slug("X 1"))
	assert.Equal(t, "a-b-c", slug("-a_b/c"))
}

// Containment is tested against the model's own name: "ge-2" is part of
// "mistral-large-2", though not of its alias
// "mistralai-mistral-large-instruct-2407".
func TestSuggestionContainedInTheName(t *testing.T) {
	_, err := FindModel("ge-2")
	var ue *UnknownModelError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.Nearest, "Mistral Large 2")
}
