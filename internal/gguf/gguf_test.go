package gguf

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

// Half-precision bits of values whose encodings are fixed by IEEE 754.
func TestFloat16(t *testing.T) {
	cases := []struct {
		f float32
		h uint16
	}{
		{0, 0x0000},
		{1, 0x3c00},
		{-2, 0xc000},
		{0.5, 0x3800},
		{65504, 0x7bff},         // the largest half
		{65520, 0x7c00},         // rounds up to infinity
		{0.1, 0x2e66},           // 0.0999755859375
		{1.0 / 3, 0x3555},       // 0.333251953125
		{6.1035156e-05, 0x0400}, // the smallest normal, 2^-14
		{5.9604645e-08, 0x0001}, // the smallest subnormal, 2^-24
		{2.9802322e-08, 0x0000}, // half of it: a tie, to even (zero)
		{1 + 1.0/2048, 0x3c00},  // a tie between 1 and the next half: to even
		{1 + 3.0/2048, 0x3c02},  // a tie: to even, upwards
		{float32(math.Inf(1)), 0x7c00},
	}
	for _, c := range cases {
		assert.Equal(t, c.h, Float16(c.f), "%g", c.f)
	}
	assert.Equal(t, uint16(0x7e00), Float16(float32(math.NaN())))
}

// A tiny vocab file: the tokenizer keys a model copies.
func vocabFile(t *testing.T, n int) *File {
	t.Helper()
	var raw []byte
	raw = binary.LittleEndian.AppendUint32(raw, uint32(String))
	raw = binary.LittleEndian.AppendUint64(raw, uint64(n))
	for i := 0; i < n; i++ {
		raw = appendString(raw, string(rune('a'+i%26)))
	}
	kvs := []KV{Str("general.architecture", "llama"), Str("tokenizer.ggml.model", "gpt2"),
		{Key: "tokenizer.ggml.tokens", Type: Array, Raw: raw}, U32("tokenizer.ggml.bos_token_id", 0)}
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, kvs, nil))
	f, err := Read(&buf)
	require.NoError(t, err)
	return f
}

// A written file reads back: the header, the entries with their values,
// the tensors at aligned offsets, and a data section of the tensors'
// sizes; and the tokenizer entries are copied as they were.
func TestWriteReadsBack(t *testing.T) {
	data, err := sources.ConfigData("Qwen--Qwen2.5-0.5B.json")
	require.NoError(t, err)
	s, err := ReadShape("Qwen/Qwen2.5-0.5B", data)
	require.NoError(t, err)
	// Shrink the shape so that the test writes a small file.
	s.Layers, s.Hidden, s.Heads, s.KVHeads, s.HeadDim, s.Intermediate = 2, 64, 4, 2, 16, 96
	v := vocabFile(t, 30)
	kvs, tensors, rows, err := Model(s, v, 7)
	require.NoError(t, err)
	assert.Equal(t, 30, rows)
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, kvs, tensors))
	f, err := Read(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, uint32(3), f.Version)
	get := func(k string) any {
		kv, ok := f.Get(k)
		require.True(t, ok, k)
		return kv.Value
	}
	assert.Equal(t, "qwen2", get("general.architecture"))
	assert.Equal(t, uint32(2), get("qwen2.block_count"))
	assert.Equal(t, uint32(2), get("qwen2.attention.head_count_kv"))
	assert.Equal(t, float32(1e6), get("qwen2.rope.freq_base"))
	assert.Equal(t, float32(1e-6), get("qwen2.attention.layer_norm_rms_epsilon"))
	assert.Equal(t, uint32(30), get("qwen2.vocab_size"))
	tok, _ := f.Get("tokenizer.ggml.tokens")
	want, _ := v.Get("tokenizer.ggml.tokens")
	assert.Equal(t, want.Raw, tok.Raw)
	assert.Equal(t, uint64(30), tok.Len)
	_, ok := f.Get("general.name")
	assert.True(t, ok)

	// Tied embeddings (Qwen2.5-0.5B): no output.weight; Qwen2's q, k, v
	// biases; 2 + 12 per layer.
	require.Len(t, f.Tensors, 2+12*2)
	var end uint64
	for _, ti := range f.Tensors {
		assert.Zero(t, ti.Offset%Alignment, ti.Name)
		assert.GreaterOrEqual(t, ti.Offset, end, ti.Name)
		end = ti.Offset + ti.Bytes()
	}
	assert.Equal(t, []uint64{64, 30}, f.Tensors[0].Dims, "token_embd: hidden x vocab rows")
	names := map[string]TensorInfo{}
	for _, ti := range f.Tensors {
		names[ti.Name] = ti
	}
	assert.Equal(t, []uint64{64, 2 * 16}, names["blk.1.attn_k.weight"].Dims)
	assert.Equal(t, []uint64{4 * 16}, names["blk.1.attn_q.bias"].Dims)
	assert.Equal(t, []uint64{96, 64}, names["blk.0.ffn_down.weight"].Dims)
	assert.Equal(t, TypeF32, names["blk.0.ffn_norm.weight"].Type)
	assert.NotContains(t, names, "output.weight")
	// The file ends with the last tensor, padded.
	assert.Equal(t, 0, buf.Len()%Alignment)
	// The norms are ones.
	dataStart := uint64(buf.Len()) - pad(end)
	norm := names["output_norm.weight"]
	off := dataStart + norm.Offset
	assert.Equal(t, float32(1), math.Float32frombits(binary.LittleEndian.Uint32(buf.Bytes()[off:])))
}

// The same shape, vocab and seed give the same bytes; another seed other
// weights; and the weights' spread is the config's initializer range.
func TestModelDeterministic(t *testing.T) {
	data, err := sources.ConfigData("HuggingFaceTB--SmolLM2-135M.json")
	require.NoError(t, err)
	s, err := ReadShape("HuggingFaceTB/SmolLM2-135M", data)
	require.NoError(t, err)
	assert.Equal(t, Shape{Arch: "llama", Name: "HuggingFaceTB/SmolLM2-135M", Layers: 30, Heads: 9, KVHeads: 3, HeadDim: 64,
		Hidden: 576, Intermediate: 1536, Vocab: 49152, Context: 8192, RopeTheta: 100000, NormEps: 1e-5, Tied: true,
		InitStd: 0.041666666666666664}, s, "rope_theta read from rope_parameters")
	s.Layers, s.Intermediate = 1, 128
	v := vocabFile(t, 40)
	sum := func(seed uint64) [32]byte {
		kvs, tensors, _, err := Model(s, v, seed)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, Write(&buf, kvs, tensors))
		return sha256.Sum256(buf.Bytes())
	}
	assert.Equal(t, sum(1), sum(1))
	assert.NotEqual(t, sum(1), sum(2))

	// The standard deviation of a weight matrix, from its half floats.
	var buf bytes.Buffer
	info := TensorInfo{Dims: []uint64{576, 1536}, Type: TypeF16}
	require.NoError(t, uniformF16(1, "w", info.Elements(), s.InitStd)(&buf))
	require.Equal(t, int(info.Bytes()), buf.Len())
	var sq, mean float64
	n := buf.Len() / 2
	for i := 0; i < n; i++ {
		x := half(binary.LittleEndian.Uint16(buf.Bytes()[2*i:]))
		mean += x
		sq += x * x
	}
	mean /= float64(n)
	assert.InDelta(t, 0, mean, 1e-3)
	assert.InDelta(t, s.InitStd, math.Sqrt(sq/float64(n)-mean*mean), s.InitStd/100)
}

// half decodes a normal or zero half float (the test's own decoder).
func half(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	if e == 0 {
		return sign * m / 1024 * math.Pow(2, -14)
	}
	return sign * (1 + m/1024) * math.Pow(2, float64(e-15))
}

// A config the writer cannot serve is refused, naming why.
func TestReadShapeRefuses(t *testing.T) {
	data, err := sources.ConfigData("deepseek-ai--DeepSeek-V3.json")
	require.NoError(t, err)
	_, err = ReadShape("DeepSeek-V3", data)
	assert.ErrorContains(t, err, `model_type "deepseek_v3": only "llama" and "qwen2" are written`)
	cfg := `{"model_type": "llama", "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2, "hidden_size": 64, "vocab_size": 10, "max_position_embeddings": 128`
	_, err = ReadShape("x", []byte(cfg+`, "rms_norm_eps": 1e-5}`))
	assert.EqualError(t, err, `config.json field "intermediate_size": missing (e.g. "intermediate_size": 28672)`, "the project's reader")
	_, err = ReadShape("x", []byte(cfg+`, "intermediate_size": 96}`))
	assert.EqualError(t, err, "x: config has no rms_norm_eps")
	_, err = Read(bytes.NewReader([]byte("GGML\x03\x00\x00\x00")))
	assert.ErrorContains(t, err, "not a GGUF file")
	_, err = Read(bytes.NewReader([]byte("GGUF\x03\x00\x00\x00\x01")))
	assert.ErrorContains(t, err, "unexpected EOF")
}
