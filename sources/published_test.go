package sources

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// numberPattern finds the numbers a text states: digits with optional
// thousands commas and a decimal part ("1,988", "5117.95", "16.8").
var numberPattern = regexp.MustCompile(`\d+(?:,\d{3})*(?:\.\d+)?`)

// spelled are the numbers the registry's quotes spell out in words.
var spelled = strings.NewReplacer("one million", "1000000")

// numbersIn returns the values of the numbers in s, read as a reader
// would: commas group thousands, and "1.20" is 1.2.
func numbersIn(s string) []float64 {
	var out []float64
	for _, m := range numberPattern.FindAllString(spelled.Replace(strings.ToLower(s)), -1) {
		v, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
		if err == nil {
			out = append(out, v)
		}
	}
	return out
}

// missingNumbers returns the numbers of field that its quote does not state.
func missingNumbers(field, quote string) []float64 {
	have := map[float64]bool{}
	for _, v := range numbersIn(quote) {
		have[v] = true
	}
	var missing []float64
	for _, v := range numbersIn(field) {
		if !have[v] {
			missing = append(missing, v)
		}
	}
	return missing
}

// The number check reads whole numbers, not digits inside others, and
// allows the quote's own formatting.
func TestMissingNumbers(t *testing.T) {
	assert.Empty(t, missingNumbers("1988 ms", "| 49,152 | 1,988 ms | 235 ms |"))
	assert.Empty(t, missingNumbers("1.2", "Vanilla vLLM | 1.20 | 15.70"))
	assert.Empty(t, missingNumbers("1000000", "305 GB of KV-cache for one million tokens"))
	assert.Equal(t, []float64{35}, missingNumbers("35 ms", "| 49,152 | 1,988 ms | 235 ms |"))
	assert.Equal(t, []float64{41}, missingNumbers("41x", "by up to 14x on x86-based NVIDIA H100"))
	assert.Equal(t, []float64{128}, missingNumbers("128K", "a 12.8K prompt"))
}

// The typed fields of a claim that hold published numbers.
func numberFields(c PublishedClaim) map[string]string {
	return map[string]string{
		"Tokens": c.Tokens, "Seconds": c.Seconds, "Size": c.Size, "Throughput": c.Throughput,
		"Uncached": c.Uncached, "Speedup": c.Speedup, "Hit": c.Hit,
	}
}

func TestPublishedClaimsAreCited(t *testing.T) {
	require.GreaterOrEqual(t, len(PublishedClaims), 20, "the registry holds at least 20 claims")
	ids := map[string]bool{}
	publishers := map[string]bool{}
	idPattern := regexp.MustCompile(`^[a-z0-9][a-z0-9.-]*$`)
	for _, c := range PublishedClaims {
		assert.Regexp(t, idPattern, c.ID, "a claim id is lower-case letters, digits, dots and hyphens")
		assert.False(t, ids[c.ID], "%s: duplicate claim id", c.ID)
		ids[c.ID] = true

		s, ok := Lookup(c.Source)
		if assert.True(t, ok, "%s: source %q is not registered", c.ID, c.Source) {
			publishers[s.Publisher] = true
			assert.NotEmpty(t, s.URL, "%s: its source has no URL", c.ID)
			assert.Contains(t, []Access{Read, Partial}, s.Access, "%s: a claim's figures are seen in its source", c.ID)
			assert.NotEmpty(t, s.Seen, "%s: its source does not say what was read", c.ID)
		}
		assert.NotEmpty(t, strings.TrimSpace(c.Locator), "%s: no locator", c.ID)
		assert.NotEmpty(t, strings.TrimSpace(c.Quote), "%s: no quote", c.ID)
		assert.NotEmpty(t, strings.TrimSpace(c.Model), "%s: no model", c.ID)

		forms := 0
		for name, v := range numberFields(c) {
			if v == "" {
				continue
			}
			if name != "Tokens" {
				forms++
			}
			assert.Empty(t, missingNumbers(v, c.Quote), "%s: %s %q states numbers its quote does not", c.ID, name, v)
		}
		assert.Positive(t, forms, "%s: states no form (seconds, size, throughput, uncached, speedup or hit)", c.ID)

		assert.Contains(t, []string{"", SecondsTTFT, SecondsLoad}, c.SecondsAre, "%s: SecondsAre", c.ID)
		if c.SecondsAre != "" || c.Uncached != "" {
			assert.NotEmpty(t, c.Seconds, "%s: SecondsAre or Uncached without the cached time", c.ID)
		}
		if c.PerNode {
			assert.NotEmpty(t, c.Throughput, "%s: PerNode without a throughput", c.ID)
		}
		if _, err := FindModel(c.Model); err != nil {
			assert.Contains(t, c.Note, "outside the catalog", "%s: model %q is not in the catalog and the note does not say so", c.ID, c.Model)
			assert.Contains(t, c.Note, "config", "%s: model %q: the note names no config that describes it", c.ID, c.Model)
		}
	}
	assert.GreaterOrEqual(t, len(publishers), 8, "the claims come from at least 8 publishers: %v", publishers)
}

// The registry holds every form the type allows, so the checker meets each.
func TestPublishedClaimsCoverEveryForm(t *testing.T) {
	has := map[string]bool{}
	for _, c := range PublishedClaims {
		if c.Seconds != "" && c.Uncached == "" {
			has["time only"] = true
		}
		if c.SecondsAre == SecondsLoad {
			has["load time"] = true
		}
		if c.Size != "" {
			has["size"] = true
		}
		if c.Throughput != "" {
			has["throughput"] = true
		}
		if c.Seconds != "" && c.Uncached != "" {
			has["uncached and cached"] = true
		}
		if c.Speedup != "" {
			has["speedup"] = true
		}
		if c.Hit != "" {
			has["hit"] = true
		}
	}
	for _, f := range []string{"load time", "size", "throughput", "uncached and cached", "speedup", "hit"} {
		assert.True(t, has[f], "no claim states %s", f)
	}
}
