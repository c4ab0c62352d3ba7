package lhy

import (
	"context"
	"encoding/binary"
	"strings"
)

// A step is played in three parts, so that its odds can be worked out from each roll's
// distribution rather than from every combination of dice:
//
//   - its setup: the checks that may refuse it and the changes made before any die (an Assault's
//     declaration and DRM, a fire's markers); it rolls nothing;
//   - its up-front dice, one d10 each, rolled in order (a fire's markers, the Assault roll): a
//     die's face is folded into the step's variables V, what the rest of the step reads of it;
//   - its stages, in order: each plays part of the results on the game, reading V and the
//     up-front dice it names, and may roll more as it goes (Cohesion Checks, random picks).
//
// Played, a step rolls its up-front dice then plays its stages. Its odds (odds.go) fold each
// die into V only just before the first stage that reads it, play each stage once per distinct
// (game, V) and merge the results that agree, so the work follows the number of distinct
// states, not the number of dice paths.

// A plan is a step after its setup: the variables, the up-front dice and the stages.
type plan[V comparable] struct {
	v      V        // the variables before any die
	whys   []string // what each up-front die is for, one per die ("" when the report is quiet)
	fold   func(v *V, rep *Report, k, face int)
	stages []stage[V]
}

// A stage is one part of a step's results. play changes g, adds the stage's facts to rep and
// reads and updates v; it may roll from r. It reads nothing else that a stage changes: not g
// through another name, not rep's events (the odds play it on a fresh report and keep the
// facts it adds), not the setup's game. dice are the up-front dice whose folds it reads.
//
// forget, if set, rewrites v, for the odds, once the stage's dice are folded, into variables
// that give the same facts, changes and variables after the stage, whatever game the step
// may have reached: a roll is reduced to what it does, so that states which differ only in
// rolls with the same results are worked out once.
//
// idle, if set, reports that the stage does nothing for v: it would roll no die, give no fact
// and leave the game and v as they are. The odds then pass such states by.
type stage[V comparable] struct {
	dice   []int
	play   func(g *Game, rep *Report, v *V, r roller) error
	forget func(v *V)
	idle   func(v *V) bool
}

// A procedure is a step, set up, ready to be played or weighed.
type procedure interface {
	// live plays the rest of the step on g (the game its setup changed) with r's dice.
	live(g *Game, rep *Report, r roller) error
	// distribution is the exact odds of the rest of the step on g; keys are the facts the
	// setup gave.
	distribution(ctx context.Context, g *Game, keys []string) (*Odds, error)
}

// live rolls the up-front dice, folding each, then plays the stages.
func (p *plan[V]) live(g *Game, rep *Report, r roller) error {
	v := p.v
	for k := range p.whys {
		f, err := r.d10(p.whys[k])
		if err != nil {
			return err
		}
		p.fold(&v, rep, k, f)
	}
	for i := range p.stages {
		if err := p.stages[i].play(g, rep, &v, r); err != nil {
			return err
		}
	}
	return nil
}

// whole is the plan of a step that is not cut into stages: one stage plays all of it.
func whole(play func(g *Game, rep *Report, r roller) error) *plan[struct{}] {
	return &plan[struct{}]{stages: []stage[struct{}]{{
		play: func(g *Game, rep *Report, _ *struct{}, r roller) error { return play(g, rep, r) },
	}}}
}

// ints is a short list of integers kept in a string, so that variables holding lists stay
// comparable (the odds merge states by their variables). Each integer takes 4 bytes.
type ints string

func (s ints) len() int { return len(s) / 4 }

func (s ints) at(i int) int {
	return int(int32(uint32(s[4*i])<<24 | uint32(s[4*i+1])<<16 | uint32(s[4*i+2])<<8 | uint32(s[4*i+3])))
}

// has reports whether x is in s.
func (s ints) has(x int) bool {
	for i := range s.len() {
		if s.at(i) == x {
			return true
		}
	}
	return false
}

// with is s with its i-th integer set to x.
func (s ints) with(i, x int) ints {
	if s.at(i) == x {
		return s
	}
	var buf [64]byte
	b := append(buf[:0], s...)
	binary.BigEndian.PutUint32(b[4*i:], uint32(int32(x)))
	return ints(b)
}

// with2 is s with its i-th and i+1-th integers set to x and y.
func (s ints) with2(i, x, y int) ints {
	if s.at(i) == x && s.at(i+1) == y {
		return s
	}
	var buf [64]byte
	b := append(buf[:0], s...)
	binary.BigEndian.PutUint32(b[4*i:], uint32(int32(x)))
	binary.BigEndian.PutUint32(b[4*i+4:], uint32(int32(y)))
	return ints(b)
}

// plus is s with xs added at its end.
func (s ints) plus(xs ...int) ints {
	var b strings.Builder
	b.Grow(len(s) + 4*len(xs))
	b.WriteString(string(s))
	var w [4]byte
	for _, x := range xs {
		binary.BigEndian.PutUint32(w[:], uint32(int32(x)))
		b.Write(w[:])
	}
	return ints(b.String())
}

// zeros is a list of n zeros.
func zeros(n int) ints { return ints(strings.Repeat("\x00\x00\x00\x00", n)) }
