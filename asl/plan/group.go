package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// GroupOptions bound a group search.
type GroupOptions struct {
	// MaxRisk drops routes whose chance of some member not arriving Mobile is over it (0: no
	// ceiling).
	MaxRisk float64
	// Limit is the most group situations the search expands (0: 20,000).
	Limit int
}

// GroupRoute is a way for a group to its destination: its Impulses in order, the MP each
// costs every member (D14.31: the Impulse costs the most any member spent, and every member
// is charged that), and the chance that every member arrives Mobile.
type GroupRoute struct {
	Impulses []asl.ImpulseAction
	Costs    []asl.MP // each Impulse's cost
	MP       asl.MP   // the whole route's cost, charged to every member
	P        float64
	Expanded int // group situations the search expanded
}

// ErrNoRoute: the search found no route within its limit.
var ErrNoRoute = errors.New("no route found")

// ConvoyRoute finds Impulses that take Convoy group's lead vehicle into hex dest with every
// other vehicle following the one ahead of it (E11.2): each Impulse the lead makes one
// expenditure of its choosing (Start, enter a hex, change its VCA one hexspine, or wait) and
// each vehicle behind it follows. A follower enters the hex the vehicle ahead of it leaves in
// that Impulse if the hex is in its VCA, else turns one hexspine toward it, and Starts or
// Stops when the lead does. Every Impulse is played by the referee, and a route on which the
// Convoy opens a Gap (E11.21) is not taken.
//
// What it guarantees: the route is legal, its cost and chance are the referee's, and it is the
// cheapest (then the safest) of all routes in which the followers follow that way, provided
// the search did not hit its limit (A* with an admissible bound: ½ MP per hex still to go).
// Bypass is not tried.
func ConvoyRoute(g *asl.Game, group int, dest hex.Hex, opt GroupOptions) (*GroupRoute, error) {
	if group < 0 || group >= len(g.Groups) || g.Groups[group].Kind != asl.KindConvoy || g.Groups[group].Gone {
		return nil, fmt.Errorf("not a Convoy")
	}
	if !g.Map.Contains(dest) {
		return nil, fmt.Errorf("%s is not on the map", g.Map.Layout.Name(dest))
	}
	lead := func(c *asl.Game) int {
		ms := live(c, group)
		if len(ms) == 0 {
			return -1
		}
		return ms[0]
	}
	goal := func(c *asl.Game) bool {
		l := lead(c)
		return l >= 0 && !c.Units[l].Pos.Offboard && c.Units[l].Pos.Hex == dest && !c.Units[l].Pos.Bypass
	}
	toGo := hexBound(g, g.Units[g.Groups[group].Members[0]].V, dest)
	bound := func(c *asl.Game) asl.MP {
		l := lead(c)
		if l < 0 || c.Units[l].Pos.Offboard {
			return 0
		}
		return toGo[c.Map.Layout.Index(c.Units[l].Pos.Hex)]
	}
	var cand []asl.Action
	gen := func(c *asl.Game, out []asl.ImpulseAction) []asl.ImpulseAction {
		ms := live(c, group)
		if len(ms) == 0 {
			return out
		}
		cand = c.Candidates(ms[0], cand[:0])
		cand = append(cand, asl.Action{Verb: asl.VerbNone, Unit: ms[0], Versus: -1})
		for _, la := range cand {
			switch la.Verb {
			case asl.VerbStart, asl.VerbStop, asl.VerbEnter, asl.VerbNone:
			case asl.VerbVCA:
				if !oneSpine(c, &la) {
					continue
				}
			default:
				continue // no Bypass, Reverse (E11.22) or Minimum Move in a Convoy route
			}
			if la.All {
				continue
			}
			acts := []asl.Action{la}
			moved := la.Verb != asl.VerbNone
			for k := 1; k < len(ms); k++ {
				fa := follow(c, ms[k], ms[k-1], acts[k-1], la)
				moved = moved || fa.Verb != asl.VerbNone
				acts = append(acts, fa)
			}
			if moved {
				out = append(out, asl.ImpulseAction{Group: group, Acts: acts})
			}
		}
		return out
	}
	return groupSearch(g, group, goal, bound, gen, opt)
}

// follow is what the follower f does when the vehicle ahead of it does ahead this Impulse and
// the lead does la.
func follow(c *asl.Game, f, aheadUnit int, ahead, la asl.Action) asl.Action {
	none := asl.Action{Verb: asl.VerbNone, Unit: f, Versus: -1}
	u := &c.Units[f]
	switch la.Verb {
	case asl.VerbStart, asl.VerbStop:
		if ahead.Verb == la.Verb {
			return asl.Action{Verb: la.Verb, Unit: f, Versus: -1}
		}
		return none
	}
	if u.Stopped() {
		return none
	}
	target := c.Units[aheadUnit].Pos.Hex
	if target == u.Pos.Hex || !u.Pos.Hex.Adjacent(target) {
		return none
	}
	a, b := u.Pos.Hex.SpineHexes(u.Pos.Heading)
	if a == target || b == target {
		if ahead.Verb == asl.VerbEnter || ahead.Verb == asl.VerbExit {
			return asl.Action{Verb: asl.VerbEnter, Unit: f, A: target, Versus: -1}
		}
		return none
	}
	for _, turn := range [2]int{1, -1} {
		s := u.Pos.Heading.Rotate(turn)
		if x, y := u.Pos.Hex.SpineHexes(s); x == target || y == target {
			return asl.Action{Verb: asl.VerbVCA, Unit: f, A: x, B: y, Versus: -1}
		}
	}
	// Two hexspines or more away: turn toward it, the shorter way.
	s := u.Pos.Heading.Rotate(1)
	for k := 0; k < 6; k++ {
		if x, y := u.Pos.Hex.SpineHexes(u.Pos.Heading.Rotate(-k)); x == target || y == target {
			if k <= 3 {
				s = u.Pos.Heading.Rotate(-1)
			}
			break
		}
	}
	x, y := u.Pos.Hex.SpineHexes(s)
	return asl.Action{Verb: asl.VerbVCA, Unit: f, A: x, B: y, Versus: -1}
}

// oneSpine reports whether a VCA change turns the vehicle one hexspine (one expenditure).
func oneSpine(c *asl.Game, a *asl.Action) bool {
	u := &c.Units[a.Unit]
	if u.Pos.Bypass {
		return true
	}
	t, ok := u.Pos.Hex.SpineBetween(a.A, a.B)
	if !ok {
		return false
	}
	n, _ := u.Pos.Heading.Steps(t)
	return n == 1
}

// PlatoonRoute finds Impulses that bring a platoon (D14.2) to hex dest, one of its AFV
// entering it, in formation at the end of every Impulse (D14.21): each Impulse every member
// makes one expenditure (Start and Stop all together; enter a hex of its VCA; change its VCA
// one hexspine; or nothing), and the referee plays it, refusing what breaks formation.
//
// What it guarantees: the route is legal, its cost and chance are the referee's, and it is the
// cheapest (then the safest) route made of those expenditures, provided the search did not
// hit its limit (A* with an admissible bound: ½ MP per hex still to go for the nearest AFV).
// Bypass, Reverse and ESB are not tried.
func PlatoonRoute(g *asl.Game, group int, dest hex.Hex, opt GroupOptions) (*GroupRoute, error) {
	if group < 0 || group >= len(g.Groups) || g.Groups[group].Kind != asl.KindPlatoon || g.Groups[group].Gone {
		return nil, fmt.Errorf("not a platoon")
	}
	if !g.Map.Contains(dest) {
		return nil, fmt.Errorf("%s is not on the map", g.Map.Layout.Name(dest))
	}
	goal := func(c *asl.Game) bool {
		for _, m := range live(c, group) {
			if u := &c.Units[m]; !u.Pos.Offboard && u.Pos.Hex == dest && !u.Pos.Bypass {
				return true
			}
		}
		return false
	}
	toGo := make([][]asl.MP, len(g.Groups[group].Members))
	for k, m := range g.Groups[group].Members {
		toGo[k] = hexBound(g, g.Units[m].V, dest)
	}
	bound := func(c *asl.Game) asl.MP {
		best := asl.MP(-1)
		for k, m := range c.Groups[group].Members {
			u := &c.Units[m]
			if u.Destroyed || u.Immobile != asl.Mobile || u.Exited || u.Stunned || u.Pos.Offboard {
				continue
			}
			if d := toGo[k][c.Map.Layout.Index(u.Pos.Hex)]; best < 0 || d < best {
				best = d
			}
		}
		return max(best, 0)
	}
	var cand []asl.Action
	gen := func(c *asl.Game, out []asl.ImpulseAction) []asl.ImpulseAction {
		ms := live(c, group)
		if len(ms) == 0 {
			return out
		}
		// Start and Stop: all together (formation needs one status).
		for _, v := range [2]asl.Verb{asl.VerbStart, asl.VerbStop} {
			acts := make([]asl.Action, len(ms))
			for k, m := range ms {
				acts[k] = asl.Action{Verb: v, Unit: m, Versus: -1}
			}
			out = append(out, asl.ImpulseAction{Group: group, Acts: acts})
		}
		opts := make([][]asl.Action, len(ms))
		for k, m := range ms {
			opts[k] = append(opts[k], asl.Action{Verb: asl.VerbNone, Unit: m, Versus: -1})
			if c.Units[m].Stopped() {
				continue
			}
			cand = c.Candidates(m, cand[:0])
			for _, a := range cand {
				if a.Verb == asl.VerbEnter && !a.All || a.Verb == asl.VerbVCA && oneSpine(c, &a) {
					opts[k] = append(opts[k], a)
				}
			}
		}
		idx := make([]int, len(ms))
		for {
			acts := make([]asl.Action, len(ms))
			moved := false
			for k := range ms {
				acts[k] = opts[k][idx[k]]
				moved = moved || acts[k].Verb != asl.VerbNone
			}
			if moved && chained(c, acts) {
				out = append(out, asl.ImpulseAction{Group: group, Acts: vacateFirst(c, acts)})
			}
			k := 0
			for ; k < len(ms); k++ {
				idx[k]++
				if idx[k] < len(opts[k]) {
					break
				}
				idx[k] = 0
			}
			if k == len(ms) {
				break
			}
		}
		return out
	}
	return groupSearch(g, group, goal, bound, gen, opt)
}

// chained is a quick necessary condition for D14.21 formation after the acts: the hexes the
// members will be in form one chain of adjacent (or shared) hexes. The referee judges the
// rest (LOS, status); this only spares it combinations that cannot pass.
func chained(c *asl.Game, acts []asl.Action) bool {
	var at [8]hex.Hex
	if len(acts) > len(at) {
		return true
	}
	for k, a := range acts {
		at[k] = c.Units[a.Unit].Pos.Hex
		if a.Verb == asl.VerbEnter {
			at[k] = a.A
		}
	}
	var reached [8]bool
	reached[0] = true
	for changed := true; changed; {
		changed = false
		for i := range acts {
			for j := range acts {
				if reached[i] && !reached[j] && (at[i] == at[j] || at[i].Adjacent(at[j])) {
					reached[j], changed = true, true
				}
			}
		}
	}
	for k := range acts {
		if !reached[k] {
			return false
		}
	}
	return true
}

// vacateFirst orders an Impulse's acts so that a member leaving a hex acts before one entering
// it: members act in the order written and each sees the others where they are then (an AFV
// entering a hex another still holds pays for it, D2.14).
func vacateFirst(c *asl.Game, acts []asl.Action) []asl.Action {
	leaves := func(a *asl.Action) bool { return a.Verb == asl.VerbEnter || a.Verb == asl.VerbExit }
	for pass := 0; pass < len(acts); pass++ {
		swapped := false
		for i := range acts {
			if acts[i].Verb != asl.VerbEnter {
				continue
			}
			for j := i + 1; j < len(acts); j++ {
				if leaves(&acts[j]) && c.Units[acts[j].Unit].Pos.Hex == acts[i].A {
					x := acts[j]
					copy(acts[i+1:j+1], acts[i:j])
					acts[i] = x
					swapped = true
					break
				}
			}
		}
		if !swapped {
			break
		}
	}
	return acts
}

// hexBound is, for every hex of the map, a lower bound on the MP vehicle v spends to get
// from there into hex dest: the cheapest the Terrain Chart lets it enter each hex on the way
// (½ MP where a road runs), summed along the cheapest line of hexes. It never overestimates,
// so A* on it finds the cheapest route.
func hexBound(g *asl.Game, v *asl.Vehicle, dest hex.Hex) []asl.MP {
	lay := g.Map.Layout
	out := make([]asl.MP, lay.Size())
	for i := range out {
		out[i] = -1
	}
	enter := func(h hex.Hex) asl.MP {
		if g.Map.HasRoad(h) {
			return 1
		}
		if e := asl.TerrainChart[g.Map.TerrainOf(g.Map.At(h).Terrain)].Cost[v.Column()]; e.Kind == asl.Fixed && e.V > 0 {
			return e.V
		}
		return 1
	}
	q := newDistQueue()
	out[lay.Index(dest)] = 0
	q.push(distItem{int32(lay.Index(dest)), 0})
	for q.Len() > 0 {
		it := q.pop()
		if it.d > out[it.node] {
			continue
		}
		h := lay.HexAt(int(it.node))
		c := enter(h)
		for s := hex.Side(0); s < 6; s++ {
			n := h.Neighbor(s)
			if !lay.Contains(n) {
				continue
			}
			ni := lay.Index(n)
			if d := it.d + c; out[ni] < 0 || d < out[ni] {
				out[ni] = d
				q.push(distItem{int32(ni), d})
			}
		}
	}
	for i := range out {
		out[i] = max(out[i], 0)
	}
	return out
}

// live are the group's members that take part in its Impulses (as the referee counts them).
func live(c *asl.Game, group int) []int {
	var out []int
	for _, m := range c.Groups[group].Members {
		u := &c.Units[m]
		if !u.Destroyed && u.Immobile == asl.Mobile && !u.Exited && !u.Stunned {
			out = append(out, m)
		}
	}
	return out
}

type groupNode struct {
	game   *asl.Game
	mp     asl.MP
	f      asl.MP
	p      float64
	parent int
	ia     asl.ImpulseAction
	cost   asl.MP
}

// groupKey tells group situations apart: every member's State, and the group's own facts.
func groupKey(c *asl.Game, group int, b []byte) []byte {
	grp := &c.Groups[group]
	b = append(b[:0], byte(len(grp.Members)), bit(grp.StopSpent)|bit(grp.Reform)<<1, byte(len(c.Groups)))
	for _, m := range grp.Members {
		s := stateOf(&c.Units[m])
		p := s.Pos
		b = append(b, byte(p.Hex.X), byte(p.Hex.X>>8), byte(p.Hex.Y), byte(p.Hex.Y>>8), byte(p.Heading), byte(p.Side), byte(p.Pivot),
			bit(p.Bypass)|bit(p.OnRoad)<<1|bit(p.Offboard)<<2|bit(s.Moving)<<3|bit(s.Counter)<<4|bit(s.Reverse)<<5|bit(s.DirSet)<<6|bit(s.Fresh)<<7,
			bit(s.ESBUsed)|bit(s.AllUsed)<<1|bit(c.Units[m].Immobile != asl.Mobile)<<2|bit(c.Units[m].Ended)<<3|bit(s.Minimum)<<4|bit(p.Below)<<5,
			byte(s.Gained), byte(s.Gained>>8))
	}
	return b
}

func bit(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// groupSearch is A* over the group's situations after each Impulse, ordered by MP plus bound
// (the MP of the hexes still to go at ½ MP each), then by the chance of arriving Mobile.
func groupSearch(g *asl.Game, group int, goal func(*asl.Game) bool, bound func(*asl.Game) asl.MP, gen func(*asl.Game, []asl.ImpulseAction) []asl.ImpulseAction, opt GroupOptions) (*GroupRoute, error) {
	limit := opt.Limit
	if limit <= 0 {
		limit = 20000
	}
	start := g.Clone()
	var nodes []groupNode
	q := &indexQueue{less: func(i, j int) bool {
		a, b := &nodes[i], &nodes[j]
		if a.f != b.f {
			return a.f < b.f
		}
		return a.p > b.p
	}}
	nodes = append(nodes, groupNode{game: start, mp: 0, f: bound(start), p: 1, parent: -1})
	q.push(0)
	var kb []byte
	kb = groupKey(start, group, kb)
	best := map[string]int{string(kb): 0}
	closed := map[string]bool{}
	members := len(g.Groups[group].Members)
	groups := len(g.Groups)
	var res asl.ImpulseResult
	var buf []asl.ImpulseAction
	expanded := 0
	for q.Len() > 0 {
		ni := q.pop()
		n := nodes[ni]
		kb = groupKey(n.game, group, kb)
		if closed[string(kb)] {
			continue
		}
		closed[string(kb)] = true
		if goal(n.game) {
			return routeOf(nodes, ni, expanded), nil
		}
		if expanded >= limit {
			return nil, fmt.Errorf("%w within %d group situations", ErrNoRoute, limit)
		}
		expanded++
		buf = gen(n.game, buf[:0])
		for _, ia := range buf {
			c := n.game.Clone()
			if err := c.Impulse(ia, dice.Lowest{}, &res); err != nil {
				continue
			}
			// The group must stay whole: no Gap, no split, nobody lost.
			if len(c.Groups) != groups || c.Groups[group].Gone || len(c.Groups[group].Members) != members || len(live(c, group)) != len(live(n.game, group)) {
				continue
			}
			p := n.p * impulseMobile(&res)
			if p <= 0 || opt.MaxRisk > 0 && 1-p > opt.MaxRisk+eps {
				continue
			}
			kb = groupKey(c, group, kb)
			if closed[string(kb)] {
				continue
			}
			k := string(kb)
			mp := n.mp + res.Cost
			if o, ok := best[k]; ok && (nodes[o].mp < mp || nodes[o].mp == mp && nodes[o].p >= p) {
				continue
			}
			nodes = append(nodes, groupNode{game: c, mp: mp, f: mp + bound(c), p: p, parent: ni, ia: cloneImpulse(ia), cost: res.Cost})
			best[k] = len(nodes) - 1
			q.push(len(nodes) - 1)
		}
	}
	return nil, fmt.Errorf("%w: %s cannot get there this MPh", ErrNoRoute, g.Groups[group].ID)
}

func cloneImpulse(ia asl.ImpulseAction) asl.ImpulseAction {
	ia.Acts = append([]asl.Action(nil), ia.Acts...)
	return ia
}

// impulseMobile is the chance that an Impulse leaves every member Mobile: its members' own
// checks and the group's one DR per condition.
func impulseMobile(r *asl.ImpulseResult) float64 {
	p := 1.0
	for i := range r.Members {
		p *= r.Members[i].Result.Mobile()
	}
	for _, e := range r.Rolls() {
		if e.Risk.Den > 0 {
			p *= 1 - e.Risk.Float()
		}
	}
	return p
}

func routeOf(nodes []groupNode, i, expanded int) *GroupRoute {
	r := &GroupRoute{MP: nodes[i].mp, P: nodes[i].p, Expanded: expanded}
	for ; nodes[i].parent >= 0; i = nodes[i].parent {
		r.Impulses = append(r.Impulses, nodes[i].ia)
		r.Costs = append(r.Costs, nodes[i].cost)
	}
	for l, h := 0, len(r.Impulses)-1; l < h; l, h = l+1, h-1 {
		r.Impulses[l], r.Impulses[h] = r.Impulses[h], r.Impulses[l]
		r.Costs[l], r.Costs[h] = r.Costs[h], r.Costs[l]
	}
	return r
}

// Lines writes the route as move notation, one Impulse per line ("C1: H1 enter Z6, H2 -").
func (r *GroupRoute) Lines(g *asl.Game) []string {
	out := make([]string, len(r.Impulses))
	for i, ia := range r.Impulses {
		parts := make([]string, len(ia.Acts))
		for k, a := range ia.Acts {
			parts[k] = g.Describe(a)
		}
		out[i] = g.Groups[ia.Group].ID + ": " + strings.Join(parts, ", ")
	}
	return out
}
