package asl

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// world is a compact test setup: a one-board map (board 2) and units placed by hex and VCA.
type world struct {
	terrain map[string]Terrain
	levels  map[string]int
	roads   []string // "A-B"
	// edgeRoads: "A-B" where A is a board-edge hex: a road runs off the board from A across
	// the edge hexside straight across from B.
	edgeRoads []string
	walls     []string
	hedges    []string
	bocage    []string           // "A-B": bocage along the hexside
	paths     []string           // "A-B": a path across the hexside
	smoke     []string           // hexes holding SMOKE
	ground    map[string]Terrain // a hex's non-obstacle terrain (the COT), where not Open Ground
	abrupt    []string           // Abrupt Elevation Change hexsides
	novbm     []string           // obstacle hex first
	wrecks    map[string]int
	bridges   map[string]BridgeKind
	units     []unitSpec
	phasing   string
	blocked   []string // "A-B": no LOS between A and B, whatever the terrain
}

type unitSpec struct {
	id, side, at, vca string
	v                 Vehicle
	motion            bool
	fixup             func(u *Unit)
}

func tank(mp int) Vehicle { return NewVehicle("tank", Tank, mp) }

func stalling(mp, on int) Vehicle {
	v := tank(mp)
	v.StallsOn = on
	return v
}

func (w world) build(t *testing.T) *Game {
	t.Helper()
	lay := hex.MustLayout([]string{"2"})
	m := NewMap(lay)
	p := func(s string) hex.Hex {
		h, err := lay.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	side := func(s string) (hex.Hex, hex.Side) {
		a, b, err := lay.ParsePair(s)
		if err != nil {
			t.Fatal(err)
		}
		sd, ok := a.SideTo(b)
		if !ok {
			t.Fatalf("%s: not adjacent", s)
		}
		return a, sd
	}
	for h, tr := range w.terrain {
		m.At(p(h)).Terrain = tr
	}
	for h, l := range w.levels {
		m.At(p(h)).Level = int8(l)
	}
	for h, b := range w.bridges {
		m.At(p(h)).Bridge = b
	}
	for h, n := range w.wrecks {
		m.At(p(h)).Wrecks = int8(n)
	}
	for _, r := range w.roads {
		h, s := side(r)
		m.SetRoad(h, s, false)
	}
	for _, r := range w.edgeRoads {
		a, s := side(r)
		m.SetRoad(a, s.Opposite(), false)
	}
	for _, r := range w.walls {
		m.SetWall(side(r))
	}
	for _, r := range w.hedges {
		m.SetHedge(side(r))
	}
	for _, r := range w.bocage {
		m.SetBocage(side(r))
	}
	for _, r := range w.paths {
		m.SetPath(side(r))
	}
	for _, h := range w.smoke {
		m.At(p(h)).Smoke = true
	}
	for h, tr := range w.ground {
		m.At(p(h)).Ground = tr
	}
	for _, r := range w.abrupt {
		m.SetAbrupt(side(r))
	}
	for _, r := range w.novbm {
		h, s := side(r)
		m.At(h).NoVBM |= 1 << s
	}
	for _, b := range w.blocked {
		x, y, err := lay.ParsePair(b)
		if err != nil {
			t.Fatal(err)
		}
		m.SetLOS(x, y, false)
	}
	var units []Unit
	for _, us := range w.units {
		v := us.v
		u := Unit{ID: us.id, Side: us.side, V: &v, Motion: us.motion}
		if u.Side == "" {
			u.Side = "German"
		}
		u.Pos.Hex = p(us.at)
		sp, err := lay.ParseVCA(u.Pos.Hex, us.vca)
		if err != nil {
			t.Fatal(err)
		}
		u.Pos.Heading = sp
		u.Pos.OnRoad = m.HasRoad(u.Pos.Hex)
		if us.fixup != nil {
			us.fixup(&u)
		}
		units = append(units, u)
	}
	ph := w.phasing
	if ph == "" {
		ph = "German"
	}
	return NewGame(m, units, ph)
}

// stepWant is what one step should do: cost MP (in MP, halves allowed), or be refused citing
// a rule.
type stepWant struct {
	step string
	mp   float64
	rule string // refusal expected
}

type ruleCase struct {
	name  string
	w     world
	dice  []int
	steps []stepWant
	check func(t *testing.T, g *Game)
}

func runCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.w.build(t)
			src := &dice.Script{Values: c.dice}
			var r Result
			for i, sw := range c.steps {
				a, err := g.ParseStep(sw.step)
				if err != nil {
					t.Fatalf("step %d %q: %v", i+1, sw.step, err)
				}
				before := append([]Unit(nil), g.Units...)
				mapBefore := g.Map.Clone()
				err = g.Step(a, src, &r)
				if sw.rule != "" {
					var ref *Refusal
					if !errors.As(err, &ref) {
						t.Fatalf("step %d %q: want refusal citing %s, got %v (%s)", i+1, sw.step, sw.rule, err, r.Cost.String())
					}
					if ref.Rule != sw.rule {
						t.Errorf("step %d %q: refusal cites %s (%s), want %s", i+1, sw.step, ref.Rule, ref.Msg, sw.rule)
					}
					if !reflect.DeepEqual(before, g.Units) || !reflect.DeepEqual(mapBefore, g.Map) {
						t.Errorf("step %d %q: a refused step changed the game", i+1, sw.step)
					}
					continue
				}
				if err != nil {
					t.Fatalf("step %d %q: %v", i+1, sw.step, err)
				}
				if got := r.Cost.Total().Float(); got != sw.mp {
					t.Errorf("step %d %q: %v MP (%s), want %v", i+1, sw.step, got, r.Cost.String(), sw.mp)
				}
			}
			if src.Remaining() != 0 {
				t.Errorf("%d scripted rolls were not used", src.Remaining())
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}

func unit(g *Game, id string) *Unit {
	i, _ := g.Unit(id)
	return &g.Units[i]
}

func TestD2_1Basics(t *testing.T) {
	open := world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(3)}}}
	runCases(t, []ruleCase{
		{name: "MP allotment limits expenditure", w: open, steps: []stepWant{
			{step: "T enter M4", mp: 2}, {step: "T enter M5", mp: 1}, {step: "T enter M6", rule: "D2.1"}}},
		{name: "a vehicle that fired in the PFPh may not move", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(10), fixup: func(u *Unit) { u.FiredPFPh = true }}}},
			steps: []stepWant{{step: "T start", rule: "D2.1"}}},
		{name: "a TI vehicle may not move", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(10), fixup: func(u *Unit) { u.TI = true }}}},
			steps: []stepWant{{step: "T enter M4", rule: "D2.1"}}},
		{name: "an Immobile vehicle may not move", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(10), fixup: func(u *Unit) { u.Immobile = Bogged }}}},
			steps: []stepWant{{step: "T start", rule: "D2.1"}}},
		{name: "the DEFENDER does not move", w: world{units: []unitSpec{{id: "T", side: "Russian", at: "M3", vca: "M4-N3", v: tank(10)}}},
			steps: []stepWant{{step: "T start", rule: "D2.1"}}},
		{name: "entering a new hex makes a moving target even once stopped", w: open,
			steps: []stepWant{{step: "T enter M4", mp: 2}},
			check: func(t *testing.T, g *Game) {
				if mt, _ := unit(g, "T").MovingTarget(); !mt {
					t.Error("want a moving target")
				}
			}},
	})
}

func TestD2_11VCA(t *testing.T) {
	w := world{units: []unitSpec{{id: "T", at: "M3", vca: "L2-M2", v: tank(12), motion: true}},
		terrain: map[string]Terrain{"F5": Woods}}
	woods := world{terrain: map[string]Terrain{"M3": Woods}, units: []unitSpec{{id: "T", at: "M3", vca: "L2-M2", v: tank(12), motion: true}}}
	woodsRoad := world{terrain: map[string]Terrain{"M3": Woods}, roads: []string{"M3-M4"}, units: []unitSpec{{id: "T", at: "M3", vca: "L2-M2", v: tank(12), motion: true}}}
	runCases(t, []ruleCase{
		{name: "1 MP per hexspine, the short way", w: w, steps: []stepWant{{step: "T vca N2-N3", mp: 2}, {step: "T vca L3-M4", mp: 2}, {step: "T vca M2-N2", mp: 3}}},
		{name: "no change is no step", w: w, steps: []stepWant{{step: "T vca L2-M2", rule: "D2.11"}}},
		{name: "not a VCA of its hex", w: w, steps: []stepWant{{step: "T vca L2-N2", rule: "D2.11"}}},
		{name: "2 MP per hexspine in woods, each with a Bog Check", w: woods, dice: []int{5, 6}, steps: []stepWant{{step: "T vca N2-N3", mp: 4}},
			check: func(t *testing.T, g *Game) {
				if unit(g, "T").Pos.Heading != 0 || unit(g, "T").Immobile != Mobile {
					t.Errorf("heading %v immobile %v", unit(g, "T").Pos.Heading, unit(g, "T").Immobile)
				}
			}},
		{name: "a Bog at the first hexspine ends the change there", w: woods, dice: []int{11}, steps: []stepWant{{step: "T vca N2-N3", mp: 2}},
			check: func(t *testing.T, g *Game) {
				u := unit(g, "T")
				if u.Immobile != Bogged || u.Pos.Heading != 1 {
					t.Errorf("want Bogged after one hexspine, heading 1; got %v heading %v", u.Immobile, u.Pos.Heading)
				}
			}},
		{name: "on a road in woods: 2 MP, no Bog Check", w: woodsRoad, steps: []stepWant{{step: "T vca N2-N3", mp: 4}}},
		{name: "must move within the VCA", w: w, steps: []stepWant{{step: "T enter N3", rule: "D2.11"}}},
	})
}

func TestD2_12StartAnd13Stop(t *testing.T) {
	w := world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(10)}}}
	runCases(t, []ruleCase{
		{name: "start, enter, stop, start again", w: w, steps: []stepWant{
			{step: "T start", mp: 1}, {step: "T enter M4", mp: 1}, {step: "T stop", mp: 1}, {step: "T enter M5", mp: 2}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Spent != Whole(5) || !u.InMotion() {
					t.Errorf("spent %v motion %v", u.Spent, u.InMotion())
				}
			}},
		{name: "the Start MP is folded into the first move", w: w, steps: []stepWant{{step: "T enter M4", mp: 2}}},
		{name: "a VCA change needs a Start too", w: w, steps: []stepWant{{step: "T vca L3-M4", mp: 2}}},
		{name: "no second Start", w: w, steps: []stepWant{{step: "T start", mp: 1}, {step: "T start", rule: "D2.12"}}},
		{name: "no Start in Motion", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(10), motion: true}}},
			steps: []stepWant{{step: "T start", rule: "D2.4"}, {step: "T enter M4", mp: 1}}},
		{name: "nothing to stop", w: w, steps: []stepWant{{step: "T stop", rule: "D2.13"}}},
	})
}

func TestD2_14WrecksAndVehicles(t *testing.T) {
	mk := func(v Vehicle) world {
		return world{roads: []string{"M3-M4"}, wrecks: map[string]int{"M4": 1, "N3": 2},
			units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: v, motion: true}, {id: "O", side: "Russian", at: "N3", vca: "O3-O4", v: tank(10)}}}
	}
	bu := tank(10)
	bu.BU = true
	mc := NewVehicle("mc", Motorcycle, 20)
	runCases(t, []ruleCase{
		{name: "road entry: ½ + 2 per wreck", w: mk(tank(10)), steps: []stepWant{{step: "T enter M4", mp: 2.5}}},
		{name: "BU AFV road entry: 1 + 2 per wreck", w: mk(bu), steps: []stepWant{{step: "T enter M4", mp: 3}}},
		{name: "off road: 1 + 1 per wreck or vehicle, any nationality", w: mk(tank(10)), steps: []stepWant{{step: "T enter N3", mp: 4}}},
		{name: "motorcycles pay no penalty", w: mk(mc), steps: []stepWant{{step: "T enter N3", mp: 3}}},
	})
}

func TestD2_15MinimumMove(t *testing.T) {
	// A 3-MP halftrack facing a hill hex two levels up: 1 + 8 = 9 MP > 3.
	w := func(fix func(*Unit)) world {
		return world{levels: map[string]int{"M4": 2}, units: []unitSpec{{id: "H", at: "M3", vca: "M4-N3", v: NewVehicle("ht", Halftrack, 3), fixup: fix}}}
	}
	runCases(t, []ruleCase{
		{name: "all its allotment, the Start included", w: w(nil), steps: []stepWant{{step: "H minimum M4", mp: 3}, {step: "H stop", rule: "D2.15"}},
			check: func(t *testing.T, g *Game) {
				u := unit(g, "H")
				var r Result
				if err := g.Step(Action{Verb: VerbEnd, Unit: 0}, &dice.Script{}, &r); err != nil || !u.Motion {
					t.Errorf("a Minimum Move ends in Motion: %v %v", err, u.Motion)
				}
			}},
		{name: "not when the hex is affordable", w: world{units: []unitSpec{{id: "H", at: "M3", vca: "M4-N3", v: NewVehicle("ht", Halftrack, 3)}}},
			steps: []stepWant{{step: "H minimum M4", rule: "D2.15"}}},
		{name: "not after a VCA change", w: w(nil), steps: []stepWant{{step: "H vca L3-M4", mp: 2}, {step: "H minimum M4", rule: "D2.15"}}},
		{name: "not after entering a hex", w: world{levels: map[string]int{"M5": 2}, units: []unitSpec{{id: "H", at: "M3", vca: "M4-N3", v: NewVehicle("ht", Halftrack, 3)}}},
			steps: []stepWant{{step: "H enter M4", mp: 2}, {step: "H minimum M5", rule: "D2.15"}}},
		{name: "not after a stall", w: world{levels: map[string]int{"M4": 2}, units: []unitSpec{{id: "H", at: "M3", vca: "M4-N3", v: stalling(8, 7)}}},
			dice:  []int{8, 3}, // Start DR 8 >= 7 stalls; Delay DR 3 MP
			steps: []stepWant{{step: "H start", mp: 4}, {step: "H minimum M4", rule: "D2.15"}}},
	})
}

func TestD2_17Delay(t *testing.T) {
	w := world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(10)}}}
	runCases(t, []ruleCase{
		{name: "delay while stopped", w: w, steps: []stepWant{{step: "T delay 3", mp: 3}, {step: "T delay 1.5", mp: 1.5}, {step: "T enter M4", mp: 2}}},
		{name: "no delay while moving", w: w, steps: []stepWant{{step: "T enter M4", mp: 2}, {step: "T delay 1", rule: "D2.17"}}},
		{name: "no more than it has", w: w, steps: []stepWant{{step: "T delay 11", rule: "D2.1"}}},
	})
}

func TestD2_2Reverse(t *testing.T) {
	at := func(v Vehicle) world {
		return world{units: []unitSpec{{id: "V", at: "M3", vca: "M2-N2", v: v}}}
	}
	truck := NewVehicle("truck", Truck, 20)
	ac := NewVehicle("ac", ArmoredCar, 20)
	rev3 := tank(20)
	rev3.Rev = 3
	towing := tank(20)
	towing.Towing = true
	runCases(t, []ruleCase{
		{name: "tracked x4 (+1 Start)", w: at(tank(20)), steps: []stepWant{{step: "V reverse M4", mp: 5}}},
		{name: "truck x3 of 4", w: at(truck), steps: []stepWant{{step: "V reverse L3", mp: 13}}},
		{name: "armored car x2 of 3", w: at(ac), steps: []stepWant{{step: "V reverse M4", mp: 7}}},
		{name: "REV x 3 counter override", w: at(rev3), steps: []stepWant{{step: "V reverse M4", mp: 4}}},
		{name: "no Reverse for a motorcycle", w: at(NewVehicle("mc", Motorcycle, 20)), steps: []stepWant{{step: "V reverse M4", rule: "D2.2"}}},
		{name: "no Reverse when towing", w: at(towing), steps: []stepWant{{step: "V reverse M4", rule: "D2.2"}}},
		{name: "only into the rear Target Facing", w: at(tank(20)), steps: []stepWant{{step: "V reverse N3", rule: "D2.22"}}},
		{name: "forward then Reverse: stop and start", w: at(tank(20)), steps: []stepWant{{step: "V enter M2", mp: 2}, {step: "V reverse M3", mp: 6}}},
		{name: "Reverse then forward: stop and start", w: at(tank(20)), steps: []stepWant{{step: "V reverse M4", mp: 5}, {step: "V vca L4-M5", mp: 3}, {step: "V enter M5", mp: 3}}},
		{name: "no Reverse that leaves no Stopping MP", w: at(NewVehicle("ac", ArmoredCar, 7)), steps: []stepWant{{step: "V reverse M4", rule: "D2.24"}}},
		{name: "Reverse then end pays the Stop", w: at(tank(20)), steps: []stepWant{{step: "V reverse M4", mp: 5}, {step: "V end", mp: 1}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "V"); u.Motion || u.Spent != Whole(6) {
					t.Errorf("motion %v spent %v", u.Motion, u.Spent)
				}
			}},
	})
}

func TestD2_3VBM(t *testing.T) {
	w := world{terrain: map[string]Terrain{"M4": Woods, "N3": Rubble, "L3": Building}, novbm: []string{"L3-M4"},
		units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(20), motion: true}}}
	brush := world{terrain: map[string]Terrain{"M4": Brush}, units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(20), motion: true}}}
	wreck := world{terrain: map[string]Terrain{"M4": Woods}, wrecks: map[string]int{"M4": 1}, units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(20), motion: true}}}
	left := world{terrain: map[string]Terrain{"M4": Woods, "L3": Building}, novbm: []string{"L3-M4"},
		units: []unitSpec{{id: "T", at: "M3", vca: "L3-M4", v: tank(20), motion: true}}}
	runCases(t, []ruleCase{
		{name: "double the Open Ground", w: w, steps: []stepWant{{step: "T bypass M4-N3", mp: 2}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); !u.Pos.Bypass || u.Pos.Hex != g.Map.Layout.HexAt(g.Map.Layout.Index(u.Pos.Hex)) {
					t.Errorf("not in Bypass: %+v", u.Pos)
				}
			}},
		{name: "extras doubled too", w: wreck, steps: []stepWant{{step: "T bypass M4-N3", mp: 4}}},
		{name: "no VBM in rubble", w: w, steps: []stepWant{{step: "T bypass N3-M4", rule: "D2.31"}}},
		{name: "only round woods and buildings", w: brush, steps: []stepWant{{step: "T bypass M4-N3", rule: "D2.31"}}},
		{name: "only along the hexside on from the VCA hexspine", w: w, steps: []stepWant{{step: "T bypass M4-L4", rule: "D2.3"}}},
		{name: "hexside too close to the obstacle: MP spent and a Stop", w: left, steps: []stepWant{{step: "T bypass L3-M4", mp: 3}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Pos.Bypass || u.Moving || u.Spent != Whole(3) {
					t.Errorf("want stopped where it was with 3 MP spent: %+v moving %v spent %v", u.Pos, u.Moving, u.Spent)
				}
			}},
		{name: "in Bypass: no entering the obstacle, no ordinary VCA change", w: w, steps: []stepWant{
			{step: "T bypass M4-N3", mp: 2}, {step: "T vca L3-M4", rule: "D2.33"}, {step: "T enter M5", rule: "D2.33"}}},
	})
}

func TestD2_4Motion(t *testing.T) {
	w := world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(3)}}}
	inMotion := world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(3), motion: true}}}
	runCases(t, []ruleCase{
		{name: "all MP used without stopping: Motion", w: w, steps: []stepWant{{step: "T enter M4", mp: 2}, {step: "T enter M5", mp: 1}, {step: "T end"}},
			check: func(t *testing.T, g *Game) {
				if !unit(g, "T").Motion {
					t.Error("want a Motion counter")
				}
			}},
		{name: "stopped at the end: no Motion", w: w, steps: []stepWant{{step: "T enter M4", mp: 2}, {step: "T stop", mp: 1}, {step: "T end"}},
			check: func(t *testing.T, g *Game) {
				if unit(g, "T").Motion {
					t.Error("want no Motion counter")
				}
			}},
		{name: "a vehicle beginning in Motion must spend an MP", w: inMotion, steps: []stepWant{{step: "T end", rule: "D2.4"}, {step: "T stop", mp: 1}, {step: "T end"}}},
		{name: "in Motion it is a moving target before moving", w: inMotion, steps: nil,
			check: func(t *testing.T, g *Game) {
				if mt, _ := unit(g, "T").MovingTarget(); !mt {
					t.Error("want a moving target")
				}
			}},
		{name: "no stop without an MP", w: w, steps: []stepWant{{step: "T enter M4", mp: 2}, {step: "T enter M5", mp: 1}, {step: "T stop", rule: "D2.4"}}},
	})
}

func TestD2_401MotionAttempt(t *testing.T) {
	// The Russian tank in A5 cannot see C5, C6 or C7 past the woods in B4 and B5; the German tank
	// comes down the C column into C8, in its LOS, spending 1 MP there.
	w := world{terrain: map[string]Terrain{"B4": Woods, "B5": Woods},
		units: []unitSpec{
			{id: "G", at: "C5", vca: "C6-D5", v: tank(10), motion: true},
			{id: "R", side: "Russian", at: "A5", vca: "B4-B5", v: tank(10)},
		}}
	runCases(t, []ruleCase{
		{name: "no enemy newly in LOS has spent MP", w: w, steps: []stepWant{{step: "motion-attempt R", rule: "D2.401"}}},
		{name: "dr <= MP spent in LOS succeeds", w: w, dice: []int{1}, steps: []stepWant{{step: "G enter C6", mp: 1}, {step: "G enter C7", mp: 1}, {step: "G enter C8", mp: 1}, {step: "motion-attempt R"}, {step: "motion-attempt R", rule: "D2.401"}},
			check: func(t *testing.T, g *Game) {
				if !unit(g, "R").Motion {
					t.Error("want Motion")
				}
			}},
		{name: "dr > MP fails, once per MPh", w: w, dice: []int{2}, steps: []stepWant{{step: "G enter C6", mp: 1}, {step: "G enter C7", mp: 1}, {step: "G enter C8", mp: 1}, {step: "motion-attempt R"}},
			check: func(t *testing.T, g *Game) {
				if unit(g, "R").Motion || !unit(g, "R").MotionAttempted {
					t.Error("want a failed attempt")
				}
			}},
	})
}

// TestStopWithoutMPSuggestsESBOnlyWhereOpen: a vehicle with no MP left for its Stopping MP is
// refused and told it ends its MPh in Motion (D2.4); the refusal names ESB as a way out only
// to a vehicle that may attempt it: fully tracked (D2.5), not yet tried this MPh (D2.5), and
// not in a platoon (D14.21).
func TestStopWithoutMPSuggestsESBOnlyWhereOpen(t *testing.T) {
	// Brush costs 2 MP (Terrain Chart): a 4-MP vehicle spends all it has in N3 and O3.
	brush := map[string]Terrain{"N3": Brush, "N4": Brush, "O3": Brush, "O4": Brush}
	alone := func(v Vehicle) world { return platoonWorld(brush, v) }
	cases := []struct {
		name    string
		w       world
		platoon bool // A and B form platoon P1 first
		dice    []int
		lines   []string // accepted, then the last one is refused citing D2.4
		esb     bool     // the refusal suggests ESB
	}{
		{name: "a lone tank may still seek MP by ESB", w: alone(tank(4)),
			lines: []string{"A enter N3", "A enter O3", "A stop"}, esb: true},
		// Open Ground costs an armored car 3 MP (Terrain Chart): it spends its 6 MP in N3 and O3.
		{name: "an armored car is not fully tracked", w: platoonWorld(nil, NewVehicle("ac", ArmoredCar, 6)),
			lines: []string{"A enter N3", "A enter O3", "A stop"}},
		// ESB for 1 MP: DRM +1 [1 MP sought]; DR 2 + 1 = 3 <= 11 gains it: 5 MP, spent as 2+2+1.
		{name: "a tank that has attempted ESB this MPh", w: alone(tank(4)), dice: []int{2},
			lines: []string{"A esb 1", "A enter N3", "A enter O3", "A enter P3", "A stop"}},
		{name: "a radioless platoon may not attempt ESB", w: platoonWorld(brush, radioless(4), radioless(4)), platoon: true,
			lines: []string{"P1: A enter N3, B enter N4", "P1: A enter O3, B enter O4", "P1 stop"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.w.build(t)
			if c.platoon {
				if err := g.AddGroup("P1", KindPlatoon, []int{0, 1}); err != nil {
					t.Fatal(err)
				}
			}
			src := &dice.Script{Values: c.dice}
			var r LineResult
			var err error
			for i, line := range c.lines {
				var l Line
				if l, err = g.ParseLine(line); err != nil {
					t.Fatalf("line %d %q: %v", i+1, line, err)
				}
				err = g.Play(&l, src, &r)
				if i < len(c.lines)-1 && err != nil {
					t.Fatalf("line %d %q: %v", i+1, line, err)
				}
			}
			var ref *Refusal
			if !errors.As(err, &ref) || ref.Rule != "D2.4" {
				t.Fatalf("the last line: want a refusal citing D2.4, got %v", err)
			}
			if !strings.Contains(ref.Msg, "ends its MPh in Motion") {
				t.Errorf("the refusal does not say the vehicle ends its MPh in Motion: %s", ref.Msg)
			}
			if got := strings.Contains(ref.Msg, "ESB"); got != c.esb {
				t.Errorf("suggests ESB: %v, want %v: %s", got, c.esb, ref.Msg)
			}
			if src.Remaining() != 0 {
				t.Errorf("%d scripted rolls were not used", src.Remaining())
			}
		})
	}
}

func TestD2_5ESB(t *testing.T) {
	w := func(v Vehicle) world {
		return world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: v, motion: true}}}
	}
	red := tank(13)
	red.RedMP = true
	red.SetMaker(MakerGerman, "")
	us := tank(13)
	us.SetMaker(MakerUS, "")
	runCases(t, []ruleCase{
		{name: "gains MP on Final DR <= 11", w: w(us), dice: []int{8}, steps: []stepWant{{step: "T esb 3"}, {step: "T esb 1", rule: "D2.5"}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Allowance != Whole(16) {
					t.Errorf("allowance %v", u.Allowance)
				}
			}},
		{name: "immobilized on Final DR >= 12", w: w(us), dice: []int{9}, steps: []stepWant{{step: "T esb 3"}, {step: "T enter M4", rule: "D2.1"}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Immobile != Immobilized {
					t.Errorf("want Immobilized, got %v", u.Immobile)
				}
			}},
		{name: "at most a fourth of the allotment, FRD", w: w(us), steps: []stepWant{{step: "T esb 4", rule: "D2.5"}}},
		{name: "tracked only", w: w(NewVehicle("ac", ArmoredCar, 16)), steps: []stepWant{{step: "T esb 1", rule: "D2.5"}}},
	})
	if d := ESBDRM(&red, MP(5)); d.Total() != 5 { // 2½ MP: FRU 3, German +2
		t.Errorf("red MP ESB DRM for 2½ MP = %v, want +5", d)
	}
	if d := ESBDRM(&us, MP(5)); d.Total() != 2 { // FRD 2, US 0
		t.Errorf("ESB DRM for 2½ MP = %v, want +2", d)
	}
	esb2 := ESBDRM(&us, Whole(2))
	if p := dice.PDRAtLeast(12, esb2.Total()); p != (dice.Prob{Num: 1, Den: 6}) {
		t.Errorf("P(ESB immobilizes | +2) = %v", p)
	}
}

// TestD2_5ESBRounding: the ESB DRM is +1 per extra MP sought, rounded down (FRD) for an
// allotment printed black and up (FRU) for one printed red (D2.5; rules-notes 1.1 "Red MP"):
// every amount from ½ to 3 MP, with a maker whose DRM is 0, and a red tank's 2 MP paid by step
// (FRU of a whole number is itself: +2, so DR 9 gains the MP).
func TestD2_5ESBRounding(t *testing.T) {
	for _, c := range []struct {
		sought   MP
		frd, fru int
	}{
		{MP(1), 0, 1}, {Whole(1), 1, 1}, {MP(3), 1, 2}, {Whole(2), 2, 2}, {MP(5), 2, 3}, {Whole(3), 3, 3},
	} {
		for _, red := range []bool{false, true} {
			v := tank(13)
			v.RedMP = red
			v.SetMaker(MakerUS, "")
			want := map[bool]int{false: c.frd, true: c.fru}[red]
			if d := ESBDRM(&v, c.sought); d.Total() != want {
				t.Errorf("red %v, %s MP sought: ESB DRM %s, want %+d", red, c.sought, d, want)
			}
		}
	}
	red := tank(13)
	red.RedMP = true
	red.SetMaker(MakerUS, "")
	runCases(t, []ruleCase{
		{name: "red MP, 2 MP sought: +2, DR 9 gains them", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: red, motion: true}}},
			dice: []int{9}, steps: []stepWant{{step: "T esb 2"}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Allowance != Whole(15) || u.Immobile != Mobile {
					t.Errorf("allowance %v, %v: want 15 MP and Mobile", u.Allowance, u.Immobile)
				}
			}},
	})
}

func TestD2_51MechanicalReliability(t *testing.T) {
	red := tank(10)
	red.RedMP = true
	w := world{units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: red}}}
	runCases(t, []ruleCase{
		{name: "DR 12 on Start: Immobilized, Start MP spent", w: w, dice: []int{12}, steps: []stepWant{{step: "T enter M4", mp: 1}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Immobile != Immobilized || u.Pos.Hex != g.Units[0].Pos.Hex || u.EnteredHex {
					t.Errorf("want Immobilized in M3: %+v", u)
				}
			}},
		{name: "every Start rolls", w: w, dice: []int{11, 2}, steps: []stepWant{{step: "T start", mp: 1}, {step: "T stop", mp: 1}, {step: "T start", mp: 1}}},
	})
}

func TestD2_6EnemyAFV(t *testing.T) {
	w := func(canAttack bool) world {
		return world{units: []unitSpec{
			{id: "G", at: "M3", vca: "M4-N3", v: tank(10), fixup: func(u *Unit) {
				if canAttack {
					u.CanAttack = []string{"R"}
				}
			}},
			{id: "R", side: "Russian", at: "M4", vca: "M5-N4", v: tank(10)},
		}}
	}
	runCases(t, []ruleCase{
		{name: "no stopping in an enemy AFV's hex", w: w(false), steps: []stepWant{{step: "G enter M4", mp: 3}, {step: "G stop", rule: "D2.6"}, {step: "G esb 1", rule: "D2.6"}, {step: "G end", rule: "D2.6"}}},
		{name: "unless it can attack it", w: w(true), steps: []stepWant{{step: "G enter M4", mp: 3}, {step: "G stop", mp: 1}}},
	})
}

func TestD2_7AllMP(t *testing.T) {
	w := func(v Vehicle) world {
		return world{terrain: map[string]Terrain{"M4": Woods}, units: []unitSpec{{id: "V", at: "M3", vca: "M4-N3", v: v}}}
	}
	runCases(t, []ruleCase{
		{name: "halftrack: ALL, plus Start and Stop", w: w(NewVehicle("ht", Halftrack, 10)), dice: []int{2}, steps: []stepWant{{step: "V enter M4", mp: 11}, {step: "V stop", mp: 1}, {step: "V vca L4-M5", rule: "D2.7"}}},
		{name: "not after spending MP", w: w(NewVehicle("ht", Halftrack, 10)), steps: []stepWant{{step: "V vca L3-M4", mp: 2}, {step: "V enter M4", rule: "D2.7"}}},
		{name: "fully tracked: half its printed MP, Bog +3", w: w(tank(10)), dice: []int{7}, steps: []stepWant{{step: "V enter M4", mp: 6}}},
		{name: "fully tracked choosing ALL: no +3", w: w(tank(10)), dice: []int{10}, steps: []stepWant{{step: "V enter M4 all", mp: 11}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "V"); u.Immobile != Mobile { // DR 10 +1 = 11: not bogged (with +3 it would be)
					t.Error("bogged without the +3")
				}
			}},
		{name: "motorcycles may not enter woods", w: w(NewVehicle("mc", Motorcycle, 10)), steps: []stepWant{{step: "V enter M4", rule: "D2.1"}}},
	})
}

func TestCostBreakdownPrintsLikeTheRulebook(t *testing.T) {
	var c Cost
	c.Add(Whole(1), "Open Ground", "TC")
	c.Times(2, "VBM", "D2.3")
	c.Times(4, "Reverse", "D2.21")
	c.Plus(Whole(1), "Start", "D2.12")
	if got, want := c.String(), "(2 [VBM] x 1 [Open Ground] = 2) x 4 [Reverse] = 8 +1 [Start] = 9 MP"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var d Cost
	d.Add(Whole(4), "higher elevation", "TC")
	d.Add(Whole(1), "Open Ground", "TC")
	d.Times(2, "VBM", "D2.3")
	if got, want := d.String(), "(4 [higher elevation] +1 [Open Ground] = 5) x 2 [VBM] = 10 MP"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !strings.Contains(strings.Join(c.Rules(), " "), "D2.21") {
		t.Errorf("rules %v", c.Rules())
	}
	if MP(13).String() != "6½" || MP(1).String() != "½" {
		t.Error("halves print as ½")
	}
}

// TestBogDRM checks D8.21's cumulative DRM as rules-notes 1.3 lists them.
func TestBogDRM(t *testing.T) {
	truck := NewVehicle("truck", Truck, 16)
	truck.Towing = true
	low := tank(10)
	low.GroundPressure = -1
	high := tank(10)
	high.GroundPressure = 1
	ttAC := NewVehicle("ac", ArmoredCar, 20)
	ttAC.TruckType = true
	cases := []struct {
		name string
		v    Vehicle
		b    BogCase
		cond Conditions
		want int
	}{
		{"normal ground pressure", tank(10), BogCase{}, Dry, 1},
		{"D2.33 EX: half MP entry into a building", tank(12), BogCase{HalfMP: 3}, Dry, 4},
		{"D8.2 EX: low ground pressure is 0", low, BogCase{}, Dry, 0},
		{"high ground pressure, a level gained, mud", high, BogCase{Climb: true}, Mud, 4},
		{"towing truck: +1 normal +1 towing +1 not fully tracked +1 truck", truck, BogCase{}, Dry, 4},
		{"halftrack: not fully tracked", NewVehicle("ht", Halftrack, 10), BogCase{}, Dry, 2},
		{"truck-type armored car: +1 normal +1 not FT +1 truck-type", ttAC, BogCase{}, Dry, 3},
		{"snow-covered ground", tank(10), BogCase{}, Snow, 2},
		{"Deep Snow: +1 snow +1 more", tank(10), BogCase{}, DeepSnow, 3},
		{"Abrupt Elevation Change", tank(10), BogCase{Abrupt: true}, Dry, 2},
		{"leaving deep water unprotected", tank(10), BogCase{DeepWater: true}, Dry, 2},
		{"debris: the row's +1", tank(10), BogCase{Row: 1}, Dry, 2},
		{"one +1 for gaining elevation, whatever the levels", low, BogCase{Climb: true}, Dry, 1},
	}
	for _, c := range cases {
		d := BogDRM(&c.v, c.b, c.cond)
		if d.Total() != c.want {
			t.Errorf("%s: %v, want %+d", c.name, d, c.want)
		}
	}
}

// Every roll carries the exact chance, before rolling, of the outcome it checks for.
func TestRollOdds(t *testing.T) {
	w := world{terrain: map[string]Terrain{"M4": Building}, units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(12), motion: true}}}
	g := w.build(t)
	var r Result
	a, _ := g.ParseStep("T enter M4")
	if err := g.Step(a, &dice.Script{Values: []int{7}}, &r); err != nil {
		t.Fatal(err)
	}
	// D2.33 EX: Bog Check with +4 DRM bogs on an Original DR of 8..12: 15 of 36.
	if rolls := r.Rolls(); len(rolls) != 1 || rolls[0].Odds != (dice.Prob{Num: 5, Den: 12}) || rolls[0].Final != 11 {
		t.Errorf("rolls %+v", rolls)
	}
}

func TestBogOnLeavingADepression(t *testing.T) {
	w := world{terrain: map[string]Terrain{"M3": Gully, "M4": Gully}, units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: tank(20), motion: true}}}
	runCases(t, []ruleCase{
		// along the gully: 2 + COT 1 = 3 MP, no Bog Check (no dice scripted: a roll would fail)
		{name: "gully to gully: no check", w: w, steps: []stepWant{{step: "T enter M4", mp: 3}}},
		// out of the gully into open ground: a tank makes no check (BB is for trucks only,
		// rules-notes 1.2); no dice are scripted, so a roll would fail the step
		{name: "out of the gully, a tank: no check", w: w, steps: []stepWant{{step: "T enter N3", mp: 1}}},
	})
	tw := world{terrain: map[string]Terrain{"M3": Gully, "M4": Gully}, units: []unitSpec{{id: "T", at: "M3", vca: "M4-N3", v: NewVehicle("truck", Truck, 20), motion: true}}}
	runCases(t, []ruleCase{
		// a truck leaving a gully by a non-depression hexside: open ground 4 MP and a Bog Check
		{name: "out of the gully, a truck: a check", w: tw, dice: []int{4}, steps: []stepWant{{step: "T enter N3", mp: 4}}},
	})
}
