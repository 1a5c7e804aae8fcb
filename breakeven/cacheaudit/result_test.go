package cacheaudit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A result file is read back and its test recomputed from the samples,
// whatever the file says of it.
func TestReadResultRecomputesFromSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	doc := `{"level":"per-user","alpha":0.01,"prompt_length":40,"shared_prefix":38,
	"hits":[{"hit":true,"ttft_s":0.1},{"hit":true,"ttft_s":0.2},{"hit":true,"ttft_s":0.3},{"hit":true,"ttft_s":0.4}],
	"misses":[{"ttft_s":0.5},{"ttft_s":0.6},{"ttft_s":0.7},{"ttft_s":0.8}],
	"ks":{"d_plus":0.1,"p":0.9},"detected":false}`
	require.NoError(t, os.WriteFile(path, []byte(doc), 0o644))
	r, err := ReadResult(path)
	require.NoError(t, err)
	assert.Equal(t, 1.0, r.KS.DPlus)
	assert.InEpsilon(t, 1/70.0, r.KS.P, 1e-12) // 1/C(8, 4)
	assert.False(t, r.Detected, "1/70 is not below 0.01")
	assert.InDelta(t, 0.25, r.MedianHit, 1e-12)
	assert.InDelta(t, 0.65, r.MedianMiss, 1e-12)
	x, y := r.ECDF(true)
	assert.Equal(t, []float64{100, 200, 300, 400}, x)
	assert.Equal(t, []float64{0.25, 0.5, 0.75, 1}, y)

	require.NoError(t, os.WriteFile(path, []byte(`{"hits":[]}`), 0o644))
	_, err = ReadResult(path)
	assert.ErrorContains(t, err, "no hit or no miss samples")
}
