package asl

import (
	"strings"
	"testing"
)

// bogWant is where a platoon member stands after an Impulse's Bog DR and whether it is Bogged.
type bogWant struct {
	id, at  string
	bogged  bool
	entered bool // a moving target: it entered a new hex this MPh (D2.1)
	spent   MP
}

// TestPlatoonBogInImpulse: a platoon's one Bog DR at the end of an Impulse (D14.21) covers
// every Bog Check its members would have made, leaving and entering, each with its own DRM
// (D8.21). Random Selection (rules-notes 1.1) is among the AFV the DR would bog, one dr each
// however many of its checks failed; a selected AFV that failed its leaving check never got
// out and is Bogged in the hex it left, one that passed it is Bogged in the hex it entered,
// and the Impulse's MP stand (rules-notes 1.5 #13).
//
// The map: A (tank, normal ground pressure: +1) starts in a stream in M3 (Bog Check on
// leaving: +1); woods in N3 and N4 cost a tank half its 12 MP (6) with +3 on the entering
// check (+4 in all); open ground costs 1 and needs no check.
func TestPlatoonBogInImpulse(t *testing.T) {
	streamWoods := map[string]Terrain{"M3": Stream, "N3": Woods, "N4": Woods}
	streams := map[string]Terrain{"M3": Stream, "N3": Woods, "N4": Woods, "M5": Stream}
	AB := []groupSpec{{"P1", KindPlatoon, []string{"A", "B"}}}
	ABC := []groupSpec{{"P1", KindPlatoon, []string{"A", "B", "C"}}}
	cases := []struct {
		name    string
		terrain map[string]Terrain
		three   bool
		line    string
		dice    []int
		cost    float64
		drs     int      // Random Selection drs rolled
		report  []string // in the Platoon Bog Check's line
		want    []bogWant
	}{
		{name: "leaving passes, entering fails: Bogged in the hex it entered (only candidate, no dr)",
			terrain: streamWoods, line: "P1: A enter N3, B enter N4 all", dice: []int{8}, cost: 12,
			// A leaving 8+1 = 9 passes, entering 8+4 = 12 fails; B (ALL MP, +1) 9.
			report: []string{"A leaving Stream 9 (+1 [normal ground pressure]) passes", "A entering Woods 12 (", ") fails", "would bog: A (failed: A entering Woods)"},
			want:   []bogWant{{"A", "N3", true, true, Whole(12)}, {"B", "N4", false, true, Whole(12)}}},
		{name: "leaving fails: put back, Bogged in the hex it left; the Impulse's MP stand",
			terrain: map[string]Terrain{"M3": Stream}, line: "P1: A enter N3, B enter N4", dice: []int{11}, cost: 1,
			// A leaving 11+1 = 12 fails; open N3 needs no check.
			report: []string{"A leaving Stream 12 (+1 [normal ground pressure]) fails", "would bog: A (failed: A leaving Stream)"},
			want:   []bogWant{{"A", "M3", true, false, Whole(1)}, {"B", "N4", false, true, Whole(1)}}},
		{name: "an AFV failing both checks rolls one dr; not selected, it goes on from the hex it entered",
			terrain: streamWoods, line: "P1: A enter N3, B enter N4", dice: []int{11, 3, 5}, cost: 6, drs: 2,
			// A leaving 12 and entering 15 fail, B entering 15 fails: drs A 3, B 5: B.
			report: []string{"A leaving Stream 12 (+1 [normal ground pressure]) fails", "would bog: A, B (failed: A leaving Stream, A entering Woods, B entering Woods)"},
			want:   []bogWant{{"A", "N3", false, true, Whole(6)}, {"B", "N4", true, true, Whole(6)}}},
		{name: "an AFV failing both checks rolls one dr; selected, it is Bogged in the hex it left",
			terrain: streamWoods, line: "P1: A enter N3, B enter N4", dice: []int{11, 5, 3}, cost: 6, drs: 2,
			want: []bogWant{{"A", "M3", true, false, Whole(6)}, {"B", "N4", false, true, Whole(6)}}},
		{name: "a tie bogs both: one where it entered, one put back where it left; the third goes on",
			terrain: streams, three: true, line: "P1: A enter N3, B enter N4, C enter N5", dice: []int{11, 4, 4, 2}, cost: 6, drs: 3,
			// A fails leaving and entering, B entering, C leaving (stream M5): drs 4, 4, 2.
			report: []string{"C leaving Stream 12 (+1 [normal ground pressure]) fails", "would bog: A, B, C"},
			want:   []bogWant{{"A", "M3", true, false, Whole(6)}, {"B", "N4", true, true, Whole(6)}, {"C", "N5", false, true, Whole(6)}}},
		{name: "a tie among AFV that passed their leaving checks: each Bogged in the hex it entered",
			terrain: streamWoods, line: "P1: A enter N3, B enter N4", dice: []int{8, 4, 4}, cost: 6, drs: 2,
			// A leaving 9 passes, entering 12 fails; B entering 12 fails; drs tie.
			report: []string{"would bog: A, B (failed: A entering Woods, B entering Woods)"},
			want:   []bogWant{{"A", "N3", true, true, Whole(6)}, {"B", "N4", true, true, Whole(6)}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vs := []Vehicle{radioless(12), radioless(12)}
			groups := AB
			if c.three {
				vs, groups = append(vs, radioless(12)), ABC
			}
			var r *LineResult
			runImpulseCases(t, []impulseCase{{
				name: "impulse", w: platoonWorld(c.terrain, vs...), groups: groups, dice: c.dice,
				lines: []lineWant{{line: c.line, mp: c.cost}},
				check: func(t *testing.T, g *Game, last *LineResult) {
					r = last
					for _, w := range c.want {
						u := unitOf(t, g, w.id)
						// The MP it spent were spent where it stands now (D2.401).
						for k := 0; k < g.LOSRecordLen(); k++ {
							if i, mp, at := g.LOSRecordSpend(k); mp > 0 && &g.Units[i] == u && at != u.Pos.Spot() {
								t.Errorf("%s: the LOS record has %s MP spent at %v, not where it stands", w.id, mp, at)
							}
						}
						at, _ := g.Map.Layout.Parse(w.at)
						if u.Pos.Hex != at || (u.Immobile == Bogged) != w.bogged || u.EnteredHex != w.entered || u.Spent != w.spent {
							t.Errorf("%s: in %s, %v, entered a hex %v, %s MP; want %s, Bogged %v, entered %v, %s MP",
								w.id, g.Map.Layout.Name(u.Pos.Hex), u.Immobile, u.EnteredHex, u.Spent, w.at, w.bogged, w.entered, w.spent)
						}
					}
				}}})
			if r == nil {
				return
			}
			rolls := r.Impulse.Rolls()
			if len(rolls) != 1+c.drs {
				t.Errorf("%d platoon rolls, want the Bog DR and %d Random Selection drs", len(rolls), c.drs)
			}
			if len(rolls) > 0 {
				line := rolls[0].Need + " " + rolls[0].Result
				for _, s := range c.report {
					if !strings.Contains(line, s) {
						t.Errorf("the Bog DR's report %q lacks %q", line, s)
					}
				}
			}
		})
	}
}
