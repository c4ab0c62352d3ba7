package opponent_test

import (
	"os"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwfile"
	"github.com/umpire-referee/umpire/lightningwar/opponent"
	"github.com/umpire-referee/umpire/rules"
)

// base is testdata/lightningwar/objectives-reach-hold-edge.yaml without its orders, moves and
// expectations: the German's A is to reach 16,10 by turn 1 and hold the wood.
func base(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/lightningwar/objectives-reach-hold-edge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	s = strings.Replace(s, "orders:\n  - {to: A, path: [[30, 10]], text: \"through the wood\"}\n", "", 1)
	s, _, _ = strings.Cut(s, "moves:")
	return s
}

// game loads a scenario text.
func game(t testing.TB, text string) *lw.Game {
	t.Helper()
	s, err := lwfile.LoadLightningWar("o.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s.Game.Clone()
}

// play lets the opponent write the German's orders and the referee play the Movement Phase,
// for turns turns: the orders it wrote (line and reason), each taken by the referee.
func play(t *testing.T, g *lw.Game, turns int) []opponent.Decision {
	t.Helper()
	var out []opponent.Decision
	src := dice.NewSeeded(1)
	for turn := 0; turn < turns; turn++ {
		for n := 0; ; n++ {
			d, ok := opponent.Decide(g, "German", 0.5)
			if !ok {
				break
			}
			if n > 50 {
				t.Fatalf("the opponent wrote 50 orders in a turn: %+v", out)
			}
			a, err := lw.Parse(d.Line)
			if err != nil {
				t.Fatalf("%q: %v", d.Line, err)
			}
			if _, err := g.Do(a, src); err != nil {
				t.Fatalf("the referee refused the opponent's %q: %v", d.Line, err)
			}
			out = append(out, d)
		}
		a, _ := lw.Parse("movement")
		if _, err := g.Do(a, src); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestOrdersTowardObjectives: the opponent orders A to 16,10 (3 points by turn 1, 6" away: one
// turn) and, once there, into the wood to hold it; three turns score the German 5 points.
func TestOrdersTowardObjectives(t *testing.T) {
	g := game(t, base(t))
	orders := play(t, g, 3)
	if len(orders) != 2 || orders[0].Line != "order A path 16,10 : reach 16,10" || orders[1].Line != "order A path 22,10 : hold wood" {
		t.Fatalf("the orders: %+v", orders)
	}
	points := 0
	for k := range g.Objectives {
		if g.Objectives[k].Side == "German" {
			points += g.Status(k).Points
		}
	}
	if points != 5 {
		t.Errorf("the German scores %d, want 5 (3 for 16,10 by turn 1, 2 for the wood)", points)
	}
}

// TestFairPlay: the opponent decides only from what its side may see. Moving, adding or
// removing Russian detachments the German has not seen leaves its orders, and their reasons,
// exactly as they were, for the two turns before A could meet one: R2 in the wood the German
// is to hold would turn a decider that read the whole game away from it (it avoids a place
// where it knows an enemy stands); the German does not know of R2.
func TestFairPlay(t *testing.T) {
	want := play(t, game(t, base(t)), 2)
	rv := "  - {id: R, units: [T2], at: [46.8, 20]}\n"
	t3 := "  - {id: T3, formation: 2Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}\n"
	for _, v := range []struct{ name, from, to string }{
		{"R moved", rv, "  - {id: R, units: [T2], at: [40, 4]}\n"},
		{"R2 added", rv, rv + "  - {id: R2, units: [T3], at: [22, 12]}\n"},
		{"R removed", rv, ""},
	} {
		text := strings.Replace(base(t), v.from, v.to, 1)
		if v.name == "R2 added" {
			text = strings.Replace(text, "units:\n", "units:\n"+t3, 1)
		}
		if v.name == "R removed" {
			text = strings.Replace(text, "  - {side: Russian, edge: east}\n", "", 1)
		}
		if text == base(t) {
			t.Fatalf("%s: the variant changes nothing", v.name)
		}
		got := play(t, game(t, text), 2)
		if len(got) != len(want) {
			t.Errorf("%s: %d orders, want %d: %+v", v.name, len(got), len(want), got)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: order %d is %+v, want %+v", v.name, i+1, got[i], want[i])
			}
		}
	}
}

// A tank 2" from a road east (24 MPH on it, 12 across country) is to reach 44,8: straight
// across the fields is 40" at 6" a turn, by the road 2" to it, 40" at 12" a turn and 2" off it.
// umpire orders it by the road, through the road's points, and says so.
func TestOrderByRoad(t *testing.T) {
	g := game(t, `ruleset: lightningwar
table: {width: 48, height: 24}
roads:
  - {id: lane, line: [[2, 6], [24, 6], [46, 6]]}
toe:
  - {id: 1Pl, side: German, initiative: medium}
  - {id: 2Pl, side: Russian, initiative: medium}
units:
  - {id: T1, formation: 1Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
  - {id: T2, formation: 2Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
detachments:
  - {id: A, units: [T1], at: [4, 4]}
  - {id: R, units: [T2], at: [40, 22]}
objectives:
  - {side: German, reach: {at: "44,8", within: 1}, points: 2}
`)
	d, ok := opponent.Decide(g, "German", 0.5)
	if !ok || !strings.HasPrefix(d.Line, "order A path 4,6 24,6 44,6 44,8") {
		t.Fatalf("umpire's order: %q; want it along the lane, 4,6 24,6 44,6, then 44,8", d.Line)
	}
	if !strings.Contains(d.Reason, "by the road") {
		t.Errorf("reason %q: want it to say by the road", d.Reason)
	}
}

// decideUpTo lets the German's opponent decide up to n steps on g, each taken by the referee
// (it fails the test if one is refused): each step's line and reason.
func decideUpTo(t *testing.T, g *lw.Game, n int) []string {
	t.Helper()
	var lines []string
	src := dice.NewSeeded(1)
	for range n {
		d, ok := opponent.Decide(g, "German", 0.5)
		if !ok {
			break
		}
		a, err := lw.Parse(d.Line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Do(a, src); err != nil {
			t.Fatalf("refused %q: %v", d.Line, err)
		}
		lines = append(lines, d.Line+" -- "+d.Reason)
	}
	return lines
}

// splitScenario is a German platoon of three tanks at 10,10 (6" a turn across country) and
// the objectives given, and a Russian tank far off.
func splitScenario(objectives string) string {
	return `ruleset: lightningwar
table: {width: 48, height: 24}
toe:
  - {id: 1Pl, side: German, initiative: medium}
  - {id: 2Pl, side: Russian, initiative: medium}
units:
  - {id: T1, formation: 1Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
  - {id: T2, formation: 1Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
  - {id: T3, formation: 1Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
  - {id: T9, formation: 2Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
detachments:
  - {id: A, units: [T1, T2, T3], at: [10, 10]}
  - {id: R, units: [T9], at: [46, 22]}
objectives:
` + objectives
}

// Two places to reach by the end of turn 2, 10" apart, and one detachment: umpire breaks off
// part of it, then sends each part to a place.
func TestSplitForTwoPlaces(t *testing.T) {
	g := game(t, splitScenario(`  - {side: German, reach: {at: "20,10", within: 1}, points: 2, by: 2}
  - {side: German, reach: {at: "10,20", within: 1}, points: 2, by: 2}
`))
	lines := decideUpTo(t, g, 4)
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "split A T2,T3 as A/2 -- A breaks off T2, T3 as A/2 to reach") {
		t.Fatalf("umpire's steps:\n%s\nwant a split, then an order for each part", strings.Join(lines, "\n"))
	}
	to := map[string]string{}
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		to[f[1]] = f[3]
	}
	if len(to) != 2 || to["A"] == to["A/2"] || to["A"] == "" || to["A/2"] == "" {
		t.Errorf("the parts' orders: %v; want A and A/2 each to its own place", to)
	}
}

// A part with nothing left to do (the one place to reach is reached) rejoins its detachment,
// which stands beside it.
func TestJoinIdlePart(t *testing.T) {
	g := game(t, splitScenario(`  - {side: German, reach: {at: "10,10", within: 2}, points: 2}
`))
	a, _ := lw.Parse("split A T3 as A/2")
	if _, err := g.Do(a, dice.NewSeeded(1)); err != nil {
		t.Fatal(err)
	}
	d, ok := opponent.Decide(g, "German", 0.5)
	if !ok || d.Line != "join A/2 into A" {
		t.Errorf("umpire's step: %q, %v; want join A/2 into A", d.Line, ok)
	}
}

// TestFairPlayRandomTables: on the strength trial's random tables (six objectives, roads,
// leaders, detachments of several units: splits, roads, paces and Reserve Movement all come
// up), every Soviet detachment the German has not seen is moved to the mirror of its place.
// The two games are played side by side, the German's first turn of decisions in each: as long
// as the German's view of the two is the same, so must its decisions be (a referee's step, a
// split's placement, may reveal an enemy: from there the views differ, and so may the plans).
func TestFairPlayRandomTables(t *testing.T) {
	moved, compared := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := lwTrial(t, seed)
		v := g.Clone()
		for _, d := range v.Dets {
			if d.Side == "Soviet" && !v.Knows(lw.SideView("German"), d.ID) {
				d.Pos = lw.Point{X: v.Table.Width - d.Pos.X, Y: v.Table.Height - d.Pos.Y}
				moved++
			}
		}
		src, srcV := dice.NewSeeded(1), dice.NewSeeded(1)
		for n := 0; n < 40; n++ {
			if rules.Hash(g.As(lw.SideView("German"))) != rules.Hash(v.As(lw.SideView("German"))) {
				break // the referee has shown the German something different in each
			}
			d, ok := opponent.Decide(g, "German", 0.5)
			dv, okV := opponent.Decide(v, "German", 0.5)
			if ok != okV || d != dv {
				t.Errorf("seed %d, decision %d: the same view, and umpire decides\n%+v\nthen, with unseen Soviets moved,\n%+v", seed, n+1, d, dv)
				break
			}
			if !ok {
				break
			}
			compared++
			for _, x := range []struct {
				g   *lw.Game
				src dice.Source
			}{{g, src}, {v, srcV}} {
				a, err := lw.Parse(d.Line)
				if err == nil {
					_, err = x.g.Do(a, x.src)
				}
				if err != nil {
					t.Fatalf("seed %d: refused %q: %v", seed, d.Line, err)
				}
			}
		}
	}
	if moved == 0 || compared < 30 {
		t.Errorf("the tables moved %d unseen detachments and compared %d decisions: the test shows little", moved, compared)
	}
}

// An infantry section 8" from a place it must reach (within 1") by the end of turn 3: walking
// (2" a turn) it covers 6", too little; running (4"), which it may do every other turn, it
// covers 4 + 2 + 4. umpire orders it to run. A tank is never ordered to run.
func TestOrderRuns(t *testing.T) {
	g := game(t, `ruleset: lightningwar
table: {width: 48, height: 24}
toe:
  - {id: 1Pl, side: German, initiative: medium}
  - {id: 2Pl, side: Russian, initiative: medium}
units:
  - {id: S1, formation: 1Pl, type: infantry}
  - {id: T1, formation: 1Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
  - {id: T9, formation: 2Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
detachments:
  - {id: A, units: [S1], at: [10, 10]}
  - {id: B, units: [T1], at: [10, 20]}
  - {id: R, units: [T9], at: [46, 22]}
objectives:
  - {side: German, reach: {at: "18,10", within: 1}, points: 2, by: 3}
  - {side: German, reach: {at: "30,20", within: 1}, points: 2, by: 3}
`)
	lines := decideUpTo(t, g, 3)
	got := strings.Join(lines, "\n")
	if !strings.Contains(got, "order A path 18,10 run : reach 18,10") || !strings.Contains(got, "at a run") {
		t.Errorf("umpire's orders:\n%s\nwant A ordered to run to 18,10, and said so", got)
	}
	if strings.Contains(got, "order B path 30,20 run") || !strings.Contains(got, "order B path 30,20") {
		t.Errorf("umpire's orders:\n%s\nwant B (a tank) ordered to 30,20 at its own pace", got)
	}
}
