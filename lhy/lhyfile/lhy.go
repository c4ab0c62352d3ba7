package lhyfile

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/rules"
	"github.com/umpire-referee/umpire/scenario"
	"go.yaml.in/yaml/v3"
)

// reader reads this ruleset's own sections with the shared YAML walker.
type reader struct{ *scenario.Reader }

// LHY is a loaded `ruleset: lhy` scenario: a map, units, the Assaults and fire to resolve, and
// what should come of them.
type LHY struct {
	File     string
	Name     string
	Seed     uint64
	HasSeed  bool
	Dice     []int
	Game     *lhy.Game
	Moves    []rules.Move
	Expect   []scenario.Expectation
	Warnings []string
	// Opponent is the side umpire is to play (`opponent:`), or nil.
	Opponent *rules.Opponent
}

var lhyTop = []string{"name", "ruleset", "seed", "dice", "map", "units", "moves", "expect", "date", "night", "turn", "readings", "notes", "description", "source", "opponent", "objectives"}
var lhyMapFields = []string{"size", "hexes", "walls", "hedgerows", "rivers", "blocked"}
var lhyUnitFields = []string{"id", "side", "nationality", "kind", "at", "cohesion", "assault", "sa", "atv", "av", "aev", "steps", "full", "company", "platoon", "combat",
	"concealed", "disrupted", "regrouping", "heroic", "shocked", "motion", "out_of_command", "sunken_via_hedgerow", "rider", "passenger", "assaulted", "advanced", "eliminated", "reduced"}
var lhyHexFields = []string{"terrain", "level", "ip", "impact"}

// LHYUnitExpect and LHYStepExpect are the fields an LHY expect block may check.
var (
	LHYUnitExpect = []string{"at", "steps", "eliminated", "destroyed", "concealed", "disrupted", "regrouping", "heroic", "shocked", "motion", "rider", "reduced", "advanced"}
	LHYStepExpect = []string{"error", "roll", "final", "drm", "row", "loser", "breakdown", "events", "no_events", "event", "odds", "rolls"}
)

// LoadLHY reads a `ruleset: lhy` scenario. name is used in error messages.
func LoadLHY(name string, data []byte) (s *LHY, err error) {
	return LoadLHYLimited(name, data, rules.Limits{})
}

// LoadLHYLimited is LoadLHY under lim (see rules.Limits): the map's hexes, the units and the
// moves are each counted before they are made.
func LoadLHYLimited(name string, data []byte, lim rules.Limits) (s *LHY, err error) {
	defer scenario.Recover(name, &err)
	r := &reader{scenario.NewReader(name)}
	r.Limits = lim
	root, get, h, err := r.Begin(data, "lhy", 10, lhyTop) // every id, name, move and value checked by rules.CheckText
	if err != nil {
		return nil, err
	}
	s = &LHY{File: name, Name: h.Name, Seed: h.Seed, HasSeed: h.HasSeed, Dice: h.Dice}
	var m *lhy.Map
	if f, ok := get["map"]; ok {
		if m, err = r.readLHYMap(f.V); err != nil {
			return nil, err
		}
	} else {
		if err := r.Cap(root, "map", rules.LimitHexes, 33*10, "%s's map is 33 x 10 = 330 hexes (no map: given)", r.TheFile()); err != nil {
			return nil, err
		}
		m = lhy.NewMap(33, 10)
	}
	g := &lhy.Game{Map: m, Turn: 1}
	if f, ok := get["date"]; ok {
		ds, err := r.Str(f.V, "date")
		if err != nil {
			return nil, err
		}
		d, perr := ParseLHYDate(ds)
		if perr != nil {
			return nil, r.Errf(f.V, "date", "%v", perr)
		}
		g.Date = d
	}
	if f, ok := get["night"]; ok {
		if g.Night, err = r.Boolean(f.V, "night"); err != nil {
			return nil, err
		}
	}
	if f, ok := get["turn"]; ok {
		if g.Turn, err = r.Integer(f.V, "turn", 1, 1000); err != nil {
			return nil, err
		}
	}
	if f, ok := get["readings"]; ok {
		if g.Readings, err = r.readReadings(f.V); err != nil {
			return nil, err
		}
	}
	uf, ok := get["units"]
	if !ok {
		return nil, r.Errf(root, "units", "missing: a scenario needs units")
	}
	if err := r.readLHYUnits(uf.V, g); err != nil {
		return nil, err
	}
	parse := func(text string) error { _, err := lhy.Parse(g, text); return err }
	expect := func(n *yaml.Node, nMoves int) ([]scenario.Expectation, error) { return r.readLHYExpect(n, g, nMoves) }
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
		for i := range g.Units {
			sides = rules.Cite(sides, g.Units[i].Side)
		}
		if s.Opponent, err = r.ReadOpponent(f.V, sides); err != nil {
			return nil, err
		}
	}
	s.Game = g
	s.Warnings = r.Warnings
	return s, nil
}

// readReadings reads `readings: {KEY: yes|no}`: for each reading the player aid leaves open
// (lhy.Readings), yes plays the default and no the other reading. An unknown key or answer is
// an error at its line.
func (r *reader) readReadings(n *yaml.Node) (lhy.ReadingSet, error) {
	var set lhy.ReadingSet
	fs, err := r.Fields(n, "readings")
	if err != nil {
		return 0, err
	}
	for _, f := range fs {
		rd, perr := lhy.ParseReading(f.Key)
		if perr != nil {
			return 0, r.Errf(f.K, "readings", "%v", perr)
		}
		v := scenario.Deref(f.V)
		if v.Kind != yaml.ScalarNode {
			return 0, r.Errf(f.V, "readings."+f.Key, "write yes (the default reading) or no (the other reading)")
		}
		other, perr := lhy.ParseReadingValue(v.Value)
		if perr != nil {
			return 0, r.Errf(f.V, "readings."+f.Key, "%v", perr)
		}
		set = set.With(rd, other)
	}
	return set, nil
}

// ParseLHYDate reads a scenario date: 1944-06, 6/44 or 1944.
func ParseLHYDate(s string) (lhy.Date, error) {
	t := strings.TrimSpace(s)
	var y, m int
	switch {
	case strings.Contains(t, "-"):
		if _, err := fmt.Sscanf(t, "%d-%d", &y, &m); err != nil {
			return 0, fmt.Errorf("%q: write a date as 1944-06 or 6/44", s)
		}
	case strings.Contains(t, "/"):
		if _, err := fmt.Sscanf(t, "%d/%d", &m, &y); err != nil {
			return 0, fmt.Errorf("%q: write a date as 1944-06 or 6/44", s)
		}
		if y < 100 {
			y += 1900
		}
	default:
		v, err := strconv.Atoi(t)
		if err != nil {
			return 0, fmt.Errorf("%q: write a date as 1944-06 or 6/44", s)
		}
		y, m = v, 1
	}
	if y < 1900 || y > 2100 || m < 1 || m > 12 {
		return 0, fmt.Errorf("%q is not a month of a year", s)
	}
	return lhy.MakeDate(y, m), nil
}

func (r *reader) readLHYMap(n *yaml.Node) (*lhy.Map, error) {
	fs, err := r.Fields(n, "map", lhyMapFields...)
	if err != nil {
		return nil, err
	}
	m := lhy.NewMap(33, 10)
	for _, f := range fs {
		if f.Key != "size" {
			continue
		}
		items, err := r.List(f.V, "map.size")
		if err != nil {
			return nil, err
		}
		if len(items) != 2 {
			return nil, r.Errf(f.V, "map.size", "write [columns, rows], like [33, 10]")
		}
		c, err := r.Integer(items[0], "map.size", 1, 52)
		if err != nil {
			return nil, err
		}
		rows, err := r.Integer(items[1], "map.size", 1, 200)
		if err != nil {
			return nil, err
		}
		if err := r.Cap(f.V, "map.size", rules.LimitHexes, c*rows, "%s's map is %d x %d = %d hexes", r.TheFile(), c, rows, c*rows); err != nil {
			return nil, err
		}
		m = lhy.NewMap(c, rows)
	}
	for _, f := range fs {
		switch f.Key {
		case "hexes":
			hs, err := r.Fields(f.V, "map.hexes")
			if err != nil {
				return nil, err
			}
			for _, h := range hs {
				at, perr := m.Parse(h.Key)
				if perr != nil {
					return nil, r.Errf(h.K, "map.hexes", "%v", perr)
				}
				info, err := r.readLHYHex(h.V, "map.hexes."+h.Key)
				if err != nil {
					return nil, err
				}
				m.Hexes[at] = info
			}
		case "walls", "hedgerows", "rivers", "blocked":
			feature := map[string]lhy.Hexside{"walls": lhy.Wall, "hedgerows": lhy.Hedgerow, "rivers": lhy.RiverSide, "blocked": lhy.Blocked}[f.Key]
			sides, nodes, err := r.StrList(f.V, "map."+f.Key)
			if err != nil {
				return nil, err
			}
			for i, sd := range sides {
				a, b, ok := strings.Cut(sd, "-")
				if !ok {
					return nil, r.Errf(nodes[i], "map."+f.Key, "%q: write a hexside as two adjacent hexes, like C4-D4", sd)
				}
				ha, e1 := m.Parse(a)
				hb, e2 := m.Parse(b)
				if e1 != nil || e2 != nil {
					return nil, r.Errf(nodes[i], "map."+f.Key, "%q: %v", sd, firstErr(e1, e2))
				}
				if err := m.SetSide(ha, hb, feature); err != nil {
					return nil, r.Errf(nodes[i], "map."+f.Key, "%v", err)
				}
			}
		}
	}
	return m, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (r *reader) readLHYHex(n *yaml.Node, field string) (lhy.HexInfo, error) {
	var info lhy.HexInfo
	n = scenario.Deref(n)
	if n.Kind == yaml.ScalarNode {
		t, err := lhy.ParseTerrain(n.Value)
		if err != nil {
			return info, r.Errf(n, field, "%v", err)
		}
		info.Terrain = t
		return info, nil
	}
	fs, err := r.Fields(n, field, lhyHexFields...)
	if err != nil {
		return info, err
	}
	for _, f := range fs {
		switch f.Key {
		case "terrain":
			s, err := r.Str(f.V, field+".terrain")
			if err != nil {
				return info, err
			}
			if info.Terrain, err = lhy.ParseTerrain(s); err != nil {
				return info, r.Errf(f.V, field+".terrain", "%v", err)
			}
		case "level":
			v, err := r.Integer(f.V, field+".level", -5, 20)
			if err != nil {
				return info, err
			}
			info.Level = int8(v)
		case "ip":
			if info.IP, err = r.Boolean(f.V, field+".ip"); err != nil {
				return info, err
			}
		case "impact":
			if info.Impact, err = r.Boolean(f.V, field+".impact"); err != nil {
				return info, err
			}
		}
	}
	return info, nil
}

// readLHYUnits reads units into g: each unit in turn, then puts each rider on its vehicle.
func (r *reader) readLHYUnits(n *yaml.Node, g *lhy.Game) error {
	if err := r.CapList(n, "units", rules.LimitUnits, "units"); err != nil {
		return err
	}
	items, err := r.List(n, "units")
	if err != nil {
		return err
	}
	riders := map[int]*yaml.Node{}
	for k, it := range items {
		u, rn, err := r.readLHYUnit(it, fmt.Sprintf("units[%d]", k+1), g)
		if err != nil {
			return err
		}
		if u.Rider != "" {
			riders[len(g.Units)] = rn
		}
		g.Units = append(g.Units, u)
	}
	return r.mountLHYRiders(riders, g)
}

// readLHYUnit reads one unit (field units[N] until its id is known, then units.ID): who and
// where it is, its numbers, its states, and its company, platoon and rider. It also gives the
// rider's node, for mountLHYRiders when the unit rides a vehicle.
func (r *reader) readLHYUnit(it *yaml.Node, field string, g *lhy.Game) (lhy.Unit, *yaml.Node, error) {
	fs, err := r.Fields(it, field, lhyUnitFields...)
	if err != nil {
		return lhy.Unit{}, nil, err
	}
	get := map[string]scenario.KV{}
	for _, f := range fs {
		get[f.Key] = f
	}
	u, err := r.readLHYUnitIdentity(it, get, field, g)
	if err != nil {
		return lhy.Unit{}, nil, err
	}
	field = "units." + u.ID
	if err := r.readLHYUnitNumbers(get, field, &u); err != nil {
		return lhy.Unit{}, nil, err
	}
	if err := r.readLHYUnitStates(get, field, &u); err != nil {
		return lhy.Unit{}, nil, err
	}
	if u.Company, _, err = r.unitStr(get, field, "company"); err != nil {
		return lhy.Unit{}, nil, err
	}
	if u.Platoon, _, err = r.unitStr(get, field, "platoon"); err != nil {
		return lhy.Unit{}, nil, err
	}
	var riderNode *yaml.Node
	if rs, rn, err := r.unitStr(get, field, "rider"); err != nil {
		return lhy.Unit{}, nil, err
	} else if rs != "" {
		u.Rider = rs
		riderNode = rn
	}
	return u, riderNode, nil
}

// unitStr reads the string field key of a unit, trimmed, with its node; "" and nil if absent.
func (r *reader) unitStr(get map[string]scenario.KV, field, key string) (string, *yaml.Node, error) {
	f, ok := get[key]
	if !ok {
		return "", nil, nil
	}
	s, err := r.Str(f.V, field+"."+key)
	return strings.TrimSpace(s), f.V, err
}

// readLHYUnitIdentity reads who and where a unit is: its id (new to g), nationality and side
// (each defaults to the other), kind and hex, and makes the unit with its kind's defaults.
func (r *reader) readLHYUnitIdentity(it *yaml.Node, get map[string]scenario.KV, field string, g *lhy.Game) (lhy.Unit, error) {
	id, _, err := r.unitStr(get, field, "id")
	if err != nil {
		return lhy.Unit{}, err
	}
	if id == "" || strings.ContainsAny(id, " \t,:@") {
		return lhy.Unit{}, r.Errf(it, field+".id", "missing or bad: a unit needs an id, one word without spaces, commas, colons or @")
	}
	if _, dup := g.Unit(id); dup {
		return lhy.Unit{}, r.Errf(it, field+".id", "%q is used twice", id)
	}
	field = "units." + id
	ns, nn, err := r.unitStr(get, field, "nationality")
	if err != nil {
		return lhy.Unit{}, err
	}
	side, _, err := r.unitStr(get, field, "side")
	if err != nil {
		return lhy.Unit{}, err
	}
	if ns == "" {
		ns = side
		nn = it
	}
	nat, perr := lhy.ParseNation(ns)
	if perr != nil {
		return lhy.Unit{}, r.Errf(nn, field+".nationality", "%v", perr)
	}
	if side == "" {
		side = string(nat)
	}
	ks, kn, err := r.unitStr(get, field, "kind")
	if err != nil {
		return lhy.Unit{}, err
	}
	if kn == nil {
		kn = it
	}
	kind, perr := lhy.ParseKind(ks)
	if perr != nil {
		return lhy.Unit{}, r.Errf(kn, field+".kind", "%v", perr)
	}
	as, an, err := r.unitStr(get, field, "at")
	if err != nil {
		return lhy.Unit{}, err
	}
	if an == nil {
		return lhy.Unit{}, r.Errf(it, field+".at", "missing: the hex the unit is in")
	}
	at, perr := g.Map.Parse(as)
	if perr != nil {
		return lhy.Unit{}, r.Errf(an, field+".at", "%v", perr)
	}
	return lhy.NewUnit(id, side, nat, kind, at), nil
}

// readLHYUnitNumbers reads a unit's printed numbers (cohesion, assault, sa, atv, av, aev) and
// its full and current steps: full alone sets steps too, steps alone raises full to match, and
// steps may not exceed full.
func (r *reader) readLHYUnitNumbers(get map[string]scenario.KV, field string, u *lhy.Unit) error {
	ints := []struct {
		Key    string
		p      *int8
		lo, hi int
	}{{"cohesion", &u.Cohesion, 0, 10}, {"assault", &u.Assault, -5, 20}, {"sa", &u.SA, -5, 20}, {"atv", &u.ATV, -1, 20},
		{"av", &u.AV, -1, 20}, {"aev", &u.AEV, -1, 20}, {"full", &u.Full, 0, 4}, {"steps", &u.Steps, 0, 4}}
	for _, x := range ints {
		if f, ok := get[x.Key]; ok {
			v, err := r.Integer(f.V, field+"."+x.Key, x.lo, x.hi)
			if err != nil {
				return err
			}
			*x.p = int8(v)
			if x.Key == "full" {
				if _, ok := get["steps"]; !ok {
					u.Steps = int8(v)
				}
			}
		}
	}
	if f, ok := get["steps"]; ok {
		if _, ok := get["full"]; !ok && u.Steps > u.Full {
			u.Full = u.Steps
		}
		if u.Steps > u.Full {
			return r.Errf(f.V, field+".steps", "%d steps is more than the unit's full %d", u.Steps, u.Full)
		}
	}
	return nil
}

// readLHYUnitStates reads a unit's states and markers (combat, concealed, disrupted, ... ,
// eliminated), then reduced (one step off full); only an AFV may be Shocked.
func (r *reader) readLHYUnitStates(get map[string]scenario.KV, field string, u *lhy.Unit) error {
	var err error
	bools := []struct {
		Key string
		p   *bool
	}{{"combat", &u.Combat}, {"concealed", &u.Concealed}, {"disrupted", &u.Disrupted}, {"regrouping", &u.Regrouping},
		{"heroic", &u.Heroic}, {"shocked", &u.Shocked}, {"motion", &u.Motion}, {"out_of_command", &u.OutOfCommand},
		{"sunken_via_hedgerow", &u.SunkenViaHedgerow}, {"passenger", &u.Passenger}, {"assaulted", &u.Assaulted},
		{"advanced", &u.Advanced}, {"eliminated", &u.Eliminated}}
	for _, x := range bools {
		if f, ok := get[x.Key]; ok {
			if *x.p, err = r.Boolean(f.V, field+"."+x.Key); err != nil {
				return err
			}
		}
	}
	if f, ok := get["reduced"]; ok {
		red, err := r.Boolean(f.V, field+".reduced")
		if err != nil {
			return err
		}
		if red && u.Full > 1 {
			u.Steps = u.Full - 1
		}
	}
	if u.Shocked && u.Kind != lhy.AFV {
		return r.Errf(get["shocked"].V, field+".shocked", "only an AFV is Shocked")
	}
	return nil
}

// mountLHYRiders puts each rider (the unit at index -> its rider node) on its vehicle, in the
// file's order: the vehicle must be one of g's, the rider not a vehicle itself; the rider takes
// the vehicle's own id and its hex.
func (r *reader) mountLHYRiders(riders map[int]*yaml.Node, g *lhy.Game) error {
	// In the file's order, so that of two bad riders the first is always the one reported.
	for _, i := range slices.Sorted(maps.Keys(riders)) {
		n := riders[i]
		u := &g.Units[i]
		v, ok := g.Unit(u.Rider)
		if !ok || !g.Units[v].Vehicular() {
			return r.Errf(n, "units."+u.ID+".rider", "%q is not a vehicle of this scenario", u.Rider)
		}
		if u.Vehicular() {
			return r.Errf(n, "units."+u.ID+".rider", "a vehicle does not ride another")
		}
		u.Rider = g.Units[v].ID
		u.At = g.Units[v].At
	}
	return nil
}

func (r *reader) readLHYExpect(n *yaml.Node, g *lhy.Game, nMoves int) ([]scenario.Expectation, error) {
	var sides []string
	for i := range g.Units {
		sides = rules.Cite(sides, g.Units[i].Side)
	}
	classify := func(f scenario.KV, e *scenario.Expectation) (known []string, err error) {
		if fields, ok := scenario.ClassifyObjectives(f, e, sides); ok {
			return fields, nil
		}
		if strings.HasPrefix(f.Key, "step") {
			e.Step, err = r.ExpectStep(f, nMoves)
			return LHYStepExpect, err
		}
		if _, ok := g.Unit(f.Key); !ok {
			return nil, r.Errf(f.K, "expect", "%q is neither a unit nor \"step N\"", f.Key)
		}
		e.Unit = f.Key
		return LHYUnitExpect, nil
	}
	return r.ReadExpect(n, "\n", classify, r.readOdds)
}

// readOdds reads an odds: expectation, {fact: chance} (0.4, 40% or 2/5), as one field per fact.
func (r *reader) readOdds(e *scenario.Expectation, v scenario.KV, field string) (bool, error) {
	if v.Key != "odds" {
		return false, nil
	}
	ps, err := r.Fields(v.V, field)
	if err != nil {
		return true, err
	}
	for _, p := range ps {
		val, err := r.Str(p.V, field+"."+p.Key)
		if err != nil {
			return true, err
		}
		if _, perr := parseChance(val); perr != nil {
			return true, r.Errf(p.V, field+"."+p.Key, "%v", perr)
		}
		e.Fields = append(e.Fields, scenario.ExpField{Key: "odds:" + p.Key, Value: val, Line: p.K.Line})
	}
	return true, nil
}

// parseChance reads a probability: 0.4, 40%, 2/5.
func parseChance(s string) (*big.Rat, error) {
	t := strings.TrimSpace(s)
	if p, ok := strings.CutSuffix(t, "%"); ok {
		v, ok := new(big.Rat).SetString(strings.TrimSpace(p))
		if !ok {
			return nil, fmt.Errorf("%q is not a chance (0.4, 40%% or 2/5)", s)
		}
		return v.Quo(v, big.NewRat(100, 1)), nil
	}
	v, ok := new(big.Rat).SetString(t)
	if !ok || v.Sign() < 0 || v.Cmp(big.NewRat(1, 1)) > 0 {
		return nil, fmt.Errorf("%q is not a chance between 0 and 1 (0.4, 40%% or 2/5)", s)
	}
	return v, nil
}

// LHYStep is one played step of an LHY scenario.
type LHYStep struct {
	Step   int         `json:"step"`
	Line   int         `json:"line"`
	Action string      `json:"action"`
	Report *lhy.Report `json:"-"`
	Odds   *lhy.Odds   `json:"-"`
	Err    error       `json:"-"`
}

// Played is the step as a check reads it: its number, line, text and refusal.
func (st LHYStep) Played() (int, int, string, error) { return st.Step, st.Line, st.Action, st.Err }

// LHYStepJSON is the --json form of a step.
type LHYStepJSON struct {
	Step      int        `json:"step"`
	Action    string     `json:"action"`
	Terms     []lhy.Term `json:"terms,omitempty"`
	DRM       int        `json:"drm"`
	Breakdown string     `json:"breakdown,omitempty"`
	Roll      int        `json:"roll,omitempty"`
	Final     int        `json:"final,omitempty"`
	Row       string     `json:"row,omitempty"`
	Loser     string     `json:"loser,omitempty"`
	Rules     []string   `json:"rules"`
	Dice      []string   `json:"dice,omitempty"`
	Events    []string   `json:"events,omitempty"`
	Error     string     `json:"error,omitempty"`
}

// StepJSON is a step's object in `umpire play --json`.
func StepJSON(st LHYStep) LHYStepJSON {
	j := LHYStepJSON{Step: st.Step, Action: st.Action, Rules: []string{}}
	if st.Err != nil {
		j.Error, j.Rules = rules.RefusedJSON(st.Err)
		return j
	}
	rep := st.Report
	j.Terms, j.DRM, j.Breakdown, j.Roll, j.Final, j.Row, j.Loser = rep.Terms, rep.Net, rep.Breakdown, rep.Natural, rep.Final, rep.Row, rep.Loser
	seen := map[string]bool{}
	for _, e := range rep.Events {
		j.Events = append(j.Events, e.Text)
		if e.Rule != "" && !seen[e.Rule] {
			seen[e.Rule] = true
			j.Rules = append(j.Rules, e.Rule)
		}
	}
	for _, d := range rep.Rolls {
		j.Dice = append(j.Dice, d.Why+": "+d.Roll.String())
	}
	return j
}

// FormatLHYStep prints a step as `umpire play` shows it: the step, its DRM terms, the roll and
// table row, and each thing that happened with its rule.
func FormatLHYStep(st LHYStep) string {
	head, done := rules.StepLine(st.Step, st.Action, st.Err)
	if done {
		return head
	}
	var b strings.Builder
	b.WriteString(head)
	rep := st.Report
	if st.Odds != nil {
		b.WriteString("\n    odds before the roll: " + OddsLine(st.Odds))
	}
	if len(rep.Terms) > 0 || rep.Breakdown != "" {
		fmt.Fprintf(&b, "\n    DRM %s", rep.Breakdown)
	}
	for _, e := range rep.Events {
		b.WriteString(rules.EventLine(e.Text, e.Rule))
	}
	return b.String()
}

// OddsLine is the chance of each Assault Results row (or, for fire, the likeliest facts) on one
// line.
func OddsLine(o *lhy.Odds) string {
	var parts []string
	for _, row := range lhy.AssaultResults {
		k := "row " + row.Label()
		if p, ok := o.Marginal[k]; ok {
			parts = append(parts, fmt.Sprintf("%s %s", k, Percent(p)))
		}
	}
	if len(parts) == 0 {
		for _, k := range o.Keys() {
			parts = append(parts, fmt.Sprintf("%s %s", k, Percent(o.Marginal[k])))
		}
	}
	return strings.Join(parts, ", ")
}

// Percent prints a chance as a percentage with one decimal where it needs one.
func Percent(p *big.Rat) string {
	f, _ := new(big.Rat).Mul(p, big.NewRat(100, 1)).Float64()
	s := strconv.FormatFloat(f, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0") + "%"
}

// FormatOdds prints a distribution: each fact's chance, then every outcome.
func FormatOdds(o *lhy.Odds) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  facts (chance over all outcomes):\n")
	for _, k := range o.Keys() {
		p := o.Marginal[k]
		fmt.Fprintf(&b, "    %-40s %7s  (%s)\n", k, Percent(p), p.RatString())
	}
	fmt.Fprintf(&b, "  outcomes (%d, from %d dice paths):\n", len(o.Outcomes), o.Paths)
	for _, x := range o.Outcomes {
		fmt.Fprintf(&b, "    %7s  %s\n", Percent(x.P), strings.Join(x.Keys, "; "))
	}
	return b.String()
}

// failf records a failed expectation at a line of the file.
type failf func(line int, format string, args ...any)

// Check compares the expectations with g, the game after the moves, and the steps played (the
// last refused if play stopped there): first refusals no expectation asked for, then each
// expectation in the file's order, a unit's or a step's.
func (s *LHY) Check(g *lhy.Game, steps []LHYStep) []rules.Failure {
	fails := scenario.StartCheck(s.Expect, steps)
	fail := fails.Fail
	for _, e := range s.Expect {
		if e.Objectives {
			continue // the ruleset's Check compares them (scenario.CheckObjectives)
		}
		if e.Unit != "" {
			checkLHYUnit(g, e, fail)
			continue
		}
		checkLHYStep(steps, e, fail)
	}
	return *fails
}

// lhyUnitStates are the true-or-false states a unit expectation may check, by their keys.
var lhyUnitStates = map[string]func(u *lhy.Unit) bool{
	"eliminated": func(u *lhy.Unit) bool { return u.Eliminated },
	"destroyed":  func(u *lhy.Unit) bool { return u.Eliminated },
	"concealed":  func(u *lhy.Unit) bool { return u.Concealed },
	"disrupted":  func(u *lhy.Unit) bool { return u.Disrupted },
	"regrouping": func(u *lhy.Unit) bool { return u.Regrouping },
	"heroic":     func(u *lhy.Unit) bool { return u.Heroic },
	"shocked":    func(u *lhy.Unit) bool { return u.Shocked },
	"motion":     func(u *lhy.Unit) bool { return u.Motion },
	"reduced":    func(u *lhy.Unit) bool { return u.Reduced() },
	"advanced":   func(u *lhy.Unit) bool { return u.Advanced },
}

// checkLHYUnit checks a unit expectation against the unit in g after the last step: at (any
// spelling of its hex), steps, eliminated (or destroyed), its states, and rider (none for no
// vehicle).
func checkLHYUnit(g *lhy.Game, e scenario.Expectation, fail failf) {
	i, _ := g.Unit(e.Unit)
	u := &g.Units[i]
	for _, f := range e.Fields {
		var got string
		switch f.Key {
		case "at":
			got = g.Map.Name(u.At)
			if h, err := g.Map.Parse(f.Value); err == nil && h == u.At {
				continue
			}
		case "steps":
			got = strconv.Itoa(int(u.Steps))
		case "rider":
			got = u.Rider
			if got == "" {
				got = "none"
			}
			if strings.EqualFold(f.Value, got) || (f.Value == "" && u.Rider == "") {
				continue
			}
		default:
			if state, ok := lhyUnitStates[f.Key]; ok {
				got = strconv.FormatBool(state(u))
			}
		}
		if !scenario.SameValue(f.Value, got) {
			fail(f.Line, "%s %s: got %s, want %s", e.Unit, f.Key, got, f.Value)
		}
	}
}

// checkLHYStep checks a step expectation: a step not played fails once; error checks the
// refusal; the other fields check the report of a step that was not refused (a refusal no
// expectation asked for is reported by Check).
func checkLHYStep(steps []LHYStep, e scenario.Expectation, fail failf) {
	var st *LHYStep
	if e.Step <= len(steps) {
		st = &steps[e.Step-1]
	}
	for _, f := range e.Fields {
		if st == nil {
			fail(f.Line, "step %d was not played (play stopped at step %d)", e.Step, len(steps))
			break
		}
		if f.Key == "error" {
			checkLHYRefusal(e.Step, st, f, fail)
			continue
		}
		if st.Err != nil {
			continue // reported above
		}
		checkLHYReport(e.Step, st, f, fail)
	}
}

// checkLHYRefusal checks a step's error: the step was refused, citing the rule f names or with
// a message that contains it.
func checkLHYRefusal(step int, st *LHYStep, f scenario.ExpField, fail failf) {
	r, ok := st.Err.(*lhy.Refusal)
	switch {
	case st.Err == nil:
		fail(f.Line, "step %d: no error, want a refusal citing %s", step, f.Value)
	case !ok:
		if !strings.Contains(st.Err.Error(), f.Value) {
			fail(f.Line, "step %d: error %q, want %s", step, st.Err, f.Value)
		}
	case r.Rule != f.Value && !strings.Contains(r.Error(), f.Value):
		fail(f.Line, "step %d: refused under %s (%s), want %s", step, r.Rule, r.Msg, f.Value)
	}
}

// checkLHYReport checks one field of a played step's report: roll, final, drm, row, loser,
// breakdown, rolls, events (or event), no_events, or the odds of a fact.
func checkLHYReport(step int, st *LHYStep, f scenario.ExpField, fail failf) {
	rep := st.Report
	keys := rep.Keys()
	switch {
	case f.Key == "roll":
		if !scenario.SameValue(f.Value, strconv.Itoa(rep.Natural)) {
			fail(f.Line, "step %d roll: got %d, want %s", step, rep.Natural, f.Value)
		}
	case f.Key == "final":
		if !scenario.SameValue(f.Value, strconv.Itoa(rep.Final)) {
			fail(f.Line, "step %d final: got %d, want %s", step, rep.Final, f.Value)
		}
	case f.Key == "drm":
		if !scenario.SameValue(f.Value, strconv.Itoa(rep.Net)) {
			fail(f.Line, "step %d drm: got %+d (%s), want %s", step, rep.Net, rep.Breakdown, f.Value)
		}
	case f.Key == "row":
		if normRow(f.Value) != normRow(rep.Row) {
			fail(f.Line, "step %d row: got %s, want %s", step, rep.Row, f.Value)
		}
	case f.Key == "loser":
		if !strings.EqualFold(f.Value, rep.Loser) {
			fail(f.Line, "step %d loser: got %s, want %s", step, rep.Loser, f.Value)
		}
	case f.Key == "breakdown":
		if !strings.Contains(rep.Breakdown, f.Value) {
			fail(f.Line, "step %d breakdown: got %q, want it to contain %q", step, rep.Breakdown, f.Value)
		}
	case f.Key == "rolls":
		if n, _ := strconv.Atoi(f.Value); n != len(rep.Rolls) {
			fail(f.Line, "step %d rolls: %d dice rolled, want %s", step, len(rep.Rolls), f.Value)
		}
	case f.Key == "events" || f.Key == "event":
		for _, k := range strings.Split(f.Value, "\n") {
			if !hasLHYEvent(rep, keys, k) {
				fail(f.Line, "step %d: no event %q (events: %s)", step, k, strings.Join(keys, "; "))
			}
		}
	case f.Key == "no_events":
		for _, k := range strings.Split(f.Value, "\n") {
			if hasLHYEvent(rep, keys, k) {
				fail(f.Line, "step %d: event %q happened, want it not to", step, k)
			}
		}
	case strings.HasPrefix(f.Key, "odds:"):
		checkLHYOdds(step, st, f, fail)
	}
}

// hasLHYEvent reports whether k is one of the report's keys (any case) or is in the text of
// one of its events.
func hasLHYEvent(rep *lhy.Report, keys []string, k string) bool {
	for _, x := range keys {
		if strings.EqualFold(x, k) {
			return true
		}
	}
	for _, ev := range rep.Events {
		if strings.Contains(strings.ToLower(ev.Text), strings.ToLower(k)) {
			return true
		}
	}
	return false
}

// checkLHYOdds checks an odds:FACT field: the chance the step's odds gave the fact (0 if they
// never name it), to the precision the expectation is written with.
func checkLHYOdds(step int, st *LHYStep, f scenario.ExpField, fail failf) {
	k := strings.TrimPrefix(f.Key, "odds:")
	if st.Odds == nil {
		fail(f.Line, "step %d: no odds were worked out", step)
		return
	}
	want, _ := parseChance(f.Value)
	got := st.Odds.Marginal[k]
	if got == nil {
		got = new(big.Rat)
	}
	if !closeChance(got, want, f.Value) {
		fail(f.Line, "step %d odds of %q: got %s (%s), want %s", step, k, Percent(got), got.RatString(), f.Value)
	}
}

// closeChance: a chance written as a fraction must match exactly; a decimal or percentage to
// the precision it is written with.
func closeChance(got, want *big.Rat, written string) bool {
	if strings.Contains(written, "/") || got.Cmp(want) == 0 {
		return got.Cmp(want) == 0
	}
	t := strings.TrimSuffix(strings.TrimSpace(written), "%")
	dec := 0
	if i := strings.IndexByte(t, '.'); i >= 0 {
		dec = len(t) - i - 1
	}
	if strings.HasSuffix(strings.TrimSpace(written), "%") {
		dec += 2
	}
	tol := new(big.Rat).SetFrac64(1, 2)
	for range dec {
		tol.Quo(tol, big.NewRat(10, 1))
	}
	d := new(big.Rat).Sub(got, want)
	return d.Abs(d).Cmp(tol) <= 0
}

// OddsWanted reports the steps whose odds the expectations check.
func (s *LHY) OddsWanted() func(int) bool {
	want := map[int]bool{}
	for _, e := range s.Expect {
		for _, f := range e.Fields {
			if strings.HasPrefix(f.Key, "odds:") {
				want[e.Step] = true
			}
		}
	}
	return func(n int) bool { return want[n] }
}

// normRow writes a row label one way: "-1..1", "-1 to 1", "−1…1" and "-1-1" are alike.
func normRow(s string) string {
	return strings.NewReplacer(" ", "", "to", "-", "…", "-", "..", "-", "−", "-", "≤", "<=", "≥", ">=").Replace(strings.ToLower(s))
}
