package factcheck_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// The verdicts of the claims issue 21 added to the registry, each worked
// by hand:
//
//   - Mooncake's 40 GB for 128k tokens of LLaMA3-70B: 131,072 x 327,680 B
//     = 42,949,672,960 B = 40 GiB exactly, so it matches only read as GiB
//     and 128k as 131,072;
//   - Mooncake's 87 GB/s over 4 x 200 Gbit/s (4 x 25 GB/s = 100 GB/s) and
//     190 GB/s over 8 x 400 Gbit/s (400 GB/s): within the links;
//   - vLLM's 50 GB/s one way on one H100: within PCIe Gen5 x16's 16 x 32
//     GT/s / 8 = 64 GB/s, the host-to-device path its preset implies;
//   - vLLM's blocks of 16 tokens: Llama 3.1 8B 16 x 131,072 B = 2 MiB
//     (2.10 MB, within "2 MB"'s half unit); Qwen3-32B (64 layers x 8 KV
//     heads x 128 x 2 x 2 B = 262,144 B/token) 16 x 262,144 / 2 = 2 MiB at
//     TP=2; Llama 3.1 70B 16 x 327,680 / 4 = 1,310,720 B = 1.25 MiB at
//     TP=4, so "1.25 MB" matches only as MiB;
//   - Google's Lustre post states no time, size or throughput.
func TestIssue21ClaimsGetTheirVerdicts(t *testing.T) {
	want := map[string]factcheck.Verdict{
		"mooncake-te-llama3-70b-128k-40gb":            factcheck.SizeMisread,
		"mooncake-te-87gbs-4x200":                     factcheck.Plausible,
		"mooncake-te-190gbs-8x400":                    factcheck.Plausible,
		"vllm-offload-h100-50gbs":                     factcheck.Plausible,
		"vllm-offload-llama-3.1-8b-block-2mb":         factcheck.SizeMatches,
		"vllm-offload-qwen3-32b-block-2mb-tp2":        factcheck.SizeMatches,
		"vllm-offload-llama-3.1-70b-block-1.25mb-tp4": factcheck.SizeMisread,
	}
	ok, refused, err := factcheck.CheckRegistry(factcheck.Options{})
	require.NoError(t, err)
	got := map[string]factcheck.Result{}
	for _, r := range ok {
		got[r.Claim.ID] = r
	}
	for id, v := range want {
		r, found := got[id]
		if assert.True(t, found, id) {
			assert.Equal(t, v, r.Verdict, "%s: %s", id, r.Explanation())
		}
	}

	mooncake := got["mooncake-te-llama3-70b-128k-40gb"].SizeCheck
	require.NotNil(t, mooncake)
	assert.InDelta(t, 131072.0*327680, float64(mooncake.Computed), 0.5)
	assert.InDelta(t, 40.0*(1<<30), float64(mooncake.Computed), 0.5)
	assert.Equal(t, "GiB written as GB, and 128k meaning 131,072 tokens", mooncake.Reading)

	assert.InDelta(t, 4*200e9/8, float64(got["mooncake-te-87gbs-4x200"].Capacity()), 1)
	assert.InDelta(t, 8*400e9/8, float64(got["mooncake-te-190gbs-8x400"].Capacity()), 1)

	h2d := got["vllm-offload-h100-50gbs"]
	assert.Equal(t, sources.PathPCIeH2D, h2d.Path.ID)
	assert.InDelta(t, 16*32e9/8, float64(h2d.Capacity()), 1)

	for id, bytes := range map[string]float64{
		"vllm-offload-llama-3.1-8b-block-2mb":         16 * 131072,
		"vllm-offload-qwen3-32b-block-2mb-tp2":        16 * 262144 / 2,
		"vllm-offload-llama-3.1-70b-block-1.25mb-tp4": 16 * 327680 / 4,
	} {
		sc := got[id].SizeCheck
		if assert.NotNil(t, sc, id) {
			assert.InDelta(t, bytes, float64(sc.Computed), 0.5, id)
		}
	}
	assert.Equal(t, "MiB written as MB", got["vllm-offload-llama-3.1-70b-block-1.25mb-tp4"].SizeCheck.Reading)

	var lustre bool
	for _, r := range refused {
		lustre = lustre || r.Claim.ID == "google-lustre-llama-3.3-70b-50k"
	}
	assert.True(t, lustre, "the Lustre claim states nothing to check")
}
