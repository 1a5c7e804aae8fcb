// Package factcheck checks published claims about loading a prompt's KV
// cache: "N tokens of model M in t seconds over these links", and the
// other forms such claims take (a size only, a throughput, an uncached
// and a cached time or a speedup, a partial hit).
//
// A timed claim moves the model's cache of N tokens (or of the share it
// loads), so it needs at least cache / t bytes per second; a time to first
// token includes more than the load, so the need it gives is a floor, and
// every such verdict says so. The verdict is a function of the need, what
// the stated links carry and the ceiling of the host the cache is loaded
// into, and of nothing else (Rule, RuleTable): the links decide between
// plausible and needs-more-links, the host's ceiling alone decides
// implausible-as-stated, and with neither stated nothing bounds the need
// (no-bound-stated). Host ceilings come from the cited host catalog in
// package sources; with no host, none is assumed. A size-only claim is
// checked against the computed size under each reading of its units and
// its token count (GiB written as GB, "128K" meant as 131,072).
//
// Worked example, the post's reading of WEKA's test: Llama 3.1 70B caches
// 2 x 80 x 8 x 128 x 2 = 327,680 bytes per token at 16 bits, so 105,000
// tokens are 34.4 GB, and loading them in 0.58 s needs 59.3 GB/s. One
// 400 Gbit/s link carries 50 GB/s: the claim needs two such links, or a
// cache 1.19x smaller, which fp8 gives; a DGX H100 takes in far more.
//
//	res, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b",
//		Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s", Host: "dgx-h100"}, factcheck.Options{})
//	// res.Required is 59.3 GB/s, res.LinksNeeded 2, res.Verdict needs-more-links
//
// A file of claims is read as CSV with a header naming at least model,
// tokens, seconds, links and source (see Reader, OptionalColumns); CheckAll
// checks every row it can and reports each bad one with its line, in
// constant memory.
//
// Render is the one rendering of a checked claim, as calculator.Render is
// of an answer: the title, the figures, the verdict and why, the
// findings, the arithmetic, the assumptions, the sources and the command
// that checks it again. breakeven check prints it (Rendering.Text), Report
// writes it as Markdown or HTML (Rendering.Heading and Items), and the
// page shows its rows (Rendering.Rows, sent by CheckPage).
//
// Published figures (the models, the link presets, the hosts) come from
// package sources.
package factcheck
