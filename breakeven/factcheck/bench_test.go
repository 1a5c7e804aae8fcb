package factcheck_test

import (
	"bytes"
	"encoding/csv"
	"io"
	"math"
	"runtime"
	"strconv"
	"testing"

	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// generatedClaims returns a claims file of n rows mixing every form.
func generatedClaims(n int) []byte {
	var b bytes.Buffer
	if err := factcheck.WriteSynthetic(&b, n); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// BenchmarkCheckAll100k reads and checks 100,000 claims mixing every
// form; the targets are under a second and under 100 MB. It reports the
// largest live heap seen, sampled every 10,000 rows, as peak-heap-MB.
//
//	go test ./breakeven/factcheck -run '^$' -bench CheckAll100k -benchtime 3x
func BenchmarkCheckAll100k(b *testing.B) {
	data := generatedClaims(100000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var peak uint64
	var ms runtime.MemStats
	for b.Loop() {
		n := 0
		err := factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
			func(factcheck.Result) error {
				n++
				if n%10000 == 0 {
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapAlloc)
				}
				return nil
			},
			func(e *factcheck.RowError) error { b.Fatal(e); return nil })
		if err != nil || n != 100000 {
			b.Fatalf("%d claims, %v", n, err)
		}
	}
	b.ReportMetric(float64(peak)/1e6, "peak-heap-MB")
}

// Every row of the generated file is checked, and each form appears.
func TestGeneratedClaimsMixEveryForm(t *testing.T) {
	data := generatedClaims(800)
	forms := map[string]int{}
	n := 0
	err := factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
		func(r factcheck.Result) error {
			n++
			switch {
			case r.SizeCheck != nil && r.Required == 0:
				forms["size"]++
			case r.Throughput > 0 && r.PerNode:
				forms["throughput per node"]++
			case r.Throughput > 0:
				forms["throughput total"]++
			case r.Speedup > 0:
				forms["speedup"]++
				// The generator states times and a speedup that agree.
				if math.Abs(r.Ratio/r.Speedup-1) > 1e-9 {
					t.Errorf("line %d: uncached/cached %g, speedup %g", r.Claim.Line, r.Ratio, r.Speedup)
				}
			case r.Hit < 1:
				forms["hit"]++
			case r.TokenReading != "":
				forms["K tokens"]++
			case r.SecondsAre == factcheck.SecondsLoad:
				forms["load"]++
			default:
				forms["ttft"]++
			}
			if len(r.Claim.Extra) != 1 || r.Claim.Extra[0].Name != "vendor" {
				t.Fatalf("line %d: extra %v", r.Claim.Line, r.Claim.Extra)
			}
			return nil
		},
		func(e *factcheck.RowError) error { t.Fatal(e); return nil })
	if err != nil || n != 800 {
		t.Fatalf("%d claims, %v", n, err)
	}
	if len(forms) != 8 {
		t.Fatalf("forms %v", forms)
	}
	for f, c := range forms {
		if c != 100 {
			t.Errorf("%s: %d rows of 800, want 100", f, c)
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

// BenchmarkReport100k writes the Markdown report of 100,000 claims mixing
// every form.
func BenchmarkReport100k(b *testing.B) {
	data := generatedClaims(100000)
	b.ReportAllocs()
	for b.Loop() {
		rep, err := factcheck.NewReport(io.Discard, "md", "bench")
		if err != nil {
			b.Fatal(err)
		}
		err = factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
			rep.Claim, func(e *factcheck.RowError) error { b.Fatal(e); return nil })
		if err != nil {
			b.Fatal(err)
		}
		rep.End()
	}
}

// The generated rows span what WriteSynthetic says: times from 0.05 s to
// 9.65 s (0.05 + 96/10) and prompts from 1,000 tokens, within each
// model's context.
func TestGeneratedClaimsSpan(t *testing.T) {
	recs, err := csv.NewReader(bytes.NewReader(generatedClaims(800))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	minS, maxS, minN := math.Inf(1), math.Inf(-1), math.Inf(1)
	for _, r := range recs[1:] {
		if v, err := strconv.ParseFloat(r[col["seconds"]], 64); err == nil {
			minS, maxS = math.Min(minS, v), math.Max(maxS, v)
		}
		if v, err := strconv.ParseFloat(r[col["tokens"]], 64); err == nil {
			minN = math.Min(minN, v)
			m, err := sources.FindModel(r[col["model"]])
			if err != nil || (m.Context > 0 && v > float64(m.Context)) {
				t.Errorf("%s: %g tokens, past its context %v (%v)", r[col["model"]], v, m.Context, err)
			}
		}
	}
	if math.Abs(minS-0.05) > 1e-12 || math.Abs(maxS-(0.05+96.0/10)) > 1e-12 || minN != 1000 {
		t.Errorf("seconds %g to %g, tokens from %g; want 0.05 to 9.65 s, from 1,000 tokens", minS, maxS, minN)
	}
}
