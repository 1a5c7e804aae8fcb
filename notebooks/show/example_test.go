package show_test

import (
	"fmt"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/notebooks/show"
	"signalweight.dev/kv/sources"
)

// A table as a notebook cell shows it, and a check of a recomputed figure
// against the post's printed one: outside a notebook, Printed prints its
// line as text (and would panic on drift).
func ExamplePrinted() {
	ans, _ := calculator.Compute(calculator.DefaultRequest())
	be := ans.Result.BreakEven
	fmt.Println(show.TableHTML([]string{"model", "break-even"}, [][]string{{sources.VAST405B.Model, be.String()}}))
	show.PrintedValue("open.break-even", float64(be)) // in SI units
	// Output:
	// <table>
	// <thead><tr><th>model</th><th>break-even</th></tr></thead>
	// <tbody>
	// <tr><td>Llama 3.1 405B</td><td>1.06 GB/s</td></tr>
	// </tbody>
	// </table>
	// ok  open.break-even            post 1.06      recomputed 1.059 GB/s (match)
}
