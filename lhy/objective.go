package lhy

import (
	"fmt"
	"strings"

	"github.com/umpire-referee/umpire/objective"
)

// Objectives: what a scenario sets a side to do, scored in points. Three kinds (the scenario
// file's `objectives:`):
//
//   - Clear: each listed hex with no enemy unit in it (eliminated units are off the map).
//   - Hold: each listed hex with a unit of the side in it and no enemy unit.
//   - Eliminate: each listed enemy unit (or, none listed, each enemy unit) eliminated.
//
// By gives a deadline: the end of that turn (the `turn` step that begins the next). The
// objective is judged then and keeps that score whatever happens after; with no deadline it
// is judged as things stand. Every turn's end passes through [Game.closeObjectives].

// ObjectiveKind is what an objective asks.
type ObjectiveKind uint8

// The kinds of objective.
const (
	ObjClear ObjectiveKind = iota
	ObjHold
	ObjEliminate
)

// Objective is one objective of a side, and how it stands.
type Objective struct {
	Side    string
	Kind    ObjectiveKind
	Hexes   []Hex    // clear, hold
	Units   []string // eliminate: the enemy units (none: every enemy unit)
	Each    int      // the points a hex or a unit scores
	EachSet bool     // Each was written (else it is the default, 1)
	By      int      // the turn by whose end it is judged; 0: the whole game

	verdict objective.Verdict // judged for good when its deadline passed
}

// AddObjective gives the game an objective (at its setup).
func (g *Game) AddObjective(o Objective) { g.Objectives = append(g.Objectives, o) }

// closeObjectives judges, for good, each objective whose deadline is the turn now ending.
func (g *Game) closeObjectives() {
	for k := range g.Objectives {
		if o := &g.Objectives[k]; o.By > 0 && g.Turn >= o.By {
			o.verdict.Close(func() (int, string) { return g.judge(o) })
		}
	}
}

// Status is how objective k stands.
func (g *Game) Status(k int) objective.Status {
	o := &g.Objectives[k]
	most := o.Each * len(o.Hexes)
	if o.Kind == ObjEliminate {
		most = o.Each * len(g.targets(o))
	}
	return o.verdict.Now(most, func() (int, string) { return g.judge(o) })
}

// targets are the units an eliminate objective counts.
func (g *Game) targets(o *Objective) []*Unit {
	var out []*Unit
	for i := range g.Units {
		u := &g.Units[i]
		if u.Side == o.Side {
			continue
		}
		if len(o.Units) == 0 {
			out = append(out, u)
			continue
		}
		for _, id := range o.Units {
			if id == u.ID {
				out = append(out, u)
			}
		}
	}
	return out
}

// judge scores o as the game stands, and says why.
func (g *Game) judge(o *Objective) (int, string) {
	var got, missed []string
	if o.Kind == ObjEliminate {
		for _, u := range g.targets(o) {
			if u.Eliminated {
				got = append(got, u.ID)
			} else {
				missed = append(missed, u.ID)
			}
		}
		return o.Each * len(got), objective.Found("eliminated", got, missed)
	}
	for _, h := range o.Hexes {
		own, enemy := false, false
		for i := range g.Units {
			u := &g.Units[i]
			if u.Eliminated || u.At != h {
				continue
			}
			if u.Side == o.Side {
				own = true
			} else {
				enemy = true
			}
		}
		if !enemy && (own || o.Kind == ObjClear) {
			got = append(got, g.Map.Name(h))
		} else {
			missed = append(missed, g.Map.Name(h))
		}
	}
	return o.Each * len(got), objective.Found(map[ObjectiveKind]string{ObjClear: "clear", ObjHold: "held"}[o.Kind], got, missed)
}

// DescribeObjective says what o asks, in players' words.
func (g *Game) DescribeObjective(o *Objective) string {
	each := fmt.Sprintf("%d", o.Each)
	if !o.EachSet {
		each += " [default]"
	}
	var hexes []string
	for _, h := range o.Hexes {
		hexes = append(hexes, g.Map.Name(h))
	}
	var what string
	switch o.Kind {
	case ObjClear:
		what = fmt.Sprintf("clear %s of the enemy (%s a hex)", strings.Join(hexes, ", "), each)
	case ObjHold:
		what = fmt.Sprintf("hold %s (%s a hex)", strings.Join(hexes, ", "), each)
	default:
		who := "the enemy's units"
		if len(o.Units) > 0 {
			who = strings.Join(o.Units, ", ")
		}
		what = fmt.Sprintf("eliminate %s (%s a unit)", who, each)
	}
	if o.By > 0 {
		what += fmt.Sprintf(" by the end of turn %d", o.By)
	}
	return what
}
