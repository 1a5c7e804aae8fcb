package replay

import (
	"fmt"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// KeepTime is Gray and Putzolu's five-minute rule (SIGMOD 1987: keep a
// page in memory while the rent of its memory is below the cost of the
// disc accesses it saves) restated for a KV cache in a tier: keep a
// block while the expected saving of a hit on it exceeds the cost of
// holding its bytes. A hit on a block of n tokens saves its recompute,
// n / r seconds of the prefill's GPUs, less its load, n x b / bw seconds
// of the same GPUs waiting, priced at gpuHour per GPU; holding it costs
// n x b bytes x the tier's price per GB-hour. The two are equal after
//
//	T* = (1/r - b/bw) x gpus x gpuHour / (b x tierGBHour / 1e9)
//
// whatever the block's size. bw 0 means no load (G1). It is an error
// when the load is no faster than the recompute (no keep time pays) or
// an input is not positive.
func KeepTime(r breakeven.TokenRate, b breakeven.BytesPerToken, bw breakeven.Bandwidth, gpus, gpuHour, tierGBHour float64) (breakeven.Seconds, error) {
	if !(r > 0) || !(b > 0) || !(gpus > 0) || !(gpuHour > 0) || !(tierGBHour > 0) || bw < 0 {
		return 0, fmt.Errorf("replay: the keep-time rule needs a positive prefill, cache per token, GPU count and prices")
	}
	perToken := 1 / float64(r) // GPU seconds a token's recompute takes
	if bw > 0 {
		perToken -= float64(b) / float64(bw)
	}
	if perToken <= 0 {
		return 0, fmt.Errorf("replay: a load of %v/token over %v is no faster than recomputing at %v, so keeping the cache never pays", b, bw, r)
	}
	saving := perToken * gpus * gpuHour / 3600   // dollars a token's hit saves
	rent := float64(b) / 1e9 * tierGBHour / 3600 // dollars a token's cache costs a second
	return breakeven.Seconds(saving / rent), nil
}

// ParsePrice reads a price in dollars: "2.50", "$2.50"; field names the
// input for its error.
func ParsePrice(field, s, example string) (float64, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "$")
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || !(v > 0) || v > 1e6 {
		return 0, breakeven.Bad(field, s, "not a price in dollars above 0", example)
	}
	return v, nil
}

// ParseTierPrices reads "G2=0.0002,G4=0.00005": each tier's price per
// GB-hour, in dollars.
func ParseTierPrices(s string) (map[string]string, error) {
	out := map[string]string{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, breakeven.Bad("tier-price", part, "not TIER=PRICE (dollars per GB-hour)", "--tier-price G2=0.0002,G4=0.00005")
		}
		out[strings.ToUpper(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out, nil
}
