package aslfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
	"go.yaml.in/yaml/v3"
)

var mapFields = []string{"boards", "rows", "terrain", "levels", "roads", "walls", "hedges", "novbm", "wrecks", "vehicles", "smoke", "blaze", "roadblocks", "bypass_wrecks", "los", "mud", "wire",
	"paths", "bocage", "cliffs", "abrupt", "trailbreaks", "wrecks_below", "conditions", "grain"}

// readMap reads map: the boards, then the hexes' terrain and levels, the hexside lists, the
// markers (wreck and vehicle counts, smoke, blaze, wire), mud, and the LOS overrides, in that
// order.
func (r *reader) readMap(n *yaml.Node) (*asl.Map, error) {
	if err := r.NoStore(n, "map"); err != nil {
		return nil, err
	}
	fs, err := r.Fields(n, "map", mapFields...)
	if err != nil {
		return nil, err
	}
	get := map[string]scenario.KV{}
	for _, f := range fs {
		get[f.Key] = f
	}
	lay, err := r.readBoards(n, get)
	if err != nil {
		return nil, err
	}
	m := asl.NewMap(lay)
	if f, ok := get["terrain"]; ok {
		if err := r.readTerrain(f.V, m); err != nil {
			return nil, err
		}
	}
	if f, ok := get["levels"]; ok {
		if err := r.readLevels(f.V, m); err != nil {
			return nil, err
		}
	}
	if err := r.readHexsideLists(get, m); err != nil {
		return nil, err
	}
	if err := r.readMarkers(get, m); err != nil {
		return nil, err
	}
	if err := r.readConditions(get, m); err != nil {
		return nil, err
	}
	if f, ok := get["los"]; ok {
		if err := r.readLOS(f.V, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// ReadMap reads a saved map: the YAML of a scenario file's map: object, read as Load reads
// map: (its errors name the same fields: map.terrain, map.roads, ...), with the warnings of
// fields it did not know. It gives the map back canonical (block style), as the store keeps it.
func ReadMap(name string, data []byte) (m *asl.Map, canon []byte, warnings []string, err error) {
	return ReadMapLimited(name, data, rules.Limits{})
}

// ReadMapLimited is ReadMap under lim (see rules.Limits): the boards and the layout's hexes
// are counted before the map is made.
func ReadMapLimited(name string, data []byte, lim rules.Limits) (m *asl.Map, canon []byte, warnings []string, err error) {
	defer scenario.Recover(name, &err)
	r := &reader{scenario.NewReader(name)}
	r.Limits, r.Subject = lim, "the map"
	root, canon, err := r.Canonical(data, "map") // every value checked by rules.CheckText
	if err != nil {
		return nil, nil, nil, err
	}
	if m, err = r.readMap(root); err != nil {
		return nil, nil, nil, err
	}
	return m, canon, r.Warnings, nil
}

// readConditions reads the map-wide facts: conditions (dry, mud, snow, deep snow; mud: true
// is conditions: mud) and the grain season (in season, out of season).
func (r *reader) readConditions(get map[string]scenario.KV, m *asl.Map) error {
	if f, ok := get["mud"]; ok {
		mud, err := r.Boolean(f.V, "map.mud")
		if err != nil {
			return err
		}
		if mud {
			m.Conditions = asl.Mud
		}
	}
	if f, ok := get["conditions"]; ok {
		if _, both := get["mud"]; both {
			return r.Errf(f.K, "map.conditions", "give conditions or mud, not both")
		}
		s, err := r.Str(f.V, "map.conditions")
		if err != nil {
			return err
		}
		if m.Conditions, err = asl.ParseConditions(s); err != nil {
			return r.Errf(f.V, "map.conditions", "%v", err)
		}
	}
	if f, ok := get["grain"]; ok {
		s, err := r.Str(f.V, "map.grain")
		if err != nil {
			return err
		}
		switch strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, "_", " "))), " ") {
		case "in season":
			m.GrainOutOfSeason = false
		case "out of season":
			m.GrainOutOfSeason = true
		default:
			return r.Errf(f.V, "map.grain", "%q: write \"in season\" (April to September) or \"out of season\"", s)
		}
	}
	return nil
}

// readBoards reads map.boards (one row of boards) or map.rows (several) into the map's layout.
// n is the map, for the error when neither is given.
func (r *reader) readBoards(n *yaml.Node, get map[string]scenario.KV) (*hex.Layout, error) {
	var rows [][]string
	if f, ok := get["boards"]; ok {
		bs, _, err := r.StrList(f.V, "map.boards")
		if err != nil {
			return nil, err
		}
		rows = append(rows, bs)
	}
	if f, ok := get["rows"]; ok {
		if rows != nil {
			return nil, r.Errf(f.K, "map.rows", "give boards (one row) or rows (several), not both")
		}
		items, err := r.List(f.V, "map.rows")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			bs, _, err := r.StrList(it, "map.rows")
			if err != nil {
				return nil, err
			}
			rows = append(rows, bs)
		}
	}
	if rows == nil {
		return nil, r.Errf(n, "map.boards", "missing: name the boards, like boards: [\"2\"]")
	}
	boards := 0
	for _, row := range rows {
		boards += len(row)
	}
	if err := r.Cap(n, "map.boards", rules.LimitBoards, boards, "%s names %d boards", r.TheFile(), boards); err != nil {
		return nil, err
	}
	lay, err := hex.NewLayout(rows)
	if err != nil {
		return nil, r.Errf(n, "map.boards", "%v", err)
	}
	if err := r.Cap(n, "map.boards", rules.LimitHexes, lay.Size(), "%s's layout of %d boards in %d rows is %d x %d = %d hexes",
		r.TheFile(), boards, len(rows), lay.Width(), lay.Height(), lay.Size()); err != nil {
		return nil, err
	}
	return lay, nil
}

// hexAt reads a hex id of the map, an error naming node and field if it is not one.
func (r *reader) hexAt(lay *hex.Layout, s string, node *yaml.Node, field string) (hex.Hex, error) {
	h, err := lay.Parse(s)
	if err != nil {
		return h, r.Errf(node, field, "%v", err)
	}
	return h, nil
}

// readTerrain reads map.terrain: hex -> name | {terrain, level, ground, smoke, blaze}.
func (r *reader) readTerrain(n *yaml.Node, m *asl.Map) error {
	ts, err := r.Fields(n, "map.terrain")
	if err != nil {
		return err
	}
	for _, t := range ts {
		field := "map.terrain." + t.Key
		h, err := r.hexAt(m.Layout, t.Key, t.K, field)
		if err != nil {
			return err
		}
		d := m.At(h)
		v := scenario.Deref(t.V)
		if v.Kind == yaml.ScalarNode {
			if d.Terrain, err = asl.ParseTerrain(v.Value); err != nil {
				return r.Errf(v, field, "%v", err)
			}
			continue
		}
		if err := r.readHexTerrain(v, field, d); err != nil {
			return err
		}
	}
	return nil
}

// readHexTerrain reads one hex of map.terrain written as an object: {terrain, level, ground,
// smoke, blaze}.
func (r *reader) readHexTerrain(v *yaml.Node, field string, d *asl.HexData) error {
	hf, err := r.Fields(v, field, "terrain", "level", "ground", "smoke", "blaze", "novbm", "ford", "bridge")
	if err != nil {
		return err
	}
	for _, x := range hf {
		sub := field + "." + x.Key
		switch x.Key {
		case "terrain", "ground":
			s, err := r.Str(x.V, sub)
			if err != nil {
				return err
			}
			t, perr := asl.ParseTerrain(s)
			if perr != nil {
				return r.Errf(x.V, sub, "%v", perr)
			}
			if x.Key == "terrain" {
				d.Terrain = t
			} else {
				d.Ground = t
			}
		case "level":
			lv, err := r.Integer(x.V, sub, -5, 10)
			if err != nil {
				return err
			}
			d.Level = int8(lv)
		case "smoke":
			if d.Smoke, err = r.Boolean(x.V, sub); err != nil {
				return err
			}
		case "blaze":
			if d.Blaze, err = r.Boolean(x.V, sub); err != nil {
				return err
			}
		case "bridge":
			s, err := r.Str(x.V, sub)
			if err != nil {
				return err
			}
			if d.Bridge, err = asl.ParseBridge(s); err != nil {
				return r.Errf(x.V, sub, "%v", err)
			}
		}
	}
	return r.readFord(v, hf, field, d)
}

// readFord applies a hex's ford: true, which only a deep stream may have: the hex is then a
// Ford (rules-notes 1.2).
func (r *reader) readFord(v *yaml.Node, hf []scenario.KV, field string, d *asl.HexData) error {
	for _, x := range hf {
		if x.Key != "ford" {
			continue
		}
		ford, err := r.Boolean(x.V, field+".ford")
		if err != nil || !ford {
			return err
		}
		if d.Terrain != asl.DeepStream {
			return r.Errf(x.V, field+".ford", "only a deep stream hex has a ford (this hex is %s); write {terrain: deep stream, ford: true}", d.Terrain)
		}
		d.Terrain = asl.Ford
	}
	return nil
}

// readLevels reads map.levels: hex -> level.
func (r *reader) readLevels(n *yaml.Node, m *asl.Map) error {
	ls, err := r.Fields(n, "map.levels")
	if err != nil {
		return err
	}
	for _, l := range ls {
		h, err := r.hexAt(m.Layout, l.Key, l.K, "map.levels")
		if err != nil {
			return err
		}
		lv, err := r.Integer(l.V, "map.levels."+l.Key, -5, 10)
		if err != nil {
			return err
		}
		m.At(h).Level = int8(lv)
	}
	return nil
}

// readHexsideLists reads the hexside lists in turn: roads (each may say note_d: true), walls,
// hedges, roadblocks, novbm and bypass_wrecks.
func (r *reader) readHexsideLists(get map[string]scenario.KV, m *asl.Map) error {
	if err := r.readHexsides(get, m, "roads", func(h hex.Hex, s hex.Side, o map[string]bool) error { m.SetRoad(h, s, o["note_d"]); return nil }, "note_d"); err != nil {
		return err
	}
	if err := r.readHexsides(get, m, "walls", func(h hex.Hex, s hex.Side, _ map[string]bool) error { m.SetWall(h, s); return nil }); err != nil {
		return err
	}
	if err := r.readHexsides(get, m, "hedges", func(h hex.Hex, s hex.Side, _ map[string]bool) error { m.SetHedge(h, s); return nil }); err != nil {
		return err
	}
	if err := r.readHexsides(get, m, "roadblocks", func(h hex.Hex, s hex.Side, _ map[string]bool) error { m.SetRoadblock(h, s); return nil }); err != nil {
		return err
	}
	for _, k := range []struct {
		key string
		set func(hex.Hex, hex.Side)
	}{{"paths", m.SetPath}, {"bocage", m.SetBocage}, {"cliffs", m.SetCliff}, {"abrupt", m.SetAbrupt}, {"trailbreaks", m.SetTrailbreak}} {
		if err := r.readHexsides(get, m, k.key, func(h hex.Hex, s hex.Side, _ map[string]bool) error { k.set(h, s); return nil }); err != nil {
			return err
		}
	}
	if err := r.readHexsides(get, m, "novbm", func(h hex.Hex, s hex.Side, _ map[string]bool) error { m.At(h).NoVBM |= 1 << s; return nil }); err != nil {
		return err
	}
	if err := r.readHexsides(get, m, "bypass_wrecks", func(h hex.Hex, s hex.Side, _ map[string]bool) error { m.At(h).BypassWreck |= 1 << s; return nil }); err != nil {
		return err
	}
	return nil
}

// readHexsides reads the hexside list map.<key>, if given, calling each for every hexside. An
// item is "A-B" (or a chain "A-B-C" for consecutive hexsides along a path), or {hexside: ...}
// / {path: ...} with the boolean options optNames. A road's path may begin or end with "edge":
// the board-edge hexside of its first (last) hex (edgeHexside; only roads run off the board,
// rules-notes 1.5 #12).
func (r *reader) readHexsides(get map[string]scenario.KV, m *asl.Map, key string, each func(h hex.Hex, s hex.Side, opts map[string]bool) error, optNames ...string) error {
	f, ok := get[key]
	if !ok {
		return nil
	}
	field := "map." + key
	items, err := r.List(f.V, field)
	if err != nil {
		return err
	}
	edges := key == "roads"
	for _, it := range items {
		it = scenario.Deref(it)
		spec, opts, err := r.readHexsideItem(it, field, optNames)
		if err != nil {
			return err
		}
		parts := strings.Split(spec, "-")
		if len(parts) < 2 {
			return r.Errf(it, field, "%q: write a hexside as its two hexes, like K1-L1", spec)
		}
		first, last := isEdge(parts[0]), isEdge(parts[len(parts)-1])
		if first {
			parts = parts[1:]
		}
		if last {
			parts = parts[:len(parts)-1]
		}
		if err := r.edgeWords(it, field, spec, parts, edges, first || last); err != nil {
			return err
		}
		hexes := make([]hex.Hex, len(parts))
		for k, p := range parts {
			if hexes[k], err = r.hexAt(m.Layout, p, it, field); err != nil {
				return err
			}
		}
		for k := 1; k < len(hexes); k++ {
			side, ok := hexes[k-1].SideTo(hexes[k])
			if !ok {
				return r.Errf(it, field, "%q: %s and %s are not adjacent, so they share no hexside", spec, m.Layout.Name(hexes[k-1]), m.Layout.Name(hexes[k]))
			}
			if err := each(hexes[k-1], side, opts); err != nil {
				return r.Errf(it, field, "%v", err)
			}
		}
		for _, end := range [2]struct {
			on      bool
			k, next int
			word    string
		}{{first, 0, 1, "first"}, {last, len(hexes) - 1, len(hexes) - 2, "last"}} {
			if !end.on {
				continue
			}
			side, err := edgeHexside(m.Layout, hexes, end.k, end.next)
			if err != nil {
				return r.Errf(it, field, "%q: \"edge\" %s: %v", spec, end.word, err)
			}
			if err := each(hexes[end.k], side, opts); err != nil {
				return r.Errf(it, field, "%v", err)
			}
		}
	}
	return nil
}

func isEdge(s string) bool { return strings.EqualFold(strings.TrimSpace(s), "edge") }

// edgeWords checks where a path item says "edge": only in a list that allows it, only first
// or last, and with at least one hex left (parts, once the ends are taken off).
func (r *reader) edgeWords(it *yaml.Node, field, spec string, parts []string, allowed, said bool) error {
	middle := slices.ContainsFunc(parts, isEdge)
	switch {
	case (said || middle) && !allowed:
		return r.Errf(it, field, "%q: only a road may run off the board (\"edge\"); name two hexes, like K1-L1", spec)
	case middle:
		return r.Errf(it, field, "%q: \"edge\" may be only the first or the last element of a road, where it runs off the board (like edge-3A5-3B5)", spec)
	case said && len(parts) == 0:
		return r.Errf(it, field, "%q: name the board-edge hex the road runs off the board from, like edge-3A5-3B5", spec)
	}
	return nil
}

// edgeHexside is the board-edge hexside of hexes[k] that a road running off the board from it
// crosses (rules-notes 1.5 #12): the one straight across from hexes[next], the road's next hex,
// when that one is on the board edge; else the edge hexside farthest round from it. A road of
// one hex (no next) must start from a hex with only one board-edge hexside.
func edgeHexside(lay *hex.Layout, hexes []hex.Hex, k, next int) (hex.Side, error) {
	h := hexes[k]
	var edge []hex.Side
	for s := hex.Side(0); s < 6; s++ {
		if !lay.Contains(h.Neighbor(s)) {
			edge = append(edge, s)
		}
	}
	switch {
	case len(edge) == 0:
		return 0, fmt.Errorf("%s is not on the board's edge, so no road runs off the board from it", lay.Name(h))
	case next < 0 || next >= len(hexes):
		if len(edge) > 1 {
			return 0, fmt.Errorf("%s has %d hexsides on the board's edge: continue the road into a next hex, and it runs off the board straight across from that one (or across the edge hexside farthest round from it)", lay.Name(h), len(edge))
		}
		return edge[0], nil
	}
	toNext, _ := h.SideTo(hexes[next])
	best, far := edge[0], -1
	for _, s := range edge {
		d := (int(s) - int(toNext) + 6) % 6
		if d = min(d, 6-d); d > far { // 3: straight across
			best, far = s, d
		}
	}
	return best, nil
}

// readHexsideItem reads one item of a hexside list (field map.<key>): its hexes as written, and
// its options when it is an object {hexside | path, <optNames>...}.
func (r *reader) readHexsideItem(it *yaml.Node, field string, optNames []string) (string, map[string]bool, error) {
	spec := ""
	opts := map[string]bool{}
	if it.Kind != yaml.MappingNode {
		s, err := r.Str(it, field)
		return s, opts, err
	}
	fs, err := r.Fields(it, field, append([]string{"hexside", "path"}, optNames...)...)
	if err != nil {
		return spec, opts, err
	}
	for _, x := range fs {
		switch x.Key {
		case "hexside", "path":
			if spec, err = r.Str(x.V, field+"."+x.Key); err != nil {
				return spec, opts, err
			}
		default:
			if opts[x.Key], err = r.Boolean(x.V, field+"."+x.Key); err != nil {
				return spec, opts, err
			}
		}
	}
	return spec, opts, nil
}

// readMarkers reads what lies in hexes: wrecks and vehicles (hex -> count), then the smoke,
// blaze and wire hex lists.
func (r *reader) readMarkers(get map[string]scenario.KV, m *asl.Map) error {
	if err := r.readHexCounts(get, m, "wrecks", func(d *asl.HexData, n int) { d.Wrecks = int8(n) }); err != nil {
		return err
	}
	if err := r.readHexCounts(get, m, "wrecks_below", func(d *asl.HexData, n int) { d.WrecksBelow = int8(n) }); err != nil {
		return err
	}
	if err := r.readHexCounts(get, m, "vehicles", func(d *asl.HexData, n int) { d.Vehicles = int8(n) }); err != nil {
		return err
	}
	if err := r.readHexList(get, m, "smoke", func(d *asl.HexData) { d.Smoke = true }); err != nil {
		return err
	}
	if err := r.readHexList(get, m, "blaze", func(d *asl.HexData) { d.Blaze = true }); err != nil {
		return err
	}
	if err := r.readHexList(get, m, "wire", func(d *asl.HexData) { d.Wire = true }); err != nil {
		return err
	}
	return nil
}

// readHexCounts reads map.<key>, if given: hex -> a count from 0 to 20, passed to set.
func (r *reader) readHexCounts(get map[string]scenario.KV, m *asl.Map, key string, set func(d *asl.HexData, n int)) error {
	f, ok := get[key]
	if !ok {
		return nil
	}
	cs, err := r.Fields(f.V, "map."+key)
	if err != nil {
		return err
	}
	for _, c := range cs {
		h, err := r.hexAt(m.Layout, c.Key, c.K, "map."+key)
		if err != nil {
			return err
		}
		n, err := r.Integer(c.V, "map."+key+"."+c.Key, 0, 20)
		if err != nil {
			return err
		}
		set(m.At(h), n)
	}
	return nil
}

// readHexList reads map.<key>, if given: a list of hexes, each passed to set.
func (r *reader) readHexList(get map[string]scenario.KV, m *asl.Map, key string, set func(d *asl.HexData)) error {
	f, ok := get[key]
	if !ok {
		return nil
	}
	ss, nodes, err := r.StrList(f.V, "map."+key)
	if err != nil {
		return err
	}
	for i, s := range ss {
		h, err := r.hexAt(m.Layout, s, nodes[i], "map."+key)
		if err != nil {
			return err
		}
		set(m.At(h))
	}
	return nil
}

// readLOS reads map.los: {clear: [pairs], blocked: [pairs]}, each pair two hexes like 2A1-2F5
// whose LOS is set whatever the terrain says.
func (r *reader) readLOS(n *yaml.Node, m *asl.Map) error {
	ls, err := r.Fields(n, "map.los", "clear", "blocked")
	if err != nil {
		return err
	}
	for _, l := range ls {
		ps, nodes, err := r.StrList(l.V, "map.los."+l.Key)
		if err != nil {
			return err
		}
		for i, p := range ps {
			a, b, perr := m.Layout.ParsePair(p)
			if perr != nil {
				return r.Errf(nodes[i], "map.los."+l.Key, "%v (write the two hexes, like 2A1-2F5)", perr)
			}
			m.SetLOS(a, b, l.Key == "clear")
		}
	}
	return nil
}
