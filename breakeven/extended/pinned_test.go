package extended

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
)

// An empty prompt leaves nothing to load: the load path takes no time,
// whatever the link's latency.
func TestSplitCacheEmptyPrompt(t *testing.T) {
	a := breakeven.GQAArchitecture(32, 8, 128)
	l := Load{Latency: 0.1, Efficiency: 1, Link: 10 * breakeven.GBps}
	prefix := func(x breakeven.Tokens) breakeven.Seconds { return breakeven.Seconds(float64(x) / 1e4) }
	o := SplitCache(a, 0, prefix, l)
	assert.Equal(t, breakeven.Seconds(0), o.Load)
	assert.Equal(t, breakeven.Seconds(0), o.Time)
}

// A load of one byte pays the fixed cost; only an empty cache loads in no
// time: 50 ms + 1 B / (0.5 x 1 GB/s) = 0.050000002 s.
func TestLoadOfOneByte(t *testing.T) {
	l := Load{Latency: 0.05, Efficiency: 0.5, Link: breakeven.GBps}
	assert.InEpsilon(t, 0.05+1/(0.5*1e9), float64(l.Time(1)), 1e-15)
	assert.Zero(t, float64(l.Time(0)))
}

// Validate takes any positive finite link, however slow: half a byte per
// second is a link (a second's transfer moves half a byte); zero is not.
func TestLoadValidateSlowLink(t *testing.T) {
	assert.NoError(t, Load{Efficiency: 1, Link: 0.5}.Validate())
	assert.Error(t, Load{Efficiency: 1, Link: 0}.Validate())
}
