// Package dice rolls the ASL dice and computes their exact odds.
//
// A DR is two six-sided dice summed (2..12); a dr is one die (1..6). Rolls come from a
// [Source]: [NewSeeded] gives the same rolls for the same seed on every machine and every Go
// release (the die is drawn from PCG output by a fixed method), and [Script] replays listed
// results before falling back to another source, so a test or a rulebook example can fix
// exactly what is rolled.
//
// Odds are exact fractions ([Prob]), computed by enumerating the dice, never sampled.
package dice

import (
	"fmt"
	"math/rand/v2"
)

// Kind says what was rolled.
type Kind uint8

// Kinds of roll.
const (
	DR  Kind = iota // two dice, summed
	Dr              // one die
	D10             // one ten-sided die read 1..10, the 0 face as 10 (Last Hundred Yards)
)

func (k Kind) String() string {
	switch k {
	case Dr:
		return "dr"
	case D10:
		return "d10"
	}
	return "DR"
}

// Range is the lowest and highest roll of kind k.
func (k Kind) Range() (lo, hi int) {
	switch k {
	case Dr:
		return 1, 6
	case D10:
		return 1, 10
	}
	return 2, 12
}

// Roll is one roll as made. D1 and D2 are the single dice when known (a scripted total has
// them zero); Total is their sum (or the die, for a dr).
type Roll struct {
	Kind   Kind
	D1, D2 int8
	Total  int8
}

func (r Roll) String() string {
	if r.Kind == DR && r.D1 > 0 {
		return fmt.Sprintf("DR %d (%d,%d)", r.Total, r.D1, r.D2)
	}
	return fmt.Sprintf("%v %d", r.Kind, r.Total)
}

// Source supplies rolls. An error means the source cannot give a roll of that kind (a script
// whose next value does not fit).
type Source interface {
	Roll(k Kind) (Roll, error)
}

// Seeded is a deterministic source: the same seed gives the same rolls, always.
type Seeded struct {
	pcg rand.PCG
}

// NewSeeded makes a seeded source.
func NewSeeded(seed uint64) *Seeded {
	s := &Seeded{}
	s.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
	return s
}

// die draws 1..6 by rejection from the top byte of PCG output, so the result depends only on
// the PCG stream.
func (s *Seeded) die() int8 {
	for {
		b := byte(s.pcg.Uint64() >> 56)
		if b < 252 { // 252 = 6*42
			return int8(b%6) + 1
		}
	}
}

// d10 draws 1..10 the same way.
func (s *Seeded) d10() int8 {
	for {
		b := byte(s.pcg.Uint64() >> 56)
		if b < 250 { // 250 = 10*25
			return int8(b%10) + 1
		}
	}
}

// Roll implements Source.
func (s *Seeded) Roll(k Kind) (Roll, error) {
	switch k {
	case Dr:
		d := s.die()
		return Roll{Kind: Dr, D1: d, Total: d}, nil
	case D10:
		d := s.d10()
		return Roll{Kind: D10, D1: d, Total: d}, nil
	}
	a, b := s.die(), s.die()
	return Roll{Kind: DR, D1: a, D2: b, Total: a + b}, nil
}

// Script returns listed results in order, then rolls from Then (an error when Then is nil).
// A value is the total of the roll of whatever kind is asked for next.
type Script struct {
	Values []int
	Then   Source
	next   int
}

// Remaining is how many scripted values have not been used.
func (s *Script) Remaining() int { return len(s.Values) - s.next }

// Roll implements Source.
func (s *Script) Roll(k Kind) (Roll, error) {
	if s.next < len(s.Values) {
		v := s.Values[s.next]
		lo, hi := k.Range()
		if v < lo || v > hi {
			return Roll{}, fmt.Errorf("scripted roll #%d is %d, but a %v is %d..%d", s.next+1, v, k, lo, hi)
		}
		s.next++
		r := Roll{Kind: k, Total: int8(v)}
		if k != DR {
			r.D1 = r.Total // one die: its face is the total
		}
		return r, nil
	}
	if s.Then == nil {
		return Roll{}, fmt.Errorf("the dice script ran out after %d rolls and there is no seed", len(s.Values))
	}
	return s.Then.Roll(k)
}

// Lowest always rolls the lowest result (DR 2, dr 1): every check a vehicle makes to keep going
// passes unless its DRM alone fails it. A planner follows the way on which the vehicle stays
// Mobile and takes the risk from each roll's odds.
type Lowest struct{}

// Roll returns the lowest DR, dr or d10.
func (Lowest) Roll(k Kind) (Roll, error) {
	if k != DR {
		return Roll{Kind: k, D1: 1, Total: 1}, nil
	}
	return Roll{Kind: k, D1: 1, D2: 1, Total: 2}, nil
}
