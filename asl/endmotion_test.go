package asl

import (
	"strings"
	"testing"
)

// D2.4: "A vehicle may end its MPh in Motion without expending all of its MP only if it has
// insufficient MP remaining to enter the next hex it wishes to enter." Each refusal is checked
// by runCases for its rule and for leaving the game as it was.

func wantMotion(want bool) func(t *testing.T, g *Game) {
	return func(t *testing.T, g *Game) {
		t.Helper()
		u := unit(g, "T")
		if u.Motion != want || !u.Ended {
			t.Errorf("T: Motion %v, ended %v; want Motion %v, ended", u.Motion, u.Ended, want)
		}
	}
}

func TestD2_4EndWithMPLeft(t *testing.T) {
	// T in 2M3 faces right (VCA N2-N3); after entering N3 it faces O3-O4, the hexes it may
	// enter next.
	open := world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12)}}}
	hills := world{levels: map[string]int{"O3": 3, "O4": 3}, units: open.units}
	marsh := world{terrain: map[string]Terrain{"O3": Marsh, "O4": Marsh}, units: open.units}
	road := world{roads: []string{"M3-N3", "N3-O3", "O3-P3", "P3-Q3"}, units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(3)}}}
	woods := world{terrain: map[string]Terrain{"N2": Woods, "N3": Woods, "M4": Woods}, units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: NewVehicle("ht", Halftrack, 12)}}}
	runCases(t, []ruleCase{
		{name: "open ground ahead: a plain end with MP left is refused", w: open,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end", rule: "D2.4"}}},
		{name: "it may Stop instead, and end Stopped", w: open,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end", rule: "D2.4"}, {step: "T stop", mp: 1}, {step: "T end"}},
			check: wantMotion(false)},
		{name: "end toward an affordable hex is refused", w: open,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end toward O3", rule: "D2.4"}}},
		{name: "end toward a hex it cannot afford: in Motion with MP left", w: hills,
			// O3 is a level-3 hill: 4 [higher elevation] x 3 +1 [Open Ground] = 13 > 10.
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end toward O3"}},
			check: wantMotion(true)},
		{name: "no hex of its VCA affordable: a plain end keeps Motion", w: hills,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end"}},
			check: wantMotion(true)},
		{name: "a hex outside its VCA is not its next hex", w: hills,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end toward N4", rule: "D2.4"}}},
		{name: "an NA hex is not its next hex, and NA hexes ahead leave plain end legal", w: marsh,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end toward O3", rule: "D2.4"}, {step: "T end"}},
			check: wantMotion(true)},
		{name: "ALL-MP terrain is affordable while nothing but Start was spent", w: woods,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T end toward N3", rule: "D2.4"}, {step: "T end", rule: "D2.4"}}},
		{name: "ALL-MP terrain is unaffordable once other MP were spent (D2.7)", w: woods,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T vca N3-M4", mp: 1}, {step: "T end toward M4"}},
			check: wantMotion(true)},
		{name: "half an MP left pays a road hex: no end, no Stop; it must go on", w: road,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 0.5}, {step: "T enter O3", mp: 0.5}, {step: "T enter P3", mp: 0.5},
				{step: "T end", rule: "D2.4"}, {step: "T stop", rule: "D2.4"}, {step: "T enter Q3", mp: 0.5}, {step: "T end"}},
			check: wantMotion(true)},
		{name: "buttoned up, the road hex costs 1 MP (D2.16): with half an MP it may end in Motion", w: road,
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 0.5}, {step: "T enter O3", mp: 0.5}, {step: "T enter P3", mp: 0.5},
				{step: "T bu"}, {step: "T end toward Q3"}},
			check: wantMotion(true)},
		{name: "every MP spent: plain end in Motion", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(2)}}},
			steps: []stepWant{{step: "T start", mp: 1}, {step: "T enter N3", mp: 1}, {step: "T end toward O3", rule: "D2.4"}, {step: "T end"}},
			check: wantMotion(true)},
		{name: "Stopped: end toward names nothing", w: open,
			steps: []stepWant{{step: "T end toward O3", rule: "D2.4"}, {step: "T end"}},
			check: wantMotion(false)},
		{name: "Immobile: end toward names nothing", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12), motion: true, fixup: func(u *Unit) { u.Immobile = Immobilized; u.Motion = false }}}},
			steps: []stepWant{{step: "T end toward O3", rule: "D2.4"}, {step: "T end"}},
			check: wantMotion(false)},
		{name: "after a Minimum Move: no MP left, nothing to name", w: world{levels: map[string]int{"N3": 3}, units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(8)}}},
			steps: []stepWant{{step: "T minimum N3", mp: 8}, {step: "T end toward O3", rule: "D2.15"}, {step: "T end"}},
			check: wantMotion(true)},
		{name: "moving in Reverse it may not end in Motion at all (D2.24)", w: open,
			steps: []stepWant{{step: "T reverse L3", mp: 5}, {step: "T end toward K3", rule: "D2.24"}, {step: "T end", mp: 1}},
			check: wantMotion(false)},
		{name: "Infantry has no Motion to end toward", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: Vehicle{Name: "4-6-7", Class: Infantry, MP: InfantryMF, Radio: true, Morale: 7}}}},
			steps: []stepWant{{step: "T enter N3", mp: 1}, {step: "T end toward O3", rule: "D2.4"}, {step: "T end"}}},
	})
}

// The event of an end in Motion with MP left says why it was allowed.
func TestD2_4EndTowardReport(t *testing.T) {
	g := world{levels: map[string]int{"O3": 3}, units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12)}}}.build(t)
	var r Result
	for _, s := range []string{"T start", "T enter N3", "T end toward O3"} {
		a, err := g.ParseStep(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Step(a, nil, &r); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	if es := r.Events(); len(es) != 1 || es[0].Rule != "D2.4" || !strings.Contains(es[0].Text, "10 MP unused") || !strings.Contains(es[0].Text, "2O3") {
		t.Errorf("events %v", es)
	}
}

func TestD2_4GroupEnd(t *testing.T) {
	two := func(terrain map[string]Terrain, levels map[string]int) world {
		w := platoonWorld(terrain, radioless(12), radioless(12))
		w.levels = levels
		return w
	}
	p1 := []groupSpec{{id: "P1", kind: KindPlatoon, members: []string{"A", "B"}}}
	inMotion := func(want bool) func(t *testing.T, g *Game, _ *LineResult) {
		return func(t *testing.T, g *Game, _ *LineResult) {
			for _, id := range []string{"A", "B"} {
				if u := unitOf(t, g, id); u.Motion != want || !u.Ended {
					t.Errorf("%s: Motion %v, ended %v; want Motion %v, ended", id, u.Motion, u.Ended, want)
				}
			}
		}
	}
	// A in M3 (VCA N2-N3), B in M4 (VCA N3-N4); after one Impulse A in N3 faces O3-O4, B in
	// N4 faces O4-O5, with 11 MP left.
	hills := map[string]int{"O3": 3, "O4": 3, "O5": 3}
	orderW := world{phasing: "German", units: []unitSpec{
		{id: "A", at: "M3", vca: "M4-N3", v: radioless(2)},
		{id: "B", at: "M4", vca: "N3-N4", v: radioless(2)}}}
	runImpulseCases(t, []impulseCase{
		{name: "open ground ahead: the platoon's plain end is refused", w: two(nil, nil), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end", rule: "D2.4"}, {line: "P1 stop", mp: 1}, {line: "P1 end"}},
			check: inMotion(false)},
		{name: "the Impulse it names is affordable: refused", w: two(nil, nil), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end toward A:O3, B:O4", rule: "D2.4"}}},
		{name: "the Impulse it names costs more than is left: in Motion", w: two(nil, map[string]int{"O4": 3}), groups: p1,
			// A into O3: 1; B into O4, a level-3 hill: 13 > 11. The Impulse costs 13 (D14.31).
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end toward A:O3, B:O4"}},
			check: inMotion(true)},
		// A in M3 faces M4-N3, B in M4 faces N3-N4; after the Start each has 1 MP left. Members
		// act in the order written (D14.31): A into M4 while B is there pays 1 +1 [vehicle] = 2,
		// an Impulse the platoon cannot pay; after B has left M4 for N4, A pays 1, and it can.
		{name: "the order written counts: A into M4 while B is there", w: orderW, groups: p1,
			lines: []lineWant{{line: "P1 start", mp: 1}, {line: "P1 end", rule: "D2.4"}, {line: "P1 end toward A:M4, B:N4"}},
			check: inMotion(true)},
		{name: "the order written counts: A into M4 once B has left it", w: orderW, groups: p1,
			lines: []lineWant{{line: "P1 start", mp: 1}, {line: "P1 end toward B:N4, A:M4", rule: "D2.4"}}},
		{name: "no member can enter a hex: plain end keeps Motion", w: two(nil, hills), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end"}},
			check: inMotion(true)},
		{name: "a member's hex outside its VCA", w: two(nil, hills), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end toward A:N4", rule: "D2.4"}}},
		{name: "a member named twice", w: two(nil, hills), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end toward A:O3, A:O4", rule: "D2.4"}}},
		{name: "a unit not in the group", w: func() world {
			w := two(nil, hills)
			w.units = append(w.units, unitSpec{id: "X", at: "G3", vca: "H2-H3", v: tank(12), motion: true})
			return w
		}(), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 end toward X:H3", rule: "D14.3"}}},
		{name: "Stopped: nothing to name, plain end ends Stopped", w: two(nil, nil), groups: p1,
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 stop", mp: 1}, {line: "P1 end toward A:O3", rule: "D2.4"}, {line: "P1 end"}},
			check: inMotion(false)},
		{name: "only moves that break formation are affordable: plain end keeps Motion", w: world{phasing: "German", units: []unitSpec{
			// A in M3 faces up-left, B in M4 down-left: any hex either enters takes it out of
			// adjacency with the other (D14.21), so the platoon can make no Impulse entering a hex.
			{id: "A", at: "M3", vca: "L2-M2", v: radioless(12)},
			{id: "B", at: "M4", vca: "L4-M5", v: radioless(12)}}}, groups: p1,
			lines: []lineWant{{line: "P1 start", mp: 1}, {line: "P1 end"}},
			check: inMotion(true)},
	})
}

func TestD2_4ConvoyEnd(t *testing.T) {
	// Trucks in Motion along row 5 facing right; the lead T1 in 2N5 after one Impulse may enter
	// O5 or O6 next. Woods cost a truck ALL MP (D2.7).
	w := world{terrain: map[string]Terrain{"O5": Woods, "O6": Woods}, units: []unitSpec{
		{id: "T1", at: "M5", vca: "N4-N5", v: truck(13), motion: true},
		{id: "T2", at: "L5", vca: "M5-M6", v: truck(13), motion: true}}}
	openW := w
	openW.terrain = nil
	c1 := []groupSpec{{id: "C1", kind: KindConvoy, members: []string{"T1", "T2"}}}
	runImpulseCases(t, []impulseCase{
		{name: "open ground ahead: refused", w: openW, groups: c1,
			lines: []lineWant{{line: "C1: T1 enter N5, T2 enter M5", mp: 5}, {line: "C1 end", rule: "D2.4"}, {line: "C1 end toward T1:O5", rule: "D2.4"}}},
		{name: "woods ahead after spending MP: in Motion", w: w, groups: c1,
			lines: []lineWant{{line: "C1: T1 enter N5, T2 enter M5", mp: 5}, {line: "C1 end toward T1:O5"}},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				if u := unitOf(t, g, "T2"); !u.Motion {
					t.Error("T2 should be in Motion with its Convoy (E11.24)")
				}
			}},
	})
}

func TestCrewStatus(t *testing.T) {
	road := []string{"M3-N3", "N3-O3", "O3-P3"}
	ce := world{roads: road, units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12), motion: true}}}
	bu := tank(12)
	bu.BU = true
	buW := world{roads: road, units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: bu, motion: true}}}
	runCases(t, []ruleCase{
		{name: "a CE AFV pays ½ per road hex; buttoned up, 1 (D2.16); unbuttoned, ½ again", w: ce,
			steps: []stepWant{{step: "T enter N3", mp: 0.5}, {step: "T bu"}, {step: "T enter O3", mp: 1}, {step: "T ce"}, {step: "T enter P3", mp: 0.5}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Buttoned() || u.Spent != Whole(2) {
					t.Errorf("T: BU %v, spent %s", u.Buttoned(), u.Spent)
				}
			}},
		{name: "set up BU, it unbuttons", w: buW,
			steps: []stepWant{{step: "T enter N3", mp: 1}, {step: "T ce"}, {step: "T enter O3", mp: 0.5}}},
		{name: "already BU / already CE", w: buW, steps: []stepWant{{step: "T bu", rule: "D5.2"}, {step: "T ce"}, {step: "T ce", rule: "D5.2"}}},
		{name: "a truck has no BU status", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: truck(13)}}},
			steps: []stepWant{{step: "T bu", rule: "D5.2"}, {step: "T ce", rule: "D5.2"}}},
		{name: "Infantry has no BU status", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: Vehicle{Name: "4-6-7", Class: Infantry, MP: InfantryMF, Radio: true}}}},
			steps: []stepWant{{step: "T bu", rule: "D5.2"}}},
		{name: "any time: a DEFENDER buttons up too", w: world{units: []unitSpec{{id: "T", side: "Russian", at: "M3", vca: "N2-N3", v: tank(12)}}},
			steps: []stepWant{{step: "T bu"}}},
		{name: "not once destroyed", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12), fixup: func(u *Unit) { u.Destroyed = true }}}},
			steps: []stepWant{{step: "T bu", rule: "D5.2"}}},
	})
}

// VCAs of 2M3 as the layout names them.
const vcaM4L3, vcaN3M4 = "2L3-2M4", "2M4-2N3"

func TestD2_11FireVCA(t *testing.T) {
	defender := func(terrain Terrain, fix func(u *Unit)) world {
		w := world{units: []unitSpec{
			{id: "A", at: "C3", vca: "D2-D3", v: tank(12)},
			{id: "T", side: "Russian", at: "M3", vca: "N2-N3", v: tank(12), fixup: fix}}}
		if terrain != OpenGround {
			w.terrain = map[string]Terrain{"M3": terrain}
		}
		return w
	}
	vcaIs := func(want string) func(t *testing.T, g *Game) {
		return func(t *testing.T, g *Game) {
			t.Helper()
			u := unit(g, "T")
			if got := g.Map.Layout.VCAName(u.Pos.Hex, u.Pos.Heading); got != want || u.Spent != 0 {
				t.Errorf("T: VCA %s, spent %s; want VCA %s, nothing spent", got, u.Spent, want)
			}
		}
	}
	runCases(t, []ruleCase{
		{name: "a DEFENDER firing in the enemy MPh turns for no MP", w: defender(OpenGround, nil),
			steps: []stepWant{{step: "T fire-vca M4-L3"}}, check: vcaIs(vcaM4L3)},
		{name: "in woods off a road: a Bog Check per hexspine (D2.11)", w: defender(Woods, nil), dice: []int{5, 6},
			steps: []stepWant{{step: "T fire-vca M4-L3"}}, check: vcaIs(vcaM4L3)},
		{name: "on a road in woods: no Bog Check", w: func() world {
			w := defender(Woods, nil)
			w.roads = []string{"L3-M3", "M3-N3"}
			return w
		}(), steps: []stepWant{{step: "T fire-vca M4-L3"}}, check: vcaIs(vcaM4L3)},
		{name: "Bogged on the first hexspine: it turns no further", w: defender(Woods, nil), dice: []int{12},
			steps: []stepWant{{step: "T fire-vca M4-L3"}},
			check: func(t *testing.T, g *Game) {
				u := unit(g, "T")
				if u.Immobile != Bogged || g.Map.Layout.VCAName(u.Pos.Hex, u.Pos.Heading) != vcaN3M4 || u.Ended || u.Motion {
					t.Errorf("T: %s, VCA %s, ended %v", u.Immobile, g.Map.Layout.VCAName(u.Pos.Hex, u.Pos.Heading), u.Ended)
				}
			}},
		{name: "an Immobile vehicle may not change its VCA", w: defender(OpenGround, func(u *Unit) { u.Immobile = Immobilized }),
			steps: []stepWant{{step: "T fire-vca M4-L3", rule: "D2.11"}}},
		{name: "a Stunned vehicle does not fire", w: defender(OpenGround, nil),
			steps: []stepWant{{step: "attack T stunned"}, {step: "T fire-vca M4-L3", rule: "D2.11"}}},
		{name: "the same VCA, or not a VCA of its hex", w: defender(OpenGround, nil),
			steps: []stepWant{{step: "T fire-vca N2-N3", rule: "D2.11"}, {step: "T fire-vca A1-A2", rule: "D2.11"}}},
		{name: "in its own MPh a VCA change costs MP; once its MPh is over, it may", w: world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12)}}},
			steps: []stepWant{{step: "T fire-vca M4-L3", rule: "D2.11"}, {step: "T end"}, {step: "T fire-vca M4-L3"}}},
		{name: "Infantry has no VCA", w: world{units: []unitSpec{{id: "T", side: "Russian", at: "M3", vca: "N2-N3", v: Vehicle{Name: "4-6-7", Class: Infantry, MP: InfantryMF, Radio: true}}}},
			steps: []stepWant{{step: "T fire-vca M4-L3", rule: "D2.11"}}},
	})
}

// The notation writes what it reads.
func TestNotationRoundTripNewVerbs(t *testing.T) {
	g := world{units: []unitSpec{{id: "T", at: "M3", vca: "N2-N3", v: tank(12)}}}.build(t)
	for _, s := range []string{"T end", "T end toward 2O3", "T bu", "T ce", "T fire-vca 2M4-2L3"} {
		a, err := g.ParseStep(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := g.Describe(a); got != s {
			t.Errorf("%q is written back %q", s, got)
		}
	}
	for _, s := range []string{"T end toward", "T end O3", "T end toward O3 O4", "T bu now", "T fire-vca", "T fire-vca L4"} {
		if _, err := g.ParseStep(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
	l, err := g.ParseLine("P1 end toward T:O3, T : O2")
	if err != nil || l.Kind != LineGroup || l.Group != GroupEnd || len(l.Acts) != 2 || !l.Acts[1].Toward || g.Map.Layout.Name(l.Acts[1].A) != "2O2" {
		t.Errorf("group end toward: %+v, %v", l, err)
	}
	for _, s := range []string{"P1 end toward", "P1 end toward T", "P1 end toward X:O3", "P1 end toward T:ZZ99", "P1 end O3"} {
		if _, err := g.ParseLine(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}
