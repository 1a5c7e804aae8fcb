package modelconfig

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// deciBase is a DeciLM config at small sizes (hidden 384, 6 heads of 64)
// whose four layers are: GQA with 2 KV heads (n_heads_in_group 3) and an
// MLP of ffn_mult 2; no attention and an MLP of 1; GQA with 6 KV heads
// (n_heads_in_group 1) and no MLP; GQA with 2 KV heads and an MLP of 2.
const deciBase = `"num_hidden_layers": 4, "hidden_size": 384, "num_attention_heads": 6, "num_key_value_heads": null, "intermediate_size": null,
	"vocab_size": 100, "tie_word_embeddings": false, "model_type": "nemotron-nas", "block_configs": [
	{"attention": {"n_heads_in_group": 3, "no_op": false, "replace_with_linear": false, "window_length": null}, "ffn": {"ffn_mult": 2.0, "no_op": false}},
	{"attention": {"n_heads_in_group": null, "no_op": true}, "ffn": {"ffn_mult": 1.0, "no_op": false}},
	{"attention": {"n_heads_in_group": 1, "no_op": false}, "ffn": {"ffn_mult": null, "no_op": true}},
	{"attention": {"n_heads_in_group": 3, "no_op": false}, "ffn": {"ffn_mult": 2.0, "no_op": false, "sparsify": null}}]`

// By hand: the KV heads are 6 / n_heads_in_group, of 384 / 6 = 64
// numbers; two layers of 2 KV heads keep 2 x 2 x 2 x 64 x 2 bytes a token
// and one of 6 heads 2 x 6 x 64 x 2. An MLP's width is 2 x ffn_mult x
// 384 / 3 rounded up to a multiple of 256: ffn_mult 2 gives 512, exactly;
// ffn_mult 1 gives 256, also exact; 1.5 would give 384, rounded to 512.
func TestDeciLMLayersSkipAttentionOrMLPAndSetTheirOwnWidths(t *testing.T) {
	assert.Equal(t, 512, deciMLPWidth(2, 384))
	assert.Equal(t, 256, deciMLPWidth(1, 384))
	assert.Equal(t, 512, deciMLPWidth(1.5, 384))
	assert.Equal(t, 28672, deciMLPWidth(5.25, 8192), "Llama-3.3-Nemotron-Super's widest MLP, 3.5 x 8,192")
	assert.Equal(t, 5632, deciMLPWidth(1, 8192), "5,461 rounded up")

	c := parse(t, `{`+deciBase+`}`)
	assert.Equal(t, []breakeven.LayerGroup{
		{Attention: breakeven.GQA, Layers: 2, KVHeads: 2, HeadDim: 64},
		{Attention: breakeven.GQA, Layers: 1, KVHeads: 6, HeadDim: 64},
	}, c.Arch.Groups)
	assert.Equal(t, breakeven.BytesPerToken(2*2*2*64*2+2*6*64*2), c.Arch.BytesPerToken())
	assert.Equal(t, []prefill.AttentionGroup{
		{Layers: 2, QueryHeads: 6, QKDim: 64, VDim: 64},
		{Layers: 1, QueryHeads: 6, QKDim: 64, VDim: 64},
	}, c.Attention)
	attn := func(kv float64) float64 { return 384*384 + 2*384*kv*64 + 384*384 }
	layers := 2*attn(2) + attn(6) + 2*3*384*512 + 3*384*256
	assert.Equal(t, 2*100*384+layers, c.TotalParams)
	assert.Equal(t, 100*384+layers, c.ActiveParams)
	assert.Equal(t, "GQA", c.Family)
	assert.Zero(t, c.MoELayers)
	require.Len(t, c.Notes, 1)
	assert.Contains(t, c.Notes[0], "3 of 4 layers attend")
}

// Each block field that cannot be read gets one line naming block_configs
// and the layer, with a valid line.
func TestDeciLMBlocksRefusedWithTheLayer(t *testing.T) {
	head := `"num_hidden_layers": 1, "hidden_size": 384, "num_attention_heads": 6, "vocab_size": 100, "block_configs": [`
	for blocks, want := range map[string]string{
		`{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": 2}}, {"attention": {"no_op": true}, "ffn": {"no_op": true}}]`: `lists 2 layers but num_hidden_layers is 1`,
		`{"attention": {"n_heads_in_group": 4}, "ffn": {"ffn_mult": 2}}]`:                                                         `layer 0: attention.n_heads_in_group 4 does not divide num_attention_heads 6`,
		`{"attention": {"no_op": false}, "ffn": {"ffn_mult": 2}}]`:                                                                `layer 0: attention.n_heads_in_group is missing`,
		`{"attention": {"n_heads_in_group": 0}, "ffn": {"ffn_mult": 2}}]`:                                                         `layer 0: attention.n_heads_in_group is 0: need a positive number`,
		`{"attention": {"n_heads_in_group": 3}, "ffn": {"no_op": false}}]`:                                                        `layer 0: ffn.ffn_mult is missing`,
		`{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": -1}}]`:                                                        `layer 0: ffn.ffn_mult -1: need a positive multiple of hidden_size`,
		`{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": 1e300}}]`:                                                     `layer 0: ffn.ffn_mult 1e+300: need a positive multiple of hidden_size`,
		`{"attention": {"n_heads_in_group": 3, "replace_with_linear": true}, "ffn": {"ffn_mult": 2}}]`:                            `layer 0 sets attention.replace_with_linear, which is not modelled`,
		`{"attention": {"n_heads_in_group": 3, "window_length": 4096}, "ffn": {"ffn_mult": 2}}]`:                                  `layer 0 sets attention.window_length, which is not modelled`,
		`{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": 2, "sparsify": {"x": 1}}}]`:                                   `layer 0 sets ffn.sparsify, which is not modelled`,
		`{"attention": {"no_op": true}, "ffn": {"ffn_mult": 2}}]`:                                                                 `no layer attends, so no layer keeps a cache`,
	} {
		_, err := Parse([]byte(`{` + head + blocks + `}`))
		require.Error(t, err, blocks)
		assert.Contains(t, err.Error(), `config.json field "block_configs": `+want, blocks)
	}
}

// An MLP's width, 2 x ffn_mult x hidden / 3, may reach breakeven.MaxDim
// and not pass it: at hidden 384, ffn_mult 4096 gives 256 x 4096 =
// 1,048,576 exactly, which is read, and 4097 one step of 256 more,
// which is refused.
func TestDeciLMTakesAnMLPAsWideAsTheBoundAndNoWider(t *testing.T) {
	head := `{"num_hidden_layers": 1, "hidden_size": 384, "num_attention_heads": 6, "vocab_size": 100, "block_configs": [{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": `
	c, err := Parse([]byte(head + `4096}}]}`))
	require.NoError(t, err)
	attn := 384*384 + 2*384*2*64 + 384*384
	assert.Equal(t, float64(2*100*384+attn+3*384*1048576), c.TotalParams)
	_, err = Parse([]byte(head + `4097}}]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `layer 0: ffn.ffn_mult 4097: need a positive multiple of hidden_size whose width is at most 1,048,576`)
}
