package factcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A row of the registry table, against hand arithmetic: 105,000 tokens of
// Llama 3.1 70B (327,680 B each) in 0.58 s to first token need at least
// 105,000 x 327,680 / 0.58 = 59.3 GB/s; one 400 Gbit/s link carries 50.0.
func TestRegistryRowByHand(t *testing.T) {
	r, err := NewChecker(Options{}).Check(Claim{ID: "x", Model: "llama-3.1-70b", Tokens: "105000", Seconds: "0.58", Links: "1x400Gbit/s", Source: "nand-weka"})
	require.NoError(t, err)
	row := RegistryRows([]Result{r})[0]
	require.Len(t, row, len(RegistryHeader))
	assert.Equal(t, "105,000", row[3])
	assert.Equal(t, "0.58 TTFT", row[4])
	assert.Equal(t, "≥ 59.3", row[5])
	assert.Contains(t, row[6], "50")
	assert.Equal(t, "-", row[7])
	assert.Equal(t, string(NeedsMoreLinks), row[8])
}

func TestStatedListsEveryForm(t *testing.T) {
	c := Claim{Seconds: "465ms", SecondsAre: SecondsLoad, Uncached: "70.8s", Speedup: "152x", Size: "40 GB", Throughput: "40GiB/s", PerNode: true, Hit: "90%"}
	assert.Equal(t, "465ms load, 70.8s uncached, 152x speedup, 40 GB, 40GiB/s per node, 90% hit", Stated(c))
	assert.Equal(t, "0.58 TTFT, 10GB/s in total", Stated(Claim{Seconds: "0.58", Throughput: "10GB/s"}))
}

// The refused claims' table has one row per refused claim, in order, each
// with its id, its publisher (from the source catalog), its model, what
// it states, the reason and the checker's message.
func TestRefusedRows(t *testing.T) {
	refused := []Refused{
		{Claim: Claim{ID: "a", Source: "nand-weka", Model: "Llama 3.1 70B", Speedup: "41x"}, Reason: "no times", Err: assert.AnError},
		{Claim: Claim{ID: "b", Source: "not-a-source", Model: "m", Seconds: "1"}, Reason: "r"},
	}
	rows := RefusedRows(refused)
	require.Len(t, rows, 2)
	require.Len(t, rows[0], len(RefusedHeader))
	assert.Equal(t, []string{"a", "NAND Research", "Llama 3.1 70B", "41x speedup", "no times", assert.AnError.Error()}, rows[0])
	assert.Equal(t, []string{"b", "not-a-source", "m", "1 TTFT", "r", ""}, rows[1])
	assert.Empty(t, RefusedRows(nil))
}

// A row at the small end: one token, and a need below 1 B/s, are shown,
// not dashed.
func TestRegistryRowSmallest(t *testing.T) {
	r, err := NewChecker(Options{LoadConfig: tinyModel}).Check(Claim{ID: "s", Config: "x", Tokens: "1", Seconds: "10", KVDtype: "fp8"})
	require.NoError(t, err)
	require.InDelta(t, 0.1, float64(r.Required), 1e-12)
	row := RegistryRows([]Result{r})[0]
	assert.Equal(t, "1", row[3])
	assert.Equal(t, "≥ 1.00e-10", row[5]) // 0.1 B/s in GB/s
}
