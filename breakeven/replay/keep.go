package replay

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/sources"
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

// Yours is the provenance of a price the user gave.
const Yours = "yours"

// exampleGPUHour and exampleTierPrice are the examples an error shows:
// a cited GPU's name, and the cited G4 price per GB-hour.
var (
	exampleGPUHour   = "--gpu-hour " + sources.GPUPrices[0].Chip
	exampleTierPrice = fmt.Sprintf("--tier-price G4=%.3g", sources.S3Standard.PerGBHour())
)

// ParseGPUHour reads --gpu-hour: the name of a GPU with a cited price
// ("H100": its instance hour over its GPUs, from sources), or dollars
// ("$7"). It returns the price of one GPU hour and where it is from.
func ParseGPUHour(s string) (float64, string, error) {
	if g, ok := sources.GPUPriceFor(strings.ToUpper(strings.TrimSpace(s))); ok {
		return g.PerGPUHour(), g.Provenance(), nil
	}
	var names []string
	for _, g := range sources.GPUPrices {
		names = append(names, g.Chip)
	}
	t := strings.TrimPrefix(strings.TrimSpace(s), "$")
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || !(v > 0) || v > 1e6 {
		return 0, "", breakeven.Bad("gpu-hour", s, "not a price in dollars above 0, nor a GPU with a cited price ("+strings.Join(names, ", ")+")", exampleGPUHour)
	}
	return v, Yours, nil
}

// ParseTierPrices reads --tier-price, "G2=DOLLARS,G4=DOLLARS": each
// tier's price per GB-hour, in dollars, as given (Analyze checks them).
func ParseTierPrices(s string) (map[string]string, error) {
	out := map[string]string{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, breakeven.Bad("tier-price", part, "not TIER=PRICE (dollars per GB-hour)", exampleTierPrice)
		}
		out[strings.ToUpper(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out, nil
}

// checkTierPrices refuses a price for a tier the tier map does not have,
// or one that is not a price.
func checkTierPrices(given map[string]string) error {
	var names []string
	known := map[string]bool{}
	for _, t := range sources.Tiers {
		names = append(names, t.Name)
		known[t.Name] = true
	}
	for _, k := range sortedKeys(given) {
		if !known[k] {
			return breakeven.Bad("tier-price", k+"="+given[k], "not a tier of the tier map ("+strings.Join(names, ", ")+")", exampleTierPrice)
		}
		if _, err := ParsePrice("tier-price", given[k], exampleTierPrice); err != nil {
			return err
		}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// gpuPrice is the price of a GPU hour the keep-time rule uses, the GPUs
// it prices (those of the model's published prefill run) and where the
// price is from; a zero price with a note when there is none.
type gpuPrice struct {
	perHour, gpus float64
	from, note    string
}

// gpuHourOf is the GPU price for spec's model: --gpu-hour if given, else
// the cited price of the published run's chip.
func gpuHourOf(spec Spec, m sources.Model, mean breakeven.Tokens) (gpuPrice, error) {
	run, ok := calculator.PublishedRun(m, mean)
	priceable := ok && run.GPUs.Name != "" && spec.Prefill == "" && spec.TTFT == "" && spec.GPUs == ""
	if spec.GPUHour != "" {
		p, from, err := ParseGPUHour(spec.GPUHour)
		if err != nil {
			return gpuPrice{}, err
		}
		if !priceable {
			return gpuPrice{}, breakeven.Bad("gpu-hour", spec.GPUHour, "the keep-time rule prices the GPUs of the model's published prefill run, and "+m.Name+" has none here", "--model llama-3.1-405b "+exampleGPUHour)
		}
		return gpuPrice{p, run.GPUs.V(), from, ""}, nil
	}
	if !priceable {
		return gpuPrice{note: "no keep time: the rule prices the GPUs of a published prefill run, and this prefill has none"}, nil
	}
	g, ok := sources.GPUPriceFor(run.Chip)
	if !ok {
		return gpuPrice{note: "no keep time: no price of a " + run.Chip + " hour is cited; give --gpu-hour DOLLARS"}, nil
	}
	return gpuPrice{g.PerGPUHour(), run.GPUs.V(), g.Provenance(), ""}, nil
}

// keepIn adds the keep time of a block in tier to t: the tier's price
// given, else its cited one, else a note saying it has none.
func keepIn(t *TierTTFT, tier string, given map[string]string, gpu gpuPrice, r breakeven.TokenRate, b breakeven.BytesPerToken, reuse *Histogram) error {
	if gpu.perHour == 0 {
		t.KeepNote = gpu.note
		return nil
	}
	t.GPUHourPrice, t.GPUHourFrom, t.KeepGPUs = gpu.perHour, gpu.from, gpu.gpus
	var price float64
	var from string
	if v, ok := given[tier]; ok {
		p, err := ParsePrice("tier-price", v, exampleTierPrice)
		if err != nil {
			return err
		}
		price, from = p, Yours
	} else if tp, ok := sources.TierPriceFor(tier); ok {
		price, from = tp.PerGBHour(), tp.Provenance()
	} else {
		t.KeepNote = "no keep time: no price of a GB-hour in " + tier + " is cited; give --tier-price " + tier + "=DOLLARS"
		return nil
	}
	t.TierGBHourPrice, t.TierPriceFrom = price, from
	k, err := KeepTime(r, b, breakeven.Bandwidth(t.LinkBytesPerSecond), gpu.gpus, gpu.perHour, price)
	if err != nil {
		t.KeepNote = err.Error()
		return nil
	}
	ks, share := float64(k), reuse.CDF(float64(k)*1000)
	t.KeepSeconds, t.HitsWithinKeep = &ks, &share
	return nil
}
