package post

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/series"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

// The DataFrame views show the post's units: GB/s, KB/token, %.
func TestFramesInThePostsUnits(t *testing.T) {
	df := BreakEvenFrame()
	require.NoError(t, df.Err)
	assert.Equal(t, 3, df.Nrow())
	be := df.Col("break-even (GB/s)").Float()
	assert.InDelta(t, 1.06, be[0], 0.005, "1.06 GB/s")
	assert.InDelta(t, 1.44, be[1], 0.005, "1.44 GB/s")
	assert.InDelta(t, 3.1, be[2], 0.05, "≈3.1 GB/s")
	assert.InDelta(t, 2.86, df.Col("break-even low (GB/s)").Float()[2], 0.005, "2.86 GB/s, from 12 s")
	assert.InDelta(t, 516.096, df.Col("cache per token (KB/token)").Float()[0], 1e-9, "516,096 bytes")
	gpus := df.Col("GPUs").Float()
	assert.Equal(t, []float64{8, 1}, []float64{gpus[0], gpus[2]}, "8 H100s and 1 H100, as the post prints them")
	assert.True(t, math.IsNaN(gpus[1]), "the post does not state the WEKA test's GPU count")

	hr := HitRateFrame()
	require.NoError(t, hr.Err)
	for i, q := range hr.Col("quantity").Records() {
		if q == "break_even_hit_rate" {
			assert.Equal(t, "%", hr.Col("unit").Records()[i])
			assert.InDelta(t, 21, hr.Col("value").Float()[i], 0.5, "21%")
		}
	}

	newer := NewerFrame()
	require.NoError(t, newer.Err)
	assert.InDelta(t, 67.6, newer.Col("parked (TB)").Float()[0], 0.05, "67.6 TB")

	claims := ClaimsFrame()
	require.NoError(t, claims.Err)
	assert.InDelta(t, 59, claims.Col("needs (GB/s)").Float()[2], 0.5, "59 GB/s")
	assert.Equal(t, series.Float, claims.Col("links needed").Type(), "a missing count makes the column float, NaN where none")

	audit, err := AuditFrame()
	require.NoError(t, err)
	require.NoError(t, audit.Err)
	assert.Equal(t, len(sources.Ledger), audit.Nrow())

	for name, df := range map[string]interface{ Nrow() int }{"links": LinkFrame(), "multiplier": MultiplierFrame(), "transports": TransportFrame(), "inputs": InputsFrame()} {
		assert.Positive(t, df.Nrow(), name)
	}
}

// A notebook cell shows a table with one call.
func ExampleBreakEvenFrame() {
	df := BreakEvenFrame()
	fmt.Println(df.Nrow(), "tests")
	fmt.Println(df.Names()[:6])
	// Output:
	// 3 tests
	// [test id model and hardware prefill (tokens/s) prefill low (tokens/s) prefill high (tokens/s) cache per token (KB/token)]
}

// A column is shown as integers only when every value is a finite whole
// number: an infinity of either sign, NaN or a fraction keeps it float.
func TestWholeValues(t *testing.T) {
	assert.True(t, whole([]float64{0, 1, -2, 1e15}))
	for _, v := range []float64{math.Inf(1), math.Inf(-1), math.NaN(), 0.5} {
		assert.False(t, whole([]float64{1, v}), "%v", v)
	}
}
