package factcheck_test

import (
	"fmt"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
)

// WEKA's Llama 3.1 70B test as the post reads it, printed at the post's
// precision: "needs 59 GB/s ... One 400 Gbit/s InfiniBand link carries 50".
func ExampleCheck() {
	r, err := factcheck.Check(factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s"},
		factcheck.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("cache %v, needs %.0f GB/s, the link carries %.0f GB/s\n", r.Cache, float64(r.Required/breakeven.GBps), float64(r.Capacity()/breakeven.GBps))
	fmt.Println(r.Verdict, "- fits with", r.FitsWith.Name)
	// Output:
	// cache 34.4 GB, needs 59 GB/s, the link carries 50 GB/s
	// needs-more-links - fits with fp8
}

// A claims file is read row by row; a bad row is reported with its line
// and the others are still checked.
func ExampleCheckAll() {
	file := `model,tokens,seconds,links,source
qwen3-32b,131072,1.5,,wwt-kv-cache
llama-3.1-450b,105000,0.58,,typo
`
	err := factcheck.CheckAll(strings.NewReader(file), factcheck.NewChecker(factcheck.Options{}),
		func(r factcheck.Result) error {
			fmt.Printf("line %d: %s needs %.1f GB/s: %s\n", r.Claim.Line, r.Model.Name, float64(r.Required/breakeven.GBps), r.Verdict)
			return nil
		},
		func(e *factcheck.RowError) error { fmt.Println(e); return nil })
	fmt.Println("error:", err)
	// Output:
	// line 2: Qwen3-32B needs 22.9 GB/s: no-bound-stated
	// line 3: model "llama-3.1-450b": unknown model; did you mean "Llama 3.1 405B" (GQA; 516,096 B/token at 16 bits), "Llama 3.1 70B" (GQA; 327,680 B/token at 16 bits), "Llama 3.1 8B" (GQA; 131,072 B/token at 16 bits)? none is used unless named (e.g. "llama-3.1-70b"; list them with "breakeven models", or a config column / --config config.json)
	// error: <nil>
}
