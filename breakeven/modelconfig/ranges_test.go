package modelconfig

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
)

// Every whole number of a config passes the bound the architecture flags
// pass (breakeven.MaxDim, or the token span for token counts), and the
// error names the field with a valid line: a head dim of 2^40 would
// otherwise print a cache of 90,100,000 TB, and a vocabulary of 10^18
// weights of 3.28e10 TB.
func TestConfigNumbersPassTheFlagRanges(t *testing.T) {
	for _, c := range []struct{ extra, field, says string }{
		{`"num_key_value_heads": 2, "head_dim": 1099511627776`, "head_dim", "1099511627776: above 1,048,576, the most it may be"},
		{`"num_key_value_heads": 2, "head_dim": 1e30`, "head_dim", "1e30: not a whole number in digits from 0 to 1,048,576"},
		{`"num_key_value_heads": 1048577`, "num_key_value_heads", "above 1,048,576"},
		{`"num_key_value_heads": 2, "first_k_dense_replace": -3, "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 8`, "first_k_dense_replace", "-3: below 0, the least it may be"},
		{`"num_key_value_heads": 2, "sliding_window": 2000000000, "layer_types": ["sliding_attention","full_attention","full_attention","full_attention"]`, "sliding_window", "above 1,000,000,000"},
		{`"num_key_value_heads": 2, "num_experts": 99999999, "num_experts_per_tok": 2, "moe_intermediate_size": 64`, "num_experts", "above 1,048,576"},
	} {
		_, err := Parse([]byte(`{` + base + `, ` + c.extra + `}`))
		var e *Error
		require.True(t, errors.As(err, &e), "%s: %v", c.extra, err)
		assert.Equal(t, c.field, e.Field, c.extra)
		assert.Contains(t, e.Message, c.says, c.extra)
		// The bound is printed whole: no decimals after it.
		_, after, _ := strings.Cut(e.Message, c.says)
		assert.False(t, strings.HasPrefix(after, "."), "%s: %q", c.extra, e.Message)
		assert.Contains(t, e.Example, `"`+c.field+`": `, c.extra)
	}
	// vocab_size, hidden_size and num_hidden_layers in place of base's.
	for field, v := range map[string]string{"vocab_size": "1000000000000000000", "hidden_size": "1099511627776", "num_hidden_layers": "2000000"} {
		in := strings.Replace(`{`+base+`, "num_key_value_heads": 2}`, fmt.Sprintf(`"%s": `, field), fmt.Sprintf(`"%s": %s, "x_%s": `, field, v, field), 1)
		_, err := Parse([]byte(in))
		var e *Error
		require.True(t, errors.As(err, &e), "%s: %v", field, err)
		assert.Equal(t, field, e.Field)
		assert.Contains(t, e.Message, "above 1,048,576")
	}
	// Each within its bound, together past the bound on parameters
	// (1000T, as --params): 2^20 x 2^20 x 3 x 2^10 layers of MLP.
	_, err := Parse([]byte(`{"num_hidden_layers": 1024, "hidden_size": 1048576, "num_attention_heads": 1024, "num_key_value_heads": 1, "head_dim": 1, "vocab_size": 100, "intermediate_size": 1048576}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "above 1000T, the most --params may be")
	// And past the bound on the cache of one token (1 GB).
	_, err = Parse([]byte(`{"num_hidden_layers": 1024, "hidden_size": 64, "num_attention_heads": 1024, "num_key_value_heads": 1024, "head_dim": 1024, "vocab_size": 100, "intermediate_size": 64}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the cache of one token is 4.29 GB at 16 bits, above 1.00 GB")
	assert.Equal(t, 1e9, breakeven.MaxBytesPerToken)
}

// A config.json that starts with a byte-order mark reads as one without,
// as a claims file does.
func TestConfigByteOrderMark(t *testing.T) {
	in := `{` + base + `, "num_key_value_heads": 2}`
	with, err := Parse([]byte("\ufeff" + in))
	require.NoError(t, err)
	assert.Equal(t, parse(t, in), with)
}
