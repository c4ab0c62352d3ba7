// Package opponent writes one side's orders in a Lightning War game toward the scenario's
// objectives: the practice opponent. It decides from the side's view of the game alone
// (Game.As with the side's Viewer): its own detachments and what it has been shown of the
// enemy, never a detachment it has not seen. The referee plays the Movement Phase and the
// reveals as in any game.
//
// How it decides. At each decision it plans its side's detachments together (plan, assign):
// every one without orders on the way, those following orders included. Each open objective
// asks for a place (a point to reach or hold, an area's centre, the nearest point of an edge);
// a detachment's way there is timed by the side's own ruler (Game.Measure) at its quickest
// pace (a run for infantry on foot, a gallop for mounted cavalry), along a road when that is
// clearly quicker, on Reserve Movement when the way is long and clear of known enemies; the
// time gives the chance it arrives by the deadline. The detachments are then matched to places
// so that the points the side may expect are the most, a place a known enemy stands on left
// out. A detachment keeps the orders it follows unless another place is clearly worth more. A
// detachment that could also take a place nobody is sent to splits (split); a part with
// nothing left to do rejoins one beside it (join). Every step it gives is played by the
// referee on a copy first: it never gives one the referee refuses.
package opponent

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
)

// Decision is an order the opponent writes: the line of notation and its reason.
type Decision struct {
	Line   string
	Reason string
}

// Decide is side's next order in g and why; false when every detachment of the side has what
// it needs. It reads g only through the side's view. boldness (0 to 1) is the risk it takes
// for time: the berth it keeps from known enemies when it moves on Reserve Movement.
func Decide(g *lw.Game, side string, boldness float64) (Decision, bool) {
	v := g.As(lw.SideView(side))
	p := plan(v, side, boldness)
	chosen, miss := p.assign()
	if d, ok := p.split(v, chosen, miss); ok && accepted(g, d.Line) {
		return d, true
	}
	if d, ok := p.join(g); ok {
		return d, true
	}
	for _, a := range chosen {
		if a.stay {
			continue // on its way there already
		}
		line := "order " + a.det.ID + " path"
		pts := a.road
		if len(pts) == 0 {
			pts = []lw.Point{a.at}
		}
		prev := ""
		for _, p := range pts {
			if pt := num(p.X/lw.Inch(1, 0).X) + "," + num(p.Y/lw.Inch(1, 0).X); pt != prev { // a point written twice is once
				line += " " + pt
				prev = pt
			}
		}
		if a.pace != lw.Walk {
			line += " " + a.pace.String()
		}
		how := fmt.Sprintf("about %.1f turns", a.turns)
		if a.pace != lw.Walk {
			how += " at a " + a.pace.String()
		}
		if len(a.road) > 0 {
			how += " by the road"
		}
		if a.fast && accepted(g, line+" reserve : "+a.what) {
			line, how = line+" reserve", fmt.Sprintf("about %.1f turns on Reserve Movement (it moves twice a turn)", a.turns)
		}
		line += " : " + a.what
		if !accepted(g, line) {
			continue // the referee would refuse it: never given
		}
		why := fmt.Sprintf("%s to %s (%g points%s): %.1f\" away, %s", a.det.ID, a.what, a.pts, a.by, a.det.Pos.Dist(a.at)/lw.Inch(1, 0).X, how)
		if a.note != "" {
			why += "; " + a.note
		}
		return Decision{Line: line, Reason: why}, true
	}
	return Decision{}, false
}

// choice is a detachment sent to an objective's place: how long it takes, whether on Reserve
// Movement, and the chance it is there in time.
type choice struct {
	det    *lw.Detachment
	goal   int // index in the plan's goals
	at     lw.Point
	what   string
	by     string // ", by the end of turn N", or ""
	pts    float64
	turns  float64
	fast   bool
	p      float64    // the chance it arrives in time, by the measure's margin
	road   []lw.Point // the way by road, when quicker than straight (its last point: at)
	note   string
	pace   lw.Pace // its quickest pace there (run, gallop) or walk
	stay   bool    // it is on its way there already: it keeps its orders
	moving bool    // it is following orders (to this place or another)
}

// planning is what Decide weighs: the side's detachments free to take orders, the open
// objectives' places, and each detachment's ways to them.
type planning struct {
	idle  []*lw.Detachment // free, with no objective to go to, or standing where one asks
	here  []*lw.Detachment // of idle: standing where an open objective asks
	free  []*lw.Detachment
	goals []goal
	ways  [][]choice // ways[i]: free[i]'s ways to the goals
}

// goal is an open objective's place; once is whether one detachment there is all it asks
// (reach, hold), where an edge counts each detachment; miss is the chance that none of the
// detachments already bound there arrives in time.
type goal struct {
	pts  float64
	once bool
	miss float64
}

// inTime is the chance a detachment that needs turns arrives with left turns to go: the
// measure is of open ground and a straight way, so a thin margin is a gamble. Sure (0.95)
// with half a turn to spare, a long shot (0.05) a turn late.
func inTime(turns, left float64) float64 {
	slack := left - turns
	return max(0.05, min(0.95, 0.05+0.9*(slack+1)/1.5))
}

// way is detachment d's way to objective o's place at: the turns it needs by the side's own
// measure (Game.Measure), on Reserve Movement where that is open to it, and the chance it is
// there in time.
func way(v *lw.Game, side string, o *lw.Objective, d *lw.Detachment, at lw.Point, boldness float64) (turns float64, fast bool, p float64, road []lw.Point, pace lw.Pace) {
	inch := lw.Inch(1, 0).X
	dist := d.Pos.Dist(at)
	turns = dist / (6 * inch) // 6" a turn when its speed is not measured
	// at its quickest pace: infantry on foot run (never two turns running, which the ruler
	// counts), mounted cavalry gallop; measured as if ordered so (v is the side's own copy)
	saved := d.Order
	defer func() { d.Order = saved }()
	for _, pc := range []lw.Pace{lw.Walk, lw.Run, lw.Gallop} {
		d.Order = &lw.Order{Kind: lw.Written, Pace: pc}
		if m, err := v.Measure(lw.SideView(side), d.Pos, at, d.ID); err == nil && m.Time != nil && m.Time.Known && m.Time.Turns > 0 &&
			(pc == lw.Walk || m.Time.Pace == pc && m.Time.Turns < turns) {
			turns, pace = m.Time.Turns, pc
		}
	}
	d.Order = &lw.Order{Kind: lw.Written, Pace: pace}
	if path, t, ok := byRoad(v, side, d, d.Pos, at, turns); ok {
		turns, road = t, path
	}
	if o.Area == "" && o.Kind != lw.ObjEdge && dist > 0 {
		turns *= max(0, dist-o.Within) / dist // it need only come within the objective's radius
	}
	// Reserve Movement (rules-notes 3.4) moves it twice a turn along a path of at least two
	// turns' moves, but stops it short of ground near a known enemy, and fire on it means a
	// morale check at -2: a cautious player keeps a wider berth (2" for a base's depth, and
	// up to 10" more as boldness falls below 0.5).
	if turns >= 2 && v.HasLeader(d) && !dangerOn(v, side, d.Pos, at, 2*inch+max(0, 0.5-boldness)*20*inch) {
		turns, fast = turns/2, true
	}
	p = 0.95
	if o.By > 0 {
		p = inTime(turns, float64(o.By-v.Turn+1))
	}
	return turns, fast, p, road, pace
}

// plan gathers the side's free detachments (no orders on the way or being followed, none
// standing where an open objective asks) and their ways to the open objectives' places,
// leaving out a place where a known enemy stands; a place other detachments of the side are
// bound for starts with the chance that none of them arrives in time.
func plan(v *lw.Game, side string, boldness float64) *planning {
	p := &planning{}
	inch := lw.Inch(1, 0).X
	var open []int
	bound := bound(v, side)
	for k := range v.Objectives {
		o := &v.Objectives[k]
		if o.Side != side || v.Status(k).Closed || o.Kind == lw.ObjReach && v.Status(k).Points > 0 {
			continue // not its own, judged, or reached already
		}
		open = append(open, k)
		gl := goal{pts: float64(o.Each), once: o.Kind != lw.ObjEdge, miss: 1}
		for _, b := range bound {
			if at, _ := goalOf(v, o, b.det); gl.once && b.end.Dist(at) <= inch {
				_, _, pb, _, _ := way(v, side, o, b.det, at, boldness)
				gl.miss *= 1 - pb
			}
		}
		p.goals = append(p.goals, gl)
	}
	for _, d := range v.Dets {
		if d.Side != side || len(d.Pending) > 0 {
			continue // its orders are on the way
		}
		// a detachment following orders is planned again with the rest: it keeps them (no
		// new order) when its place is still the one worth most to it
		var end *lw.Point
		if d.Order != nil && len(d.Order.Path) > 0 && d.Route.Length()-d.Along > inch/10 {
			end = &d.Order.Path[len(d.Order.Path)-1]
		}
		var ways []choice
		here := false
		for gi, k := range open {
			o := &v.Objectives[k]
			at, what := goalOf(v, o, d)
			switch {
			case d.Pos.Dist(at) < inch:
				here = true
				continue
			case enemyNear(v, side, at):
				continue // a known enemy stands there: not a place to walk into by orders
			}
			c := choice{det: d, goal: gi, at: at, what: what, pts: float64(o.Each)}
			c.turns, c.fast, c.p, c.road, c.pace = way(v, side, o, d, at, boldness)
			if end != nil {
				c.stay = at.Dist(*end) <= inch
				c.moving = true
			}
			if o.By > 0 {
				c.by = fmt.Sprintf(", by the end of turn %d", o.By)
			}
			ways = append(ways, c)
		}
		if !here && len(ways) > 0 {
			p.free = append(p.free, d)
			p.ways = append(p.ways, ways)
		} else {
			p.idle = append(p.idle, d)
			if here {
				p.here = append(p.here, d)
			}
		}
	}
	return p
}

// assign is the orders to give: the match of free detachments to places (each detachment to
// one place or none) under which the side may expect the most points: a place one detachment
// scores is worth its points times the chance that some detachment sent there (or already
// bound there) arrives in time; an edge counts each. A detachment on its way keeps its place
// unless another is clearly worth more (a new order counts 0.9 of its worth). Every match is
// weighed when there are few (maxMatches), else the best way is taken one at a time. In the
// order of the side's detachments; and, for each place, the chance that no detachment
// arrives there in time once they go.
func (p *planning) assign() ([]choice, []float64) {
	n := 1.0
	for _, w := range p.ways {
		n *= float64(len(w) + 1)
	}
	var picks []int
	if n <= maxMatches {
		picks = p.bestMatch()
	} else {
		picks = p.oneAtATime()
	}
	var out []choice
	miss := p.misses()
	for i, k := range picks {
		if k < 0 {
			continue
		}
		c := p.ways[i][k]
		c.note = p.nearer(c)
		if g := p.goals[c.goal]; g.once {
			if miss[c.goal] < 1 {
				c.note = strings.TrimPrefix(c.note+"; another detachment is on its way there, and this one makes it surer", "; ")
			}
			miss[c.goal] *= 1 - c.p
		}
		out = append(out, c)
	}
	return out, miss
}

// misses is each place's chance that none of the detachments bound there arrives in time,
// before any free detachment is matched to it.
func (p *planning) misses() []float64 {
	miss := make([]float64, len(p.goals))
	for g := range p.goals {
		miss[g] = p.goals[g].miss
	}
	return miss
}

// maxMatches bounds the matches assign weighs one by one.
const maxMatches = 20000

// worth is what way c adds to the side's expected points, given the chance miss that no
// detachment arrives at its place otherwise.
func (c *choice) worth(g goal, miss float64) float64 {
	w := c.pts * c.p
	if g.once {
		w *= miss
	}
	if c.moving && !c.stay {
		w *= 0.9 // new orders for a detachment on its way: only for clearly more
	}
	return w
}

// bestMatch weighs every match: for each free detachment, the index of its way (-1: none).
func (p *planning) bestMatch() []int {
	cur := make([]int, len(p.free))
	best := make([]int, len(p.free))
	for i := range best {
		best[i] = -1
	}
	miss := p.misses()
	bestPts, bestTurns := 0.0, 0.0
	var walk func(i int, pts, turns float64)
	walk = func(i int, pts, turns float64) {
		if i == len(p.free) {
			if pts > bestPts+1e-9 || pts > bestPts-1e-9 && turns < bestTurns {
				copy(best, cur)
				bestPts, bestTurns = pts, turns
			}
			return
		}
		cur[i] = -1
		walk(i+1, pts, turns)
		for k := range p.ways[i] {
			c := &p.ways[i][k]
			was := miss[c.goal]
			add := c.worth(p.goals[c.goal], was)
			if p.goals[c.goal].once {
				miss[c.goal] = was * (1 - c.p)
			}
			cur[i] = k
			walk(i+1, pts+add, turns+c.turns)
			miss[c.goal] = was
		}
		cur[i] = -1
	}
	walk(0, 0, 0)
	return best
}

// oneAtATime takes, again and again, the way that adds most (of equal worth the quicker) of a
// detachment not yet given one, until none adds anything.
func (p *planning) oneAtATime() []int {
	picks := make([]int, len(p.free))
	for i := range picks {
		picks[i] = -1
	}
	miss := p.misses()
	for {
		bi, bk, bestGain := -1, -1, 1e-9
		for i, ways := range p.ways {
			if picks[i] >= 0 {
				continue
			}
			for k := range ways {
				c := &ways[k]
				gain := c.worth(p.goals[c.goal], miss[c.goal])
				if gain > bestGain+1e-9 || bi >= 0 && gain > bestGain-1e-9 && c.turns < p.ways[bi][bk].turns {
					bi, bk, bestGain = i, k, gain
				}
			}
		}
		if bi < 0 {
			return picks
		}
		picks[bi] = bk
		if c := &p.ways[bi][bk]; p.goals[c.goal].once {
			miss[c.goal] *= 1 - c.p
		}
	}
}

// split is a detachment breaking off a part to take a place no detachment is sent to: one of
// chosen, with two units or more besides its leaders, that could be at an open place of a
// reach or hold objective in time (a fair chance, 0.5 or more) that the match leaves likely
// missed (miss, as assign gives it, 0.5 or more). It
// breaks off half its units that are not leaders (the leaders stay: Reserve Movement needs
// one), as D/2 (D/3...); the next decision sends each part to its place.
func (p *planning) split(v *lw.Game, chosen []choice, miss []float64) (Decision, bool) {
	for _, c := range chosen {
		var rank []string
		for _, id := range c.det.Units {
			if u := v.Unit(id); u != nil && !u.Destroyed && u.In == "" && !u.Leader {
				rank = append(rank, id)
			}
		}
		if len(rank) < 2 {
			continue
		}
		for i, d := range p.free {
			if d != c.det {
				continue
			}
			for _, w := range p.ways[i] {
				if w.goal == c.goal || !p.goals[w.goal].once || miss[w.goal] < 0.5 || w.p < 0.5 {
					continue
				}
				name := ""
				for n := 2; name == "" || v.Det(name) != nil; n++ {
					name = fmt.Sprintf("%s/%d", c.det.ID, n)
				}
				part := rank[len(rank)/2:]
				line := fmt.Sprintf("split %s %s as %s", c.det.ID, strings.Join(part, ","), name)
				why := fmt.Sprintf("%s breaks off %s as %s to %s (%g points%s), while %s goes to %s: no other detachment is sent there",
					c.det.ID, strings.Join(part, ", "), name, w.what, w.pts, w.by, c.det.ID, c.what)
				return Decision{Line: line, Reason: why}, true
			}
		}
	}
	return Decision{}, false
}

// join is a part with nothing left to do (no open objective it can go to) rejoining another
// detachment of its side that stands still, within reach of a join (the referee's
// RejoinRange): together they hold what they stand on, or wait, as one.
func (p *planning) join(g *lw.Game) (Decision, bool) {
	for _, d := range p.idle {
		if !strings.Contains(d.ID, "/") || p.standsOn(d) {
			continue
		}
		for _, e := range p.idle {
			if e == d {
				continue
			}
			line := "join " + d.ID + " into " + e.ID
			if accepted(g, line) {
				return Decision{Line: line, Reason: d.ID + " has no objective left to go to: it rejoins " + e.ID + ", which stands beside it"}, true
			}
		}
	}
	return Decision{}, false
}

// standsOn reports whether d stands where an open objective asks (it was left out of the free
// detachments for that).
func (p *planning) standsOn(d *lw.Detachment) bool { return slices.Contains(p.here, d) }

// nearer says which nearer place the detachment of c was not sent to.
func (p *planning) nearer(c choice) string {
	for i, d := range p.free {
		if d != c.det {
			continue
		}
		for _, w := range p.ways[i] {
			if w.goal != c.goal && w.det.Pos.Dist(w.at) < c.det.Pos.Dist(c.at)-lw.Inch(1, 0).X {
				return fmt.Sprintf("%s is nearer (%g points) but worth less to the side now", w.what, w.pts)
			}
		}
	}
	return ""
}

// boundFor is a detachment of the side with orders to follow or on the way, and where their
// path ends.
type boundFor struct {
	det *lw.Detachment
	end lw.Point
}

// bound is each detachment of side with orders on the way (it is not planned again until they
// arrive), and the end of their path.
func bound(v *lw.Game, side string) []boundFor {
	var out []boundFor
	for _, d := range v.Dets {
		if d.Side != side {
			continue
		}
		for _, o := range d.Pending {
			if len(o.Path) > 0 {
				out = append(out, boundFor{d, o.Path[len(o.Path)-1]})
			}
		}
	}
	return out
}

// dangerOn reports whether the way from a to b passes, with margin to spare, within the
// ground Reserve Movement may not cross round a known enemy (lw.DangerReach, rules-notes 3.4).
// v is the side's view: only what it has been shown.
func dangerOn(v *lw.Game, side string, a, b lw.Point, margin float64) bool {
	for _, e := range v.Dets {
		if e.Side == side {
			continue
		}
		reach := 0.0
		for _, id := range e.Units {
			if u := v.Unit(id); u != nil {
				reach = max(reach, lw.DangerReach(u))
			}
		}
		if reach > 0 && lw.DistToSegment(e.Pos, a, b) <= reach+margin {
			return true
		}
	}
	return false
}

// enemyNear reports whether the side knows of an enemy detachment within 3" of p (v is the
// side's view: only the enemies it has been shown are in it).
func enemyNear(v *lw.Game, side string, p lw.Point) bool {
	for _, e := range v.Dets {
		if e.Side != side && e.Pos.Dist(p) <= lw.Inch(3, 0).X {
			return true
		}
	}
	return false
}

// goalOf is where objective o asks detachment d to go: its point, its area's centre, or the
// nearest point of its edge (an inch inside the table); and what it is for.
func goalOf(g *lw.Game, o *lw.Objective, d *lw.Detachment) (lw.Point, string) {
	verb := map[lw.ObjectiveKind]string{lw.ObjReach: "reach", lw.ObjHold: "hold", lw.ObjEdge: "reach the edge"}[o.Kind]
	in := lw.Inch(1, 0).X
	switch {
	case o.Kind == lw.ObjEdge:
		p := d.Pos
		switch o.Edge {
		case "north":
			p.Y = g.Table.Height - in/2
		case "south":
			p.Y = in / 2
		case "east":
			p.X = g.Table.Width - in/2
		case "west":
			p.X = in / 2
		}
		return p, verb + " " + o.Edge
	case o.Area != "":
		for _, f := range g.Table.Features {
			if f.ID == o.Area {
				var c lw.Point
				for _, p := range f.Area {
					c.X += p.X / float64(len(f.Area))
					c.Y += p.Y / float64(len(f.Area))
				}
				return c, verb + " " + o.Area
			}
		}
	}
	x, y := o.At.Inches()
	return o.At, verb + " " + num(x) + "," + num(y)
}

// num writes inches as the notation reads them: 22, 10.5.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// accepted reports whether the referee takes line now: played on a copy (an order rolls no
// dice, and whether it is taken turns on the side's own detachments and formations alone).
func accepted(g *lw.Game, line string) bool {
	a, err := lw.Parse(line)
	if err != nil {
		return false
	}
	_, err = g.Clone().Do(a, nil)
	return err == nil
}

// byRoad is a way from a to b along a road of the table, when one is quicker by the side's
// measure than the straight line: to the road's nearest point, along it to the point nearest
// b, then to b. It gives the path's points (b last) and its turns; ok false when no road way
// is quicker than straight turns.
func byRoad(v *lw.Game, side string, d *lw.Detachment, a, b lw.Point, straight float64) (path []lw.Point, turns float64, ok bool) {
	turns = straight
	for _, r := range v.Table.Roads {
		pa, ia := r.Line.Nearest(a)
		pb, ib := r.Line.Nearest(b)
		if pa.Dist(pb) < lw.Inch(6, 0).X {
			continue // hardly along the road at all
		}
		way := []lw.Point{pa}
		if ia < ib {
			way = append(way, r.Line[ia+1:ib+1]...)
		} else {
			for k := ia; k > ib; k-- {
				way = append(way, r.Line[k])
			}
		}
		way = append(way, pb, b)
		t, prev := 0.0, a
		for _, p := range way {
			if prev.Dist(p) > 1e-6 {
				m, err := v.Measure(lw.SideView(side), prev, p, d.ID)
				if err != nil || m.Time == nil || !m.Time.Known {
					t = math.Inf(1)
					break
				}
				t += m.Time.Turns
			}
			prev = p
		}
		if t < turns*0.85 { // worth the detour only when clearly quicker
			path, turns, ok = way, t, true
		}
	}
	return path, turns, ok
}
