package asl

import (
	"testing"
)

// below puts a unit in the stream under the bridge of its hex (`at: {hex: H, below: true}`).
func below(u *Unit) { u.Pos.Below, u.Pos.OnRoad = true, false }

// squad is a 4-6-7 squad: 4 MF.
func squad() Vehicle {
	return Vehicle{Name: "4-6-7", Class: Infantry, MP: InfantryMF, Radio: true, Morale: 7}
}

// TestBelowABridge: a unit in the stream under a bridge is in the stream Location, not on the
// road over it (rules-notes 1.5 #15, 1.2 Bridges): leaving or Reversing from there pays the
// entered hex's cost, never the road rate, and makes the stream's leaving Bog Check; a VCA change
// there is not on a road; Infantry pay no road rate from there either. N3 is a shallow stream
// under a stone bridge carrying the road M3-N3-O3-P3.
func TestBelowABridge(t *testing.T) {
	bridge := func(terrain map[string]Terrain, us ...unitSpec) world {
		tr := map[string]Terrain{"N3": Stream}
		for h, x := range terrain {
			tr[h] = x
		}
		return world{terrain: tr, bridges: map[string]BridgeKind{"N3": StoneBridge}, roads: []string{"M3-N3", "N3-O3", "O3-P3"}, units: us}
	}
	tankBelow := func(vca string) unitSpec {
		return unitSpec{id: "T", at: "N3", vca: vca, v: tank(12), motion: true, fixup: below}
	}
	// Two bridge hexes in a row: N3 and N4 are a shallow stream under one stone bridge carrying
	// the road N2-N3-N4-N5.
	long := world{terrain: map[string]Terrain{"N3": Stream, "N4": Stream}, bridges: map[string]BridgeKind{"N3": StoneBridge, "N4": StoneBridge},
		roads: []string{"N2-N3", "N3-N4", "N4-N5"}, units: []unitSpec{{id: "T", at: "N3", vca: "M4-N4", v: tank(12), motion: true, fixup: below}}}
	deep := bridge(map[string]Terrain{"N3": DeepStream}, unitSpec{id: "T", at: "N3", vca: "O3-O4", v: tank(12), motion: true,
		fixup: func(u *Unit) { u.Pos.Below, u.Pos.OnRoad = true, true }}) // on_road: true written beside below: true
	runCases(t, []ruleCase{
		// Out along the road hexside into open O3: 1 [Open Ground], not ½ [road]; the leaving
		// Bog Check, DR 6 +1 [normal GP].
		{name: "leaving along the road pays the hex entered", w: bridge(nil, tankBelow("O3-O4")), dice: []int{6},
			steps: []stepWant{{step: "T enter O3", mp: 1}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); u.Pos.Below || u.Pos.OnRoad {
					t.Errorf("T in O3: below %v, on road %v; want neither", u.Pos.Below, u.Pos.OnRoad)
				}
			}},
		// Reverse out across the road hexside into O3: (1 [Open Ground]) x 4 [Reverse] +1
		// [Stop] +1 [Start] (D2.23) = 6, not 4; the leaving Bog Check.
		{name: "Reverse along the road pays the hex entered", w: bridge(nil, tankBelow("M3-M4")), dice: []int{6},
			steps: []stepWant{{step: "T reverse O3", mp: 6}}},
		// Into a woods-road hex across its road hexside: the woods (ALL MP for a halftrack) and
		// their Bog Check, after the stream's leaving check.
		{name: "into a woods-road hex: the woods, not the road", w: bridge(map[string]Terrain{"O3": Woods}, unitSpec{id: "T", at: "N3", vca: "O3-O4", v: NewVehicle("ht", Halftrack, 12), motion: true, fixup: below}),
			dice: []int{6, 6}, steps: []stepWant{{step: "T enter O3", mp: 12}}},
		// From below to below along the stream under a bridge two hexes long: N4's stream, 2 +1
		// [COT] = 3 (a depression to a depression: no Bog Check), not onto the bridge at ½.
		{name: "below to below along the stream", w: long, steps: []stepWant{{step: "T enter N4", mp: 3}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "T"); !u.Pos.Below || u.Pos.OnRoad {
					t.Errorf("T in N4: below %v, on road %v; want below, not on the road", u.Pos.Below, u.Pos.OnRoad)
				}
			}},
		// A VCA change below the bridge of a deep stream is not on a road: a Bog Check for the
		// hexspine (Terrain Chart B), even if the unit was said to be on the road.
		{name: "a VCA change below the bridge is not on a road", w: deep, dice: []int{6},
			steps: []stepWant{{step: "T vca O4-N4", mp: 1}}},
		// Infantry out along the road hexside into woods O3: 2 MF [woods], not 1 [road].
		{name: "Infantry from below pay the hex entered", w: bridge(map[string]Terrain{"O3": Woods}, unitSpec{id: "S", at: "N3", vca: "O3-O4", v: squad(), fixup: below}),
			steps: []stepWant{{step: "S enter O3", mp: 2}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "S"); !u.OffRoad || u.Pos.OnRoad {
					t.Errorf("S: off road %v, on road %v; want off the road", u.OffRoad, u.Pos.OnRoad)
				}
			}},
	})
	// A Column: S1 below the bridge in N3 leads, S2 follows from M3 on the road.
	column := func(terrain map[string]Terrain) world {
		return bridge(terrain, unitSpec{id: "S1", at: "N3", vca: "O3-O4", v: squad(), fixup: below}, unitSpec{id: "S2", at: "M3", vca: "N2-N3", v: squad()})
	}
	k1 := []groupSpec{{id: "K1", kind: KindColumn, members: []string{"S1", "S2"}}}
	runImpulseCases(t, []impulseCase{
		// From below, the road hexside is no road: a Column may not enter woods O3 that way
		// (E11.521), and nothing changes.
		{name: "a Column led from below a bridge into woods", w: column(map[string]Terrain{"O3": Woods}), groups: k1,
			lines: []lineWant{{line: "K1: S1 enter O3, S2 enter N3", rule: "E11.521"}}},
		// Into open O3 from below: off the road, so the Column loses its road bonus (B3.4):
		// 4 MF left of 4 + 1.
		{name: "a Column led from below a bridge loses its road bonus", w: column(nil), groups: k1,
			lines: []lineWant{{line: "K1: S1 enter O3, S2 enter N3", mp: 1}},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				if u := unitOf(t, g, "S1"); u.Allowance != Whole(InfantryMF) {
					t.Errorf("S1's allowance %v MF, want 4 (no road bonus)", u.Allowance)
				}
			}},
	})
}

// offboard waits off the board to come on (at: offboard).
func offboard(u *Unit) { u.Pos.Offboard, u.Pos.OnRoad = true, false }

// TestEdgeRoadEntry: a road may run off the board (rules-notes 1.5 #12): a unit coming on across
// that board-edge hexside along the road pays the road rate - vehicles, Convoys, Infantry and
// Columns with theirs; elsewhere an entry from off the board pays the entered hex's cost, and
// climbs nothing. The road runs off the board from 2A5 across its upper-left hexside (edge-2A5-2B5).
func TestEdgeRoadEntry(t *testing.T) {
	edge := func(terrain map[string]Terrain, levels map[string]int, us ...unitSpec) world {
		return world{terrain: terrain, levels: levels, roads: []string{"A5-B5", "B5-C5"}, units: us}
	}
	bu := tank(12)
	truckV := truck(16)
	cases := []ruleCase{
		{name: "a tank along the road: ½ MP", w: edge(nil, nil, unitSpec{id: "T", at: "A5", vca: "B4-B5", v: tank(12), fixup: offboard}),
			steps: []stepWant{{step: "T enter A5", mp: 0.5}, {step: "T enter B5", mp: 0.5}}},
		{name: "a BU tank along the road: 1 MP (D2.16)", w: edge(nil, nil, unitSpec{id: "T", at: "A5", vca: "B4-B5", v: bu, fixup: func(u *Unit) { offboard(u); u.Crew = CrewBU }}),
			steps: []stepWant{{step: "T enter A5", mp: 1}}},
		{name: "a truck along the road: ½ MP, not 4", w: edge(nil, nil, unitSpec{id: "T", at: "A5", vca: "B4-B5", v: truckV, fixup: offboard}),
			steps: []stepWant{{step: "T enter A5", mp: 0.5}}},
		{name: "a truck elsewhere: the hex's Open Ground, 4 MP", w: edge(nil, nil, unitSpec{id: "T", at: "A6", vca: "B5-B6", v: truckV, fixup: offboard}),
			steps: []stepWant{{step: "T enter A6", mp: 4}}},
		// A5 at level 1 off the road: 1 [Open Ground]; nothing for the climb from off the board.
		{name: "elsewhere, into a hill: the hex's cost only", w: edge(nil, map[string]int{"A6": 1}, unitSpec{id: "T", at: "A6", vca: "B5-B6", v: tank(12), fixup: offboard}),
			steps: []stepWant{{step: "T enter A6", mp: 1}}},
		// Into woods-road A5 along the road: 1 MF [road], not 2 [woods]; on the road.
		{name: "Infantry along the road into a woods-road hex", w: edge(map[string]Terrain{"A5": Woods}, nil, unitSpec{id: "S", at: "A5", vca: "B4-B5", v: squad(), fixup: offboard}),
			steps: []stepWant{{step: "S enter A5", mp: 1}},
			check: func(t *testing.T, g *Game) {
				if u := unit(g, "S"); u.OffRoad || !u.Pos.OnRoad {
					t.Errorf("S: off road %v, on road %v; want on the road", u.OffRoad, u.Pos.OnRoad)
				}
			}},
		{name: "Infantry elsewhere into woods: 2 MF", w: edge(map[string]Terrain{"A6": Woods}, nil, unitSpec{id: "S", at: "A6", vca: "B5-B6", v: squad(), fixup: offboard}),
			steps: []stepWant{{step: "S enter A6", mp: 2}}},
	}
	for i := range cases {
		cases[i].w.edgeRoads = []string{"A5-B5"}
	}
	runCases(t, cases)
	// A Convoy of trucks: the Convoy road rate, at least 1, +1 [Convoy] = 2 (E11.2; rules-notes
	// 1.5 #1), not 4 +1 = 5. A Column: S2 comes on along the road behind S1: the Column keeps
	// its road bonus, 4 + 1 MF.
	convoy := edge(nil, nil, unitSpec{id: "T1", at: "A5", vca: "B4-B5", v: truckV, fixup: offboard, motion: true}, unitSpec{id: "T2", at: "A5", vca: "B4-B5", v: truckV, fixup: offboard, motion: true})
	convoy.edgeRoads = []string{"A5-B5"}
	column := edge(nil, nil, unitSpec{id: "S1", at: "A5", vca: "B4-B5", v: squad()}, unitSpec{id: "S2", at: "A5", vca: "B4-B5", v: squad(), fixup: offboard})
	column.edgeRoads = []string{"A5-B5"}
	runImpulseCases(t, []impulseCase{
		{name: "a Convoy along the road", w: convoy, groups: []groupSpec{{id: "C1", kind: KindConvoy, members: []string{"T1", "T2"}}},
			lines: []lineWant{{line: "C1: T1 enter A5, T2 -", mp: 2}}},
		{name: "a Column along the road keeps its road bonus", w: column, groups: []groupSpec{{id: "K1", kind: KindColumn, members: []string{"S1", "S2"}}},
			lines: []lineWant{{line: "K1: S1 enter B5, S2 enter A5", mp: 1}},
			check: func(t *testing.T, g *Game, _ *LineResult) {
				if u := unitOf(t, g, "S2"); u.Allowance != Whole(InfantryMF+RoadBonusMF) {
					t.Errorf("S2's allowance %v MF, want 5 (the road bonus kept)", u.Allowance)
				}
			}},
	})
}
