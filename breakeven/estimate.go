package breakeven

import (
	"fmt"
	"math"
)

// Estimate is a quantity with the interval it is known to lie in. An exact
// input has Lo == Value == Hi. An approximate one keeps its nominal value
// (the figure as published) and its bounds: the post's "over 11 seconds" is
// Value 11, Lo 11, Hi 12; a figure printed as "516 KB" is Value 516 KB, Lo
// 515.5 KB, Hi 516.5 KB.
//
// Functions of estimates are evaluated with Apply1 to Apply4, which take
// the nominal value at the nominal inputs and the bounds over every corner
// of the input box. That is exact for the functions of this package, each
// of which is monotonic in every argument over the region where it is
// defined (positive times, sizes and rates; a hit rate in [0, 1]).
type Estimate[T ~float64] struct {
	Value T // the nominal value
	Lo    T // the lower bound, Lo <= Value
	Hi    T // the upper bound, Hi >= Value
}

// Exact returns an estimate with no spread.
func Exact[T ~float64](v T) Estimate[T] { return Estimate[T]{v, v, v} }

// Between returns an estimate of nominal value v in [lo, hi], or an error
// if the bounds do not hold v or any of them is NaN or infinite.
func Between[T ~float64](v, lo, hi T) (Estimate[T], error) {
	for _, x := range []T{v, lo, hi} {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return Estimate[T]{}, fmt.Errorf("breakeven: estimate bound %v is not a finite number", float64(x))
		}
	}
	if lo > v || v > hi {
		return Estimate[T]{}, fmt.Errorf("breakeven: estimate %v is outside its bounds [%v, %v]", float64(v), float64(lo), float64(hi))
	}
	return Estimate[T]{v, lo, hi}, nil
}

// MustBetween is Between for bounds written in code; it panics on bounds
// that do not hold the value, which is a programming error, not user input.
func MustBetween[T ~float64](v, lo, hi T) Estimate[T] {
	e, err := Between(v, lo, hi)
	if err != nil {
		panic(err)
	}
	return e
}

// Rounded returns the estimate that a figure printed to the given step
// stands for: 516 KB printed to the nearest KB is [515.5, 516.5] KB.
func Rounded[T ~float64](v, step T) Estimate[T] {
	h := step / 2
	return Estimate[T]{v, v - h, v + h}
}

// IsExact reports whether the estimate has no spread.
func (e Estimate[T]) IsExact() bool { return e.Lo == e.Value && e.Hi == e.Value }

// Contains reports whether x lies in [Lo, Hi].
func (e Estimate[T]) Contains(x T) bool { return e.Lo <= x && x <= e.Hi }

// Overlaps reports whether the two intervals share a point.
func (e Estimate[T]) Overlaps(o Estimate[T]) bool { return e.Lo <= o.Hi && o.Lo <= e.Hi }

// Float returns the estimate as plain numbers.
func (e Estimate[T]) Float() Estimate[float64] {
	return Estimate[float64]{float64(e.Value), float64(e.Lo), float64(e.Hi)}
}

// Scale returns the estimate multiplied by a positive factor.
func (e Estimate[T]) Scale(f float64) Estimate[T] {
	return Apply1(e, func(x T) T { return T(float64(x) * f) })
}

// String prints the nominal value and, if there is a spread, the bounds,
// using T's own String method where it has one: "3.12 GB/s [2.86 GB/s,
// 3.12 GB/s]".
func (e Estimate[T]) String() string {
	f := func(x T) string {
		if s, ok := any(x).(fmt.Stringer); ok {
			return s.String()
		}
		return FormatSignificant(float64(x), DefaultSignificant)
	}
	if e.IsExact() {
		return f(e.Value)
	}
	return fmt.Sprintf("%s [%s, %s]", f(e.Value), f(e.Lo), f(e.Hi))
}

// span collects the extremes of a set of values.
type span struct{ lo, hi float64 }

func newSpan() span { return span{math.Inf(1), math.Inf(-1)} }

func (s *span) add(x float64) {
	s.lo = math.Min(s.lo, x)
	s.hi = math.Max(s.hi, x)
}

func finish[R ~float64](nominal R, s span) Estimate[R] {
	s.add(float64(nominal))
	return Estimate[R]{nominal, R(s.lo), R(s.hi)}
}

func corners[T ~float64](e Estimate[T]) [2]T { return [2]T{e.Lo, e.Hi} }

// Apply1 evaluates f over an estimate.
func Apply1[A, R ~float64](a Estimate[A], f func(A) R) Estimate[R] {
	s := newSpan()
	for _, x := range corners(a) {
		s.add(float64(f(x)))
	}
	return finish(f(a.Value), s)
}

// Apply2 evaluates f over two estimates.
func Apply2[A, B, R ~float64](a Estimate[A], b Estimate[B], f func(A, B) R) Estimate[R] {
	s := newSpan()
	for _, x := range corners(a) {
		for _, y := range corners(b) {
			s.add(float64(f(x, y)))
		}
	}
	return finish(f(a.Value, b.Value), s)
}

// Apply3 evaluates f over three estimates.
func Apply3[A, B, C, R ~float64](a Estimate[A], b Estimate[B], c Estimate[C], f func(A, B, C) R) Estimate[R] {
	s := newSpan()
	for _, x := range corners(a) {
		for _, y := range corners(b) {
			for _, z := range corners(c) {
				s.add(float64(f(x, y, z)))
			}
		}
	}
	return finish(f(a.Value, b.Value, c.Value), s)
}

// Apply4 evaluates f over four estimates.
func Apply4[A, B, C, D, R ~float64](a Estimate[A], b Estimate[B], c Estimate[C], d Estimate[D], f func(A, B, C, D) R) Estimate[R] {
	s := newSpan()
	for _, x := range corners(a) {
		for _, y := range corners(b) {
			for _, z := range corners(c) {
				for _, w := range corners(d) {
					s.add(float64(f(x, y, z, w)))
				}
			}
		}
	}
	return finish(f(a.Value, b.Value, c.Value, d.Value), s)
}
