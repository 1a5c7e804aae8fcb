package prefill

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// A parallelism reads as degrees in any order and case; "dp" is read and
// ignored; a bad form is one line naming --parallel with an example.
func TestParseParallelReadsDegrees(t *testing.T) {
	for s, want := range map[string]Parallel{
		"": {}, "tp8": {TP: 8}, "TP8EP8": {TP: 8, EP: 8}, "tp4 pp2": {TP: 4, PP: 2},
		"pp4": {PP: 4}, "tp8-cp16": {TP: 8, CP: 16}, "dp2tp4": {TP: 4},
		"pp4chunk32768": {PP: 4, Chunk: 32768}, "PP4 chunk 8192": {PP: 4, Chunk: 8192},
	} {
		got, err := ParseParallel(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
	}
	for _, s := range []string{"tp", "8", "tp0", "xp8", "tp8x", "tp8 ep", "chunk0", "pp4chunk"} {
		_, err := ParseParallel(s)
		var fe *breakeven.FieldError
		require.True(t, errors.As(err, &fe), s)
		assert.Equal(t, "parallel", fe.Field, s)
		assert.Equal(t, "tp8ep8", fe.Example, s)
	}
	assert.Equal(t, "tp8ep4", Parallel{TP: 8, EP: 4}.String())
	assert.Equal(t, "", Parallel{}.String())
	assert.Equal(t, "pp4chunk32768", Parallel{PP: 4, Chunk: 32768}.String())
	// A degree of one that was given is printed: "tp1" says a run or a
	// user stated one GPU per replica, "" that nothing was stated.
	assert.Equal(t, "tp1", Parallel{TP: 1}.String())
	for _, s := range []string{"tp1", "tp8ep8", "tp4pp2cp16", "pp4chunk8192"} {
		p, err := ParseParallel(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, p.String(), "a parallelism prints as it was read")
	}
}

// The all-reduce time written out for Llama 3.1 405B's shape (126 layers,
// 128 heads of 128): two all-reduces per layer of n x 16,384 BF16 values,
// each moving 2 x 7/8 of them through every GPU's link one way, at half
// the H100's quoted 900 GB/s.
func TestCommTimeByHand(t *testing.T) {
	m := Model{Name: "405B-shaped", ActiveParams: 405e9, Attention: []AttentionGroup{{Layers: 126, QueryHeads: 128, QKDim: 128, VDim: 128}}}
	g := GPUs{Count: 8, Chip: Chip{Name: "H100", ScaleUp: ScaleUp{Kind: "NVLink 4", Bandwidth: 900e9}}}
	got, ok := CommTime(m, 1000, g, Parallel{TP: 8})
	require.True(t, ok)
	want := 126.0 * 2 * (2 * 7.0 / 8) * 1000 * 16384 * 2 / 450e9
	assert.InEpsilon(t, want, float64(got), 1e-12)
	// No parallelism: nothing sent.
	got, ok = CommTime(m, 1000, g, Parallel{})
	assert.True(t, ok)
	assert.Zero(t, got)
	// Four pipeline stages: the 1000 x 16,384 BF16 activations cross each
	// of the three boundaries once.
	got, ok = CommTime(m, 1000, g, Parallel{PP: 4})
	assert.True(t, ok)
	assert.InEpsilon(t, 3.0*1000*16384*2/450e9, float64(got), 1e-12)
	// Any positive link bandwidth gives a time, however slow: 1.5 B/s
	// quoted is 0.75 B/s one way.
	g.Chip.ScaleUp.Bandwidth = 1.5
	got, ok = CommTime(m, 1000, g, Parallel{TP: 8})
	require.True(t, ok)
	assert.InEpsilon(t, 126.0*2*(2*7.0/8)*1000*16384*2/0.75, float64(got), 1e-12)
	// A chip whose link bandwidth is not known: unknown, not zero.
	g.Chip.ScaleUp.Bandwidth = 0
	_, ok = CommTime(m, 1000, g, Parallel{TP: 8})
	assert.False(t, ok)
}

// One request's time is the phase time plus the fixed cost, the per-layer
// cost times the layers, and the all-reduces at the link share.
func TestRequestTimeAddsTheLatencyTerms(t *testing.T) {
	m := Model{Name: "x", ActiveParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	chip := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}, ScaleUp: ScaleUp{Bandwidth: 800e9}}
	g := GPUs{Count: 4, Chip: chip}
	e := Phases{Linear: 0.5, Attention: 0.5, Fixed: 0.2, PerLayer: 0.001, Link: 0.5}
	base, err := PhaseTime(m, 4096, g, e)
	require.NoError(t, err)
	comm := 40.0 * 2 * (2 * 3.0 / 4) * 4096 * (32 * 128) * 2 / 400e9
	got, known, err := RequestTime(m, 4096, g, Parallel{TP: 4}, e)
	require.NoError(t, err)
	assert.True(t, known)
	assert.InEpsilon(t, float64(base)+0.2+40*0.001+comm/0.5, float64(got), 1e-12)
	// Without a link share the communication is not priced.
	e.Link = 0
	got, _, err = RequestTime(m, 4096, g, Parallel{TP: 4}, e)
	require.NoError(t, err)
	assert.InEpsilon(t, float64(base)+0.2+40*0.001, float64(got), 1e-12)
}

// DeepSeek-V3's shape by hand (61 layers, 58 of them MoE, hidden 7,168,
// 8 experts a token) on 8 GPUs at 900 GB/s quoted, 450 GB/s one way:
// TP8 alone all-reduces twice a layer; TP8 EP8 all-reduces after
// attention in every layer and after the MLP in the 3 dense ones, and
// sends each token to its 8 experts and back in the 58 MoE ones.
func TestCommTimeExpertParallelByHand(t *testing.T) {
	m := Model{Name: "v3-shaped", ActiveParams: 37e9, Attention: []AttentionGroup{{Layers: 61, QueryHeads: 128, QKDim: 192, VDim: 128}},
		Hidden: 7168, MoELayers: 58, ExpertsPerToken: 8}
	g := GPUs{Count: 8, Chip: Chip{Name: "H200", ScaleUp: ScaleUp{Bandwidth: 900e9}}}
	n := 8192.0
	vals := n * 7168
	ring := 2 * 7.0 / 8
	got, ok := CommTime(m, 8192, g, Parallel{TP: 8})
	require.True(t, ok)
	assert.InEpsilon(t, 122*ring*vals*2/450e9, float64(got), 1e-12)
	got, ok = CommTime(m, 8192, g, Parallel{TP: 8, EP: 8})
	require.True(t, ok)
	allReduce := 64 * ring * vals * 2
	allToAll := 58 * 2 * 8 * vals * 2 * (7.0 / 8) / 8
	assert.InEpsilon(t, (allReduce+allToAll)/450e9, float64(got), 1e-12)
	// EP alone (attention data parallel): only the all-to-alls.
	got, _ = CommTime(m, 8192, g, Parallel{EP: 4})
	assert.InEpsilon(t, 58*2*8*vals*2*(3.0/4)/4/450e9, float64(got), 1e-12)
	// Two expert-parallel GPUs, the fewest that send, send half of each
	// half.
	got, _ = CommTime(m, 8192, g, Parallel{EP: 2})
	assert.InEpsilon(t, 58*2*8*vals*2*(1.0/2)/2/450e9, float64(got), 1e-12)
	// Without its MoE shape the model is dense: EP sends nothing.
	m.ExpertsPerToken = 0
	got, _ = CommTime(m, 8192, g, Parallel{EP: 4})
	assert.Zero(t, got)
	// MoE layers are capped at the model's depth.
	m.ExpertsPerToken, m.MoELayers = 8, 100
	got, _ = CommTime(m, 8192, g, Parallel{EP: 4})
	assert.InEpsilon(t, 61*2*8*vals*2*(3.0/4)/4/450e9, float64(got), 1e-12)
}

// The hidden size, where known, is the activation width; else heads x
// value dim.
func TestActivationWidthPrefersTheHiddenSize(t *testing.T) {
	m := Model{Attention: []AttentionGroup{{Layers: 1, QueryHeads: 128, QKDim: 192, VDim: 128}}}
	assert.Equal(t, 16384, m.ActivationWidth())
	m.Hidden = 7168
	assert.Equal(t, 7168, m.ActivationWidth())
	assert.Zero(t, Model{}.ActivationWidth())
}

// The pipeline bubble: (k + PP - 1) / k for k chunks, PP unchunked.
func TestPipelineFactorByHand(t *testing.T) {
	assert.Equal(t, 1.0, PipelineFactor(131072, Parallel{TP: 8}))
	assert.Equal(t, 4.0, PipelineFactor(131072, Parallel{PP: 4}))
	assert.Equal(t, 7.0/4, PipelineFactor(131072, Parallel{PP: 4, Chunk: 32768}))
	assert.Equal(t, 8.0/5, PipelineFactor(131073, Parallel{PP: 4, Chunk: 32768})) // a fifth, partial chunk
	assert.Equal(t, 2.0, PipelineFactor(1000, Parallel{PP: 2, Chunk: 4096}))      // shorter than a chunk: one
	assert.Equal(t, 2.0, PipelineFactor(4096, Parallel{PP: 2, Chunk: 4096}))
	assert.Equal(t, 5.0/4, PipelineFactor(4, Parallel{PP: 2, Chunk: 1})) // chunks of one token: four of them, one stage behind
}

// One request through a pipeline pays the bubble on its FLOP time only.
func TestRequestTimeMultipliesThePhasesByThePipelineFactor(t *testing.T) {
	m := Model{Name: "x", ActiveParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	chip := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}}
	g := GPUs{Count: 4, Chip: chip}
	e := Phases{Linear: 0.5, Attention: 0.5, Fixed: 0.2}
	base, err := PhaseTime(m, 8192, g, e)
	require.NoError(t, err)
	got, _, err := RequestTime(m, 8192, g, Parallel{PP: 4, Chunk: 4096}, e)
	require.NoError(t, err)
	assert.InEpsilon(t, float64(base)*5/2+0.2, float64(got), 1e-12)
}

// A request's parts by hand: each phase at its share of peak times the
// pipeline's bubble, the memory traffic at its intensity, the fixed and
// per-layer costs, and the communication; they sum to RequestTime.
func TestRequestPartsByHandSumToTheRequestTime(t *testing.T) {
	m := Model{Name: "x", ActiveParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	chip := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}, MemoryBandwidth: 2e12, ScaleUp: ScaleUp{Bandwidth: 800e9}}
	g := GPUs{Count: 4, Chip: chip}
	e := Phases{Linear: 0.5, Attention: 0.25, Intensity: 300, Fixed: 0.2, PerLayer: 0.001, Link: 0.5}
	par := Parallel{TP: 2, PP: 2, Chunk: 4096}
	p, err := PriceRequest(m, 8192, g, par, e)
	require.NoError(t, err)
	bubble := (2.0 + 2 - 1) / 2 // two chunks through two stages
	linear := 2 * 10e9 * 8192.0
	attention := 2 * (8192.0 * 8192 / 2) * 40 * 32 * 256 // N²/2 causal pairs
	assert.InEpsilon(t, linear/(4*1000e12*0.5)*bubble, float64(p.MatrixProducts), 1e-12)
	assert.InEpsilon(t, attention/(4*1000e12*0.25)*bubble, float64(p.Attention), 1e-12)
	assert.InEpsilon(t, (linear+attention)/(4*2e12)/300*bubble, float64(p.Memory), 1e-12)
	assert.InEpsilon(t, 0.2+40*0.001, float64(p.PerRequest), 1e-12)
	comm, ok := CommTime(m, 8192, g, par)
	require.True(t, ok)
	assert.True(t, p.CommKnown)
	assert.InEpsilon(t, float64(comm)/0.5, float64(p.Communication), 1e-12)
	sum := p.MatrixProducts + p.Attention + p.Memory + p.PerRequest + p.Communication
	assert.InEpsilon(t, float64(sum), float64(p.Total()), 1e-12)
	got, _, err := RequestTime(m, 8192, g, par, e)
	require.NoError(t, err)
	assert.Equal(t, p.Total(), got)
	// An engine's own cost adds to the per-request part and the total.
	q := p.WithCost(0.05)
	assert.InEpsilon(t, 0.2+40*0.001+0.05, float64(q.PerRequest), 1e-12)
	assert.InEpsilon(t, float64(p.Total())+0.05, float64(q.Total()), 1e-12)
	// A phase share that is not positive is refused, as PhaseTime refuses it.
	e.Attention = 0
	_, err = PriceRequest(m, 8192, g, par, e)
	assert.Error(t, err)
}

// A chip's measured matmul ceiling in a precision: its own where
// measured, FP8's for FP4, else BF16's (the same tensor cores); a chip
// with none reads 1, not measured. The phase times at the ceiling are
// those at peak over the shares.
func TestCeilingShareFallsBackToTheSameTensorCores(t *testing.T) {
	c := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}, {Precision: FP8, Rate: 2000 * TFLOPS}},
		Ceilings: []Ceiling{{Precision: BF16, Share: 0.8}, {Precision: FP8, Share: 0.7}}}
	for p, want := range map[Precision]float64{BF16: 0.8, FP8: 0.7, FP4: 0.7, FP16: 0.8, TF32: 0.8} {
		got, ok := c.CeilingShare(p)
		assert.True(t, ok, p)
		assert.Equal(t, want, got, p)
	}
	bf := Chip{Ceilings: []Ceiling{{Precision: BF16, Share: 0.6}}}
	got, ok := bf.CeilingShare(FP4)
	assert.True(t, ok)
	assert.Equal(t, 0.6, got)
	fp8 := Chip{Ceilings: []Ceiling{{Precision: FP8, Share: 0.7}}}
	got, ok = fp8.CeilingShare(BF16) // no BF16 ceiling: the one measured
	assert.True(t, ok)
	assert.Equal(t, 0.7, got)
	got, ok = Chip{}.CeilingShare(BF16)
	assert.False(t, ok)
	assert.Equal(t, 1.0, got)

	m := Model{Name: "x", ActiveParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	g := GPUs{Count: 4, Chip: c, Compute: Compute{Linear: FP8, Attention: BF16}}
	lin, att, measured, err := CeilingTimes(m, 8192, g)
	require.NoError(t, err)
	assert.True(t, measured)
	assert.InEpsilon(t, 2*10e9*8192/(4*2000e12*0.7), float64(lin), 1e-12)
	assert.InEpsilon(t, 2*(8192.0*8192/2)*40*32*256/(4*1000e12*0.8), float64(att), 1e-12)
	// Phases at the ceiling price the phases there.
	e := Phases{Linear: 1, Attention: 1, Ceiling: true, Fixed: 0.1}
	p, err := PriceRequest(m, 8192, g, Parallel{TP: 4}, e)
	require.NoError(t, err)
	assert.InEpsilon(t, float64(lin), float64(p.MatrixProducts), 1e-12)
	assert.InEpsilon(t, float64(att), float64(p.Attention), 1e-12)
	assert.Equal(t, "matrix products and attention at the measured matmul ceiling, 0.1 s per request", e.String())
}

// A request's time is mostly its per-request cost when that cost is more
// than half of it: 0.5 s of 1 s is not, 0.6 s is; the parts' method
// reads the per-request part against their total.
func TestMostlyRequestCostIsMoreThanHalfTheTime(t *testing.T) {
	assert.False(t, MostlyRequestCost(0.5, 1))
	assert.True(t, MostlyRequestCost(0.6, 1))
	assert.False(t, MostlyRequestCost(0, 0.1))
	m := Model{Name: "x", ActiveParams: 1e9}
	g := GPUs{Count: 1, Chip: Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}}}
	// 2 x 1e9 x 1000 FLOP at 1000 TFLOP/s and share 1: 2 ms of FLOPs.
	for _, c := range []struct {
		fixed  breakeven.Seconds
		mostly bool
	}{{0.001, false}, {0.002, false}, {0.003, true}} {
		p, err := PriceRequest(m, 1000, g, Parallel{}, Phases{Linear: 1, Attention: 1, Fixed: c.fixed})
		require.NoError(t, err)
		assert.Equal(t, c.mostly, p.MostlyRequestCost(), "%v per request against 2 ms of FLOPs", c.fixed)
	}
}

// One read of the weights by hand: a dense model's every weight at the
// bytes of its matrix products' precision over the GPUs' bandwidth,
// whatever the prompt; a mixture of experts' at most its active
// parameters per token, up to all of them; the active count where no
// total is known; nothing without a bandwidth or a prompt.
func TestWeightReadIsTheTouchedWeightsOverTheBandwidth(t *testing.T) {
	chip := Chip{Name: "c", MemoryBandwidth: 2e12}
	g := GPUs{Count: 4, Chip: chip, Compute: Compute{Linear: FP8, Attention: BF16}}
	dense := Model{Name: "d", ActiveParams: 10e9, TotalParams: 10e9}
	assert.InEpsilon(t, 10e9*1/(4*2e12), float64(WeightRead(dense, 1, g)), 1e-12, "one token reads every weight")
	assert.InEpsilon(t, 10e9*1/(4*2e12), float64(WeightRead(dense, 8192, g)), 1e-12)
	moe := Model{Name: "m", ActiveParams: 30e9, TotalParams: 600e9}
	assert.InEpsilon(t, 30e9*3/(4*2e12), float64(WeightRead(moe, 3, g)), 1e-12, "three tokens touch at most 3 x 30B")
	assert.InEpsilon(t, 600e9/(4*2e12), float64(WeightRead(moe, 8192, g)), 1e-12, "a long prompt touches every expert")
	bf16 := GPUs{Count: 4, Chip: chip, Compute: Uniform(BF16)}
	assert.InEpsilon(t, 600e9*2/(4*2e12), float64(WeightRead(moe, 8192, bf16)), 1e-12, "two bytes a weight in BF16")
	awq := GPUs{Count: 4, Chip: chip, Compute: Uniform(BF16), Weights: Weights{"int4", 0.5}}
	assert.InEpsilon(t, 600e9*0.5/(4*2e12), float64(WeightRead(moe, 8192, awq)), 1e-12, "4-bit weights computed in BF16 are read as stored: half a byte a weight")
	custom := Model{Name: "x", ActiveParams: 7e9} // no total read: the active count
	assert.InEpsilon(t, 7e9/(4*2e12), float64(WeightRead(custom, 100, g)), 1e-12)
	assert.Zero(t, WeightRead(dense, 0, g))
	assert.Zero(t, WeightRead(dense, 100, GPUs{Count: 4, Chip: Chip{Name: "no bandwidth"}, Compute: Uniform(BF16)}))
}

// Phases with Weights charge a request the read of its weights, times the
// pipeline's bubble, as a part of its own that the total includes; the
// same phases without it charge none.
func TestARequestPaysItsWeightReadWhereThePhasesPriceIt(t *testing.T) {
	m := Model{Name: "x", ActiveParams: 10e9, TotalParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	chip := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}, MemoryBandwidth: 2e12}
	g := GPUs{Count: 4, Chip: chip}
	e := Phases{Linear: 1, Attention: 1, Intensity: 300, Fixed: 0.1}
	par := Parallel{PP: 2}
	without, err := PriceRequest(m, 1000, g, par, e)
	require.NoError(t, err)
	assert.Zero(t, without.Weights)
	e.Weights = true
	with, err := PriceRequest(m, 1000, g, par, e)
	require.NoError(t, err)
	read := 10e9 * 2 / (4 * 2e12) // BF16 weights over 4 GPUs' bandwidth
	bubble := 2.0                 // one chunk through two stages
	assert.InEpsilon(t, read*bubble, float64(with.Weights), 1e-12)
	assert.InEpsilon(t, float64(without.Total())+read*bubble, float64(with.Total()), 1e-12)
	sum := with.MatrixProducts + with.Attention + with.Memory + with.Weights + with.PerRequest + with.Communication
	assert.InEpsilon(t, float64(sum), float64(with.Total()), 1e-12)
	assert.Contains(t, e.String(), "the weights read once at the memory bandwidth")
}

// Phases with a cost of a mixture of experts apart charge a sparse
// model's request that cost and a dense model's the other, print both,
// and without it charge every request the one cost.
func TestAMixtureOfExpertsPaysItsOwnRequestCostWhereThePhasesHaveOne(t *testing.T) {
	dense := Model{Name: "d", ActiveParams: 10e9, TotalParams: 10e9, Attention: []AttentionGroup{{Layers: 40, QueryHeads: 32, QKDim: 128, VDim: 128}}}
	sparse := Model{Name: "s", ActiveParams: 10e9, TotalParams: 100e9, Attention: dense.Attention}
	assert.False(t, dense.Sparse())
	assert.True(t, sparse.Sparse())
	assert.False(t, Model{Name: "custom", ActiveParams: 7e9}.Sparse(), "no total read: not taken as sparse")
	// Qwen3.5-27B's shapes: 26.9B held, 25.6B multiplied through, since
	// the 248,320 x 5,120 input embedding is looked up, not multiplied.
	fromConfig := Model{Name: "dense from its config", ActiveParams: 26.9e9 - 248320*5120, TotalParams: 26.9e9, Hidden: 5120}
	assert.False(t, fromConfig.Sparse(), "a dense config's embedding table does not make it a mixture")
	fromConfig.MoELayers = 40
	assert.True(t, fromConfig.Sparse(), "a config with MoE layers is a mixture")
	chip := Chip{Name: "c", Peaks: []Peak{{Precision: BF16, Rate: 1000 * TFLOPS}}, MemoryBandwidth: 2e12}
	g := GPUs{Count: 4, Chip: chip}
	e := Phases{Linear: 1, Attention: 1, Fixed: 0.03, FixedSparse: 0.17}
	d, err := PriceRequest(dense, 1000, g, Parallel{}, e)
	require.NoError(t, err)
	s, err := PriceRequest(sparse, 1000, g, Parallel{}, e)
	require.NoError(t, err)
	assert.InEpsilon(t, 0.03, float64(d.PerRequest), 1e-12)
	assert.InEpsilon(t, 0.17, float64(s.PerRequest), 1e-12)
	assert.InEpsilon(t, float64(d.Total())+0.14, float64(s.Total()), 1e-12, "the same FLOPs, 0.14 s more")
	assert.Contains(t, e.String(), "0.03 s per request of a dense model, 0.17 s of a mixture of experts")
	e.FixedSparse = 0
	s, err = PriceRequest(sparse, 1000, g, Parallel{}, e)
	require.NoError(t, err)
	assert.InEpsilon(t, 0.03, float64(s.PerRequest), 1e-12)
	assert.Contains(t, e.String(), "0.03 s per request")
}
