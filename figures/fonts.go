package figures

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"

	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
)

// The figures are laid out with the metrics of Liberation Serif, the
// font gonum/plot measures text with. An SVG that only names the font is
// drawn in whatever the viewer has instead, often a wider face, and its
// titles, labels and captions then run off the canvas or into each
// other. So every SVG carries the font: the glyphs its text uses, cut
// from Liberation Serif (SIL Open Font License), in a @font-face rule.
// The text stays text, and the family list after it names the faces with
// the same metrics, should a viewer refuse embedded fonts.

// fontFamily is the CSS family list the SVG's text names.
const fontFamily = `'Liberation Serif',Tinos,'Times New Roman',Times,serif`

// textContent matches the content of a text element as vgsvg writes it.
var textContent = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// EmbedFont is embedFont for an SVG of a plot drawn outside this package
// (a notebook's own gonum plot, shown by notebooks/show): the same font,
// so that it too renders the same on any machine.
func EmbedFont(svg []byte) ([]byte, error) { return embedFont(svg) }

// embedFont rewrites an SVG written by vgsvg without embedded fonts: it
// adds a @font-face rule holding the subset of Liberation Serif the text
// uses and names the metric-compatible fallbacks. The result depends
// only on the SVG, so the output stays deterministic.
func embedFont(svg []byte) ([]byte, error) {
	face := font.DefaultCache.Lookup(plot.DefaultFont, 10)
	var buf sfnt.Buffer
	family, err := face.Face.Name(&buf, sfnt.NameIDFamily)
	if err != nil {
		return nil, err
	}
	var runes []rune
	for _, m := range textContent.FindAllSubmatch(svg, -1) {
		runes = append(runes, []rune(html.UnescapeString(string(m[1])))...)
	}
	var raw bytes.Buffer
	if _, err := face.Face.WriteSourceTo(&buf, &raw); err != nil {
		return nil, err
	}
	sub, err := subsetFont(raw.Bytes(), face.Face, runes)
	if err != nil {
		return nil, fmt.Errorf("figures: subsetting %s: %w", family, err)
	}

	// vgsvg names the family bare; a family with a space is quoted, and
	// the fallbacks follow.
	svg = bytes.ReplaceAll(svg, []byte("font-family:"+family+";"), []byte("font-family:"+fontFamily+";"))
	// The rule goes right after the opening <svg ...> tag.
	i := bytes.Index(svg, []byte("<svg"))
	if i < 0 {
		return nil, errors.New("figures: no <svg> element")
	}
	j := bytes.IndexByte(svg[i:], '>')
	if j < 0 {
		return nil, errors.New("figures: unterminated <svg> element")
	}
	at := i + j + 1
	var def bytes.Buffer
	fmt.Fprintf(&def, "\n<defs><style>@font-face{font-family:'%s';font-style:normal;font-weight:normal;src:url(data:font/ttf;base64,%s) format(\"truetype\");}</style></defs>",
		family, base64.StdEncoding.EncodeToString(sub))
	out := make([]byte, 0, len(svg)+def.Len())
	out = append(out, svg[:at]...)
	out = append(out, def.Bytes()...)
	out = append(out, svg[at:]...)
	return out, nil
}

// subsetFont returns a TrueType font with the glyphs of the given runes
// (and .notdef, and the parts of composite glyphs) and no others. Glyph
// ids are kept, so cmap, hmtx and kern stay as they are; the outlines of
// other glyphs are emptied. The post table loses its glyph names and the
// OpenType layout tables are dropped: the kern table, which gonum/plot
// measures with, is what a browser then uses too.
func subsetFont(raw []byte, f *sfnt.Font, runes []rune) ([]byte, error) {
	be := binary.BigEndian
	if len(raw) < 12 {
		return nil, errors.New("short font")
	}
	tables := map[string][]byte{}
	n := int(be.Uint16(raw[4:]))
	for i := 0; i < n; i++ {
		r := raw[12+16*i:]
		off, l := be.Uint32(r[8:]), be.Uint32(r[12:])
		if int(off)+int(l) > len(raw) {
			return nil, fmt.Errorf("table %q out of range", r[:4])
		}
		tables[string(r[:4])] = raw[off : off+l]
	}
	head, maxp, loca, glyf := tables["head"], tables["maxp"], tables["loca"], tables["glyf"]
	if head == nil || maxp == nil || loca == nil || glyf == nil {
		return nil, errors.New("not a TrueType font")
	}
	numGlyphs := int(be.Uint16(maxp[4:]))
	long := be.Uint16(head[50:]) == 1
	offset := func(g int) int {
		if long {
			return int(be.Uint32(loca[4*g:]))
		}
		return 2 * int(be.Uint16(loca[2*g:]))
	}
	glyph := func(g int) []byte { return glyf[offset(g):offset(g+1)] }

	keep := map[int]bool{}
	var buf sfnt.Buffer
	var add func(g int) error
	add = func(g int) error {
		if keep[g] || g >= numGlyphs {
			return nil
		}
		keep[g] = true
		d := glyph(g)
		if len(d) < 10 || int16(be.Uint16(d)) >= 0 {
			return nil
		}
		// A composite glyph: keep its components.
		p := 10
		for {
			if p+4 > len(d) {
				return errors.New("truncated composite glyph")
			}
			flags, comp := be.Uint16(d[p:]), int(be.Uint16(d[p+2:]))
			if err := add(comp); err != nil {
				return err
			}
			p += 4
			if flags&0x1 != 0 { // ARG_1_AND_2_ARE_WORDS
				p += 4
			} else {
				p += 2
			}
			switch {
			case flags&0x8 != 0: // WE_HAVE_A_SCALE
				p += 2
			case flags&0x40 != 0: // WE_HAVE_AN_X_AND_Y_SCALE
				p += 4
			case flags&0x80 != 0: // WE_HAVE_A_TWO_BY_TWO
				p += 8
			}
			if flags&0x20 == 0 { // MORE_COMPONENTS
				return nil
			}
		}
	}
	if err := add(0); err != nil {
		return nil, err
	}
	for _, r := range runes {
		g, err := f.GlyphIndex(&buf, r)
		if err != nil {
			return nil, err
		}
		if err := add(int(g)); err != nil {
			return nil, err
		}
	}

	// glyf and loca, with every glyph's data 4-byte aligned.
	var newGlyf []byte
	newLoca := make([]byte, 0, len(loca))
	put := func(off int) {
		if long {
			newLoca = be.AppendUint32(newLoca, uint32(off))
		} else {
			newLoca = be.AppendUint16(newLoca, uint16(off/2))
		}
	}
	for g := 0; g < numGlyphs; g++ {
		put(len(newGlyf))
		if keep[g] {
			newGlyf = append(newGlyf, glyph(g)...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	put(len(newGlyf))
	if !long && len(newGlyf) > 2*0xffff {
		return nil, errors.New("subset too large for short loca")
	}

	out := map[string][]byte{"glyf": newGlyf, "loca": newLoca}
	for _, tag := range []string{"OS/2", "cmap", "cvt ", "fpgm", "gasp", "hhea", "hmtx", "kern", "maxp", "name", "prep"} {
		if t, ok := tables[tag]; ok {
			out[tag] = t
		}
	}
	if p := tables["post"]; len(p) >= 32 {
		post := slices.Clone(p[:32])
		be.PutUint32(post, 0x00030000) // version 3: no glyph names
		out["post"] = post
	}
	h := slices.Clone(head)
	be.PutUint32(h[8:], 0) // checkSumAdjustment, set below
	out["head"] = h
	return writeFont(out), nil
}

// writeFont assembles TrueType tables into a font file, with the table
// directory sorted by tag and every checksum set.
func writeFont(tables map[string][]byte) []byte {
	be := binary.BigEndian
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	n := len(tags)
	pow, log := 1, 0
	for pow*2 <= n {
		pow, log = pow*2, log+1
	}
	hdr := make([]byte, 12, 12+16*n)
	be.PutUint32(hdr, 0x00010000)
	be.PutUint16(hdr[4:], uint16(n))
	be.PutUint16(hdr[6:], uint16(16*pow))
	be.PutUint16(hdr[8:], uint16(log))
	be.PutUint16(hdr[10:], uint16(16*(n-pow)))
	off := 12 + 16*n
	var body []byte
	headAt := 0
	for _, t := range tags {
		d := tables[t]
		if t == "head" {
			headAt = off + len(body)
		}
		hdr = append(hdr, t...)
		hdr = be.AppendUint32(hdr, checksum(d))
		hdr = be.AppendUint32(hdr, uint32(off+len(body)))
		hdr = be.AppendUint32(hdr, uint32(len(d)))
		body = append(body, d...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	font := append(hdr, body...)
	be.PutUint32(font[headAt+8:], 0xB1B0AFBA-checksum(font))
	return font
}

// checksum is the TrueType table checksum: the sum of big-endian uint32s,
// the last padded with zeros.
func checksum(d []byte) uint32 {
	var s uint32
	for i := 0; i < len(d); i += 4 {
		var w [4]byte
		copy(w[:], d[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}
