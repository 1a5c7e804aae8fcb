// Package measure measures your own inference server: its prefill speed
// r(N), its cached and cold time to first token, its KV cache's bytes per
// token as the engine saves it, and its save and restore bandwidth; and
// from them your break-even B*(N) = r(N) x b and, for your links, whether
// loading beats recomputing. It backs `breakeven measure` and notebook 13.
//
// # How it measures
//
// Prompts are sent as arrays of token ids, so a prompt of N tokens is
// exactly N tokens whatever the tokenizer. For each N and repeat: a cold
// request with a prompt whose first token no other prompt has (so no
// prefix of it is in any cache), asking for one token, streamed, timed
// to the first streamed token (TTFT); the same prompt again, which the
// engine serves from its prefix cache (cached TTFT). Where the engine can
// save a slot's cache (llama.cpp's llama-server started with
// --slot-save-path), the slot is saved, erased, optionally the page cache
// dropped (root), restored, and the prompt sent a third time. The server's
// own timings are kept where it gives them: llama.cpp's timings.prompt_ms,
// prompt_n and cache_n; vLLM's and SGLang's
// usage.prompt_tokens_details.cached_tokens. One short request before the
// first sample takes the first-use costs.
//
// # The form of r(N)
//
// The cold time to first token is fitted as
//
//	t(N) = t0 + N / r0 + c N^2,   t0, r0, c >= 0
//
// a fixed cost t0 (the HTTP request, the scheduler, sampling and sending
// one token), a cost per token 1/r0 (the weights' matrix products, the
// same for every token) and an attention term c N^2 (token i attends to
// the i before it, so the attention FLOPs of a prompt grow as N^2/2).
// These are the three terms the project's FLOP model of prefill has
// (package prefill: matrix products linear in N, attention quadratic),
// plus the fixed cost the post leaves out (package extended). The
// coefficients are non-negative because each is a cost; the fit minimises
// squared relative errors, since the points span an order of magnitude or
// more in N and an unweighted fit would follow only the longest. With
// three unknowns the non-negative least squares is solved exactly by
// trying each subset of the terms. r(N) = N / t(N), the speed a prompt of
// N tokens sees, is what B*(N) uses; the residuals at each N are reported,
// and the fit is held (in tests) to twice the repeats' own relative spread
// (p10 to p90), at least 2%.
//
// # Bytes per token
//
// The saved file's size is fitted as header + b N over the lengths
// measured (N as the engine reports it saved). llama.cpp writes, besides
// the K and V rows the formula counts, 16 bytes per token (the token id,
// and per cell its position, sequence count and sequence id;
// LlamaCppMetadataBytesPerToken) and a fixed header per file and per
// layer; b minus those 16 bytes is the formula's bytes per token exactly.
// B*(N) is priced at the measured b, what a restore actually moves.
//
// # The result file
//
// Result is what `breakeven measure --json` prints and `--out` writes
// (Schema "breakeven-measure/1"; snake_case keys in SI base units: bytes,
// seconds, bytes_per_second, tokens_per_second):
//
//   - provenance: engine, engine_version, base_url, served_model,
//     model_path, context_tokens, machine (cpu_model, cores, gpu, os),
//     date (RFC 3339, UTC), random_weights and weights_note, tool, note;
//   - settings: input_lens, repeats, seed, timeout_seconds, drop_caches;
//   - model: name, config, formula_bytes_per_token, formula_fixed_bytes
//     and, for a plain GQA model, layers, kv_heads, head_dim;
//   - points, one per prompt length: tokens; cold_ttft_seconds,
//     cached_ttft_seconds, restored_ttft_seconds, server_prompt_seconds
//     (each p10, p50, p90 and n); server_cached_tokens,
//     server_prefill_tokens_per_second, prefill_tokens_per_second (r(N),
//     N over the median cold TTFT), fitted_seconds, relative_residual,
//     saved_tokens, saved_bytes, bytes_per_token, save_seconds,
//     restore_seconds, write_bytes_per_second, read_bytes_per_second,
//     break_even_bytes_per_second, hit_break_even_bytes_per_second (the
//     link at which a hit ties, below), recompute_seconds (median cold
//     TTFT), load_seconds (median restore), and samples (every request);
//   - prefill_fit: fixed_seconds, linear_tokens_per_second,
//     quadratic_seconds_per_token_squared, relative_residuals,
//     max_abs_relative_residual; prefill_fit_tolerance;
//   - bytes_per_token_fit: measured_bytes_per_token, header_bytes,
//     max_abs_error_bytes, formula_bytes_per_token,
//     difference_bytes_per_token, engine_metadata_bytes_per_token,
//     kv_bytes_per_token, agrees;
//   - cached_ttft_fit: intercept, slope, max_abs_error (below);
//   - save_restore: measured, note, load_fixed_seconds,
//     load_bytes_per_second, save_bytes_per_second, drop_caches,
//     crossover_tokens, crossover_note, hit_crossover_tokens,
//     hit_crossover_note;
//   - links: per --link, link, link_bytes_per_second, crossover_tokens,
//     crossover_note, hit_crossover_tokens, hit_crossover_note and per
//     length the calc --json keys (prefill_tokens_per_second,
//     bytes_per_token, break_even_bytes_per_second, recompute_seconds,
//     load_seconds, speedup, winner) and the hit's: cached_ttft_seconds,
//     hit_seconds, hit_speedup, hit_winner,
//     hit_break_even_bytes_per_second;
//   - interrupted (Ctrl-C stopped the run; what was measured is kept), notes.
//
// # A hit still pays the cached TTFT
//
// The post's arithmetic, which the verdicts and B*(N) above follow,
// weighs a load against the whole cold TTFT. But a request whose cache is
// found, in the engine's prefix cache or loaded over a link, still pays
// its cached TTFT: the HTTP request, the scheduler, the last token's
// compute and sampling. So each link's verdict carries a hit's too: the
// load plus the measured median cached TTFT at N (hit_seconds), the cold
// TTFT over that (hit_speedup), and the link at which the two are equal,
// the cache's bytes over (cold - cached)
// (hit_break_even_bytes_per_second: above the post's B*(N), and none
// where the cached TTFT is not below the cold one). The hit's crossover
// adds to every load the cached TTFT fitted as a line over N
// (cached_ttft_fit; a constant with one length). On a fast engine, where
// the cached TTFT is a large part of a short prompt's cold one, the
// hit's speedup is far below the post's.
//
// ReadResult reads one back.
package measure
