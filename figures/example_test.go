package figures_test

import (
	"bytes"
	"fmt"

	"signalweight.dev/kv/figures"
)

// A figure as a notebook or program gets it, and its SVG.
func ExampleTTFTVsBandwidth() {
	fig, err := figures.TTFTVsBandwidth()
	if err != nil {
		fmt.Println(err)
		return
	}
	svg, err := fig.SVG() // or fig.PNG(); or fig.Plot to restyle
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fig.Name, bytes.HasPrefix(bytes.TrimSpace(svg), []byte("<?xml")) || bytes.Contains(svg[:200], []byte("<svg")))
	// Output:
	// 02-ttft-vs-bandwidth true
}
