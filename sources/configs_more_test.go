package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// The models read on 2026-12-05, each priced from its own config and
// worked by hand from the figures in the file: GQA is 2 x layers x KV
// heads x head dim x 2 bytes (head dim = hidden size / heads where the
// file states none); MLA layers x (kv_lora_rank + qk_rope_head_dim) x 2;
// a DSA indexer 128 FP8 bytes and a 4-byte scale on every layer with one;
// a Gated DeltaNet layer's fixed state value heads x key dim x value dim
// x 4 (float32) plus the conv state (2 x key heads x key dim + value
// heads x value dim) x kernel x 2.
func TestModelsPublishedRunsNameAreReadFromTheirConfigs(t *testing.T) {
	deltaNet := 64*128*128*4 + (2*16*128+64*128)*4*2
	cases := []struct {
		name    string
		bpt     int
		fixed   int
		context breakeven.Tokens
		family  string
	}{
		{"Mixtral 8x7B", 2 * 32 * 8 * (4096 / 32) * 2, 0, 32768, "GQA, MoE"},
		{"Mistral 7B v0.3", 2 * 32 * 8 * (4096 / 32) * 2, 0, 32768, "GQA"},
		{"Llama 3.2 1B", 2 * 16 * 8 * 64 * 2, 0, 131072, "GQA"},
		{"Qwen3-0.6B", 2 * 28 * 8 * 128 * 2, 0, 40960, "GQA"},
		{"Qwen3-1.7B", 2 * 28 * 8 * 128 * 2, 0, 40960, "GQA"},
		{"Qwen2.5-32B", 2 * 64 * 8 * (5120 / 40) * 2, 0, 131072, "GQA"},
		{"Qwen3.5-122B-A10B", 2 * 12 * 2 * 256 * 2, 36 * deltaNet, 262144, "hybrid: linear attention + GQA, MoE"},
		{"Qwen3.5-397B-A17B", 2 * 15 * 2 * 256 * 2, 45 * deltaNet, 262144, "hybrid: linear attention + GQA, MoE"},
		{"DeepSeek-V3.2", 61*(512+64)*2 + 61*(128+4), 0, 163840, "MLA with a sparse indexer, MoE"},
		{"MiniMax M2.5", 2 * 62 * 8 * 128 * 2, 0, 196608, "GQA, MoE"},
		{"GLM-5", 78*(512+64)*2 + 78*(128+4), 0, 202752, "MLA with a sparse indexer, MoE"},
		{"GLM-5.1", 78*(512+64)*2 + 78*(128+4), 0, 202752, "MLA with a sparse indexer, MoE"},
	}
	for _, c := range cases {
		m, err := FindModel(c.name)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.name, m.Name)
		assert.Equal(t, breakeven.BytesPerToken(c.bpt), m.Arch.BytesPerToken(), c.name)
		assert.Equal(t, breakeven.Bytes(c.fixed), m.Arch.FixedBytes(), c.name)
		assert.Equal(t, c.context, m.Context, c.name)
		assert.Equal(t, c.family, m.Attention, c.name)
	}
}

// The parameters computed from each config's shapes agree with the sizes
// the names state, to their rounding: the total, and for a mixture of
// experts the active count with the input embedding table (vocab x
// hidden, from the file), which the name counts and the FLOP model does
// not (a lookup is no matrix product). DeepSeek-V3.2's total is
// DeepSeek-V3's 671B, which the catalog cites from DeepSeek's README, and
// its shapes count the same parameters as V3's kept config: the
// indexer's projections are left out of the FLOP model (its note says
// so).
func TestConfigParametersMatchTheSizesInTheNames(t *testing.T) {
	cases := []struct {
		name          string
		total, active float64 // as named, in billions; 0 for a dense model
		embedding     float64 // vocab x hidden, from the file
	}{
		{"Qwen3-0.6B", 0.6, 0, 0},
		{"Qwen3-1.7B", 1.7, 0, 0},
		{"Qwen3.5-122B-A10B", 122, 10, 248320 * 3072},
		{"Qwen3.5-397B-A17B", 397, 17, 248320 * 4096},
	}
	for _, c := range cases {
		m, err := FindModel(c.name)
		require.NoError(t, err, c.name)
		// The name's last digit: half a unit of it.
		assert.InDelta(t, c.total*1e9, m.TotalParams, 0.05*c.total*1e9, c.name)
		if c.active > 0 {
			assert.InDelta(t, c.active*1e9, m.ActiveParams+c.embedding, 0.5e9, c.name)
		}
	}
	v3, err := FindModel("DeepSeek-V3")
	require.NoError(t, err)
	v32, err := FindModel("DeepSeek-V3.2")
	require.NoError(t, err)
	assert.InDelta(t, v3.TotalParams, v32.TotalParams, 0.5e9)
	k3 := KeptConfig("deepseek-ai--DeepSeek-V3.json")
	assert.Equal(t, k3.TotalParams, v32.TotalParams)
	assert.Equal(t, k3.ActiveParams, v32.ActiveParams)
}
