package factcheck_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
)

// The summary counts one of each kind as one: a single verdict is still
// named, and a single claim not checkable as stated is still counted, in
// the singular.
func TestReportSummaryOfOne(t *testing.T) {
	for _, format := range factcheck.ReportFormats {
		var b bytes.Buffer
		rep, err := factcheck.NewReport(&b, format, "one")
		require.NoError(t, err)
		c := factcheck.NewChecker(factcheck.Options{})
		r, err := c.Check(reportClaims[0]) // WEKA's 105,000 tokens in 0.58 s on one 400 Gbit/s link
		require.NoError(t, err)
		require.NoError(t, rep.Claim(r))
		rep.Unchecked(factcheck.Claim{ID: "vague", Quote: "much faster"}, "no number", nil)
		require.NoError(t, rep.End())
		// 105,000 x 327,680 B / 0.58 s = 59.3 GB/s, more than the link's 50 GB/s.
		assert.Contains(t, b.String(), "1 claim checked: 1 needs-more-links; 1 claim not checkable as stated.", format)
	}
}
