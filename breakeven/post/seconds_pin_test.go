package post

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Times print at three significant digits, as the post prints VAST's
// load: the 405B cache, 126 layers x 8 KV heads x 128 dims x 2 (K, V) x
// 2 bytes x 127,188 tokens = 65.64 GB, over 181 Gbit/s (22.625 GB/s) is
// 2.901 s, printed "2.90".
func TestTimesPrintAtThreeDigits(t *testing.T) {
	var got string
	for _, r := range MultiplierPrinted().Rows {
		if r[0] == "predicted load time (s)" {
			got = r[1]
		}
	}
	load := 126.0 * 8 * 128 * 2 * 2 * 127188 / (181e9 / 8)
	assert.InDelta(t, 2.901, load, 0.0005)
	assert.Regexp(t, `^2\.90 \(2\.\d\d to 2\.\d\d\)$`, got)
}
