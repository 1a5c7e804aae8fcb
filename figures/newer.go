package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// bytesTick prints a size tick with a decimal prefix: "10 KB", "1 TB".
func bytesTick(v float64) string { return breakeven.Bytes(v).Format(1) }

// NewerModelCaches is figure 6: the cache of each newer model per token,
// per 128K-token conversation and for a thousand parked conversations,
// with Llama 3.1 405B for scale, on one log axis of bytes. Each step
// right is a model that caches less; the three marks of a model keep
// their spacing because a conversation is the per-token size times its
// length (plus a fixed state) and a thousand of them a thousand times
// that.
func NewerModelCaches() (*Figure, error) {
	rows := post.NewerTable()
	n := sources.Conversation128K.V()
	k := sources.ParkedConversations.V()
	first, last := rows[0], rows[len(rows)-1]
	f := newFigure("06-newer-model-caches",
		fmt.Sprintf("Newer models cache far less: %s %.0fx less per token than %s",
			last.Model.Name, float64(first.PerToken/last.PerToken), first.Model.Name),
		"", "size (bytes, log scale)")
	p := f.Plot

	names := make([]string, len(rows))
	var src sourceList
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, r := range rows {
		how := "from its config"
		if r.Model.Provenance == sources.PostOnly {
			how = "published sizes"
		}
		names[i] = r.Model.Name + "\n(" + how + ")"
		lo, hi = math.Min(lo, float64(r.PerToken)), math.Max(hi, float64(r.Parked))
		src.add(r.Model.Cite)
	}
	src.add(sources.Conversation128K, sources.ParkedConversations)
	nominalX(p, 0.5, names...)
	p.X.Max += 0.3 // room for the value labels of the last model
	ylo, yhi := logRange(lo, hi)
	logAxis(&p.Y, ylo, yhi, bytesTick)

	series := []struct {
		name  string
		value func(post.NewerRow) breakeven.Bytes
		text  func(post.NewerRow) string
		glyph draw.GlyphDrawer
		color color.Color
	}{
		{"cache per token", func(r post.NewerRow) breakeven.Bytes { return breakeven.Bytes(r.PerToken) },
			func(r post.NewerRow) string { return r.PerToken.String() }, draw.PyramidGlyph{}, orange},
		{fmt.Sprintf("one %s-token conversation, fixed state included", n), func(r post.NewerRow) breakeven.Bytes { return r.At128K },
			func(r post.NewerRow) string { return r.At128K.String() }, draw.CircleGlyph{}, blue},
		{fmt.Sprintf("%s such conversations parked", breakeven.GroupThousands(k, 0)), func(r post.NewerRow) breakeven.Bytes { return r.Parked },
			func(r post.NewerRow) string { return r.Parked.String() }, draw.BoxGlyph{}, green},
	}
	for _, s := range series {
		var ps points
		xs, ys := make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			xs[i], ys[i] = float64(i), float64(s.value(r))
			ps = append(ps, pt(xs[i], ys[i]))
			p.Add(newNote(xs[i], ys[i], s.text(r), s.color).align(draw.XLeft, draw.YBottom).offset(5, 3))
		}
		l, err := curve(p, xs, ys, draw.LineStyle{Color: tint(s.color, 0.5), Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}})
		if err != nil {
			return nil, err
		}
		th, err := marks(p, ps, draw.GlyphStyle{Color: s.color, Radius: vg.Points(4), Shape: s.glyph})
		if err != nil {
			return nil, err
		}
		f.AddLegend(s.name, append([]plot.Thumbnailer{l}, th...)...)
	}
	f.Caption = caption(src...)
	return f, nil
}
