// Package modelconfig reads a Hugging Face config.json into what the rest
// of the module needs of a model: the cache architecture
// (breakeven.Architecture), the attention layers of the prefill FLOP model
// (prefill.AttentionGroup), parameter counts computed from the shapes, and
// the context.
//
// It reads the families the catalog holds: GQA and MHA (head_dim, or
// hidden_size / num_attention_heads), MLA (kv_lora_rank,
// qk_rope_head_dim, qk_nope_head_dim, v_head_dim; with a DSA indexer,
// index_topk, index_head_dim and indexer_types), GQA with MiniMax Sparse
// Attention (sparse_attention_config), sliding and chunked
// windows (sliding_window with layer_types, sliding_window_pattern,
// use_sliding_window with max_window_layers, attention_chunk_size with
// no_rope_layers or Llama 4's NoPE interval), hybrid linear attention
// (layer_types or full_attention_interval, with the Gated DeltaNet
// convolution and recurrent states as fixed bytes), mixture of experts,
// a stated KV-cache element type, and the checkpoint's stored weights
// (quantization_config: quant_method fp8, mxfp4 or compressed-tensors, or
// NVIDIA ModelOpt's quant_algo FP8 or NVFP4, which ModelOpt's checkpoints
// may keep instead in an hf_quant_config.json beside config.json:
// ParseWithQuant). A nested text_config (multimodal models) is read in
// place of the top level.
//
// A field that is missing, contradicts another or is not modelled for the
// family is an *Error that names it and shows a valid example. The package
// holds no model's numbers: they are in the file it reads.
package modelconfig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/prefill"
)

// Error is a config field that cannot be read: missing, contradictory or
// not modelled. Its text is one line naming the field, with an example.
type Error struct {
	File    string // the file: "" for config.json, or QuantFile
	Field   string // the JSON key: "num_key_value_heads"
	Message string // what is wrong
	Example string // a valid line of config.json: `"num_key_value_heads": 8`
}

func (e *Error) Error() string {
	s := "config.json"
	if e.File != "" {
		s = e.File
	}
	if e.Field != "" {
		s += " field " + breakeven.Quote(e.Field)
	}
	s += ": " + e.Message
	if e.Example != "" {
		s += " (e.g. " + e.Example + ")"
	}
	return s
}

func bad(field, example, format string, args ...any) *Error {
	return &Error{Field: field, Message: fmt.Sprintf(format, args...), Example: example}
}

// Config is a model as its config.json describes it.
type Config struct {
	// Name is the config's _name_or_path, if it states one: a Hugging
	// Face repository ("Qwen/Qwen3-32B") as written, a local directory
	// ("/opt/ckpts/Llama-3.1-70B-Instruct/") by its last element.
	Name string
	// ModelType is the config's model_type (of text_config if nested).
	ModelType string
	// Family says how the model caches, as a person would: "GQA", "MHA",
	// "MLA", "sliding window + full", "chunked + global",
	// "hybrid: linear attention + GQA"; ", MoE" is appended for a
	// mixture of experts.
	Family string
	// Arch is the cache architecture; Arch.Element is set only when the
	// config states a KV-cache type (zero otherwise: the caller's default).
	Arch breakeven.Architecture
	// Attention is the prefill FLOP model's attention layers.
	Attention []prefill.AttentionGroup
	// TotalParams counts every weight matrix of the language model:
	// embeddings, the output head unless tied, attention, MLP or experts
	// (norms, biases and multi-token-prediction layers left out).
	// ActiveParams counts what one token multiplies through: TotalParams
	// less the input embedding table and the experts not routed to.
	TotalParams, ActiveParams float64
	// Context is max_position_embeddings.
	Context breakeven.Tokens
	// Hidden is hidden_size; MoELayers counts the layers whose MLP is a
	// mixture of experts and ExpertsPerToken is num_experts_per_tok (both
	// zero for a dense model): the shape the prefill's communication
	// time needs.
	Hidden, MoELayers, ExpertsPerToken int
	// Head is the untied output head's parameters (0 where tied).
	Head float64
	// Weights is how the checkpoint stores its weights, a byte count
	// averaged over all of them, where quantization_config says so in a
	// form read (raw.weights: fp8, gpt-oss's mxfp4 experts, Kimi K2.5's
	// compressed-tensors experts); zero otherwise, when they are taken
	// as stored in the precision of the matrix products.
	Weights prefill.Weights
	// RoutedParams is the routed experts' parameters over every layer,
	// and RoutedBytes and RestBytes the bytes a weight of them and of
	// the rest take in the checkpoint, for a family whose total the
	// shapes do not give (DeepSeek V4: expert_dtype fp4, the rest fp8);
	// WeightsOf turns them into Weights once a published total is known.
	RoutedParams, RoutedBytes, RestBytes float64
	// Notes are the assumptions made where the config is silent, such as
	// untied embeddings or Llama 4's default NoPE interval.
	Notes []string
	// quantFrom is the file the quantization was read from
	// (quantConfig.From), and quantAlgo its quant_algo; quantStated is
	// set where either file states a quantization or a KV-cache type.
	quantFrom, quantAlgo string
	quantStated          bool
}

// StatesQuantization reports whether the config, or the
// hf_quant_config.json read with it, states a quantization
// (quantization_config) or a KV-cache type (kv_cache_dtype).
func (c Config) StatesQuantization() bool { return c.quantStated }

// WeightsOf returns how the checkpoint stores a model of total
// parameters whose routed experts and the rest are stored apart (Config.
// RoutedParams): zero where the config does not say, or the total is
// not above the routed experts.
func (c Config) WeightsOf(total float64) prefill.Weights {
	if c.RoutedParams <= 0 || c.RoutedBytes <= 0 || c.RestBytes <= 0 || total <= c.RoutedParams {
		return prefill.Weights{}
	}
	return prefill.Weights{Name: "FP4 experts, the rest FP8: the checkpoint's", Bytes: (c.RoutedParams*c.RoutedBytes + (total-c.RoutedParams)*c.RestBytes) / total}
}

// Prefill returns the FLOP model of the config with the given name and
// active parameters (the config's own count, or a published one).
func (c Config) Prefill(name string, active float64) prefill.Model {
	return prefill.Model{Name: name, ActiveParams: active, Attention: slices.Clone(c.Attention),
		Hidden: c.Hidden, MoELayers: c.MoELayers, ExpertsPerToken: c.ExpertsPerToken, Head: c.Head, Checkpoint: c.Weights}
}

// maxParams bounds the parameters the shapes give, as --params is
// bounded: 1000T.
const maxParams = 1e15

// MaxConfigBytes bounds the size of a config read: most real ones are a
// few kilobytes, but a quantized checkpoint's may list every module it
// leaves out (NVIDIA's MiniMax-M3-NVFP4 config is 3.1 MB); a larger input
// is refused before it is parsed.
const MaxConfigBytes = 16 << 20

// raw is the subset of config.json the package reads.
type raw struct {
	NameOrPath string          `json:"_name_or_path"`
	ModelType  string          `json:"model_type"`
	TextConfig json.RawMessage `json:"text_config"`

	HiddenSize   *int `json:"hidden_size"`
	Layers       *int `json:"num_hidden_layers"`
	Heads        *int `json:"num_attention_heads"`
	KVHeads      *int `json:"num_key_value_heads"`
	HeadDim      *int `json:"head_dim"`
	Vocab        *int `json:"vocab_size"`
	Intermediate *int `json:"intermediate_size"`
	DenseMLP     *int `json:"intermediate_size_mlp"`
	// DenseIntermed is the MLP width of a mixture's dense layers where
	// it differs from intermediate_size (MiniMax M3).
	DenseIntermed *int  `json:"dense_intermediate_size"`
	Tie           *bool `json:"tie_word_embeddings"`
	MaxPos        *int  `json:"max_position_embeddings"`

	KVLoraRank *int `json:"kv_lora_rank"`
	QLoraRank  *int `json:"q_lora_rank"`
	QKRope     *int `json:"qk_rope_head_dim"`
	QKNope     *int `json:"qk_nope_head_dim"`
	VHeadDim   *int `json:"v_head_dim"`

	SlidingWindow        *int     `json:"sliding_window"`
	SlidingWindowPattern *int     `json:"sliding_window_pattern"`
	UseSlidingWindow     *bool    `json:"use_sliding_window"`
	MaxWindowLayers      *int     `json:"max_window_layers"`
	LayerTypes           []string `json:"layer_types"`
	ChunkSize            *int     `json:"attention_chunk_size"`
	NoRopeLayers         []int    `json:"no_rope_layers"`
	NoRopeInterval       *int     `json:"no_rope_layer_interval"`

	FullAttentionInterval *int   `json:"full_attention_interval"`
	ConvKernel            *int   `json:"linear_conv_kernel_dim"`
	LinearKeyHeadDim      *int   `json:"linear_key_head_dim"`
	LinearValueHeadDim    *int   `json:"linear_value_head_dim"`
	LinearKeyHeads        *int   `json:"linear_num_key_heads"`
	LinearValueHeads      *int   `json:"linear_num_value_heads"`
	SSMDtype              string `json:"mamba_ssm_dtype"`
	AttnOutputGate        *bool  `json:"attn_output_gate"`

	NumExperts      *int `json:"num_experts"`
	NumLocalExperts *int `json:"num_local_experts"`
	NRoutedExperts  *int `json:"n_routed_experts"`
	ExpertsPerTok   *int `json:"num_experts_per_tok"`
	MoEIntermediate *int `json:"moe_intermediate_size"`
	NSharedExperts  *int `json:"n_shared_experts"`
	SharedIntermed  *int `json:"shared_expert_intermediate_size"`
	FirstKDense     *int `json:"first_k_dense_replace"`
	// moe_layer_freq is a step (DeepSeek-V2: every freq-th layer past
	// first_k_dense_replace) or a list of 0 and 1, one per layer
	// (MiMo-V2-Flash: 1 for a mixture); decode reads it into MoELayerFreq
	// or MoELayerList.
	MoELayerFreqRaw   json.RawMessage `json:"moe_layer_freq"`
	MoELayerFreq      *int            `json:"-"`
	MoELayerList      []int           `json:"-"`
	DecoderSparseStep *int            `json:"decoder_sparse_step"`
	MLPOnlyLayers     []int           `json:"mlp_only_layers"`
	InterleaveMoE     *int            `json:"interleave_moe_layer_step"`
	MoELayers         []int           `json:"moe_layers"`

	// DeepSeek V4: how the checkpoint stores the routed experts.
	ExpertDtype string `json:"expert_dtype"`
	// DeepSeek V4: each layer's compression ratio (0: the sliding
	// window only, 4: CSA, 128: HCA).
	CompressRatios []int `json:"compress_ratios"`
	// Kimi Linear (Kimi K3): which layers are MLA and which Kimi Delta
	// Attention, numbered from 1, and the KDA layers' shape.
	LinearAttn *struct {
		FullAttnLayers []int `json:"full_attn_layers"`
		KDALayers      []int `json:"kda_layers"`
		NumHeads       *int  `json:"num_heads"`
		HeadDim        *int  `json:"head_dim"`
		ShortConv      *int  `json:"short_conv_kernel_size"`
	} `json:"linear_attn_config"`

	// Gemma 4: global (full-attention) layers with KV heads and a head
	// dim of their own, whose value projection may be the key's; a dense
	// MLP beside the routed experts on every layer; and layers sharing
	// another's cache or per-layer input embeddings (Gemma 3n, Gemma 4's
	// smallest models), refused where not zero.
	GlobalKVHeads *int  `json:"num_global_key_value_heads"`
	GlobalHeadDim *int  `json:"global_head_dim"`
	KEqV          *bool `json:"attention_k_eq_v"`
	EnableMoE     *bool `json:"enable_moe_block"`
	TopKExperts   *int  `json:"top_k_experts"`
	KVShared      *int  `json:"num_kv_shared_layers"`
	PerLayerInput *int  `json:"hidden_size_per_layer_input"`
	DoubleWideMLP *bool `json:"use_double_wide_mlp"`

	// Nemotron-H: a pattern of Mamba-2, attention, MLP and MoE layers
	// (hybrid_override_pattern, or layers_block_type's names), the Mamba-2
	// mixers' shape, and the non-gated experts' shared expert and latent
	// width.
	HybridPattern   *string  `json:"hybrid_override_pattern"`
	LayersBlockType []string `json:"layers_block_type"`
	MambaHeads      *int     `json:"mamba_num_heads"`
	MambaHeadDim    *int     `json:"mamba_head_dim"`
	MambaGroups     *int     `json:"n_groups"`
	SSMStateSize    *int     `json:"ssm_state_size"`
	MambaConv       *int     `json:"conv_kernel"`
	SSMCacheDtype   string   `json:"mamba_ssm_cache_dtype"`
	MoESharedInter  *int     `json:"moe_shared_expert_intermediate_size"`
	MoELatent       *int     `json:"moe_latent_size"`
	MLPAct          string   `json:"mlp_hidden_act"`

	// MiMo-V2-Flash: one entry per layer, 0 for full attention and 1 for
	// a sliding window, and the sliding layers' own heads and dims.
	HybridLayerPattern []int `json:"hybrid_layer_pattern"`
	SWAHeads           *int  `json:"swa_num_attention_heads"`
	SWAKVHeads         *int  `json:"swa_num_key_value_heads"`
	SWAHeadDim         *int  `json:"swa_head_dim"`
	SWAVHeadDim        *int  `json:"swa_v_head_dim"`

	// DeciLM (Llama-Nemotron's NAS models): each layer's attention and
	// MLP, either of which may be skipped.
	BlockConfigs []deciBlock `json:"block_configs"`

	IndexTopK    *int     `json:"index_topk"`
	IndexHeadDim *int     `json:"index_head_dim"`
	IndexerTypes []string `json:"indexer_types"`

	// MiniMax Sparse Attention (MiniMax M3): on each layer it marks, an
	// indexer of its own picks each query's top blocks of keys.
	SparseAttn *struct {
		Use        *bool `json:"use_sparse_attention"`
		Freq       []int `json:"sparse_attention_freq"`
		BlockSize  *int  `json:"sparse_block_size"`
		TopKBlocks *int  `json:"sparse_topk_blocks"`
		IndexDim   *int  `json:"sparse_index_dim"`
		IndexHeads *int  `json:"sparse_num_index_heads"`
		InitBlocks *int  `json:"sparse_init_block"`
		LocalBlock *int  `json:"sparse_local_block"`
		NoValue    []int `json:"sparse_disable_index_value"`
	} `json:"sparse_attention_config"`

	KVCacheDtype string       `json:"kv_cache_dtype"`
	Quant        *quantConfig `json:"quantization_config"`
}

// quantConfig is config.json's quantization_config, or the
// "quantization" object of NVIDIA ModelOpt's hf_quant_config.json beside
// it (QuantFile, read by ParseWithQuant), which a checkpoint whose
// config.json has none keeps its quantization in.
type quantConfig struct {
	KVCacheScheme    *kvScheme `json:"kv_cache_scheme"`
	KVCacheQuantAlgo *string   `json:"kv_cache_quant_algo"`
	QuantMethod      string    `json:"quant_method"`
	// QuantAlgo is NVIDIA ModelOpt's name for the scheme ("FP8",
	// "NVFP4"), with quant_method "modelopt" or, in its older
	// exports, no quant_method at all.
	QuantAlgo    string   `json:"quant_algo"`
	NotConverted []string `json:"modules_to_not_convert"`
	// compressed-tensors: groups of layers with their weights'
	// quantization, and the modules left out.
	Groups map[string]struct {
		Targets []string `json:"targets"`
		Weights *struct {
			NumBits   int    `json:"num_bits"`
			Type      string `json:"type"`
			Strategy  string `json:"strategy"`
			GroupSize int    `json:"group_size"`
		} `json:"weights"`
	} `json:"config_groups"`
	Ignore []string `json:"ignore"`
	// GroupSize is hf_quant_config.json's group_size (its NVFP4 scale
	// block), which config.json states per group in config_groups.
	GroupSize int `json:"-"`
	// From names the file the quantization was read from, for notes and
	// errors: QuantFile when read from it, else "" (config.json).
	From string `json:"-"`
}

// unmodelled are fields that change the cache or the weights in a way
// this package does not compute, with the family that has them: a config
// that sets one is refused, never read without it.
var unmodelled = []struct{ field, what string }{}

// Parse reads a config.json.
func Parse(data []byte) (Config, error) { return ParseWithQuant(data, nil) }

// QuantFile is the file NVIDIA ModelOpt writes a checkpoint's
// quantization to, beside its config.json.
const QuantFile = "hf_quant_config.json"

// ParseWithQuant reads a config.json and, where quant is not nil, the
// hf_quant_config.json beside it: NVIDIA ModelOpt's checkpoints keep
// their quantization there (quant_algo, kv_cache_quant_algo, group_size,
// exclude_modules), and many have none in config.json, which alone reads
// as BF16 weights and a 16-bit cache. Its "quantization" is read as
// config.json's quantization_config with quant_method "modelopt" would
// be (exclude_modules as ignore), and a note says so. Where config.json
// has a quantization_config of its own, that is read and quant is not
// (a note says so too).
func ParseWithQuant(data, quant []byte) (Config, error) {
	var q *quantConfig
	if quant != nil {
		var err error
		if q, err = parseQuantFile(quant); err != nil {
			return Config{}, err
		}
	}
	c, err := parseConfig(data, q)
	if err != nil {
		return Config{}, err
	}
	switch {
	case q == nil:
	case c.quantFrom == QuantFile:
		c.Notes = append(c.Notes, quantNote(q))
	case !strings.EqualFold(c.quantAlgo, q.QuantAlgo):
		// ModelOpt's newer exports write the scheme in both files; a
		// note only where they differ.
		c.Notes = append(c.Notes, fmt.Sprintf("the quantization is config.json's quantization_config; the %s beside it, which says quant_algo %s, is not read", QuantFile, breakeven.Quote(q.QuantAlgo)))
	}
	return c, nil
}

// quantNote says what of hf_quant_config.json was read.
func quantNote(q *quantConfig) string {
	algo, kv := "none", "not stated"
	if q.QuantAlgo != "" {
		algo = q.QuantAlgo
	}
	if q.KVCacheQuantAlgo != nil && *q.KVCacheQuantAlgo != "" {
		kv = *q.KVCacheQuantAlgo
	}
	return fmt.Sprintf("quantization read from the %s beside config.json (NVIDIA ModelOpt's): quant_algo %s, kv_cache_quant_algo %s", QuantFile, algo, kv)
}

// parseQuantFile reads hf_quant_config.json's "quantization" object.
func parseQuantFile(data []byte) (*quantConfig, error) {
	badq := func(field, example, format string, args ...any) *Error {
		e := bad(field, example, format, args...)
		e.File = QuantFile
		return e
	}
	if len(data) > MaxConfigBytes {
		return nil, badq("", "", "file of %d bytes is too large (at most %d)", len(data), MaxConfigBytes)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var f struct {
		Quant *struct {
			Algo     *string  `json:"quant_algo"`
			KV       *string  `json:"kv_cache_quant_algo"`
			Group    *int     `json:"group_size"`
			Excluded []string `json:"exclude_modules"`
		} `json:"quantization"`
	}
	const example = `"quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8"}`
	if err := json.Unmarshal(data, &f); err != nil {
		var te *json.UnmarshalTypeError
		if errorsAs(err, &te) && te.Field != "" {
			want := map[reflect.Kind]string{reflect.String: "a string", reflect.Slice: "a list", reflect.Int: "a whole number"}[te.Type.Kind()]
			if want == "" {
				want = "an object"
			}
			return nil, badq(te.Field, example, "is a %s where %s belongs", te.Value, want)
		}
		return nil, badq("", example, "not a JSON object (%v)", err)
	}
	if f.Quant == nil {
		return nil, badq("quantization", example, "missing")
	}
	q := &quantConfig{KVCacheQuantAlgo: f.Quant.KV, Ignore: f.Quant.Excluded, From: QuantFile}
	if a := f.Quant.Algo; a != nil {
		q.QuantAlgo = *a
	}
	if g := f.Quant.Group; g != nil {
		if err := breakeven.CheckWhole(*g, 1, 1<<20); err != nil {
			return nil, badq("quantization.group_size", `"group_size": 16`, "%v", err)
		}
		q.GroupSize = *g
	}
	return q, nil
}

// parseConfig reads a config.json, with quant (hf_quant_config.json's, or nil)
// where it has no quantization_config.
func parseConfig(data []byte, quant *quantConfig) (Config, error) {
	if len(data) > MaxConfigBytes {
		return Config{}, bad("", "", "file of %d bytes is too large for a config (at most %d)", len(data), MaxConfigBytes)
	}
	// A byte-order mark, as some editors write, is skipped, as the claims
	// reader skips one.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !json.Valid(data) {
		// Python's json writes float('inf') and float('nan') as bare
		// Infinity and NaN (Nemotron-H's time_step_limit): read as null,
		// as aiconfigurator reads them; no field this package uses holds
		// one.
		if fixed := nullNonFinite(data); json.Valid(fixed) {
			data = fixed
		}
	}
	var top raw
	if err := decode(data, &top); err != nil {
		return Config{}, err
	}
	r := top
	body := data
	if top.TextConfig != nil && !bytes.Equal(bytes.TrimSpace(top.TextConfig), []byte("null")) {
		body = top.TextConfig
		if !bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")) {
			return Config{}, bad("text_config", `"text_config": {"num_hidden_layers": 48, ...}`, "not an object")
		}
		r = raw{}
		if err := decode(body, &r); err != nil {
			return Config{}, err
		}
		// Fields a multimodal config keeps at its top level.
		if r.Tie == nil {
			r.Tie = top.Tie
		}
		if r.NameOrPath == "" {
			r.NameOrPath = top.NameOrPath
		}
		if r.Quant == nil {
			r.Quant = top.Quant
		}
		if r.KVCacheDtype == "" {
			r.KVCacheDtype = top.KVCacheDtype
		}
	}
	for _, u := range unmodelled {
		if present(body, u.field) {
			return Config{}, bad(u.field, "", "%s not modelled; give the architecture by hand (--layers, --kv-heads, --head-dim)", u.what)
		}
	}
	if r.Quant == nil && quant != nil {
		r.Quant = quant
	}
	c, err := r.config()
	if err == nil && r.Quant != nil {
		c.quantFrom, c.quantAlgo = r.Quant.From, r.Quant.QuantAlgo
	}
	c.quantStated = r.Quant != nil || r.KVCacheDtype != ""
	return c, err
}

// present reports whether a top-level key of obj is set to a non-null
// value. It is called only on a decoded object, for a handful of keys.
func present(obj []byte, key string) bool {
	if !bytes.Contains(obj, []byte(`"`+key+`"`)) {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return false
	}
	v, ok := m[key]
	return ok && !bytes.Equal(bytes.TrimSpace(v), []byte("null"))
}

// nullNonFinite returns data with Python's bare non-finite floats
// (Infinity, -Infinity, NaN) outside strings written as null. (No
// regexp: the page's WebAssembly module links none.)
func nullNonFinite(data []byte) []byte {
	out := make([]byte, 0, len(data))
	inString, escaped := false, false
	word := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	}
	for i := 0; i < len(data); i++ {
		b := data[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
			out = append(out, b)
			continue
		}
		if b == '"' {
			inString = true
			out = append(out, b)
			continue
		}
		if i == 0 || !word(data[i-1]) {
			n := 0
			switch {
			case bytes.HasPrefix(data[i:], []byte("-Infinity")):
				n = len("-Infinity")
			case bytes.HasPrefix(data[i:], []byte("Infinity")):
				n = len("Infinity")
			case bytes.HasPrefix(data[i:], []byte("NaN")):
				n = len("NaN")
			}
			if n > 0 && (i+n == len(data) || !word(data[i+n])) {
				out = append(out, "null"...)
				i += n - 1
				continue
			}
		}
		out = append(out, b)
	}
	return out
}

func decode(data []byte, r *raw) error {
	if err := json.Unmarshal(data, r); err != nil {
		var te *json.UnmarshalTypeError
		if errorsAs(err, &te) && te.Field != "" {
			if te.Type.Kind() == reflect.Int && strings.HasPrefix(te.Value, "number") {
				// Too large for an integer, or a fraction.
				return bad(te.Field, example(te.Field), "%s: not a whole number in digits from 0 to %s", strings.TrimPrefix(te.Value, "number "), breakeven.GroupThousands(float64(bound(te.Field)), 0))
			}
			want := "a number"
			switch te.Type.Kind() {
			case reflect.Bool:
				want = "true or false"
			case reflect.Slice:
				want = "a list"
			case reflect.String:
				want = "a string"
			case reflect.Struct, reflect.Pointer, reflect.Map:
				want = "an object"
			}
			return bad(te.Field, "", "is a %s where %s belongs", te.Value, want)
		}
		return bad("", `{"num_hidden_layers": 80, ...}`, "not a JSON object (%v)", err)
	}
	if err := r.moeLayerFreq(); err != nil {
		return err
	}
	return r.inRange()
}

// moeLayerFreq reads moe_layer_freq, a whole number or a list of 0 and
// 1, one per layer, into MoELayerFreq or MoELayerList.
func (r *raw) moeLayerFreq() error {
	b := bytes.TrimSpace(r.MoELayerFreqRaw)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return nil
	}
	const field, line = "moe_layer_freq", `"moe_layer_freq": 1 (or one 0 or 1 per layer: [0, 1, 1, ...])`
	if b[0] == '[' {
		var list []int
		if err := json.Unmarshal(b, &list); err != nil {
			return bad(field, line, "a list of other than whole numbers")
		}
		for i, x := range list {
			if x != 0 && x != 1 {
				return bad(field, line, "layer %d is %d; a list holds 0 (a dense MLP) or 1 (a mixture of experts) per layer", i, x)
			}
		}
		r.MoELayerList = list
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return bad(field, line, "%s: neither a whole number nor a list", abbreviate(string(b)))
	}
	if err := breakeven.CheckWhole(n, 0, breakeven.MaxDim); err != nil {
		return bad(field, line, "%v", err)
	}
	r.MoELayerFreq = &n
	return nil
}

// tokenFields are the fields that count tokens, bounded as --tokens is;
// every other whole number of a config is a count or a width, bounded by
// breakeven.MaxDim as the architecture flags are.
var tokenFields = map[string]bool{"max_position_embeddings": true, "sliding_window": true, "attention_chunk_size": true, "index_topk": true}

// bound is the largest value a whole-number field may take.
func bound(field string) int {
	if tokenFields[field] {
		return int(breakeven.TokensSpan.Hi)
	}
	return breakeven.MaxDim
}

// examples are valid lines for the fields most often mistyped.
var examples = map[string]string{
	"num_hidden_layers": `"num_hidden_layers": 80`, "hidden_size": `"hidden_size": 8192`,
	"num_attention_heads": `"num_attention_heads": 64`, "num_key_value_heads": `"num_key_value_heads": 8`,
	"head_dim": `"head_dim": 128`, "vocab_size": `"vocab_size": 128256`,
	"intermediate_size": `"intermediate_size": 28672`, "max_position_embeddings": `"max_position_embeddings": 131072`,
	"sliding_window": `"sliding_window": 4096`, "kv_lora_rank": `"kv_lora_rank": 512`,
}

// example is a valid line of config.json for field.
func example(field string) string {
	if e, ok := examples[field]; ok {
		return e
	}
	return fmt.Sprintf("%q: %d", field, min(bound(field), 128))
}

// inRange checks every whole number read against its bound, with the
// check the flags use (breakeven.CheckWhole), before any is multiplied.
func (r *raw) inRange() error {
	v := reflect.ValueOf(r).Elem()
	t := v.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		f := v.Field(i)
		var vals []int
		switch {
		case f.Kind() == reflect.Pointer && f.Type().Elem().Kind() == reflect.Int && !f.IsNil():
			vals = []int{int(f.Elem().Int())}
		case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Int:
			vals = f.Interface().([]int)
		}
		for _, n := range vals {
			if n < 0 || n > bound(name) {
				return bad(name, example(name), "%v", breakeven.CheckWhole(n, 0, bound(name)))
			}
		}
	}
	if q := r.Quant; q != nil && q.KVCacheScheme != nil {
		if err := breakeven.CheckWhole(q.KVCacheScheme.NumBits, 0, 64); err != nil {
			return bad("num_bits", `"num_bits": 8`, "%v", err)
		}
	}
	return nil
}

func errorsAs(err error, te **json.UnmarshalTypeError) bool {
	t, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*te = t
	}
	return ok
}

// need returns a required positive integer field.
func need(p *int, field, example string) (int, error) {
	if p == nil {
		return 0, bad(field, example, "missing")
	}
	if *p <= 0 {
		return 0, bad(field, example, "%d: need a positive number", *p)
	}
	return *p, nil
}

// or returns *p, or d when p is nil.
func or(p *int, d int) int {
	if p == nil {
		return d
	}
	return *p
}

// Layer kinds, as layer_types names them.
const (
	full    = "full_attention"
	sliding = "sliding_attention"
	chunked = "chunked_attention"
	linear  = "linear_attention"
	dsa     = "deepseek_sparse_attention"
)

func (r raw) config() (Config, error) {
	c := Config{Name: displayName(r.NameOrPath), ModelType: r.ModelType}
	pattern, nemotron, err := r.nemotronPattern()
	if err != nil {
		return c, err
	}
	if nemotron && r.Layers == nil {
		// Nemotron 3 Ultra states no num_hidden_layers: its layer list
		// gives them.
		n := len(pattern)
		r.Layers = &n
	}
	layers, err := need(r.Layers, "num_hidden_layers", `"num_hidden_layers": 80`)
	if err != nil {
		return c, err
	}
	hidden, err := need(r.HiddenSize, "hidden_size", `"hidden_size": 8192`)
	if err != nil {
		return c, err
	}
	heads, err := need(r.Heads, "num_attention_heads", `"num_attention_heads": 64`)
	if err != nil {
		return c, err
	}
	vocab, err := need(r.Vocab, "vocab_size", `"vocab_size": 128256`)
	if err != nil {
		return c, err
	}
	if r.MaxPos != nil {
		n, err := need(r.MaxPos, "max_position_embeddings", `"max_position_embeddings": 131072`)
		if err != nil {
			return c, err
		}
		c.Context = breakeven.Tokens(n)
	}

	if r.CompressRatios != nil {
		return r.compressed(c, layers, hidden, heads, vocab)
	}
	if nemotron {
		return r.nemotronH(c, pattern, layers, hidden, heads, vocab)
	}
	if r.BlockConfigs != nil {
		return r.deciLM(c, layers, hidden, heads, vocab)
	}
	if err := r.gemmaRefusals(); err != nil {
		return c, err
	}
	kinds, err := r.layerKinds(layers)
	if err != nil {
		return c, err
	}
	mla := r.KVLoraRank != nil
	if !mla {
		for _, f := range []struct {
			p    *int
			name string
		}{{r.QKRope, "qk_rope_head_dim"}, {r.QKNope, "qk_nope_head_dim"}, {r.QLoraRank, "q_lora_rank"}} {
			if f.p != nil {
				return c, bad(f.name, `"kv_lora_rank": 512`, "an MLA dim without kv_lora_rank; give the latent rank too, or leave the MLA dims out")
			}
		}
	}
	if !slices.Contains(kinds, linear) && (r.LinearValueHeads != nil || r.ConvKernel != nil) {
		return c, bad("linear_num_value_heads", `"full_attention_interval": 4`, "linear-attention dims but no linear layers; give layer_types or full_attention_interval")
	}
	var kv, hd int
	var g attnShape
	if mla {
		if g, err = r.mlaShape(heads); err != nil {
			return c, err
		}
		if slices.ContainsFunc(kinds, func(k string) bool { return k != full && (k != linear || r.LinearAttn == nil) }) {
			return c, bad("layer_types", `"layer_types": ["full_attention", ...]`, "windowed or linear layers with MLA (kv_lora_rank) are not modelled")
		}
	} else {
		if kv, hd, err = r.gqaDims(&c, heads, hidden); err != nil {
			return c, err
		}
		v := hd
		if r.VHeadDim != nil {
			// Keys and values of their own widths (MiMo-V2-Flash).
			if v, err = need(r.VHeadDim, "v_head_dim", `"v_head_dim": 128`); err != nil {
				return c, err
			}
		}
		g = r.gqaShape(hidden, heads, kv, hd, v)
	}
	sw, err := r.slidingShape(g, mla, kinds, hidden, heads, kv, hd)
	if err != nil {
		return c, err
	}
	// The full-attention layers' shape: g, unless they are Gemma 4's
	// global layers, with KV heads and a head dim of their own.
	gkv, ghd, gparams, err := r.globalShape(mla, heads, kv, hd, hidden, g.params)
	if err != nil {
		return c, err
	}

	// The cache and FLOP groups, one per kind of layer.
	var window int
	var linearState breakeven.Bytes
	var linParams float64
	counts := map[string]int{}
	for _, k := range kinds {
		counts[k]++
	}
	if counts[sliding] > 0 {
		if window, err = need(r.SlidingWindow, "sliding_window", `"sliding_window": 4096`); err != nil {
			return c, err
		}
	}
	var chunk int
	if counts[chunked] != 0 {
		if chunk, err = need(r.ChunkSize, "attention_chunk_size", `"attention_chunk_size": 8192`); err != nil {
			return c, err
		}
	}
	if counts[linear] != 0 {
		if r.LinearAttn != nil {
			linearState, err = r.kdaLayer()
		} else {
			linearState, linParams, err = r.linearLayer(hidden)
		}
		if err != nil {
			return c, err
		}
	}
	for _, k := range []string{full, sliding, chunked, linear} {
		n := counts[k]
		if n == 0 {
			continue
		}
		w := map[string]int{sliding: window, chunked: chunk}[k]
		switch {
		case k == linear:
			c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.Linear, Layers: n, StateBytes: linearState})
		case mla:
			c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.MLA, Layers: n, LatentDim: *r.KVLoraRank, RopeDim: *r.QKRope})
			c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: n, QueryHeads: heads, QKDim: g.qk, VDim: g.v})
		case k == full && (gkv != kv || ghd != hd):
			c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.GQA, Layers: n, KVHeads: gkv, HeadDim: ghd})
			c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: n, QueryHeads: heads, QKDim: ghd, VDim: ghd})
		case k == sliding:
			c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.GQA, Layers: n, KVHeads: sw.kv, HeadDim: sw.qk, VDim: valueDim(sw), Window: w})
			c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: n, QueryHeads: sw.heads, QKDim: sw.qk, VDim: sw.v, Window: w})
		default:
			c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.GQA, Layers: n, KVHeads: kv, HeadDim: hd, VDim: valueDim(g), Window: w})
			c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: n, QueryHeads: heads, QKDim: g.qk, VDim: g.v, Window: w})
		}
	}
	if err := r.indexer(&c, mla, layers); err != nil {
		return c, err
	}
	if err := r.msa(&c, mla, kinds); err != nil {
		return c, err
	}
	if err := r.checkArch(&c); err != nil {
		return c, err
	}

	if r.LinearAttn != nil {
		// Kimi Linear's KDA projections, latent experts and gated MLA
		// have weights the shapes below do not count: no parameters, so
		// no FLOP model and no memory check, rather than a wrong count.
		c.Hidden = hidden
		c.Attention = nil
		c.Family = "hybrid: Kimi Delta Attention + " + map[bool]string{true: "MLA", false: "GQA"}[mla] + r.moeSuffix()
		c.Notes = append(c.Notes, fmt.Sprintf("%d full-attention layers grow with the prompt; %d Kimi Delta Attention layers hold a fixed state (vLLM's layout: the recurrent state in float32, the short convolution's last %d inputs at 16 bits); parameters not counted (the KDA projections and latent experts are not modelled), so the prefill cannot be estimated from the shapes", counts[full], counts[linear], *r.LinearAttn.ShortConv-1))
		return c, nil
	}

	// Parameters.
	moe, err := r.experts(layers, hidden)
	if err != nil {
		return c, err
	}
	c.Hidden = hidden
	if moe.any {
		c.ExpertsPerToken = moe.perTok
		for i := range layers {
			if moe.isMoE(i) {
				c.MoELayers++
			}
		}
	}
	r.embeddings(&c, vocab, hidden)
	parts := weightParts{kept: c.TotalParams, layers: layers, isMoE: func(int) bool { return false }} // kept: the embedding and the output head
	if moe.any {
		parts.isMoE = moe.isMoE
	}
	for i, k := range kinds {
		a := g.params
		switch k {
		case linear:
			a = linParams
		case full:
			a = gparams
		case sliding:
			a = sw.params
		}
		total, active := moe.layer(i)
		c.TotalParams += a + total
		c.ActiveParams += a + active
		if moe.any && moe.isMoE(i) {
			parts.routed += moe.routed
			parts.kept += moe.gate
		} else {
			parts.denseMLP += total
		}
	}
	if err := r.checkWeights(&c, parts); err != nil {
		return c, err
	}
	c.Family = family(kinds, mla, kv, heads, moe.any)
	if r.IndexTopK != nil {
		c.Family = strings.Replace(c.Family, "MLA", "MLA with a sparse indexer", 1)
	}
	if r.sparseOn() {
		c.Family = strings.Replace(c.Family, "GQA", "GQA with a block-sparse indexer", 1)
	}
	return c, nil
}

// indexer adds a sparse-attention indexer (DeepSeek V3.2's DSA, GLM-5.2):
// its key cache, index_head_dim numbers per token on each layer with an
// indexer of its own (those indexer_types marks "full", or every layer
// when indexer_types is absent), and the sparse attention's FLOPs, each
// query scoring at most index_topk keys.
func (r raw) indexer(c *Config, mla bool, layers int) error {
	if r.IndexTopK == nil {
		if r.IndexHeadDim != nil || r.IndexerTypes != nil {
			return bad("index_topk", `"index_topk": 2048`, "indexer fields without index_topk; give the keys each query keeps, or leave the indexer fields out")
		}
		return nil
	}
	if !mla {
		return bad("index_topk", `"kv_lora_rank": 512`, "a sparse-attention indexer without MLA (kv_lora_rank) is not modelled")
	}
	if *r.IndexTopK <= 0 {
		return bad("index_topk", `"index_topk": 2048`, "%d: need a positive number of keys", *r.IndexTopK)
	}
	dim, err := need(r.IndexHeadDim, "index_head_dim", `"index_head_dim": 128`)
	if err != nil {
		return err
	}
	if dim <= 0 {
		return bad("index_head_dim", `"index_head_dim": 128`, "%d: need a positive number", dim)
	}
	n := layers
	if r.IndexerTypes != nil {
		if len(r.IndexerTypes) != layers {
			return bad("indexer_types", `"indexer_types": ["full", "shared", ...]`, "%d entries for %d layers", len(r.IndexerTypes), layers)
		}
		n = 0
		for _, t := range r.IndexerTypes {
			switch t {
			case "full":
				n++
			case "shared":
			default:
				return bad("indexer_types", `"indexer_types": ["full", "shared", ...]`, "unknown type %s (valid: full, shared)", breakeven.Quote(t))
			}
		}
		if n == 0 {
			return bad("indexer_types", `"indexer_types": ["full", "shared", ...]`, "no layer has an indexer of its own (full)")
		}
	}
	c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.Indexer, Layers: n, HeadDim: dim})
	for i := range c.Attention {
		c.Attention[i].Window = *r.IndexTopK
	}
	c.Notes = append(c.Notes, fmt.Sprintf("a sparse-attention indexer: its key cache (%d numbers per token on %d of %d layers) is counted in FP8 with its scales, whatever the KV element type; attention FLOPs count at most index_topk %d keys per query, the indexer's own scoring and projections left out", dim, n, layers, *r.IndexTopK))
	return nil
}

// sparseOn reports whether sparse_attention_config turns MiniMax Sparse
// Attention on.
func (r raw) sparseOn() bool {
	return r.SparseAttn != nil && r.SparseAttn.Use != nil && *r.SparseAttn.Use
}

// msa adds MiniMax Sparse Attention (MiniMax M3; MiniMax-AI/MSA): on each
// layer sparse_attention_freq marks, an indexer of sparse_num_index_heads
// query heads and one key head of sparse_index_dim numbers scores every
// block of sparse_block_size keys and picks sparse_topk_blocks of them
// (the query's own block among them), over which the GQA attention runs.
// The cache keeps every token's keys and values as before, plus the
// indexer's key: one of sparse_index_dim numbers per token and sparse
// layer, in BF16 whatever the KV element type (SGLang's MiniMax M3 pool
// keeps it in the model's type; the index projection packs the query
// heads plus one key head, and no value where sparse_disable_index_value
// is 1, as aiconfigurator's MSA collector checks: sources.AICConfigs).
// The attention FLOPs count at most topk x block keys per query on those
// layers; the config's other layers attend in full.
func (r raw) msa(c *Config, mla bool, kinds []string) error {
	sa := r.SparseAttn
	if sa == nil {
		return nil
	}
	const f = "sparse_attention_config."
	if sa.Use == nil {
		return bad(f+"use_sparse_attention", `"use_sparse_attention": true`, "missing: say whether the block-sparse attention is on")
	}
	if !*sa.Use {
		c.Notes = append(c.Notes, "sparse_attention_config states use_sparse_attention false: every layer attends in full and no indexer is cached")
		return nil
	}
	if mla || slices.ContainsFunc(kinds, func(k string) bool { return k != full }) {
		return bad(f+"use_sparse_attention", `"use_sparse_attention": false`, "block-sparse attention with MLA, windowed or linear layers is not modelled (MiniMax M3's is on GQA layers that attend in full)")
	}
	layers := len(kinds)
	perLayer := func(list []int, field string) (int, error) {
		example := fmt.Sprintf(`%q: [0, 0, 0, 1, 1, ...]`, field)
		if list == nil {
			return 0, bad(f+field, example, "missing: give a 0 or 1 for each of the %d layers", layers)
		}
		if len(list) != layers {
			return 0, bad(f+field, example, "%d entries for %d layers", len(list), layers)
		}
		n := 0
		for i, x := range list {
			if x != 0 && x != 1 {
				return 0, bad(f+field, example, "layer %d is %d: need 0 or 1", i, x)
			}
			n += x
		}
		return n, nil
	}
	n, err := perLayer(sa.Freq, "sparse_attention_freq")
	if err != nil {
		return err
	}
	if n == 0 {
		return bad(f+"sparse_attention_freq", `"sparse_attention_freq": [0, 0, 0, 1, 1, ...]`, "no layer is sparse (1)")
	}
	// The indexer keeps keys alone (its value path off, 1) on every
	// sparse layer, as MiniMax M3's does; one that keeps values too is
	// not modelled.
	if _, err := perLayer(sa.NoValue, "sparse_disable_index_value"); err != nil {
		return err
	}
	for i, x := range sa.Freq {
		if x == 1 && sa.NoValue[i] != 1 {
			return bad(f+"sparse_disable_index_value", `"sparse_disable_index_value": [0, 0, 0, 1, 1, ...]`, "layer %d is sparse but its indexer keeps values (0): an indexer value path is not modelled", i)
		}
	}
	pos := func(p *int, field, example string) (int, error) {
		v, err := need(p, f+field, example)
		if err == nil && v <= 0 {
			err = bad(f+field, example, "%d: need a positive number", v)
		}
		return v, err
	}
	block, err := pos(sa.BlockSize, "sparse_block_size", `"sparse_block_size": 128`)
	if err != nil {
		return err
	}
	topk, err := pos(sa.TopKBlocks, "sparse_topk_blocks", `"sparse_topk_blocks": 16`)
	if err != nil {
		return err
	}
	dim, err := pos(sa.IndexDim, "sparse_index_dim", `"sparse_index_dim": 128`)
	if err != nil {
		return err
	}
	if _, err := pos(sa.IndexHeads, "sparse_num_index_heads", `"sparse_num_index_heads": 4`); err != nil {
		return err
	}
	// What MiniMax M3 sets, and nothing whose cost this package would
	// have to guess: no attention-sink blocks beyond the top ones, the
	// query's own block counted among them.
	if sa.InitBlocks != nil && *sa.InitBlocks != 0 {
		return bad(f+"sparse_init_block", `"sparse_init_block": 0`, "%d: initial blocks kept beside the top ones are not modelled", *sa.InitBlocks)
	}
	if sa.LocalBlock != nil && *sa.LocalBlock > 1 {
		return bad(f+"sparse_local_block", `"sparse_local_block": 1`, "%d: more than the query's own block kept beside the top ones is not modelled", *sa.LocalBlock)
	}
	keys := topk * block
	for i := range c.Attention {
		if g := c.Attention[i]; g.Window == 0 && g.Layers == layers {
			if n < layers {
				g.Layers = layers - n
				c.Attention = append(c.Attention, g)
			}
			c.Attention[i].Layers, c.Attention[i].Window = n, keys
			break
		}
	}
	c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.Indexer, Layers: n, HeadDim: dim, IndexBits: 16})
	c.Notes = append(c.Notes, fmt.Sprintf("MiniMax Sparse Attention on %d of %d layers: each query attends to at most its top %d blocks of %d keys (%d keys, its own block among them); the indexer keeps one key of %d numbers per token on those layers, in BF16 whatever the KV element type, as SGLang keeps it; the indexer's scoring of every block and its projections are left out of the FLOPs and parameters", n, layers, topk, block, keys, dim))
	return nil
}

// gemmaRefusals refuses the Gemma fields that change the cache or the
// weights in a way the package does not compute, where they are set to
// anything but their plain value (Gemma 4's larger configs state each as
// 0 or false).
func (r raw) gemmaRefusals() error {
	if r.KVShared != nil && *r.KVShared > 0 {
		return bad("num_kv_shared_layers", `"num_kv_shared_layers": 0`, "%d: layers sharing another layer's KV cache (Gemma 3n) is not modelled; give the architecture by hand (--layers, --kv-heads, --head-dim)", *r.KVShared)
	}
	if r.PerLayerInput != nil && *r.PerLayerInput > 0 {
		return bad("hidden_size_per_layer_input", `"hidden_size_per_layer_input": 0`, "%d: per-layer input embeddings (Gemma 3n, Gemma 4's smallest models) are not modelled; give the architecture by hand (--layers, --kv-heads, --head-dim)", *r.PerLayerInput)
	}
	if r.DoubleWideMLP != nil && *r.DoubleWideMLP {
		return bad("use_double_wide_mlp", `"use_double_wide_mlp": false`, "a double-wide MLP is not modelled; give the architecture by hand (--layers, --kv-heads, --head-dim)")
	}
	return nil
}

// globalShape returns the KV heads, head dim and attention parameters of
// the full-attention layers: those of every layer (kv, hd, params),
// unless the config gives global layers their own (Gemma 4's
// num_global_key_value_heads and global_head_dim). Gemma 4's
// attention_k_eq_v drops a global layer's value projection, its value
// being its key's projection; the cache keeps both, since the key is
// normed and rotated before it is stored and the value is not
// (aiconfigurator's Gemma 4 model, sources.AICGemma4).
func (r raw) globalShape(mla bool, heads, kv, hd, hidden int, params float64) (int, int, float64, error) {
	if r.GlobalKVHeads == nil && r.GlobalHeadDim == nil && (r.KEqV == nil || !*r.KEqV) {
		return kv, hd, params, nil
	}
	if mla {
		return 0, 0, 0, bad("global_head_dim", `"kv_lora_rank": 512`, "global-layer dims with MLA (kv_lora_rank) are not modelled")
	}
	if r.VHeadDim != nil {
		// The global layers' values would need a width of their own.
		return 0, 0, 0, bad("v_head_dim", "", "a value width beside global-layer dims (global_head_dim, num_global_key_value_heads, attention_k_eq_v) is not modelled")
	}
	gkv, ghd := kv, hd
	var err error
	if r.GlobalKVHeads != nil {
		if gkv, err = need(r.GlobalKVHeads, "num_global_key_value_heads", `"num_global_key_value_heads": 4`); err != nil {
			return 0, 0, 0, err
		}
		if heads%gkv != 0 {
			return 0, 0, 0, bad("num_global_key_value_heads", fmt.Sprintf(`"num_global_key_value_heads": %d`, gcdDivisor(heads)), "%d does not divide num_attention_heads %d", gkv, heads)
		}
	}
	if r.GlobalHeadDim != nil {
		if ghd, err = need(r.GlobalHeadDim, "global_head_dim", `"global_head_dim": 512`); err != nil {
			return 0, 0, 0, err
		}
	}
	h := float64(hidden)
	kvProj := 2.0
	if r.KEqV != nil && *r.KEqV {
		kvProj = 1
	}
	gate := 1.0
	if r.gated() {
		gate = 2
	}
	return gkv, ghd, gate*h*float64(heads*ghd) + kvProj*h*float64(gkv*ghd) + float64(heads*ghd)*h, nil
}

// gqaDims returns a GQA config's KV heads (num_attention_heads where not
// stated, with a note) and head dim (hidden_size over the heads where not
// stated), each checked.
func (r raw) gqaDims(c *Config, heads, hidden int) (kv, hd int, err error) {
	kv = or(r.KVHeads, heads)
	if kv <= 0 || heads%kv != 0 {
		return 0, 0, bad("num_key_value_heads", fmt.Sprintf(`"num_key_value_heads": %d`, gcdDivisor(heads)), "%d does not divide num_attention_heads %d", kv, heads)
	}
	if r.KVHeads == nil {
		c.Notes = append(c.Notes, fmt.Sprintf("num_key_value_heads not stated: taken as num_attention_heads, %d (multi-head attention, Hugging Face's default); state it if the model shares KV heads", heads))
	}
	hd, err = r.headDim(hidden, heads)
	return kv, hd, err
}

// headDim returns a config's head dim: head_dim, or hidden_size over the
// heads where it is not stated, each checked.
func (r raw) headDim(hidden, heads int) (int, error) {
	if r.HeadDim == nil {
		if hidden%heads != 0 {
			return 0, bad("head_dim", `"head_dim": 128`, "missing, and hidden_size %d is not a multiple of num_attention_heads %d", hidden, heads)
		}
		return hidden / heads, nil
	}
	return need(r.HeadDim, "head_dim", `"head_dim": 128`)
}

// embeddings starts c's parameter counts with the input embedding, held
// but only looked up, and the output head, multiplied through, unless the
// config ties the two (counted as its own matrix where it does not say,
// with a note).
func (r raw) embeddings(c *Config, vocab, hidden int) {
	emb := float64(vocab) * float64(hidden)
	c.TotalParams, c.ActiveParams = emb, 0
	if r.Tie == nil {
		c.Notes = append(c.Notes, "tie_word_embeddings not stated: the output head is counted as its own matrix")
	}
	if r.Tie == nil || !*r.Tie {
		c.TotalParams += emb
		c.ActiveParams += emb
		c.Head = emb
	}
}

// checkArch validates c's cache architecture and sets the KV element type
// the config states.
func (r raw) checkArch(c *Config) error {
	if err := c.Arch.Validate(); err != nil {
		return bad("", "", "%s", strings.TrimPrefix(err.Error(), "breakeven: "))
	}
	el, ok, err := r.kvElement()
	if err != nil {
		return err
	}
	if ok {
		c.Arch.Element = el
	}
	return nil
}

// weightParts are the parameters of the modules a checkpoint may store
// apart from the rest: the routed experts over every MoE layer, the MLPs
// of the layers without experts, and those a quantizer of linear layers
// keeps in BF16 (the embedding, the output head and the routers); zero
// where a family's reader does not count them apart.
//
// isMoE says which of the layers (indices 0 to layers-1) hold routed
// experts, so that an ignore list keeping a whole layer out can be told
// apart; nil where the reader does not say, and then any such list is
// not read.
type weightParts struct {
	routed, denseMLP, kept float64
	layers                 int
	isMoE                  func(i int) bool
}

// keepsLayerOut reports whether list keeps out a whole layer whose
// quantized modules a count by module would put in NVFP4: one of the
// model's layers holding routed experts (experts true) or any of its
// layers (experts false); a layer past the last (a multi-token-prediction
// layer, not counted) does not matter.
func (p weightParts) keepsLayerOut(list []string, experts bool) bool {
	for _, s := range list {
		n, ok := wholeLayer(s)
		switch {
		case !ok:
		case p.isMoE == nil:
			return true
		case n < p.layers && (!experts || p.isMoE(n)):
			return true
		}
	}
	return false
}

// wholeLayer returns N where an ignore entry names a whole layer of the
// model ("model.layers.3*", "model.layers.3.*", "model.layers.3"); a
// layer of a module outside it, such as the multi-token-prediction
// module's "mtp.layers.0*" (Qwen3.5's) or a vision tower's, is not one.
func wholeLayer(entry string) (int, bool) {
	i := strings.LastIndex(entry, "layers.")
	if i < 0 {
		return 0, false
	}
	prefix := strings.ToLower(entry[:i])
	for _, w := range []string{"mtp", "vision", "visual", "audio", "encoder"} {
		if strings.Contains(prefix, w) {
			return 0, false
		}
	}
	rest := entry[i+len("layers."):]
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	if j == 0 || j > 7 || (rest[j:] != "" && rest[j:] != "*" && rest[j:] != ".*") {
		return 0, false
	}
	n := 0
	for _, d := range rest[:j] {
		n = 10*n + int(d-'0')
	}
	return n, true
}

// checkWeights sets how the checkpoint stores c's weights and bounds the
// count as --params is.
func (r raw) checkWeights(c *Config, parts weightParts) error {
	c.Weights, c.Notes = r.weights(c.TotalParams, parts, c.Notes)
	if c.TotalParams > maxParams {
		return bad("vocab_size", "", "the shapes give %.3g parameters, above 1000T, the most --params may be; check vocab_size, hidden_size and the intermediate sizes", c.TotalParams)
	}
	return nil
}

// gated reports whether full-attention layers gate their output with a
// second query-sized projection (Qwen3-Next and Qwen3.5).
func (r raw) gated() bool {
	if r.AttnOutputGate != nil {
		return *r.AttnOutputGate
	}
	return r.ModelType == "qwen3_next"
}

func gcdDivisor(heads int) int {
	for _, d := range []int{8, 4, 2} {
		if heads%d == 0 {
			return d
		}
	}
	return 1
}

type attnShape struct {
	params float64
	qk, v  int
	// kv and heads are a sliding layer's KV and query heads
	// (slidingShape).
	kv, heads int
}

// valueDim is a shape's value dim as a LayerGroup holds it: 0 where it
// is the key's.
func valueDim(a attnShape) int {
	if a.v == a.qk {
		return 0
	}
	return a.v
}

// gqaShape is a GQA layer's shape: its query (and, where the config
// gates the output, gate), key, value and output projections, with keys
// and queries of hd numbers a head and values of v.
func (r raw) gqaShape(hidden, heads, kv, hd, v int) attnShape {
	gate := 1
	if r.gated() {
		gate = 2
	}
	h := float64(hidden)
	return attnShape{
		params: h*float64(heads*hd*gate) + h*float64(kv*hd) + h*float64(kv*v) + float64(heads*v)*h,
		qk:     hd, v: v, kv: kv, heads: heads,
	}
}

// slidingShape is the sliding-window layers' shape: g's, unless the
// config gives them heads or dims of their own (MiMo-V2-Flash's
// swa_num_key_value_heads, swa_head_dim, swa_v_head_dim and
// swa_num_attention_heads), each defaulting to the full layers' value.
func (r raw) slidingShape(g attnShape, mla bool, kinds []string, hidden, heads, kv, hd int) (attnShape, error) {
	own := r.SWAHeads != nil || r.SWAKVHeads != nil || r.SWAHeadDim != nil || r.SWAVHeadDim != nil
	if !own {
		g.kv, g.heads = kv, heads
		return g, nil
	}
	field := map[bool]string{true: "swa_num_key_value_heads", false: "swa_head_dim"}[r.SWAKVHeads != nil]
	if mla {
		return g, bad(field, `"kv_lora_rank": 512`, "sliding-layer dims with MLA (kv_lora_rank) are not modelled")
	}
	if !slices.Contains(kinds, sliding) {
		return g, bad(field, `"hybrid_layer_pattern": [0, 1, 1, 1, 1, 0, ...]`, "sliding-layer dims, but no layer is a sliding window; give the layers (hybrid_layer_pattern or layer_types)")
	}
	var err error
	sh, skv, shd, sv := heads, kv, hd, g.v
	for _, f := range []struct {
		p     *int
		name  string
		to    *int
		typed string
	}{{r.SWAHeads, "swa_num_attention_heads", &sh, `"swa_num_attention_heads": 64`}, {r.SWAKVHeads, "swa_num_key_value_heads", &skv, `"swa_num_key_value_heads": 8`},
		{r.SWAHeadDim, "swa_head_dim", &shd, `"swa_head_dim": 192`}, {r.SWAVHeadDim, "swa_v_head_dim", &sv, `"swa_v_head_dim": 128`}} {
		if f.p != nil {
			if *f.to, err = need(f.p, f.name, f.typed); err != nil {
				return g, err
			}
		}
	}
	if sh%skv != 0 {
		return g, bad("swa_num_key_value_heads", fmt.Sprintf(`"swa_num_key_value_heads": %d`, gcdDivisor(sh)), "%d does not divide the sliding layers' %d query heads", skv, sh)
	}
	return r.gqaShape(hidden, sh, skv, shd, sv), nil
}

func (r raw) mlaShape(heads int) (attnShape, error) {
	lora, err := need(r.KVLoraRank, "kv_lora_rank", `"kv_lora_rank": 512`)
	if err != nil {
		return attnShape{}, err
	}
	if r.QKRope == nil || *r.QKRope < 0 {
		return attnShape{}, bad("qk_rope_head_dim", `"qk_rope_head_dim": 64`, "missing or negative with kv_lora_rank (MLA)")
	}
	nope, err := need(r.QKNope, "qk_nope_head_dim", `"qk_nope_head_dim": 128`)
	if err != nil {
		return attnShape{}, err
	}
	v, err := need(r.VHeadDim, "v_head_dim", `"v_head_dim": 128`)
	if err != nil {
		return attnShape{}, err
	}
	// head_dim, where an MLA config states it, is the rope part
	// (DeepSeek V3), the whole query-key dim, or the no-rope part (GLM-5.2,
	// whose qk_head_dim is the whole).
	if r.HeadDim != nil && *r.HeadDim != *r.QKRope && *r.HeadDim != nope+*r.QKRope && *r.HeadDim != nope {
		return attnShape{}, bad("head_dim", fmt.Sprintf(`"head_dim": %d`, *r.QKRope), "%d contradicts the MLA dims (qk_rope_head_dim %d, qk_nope_head_dim %d)", *r.HeadDim, *r.QKRope, nope)
	}
	hidden := float64(*r.HiddenSize)
	rope := *r.QKRope
	qk := nope + rope
	var q float64
	if r.QLoraRank != nil && *r.QLoraRank != 0 {
		q = hidden*float64(*r.QLoraRank) + float64(*r.QLoraRank)*float64(heads*qk)
	} else {
		q = hidden * float64(heads*qk)
	}
	p := q + hidden*float64(lora+rope) + float64(lora)*float64(heads*(nope+v)) + float64(heads*v)*hidden
	return attnShape{params: p, qk: qk, v: v}, nil
}

// linearLayer returns a Gated DeltaNet layer's state at 16 bits (the
// recurrent state at 32 bits where mamba_ssm_dtype says float32) and its
// parameters:
//
//	recurrent state = value heads x key head dim x value head dim
//	conv state      = conv_dim x kernel, conv_dim = 2 x key heads x key dim + value heads x value dim
//	params          = hidden x (2 key_dim + 2 value_dim + 2 value heads) + conv_dim x kernel + value_dim x hidden
func (r raw) linearLayer(hidden int) (breakeven.Bytes, float64, error) {
	kernel, err := need(r.ConvKernel, "linear_conv_kernel_dim", `"linear_conv_kernel_dim": 4`)
	if err != nil {
		return 0, 0, err
	}
	dk, err := need(r.LinearKeyHeadDim, "linear_key_head_dim", `"linear_key_head_dim": 128`)
	if err != nil {
		return 0, 0, err
	}
	dv, err := need(r.LinearValueHeadDim, "linear_value_head_dim", `"linear_value_head_dim": 128`)
	if err != nil {
		return 0, 0, err
	}
	nk, err := need(r.LinearKeyHeads, "linear_num_key_heads", `"linear_num_key_heads": 16`)
	if err != nil {
		return 0, 0, err
	}
	nv, err := need(r.LinearValueHeads, "linear_num_value_heads", `"linear_num_value_heads": 32`)
	if err != nil {
		return 0, 0, err
	}
	recurrentSize := breakeven.Bytes(2)
	switch r.SSMDtype {
	case "", "bfloat16", "float16":
	case "float32":
		recurrentSize = 4
	default:
		return 0, 0, bad("mamba_ssm_dtype", `"mamba_ssm_dtype": "float32"`, "%s: unknown state type", breakeven.Quote(r.SSMDtype))
	}
	keyDim, valueDim := nk*dk, nv*dv
	conv := 2*keyDim + valueDim
	state := breakeven.Bytes(nv*dk*dv)*recurrentSize + breakeven.Bytes(conv*kernel)*2
	h := float64(hidden)
	params := h*float64(2*keyDim+2*valueDim+2*nv) + float64(conv*kernel) + float64(valueDim)*h
	return state, params, nil
}

// kdaLayer returns a Kimi Delta Attention layer's fixed state, in the
// layout vLLM allocates for it (mamba_utils.py, kda_state_shape and
// kda_state_dtype; sources.VLLMKDAState):
//
//	recurrent state = heads x head dim x head dim, in float32
//	conv state      = 3 x heads x head dim x (kernel - 1), at 16 bits
//
// the convolution keeping the last kernel - 1 inputs of the query, key
// and value projections.
func (r raw) kdaLayer() (breakeven.Bytes, error) {
	la := r.LinearAttn
	heads, err := need(la.NumHeads, "num_heads", `"linear_attn_config": {"num_heads": 96, ...}`)
	if err != nil {
		return 0, err
	}
	dim, err := need(la.HeadDim, "head_dim", `"linear_attn_config": {"head_dim": 128, ...}`)
	if err != nil {
		return 0, err
	}
	kernel, err := need(la.ShortConv, "short_conv_kernel_size", `"linear_attn_config": {"short_conv_kernel_size": 4, ...}`)
	if err != nil {
		return 0, err
	}
	if heads <= 0 || dim <= 0 || kernel <= 0 {
		return 0, bad("linear_attn_config", `"linear_attn_config": {"num_heads": 96, "head_dim": 128, "short_conv_kernel_size": 4, ...}`, "num_heads, head_dim and short_conv_kernel_size must be positive")
	}
	recurrent := breakeven.Bytes(heads*dim*dim) * 4
	conv := breakeven.Bytes(3*heads*dim*(kernel-1)) * 2
	return recurrent + conv, nil
}

// moeSuffix is ", MoE" for a config that states routed experts, for the
// families whose experts are not otherwise read.
func (r raw) moeSuffix() string {
	for _, p := range []*int{r.NRoutedExperts, r.NumExperts, r.NumLocalExperts} {
		if p != nil && *p > 1 {
			return ", MoE"
		}
	}
	return ""
}

// compressedRatios are the compression ratios of DeepSeek V4's layers
// that the cache formula knows, as aiconfigurator's DeepSeek-V4 model
// does (sources.AICConfigsDeepSeekV4): 0 keeps only the sliding window,
// 4 is CSA (compressed entries chosen by an indexer), 128 is HCA.
var compressedRatios = []int{0, 4, 128}

// compressed reads DeepSeek V4's compressed attention: every layer keeps
// its last sliding_window tokens uncompressed, a CSA layer one entry of
// head_dim numbers per 4 tokens and an FP4 indexer key of index_head_dim
// numbers per entry, an HCA layer one entry per 128 tokens; the
// compressors' decode state (float32 buffers of 2 x ratio x head dim,
// twice for CSA, and the CSA indexer's own) is fixed per sequence. This
// is the layout aiconfigurator counts (get_kvcache_bytes_per_sequence).
// compress_ratios may list the multi-token-prediction layers after the
// model's; only the first num_hidden_layers are read.
func (r raw) compressed(c Config, layers, hidden, heads, vocab int) (Config, error) {
	ex := `"compress_ratios": [128, 128, 4, 128, 4, ...]`
	if len(r.CompressRatios) < layers {
		return c, bad("compress_ratios", ex, "lists %d layers but num_hidden_layers is %d", len(r.CompressRatios), layers)
	}
	dim, err := need(r.HeadDim, "head_dim", `"head_dim": 512`)
	if err != nil {
		return c, err
	}
	window, err := need(r.SlidingWindow, "sliding_window", `"sliding_window": 128`)
	if err != nil {
		return c, err
	}
	if dim <= 0 || window <= 0 {
		return c, bad("head_dim", `"head_dim": 512`, "head_dim %d and sliding_window %d must be positive with compress_ratios", dim, window)
	}
	if r.KVLoraRank != nil {
		return c, bad("kv_lora_rank", ex, "MLA with compressed attention is not modelled")
	}
	count := map[int]int{}
	for i, x := range r.CompressRatios[:layers] {
		if !slices.Contains(compressedRatios, x) {
			return c, bad("compress_ratios", ex, "layer %d has ratio %d (known: 0, 4 and 128)", i, x)
		}
		count[x]++
	}
	c.Arch.Groups = []breakeven.LayerGroup{{Attention: breakeven.Compressed, Layers: layers, HeadDim: dim, Ratio: 1, Window: window}}
	var fixed breakeven.Bytes
	for _, x := range compressedRatios[1:] {
		if count[x] == 0 {
			continue
		}
		c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.Compressed, Layers: count[x], HeadDim: dim, Ratio: x})
		coff := 1
		if x == 4 {
			coff = 2
		}
		fixed += breakeven.Bytes(count[x]*2*x*coff*dim) * 4
	}
	if n := count[4]; n > 0 {
		idx, err := need(r.IndexHeadDim, "index_head_dim", `"index_head_dim": 128`)
		if err != nil {
			return c, err
		}
		if idx <= 0 {
			return c, bad("index_head_dim", `"index_head_dim": 128`, "%d: need a positive number", idx)
		}
		c.Arch.Groups = append(c.Arch.Groups, breakeven.LayerGroup{Attention: breakeven.Indexer, Layers: n, HeadDim: idx, Ratio: 4, IndexBits: 4})
		fixed += breakeven.Bytes(n*2*4*2*idx) * 4
	}
	c.Arch.Fixed = fixed
	if err := r.checkArch(&c); err != nil {
		return c, err
	}

	// The attention FLOPs: every query scores its last window tokens; a
	// CSA layer's also its top index_topk entries of one per 4 tokens
	// (at most 4 x index_topk tokens' worth), an HCA layer's every entry
	// of one per 128. An entry of head_dim numbers is each head's key
	// and value. The indexer's own scoring is left out, as for DSA.
	if count[4] > 0 {
		topk, err := need(r.IndexTopK, "index_topk", `"index_topk": 1024`)
		if err != nil {
			return c, err
		}
		if topk <= 0 {
			return c, bad("index_topk", `"index_topk": 1024`, "%d: need a positive number of entries", topk)
		}
		c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: count[4], QueryHeads: heads, QKDim: dim, VDim: dim, Ratio: 4, Window: 4 * topk, Recent: window})
	}
	if count[128] > 0 {
		c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: count[128], QueryHeads: heads, QKDim: dim, VDim: dim, Ratio: 128, Recent: window})
	}
	if count[0] > 0 {
		c.Attention = append(c.Attention, prefill.AttentionGroup{Layers: count[0], QueryHeads: heads, QKDim: dim, VDim: dim, Window: window})
	}
	c.Hidden = hidden
	if r.Tie == nil || !*r.Tie {
		c.Head = float64(vocab) * float64(hidden)
	}
	if r.NRoutedExperts != nil && *r.NRoutedExperts > 1 {
		perTok, err := need(r.ExpertsPerTok, "num_experts_per_tok", `"num_experts_per_tok": 6`)
		if err != nil {
			return c, err
		}
		inter, err := need(r.MoEIntermediate, "moe_intermediate_size", `"moe_intermediate_size": 3072`)
		if err != nil {
			return c, err
		}
		c.MoELayers, c.ExpertsPerToken = layers, perTok
		// gate, up and down projections of every routed expert.
		c.RoutedParams = float64(layers) * float64(*r.NRoutedExperts) * 3 * float64(hidden) * float64(inter)
		if r.ExpertDtype == "fp4" && r.Quant != nil && strings.EqualFold(r.Quant.QuantMethod, "fp8") {
			c.RoutedBytes, c.RestBytes = prefill.MXFP4Bits/8, 1
		}
	}
	c.Family = "compressed attention (CSA + HCA) with a sliding window" + r.moeSuffix()
	c.Notes = append(c.Notes, fmt.Sprintf("of %d layers, %d CSA (an entry per 4 tokens, with an FP4 indexer key), %d HCA (an entry per 128) and %d with the window alone; every layer keeps its last %d tokens; the compressors' float32 decode state is fixed; parameters not computed from the shapes (the hyper-connections, grouped output projections and compressors are not modelled): a published count gives the FLOP model's", layers, count[4], count[128], count[0], window))
	return c, nil
}

// layerKinds returns each layer's kind, from layer_types or the fields
// that imply it.
func (r raw) layerKinds(layers int) ([]string, error) {
	kinds := make([]string, layers)
	switch {
	case r.LinearAttn != nil:
		if len(r.LayerTypes) > 0 {
			return nil, bad("layer_types", `"linear_attn_config": {"full_attn_layers": [4, 8, ...], "kda_layers": [1, 2, 3, 5, ...]}`, "given beside linear_attn_config; give the layers one way")
		}
		for _, l := range []struct {
			nums []int
			kind string
		}{{r.LinearAttn.FullAttnLayers, full}, {r.LinearAttn.KDALayers, linear}} {
			for _, n := range l.nums {
				if n < 1 || n > layers {
					return nil, bad("linear_attn_config", `"full_attn_layers": [4, 8, ...]`, "layer %d is outside 1 to num_hidden_layers %d (the lists number layers from 1)", n, layers)
				}
				if kinds[n-1] != "" {
					return nil, bad("linear_attn_config", `"full_attn_layers": [4, 8, ...]`, "layer %d is listed twice", n)
				}
				kinds[n-1] = l.kind
			}
		}
		if i := slices.Index(kinds, ""); i >= 0 {
			return nil, bad("linear_attn_config", `"kda_layers": [1, 2, 3, 5, ...]`, "layer %d is in neither full_attn_layers nor kda_layers", i+1)
		}
	case len(r.HybridLayerPattern) > 0:
		if len(r.LayerTypes) > 0 {
			return nil, bad("hybrid_layer_pattern", `"hybrid_layer_pattern": [0, 1, 1, 1, 1, 0, ...]`, "given beside layer_types; give the layers one way")
		}
		if len(r.HybridLayerPattern) != layers {
			return nil, bad("hybrid_layer_pattern", `"hybrid_layer_pattern": [0, 1, 1, 1, 1, 0, ...]`, "lists %d layers but num_hidden_layers is %d", len(r.HybridLayerPattern), layers)
		}
		for i, x := range r.HybridLayerPattern {
			// 0: full attention; 1: a sliding window (transformers'
			// MiMo-V2-Flash port: its default layer_types make layer 0
			// and every sixth full, where the file's zeros stand).
			switch x {
			case 0:
				kinds[i] = full
			case 1:
				kinds[i] = sliding
			default:
				return nil, bad("hybrid_layer_pattern", `"hybrid_layer_pattern": [0, 1, 1, 1, 1, 0, ...]`, "layer %d is %d; the list holds 0 (full attention) or 1 (a sliding window) per layer", i, x)
			}
		}
	case len(r.LayerTypes) > 0:
		if len(r.LayerTypes) != layers {
			return nil, bad("layer_types", `"layer_types": ["sliding_attention", "full_attention", ...]`, "lists %d layers but num_hidden_layers is %d", len(r.LayerTypes), layers)
		}
		for i, t := range r.LayerTypes {
			switch t {
			case full, sliding, chunked, linear:
				kinds[i] = t
			case dsa:
				// NVIDIA's GLM-5.2 checkpoint names its DSA layers so: each
				// keeps every token and attends to the index_topk the
				// indexer picks, as GLM-5.2's own config says otherwise.
				if r.IndexTopK == nil {
					return nil, bad("layer_types", `"index_topk": 2048`, "layer %d is %s, but the config gives no index_topk", i, dsa)
				}
				kinds[i] = full
			default:
				return nil, bad("layer_types", `"layer_types": ["sliding_attention", "full_attention", ...]`, "layer %d is %s (known: full_attention, sliding_attention, chunked_attention, linear_attention, deepseek_sparse_attention)", i, breakeven.Quote(t))
			}
		}
		if r.FullAttentionInterval != nil {
			for i, k := range kinds {
				if (k == full) != ((i+1)%*r.FullAttentionInterval == 0) {
					return nil, bad("full_attention_interval", fmt.Sprintf(`"full_attention_interval": %d`, *r.FullAttentionInterval), "%d contradicts layer_types at layer %d (%s)", *r.FullAttentionInterval, i, k)
				}
			}
		}
	case r.FullAttentionInterval != nil:
		n := *r.FullAttentionInterval
		if n <= 0 {
			return nil, bad("full_attention_interval", `"full_attention_interval": 4`, "%d: need a positive number of layers", n)
		}
		for i := range kinds {
			kinds[i] = linear
			if (i+1)%n == 0 {
				kinds[i] = full
			}
		}
	case r.ChunkSize != nil && len(r.NoRopeLayers) > 0:
		if len(r.NoRopeLayers) != layers {
			return nil, bad("no_rope_layers", `"no_rope_layers": [1, 1, 1, 0, ...]`, "lists %d layers but num_hidden_layers is %d", len(r.NoRopeLayers), layers)
		}
		for i, x := range r.NoRopeLayers {
			// 0: NoPE, global attention; otherwise RoPE, chunked.
			kinds[i] = chunked
			if x == 0 {
				kinds[i] = full
			}
		}
	case r.ChunkSize != nil:
		if r.ModelType != "llama4_text" && r.ModelType != "llama4" && r.NoRopeInterval == nil {
			return nil, bad("no_rope_layers", `"no_rope_layers": [1, 1, 1, 0, ...]`, "attention_chunk_size needs the layers that attend globally (no_rope_layers or no_rope_layer_interval)")
		}
		// Llama 4's default: every 4th layer is NoPE and global.
		n := or(r.NoRopeInterval, 4)
		if n <= 0 {
			return nil, bad("no_rope_layer_interval", `"no_rope_layer_interval": 4`, "%d: need a positive number of layers", n)
		}
		for i := range kinds {
			kinds[i] = chunked
			if (i+1)%n == 0 {
				kinds[i] = full
			}
		}
	case r.SlidingWindowPattern != nil:
		n := *r.SlidingWindowPattern
		if n <= 0 {
			return nil, bad("sliding_window_pattern", `"sliding_window_pattern": 6`, "%d: need a positive number of layers", n)
		}
		for i := range kinds {
			kinds[i] = sliding
			if (i+1)%n == 0 {
				kinds[i] = full
			}
		}
	case r.UseSlidingWindow != nil:
		// Qwen2-style: sliding from max_window_layers on, when enabled.
		for i := range kinds {
			kinds[i] = full
		}
		if *r.UseSlidingWindow {
			if r.SlidingWindow == nil {
				return nil, bad("sliding_window", `"sliding_window": 32768`, "missing while use_sliding_window is true")
			}
			from := or(r.MaxWindowLayers, 0)
			if from < 0 || from > layers {
				return nil, bad("max_window_layers", fmt.Sprintf(`"max_window_layers": %d`, layers), "%d is outside 0 to num_hidden_layers %d", from, layers)
			}
			for i := from; i < layers; i++ {
				kinds[i] = sliding
			}
		}
	case r.SlidingWindow != nil:
		// Mistral-style: every layer keeps the window.
		for i := range kinds {
			kinds[i] = sliding
		}
	default:
		for i := range kinds {
			kinds[i] = full
		}
	}
	return kinds, nil
}

// displayName is the name _name_or_path gives a model: a repository id
// (at most one slash, not starting with one) as written, and the last
// element of a local directory's path, where the checkpoint was saved
// from ("/opt/ckpts/Llama-3.1-70B-Instruct/" is "Llama-3.1-70B-Instruct").
func displayName(s string) string {
	s = strings.TrimSpace(s)
	t := strings.TrimRight(s, `/\`)
	local := strings.HasPrefix(s, "/") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~") ||
		strings.Contains(s, `\`) || strings.Count(t, "/") > 1
	if !local || t == "" {
		return s
	}
	if i := strings.LastIndexAny(t, `/\`); i >= 0 {
		t = t[i+1:]
	}
	if t == "" || t == "." || t == ".." || t == "~" {
		return s
	}
	return t
}

// kvScheme is quantization_config's kv_cache_scheme: an object with the
// element's bits and type (compressed-tensors, and ModelOpt's newer
// exports), or a name alone ("FP8", ModelOpt's older exports).
type kvScheme struct {
	NumBits int    `json:"num_bits"`
	Type    string `json:"type"`
	Name    string `json:"-"`
	named   bool   // given as a string, Name (which may be "", unstated)
}

// UnmarshalJSON reads either form.
func (k *kvScheme) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '"' {
		k.named = true
		return json.Unmarshal(t, &k.Name)
	}
	type plain kvScheme
	return json.Unmarshal(b, (*plain)(k))
}

// kvElement reads a stated KV-cache element type.
func (r raw) kvElement() (breakeven.ElementType, bool, error) {
	if s := r.KVCacheDtype; s != "" {
		name := map[string]string{"bfloat16": "bf16", "float16": "fp16", "float32": "fp32", "fp8_e4m3": "fp8", "fp8_e5m2": "fp8", "float8_e4m3fn": "fp8"}[s]
		if name == "" {
			name = s
		}
		el, err := breakeven.ParseElementType(name)
		if err != nil {
			return el, false, bad("kv_cache_dtype", `"kv_cache_dtype": "fp8"`, "%s: unknown type (known: bf16, fp16, fp8, int8, int4, fp32)", breakeven.Quote(s))
		}
		return el, true, nil
	}
	if r.Quant == nil {
		return breakeven.ElementType{}, false, nil
	}
	if a := r.Quant.KVCacheQuantAlgo; a != nil && *a != "" {
		if strings.EqualFold(*a, "fp8") {
			return breakeven.FP8, true, nil
		}
		if strings.EqualFold(*a, "int8") {
			return breakeven.INT8, true, nil
		}
		e := bad("kv_cache_quant_algo", `"kv_cache_quant_algo": "FP8"`, "%s: unknown KV-cache type (known: FP8, INT8)", breakeven.Quote(*a))
		if e.File = r.Quant.From; e.File != "" {
			e.Field = "quantization.kv_cache_quant_algo"
		}
		return breakeven.ElementType{}, false, e
	}
	if s := r.Quant.KVCacheScheme; s != nil {
		if s.named { // ModelOpt's older exports: "kv_cache_scheme": "FP8"
			switch strings.ToLower(s.Name) {
			case "":
				return breakeven.ElementType{}, false, nil
			case "fp8":
				return breakeven.FP8, true, nil
			case "int8":
				return breakeven.INT8, true, nil
			}
			return breakeven.ElementType{}, false, bad("kv_cache_scheme", `"kv_cache_scheme": "FP8"`, "%s: unknown KV-cache type (known: FP8, INT8, or an object such as {\"num_bits\": 8, \"type\": \"float\"})", breakeven.Quote(s.Name))
		}
		switch {
		case s.NumBits == 8 && s.Type == "float":
			return breakeven.FP8, true, nil
		case s.NumBits == 8 && s.Type == "int":
			return breakeven.INT8, true, nil
		case s.NumBits == 4 && s.Type == "int":
			return breakeven.INT4, true, nil
		}
		return breakeven.ElementType{}, false, bad("kv_cache_scheme", `"kv_cache_scheme": {"num_bits": 8, "type": "float"}`, "%d-bit %s is not a known KV-cache type", s.NumBits, breakeven.Quote(s.Type))
	}
	return breakeven.ElementType{}, false, nil
}

// weights reads how the checkpoint stores its weights, of total
// parameters of which routed are the routed experts':
//   - FP8 where quantization_config's quant_method is "fp8" (DeepSeek-V3's,
//     Kimi K2's and MiniMax M2's block-scaled checkpoints);
//   - where it is "mxfp4" and modules_to_not_convert keeps attention
//     ("self_attn") out, as gpt-oss's does, the routed experts in MXFP4
//     (prefill.MXFP4Bits) and the rest in BF16;
//   - where it is "compressed-tensors" with one group of integer weights
//     quantized in groups, and ignore keeps attention and the shared
//     experts out, as Kimi K2.5's does (and its dense first layer's MLP),
//     the routed experts at num_bits plus a 16-bit scale per group_size
//     weights (the format keeps each group's scale in the model's 16-bit
//     type; symmetric, so no zero point) and the rest in BF16;
//   - where it is "modelopt" or absent (NVIDIA ModelOpt), by quant_algo:
//     FP8 a byte a weight, and NVFP4 with one group of Linear layers and
//     ignore keeping attention out, as NVIDIA's checkpoints do, the routed
//     experts of a mixture (or a dense model's MLPs, where ignore keeps
//     none of them out) at 4 bits plus an FP8 scale per group_size and the
//     rest in BF16; where ignore keeps out only the head, the routers and
//     modules outside the layers, every linear layer at those bits and the
//     embedding, head and routers in BF16;
//
// averaged over all the weights. Another method (awq, gptq) is not read,
// and a note says the weights are taken as the matrix products compute
// (--weights states them).
func (r raw) weights(total float64, parts weightParts, notes []string) (prefill.Weights, []string) {
	routed := parts.routed
	if r.Quant == nil || r.Quant.QuantMethod == "" && r.Quant.QuantAlgo == "" {
		return prefill.Weights{}, notes
	}
	q := r.Quant
	experts := func(bits float64, name string) prefill.Weights {
		return prefill.Weights{Name: name + ", the rest BF16: the checkpoint's", Bytes: (routed*bits/8 + (total-routed)*2) / total}
	}
	keeps := func(list []string, parts ...string) bool {
		for _, p := range parts {
			if !slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, p) }) {
				return false
			}
		}
		return true
	}
	hasExperts := routed > 0 && total > routed
	what := "quant_method " + breakeven.Quote(q.QuantMethod)
	if m := strings.ToLower(q.QuantMethod); m == "" || m == "modelopt" {
		// ModelOpt: the scheme is quant_algo's. Its FP8 stores every
		// linear layer's weights in 8 bits (the output head, which
		// "ignore" usually keeps in BF16, is counted at 8 too, as for
		// quant_method fp8).
		if strings.EqualFold(q.QuantAlgo, "fp8") {
			return prefill.Weights{Name: "FP8, the checkpoint's", Bytes: 1}, notes
		}
		// Its NVFP4: 4-bit floats with an FP8 scale per group_size (16)
		// in the one group of Linear layers; where ignore keeps attention
		// out (NVIDIA's checkpoints of mixtures), the routed experts are
		// counted in NVFP4 and the rest in BF16, as the compressed-tensors
		// case below. Shared experts or dense MLPs the list does not keep
		// out are NVFP4 too, counted in BF16: the weights are overstated
		// by at most their share.
		// hf_quant_config.json states the group once (group_size), with
		// no config_groups. A dense model's NVFP4 checkpoint with
		// attention kept out (Gemma 4 31B's) is read alike: its MLPs in
		// NVFP4 and the rest in BF16, unless the list keeps an MLP out too.
		// Attention is kept out by name (self_attn) or, in the hybrids'
		// mixers (Nemotron-H), by its query and output projections.
		if gs, ok := q.nvfp4Group(); ok && (keeps(q.Ignore, "self_attn") || keeps(q.Ignore, "q_proj", "o_proj")) {
			bits := 4 + 8/float64(gs)
			switch {
			case hasExperts && !parts.keepsLayerOut(q.Ignore, true):
				return experts(bits, fmt.Sprintf("NVFP4 experts (an FP8 scale per %d)", gs)), notes
			case routed == 0 && parts.denseMLP > 0 && parts.denseMLP < total && !keeps(q.Ignore, "mlp") && !parts.keepsLayerOut(q.Ignore, false):
				return prefill.Weights{Name: fmt.Sprintf("NVFP4 MLPs (an FP8 scale per %d), the rest BF16: the checkpoint's", gs),
					Bytes: (parts.denseMLP*bits/8 + (total-parts.denseMLP)*2) / total}, notes
			}
		}
		// Where ignore keeps out nothing a layer computes with (only the
		// head, the routers, the multi-token-prediction and vision
		// modules), every linear layer is NVFP4 (Qwen3-235B-A22B's
		// checkpoint), and the embedding, head and routers BF16.
		if gs, ok := q.nvfp4Group(); ok && onlyUnquantized(q.Ignore) && parts.kept > 0 && parts.kept < total {
			bits := 4 + 8/float64(gs)
			return prefill.Weights{Name: fmt.Sprintf("NVFP4 (an FP8 scale per %d), the embedding, head and routers BF16: the checkpoint's", gs),
				Bytes: ((total-parts.kept)*bits/8 + parts.kept*2) / total}, notes
		}
		what = "quant_algo " + breakeven.Quote(q.QuantAlgo)
	}
	switch m := strings.ToLower(q.QuantMethod); {
	case m == "fp8":
		return prefill.Weights{Name: "FP8, the checkpoint's", Bytes: 1}, notes
	case m == "mxfp4" && hasExperts && keeps(q.NotConverted, "self_attn"):
		return experts(prefill.MXFP4Bits, "MXFP4 experts"), notes
	case m == "compressed-tensors" && hasExperts && len(q.Groups) == 1 && keeps(q.Ignore, "self_attn", "shared_experts"):
		for _, g := range q.Groups {
			if w := g.Weights; w != nil && w.Type == "int" && w.Strategy == "group" && w.GroupSize > 0 && w.NumBits > 0 && w.NumBits < 16 && slices.Contains(g.Targets, "Linear") {
				return experts(float64(w.NumBits)+16/float64(w.GroupSize), fmt.Sprintf("INT%d experts (a 16-bit scale per %d)", w.NumBits, w.GroupSize)), notes
			}
		}
	}
	file := "quantization_config"
	if q.From != "" {
		file = q.From
	}
	return prefill.Weights{}, append(notes, fmt.Sprintf("%s %s is not read: the weights are taken as stored in the precision of the matrix products (state them with --weights, e.g. --weights int4)", file, what))
}

// nvfp4Group is the scale group of an NVFP4 quantization: the one group
// of Linear layers' 4-bit float weights in config_groups, or
// hf_quant_config.json's group_size where there are no config_groups.
func (q *quantConfig) nvfp4Group() (int, bool) {
	if !strings.EqualFold(q.QuantAlgo, "nvfp4") {
		return 0, false
	}
	if len(q.Groups) == 0 {
		return q.GroupSize, q.GroupSize > 0
	}
	for _, g := range q.Groups {
		if w := g.Weights; len(q.Groups) == 1 && w != nil && w.Type == "float" && w.NumBits == 4 && w.GroupSize > 0 && slices.Contains(g.Targets, "Linear") {
			return w.GroupSize, true
		}
	}
	return 0, false
}

// onlyUnquantized reports whether a quantizer's ignore list keeps out
// only modules a count of the language model's layers leaves unquantized
// or out: the output head, the embeddings, the routers (a ".gate" of its
// own, not a gate_proj), the multi-token-prediction layers and vision or
// audio modules.
func onlyUnquantized(list []string) bool {
	for _, s := range list {
		l := strings.ToLower(s)
		if strings.Contains(l, "gate_proj") || strings.Contains(l, "gate_up") {
			return false
		}
		trimmed := strings.TrimRight(l, "*.")
		ok := strings.HasSuffix(trimmed, ".gate") || strings.HasSuffix(trimmed, "_gate")
		for _, w := range []string{"lm_head", "embed", "mtp", "vision", "visual", "multi_modal", "mm_projector", "audio"} {
			ok = ok || strings.Contains(l, w)
		}
		if !ok {
			return false
		}
	}
	return true
}

// experts is the MLP of every layer.
type experts struct {
	any                         bool
	dense, routed, shared, gate float64 // parameters of one dense MLP, all routed experts, shared experts, router
	perTok, count               int
	isMoE                       func(i int) bool
}

// layer returns the MLP parameters of layer i, in total and active.
func (e experts) layer(i int) (total, active float64) {
	if !e.any || !e.isMoE(i) {
		return e.dense, e.dense
	}
	per := e.routed / float64(e.count)
	return e.routed + e.shared + e.gate, float64(e.perTok)*per + e.shared + e.gate
}

func (r raw) experts(layers, hidden int) (experts, error) {
	h := float64(hidden)
	var e experts
	var count int
	switch {
	case r.EnableMoE != nil && !*r.EnableMoE:
		// Gemma 4: experts only where enable_moe_block says so.
	case r.NRoutedExperts != nil:
		count = *r.NRoutedExperts
	case r.NumExperts != nil:
		count = *r.NumExperts
	case r.NumLocalExperts != nil:
		count = *r.NumLocalExperts
	}
	// dense is the width of a layer's plain MLP.
	dense := func() (int, error) {
		if r.DenseMLP != nil {
			return need(r.DenseMLP, "intermediate_size_mlp", `"intermediate_size_mlp": 16384`)
		}
		if r.DenseIntermed != nil {
			return need(r.DenseIntermed, "dense_intermediate_size", `"dense_intermediate_size": 12288`)
		}
		return need(r.Intermediate, "intermediate_size", `"intermediate_size": 28672`)
	}
	if count <= 1 {
		d, err := dense()
		e.dense = 3 * h * float64(d)
		return e, err
	}
	e.any, e.count = true, count
	perTokField, perTokPtr := "num_experts_per_tok", r.ExpertsPerTok
	if perTokPtr == nil && (r.TopKExperts != nil || r.EnableMoE != nil) {
		perTokField, perTokPtr = "top_k_experts", r.TopKExperts // Gemma 4's name
	}
	perTok, err := need(perTokPtr, perTokField, fmt.Sprintf(`%q: 8`, perTokField))
	if err != nil {
		return e, err
	}
	if perTok > count {
		return e, bad(perTokField, fmt.Sprintf(`%q: %d`, perTokField, min(8, count)), "%d is more than the %d experts", perTok, count)
	}
	e.perTok = perTok
	width := r.MoEIntermediate
	if width == nil {
		width = r.Intermediate
	}
	inter, err := need(width, "moe_intermediate_size", `"moe_intermediate_size": 2048`)
	if err != nil {
		return e, err
	}
	e.routed = float64(count) * 3 * h * float64(inter)
	e.gate = h * float64(count)
	switch {
	case r.NSharedExperts != nil:
		e.shared = float64(*r.NSharedExperts) * 3 * h * float64(inter)
	case r.SharedIntermed != nil:
		// Qwen's shared expert, with its one-output sigmoid gate.
		e.shared = 3*h*float64(*r.SharedIntermed) + h
	case r.InterleaveMoE != nil:
		// Llama 4: one shared expert of the routed experts' size.
		e.shared = 3 * h * float64(inter)
	case r.EnableMoE != nil:
		// Gemma 4: a dense MLP of intermediate_size beside the routed
		// experts on every layer, their outputs summed (aiconfigurator's
		// Gemma 4 model).
		d, err := need(r.Intermediate, "intermediate_size", `"intermediate_size": 2112`)
		if err != nil {
			return e, err
		}
		e.shared = 3 * h * float64(d)
	}
	switch {
	case r.MoELayerList != nil:
		if len(r.MoELayerList) != layers {
			return e, bad("moe_layer_freq", `"moe_layer_freq": [0, 1, 1, ...]`, "lists %d layers but num_hidden_layers is %d", len(r.MoELayerList), layers)
		}
		k := or(r.FirstKDense, 0)
		for i, x := range r.MoELayerList {
			if i < k && x == 1 {
				return e, bad("moe_layer_freq", `"moe_layer_freq": [0, 1, 1, ...]`, "layer %d is a mixture, but first_k_dense_replace %d makes it dense", i, k)
			}
		}
		list := r.MoELayerList
		e.isMoE = func(i int) bool { return list[i] == 1 }
	case r.FirstKDense != nil || r.MoELayerFreq != nil:
		k, freq := or(r.FirstKDense, 0), or(r.MoELayerFreq, 1)
		if freq <= 0 {
			return e, bad("moe_layer_freq", `"moe_layer_freq": 1`, "%d: need a positive number", freq)
		}
		e.isMoE = func(i int) bool { return i >= k && i%freq == 0 }
	case r.InterleaveMoE != nil || len(r.MoELayers) > 0:
		set := map[int]bool{}
		if len(r.MoELayers) > 0 {
			for _, i := range r.MoELayers {
				set[i] = true
			}
		} else {
			step := *r.InterleaveMoE
			if step <= 0 {
				return e, bad("interleave_moe_layer_step", `"interleave_moe_layer_step": 1`, "%d: need a positive number", step)
			}
			for i := step - 1; i < layers; i += step {
				set[i] = true
			}
		}
		e.isMoE = func(i int) bool { return set[i] }
	default:
		step := or(r.DecoderSparseStep, 1)
		if step <= 0 {
			return e, bad("decoder_sparse_step", `"decoder_sparse_step": 1`, "%d: need a positive number", step)
		}
		only := map[int]bool{}
		for _, i := range r.MLPOnlyLayers {
			only[i] = true
		}
		e.isMoE = func(i int) bool { return !only[i] && (i+1)%step == 0 }
	}
	for i := range layers {
		if !e.isMoE(i) {
			// Some layers keep a plain MLP.
			d, err := dense()
			e.dense = 3 * h * float64(d)
			return e, err
		}
	}
	return e, nil
}

func family(kinds []string, mla bool, kv, heads int, moe bool) string {
	has := func(k string) bool { return slices.Contains(kinds, k) }
	var s string
	switch {
	case has(linear):
		s = "hybrid: linear attention + GQA"
	case mla:
		s = "MLA"
	case has(chunked):
		s = "chunked + global"
	case has(sliding) && has(full):
		s = "sliding window + full"
	case has(sliding):
		s = "sliding window"
	case kv == heads:
		s = "MHA"
	default:
		s = "GQA"
	}
	if moe {
		s += ", MoE"
	}
	return s
}
