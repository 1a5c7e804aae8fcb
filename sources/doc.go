// Package sources holds every published input of the project once, with
// where it was published: the post's three tests, the transports, the
// hit-rate data, the storage tiers, link presets, the model catalog and
// the ledger of every figure the post prints. Every other package computes
// from these values; a number typed anywhere else is a defect.
//
// # Adding an input
//
// A published figure is an [Input]: a stable name, a value with the
// interval the source gives it, and a [Cite] (the source's id, a locator
// in it, and a short quote where the source could be read). Register the
// source once in source.go if it is new, then type the input in
// inputs.go or hardware.go with the helper that says how it was printed:
//
//	exact(name, v, cite)         // given exactly: 127,188 tokens
//	printed(name, v, step, cite) // printed rounded: "62 seconds" is 61.5 to 62.5 s
//	in(name, breakeven.MustBetween(v, lo, hi), cite) // a stated range
//
// and cite it with quoted(id, locator, quote) where it was seen, via(id,
// locator) where the post reports it from a source that could not be
// read, or post(locator, quote) for the post's own statement. The
// input then appears in [Inputs], data/inputs.csv and every table that
// uses it.
//
// # Adding a model
//
// A catalog [Model] is the architecture the cache formula needs, the
// parameter counts the FLOP model needs, and where the config was read
// ([Cite] and [Provenance]). Where its Hugging Face config.json can be
// read, keep the file byte for byte in configs/ as <org>--<model>.json,
// list it in [ConfigFiles] with its source, and either give the entry in
// configModels (models.go) a ConfigFile, so its layers, heads, windows
// and states are read from the file, or add it to configOnlyList
// (aliases.go) when the card's figures are not read. A distill or rename
// that keeps a model's architecture is an [Alias], citing the page that
// names its base. [Models] lists the catalog, [FindModel] finds a model by
// name, alias or cited alias, and "breakeven models" and the calculator
// offer it; [ModelFromConfig] and [ReadConfigModel] read any config.json.
//
// # Adding a printed figure
//
// Each figure the post prints is an [Entry] of the [Ledger]: its words
// as printed (from which [Entry.Value] reads the number and the step it
// is printed to), a few words of context, its unit and its kind. An
// input figure names the input it is; a derived figure needs a
// recomputation in package post's audit (the derived map in
// breakeven/post/audit.go), which judges the printed value against it at
// its printed precision.
//
// # What it imports, and why
//
// The inputs are typed as what they measure, so sources imports the
// model's quantity types (package breakeven: Bytes, Bandwidth, Seconds,
// Estimate). Two more packages sit below it for the same reason: the
// catalog's architectures are read from the kept config.json files, by
// breakeven/modelconfig, and the chip catalog and the published prefill
// runs are typed as breakeven/prefill's chips, precisions and GPU counts.
// Neither of those imports sources: they hold formulas and readers, no
// published number. So the chain runs one way, breakeven, then
// breakeven/prefill, then breakeven/modelconfig, then sources, and every
// package that computes from a published number (calibration, post,
// factcheck, calculator, figures, the command) comes after it.
//
// The example below works all three through with the 405B test's
// uncached time, the Llama 3.1 405B config and the post's "1.06 GB per
// second", and checks that they are the ones the package holds.
package sources
