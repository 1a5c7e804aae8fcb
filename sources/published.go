package sources

// This file defines the registry of published claims about loading KV
// caches: statements by storage vendors, serving engines, papers and issue
// threads, beyond the post's three. Each is typed as its source states it
// (strings, as written, with the units the source used), so that the
// fact-checker reads it exactly as it reads a row of a claims file, and a
// reader can compare every field with the quote.
//
// A claim states one or more of these forms; a field the source does not
// state is left empty:
//
//	(a) Seconds: a time to load the cache, or a time to first token with it
//	    (SecondsAre says which; a time to first token only bounds the
//	    bandwidth from below, since the load is part of it);
//	(b) Size: the size of the cache for Tokens tokens of Model;
//	(c) Throughput: a bandwidth delivered, per node (PerNode) or in total;
//	(d) Uncached with Seconds, or Speedup: a time to first token without the
//	    cache beside the one with it, or their ratio;
//	(e) Hit: the share of the prompt loaded from the cache, the rest being
//	    prefilled over the whole context;
//	(f) a load slower than recomputing is not stated by anyone: the checker
//	    flags it from (a) and (d), or from a prefill estimate.

// What a claim's Seconds measure.
const (
	SecondsTTFT = "ttft" // time to first token with the cache (the default)
	SecondsLoad = "load" // the load alone
)

// PublishedClaim is one published statement about loading a KV cache.
type PublishedClaim struct {
	ID     string // stable, lower-case, unique: "weka-amg-llama-70b-105k"
	Source SourceID
	// Locator and Quote place the claim in its source: a section or table,
	// and a short exact quote that contains the numbers typed below.
	Locator string
	Quote   string

	Model  string // a catalog name or alias, as the source names the model
	Config string // a config.json under sources/configs, for a model outside the catalog
	Tokens string // prompt tokens as written: "131072", "128K", "105k"

	Seconds    string // form (a): "0.58", "465ms"
	SecondsAre string // SecondsTTFT (default when empty) or SecondsLoad
	Size       string // form (b): "40 GB"
	Throughput string // form (c): "40GiB/s"
	PerNode    bool   // form (c): Throughput is per node, not in total
	Uncached   string // form (d): time to first token without the cache, "70.8s"
	Speedup    string // form (d): "152x"
	Hit        string // form (e): share of the prompt from the cache, "90%"

	Links   string // the links stated, "" if none: "1x400Gbit/s", "4xPCIe4x16"
	Host    string // the host, by its id in the host catalog, "" if none stated
	GPUs    string // the GPUs that prefill, "8xH100", "" if none stated
	KVDtype string // the KV element type, "" for 16 bits: "fp8"

	// Note says how the claim was read where the source leaves room (which
	// model a name means, whether a "GB" is GiB, what a time covers).
	Note string
}

// PublishedClaims is the registry, in the order the claims were gathered.
var PublishedClaims []PublishedClaim
