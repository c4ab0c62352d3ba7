package ruleset

import (
	"sync"

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
type planCache struct {
	mu      sync.Mutex
	results map[planKey]*plan.Result
	views   map[planKey]ReachView // the reach views made from them, answered as they are
}

// planKey is one question: a unit's reach at most maxRisk of failing.
type planKey struct {
	unit    int
	maxRisk float64
}

// forget drops every answer.
func (c *planCache) forget() {
	c.mu.Lock()
	c.results, c.views = nil, nil
	c.mu.Unlock()
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
	r, err := g.reach(i, maxRisk)
	if err != nil {
		return out, nil // a unit that cannot move reaches nothing
	}
	li, ok := r.Cheapest(h, heading, facing != "", maxRisk)
	if !ok {
		return out, nil
	}
	steps, exact, err := planSteps(g.G, r.Path(li))
	if err != nil {
		return nil, err
	}
	l := &r.Labels[li]
	p, _ := exact.Float64()
	out.Reachable, out.Steps = true, steps
	out.MP, out.Total = (l.MP - u.Spent).Float(), l.MP.Float()
	out.P, out.PExact, out.CanStop = rules.Round(p*1e4)/1e4, exact.RatString(), r.CanStop(li)
	return out, nil
}
