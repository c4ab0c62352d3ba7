package plan

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// Graph is the State graph of one vehicle on one map, the other units standing where they
// are: every State it can get to and every step between them, each step costed and judged by
// the referee once, when the graph is compiled. Queries on it ([Graph.Reach]) are then fast
// and allocate nothing once their buffers are warm, which is what a page that shades the reach
// of whichever vehicle a player points at needs.
//
// How much a step costs never depends on how many MP the vehicle has spent; whether it may be
// taken does (D2.1 affordability, the Stopping MP a vehicle in Reverse must keep, D2.24; ALL-MP
// entry and the Stop after it, D2.7, need none). Each edge therefore carries the window of
// remaining MP within which the referee takes it, found by playing the step with different MP
// left; a step whose outcome changes with the MP left (a Bypass that fails hexside clearance
// stops the vehicle only if it can pay the Stopping MP, D2.3) becomes one edge per outcome. A
// Minimum Move (D2.15) spends the rest of the printed allotment, whatever that is.
//
// The graph is compiled without ESB (D2.5); [Reach] with Options.ESB plays ESB through the
// referee instead.
type Graph struct {
	Unit   int
	States []State
	allot  asl.MP // printed MP allotment
	allow  asl.MP // MP allowance of every State not under ALL MP or a Minimum Move
	first  []int32
	edges  []edge
	probs  []float64    // the distinct chances of a step leaving the vehicle Mobile; probs[0] == 1
	acts   []int32      // each edge's step, an index into steps
	steps  []asl.Action // the distinct steps
	fixed  []bool       // the State has no allowance beyond what it spent (ALL MP, Minimum Move)
	index  map[State]int32
	ring   int // bucket ring size: a power of two above the longest jump in MP
}

// edge is one step of the graph, in 8 bytes: to State to, costing cost half-MP, taken while
// the vehicle has lo <= remaining < hi half-MP left (hi noCeiling: no upper bound). flags hold
// the index of its chance of leaving the vehicle Mobile in Graph.probs and the minimum bit: a
// Minimum Move lands on the printed allotment and needs its Start MP (cost) to leave something
// of it.
type edge struct {
	to           int32
	cost, lo, hi uint8
	flags        uint8
}

const (
	noCeiling   = 0xff
	minimumFlag = 0x80
	probMask    = 0x7f
)

func (e *edge) prob() int     { return int(e.flags & probMask) }
func (e *edge) minimum() bool { return e.flags&minimumFlag != 0 }

// huge is the MP left given to a vehicle while a step's cost is found: more than any step
// costs.
const huge = asl.MP(2000)

// ErrIrregular: a step's outcome changes with the MP left in a way the graph cannot hold.
var ErrIrregular = errors.New("a step's outcome depends on the MP left in a way the compiled graph does not model")

// adj is an edge while the graph is compiled, in 16 bytes: its step is an index into the
// compiler's distinct actions (a map has a few hundred distinct steps; it has hundreds of
// thousands of edges).
type adj struct {
	from int32
	e    edge
	a    int32
}

type outcome struct {
	ok   bool
	d    asl.MP
	to   State
	p    float64
	unit asl.Unit
}

func (o *outcome) same(x *outcome) bool {
	return o.ok == x.ok && (!o.ok || o.d == x.d && o.to == x.to && o.p == x.p)
}

// Compile builds the State graph of unit from where it stands now. With limit > 0 only States
// the vehicle could reach for at most limit MP (counting every step as affordable) are
// expanded, which is all a query with that budget can use; with limit 0 the whole map is.
func Compile(g *asl.Game, unit int, limit asl.MP) (*Graph, error) {
	if unit < 0 || unit >= len(g.Units) {
		return nil, fmt.Errorf("no such unit")
	}
	scratch := g.Clone()
	scratch.Scratch = true
	start := scratch.Units[unit]
	if start.Immobile != asl.Mobile || start.Destroyed || start.Ended {
		return nil, ErrNotMoving
	}
	// Room for the States to start with: a whole map has a few dozen per hex (47 for a
	// tank on open boards), a query's budget far fewer; growing the index, the copies of
	// units and the edges was half of what a whole-map compile allocated.
	hint := 4 * g.Map.Layout.Size()
	if limit == 0 {
		hint = 48 * g.Map.Layout.Size()
	}
	gr := &Graph{Unit: unit, allot: start.V.Allotment(), allow: start.Allowance, index: make(map[State]int32, hint), probs: []float64{1}}
	c := compiler{gr: gr, scratch: scratch, unit: unit, gain: gained(&start), maxJump: 1, res: new(asl.Result), actIdx: map[asl.Action]int32{},
		reps: make([]asl.Unit, 0, hint), dist: make([]asl.MP, 0, hint), all: make([]adj, 0, 4*hint)}
	if err := c.search(&start, limit); err != nil {
		return nil, err
	}
	gr.renumber(c.all, c.order)
	gr.link(c.all, c.acts, c.maxJump)
	return gr, nil
}

// compiler is the work of one Compile: the scratch game the referee plays every step on, the
// States found so far (each with a representative unit and the least MP it is reached for)
// and the edges found so far, in the order found.
type compiler struct {
	gr      *Graph
	scratch *asl.Game
	unit    int
	gain    asl.MP // what an ESB added to the start's allotment (D2.5): no ESB is played here
	reps    []asl.Unit
	dist    []asl.MP
	all     []adj
	acts    []asl.Action         // the distinct steps of the edges
	actIdx  map[asl.Action]int32 // their indices in acts
	maxJump asl.MP               // the longest jump in MP of any edge: the bucket ring must hold it
	order   []int32              // the States in the order the search settled them
	res     *asl.Result          // what the referee made of the last step played
	// the outcomes of a step with plenty of MP left, with none, and around its cost
	inf, o0, at outcome
	scan        [12]outcome
	scanAt      [12]asl.MP
}

// key is the State a unit is in, with the MP an ESB added to its allotment (D2.5) as at the
// start, since the graph plays no ESB, unless it is under ALL MP (D2.7) or a Minimum Move
// (D2.15), which keep none.
func (c *compiler) key(u *asl.Unit) State {
	s := stateOf(u)
	s.Gained = 0
	if !u.AllUsed && !u.MinimumMove {
		s.Gained = c.gain
	}
	return s
}

// node is the index of the State of u, reached for d MP, adding it if it is new.
func (c *compiler) node(u *asl.Unit, d asl.MP) int32 {
	gr := c.gr
	k := c.key(u)
	if i, ok := gr.index[k]; ok {
		if d < c.dist[i] {
			c.dist[i] = d
		}
		return i
	}
	i := int32(len(gr.States))
	gr.index[k] = i
	gr.States = append(gr.States, k)
	gr.fixed = append(gr.fixed, u.AllUsed || u.MinimumMove)
	c.reps = append(c.reps, *u)
	c.dist = append(c.dist, d)
	return i
}

// probe plays step a for the unit rep with left MP remaining of its allowance (D2.1) and
// writes the outcome to o: not ok if the referee refuses it, or it leaves the vehicle
// Immobilized or newly Stalled.
func (c *compiler) probe(rep *asl.Unit, a asl.Action, left asl.MP, o *outcome) {
	u := *rep
	if !u.AllUsed && !u.MinimumMove {
		u.Allowance = u.Spent + left
	}
	c.scratch.Units[c.unit] = u
	o.ok = false
	if err := c.scratch.Step(a, dice.Lowest{}, c.res); err != nil {
		return
	}
	nu := &c.scratch.Units[c.unit]
	if nu.Immobile != asl.Mobile || nu.Stalled && !rep.Stalled {
		return
	}
	o.ok, o.d, o.to, o.p, o.unit = true, nu.Spent-rep.Spent, c.key(nu), c.res.Mobile(), *nu
}

// prob is the index in Graph.probs of the chance p of a step leaving the vehicle Mobile,
// adding it if it is new.
func (c *compiler) prob(p float64) (uint8, error) {
	gr := c.gr
	for i, q := range gr.probs {
		if q == p {
			return uint8(i), nil
		}
	}
	if len(gr.probs) > probMask {
		return 0, fmt.Errorf("%w: more than %d different chances of a step", ErrIrregular, probMask+1)
	}
	gr.probs = append(gr.probs, p)
	return uint8(len(gr.probs) - 1), nil
}

// push adds the edge of outcome o of step a from State from, taken while lo <= MP left < hi;
// min: a Minimum Move (D2.15), which lands on the printed allotment.
func (c *compiler) push(from int32, o *outcome, lo, hi asl.MP, a asl.Action, min bool) error {
	if o.d <= 0 && !min {
		return fmt.Errorf("%w: a step costing %s MP", ErrIrregular, o.d)
	}
	if o.d >= noCeiling || lo >= noCeiling || hi < huge && hi >= noCeiling {
		return fmt.Errorf("%w: a step costing %s MP", ErrIrregular, o.d)
	}
	pi, err := c.prob(o.p)
	if err != nil {
		return err
	}
	to := c.node(&o.unit, c.dist[from]+o.d)
	e := edge{to: to, cost: uint8(o.d), lo: uint8(lo), hi: noCeiling, flags: pi}
	if hi < huge {
		e.hi = uint8(hi)
	}
	if min {
		e.cost, e.lo, e.flags = uint8(minimumStart(&c.reps[from])), 0, e.flags|minimumFlag
		if c.gr.allot > c.maxJump {
			c.maxJump = c.gr.allot
		}
	} else if o.d > c.maxJump {
		c.maxJump = o.d
	}
	ai, ok := c.actIdx[a]
	if !ok {
		ai = int32(len(c.acts))
		c.acts = append(c.acts, a)
		c.actIdx[a] = ai
	}
	c.all = append(c.all, adj{from, e, ai})
	return nil
}

// search expands the States in order of the least MP they are reached for, from the unit as
// it stands: every step the referee offers from each State is played and becomes its edges.
func (c *compiler) search(start *asl.Unit, limit asl.MP) error {
	c.node(start, start.Spent)
	q := newDistQueue()
	q.push(distItem{0, start.Spent})
	done := make([]bool, 0, 1024)
	var buf []asl.Action
	for q.Len() > 0 {
		it := q.pop()
		for int(it.node) >= len(done) {
			done = append(done, false)
		}
		if done[it.node] || it.d > c.dist[it.node] {
			continue
		}
		done[it.node] = true
		c.order = append(c.order, it.node)
		rep := c.reps[it.node]
		if limit > 0 && it.d > limit && !rep.AllUsed {
			continue
		}
		c.scratch.Units[c.unit] = rep
		mark := len(c.all)
		buf = candidates(c.scratch, c.unit, false, buf[:0])
		for _, a := range buf {
			if err := c.step(it.node, &rep, a); err != nil {
				return err
			}
		}
		c.relax(q, done, it.node, mark)
	}
	return nil
}

// step plays step a from State from, whose unit is rep, and adds its edges: one if its
// outcome does not depend on the MP left, else one per window of MP left with its own
// outcome (D2.1 affordability, D2.24 Stopping MP, D2.3 Bypass). A step the referee refuses
// even with plenty of MP left adds none.
func (c *compiler) step(from int32, rep *asl.Unit, a asl.Action) error {
	c.probe(rep, a, huge, &c.inf)
	if !c.inf.ok {
		return nil
	}
	if a.Verb == asl.VerbMinimum {
		return c.push(from, &c.inf, 0, huge, a, true)
	}
	// A State under ALL MP or a Minimum Move has no allowance to vary, and an ALL-MP entry
	// (D2.7) is taken whatever is left: one edge, always open. Most other steps are taken
	// exactly when their cost can be paid (D2.1): taken as with plenty with exactly the cost
	// left, and refused with less. A Bypass may not be: when the hexside is too close to the
	// obstacle it is taken for less, without the Stop (D2.3); such a one, and the rest, are
	// scanned.
	if rep.AllUsed || rep.MinimumMove || c.inf.unit.AllUsed {
		return c.push(from, &c.inf, 0, huge, a, false)
	}
	bypass := a.Verb == asl.VerbBypass || a.Verb == asl.VerbReverseBypass
	if d := c.inf.d; d > 0 {
		// A Bypass refused with a half-MP less than its cost is an ordinary one; one taken
		// for less is the clearance case, scanned below.
		regular := true
		if bypass {
			c.probe(rep, a, d-1, &c.o0)
			regular = !c.o0.ok
		}
		if regular {
			c.probe(rep, a, d, &c.at)
			if c.at.same(&c.inf) {
				return c.push(from, &c.inf, d, huge, a, false)
			}
		}
	}
	c.probe(rep, a, 0, &c.o0)
	if c.o0.same(&c.inf) {
		return c.push(from, &c.inf, 0, huge, a, false)
	}
	return c.windows(from, rep, a)
}

// windows scans the MP left around the cost of step a, whose outcome changes with it, and
// adds an edge per run of MP left with one outcome; the outcome below the scan is the one
// with nothing left, above it the one with plenty.
func (c *compiler) windows(from int32, rep *asl.Unit, a asl.Action) error {
	scan, scanAt := &c.scan, &c.scanAt
	n := 0
	scan[n], scanAt[n] = c.o0, 0
	n++
	for left := max(c.inf.d-asl.Whole(2), 1); left <= c.inf.d+asl.Whole(2); left++ {
		c.probe(rep, a, left, &scan[n])
		scanAt[n] = left
		n++
	}
	if !scan[n-1].same(&c.inf) {
		return fmt.Errorf("%w: %s", ErrIrregular, c.scratch.Describe(a))
	}
	for i := 0; i < n; {
		j := i + 1
		for j < n && scan[j].same(&scan[i]) {
			j++
		}
		hi := huge
		if j < n {
			hi = scanAt[j]
		}
		if scan[i].ok {
			if err := c.push(from, &scan[i], scanAt[i], hi, a, false); err != nil {
				return err
			}
		}
		i = j
	}
	return nil
}

// relax queues the States that the edges found from State from (those from mark on) reach
// for less than they were reached for before; a Minimum Move reaches its State for the
// printed allotment.
func (c *compiler) relax(q *distQueue, done []bool, from int32, mark int) {
	for _, x := range c.all[mark:] {
		if to := x.e.to; !doneAt(done, to) {
			d := c.dist[from] + asl.MP(x.e.cost)
			if x.e.minimum() {
				d = c.gr.allot
			}
			if d <= c.dist[to] {
				c.dist[to] = d
				q.push(distItem{to, d})
			}
		}
	}
}

// renumber numbers the States in the order the search settled them (those it found but did
// not expand last), and the edges with them: a query from the start settles them in much the
// same order, so the edges and the chances it reads next lie next to those it just read.
// Numbered as found, the query spent most of its time waiting for memory.
func (gr *Graph) renumber(all []adj, order []int32) {
	n := len(gr.States)
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = -1
	}
	next := int32(0)
	for _, old := range order {
		perm[old] = next
		next++
	}
	for old := range perm {
		if perm[old] < 0 {
			perm[old] = next
			next++
		}
	}
	states := make([]State, n)
	fixed := make([]bool, n)
	for old, nw := range perm {
		states[nw], fixed[nw] = gr.States[old], gr.fixed[old]
	}
	gr.States, gr.fixed = states, fixed
	for k, old := range gr.index {
		gr.index[k] = perm[old]
	}
	for i := range all {
		all[i].from, all[i].e.to = perm[all[i].from], perm[all[i].e.to]
	}
}

// link lays the edges found out for queries: CSR by source State, cheapest window first
// within a State, without the steps that are two others in a row, and the bucket ring sized
// for the longest jump in MP.
func (gr *Graph) link(all []adj, acts []asl.Action, maxJump asl.MP) {
	// CSR by source State (a stable counting sort: the search finds each State's edges
	// together); within a State its edges go cheapest window first, so a query stops at the
	// first one it cannot afford.
	gr.csr(all)
	sorted := make([]adj, len(all))
	next := append([]int32(nil), gr.first[:len(gr.States)]...)
	for _, x := range all {
		sorted[next[x.from]] = x
		next[x.from]++
	}
	all = sorted
	for i := range gr.States {
		slices.SortStableFunc(all[gr.first[i]:gr.first[i+1]], func(x, y adj) int { return cmp.Compare(x.e.lo, y.e.lo) })
	}
	// A step that is exactly two others in a row (a VCA change of two hexspines is two of
	// one) adds no way the two do not: drop it, which saves the query a third of its edges.
	drop := make([]bool, len(all))
	for i := range all {
		drop[i] = gr.composite(all, i)
	}
	keep := all[:0]
	for i, x := range all {
		if !drop[i] {
			keep = append(keep, x)
		}
	}
	all = keep
	gr.csr(all)
	gr.edges = make([]edge, len(all))
	gr.acts = make([]int32, len(all))
	gr.steps = acts
	for i, x := range all {
		gr.edges[i] = x.e
		gr.acts[i] = x.a
	}
	gr.ring = 1
	for asl.MP(gr.ring) <= maxJump {
		gr.ring <<= 1
	}
}

// csr builds gr.first over all, sorted by source State: the edges of State i are
// all[first[i]:first[i+1]].
func (gr *Graph) csr(all []adj) {
	n := len(gr.States)
	gr.first = make([]int32, n+1)
	for _, x := range all {
		gr.first[x.from+1]++
	}
	for i := 0; i < n; i++ {
		gr.first[i+1] += gr.first[i]
	}
}

// composite reports whether edge i of all (sorted by source, gr.first built on it) is exactly
// two other edges in a row: the same cost and chance, open whenever it is, through a State
// with its ordinary allowance.
func (gr *Graph) composite(all []adj, i int) bool {
	x := &all[i]
	if x.e.minimum() || x.e.hi != noCeiling || gr.fixed[x.from] {
		return false
	}
	p := gr.probs[x.e.prob()]
	for j := gr.first[x.from]; j < gr.first[x.from+1]; j++ {
		a := &all[j]
		if int(j) == i || a.e.minimum() || a.e.hi != noCeiling || a.e.cost >= x.e.cost || a.e.lo > x.e.lo || gr.fixed[a.e.to] {
			continue
		}
		for k := gr.first[a.e.to]; k < gr.first[a.e.to+1]; k++ {
			b := &all[k]
			if int(k) == i || b.e.to != x.e.to || b.e.minimum() || b.e.hi != noCeiling || a.e.cost+b.e.cost != x.e.cost || a.e.cost+b.e.lo > x.e.lo {
				continue
			}
			if gr.probs[a.e.prob()]*gr.probs[b.e.prob()] == p {
				return true
			}
		}
	}
	return false
}

// minimumStart is the Start MP a Minimum Move from rep's State includes (D2.15).
func minimumStart(rep *asl.Unit) asl.MP {
	if rep.Moving || rep.Motion {
		return 0
	}
	return asl.Whole(1)
}

func doneAt(done []bool, i int32) bool { return int(i) < len(done) && done[i] }

type distItem struct {
	node int32
	d    asl.MP
}

func (g *Graph) Len() int   { return len(g.States) }
func (g *Graph) Edges() int { return len(g.edges) }

// Node is the State of the unit as it stands in game, if the graph has it.
func (g *Graph) Node(u *asl.Unit) (int32, bool) {
	if !u.AllUsed && !u.MinimumMove && u.Allowance != g.allow {
		return -1, false
	}
	s := stateOf(u)
	i, ok := g.index[s]
	return i, ok
}

// Way is one Pareto-optimal way found by a query: the State reached, its MP, its chance of
// arriving Mobile, and the previous way (-1 at the start). [Graph.Path] recovers the steps.
type Way struct {
	P      float64
	Node   int32
	MP     asl.MP
	Parent int32
}

// Query holds a query's answer and the buffers it reuses: keep one per goroutine and pass it
// to every [Graph.Reach].
type Query struct {
	Ways []Way
	// best is the best chance of arriving Mobile settled so far per State (-1: none yet), pend
	// the best risky one waiting in the bucket being settled (-1: none). Each query puts back
	// only what it touched.
	best, pend []float64
	graph      *Graph
	bucket     [][]pending
	sure       [][]offer // the sure ways (chance 1) offered, by bucket: most are
}

// offer is a sure way offered to a State: 8 bytes.
type offer struct{ node, parent int32 }

// pending is a way offered to a State, waiting in its bucket: 16 bytes.
type pending struct {
	p            float64
	node, parent int32
}

const eps = 1e-12

// Reach finds every State the vehicle can reach from State from, having spent mp MP, and for
// each the Pareto set of (MP, chance of arriving Mobile) ways: a bucket queue over the MP in
// halves (Dial's algorithm), settling a whole bucket at a time. maxRisk > 0 drops ways whose
// chance of not arriving Mobile is over it. The answer is q.Ways, in order of MP.
func (g *Graph) Reach(q *Query, from int32, mp asl.MP, maxRisk float64) {
	n := len(g.States)
	if q.graph != g || len(q.best) < n {
		q.best, q.pend = make([]float64, n), make([]float64, n)
		for i := range q.best {
			q.best[i], q.pend[i] = -1, -1
		}
		q.graph, q.Ways = g, q.Ways[:0]
	}
	for _, w := range q.Ways {
		q.best[w.Node] = -1
	}
	if len(q.bucket) != g.ring {
		q.bucket, q.sure = make([][]pending, g.ring), make([][]offer, g.ring)
	}
	best, pend := q.best[:n], q.pend[:n]
	q.Ways = q.Ways[:0]
	mask := asl.MP(g.ring - 1)
	q.sure[mp&mask] = append(q.sure[mp&mask][:0], offer{node: from, parent: -1})
	waiting := 1
	for m := mp; waiting > 0; m++ {
		// Sure ways first: nothing at this MP beats one, so each is settled at once.
		s := q.sure[m&mask]
		waiting -= len(s)
		for _, o := range s {
			if best[o.node] < 1-eps {
				waiting += g.settle(q, o.node, o.parent, 1, m, maxRisk)
			}
		}
		q.sure[m&mask] = s[:0]
		b := q.bucket[m&mask]
		if len(b) == 0 {
			continue
		}
		waiting -= len(b)
		// Pass 1: note the best chance each State is offered at this MP.
		for k := range b {
			x := &b[k]
			if x.p > best[x.node]+eps && x.p > pend[x.node] {
				pend[x.node] = x.p
			}
		}
		// Pass 2: settle each State's best risky way (the first offering it).
		for k := range b {
			x := &b[k]
			if x.p != pend[x.node] {
				continue
			}
			pend[x.node] = -1
			waiting += g.settle(q, x.node, x.parent, x.p, m, maxRisk)
		}
		q.bucket[m&mask] = b[:0]
	}
}

// settle records the way to State v from way parent, with chance p at MP m, as the best to
// its State and offers every step open from there; it returns how many it offered.
func (g *Graph) settle(q *Query, v, parent int32, p0 float64, m asl.MP, maxRisk float64) int {
	q.best[v] = p0
	w := int32(len(q.Ways))
	q.Ways = append(q.Ways, Way{Node: v, MP: m, P: p0, Parent: parent})
	l := g.allow - m
	if g.fixed[v] {
		l = 0
	}
	mask := asl.MP(g.ring - 1)
	pushed := 0
	es := g.edges[g.first[v]:g.first[v+1]]
	for ei := range es {
		ed := &es[ei]
		if asl.MP(ed.lo) > l {
			break // sorted by lo: nothing further is affordable
		}
		if ed.hi != noCeiling && l >= asl.MP(ed.hi) {
			continue
		}
		nm := m + asl.MP(ed.cost)
		p := p0
		if ed.flags != 0 {
			if ed.minimum() {
				if g.allot-m-asl.MP(ed.cost) <= 0 {
					continue
				}
				nm = g.allot
			}
			p *= g.probs[ed.prob()]
			if p <= 0 || maxRisk > 0 && 1-p > maxRisk+eps {
				continue
			}
		}
		if p <= q.best[ed.to]+eps {
			continue
		}
		if p == 1 {
			q.sure[nm&mask] = append(q.sure[nm&mask], offer{node: ed.to, parent: w})
		} else {
			q.bucket[nm&mask] = append(q.bucket[nm&mask], pending{node: ed.to, parent: w, p: p})
		}
		pushed++
	}
	return pushed
}

// Path is the steps of way i of the last query, in order.
func (g *Graph) Path(q *Query, i int32) []asl.Action {
	var rev []asl.Action
	for ; i >= 0 && q.Ways[i].Parent >= 0; i = q.Ways[i].Parent {
		rev = append(rev, g.steps[g.acts[g.edgeOf(&q.Ways[q.Ways[i].Parent], &q.Ways[i])]])
	}
	for l, r := 0, len(rev)-1; l < r; l, r = l+1, r-1 {
		rev[l], rev[r] = rev[r], rev[l]
	}
	return rev
}

// edgeOf finds the edge that took way from to way to: open from there, to its State, for its
// MP, at the chance nearest its own.
func (g *Graph) edgeOf(from, to *Way) int32 {
	left := g.allow - from.MP
	if g.fixed[from.Node] {
		left = 0
	}
	best, diff := int32(-1), 2.0
	for e := g.first[from.Node]; e < g.first[from.Node+1]; e++ {
		ed := &g.edges[e]
		if ed.to != to.Node || asl.MP(ed.lo) > left || ed.hi != noCeiling && left >= asl.MP(ed.hi) {
			continue
		}
		if nm := from.MP + asl.MP(ed.cost); ed.minimum() && to.MP != g.allot || !ed.minimum() && nm != to.MP {
			continue
		}
		if d := math.Abs(from.P*g.probs[ed.prob()] - to.P); d < diff {
			best, diff = e, d
		}
	}
	return best
}

// CanStop reports whether the vehicle on way w may still Stop there (or is stopped already).
func (g *Graph) CanStop(w Way) bool {
	s := g.States[w.Node]
	if !s.Moving {
		return true
	}
	left := g.allow - w.MP
	if g.fixed[w.Node] {
		left = 0
	}
	for e := g.first[w.Node]; e < g.first[w.Node+1]; e++ {
		ed := &g.edges[e]
		if g.steps[g.acts[e]].Verb == asl.VerbStop && asl.MP(ed.lo) <= left && (ed.hi == noCeiling || left < asl.MP(ed.hi)) {
			return true
		}
	}
	return false
}

// Hexes sums the ways of the last query up by hex, as [Result.Hexes] does for the
// referee-driven search; hexes off the map are left out.
func (g *Graph) Hexes(q *Query) map[hex.Hex]HexReach {
	var t hexTally
	for i := range q.Ways {
		w := q.Ways[i]
		t.add(&g.States[w.Node], w.MP, w.P, func() bool { return g.CanStop(w) })
	}
	return t.done()
}

// Cheapest is the least-MP way of the last query at hex h (in its centre or in Bypass
// there), and with vca true only those facing heading; at equal MP the safest, as
// [Result.Cheapest]. The query's maxRisk has already dropped the riskier ways.
func (g *Graph) Cheapest(q *Query, h hex.Hex, heading hex.Spine, vca bool) (int32, bool) {
	best := int32(-1)
	for i := range q.Ways {
		w := &q.Ways[i]
		if !wayTo(&g.States[w.Node], h, heading, vca) {
			continue
		}
		if best < 0 || cheaper(w.MP, w.P, q.Ways[best].MP, q.Ways[best].P) {
			best = int32(i)
		}
	}
	return best, best >= 0
}
