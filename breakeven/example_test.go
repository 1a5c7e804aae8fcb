package breakeven_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven"
)

// The post's headline: Llama 3.1 405B on eight H100s, 127,188 tokens, 62 s
// uncached, over VAST's 181 Gbit/s. Inputs are typed here only to show the
// API; the project reads them from package sources.
func Example() {
	arch := breakeven.GQAArchitecture(126, 8, 128)
	r := breakeven.PrefillRate(127188, 62)
	link, _ := breakeven.ParseBandwidth("181 Gbit/s")
	res, _ := breakeven.Scenario{Arch: arch, Tokens: 127188, Prefill: r, Link: link}.Evaluate()
	fmt.Println("per token:", float64(arch.BytesPerToken()), "bytes =", breakeven.Bytes(arch.BytesPerToken()).IEC())
	fmt.Println("cache:", res.CacheBytes, "=", res.CacheBytes.IEC())
	fmt.Println("prefill:", r)
	fmt.Println("break-even:", res.BreakEven, "=", res.BreakEven.Bits())
	fmt.Println("link:", link)
	fmt.Printf("speedup: %.0fx, load %v, %s wins\n", res.Speedup, res.Load, res.Winner)
	// Output:
	// per token: 516096 bytes = 504 KiB
	// cache: 65.6 GB = 61.1 GiB
	// prefill: 2,051 tokens/s
	// break-even: 1.06 GB/s = 8.47 Gbit/s
	// link: 22.6 GB/s
	// speedup: 21x, load 2.90 s, load wins
}

func ExampleParseBandwidth() {
	for _, s := range []string{"181 Gbit/s", "2x100GbE", "22.6 GB/s", "12 parsecs/s"} {
		bw, err := breakeven.ParseBandwidth(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "=", bw, "=", bw.Bits())
	}
	// Output:
	// 181 Gbit/s = 22.6 GB/s = 181 Gbit/s
	// 2x100GbE = 25.0 GB/s = 200 Gbit/s
	// 22.6 GB/s = 22.6 GB/s = 181 Gbit/s
	// breakeven: unknown unit "parsecs/s" in bandwidth "12 parsecs/s" (valid: "22.6 GB/s", "181 Gbit/s", "181Gb/s", "10GbE", "2x100GbE")
}

func ExampleBreakEvenHitRate() {
	// The Lablup/VAST test: a miss costs 4 s more with offload, a recompute
	// takes 22.0 s and a load 6.6 s.
	h, _ := breakeven.BreakEvenHitRate(4, 22.0, 6.6)
	fmt.Printf("%.1f%%\n", 100*h)
	// Output: 20.6%
}
