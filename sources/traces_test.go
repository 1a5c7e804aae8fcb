package sources

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each trace's figures are those its quote shows, and the paths are where
// the commit keeps them.
func TestTraceFiguresAreTheirQuotes(t *testing.T) {
	for _, tf := range TraceFiles {
		assert.Contains(t, tf.Requests.Quote, fmt.Sprint(int(tf.Requests.V())), tf.Name)
		assert.Contains(t, tf.CacheRatio.Quote, fmt.Sprintf("%.0f%%", 100*tf.CacheRatio.V()), tf.Name)
		// A whole percent stands for the half point either side of it.
		r := tf.CacheRatio.Value
		assert.InDelta(t, 0.01, r.Hi-r.Lo, 1e-12, "%s: %v printed as a whole percent", tf.Name, r)
		assert.True(t, strings.HasSuffix(tf.File, strings.TrimPrefix(tf.Path, "FAST25-release/traces/")), tf.Name)
		src, ok := Lookup(tf.Source)
		assert.True(t, ok)
		assert.Contains(t, src.URL, MooncakeCommit)
	}
	assert.Contains(t, TraceBlockTokens.Quote, fmt.Sprint(int(TraceBlockTokens.V())))
	assert.Contains(t, PaperLocalCacheTokens.Quote, fmt.Sprintf("%gM token", float64(PaperLocalCacheTokens.V())/1e6))
	assert.Contains(t, PaperNearMaxTokens.Quote, fmt.Sprintf("%gM tokens", float64(PaperNearMaxTokens.V())/1e6))
}
