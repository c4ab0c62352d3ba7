package lwfile

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
	"go.yaml.in/yaml/v3"
)

// paces are the words an order's pace takes.
var paces = map[string]lw.Pace{"walk": lw.Walk, "run": lw.Run, "gallop": lw.Gallop}

// foldWord is a word as the reader compares it: lower case, without spaces around it.
func foldWord(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// reader reads this ruleset's own sections with the shared YAML walker.
type reader struct{ *scenario.Reader }

// LightningWar is a loaded `ruleset: lightningwar` scenario: a table with its terrain, the
// TO&E, the detachments with their orders, the steps to play and what should come of them.
type LightningWar struct {
	File     string
	Name     string
	Seed     uint64
	HasSeed  bool
	Dice     []int
	Game     *lw.Game
	Moves    []rules.Move
	Expect   []scenario.Expectation
	Warnings []string
	// Opponent is the side umpire is to play (`opponent:`), or nil.
	Opponent *rules.Opponent
}

var (
	lwTop       = []string{"name", "ruleset", "seed", "dice", "table", "terrain", "roads", "streams", "chokes", "toe", "units", "detachments", "orders", "moves", "expect", "turn", "first", "order_delay", "notes", "description", "source", "opponent", "objectives"}
	lwTable     = []string{"width", "height"}
	lwFeature   = []string{"id", "ground", "slope", "factor", "cover", "area"}
	lwLine      = []string{"id", "line", "width"}
	lwFormation = []string{"id", "name", "parent", "side", "initiative"}
	lwUnit      = []string{"id", "name", "formation", "type", "initiative", "tracked", "wheeled", "size", "road", "xc", "mire", "mg", "carries", "mounted", "aboard", "mired", "ran", "leader", "base"}
	lwDet       = []string{"id", "units", "at", "facing", "kind", "revealed", "formation"}
	lwOrder     = []string{"to", "from", "turn", "text", "path", "goal", "pace", "reserve"}
	// LWDetExpect, LWUnitExpect and LWStepExpect are the fields a Lightning War expect block
	// may check.
	LWDetExpect = []string{"at", "initiative", "regular", "units", "moved", "band", "orders", "facing", "moving_firer", "gone", "side", "pending", "initiative_count",
		"formation", "frontage", "revealed"}
	LWUnitExpect = []string{"mired", "mounted", "aboard", "detachment", "towed_by", "ran"}
	LWStepExpect = []string{"error", "events", "event", "no_events", "order", "moved", "rolls", "breakdown"}
)

// LoadLightningWar reads a `ruleset: lightningwar` scenario. name is used in error messages.
func LoadLightningWar(name string, data []byte) (s *LightningWar, err error) {
	return LoadLightningWarLimited(name, data, rules.Limits{})
}

// LoadLightningWarLimited is LoadLightningWar under lim (see rules.Limits): the table's area
// in square inches counts against lim.Hexes, its units and its detachments each against
// lim.Units, and its moves against lim.Moves, each before they are made.
func LoadLightningWarLimited(name string, data []byte, lim rules.Limits) (s *LightningWar, err error) {
	defer scenario.Recover(name, &err)
	r := &reader{scenario.NewReader(name)}
	// Every id, name, move and value is checked by rules.CheckText; an order's text is free
	// text, which may hold tabs and line breaks.
	r.Limits, r.Prose = lim, []string{"orders.text"}
	root, get, h, err := r.Begin(data, "lightningwar", 12, lwTop)
	if err != nil {
		return nil, err
	}
	s = &LightningWar{File: name, Name: h.Name, Seed: h.Seed, HasSeed: h.HasSeed, Dice: h.Dice}
	t, err := r.readTable(root, get)
	if err != nil {
		return nil, err
	}
	g := lw.NewGame(t)
	if f, ok := get["turn"]; ok {
		if g.Turn, err = r.Integer(f.V, "turn", 1, 10000); err != nil {
			return nil, err
		}
	}
	if f, ok := get["order_delay"]; ok {
		if g.OrderDelay, err = r.Boolean(f.V, "order_delay"); err != nil {
			return nil, err
		}
	}
	tf, ok := get["toe"]
	if !ok {
		return nil, r.Errf(root, "toe", "missing: a Lightning War scenario needs its TO&E (formations)")
	}
	if err := r.readTOE(tf.V, g); err != nil {
		return nil, err
	}
	uf, ok := get["units"]
	if !ok {
		return nil, r.Errf(root, "units", "missing: a scenario needs units")
	}
	if err := r.readLWUnits(uf.V, g); err != nil {
		return nil, err
	}
	df, ok := get["detachments"]
	if !ok {
		return nil, r.Errf(root, "detachments", "missing: a scenario needs detachments")
	}
	if err := r.readDets(df.V, g); err != nil {
		return nil, err
	}
	if f, ok := get["first"]; ok {
		side, err := r.Str(f.V, "first")
		if err != nil {
			return nil, err
		}
		if !scenario.Contains(g.Sides, side) {
			return nil, r.Errf(f.V, "first", "%q is not a side (%s)", side, strings.Join(g.Sides, ", "))
		}
		g.First = side
	}
	if f, ok := get["orders"]; ok {
		if err := r.readOrders(f.V, g); err != nil {
			return nil, err
		}
	}
	parse := func(text string) error { _, err := lw.Parse(text); return err }
	expect := func(n *yaml.Node, nMoves int) ([]scenario.Expectation, error) { return r.readLWExpect(n, g, nMoves) }
	if s.Moves, s.Expect, err = r.ReadEnd(get, parse, expect); err != nil {
		return nil, err
	}
	if f, ok := get["objectives"]; ok {
		if err := r.readObjectives(f.V, g); err != nil {
			return nil, err
		}
	}
	if f, ok := get["opponent"]; ok {
		var sides []string
		for _, sd := range g.Sides {
			sides = rules.Cite(sides, sd)
		}
		if s.Opponent, err = r.ReadOpponent(f.V, sides); err != nil {
			return nil, err
		}
	}
	s.Game = g
	s.Warnings = r.Warnings
	return s, nil
}

// tableKeys are the fields of a scenario file that draw its table, what a saved table holds.
var tableKeys = []string{"table", "terrain", "roads", "streams", "chokes"}

// readTable reads the table (its size, 72" x 48" unless given), its terrain, roads, streams
// and choke points from the file's top-level fields, and checks it.
func (r *reader) readTable(root *yaml.Node, get map[string]scenario.KV) (*lw.Table, error) {
	t := &lw.Table{Width: lw.Inch(72, 0).X, Height: lw.Inch(0, 48).Y}
	if f, ok := get["table"]; ok {
		if err := r.NoStore(f.V, "table"); err != nil {
			return nil, err
		}
		fs, err := r.Fields(f.V, "table", lwTable...)
		if err != nil {
			return nil, err
		}
		for _, x := range fs {
			v, err := r.inches(x.V, "table."+x.Key, 1, 10000)
			if err != nil {
				return nil, err
			}
			if x.Key == "width" {
				t.Width = v
			} else {
				t.Height = v
			}
		}
	}
	if err := r.capArea(root, get, t); err != nil {
		return nil, err
	}
	if f, ok := get["terrain"]; ok {
		var err error
		if t.Features, err = r.readFeatures(f.V); err != nil {
			return nil, err
		}
	}
	for _, key := range tableKeys[2:] {
		f, ok := get[key]
		if !ok {
			continue
		}
		if err := r.readLines(f.V, key, t); err != nil {
			return nil, err
		}
	}
	if err := t.Validate(); err != nil {
		return nil, r.Errf(root, "table", "%v", err)
	}
	return t, nil
}

// capArea checks the table's area in square inches against the Hexes limit (a table has no
// hexes: its area is what it asks of the server), at its table: field or, when the file gives
// none and the table is the default one, at the top.
func (r *reader) capArea(root *yaml.Node, get map[string]scenario.KV, t *lw.Table) error {
	at, field := root, ""
	if f, ok := get["table"]; ok {
		at, field = f.V, "table"
	}
	area := int(math.Ceil(t.Width / lw.MetresPerInch * t.Height / lw.MetresPerInch))
	return r.Cap(at, field, rules.LimitHexes, area, "%s's table is %s x %s, %d square inches", r.TheFile(), lw.Inches(t.Width), lw.Inches(t.Height), area)
}

// ReadTable reads a saved table: the YAML of a scenario file's table-drawing fields (table,
// terrain, roads, streams, chokes), read as LoadLightningWar reads them, with the warnings of
// fields it did not know. It gives the table back canonical (block style), as the store keeps
// it.
func ReadTable(name string, data []byte) (t *lw.Table, canon []byte, warnings []string, err error) {
	return ReadTableLimited(name, data, rules.Limits{})
}

// ReadTableLimited is ReadTable under lim (see rules.Limits): the table's area in square
// inches counts against lim.Hexes.
func ReadTableLimited(name string, data []byte, lim rules.Limits) (t *lw.Table, canon []byte, warnings []string, err error) {
	defer scenario.Recover(name, &err)
	r := &reader{scenario.NewReader(name)}
	r.Limits, r.Subject = lim, "the map"
	root, canon, err := r.Canonical(data, "table") // every value checked by rules.CheckText
	if err != nil {
		return nil, nil, nil, err
	}
	fs, err := r.Fields(root, "", tableKeys...)
	if err != nil {
		return nil, nil, nil, err
	}
	get := map[string]scenario.KV{}
	for _, f := range fs {
		get[f.Key] = f
	}
	if t, err = r.readTable(root, get); err != nil {
		return nil, nil, nil, err
	}
	return t, canon, r.Warnings, nil
}

// InlineTable replaces a scenario file's `table: {saved: NAME}` with the saved table (see
// scenario.Inline): its table, terrain, roads, streams and chokes become the file's own.
func InlineTable(name string, data []byte, saved func(string) ([]byte, error)) ([]byte, error) {
	return scenario.Inline(name, data, "table", false, tableKeys[1:], saved)
}

// inches reads a length in inches (a number, with or without a trailing ") into metres.
func (r *reader) inches(n *yaml.Node, field string, lo, hi float64) (float64, error) {
	s, err := r.Str(n, field)
	if err != nil {
		return 0, err
	}
	v, perr := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), `"`), 64)
	if perr != nil || math.IsNaN(v) || v < lo || v > hi {
		return 0, r.Errf(n, field, "expected inches between %v and %v, found %q", lo, hi, s)
	}
	return lw.Inch(v, 0).X, nil
}

// point reads [x, y] or "x,y" in inches.
func (r *reader) point(n *yaml.Node, field string) (lw.Point, error) {
	n = scenario.Deref(n)
	switch n.Kind {
	case yaml.SequenceNode:
		if len(n.Content) != 2 {
			return lw.Point{}, r.Errf(n, field, "a point is [x, y] in inches, found %d numbers", len(n.Content))
		}
		x, err := r.inches(n.Content[0], field, -1e6, 1e6)
		if err != nil {
			return lw.Point{}, err
		}
		y, err := r.inches(n.Content[1], field, -1e6, 1e6)
		if err != nil {
			return lw.Point{}, err
		}
		return lw.Point{X: x, Y: y}, nil
	case yaml.ScalarNode:
		p, err := lw.ParsePoint(n.Value)
		if err != nil {
			return lw.Point{}, r.Errf(n, field, "%v", err)
		}
		return p, nil
	}
	return lw.Point{}, r.Errf(n, field, "a point is [x, y] in inches, found %s", scenario.KindName(n))
}

func (r *reader) points(n *yaml.Node, field string, max int) ([]lw.Point, error) {
	items, err := r.List(n, field)
	if err != nil {
		return nil, err
	}
	if len(items) > max {
		return nil, r.Errf(n, field, "%d points; at most %d", len(items), max)
	}
	var out []lw.Point
	for _, it := range items {
		p, err := r.point(it, field)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func (r *reader) readFeatures(n *yaml.Node) ([]lw.Feature, error) {
	items, err := r.List(n, "terrain")
	if err != nil {
		return nil, err
	}
	var out []lw.Feature
	for i, it := range items {
		fs, err := r.Fields(it, "terrain", lwFeature...)
		if err != nil {
			return nil, err
		}
		f := lw.Feature{ID: fmt.Sprintf("terrain %d", i+1)}
		var area *yaml.Node
		for _, x := range fs {
			field := "terrain." + x.Key
			switch x.Key {
			case "id":
				if f.ID, err = r.Str(x.V, field); err != nil {
					return nil, err
				}
			case "ground":
				s, err := r.Str(x.V, field)
				if err != nil {
					return nil, err
				}
				if f.Ground, err = lw.ParseGround(strings.ToLower(strings.TrimSpace(s))); err != nil {
					return nil, r.Errf(x.V, field, "%v", err)
				}
				f.HasGround = true
			case "slope":
				s, err := r.Str(x.V, field)
				if err != nil {
					return nil, err
				}
				if f.Slope, err = lw.ParseSlope(strings.ToLower(strings.TrimSpace(s))); err != nil {
					return nil, r.Errf(x.V, field, "%v", err)
				}
				f.HasSlope = true
			case "factor":
				s, err := r.Str(x.V, field)
				if err != nil {
					return nil, err
				}
				v, perr := strconv.ParseFloat(strings.TrimSpace(s), 64)
				if perr != nil || !(v >= 1 && v <= 100) {
					return nil, r.Errf(x.V, field, "a movement factor is a number from 1 to 100, found %q", s)
				}
				f.Factor = v
			case "cover":
				if f.Cover, err = r.Boolean(x.V, field); err != nil {
					return nil, err
				}
			case "area":
				area = x.V
			}
		}
		if area == nil {
			return nil, r.Errf(it, "terrain", "%s: give its area: [[x, y], [x, y], [x, y], ...] in inches", f.ID)
		}
		if !f.HasGround && !f.HasSlope && !f.Cover {
			return nil, r.Errf(it, "terrain", "%s: give its ground, its slope, or both", f.ID)
		}
		if f.Factor > 0 && !f.HasGround {
			return nil, r.Errf(it, "terrain", "%s: a factor replaces a ground's; name the ground too", f.ID)
		}
		pts, err := r.points(area, "terrain.area", 10000)
		if err != nil {
			return nil, err
		}
		f.Area = lw.Polygon(pts)
		if err := f.Area.Validate(); err != nil {
			return nil, r.Errf(area, "terrain.area", "%s: %v", f.ID, err)
		}
		out = append(out, f)
	}
	return out, nil
}

func (r *reader) readLines(n *yaml.Node, key string, t *lw.Table) error {
	items, err := r.List(n, key)
	if err != nil {
		return err
	}
	known := lwLine
	if key == "chokes" {
		known = []string{"id", "area"}
	}
	for i, it := range items {
		fs, err := r.Fields(it, key, known...)
		if err != nil {
			return err
		}
		id := fmt.Sprintf("%s %d", strings.TrimSuffix(key, "s"), i+1)
		var shape *yaml.Node
		width := lw.RoadHalfWidth * 2
		for _, x := range fs {
			switch x.Key {
			case "id":
				if id, err = r.Str(x.V, key+".id"); err != nil {
					return err
				}
			case "line", "area":
				shape = x.V
			case "width":
				if key != "roads" {
					return r.Errf(x.K, key+".width", "only a road has a width")
				}
				if width, err = r.inches(x.V, key+".width", 0.01, 20); err != nil {
					return err
				}
			}
		}
		if shape == nil {
			what := "line: [[x, y], [x, y], ...]"
			if key == "chokes" {
				what = "area: [[x, y], [x, y], [x, y], ...]"
			}
			return r.Errf(it, key, "%s: give its %s in inches", id, what)
		}
		pts, err := r.points(shape, key, 10000)
		if err != nil {
			return err
		}
		switch key {
		case "roads":
			if err := lw.Polyline(pts).Validate(); err != nil {
				return r.Errf(shape, key, "%s: %v", id, err)
			}
			t.Roads = append(t.Roads, lw.Road{ID: id, Line: pts, HalfWidth: width / 2})
		case "streams":
			if err := lw.Polyline(pts).Validate(); err != nil {
				return r.Errf(shape, key, "%s: %v", id, err)
			}
			t.Streams = append(t.Streams, lw.Stream{ID: id, Line: pts})
		case "chokes":
			if err := lw.Polygon(pts).Validate(); err != nil {
				return r.Errf(shape, key, "%s: %v", id, err)
			}
			t.Chokes = append(t.Chokes, lw.Choke{ID: id, Area: pts})
		}
	}
	return nil
}

func (r *reader) initiative(n *yaml.Node, field string) (lw.Initiative, error) {
	s, err := r.Str(n, field)
	if err != nil {
		return 0, err
	}
	v, perr := lw.ParseInitiative(strings.TrimSpace(s))
	if perr != nil {
		return 0, r.Errf(n, field, "%v", perr)
	}
	return v, nil
}

// formationWords are a formation's names, by their keys.
var formationWords = map[string]func(f *lw.Formation) *string{
	"id":     func(f *lw.Formation) *string { return &f.ID },
	"name":   func(f *lw.Formation) *string { return &f.Name },
	"parent": func(f *lw.Formation) *string { return &f.Parent },
	"side":   func(f *lw.Formation) *string { return &f.Side },
}

func (r *reader) readTOE(n *yaml.Node, g *lw.Game) error {
	items, err := r.List(n, "toe")
	if err != nil {
		return err
	}
	for _, it := range items {
		fs, err := r.Fields(it, "toe", lwFormation...)
		if err != nil {
			return err
		}
		var f lw.Formation
		for _, x := range fs {
			field := "toe." + x.Key
			if word, ok := formationWords[x.Key]; ok {
				*word(&f), err = r.Str(x.V, field)
			} else if x.Key == "initiative" {
				f.Initiative, err = r.initiative(x.V, field)
			}
			if err != nil {
				return err
			}
		}
		if f.Side != "" && f.Parent != "" {
			return r.Errf(it, "toe", "%s: only a top formation names its side (the others take their parent's)", f.ID)
		}
		if err := g.AddFormation(f); err != nil {
			return r.Errf(it, "toe", "%v", err)
		}
	}
	return nil
}

func (r *reader) readLWUnits(n *yaml.Node, g *lw.Game) error {
	if err := r.CapList(n, "units", rules.LimitUnits, "units"); err != nil {
		return err
	}
	items, err := r.List(n, "units")
	if err != nil {
		return err
	}
	aboard := map[string]*yaml.Node{}
	for _, it := range items {
		fs, err := r.Fields(it, "units", lwUnit...)
		if err != nil {
			return err
		}
		var u lw.Unit
		size := false
		var ab *yaml.Node
		for _, x := range fs {
			field := "units." + x.Key
			var s string
			switch x.Key {
			case "id":
				u.ID, err = r.Str(x.V, field)
			case "name":
				u.Name, err = r.Str(x.V, field)
			case "formation":
				u.Formation, err = r.Str(x.V, field)
			case "type":
				if s, err = r.Str(x.V, field); err == nil {
					word := strings.ToLower(strings.TrimSpace(s))
					if u.Type, err = lw.ParseUnitType(word); err != nil {
						err = r.Errf(x.V, field, "%v", err)
					} else {
						u.Tank = word == "tank" // a vehicle the scenario calls one (Reserve Movement)
					}
				}
			case "base":
				u.BaseW, u.BaseD, err = r.base(x.V, field)
			case "initiative":
				u.Initiative, err = r.initiative(x.V, field)
			case "tracked":
				u.Tracked, err = r.Boolean(x.V, field)
			case "wheeled":
				var w bool
				w, err = r.Boolean(x.V, field)
				u.Tracked = !w
			case "size":
				if s, err = r.Str(x.V, field); err == nil {
					if u.Size, err = lw.ParseSize(strings.TrimSpace(s)); err != nil {
						err = r.Errf(x.V, field, "%v", err)
					}
					size = true
				}
			case "road", "xc":
				var v int
				v, err = r.Integer(x.V, field, 0, 200)
				if x.Key == "road" {
					u.RoadMPH = float64(v)
				} else {
					u.CrossMPH = float64(v)
				}
			case "mire":
				if s, err = r.Str(x.V, field); err == nil {
					v, perr := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(s), "+"))
					if perr != nil || v < -10 || v > 10 {
						err = r.Errf(x.V, field, "a miring modifier is a whole number -10..+10, found %q", s)
					}
					u.MireMod = v
				}
			case "mg":
				u.MG, err = r.Integer(x.V, field, 0, 1000)
			case "carries":
				u.Carries, err = r.Integer(x.V, field, 0, 100)
			case "mounted":
				u.Mounted, err = r.Boolean(x.V, field)
			case "mired":
				u.Mired, err = r.Boolean(x.V, field)
			case "leader":
				u.Leader, err = r.Boolean(x.V, field)
			case "ran":
				var ran bool
				if ran, err = r.Boolean(x.V, field); ran {
					u.Ran = true // on the turn before the scenario's first (set below)
				}
			case "aboard":
				ab = x.V
			}
			if err != nil {
				return err
			}
		}
		if u.Type == lw.Vehicle || u.Type == lw.Motorcycle {
			if u.CrossMPH == 0 {
				return r.Errf(it, "units", "%s: a vehicle needs its cross-country speed (xc: MPH)", u.ID)
			}
			if u.Type == lw.Vehicle && !size {
				return r.Errf(it, "units", "%s: a vehicle needs its size for the Miring Table (AT, light, small, medium, large, heavy)", u.ID)
			}
		} else if u.Mired || u.CrossMPH != 0 || u.RoadMPH != 0 {
			return r.Errf(it, "units", "%s: only vehicles (and motorcycle troops) have speeds and mire", u.ID)
		}
		if u.Type == lw.Cavalry && !hasKey(fs, "mounted") {
			u.Mounted = true
		}
		if u.Type == lw.Motorcycle && !hasKey(fs, "mounted") {
			u.Mounted = true
		}
		if u.Type == lw.Motorcycle && !size {
			u.Size = lw.Light // a motorcycle is light on the Miring Table [default]
		}
		if u.Ran {
			u.RanTurn = g.Turn - 1
		}
		if err := g.AddUnit(u); err != nil {
			return r.Errf(it, "units", "%v", err)
		}
		if ab != nil {
			aboard[u.ID] = ab
		}
	}
	for id, n := range aboard {
		v, err := r.Str(n, "units.aboard")
		if err != nil {
			return err
		}
		u, c := g.Unit(id), g.Unit(v)
		if c == nil || c.Carries == 0 {
			return r.Errf(n, "units.aboard", "%s: %s is not a unit that carries infantry (carries: N)", id, v)
		}
		if u.Type != lw.Infantry {
			return r.Errf(n, "units.aboard", "%s: only infantry rides aboard", id)
		}
		u.In = v
	}
	return nil
}

// base reads a unit's base, [width, depth] in inches.
func (r *reader) base(n *yaml.Node, field string) (w, d float64, err error) {
	n = scenario.Deref(n)
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		return 0, 0, r.Errf(n, field, "a base is [width, depth] in inches")
	}
	if w, err = r.inches(n.Content[0], field, 0.1, 24); err != nil {
		return 0, 0, err
	}
	if d, err = r.inches(n.Content[1], field, 0.1, 24); err != nil {
		return 0, 0, err
	}
	return w, d, nil
}

// formation reads a detachment's formation: line, column, or a drawn shape, [[x, y], ...] in
// inches (each standing unit's base's centre from the detachment's point: x to its right, y
// ahead).
func (r *reader) formation(n *yaml.Node, field string) (lw.Form, []lw.Point, error) {
	n = scenario.Deref(n)
	if n.Kind == yaml.SequenceNode {
		pts, err := r.points(n, field, 1000)
		if err != nil {
			return 0, nil, err
		}
		if len(pts) == 0 {
			return 0, nil, r.Errf(n, field, "a drawn formation gives each base's offset: [[x, y], ...]")
		}
		return lw.FormDrawn, pts, nil
	}
	s, err := r.Str(n, field)
	if err != nil {
		return 0, nil, err
	}
	switch foldWord(s) {
	case "line", "line abreast":
		return lw.FormLine, nil, nil
	case "column":
		return lw.FormColumn, nil, nil
	}
	return 0, nil, r.Errf(n, field, "unknown formation %q (line, column, or [[x, y], ...] for each base)", s)
}

// drawnOffsets gives each of d's units its offset in a drawn formation: the standing units
// (those not aboard a carrier) take the offsets in order, a rider its carrier's.
func (r *reader) drawnOffsets(n *yaml.Node, g *lw.Game, d *lw.Detachment, pts []lw.Point) error {
	var standing []string
	for _, id := range d.Units {
		if u := g.Unit(id); u != nil && u.In == "" {
			standing = append(standing, id)
		}
	}
	if len(pts) != len(standing) {
		return r.Errf(n, "detachments.formation", "%s: a drawn formation gives one offset per base; it has %d bases (%s), the formation %d offsets",
			d.ID, len(standing), strings.Join(standing, ", "), len(pts))
	}
	at := map[string]lw.Point{}
	for i, id := range standing {
		at[id] = pts[i]
	}
	d.Offsets = make([]lw.Point, len(d.Units))
	for i, id := range d.Units {
		p, ok := at[id]
		if u := g.Unit(id); !ok && u != nil {
			p = at[u.In]
		}
		d.Offsets[i] = p
	}
	return nil
}

func hasKey(fs []scenario.KV, k string) bool {
	for _, f := range fs {
		if f.Key == k {
			return true
		}
	}
	return false
}

func (r *reader) readDets(n *yaml.Node, g *lw.Game) error {
	if err := r.CapList(n, "detachments", rules.LimitUnits, "detachments"); err != nil {
		return err
	}
	items, err := r.List(n, "detachments")
	if err != nil {
		return err
	}
	for _, it := range items {
		fs, err := r.Fields(it, "detachments", lwDet...)
		if err != nil {
			return err
		}
		var d lw.Detachment
		at := false
		var drawn []lw.Point
		var drawnAt *yaml.Node
		for _, x := range fs {
			field := "detachments." + x.Key
			switch x.Key {
			case "id":
				d.ID, err = r.Str(x.V, field)
			case "units":
				d.Units, _, err = r.StrList(x.V, field)
			case "at":
				d.Pos, err = r.point(x.V, field)
				at = true
			case "facing":
				var v int
				v, err = r.Integer(x.V, field, 0, 359)
				d.Facing = float64(v)
			case "kind":
				var s string
				if s, err = r.Str(x.V, field); err == nil {
					switch strings.ToLower(strings.TrimSpace(s)) {
					case "normal", "":
						d.Kind = lw.Normal
					case "recon", "reconnaissance":
						d.Kind = lw.Recon
					case "fo", "forward observer":
						d.Kind = lw.FO
					default:
						err = r.Errf(x.V, field, "unknown kind %q (normal, recon, fo)", s)
					}
				}
			case "revealed":
				d.Revealed, err = r.Boolean(x.V, field)
			case "formation":
				d.Form, drawn, err = r.formation(x.V, field)
				drawnAt = x.V
			}
			if err != nil {
				return err
			}
		}
		if !at {
			return r.Errf(it, "detachments", "%s: give where it is (at: [x, y] in inches)", d.ID)
		}
		d.Seen, d.SeenFacing = d.Pos, d.Facing
		if d.Form == lw.FormDrawn {
			if err := r.drawnOffsets(drawnAt, g, &d, drawn); err != nil {
				return err
			}
		}
		if err := g.AddDetachment(d); err != nil {
			return r.Errf(it, "detachments", "%v", err)
		}
	}
	for _, u := range g.Units {
		if u.In != "" && g.DetOf(u.ID) != g.DetOf(u.In) {
			return r.Errf(n, "units.aboard", "%s rides %s, so both must be in one detachment", u.ID, u.In)
		}
	}
	return nil
}

// readOrders reads the orders written before play: each becomes an `order` step played on
// the set-up, so it arrives as the rules say.
func (r *reader) readOrders(n *yaml.Node, g *lw.Game) error {
	items, err := r.List(n, "orders")
	if err != nil {
		return err
	}
	for _, it := range items {
		fs, err := r.Fields(it, "orders", lwOrder...)
		if err != nil {
			return err
		}
		a := lw.Action{Verb: "order"}
		for _, x := range fs {
			field := "orders." + x.Key
			switch x.Key {
			case "to":
				a.Det, err = r.Str(x.V, field)
			case "from":
				a.From, err = r.Str(x.V, field)
			case "turn":
				a.Turn, err = r.Integer(x.V, field, 0, 10000)
				a.HasTurn = true
			case "text":
				a.Text, err = r.Str(x.V, field)
			case "path":
				a.Path, err = r.points(x.V, field, 1000)
			case "goal":
				var p lw.Point
				p, err = r.point(x.V, field)
				a.At = &p
			case "pace":
				a.Pace, err = scenario.Choose(r.Reader, x.V, field, foldWord, paces, "unknown pace %q (walk, run, gallop)")
				a.HasPace = true
			case "reserve":
				a.Reserve, err = r.Boolean(x.V, field)
			}
			if err != nil {
				return err
			}
		}
		if a.Det == "" {
			return r.Errf(it, "orders", "name the recipient detachment (to: D)")
		}
		if _, err := g.Do(a, nil); err != nil {
			return r.Errf(it, "orders", "%v", err)
		}
	}
	return nil
}

// readLWExpect reads the expect: block: a step, a unit, or a detachment (perhaps one the
// moves will make: a part breaking off), and the fields checked.
func (r *reader) readLWExpect(n *yaml.Node, g *lw.Game, nMoves int) ([]scenario.Expectation, error) {
	return r.ReadExpect(n, "\n", func(f scenario.KV, e *scenario.Expectation) (known []string, err error) {
		if fields, ok := scenario.ClassifyObjectives(f, e, g.Sides); ok {
			return fields, nil
		}
		switch {
		case strings.HasPrefix(f.Key, "step"):
			e.Step, err = r.ExpectStep(f, nMoves)
			return LWStepExpect, err
		case g.Unit(f.Key) != nil:
			e.Unit = f.Key
			return LWUnitExpect, nil
		case strings.HasPrefix(f.Key, "measure "):
			e.Group = f.Key
			if _, err := readMeasureKey(f.Key); err != nil {
				return nil, r.Errf(f.K, "expect", "%v", err)
			}
			return LWMeasureExpect, nil
		case strings.TrimSpace(f.Key) == "":
			return nil, r.Errf(f.K, "expect", "name a detachment, a unit or \"step N\"")
		}
		e.Group = f.Key
		return LWDetExpect, nil
	}, nil)
}

// LWStep is one played step of a Lightning War scenario.
type LWStep struct {
	Step   int
	Line   int
	Action string
	Report *lw.Report
	Err    error
}

// Played is the step as a check reads it: its number, line, text and refusal.
func (st LWStep) Played() (int, int, string, error) { return st.Step, st.Line, st.Action, st.Err }

// LWMoveJSON is one detachment's move in --json.
type LWMoveJSON struct {
	Det       string     `json:"det"`
	Band      string     `json:"band"`
	From      [2]float64 `json:"from"`
	To        [2]float64 `json:"to"`
	Inches    float64    `json:"inches"`
	Breakdown string     `json:"breakdown"`
}

// LWStepJSON is the --json form of a step.
type LWStepJSON struct {
	Step   int          `json:"step"`
	Action string       `json:"action"`
	Order  []string     `json:"order,omitempty"`
	Moves  []LWMoveJSON `json:"moves,omitempty"`
	Events []string     `json:"events,omitempty"`
	Rules  []string     `json:"rules"`
	Dice   []string     `json:"dice,omitempty"`
	Error  string       `json:"error,omitempty"`
}

func inchPair(p lw.Point) [2]float64 {
	x, y := p.Inches()
	return [2]float64{math.Round(x*100) / 100, math.Round(y*100) / 100}
}

// FormatLWStep prints a step as `umpire play` shows it: each detachment's move with its
// breakdown, and everything else that happened with its rule.
func FormatLWStep(st LWStep) string {
	head, done := rules.StepLine(st.Step, st.Action, st.Err)
	if done {
		return head
	}
	var b strings.Builder
	b.WriteString(head)
	if len(st.Report.Order) > 0 {
		fmt.Fprintf(&b, "\n    order: %s", strings.Join(st.Report.Order, ", "))
	}
	for _, e := range st.Report.Events {
		b.WriteString(rules.EventLine(e.Text, e.Rule))
	}
	return b.String()
}

// JSON is the step's --json line.
func (st LWStep) JSON() LWStepJSON {
	j := LWStepJSON{Step: st.Step, Action: st.Action, Rules: []string{}}
	if st.Err != nil {
		j.Error, j.Rules = rules.RefusedJSON(st.Err)
		return j
	}
	rep := st.Report
	j.Order = rep.Order
	for _, m := range rep.Moves {
		j.Moves = append(j.Moves, LWMoveJSON{Det: m.Det, Band: m.Band, From: inchPair(m.From), To: inchPair(m.To),
			Inches: math.Round(m.Distance/lw.MetresPerInch*100) / 100, Breakdown: m.Breakdown})
	}
	for _, e := range rep.Events {
		j.Events = append(j.Events, e.Text)
		j.Rules = rules.Cite(j.Rules, e.Rule)
	}
	for _, d := range rep.Rolls {
		j.Dice = append(j.Dice, d.String())
	}
	return j
}

// Check compares the steps played (the last refused if play stopped there) and the game they
// left with the expectations.
func (s *LightningWar) Check(g *lw.Game, steps []LWStep) []rules.Failure {
	fails := scenario.StartCheck(s.Expect, steps)
	fail := fails.Fail
	for _, e := range s.Expect {
		switch {
		case e.Objectives:
			continue // the ruleset's Check compares them (scenario.CheckObjectives)
		case e.Unit != "":
			u := g.Unit(e.Unit)
			for _, f := range e.Fields {
				var got string
				switch f.Key {
				case "mired":
					got = strconv.FormatBool(u.Mired)
				case "mounted":
					got = strconv.FormatBool(u.Mounted)
				case "aboard":
					got = orNone(u.In)
				case "towed_by":
					got = orNone(u.TowedBy)
				case "ran":
					got = strconv.FormatBool(u.Ran && u.RanTurn >= g.Turn-1)
				case "detachment":
					got = "none"
					if d := g.DetOf(u.ID); d != nil {
						got = d.ID
						if p := g.LegacyPart(f.Value); p == d {
							got = f.Value // the part by its old name (D/U)
						}
					}
				}
				if !scenario.SameValue(f.Value, got) {
					fail(f.Line, "%s %s: got %s, want %s", e.Unit, f.Key, got, f.Value)
				}
			}
		case strings.HasPrefix(e.Group, "measure "):
			checkMeasure(g, e, fail)
		case e.Group != "":
			d := g.Det(e.Group)
			if d == nil {
				d = g.LegacyPart(e.Group) // a part by its old name (D/U): nil if none
			}
			for _, f := range e.Fields {
				if f.Key == "gone" {
					if gone := d == nil; !scenario.SameValue(f.Value, strconv.FormatBool(gone)) {
						fail(f.Line, "%s gone: got %v, want %s", e.Group, gone, f.Value)
					}
					continue
				}
				if d == nil {
					fail(f.Line, "there is no detachment %s at the end", e.Group)
					break
				}
				if msg := checkDet(g, d, f); msg != "" {
					fail(f.Line, "%s %s: %s", d.ID, f.Key, msg)
				}
			}
		default:
			var st *LWStep
			if e.Step >= 1 && e.Step <= len(steps) {
				st = &steps[e.Step-1]
			}
			for _, f := range e.Fields {
				if st == nil {
					fail(f.Line, "step %d was not played (play stopped at step %d)", e.Step, len(steps))
					break
				}
				if msg := checkLWStep(st, f); msg != "" {
					fail(f.Line, "step %d %s: %s", e.Step, f.Key, msg)
				}
			}
		}
	}
	return *fails
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// nearInches: a length or coordinate written in inches matches to a hundredth of an inch.
func nearInches(want string, gotMetres float64) bool {
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(want), `"`), 64)
	return err == nil && math.Abs(v-gotMetres/lw.MetresPerInch) <= 0.005+1e-9
}

func checkDet(g *lw.Game, d *lw.Detachment, f scenario.ExpField) string {
	got := ""
	switch f.Key {
	case "at":
		want := strings.Split(strings.NewReplacer("[", "", "]", "", "\n", ",").Replace(f.Value), ",")
		if len(want) == 2 && nearInches(want[0], d.Pos.X) && nearInches(want[1], d.Pos.Y) {
			return ""
		}
		return fmt.Sprintf("got %v, want %s", d.Pos, f.Value)
	case "moved":
		if nearInches(f.Value, d.Moved) {
			return ""
		}
		return fmt.Sprintf("got %s, want %s", lw.Inches(d.Moved), f.Value)
	case "initiative":
		got = g.Initiative(d).String()
	case "initiative_count":
		got = g.DetachmentInitiative(d).String()
		if strings.Contains(got, f.Value) {
			return ""
		}
	case "regular":
		got = strconv.FormatBool(g.Regular(d.Units))
	case "units":
		got = strings.Join(d.Units, "\n")
		if sameSet(f.Value, got) {
			return ""
		}
	case "band":
		got = d.Band(g)
	case "orders":
		got = strconv.FormatBool(d.Order != nil)
	case "pending":
		got = strconv.Itoa(len(d.Pending))
	case "facing":
		got = strconv.FormatFloat(d.Facing, 'f', -1, 64)
		if v, err := strconv.ParseFloat(f.Value, 64); err == nil && math.Abs(v-d.Facing) < 0.01 {
			return ""
		}
	case "moving_firer":
		got = strconv.FormatBool(d.MovingFirer(g))
	case "revealed":
		got = strconv.FormatBool(d.Revealed)
	case "formation":
		got = d.FormNow().String()
	case "frontage":
		if nearInches(f.Value, g.Frontage(d)) {
			return ""
		}
		return fmt.Sprintf("got %s, want %s", lw.Inches(g.Frontage(d)), f.Value)
	case "side":
		got = d.Side
	}
	if scenario.SameValue(f.Value, got) {
		return ""
	}
	return fmt.Sprintf("got %s, want %s", strings.ReplaceAll(got, "\n", ", "), strings.ReplaceAll(f.Value, "\n", ", "))
}

func sameSet(a, b string) bool {
	as, bs := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(as) != len(bs) {
		return false
	}
	m := map[string]int{}
	for _, x := range as {
		m[strings.TrimSpace(x)]++
	}
	for _, x := range bs {
		m[strings.TrimSpace(x)]--
	}
	for _, v := range m {
		if v != 0 {
			return false
		}
	}
	return true
}

func checkLWStep(st *LWStep, f scenario.ExpField) string {
	if f.Key == "error" {
		r, ok := st.Err.(*lw.Refusal)
		switch {
		case st.Err == nil:
			return "no error, want a refusal citing " + f.Value
		case !ok:
			if !strings.Contains(st.Err.Error(), f.Value) {
				return fmt.Sprintf("error %q, want %s", st.Err, f.Value)
			}
		case r.Rule != f.Value && !strings.Contains(r.Error(), f.Value):
			return fmt.Sprintf("refused under %s (%s), want %s", r.Rule, r.Msg, f.Value)
		}
		return ""
	}
	if st.Err != nil {
		return "" // reported as a refusal
	}
	rep := st.Report
	has := func(k string) bool {
		for _, ev := range rep.Events {
			if strings.Contains(strings.ToLower(ev.Text), strings.ToLower(strings.TrimSpace(k))) {
				return true
			}
		}
		return false
	}
	var texts []string
	for _, ev := range rep.Events {
		texts = append(texts, ev.Text)
	}
	switch f.Key {
	case "events", "event":
		for _, k := range strings.Split(f.Value, "\n") {
			if !has(k) {
				return fmt.Sprintf("no event containing %q (events: %s)", k, strings.Join(texts, " | "))
			}
		}
	case "no_events":
		for _, k := range strings.Split(f.Value, "\n") {
			if has(k) {
				return fmt.Sprintf("an event contains %q, want none to", k)
			}
		}
	case "order":
		var ids []string
		for _, o := range rep.Order {
			_, id, _ := strings.Cut(o, ": ")
			ids = append(ids, id)
		}
		if strings.Join(ids, "\n") != strings.TrimSpace(f.Value) && strings.Join(rep.Order, "\n") != strings.TrimSpace(f.Value) {
			return fmt.Sprintf("got %s, want %s", strings.Join(rep.Order, ", "), strings.ReplaceAll(f.Value, "\n", ", "))
		}
	case "moved":
		// "A 2" (the detachment and its inches), one per line
		for _, line := range strings.Split(f.Value, "\n") {
			fs := strings.Fields(line)
			if len(fs) != 2 {
				return fmt.Sprintf("write each as \"DET INCHES\", found %q", line)
			}
			found := false
			total := 0.0
			for _, m := range rep.Moves {
				if m.Det == fs[0] {
					found, total = true, total+m.Distance
				}
			}
			if !found {
				total = 0
			}
			if !nearInches(fs[1], total) {
				return fmt.Sprintf("%s moved %s, want %s\"", fs[0], lw.Inches(total), strings.TrimSuffix(fs[1], `"`))
			}
		}
	case "rolls":
		if n, _ := strconv.Atoi(f.Value); n != len(rep.Rolls) {
			return fmt.Sprintf("%d dice rolled, want %s", len(rep.Rolls), f.Value)
		}
	case "breakdown":
		for _, m := range rep.Moves {
			if strings.Contains(m.Breakdown, f.Value) {
				return ""
			}
		}
		var bs []string
		for _, m := range rep.Moves {
			bs = append(bs, m.Det+": "+m.Breakdown)
		}
		return fmt.Sprintf("no move's breakdown contains %q (%s)", f.Value, strings.Join(bs, " | "))
	}
	return ""
}
