package figures

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/plotter"

	"signalweight.dev/kv/breakeven/calibration"
)

// The validation figure draws every priced run once, by regime, and its
// title carries the validation's scores.
func TestPrefillValidationFigureDrawsEveryPricedRun(t *testing.T) {
	f, err := PrefillValidation()
	require.NoError(t, err)
	m, _, err := calibration.Validated()
	require.NoError(t, err)
	// Each regime's marks have a colour no other regime's have.
	seen := map[color.Color]string{}
	for _, e := range f.legend {
		if !strings.Contains(e.text, " runs; bars") {
			continue
		}
		require.Len(t, e.thumbs, 1, e.text)
		s, ok := e.thumbs[0].(*plotter.Scatter)
		require.True(t, ok, e.text)
		c := s.GlyphStyle.Color
		assert.NotContains(t, seen, c, "%s is drawn in the colour of %s", e.text, seen[c])
		seen[c] = e.text
	}
	assert.Len(t, seen, 4, "four regimes")
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
