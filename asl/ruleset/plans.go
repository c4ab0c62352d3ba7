package ruleset

import (
	"math/big"
	"reflect"
	"sync"
	"unsafe"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
)

// planCache keeps the planner's answers for a game until the game changes: a player points
// at a unit, then at another and back, asks for a path to a hex its reach shows, all without
// a step in between, and each answer after the first is a lookup. Do forgets them all (a
// step may move a unit, leave a wreck, change a group); a Clone starts with none. The server
// may ask from several requests at once, and forget answers from another goroutine when it is
// short of memory: the cache has its own lock.
//
// What it keeps is bounded by bytes, not by answers (limit; DefaultCacheLimit): a planner
// Result on a big map is tens of MB, a compiled graph more. When a new answer would pass the
// limit, the least recently used ones are forgotten until it fits; an answer bigger than the
// whole limit is given and not kept. Each answer's size is what plan's Bytes count.
//
// Beside those it keeps the compiled State graph (plan.Compile) of the unit a player is
// moving, which outlives that unit's own steps: while nothing but that unit changes (no other
// unit, group or the map, the same phase), where it can go from wherever it has got to is a
// query on the graph, not a new search. The first click on a unit after a step is planned by
// the referee-driven search (cheaper than a compile for one answer); the graph is compiled at
// the second click on the same unit after a step of its own, when it starts paying, and is
// dropped by anything else. Units in a platoon, Convoy, Column or Assault group are always
// planned by the search: their steps depend on the group's.
type planCache struct {
	mu      sync.Mutex
	answers map[planKey]*answer // the planner's Results and the reach views made from them
	graph   *unitGraph          // the moving unit's graph, nil for none
	clicked int                 // index+1 of the unit the search last planned, 0 for none
	// tooBig is index+1 of a unit whose graph did not fit in the limit, or could not be
	// compiled: it is not compiled again until the game changes around it.
	tooBig int
	limit  int64 // the most bytes kept; 0: DefaultCacheLimit
	bytes  int64 // what the answers and the graph hold now
	// graphBytes is what the graph holds, its query buffers included.
	graphBytes int64
	tick       uint64 // counts uses, for least recently used
}

// DefaultCacheLimit is the most bytes a game's planCache keeps unless the server sets
// another (rules.Cacher).
const DefaultCacheLimit = 32 << 20

// answer is what is kept for one planKey: the planner's Result (for path answers), the reach
// view made from it or from the graph, or both.
type answer struct {
	res   *plan.Result
	view  *ReachView
	bytes int64  // res's and view's
	used  uint64 // the tick it was last used at
}

// viewBytes is about what a reach view holds: its hexes and their names.
func viewBytes(v *ReachView) int64 {
	return int64(unsafe.Sizeof(*v)) + int64(cap(v.Hexes))*int64(unsafe.Sizeof(ReachHex{})+8)
}

// max is the limit in force. The caller holds c.mu.
func (c *planCache) max() int64 {
	if c.limit > 0 {
		return c.limit
	}
	return DefaultCacheLimit
}

// graphBytes is what the graph (with its query buffers) holds.
func (ug *unitGraph) bytes() int64 {
	if ug == nil {
		return 0
	}
	return ug.gr.Bytes() + ug.q.Bytes()
}

// get is the answer kept for k, marked used; nil for none. The caller holds c.mu.
func (c *planCache) get(k planKey) *answer {
	a := c.answers[k]
	if a != nil {
		c.tick++
		a.used = c.tick
	}
	return a
}

// keep stores res or v (whichever is not nil) as k's answer, forgetting the least recently
// used answers until the whole fits in the limit. It keeps nothing that would not fit beside
// the graph: an answer never pushes the graph out, since the graph gives any answer again at
// a query's cost and compiling it costs many (a client asking a new max_risk at every click
// would otherwise have it compiled at every click). The caller holds c.mu.
func (c *planCache) keep(k planKey, res *plan.Result, v *ReachView) {
	a := c.answers[k]
	if a == nil {
		a = &answer{}
	}
	grow := res.Bytes()
	if v != nil {
		grow = viewBytes(v)
	}
	if grow > c.max()-c.graphBytes {
		return
	}
	if c.answers[k] == a {
		c.bytes -= a.bytes // while it is shed around, it is not counted or dropped
		delete(c.answers, k)
	}
	if a.bytes+grow > c.max()-c.graphBytes {
		a = &answer{} // its other half would not fit beside the graph either: forgotten
	}
	c.shed(c.max() - a.bytes - grow)
	if res != nil {
		a.bytes -= a.res.Bytes()
		a.res = res
	} else {
		if a.view != nil {
			a.bytes -= viewBytes(a.view)
		}
		a.view = v
	}
	a.bytes += grow
	c.tick++
	a.used = c.tick
	if c.answers == nil {
		c.answers = map[planKey]*answer{}
	}
	c.answers[k] = a
	c.bytes += a.bytes
}

// shed forgets the least recently used answers until at most keep bytes are held; the graph
// goes too when nothing else is left. The caller holds c.mu.
func (c *planCache) shed(keep int64) {
	for c.bytes > keep && len(c.answers) > 0 {
		var oldest planKey
		var first *answer
		for k, a := range c.answers {
			if first == nil || a.used < first.used {
				oldest, first = k, a
			}
		}
		delete(c.answers, oldest)
		c.bytes -= first.bytes
	}
	if c.bytes > keep && c.graph != nil {
		c.dropGraph()
	}
}

// CacheBytes is about how many bytes the game's kept plans hold (rules.Cacher).
func (g *Game) CacheBytes() int64 {
	c := &g.plans
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// SetCacheLimit keeps at most max bytes of plans from now on (0: DefaultCacheLimit), forgetting
// the least recently used until they fit (rules.Cacher).
func (g *Game) SetCacheLimit(max int64) {
	c := &g.plans
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = max
	c.shed(c.max())
}

// ShedCache forgets the least recently used plans until at most keep bytes remain
// (rules.Cacher); the server calls it when it is short of memory.
func (g *Game) ShedCache(keep int64) {
	c := &g.plans
	c.mu.Lock()
	defer c.mu.Unlock()
	c.shed(keep)
}

// unitGraph is one unit's compiled State graph and the query buffers reused on it.
type unitGraph struct {
	unit int
	gr   *plan.Graph
	q    plan.Query
}

// watched is what a step must leave as it was for the moving unit's graph to stay true:
// every other unit, the groups, the map (copied on write, so its pointer tells) and the phase.
type watched struct {
	unit    int
	units   []asl.Unit
	groups  []asl.Group
	m       *asl.Map
	phasing string
	night   bool
}

// watch notes the game before a step, if a graph (or a click that may compile one) is kept.
func (c *planCache) watch(g *asl.Game) *watched {
	c.mu.Lock()
	defer c.mu.Unlock()
	unit := c.clicked - 1
	if c.graph != nil {
		unit = c.graph.unit
	}
	if unit < 0 {
		return nil
	}
	w := &watched{unit: unit, units: append([]asl.Unit(nil), g.Units...), m: g.Map, phasing: g.Phasing, night: g.Night}
	for _, grp := range g.Groups {
		grp.Members = append([]int(nil), grp.Members...)
		grp.WaitUnits = append([]int(nil), grp.WaitUnits...)
		w.groups = append(w.groups, grp)
	}
	return w
}

// settle forgets every answer after a step, and the graph and the click too unless the step
// changed nothing but their unit.
func (c *planCache) settle(g *asl.Game, w *watched) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.answers = nil
	c.bytes = c.graphBytes
	if w == nil {
		return
	}
	same := len(w.units) == len(g.Units) && w.m == g.Map && w.phasing == g.Phasing && w.night == g.Night &&
		len(w.groups) == len(g.Groups) && (len(g.Groups) == 0 || reflect.DeepEqual(w.groups, g.Groups))
	for i := 0; same && i < len(g.Units); i++ {
		same = i == w.unit || reflect.DeepEqual(w.units[i], g.Units[i])
	}
	if !same {
		c.dropGraph()
		c.clicked, c.tooBig = 0, 0
	}
}

// dropGraph forgets the graph. The caller holds c.mu.
func (c *planCache) dropGraph() {
	c.bytes -= c.graphBytes
	c.graph, c.graphBytes = nil, 0
}

// query runs a reach query on the graph and counts what its buffers have grown to. The
// caller holds c.mu.
func (c *planCache) query(ug *unitGraph, node int32, spent asl.MP, maxRisk float64) {
	ug.gr.Reach(&ug.q, node, spent, maxRisk)
	if b := ug.bytes(); b != c.graphBytes && c.graph == ug {
		c.bytes += b - c.graphBytes
		c.graphBytes = b
		c.shed(c.max()) // its buffers grew: the oldest answers make room
	}
}

// graphFor is the graph of unit i to answer from, as the game stands, compiling it when the
// unit was clicked before its last step; nil when the search must answer. The caller holds
// c.mu.
func (c *planCache) graphFor(g *asl.Game, i int) (*unitGraph, int32) {
	u := &g.Units[i]
	if u.Platoon != 0 || u.Convoy != 0 || u.Column != 0 || u.Assault != 0 || u.V.Class >= asl.Infantry {
		return nil, -1
	}
	if c.graph != nil && c.graph.unit == i {
		if node, ok := c.graph.gr.Node(u); ok {
			return c.graph, node
		}
	}
	if c.clicked != i+1 || c.tooBig == i+1 {
		return nil, -1
	}
	gr, err := plan.Compile(g, i, u.Allowance)
	if err != nil {
		c.tooBig = i + 1 // a unit the graph cannot model: not tried again until the game changes
		return nil, -1
	}
	node, ok := gr.Node(u)
	if !ok {
		return nil, -1
	}
	ug := &unitGraph{unit: i, gr: gr}
	b := ug.bytes()
	if b > c.max() {
		c.tooBig = i + 1 // answered by the search, as for a unit in a group
		return nil, -1
	}
	c.dropGraph()
	c.shed(c.max() - b)
	c.graph, c.graphBytes = ug, b
	c.bytes += b
	return c.graph, node
}

// graphHexes is unit i's reach summed up by hex from its graph, if it has one to answer from.
func (c *planCache) graphHexes(g *asl.Game, i int, maxRisk float64) (map[hex.Hex]plan.HexReach, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ug, node := c.graphFor(g, i)
	if ug == nil {
		return nil, false
	}
	c.query(ug, node, g.Units[i].Spent, maxRisk)
	return ug.gr.Hexes(&ug.q), true
}

// graphPath is unit i's cheapest way to hex h from its graph (facing heading if vca), if it
// has a graph to answer from: the steps, and whether h is reachable.
func (c *planCache) graphPath(g *asl.Game, i int, h hex.Hex, heading hex.Spine, vca bool, maxRisk float64) (way []asl.Action, reachable, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ug, node := c.graphFor(g, i)
	if ug == nil {
		return nil, false, false
	}
	c.query(ug, node, g.Units[i].Spent, maxRisk)
	wi, found := ug.gr.Cheapest(&ug.q, h, heading, vca)
	if !found {
		return nil, false, true
	}
	return ug.gr.Path(&ug.q, wi), true, true
}

// planKey is one question: a unit's reach at most maxRisk of failing.
type planKey struct {
	unit    int
	maxRisk float64
}

// view is the reach view of k made since the game last changed, if there is one.
func (c *planCache) view(k planKey) (ReachView, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if a := c.get(k); a != nil && a.view != nil {
		return *a.view, true
	}
	return ReachView{}, false
}

// keepView remembers the reach view of k, if it fits.
func (c *planCache) keepView(k planKey, v ReachView) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keep(k, nil, &v)
}

// reach is the planner's Reach of unit (no ESB) at most maxRisk of failing, made once per
// state of the game (while it fits in the cache's limit).
func (g *Game) reach(unit int, maxRisk float64) (*plan.Result, error) {
	c := &g.plans
	k := planKey{unit, maxRisk}
	c.mu.Lock()
	if a := c.get(k); a != nil && a.res != nil {
		c.mu.Unlock()
		return a.res, nil
	}
	c.mu.Unlock()
	r, err := plan.Reach(g.G, unit, plan.Options{MaxRisk: maxRisk})
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.keep(k, r, nil)
	c.clicked = unit + 1
	c.mu.Unlock()
	return r, nil
}

// PathView is a unit's cheapest way to a hex this MPh, as the API gives it: each step as
// `umpire path --json` reports it (its MP, breakdown and the checks it calls for), the MP it
// costs from now, and the exact chance of arriving Mobile.
type PathView struct {
	UnitHead
	Hex       string            `json:"hex"`
	Reachable bool              `json:"reachable"`
	MP        float64           `json:"mp"`    // MP from now, as reach counts them
	Total     float64           `json:"total"` // MP spent this MPh on arrival
	P         float64           `json:"p"`
	PExact    string            `json:"p_exact"`
	CanStop   bool              `json:"can_stop"` // it may still Stop there
	Steps     []aslfile.StepOut `json:"steps"`
}

// Path is unit's cheapest way to hex to this MPh (the planner's, as reach shades it), facing
// VCA facing if given, at most maxRisk of failing (0: any). A hex it cannot reach answers
// reachable: false.
func (g *Game) Path(unit, to, facing string, maxRisk float64) (any, error) {
	i, u, head, err := g.unit(unit)
	if err != nil {
		return nil, err
	}
	lay := g.G.Map.Layout
	h, err := lay.Parse(to)
	if err != nil {
		return nil, err
	}
	var heading hex.Spine
	if facing != "" {
		if heading, err = lay.ParseVCA(h, facing); err != nil {
			return nil, err
		}
	}
	out := PathView{UnitHead: head, Hex: lay.Name(h), Steps: []aslfile.StepOut{}}
	if way, reachable, ok := g.plans.graphPath(g.G, i, h, heading, facing != "", maxRisk); ok {
		if !reachable {
			return out, nil
		}
		// The referee replays the graph's way: it is the judge, and it gives each step's
		// report and the exact chance. A way it refused would fall back on the search.
		if steps, exact, end, err := replay(g.G, way); err == nil {
			return pathView(out, i, u, steps, exact, end), nil
		}
	}
	r, err := g.reach(i, maxRisk)
	if err != nil {
		return out, nil // a unit that cannot move reaches nothing
	}
	li, ok := r.Cheapest(h, heading, facing != "", maxRisk)
	if !ok {
		return out, nil
	}
	steps, exact, end, err := replay(g.G, r.Path(li))
	if err != nil {
		return nil, err
	}
	return pathView(out, i, u, steps, exact, end), nil
}

// pathView fills out the way of steps to its hex, as the referee replayed it for unit i (u
// where it stands now, end the game the way leaves): its MP from now and in all, the exact
// chance of arriving Mobile, and whether the unit may still Stop there.
func pathView(out PathView, i int, u *asl.Unit, steps []aslfile.StepOut, exact *big.Rat, end *asl.Game) PathView {
	e := &end.Units[i]
	p, _ := exact.Float64()
	out.Reachable, out.Steps = true, steps
	out.MP, out.Total = (e.Spent - u.Spent).Float(), e.Spent.Float()
	out.P, out.PExact = rules.Round(p*1e4)/1e4, exact.RatString()
	out.CanStop = !e.Moving && !e.Motion
	if !out.CanStop {
		var res asl.Result
		out.CanStop = end.Step(asl.Action{Verb: asl.VerbStop, Unit: i, Versus: -1}, dice.Lowest{}, &res) == nil
	}
	return out
}
