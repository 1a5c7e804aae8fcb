package breakeven

import (
	"fmt"
	"math"
)

// The constructors below check a value a user supplied before it enters
// the formulas: each returns an error that names the quantity, quotes the
// value and gives a valid example. The formulas themselves assume valid
// inputs, as the standard library's math functions do.

// NewBandwidth returns a positive, finite bandwidth in bytes per second.
func NewBandwidth(bytesPerSecond float64) (Bandwidth, error) {
	return Bandwidth(bytesPerSecond), positive("bandwidth", bytesPerSecond, "22.6e9 bytes/s (22.6 GB/s)")
}

// NewTokenRate returns a positive, finite prefill speed.
func NewTokenRate(tokensPerSecond float64) (TokenRate, error) {
	return TokenRate(tokensPerSecond), positive("prefill speed", tokensPerSecond, "2051 tokens/s")
}

// NewTokens returns a positive, finite token count.
func NewTokens(n float64) (Tokens, error) {
	return Tokens(n), positive("token count", n, "127188 tokens")
}

// NewSeconds returns a positive, finite duration.
func NewSeconds(s float64) (Seconds, error) {
	return Seconds(s), positive("duration", s, "62 s")
}

// NewBytes returns a non-negative, finite size.
func NewBytes(b float64) (Bytes, error) {
	if math.IsNaN(b) || math.IsInf(b, 0) || b < 0 {
		return 0, fmt.Errorf("breakeven: size %v must be a non-negative finite number of bytes (e.g. 516096)", b)
	}
	return Bytes(b), nil
}

// NewHitRate returns a hit rate in [0, 1].
func NewHitRate(h float64) (float64, error) { return h, checkHitRate(h) }
