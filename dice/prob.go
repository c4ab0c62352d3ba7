package dice

import "fmt"

// Prob is an exact probability, Num/Den in lowest terms.
type Prob struct {
	Num, Den int64
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
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
