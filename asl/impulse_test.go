package asl

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// groupSpec is a group for an Impulse test.
type groupSpec struct {
	id      string
	kind    GroupKind
	members []string
}

type lineWant struct {
	line string
	mp   float64 // the Impulse cost (or the step's cost)
	rule string  // refusal expected
}

type impulseCase struct {
	name   string
	w      world
	groups []groupSpec
	dice   []int
	lines  []lineWant
	check  func(t *testing.T, g *Game, last *LineResult)
}

func runImpulseCases(t *testing.T, cases []impulseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.w.build(t)
			for _, gs := range c.groups {
				var ms []int
				for _, id := range gs.members {
					i, ok := g.Unit(id)
					if !ok {
						t.Fatalf("no unit %s", id)
					}
					ms = append(ms, i)
				}
				if err := g.AddGroup(gs.id, gs.kind, ms); err != nil {
					t.Fatalf("group %s: %v", gs.id, err)
				}
			}
			src := &dice.Script{Values: c.dice}
			var r LineResult
			for i, lw := range c.lines {
				l, err := g.ParseLine(lw.line)
				if err != nil {
					t.Fatalf("line %d %q: %v", i+1, lw.line, err)
				}
				before := append([]Unit(nil), g.Units...)
				groupsBefore := cloneGroups(g.Groups)
				err = g.Play(&l, src, &r)
				if lw.rule != "" {
					var ref *Refusal
					if !errors.As(err, &ref) {
						t.Fatalf("line %d %q: want a refusal citing %s, got %v", i+1, lw.line, lw.rule, err)
					}
					if ref.Rule != lw.rule {
						t.Errorf("line %d %q: refusal cites %s (%s), want %s", i+1, lw.line, ref.Rule, ref.Msg, lw.rule)
					}
					if !reflect.DeepEqual(before, g.Units) || !reflect.DeepEqual(groupsBefore, cloneGroups(g.Groups)) {
						t.Errorf("line %d %q: a refused Impulse changed the game", i+1, lw.line)
					}
					continue
				}
				if err != nil {
					t.Fatalf("line %d %q: %v", i+1, lw.line, err)
				}
				got := r.Step.Cost.Total().Float()
				if l.Kind == LineImpulse {
					got = r.Impulse.Cost.Float()
				}
				if got != lw.mp {
					t.Errorf("line %d %q: cost %v, want %v", i+1, lw.line, got, lw.mp)
				}
			}
			if src.Remaining() != 0 {
				t.Errorf("%d scripted rolls were not used", src.Remaining())
			}
			if c.check != nil {
				c.check(t, g, &r)
			}
		})
	}
}

func cloneGroups(gs []Group) []Group {
	out := make([]Group, len(gs))
	for i, g := range gs {
		g.Members = append([]int(nil), g.Members...)
		out[i] = g
	}
	return out
}

func unitOf(t *testing.T, g *Game, id string) *Unit {
	t.Helper()
	i, ok := g.Unit(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return &g.Units[i]
}

func radioless(mp int) Vehicle {
	v := tank(mp)
	v.Radio = false
	return v
}

func redRadioless(mp int) Vehicle {
	v := radioless(mp)
	v.RedMP = true
	return v
}

func halftrack(mp int) Vehicle {
	v := NewVehicle("ht", Halftrack, mp)
	v.Radio = false
	return v
}

func truck(mp int) Vehicle { return NewVehicle("truck", Truck, mp) }

// three radioless tanks in a chain along row 5, facing right, moving.
func platoonWorld(terrain map[string]Terrain, v ...Vehicle) world {
	ids := []string{"A", "B", "C"}
	hexes := []string{"M3", "M4", "M5"}
	vcas := []string{"N2-N3", "N3-N4", "N4-N5"}
	w := world{terrain: terrain, phasing: "German"}
	for i, vv := range v {
		w.units = append(w.units, unitSpec{id: ids[i], at: hexes[i], vca: vcas[i], v: vv, motion: true})
	}
	return w
}

func TestImpulseMovement(t *testing.T) {
	P := []groupSpec{{"P1", KindPlatoon, []string{"A", "B", "C"}}}
	runImpulseCases(t, []impulseCase{
		{name: "D14.31 the Impulse costs the most any member spent; every member is charged it",
			w:      platoonWorld(map[string]Terrain{"N4": Brush}, radioless(12), radioless(12), radioless(12)),
			groups: P,
			lines:  []lineWant{{line: "P1: A enter N3, B enter N4, C -", mp: 2}},
			check: func(t *testing.T, g *Game, r *LineResult) {
				for _, id := range []string{"A", "B", "C"} {
					if u := unitOf(t, g, id); u.Spent != Whole(2) {
						t.Errorf("%s spent %s, want 2", id, u.Spent)
					}
				}
				if m := r.Impulse.Member(0); m == nil || m.Result.Cost.Total() != Whole(1) || m.Charged != Whole(2) {
					t.Errorf("A's own cost and charge: %+v", m)
				}
			}},
		{name: "D14.31 no member spends unless every member can afford the Impulse",
			w:      platoonWorld(map[string]Terrain{"N4": Brush}, radioless(12), radioless(12), radioless(1)),
			groups: P,
			lines:  []lineWant{{line: "P1: A enter N3, B enter N4, C enter N5", rule: "D14.31"}},
		},
		{name: "D14.31 one MP expenditure per unit: a Start is an Impulse of its own",
			w: func() world {
				w := platoonWorld(nil, radioless(12), radioless(12))
				w.units[0].motion, w.units[1].motion = false, false
				return w
			}(),
			groups: []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}},
			lines:  []lineWant{{line: "P1: A enter N3, B enter N4", rule: "D14.31"}, {line: "P1 start", mp: 1}, {line: "P1: A enter N3, B enter N4", mp: 1}},
		},
		{name: "D14.31 one hexspine of VCA change per Impulse",
			w:      platoonWorld(nil, radioless(12), radioless(12)),
			groups: []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}},
			lines:  []lineWant{{line: "P1: A vca M2-N2, B -", mp: 1}, {line: "P1: A vca L2-M2, B -", mp: 1}, {line: "P1: B vca M3-L3", rule: "D14.31"}},
		},
		{name: "D14.21 a platoon may not attempt ESB or make a Minimum Move",
			w:      platoonWorld(nil, radioless(12), radioless(12)),
			groups: []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}},
			lines:  []lineWant{{line: "P1: A esb 2, B -", rule: "D14.21"}, {line: "P1: A minimum N3, B -", rule: "D14.21"}},
		},
		{name: "D14.21 every member ends the Impulse adjacent to and in LOS of another",
			w:      platoonWorld(nil, radioless(12), radioless(12), radioless(12)),
			groups: P,
			lines:  []lineWant{{line: "P1: A enter N3, B -, C -", mp: 1}, {line: "P1: A enter O3, B -, C -", rule: "D14.21"}},
		},
		{name: "D14.21 members Start and Stop together",
			w:      platoonWorld(nil, radioless(12), radioless(12)),
			groups: []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}},
			lines:  []lineWant{{line: "P1: A stop, B -", rule: "D14.21"}, {line: "P1 stop", mp: 1}},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				if !unitOf(t, g, "A").Stopped() || !unitOf(t, g, "B").Stopped() {
					t.Error("the platoon should be Stopped")
				}
			}},
		{name: "D14.21 one Bog DR for the platoon; each member's own DRM decides who would bog",
			// A (fully tracked, normal ground pressure +1) and B (halftrack: +1 not fully
			// tracked, +1 normal = +2) both enter brush across a hedge needing a Bog Check... use
			// woods at half printed MP for A (+3) instead: A +4, B's woods is ALL MP (no +3): +2.
			w:      platoonWorld(map[string]Terrain{"N3": Woods, "N4": Woods}, radioless(12), halftrack(12)),
			groups: []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}},
			dice:   []int{8}, // one DR: A 8+4 = 12 bogs, B 8+2 = 10 does not: A is the only candidate
			lines:  []lineWant{{line: "P1: A enter N3, B enter N4 all", mp: 12}},
			check: func(t *testing.T, g *Game, r *LineResult) {
				if unitOf(t, g, "A").Immobile != Bogged || unitOf(t, g, "B").Immobile != Mobile {
					t.Errorf("A should be Bogged and B not: %v %v", unitOf(t, g, "A").Immobile, unitOf(t, g, "B").Immobile)
				}
				if n := len(r.Impulse.Rolls()); n != 1 {
					t.Errorf("%d platoon rolls, want one Bog DR and no Random Selection", n)
				}
				if unitOf(t, g, "A").Platoon != 0 {
					t.Error("a Bogged AFV leaves its platoon (D14.22)")
				}
			}},
		{name: "D14.21 Random Selection among the AFV the Final DR would bog; ties are all affected",
			w:      platoonWorld(map[string]Terrain{"N3": Woods, "N4": Woods, "N5": Woods}, radioless(12), radioless(12), radioless(12)),
			groups: P,
			// One Bog DR of 9 (+4 each: all would bog), then a dr each: A 3, B 5, C 5.
			dice:  []int{9, 3, 5, 5},
			lines: []lineWant{{line: "P1: A enter N3, B enter N4, C enter N5", mp: 6}},
			check: func(t *testing.T, g *Game, r *LineResult) {
				got := []Immobility{unitOf(t, g, "A").Immobile, unitOf(t, g, "B").Immobile, unitOf(t, g, "C").Immobile}
				if !reflect.DeepEqual(got, []Immobility{Mobile, Bogged, Bogged}) {
					t.Errorf("Immobile after Random Selection: %v, want A Mobile, B and C Bogged", got)
				}
				if g.GroupOf(0, KindPlatoon) >= 0 {
					t.Error("the lone survivor A is free of its platoon (D14.22)")
				}
				if !unitOf(t, g, "A").PlatoonFree {
					t.Error("A should be free from platoon restrictions for the rest of its MPh")
				}
			}},
		{name: "D14.21 one Mechanical Reliability DR; a 12 immobilizes one AFV by Random Selection",
			w: func() world {
				w := platoonWorld(nil, redRadioless(12), redRadioless(12), redRadioless(12))
				for i := range w.units {
					w.units[i].motion = false
				}
				return w
			}(),
			groups: P,
			dice:   []int{12, 2, 6, 4},
			lines:  []lineWant{{line: "P1 start", mp: 1}},
			check: func(t *testing.T, g *Game, r *LineResult) {
				if unitOf(t, g, "B").Immobile != Immobilized || unitOf(t, g, "A").Immobile != Mobile || unitOf(t, g, "C").Immobile != Mobile {
					t.Error("only B (highest dr) should be Immobilized")
				}
				if n := len(r.Impulse.Rolls()); n != 4 {
					t.Errorf("%d rolls, want 1 platoon DR + 3 Random Selection dr", n)
				}
			}},
		{name: "D14.21 Stall: all Stopped, one Delay DR, the Impulse costs Start + Delay DR",
			w: func() world {
				w := platoonWorld(nil, stalling(12, 10), stalling(12, 11))
				for i := range w.units {
					w.units[i].motion = false
					w.units[i].v.Radio = false
				}
				return w
			}(),
			groups: []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}},
			dice:   []int{10, 4}, // Stall DR 10 stalls A (10+); Delay DR 4
			lines:  []lineWant{{line: "P1 start", mp: 5}},
			check: func(t *testing.T, g *Game, r *LineResult) {
				for _, id := range []string{"A", "B"} {
					if u := unitOf(t, g, id); !u.Stopped() || u.Spent != Whole(5) {
						t.Errorf("%s: Stopped %v, spent %s; want Stopped, 5", id, u.Stopped(), u.Spent)
					}
				}
			}},
		{name: "D14.22 two left out of formation must re-form in the first Impulse one enters a new hex",
			w:      platoonWorld(nil, radioless(12), radioless(12), radioless(12)),
			groups: P,
			lines: []lineWant{
				{line: "attack B destroyed"},
				{line: "P1: C vca M4-N4, A -", mp: 1},         // nobody entered a hex: not yet due
				{line: "P1: A enter N3, C -", rule: "D14.22"}, // entering, still apart
				{line: "P1: C enter M4, A -", mp: 2},          // M3 and M4: together again (+1 for B's wreck)
			},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				if gi, ok := g.Group("P1"); !ok || g.Groups[gi].Reform {
					t.Error("P1 should be back in formation")
				}
			},
		},
	})
}

func TestLoneRadiolessNTC(t *testing.T) {
	runImpulseCases(t, []impulseCase{
		{name: "D14.23 a lone radioless AFV passes a NTC to move",
			w:     world{units: []unitSpec{{id: "A", at: "M3", vca: "N2-N3", v: radioless(12)}}},
			dice:  []int{8}, // morale 8: passes
			lines: []lineWant{{line: "A start", mp: 1}, {line: "A enter N3", mp: 1}},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				if unitOf(t, g, "A").NTC != NTCPassed {
					t.Error("NTC should be passed")
				}
			}},
		{name: "D14.23 failing the NTC in Motion: Stop with one MP and end the MPh",
			w:     world{units: []unitSpec{{id: "A", at: "M3", vca: "N2-N3", v: radioless(12), motion: true}}},
			dice:  []int{9},
			lines: []lineWant{{line: "A enter N3", mp: 1}, {line: "A enter N3", rule: "D14.23"}},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				u := unitOf(t, g, "A")
				if !u.Stopped() || u.Pos.Hex != unitOf(t, g, "A").Pos.Hex || u.Spent != Whole(1) || !u.Ended {
					t.Errorf("after a failed NTC in Motion: stopped %v spent %s ended %v", u.Stopped(), u.Spent, u.Ended)
				}
			}},
		{name: "D14.23 a radio AFV needs no NTC",
			w:     world{units: []unitSpec{{id: "A", at: "M3", vca: "N2-N3", v: tank(12)}}},
			lines: []lineWant{{line: "A start", mp: 1}},
		},
	})
}

func TestConvoyEntryCosts(t *testing.T) {
	// E11.23 EX: 6, 7 and 9 MP for a Convoy truck.
	base := func(extra func(w *world)) world {
		w := world{units: []unitSpec{
			{id: "T1", at: "M3", vca: "N2-N3", v: truck(16), motion: true},
			{id: "T2", at: "L3", vca: "M3-M4", v: truck(16), motion: true},
		}}
		if extra != nil {
			extra(&w)
		}
		return w
	}
	C := []groupSpec{{"C1", KindConvoy, []string{"T1", "T2"}}}
	runImpulseCases(t, []impulseCase{
		{name: "E11.23 by road into a wreck hex: 2 + 2 x 2 = 6",
			w:      base(func(w *world) { w.roads = []string{"M3-N3"}; w.wrecks = map[string]int{"N3": 1} }),
			groups: C, lines: []lineWant{{line: "C1: T1 enter N3, T2 enter M3", mp: 6}}}, // T2: 4 + 1 = 5
		{name: "E11.23 off road into a wreck hex: 5 + 1 x 2 = 7",
			w:      base(func(w *world) { w.wrecks = map[string]int{"N3": 1} }),
			groups: C, lines: []lineWant{{line: "C1: T1 enter N3, T2 enter M3", mp: 7}}},
		{name: "E11.2 a Convoy road hex costs 2 MP, BU or not",
			w:      base(func(w *world) { w.roads = []string{"M3-N3"} }),
			groups: C, lines: []lineWant{{line: "C1: T1 enter N3, T2 enter M3", mp: 5}}},
		{name: "E11.2 no Start after the Convoy spent a Stop MP",
			w:      base(nil),
			groups: C, lines: []lineWant{{line: "C1: T1 stop, T2 stop", mp: 1}, {line: "C1 start", rule: "E11.2"}}},
	})
}

func TestImpulseRefusalMessagesNameTheRule(t *testing.T) {
	g := platoonWorld(nil, radioless(12), radioless(12)).build(t)
	if err := g.AddGroup("P1", KindPlatoon, []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	l, err := g.ParseLine("A enter N3")
	if err != nil {
		t.Fatal(err)
	}
	var r LineResult
	err = g.Play(&l, dice.NewSeeded(1), &r)
	var ref *Refusal
	if !errors.As(err, &ref) || ref.Rule != "D14.21" || !strings.Contains(ref.Msg, "P1:") {
		t.Errorf("a platoon member moving alone: %v", err)
	}
}

func TestGroupComposition(t *testing.T) {
	sq := Vehicle{Name: "4-6-7", Class: Infantry, MP: InfantryMF, Radio: true}
	wagon := NewVehicle("wagon", Wagon, WagonMF)
	w := world{units: []unitSpec{
		{id: "A", at: "M3", vca: "N2-N3", v: radioless(12)},
		{id: "B", at: "M4", vca: "N3-N4", v: radioless(12)},
		{id: "C", at: "M5", vca: "N4-N5", v: radioless(12)},
		{id: "D", at: "M6", vca: "N5-N6", v: radioless(12)},
		{id: "S", at: "M6", vca: "N5-N6", v: sq},
		{id: "S2", at: "M7", vca: "N6-N7", v: sq},
		{id: "W", at: "M8", vca: "N7-N8", v: wagon},
		{id: "F", at: "M10", vca: "N9-N10", v: radioless(12)},
	}}
	cases := []struct {
		name    string
		setup   []groupSpec
		kind    GroupKind
		members []string
		rule    string
	}{
		{"D14.2 a platoon is two or three AFV", nil, KindPlatoon, []string{"A", "B", "C", "D"}, "D14.2"},
		{"D14.2 only AFV form platoons", nil, KindPlatoon, []string{"D", "S"}, "D14.2"},
		{"D14.21 a platoon forms in formation", nil, KindPlatoon, []string{"A", "F"}, "D14.21"},
		{"E11.1 a Convoy is motorized vehicles", nil, KindConvoy, []string{"S2", "W"}, "E11.1"},
		{"E11.1 a Convoy is a line", nil, KindConvoy, []string{"A", "C"}, "E11.1"},
		{"E11.5 a Column is Infantry, Cavalry and wagons", nil, KindColumn, []string{"S", "C"}, "E11.5"},
		{"E11.52 a Column may not use Armored Assault", []groupSpec{{"K1", KindColumn, []string{"S", "S2", "W"}}}, KindArmoredAssault, []string{"D", "S"}, "E11.52"},
		{"D14.33 the Infantry begins with its AFV", nil, KindArmoredAssault, []string{"A", "S2"}, "D14.33"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := w.build(t)
			add := func(gs groupSpec) error {
				var ms []int
				for _, id := range gs.members {
					i, _ := g.Unit(id)
					ms = append(ms, i)
				}
				return g.AddGroup(gs.id, gs.kind, ms)
			}
			for _, gs := range c.setup {
				if err := add(gs); err != nil {
					t.Fatal(err)
				}
			}
			before := append([]Unit(nil), g.Units...)
			n := len(g.Groups)
			err := add(groupSpec{"G", c.kind, c.members})
			var ref *Refusal
			if !errors.As(err, &ref) || ref.Rule != c.rule {
				t.Fatalf("got %v, want a refusal citing %s", err, c.rule)
			}
			if !reflect.DeepEqual(before, g.Units) || len(g.Groups) != n {
				t.Error("a refused group changed the game")
			}
		})
	}
}
