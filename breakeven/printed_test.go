package breakeven

import (
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPrecisionFormat(t *testing.T) {
	for _, c := range []struct {
		p    Precision
		x    float64
		want string
	}{
		{Decimals(0), 2051.419355, "2,051"},
		{Decimals(0), 127188, "127,188"},
		{Decimals(1), 65.641218, "65.6"},
		{Decimals(2), 1.058729, "1.06"},
		{Decimals(0), 999.5, "1,000"},
		{Decimals(-1), 2051.419355, "2,051"}, // fewer than none is none
		{Sig(3), 1.058729, "1.06"},
		{Sig(3), 65.641218, "65.6"},
		{Sig(3), 516.096, "516"},
		{Sig(3), 65641.218, "65,600"},
		{Sig(3), 1234567, "1,230,000"},
		{Sig(3), 0.52949, "0.529"},
		{Sig(2), 21.369957, "21"},
		{Sig(3), 62, "62.0"},
		{Sig(3), 999.96, "1,000"},
		{Sig(3), -2051.4, "-2,050"},
		{Sig(3), 0, "0"},
		{StepPrecision(0.01), 0.2058, "0.21"},
		{StepPrecision(1), 4415.3, "4,415"},
		{StepPrecision(100), 11916, "11,916"},
		{StepPrecision(0.1), 22.06, "22.1"},
		{Sig(3), math.NaN(), "–"},
		{Decimals(0), math.Inf(1), "–"},
	} {
		if got := c.p.Format(c.x); got != c.want {
			t.Errorf("%+v.Format(%v) = %q, want %q", c.p, c.x, got, c.want)
		}
	}
}

func TestPrecisionInterval(t *testing.T) {
	for _, c := range []struct {
		p    Precision
		e    Estimate[float64]
		want string
	}{
		// 127,188 tokens over 62 s, with the rounding of 62 s: 61.5 to 62.5 s.
		{Decimals(0), Estimate[float64]{127188 / 62.0, 127188 / 62.5, 127188 / 61.5}, "2,051 (2,035 to 2,068)"},
		{Sig(3), Estimate[float64]{3.12, 2.86, 3.12}, "3.12 (2.86 to 3.12)"},
		// Bounds that print as the value are not repeated.
		{Sig(3), Estimate[float64]{65.641, 65.6405, 65.6415}, "65.6"},
		{Decimals(0), Exact(8.0), "8"},
		{Sig(3), Estimate[float64]{math.NaN(), math.NaN(), math.NaN()}, "–"},
	} {
		if got := c.p.Interval(c.e); got != c.want {
			t.Errorf("%+v.Interval(%v) = %q, want %q", c.p, c.e, got, c.want)
		}
	}
}

func TestColumn(t *testing.T) {
	be := Column{Label: "break-even", Unit: "GB/s", Scale: float64(GBps), Precision: Sig(3)}
	if got := be.Header(); got != "break-even (GB/s)" {
		t.Errorf("Header = %q", got)
	}
	if got := be.Cell(1.0587e9); got != "1.06" {
		t.Errorf("Cell = %q", got)
	}
	if got := be.Interval(Estimate[float64]{3.1246e9, 2.8641e9, 3.1246e9}); got != "3.12 (2.86 to 3.12)" {
		t.Errorf("Interval = %q", got)
	}
	if got := be.Cell(math.NaN()); got != "–" {
		t.Errorf("Cell(NaN) = %q", got)
	}
	gpus := Column{Label: "GPUs", Precision: Decimals(0)}
	if got := gpus.Header(); got != "GPUs" {
		t.Errorf("Header without unit = %q", got)
	}
	if got := gpus.Cell(8); got != "8" {
		t.Errorf("Cell(8) = %q", got)
	}
	ms := Column{Label: "time per output token", Unit: "ms", Scale: float64(Millisecond), Precision: Decimals(1)}
	if got := ms.Cell(0.0145); got != "14.5" {
		t.Errorf("ms Cell = %q", got)
	}
}

func TestNotes(t *testing.T) {
	var n Notes
	a := n.Dash("not stated in the post")
	b := n.Mark("4,380", "the post's figure, cross-checked")
	c := n.Dash("not stated in the post")
	if a != "–¹" || b != "4,380²" || c != "–¹" {
		t.Errorf("marks = %q %q %q", a, b, c)
	}
	want := []string{"¹ not stated in the post", "² the post's figure, cross-checked"}
	if got := n.List(); !reflect.DeepEqual(got, want) {
		t.Errorf("List = %q, want %q", got, want)
	}
	for i := 0; i < 9; i++ {
		n.Dash(string(rune('a' + i)))
	}
	if got := n.Dash("k"); got != "–¹²" {
		t.Errorf("twelfth note = %q", got)
	}
}

func TestColumnInput(t *testing.T) {
	s := Column{Label: "claimed time", Unit: "s", Precision: Sig(3)}
	gbps := Column{Label: "delivered", Unit: "GB/s", Scale: 1e9, Precision: Sig(3)}
	for _, c := range []struct {
		col  Column
		e    Estimate[float64]
		want string
	}{
		{s, Rounded(0.58, 0.01), "0.58"},
		{s, Rounded(3.0, 1), "3"},
		{s, Rounded(1.5, 0.1), "1.5"},
		{s, Estimate[float64]{11, 11, 12}, "11"}, // "over 11 seconds"
		{gbps, Estimate[float64]{12e9, 12e9, 12.2e9}, "12.0"},
		{gbps, Exact(50e9), "50.0"},
	} {
		if got := c.col.Input(c.e); got != c.want {
			t.Errorf("Input(%v) = %q, want %q", c.e, got, c.want)
		}
	}
}

// Sig(n) keeps at least one digit: Sig(0) and Sig(-2) print as Sig(1).
func TestSigKeepsAtLeastOneDigit(t *testing.T) {
	one := Column{Precision: Sig(1)}
	assert.Equal(t, "1", one.Cell(1.0587))
	assert.Equal(t, "70,000", one.Cell(65641))
	for _, n := range []int{0, -2} {
		c := Column{Precision: Sig(n)}
		assert.Equal(t, "1", c.Cell(1.0587), n)
		assert.Equal(t, "70,000", c.Cell(65641), n)
	}
	assert.Equal(t, "1.1", Column{Precision: Sig(2)}.Cell(1.0587))
}

// An infinity of either sign, or NaN, prints as the dash.
func TestNonFiniteCellsPrintAsTheDash(t *testing.T) {
	for _, x := range []float64{math.Inf(1), math.Inf(-1), math.NaN()} {
		assert.Equal(t, Dash, Decimals(0).Format(x), "%v", x)
		assert.Equal(t, Dash, Sig(3).Format(x), "%v", x)
	}
}

// A step of 10^-11 keeps eleven decimals, though ten times 10^-11 ten
// times over is 0.9999999999999999 in floating point, not 1: the loop
// stops a hair below 1.
func TestStepOfTenToTheMinusElevenKeepsElevenDecimals(t *testing.T) {
	assert.Equal(t, Decimals(11), StepPrecision(1e-11))
	assert.Equal(t, Decimals(2), StepPrecision(0.01))
	assert.Equal(t, Decimals(0), StepPrecision(1))
}
