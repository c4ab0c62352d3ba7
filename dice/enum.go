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

// errMore stops a run of the enumeration where its path needs another roll.
var errMore = errors.New("dice: the enumeration needs another roll")

// ErrTooManyPaths is an enumeration given up because the step's dice have more paths than its
// limit.
var ErrTooManyPaths = errors.New("dice: too many dice paths to enumerate")

// option is one way a roll of the enumeration can go: the total it shows and its weight.
type option struct {
	total int
	ways  int64
}

// pathSource answers rolls from a fixed path of options and stops the run with errMore where
// the path ends, leaving the options of the roll it was asked for.
type pathSource struct {
	path []int
	pos  int
	need []option
	den  int64
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
	if s.pos < len(s.path) {
		o := opts[s.path[s.pos]]
		s.pos++
		r := Roll{Kind: k, Total: int8(o.total)}
		if k != DR {
			r.D1 = r.Total
		}
		return r, nil
	}
	s.need, s.den = opts, den
	return Roll{}, errMore
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

// Enumerate plays run once for every path of dice (a check once per class), each time with a
// Source that gives that path's rolls; run must play the step on a fresh copy of its game. Each
// run that ends calls leaf with its result and the path's exact chance, which add up to 1 over
// the paths. An error of run other than the enumeration's own ends it with that error (a
// refused step). It gives up with ctx's error once ctx is done, and with ErrTooManyPaths past
// limit runs (0: no limit). It returns the number of paths.
func Enumerate[T any](ctx context.Context, limit int, run func(src Source) (T, error), leaf func(out T, p *big.Rat)) (int, error) {
	type item struct {
		path []int
		p    *big.Rat
	}
	stack := []item{{nil, big.NewRat(1, 1)}}
	paths := 0
	for runs := 1; len(stack) > 0; runs++ {
		if limit > 0 && runs > limit {
			return paths, fmt.Errorf("%w (more than %d)", ErrTooManyPaths, limit)
		}
		if runs&63 == 0 {
			if err := ctx.Err(); err != nil {
				return paths, err
			}
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		src := &pathSource{path: it.path}
		out, err := run(src)
		if errors.Is(err, errMore) {
			// The options go on the stack last first, so that the first is tried first.
			for o := len(src.need) - 1; o >= 0; o-- {
				p := new(big.Rat).Mul(it.p, big.NewRat(src.need[o].ways, src.den))
				np := make([]int, len(it.path), len(it.path)+1)
				copy(np, it.path)
				stack = append(stack, item{append(np, o), p})
			}
			continue
		}
		if err != nil {
			return paths, err
		}
		paths++
		leaf(out, it.p)
	}
	return paths, nil
}
