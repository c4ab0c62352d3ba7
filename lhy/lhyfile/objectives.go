package lhyfile

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
)

// readObjectives reads `objectives:`, what each side is to do, and gives them to g: each item
// a side and one of clear: or hold: (hexes) or eliminate: (enemy unit ids, or all), with
// points: and by: (a turn).
func (r *reader) readObjectives(n *yaml.Node, g *lhy.Game) error {
	items, err := r.List(n, "objectives")
	if err != nil {
		return err
	}
	if err := r.CapList(n, "objectives", rules.LimitUnits, "objectives"); err != nil {
		return err
	}
	var sides []string
	for i := range g.Units {
		sides = rules.Cite(sides, g.Units[i].Side)
	}
	for k, it := range items {
		field := fmt.Sprintf("objectives[%d]", k)
		fs, err := r.Fields(it, field, "side", "clear", "hold", "eliminate", "points", "by")
		if err != nil {
			return err
		}
		get := map[string]scenario.KV{}
		for _, f := range fs {
			get[f.Key] = f
		}
		o := lhy.Objective{Each: 1}
		sf, ok := get["side"]
		if !ok {
			return r.Errf(it, field+".side", "missing: whose objective it is")
		}
		if o.Side, err = r.Str(sf.V, field+".side"); err != nil {
			return err
		}
		if !scenario.Contains(sides, o.Side) {
			return r.Errf(sf.V, field+".side", "%q has no units (the sides are %v)", o.Side, sides)
		}
		var kinds []string
		for _, k := range []string{"clear", "hold", "eliminate"} {
			if _, ok := get[k]; ok {
				kinds = append(kinds, k)
			}
		}
		if len(kinds) != 1 {
			return r.Errf(it, field, "an objective asks one thing: clear, hold or eliminate (found %d)", len(kinds))
		}
		what, wf := get[kinds[0]], field+"."+kinds[0]
		switch kinds[0] {
		case "eliminate":
			o.Kind = lhy.ObjEliminate
			if v := scenario.Deref(what.V); !(v.Kind == yaml.ScalarNode && v.Value == "all") {
				ids, nodes, err := r.StrList(what.V, wf)
				if err != nil {
					return err
				}
				for j, id := range ids {
					i, ok := g.Unit(id)
					if !ok || g.Units[i].Side == o.Side {
						return r.Errf(nodes[j], wf, "%q is no enemy unit of %s", id, o.Side)
					}
				}
				o.Units = ids
			}
		default:
			o.Kind = map[string]lhy.ObjectiveKind{"clear": lhy.ObjClear, "hold": lhy.ObjHold}[kinds[0]]
			names, nodes, err := r.StrList(what.V, wf)
			if err != nil {
				return err
			}
			if len(names) == 0 {
				return r.Errf(what.V, wf, "expected at least one hex")
			}
			for j, s := range names {
				h, perr := g.Map.Parse(s)
				if perr != nil {
					return r.Errf(nodes[j], wf, "%v", perr)
				}
				o.Hexes = append(o.Hexes, h)
			}
		}
		if f, ok := get["points"]; ok {
			if o.Each, err = r.Integer(f.V, field+".points", 0, 1000); err != nil {
				return err
			}
			o.EachSet = true
		}
		if f, ok := get["by"]; ok {
			if o.By, err = r.Integer(f.V, field+".by", 1, 1000); err != nil {
				return err
			}
		}
		g.AddObjective(o)
	}
	return nil
}
