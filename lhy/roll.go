package lhy

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/umpire-referee/umpire/dice"
)

// roller is where a resolution gets its dice. Three kinds of question:
//
//   - d10: a roll whose face matters (an Assault roll, a fire DRM roll, a Vehicle Destruction
//     Attempt);
//   - check: a roll that only passes (face <= target) or fails (a Cohesion Check);
//   - pick: one of n alike candidates at random (a tie "(random)"), drawn as a d10 rolled until it
//     shows 1..n, so a scripted value v picks the v-th candidate.
//
// The game rolls them from a dice.Source (seeded, scripted or replayed); the odds weigh them
// (odds.go); EveryRoll and the tests enumerate them.
type roller interface {
	d10(why string) (int, error)
	check(why string, target int) (face int, pass bool, err error)
	pick(why string, n int) (int, error)
}

// Roll is one roll made by a step, with what it was for.
type Roll struct {
	dice.Roll
	Why string
}

// liveRoller rolls from a source and keeps what it rolled.
type liveRoller struct {
	src   dice.Source
	rolls []Roll
}

func (r *liveRoller) d10(why string) (int, error) {
	x, err := r.src.Roll(dice.D10)
	if err != nil {
		return 0, err
	}
	r.rolls = append(r.rolls, Roll{x, why})
	return int(x.Total), nil
}

func (r *liveRoller) check(why string, target int) (int, bool, error) {
	f, err := r.d10(why)
	return f, f <= target, err
}

// maxPickRolls bounds the d10s of one random pick (a script that keeps rolling above n).
const maxPickRolls = 64

func (r *liveRoller) pick(why string, n int) (int, error) {
	if n <= 1 {
		return 0, nil
	}
	for range maxPickRolls {
		f, err := r.d10(fmt.Sprintf("%s (1..%d picks)", why, n))
		if err != nil {
			return 0, err
		}
		if f <= n {
			return f - 1, nil
		}
	}
	return 0, fmt.Errorf("%s: %d rolls in a row above %d", why, maxPickRolls, n)
}

// errMore stops a run of the enumerator where the choice path needs one more choice.
var errMore = errors.New("lhy: enumeration needs another choice")

// pathRoller answers from a fixed path of choices and asks for more when it runs out.
// Smart mode folds a check into pass/fail; brute mode rolls every face of every die.
type pathRoller struct {
	path  []int // the option taken at each choice so far
	pos   int
	brute bool
	need  []int64 // the weights of the options of the missing choice (numerators over wDen)
	wDen  int64
	faces []int // the face a script would give for each choice made
}

func (r *pathRoller) next(weights []int64, den int64) (int, error) {
	if r.pos < len(r.path) {
		o := r.path[r.pos]
		r.pos++
		return o, nil
	}
	r.need, r.wDen = weights, den
	return 0, errMore
}

var tenths = []int64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}

func (r *pathRoller) d10(string) (int, error) {
	o, err := r.next(tenths, 10)
	if err == nil {
		r.faces = append(r.faces, o+1)
	}
	return o + 1, err
}

func (r *pathRoller) check(_ string, target int) (int, bool, error) {
	if r.brute {
		f, err := r.d10("")
		return f, f <= target, err
	}
	switch {
	case target <= 0:
		return 10, false, nil
	case target >= 10:
		return 1, true, nil
	}
	o, err := r.next([]int64{int64(target), int64(10 - target)}, 10)
	if err != nil {
		return 0, false, err
	}
	if o == 0 {
		r.faces = append(r.faces, target)
		return target, true, nil
	}
	r.faces = append(r.faces, 10)
	return 10, false, nil
}

func (r *pathRoller) pick(_ string, n int) (int, error) {
	if n <= 1 {
		return 0, nil
	}
	w := make([]int64, n)
	for i := range w {
		w[i] = 1
	}
	o, err := r.next(w, int64(n))
	if err == nil {
		r.faces = append(r.faces, o+1)
	}
	return o, err
}

// MaxOutcomes bounds an enumeration (EveryRoll, the tests' oracle): a resolution with more dice
// paths than this is refused rather than left to run. The odds are bounded by MaxPlays instead.
const MaxOutcomes = 2_000_000

// Outcome is one result of a resolution: the facts it produced, in order, and its chance.
type Outcome struct {
	Keys []string
	P    *big.Rat
}

// Odds is the exact distribution of a resolution's results.
type Odds struct {
	Outcomes []Outcome           // every distinct result, most likely first
	Marginal map[string]*big.Rat // the chance of each fact, over all outcomes
	Paths    int                 // the combinations of dice results the step can roll
}

// enumerate runs run over every path of choices and adds up the outcomes by their keys.
// leaf, if not nil, sees every dice path (as the faces a script would give) with its outcome.
func enumerate(ctx context.Context, brute bool, run func(r roller) ([]string, error), leaf func(faces []int, keys []string)) (*Odds, error) {
	type item struct {
		path []int
		p    *big.Rat
	}
	stack := []item{{nil, big.NewRat(1, 1)}}
	acc := map[string]*Outcome{}
	var order []string
	paths := 0
	for runs := 0; len(stack) > 0; runs++ {
		if runs&255 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pr := &pathRoller{path: it.path, brute: brute}
		keys, err := run(pr)
		if err == errMore || errors.Is(err, errMore) {
			for o := len(pr.need) - 1; o >= 0; o-- {
				if pr.need[o] == 0 {
					continue
				}
				p := new(big.Rat).Mul(it.p, big.NewRat(pr.need[o], pr.wDen))
				np := make([]int, len(it.path), len(it.path)+1)
				copy(np, it.path)
				stack = append(stack, item{append(np, o), p})
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		paths++
		if leaf != nil {
			leaf(pr.faces, keys)
		}
		if paths > MaxOutcomes {
			return nil, fmt.Errorf("more than %d dice paths: too many to enumerate", MaxOutcomes)
		}
		k := strings.Join(keys, "\n")
		o, ok := acc[k]
		if !ok {
			o = &Outcome{Keys: keys, P: new(big.Rat)}
			acc[k] = o
			order = append(order, k)
		}
		o.P.Add(o.P, it.p)
	}
	odds := &Odds{Marginal: map[string]*big.Rat{}, Paths: paths}
	for _, k := range order {
		odds.Outcomes = append(odds.Outcomes, *acc[k])
	}
	odds.marginals()
	sort.SliceStable(odds.Outcomes, func(i, j int) bool { return odds.Outcomes[i].P.Cmp(odds.Outcomes[j].P) > 0 })
	return odds, nil
}

// marginals adds up the chance of each fact over the outcomes (a fact counted once per outcome).
func (o *Odds) marginals() {
	for _, x := range o.Outcomes {
		seen := map[string]bool{}
		for _, key := range x.Keys {
			if seen[key] {
				continue
			}
			seen[key] = true
			m, ok := o.Marginal[key]
			if !ok {
				m = new(big.Rat)
				o.Marginal[key] = m
			}
			m.Add(m, x.P)
		}
	}
}

// Total is the sum of the outcomes' chances (1 for a whole distribution).
func (o *Odds) Total() *big.Rat {
	t := new(big.Rat)
	for _, x := range o.Outcomes {
		t.Add(t, x.P)
	}
	return t
}

// Keys lists the facts of Marginal in a stable order.
func (o *Odds) Keys() []string {
	ks := make([]string, 0, len(o.Marginal))
	for k := range o.Marginal {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
