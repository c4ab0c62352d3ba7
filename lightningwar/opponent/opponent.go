// Package opponent writes one side's orders in a Lightning War game toward the scenario's
// objectives: the practice opponent. It decides from the side's view of the game alone
// (Game.As with the side's Viewer): its own detachments and what it has been shown of the
// enemy, never a detachment it has not seen. The referee plays the Movement Phase and the
// reveals as in any game.
//
// How it decides. Each of its detachments that has no orders to follow (none in effect or at
// the end of their path, none on the way) and stands short of its objectives is given a written order: a straight path to the
// place worth most, each place's points over the inches to it (a point to reach or hold, an
// area's centre, the nearest point of an edge), leaving out a place where it knows an enemy
// stands and one another of its detachments is bound for. A detachment already where an objective asks,
// or with no objective, is left as it is. When every detachment has its orders, it has nothing
// to do until the next step changes that (a detachment arrives, a new turn).
package opponent

import (
	"fmt"
	"math"
	"strconv"

	lw "github.com/umpire-referee/umpire/lightningwar"
)

// Decision is an order the opponent writes: the line of notation and its reason.
type Decision struct {
	Line   string
	Reason string
}

// Decide is side's next order in g and why; false when every detachment of the side has what
// it needs. It reads g only through the side's view.
func Decide(g *lw.Game, side string) (Decision, bool) {
	v := g.As(lw.SideView(side))
	type place struct {
		at   lw.Point
		pts  float64
		what string
	}
	claimed := claims(v, side)
	for _, d := range v.Dets {
		if d.Side != side || len(d.Pending) > 0 || d.Order != nil && d.Route.Length()-d.Along > lw.Inch(0.1, 0).X {
			continue // its orders are on the way, or it is following them
		}
		var best place
		bestValue := -1.0
		here := false
		for k := range v.Objectives {
			o := &v.Objectives[k]
			if o.Side != side || v.Status(k).Closed {
				continue
			}
			at, what := goalOf(v, o, d)
			if o.Kind == lw.ObjReach && v.Status(k).Points > 0 {
				continue // reached already
			}
			dist := d.Pos.Dist(at)
			if dist < lw.Inch(1, 0).X {
				here = true
				continue
			}
			if enemyNear(v, side, at) {
				continue // a known enemy stands there: not a place to walk into by orders
			}
			if o.Kind != lw.ObjEdge && claimed(at) {
				continue // another of its detachments is on its way there
			}
			turns := dist / lw.Inch(6, 0).X // 6" a turn when its speed is not measured
			if m, err := v.Measure(lw.SideView(side), d.Pos, at, d.ID); err == nil && m.Time != nil && m.Time.Known && m.Time.Turns > 0 {
				turns = m.Time.Turns
			}
			if o.Area == "" && o.Kind != lw.ObjEdge && dist > 0 {
				turns *= max(0, dist-o.Within) / dist // it need only come within the objective's radius
			}
			if o.By > 0 && turns > float64(o.By-v.Turn+1)+0.01 {
				continue // it cannot get there by the deadline
			}
			value := float64(o.Each) / (1 + turns)
			if value > bestValue {
				best, bestValue = place{at, float64(o.Each), what}, value
			}
		}
		if bestValue < 0 || here {
			continue
		}
		x, y := best.at.Inches()
		dist := d.Pos.Dist(best.at) / lw.Inch(1, 0).X
		line := fmt.Sprintf("order %s path %s,%s : %s", d.ID, num(x), num(y), best.what)
		if !accepted(g, line) {
			continue // the referee would refuse it: never given
		}
		return Decision{Line: line, Reason: fmt.Sprintf("%s to %s,%s (%s, %g points): %.1f\" away", d.ID, num(x), num(y), best.what, best.pts, dist)}, true
	}
	return Decision{}, false
}

// claims is whether a place is where another detachment of side is bound: the end of the
// path of orders it follows or has on the way (within 1").
func claims(v *lw.Game, side string) func(lw.Point) bool {
	var ends []lw.Point
	for _, d := range v.Dets {
		if d.Side != side {
			continue
		}
		if d.Order != nil && len(d.Order.Path) > 0 && d.Route.Length()-d.Along > lw.Inch(0.1, 0).X {
			ends = append(ends, d.Order.Path[len(d.Order.Path)-1])
		}
		for _, o := range d.Pending {
			if len(o.Path) > 0 {
				ends = append(ends, o.Path[len(o.Path)-1])
			}
		}
	}
	return func(p lw.Point) bool {
		for _, e := range ends {
			if e.Dist(p) <= lw.Inch(1, 0).X {
				return true
			}
		}
		return false
	}
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
