package ruleset

import (
	"math/big"
	"reflect"
	"sync"

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
// may ask from several requests at once: the cache has its own lock.
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
	results map[planKey]*plan.Result
	views   map[planKey]ReachView // the reach views made from them, answered as they are
	graph   *unitGraph            // the moving unit's graph, nil for none
	clicked int                   // index+1 of the unit the search last planned, 0 for none
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
	c.results, c.views = nil, nil
	if w == nil {
		return
	}
	same := len(w.units) == len(g.Units) && w.m == g.Map && w.phasing == g.Phasing && w.night == g.Night &&
		len(w.groups) == len(g.Groups) && (len(g.Groups) == 0 || reflect.DeepEqual(w.groups, g.Groups))
	for i := 0; same && i < len(g.Units); i++ {
		same = i == w.unit || reflect.DeepEqual(w.units[i], g.Units[i])
	}
	if !same {
		c.graph, c.clicked = nil, 0
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
	if c.clicked != i+1 {
		return nil, -1
	}
	gr, err := plan.Compile(g, i, u.Allowance)
	if err != nil {
		return nil, -1
	}
	node, ok := gr.Node(u)
	if !ok {
		return nil, -1
	}
	c.graph = &unitGraph{unit: i, gr: gr}
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
	ug.gr.Reach(&ug.q, node, g.Units[i].Spent, maxRisk)
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
	ug.gr.Reach(&ug.q, node, g.Units[i].Spent, maxRisk)
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
	v, ok := c.views[k]
	return v, ok
}

// keepView remembers the reach view of k.
func (c *planCache) keepView(k planKey, v ReachView) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.views == nil {
		c.views = map[planKey]ReachView{}
	}
	c.views[k] = v
}

// reach is the planner's Reach of unit (no ESB) at most maxRisk of failing, made once per
// state of the game.
func (g *Game) reach(unit int, maxRisk float64) (*plan.Result, error) {
	c := &g.plans
	k := planKey{unit, maxRisk}
	c.mu.Lock()
	if r, ok := c.results[k]; ok {
		c.mu.Unlock()
		return r, nil
	}
	c.mu.Unlock()
	r, err := plan.Reach(g.G, unit, plan.Options{MaxRisk: maxRisk})
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.results == nil {
		c.results = map[planKey]*plan.Result{}
	}
	c.results[k] = r
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
