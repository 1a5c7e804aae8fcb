package gguf

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/modelconfig"
)

// Shape is what a llama.cpp model file of the "llama" or "qwen2"
// architecture needs of a Hugging Face config.json. The cache's layers,
// KV heads and head dim and the query heads come from the project's
// reader (package modelconfig); the rest, which that reader does not
// keep, from the same file read as plain JSON.
type Shape struct {
	Arch         string // llama.cpp architecture: "llama" or "qwen2"
	Name         string
	Layers       int
	Heads        int
	KVHeads      int
	HeadDim      int
	Hidden       int
	Intermediate int
	Vocab        int // the config's vocab_size
	Context      int // max_position_embeddings
	RopeTheta    float64
	NormEps      float64
	Tied         bool
	QKVBias      bool
	InitStd      float64 // initializer_range, or 0.02
}

// plain is the part of a config.json that modelconfig does not keep.
type plain struct {
	ModelType    string   `json:"model_type"`
	Hidden       *int     `json:"hidden_size"`
	Intermediate *int     `json:"intermediate_size"`
	Vocab        *int     `json:"vocab_size"`
	RopeTheta    *float64 `json:"rope_theta"`
	RopeParams   *struct {
		RopeTheta *float64 `json:"rope_theta"`
	} `json:"rope_parameters"`
	NormEps       *float64 `json:"rms_norm_eps"`
	Tie           *bool    `json:"tie_word_embeddings"`
	AttentionBias *bool    `json:"attention_bias"`
	InitRange     *float64 `json:"initializer_range"`
	MaxPos        *int     `json:"max_position_embeddings"`
}

// ReadShape reads a model's shape from its config.json. Only dense GQA
// models of model_type "llama" or "qwen2" are supported; anything else,
// or a missing field, is an error naming it.
func ReadShape(name string, data []byte) (Shape, error) {
	c, err := modelconfig.Parse(data)
	if err != nil {
		return Shape{}, err
	}
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return Shape{}, err
	}
	s := Shape{Name: name}
	switch p.ModelType {
	case "llama":
		s.Arch = "llama"
		s.QKVBias = p.AttentionBias != nil && *p.AttentionBias
	case "qwen2":
		// Qwen2's attention has biases on q, k and v (the config does not
		// say so; the architecture does).
		s.Arch, s.QKVBias = "qwen2", true
	default:
		return Shape{}, fmt.Errorf("model_type %q: only \"llama\" and \"qwen2\" are written", p.ModelType)
	}
	if len(c.Arch.Groups) != 1 || c.Arch.Groups[0].Attention != breakeven.GQA || c.Arch.Groups[0].Window != 0 || len(c.Attention) != 1 {
		return Shape{}, fmt.Errorf("%s: only one group of full-attention GQA layers is written, not %s", name, c.Family)
	}
	g := c.Arch.Groups[0]
	s.Layers, s.KVHeads, s.HeadDim = g.Layers, g.KVHeads, g.HeadDim
	s.Heads = c.Attention[0].QueryHeads
	need := func(field string, v *int) int {
		if v == nil && err == nil {
			err = fmt.Errorf("%s: config has no %s", name, field)
		}
		if v == nil {
			return 0
		}
		return *v
	}
	s.Hidden = need("hidden_size", p.Hidden)
	s.Intermediate = need("intermediate_size", p.Intermediate)
	s.Vocab = need("vocab_size", p.Vocab)
	s.Context = need("max_position_embeddings", p.MaxPos)
	switch {
	case p.RopeTheta != nil:
		s.RopeTheta = *p.RopeTheta
	case p.RopeParams != nil && p.RopeParams.RopeTheta != nil:
		s.RopeTheta = *p.RopeParams.RopeTheta
	default:
		s.RopeTheta = 10000 // transformers' default for both architectures
	}
	if p.NormEps == nil && err == nil {
		err = fmt.Errorf("%s: config has no rms_norm_eps", name)
	} else if p.NormEps != nil {
		s.NormEps = *p.NormEps
	}
	s.Tied = p.Tie != nil && *p.Tie
	s.InitStd = 0.02
	if p.InitRange != nil && *p.InitRange > 0 {
		s.InitStd = *p.InitRange
	}
	if err != nil {
		return Shape{}, err
	}
	if s.Heads*s.HeadDim != s.Hidden && s.Arch == "qwen2" {
		return Shape{}, fmt.Errorf("%s: qwen2 needs heads x head dim = hidden size (%d x %d != %d)", name, s.Heads, s.HeadDim, s.Hidden)
	}
	return s, nil
}

// KVBytesPerToken is the shape's KV cache per token at 16 bits:
// 2 (key and value) x layers x KV heads x head dim x 2 bytes.
func (s Shape) KVBytesPerToken() int { return 2 * s.Layers * s.KVHeads * s.HeadDim * 2 }

// Model returns the metadata and tensors of a model file of the shape,
// with the tokenizer entries (every "tokenizer." key) of vocab, and
// weights drawn from a generator seeded with seed and each tensor's name:
// matrices in F16, uniform with the config's initializer standard
// deviation; norms at 1 in F32; biases small and uniform in F32. The
// embedding and output tables have as many rows as the vocab has tokens,
// which is what llama.cpp requires; rows reports that count.
func Model(s Shape, vocab *File, seed uint64) (kvs []KV, tensors []Tensor, rows int, err error) {
	tok, ok := vocab.Get("tokenizer.ggml.tokens")
	if !ok || tok.Type != Array {
		return nil, nil, 0, fmt.Errorf("the vocab file has no tokenizer.ggml.tokens")
	}
	rows = int(tok.Len)
	a := s.Arch
	kvs = []KV{
		Str("general.architecture", a),
		Str("general.name", s.Name+" (shape only: seeded random weights)"),
		U32("general.file_type", 1), // mostly F16
		U32(a+".context_length", uint32(s.Context)),
		U32(a+".embedding_length", uint32(s.Hidden)),
		U32(a+".block_count", uint32(s.Layers)),
		U32(a+".feed_forward_length", uint32(s.Intermediate)),
		U32(a+".attention.head_count", uint32(s.Heads)),
		U32(a+".attention.head_count_kv", uint32(s.KVHeads)),
		U32(a+".attention.key_length", uint32(s.HeadDim)),
		U32(a+".attention.value_length", uint32(s.HeadDim)),
		U32(a+".rope.dimension_count", uint32(s.HeadDim)),
		F32(a+".rope.freq_base", float32(s.RopeTheta)),
		F32(a+".attention.layer_norm_rms_epsilon", float32(s.NormEps)),
		U32(a+".vocab_size", uint32(rows)),
	}
	for _, kv := range vocab.KVs {
		if strings.HasPrefix(kv.Key, "tokenizer.") {
			kvs = append(kvs, kv)
		}
	}
	h, q, kvDim, ff := uint64(s.Hidden), uint64(s.Heads*s.HeadDim), uint64(s.KVHeads*s.HeadDim), uint64(s.Intermediate)
	std := s.InitStd
	mat := func(name string, dims ...uint64) Tensor {
		info := TensorInfo{Name: name, Dims: dims, Type: TypeF16}
		return Tensor{Info: info, Data: uniformF16(seed, name, info.Elements(), std)}
	}
	vec := func(name string, n uint64, fill float32, spread float64) Tensor {
		return Tensor{Info: TensorInfo{Name: name, Dims: []uint64{n}, Type: TypeF32}, Data: f32Vector(seed, name, n, fill, spread)}
	}
	tensors = append(tensors, mat("token_embd.weight", h, uint64(rows)), vec("output_norm.weight", h, 1, 0))
	if !s.Tied {
		tensors = append(tensors, mat("output.weight", h, uint64(rows)))
	}
	for i := 0; i < s.Layers; i++ {
		b := fmt.Sprintf("blk.%d.", i)
		tensors = append(tensors,
			vec(b+"attn_norm.weight", h, 1, 0),
			mat(b+"attn_q.weight", h, q),
			mat(b+"attn_k.weight", h, kvDim),
			mat(b+"attn_v.weight", h, kvDim),
		)
		if s.QKVBias {
			tensors = append(tensors,
				vec(b+"attn_q.bias", q, 0, std),
				vec(b+"attn_k.bias", kvDim, 0, std),
				vec(b+"attn_v.bias", kvDim, 0, std),
			)
		}
		tensors = append(tensors,
			mat(b+"attn_output.weight", q, h),
			vec(b+"ffn_norm.weight", h, 1, 0),
			mat(b+"ffn_gate.weight", h, ff),
			mat(b+"ffn_up.weight", h, ff),
			mat(b+"ffn_down.weight", ff, h),
		)
	}
	return kvs, tensors, rows, nil
}

// rng is the generator of one tensor: PCG seeded with the seed and a
// hash of the tensor's name, so a tensor's values do not depend on the
// order the tensors are written in.
func rng(seed uint64, name string) *rand.PCG {
	f := fnv.New64a()
	f.Write([]byte(name))
	return rand.NewPCG(seed, f.Sum64())
}

// uniformF16 writes n F16 values uniform in [-a, a], a = sqrt(3) x std,
// so that their standard deviation is std. Each 16-bit draw indexes a
// table of 65,536 evenly spaced values, which keeps generation fast.
func uniformF16(seed uint64, name string, n uint64, std float64) func(io.Writer) error {
	return func(w io.Writer) error {
		var table [1 << 16]uint16
		a := math.Sqrt(3) * std
		for i := range table {
			table[i] = Float16(float32((float64(i)+0.5)/(1<<15)*a - a))
		}
		r := rng(seed, name)
		const chunk = 1 << 16 // values per write
		buf := make([]byte, 0, 2*chunk)
		for done := uint64(0); done < n; {
			buf = buf[:0]
			for len(buf) < 2*chunk && done < n {
				x := r.Uint64()
				for k := 0; k < 4 && done < n; k++ {
					buf = binary.LittleEndian.AppendUint16(buf, table[uint16(x>>(16*k))])
					done++
				}
			}
			if _, err := w.Write(buf); err != nil {
				return err
			}
		}
		return nil
	}
}

// f32Vector writes n float32 values: fill plus, when spread > 0, a
// uniform draw of standard deviation spread.
func f32Vector(seed uint64, name string, n uint64, fill float32, spread float64) func(io.Writer) error {
	return func(w io.Writer) error {
		r := rng(seed, name)
		a := math.Sqrt(3) * spread
		buf := make([]byte, 0, 4*n)
		for i := uint64(0); i < n; i++ {
			v := fill
			if spread > 0 {
				v += float32((float64(r.Uint64()>>11)/(1<<53)*2 - 1) * a)
			}
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
		_, err := w.Write(buf)
		return err
	}
}
