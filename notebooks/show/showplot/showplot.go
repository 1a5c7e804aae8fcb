// Package showplot displays a bare gonum plot in a GoNB notebook, as SVG
// with the glyphs of its font embedded, the way show displays the
// project's figures. It is apart from show because gonum/plot registers
// its fonts when imported, which triples the size of every program that
// links it; a notebook cell that shows only tables and text imports show
// alone, and GoNB builds and links a program for every cell.
package showplot

import (
	"bytes"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"signalweight.dev/kv/figures"
	"signalweight.dev/kv/notebooks/show"
)

// Width and height of an inline plot.
const (
	Width  = 16 * vg.Centimeter
	Height = 10 * vg.Centimeter
)

// Plot renders a bare gonum plot as SVG and displays it inline, in the
// two forms show.SVGBytes sends.
func Plot(p *plot.Plot) {
	svg, err := SVG(p, Width, Height)
	if err != nil {
		panic(err)
	}
	show.SVGBytes(svg)
}

// SVG renders a plot to SVG bytes, with the glyphs of the font its text
// uses embedded (as the project's figures are), so that it renders the
// same on any machine.
func SVG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	wt, err := p.WriterTo(w, h, "svg")
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, err
	}
	return figures.EmbedFont(buf.Bytes())
}
