package sources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// The configs added for the published-claims registry, worked by hand from
// the figures in each file: MLA is layers x (kv_lora_rank +
// qk_rope_head_dim) x bytes per element, GQA 2 x layers x KV heads x head
// dim x bytes, GLM-5.2's indexer 128 FP8 bytes plus a 4-byte scale on
// each of the 21 layers its indexer_types marks "full", and MiniMax M3's
// one BF16 index key of 128 numbers on each of its 57 sparse layers.
func TestRegistryConfigsByHand(t *testing.T) {
	cases := []struct {
		file      string
		bpt, bpt8 float64 // 16-bit and FP8 elements
		context   breakeven.Tokens
		family    string
	}{
		{"moonshotai--Kimi-K2.5.json", 61 * (512 + 64) * 2, 61 * (512 + 64), 262144, "MLA, MoE"},
		{"MiniMaxAI--MiniMax-M2.7.json", 2 * 62 * 8 * 128 * 2, 2 * 62 * 8 * 128, 204800, "GQA, MoE"},
		{"zai-org--GLM-5.2.json", 78*(512+64)*2 + 21*(128+4), 78*(512+64) + 21*(128+4), 1048576, "MLA with a sparse indexer, MoE"},
		{"zai-org--GLM-5.2-FP8.json", 78*(512+64)*2 + 21*(128+4), 78*(512+64) + 21*(128+4), 1048576, "MLA with a sparse indexer, MoE"},
		// MiniMax M3: 60 layers of 4 KV heads of 128, and on its 57 sparse
		// layers one index key of 128 numbers in BF16, at either element.
		{"MiniMaxAI--MiniMax-M3.json", 2*60*4*128*2 + 57*128*2, 2*60*4*128 + 57*128*2, 1048576, "GQA with a block-sparse indexer, MoE"},
	}
	for _, c := range cases {
		k := KeptConfig(c.file)
		assert.Equal(t, breakeven.BytesPerToken(c.bpt), k.Arch.BytesPerToken(), c.file)
		assert.Equal(t, breakeven.BytesPerToken(c.bpt8), k.Arch.With(breakeven.FP8, 0).BytesPerToken(), c.file)
		assert.Equal(t, breakeven.Bytes(0), k.Arch.FixedBytes(), c.file)
		assert.Equal(t, c.context, k.Context, c.file)
		assert.Equal(t, c.family, k.Family, c.file)
	}
	// Kimi K2.5's text model has Kimi K2's shapes: the same parameters.
	k2, k25 := KeptConfig("moonshotai--Kimi-K2-Instruct.json"), KeptConfig("moonshotai--Kimi-K2.5.json")
	assert.Equal(t, k2.TotalParams, k25.TotalParams)
	assert.Equal(t, k2.ActiveParams, k25.ActiveParams)
	assert.Equal(t, k2.Arch, k25.Arch)
	// GLM-5.2's sparse attention scores at most index_topk 2048 keys.
	for _, g := range KeptConfig("zai-org--GLM-5.2.json").Attention {
		assert.Equal(t, 2048, g.Window)
	}
}

// The sizes the sources publish, against the configs: llm-d's "about 93
// KB per token" for GLM-5.2-FP8 at 16 bits (92,628 B), and its GLM-5.2
// post's "576 elements over 78 layers" in FP8 (44,928 B), which is the MLA
// part alone: the catalog adds the indexer's 2,772 B.
func TestRegistryConfigsAgainstPublishedSizes(t *testing.T) {
	glm := KeptConfig("zai-org--GLM-5.2-FP8.json").Arch
	assert.InDelta(t, 93e3, float64(glm.BytesPerToken()), 0.5e3)
	var mla breakeven.Architecture
	for _, g := range KeptConfig("zai-org--GLM-5.2.json").Arch.Groups {
		if g.Attention == breakeven.MLA {
			mla.Groups = append(mla.Groups, g)
		}
	}
	assert.Equal(t, breakeven.BytesPerToken(576*78), mla.With(breakeven.FP8, 0).BytesPerToken())
}

// The registry's names resolve: "Kimi-2.5" to Kimi K2.5, MiniMax M2.7 and
// GLM-5.2 to their own configs, and Llama 3 70B through its alias to Llama
// 3.1 70B's architecture, and context (an alias inherits it: 131,072, not
// Llama 3's own).
func TestRegistryModelNames(t *testing.T) {
	for name, want := range map[string]string{
		"Kimi-2.5": "Kimi K2.5", "moonshotai/Kimi-K2.5": "Kimi K2.5",
		"MiniMax M2.7": "MiniMax M2.7", "GLM-5.2": "GLM-5.2", "GLM-5.2-FP8": "GLM-5.2-FP8",
	} {
		m, err := FindModel(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, m.Name, name)
		assert.NotEmpty(t, m.ConfigFile, name)
	}
	m, err := FindModel("Llama 3 70B")
	require.NoError(t, err)
	assert.Equal(t, "Llama 3.1 70B", m.Name)
	require.NotNil(t, m.Via)
	assert.Equal(t, "Llama 3 70B", m.Via.Name)
	assert.Equal(t, breakeven.BytesPerToken(2*80*8*128*2), m.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Tokens(131072), m.Context)
	// GLM-5.2 is not GLM-5: GLM-5 resolves to its own config, whose
	// indexer keeps keys on every layer.
	m, err = FindModel("GLM-5")
	require.NoError(t, err)
	assert.Equal(t, "GLM-5", m.Name)
	assert.Equal(t, "zai-org--GLM-5.json", m.ConfigFile)
}
