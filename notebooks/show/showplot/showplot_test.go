package showplot

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"

	"signalweight.dev/kv/notebooks/show"
)

// A notebook's own plot carries its font, as the project's figures do,
// and its HTML form is an <img> of the same SVG titled by the plot's
// title.
func TestPlotSVGCarriesItsFont(t *testing.T) {
	p := plot.New()
	p.Title.Text = "a title & more"
	svg, err := SVG(p, Width, Height)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "@font-face{font-family:'Liberation Serif'")
	h := show.FigureHTML(svg)
	assert.True(t, strings.HasPrefix(h, `<img alt="a title &amp; more" src="data:image/svg+xml;base64,`), h[:80])
	b64 := strings.TrimSuffix(strings.SplitN(h, "base64,", 2)[1], `">`)
	back, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	assert.Equal(t, svg, back)
}
