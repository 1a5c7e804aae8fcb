package view

import (
	"encoding/json"
	"testing"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/breakeven/page"
)

// BenchmarkCompute is one keystroke's work in Go: the answer and the
// page drawn (Compute), against the answer alone as JSON (answerOnly).
func BenchmarkCompute(b *testing.B) {
	req := []byte(`{"model": "llama-3.1-405b", "tokens": "127188", "link": "weka-ib", "hit-rate": "80%", "tiers": {}}`)
	b.Run("page drawn", func(b *testing.B) {
		for b.Loop() {
			Compute(req)
		}
	})
	b.Run("answer only", func(b *testing.B) {
		for b.Loop() {
			answerOnly(req)
		}
	})
}

// answerOnly is the calculator's answer to a page request, its report,
// chart and routes as JSON, with nothing drawn.
func answerOnly(req []byte) []byte {
	var r calculator.PageRequest
	if err := json.Unmarshal(req, &r); err != nil {
		return nil
	}
	ans, err := calculator.Compute(r.Request)
	if err != nil {
		return nil
	}
	rep, c := calculator.Render(ans), calculator.Plot(ans)
	return page.JSON(calculator.PageResponse{Output: &ans.Output, Report: &rep, Chart: &c, Routes: calculator.Routes(ans, r.Tiers)})
}
