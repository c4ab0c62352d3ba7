package lhy

import (
	"math/big"

	"github.com/umpire-referee/umpire/dice"
)

// chance is an exact probability: a dice.Prob while it fits in int64s (every chance of a step
// with few dice does), a big.Rat past that. A chance is a value: its big.Rat is never changed.
// The zero chance is 0.
type chance struct {
	p   dice.Prob
	big *big.Rat
}

var certain = chance{p: dice.Prob{Num: 1, Den: 1}}

func (c chance) rat() *big.Rat {
	switch {
	case c.big != nil:
		return new(big.Rat).Set(c.big)
	case c.p.Num == 0:
		return new(big.Rat)
	}
	return reduced(c.p.Num, c.p.Den)
}

// ratIn is c as a big.Rat, taken from slab while it has room.
func (c chance) ratIn(slab *[]big.Rat) *big.Rat {
	if c.big != nil || c.p.Num == 0 {
		return c.rat()
	}
	return reducedIn(slab, c.p.Num, c.p.Den)
}

// reduced is num/den, already in lowest terms (den > 0), as a big.Rat without reducing it
// again: a Rat set to an integer has a denominator that Denom references, set in place.
func reduced(num, den int64) *big.Rat {
	return reducedIn(nil, num, den)
}

// reducedIn is reduced, taking the Rat from slab while it has room.
func reducedIn(slab *[]big.Rat, num, den int64) *big.Rat {
	var r *big.Rat
	if slab != nil && len(*slab) < cap(*slab) {
		*slab = (*slab)[:len(*slab)+1]
		r = &(*slab)[len(*slab)-1]
	} else {
		r = new(big.Rat)
	}
	r.SetInt64(num)
	r.Denom().SetInt64(den)
	return r
}

func (c chance) zero() bool { return c.big == nil && c.p.Num == 0 }

func (c chance) plus(d chance) chance {
	switch {
	case c.zero():
		return d
	case d.zero():
		return c
	}
	if c.big == nil && d.big == nil {
		if s, ok := c.p.Plus(d.p); ok {
			return chance{p: s}
		}
	}
	return chance{big: new(big.Rat).Add(c.rat(), d.rat())}
}

func (c chance) times(d chance) chance {
	if c.zero() || d.zero() {
		return chance{}
	}
	if c.big == nil && d.big == nil {
		if s, ok := c.p.Times(d.p); ok {
			return chance{p: s}
		}
	}
	return chance{big: new(big.Rat).Mul(c.rat(), d.rat())}
}

// cmp is -1, 0 or +1 as c is less than, equal to or more than d.
func (c chance) cmp(d chance) int {
	if c.zero() || d.zero() {
		return c.rat().Cmp(d.rat())
	}
	if c.big == nil && d.big == nil {
		switch {
		case c.p.Less(d.p):
			return -1
		case d.p.Less(c.p):
			return 1
		}
		return 0
	}
	return c.rat().Cmp(d.rat())
}
