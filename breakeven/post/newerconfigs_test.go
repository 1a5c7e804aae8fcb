package post

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/sources"
)

// The post's sizes of Kimi K3 and DeepSeek V4 Pro, judged against their
// own configs (worked by hand in sources' TestNewerModelsAreReadFromTheirConfigs):
// Kimi K3 is 24 x 576 x 2 = 27,648 B/token and 131,072 x 27,648 + 69 x
// 6,512,640 = 4,073,250,816 B at 128K, the post's 27.6 KB and 4.1 GB;
// DeepSeek V4 Pro's attention entries are 30 x 256 + 31 x 8 = 7,928
// B/token, the post's 7.9 KB, but its CSA layers' indexer keys add 480.
func TestNewerModelsCheckedAgainstTheirConfigs(t *testing.T) {
	find := func(id string) Finding {
		for _, e := range sources.Ledger {
			if e.ID == id {
				f, err := AuditEntry(e)
				require.NoError(t, err, id)
				return f
			}
		}
		t.Fatalf("no ledger entry %s", id)
		return Finding{}
	}
	cases := []struct {
		id      string
		value   float64 // in the entry's unit
		verdict Verdict
	}{
		{"newer.kimik3.per-token", 27.648, Match},
		{"newer.kimik3.128k", 4.073250816, Match},
		{"newer.deepseekv4pro.per-token", 8.408, Differs},
		{"newer.deepseekv4pro.128k", (131072*8408 + 61*128*1024 + 30*40960 + 31*524288) / 1e9, Differs},
	}
	for _, c := range cases {
		f := find(c.id)
		assert.InDelta(t, c.value, f.Recomputed.Value, 1e-9, c.id)
		assert.Equal(t, c.verdict, f.Verdict, c.id)
		assert.False(t, f.Unexpected(), c.id)
		assert.Equal(t, Match, f.Transcribed, "%s: the post's figure is typed as printed", c.id)
	}
	// The reasons name the part the post leaves out, from the computed
	// values: 7,928 B of entries and 480 B of indexer keys per token.
	assert.Contains(t, find("newer.deepseekv4pro.per-token").Reason, "7.93 KB/token at 16 bits, which is the printed 7.90 KB/token")
	assert.Contains(t, find("newer.deepseekv4pro.per-token").Reason, "480 B/token more")
	assert.Contains(t, find("newer.deepseekv4pro.128k").Reason, "are 1.05 GB at 131,072 tokens")
}
