// Package opponent plays one side of an ASL Movement Phase toward the scenario's objectives:
// the practice opponent. [Decide] gives the side's next step and why, in players' terms; the
// caller submits it as any player would, and asks again after the step (its dice decide what
// comes next). Only the phasing side decides: outside the side's MPh, Decide has nothing to
// do, and the player at the other side enters the attacks and Motion attempts as usual.
//
// How it decides. Each lone vehicle in turn, in the scenario's order, then each platoon or
// Convoy: the hexes its side's open objectives ask for (an exit edge's hexes, or the listed
// ones; hexes to reach or hold) are its goals. The planner gives every place the vehicle can
// still reach this MPh with its MP and the exact chance of arriving Mobile (plan.Reach), and
// the opponent takes the place with the best value: hexes gained toward the nearest goal,
// times the chance of getting there, less what a failure would cost. Boldness, from 0 to 1,
// is how little a failure costs it: a cautious opponent (0) takes a slower way that cannot
// bog, a bold one (1) the quickest way whatever it risks. It steps the first step of the way
// and is asked again after the roll. A platoon or Convoy moves by Impulses to the best place
// its lead could reach (plan.PlatoonRoute, plan.ConvoyRoute). Infantry, Cavalry and Columns
// end their MPh where they stand. When every unit has ended, the opponent begins the other
// side's MPh (`mph SIDE`), handing the turn over.
//
// Every step it gives has been played on a copy of the game by the referee first: it never
// gives a step the referee refuses.
package opponent

import (
	"fmt"
	"math"
	"sort"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
)

// Decision is a step the opponent takes: the line of notation and its reason.
type Decision struct {
	Line   string
	Reason string
}

// Options set how the opponent plays.
type Options struct {
	// Boldness is the risk it accepts for time, from 0 (cautious) to 1 (bold).
	Boldness float64
	// Memory, if not nil, keeps the way a vehicle is following between calls, so that each of
	// its steps does not plan the whole way again (see [Memory]).
	Memory *Memory
}

// Memory is the rest of the way a vehicle is following, kept between Decide calls: while the
// game stands exactly where the last step given leaves it when it goes as planned (no roll
// failed, nothing else happened: the state's hash says so), the next step is the way's next,
// for the same reason. Anything else and the way is planned again. One Memory serves one game.
type Memory struct {
	next   [32]byte // the state's hash after the last step given, as planned
	unit   int
	way    []asl.Action
	reason string
}

// Decide is side's next step in g and why; false when side has nothing to do now (it is not
// its MPh).
func Decide(g *asl.Game, side string, opt Options) (Decision, bool) {
	if g.Phasing != side || g.Phase != asl.PhaseMPh {
		return Decision{}, false
	}
	opt.Boldness = math.Max(0, math.Min(1, opt.Boldness))
	d := &decider{g: g, side: side, opt: opt}
	d.goals()
	for gi := range g.Groups {
		grp := &g.Groups[gi]
		if grp.Gone || grp.Ended || len(grp.Members) == 0 || g.Units[grp.Members[0]].Side != side {
			continue
		}
		if dec, ok := d.group(gi); ok {
			return dec, true
		}
	}
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side != side || u.Ended || u.Destroyed || u.Exited || u.Platoon != 0 || u.Convoy != 0 || u.Column != 0 {
			continue
		}
		if dec, ok := d.unit(i); ok {
			return dec, true
		}
	}
	if other := otherSide(g, side); other != "" {
		line := "mph " + other
		if d.accepted(line) {
			return Decision{Line: line, Reason: fmt.Sprintf("every unit of %s has ended its MPh: the turn passes to %s", side, other)}, true
		}
	}
	return Decision{}, false
}

// decider is one decision: the game, the side, and the goals its objectives give.
type decider struct {
	g    *asl.Game
	side string
	opt  Options
	// byUnit: the goal hexes of each unit (nil: none), and what each is for.
	byUnit [][]goal
	// mobile: units whose loss costs objective points (a mobile objective counts them).
	mobile []int
	// worth: the points each unit may still score for its side's open objectives: what a
	// vehicle lost would no longer score.
	worth []int
}

// goal is a hex an objective asks a unit to be in (or leave the map from, for an exit).
type goal struct {
	h    hex.Hex
	pts  float64  // the points it scores (an exit: the unit's)
	exit asl.Edge // an exit across this edge (EdgeNone: reach or hold, or exit hexes listed)
	kind asl.ObjectiveKind
	what string // "exit east", "reach 2M6", "hold 2K5"
}

// goals finds each unit's goal hexes from the side's open objectives.
func (d *decider) goals() {
	g := d.g
	d.byUnit = make([][]goal, len(g.Units))
	d.mobile = make([]int, len(g.Units))
	d.worth = make([]int, len(g.Units))
	for k := range g.Objectives {
		o := &g.Objectives[k]
		if o.Side != d.side || g.Status(k).Closed {
			continue
		}
		var gs []goal
		switch o.Kind {
		case asl.ObjExit:
			if o.Edge != asl.EdgeNone {
				for _, h := range edgeHexes(g, o.Edge) {
					gs = append(gs, goal{h: h, exit: o.Edge, kind: o.Kind, what: "exit " + o.Edge.String()})
				}
			} else {
				for _, h := range o.Hexes {
					gs = append(gs, goal{h: h, kind: o.Kind, what: "exit from " + g.Map.Layout.Name(h)})
				}
			}
		case asl.ObjReach:
			for j, h := range o.Hexes {
				if !o.Reached(j) {
					gs = append(gs, goal{h: h, kind: o.Kind, what: "reach " + g.Map.Layout.Name(h)})
				}
			}
		case asl.ObjHold:
			for _, h := range o.Hexes {
				gs = append(gs, goal{h: h, kind: o.Kind, what: "hold " + g.Map.Layout.Name(h)})
			}
		}
		for i := range g.Units {
			if !o.Counts(g, i) {
				continue
			}
			if o.Kind == asl.ObjMobile {
				d.mobile[i] += o.Each
				continue
			}
			pts := o.PointsOf(i)
			if len(gs) > 0 {
				d.worth[i] += pts
			}
			for _, x := range gs {
				x.pts = float64(pts)
				d.byUnit[i] = append(d.byUnit[i], x)
			}
		}
	}
}

// edgeHexes are the map's hexes beside the edge: those with a neighbour beyond it.
func edgeHexes(g *asl.Game, e asl.Edge) []hex.Hex {
	lay := g.Map.Layout
	var out []hex.Hex
	for i := 0; i < lay.Size(); i++ {
		h := lay.HexAt(i)
		if !lay.Contains(h) {
			continue
		}
		for s := hex.Side(0); s < 6; s++ {
			if n := h.Neighbor(s); !lay.Contains(n) && g.EdgeOf(n) == e {
				out = append(out, h)
				break
			}
		}
	}
	return out
}

// nearest is the distance from h to the nearest of gs, and that goal.
func nearest(h hex.Hex, gs []goal) (int, goal) {
	best, bg := math.MaxInt, goal{}
	for _, x := range gs {
		if dist := hex.Distance(h, x.h); dist < best {
			best, bg = dist, x
		}
	}
	return best, bg
}

// potential is what standing in hex h is worth toward goals gs: the best of each goal's points
// times its nearness (all of them in a hex to reach or hold, half for the hex to leave the map
// from, and half again at 6 hexes off); the goal it is toward, and how far.
func potential(h hex.Hex, gs []goal) (float64, goal, int) {
	best, bg, bd := -1.0, goal{}, 0
	for _, x := range gs {
		dist := hex.Distance(h, x.h)
		v := x.pts
		if dist > 0 || x.kind == asl.ObjExit {
			v = x.pts / 2 / (1 + float64(dist)/6)
		}
		if v > best {
			best, bg, bd = v, x, dist
		}
	}
	return max(best, 0), bg, bd
}

// otherSide is the first side of g's units that is not side.
func otherSide(g *asl.Game, side string) string {
	for i := range g.Units {
		if g.Units[i].Side != side {
			return g.Units[i].Side
		}
	}
	return ""
}

// accepted reports whether the referee takes line now (played on a copy, lowest dice).
func (d *decider) accepted(line string) bool {
	_, ok := d.played(line, true)
	return ok
}

// played is the copy of the game line leaves, played with the lowest dice (every check
// passes), and whether the referee took it. A scratch copy keeps no record of where MP were
// spent, which no step's legality reads.
func (d *decider) played(line string, scratch bool) (*asl.Game, bool) {
	l, err := d.g.ParseLine(line)
	if err != nil {
		return nil, false
	}
	c := d.g.Clone()
	c.Scratch = scratch
	var r asl.LineResult
	return c, c.Play(&l, dice.Lowest{}, &r) == nil
}

// follow gives the next step of a way unit i follows, remembering the rest (opt.Memory).
func (d *decider) follow(i int, way []asl.Action, reason string) (Decision, bool) {
	line := d.g.Describe(way[0])
	mem := d.opt.Memory
	if mem == nil {
		return Decision{Line: line, Reason: reason}, d.accepted(line)
	}
	c, ok := d.played(line, false)
	if !ok {
		*mem = Memory{}
		return Decision{}, false
	}
	*mem = Memory{next: rules.Hash(c), unit: i, way: way[1:], reason: reason}
	return Decision{Line: line, Reason: reason}, true
}

// remembered is the next step of the way unit i was following, if the game stands where the
// last step left it.
func (d *decider) remembered(i int) (Decision, bool) {
	mem := d.opt.Memory
	if mem == nil || mem.unit != i || len(mem.way) == 0 || rules.Hash(d.g) != mem.next {
		return Decision{}, false
	}
	return d.follow(i, mem.way, mem.reason)
}

// first is the first of lines the referee takes, with its reason.
func (d *decider) first(reason string, lines ...string) (Decision, bool) {
	for _, l := range lines {
		if d.accepted(l) {
			return Decision{Line: l, Reason: reason}, true
		}
	}
	return Decision{}, false
}

// finish ends unit or group id's MPh: a Stop first if it is moving (a vehicle that stops
// is no moving target), else end, or end toward a hex of its VCA it cannot afford.
func (d *decider) finish(id string, moving bool, toward []string, reason string) (Decision, bool) {
	var lines []string
	if moving {
		lines = append(lines, id+" stop")
	}
	lines = append(lines, id+" end")
	for _, t := range toward {
		lines = append(lines, id+" end toward "+t)
	}
	return d.first(reason, lines...)
}

// vcaHexes names the hexes of u's VCA, for `end toward`.
func vcaHexes(g *asl.Game, u *asl.Unit) []string {
	a, b := u.Pos.Hex.SpineHexes(u.Pos.Heading)
	return []string{g.Map.Layout.Name(a), g.Map.Layout.Name(b)}
}

// planOptions are the planner's options for unit u: none (ESB is weighed apart, see esb).
func (d *decider) planOptions(*asl.Unit) plan.Options { return plan.Options{} }

// esb plans unit i's ways again with Excessive Speed Breakdown (D2.5), a risk like a Bog
// Check's, when it may pay: the opponent is bold (0.75 or more), the vehicle has not used ESB,
// and the best place without it stops a hex or two short of a goal it could then reach. The
// planner's ESB search is several times as dear as its plain one, so it is not made for every
// step. It answers the way with ESB if that is worth more.
func (d *decider) esb(i int, u *asl.Unit, gs []goal, best choice) (*plan.Result, choice, bool) {
	if d.opt.Boldness < 0.75 || u.MovesByMF() || u.ESBUsed || best.label < 0 || best.dist == 0 || best.dist > 2 || best.exits {
		return nil, choice{}, false
	}
	r, err := plan.Reach(d.g, i, plan.Options{ESB: true})
	if err != nil {
		return nil, choice{}, false
	}
	b, _, _ := d.choose(r, u, gs)
	if b.label < 0 || b.value <= best.value {
		return nil, choice{}, false
	}
	return r, b, true
}

// choice is a place the vehicle may reach this MPh and its value.
type choice struct {
	label int
	at    hex.Hex // where it ends
	pot   float64 // what it is worth there (potential)
	value float64
	dist  int
	mp    asl.MP
	p     float64
	g     goal
	exits bool
}

// unit decides for lone unit i: its next step toward its best place, or the end of its MPh.
func (d *decider) unit(i int) (Decision, bool) {
	g := d.g
	u := &g.Units[i]
	if u.Immobile != asl.Mobile {
		if u.Immobile == asl.Bogged && !u.UnbogTried {
			if dec, ok := d.first(fmt.Sprintf("%s is Bogged: it tries to free itself (D8.3)", u.ID), u.ID+" unbog"); ok {
				return dec, true
			}
		}
		return d.finish(u.ID, false, nil, fmt.Sprintf("%s cannot move: it ends its MPh", u.ID))
	}
	gs := d.byUnit[i]
	if len(gs) == 0 {
		return d.finish(u.ID, u.Moving || u.Motion, vcaHexes(g, u), fmt.Sprintf("%s has no objective to move for: it ends its MPh", u.ID))
	}
	_, g0, d0 := potential(u.Pos.Hex, gs)
	if d0 == 0 && g0.kind == asl.ObjExit {
		if dec, ok := d.first(fmt.Sprintf("%s leaves the map from %s (%s)", u.ID, g.Map.Layout.Name(u.Pos.Hex), g0.what), u.ID+" exit"); ok {
			return dec, true
		}
	}
	if dec, ok := d.remembered(i); ok {
		return dec, true
	}
	r, err := plan.Reach(g, i, d.planOptions(u))
	if err != nil {
		return d.finish(u.ID, u.Moving || u.Motion, vcaHexes(g, u), fmt.Sprintf("%s cannot move now: it ends its MPh", u.ID))
	}
	best, safest, quickest := d.choose(r, u, gs)
	if re, b, ok := d.esb(i, u, gs, best); ok {
		r, best, safest, quickest = re, b, choice{label: -1}, choice{label: -1}
	}
	if best.label < 0 || len(r.Path(best.label)) == 0 {
		why := fmt.Sprintf("%s is where it does best (%s): it ends its MPh", u.ID, d.where(u.Pos.Hex, g0, d0))
		if f, ok := d.forward(r, u, gs); ok {
			why += fmt.Sprintf("; the way on, to %s (%s MP), has only %.2f to arrive Mobile: too great a risk at boldness %.2g", g.Map.Layout.Name(f.at), f.mp, f.p, d.opt.Boldness)
		}
		return d.finish(u.ID, u.Moving || u.Motion, vcaHexes(g, u), why)
	}
	way := r.Path(best.label)
	if dec, ok := d.follow(i, way, d.reason(u, best, safest, quickest)); ok {
		return dec, true
	}
	return d.finish(u.ID, u.Moving || u.Motion, vcaHexes(g, u), fmt.Sprintf("%s ends its MPh: its next step %q is not allowed", u.ID, g.Describe(way[0])))
}

// ranked values every place r reaches, best first: what the place is worth toward the goals
// (potential: a hex reached scores its points, a hex near it a part) less what the vehicle's
// place is worth now, times the chance of arriving Mobile; less the chance of failing times
// what failing costs: three times the points the vehicle may still score and what its place
// is worth, scaled by how cautious the opponent is, and the points of a mobile objective that
// counts it whatever its boldness. A little is taken off for each MP spent. Places worth
// nothing are left out.
func (d *decider) ranked(r *plan.Result, u *asl.Unit, gs []goal) []choice {
	b := d.opt.Boldness
	p0, _, _ := potential(u.Pos.Hex, gs)
	loss := (1-b)*(3*float64(d.worth[r.Unit])+p0) + float64(d.mobile[r.Unit])
	var all []choice
	for _, li := range r.Live() {
		l := &r.Labels[li]
		st := l.State
		c := choice{label: li, at: st.Pos.Hex, mp: l.MP - u.Spent, p: l.P}
		switch {
		case st.Pos.Offboard && l.Unit.Exited:
			dist, gl := nearest(l.Unit.ExitHex, gs)
			if dist != 0 || gl.kind != asl.ObjExit || (gl.exit != asl.EdgeNone && d.g.EdgeOf(st.Pos.Hex) != gl.exit) {
				continue
			}
			c.dist, c.g, c.exits, c.pot = 0, gl, true, gl.pts
		case st.Pos.Offboard:
			continue
		default:
			c.pot, c.g, c.dist = potential(st.Pos.Hex, gs)
		}
		c.value = c.p*(c.pot-p0) - (1-c.p)*loss - 0.001*c.mp.Float()
		if c.value > 0 {
			all = append(all, c)
		}
	}
	sort.SliceStable(all, func(x, y int) bool { return all[x].value > all[y].value })
	return all
}

// forward is the way on that a bold opponent would take (the most ground gained times the
// chance of arriving Mobile), to say what a cautious one turned down.
func (d *decider) forward(r *plan.Result, u *asl.Unit, gs []goal) (choice, bool) {
	bold := *d
	bold.opt.Boldness = 1
	if cs := bold.ranked(r, u, gs); len(cs) > 0 {
		return cs[0], true
	}
	return choice{}, false
}

// choose values every place r reaches: the best for this boldness, and (for the reason) the
// safest and the quickest of those that gain ground.
func (d *decider) choose(r *plan.Result, u *asl.Unit, gs []goal) (best, safest, quickest choice) {
	best, safest, quickest = choice{label: -1}, choice{label: -1}, choice{label: -1}
	p0, _, _ := potential(u.Pos.Hex, gs)
	for _, c := range d.ranked(r, u, gs) {
		if best.label < 0 {
			best = c
		}
		if c.pot > p0 && (safest.label < 0 || c.p > safest.p || c.p == safest.p && c.pot > safest.pot) {
			safest = c
		}
		if c.pot > p0 && (quickest.label < 0 || c.pot > quickest.pot || c.pot == quickest.pot && c.p > quickest.p) {
			quickest = c
		}
	}
	return best, safest, quickest
}

// where says how far hex h stands from goal gl: "at 2GG5 for exit east", "10 hexes from the
// east edge (exit east)", "3 hexes from 2M6 (reach 2M6)".
func (d *decider) where(h hex.Hex, gl goal, dist int) string {
	lay := d.g.Map.Layout
	if dist == 0 {
		return "at " + lay.Name(h) + " for " + gl.what
	}
	to := lay.Name(gl.h)
	if gl.exit != asl.EdgeNone {
		to = "the " + gl.exit.String() + " edge"
	}
	return fmt.Sprintf("%d %s from %s (%s)", dist, plural(dist, "hex", "hexes"), to, gl.what)
}

// plural is one or many as n counts.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// reason says why the opponent takes best, beside the other ways it weighed: "T1 to 2W6 this
// MPh, 10 hexes from the east edge (exit east): 13 MP, 1.00 to arrive Mobile; the quickest
// way, to 2Y5, 8 hexes from the east edge (exit east), was 13 MP at 0.61".
func (d *decider) reason(u *asl.Unit, best, safest, quickest choice) string {
	lay := d.g.Map.Layout
	place := func(c choice) string {
		if c.exits {
			return "off the map (" + c.g.what + ")"
		}
		if c.dist == 0 {
			return lay.Name(c.at) + " (" + c.g.what + ")"
		}
		return lay.Name(c.at) + ", " + d.where(c.at, c.g, c.dist)
	}
	s := fmt.Sprintf("%s to %s this MPh: %s MP, %.2f to arrive Mobile", u.ID, place(best), best.mp, best.p)
	if u.MovesByMF() {
		s = fmt.Sprintf("%s to %s this MPh: %s MF", u.ID, place(best), best.mp)
	}
	if best.exits {
		s = fmt.Sprintf("%s off the map this MPh (%s): %s MP, %.2f to get there Mobile", u.ID, best.g.what, best.mp, best.p)
	}
	for _, alt := range []struct {
		c    choice
		what string
	}{{quickest, "the quickest way"}, {safest, "the safest way"}} {
		if alt.c.label >= 0 && alt.c.label != best.label && (alt.c.dist != best.dist || alt.c.p != best.p) {
			s += fmt.Sprintf("; %s, to %s, was %s MP at %.2f", alt.what, place(alt.c), alt.c.mp, alt.c.p)
		}
	}
	return s
}
