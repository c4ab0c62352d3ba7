package dice

import (
	"context"
	"errors"
	"fmt"
	"math/big"
)

// Odds by enumeration: a step is played on a fresh copy of its game once for every path its
// dice can take, each path weighted by its exact chance. A roll whose only effect is which of a
// few results it gives (a check: it bogs or not, it frees the vehicle or not) says so with
// [Check], and is tried once per result rather than once per total.

// Classer is a Source that rolls a check once per class of its totals (see [Check]): the
// enumeration of a step's odds is one. A Source that is not plays a check as any roll.
type Classer interface {
	RollClass(k Kind, c Classes) (Roll, error)
}

// Classes is how the totals of a check fall into its results: runs of consecutive totals of one
// result, each run after the first starting at one of starts.
type Classes struct {
	n      uint8
	starts [12]int8
}

// Split sorts the totals of kind k into runs of consecutive totals of one class(total).
func Split(k Kind, class func(total int) int) Classes {
	var c Classes
	lo, hi := k.Range()
	prev := class(lo)
	for t := lo + 1; t <= hi; t++ {
		if x := class(t); x != prev {
			c.starts[c.n] = int8(t)
			c.n++
			prev = x
		}
	}
	return c
}

// Check rolls a check of kind k from src. class sorts its totals (the die, or the sum of two
// dice) into the results that lead alike: totals of one class must change nothing that follows
// but the numbers reported (the Bog Check's class is whether it bogs). From an ordinary Source
// it is src.Roll(k), so a game plays and replays exactly as with Roll; a [Classer] is given the
// runs of totals of one class.
func Check(src Source, k Kind, class func(total int) int) (Roll, error) {
	if c, ok := src.(Classer); ok {
		return c.RollClass(k, Split(k, class))
	}
	return src.Roll(k)
}

// ErrTooManyPaths is an enumeration given up because the step's dice have more paths than its
// limit.
var ErrTooManyPaths = errors.New("dice: too many dice paths to enumerate")

// option is one way a roll of the enumeration can go: the total it shows and its weight.
type option struct {
	total int
	ways  int64
}

// branch is a path of the enumeration still to play: the options taken at its rolls so far,
// and its chance.
type branch struct {
	path []int
	p    *big.Rat
}

// pathSource answers rolls from a fixed path of options; past its end it takes each roll's
// first option and keeps the others as branches still to play, so that every run of the step
// ends one path.
type pathSource struct {
	path []int
	pos  int
	p    *big.Rat // the chance of the path taken so far
	fork []branch // the other options of the rolls past the fixed path
}

// faces is every total of kind k with its weight, and the weights' sum.
func faces(k Kind) ([]option, int64) {
	lo, hi := k.Range()
	out := make([]option, 0, hi-lo+1)
	var den int64
	for t := lo; t <= hi; t++ {
		w := int64(1)
		if k == DR {
			w = Ways[t]
		}
		out = append(out, option{t, w})
		den += w
	}
	return out, den
}

func (s *pathSource) next(k Kind, opts []option, den int64) (Roll, error) {
	var o int
	if s.pos < len(s.path) {
		o = s.path[s.pos]
	} else {
		for i := 1; i < len(opts); i++ {
			p := new(big.Rat).Mul(s.p, big.NewRat(opts[i].ways, den))
			s.fork = append(s.fork, branch{append(s.path[:len(s.path):len(s.path)], i), p})
		}
		s.path = append(s.path, 0)
		s.p.Mul(s.p, big.NewRat(opts[0].ways, den))
	}
	s.pos++
	r := Roll{Kind: k, Total: int8(opts[o].total)}
	if k != DR {
		r.D1 = r.Total
	}
	return r, nil
}

// Roll tries every total of the roll.
func (s *pathSource) Roll(k Kind) (Roll, error) {
	opts, den := faces(k)
	return s.next(k, opts, den)
}

// RollClass tries one total of each run of c (its lowest), weighted by all the totals of the run.
func (s *pathSource) RollClass(k Kind, c Classes) (Roll, error) {
	all, den := faces(k)
	opts := make([]option, 0, c.n+1)
	next := 0
	for _, f := range all {
		if len(opts) == 0 || next < int(c.n) && f.total == int(c.starts[next]) {
			if len(opts) > 0 {
				next++
			}
			opts = append(opts, option{f.total, 0})
		}
		opts[len(opts)-1].ways += f.ways
	}
	return s.next(k, opts, den)
}

// Enumerate plays run once for every path of dice (a check once per class of its totals),
// each time with a Source that gives that path's rolls: a roll the run meets for the first time
// takes its first option, and its others are played later from the start. run must play the
// step on a fresh copy of its game. Each run calls leaf with its result and the path's exact
// chance, which add up to 1 over the paths. An error of run ends the enumeration with that
// error (a refused step). It gives up with ctx's error once ctx is done, and with
// ErrTooManyPaths past limit paths (0: no limit). It returns the number of paths.
func Enumerate[T any](ctx context.Context, limit int, run func(src Source) (T, error), leaf func(out T, p *big.Rat)) (int, error) {
	stack := []branch{{nil, big.NewRat(1, 1)}}
	paths := 0
	for len(stack) > 0 {
		if limit > 0 && paths >= limit {
			return paths, fmt.Errorf("%w (more than %d)", ErrTooManyPaths, limit)
		}
		if paths&63 == 63 {
			if err := ctx.Err(); err != nil {
				return paths, err
			}
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		src := &pathSource{path: it.path, p: new(big.Rat).Set(it.p)}
		out, err := run(src)
		if err != nil {
			return paths, err
		}
		paths++
		leaf(out, src.p)
		// The other options go on the stack last first, so that the first is played first.
		for i := len(src.fork) - 1; i >= 0; i-- {
			stack = append(stack, src.fork[i])
		}
	}
	return paths, nil
}
