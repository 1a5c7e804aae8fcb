package sources_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/post"
	"signalweight.dev/kv/sources"
)

// An input, a model and a printed figure, as package sources holds them,
// and the audit's judgement of the figure from the other two.
func Example() {
	// An input: VAST's uncached time, printed as "62 seconds" (so 61.5 to
	// 62.5 s), reported by the post from a source that could not be read.
	uncached := sources.Input[breakeven.Seconds]{
		Name:  "vast405b.uncached",
		Value: breakeven.Rounded[breakeven.Seconds](62, 1),
		Cite:  sources.Cite{Source: sources.VASTCoreWeave, Locator: "TTFT without the cache", ViaPost: true},
	}
	tokens := sources.Input[breakeven.Tokens]{
		Name:  "vast405b.tokens",
		Value: breakeven.Exact[breakeven.Tokens](127188),
		Cite:  sources.Cite{Source: sources.VASTCoreWeave, Locator: "test prompt", ViaPost: true},
	}
	fmt.Println("input:", uncached.Name, uncached.Value)
	fmt.Println("cited:", uncached.Cite)

	// A model: the config fields the cache formula needs, with where they
	// were read.
	model := sources.Model{
		Name:         "Llama 3.1 405B",
		Attention:    "GQA",
		Arch:         breakeven.GQAArchitecture(126, 8, 16384/128),
		TotalParams:  405e9,
		ActiveParams: 405e9,
		Cite:         sources.Cite{Source: sources.LlamaModelsSKU, Locator: "models/sku_list.py, meta_llama3_1_405b", Quote: `"n_layers": 126`},
		Provenance:   sources.Primary,
	}
	fmt.Println("model:", model.Name, model.Arch.BytesPerToken())

	// A printed figure: the post's break-even, a derived figure.
	entry := sources.Entry{ID: "open.break-even", Section: sources.SecOpening, Printed: "1.06",
		Context: "I get 1.06 GB per second", Unit: sources.UnitGBps, Kind: sources.DerivedFigure}
	printed, step, err := entry.Value()
	if err != nil {
		panic(err)
	}
	fmt.Printf("printed: %g %s, to %g\n", printed, entry.Unit, step)

	// The audit recomputes it from the input and the model, carrying the
	// input's interval, and judges it at the printed precision.
	breakEven := breakeven.Apply2(tokens.Value, uncached.Value, func(n breakeven.Tokens, t breakeven.Seconds) float64 {
		return float64(breakeven.BreakEvenBandwidth(breakeven.PrefillRate(n, t), model.Arch.BytesPerToken()))
	})
	inUnit := breakEven.Scale(1 / entry.Unit.Scale())
	fmt.Printf("recomputed: %.4f [%.4f, %.4f] %s: %s\n", inUnit.Value, inUnit.Lo, inUnit.Hi, entry.Unit, post.Judge(printed, step, inUnit))

	// These are the input, model and entry the package holds.
	held, _ := sources.FindEntry(entry.ID)
	fmt.Println("held:", sources.VAST405B.Uncached.Value == uncached.Value,
		sources.MustModel(model.Name).Arch.BytesPerToken() == model.Arch.BytesPerToken(),
		held.Printed == entry.Printed && held.Unit == entry.Unit)
	// Output:
	// input: vast405b.uncached 62.0 s [61.5 s, 62.5 s]
	// cited: vast-coreweave-2025, TTFT without the cache (as reported by the post; not seen in the source)
	// model: Llama 3.1 405B 516 KB/token
	// printed: 1.06 GB/s, to 0.01
	// recomputed: 1.0587 [1.0503, 1.0673] GB/s: match
	// held: true true true
}
