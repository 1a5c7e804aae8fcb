package figures

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// bytesTick prints a size tick with a decimal prefix: "10 KB", "1 TB".
func bytesTick(v float64) string { return breakeven.Bytes(v).Format(1) }

// NewerModelCaches is figure 6, in two panels that do not share an axis:
// above, the cache of each newer model per token, with Llama 3.1 405B for
// scale; below, the whole cache of one 128K-token conversation, its fixed
// state included. One bar a model, each on a log axis of bytes.
func NewerModelCaches() (*Figure, error) {
	rows := post.NewerTable()
	n := sources.Conversation128K.V()
	first, last := rows[0], rows[len(rows)-1]
	f := newFigure("06-newer-model-caches",
		fmt.Sprintf("Cache per token: %s holds %.0fx less than %s",
			last.Model.Name, float64(first.PerToken/last.PerToken), first.Model.Name),
		"cache per token (bytes, log scale)", "")

	names := make([]string, len(rows))
	var src sourceList
	for i, r := range rows {
		how := "from its config"
		if r.Model.Provenance == sources.PostOnly {
			how = "published sizes"
		}
		names[i] = r.Model.Name + "\n(" + how + ")"
		src.add(r.Model.Cite)
	}
	src.add(sources.Conversation128K)

	perToken, err := modelBars(f.Plot, names, rows, orange, func(r post.NewerRow) (float64, string) {
		return float64(r.PerToken), r.PerToken.String()
	})
	if err != nil {
		return nil, err
	}
	f.Below = newPlot(fmt.Sprintf("One %s-token conversation, fixed state included", n),
		"cache of the conversation (bytes, log scale)", "")
	whole, err := modelBars(f.Below, names, rows, blue, func(r post.NewerRow) (float64, string) {
		return float64(r.At128K), r.At128K.String()
	})
	if err != nil {
		return nil, err
	}
	f.AddLegend("cache per token: keys and values of every layer", perToken)
	f.AddLegend(fmt.Sprintf("one %s-token conversation: %s x the cache per token, plus any fixed state", n, n), whole)
	f.Caption = caption(src...)
	return f, nil
}

// modelBars draws one horizontal bar a model, top to bottom in the
// table's order, on a log axis of bytes, each labelled with its value at
// its end.
func modelBars(p *plot.Plot, names []string, rows []post.NewerRow, c color.Color, value func(post.NewerRow) (float64, string)) (plot.Thumbnailer, error) {
	lo, hi := 0.0, 0.0
	for i, r := range rows {
		v, _ := value(r)
		if i == 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	// Room on the right for the label of the longest bar.
	xlo, xhi := logRange(lo/3, hi*12)
	logAxis(&p.X, xlo, xhi, bytesTick)
	ticks := make([]plot.Tick, len(rows))
	bar := &band{Color: c}
	for i, r := range rows {
		y := float64(len(rows) - 1 - i)
		ticks[i] = plot.Tick{Value: y, Label: names[i]}
		v, text := value(r)
		p.Add(&band{xlo, v, y - 0.3, y + 0.3, c},
			newNote(v, y, text, black).align(draw.XLeft, draw.YCenter).offset(4, 0))
	}
	p.Y.Min, p.Y.Max = -0.6, float64(len(rows))-0.4
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	return bar, nil
}
