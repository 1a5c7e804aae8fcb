package post

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

func TestSpaces(t *testing.T) {
	xs := LogSpace(0.1, 100, 4)
	require.Len(t, xs, 4)
	for i, want := range []float64{0.1, 1, 10, 100} {
		assert.InDelta(t, want, xs[i], want*1e-12)
	}
	assert.Nil(t, LogSpace(0, 1, 3))
	assert.Nil(t, LogSpace(2, 1, 3))
	assert.Nil(t, LogSpace(1, 2, 1))
	assert.Equal(t, []float64{1, 2}, LogSpace(1, 2, 2), "two points are the ends")
	assert.Equal(t, []float64{0, 0.5, 1}, LinSpace(0, 1, 3))
	assert.Nil(t, LinSpace(0, 1, 1))
	assert.Equal(t, []float64{0, 1}, LinSpace(0, 1, 2))
}

// The load curve crosses the flat recompute line at the break-even: at
// B* the 405B prompt loads in its uncached 62 s.
func TestTTFTCurveCrossesAtBreakEven(t *testing.T) {
	row := BreakEvenTable()[0]
	require.Equal(t, sources.VAST405B.ID, row.Test.ID)
	bstar := breakeven.Bandwidth(127188.0 / 62 * 516096)
	vast := breakeven.Bandwidth(181e9 / 8)
	pts := TTFTCurve(row, []breakeven.Bandwidth{bstar, vast})
	assert.InDelta(t, 62, float64(pts[0].Load), 1e-9)
	assert.InDelta(t, 62, float64(pts[0].Recompute.Value), 1e-9)
	assert.InDelta(t, 61.5, float64(pts[0].Recompute.Lo), 1e-9, "62 s printed to the second")
	assert.InDelta(t, 127188.0*516096/(181e9/8), float64(pts[1].Load), 1e-9)
	assert.InDelta(t, 2.9, float64(pts[1].Load), 0.05, "a load time of 2.9 seconds")

	s := SpeedupCurve(row, []breakeven.Bandwidth{bstar, vast})
	assert.InDelta(t, 1, s[0].Value, 1e-12)
	assert.InDelta(t, (181e9/8)/(127188.0/62*516096), s[1].Value, 1e-9)
	assert.InDelta(t, 21, s[1].Value, 0.5, "predicts 21x")
	assert.Less(t, s[1].Lo, s[1].Value)
}

// With offload the mean falls linearly with the hit rate and meets the
// recompute time at the break-even hit rate.
func TestHitRateCurve(t *testing.T) {
	h := LablupHitRate()
	be := 4 / (4 + 22.0 - 6.6)
	pts := HitRateCurve(h, []float64{0, be, 0.8, 1})
	assert.InDelta(t, 22.0+4, float64(pts[0].Offload.Value), 1e-9)
	assert.InDelta(t, 22.0, float64(pts[1].Offload.Value), 1e-9)
	assert.InDelta(t, 0.8*6.6+0.2*26, float64(pts[2].Offload.Value), 1e-9)
	assert.InDelta(t, 6.6, float64(pts[3].Offload.Value), 1e-9)
	for _, p := range pts {
		assert.InDelta(t, 22.0, float64(p.NoOffload.Value), 1e-12)
		assert.LessOrEqual(t, p.Offload.Lo, p.Offload.Value)
		assert.GreaterOrEqual(t, p.Offload.Hi, p.Offload.Value)
		assert.False(t, math.IsNaN(float64(p.Offload.Hi)))
	}
}

func TestComparedLinks(t *testing.T) {
	links := ComparedLinks()
	require.Len(t, links, 6, "10 GbE, three transports, VAST's throughput, one 400 Gbit/s link")
	for i := 1; i < len(links); i++ {
		assert.LessOrEqual(t, links[i-1].Bandwidth.Value, links[i].Bandwidth.Value, "slowest first")
	}
	names := ""
	for _, l := range links {
		names += l.Name + "; "
	}
	for _, s := range []string{"10 Gbit/s", "181 Gbit/s", "400 Gbit/s", sources.UCX.Name} {
		assert.Contains(t, names, s)
	}

	// "A single 10 GbE link running flat out would clear it": the 405B
	// break-even only.
	for _, r := range LinkTable() {
		if r.Link.Bandwidth.Value == sources.TenGbE.V() {
			assert.Equal(t, 1, r.Beaten)
			assert.InDelta(t, 1.25e9/(127188.0/62*516096), r.Speedups[0].Value, 1e-9)
			assert.False(t, r.Link.Measured)
		}
		if r.Link.Bandwidth.Value == sources.VASTThroughput.V() {
			assert.True(t, r.Link.Measured)
			assert.Equal(t, 3, r.Beaten)
		}
	}
}
