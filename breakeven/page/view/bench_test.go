package view

import (
	"testing"

	"signalweight.dev/kv/breakeven/calculator"
)

// BenchmarkCompute is one keystroke's work in Go: the answer and the
// page drawn (Compute), against the answer alone (calculator.Page).
func BenchmarkCompute(b *testing.B) {
	req := []byte(`{"model": "llama-3.1-405b", "tokens": "127188", "link": "weka-ib", "hit-rate": "80%", "tiers": {}}`)
	b.Run("page drawn", func(b *testing.B) {
		for b.Loop() {
			Compute(req)
		}
	})
	b.Run("answer only", func(b *testing.B) {
		for b.Loop() {
			calculator.Page(req)
		}
	})
}
