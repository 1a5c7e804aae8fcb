package post

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// The smallest window and fixed state still print: a window of one token
// and one byte of fixed state are as real as any other, and the catalog
// table must not hide them.
func TestGroupsTextPrintsEveryWindowAndFixedState(t *testing.T) {
	a := breakeven.Architecture{
		Groups: []breakeven.LayerGroup{
			{Attention: breakeven.GQA, Layers: 2, KVHeads: 1, HeadDim: 4, Window: 1},
			{Attention: breakeven.GQA, Layers: 3, KVHeads: 1, HeadDim: 4},
		},
		Fixed: 1,
	}
	assert.Equal(t, "gqa layers=2 kv_heads=1 head_dim=4 window=1; gqa layers=3 kv_heads=1 head_dim=4; fixed_bytes=1", groupsText(a))
}

// A figure the catalog lacks is empty in its table, not 0: Mistral Medium
// 3.5 has no context read; a model that has one shows it.
func TestCatalogLeavesAFigureItLacksEmpty(t *testing.T) {
	tab := CatalogData()
	col := map[string]Column{}
	for _, c := range tab.Columns {
		for _, stem := range []string{"name", "context", "total_params"} {
			if c.Name == stem || strings.HasPrefix(c.Name, stem+"_") {
				col[stem] = c
			}
		}
	}
	if len(col) != 3 {
		t.Fatalf("columns: %v", col)
	}
	names := col["name"].Text
	found := 0
	for i, n := range names {
		switch n {
		case "Mistral Medium 3.5":
			assert.True(t, math.IsNaN(col["context"].Values[i]), "context %v", col["context"].Values[i])
			assert.Equal(t, 128e9, col["total_params"].Values[i])
			found++
		case "Llama 3.1 8B":
			assert.Equal(t, float64(128*1024), col["context"].Values[i])
			found++
		}
	}
	assert.Equal(t, 2, found)
}

// The catalog table prints each cache at 16 bits, uncompressed: by hand,
// Llama 3.1 405B keeps 2 x 126 x 8 x 128 x 2 = 516,096 B per token and
// 131,072 of them; DeepSeek-V3's MLA keeps 61 x (512 + 64) x 2 = 70,272.
func TestCatalogCachesAtSixteenBitsUncompressed(t *testing.T) {
	rows := csvCells(t, CatalogData(), func(r map[string]string) string { return r["name"] })
	assert.Equal(t, 516096.0, cell(t, rows, "Llama 3.1 405B", "bytes_per_token"))
	assert.Equal(t, 516096.0*131072, cell(t, rows, "Llama 3.1 405B", "at_128k_bytes"))
	assert.Equal(t, 70272.0, cell(t, rows, "DeepSeek-V3", "bytes_per_token"))
}
