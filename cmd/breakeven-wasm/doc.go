//go:build !(js && wasm)

// Command breakeven-wasm is the calculator compiled to WebAssembly for the
// page that breakeven serve shows; it only builds with GOOS=js
// GOARCH=wasm (see main.go). On other platforms it says so and exits.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "breakeven-wasm: build with GOOS=js GOARCH=wasm (breakeven serve embeds the result)")
	os.Exit(2)
}
