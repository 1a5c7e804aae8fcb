package figures

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
)

var embedded = regexp.MustCompile(`url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)`)

// The font a figure carries has the glyphs of its text, drawn and spaced
// as in Liberation Serif, and no others; it is a valid TrueType file.
func TestEmbeddedFontIsASubset(t *testing.T) {
	f, err := BreakEvenVsLinks()
	require.NoError(t, err)
	svg, err := f.SVG()
	require.NoError(t, err)
	m := embedded.FindSubmatch(svg)
	require.NotNil(t, m, "the SVG carries a font")
	sub, err := base64.StdEncoding.DecodeString(string(m[1]))
	require.NoError(t, err)

	// The whole file sums to 0xB1B0AFBA, as TrueType requires.
	assert.Equal(t, uint32(0xB1B0AFBA), checksum(sub))

	orig := font.DefaultCache.Lookup(plot.DefaultFont, 10).Face
	got, err := sfnt.Parse(sub)
	require.NoError(t, err)
	var b1, b2 sfnt.Buffer
	ppem := fixed.I(2048)
	outline := func(f *sfnt.Font, b *sfnt.Buffer, r rune) (sfnt.Segments, fixed.Int26_6) {
		g, err := f.GlyphIndex(b, r)
		require.NoError(t, err)
		segs, err := f.LoadGlyph(b, g, ppem, nil)
		require.NoError(t, err)
		adv, err := f.GlyphAdvance(b, g, ppem, 0)
		require.NoError(t, err)
		return append(sfnt.Segments(nil), segs...), adv
	}
	// In the figure's text: the same outline and advance.
	for _, r := range "Break-even 0.550 GB/s: B* = r x b (Llama)" {
		s1, a1 := outline(orig, &b1, r)
		s2, a2 := outline(got, &b2, r)
		assert.Equal(t, s1, s2, "outline of %q", r)
		assert.Equal(t, a1, a2, "advance of %q", r)
	}
	// Not in it: spaced as before, but with no outline.
	assert.False(t, bytes.ContainsRune(svg, '§'))
	s1, a1 := outline(orig, &b1, '§')
	s2, a2 := outline(got, &b2, '§')
	assert.NotEmpty(t, s1)
	assert.Empty(t, s2)
	assert.Equal(t, a1, a2)

	// The directory is sorted, and what a browser shapes with is gone.
	n := int(binary.BigEndian.Uint16(sub[4:]))
	var tags []string
	for i := range n {
		tags = append(tags, string(sub[12+16*i:16+16*i]))
	}
	assert.IsIncreasing(t, tags)
	assert.NotContains(t, tags, "GPOS")
	assert.Contains(t, tags, "kern")
}

// Each SVG stays small: the subset, not the 393 KB font.
func TestFiguresStaySmall(t *testing.T) {
	for _, f := range all(t) {
		svg, err := f.SVG()
		require.NoError(t, err)
		assert.Less(t, len(svg), 150_000, f.Name)
	}
}
