package breakeven

import "fmt"

// The whole numbers that describe a model (layers, heads, dims, widths,
// a vocabulary, expert counts) are bounded the same way whether a flag
// (--layers, --kv-heads, --head-dim, --query-heads, ...) or a field of
// a config.json gives them: CheckWhole is the one check both call. The
// bounds leave room above any published model (the widest dimension of
// the catalog is in the tens of thousands) while keeping every product
// the formulas take far from overflow, and the cache of one token is
// bounded by MaxBytesPerToken, so that no answer prints a size beyond
// SizeSpan.

// MaxDim bounds a count or a width: layers, heads, dims, hidden and
// intermediate sizes, vocabulary, experts (2^20 = 1,048,576).
const MaxDim = 1 << 20

// MaxBytesPerToken bounds the cache of one token at 16 bits: 1 GB, so
// that the largest prompt (TokensSpan) stays within SizeSpan.
const MaxBytesPerToken = 1e9

// CheckWhole checks a whole number of what (a flag or a config field)
// against [lo, hi]; the error is the reason only, for the caller to
// name the input: "1099511627776: above 1,048,576, the most a dimension
// may be".
func CheckWhole(n, lo, hi int) error {
	switch {
	case n < lo:
		return fmt.Errorf("%d: below %s, the least it may be", n, GroupThousands(float64(lo), 0))
	case n > hi:
		return fmt.Errorf("%d: above %s, the most it may be", n, GroupThousands(float64(hi), 0))
	}
	return nil
}
