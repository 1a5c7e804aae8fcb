package factcheck_test

import (
	"bytes"
	"fmt"
	"testing"

	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// generatedClaims returns a claims file of n rows: the catalog's
// computable models in turn, with varied lengths, times and links.
func generatedClaims(n int) []byte {
	var models []string
	for _, m := range sources.Models() {
		if m.Known() {
			models = append(models, m.Name)
		}
	}
	links := []string{"1x400Gbit/s", "2x100GbE", "", "ndr", "8xPCIe5x16", "22.6 GB/s"}
	var b bytes.Buffer
	b.WriteString("model,tokens,seconds,links,source,note\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%s,%d,%g,%s,generated,row %d\n", models[i%len(models)], 1000+(i*7919)%60000, 0.05+float64(i%97)/10, links[i%len(links)], i)
	}
	return b.Bytes()
}

// BenchmarkCheckAll100k reads and checks 100,000 claims; the target is
// under a second.
func BenchmarkCheckAll100k(b *testing.B) {
	data := generatedClaims(100000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		err := factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
			func(factcheck.Result) error { n++; return nil },
			func(e *factcheck.RowError) error { b.Fatal(e); return nil })
		if err != nil || n != 100000 {
			b.Fatalf("%d claims, %v", n, err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	c := factcheck.NewChecker(factcheck.Options{})
	claim := factcheck.Claim{Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s"}
	for b.Loop() {
		if _, err := c.Check(claim); err != nil {
			b.Fatal(err)
		}
	}
}
