package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// The post's newer models from their own configs, worked by hand from the
// figures in the files.
//
// DeepSeek V4: an entry of head_dim 512 numbers at 2 bytes per 4 tokens on
// a CSA layer and per 128 on an HCA layer, an FP4 indexer key of 128 x 0.5
// bytes per CSA entry, every layer's last 128 tokens uncompressed, and the
// compressors' float32 state: 2 x ratio x (2 for CSA, else 1) x 512 x 4
// bytes a layer, and on a CSA layer 2 x 4 x 2 x 128 x 4 for its indexer's.
// Of V4 Pro's first 61 ratios 30 are 4 and 31 are 128; of V4 Flash's first
// 43, 2 are 0, 21 are 4 and 20 are 128.
//
// Kimi K3: 24 MLA layers of 512 + 64 numbers at 2 bytes; 69 KDA layers of
// 96 heads x 128 x 128 float32 and a convolution of 3 x 96 x 128 numbers
// x (4 - 1) at 2 bytes.
func TestNewerModelsAreReadFromTheirConfigs(t *testing.T) {
	v4Token := func(csa, hca int) int { return csa*512*2/4 + hca*512*2/128 + csa*128/2/4 }
	v4Fixed := func(csa, hca int) int { return csa*(2*4*2*512*4+2*4*2*128*4) + hca*2*128*512*4 }
	kda := 96*128*128*4 + 3*96*128*3*2
	cases := []struct {
		name          string
		bpt, fixed    int
		window, layer int // the uncompressed window and the layers that keep it
		family        string
	}{
		{"DeepSeek V4 Pro", v4Token(30, 31), v4Fixed(30, 31), 128, 61, "compressed attention (CSA + HCA) with a sliding window, MoE"},
		{"DeepSeek V4 Flash", v4Token(21, 20), v4Fixed(21, 20), 128, 43, "compressed attention (CSA + HCA) with a sliding window, MoE"},
		{"Kimi K3", 24 * (512 + 64) * 2, 69 * kda, 0, 0, "hybrid: Kimi Delta Attention + MLA, MoE"},
	}
	for _, c := range cases {
		m, err := FindModel(c.name)
		require.NoError(t, err, c.name)
		a := m.Arch.With(breakeven.BF16, 1)
		assert.Equal(t, breakeven.BytesPerToken(c.bpt), a.BytesPerToken(), c.name)
		assert.Equal(t, breakeven.Bytes(c.fixed), a.FixedBytes(), c.name)
		n := breakeven.Tokens(131072)
		want := breakeven.Bytes(c.bpt*131072 + c.fixed + c.layer*c.window*512*2)
		assert.Equal(t, want, a.CacheSize(n), c.name)
		assert.Equal(t, breakeven.Tokens(1048576), m.Context, c.name)
		assert.Equal(t, c.family, m.Attention, c.name)
		assert.Equal(t, Copy, m.Provenance, c.name)
		// The shapes do not give these families' parameters: no count is
		// better than a wrong one. DeepSeek's published counts stand in.
		assert.Zero(t, m.Config.ActiveParams, c.name)
		assert.NotContains(t, m.Note, "parameters computed", c.name)
	}
	for name, want := range map[string][2]float64{"DeepSeek V4 Pro": {1.6e12, 49e9}, "DeepSeek V4 Flash": {284e9, 13e9}, "Kimi K3": {0, 0}} {
		m, err := FindModel(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, [2]float64{m.TotalParams, m.ActiveParams}, name)
	}
	// The checkpoint's FP4 experts: 61 layers x 384 experts x 3 x 7,168 x
	// 3,072 weights at MXFP4's 4.25 bits, the rest of the 1.6T in FP8.
	pro, err := FindModel("DeepSeek V4 Pro")
	require.NoError(t, err)
	routed := 61.0 * 384 * 3 * 7168 * 3072
	assert.InDelta(t, (routed*4.25/8+(1.6e12-routed))/1.6e12, pro.Config.Weights.Bytes, 1e-12)
	// The aliases the post and the checkpoints use.
	for alias, name := range map[string]string{"deepseek-ai/DeepSeek-V4-Pro": "DeepSeek V4 Pro", "deepseek-v4": "DeepSeek V4 Pro",
		"deepseek-ai/DeepSeek-V4-Flash": "DeepSeek V4 Flash", "moonshotai/Kimi-K3": "Kimi K3", "kimi-k3": "Kimi K3"} {
		m, err := FindModel(alias)
		require.NoError(t, err, alias)
		assert.Equal(t, name, m.Name, alias)
	}
}

// Kimi K3 has a cache but no FLOP model, and says why in one line that
// names a way forward.
func TestKimiK3RefusesAPrefillEstimateAndSaysWhy(t *testing.T) {
	_, err := PrefillModel(MustModel("Kimi K3"))
	require.Error(t, err)
	assert.Equal(t, "sources: Kimi K3: no active parameters (its config's shapes do not give them and no published count is kept), so its prefill cannot be estimated: give --prefill or --ttft", err.Error())
	_, err = PrefillModel(MustModel("DeepSeek V4 Pro"))
	assert.NoError(t, err, "DeepSeek's published counts give V4 Pro one")
}
