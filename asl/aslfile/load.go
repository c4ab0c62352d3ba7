// Package scenario reads scenario files (scenario-format.md) and plays and checks them.
//
// A scenario file is YAML: a map, units, the moves to adjudicate in move notation, and what the
// result should be (expect). [Load] turns a file into a ready [Scenario] or an [*scenario.Error] naming
// the file, line and field; [Scenario.Play] adjudicates the moves; [Scenario.Check] compares
// the outcome with the expectations.
package aslfile

import (
	"fmt"

	"strings"

	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
	"go.yaml.in/yaml/v3"
)

// Move is one step of the scenario's moves: as written, where, and parsed.
type Move struct {
	Text   string
	Line   int
	Action asl.Action // a unit step (Parsed.Kind == asl.LineUnit)
	Parsed asl.Line
}

// Scenario is a loaded scenario, ready to play.
type Scenario struct {
	File     string
	Name     string
	Ruleset  string
	Seed     uint64
	HasSeed  bool
	Dice     []int
	Game     *asl.Game
	Moves    []Move
	Expect   []scenario.Expectation
	Warnings []string // unknown fields and other things worth a look
	// Opponent is the side umpire plays (`opponent:`), or nil.
	Opponent *rules.Opponent
}

// reader reads an ASL scenario's own sections with the shared YAML walker.
type reader struct{ *scenario.Reader }

// vehicleFlags are a vehicle's true-or-false counter facts, by their keys.
var vehicleFlags = map[string]func(v *asl.Vehicle) *bool{
	"tracked": func(v *asl.Vehicle) *bool { return &v.Tracked },
	"red_mp":  func(v *asl.Vehicle) *bool { return &v.RedMP },
	"radio":   func(v *asl.Vehicle) *bool { return &v.Radio },
	"bu":      func(v *asl.Vehicle) *bool { return &v.BU },
	"afv":     func(v *asl.Vehicle) *bool { return &v.AFV },
	"towing":  func(v *asl.Vehicle) *bool { return &v.Towing },
	// truck_type, amphibious and waterproofed: rules-notes 1.2, 1.3 and 1.7.
	"truck_type":   func(v *asl.Vehicle) *bool { return &v.TruckType },
	"amphibious":   func(v *asl.Vehicle) *bool { return &v.Amphibious },
	"waterproofed": func(v *asl.Vehicle) *bool { return &v.Waterproofed },
}

// groundPressures and turrets are the words a vehicle's ground_pressure and turret take.
var (
	groundPressures = map[string]int{"low": -1, "normal": 0, "": 0, "high": 1}
	turrets         = map[string]asl.Turret{"T": asl.TurretT, "ST": asl.TurretST, "NT": asl.TurretNT}
)

var topFields = []string{"name", "ruleset", "seed", "dice", "map", "units", "moves", "expect", "phasing", "groups", "night", "notes", "description", "source", "objectives", "opponent"}

// readGroups reads groups: [{id, kind, members}] and forms them (D14.2, E11.1, E11.5).
func (r *reader) readGroups(n *yaml.Node, g *asl.Game) error {
	if err := r.CapList(n, "groups", rules.LimitGroups, "groups"); err != nil {
		return err
	}
	items, err := r.List(n, "groups")
	if err != nil {
		return err
	}
	for i, it := range items {
		field := fmt.Sprintf("groups[%d]", i+1)
		fs, err := r.Fields(it, field, "id", "kind", "members")
		if err != nil {
			return err
		}
		var id, kind string
		var members []int
		var kindNode, membersNode *yaml.Node
		for _, f := range fs {
			switch f.Key {
			case "id":
				if id, err = r.Str(f.V, field+".id"); err != nil {
					return err
				}
			case "kind":
				if kind, err = r.Str(f.V, field+".kind"); err != nil {
					return err
				}
				kindNode = f.V
			case "members":
				ids, nodes, err := r.StrList(f.V, field+".members")
				if err != nil {
					return err
				}
				membersNode = f.V
				for k, m := range ids {
					ui, ok := g.Unit(m)
					if !ok {
						return r.Errf(nodes[k], field+".members", "no unit %q", m)
					}
					members = append(members, ui)
				}
			}
		}
		if id == "" || strings.ContainsAny(id, " \t:,") {
			return r.Errf(it, field+".id", "missing or bad: a group needs an id, one word without spaces, commas or colons")
		}
		k, perr := asl.ParseGroupKind(kind)
		if perr != nil {
			if kindNode == nil {
				kindNode = it
			}
			return r.Errf(kindNode, field+".kind", "%v", perr)
		}
		if membersNode == nil {
			return r.Errf(it, field+".members", "missing: list the members (lead first for a Convoy or Column)")
		}
		if err := g.AddGroup(id, k, members); err != nil {
			return r.Errf(membersNode, "groups."+id, "%v", err)
		}
	}
	return nil
}

// Load reads a scenario file. name is used in error messages.
//
// It reads the header (name, ruleset, seed, dice), the map, the units and phasing, then the
// moves against a scratch game (night and groups set up first, so ids, hexes and groups are
// checked now, with lines), infers the phasing side if none is given, and reads the expectations.
func Load(name string, data []byte) (s *Scenario, err error) {
	return LoadLimited(name, data, rules.Limits{})
}

// LoadLimited is Load under lim (see rules.Limits): the boards, the layout's hexes, the units,
// the groups and the moves are each counted before they are made.
func LoadLimited(name string, data []byte, lim rules.Limits) (s *Scenario, err error) {
	defer scenario.Recover(name, &err)
	r := &reader{scenario.NewReader(name)}
	r.Limits = lim
	doc, err := r.Document(data) // every id, name, move and value checked by rules.CheckText
	if err != nil {
		return nil, err
	}
	root := scenario.Deref(doc)
	top, err := r.Fields(root, "", topFields...)
	if err != nil {
		return nil, err
	}
	s = &Scenario{File: name, Ruleset: "asl"}
	get := map[string]scenario.KV{}
	for _, f := range top {
		get[f.Key] = f
	}
	if err := r.readHeader(get, s); err != nil {
		return nil, err
	}
	mf, ok := get["map"]
	if !ok {
		return nil, r.Errf(root, "map", "missing: a scenario needs a map (boards: [\"2\"] at least)")
	}
	m, err := r.readMap(mf.V)
	if err != nil {
		return nil, err
	}
	uf, ok := get["units"]
	if !ok {
		return nil, r.Errf(root, "units", "missing: a scenario needs units")
	}
	units, err := r.readUnits(uf.V, m)
	if err != nil {
		return nil, err
	}
	phasing := ""
	if f, ok := get["phasing"]; ok {
		if phasing, err = r.Str(f.V, "phasing"); err != nil {
			return nil, err
		}
	}
	g, err := r.scratchGame(get, m, units)
	if err != nil {
		return nil, err
	}
	if f, ok := get["moves"]; ok {
		if s.Moves, err = r.readMoves(f.V, g); err != nil {
			return nil, err
		}
	}
	if phasing == "" {
		phasing = inferPhasing(s.Moves, units, g)
	}
	if f, ok := get["expect"]; ok {
		if s.Expect, err = r.readExpect(f.V, m.Layout, units, len(s.Moves)); err != nil {
			return nil, err
		}
	}
	g.BeginMPh(phasing)
	if f, ok := get["objectives"]; ok {
		if err := r.readObjectives(f.V, g); err != nil {
			return nil, err
		}
	}
	if f, ok := get["opponent"]; ok {
		if s.Opponent, err = r.ReadOpponent(f.V, unitSides(g.Units)); err != nil {
			return nil, err
		}
	}
	s.Game = g
	s.Warnings = r.Warnings
	return s, nil
}

// readHeader reads the top-level facts before the map: name, ruleset (asl, or an error), seed
// and dice.
func (r *reader) readHeader(get map[string]scenario.KV, s *Scenario) error {
	var err error
	if f, ok := get["name"]; ok {
		if s.Name, err = r.Str(f.V, "name"); err != nil {
			return err
		}
	}
	if f, ok := get["ruleset"]; ok {
		if s.Ruleset, err = r.Str(f.V, "ruleset"); err != nil {
			return err
		}
		s.Ruleset = strings.ToLower(strings.TrimSpace(s.Ruleset))
		if s.Ruleset != "asl" {
			return r.Errf(f.V, "ruleset", "unknown ruleset %q here: this reader reads ruleset: asl files (rules.Load picks the reader a file names)", s.Ruleset)
		}
	}
	if f, ok := get["seed"]; ok {
		v, err := r.Integer(f.V, "seed", 0, 1<<62)
		if err != nil {
			return err
		}
		s.Seed, s.HasSeed = uint64(v), true
	}
	if f, ok := get["dice"]; ok {
		if s.Dice, err = r.readDice(f.V); err != nil {
			return err
		}
	}
	return nil
}

// readDice reads dice: the next rolls, each a DR or dr (1 to 12), or a DR as its two dice, [d1, d2].
func (r *reader) readDice(n *yaml.Node) ([]int, error) {
	items, err := r.List(n, "dice")
	if err != nil {
		return nil, err
	}
	var dice []int
	for _, it := range items {
		it = scenario.Deref(it)
		if it.Kind == yaml.SequenceNode { // [d1, d2]: one DR as its two dice
			sum := 0
			for _, d := range it.Content {
				v, err := r.Integer(d, "dice", 1, 6)
				if err != nil {
					return nil, err
				}
				sum += v
			}
			if len(it.Content) != 2 {
				return nil, r.Errf(it, "dice", "a roll given as a list is a DR: two dice, like [3, 4]")
			}
			dice = append(dice, sum)
			continue
		}
		v, err := r.Integer(it, "dice", 1, 12)
		if err != nil {
			return nil, err
		}
		dice = append(dice, v)
	}
	return dice, nil
}

// scratchGame sets up the game the moves are read against: the map and units, night, and the
// groups, so unit ids, hexes and groups in the moves are checked now, with lines.
func (r *reader) scratchGame(get map[string]scenario.KV, m *asl.Map, units []asl.Unit) (*asl.Game, error) {
	var err error
	g := asl.NewGame(m, units, "")
	if f, ok := get["night"]; ok {
		if g.Night, err = r.Boolean(f.V, "night"); err != nil {
			return nil, err
		}
	}
	if f, ok := get["groups"]; ok {
		if err := r.readGroups(f.V, g); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// readMoves reads moves: each line parsed against the scratch game g, an error naming its line.
func (r *reader) readMoves(n *yaml.Node, g *asl.Game) ([]Move, error) {
	if err := r.CapList(n, "moves", rules.LimitMoves, "moves"); err != nil {
		return nil, err
	}
	items, err := r.List(n, "moves")
	if err != nil {
		return nil, err
	}
	var moves []Move
	for _, it := range items {
		text, err := r.Str(it, "moves")
		if err != nil {
			return nil, err
		}
		l, perr := g.ParseLine(text)
		if perr != nil {
			return nil, r.Errf(it, "moves", "%v", perr)
		}
		moves = append(moves, Move{Text: text, Line: scenario.Deref(it).Line, Action: l.Action, Parsed: l})
	}
	return moves, nil
}

// inferPhasing is the phasing side of a file that names none: the side of the first move that
// shows who moves, or else the first unit's side, or the other side when the moves include a
// DEFENDER's Motion Attempt.
func inferPhasing(moves []Move, units []asl.Unit, g *asl.Game) string {
	phasing := firstMover(moves, units, g)
	if phasing == "" && len(units) > 0 {
		phasing = defaultPhasing(moves, units)
	}
	return phasing
}

// firstMover is the side of the first move that shows who moves: an mph line, a unit's own
// step (not an attack or Motion Attempt, which the DEFENDER makes), or a group's or several
// units' step (its lead or first unit); "" if none does.
func firstMover(moves []Move, units []asl.Unit, g *asl.Game) string {
	for _, mv := range moves {
		switch mv.Parsed.Kind {
		case asl.LineMPh, asl.LineAPh:
			return mv.Parsed.Side
		case asl.LineUnit:
			if mv.Parsed.GroupID == "" && mv.Action.Verb != asl.VerbAttack && mv.Action.Verb != asl.VerbMotionAttempt {
				return units[mv.Action.Unit].Side
			}
		default:
			if gi, ok := g.Group(mv.Parsed.GroupID); ok && len(g.Groups[gi].Members) > 0 {
				return units[g.Groups[gi].Members[0]].Side
			}
			if len(mv.Parsed.Units) > 0 {
				return units[mv.Parsed.Units[0]].Side
			}
		}
	}
	return ""
}

// defaultPhasing is the first unit's side, unless the first single unit's Motion Attempt among
// the moves shows that unit is the DEFENDER: then the first unit of another side.
func defaultPhasing(moves []Move, units []asl.Unit) string {
	phasing := units[0].Side
	for _, mv := range moves {
		if mv.Parsed.Kind == asl.LineUnit && mv.Parsed.GroupID == "" && mv.Action.Verb == asl.VerbMotionAttempt {
			// only DEFENDER actions: the other side is moving
			for _, u := range units {
				if u.Side != units[mv.Action.Unit].Side {
					phasing = u.Side
					break
				}
			}
			break
		}
	}
	return phasing
}

var unitFields = []string{"id", "side", "vehicle", "infantry", "cavalry", "at", "vca", "motion", "bypass", "cafp", "on_road", "immobile", "bu", "fired", "ti", "fire_marker", "first_fire", "can_attack", "nationality", "hidden", "pinned", "concealed", "broken", "recalled"}
var vehicleFields = []string{"name", "mp", "class", "tracked", "red_mp", "radio", "rev", "maker", "bu", "afv", "towing", "morale", "ground_pressure", "stalls_on", "turret", "fully_tracked", "pp", "truck_type", "amphibious", "waterproofed"}

// readUnits reads units: each unit in turn, then checks there is at least one and that every
// can_attack names a unit of the scenario.
func (r *reader) readUnits(n *yaml.Node, m *asl.Map) ([]asl.Unit, error) {
	if err := r.CapList(n, "units", rules.LimitUnits, "units"); err != nil {
		return nil, err
	}
	items, err := r.List(n, "units")
	if err != nil {
		return nil, err
	}
	var units []asl.Unit
	ids := map[string]bool{}
	for i, it := range items {
		u, err := r.readUnit(it, fmt.Sprintf("units[%d]", i+1), m, ids)
		if err != nil {
			return nil, err
		}
		units = append(units, u)
	}
	if len(units) == 0 {
		return nil, r.Errf(n, "units", "a scenario needs at least one unit")
	}
	for _, u := range units {
		for _, c := range u.CanAttack {
			if c != "*" && !ids[c] {
				return nil, r.Errf(n, "units."+u.ID+".can_attack", "no unit %q", c)
			}
		}
	}
	return units, nil
}

// readUnit reads one unit (field units[N] until its id is known, then units.ID): its id and
// side, its counter (infantry, cavalry or vehicle), where it is (at, then vca or bypass and
// cafp), and its markers and states. ids holds the ids read so far; the unit's own is added.
func (r *reader) readUnit(it *yaml.Node, field string, m *asl.Map, ids map[string]bool) (asl.Unit, error) {
	fs, err := r.Fields(it, field, unitFields...)
	if err != nil {
		return asl.Unit{}, err
	}
	get := map[string]scenario.KV{}
	for _, f := range fs {
		get[f.Key] = f
	}
	u := asl.Unit{}
	idf, ok := get["id"]
	if !ok {
		return asl.Unit{}, r.Errf(it, field+".id", "missing: every unit needs an id")
	}
	if u.ID, err = r.Str(idf.V, field+".id"); err != nil {
		return asl.Unit{}, err
	}
	if u.ID == "" || strings.ContainsAny(u.ID, " \t:,") || strings.EqualFold(u.ID, "attack") || strings.EqualFold(u.ID, "motion-attempt") {
		return asl.Unit{}, r.Errf(idf.V, field+".id", "%q: an id is one word without spaces, commas or colons, and not a verb", u.ID)
	}
	if ids[u.ID] {
		return asl.Unit{}, r.Errf(idf.V, field+".id", "%q is used by two units", u.ID)
	}
	ids[u.ID] = true
	field = "units." + u.ID
	if f, ok := get["side"]; ok {
		if u.Side, err = r.Str(f.V, field+".side"); err != nil {
			return asl.Unit{}, err
		}
	} else {
		return asl.Unit{}, r.Errf(it, field+".side", "missing: say whose unit it is (side: German)")
	}
	if u.V, err = r.readCounter(it, get, field, u.Side); err != nil {
		return asl.Unit{}, err
	}
	if err := r.readAt(it, get, field, &u, m); err != nil {
		return asl.Unit{}, err
	}
	if err := r.readPosition(get, field, &u, m); err != nil {
		return asl.Unit{}, err
	}
	if err := r.readUnitStates(fs, field, &u); err != nil {
		return asl.Unit{}, err
	}
	if u.Motion && u.Immobile != asl.Mobile {
		return asl.Unit{}, r.Errf(get["motion"].V, field+".motion", "an Immobile vehicle has no Motion counter (D2.4)")
	}
	return u, nil
}

// readCounter reads a unit's counter facts: infantry, else cavalry, else vehicle (one of them
// is required).
func (r *reader) readCounter(it *yaml.Node, get map[string]scenario.KV, field, side string) (*asl.Vehicle, error) {
	if inf, ok := get["infantry"]; ok {
		return r.readFoot(inf.V, field+".infantry", asl.Infantry)
	} else if cav, ok := get["cavalry"]; ok {
		return r.readFoot(cav.V, field+".cavalry", asl.Cavalry)
	} else if vf, ok := get["vehicle"]; ok {
		return r.readVehicle(vf.V, field+".vehicle", side)
	}
	return nil, r.Errf(it, field+".vehicle", "missing: give the counter facts, like vehicle: {name: PzKpfw IVH, mp: 14, class: tank}, or infantry: {name: 4-6-7} / cavalry: {name: 4-4-7}")
}

// readAt reads a unit's at: a hex of the map (on its road if the hex has one), or offboard.
func (r *reader) readAt(it *yaml.Node, get map[string]scenario.KV, field string, u *asl.Unit, m *asl.Map) error {
	af, ok := get["at"]
	if !ok {
		return r.Errf(it, field+".at", "missing: where the unit is (a hex, or offboard)")
	}
	v := scenario.Deref(af.V)
	if v.Kind == yaml.MappingNode {
		return r.readAtBelow(v, field+".at", u, m)
	}
	at, err := r.Str(v, field+".at")
	if err != nil {
		return err
	}
	if strings.EqualFold(at, "offboard") {
		u.Pos.Offboard = true
		return nil
	}
	h, perr := m.Layout.Parse(at)
	if perr != nil {
		return r.Errf(af.V, field+".at", "%v", perr)
	}
	u.Pos.Hex = h
	u.Pos.OnRoad = m.HasRoad(h)
	return nil
}

// readAtBelow reads at: {hex: H, below: true}: a unit in the terrain below the bridge of H
// (rules-notes 1.2), off the road.
func (r *reader) readAtBelow(v *yaml.Node, field string, u *asl.Unit, m *asl.Map) error {
	fs, err := r.Fields(v, field, "hex", "below")
	if err != nil {
		return err
	}
	at, below := "", false
	for _, f := range fs {
		switch f.Key {
		case "hex":
			at, err = r.Str(f.V, field+".hex")
		case "below":
			below, err = r.Boolean(f.V, field+".below")
		}
		if err != nil {
			return err
		}
	}
	if at == "" {
		return r.Errf(v, field+".hex", "missing: the hex, like {hex: 4K5, below: true}")
	}
	h, perr := m.Layout.Parse(at)
	if perr != nil {
		return r.Errf(v, field+".hex", "%v", perr)
	}
	if below && !asl.BridgeChart[m.At(h).Bridge].Separate {
		return r.Errf(v, field+".below", "%s has no bridge that is a Location apart from the terrain below it (a stone, wooden or foot bridge)", m.Layout.Name(h))
	}
	u.Pos.Hex, u.Pos.Below = h, below
	u.Pos.OnRoad = m.HasRoad(h) && !below
	return nil
}

// unitFlags are a unit's true-or-false markers and states, by their keys.
var unitFlags = map[string]func(u *asl.Unit) *bool{
	"motion":      func(u *asl.Unit) *bool { return &u.Motion },
	"on_road":     func(u *asl.Unit) *bool { return &u.Pos.OnRoad },
	"bu":          func(u *asl.Unit) *bool { return &u.V.BU },
	"fired":       func(u *asl.Unit) *bool { return &u.FiredPFPh },
	"hidden":      func(u *asl.Unit) *bool { return &u.Hidden },
	"pinned":      func(u *asl.Unit) *bool { return &u.Pinned },
	"concealed":   func(u *asl.Unit) *bool { return &u.Concealed },
	"broken":      func(u *asl.Unit) *bool { return &u.Broken },
	"recalled":    func(u *asl.Unit) *bool { return &u.Recalled },
	"ti":          func(u *asl.Unit) *bool { return &u.TI },
	"fire_marker": func(u *asl.Unit) *bool { return &u.FireMarker },
	"first_fire":  func(u *asl.Unit) *bool { return &u.FireMarker },
}

// readUnitStates reads a unit's markers and states, in the order the file gives them: motion,
// on_road, bu, fired, hidden, pinned, concealed, broken, recalled, ti, fire_marker (or
// first_fire), immobile and can_attack.
func (r *reader) readUnitStates(fs []scenario.KV, field string, u *asl.Unit) error {
	var err error
	for _, f := range fs {
		sub := field + "." + f.Key
		if flag, ok := unitFlags[f.Key]; ok {
			*flag(u), err = r.Boolean(f.V, sub)
		}
		switch f.Key {
		case "immobile":
			err = r.readImmobile(f.V, sub, u)
		case "can_attack":
			err = r.readCanAttack(f.V, sub, u)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readImmobile reads a unit's immobile: bogged, immobilized (or true, yes), or false (no, "").
func (r *reader) readImmobile(n *yaml.Node, sub string, u *asl.Unit) error {
	s, err := r.Str(n, sub)
	if err != nil {
		return err
	}
	switch strings.ToLower(s) {
	case "bogged":
		u.Immobile = asl.Bogged
	case "immobilized", "true", "yes":
		u.Immobile = asl.Immobilized
	case "false", "no", "":
	default:
		return r.Errf(n, sub, "expected bogged, immobilized or false, found %q", s)
	}
	return nil
}

// readCanAttack reads a unit's can_attack: true (any enemy AFV) or a list of enemy unit ids
// (checked once all units are read).
func (r *reader) readCanAttack(n *yaml.Node, sub string, u *asl.Unit) error {
	if scenario.Deref(n).Kind == yaml.ScalarNode {
		b, err := r.Boolean(n, sub)
		if err != nil {
			return r.Errf(n, sub, "expected true (any enemy AFV) or a list of enemy unit ids")
		}
		if b {
			u.CanAttack = []string{"*"}
		}
		return nil
	}
	var err error
	u.CanAttack, _, err = r.StrList(n, sub)
	return err
}

// readPosition reads vca, or bypass + cafp, for a unit.
func (r *reader) readPosition(get map[string]scenario.KV, field string, u *asl.Unit, m *asl.Map) error {
	lay := m.Layout
	vf, hasVCA := get["vca"]
	bf, hasBypass := get["bypass"]
	cf, hasCAFP := get["cafp"]
	if u.V.Class >= asl.Infantry && !hasVCA {
		return nil // Infantry and Cavalry have no VCA
	}
	if u.Pos.Offboard {
		if !hasVCA {
			return r.Errf(nil, field+".vca", "an offboard unit needs the VCA it will enter with, written for its entry hex")
		}
		// The VCA of an offboard unit is given by direction names or as for its entry hex;
		// it is resolved when it enters. Store it as a heading now.
		s, err := r.Str(vf.V, field+".vca")
		if err != nil {
			return err
		}
		h, err := headingByName(s)
		if err != nil {
			return r.Errf(vf.V, field+".vca", "%v", err)
		}
		u.Pos.Heading = h
		return nil
	}
	if hasBypass {
		spec, err := r.Str(bf.V, field+".bypass")
		if err != nil {
			return err
		}
		h, side, perr := lay.ParseHexside(spec)
		if perr != nil {
			return r.Errf(bf.V, field+".bypass", "%v", perr)
		}
		if h != u.Pos.Hex {
			return r.Errf(bf.V, field+".bypass", "write the hexside with the unit's own hex first (%s-...): a vehicle in Bypass occupies the obstacle hex (D2.36)", lay.Name(u.Pos.Hex))
		}
		if !hasCAFP {
			return r.Errf(bf.V, field+".cafp", "missing: a vehicle in Bypass needs its CAFP, the vertex it faces, like %s", lay.VertexName(hex.Vertex{Hex: h, Spine: hex.Spine(side)}))
		}
		cs, err := r.Str(cf.V, field+".cafp")
		if err != nil {
			return err
		}
		v, perr := lay.ParseVertex(cs)
		if perr != nil {
			return r.Errf(cf.V, field+".cafp", "%v", perr)
		}
		c, ok := v.SpineAt(h)
		a, b := side.Ends()
		if !ok || (c != a && c != b) {
			return r.Errf(cf.V, field+".cafp", "%q is not an end of hexside %s", cs, spec)
		}
		u.Pos.Bypass, u.Pos.Side, u.Pos.OnRoad = true, side, false
		if c == b {
			u.Pos.Heading = hex.Spine(side).Rotate(2)
		} else {
			u.Pos.Heading = hex.Spine(side).Rotate(5)
		}
		return nil
	}
	if !hasVCA {
		// Not every unit's facing matters (a DEFENDER that only watches); assume one, and say so.
		u.Pos.Heading = 0
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s: %s.vca: missing; assumed %s (its right-hand hexspine). Give the two hexes its front hexspine points between if its facing matters", r.File, field, lay.VCAName(u.Pos.Hex, 0)))
		return nil
	}
	s, err := r.Str(vf.V, field+".vca")
	if err != nil {
		return err
	}
	p, perr := lay.ParseVCA(u.Pos.Hex, s)
	if perr != nil {
		return r.Errf(vf.V, field+".vca", "%v", perr)
	}
	u.Pos.Heading = p
	return nil
}

// headingByName reads a hexspine direction by name, for offboard units: right, upper-right,
// upper-left, left, lower-left, lower-right.
func headingByName(s string) (hex.Spine, error) {
	for p := hex.Spine(0); p < 6; p++ {
		if strings.EqualFold(p.String(), strings.TrimSpace(s)) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("for an offboard unit write the direction it faces: right, upper-right, upper-left, left, lower-left or lower-right; found %q", s)
}

// readFoot reads an Infantry or Cavalry counter: {name, mf, leader} (rules-notes 1.6: Infantry
// 4 MF, a leader 6, Cavalry 12).
func (r *reader) readFoot(n *yaml.Node, field string, c asl.Class) (*asl.Vehicle, error) {
	v := &asl.Vehicle{Class: c, Radio: true, Morale: 7}
	fs, err := r.Fields(n, field, "name", "mf", "leader", "morale")
	if err != nil {
		return nil, err
	}
	mf := -1
	for _, f := range fs {
		sub := field + "." + f.Key
		switch f.Key {
		case "name":
			v.Name, err = r.Str(f.V, sub)
		case "mf":
			mf, err = r.Integer(f.V, sub, 1, 30)
		case "leader":
			v.Leader, err = r.Boolean(f.V, sub)
		case "morale":
			v.Morale, err = r.Integer(f.V, sub, 2, 12)
		}
		if err != nil {
			return nil, err
		}
	}
	if v.Leader && c != asl.Infantry {
		return nil, r.Errf(n, field+".leader", "a leader is Infantry")
	}
	switch {
	case mf >= 0:
		v.MP = mf
	case c == asl.Cavalry:
		v.MP = asl.CavalryMF
	case v.Leader:
		v.MP = asl.LeaderMF
	default:
		v.MP = asl.InfantryMF
	}
	return v, nil
}

func (r *reader) readVehicle(n *yaml.Node, field, side string) (*asl.Vehicle, error) {
	if d := scenario.Deref(n); d.Kind == yaml.ScalarNode || hasListing(d) {
		return r.readListed(n, field, side)
	}
	fs, err := r.Fields(n, field, vehicleFields...)
	if err != nil {
		return nil, err
	}
	get := map[string]scenario.KV{}
	for _, f := range fs {
		get[f.Key] = f
	}
	class := asl.Tank
	if f, ok := get["class"]; ok {
		s, err := r.Str(f.V, field+".class")
		if err != nil {
			return nil, err
		}
		if class, err = asl.ParseClass(s); err != nil {
			return nil, r.Errf(f.V, field+".class", "%v", err)
		}
	}
	mf, ok := get["mp"]
	if !ok {
		return nil, r.Errf(n, field+".mp", "missing: the printed MP allotment")
	}
	mp, err := r.Integer(mf.V, field+".mp", 1, 99)
	if err != nil {
		return nil, err
	}
	v := asl.NewVehicle("", class, mp)
	sideMaker(&v, side)
	return r.vehicleFacts(fs, field, v)
}

// sideMaker: a vehicle that names no listing and no maker was built by its side's nation
// (ESB, D2.5), or by one of D2.5's Others when the side names no maker.
func sideMaker(v *asl.Vehicle, side string) {
	if m, ok := asl.ParseMaker(side); ok {
		v.SetMaker(m, "its side")
		return
	}
	v.SetMaker(asl.MakerOthers, "side "+side)
}

// maker reads a vehicle's maker: (D2.5), which overrides its listing's and its side's.
func (r *reader) maker(n *yaml.Node, field string, v *asl.Vehicle) error {
	s, err := r.Str(n, field)
	if err != nil {
		return err
	}
	m, ok := asl.ParseMaker(s)
	if !ok {
		return r.Errf(n, field, "no maker %q: one of %s, or an origin mark such as (t)", s, asl.MakerChoices())
	}
	v.SetMaker(m, "set by the scenario")
	return nil
}

// hasListing: a vehicle mapping names a listing.
func hasListing(n *yaml.Node) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "listing" {
			return true
		}
	}
	return false
}

// vehicleFacts sets the counter facts written in fs on v (beside a listing, they override it).
func (r *reader) vehicleFacts(fs []scenario.KV, field string, v asl.Vehicle) (*asl.Vehicle, error) {
	for _, f := range fs {
		sub := field + "." + f.Key
		var err error
		if flag, ok := vehicleFlags[f.Key]; ok {
			*flag(&v), err = r.Boolean(f.V, sub)
		}
		switch f.Key {
		case "name":
			v.Name, err = r.Str(f.V, sub)
		case "mp":
			v.MP, err = r.Integer(f.V, sub, 1, 99)
		case "class":
			var s string
			if s, err = r.Str(f.V, sub); err == nil {
				if v.Class, err = asl.ParseClass(s); err != nil {
					err = r.Errf(f.V, sub, "%v", err)
				}
			}
		case "fully_tracked":
			var ft bool
			if ft, err = r.Boolean(f.V, sub); ft {
				v.Tracked = true
			}
		case "rev":
			v.Rev, err = r.Integer(f.V, sub, 1, 9)
		case "maker":
			err = r.maker(f.V, sub, &v)
		case "morale":
			v.Morale, err = r.Integer(f.V, sub, 2, 12)
		case "stalls_on":
			v.StallsOn, err = r.Integer(f.V, sub, 2, 13)
		case "pp":
			v.PP, err = r.Integer(f.V, sub, 0, 40)
		case "ground_pressure":
			v.GroundPressure, err = scenario.Choose(r.Reader, f.V, sub, strings.ToLower, groundPressures, "expected low, normal or high, found %q")
		case "turret":
			v.Turret, err = scenario.Choose(r.Reader, f.V, sub, strings.ToUpper, turrets, "expected T, ST or NT, found %q")
		}
		if err != nil {
			return nil, err
		}
	}
	return &v, nil
}
