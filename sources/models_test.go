package sources

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// The per-token growth of each config model, worked by hand from the
// config's figures at 2 bytes per element:
//
//	GQA: 2 (K and V) x full-context layers x KV heads x head dim x 2
//	MLA: layers x (latent + rope) x 2
//
// Windowed, chunked and linear layers add nothing per token once full.
func TestConfigModelsBytesPerToken(t *testing.T) {
	cases := []struct {
		name string
		want float64
	}{
		{"Llama 3.1 8B", 2 * 32 * 8 * 128 * 2},
		{"Llama 3.1 70B", 2 * 80 * 8 * 128 * 2},
		{"Llama 3.1 405B", 2 * 126 * 8 * 128 * 2},
		{"Llama 3.3 70B", 2 * 80 * 8 * 128 * 2},
		{"Llama 3.2 3B", 2 * 28 * 8 * 128 * 2},
		{"Qwen3-8B", 2 * 36 * 8 * 128 * 2},
		{"Qwen3-32B", 2 * 64 * 8 * 128 * 2},
		{"Qwen3-30B-A3B", 2 * 48 * 4 * 128 * 2},
		{"Qwen3-235B-A22B", 2 * 94 * 4 * 128 * 2},
		{"Qwen3-Next-80B-A3B", 2 * 12 * 2 * 256 * 2},
		{"DeepSeek-V3", (512 + 64) * 61 * 2},
		{"DeepSeek-V2", (512 + 64) * 60 * 2},
		{"Kimi K2", (512 + 64) * 61 * 2},
		{"Mistral Large 2", 2 * 88 * 8 * 128 * 2},
		{"Mistral 7B v0.1", 0},
		{"Llama 2 7B", 2 * 32 * 32 * 128 * 2},
		{"Llama 2 70B", 2 * 80 * 8 * 128 * 2},
		{"Mixtral 8x22B", 2 * 56 * 8 * 128 * 2},
		{"Gemma 3 27B", 2 * 10 * 16 * 128 * 2},
		{"Gemma 3 12B", 2 * 8 * 8 * 256 * 2},
		{"gpt-oss-120b", 2 * 18 * 8 * 64 * 2},
		{"gpt-oss-20b", 2 * 12 * 8 * 64 * 2},
		{"Llama 4 Scout", 2 * 12 * 8 * 128 * 2},
		{"Llama 4 Maverick", 2 * 12 * 8 * 128 * 2},
		{"GLM-4.5", 2 * 92 * 8 * 128 * 2},
	}
	known := 0
	for _, m := range readConfigModels() {
		if m.Known() {
			known++
		}
	}
	require.Len(t, cases, known, "every known config model needs a hand-worked case")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := FindModel(c.name)
			require.NoError(t, err)
			assert.InDelta(t, c.want, float64(m.Arch.BytesPerToken()), 0.5)
		})
	}
}

// The cache of a 128K-token (131,072) conversation for the windowed,
// chunked and hybrid models: the full-context layers at every token, the
// windowed layers capped at their window, plus any fixed state.
func TestConfigModelsCacheSize128K(t *testing.T) {
	const n = 131072
	cases := []struct {
		name string
		want float64
	}{
		// 10 global layers at n tokens, 52 local layers at 1024.
		{"Gemma 3 27B", 2*10*16*128*2*n + 2*52*16*128*2*1024},
		// 8 global layers at n, 40 local at 1024.
		{"Gemma 3 12B", 2*8*8*256*2*n + 2*40*8*256*2*1024},
		// 18 full layers at n, 18 windowed at 128.
		{"gpt-oss-120b", 2*18*8*64*2*n + 2*18*8*64*2*128},
		// 12 full, 12 windowed at 128.
		{"gpt-oss-20b", 2*12*8*64*2*n + 2*12*8*64*2*128},
		// 12 global (NoPE) layers at n, 36 chunked at 8192.
		{"Llama 4 Scout", 2*12*8*128*2*n + 2*36*8*128*2*8192},
		{"Llama 4 Maverick", 2*12*8*128*2*n + 2*36*8*128*2*8192},
		// every layer windowed at 4096.
		{"Mistral 7B v0.1", 2 * 32 * 8 * 128 * 2 * 4096},
		// 12 GQA layers at n, plus 36 Gated DeltaNet states of
		// (32 x 128 x 128 recurrent + (2x16x128 + 32x128) x 4 conv) x 2 bytes.
		{"Qwen3-Next-80B-A3B", 2*12*2*256*2*n + 36*(32*128*128+(2*16*128+32*128)*4)*2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := FindModel(c.name)
			require.NoError(t, err)
			assert.InDelta(t, c.want, float64(m.Arch.CacheSize(n)), 0.5)
		})
	}
}

// A plain GQA or MLA model's cache is its per-token size times the tokens.
func TestConfigModelsPlainCacheIsLinear(t *testing.T) {
	for _, m := range readConfigModels() {
		if !m.Known() {
			continue
		}
		windowed := m.Arch.FixedBytes() > 0
		for _, g := range m.Arch.Groups {
			windowed = windowed || g.Window > 0
		}
		if windowed {
			continue
		}
		assert.InDelta(t, float64(m.Arch.BytesPerToken())*131072, float64(m.Arch.CacheSize(131072)), 1, m.Name)
	}
}

func TestConfigModelsCount(t *testing.T) {
	assert.GreaterOrEqual(t, len(configModels), 22)
	for _, name := range []string{
		"Llama 3.1 8B", "Llama 3.1 70B", "Llama 3.1 405B", "Qwen3-32B", "Qwen3-235B-A22B",
		"Qwen3-Next-80B-A3B", "DeepSeek-V3", "Kimi K2", "Mistral Large 2", "Gemma 3 27B",
		"gpt-oss-120b", "gpt-oss-20b", "Mixtral 8x22B", "Llama 4 Scout", "Llama 4 Maverick",
		"GLM-4.5", "Mistral Medium 3.5",
	} {
		found := false
		for _, m := range configModels {
			found = found || m.Name == name
		}
		assert.True(t, found, "configModels lacks %q", name)
	}
	// The post's newer models come from elsewhere, not this file.
	for _, m := range configModels {
		for _, nm := range NewerModels {
			assert.NotEqual(t, nm.Name, m.Name)
		}
	}
}

func TestDeepSeekR1IsV3(t *testing.T) {
	m, err := FindModel("deepseek-r1")
	require.NoError(t, err)
	assert.Equal(t, "DeepSeek-V3", m.Name)
}

func TestMistralMedium35IsUnknown(t *testing.T) {
	m, err := FindModel(LablupModel)
	require.NoError(t, err)
	assert.Equal(t, Unknown, m.Provenance)
	assert.Empty(t, m.Arch.Groups)
	assert.False(t, m.Known())
	assert.Contains(t, m.Note, "no config")
}

// Every catalog model cites a registered source, with a locator and a
// provenance; the config models also quote their file.
func TestCatalogCitations(t *testing.T) {
	for _, m := range Models() {
		s, ok := Lookup(m.Source)
		if assert.True(t, ok, "%s cites unregistered source %q", m.Name, m.Source) {
			assert.NotEmpty(t, s.Title, m.Name)
			assert.NotEmpty(t, s.Access, m.Name)
		}
		assert.NotEmpty(t, m.Locator, m.Name)
		assert.NotEmpty(t, m.Provenance, m.Name)
		assert.NotEmpty(t, m.Attention, m.Name)
	}
	valid := map[Provenance]bool{Primary: true, Copy: true, Unverified: true, PostOnly: true, Unknown: true}
	for _, m := range configModels {
		assert.True(t, valid[m.Provenance], "%s: provenance %q", m.Name, m.Provenance)
		assert.NotEmpty(t, m.Quote, m.Name)
		assert.NotEmpty(t, m.Note, m.Name)
		if m.Provenance == Unverified || m.Provenance == Unknown {
			assert.NotEmpty(t, m.Note, "%s must say what is not verified", m.Name)
		}
		s, ok := Lookup(m.Source)
		require.True(t, ok, m.Name)
		assert.NotEmpty(t, s.URL, m.Name)
		assert.NotEmpty(t, s.Seen, m.Name)
		assert.Contains(t, []Access{Read, Partial}, s.Access, m.Name)
	}
}

// Every source this file registers is cited by at least one model.
func TestConfigSourcesAreCited(t *testing.T) {
	ids := []SourceID{
		LlamaModelsSKU, LlamaStackSKU, MaxTextLlama4Scout, MaxTextLlama4Mav,
		MaxTextQwen3_8B, MaxTextQwen3_32B, MaxTextQwen3_30B, MaxTextQwen3_235B,
		HFQwen3NextConfig, DeepSeekV3Repo, MaxTextDeepSeekV2, MaxTextKimiK2,
		MistralLargeConfig, HFMistralConfig, MaxTextMixtral, GemmaTransformer,
		GPTOSSModel, MaxTextGPTOSS20B, GLM5ReportTable, UnslothMistral35,
	}
	for _, id := range ids {
		_, ok := Lookup(id)
		assert.True(t, ok, "source %q not registered", id)
		cited := false
		for _, m := range configModels {
			cited = cited || m.Source == id
		}
		assert.True(t, cited, "source %q cited by no model", id)
	}
}

func TestKnownArchitecturesValidate(t *testing.T) {
	for _, m := range Models() {
		if !m.Known() {
			continue
		}
		assert.NoError(t, m.Arch.Validate(), m.Name)
		if m.TotalParams > 0 && m.ActiveParams > 0 {
			assert.LessOrEqual(t, m.ActiveParams, m.TotalParams, m.Name)
		}
		assert.GreaterOrEqual(t, float64(m.Context), 0.0, m.Name)
	}
}

// No name or alias of one model may be a name or alias of another, after
// slugging, or FindModel would return the wrong model.
func TestCatalogSlugsUnique(t *testing.T) {
	owner := map[string]string{}
	for _, m := range Models() {
		seen := map[string]bool{}
		for _, s := range append([]string{m.Name}, m.Aliases...) {
			sl := slug(s)
			require.NotEmpty(t, sl, "%s: empty alias", m.Name)
			if seen[sl] {
				continue
			}
			seen[sl] = true
			if other, dup := owner[sl]; dup {
				t.Errorf("%q is claimed by both %q and %q", s, other, m.Name)
				continue
			}
			owner[sl] = m.Name
		}
	}
}

func TestFindModelByNameAndAliases(t *testing.T) {
	for _, m := range Models() {
		for _, s := range append([]string{m.Name}, m.Aliases...) {
			for _, q := range []string{s, strings.ToLower(s), strings.ToUpper(s)} {
				got, err := FindModel(q)
				if assert.NoError(t, err, q) {
					assert.Equal(t, m.Name, got.Name, q)
				}
			}
		}
	}
}

func TestPostModelsResolve(t *testing.T) {
	for _, name := range []string{"Llama 3.1 405B", "Llama 3.1 70B", "Qwen3-32B", LablupModel} {
		assert.NotPanics(t, func() { MustModel(name) }, name)
	}
}

// A model's parameter counts and context, from its name or the words its
// citation quotes, read here: "3B" is 3 x 10^9, "1T" 10^12, "128K" or
// "128k" a context of 128 x 1024 tokens, "131,072" itself.
func TestCatalogParamsAndContextFromTheirCitations(t *testing.T) {
	cases := []struct {
		name                   string
		total, active, context string // words in the model's name, locator or note
	}{
		{"Llama 3.1 8B", "8B", "8B", "128k"},
		{"Llama 3.1 70B", "70B", "70B", "128k"},
		{"Llama 3.1 405B", "405B", "405B", "128k"},
		{"Llama 3.3 70B", "70B", "70B", "128K"},
		{"Llama 3.2 3B", "3B", "3B", "131072"},
		{"Qwen3-8B", "8B", "8B", "131,072"},
		{"Qwen3-32B", "32.8B", "32.8B", "131,072"},
		{"Qwen3-30B-A3B", "30B", "3B", "131,072"},
		{"Qwen3-235B-A22B", "235B", "22B", "131,072"},
		{"Qwen3-Next-80B-A3B", "80B", "3B", "262,144"},
		{"DeepSeek-V3", "671B", "37B", "128K"},
		{"DeepSeek-V2", "236B", "21B", "163,840"},
		{"Kimi K2", "1T", "32B", "131072"},
		{"Mistral Large 2", "123B", "123B", "131072"},
		{"Mistral 7B v0.1", "7B", "7B", "4096*32"},
		{"Llama 2 7B", "7B", "7B", "4096"},
		{"Llama 2 70B", "70B", "70B", "4096"},
		{"Mixtral 8x22B", "141B", "39B", "64K"},
		{"Gemma 3 27B", "27B", "27B", "131,072"},
		{"Gemma 3 12B", "12B", "12B", "131,072"},
		{"gpt-oss-120b", "117B", "5.1B", "131,072"},
		{"gpt-oss-20b", "21B", "3.6B", "131072"},
		{"Llama 4 Scout", "109B", "17B", "10485760"},
		{"Llama 4 Maverick", "400B", "17B", "1048576"},
		{"GLM-4.5", "355B", "32B", "128K"},
		{"Mistral Medium 3.5", "128B", "128B", ""},
	}
	require.Len(t, cases, len(configModels), "every config model needs a case")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := FindModel(c.name)
			require.NoError(t, err)
			text := m.Name + " " + m.Locator + " " + m.Note + " " + m.Quote
			if _, other, ok := strings.Cut(m.Note, "context as for "); ok {
				o, err := FindModel(other)
				require.NoError(t, err, "the model whose context this one shares")
				text += " " + o.Locator + " " + o.Note
			}
			for _, w := range []string{c.total, c.active, c.context} {
				if w != "" {
					assert.Regexp(t, `(^|[^0-9.,])`+regexp.QuoteMeta(w)+`($|[^0-9])`, text, "the citation does not say %q", w)
				}
			}
			assert.Equal(t, readCount(t, c.total), m.TotalParams, "total parameters")
			assert.Equal(t, readCount(t, c.active), m.ActiveParams, "active parameters")
			assert.Equal(t, readCount(t, c.context), float64(m.Context), "context")
		})
	}
}

// readCount reads "3B", "32.8B", "1T", "128K" (x 1024), "131,072",
// "4096*32"; "" is 0.
func readCount(t *testing.T, s string) float64 {
	t.Helper()
	if s == "" {
		return 0
	}
	if a, b, ok := strings.Cut(s, "*"); ok {
		return readCount(t, a) * readCount(t, b)
	}
	scale := 1.0
	switch s[len(s)-1] {
	case 'B':
		scale = 1e9
	case 'T':
		scale = 1e12
	case 'K', 'k':
		scale = 1024
	}
	if scale != 1 {
		s = s[:len(s)-1]
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	require.NoError(t, err, s)
	// 32.8 x 1e9 in floating point is not 32.8e9: round to the unit.
	return math.Round(v * scale)
}

// A config-read model prices with any positive active parameter count,
// one included; zero is refused, in both kinds of FLOP model.
func TestPrefillModelTakesAnyPositiveActiveParams(t *testing.T) {
	for name, fromConfig := range map[string]bool{"Llama 3.1 8B": true, "Mistral Large 2": false} {
		m := MustModel(name)
		require.Equal(t, fromConfig, m.ConfigFile != "", name)
		m.ActiveParams = 1
		pm, err := PrefillModel(m)
		require.NoError(t, err, name)
		assert.Equal(t, 1.0, float64(pm.ActiveParams), name)
		m.ActiveParams = 0
		_, err = PrefillModel(m)
		assert.ErrorContains(t, err, "active parameters", name)
	}
}

// A dense model known only from its config.json is priced as dense: its
// shapes count the input embedding among the weights held and not among
// those multiplied, which once made every such model a mixture of
// experts and charged it a mixture's per-request cost.
func TestADenseModelReadFromItsConfigIsNotAMixture(t *testing.T) {
	for name, mixture := range map[string]bool{
		"Qwen3.5-27B": false, "Qwen2.5-7B": false, "Mistral 7B v0.3": false, "Llama 3.2 1B": false,
		"Qwen3.5-35B-A3B": true, "Mixtral 8x7B": true, "Llama 3.1 8B": false, "DeepSeek-V3": true,
	} {
		pm, err := PrefillModel(MustModel(name))
		require.NoError(t, err, name)
		assert.Equal(t, mixture, pm.Sparse(), name)
	}
}

// A separator after a one-letter word is kept; leading ones are dropped.
func TestSlugKeepsASeparatorAfterAOneLetterWord(t *testing.T) {
	assert.Equal(t, "x-1", slug("X 1"))
	assert.Equal(t, "a-b-c", slug("-a_b/c"))
}

// readConfigModels is configModels as the catalog gives them, each
// completed from its kept config (its architecture is read from there).
func readConfigModels() []Model { return Models()[:len(configModels)] }

// Gemma 4's global layers keep keys and values both, although the values
// are the keys' projection (Gemma4CacheLayout), with KV heads and a head
// dim of their own; its sliding layers keep their last 1,024 tokens. By
// hand from the kept configs: the 26B-A4B's 5 global layers x 2 x 2 heads
// x 512 x 2 bytes a token, and 25 sliding layers x 2 x 8 x 256 x 2 bytes
// for 1,024 tokens; NVIDIA's 31B checkpoint states an FP8 cache, so its 10
// global layers x 2 x 4 x 512 and 50 sliding layers x 2 x 16 x 256 take a
// byte a number.
func TestGemma4KeepsKeysAndValuesOnItsGlobalLayers(t *testing.T) {
	assert.Contains(t, Gemma4CacheLayout.Quote, "K and V are still distinct tensors")
	n := breakeven.Tokens(131072)
	moe := MustModel("Gemma 4 26B-A4B")
	assert.Equal(t, breakeven.BytesPerToken(5*2*2*512*2), moe.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(5*2*2*512*2*131072+25*2*8*256*2*1024), moe.Arch.CacheSize(n))
	dense := MustModel("gemma-4-31b-it-nvfp4")
	assert.Equal(t, breakeven.BytesPerToken(10*2*4*512), dense.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(10*2*4*512*131072+50*2*16*256*1024), dense.Arch.CacheSize(n))
	// The 26B-A4B's weights: a tied 262,144 x 2,816 embedding; attention
	// (no value projection on the global layers); on every layer a dense
	// MLP of 2,112, 128 experts of 704 and their router.
	h := 2816.0
	sliding, global := h*16*256+2*h*8*256+16*256*h, h*16*512+h*2*512+16*512*h
	mlp, experts, router := 3*h*2112, 128*3*h*704, h*128
	assert.InEpsilon(t, 262144*h+25*sliding+5*global+30*(mlp+experts+router), moe.TotalParams, 1e-12)
	assert.InEpsilon(t, 25*sliding+5*global+30*(mlp+experts*8/128+router), moe.ActiveParams, 1e-12)
	pm, err := PrefillModel(moe)
	require.NoError(t, err)
	assert.True(t, pm.Sparse())
}

// MiMo-V2-Flash from its kept config. By hand: the 9 layers at 0 in
// hybrid_layer_pattern (layer 0 and every sixth, as transformers' port
// reads them: MiMoV2FlashLayers) keep 4 KV heads x (192 + 128) x 2 bytes
// a token; the 39 others 8 x 320 x 2 for at most 128 tokens. Weights:
// untied 152,576 x 4,096 embedding and head; attention q 64 x 192, k and
// v kv x 192 and kv x 128, o 64 x 128 (x 4,096 each); layer 0's MLP of
// 16,384; 47 layers of 256 experts of 2,048 (8 active) with a router.
// The counts are the 309B and 15B Xiaomi names, within rounding.
func TestMiMoV2FlashFromItsConfig(t *testing.T) {
	assert.Contains(t, MiMoV2FlashLayers.Quote, "first layer and every 6th layer")
	m := MustModel("XiaomiMiMo/MiMo-V2-Flash")
	assert.Equal(t, "MiMo-V2-Flash", m.Name)
	assert.Equal(t, breakeven.BytesPerToken(9*4*320*2), m.Arch.BytesPerToken())
	n := breakeven.Tokens(131072)
	assert.Equal(t, breakeven.Bytes(9*4*320*2*131072+39*8*320*2*128), m.Arch.CacheSize(n))
	h := 4096.0
	attn := func(kv float64) float64 { return h*64*192 + h*kv*192 + h*kv*128 + 64*128*h }
	experts, router, dense := 256*3*h*2048, h*256, 3*h*16384
	layers := 9*attn(4) + 39*attn(8) + dense + 47*router
	assert.InEpsilon(t, 2*152576*h+layers+47*experts, m.TotalParams, 1e-12)
	assert.InEpsilon(t, 152576*h+layers+47*experts*8/256, m.ActiveParams, 1e-12)
	assert.InEpsilon(t, 309e9, m.TotalParams, 0.01)
	assert.InEpsilon(t, 15e9, m.ActiveParams, 0.05)
	pm, err := PrefillModel(m)
	require.NoError(t, err)
	assert.True(t, pm.Sparse())
	assert.Equal(t, 47, pm.MoELayers)
}

// Llama-3.3-Nemotron-Super-49B from its kept config, counted by hand
// from its 80 blocks: 49 attend (8 KV heads of 128: 49 x 2 x 8 x 128 x 2
// bytes a token), 31 do not; the MLPs' widths (DeciMLPWidth: 2 x ffn_mult
// x 8,192 / 3, rounded up to 256) are 28,672 on 49 layers (ffn_mult
// 5.25), 14,336 on 6 (2.625), 7,168 on 10 (1.3125), 5,632 on 8 (1.0),
// 2,816 on 6 (0.5) and 17,920 on 1 (3.28125); untied 128,256 x 8,192
// embedding and head. The count is the name's 49B within its rounding.
func TestLlamaNemotronSuperFromItsBlocks(t *testing.T) {
	assert.Contains(t, DeciMLPWidth.Quote, "2 * ffn_mult")
	m := MustModel("nvidia/Llama-3_3-Nemotron-Super-49B-v1")
	assert.Equal(t, "Llama 3.3 Nemotron Super 49B", m.Name)
	assert.Equal(t, breakeven.BytesPerToken(49*2*8*128*2), m.Arch.BytesPerToken())
	h := 8192.0
	attn := h*h + 2*h*8*128 + h*h
	mlp := 0.0
	for width, layers := range map[float64]float64{28672: 49, 14336: 6, 7168: 10, 5632: 8, 2816: 6, 17920: 1} {
		mlp += layers * 3 * h * width
	}
	assert.InEpsilon(t, 2*128256*h+49*attn+mlp, m.TotalParams, 1e-12)
	assert.InEpsilon(t, 128256*h+49*attn+mlp, m.ActiveParams, 1e-12)
	assert.InEpsilon(t, 49e9, m.TotalParams, 0.05)
	pm, err := PrefillModel(m)
	require.NoError(t, err)
	assert.False(t, pm.Sparse())
}

// Nemotron 3's caches and parameters from their kept configs. By hand:
// Nano's 6 attention layers keep 2 x 2 KV heads x 128 x 2 bytes a token,
// and each of its 23 Mamba-2 layers holds (4 - 1) x (64 x 64 + 2 x 8 x
// 128) x 2 bytes of convolution state and 64 x 64 x 128 x 4 of SSM state
// (float32, as the config says; Mamba2StateLayout, with the mixer width
// NemotronHMixerWidth gives). The shapes' parameter counts are the
// names' (30B-A3B, 120B-A12B, 550B-A55B) within the names' rounding, 10%.
func TestNemotron3FromItsConfigs(t *testing.T) {
	assert.Contains(t, Mamba2StateLayout.Quote, "head_dim, state_size")
	assert.Contains(t, NemotronHMixerWidth.Quote, "mamba_num_heads * config.mamba_head_dim")
	nano := MustModel("Nemotron 3 Nano 30B-A3B")
	assert.Equal(t, breakeven.BytesPerToken(6*2*2*128*2), nano.Arch.BytesPerToken())
	assert.Equal(t, breakeven.Bytes(23*(3*(64*64+2*8*128)*2+64*64*128*4)), nano.Arch.FixedBytes())
	for name, counts := range map[string][2]float64{
		"Nemotron 3 Nano 30B-A3B":    {30e9, 3e9},
		"Nemotron 3 Super 120B-A12B": {120e9, 12e9},
		"Nemotron 3 Ultra 550B-A55B": {550e9, 55e9},
	} {
		m := MustModel(name)
		assert.InEpsilon(t, counts[0], m.TotalParams, 0.1, name)
		assert.InEpsilon(t, counts[1], m.ActiveParams, 0.1, name)
		pm, err := PrefillModel(m)
		require.NoError(t, err, name)
		assert.True(t, pm.Sparse(), name)
		assert.Len(t, pm.Attention, 1, "%s: only its attention layers have a quadratic term", name)
	}
}
