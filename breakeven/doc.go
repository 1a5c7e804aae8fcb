// Package breakeven models when loading a prompt's KV cache from storage
// beats recomputing it.
//
// A prompt of N tokens, prefilled at r tokens per second, builds a cache of
// b bytes per token. Recomputing it takes N / r; loading it over a link of
// B bytes per second takes N b / B. Loading wins when B > r x b, whatever N:
// r x b is the break-even bandwidth, and B / (r b) is the speedup.
//
// Worked example: VAST Data and CoreWeave sent a 127,188-token prompt to
// Llama 3.1 405B and saw a first token after 62 s without a cache. That is
// a prefill of 127,188 / 62 = 2,051 tokens/s. The model has 126 layers, 8
// KV heads and a head dimension of 128, so at 16 bits each token caches
// 2 x 126 x 8 x 128 x 2 = 516,096 bytes, and the prompt 65.6 GB. The
// break-even is 2,051 x 516,096 = 1.06 GB/s (8.47 Gbit/s). The test's
// 181 Gbit/s (22.6 GB/s) is 21 times that, so the model predicts a load of
// 2.9 s against the 3 s reported.
//
// Quantities are float64 types in SI base units (Bytes, Bandwidth in bytes
// per second, TokenRate, Tokens, Seconds), so a size cannot be passed where
// a rate is wanted. Each prints as the field writes it and parses back:
// ParseBandwidth("181 Gbit/s"), ParseBytes("504 KiB"). Approximate inputs
// are Estimates, with an interval that Apply1..Apply4 carry through any
// formula. Nothing here panics on user input: parsers, Validate and the
// hit-rate functions return errors that name the bad value and show a
// valid one.
//
// The package holds no published figures; those live, with their
// citations, in package sources.
package breakeven
