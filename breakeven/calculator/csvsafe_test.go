package calculator

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The calculator's CSV export neutralises a label a spreadsheet would run
// as a formula, and leaves negative numbers as numbers.
func TestCSVExportNeutralisesFormulas(t *testing.T) {
	base := Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "10GbE"}
	a, err := Compute(base)
	require.NoError(t, err)
	b, err := CSV([]Case{{Label: "=HYPERLINK(\"http://x\")", Request: base, Answer: a}})
	require.NoError(t, err)
	recs, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, `'=HYPERLINK("http://x")`, recs[1][0])
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	// 1.25 GB/s less 4,380 x 327,680 = 1,435,238,400 B/s.
	assert.Equal(t, "-185238400", recs[1][col["link_over_break_even_bytes_per_second"]])
}
