package lightningwar

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/objective"
)

// Objectives: what a scenario sets a side to do on the table, scored in points. Three kinds
// (the scenario file's `objectives:`):
//
//   - Reach: a detachment of the side has a base within Within of a point, or over an area:
//     scored once, for good, at the end of any step.
//   - Hold: a detachment of the side there and none of the enemy's: judged as things stand.
//   - Edge: each detachment of the side with a base within an inch of a table edge ("exit an
//     edge": the table has no off-table moves), as things stand.
//
// By gives a deadline: the end of that turn's Movement Phase. When the phase ends the
// objective is judged and keeps that score whatever happens after. Every step passes through
// [Game.tally] and every turn's end through [Game.closeObjectives]: nothing scores an
// objective any other way. A side's view judges its objectives from what that side knows
// (Game.As): its score never tells it of an enemy it has not seen.

// ObjectiveKind is what an objective asks.
type ObjectiveKind uint8

// The kinds of objective.
const (
	ObjReach ObjectiveKind = iota
	ObjHold
	ObjEdge
)

// Objective is one objective of a side on the table, and how it stands.
type Objective struct {
	Side string
	Kind ObjectiveKind
	// Where: a point and a radius (metres), or an area (a terrain feature's id), or an edge
	// (north, east, south, west) for ObjEdge.
	At      Point
	Within  float64
	Area    string
	Edge    string
	Each    int  // the points it scores (an edge: a detachment)
	EachSet bool // Each was written (else it is the default, 1)
	By      int  // the turn by whose end it is judged; 0: the whole game

	reached bool
	verdict objective.Verdict // judged for good when its deadline passed
}

// AddObjective gives the game an objective (at its setup).
func (g *Game) AddObjective(o Objective) {
	g.Objectives = append(g.Objectives, o)
	g.tally()
}

// tally notes what the table now shows for the open objectives: the places reached.
func (g *Game) tally() {
	for k := range g.Objectives {
		o := &g.Objectives[k]
		if o.verdict.Closed || o.Kind != ObjReach || o.reached {
			continue
		}
		for _, d := range g.Dets {
			if d.Side == o.Side && g.detIn(d, o) {
				o.reached = true
				break
			}
		}
	}
}

// closeObjectives judges, for good, each objective whose deadline is the turn now ending.
func (g *Game) closeObjectives() {
	g.tally() // what the phase's last moves reached
	for k := range g.Objectives {
		if o := &g.Objectives[k]; o.By > 0 && g.Turn >= o.By {
			o.verdict.Close(func() (int, string) { return g.judge(o) })
		}
	}
}

// Status is how objective k stands.
func (g *Game) Status(k int) objective.Status {
	o := &g.Objectives[k]
	most := o.Each
	if o.Kind == ObjEdge {
		most = 0
		for _, d := range g.Dets {
			if d.Side == o.Side {
				most += o.Each
			}
		}
	}
	return o.verdict.Now(most, func() (int, string) { return g.judge(o) })
}

// judge scores o as the table stands, and says why.
func (g *Game) judge(o *Objective) (int, string) {
	var in, enemy []string
	for _, d := range g.Dets {
		if !g.detIn(d, o) {
			continue
		}
		if d.Side == o.Side {
			in = append(in, d.ID)
		} else {
			enemy = append(enemy, d.ID)
		}
	}
	switch o.Kind {
	case ObjReach:
		if o.reached {
			return o.Each, "reached"
		}
		return 0, "not reached"
	case ObjHold:
		switch {
		case len(in) > 0 && len(enemy) == 0:
			return o.Each, "held by " + strings.Join(in, ", ")
		case len(in) > 0:
			return 0, "contested by " + strings.Join(enemy, ", ")
		}
		return 0, "not held"
	}
	if len(in) == 0 {
		return 0, "none at the edge"
	}
	return o.Each * len(in), "at the edge: " + strings.Join(in, ", ")
}

// detIn reports whether detachment d stands where o asks: a base of its footprint within the
// radius of the point, over the area, or within an inch of the edge.
func (g *Game) detIn(d *Detachment, o *Objective) bool {
	for _, b := range g.Footprint(d) {
		switch {
		case o.Kind == ObjEdge:
			for _, p := range b {
				if g.nearEdge(p, o.Edge, Inch(1, 0).X) {
					return true
				}
			}
		case o.Area != "":
			if f := g.feature(o.Area); f != nil && overlapsArea(&b, f.Area) {
				return true
			}
		default:
			c := Point{(b[0].X + b[2].X) / 2, (b[0].Y + b[2].Y) / 2}
			if c.Dist(o.At) <= o.Within {
				return true
			}
		}
	}
	return false
}

// nearEdge reports whether p is within r of the table's edge e.
func (g *Game) nearEdge(p Point, e string, r float64) bool {
	switch e {
	case "north":
		return p.Y >= g.Table.Height-r
	case "south":
		return p.Y <= r
	case "east":
		return p.X >= g.Table.Width-r
	case "west":
		return p.X <= r
	}
	return false
}

// feature is the terrain feature with id, or nil.
func (g *Game) feature(id string) *Feature {
	for i := range g.Table.Features {
		if g.Table.Features[i].ID == id {
			return &g.Table.Features[i]
		}
	}
	return nil
}

// DescribeObjective says what o asks, in players' words.
func (g *Game) DescribeObjective(o *Objective) string {
	each := fmt.Sprintf("%d", o.Each)
	if !o.EachSet {
		each += " [default]"
	}
	var what string
	switch {
	case o.Kind == ObjEdge:
		what = fmt.Sprintf("reach the %s edge (%s a detachment)", o.Edge, each)
	case o.Area != "":
		what = fmt.Sprintf("%s %s (%s)", map[ObjectiveKind]string{ObjReach: "reach", ObjHold: "hold"}[o.Kind], o.Area, each)
	default:
		x, y := o.At.Inches()
		what = fmt.Sprintf("%s within %.3g\" of %.4g,%.4g (%s)", map[ObjectiveKind]string{ObjReach: "reach", ObjHold: "hold"}[o.Kind], o.Within/Inch(1, 0).X, x, y, each)
	}
	if o.By > 0 {
		what += fmt.Sprintf(" by the end of turn %d", o.By)
	}
	return what
}

// cloneObjectives is a copy of os.
func cloneObjectives(os []Objective) []Objective {
	if os == nil {
		return nil
	}
	return append([]Objective(nil), os...)
}
