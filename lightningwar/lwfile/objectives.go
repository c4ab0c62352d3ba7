package lwfile

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// readObjectives reads `objectives:`, what each side is to do on the table, and gives them to
// g: each item a side and one of reach: or hold: (a place: {at: X,Y, within: R} in inches, R
// 2 by default, or {area: ID}, a terrain feature) or edge: (north, east, south, west), with
// points: and by: (a turn).
func (r *reader) readObjectives(n *yaml.Node, g *lw.Game) error {
	items, err := r.List(n, "objectives")
	if err != nil {
		return err
	}
	if err := r.CapList(n, "objectives", rules.LimitUnits, "objectives"); err != nil {
		return err
	}
	for k, it := range items {
		field := fmt.Sprintf("objectives[%d]", k)
		fs, err := r.Fields(it, field, "side", "reach", "hold", "edge", "points", "by")
		if err != nil {
			return err
		}
		get := map[string]scenario.KV{}
		for _, f := range fs {
			get[f.Key] = f
		}
		o, err := r.readObjective(it, field, get, g)
		if err != nil {
			return err
		}
		g.AddObjective(o)
	}
	return nil
}

// readObjective reads one objective's fields.
func (r *reader) readObjective(it *yaml.Node, field string, get map[string]scenario.KV, g *lw.Game) (lw.Objective, error) {
	o := lw.Objective{Each: 1, Within: lw.Inch(2, 0).X}
	sf, ok := get["side"]
	if !ok {
		return o, r.Errf(it, field+".side", "missing: whose objective it is")
	}
	side, err := r.Str(sf.V, field+".side")
	if err != nil {
		return o, err
	}
	if !scenario.Contains(g.Sides, side) {
		return o, r.Errf(sf.V, field+".side", "%q is not a side of this scenario (%v)", side, g.Sides)
	}
	o.Side = side
	var kinds []string
	for _, k := range []string{"reach", "hold", "edge"} {
		if _, ok := get[k]; ok {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		return o, r.Errf(it, field, "an objective asks one thing: reach, hold or edge (found %d)", len(kinds))
	}
	wf := field + "." + kinds[0]
	what := get[kinds[0]]
	switch kinds[0] {
	case "edge":
		o.Kind = lw.ObjEdge
		if o.Edge, err = r.Str(what.V, wf); err != nil {
			return o, err
		}
		if o.Edge != "north" && o.Edge != "east" && o.Edge != "south" && o.Edge != "west" {
			return o, r.Errf(what.V, wf, "expected a table edge: north, east, south or west, found %q", o.Edge)
		}
	default:
		o.Kind = map[string]lw.ObjectiveKind{"reach": lw.ObjReach, "hold": lw.ObjHold}[kinds[0]]
		if err := r.readPlace(what.V, wf, g, &o); err != nil {
			return o, err
		}
	}
	if f, ok := get["points"]; ok {
		if o.Each, err = r.Integer(f.V, field+".points", 0, 1000); err != nil {
			return o, err
		}
		o.EachSet = true
	}
	if f, ok := get["by"]; ok {
		if o.By, err = r.Integer(f.V, field+".by", 1, 1000); err != nil {
			return o, err
		}
		if o.By < g.Turn {
			return o, r.Errf(f.V, field+".by", "turn %d has passed: the scenario begins in turn %d", o.By, g.Turn)
		}
	}
	return o, nil
}

// readPlace reads a place to reach or hold: {at: X,Y, within: R} or {area: ID}.
func (r *reader) readPlace(n *yaml.Node, field string, g *lw.Game, o *lw.Objective) error {
	fs, err := r.Fields(n, field, "at", "within", "area")
	if err != nil {
		return err
	}
	got := map[string]scenario.KV{}
	for _, f := range fs {
		got[f.Key] = f
	}
	if f, ok := got["area"]; ok {
		if _, at := got["at"]; at {
			return r.Errf(n, field, "a place is a point (at:) or an area (area:), not both")
		}
		if o.Area, err = r.Str(f.V, field+".area"); err != nil {
			return err
		}
		for _, ft := range g.Table.Features {
			if ft.ID == o.Area {
				return nil
			}
		}
		return r.Errf(f.V, field+".area", "no area %q on the table", o.Area)
	}
	f, ok := got["at"]
	if !ok {
		return r.Errf(n, field, "a place is {at: X,Y, within: R} (inches) or {area: ID}")
	}
	if o.At, err = r.point(f.V, field+".at"); err != nil {
		return err
	}
	if o.At.X < 0 || o.At.Y < 0 || o.At.X > g.Table.Width || o.At.Y > g.Table.Height {
		return r.Errf(f.V, field+".at", "%v is off the table", o.At)
	}
	if w, ok := got["within"]; ok {
		if o.Within, err = r.inches(w.V, field+".within", 0.1, 1000); err != nil {
			return err
		}
	}
	return nil
}
