package extended_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven/extended"
)

// The package doc's example: r = 2,000 tokens/s, b = 500 KB/token, a
// 25 GB/s link at line rate with a 0.1 s fixed cost. Loading wins from
// 0.1 / (1/2000 - 500e3/25e9) = 208 tokens.
func ExampleCrossoverLinear() {
	n, err := extended.CrossoverLinear(2000, 500e3, extended.Load{Latency: 0.1, Efficiency: 1, Link: 25e9})
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "tokens")
	// Output:
	// 208 tokens
}
