package replay

import (
	"fmt"
	"math"

	"signalweight.dev/kv/breakeven"
)

// BlockBytes is the cache of one block of blockTokens tokens.
func BlockBytes(b breakeven.BytesPerToken, blockTokens int) breakeven.Bytes {
	return b.Bytes(breakeven.Tokens(blockTokens))
}

// CapacityBlocks is how many whole blocks of blockTokens tokens a
// capacity in bytes holds for a model with b bytes per token; a capacity
// that holds less than one block is a *breakeven.FieldError naming the
// input "capacity".
func CapacityBlocks(capacity breakeven.Bytes, b breakeven.BytesPerToken, blockTokens int) (int64, error) {
	block := BlockBytes(b, blockTokens)
	if !(block > 0) {
		return 0, breakeven.Bad("capacity", capacity.String(), "the model's cache per token is not known, so a capacity in bytes cannot be turned into blocks", "--model llama-3.1-405b --capacity 1TB")
	}
	n := math.Floor(float64(capacity) / float64(block))
	if n < 1 {
		return 0, breakeven.Bad("capacity", capacity.String(),
			fmt.Sprintf("smaller than one block: a block of %d tokens is %v for this model", blockTokens, block),
			"--capacity "+breakeven.Bytes(10*float64(block)).Format(2))
	}
	return int64(n), nil
}
