package factcheck_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"signalweight.dev/kv/breakeven/factcheck"
)

// unknownModelsFile is a claims file of n rows, each naming a different
// model the catalog does not know, plus one row with a 512 KiB model
// field (half the bound on a row).
func unknownModelsFile(n int) []byte {
	var b bytes.Buffer
	b.WriteString("model,tokens,seconds,links,source\n")
	for i := range n {
		fmt.Fprintf(&b, "vendor-%d-model-%d,105000,0.58,1x400Gbit/s,test\n", i, i%97)
	}
	b.WriteString(strings.Repeat("m", factcheck.MaxRowBytes/2) + ",105000,0.58,,test\n")
	return b.Bytes()
}

// BenchmarkUnknownModelsFile checks 100,000 rows of unknown models and a
// 512 KiB field: every row is reported, none is slow. Run with
//
//	go test ./breakeven/factcheck -run '^$' -bench UnknownModelsFile -benchtime 3x
func BenchmarkUnknownModelsFile(b *testing.B) {
	data := unknownModelsFile(100000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		bad := 0
		err := factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
			func(factcheck.Result) error { return nil },
			func(*factcheck.RowError) error { bad++; return nil })
		if err != nil || bad != 100001 {
			b.Fatalf("err %v, %d bad rows", err, bad)
		}
	}
}

// Every such row is reported, with its model cut short in the message.
func TestUnknownModelsFile(t *testing.T) {
	data := unknownModelsFile(100)
	var msgs []string
	err := factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
		func(factcheck.Result) error { return nil },
		func(re *factcheck.RowError) error { msgs = append(msgs, re.Error()); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 101 {
		t.Fatalf("%d bad rows reported, want 101", len(msgs))
	}
	last := msgs[100]
	if len(last) > 300 || !strings.Contains(last, "(524,288 characters)") || !strings.Contains(last, "too long") {
		t.Errorf("the 512 KiB model is not reported short: %.300s", last)
	}
}
