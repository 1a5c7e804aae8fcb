package prefill

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// A small model and chip written out so every figure below is hand
// arithmetic: 1e9 active parameters, 2 layers of 4 query heads of dim 8.
var (
	toy  = Model{Name: "toy", ActiveParams: 1e9, Attention: []AttentionGroup{{Layers: 2, QueryHeads: 4, QKDim: 8, VDim: 8}}}
	chip = Chip{Name: "X1", Aliases: []string{"x-one"}, Peaks: []Peak{{BF16, 100 * TFLOPS}, {FP8, 200 * TFLOPS}}}
)

func TestFLOPsByHand(t *testing.T) {
	// 1,000 tokens: linear 2 x 1e9 x 1000 = 2e12; attention
	// 2 x (1000^2 / 2) x 2 layers x 4 heads x (8 + 8) = 1.28e8.
	assert.InDelta(t, 2e12, float64(toy.LinearFLOPs(1000)), 1e-3)
	assert.InDelta(t, 1.28e8, float64(toy.AttentionFLOPs(1000)), 1e-6)
	assert.InDelta(t, 2e12+1.28e8, float64(toy.FLOPs(1000)), 1e-3)
	// The familiar form: 2 x layers x heads x d x N^2 for d_qk = d_v = d.
	assert.InDelta(t, 2*2*4*8*1000.0*1000, float64(toy.AttentionFLOPs(1000)), 1e-6)
}

// An untied output head of 1e8 of the 1e9 active parameters takes only
// the last token: 1,000 tokens are 2 x 9e8 x 1000 + 2 x 1e8 = 1.8002e12
// FLOPs, where every token through it would be 2e12. One token is the
// same either way; a head not smaller than the model is not one, and
// counts as every token's work.
func TestLinearFLOPsSendOnlyTheLastTokenThroughTheHead(t *testing.T) {
	h := toy
	h.Head = 1e8
	assert.InDelta(t, 1.8002e12, float64(h.LinearFLOPs(1000)), 1e-3)
	assert.InDelta(t, 2e9, float64(h.LinearFLOPs(1)), 1e-6)
	assert.InDelta(t, 1.8002e12+1.28e8, float64(h.FLOPs(1000)), 1e-3)
	h.Head = h.ActiveParams
	assert.InDelta(t, 2e12, float64(h.LinearFLOPs(1000)), 1e-3)
	// The smallest head a config can give (a one-word vocabulary on a
	// hidden size of one) is a head too: 2 x 9 x 5 + 2 x 1.
	tiny := Model{Name: "tiny", ActiveParams: 10, Head: 1}
	assert.InDelta(t, 92, float64(tiny.LinearFLOPs(5)), 1e-12)
}

func TestWindowCapsAttention(t *testing.T) {
	w := Model{Name: "w", ActiveParams: 1, Attention: []AttentionGroup{{Layers: 1, QueryHeads: 1, QKDim: 1, VDim: 1, Window: 100}}}
	// Below the window: N^2 / 2 pairs; above: 100^2/2 + (N - 100) x 100.
	assert.InDelta(t, 50*50/2.0, CausalPairs(50, 100), 1e-9)
	assert.InDelta(t, 100*100/2.0+900*100, CausalPairs(1000, 100), 1e-9)
	assert.InDelta(t, 2*(100*100/2.0+900*100)*2, float64(w.AttentionFLOPs(1000)), 1e-9)
	// A window grows linearly once full.
	d1 := w.AttentionFLOPs(2000) - w.AttentionFLOPs(1000)
	d2 := w.AttentionFLOPs(3000) - w.AttentionFLOPs(2000)
	assert.InDelta(t, float64(d1), float64(d2), 1e-6)
}

func TestTimeAndImpliedMFU(t *testing.T) {
	g := GPUs{Count: 2, Chip: chip}
	// 2e12 + 1.28e8 FLOPs over 2 x 100 TFLOP/s = 10.00064 s at peak.
	assert.InDelta(t, (2e12+1.28e8)/2e14, float64(MinTime(toy, 1000, g)), 1e-12)
	assert.InDelta(t, (2e12+1.28e8)/2e14/0.4, float64(TimeAt(toy, 1000, g, 0.4)), 1e-12)
	mfu := breakeven.MustBetween(0.4, 0.2, 0.5)
	tt := Time(toy, 1000, g, mfu)
	assert.InDelta(t, float64(TimeAt(toy, 1000, g, 0.5)), float64(tt.Lo), 1e-12)
	assert.InDelta(t, float64(TimeAt(toy, 1000, g, 0.2)), float64(tt.Hi), 1e-12)
	assert.True(t, tt.Contains(tt.Value))
	// The post's constant speed is the special case r = N / t.
	r := Rate(toy, 1000, g, mfu)
	assert.InDelta(t, 1000/float64(tt.Value), float64(r.Value), 1e-9)
}

// Calibration recovers the MFU a time was built from.
func TestCalibrationRecoversMFU(t *testing.T) {
	g := GPUs{Count: 8, Chip: chip}
	for _, u := range []float64{0.1, 0.35, 0.75, 1.2} {
		n := breakeven.Exact[breakeven.Tokens](127188)
		measured := breakeven.Exact(TimeAt(toy, n.Value, g, u))
		assert.InDelta(t, u, Calibrate(toy, n, g, measured).Value, 1e-12)
	}
}

func TestCheck(t *testing.T) {
	assert.Equal(t, Plausible, Check(breakeven.MustBetween(0.3, 0.29, 0.31), 0.75))
	assert.Equal(t, BeyondPublished, Check(breakeven.MustBetween(0.9, 0.85, 0.95), 0.75))
	assert.Equal(t, BeyondPeak, Check(breakeven.MustBetween(2.4, 2.2, 2.5), 0.75))
	// A verdict of failure must hold over the whole interval.
	assert.Equal(t, Plausible, Check(breakeven.MustBetween(0.8, 0.7, 0.9), 0.75))
}

func TestParseGPUs(t *testing.T) {
	chips := []Chip{chip}
	for s, n := range map[string]int{"8xX1": 8, "8 x X1": 8, "4*x-one": 4, "X1": 1, "16×x1": 16} {
		g, err := ParseGPUs(s, chips)
		require.NoError(t, err, s)
		assert.Equal(t, n, g.Count, s)
		assert.Equal(t, "X1", g.Chip.Name, s)
	}
	_, err := ParseGPUs("8xZ9", chips)
	assert.ErrorContains(t, err, `"8xZ9"`)
	_, err = ParseGPUs("0xX1", chips)
	assert.Error(t, err)
	assert.InDelta(t, 8*100e12, float64(GPUs{Count: 8, Chip: chip}.Peak()), 1)
}

// An implied MFU whose low end passes 1 is beyond the hardware's peak,
// however little it passes it; between the highest published MFU and 1 it
// is beyond what has been published.
func TestCheckBeyondPeakWhenTheLowEndPassesOne(t *testing.T) {
	between := func(lo, hi float64) breakeven.Estimate[float64] { return breakeven.MustBetween((lo+hi)/2, lo, hi) }
	assert.Equal(t, BeyondPeak, Check(between(1.5, 1.7), 0.75))
	assert.Equal(t, BeyondPeak, Check(between(1.01, 1.1), 0.75))
	assert.Equal(t, BeyondPublished, Check(between(0.8, 0.9), 0.75))
	assert.NotEqual(t, BeyondPeak, Check(between(0.9, 1.2), 0.75), "only the low end decides")
}

// A bad attention group is named by its place, counting from one.
func TestValidateNamesABadGroupByItsPlace(t *testing.T) {
	m := Model{Name: "m", ActiveParams: 1e9, Attention: []AttentionGroup{{Layers: 1, QueryHeads: 1, QKDim: 1, VDim: 1}, {Layers: 0}}}
	assert.ErrorContains(t, m.Validate(), "attention group 2 needs")
}

// The smallest valid model: one active parameter, one layer of one head
// of one dimension, no window; zero of any of them is refused.
func TestValidateTakesTheSmallestModelAndRefusesZero(t *testing.T) {
	ok := Model{Name: "m", ActiveParams: 1, Attention: []AttentionGroup{{Layers: 1, QueryHeads: 1, QKDim: 1, VDim: 1}}}
	assert.NoError(t, ok.Validate())
	for _, bad := range []func(*Model){
		func(m *Model) { m.ActiveParams = 0 },
		func(m *Model) { m.Attention[0].Layers = 0 },
		func(m *Model) { m.Attention[0].QueryHeads = 0 },
		func(m *Model) { m.Attention[0].QKDim = 0 },
		func(m *Model) { m.Attention[0].VDim = 0 },
		func(m *Model) { m.Attention[0].Window = -1 },
	} {
		m := ok
		m.Attention = []AttentionGroup{ok.Attention[0]}
		bad(&m)
		assert.Error(t, m.Validate(), "%+v", m)
	}
}

// A GPU count beyond the bound is refused, saying the bound in whole
// GPUs.
func TestGPUCountAboveTheBoundIsRefusedInWholeGPUs(t *testing.T) {
	chips := []Chip{{Name: "X1", Peaks: []Peak{{BF16, 1e15}}}}
	_, err := ParseGPUs("100001xX1", chips)
	assert.EqualError(t, err, "prefill: GPU count must be a whole number from 1 to 100,000")
	g, err := ParseGPUs("100000xX1", chips)
	assert.NoError(t, err)
	assert.Equal(t, 100000, g.Count)
}

// A rate prints to four significant digits: 1307.4 TFLOP/s (MI300X) is
// 1307, and 312 is 312.0.
func TestFLOPRatePrintsToFourDigits(t *testing.T) {
	assert.Equal(t, "1307 TFLOP/s", (1307.4 * TFLOPS).String())
	assert.Equal(t, "989.4 TFLOP/s", (989.4 * TFLOPS).String())
	assert.Equal(t, "312.0 TFLOP/s", (312 * TFLOPS).String())
}

// A compressed layer's query at i scores min(i, Window) / Ratio entries
// and its Recent last tokens: at 16 tokens, Window 8 and Ratio 4 give
// (8^2 / 2 + 8 x 8) / 4 = 24 entry pairs, Recent 2 gives 2^2 / 2 + 14 x 2
// = 30, so 54 pairs x 2 FLOPs x (1 + 1) dims = 216. Without Recent the
// entries alone, 24 x 4 = 96; with Ratio 1 the plain window, 96 x 4.
func TestCompressedAttentionFLOPs(t *testing.T) {
	g := AttentionGroup{Layers: 1, QueryHeads: 1, QKDim: 1, VDim: 1, Ratio: 4, Window: 8, Recent: 2}
	m := Model{Name: "x", ActiveParams: 1, Attention: []AttentionGroup{g}}
	assert.Equal(t, FLOPs(216), m.AttentionFLOPs(16))
	g.Recent = 0
	m.Attention[0] = g
	assert.Equal(t, FLOPs(96), m.AttentionFLOPs(16))
	// Ratio 2 halves the window's pairs: 96 / 2 x 4 = 192, plus Recent 2's
	// 30 pairs x 4 = 120.
	g.Ratio, g.Recent = 2, 2
	m.Attention[0] = g
	assert.Equal(t, FLOPs(312), m.AttentionFLOPs(16))
	// Ratio 1 is no compression: the plain window, and Recent unused.
	g.Ratio = 1
	m.Attention[0] = g
	assert.Equal(t, FLOPs(384), m.AttentionFLOPs(16))
	g.Ratio, g.Recent = 4, -1
	m.Attention[0] = g
	assert.Error(t, m.Validate())
}
