package figures

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/calculator"
	"signalweight.dev/kv/measure"
)

// The notebook's figures place the calculator's own numbers.
func TestCalculatorFigures(t *testing.T) {
	base := calculator.Request{Model: "llama-3.1-70b", Prefill: "4380", Tokens: "105000", Link: "10GbE"}
	a, err := calculator.Compute(base)
	require.NoError(t, err)
	f, err := AnswerTTFT(a)
	require.NoError(t, err)
	assert.Contains(t, f.Plot.Title.Text, "recompute wins")

	cases := calculator.Compare(calculator.Request{Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"}, []string{"llama-3.1-70b", "qwen3-32b", "nope"})
	f, err = CompareBreakEvens(cases)
	require.NoError(t, err)
	assert.Contains(t, f.Plot.Title.Text, "Break-evens of 2 models")
	// Each estimated break-even is drawn with its interval, inside the
	// axis.
	assert.Contains(t, f.LegendTexts()[0], "bars: B* over the prefill's interval")
	for _, c := range cases[:2] {
		o := c.Answer.Output
		require.NotNil(t, o.BreakEvenLowBytesPerSecond, c.Label)
		assert.LessOrEqual(t, f.Plot.X.Min, *o.BreakEvenLowBytesPerSecond/1e9, c.Label)
		assert.GreaterOrEqual(t, f.Plot.X.Max, *o.BreakEvenHighBytesPerSecond/1e9, c.Label)
	}
	_, err = f.SVG()
	require.NoError(t, err)

	sweep, err := calculator.Sweep(base, "link", []string{"10GbE", "roce", "bad"})
	require.NoError(t, err)
	f, err = SweepTTFT("link", sweep)
	require.NoError(t, err)
	assert.Equal(t, []string{"recompute: N / r", "load: cache / link"}, f.LegendTexts())
	_, err = f.SVG()
	require.NoError(t, err)

	_, err = CompareBreakEvens(cases[2:])
	assert.Error(t, err, "nothing to draw")
}

// notebookFigures are the figures the notebooks draw that reproduce
// does not write: notebook 10's for the default question and for links
// at either end of the axis, where a label could run off, its
// comparisons, notebook 11's validation and notebook 13's measurements.
func notebookFigures(t *testing.T) []*Figure {
	t.Helper()
	var out []*Figure
	for i, link := range []string{"", "400Gbit/s", "1Gbit/s"} {
		r := calculator.DefaultRequest()
		if link != "" {
			r.Link = link
		}
		a, err := calculator.Compute(r)
		require.NoError(t, err)
		f, err := AnswerTTFT(a)
		require.NoError(t, err)
		f.Name = fmt.Sprintf("calc-ttft-%d", i)
		out = append(out, f)
	}
	sweep, err := calculator.Sweep(calculator.DefaultRequest(), "link", []string{"pcie5x16", "10GbE", "ndr", "roce"})
	require.NoError(t, err)
	f, err := SweepTTFT("link", sweep)
	require.NoError(t, err)
	out = append(out, f)
	models := []string{"llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "qwen3-32b", "deepseek-v3"}
	cases := calculator.Compare(calculator.Request{Tokens: "32000", GPUs: "8xH100", Link: "2x100GbE"}, models)
	f, err = CompareBreakEvens(cases)
	require.NoError(t, err)
	out = append(out, f)
	// The notebook's own comparison: its default question on 8 H200s,
	// where the link stands near the axis's right end.
	r := calculator.DefaultRequest()
	r.TTFT, r.GPUs = "", "8xH200"
	f, err = CompareBreakEvens(calculator.Compare(r, models))
	require.NoError(t, err)
	f.Name = "compare-break-evens-notebook"
	out = append(out, f)
	// Notebook 11's validation figure and notebook 13's measurements.
	f, err = PrefillValidation()
	require.NoError(t, err)
	out = append(out, f)
	for _, shape := range []string{"smollm2-135m", "qwen2.5-0.5b"} {
		res, err := measure.ReadResult("../data/measured-" + shape + ".json")
		require.NoError(t, err)
		f, err = MeasuredTTFT(res)
		require.NoError(t, err)
		f.Name = "measured-" + shape
		out = append(out, f)
	}
	return out
}

// The sweep of links runs from the slowest to the fastest whatever the
// order given, and its title names the model and the prompt; its ticks
// and every calculator figure's are written as the field writes them.
func TestSweepOrderedBySpeed(t *testing.T) {
	sweep, err := calculator.Sweep(calculator.DefaultRequest(), "link", []string{"pcie5x16", "10GbE", "ndr", "roce"})
	require.NoError(t, err)
	f, err := SweepTTFT("link", sweep)
	require.NoError(t, err)
	var labels []string
	for _, tk := range f.Plot.X.Tick.Marker.Ticks(f.Plot.X.Min, f.Plot.X.Max) {
		labels = append(labels, strings.SplitN(tk.Label, "\n", 2)[0])
	}
	// 10GbE is 1.25 GB/s, RoCE 12 GB/s, NDR 50 GB/s, PCIe 5 x16 64 GB/s.
	assert.Equal(t, []string{"10GbE", "roce", "ndr", "pcie5x16"}, labels)
	assert.Equal(t, "Llama 3.1 405B, 127,188-token prompt: time to first token by link", f.Plot.Title.Text)
	for _, f := range notebookFigures(t) {
		svg, err := f.SVG()
		require.NoError(t, err)
		for _, m := range textContent.FindAllSubmatch(svg, -1) {
			assert.NotRegexp(t, `\de[+-]\d`, string(m[1]), "%s: a tick in exponent notation", f.Name)
		}
	}
}

// Figure 12 names each claim by its publisher and what it states, and
// each verdict in words, not by the registry's ids and slugs.
func TestPublishedClaimsInWords(t *testing.T) {
	f, err := PublishedClaims()
	require.NoError(t, err)
	var labels []string
	for _, tk := range f.Plot.Y.Tick.Marker.Ticks(f.Plot.Y.Min, f.Plot.Y.Max) {
		labels = append(labels, tk.Label)
	}
	assert.Contains(t, labels, "≥ llm-d project, Qwen3-32B\n10,000 tokens in 600 ms")
	for _, l := range append(labels, f.LegendTexts()...) {
		for _, slug := range []string{"no-bound-stated", "needs-more-links", "implausible-as-stated", "llm-d-", "-70b"} {
			assert.NotContains(t, l, slug)
		}
	}
	assert.Contains(t, f.LegendTexts(), "needed: unbounded, it states no link or host (12)")
}
