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
