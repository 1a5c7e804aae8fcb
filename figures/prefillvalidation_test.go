package figures

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calibration"
)

// The validation figure draws every priced run once, by regime, and its
// title carries the validation's scores.
func TestPrefillValidationFigureDrawsEveryPricedRun(t *testing.T) {
	f, err := PrefillValidation()
	require.NoError(t, err)
	m, _, err := calibration.Validated()
	require.NoError(t, err)
	n := 0
	for _, l := range f.LegendTexts() {
		var k int
		if i := strings.Index(l, " runs; bars"); i > 0 {
			_, err := fmt.Sscanf(l[strings.LastIndex(l[:i], "(")+1:i], "%d", &k)
			require.NoError(t, err, l)
		}
		n += k
	}
	assert.Equal(t, m.Summary.Priced, n)
	assert.Contains(t, f.Plot.Title.Text, "median error")
}
