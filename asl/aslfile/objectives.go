package aslfile

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// objectiveFields are the keys of one objective: its side, exactly one of what it asks (exit,
// reach, hold, mobile), and the points, units and deadline.
var objectiveFields = []string{"side", "exit", "reach", "hold", "mobile", "points", "units", "by"}

// maxPoints bounds a points value: a scenario card's count, not a number to overflow a sum.
const maxPoints = 1000

// readObjectives reads `objectives:`, a list of what each side is to do, and gives them to g.
func (r *reader) readObjectives(n *yaml.Node, g *asl.Game) error {
	items, err := r.List(n, "objectives")
	if err != nil {
		return err
	}
	if err := r.CapList(n, "objectives", rules.LimitUnits, "objectives"); err != nil {
		return err
	}
	sides := unitSides(g.Units)
	for k, it := range items {
		field := fmt.Sprintf("objectives[%d]", k)
		fs, err := r.Fields(it, field, objectiveFields...)
		if err != nil {
			return err
		}
		get := map[string]scenario.KV{}
		for _, f := range fs {
			get[f.Key] = f
		}
		o, err := r.readObjective(it, field, get, g, sides)
		if err != nil {
			return err
		}
		g.AddObjective(o)
	}
	return nil
}

// readObjective reads one objective's fields (get) against game g's units and map.
func (r *reader) readObjective(it *yaml.Node, field string, get map[string]scenario.KV, g *asl.Game, sides []string) (asl.Objective, error) {
	var o asl.Objective
	sf, ok := get["side"]
	if !ok {
		return o, r.Errf(it, field+".side", "missing: whose objective it is (%s)", joinSides(sides))
	}
	side, err := r.Str(sf.V, field+".side")
	if err != nil {
		return o, err
	}
	if !scenario.Contains(sides, side) {
		return o, r.Errf(sf.V, field+".side", "%q has no units (the sides are %s)", side, joinSides(sides))
	}
	o.Side = side
	var kinds []string
	for _, k := range []string{"exit", "reach", "hold", "mobile"} {
		if _, ok := get[k]; ok {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		return o, r.Errf(it, field, "an objective asks one thing: exit, reach, hold or mobile (found %d)", len(kinds))
	}
	what := get[kinds[0]]
	wf := field + "." + kinds[0]
	switch kinds[0] {
	case "exit":
		o.Kind = asl.ObjExit
		if v := scenario.Deref(what.V); v.Kind == yaml.ScalarNode {
			e, ok := asl.ParseEdge(v.Value)
			if !ok {
				return o, r.Errf(v, wf, "expected a board edge (north, east, south, west) or a list of hexes, found %q", v.Value)
			}
			o.Edge = e
		} else if o.Hexes, err = r.hexList(what.V, wf, g.Map.Layout); err != nil {
			return o, err
		}
	case "reach", "hold":
		o.Kind = map[string]asl.ObjectiveKind{"reach": asl.ObjReach, "hold": asl.ObjHold}[kinds[0]]
		if o.Hexes, err = r.hexList(what.V, wf, g.Map.Layout); err != nil {
			return o, err
		}
	case "mobile":
		o.Kind = asl.ObjMobile
		if v := scenario.Deref(what.V); !(v.Kind == yaml.ScalarNode && v.Value == "all") {
			if o.Units, err = r.sideUnits(what.V, wf, g, side, true); err != nil {
				return o, err
			}
		}
	}
	if f, ok := get["units"]; ok {
		if o.Kind == asl.ObjHold || o.Kind == asl.ObjMobile {
			return o, r.Errf(f.K, field+".units", "%s counts every unit of the side; units: is for exit and reach", kinds[0])
		}
		if o.Units, err = r.sideUnits(f.V, field+".units", g, side, false); err != nil {
			return o, err
		}
	}
	o.Each = 1
	if f, ok := get["points"]; ok {
		if err := r.readPoints(f.V, field+".points", g, side, &o); err != nil {
			return o, err
		}
	}
	if f, ok := get["by"]; ok {
		if o.By, err = r.Integer(f.V, field+".by", 1, 1000); err != nil {
			return o, err
		}
	}
	return o, nil
}

// hexList reads a list of hexes of the layout.
func (r *reader) hexList(n *yaml.Node, field string, lay *hex.Layout) ([]hex.Hex, error) {
	names, nodes, err := r.StrList(n, field)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, r.Errf(n, field, "expected at least one hex")
	}
	out := make([]hex.Hex, len(names))
	for i, s := range names {
		h, perr := lay.Parse(s)
		if perr != nil {
			return nil, r.Errf(nodes[i], field, "%v", perr)
		}
		out[i] = h
	}
	return out, nil
}

// sideUnits reads a list of unit ids of side (vehicles only, if vehicles) as indexes.
func (r *reader) sideUnits(n *yaml.Node, field string, g *asl.Game, side string, vehicles bool) ([]int, error) {
	ids, nodes, err := r.StrList(n, field)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, r.Errf(n, field, "expected at least one unit")
	}
	out := make([]int, len(ids))
	for k, id := range ids {
		i, ok := g.Unit(id)
		switch {
		case !ok:
			return nil, r.Errf(nodes[k], field, "no unit %q", id)
		case g.Units[i].Side != side:
			return nil, r.Errf(nodes[k], field, "%s is %s's, not %s's", id, g.Units[i].Side, side)
		case vehicles && g.Units[i].V.Class >= asl.Infantry:
			return nil, r.Errf(nodes[k], field, "%s is %s: only a vehicle is Mobile or not", id, g.Units[i].V.Class.A())
		}
		out[k] = i
	}
	return out, nil
}

// readPoints reads points: a number each (a unit exited or kept Mobile, a hex reached or held),
// or, for units, a mapping of unit ids to points with `others:` for the rest.
func (r *reader) readPoints(n *yaml.Node, field string, g *asl.Game, side string, o *asl.Objective) error {
	v := scenario.Deref(n)
	if v.Kind == yaml.ScalarNode {
		p, err := r.Integer(v, field, 0, maxPoints)
		o.Each, o.EachSet = p, true
		return err
	}
	if o.Kind == asl.ObjReach || o.Kind == asl.ObjHold {
		return r.Errf(v, field, "a hex's points are one number: points per unit are for exit and mobile")
	}
	fs, err := r.Fields(v, field)
	if err != nil {
		return err
	}
	o.Points = map[int]int{}
	for _, f := range fs {
		p, err := r.Integer(f.V, field+"."+f.Key, 0, maxPoints)
		if err != nil {
			return err
		}
		if f.Key == "others" {
			o.Each, o.EachSet = p, true
			continue
		}
		i, ok := g.Unit(f.Key)
		if !ok || g.Units[i].Side != side {
			return r.Errf(f.K, field, "%q is no unit of %s (a unit's id, or others:)", f.Key, side)
		}
		o.Points[i] = p
	}
	return nil
}

// joinSides lists sides for a message.
func joinSides(sides []string) string {
	out := ""
	for i, s := range sides {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
