package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var conversationTrace = filepath.Join(repoRoot, "data", "mooncake", "conversation_trace.jsonl")

// replay --json on a hand-made trace gives the hit rate worked by hand:
// three requests of 1,100 tokens (blocks of 512, 512 and 76) with the
// same ids; the second and third are served whole, 2,200 of 3,300
// tokens, and the second's blocks were last used 2 s before.
func TestReplayJSONOnAHandMadeTrace(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "t.jsonl")
	l := func(ts string) string {
		return `{"timestamp": ` + ts + `, "input_length": 1100, "output_length": 3, "hash_ids": [1, 2, 3]}`
	}
	require.NoError(t, os.WriteFile(f, []byte(l("0")+"\n"+l("2000")+"\n"+l("4000")+"\n"), 0o644))
	code, out, errOut := runCmd("replay", "--trace", f, "--model", "llama-3.1-405b", "--tiers", "none", "--json")
	require.Equal(t, 0, code, errOut)
	var r struct {
		HitRate         float64 `json:"hit_rate"`
		RequestsWithHit int     `json:"requests_with_hit"`
		PeakBytes       float64 `json:"peak_bytes"`
		Reuse           struct {
			Count int     `json:"count"`
			P50   float64 `json:"p50"`
		} `json:"reuse_seconds"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.InDelta(t, 2200.0/3300.0, r.HitRate, 1e-12)
	assert.Equal(t, 2, r.RequestsWithHit)
	assert.Equal(t, 3*512*516096.0, r.PeakBytes, "three blocks of the 405B's 516,096 bytes a token")
	assert.Equal(t, 6, r.Reuse.Count)
	assert.InEpsilon(t, 2.0, r.Reuse.P50, 0.0025)
}

// Each bad trace line is one line on stderr with its number; the good
// lines are still replayed and the answer printed.
func TestReplayReportsBadLinesAndGoesOn(t *testing.T) {
	f := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(f, []byte(strings.Join([]string{
		`{"timestamp": 0, "input_length": 512, "hash_ids": [1]}`,
		`not json`,
		`{"timestamp": -5, "input_length": 512, "hash_ids": [1]}`,
		`{"timestamp": 10, "input_length": 2000, "hash_ids": [1]}`,
		`{"timestamp": 20, "input_length": 512, "hash_ids": [1]}`,
		`{"timestamp": 15, "input_length": 512, "hash_ids": [1]}`,
	}, "\n")), 0o644))
	code, out, errOut := runCmd("replay", "--trace", f, "--model", "llama-3.1-405b", "--tiers", "none")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	require.Len(t, lines, 4, errOut)
	for i, n := range []string{"2: not JSON", "3: negative timestamp", "4: hash_ids has 1 ids, shorter than the 4 blocks", "6: timestamp 15 ms is before"} {
		assert.Contains(t, lines[i], "breakeven replay: trace line "+n)
	}
	assert.Regexp(t, `(?m)^  hit rate +50\.0% of input tokens$`, out)
}

// A capacity smaller than one block of the model is refused, naming the
// flag and a size that works.
func TestReplayRefusesACapacityBelowOneBlock(t *testing.T) {
	code, _, errOut := runCmd("replay", "--trace", conversationTrace, "--model", "llama-3.1-405b", "--capacity", "100MB")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `--capacity "100 MB"`)
	assert.Contains(t, errOut, "smaller than one block: a block of 512 tokens is 264 MB")
	assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)

	code, _, errOut = runCmd("replay", "--trace", conversationTrace, "--model", "llama-3.1-405b", "--policy", "ttl")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--keep")
}

// With prices, each tier gets the five-minute rule's keep time, worked by
// hand here for G1 (no load): a token's recompute is 1/r s at the prefill
// speed r the replay reports, on the 8 GPUs of the model's published run
// at $2.50 an hour; its 516,096 bytes rent at $0.50 a GB-hour. A
// tier with no price given gets its cited one (G4: S3 Standard), and the
// text says where each price is from.
func TestReplayKeepTimeFromPricesGiven(t *testing.T) {
	code, out, errOut := runCmd("replay", "--trace", conversationTrace, "--model", "llama-3.1-405b", "--tiers", "G1,G4",
		"--gpu-hour", "$2.50", "--tier-price", "G1=0.50", "--json")
	require.Equal(t, 0, code, errOut)
	var r struct {
		Tiers []struct {
			Tier           string   `json:"tier"`
			Prefill        float64  `json:"prefill_tokens_per_second"`
			KeepSeconds    *float64 `json:"keep_seconds"`
			HitsWithinKeep *float64 `json:"hits_within_keep"`
		} `json:"tiers"`
		PostBreakEven float64 `json:"post_break_even_hit_rate"`
		DeepSeek      float64 `json:"deepseek_hit_rate"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Len(t, r.Tiers, 2)
	require.Positive(t, r.Tiers[0].Prefill)
	byHand := (1 / r.Tiers[0].Prefill * 8 * 2.50 / 3600) / (516096 / 1e9 * 0.50 / 3600)
	require.NotNil(t, r.Tiers[0].KeepSeconds)
	assert.InEpsilon(t, byHand, *r.Tiers[0].KeepSeconds, 1e-9)
	assert.Greater(t, *r.Tiers[0].HitsWithinKeep, 0.0)
	assert.Less(t, *r.Tiers[0].HitsWithinKeep, 0.5, "38 s is well under the median reuse")
	assert.NotNil(t, r.Tiers[1].KeepSeconds, "G4's cited price")
	assert.InDelta(t, 0.206, r.PostBreakEven, 0.001)
	assert.Equal(t, 0.563, r.DeepSeek)

	code, out, errOut = runCmd("replay", "--trace", conversationTrace, "--model", "llama-3.1-405b", "--tiers", "G1,G4",
		"--gpu-hour", "$2.50", "--tier-price", "G1=0.50")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^  GPU hour +\$2\.50 a GPU, 8 GPUs; yours$`, out)
	assert.Regexp(t, `(?m)^    GB-hour in G1 +\$0\.500; yours$`, out)
	assert.Regexp(t, `(?m)^    GB-hour in G4 +\$0\.0000315; price from CloudBurn, 2026-03-13: object$`, out)

	// Qwen3-8B's published run is on one H100: one GPU, not "1 GPUs".
	code, out, errOut = runCmd("replay", "--trace", conversationTrace, "--model", "qwen3-8b", "--tiers", "G1", "--gpu-hour", "$2.50")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^  GPU hour +\$2\.50 a GPU, 1 GPU; yours$`, out)

	code, _, errOut = runCmd("replay", "--trace", conversationTrace, "--model", "llama-3.1-405b", "--tier-price", "G1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "not TIER=PRICE")
}

// The post's formula request by request, worked by hand at a prefill of
// 1,000 tokens/s with hits from G1 (no load): the cold request of 1,100
// tokens takes 1.1 s plus the 4 s penalty, the repeat is served whole in
// no time; the mean is 2.55 s against 1.1 s recomputing both.
func TestReplayTTFTWithAMissPenalty(t *testing.T) {
	f := filepath.Join(t.TempDir(), "t.jsonl")
	require.NoError(t, os.WriteFile(f, []byte(
		`{"timestamp": 0, "input_length": 1100, "hash_ids": [1, 2, 3]}`+"\n"+
			`{"timestamp": 10, "input_length": 1100, "hash_ids": [1, 2, 3]}`+"\n"), 0o644))
	code, out, errOut := runCmd("replay", "--trace", f, "--model", "llama-3.1-405b", "--tiers", "G1", "--prefill", "1000", "--miss-penalty", "4s", "--json")
	require.Equal(t, 0, code, errOut)
	var r struct {
		Tiers []struct {
			Mean          float64 `json:"mean_seconds"`
			RecomputeMean float64 `json:"recompute_mean_seconds"`
			P99           float64 `json:"p99_seconds"`
		} `json:"tiers"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Len(t, r.Tiers, 1)
	assert.InDelta(t, (1.1+4+0)/2, r.Tiers[0].Mean, 1e-9)
	assert.InDelta(t, 1.1, r.Tiers[0].RecomputeMean, 1e-9)
	assert.InDelta(t, 5.1, r.Tiers[0].P99, 1e-9)

	// The text says the one repeat is one request, not "1 requests".
	code, out, errOut = runCmd("replay", "--trace", f, "--model", "llama-3.1-405b", "--tiers", "G1", "--prefill", "1000")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "served whole         1 request (every block found)")
	assert.Contains(t, out, "requests with a hit  1 (50.0%)")
}

// The text report and the help fit 80 columns, as every report does.
func TestReplayOutputFits80Columns(t *testing.T) {
	for _, args := range [][]string{
		{"replay", "--trace", conversationTrace, "--model", "llama-3.1-405b", "--capacities", "100GB,10TB,unbounded",
			"--gpu-hour", "2.5", "--tier-price", "G1=0.5,G2=0.01,G4=0.0001", "--miss-penalty", "4s"},
		{"replay", "-h"},
	} {
		_, out, errOut := runCmd(args...)
		for _, s := range []string{out, errOut} {
			for _, l := range strings.Split(s, "\n") {
				l = strings.ReplaceAll(l, "\t", "        ")
				assert.LessOrEqual(t, len([]rune(l)), 80, "%v: %q", args[:2], l)
			}
		}
	}
}

// The help shows no price that is not cited: prices are named by the GPU
// whose cited price they are (H100, H200), never typed as dollars.
func TestReplayHelpShowsNoUncitedPrice(t *testing.T) {
	_, out, errOut := runCmd("replay", "-h")
	help := out + errOut
	assert.Contains(t, help, "--gpu-hour H200")
	assert.NotRegexp(t, `\$\d|--gpu-hour \$?\d|=\$?0?\.\d|[A-Z]\d(\.5)?=\d`, help)
}
