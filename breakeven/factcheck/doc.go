// Package factcheck tests a vendor's claim that a prompt's KV cache was
// loaded in a given time: "N tokens of model M in t seconds over these
// links".
//
// A claim moves the model's cache of N tokens, so it needs at least
// cache / t bytes per second. If the stated links carry that, the claim
// is plausible; if they fall short but more such links would carry it
// within what one host can take in, it needs more links; if it needs more
// than a host can take in at all, it is implausible as stated. Each
// verdict comes with the number of links it would take and the smaller
// KV type (fp8, int4) that would make it fit.
//
// Worked example, the post's reading of WEKA's test: Llama 3.1 70B caches
// 2 x 80 x 8 x 128 x 2 = 327,680 bytes per token at 16 bits, so 105,000
// tokens are 34.4 GB, and loading them in 0.58 s needs 59.3 GB/s. One
// 400 Gbit/s link carries 50 GB/s: the claim needs two such links, or a
// cache 1.19x smaller, which fp8 gives.
//
//	res, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b",
//		Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s"}, factcheck.Options{})
//	// res.Required is 59.3 GB/s, res.LinksNeeded 2, res.Verdict needs-more-links
//
// A file of claims is read as CSV with a header naming at least model,
// tokens, seconds, links and source (see Reader); CheckAll checks every
// row it can and reports each bad one with its line, in constant memory.
//
// Published figures (the models, the link presets, the host ceiling) come
// from package sources.
package factcheck
