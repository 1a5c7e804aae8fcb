package calculator_test

import (
	"errors"
	"fmt"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calculator"
)

// The post's headline test, as breakeven calc prints it.
func Example() {
	ans, err := calculator.Compute(calculator.Request{
		Model: "llama-3.1-405b", TTFT: "62s", Tokens: "127188", Link: "181Gbit/s"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(calculator.Render(ans).Text())
	// Output:
	// Llama 3.1 405B: a 127,188-token prompt, 16-bit KV cache
	//
	//   cache per token      516 KB (504 KiB)
	//   cache                65.6 GB (61.1 GiB)
	//   prefill              2,051 tokens/s (127,188 tokens in 62.0 s)
	//   link                 22.6 GB/s (181 Gbit/s)
	//
	//   recompute            62.0 s
	//   load                 2.90 s
	//   break-even           1.06 GB/s (8.47 Gbit/s)
	//   prefill from         yours: the time to first token you gave
	//   speedup              21.4x
	//   winner               load
	//   link margin          21.6 GB/s above the break-even (21.4x it)
}

// A bad input, named as the command and as the notebook name it.
func ExampleWithEnv() {
	env := map[string]string{"KV_LINK": "12 parsecs/s"}
	r, err := calculator.WithEnv(calculator.DefaultRequest(), func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err == nil {
		_, err = calculator.Compute(r)
	}
	var fe *breakeven.FieldError
	if !errors.As(err, &fe) {
		fmt.Println(err)
		return
	}
	fmt.Println(fe.Error())
	fmt.Println(fe.For(calculator.Env))
	// Output:
	// --link "12 parsecs/s": unknown unit "parsecs/s" (e.g. --link 181Gbit/s, --link 2x100GbE, --link "22.6 GB/s", --link ndr)
	// KV_LINK "12 parsecs/s": unknown unit "parsecs/s" (e.g. KV_LINK=181Gbit/s, KV_LINK=2x100GbE, KV_LINK="22.6 GB/s", KV_LINK=ndr)
}

// Break-evens of two models on the same GPUs, as a table.
func ExampleCompare() {
	cases := calculator.Compare(calculator.Request{Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"},
		[]string{"llama-3.1-70b", "qwen3-32b"})
	header, rows := calculator.Table("model", cases, []string{"bytes_per_token", "winner"}, breakeven.Flag)
	fmt.Println(header)
	for _, r := range rows {
		fmt.Println(r)
	}
	// Output:
	// [model cache per token winner]
	// [Llama 3.1 70B 328 KB (320 KiB) load]
	// [Qwen3-32B 262 KB (256 KiB) load]
}
