package post

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/sources"
)

// The post writes DeepSeek's token counts as whole billions: "608B" input
// tokens, "342B" from the on-disk cache.
func TestBillionsAsThePostWritesThem(t *testing.T) {
	assert.Equal(t, "608", billions(sources.DeepSeekInputTokens.V()))
	assert.Equal(t, "342", billions(sources.DeepSeekHitTokens.V()))
	assert.Equal(t, "1,234", billions(1_234_400_000_000))
}
