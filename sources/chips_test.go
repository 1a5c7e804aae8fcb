package sources

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/prefill"
)

// The chips the prefill issue asks for, each by the name --gpus takes.
var requiredChips = []string{"H100", "H100-PCIe", "H200", "H20", "H800", "GH200", "B200", "B300", "GB200", "GB300", "A100", "A800", "L40S", "MI300X", "MI325X", "MI355X"}

func specByName(t *testing.T, name string) ChipSpec {
	t.Helper()
	c, err := LookupChip(name)
	require.NoError(t, err, name)
	return c
}

// Every dense peak, in TFLOP/s, as the datasheets print it (halved by hand
// where they print the sparse figure), and every memory in GB.
func TestChipDensePeaksByHand(t *testing.T) {
	type pk = map[prefill.Precision]float64
	h100 := pk{prefill.TF32: 494.7, prefill.FP16: 989.4, prefill.BF16: 989.4, prefill.FP8: 1978.9}
	want := map[string]pk{
		"H100":      h100,
		"H100-PCIe": {prefill.TF32: 756.0 / 2, prefill.FP16: 1513.0 / 2, prefill.BF16: 1513.0 / 2, prefill.FP8: 3026.0 / 2},
		"H200":      h100,
		"H800":      h100,
		"H20":       {prefill.FP16: 148, prefill.BF16: 148, prefill.FP8: 296},
		"GH200":     {prefill.TF32: 494, prefill.FP16: 990, prefill.BF16: 990, prefill.FP8: 1979},
		"B200":      {prefill.TF32: 2200.0 / 2, prefill.BF16: 2250, prefill.FP8: 9000.0 / 2, prefill.FP4: 18000.0 / 2},
		"GB200":     {prefill.TF32: 2500.0 / 2, prefill.BF16: 5000.0 / 2, prefill.FP8: 10000.0 / 2, prefill.FP4: 20000.0 / 2},
		"B300":      {prefill.BF16: 2250, prefill.FP8: 4500, prefill.FP4: 14000},
		"GB300":     {prefill.TF32: 1250, prefill.BF16: 2500, prefill.FP8: 5000, prefill.FP4: 15000},
		"A100":      {prefill.TF32: 156, prefill.FP16: 312, prefill.BF16: 312},
		"A800":      {prefill.BF16: 312},
		"L40S":      {prefill.TF32: 183, prefill.FP16: 362.05, prefill.BF16: 362.05, prefill.FP8: 733},
		"MI300X":    {prefill.BF16: 1307.4, prefill.FP8: 2614.9},
		"MI325X":    {prefill.TF32: 653.7, prefill.BF16: 1307.4, prefill.FP8: 2614.9},
		"MI355X":    {prefill.BF16: 2500, prefill.FP8: 5000, prefill.FP4: 10000},
	}
	memGB := map[string]float64{"H100": 80, "H100-PCIe": 80, "H200": 141, "H20": 96, "H800": 80, "GH200": 96, "B200": 180, "GB200": 186,
		"B300": 288, "GB300": 279, "A100": 80, "A800": 80, "L40S": 48, "MI300X": 192, "MI325X": 256, "MI355X": 288}
	require.Len(t, want, len(requiredChips))
	for _, name := range requiredChips {
		c := specByName(t, name).Chip()
		assert.Equal(t, name, c.Name)
		assert.Len(t, c.Peaks, len(want[name]), name)
		for p, tf := range want[name] {
			got, err := c.PeakAt(p)
			if assert.NoError(t, err, "%s %s", name, p) {
				assert.InDelta(t, tf*1e12, float64(got), 1e-3*1e12, "%s %s", name, p)
			}
		}
		assert.InDelta(t, memGB[name]*1e9, float64(c.Memory), 1, name)
		assert.Positive(t, float64(c.MemoryBandwidth), name)
		assert.NotEmpty(t, c.ScaleUp.Kind, name)
	}
}

// The ratios between precisions the datasheets state: Hopper's FP8 is
// twice its BF16 (1978.9 / 989.4), Blackwell's FP4 twice its FP8 and four
// times its BF16, the MI300X's FP8 twice its BF16 (2614.9 / 1307.4),
// the L40S's FP8 733 / 362.05.
func TestChipPrecisionRatios(t *testing.T) {
	ratio := func(chip string, a, b prefill.Precision) float64 {
		c := specByName(t, chip).Chip()
		x, err := c.PeakAt(a)
		require.NoError(t, err)
		y, err := c.PeakAt(b)
		require.NoError(t, err)
		return float64(x / y)
	}
	for _, chip := range []string{"H100", "H200", "H800", "H100-PCIe", "H20", "GH200"} {
		assert.InDelta(t, 2, ratio(chip, prefill.FP8, prefill.BF16), 2e-3, chip)
	}
	for _, chip := range []string{"B200", "GB200"} {
		assert.InDelta(t, 2, ratio(chip, prefill.FP4, prefill.FP8), 1e-12, chip)
		assert.InDelta(t, 4, ratio(chip, prefill.FP4, prefill.BF16), 1e-12, chip)
	}
	assert.InDelta(t, 2, ratio("MI300X", prefill.FP8, prefill.BF16), 1e-3)
	assert.InDelta(t, 733/362.05, ratio("L40S", prefill.FP8, prefill.BF16), 1e-12)
	// Blackwell Ultra's FP4 is not twice its FP8: 14,000 / 4,500 (HGX)
	// and 15,000 / 5,000 (GB300), as their sources print.
	assert.InDelta(t, 14000.0/4500, ratio("B300", prefill.FP4, prefill.FP8), 1e-12)
	assert.InDelta(t, 3, ratio("GB300", prefill.FP4, prefill.FP8), 1e-12)
}

var numberRE = regexp.MustCompile(`\d[\d,]*(\.\d+)?`)

// quoteNumbers reads every number a quote prints ("1,979" is 1979), and
// the one figure written in words ("five petaflops").
func quoteNumbers(q string) []float64 {
	var out []float64
	for _, m := range numberRE.FindAllString(q, -1) {
		v, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
		if err == nil {
			out = append(out, v)
		}
	}
	// "300+300 GB/s": each way, summed.
	for _, m := range regexp.MustCompile(`(\d+)\+(\d+)`).FindAllStringSubmatch(q, -1) {
		a, _ := strconv.ParseFloat(m[1], 64)
		b, _ := strconv.ParseFloat(m[2], 64)
		out = append(out, a+b)
	}
	// "2x 900 GB/s": two links, multiplied.
	for _, m := range regexp.MustCompile(`(\d+)x (\d+)`).FindAllStringSubmatch(q, -1) {
		a, _ := strconv.ParseFloat(m[1], 64)
		b, _ := strconv.ParseFloat(m[2], 64)
		out = append(out, a*b)
	}
	if strings.Contains(q, "five") {
		out = append(out, 5)
	}
	return out
}

// quotes reports whether the quote prints v at one of the scales given (v
// in TFLOP/s is also printed in PFLOP/s, GB/s in TB/s).
func quotes(q string, v float64, scales ...float64) bool {
	for _, x := range quoteNumbers(q) {
		for _, s := range scales {
			if math.Abs(x-v/s) <= 1e-9*math.Abs(v/s) {
				return true
			}
		}
	}
	return false
}

// Every figure the catalog types stands in its quote, at the unit the
// source prints; the exceptions are a chip's figures cited as another
// chip's (the H200 and H800 have the H100's compute, the A800 the A100's,
// the H20's BF16 its FP16), which must then equal that chip's.
func TestChipFiguresAgainstQuotes(t *testing.T) {
	sameAs := map[string]string{"H200": "H100", "H800": "H100", "A800": "A100"}
	for _, c := range ChipSpecs() {
		for _, p := range c.Peaks {
			v := float64(p.Peak.V())
			if quotes(p.Peak.Quote, v, 1e12, 1e15) {
				continue
			}
			ref := sameAs[c.Name]
			if c.Name == "H20" && p.Precision == prefill.BF16 {
				fp16, _ := c.PeakInput(prefill.FP16)
				assert.Equal(t, float64(fp16.Dense()), v)
				continue
			}
			if assert.NotEmpty(t, ref, "%s: %s %v is not in its quote %q", c.Name, p.Precision, v, p.Peak.Quote) {
				r, err := specByName(t, ref).Chip().PeakAt(p.Precision)
				require.NoError(t, err)
				assert.Equal(t, float64(r), float64(p.Dense()), "%s %s", c.Name, p.Precision)
			}
		}
		if c.Memory.Name != "" && !quotes(c.Memory.Quote, float64(c.Memory.V()), 1e9) {
			assert.Equal(t, "A800", c.Name, "%s: memory not in its quote %q", c.Name, c.Memory.Quote)
			assert.Equal(t, specByName(t, "A100").Memory.V(), c.Memory.V())
		}
		if c.Name == "A800" {
			assert.Equal(t, specByName(t, "A100").MemoryBandwidth.V(), c.MemoryBandwidth.V())
		}
		for _, in := range []Input[float64]{c.MemoryBandwidth.Float(), c.ScaleUp.Float()} {
			if in.Name != "" && c.Name != "A800" {
				assert.True(t, quotes(in.Quote, in.V(), 1e9, 1e12), "%s: %v not in its quote %q", in.Name, in.V(), in.Quote)
			}
		}
	}
}

// Names as users write them, in every spelling --gpus takes.
func TestParseEveryChip(t *testing.T) {
	for in, want := range map[string]string{
		"8xH100": "H100", "8xH100-SXM": "H100", "H100 SXM5": "H100", "2xH100-PCIe": "H100-PCIe", "h100 pcie": "H100-PCIe",
		"32xH20": "H20", "8xH200": "H200", "8xH800": "H800", "GH200": "GH200", "8xB200": "B200", "72xGB200": "GB200",
		"8xB300": "B300", "72xGB300": "GB300", "8xA100": "A100", "A100-SXM4-80GB": "A100", "8xA800": "A800",
		"4xL40S": "L40S", "8xMI300X": "MI300X", "8xMI325X": "MI325X", "8xMI355X": "MI355X",
		"4xL40": "L40", "1xL4": "L4", "L4 PCIe": "L4", "4xA10": "A10", "2xA100-PCIe": "A100-PCIe", "a100 pcie 80gb": "A100-PCIe",
		"8xGaudi3": "Gaudi3", "8x Gaudi 3": "Gaudi3", "Intel Gaudi 2": "Gaudi2",
	} {
		g, err := ParseGPUs(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, g.Chip.Name, in)
		}
	}
	count := map[string]int{}
	for _, n := range ChipNames() {
		count[n]++
	}
	for _, name := range requiredChips {
		assert.Equal(t, 1, count[name], "%s listed once", name)
	}
	_, err := ParseGPUs("4xRTX4090")
	require.Error(t, err)
	assert.Equal(t, 1, strings.Count(err.Error(), "MI355X"), "each chip is named once: %v", err)
}

// Every chip has a cited memory bandwidth, so the phase model's memory
// term is never zero for a priced run.
func TestEveryChipHasMemoryBandwidth(t *testing.T) {
	chips := Chips()
	require.NotEmpty(t, chips)
	for _, c := range chips {
		assert.Positive(t, float64(c.MemoryBandwidth), c.Name)
	}
}

// The measured matmul ceilings are the MAMF table's throughputs over the
// catalog's peaks: the H100's BF16 794.5 of 989.4 TFLOPS, the H200's BF16
// the H100's (the table says so) and its FP8 its own 1453.4 of 1978.9, the
// H800 the H100's (the same compute), the MI300X 668.4 of 1307.4, the
// MI355X 1565.0 of AMD's 2,500 (the table divides by 2,300), each FP4 the
// FP8 share and each precision without a row the BF16 one; the H20 and
// the GB300 have none.
func TestMeasuredCeilingsAreTheTablesThroughputsOverTheCatalogsPeaks(t *testing.T) {
	share := func(chip string, p prefill.Precision) (float64, bool) {
		c, err := ParseGPUs("1x" + chip)
		require.NoError(t, err)
		return c.Chip.CeilingShare(p)
	}
	for _, c := range []struct {
		chip string
		p    prefill.Precision
		want float64
	}{
		{"H100", prefill.BF16, 794.5 / 989.4}, {"H200", prefill.BF16, 794.5 / 989.4}, {"H200", prefill.FP8, 1453.4 / 1978.9},
		{"H800", prefill.BF16, 794.5 / 989.4}, {"H800", prefill.FP8, 1402.6 / 1978.9}, {"MI300X", prefill.BF16, 668.4 / 1307.4},
		{"MI300X", prefill.FP8, 668.4 / 1307.4}, {"B200", prefill.FP4, 3432.5 / 4500}, {"A800", prefill.BF16, 271.2 / 312},
		{"MI355X", prefill.BF16, 1565.0 / 2500}, {"MI355X", prefill.FP8, 1565.0 / 2500}, {"MI355X", prefill.FP4, 1565.0 / 2500},
	} {
		got, ok := share(c.chip, c.p)
		assert.True(t, ok, c.chip)
		assert.InEpsilon(t, c.want, got, 1e-12, "%s %s", c.chip, c.p)
	}
	for _, chip := range []string{"H20", "GB300", "L40S"} {
		_, ok := share(chip, prefill.BF16)
		assert.False(t, ok, chip)
	}
}
