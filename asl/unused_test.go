package asl

import "testing"

// D2.1: a vehicle that ends its MPh with MP left is assumed to spend them in its final hex, so a
// DEFENDER that sees that hex counts them for its Motion attempt (D2.401): dr <= the MP the
// newly seen enemy spent in its LOS (rules-notes 1.5 #6). However the MPh ends: Stopped, in
// Motion, Bogged entering or leaving, Immobilized, a platoon's end, a Bog in an Impulse.
func TestD2_1UnusedMPSpentInFinalHex(t *testing.T) {
	// R in A5 sees C8 and C9 but not C5, C6 or C7 past the woods in B4 and B5 (and G never
	// was in its LOS before).
	seen := func(g unitSpec, terrain map[string]Terrain) world {
		tr := map[string]Terrain{"B4": Woods, "B5": Woods}
		for h, x := range terrain {
			tr[h] = x
		}
		return world{terrain: tr, units: []unitSpec{g, {id: "R", side: "Russian", at: "A5", vca: "B4-B5", v: tank(10)}}}
	}
	moving := unitSpec{id: "G", at: "C5", vca: "C6-D5", v: tank(10), motion: true}
	red := tank(10)
	red.RedMP = true
	stopped := unitSpec{id: "G", at: "C5", vca: "C6-D5", v: red}
	// The platoon: A in M3 and B in M4 move right into N3 and N4; R sees N3 only.
	platoon := func(terrain map[string]Terrain) world {
		w := platoonWorld(terrain, radioless(4), radioless(4))
		w.units = append(w.units, unitSpec{id: "R", side: "Russian", at: "H8", vca: "H7-I8", v: tank(10)})
		w.blocked = []string{"H8-M3", "H8-M4", "H8-N4"}
		return w
	}
	p1 := []groupSpec{{id: "P1", kind: KindPlatoon, members: []string{"A", "B"}}}
	cases := []struct {
		impulseCase
		who    string
		inLOS  float64 // MP R's Motion attempt counts
		motion bool    // R gains Motion with the last dr scripted
	}{
		{impulseCase: impulseCase{name: "Stopped with 6 MP left", w: seen(moving, nil), dice: []int{6},
			// C8: 1 [Open Ground] +1 [Stop] +6 unused = 8 in R's LOS; dr 6 <= 8.
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "G stop", mp: 1}, {line: "G end"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 8, motion: true},
		{impulseCase: impulseCase{name: "in Motion, as before", w: seen(moving, map[string]Terrain{"C9": Marsh, "D8": Marsh}), dice: []int{6},
			// C9 and D8 (its VCA) are marsh, NA: it ends in Motion with 7 MP left: 1 + 7 = 8 in
			// R's LOS.
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "G end"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 8, motion: true},
		{impulseCase: impulseCase{name: "Bogged entering a building", w: seen(moving, map[string]Terrain{"C8": Building}), dice: []int{8, 6},
			// C8: 5 [½ printed MP], Bog DR 8 +4 = 12: Bogged with 3 MP left: 5 + 3 = 8.
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 5}, {line: "G end"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 8, motion: true},
		{impulseCase: impulseCase{name: "Bogged leaving a stream, it stays in it", w: seen(moving, map[string]Terrain{"C8": Stream}), dice: []int{11, 6},
			// C8: 2 +1 [COT] = 3; leaving for C9 (1 MP, spent) Bog DR 11 +1 = 12: it stays in
			// C8 with 10 - 6 = 4 left: 3 + 1 + 4 = 8.
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 3}, {line: "G enter C9", mp: 1}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 8, motion: true},
		{impulseCase: impulseCase{name: "Immobilized by Mechanical Reliability on a Start", w: seen(stopped, nil), dice: []int{5, 12, 6},
			// Start (DR 5) in C5; C6, C7, C8; Stop; Start (DR 12: Immobilized) in C8: 6 spent,
			// 4 left: 1 + 1 + 1 + 4 = 7 in R's LOS.
			lines: []lineWant{{line: "G start", mp: 1}, {line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "G stop", mp: 1}, {line: "G start", mp: 1}, {line: "G end"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 7, motion: true},
		{impulseCase: impulseCase{name: "not yet ended: only the MP spent count", w: seen(stopped, nil), dice: []int{5, 12, 6},
			lines: []lineWant{{line: "G start", mp: 1}, {line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "G stop", mp: 1}, {line: "G start", mp: 1}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 3, motion: false},
		{impulseCase: impulseCase{name: "Stunned by an attack: it may spend no more", w: seen(moving, nil), dice: []int{6},
			// Stunned in C8 after 3 MP: it Stops and may spend no MP for the rest of the Player
			// Turn, its MPh over with 7 left: 1 + 7 = 8 in R's LOS.
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "attack G stunned"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 8, motion: true},
		{impulseCase: impulseCase{name: "Immobilized by an attack, then ended: counted once", w: seen(moving, nil), dice: []int{6},
			// Immobilized in C8 with 7 left: 1 + 7 = 8, and its `end` after counts nothing more.
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "attack G immobilized"}, {line: "G end"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 8, motion: true},
		{impulseCase: impulseCase{name: "a missed attack ends nothing", w: seen(moving, nil), dice: []int{6},
			lines: []lineWant{{line: "G enter C6", mp: 1}, {line: "G enter C7", mp: 1}, {line: "G enter C8", mp: 1}, {line: "attack G missed"}, {line: "motion-attempt R"}}},
			who: "G", inLOS: 1, motion: false},
		{impulseCase: impulseCase{name: "a platoon member Stunned, the platoon ended after", w: platoon(nil), groups: p1, dice: []int{4},
			// A in N3 after the Impulse's 1 MP, Stunned: 3 left: 1 + 3 = 4, once, though the
			// platoon ends after.
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "attack A stunned"}, {line: "P1 stop", mp: 1}, {line: "P1 end"}, {line: "motion-attempt R"}}},
			who: "A", inLOS: 4, motion: true},
		{impulseCase: impulseCase{name: "a platoon ends Stopped", w: platoon(nil), groups: p1, dice: []int{4},
			// A in N3: 1 [Impulse] +1 [Stop] +2 unused = 4; dr 4 <= 4.
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 1}, {line: "P1 stop", mp: 1}, {line: "P1 end"}, {line: "motion-attempt R"}}},
			who: "A", inLOS: 4, motion: true},
		{impulseCase: impulseCase{name: "a platoon member Bogged in an Impulse, once charged", w: platoon(map[string]Terrain{"N3": Building}), groups: p1, dice: []int{8, 3},
			// A into N3: 2 [½ printed MP], the platoon's Bog DR 8 +4 = 12 bogs A; the Impulse
			// costs 2: A has 2 left: 2 + 2 = 4; dr 3 <= 4.
			lines: []lineWant{{line: "P1: A enter N3, B enter N4", mp: 2}, {line: "motion-attempt R"}}},
			who: "A", inLOS: 4, motion: true},
	}
	for _, c := range cases {
		c.check = func(t *testing.T, g *Game, _ *LineResult) {
			t.Helper()
			r, _ := g.Unit("R")
			who, _ := g.Unit(c.who)
			if mp, i := g.motionTrigger(r, who); mp.Float() != c.inLOS || i != who && c.inLOS > 0 {
				t.Errorf("R's Motion attempt counts %v MP of %s, want %v", mp.Float(), c.who, c.inLOS)
			}
			if got := g.Units[r].Motion; got != c.motion {
				t.Errorf("R in Motion: %v, want %v", got, c.motion)
			}
		}
		runImpulseCases(t, []impulseCase{c.impulseCase})
	}
}
