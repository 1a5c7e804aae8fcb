package post_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven/post"
)

// The package doc's example: every printed figure recomputed and judged;
// here the post's first derived figure and the first that differs.
func ExampleAudit() {
	findings, err := post.Audit()
	if err != nil {
		panic(err)
	}
	for _, f := range findings {
		if f.Entry.ID == "open.break-even" || f.Entry.ID == "cached.vast-cache" {
			fmt.Printf("%s %s %.4f %s\n", f.Entry.ID, f.Entry.Printed, f.Recomputed.Value, f.Verdict)
		}
	}
	// Output:
	// open.break-even 1.06 1.0587 match
	// cached.vast-cache about 61 65.6412 differs
}
