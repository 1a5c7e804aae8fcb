package measure

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/internal/engine"
)

// The measurement against the real engine: llama.cpp's llama-server
// serving each shape (internal/engine; skipped with -short or when the
// engine is not built). It asserts physical invariants, never a speed.

// shapeFormula is each shape's 16-bit cache per token, from the numbers
// of its config.json typed here: 2 (K and V) x layers x KV heads x head
// dim x 2 bytes.
var shapeFormula = map[string]float64{
	engine.SmolLM2: 2 * 30 * 3 * (576 / 9) * 2,  // 30 layers, 3 KV heads, hidden 576 / 9 heads = 64
	engine.Qwen25:  2 * 24 * 2 * (896 / 14) * 2, // 24 layers, 2 KV heads, hidden 896 / 14 heads = 64
}

// measureShape measures a shape on a fresh server at lengths from 128 to
// 1,024 tokens, three repeats.
func measureShape(t *testing.T, shape string) (Result, string) {
	t.Helper()
	if _, set := os.LookupEnv("ENGINE_EXTRA_ARGS"); !set {
		// One thread: on a machine shared with other work, llama.cpp's
		// threads wait on each other whenever one is descheduled.
		t.Setenv("ENGINE_EXTRA_ARGS", "-t 1 -tb 1")
	}
	base, slotDir := engine.Start(t, shape)
	cfg, err := engine.ConfigPath(shape)
	require.NoError(t, err)
	c, err := NewClient(base, servedModel(t, base), 5*time.Minute)
	require.NoError(t, err)
	require.NoError(t, c.Detect(t.Context()))
	require.Equal(t, EngineLlamaCpp, c.Info.Engine)
	raw, err := Run(t.Context(), c, Options{InputLens: []int{128, 256, 512, 1024}, Repeats: 3, Seed: 7})
	require.NoError(t, err)
	f, err := ResolveFormula(shape, cfg)
	require.NoError(t, err)
	prov := Provenance{Engine: c.Info.Engine, EngineVersion: c.Info.EngineVersion, ContextTokens: c.Info.ContextTokens,
		Machine: ThisMachine(), Date: raw.Started.Format(time.RFC3339), RandomWeights: true}
	res, err := Analyze(raw, f, []string{"10GbE"}, Settings{InputLens: []int{128, 256, 512, 1024}, Repeats: 3}, prov)
	require.NoError(t, err)
	for _, p := range res.Points {
		t.Logf("%s N=%d: cold %.4f s (p10 %.4f, p90 %.4f), cached %.4f s, restored %.4f s, r %.0f tokens/s (server %.0f), fit %+.1f%%, saved %d B, restore %.4f s",
			shape, p.Tokens, p.ColdTTFT.P50, p.ColdTTFT.P10, p.ColdTTFT.P90, p.CachedTTFT.P50, p.RestoredTTFT.P50,
			p.PrefillTokensPerSecond, p.ServerRate, 100*p.RelativeResidual, p.SavedBytes, p.RestoreSeconds.P50)
	}
	return res, slotDir
}

func TestRealEngineMeasurementHoldsPhysicalInvariants(t *testing.T) {
	for _, shape := range engine.Shapes {
		t.Run(shape, func(t *testing.T) {
			res, slotDir := measureShape(t, shape)
			require.Len(t, res.Points, 4)

			// Bytes per token: the saved file's slope, less llama.cpp's
			// 16 bytes of token id and cell metadata, is the formula's.
			bf := res.BytesPerToken
			require.NotNil(t, bf)
			assert.InDelta(t, shapeFormula[shape], res.Model.FormulaBytesPerToken, 0, "the project's formula")
			assert.InDelta(t, shapeFormula[shape]+16, bf.MeasuredBytesPerToken, 1e-6, "the saved file's bytes per token")
			assert.True(t, bf.Agrees)
			// The size the server reports is the file on disk.
			for _, p := range res.Points {
				st, err := os.Stat(filepath.Join(slotDir, SlotFile(p.Tokens)))
				require.NoError(t, err)
				assert.Equal(t, p.SavedBytes, st.Size(), "n_written is the file's size at %d tokens", p.Tokens)
			}

			for _, p := range res.Points {
				// Every cold request prefilled the whole prompt; every
				// cached one took all but the last token from the cache.
				for _, s := range p.Samples.Cold {
					assert.Equal(t, 0, s.CachedTokens)
					assert.Equal(t, p.Tokens, s.ServerPromptTokens)
				}
				for _, s := range append(p.Samples.Cached, p.Samples.Restored...) {
					assert.Equal(t, p.Tokens-1, s.CachedTokens)
				}
				if p.Tokens >= 512 {
					// The cache is worth having, and on local storage a
					// restore beats recomputing.
					assert.Less(t, p.CachedTTFT.P50, p.ColdTTFT.P50, "cached below cold at %d tokens", p.Tokens)
					assert.Less(t, p.RestoredTTFT.P50, p.ColdTTFT.P50, "restored below cold at %d tokens", p.Tokens)
					assert.Less(t, p.RestoreSeconds.P50, p.RecomputeSeconds, "restore faster than recompute at %d tokens", p.Tokens)
				}
				// The fit reproduces each point within the repeats' own
				// spread (twice it, at least 2%).
				assert.LessOrEqual(t, abs(p.RelativeResidual), res.PrefillFitTolerance, "fit at %d tokens", p.Tokens)
			}
			assert.True(t, res.SaveRestore.Measured)
			assert.Greater(t, res.SaveRestore.LoadBytesPerSecond, 0.0)

			// A hit over the 10GbE link pays its load and the cached TTFT
			// this server measured, and still beats a cold request from
			// 512 tokens.
			require.Len(t, res.Links, 1)
			for i, lp := range res.Links[0].Points {
				p := res.Points[i]
				assert.Equal(t, p.CachedTTFT.P50, lp.CachedTTFTSeconds)
				assert.InDelta(t, lp.LoadSeconds+p.CachedTTFT.P50, lp.HitSeconds, 1e-12)
				if p.Tokens >= 512 {
					assert.Equal(t, "load", lp.HitWinner, "a hit beats a cold request at %d tokens", p.Tokens)
				}
			}
		})
	}
}

func TestRealEngineMeasurementRoundTripsIntoCalc(t *testing.T) {
	res, _ := measureShape(t, engine.SmolLM2)
	path := filepath.Join(t.TempDir(), "measured.json")
	fh, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, res.WriteJSON(fh))
	require.NoError(t, fh.Close())

	req, err := ApplyMeasured(calculator.Request{Link: "10GbE"}, path)
	require.NoError(t, err)
	ans, err := calculator.Compute(req)
	require.NoError(t, err)
	out := ans.Output
	// r is the fitted r(N) at the longest length, b the formula's, which
	// the saved file confirmed.
	assert.Equal(t, 1024.0, out.Tokens)
	assert.InEpsilon(t, 1024/res.PrefillFit.Seconds(1024), out.PrefillTokensPerSecond, 1e-12)
	assert.Equal(t, shapeFormula[engine.SmolLM2], out.BytesPerToken)
	assert.InEpsilon(t, out.PrefillTokensPerSecond*shapeFormula[engine.SmolLM2], out.BreakEvenBytesPerSecond, 1e-12)
	assert.Equal(t, "measured", out.PrefillProvenance)
	assert.Contains(t, out.PrefillProvenanceText, path)
	assert.Contains(t, out.PrefillProvenanceText, "llama.cpp")
}

// servedModel is the one model the engine serves, as /v1/models names it.
func servedModel(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/v1/models")
	require.NoError(t, err)
	defer resp.Body.Close()
	var m struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&m))
	require.Len(t, m.Data, 1)
	return m.Data[0].ID
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
