package modelconfig

import (
	"math"
	"testing"
)

// Any bytes given as a config.json are read or refused with an error:
// never a panic, and never a cache or parameter count that is negative,
// infinite or NaN. Seeded with each family's small configs.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		`{` + base + `}`,
		`{` + base + `, "num_key_value_heads": 2, "head_dim": 16, "sliding_window": 8, "layer_types": ["sliding_attention", "full_attention", "sliding_attention", "full_attention"]}`,
		`{` + gemma4Base + `, "enable_moe_block": true, "num_experts": 4, "top_k_experts": 2, "moe_intermediate_size": 8}`,
		`{` + nemotronBase + `, "hybrid_override_pattern": "MEM*-E", "time_step_limit": [0.0, Infinity]}`,
		`{` + nemotronBase + `, "layers_block_type": ["mamba", "attention", "moe"], "moe_latent_size": 8}`,
		`{` + compressedBase + `, "compress_ratios": [0, 4, 128, 4]}`,
		`{` + hybrid + `, "full_attention_interval": 2}`,
		`{` + mimoBase + `}`,
		`{` + deciBase + `}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			return
		}
		for name, v := range map[string]float64{
			"bytes per token": float64(c.Arch.BytesPerToken()), "fixed bytes": float64(c.Arch.FixedBytes()),
			"total params": c.TotalParams, "active params": c.ActiveParams,
		} {
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%s is %v for %q", name, v, data)
			}
		}
	})
}
