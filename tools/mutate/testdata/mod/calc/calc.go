// Package calc is the mutation tool's test subject: each literal is here
// for one case of the tool's tests.
package calc

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// Kinds in a const group with iota: not mutated.
const (
	First = iota + 7
	Second
)

// An array length: not mutated.
var table [3]int

// Double is tested: its 2 is killed.
func Double(x int) int { return x * 2 }

// Scale is not tested: its 1.5 survives.
func Scale(x float64) float64 { return x * 1.5 }

// Label's format string is not a numeric literal.
func Label(x float64) string { return fmt.Sprintf("%.2f", x) }

// Sixteen counts to 0x10; starting from 0 or 1 gives the same result, so
// the 0 is an equivalent mutant.
func Sixteen() int {
	n := 0
	for n < 0x10 {
		n++
	}
	return n
}

// Max is 255: 256 does not fit a byte, so the mutant does not compile.
func Max() byte {
	var b byte = 255
	return b
}

// Slow sleeps when asked to, so a test can interrupt the tool.
func Slow() {
	if os.Getenv("MUTATE_TESTDATA_SLOW") != "" {
		//mutate:skip
		time.Sleep(60 * time.Second)
	}
}

//mutate:skip
var Skipped = 42

var _ = table

// HeadDim divides integer literals: 5121/40 truncates to 128 like
// 5120/40, so the tool raises the numerator by the divisor.
func HeadDim() int { return 5120 / 40 }

// Parse returns 0 beside its error (not mutated: callers do not read it)
// and 1 beside nil (mutated).
func Parse(s string) (int, error) {
	if s == "" {
		return 0, errors.New("empty")
	}
	return 1, nil
}
