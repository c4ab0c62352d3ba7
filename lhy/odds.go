package lhy

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"

	"github.com/umpire-referee/umpire/dice"
)

// Odds is the exact chance of every outcome of a step before it is played. The game is not
// changed. A refused step returns its refusal.
//
// The odds are worked out from each roll's distribution (see plan.go): the step is set up on a
// copy of the game; its up-front dice (a fire's markers, the Assault roll) are folded one at a
// time into the variables the rest of the step reads, and each stage (a nationality's small-arms
// result, a vehicle's anti-tank result, the losers' Cohesion Checks...) is played once per
// distinct game and variables along each path of its own dice (a Cohesion Check counted as its
// chance to pass or fail, a random pick as 1/n each). States that agree on the game, the facts
// so far and the variables are merged, their chances added. The chances are exact fractions;
// they are what playing the step along every combination of its dice and adding up equal
// outcomes gives, and the outcomes are listed in the same order: most likely first, equally
// likely ones in the order of their first dice (lowest faces, a passed check before a failed
// one, the first candidate of a pick). Paths is the number of those combinations, counted.
func (g *Game) Odds(line string) (*Odds, error) {
	a, err := Parse(g, line)
	if err != nil {
		return nil, err
	}
	return g.OddsOf(a)
}

// OddsOf is Odds for a parsed step.
func (g *Game) OddsOf(a Action) (*Odds, error) {
	return g.OddsContext(context.Background(), a)
}

// OddsContext is OddsOf that gives up with ctx's error once ctx is done (a server bounds the
// time one request may spend on a step).
func (g *Game) OddsContext(ctx context.Context, a Action) (*Odds, error) {
	c := g.Clone()
	rep := &Report{Line: a.Text, Verb: a.Verb, quiet: true}
	p, err := c.procedure(a, rep)
	if err != nil {
		return nil, err
	}
	return p.distribution(ctx, c, rep.Keys())
}

// runner plays a on a fresh copy of g with the given dice and returns the outcome's keys.
func (g *Game) runner(a Action) func(r roller) ([]string, error) {
	return func(r roller) ([]string, error) {
		c := g.Clone()
		rep, err := c.do(a, r)
		if err != nil {
			return nil, err
		}
		return rep.Keys(), nil
	}
}

// EveryRoll runs a over every sequence of d10 faces its dice can show (a pick among n over the
// faces 1..n) and calls f with the faces and the outcome's keys; it returns the distribution
// those sequences give. With classes, a Cohesion Check is rolled once per result (a face that
// passes, one that fails) with the weight of all the faces alike, as Odds does. Tests use it
// to hold Odds against scripted play, and against this enumeration of every combination.
func (g *Game) EveryRoll(a Action, classes bool, f func(faces []int, keys []string)) (*Odds, error) {
	return enumerate(context.Background(), !classes, g.runner(a), f)
}

// MaxPlays bounds the work of the odds: a step whose stages would be played more times than
// this (each a run of one stage along one path of its own dice) is refused rather than left
// to run.
const MaxPlays = 2_000_000

// A weigher works out a plan's distribution: the states the step may be in after the dice
// and stages so far, each with its chance, its number of dice paths and its first path.
// Games, sequences of facts and variables are numbered (interned), so a state is a few
// numbers and the same fold, forget or stage is worked out once per number.
type weigher[V comparable] struct {
	ctx    context.Context
	games  gameSet
	facts  factSeqs
	vars   []V
	varIDs map[V]int32
	states []wstate
	next   merger      // the next states, being gathered
	paths  []int32     // the states' first paths, one after another, in chunks
	leaves []leaf      // the stages' leaves, one stage play's after another, in chunks
	spare  *Game       // a game to play a stage on, when the last play's game was not new
	rep    *Report     // a quiet report to play a stage on
	roller *forkRoller // the dice of a stage's play
	v      V           // the variables of a stage's play
	plays  int
}

type wstate struct {
	game, facts, v int32
	p              chance
	n              int64   // the dice paths merged into this state
	first          []int32 // the first of them, in the enumeration's order: each up-front die's option (-1 not rolled yet), then the stages' choices
}

type wkey struct{ game, facts, v int32 }

// varID numbers v.
func (w *weigher[V]) varID(v V) int32 {
	id, ok := w.varIDs[v]
	if !ok {
		id = int32(len(w.vars))
		w.vars = append(w.vars, v)
		w.varIDs[v] = id
	}
	return id
}

// path keeps a path, base then more, in the weigher's arena (a path is never changed).
func (w *weigher[V]) path(base, more []int32) []int32 {
	n := len(base) + len(more)
	if cap(w.paths)-len(w.paths) < n {
		w.paths = make([]int32, 0, max(4096, n)) // the old chunk stays with the paths in it
	}
	start := len(w.paths)
	w.paths = append(w.paths, base...)
	w.paths = append(w.paths, more...)
	return w.paths[start:len(w.paths):len(w.paths)]
}

// swap makes the gathered states the current ones, and keeps the old ones' storage for the
// next gathering.
func (w *weigher[V]) swap() {
	old := w.states
	w.states = w.next.states
	w.next.states = old[:0]
	clear(w.next.index)
}

// merger gathers the next states, adding up the ones that agree.
type merger struct {
	states []wstate
	index  map[wkey]int32
}

func (m *merger) add(k wkey, p chance, n int64, first []int32) error {
	if i, ok := m.index[k]; ok {
		s := &m.states[i]
		s.p = s.p.plus(p)
		if s.n > math.MaxInt64-n {
			return errTooMany
		}
		s.n += n
		if before(first, s.first) {
			s.first = first
		}
		return nil
	}
	m.index[k] = int32(len(m.states))
	m.states = append(m.states, wstate{game: k.game, facts: k.facts, v: k.v, p: p, n: n, first: first})
	return nil
}

var errTooMany = fmt.Errorf("more than %d dice paths or plays: too many to work out", int64(math.MaxInt64))

// before orders dice paths as the enumeration meets them: by their first different option.
func before(a, b []int32) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// distribution works out the odds of p's dice and stages on g, the game after the setup;
// keys are the setup's facts.
func (p *plan[V]) distribution(ctx context.Context, g *Game, keys []string) (*Odds, error) {
	// Sized for a fire or an Assault of a few units: they grow past that.
	w := &weigher[V]{ctx: ctx, varIDs: make(map[V]int32, 64), rep: &Report{quiet: true}, roller: &forkRoller{}}
	w.next.index = make(map[wkey]int32, 256)
	w.next.states = make([]wstate, 0, 256)
	w.games.init()
	w.facts.init()
	first := make([]int32, len(p.whys))
	for k := range first {
		first[k] = -1
	}
	g0, _ := w.games.intern(g)
	w.states = []wstate{{game: g0, facts: w.facts.extend(0, keys), v: w.varID(p.v), p: certain, n: 1, first: first}}
	rolled := make([]bool, len(p.whys))
	for i := range p.stages {
		st := &p.stages[i]
		var dice []int
		for _, k := range st.dice {
			if !rolled[k] {
				rolled[k] = true
				dice = append(dice, k)
			}
		}
		for j, k := range dice {
			var forget func(v *V)
			if j == len(dice)-1 {
				forget = st.forget // with the stage's last die
			}
			if err := w.roll(p.fold, k, forget); err != nil {
				return nil, err
			}
		}
		if st.forget != nil && len(dice) == 0 {
			if err := w.forget(st.forget); err != nil {
				return nil, err
			}
		}
		if err := w.play(st, i == len(p.stages)-1); err != nil {
			return nil, err
		}
	}
	for k := range rolled {
		if !rolled[k] {
			if err := w.roll(p.fold, k, nil); err != nil {
				return nil, err
			}
		}
	}
	return w.odds()
}

// roll folds the k-th up-front die into every state, then forgets (if forget is not nil):
// a state becomes one state per distinct variables its faces give, with the chance and the
// dice paths of those faces and the first of them.
func (w *weigher[V]) roll(fold func(v *V, rep *Report, k, face int), k int, forget func(v *V)) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	m := &w.next
	quiet := &Report{quiet: true}
	folded := make(map[int32][]faces, len(w.states)) // by the variables before
	for _, s := range w.states {
		after, ok := folded[s.v]
		if !ok {
			for face := 1; face <= 10; face++ {
				w.v = w.vars[s.v]
				fold(&w.v, quiet, k, face)
				if forget != nil {
					forget(&w.v)
				}
				after = addFace(after, w.varID(w.v), face)
			}
			folded[s.v] = after
		}
		if s.n > math.MaxInt64/10 {
			return errTooMany
		}
		for _, f := range after {
			first := w.path(s.first, nil)
			first[k] = int32(f.lowest - 1)
			p := s.p.times(chance{p: dice.NewProb(int64(f.count), 10)})
			if err := m.add(wkey{s.game, s.facts, f.v}, p, s.n*int64(f.count), first); err != nil {
				return err
			}
		}
	}
	if len(quiet.Events) > 0 {
		return errors.New("lhy: a die's fold gave a fact")
	}
	w.swap()
	return nil
}

// faces are the faces of a die that give the same variables: how many, and the lowest.
type faces struct {
	v             int32
	count, lowest int
}

func addFace(fs []faces, v int32, face int) []faces {
	for i := range fs {
		if fs[i].v == v {
			fs[i].count++
			return fs
		}
	}
	return append(fs, faces{v: v, count: 1, lowest: face})
}

// leaf is one way a stage ends from one state: the game and variables it leaves, the facts it
// added, its chance and its dice choices.
type leaf struct {
	game, v int32
	facts   int32 // the facts, as a sequence of their own
	p       chance
	path    []int32
}

// forget rewrites every state's variables as forget does, once per distinct variables, and
// merges the states that then agree.
func (w *weigher[V]) forget(forget func(v *V)) error {
	forgot := make(map[int32]int32, len(w.states))
	m := &w.next
	for _, s := range w.states {
		v, ok := forgot[s.v]
		if !ok {
			w.v = w.vars[s.v]
			forget(&w.v)
			v = w.varID(w.v)
			forgot[s.v] = v
		}
		if err := m.add(wkey{s.game, s.facts, v}, s.p, s.n, s.first); err != nil {
			return err
		}
	}
	w.swap()
	return nil
}

// play plays the stage on every state, once per distinct game and variables, and merges.
// After the last stage only the facts count: its games are not kept.
func (w *weigher[V]) play(st *stage[V], last bool) error {
	memo := make(map[[2]int32][]leaf, len(w.states))
	idle := map[int32]bool{} // by variables
	m := &w.next
	for _, s := range w.states {
		if st.idle != nil {
			still, ok := idle[s.v]
			if !ok {
				still = st.idle(&w.vars[s.v])
				idle[s.v] = still
			}
			if still {
				if err := m.add(wkey{s.game, s.facts, s.v}, s.p, s.n, s.first); err != nil {
					return err
				}
				continue
			}
		}
		mk := [2]int32{s.game, s.v}
		leaves, ok := memo[mk]
		if !ok {
			var err error
			if leaves, err = w.explore(st, s.game, w.vars[s.v], last); err != nil {
				return err
			}
			memo[mk] = leaves
		}
		for _, l := range leaves {
			first := s.first
			if len(l.path) > 0 {
				first = w.path(s.first, l.path)
			}
			if err := m.add(wkey{l.game, w.facts.concat(s.facts, l.facts), l.v}, s.p.times(l.p), s.n, first); err != nil {
				return err
			}
		}
	}
	w.swap()
	return nil
}

// explore plays a stage from one state along every path of its own dice. Each play follows a
// path given so far and takes the first option of every further choice, noting the others
// as paths still to play: one play per way the stage can end. When last, the games the
// stage ends in are not kept (their number is -1).
func (w *weigher[V]) explore(st *stage[V], game int32, v V, last bool) ([]leaf, error) {
	base := w.games.at(game)
	start := len(w.leaves)
	todo := [][]int32{nil}
	rep, r := w.rep, w.roller
	for len(todo) > 0 {
		path := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if w.plays++; w.plays&255 == 0 {
			if err := w.ctx.Err(); err != nil {
				return nil, err
			}
		}
		if w.plays > MaxPlays {
			return nil, fmt.Errorf("more than %d plays of a stage: too many to work out", MaxPlays)
		}
		c := w.spare
		if c == nil {
			c = base.Clone()
		} else {
			base.cloneInto(c)
		}
		w.spare = nil
		w.v = v
		rep.Events, rep.Terms = rep.Events[:0], nil
		r.reset(path)
		if err := st.play(c, rep, &w.v, r); err != nil {
			return nil, err
		}
		for j := len(r.path) - 1; j >= r.given; j-- {
			for o := r.opts[j-r.given] - 1; o >= 1; o-- {
				np := w.path(r.path[:j], []int32{o})
				todo = append(todo, np)
			}
		}
		id := int32(-1) // after the last stage no game is kept
		w.spare = c
		if !last {
			var fresh bool
			if id, fresh = w.games.intern(c); fresh {
				w.spare = nil
			}
		}
		facts := int32(0)
		for _, e := range rep.Events {
			if e.Key != "" {
				facts = w.facts.add(facts, e.Key)
			}
		}
		w.leaves = append(w.leaves, leaf{game: id, v: w.varID(w.v), facts: facts, p: r.chance(), path: w.path(r.path, nil)})
	}
	out := w.leaves[start:len(w.leaves):len(w.leaves)]
	if cap(w.leaves)-len(w.leaves) < 16 {
		w.leaves = make([]leaf, 0, 256) // the old chunk stays with the leaves in it
	}
	return out, nil
}

// odds adds up the final states by their facts, and the chance of each fact.
func (w *weigher[V]) odds() (*Odds, error) {
	type acc struct {
		facts int32
		p     chance
		num   int64 // p's numerator over den, when common
		first []int32
	}
	by := make(map[int32]int, len(w.states))
	outs := make([]acc, 0, len(w.states))
	var paths int64
	for _, s := range w.states {
		if paths > math.MaxInt64-s.n || paths+s.n > math.MaxInt {
			return nil, errTooMany
		}
		paths += s.n
		i, ok := by[s.facts]
		if !ok {
			i = len(outs)
			by[s.facts] = i
			outs = append(outs, acc{facts: s.facts, first: s.first})
		} else if before(s.first, outs[i].first) {
			outs[i].first = s.first
		}
		outs[i].p = outs[i].p.plus(s.p)
	}
	den, common := commonDen(outs, func(a acc) chance { return a.p })
	for i := range outs {
		if common {
			outs[i].num = outs[i].p.p.Num * (den / outs[i].p.p.Den) // at most den
		}
	}
	order := make([]int32, len(outs))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &outs[i], &outs[j]
		c := cmp.Compare(b.num, a.num)
		if !common {
			c = b.p.cmp(a.p)
		}
		if c != 0 {
			return c
		}
		if before(a.first, b.first) {
			return -1
		}
		return 1 // two outcomes never share their first path
	})
	odds := &Odds{Marginal: map[string]*big.Rat{}, Paths: int(paths), Outcomes: make([]Outcome, len(outs))}
	slab := make([]big.Rat, 0, len(outs)) // the outcomes' chances, in one allocation
	size := 0
	for _, o := range outs {
		for x := o.facts; x > 0; x = w.facts.nodes[x].parent {
			size++
		}
	}
	keys := make([]string, 0, size) // the outcomes' facts, in one allocation
	seqs := make([]int32, len(outs))
	nums := make([]int64, len(outs))
	for i, oi := range order {
		o := &outs[oi]
		odds.Outcomes[i] = Outcome{Keys: w.facts.listIn(&keys, o.facts), P: o.p.ratIn(&slab)}
		seqs[i], nums[i] = o.facts, o.num
	}
	if !common {
		odds.marginals()
		return odds, nil
	}
	w.marginals(odds, seqs, nums, den)
	return odds, nil
}

// commonDen is the least common denominator of the chances of xs, and false if it does not fit
// in an int64 (or a chance is a big.Rat).
func commonDen[T any](xs []T, p func(T) chance) (int64, bool) {
	den := int64(1)
	for _, x := range xs {
		c := p(x)
		if c.big != nil {
			return 0, false
		}
		l, ok := mulInt(den/gcdInt(den, c.p.Den), c.p.Den)
		if !ok {
			return 0, false
		}
		den = l
	}
	return den, true
}

// marginals sets the chance of each fact over the outcomes, given by their fact sequences and
// their chances' numerators over den, a common denominator.
func (w *weigher[V]) marginals(odds *Odds, seqs []int32, nums []int64, den int64) {
	sums := make([]int64, w.facts.count())
	slab := make([]big.Rat, 0, len(sums)) // the facts' chances, in one allocation
	seen := make([]int32, len(sums))      // the outcome (+1) that last counted each fact
	var order []int32
	for i, seq := range seqs {
		n := nums[i]
		for id := seq; id > 0; id = w.facts.nodes[id].parent {
			f := w.facts.nodes[id].fact
			if seen[f] == int32(i+1) {
				continue
			}
			if seen[f] == 0 {
				order = append(order, f)
			}
			seen[f] = int32(i + 1)
			sums[f] += n // at most den: the outcomes' chances add up to 1
		}
	}
	for _, f := range order {
		g := gcdInt(sums[f], den)
		odds.Marginal[w.facts.names[f]] = reducedIn(&slab, sums[f]/g, den/g)
	}
}

func gcdInt(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mulInt is a*b for non-negative a and b, with ok false past math.MaxInt64.
func mulInt(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return int64(lo), hi == 0 && lo <= math.MaxInt64
}

// forkRoller answers a stage's dice from a path of options and takes the first option of every
// choice past it, noting how many options each had and the chance of the options taken.
type forkRoller struct {
	path     []int32
	given    int     // the options given; the rest were taken first
	pos      int     // the next choice
	opts     []int32 // per choice past the given ones: its number of options
	num, den uint64  // the chance of the options taken, while it fits
	big      *big.Rat
}

// reset starts a play along path.
func (r *forkRoller) reset(path []int32) {
	r.path = append(r.path[:0], path...)
	r.given, r.pos, r.opts = len(path), 0, r.opts[:0]
	r.num, r.den, r.big = 1, 1, nil
}

func (r *forkRoller) choose(n int) int {
	if r.pos < len(r.path) {
		o := r.path[r.pos]
		r.pos++
		return int(o)
	}
	r.path = append(r.path, 0)
	r.opts = append(r.opts, int32(n))
	r.pos++
	return 0
}

// times multiplies the chance so far by num/den.
func (r *forkRoller) times(num, den uint64) {
	if r.big == nil {
		hn, ln := bits.Mul64(r.num, num)
		hd, ld := bits.Mul64(r.den, den)
		if hn == 0 && hd == 0 && ln <= math.MaxInt64 && ld <= math.MaxInt64 {
			r.num, r.den = ln, ld
			return
		}
		r.big = new(big.Rat).SetFrac(new(big.Int).SetUint64(r.num), new(big.Int).SetUint64(r.den))
	}
	r.big.Mul(r.big, new(big.Rat).SetFrac(new(big.Int).SetUint64(num), new(big.Int).SetUint64(den)))
}

func (r *forkRoller) chance() chance {
	if r.big != nil {
		return chance{big: r.big}
	}
	return chance{p: dice.NewProb(int64(r.num), int64(r.den))}
}

func (r *forkRoller) d10(string) (int, error) {
	o := r.choose(10)
	r.times(1, 10)
	return o + 1, nil
}

func (r *forkRoller) check(_ string, target int) (int, bool, error) {
	switch {
	case target <= 0:
		return 10, false, nil
	case target >= 10:
		return 1, true, nil
	}
	if r.choose(2) == 0 {
		r.times(uint64(target), 10)
		return target, true, nil
	}
	r.times(uint64(10-target), 10)
	return 10, false, nil
}

func (r *forkRoller) pick(_ string, n int) (int, error) {
	if n <= 1 {
		return 0, nil
	}
	o := r.choose(n)
	r.times(1, uint64(n))
	return o, nil
}
