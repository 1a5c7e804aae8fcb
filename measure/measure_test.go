package measure

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"signalweight.dev/kv/breakeven"
)

func TestPercentileInterpolatesBetweenOrderStatistics(t *testing.T) {
	// Type 7: h = q (n - 1); for 1..5, p10 is at h = 0.4: 1.4; p90 at 3.6: 4.6.
	xs := []float64{5, 3, 1, 4, 2}
	s := SpreadOf(xs)
	assert.InDelta(t, 1.4, s.P10, 1e-12)
	assert.InDelta(t, 3.0, s.P50, 1e-12)
	assert.InDelta(t, 4.6, s.P90, 1e-12)
	assert.Equal(t, 5, s.N)
	assert.InDelta(t, (4.6-1.4)/(2*3), s.RelativeHalfWidth(), 1e-12)
	assert.Equal(t, Spread{}, SpreadOf(nil), "no samples is a zero spread, never NaN in the JSON")
}

func TestFitPrefillRecoversAFixedALinearAndAQuadraticCost(t *testing.T) {
	// t(N) = 0.05 s + N / 2000 + 2e-8 N^2, exactly.
	var ns, ts []float64
	for _, n := range []float64{128, 256, 512, 1024, 2048, 4096} {
		ns = append(ns, n)
		ts = append(ts, 0.05+n/2000+2e-8*n*n)
	}
	f, err := FitPrefill(ns, ts)
	require.NoError(t, err)
	assert.InDelta(t, 0.05, f.FixedSeconds, 1e-9)
	assert.InDelta(t, 2000, f.LinearTokensPerSecond, 1e-6)
	assert.InDelta(t, 2e-8, f.QuadraticSecondsPerTok2, 1e-15)
	assert.Less(t, f.MaxAbsResidual, 1e-9)
	// r(N) is N over the whole time: at 1,000 tokens 1000 / (0.05 + 0.5 + 0.02).
	assert.InDelta(t, 1000/0.57, f.Rate(1000), 1e-6)
}

func TestFitPrefillNeverReturnsANegativeCost(t *testing.T) {
	// Times that an unconstrained fit would give a negative fixed cost
	// (t = N/1000 - 0.02, concave): the fit drops the term instead.
	ns := []float64{100, 200, 400, 800}
	ts := []float64{0.08, 0.18, 0.38, 0.78}
	f, err := FitPrefill(ns, ts)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, f.FixedSeconds, 0.0)
	assert.GreaterOrEqual(t, f.LinearTokensPerSecond, 0.0)
	assert.GreaterOrEqual(t, f.QuadraticSecondsPerTok2, 0.0)
	for _, r := range f.Residuals {
		assert.False(t, math.IsNaN(r))
	}
	_, err = FitPrefill([]float64{100}, []float64{0})
	assert.Error(t, err, "a zero time cannot be fitted")
}

func TestFitLineOfSavedSizes(t *testing.T) {
	f, err := FitLine([]float64{128, 256, 1024}, []float64{1000 + 7*128, 1000 + 7*256, 1000 + 7*1024})
	require.NoError(t, err)
	assert.InDelta(t, 7, f.Slope, 1e-12)
	assert.InDelta(t, 1000, f.Intercept, 1e-9)
	_, err = FitLine([]float64{5, 5}, []float64{1, 2})
	assert.Error(t, err)
}

// smolFormula is SmolLM2-135M's cache per token, computed here from its
// config as the post's formula: 2 (K and V) x 30 layers x 3 KV heads x 64
// x 2 bytes = 23,040 B/token.
const smolFormula = 2 * 30 * 3 * 64 * 2

func TestAnalyzeSubtractsLlamaCppMetadataFromTheSavedBytes(t *testing.T) {
	f := Formula{Name: "SmolLM2-135M", Arch: breakeven.GQAArchitecture(30, 3, 64), Known: true}
	require.Equal(t, float64(smolFormula), float64(f.Arch.BytesPerToken()))
	raw := Raw{SaveRestore: "measured"}
	for _, n := range []int{128, 512, 2048} {
		// A file of 4,321 bytes of header plus the formula's K and V and
		// 16 bytes of metadata per token.
		size := int64(4321 + (smolFormula+16)*n)
		rp := RawPoint{Tokens: n}
		for i := 0; i < 3; i++ {
			rp.Cold = append(rp.Cold, Sample{Tokens: n, TTFT: 0.01 + float64(n)/1000*(1+0.01*float64(i))})
			rp.Cached = append(rp.Cached, Sample{Tokens: n, TTFT: 0.01, CachedTokens: n - 1})
			rp.Saves = append(rp.Saves, SlotResult{Tokens: n, Bytes: size, Seconds: 0.001 + float64(size)/1e9})
			rp.Restores = append(rp.Restores, SlotResult{Tokens: n, Bytes: size, Seconds: 0.002 + float64(size)/2e9})
		}
		raw.Points = append(raw.Points, rp)
	}
	res, err := Analyze(raw, f, []string{"10GbE"}, Settings{}, Provenance{Engine: EngineLlamaCpp})
	require.NoError(t, err)
	bf := res.BytesPerToken
	require.NotNil(t, bf)
	assert.InDelta(t, smolFormula+16, bf.MeasuredBytesPerToken, 1e-6)
	assert.InDelta(t, 4321, bf.HeaderBytes, 1e-3)
	assert.InDelta(t, 16, bf.DifferenceBytesPerTok, 1e-6)
	assert.True(t, bf.Agrees)
	// The restore bandwidth fitted back: 2 GB/s with 2 ms fixed.
	assert.InDelta(t, 2e9, res.SaveRestore.LoadBytesPerSecond, 1)
	assert.InDelta(t, 0.002, res.SaveRestore.LoadFixedSeconds, 1e-9)
	assert.InDelta(t, 1e9, res.SaveRestore.SaveBytesPerSecond, 1)
	// B*(N) = r(N) x measured b, with r(N) = N / median cold TTFT.
	p := res.Points[1]
	r := 512 / (0.01 + 0.512*1.01)
	assert.InDelta(t, r, p.PrefillTokensPerSecond, 1e-9)
	assert.InDelta(t, r*(smolFormula+16), p.BreakEvenBytesPerSecond, 1e-3)
	// The link's verdict at 512 tokens: 10GbE is 1.25 GB/s, loading 512 x
	// 23,040 B takes 9.44 ms, recomputing 0.527 s: load.
	lv := res.Links[0]
	assert.Equal(t, 1.25e9, lv.BytesPerSecond)
	assert.Equal(t, "load", lv.Points[1].Winner)
	assert.InDelta(t, 512.0*smolFormula/1.25e9, lv.Points[1].LoadSeconds, 1e-12)
}

func TestAnalyzeWithoutSaveRestoreSaysSo(t *testing.T) {
	raw := Raw{SaveRestore: "not measured: vllm has no API to save and restore a KV cache"}
	raw.Points = []RawPoint{{Tokens: 128, Cold: []Sample{{TTFT: 0.2}}, Cached: []Sample{{TTFT: 0.05}}},
		{Tokens: 256, Cold: []Sample{{TTFT: 0.4}}, Cached: []Sample{{TTFT: 0.05}}}}
	res, err := Analyze(raw, Formula{Name: "x"}, nil, Settings{}, Provenance{Engine: EngineVLLM})
	require.NoError(t, err)
	assert.False(t, res.SaveRestore.Measured)
	assert.Contains(t, res.Text(), "no API to save and restore")
	assert.Nil(t, res.BytesPerToken)
}

func TestResultRoundTripsThroughItsFile(t *testing.T) {
	raw := Raw{SaveRestore: "measured"}
	raw.Points = []RawPoint{{Tokens: 128, Cold: []Sample{{TTFT: 0.2}}, Cached: []Sample{{TTFT: 0.05}}},
		{Tokens: 256, Cold: []Sample{{TTFT: 0.4}}, Cached: []Sample{{TTFT: 0.05}}}}
	res, err := Analyze(raw, Formula{Name: "x"}, nil, Settings{InputLens: []int{128, 256}}, Provenance{Engine: EngineVLLM})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "m.json")
	fh, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, res.WriteJSON(fh))
	fh.Close()
	back, err := ReadResult(path)
	require.NoError(t, err)
	assert.Equal(t, res.Points[1].PrefillTokensPerSecond, back.Points[1].PrefillTokensPerSecond)
	assert.Equal(t, 256/0.4, back.Points[1].PrefillTokensPerSecond)
}

func TestReadResultNamesWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadResult(filepath.Join(dir, "none.json"))
	assert.ErrorContains(t, err, "no such file")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{"), 0o644)
	_, err = ReadResult(bad)
	assert.ErrorContains(t, err, "not a breakeven measure result")
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, []byte(`{"schema":"something-else"}`), 0o644)
	_, err = ReadResult(other)
	assert.ErrorContains(t, err, `schema "something-else"`)
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, []byte(`{"schema":"breakeven-measure/1","points":[]}`), 0o644)
	_, err = ReadResult(empty)
	assert.ErrorContains(t, err, "no prompt length was measured")
}

func detect(t *testing.T, url, model string, timeout time.Duration) (*Client, error) {
	t.Helper()
	c, err := NewClient(url, model, timeout)
	require.NoError(t, err)
	return c, c.Detect(t.Context())
}

func TestUnreachableServerSaysStartIt(t *testing.T) {
	srv := (&fakeServer{llama: true}).start(t)
	url := srv.URL
	srv.Close()
	_, err := detect(t, url, "m", time.Second)
	var ue *UserError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, "base-url", ue.Field)
	assert.Contains(t, err.Error(), "cannot reach")
	assert.Contains(t, err.Error(), "scripts/engine.sh start")
}

func TestNotOpenAICompatibleIsNamed(t *testing.T) {
	srv := (&fakeServer{}).start(t)
	_, err := detect(t, srv.URL+"/nothing/here", "m", time.Second)
	assert.ErrorContains(t, err, "not an OpenAI-compatible server")
}

func TestModelNotServedListsWhatIs(t *testing.T) {
	srv := (&fakeServer{llama: true, models: []string{"/m/qwen2.5-0.5b.gguf"}}).start(t)
	_, err := detect(t, srv.URL, "llama-70b", time.Second)
	assert.ErrorContains(t, err, `--model: "llama-70b" is not served`)
	assert.ErrorContains(t, err, "e.g. --model qwen2.5-0.5b")
	// The served id's base name is accepted.
	c, err := detect(t, srv.URL, "qwen2.5-0.5b", time.Second)
	require.NoError(t, err)
	assert.Equal(t, EngineLlamaCpp, c.Info.Engine)
	assert.Equal(t, "b1-fake", c.Info.EngineVersion)
}

func TestContextShorterThanALengthIsRefusedBeforeMeasuring(t *testing.T) {
	f := &fakeServer{llama: true, nCtx: 1024}
	srv := f.start(t)
	c, err := detect(t, srv.URL, "smollm2-135m", time.Second)
	require.NoError(t, err)
	_, err = Run(t.Context(), c, Options{InputLens: []int{512, 2048}, Repeats: 1})
	assert.ErrorContains(t, err, "--input-lens: 2048 tokens do not fit the server's context of 1024 tokens")
	assert.Equal(t, 0, f.prompts, "nothing is sent")
}

func TestContextErrorFromTheServerIsExplained(t *testing.T) {
	// A server whose /props does not say its context: its error does.
	f := &fakeServer{nCtx: 300}
	srv := f.start(t)
	c, err := detect(t, srv.URL, "smollm2-135m", time.Second)
	require.NoError(t, err)
	_, err = Run(t.Context(), c, Options{InputLens: []int{128, 512}, Repeats: 1})
	assert.ErrorContains(t, err, "a 512-token prompt does not fit the server's context")
	assert.ErrorContains(t, err, "exceeds the available context size")
}

func TestEngineWithoutSaveRestoreIsMeasuredForTheRest(t *testing.T) {
	for _, f := range []*fakeServer{{llama: false}, {llama: true, nCtx: 4096, slotSave: false}} {
		srv := f.start(t)
		c, err := detect(t, srv.URL, "smollm2-135m", time.Second)
		require.NoError(t, err)
		raw, err := Run(t.Context(), c, Options{InputLens: []int{64, 128}, Repeats: 2})
		require.NoError(t, err)
		assert.Contains(t, raw.SaveRestore, "not measured")
		assert.Len(t, raw.Points[1].Cold, 2)
		assert.Len(t, raw.Points[1].Cached, 2)
		assert.Empty(t, raw.Points[1].Saves)
		// The cached request found all but one token of the prompt.
		assert.Equal(t, 127, raw.Points[1].Cached[0].CachedTokens)
		assert.Equal(t, 0, raw.Points[1].Cold[0].CachedTokens)
	}
}

func TestSaveRestoreRecordsBytesAndTimes(t *testing.T) {
	f := &fakeServer{llama: true, nCtx: 4096, slotSave: true, perToken: 10}
	srv := f.start(t)
	c, err := detect(t, srv.URL, "smollm2-135m", time.Second)
	require.NoError(t, err)
	raw, err := Run(t.Context(), c, Options{InputLens: []int{64, 128}, Repeats: 2})
	require.NoError(t, err)
	assert.Equal(t, "measured", raw.SaveRestore)
	p := raw.Points[1]
	require.Len(t, p.Saves, 2)
	assert.Equal(t, SlotResult{Tokens: 128, Bytes: 100 + 10*128, Seconds: 0.0015}, p.Saves[0])
	assert.Equal(t, SlotResult{Tokens: 128, Bytes: 100 + 10*128, Seconds: 0.001}, p.Restores[0])
	// After the restore the prompt is served from the restored cache.
	assert.Equal(t, 127, p.Restored[0].CachedTokens)
}

func TestTimeoutIsBoundedAndNamed(t *testing.T) {
	f := &fakeServer{llama: true, nCtx: 4096, delay: 2 * time.Second}
	srv := f.start(t)
	c, err := detect(t, srv.URL, "smollm2-135m", 50*time.Millisecond)
	require.NoError(t, err)
	_, err = Run(t.Context(), c, Options{InputLens: []int{64}, Repeats: 1})
	assert.ErrorContains(t, err, "--timeout: ")
	assert.ErrorContains(t, err, "gave no answer within 50ms")
}

func TestInterruptKeepsWhatWasMeasured(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	f := &fakeServer{llama: true, nCtx: 4096, delay: 30 * time.Millisecond}
	// Cancel (as Ctrl-C does) when the first 128-token prompt arrives:
	// the 64-token length of the first repeat is measured by then.
	f.onRequest = func(n int) {
		if n == 128 {
			cancel()
		}
	}
	srv := f.start(t)
	c, err := detect(t, srv.URL, "smollm2-135m", time.Second)
	require.NoError(t, err)
	raw, err := Run(ctx, c, Options{InputLens: []int{64, 128}, Repeats: 3})
	assert.True(t, errors.Is(err, ErrInterrupted))
	assert.True(t, raw.Interrupted)
	assert.Len(t, raw.Points[0].Cold, 1)
	assert.Empty(t, raw.Points[1].Cold)
	res, err := Analyze(raw, Formula{Name: "m"}, nil, Settings{}, Provenance{})
	require.NoError(t, err)
	assert.True(t, res.Interrupted)
	assert.Len(t, res.Points, 1)
}

func TestPromptsShareNoFirstToken(t *testing.T) {
	g := newPrompts(1, 49152)
	seen := map[int]bool{}
	for i := 0; i < 1000; i++ {
		p := g.next(8)
		assert.False(t, seen[p[0]], "first token %d repeated", p[0])
		seen[p[0]] = true
		for _, id := range p {
			assert.True(t, id >= 100 && id < 32000)
		}
	}
}

// A result keeps the model's shape (layers, KV heads, head dim) only where
// those three numbers give its whole cache: one GQA group whose values
// are as wide as its keys. A group with narrower values (keys of 192,
// values of 128) is not written as a shape that would price its values
// at 192, so a result without its config reads no formula.
func TestAResultKeepsAShapeOnlyWhereItGivesTheCache(t *testing.T) {
	raw := Raw{Points: []RawPoint{{Tokens: 128, Cold: []Sample{{TTFT: 0.2}}, Cached: []Sample{{TTFT: 0.05}}},
		{Tokens: 256, Cold: []Sample{{TTFT: 0.4}}, Cached: []Sample{{TTFT: 0.05}}}}}
	plain := Formula{Name: "SmolLM2-135M", Arch: breakeven.GQAArchitecture(30, 3, 64), Known: true}
	res, err := Analyze(raw, plain, nil, Settings{}, Provenance{Engine: EngineVLLM})
	require.NoError(t, err)
	assert.Equal(t, [3]int{30, 3, 64}, [3]int{res.Model.Layers, res.Model.KVHeads, res.Model.HeadDim})
	assert.Equal(t, plain.Arch.BytesPerToken(), res.Formula().Arch.BytesPerToken())

	narrow := Formula{Name: "narrow values", Known: true,
		Arch: breakeven.Architecture{Groups: []breakeven.LayerGroup{{Attention: breakeven.GQA, Layers: 9, KVHeads: 4, HeadDim: 192, VDim: 128}}}}
	res, err = Analyze(raw, narrow, nil, Settings{}, Provenance{Engine: EngineVLLM})
	require.NoError(t, err)
	assert.Zero(t, res.Model.HeadDim, "no shape that would price the values at the keys' width")
	assert.InDelta(t, 9*4*(192+128)*2, res.Model.FormulaBytesPerToken, 0)
	assert.False(t, res.Formula().Known)
}
