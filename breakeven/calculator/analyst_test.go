package calculator

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

func TestCompareOnTheSameGPUs(t *testing.T) {
	base := Request{Model: "llama-3.1-405b", TTFT: "62s", Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"}
	cases := Compare(base, []string{"llama-3.1-70b", "qwen3-32b", "no-such-model"})
	require.Len(t, cases, 3)
	for _, c := range cases[:2] {
		require.NoError(t, c.Err, c.Label)
		assert.Empty(t, c.Request.TTFT, "a measured time belongs to one model")
		assert.Equal(t, "flop model", c.Answer.Output.PrefillSource)
		assert.Equal(t, float64(32000), c.Answer.Output.Tokens)
	}
	assert.Equal(t, "Llama 3.1 70B", cases[0].Label)
	assert.Error(t, cases[2].Err, "a bad model fails alone")
	// Same cache per token x same prompt: the 70B's 327,680 B/token.
	assert.Equal(t, 327680.0*32000, cases[0].Answer.Output.CacheBytes)

	noGPUs := Compare(Request{Model: "llama-3.1-70b", Prefill: "4380", Link: "10GbE"}, []string{"qwen3-32b"})
	assert.ErrorContains(t, noGPUs[0].Err, "needs --gpus")
	assert.Equal(t, noGPUs[0].Err, Failed(noGPUs), "every case failed alike")
	assert.Nil(t, Failed(cases), "two cases answered")
	_, envRows := Table("model", cases, []string{"break_even"}, Env)
	assert.True(t, strings.HasPrefix(envRows[2][1], "error: KV_MODEL"), envRows[2][1])

	header, rows := Table("model", cases, []string{"break_even", "winner", "mean_ttft"}, breakeven.Flag)
	assert.Equal(t, []string{"model", "break-even", "winner", "mean ttft"}, header)
	assert.Equal(t, Render(cases[0].Answer).Get("break_even"), rows[0][1])
	assert.Equal(t, "–", rows[0][3], "no hit rate, no mean")
	assert.True(t, strings.HasPrefix(rows[2][1], "error: --model"), rows[2][1])
}

func TestSweepAndExport(t *testing.T) {
	base := Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "10GbE"}
	cases, err := Sweep(base, "link", []string{"10GbE", "roce", "12 parsecs/s"})
	require.NoError(t, err)
	require.Len(t, cases, 3)
	assert.Equal(t, "recompute", cases[0].Answer.Output.Winner, "1.25 GB/s is below 4,380 x 327,680 = 1.44 GB/s")
	assert.Equal(t, "load", cases[1].Answer.Output.Winner)
	assert.ErrorContains(t, cases[2].Err, "parsecs")

	_, err = Sweep(base, "overlap", []string{"1"})
	assert.ErrorContains(t, err, "not an input that takes a value")

	b, err := CSV(cases)
	require.NoError(t, err)
	recs, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 4)
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	assert.Equal(t, "breakeven calc --model llama-3.1-70b --tokens 105000 --prefill 4380 --link 10GbE", recs[1][col["command"]])
	assert.Equal(t, "1250000000", recs[1][col["link_bytes_per_second"]])
	assert.Equal(t, "1435238400", recs[1][col["break_even_bytes_per_second"]], "4,380 x 327,680")
	assert.Contains(t, recs[3][col["error"]], "parsecs")
	assert.Empty(t, recs[3][col["cache_bytes"]])

	j, err := JSON(cases)
	require.NoError(t, err)
	var back []map[string]any
	require.NoError(t, json.Unmarshal(j, &back))
	assert.Equal(t, 1435238400.0, back[0]["output"].(map[string]any)["break_even_bytes_per_second"])
	assert.Contains(t, back[2]["error"], "parsecs")
}

// An export's objects and lists (the prefill's parts, the runs behind the
// fitted model) are cells of JSON a spreadsheet or a script can read
// back, and a yes or no is "true" or "false".
func TestExportWritesObjectsAsJSON(t *testing.T) {
	base := Request{Model: "qwen3-32b", GPUs: "8xH100", Tokens: "8000", Link: "400Gbit/s"}
	cases, err := Sweep(base, "link", []string{"400Gbit/s", "100Gbit/s"})
	require.NoError(t, err)
	b, err := CSV(cases)
	require.NoError(t, err)
	recs, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	require.NoError(t, err)
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	var runs map[string][]string
	require.NoError(t, json.Unmarshal([]byte(recs[1][col["prefill_model_runs"]]), &runs), recs[1][col["prefill_model_runs"]])
	assert.Contains(t, runs["memory traffic"], "vast405b")
	var parts map[string]any
	require.NoError(t, json.Unmarshal([]byte(recs[1][col["prefill_parts"]]), &parts), recs[1][col["prefill_parts"]])
	assert.Contains(t, parts, "per_request_seconds")
	assert.Equal(t, "true", recs[1][col["winner_across_prefill_interval"]])
	assert.Equal(t, "false", recs[2][col["winner_across_prefill_interval"]])
}

// Numbers too small or too large for plain decimals are written with an
// exponent, so an export never holds a 25-digit string.
func TestExportWritesExtremeNumbersWithAnExponent(t *testing.T) {
	assert.Equal(t, "1e-05", plainNumber(1e-5))
	assert.Equal(t, "1e+21", plainNumber(1e21))
	assert.Equal(t, "0.0001", plainNumber(1e-4))
	assert.Equal(t, "123456789012345680000", plainNumber(1.2345678901234568e20))
}
