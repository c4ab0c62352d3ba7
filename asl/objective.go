package asl

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/objective"
)

// Objectives: what a scenario sets a side to do, scored in points as a scenario card counts
// them. Four kinds (the scenario file's `objectives:`):
//
//   - Exit: the side's units leave the map across a board edge, or from listed hexes, each
//     scoring its points (a scenario card's exit Victory Points: the file says how many per
//     unit; the project's default is 1 a unit, and says so).
//   - Reach: a unit of the side stands in a listed hex at the end of a step: each hex reached
//     scores once, for good.
//   - Hold: at the end of the deadline's MPh (or as things stand, while the game goes on), a
//     hex with a unit of the side and none of the enemy's, not Destroyed, scores.
//   - Mobile: a listed vehicle neither Destroyed nor Immobilized (nor Bogged) scores.
//
// By gives a deadline: the side's Nth MPh of the game (the scenario's first MPh counts if the
// side is phasing at the start). When that MPh ends (another phase begins) the objective is
// judged and stands, whatever happens after; with no deadline it is judged as things stand.
// Every accepted line passes through [Game.tally], and every change of phase through
// [Game.closeObjectives]: no step scores an objective any other way.

// ObjectiveKind is what an objective asks.
type ObjectiveKind uint8

// The kinds of objective.
const (
	ObjExit ObjectiveKind = iota
	ObjReach
	ObjHold
	ObjMobile
)

func (k ObjectiveKind) String() string {
	return [...]string{"exit", "reach", "hold", "mobile"}[k]
}

// Edge is a board edge of the whole map.
type Edge uint8

// The edges; EdgeNone: an exit from listed hexes.
const (
	EdgeNone Edge = iota
	EdgeNorth
	EdgeEast
	EdgeSouth
	EdgeWest
)

func (e Edge) String() string { return [...]string{"", "north", "east", "south", "west"}[e] }

// ParseEdge reads north, east, south or west.
func ParseEdge(s string) (Edge, bool) {
	for e := EdgeNorth; e <= EdgeWest; e++ {
		if strings.EqualFold(s, e.String()) {
			return e, true
		}
	}
	return EdgeNone, false
}

// Objective is one objective of a side, and how it stands.
type Objective struct {
	Side  string
	Kind  ObjectiveKind
	Edge  Edge      // an exit's edge (EdgeNone: its Hexes)
	Hexes []hex.Hex // an exit's hexes left from, or the hexes to reach or hold
	// Units are the units that count (indexes into Game.Units); none: every unit of the side.
	Units []int
	// Each is the points a unit (exit, mobile) or a hex (reach, hold) scores; Points overrides
	// it for a unit by index (an exit's points a unit).
	Each    int
	Points  map[int]int
	EachSet bool // Each was written (else it is the default, 1)
	By      int  // the side's MPh by whose end it is judged; 0: the whole game

	mphs    int               // the side's MPhs begun
	verdict objective.Verdict // judged for good when its deadline passed
	reached []bool            // Reach: each hex reached
}

// AddObjective gives the game an objective (at its setup): the side's MPh now going on counts
// as its first.
func (g *Game) AddObjective(o Objective) {
	if o.Side == g.Phasing {
		o.mphs = 1
	}
	if o.Kind == ObjReach {
		o.reached = make([]bool, len(o.Hexes))
	}
	g.Objectives = append(g.Objectives, o)
	g.tally()
}

// Counts reports whether unit i of g counts for objective o: a unit of its side, one of its
// Units if it names any.
func (o *Objective) Counts(g *Game, i int) bool {
	if g.Units[i].Side != o.Side {
		return false
	}
	if len(o.Units) == 0 {
		return true
	}
	for _, j := range o.Units {
		if j == i {
			return true
		}
	}
	return false
}

// PointsOf is what unit i scores for o: its own points if o gives it some, else Each.
func (o *Objective) PointsOf(i int) int {
	if p, ok := o.Points[i]; ok {
		return p
	}
	return o.Each
}

// Reached reports whether the side has reached o's hex Hexes[h] (a reach objective), for good.
func (o *Objective) Reached(h int) bool { return h < len(o.reached) && o.reached[h] }

// tally notes what the game now shows for the open objectives: the hexes reached.
func (g *Game) tally() {
	for k := range g.Objectives {
		o := &g.Objectives[k]
		if o.verdict.Closed || o.Kind != ObjReach {
			continue
		}
		for i := range g.Units {
			u := &g.Units[i]
			if !o.Counts(g, i) || u.Destroyed || u.Pos.Offboard {
				continue
			}
			for h, x := range o.Hexes {
				if u.Pos.Hex == x {
					o.reached[h] = true
				}
			}
		}
	}
}

// closeObjectives judges, for good, each objective whose deadline is the MPh now ending; then
// the side about to begin an MPh counts it (side "" when no MPh begins: an APh).
func (g *Game) closeObjectives(side string) {
	for k := range g.Objectives {
		o := &g.Objectives[k]
		if o.By > 0 && o.Side == g.Phasing && g.Phase == PhaseMPh && o.mphs >= o.By {
			o.verdict.Close(func() (int, string) { return g.judge(o) })
		}
		if side != "" && o.Side == side {
			o.mphs++
		}
	}
}

// Status is how objective k stands.
func (g *Game) Status(k int) objective.Status {
	o := &g.Objectives[k]
	return o.verdict.Now(g.maxOf(o), func() (int, string) { return g.judge(o) })
}

// maxOf is the most o can score.
func (g *Game) maxOf(o *Objective) int {
	switch o.Kind {
	case ObjReach, ObjHold:
		return o.Each * len(o.Hexes)
	}
	n := 0
	for i := range g.Units {
		if o.Counts(g, i) && (o.Kind == ObjExit || g.Units[i].V.Class < Infantry) {
			n += o.PointsOf(i)
		}
	}
	return n
}

// judge scores o as the game stands, and says why in players' words.
func (g *Game) judge(o *Objective) (int, string) {
	lay := g.Map.Layout
	var got, missed []string
	score := 0
	switch o.Kind {
	case ObjExit:
		for i := range g.Units {
			u := &g.Units[i]
			if !o.Counts(g, i) {
				continue
			}
			if u.Exited && !u.Destroyed && g.exitCounts(o, u) {
				score += o.PointsOf(i)
				got = append(got, fmt.Sprintf("%s exited from %s (%d)", u.ID, lay.Name(u.ExitHex), o.PointsOf(i)))
			} else {
				missed = append(missed, u.ID)
			}
		}
	case ObjReach:
		for h, x := range o.Hexes {
			if o.reached[h] {
				score += o.Each
				got = append(got, lay.Name(x))
			} else {
				missed = append(missed, lay.Name(x))
			}
		}
	case ObjHold:
		for _, x := range o.Hexes {
			if g.holds(o.Side, x) {
				score += o.Each
				got = append(got, lay.Name(x))
			} else {
				missed = append(missed, lay.Name(x))
			}
		}
	case ObjMobile:
		for i := range g.Units {
			u := &g.Units[i]
			if !o.Counts(g, i) || u.V.Class >= Infantry {
				continue
			}
			if !u.Destroyed && u.Immobile == Mobile {
				score += o.PointsOf(i)
				got = append(got, u.ID)
			} else {
				missed = append(missed, u.ID)
			}
		}
	}
	return score, objective.Found(map[ObjectiveKind]string{ObjReach: "reached", ObjHold: "held", ObjMobile: "Mobile"}[o.Kind], got, missed)
}

// exitCounts reports whether u's exit is one o asks for: across its edge, or from its hexes.
func (g *Game) exitCounts(o *Objective, u *Unit) bool {
	if o.Edge == EdgeNone {
		for _, x := range o.Hexes {
			if u.ExitHex == x {
				return true
			}
		}
		return false
	}
	return g.EdgeOf(u.Pos.Hex) == o.Edge
}

// EdgeOf is the board edge an off-map hex lies beyond (EdgeNone for a hex on the map). Beyond a
// corner the east or west edge is named.
func (g *Game) EdgeOf(h hex.Hex) Edge {
	lay := g.Map.Layout
	switch {
	case lay.Contains(h):
		return EdgeNone
	case h.X < 0:
		return EdgeWest
	case int(h.X) >= lay.Width():
		return EdgeEast
	case h.Y < 0:
		return EdgeNorth
	}
	return EdgeSouth
}

// holds reports whether side holds hex x: a unit of its own there and none of the enemy's (a
// Destroyed unit holds nothing; a unit in Bypass of the hex stands in it).
func (g *Game) holds(side string, x hex.Hex) bool {
	own := false
	for i := range g.Units {
		u := &g.Units[i]
		if u.Destroyed || u.Pos.Offboard || u.Pos.Hex != x {
			continue
		}
		if u.Side != side {
			return false
		}
		own = true
	}
	return own
}

// DescribeObjective says what o asks, in players' words: "exit off the east edge (1 a unit [default])".
func (g *Game) DescribeObjective(o *Objective) string {
	lay := g.Map.Layout
	hexes := func() string {
		var s []string
		for _, x := range o.Hexes {
			s = append(s, lay.Name(x))
		}
		return strings.Join(s, ", ")
	}
	each := func(a string) string {
		s := fmt.Sprintf("%d a %s", o.Each, a)
		for _, i := range slices.Sorted(maps.Keys(o.Points)) {
			s += fmt.Sprintf(", %s %d", g.Units[i].ID, o.Points[i])
		}
		if !o.EachSet {
			s += " [default]"
		}
		return "(" + s + ")"
	}
	var what string
	switch o.Kind {
	case ObjExit:
		where := "off the " + o.Edge.String() + " edge"
		if o.Edge == EdgeNone {
			where = "from " + hexes()
		}
		what = fmt.Sprintf("exit %s %s %s", g.objectiveUnits(o), where, each("unit"))
	case ObjReach:
		what = fmt.Sprintf("reach %s with %s %s", hexes(), g.objectiveUnits(o), each("hex"))
	case ObjHold:
		what = fmt.Sprintf("hold %s %s", hexes(), each("hex"))
	case ObjMobile:
		what = fmt.Sprintf("keep %s Mobile %s", g.objectiveUnits(o), each("vehicle"))
	}
	if o.By > 0 {
		what += fmt.Sprintf(" by the end of %s's MPh %d", o.Side, o.By)
	}
	return what
}

// objectiveUnits names the units o counts: "PzIV, T2", or "its units".
func (g *Game) objectiveUnits(o *Objective) string {
	if len(o.Units) == 0 {
		if o.Kind == ObjMobile {
			return "its vehicles"
		}
		return "its units"
	}
	var s []string
	for _, i := range o.Units {
		s = append(s, g.Units[i].ID)
	}
	return strings.Join(s, ", ")
}

// cloneObjectives is a deep copy of os.
func cloneObjectives(os []Objective) []Objective {
	if os == nil {
		return nil
	}
	out := append([]Objective(nil), os...)
	for k := range out {
		out[k].reached = append([]bool(nil), os[k].reached...)
	}
	return out
}
