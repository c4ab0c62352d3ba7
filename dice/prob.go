package dice

import (
	"fmt"
	"math"
	"math/bits"
)

// Prob is an exact probability, Num/Den in lowest terms.
type Prob struct {
	Num, Den int64
}

// gcd is the greatest common divisor of |a| and |b| (binary GCD: no division).
func gcd(a, b int64) int64 {
	x, y := uint64(a), uint64(b)
	if a < 0 {
		x = uint64(-a)
	}
	if b < 0 {
		y = uint64(-b)
	}
	if x == 0 {
		return int64(y)
	}
	if y == 0 {
		return int64(x)
	}
	shift := bits.TrailingZeros64(x | y)
	x >>= bits.TrailingZeros64(x)
	for y != 0 {
		y >>= bits.TrailingZeros64(y)
		if x > y {
			x, y = y, x
		}
		y -= x
	}
	return int64(x << shift)
}

// NewProb reduces num/den.
func NewProb(num, den int64) Prob {
	if den == 0 {
		return Prob{0, 1}
	}
	g := gcd(num, den)
	if g == 0 {
		return Prob{0, 1}
	}
	return Prob{num / g, den / g}
}

// Float is the probability as a float64.
func (p Prob) Float() float64 { return float64(p.Num) / float64(p.Den) }

// Mul is p*q.
func (p Prob) Mul(q Prob) Prob { return NewProb(p.Num*q.Num, p.Den*q.Den) }

// Plus is p+q in lowest terms, with ok false if it does not fit in an int64 (p and q are
// non-negative and in lowest terms).
func (p Prob) Plus(q Prob) (sum Prob, ok bool) {
	if p.Den == q.Den {
		if p.Num > math.MaxInt64-q.Num {
			return Prob{}, false
		}
		return NewProb(p.Num+q.Num, p.Den), true
	}
	g := gcd(p.Den, q.Den)
	den, ok1 := times(p.Den/g, q.Den)
	a, ok2 := times(p.Num, q.Den/g)
	b, ok3 := times(q.Num, p.Den/g)
	if !ok1 || !ok2 || !ok3 || a > math.MaxInt64-b {
		return Prob{}, false
	}
	return NewProb(a+b, den), true
}

// Times is p*q in lowest terms, with ok false if it does not fit in an int64 (p and q are
// non-negative and in lowest terms).
func (p Prob) Times(q Prob) (product Prob, ok bool) {
	g1, g2 := gcd(p.Num, q.Den), gcd(q.Num, p.Den)
	if g1 == 0 || g2 == 0 { // a zero numerator over a zero denominator: not a probability
		return Prob{}, false
	}
	num, ok1 := times(p.Num/g1, q.Num/g2)
	den, ok2 := times(p.Den/g2, q.Den/g1)
	if !ok1 || !ok2 {
		return Prob{}, false
	}
	return Prob{num, den}, true
}

// Less reports whether p < q (non-negative, denominators positive), exactly.
func (p Prob) Less(q Prob) bool {
	h1, l1 := bits.Mul64(uint64(p.Num), uint64(q.Den))
	h2, l2 := bits.Mul64(uint64(q.Num), uint64(p.Den))
	return h1 < h2 || h1 == h2 && l1 < l2
}

// times is a*b for non-negative a and b, with ok false past math.MaxInt64.
func times(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

// Not is 1-p.
func (p Prob) Not() Prob { return NewProb(p.Den-p.Num, p.Den) }

func (p Prob) String() string {
	if p.Num == 0 {
		return "0"
	}
	if p.Num == p.Den {
		return "1"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", p.Num, p.Den, 100*p.Float())
}

// Ways is the number of ways (out of 36) to roll each DR total 2..12, indexed by total.
var Ways = [13]int64{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}

// PDR is the probability that a DR with the given DRM has a Final DR for which pred holds.
func PDR(drm int, pred func(final int) bool) Prob {
	var n int64
	for t := 2; t <= 12; t++ {
		if pred(t + drm) {
			n += Ways[t]
		}
	}
	return NewProb(n, 36)
}

// PDRAtLeast is P(Original DR + drm >= target).
func PDRAtLeast(target, drm int) Prob {
	return PDR(drm, func(f int) bool { return f >= target })
}

// PDRAtMost is P(Original DR + drm <= target).
func PDRAtMost(target, drm int) Prob {
	return PDR(drm, func(f int) bool { return f <= target })
}

// Pdr is the probability that a dr with the given drm has a final result for which pred holds.
func Pdr(drm int, pred func(final int) bool) Prob {
	var n int64
	for t := 1; t <= 6; t++ {
		if pred(t + drm) {
			n++
		}
	}
	return NewProb(n, 6)
}

// Pd10 is the probability that a d10 (1..10) with the given DRM makes pred true; pred sees the
// natural roll and the final result, since Last Hundred Yards reads both.
func Pd10(drm int, pred func(roll, final int) bool) Prob {
	var n int64
	for r := 1; r <= 10; r++ {
		if pred(r, r+drm) {
			n++
		}
	}
	return NewProb(n, 10)
}
