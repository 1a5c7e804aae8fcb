package modelconfig

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// msaBase is base (4 layers, hidden 64, 8 heads of 8) with MiniMax M3's
// fields at small sizes: 2 KV heads; layer 0 dense (an MLP of 32) and
// attending in full, layers 1 to 3 mixtures (2 of 4 experts of 8, and a
// shared one) with block-sparse attention over their top 3 blocks of 4
// keys, an indexer of 4 query heads and one key of 16 numbers.
const msaBase = base + `, "num_key_value_heads": 2, "tie_word_embeddings": false,
	"first_k_dense_replace": 1, "moe_layer_freq": [0, 1, 1, 1], "dense_intermediate_size": 32,
	"num_local_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8, "n_shared_experts": 1`

const msaOn = `"sparse_attention_config": {"use_sparse_attention": true, "sparse_attention_freq": [0, 1, 1, 1],
	"sparse_disable_index_value": [0, 1, 1, 1], "sparse_block_size": 4, "sparse_topk_blocks": 3,
	"sparse_index_dim": 16, "sparse_num_index_heads": 4, "sparse_init_block": 0, "sparse_local_block": 1, "sparse_score_type": "max"}`

// By hand: every layer keeps its keys and values, 4 x 2 heads x (8 + 8)
// numbers a token; the 3 sparse layers' indexers one key of 16 numbers
// each, in BF16 whatever the KV element: 256 + 96 bytes a token at 16
// bits, 128 + 96 at 8. The dense layer's queries score every earlier
// token, the sparse layers' at most 3 x 4 = 12.
func TestMiniMaxSparseAttentionKeepsEveryKeyAndOneIndexKey(t *testing.T) {
	c := parse(t, `{`+msaBase+`, `+msaOn+`}`)
	assert.Equal(t, breakeven.BytesPerToken(4*2*16*2+3*16*2), c.Arch.BytesPerToken())
	assert.Equal(t, breakeven.BytesPerToken(4*2*16+3*16*2), c.Arch.With(breakeven.FP8, 0).BytesPerToken())
	assert.ElementsMatch(t, []prefill.AttentionGroup{
		{Layers: 1, QueryHeads: 8, QKDim: 8, VDim: 8},
		{Layers: 3, QueryHeads: 8, QKDim: 8, VDim: 8, Window: 12},
	}, c.Attention)
	assert.Equal(t, "GQA with a block-sparse indexer, MoE", c.Family)
	assert.Contains(t, strings.Join(c.Notes, "; "), "MiniMax Sparse Attention on 3 of 4 layers")

	// Turned off, every layer attends in full and no index key is kept.
	off := parse(t, `{`+msaBase+`, "sparse_attention_config": {"use_sparse_attention": false}}`)
	assert.Equal(t, breakeven.BytesPerToken(4*2*16*2), off.Arch.BytesPerToken())
	assert.Equal(t, []prefill.AttentionGroup{{Layers: 4, QueryHeads: 8, QKDim: 8, VDim: 8}}, off.Attention)
	assert.Equal(t, "GQA, MoE", off.Family)
}

// MiniMax M3's dense layers have an MLP of dense_intermediate_size, not
// the experts' width: layer 0's 3 x 64 x 32 weights, against 3 x 64 x
// 128 were intermediate_size read. The three mixtures: 4 experts and a
// shared one of 3 x 64 x 8 each, and a 64 x 4 router; 2 experts active.
// Attention: q and o 64 x 64, k and v 64 x 16, on every layer. The
// 100 x 64 embedding and head, untied.
func TestADenseLayerTakesItsOwnMLPWidth(t *testing.T) {
	c := parse(t, `{`+msaBase+`, `+msaOn+`}`)
	attn := 4 * (2*64*64 + 2*64*16.0)
	expert := 3 * 64 * 8.0
	assert.Equal(t, attn+3*64*32+3*(5*expert+64*4)+2*100*64, c.TotalParams)
	assert.Equal(t, attn+3*64*32+3*(3*expert+64*4)+100*64, c.ActiveParams, "the embedding is looked up, not multiplied")
}

// MiniMax M3's own config, kept in sources: 60 layers of 4 KV heads of
// 128 keep 2 x 60 x 4 x 128 x 2 = 122,880 bytes a token at 16 bits; the
// indexers of its 57 sparse layers 57 x 128 x 2 = 14,592 more; its sparse
// layers' queries score at most 16 x 128 = 2,048 keys.
func TestMiniMaxM3sConfigByHand(t *testing.T) {
	data, err := os.ReadFile("../../sources/configs/MiniMaxAI--MiniMax-M3.json")
	require.NoError(t, err)
	c, err := Parse(data)
	require.NoError(t, err)
	assert.Equal(t, breakeven.BytesPerToken(2*60*4*128*2+57*128*2), c.Arch.BytesPerToken())
	assert.ElementsMatch(t, []prefill.AttentionGroup{
		{Layers: 3, QueryHeads: 64, QKDim: 128, VDim: 128},
		{Layers: 57, QueryHeads: 64, QKDim: 128, VDim: 128, Window: 2048},
	}, c.Attention)
	assert.Equal(t, breakeven.Tokens(1048576), c.Context)
}

// What the package would have to guess is refused, naming the field with
// a valid line: a per-layer list missing, too short or not of 0 and 1; a
// sparse layer whose indexer keeps values; sink blocks; more than the
// query's own block beside the top ones; block-sparse attention on MLA or
// windowed layers; a setting that does not say whether it is on.
func TestMiniMaxSparseAttentionRefusesWhatItDoesNotModel(t *testing.T) {
	for edit, field := range map[[2]string]string{
		{`"sparse_attention_freq": [0, 1, 1, 1],`, ``}:                                               "sparse_attention_config.sparse_attention_freq",
		{`"sparse_attention_freq": [0, 1, 1, 1]`, `"sparse_attention_freq": [0, 1, 1]`}:              "sparse_attention_config.sparse_attention_freq",
		{`"sparse_attention_freq": [0, 1, 1, 1]`, `"sparse_attention_freq": [0, 2, 1, 1]`}:           "sparse_attention_config.sparse_attention_freq",
		{`"sparse_attention_freq": [0, 1, 1, 1]`, `"sparse_attention_freq": [0, 0, 0, 0]`}:           "sparse_attention_config.sparse_attention_freq",
		{`"sparse_disable_index_value": [0, 1, 1, 1]`, `"sparse_disable_index_value": [0, 1, 0, 1]`}: "sparse_attention_config.sparse_disable_index_value",
		{`"sparse_disable_index_value": [0, 1, 1, 1],`, ``}:                                          "sparse_attention_config.sparse_disable_index_value",
		{`"sparse_init_block": 0`, `"sparse_init_block": 1`}:                                         "sparse_attention_config.sparse_init_block",
		{`"sparse_local_block": 1`, `"sparse_local_block": 2`}:                                       "sparse_attention_config.sparse_local_block",
		{`"sparse_topk_blocks": 3`, `"sparse_topk_blocks": 0`}:                                       "sparse_attention_config.sparse_topk_blocks",
		{`"sparse_index_dim": 16,`, ``}:                                                              "sparse_attention_config.sparse_index_dim",
		{`"use_sparse_attention": true,`, ``}:                                                        "sparse_attention_config.use_sparse_attention",
		{`"sparse_score_type": "max"}`, `"sparse_score_type": "max"}, "kv_lora_rank": 8, "qk_rope_head_dim": 4, "qk_nope_head_dim": 8, "v_head_dim": 8`}:                                "sparse_attention_config.use_sparse_attention",
		{`"sparse_score_type": "max"}`, `"sparse_score_type": "max"}, "sliding_window": 8, "layer_types": ["full_attention", "sliding_attention", "full_attention", "full_attention"]`}: "sparse_attention_config.use_sparse_attention",
	} {
		on := strings.Replace(msaOn, edit[0], edit[1], 1)
		require.NotEqual(t, msaOn, on, edit[0])
		_, err := Parse([]byte(`{` + msaBase + `, ` + on + `}`))
		require.Error(t, err, edit[1])
		assert.Contains(t, err.Error(), `config.json field "`+field+`": `, edit[1])
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.NotEmpty(t, e.Example, edit[1])
	}
}
