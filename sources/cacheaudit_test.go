package sources

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every audit parameter's quote prints its value, and is cited like any
// input.
func TestAuditParamsAreQuoted(t *testing.T) {
	for _, p := range AuditParams {
		citeOK(t, p.Name, p.Cite)
		assert.NotEmpty(t, p.Quote, p.Name)
		v := strconv.FormatFloat(p.Value, 'f', -1, 64)
		if p.Name == GuSleepSeconds.Name {
			v = "1.0" // printed with its decimal
		}
		assert.True(t, strings.Contains(p.Quote, " "+v) || strings.Contains(p.Quote, "="+v), "%s: quote %q does not print %s", p.Name, p.Quote, v)
	}
	for _, c := range []Cite{GuPromptDistribution, GuAttackerPrompt, GuKSTest, GuShuffle, GuLevels} {
		citeOK(t, c.Locator, c)
	}
}
