//go:build js && wasm

// Command breakeven-wasm is the calculator compiled to WebAssembly for the
// page that breakeven serve shows. It registers two functions on the
// page's global object and then waits:
//
//	kvCompute(json) -> json   view.Compute: the answer or field errors, and the page drawn
//	kvCatalog() -> json       calculator.Menus: models, links, sources
//	kvCheck(json) -> json     view.Check: a claim checked (factcheck.CheckPage), in words
//
// breakeven serve builds it on first use and caches the build
// (cmd/breakeven/internal/wasmbuild), as
//
//	GOOS=js GOARCH=wasm GOFLAGS=-buildvcs=false go build -trimpath -ldflags="-s -w" \
//	    -o calc.wasm ./cmd/breakeven-wasm
package main

import (
	"syscall/js"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/page/view"
)

func main() {
	js.Global().Set("kvCompute", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 {
			return string(view.Compute(nil))
		}
		return string(view.Compute([]byte(args[0].String())))
	}))
	js.Global().Set("kvCheck", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 {
			return string(view.Check(nil))
		}
		return string(view.Check([]byte(args[0].String())))
	}))
	// The page gets the catalog with its HTML; this is for a copy without.
	js.Global().Set("kvCatalog", js.FuncOf(func(js.Value, []js.Value) any { return string(calculator.CatalogJSON()) }))
	if ready := js.Global().Get("kvReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
