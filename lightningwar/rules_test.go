package lightningwar

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

func TestCountInitiative(t *testing.T) {
	L, M, H := Low, MediumInitiative, High
	rep := func(n int, i Initiative) []Initiative {
		out := make([]Initiative, n)
		for k := range out {
			out[k] = i
		}
		return out
	}
	cat := func(xs ...[]Initiative) []Initiative {
		var out []Initiative
		for _, x := range xs {
			out = append(out, x...)
		}
		return out
	}
	for _, c := range []struct {
		name    string
		units   []Initiative
		regular bool
		want    Initiative
	}{
		{"seed: 3 Low, 1 Medium, 6 High", cat(rep(3, L), rep(1, M), rep(6, H)), true, M},
		{"one High", rep(1, H), true, H},
		{"one High and one Low pair to Medium", []Initiative{H, L}, true, M},
		{"tie Low-Medium goes to the worse", cat(rep(2, L), rep(2, M)), true, L},
		{"tie Medium-High goes to the worse", cat(rep(2, M), rep(2, H)), true, M},
		{"tie of three goes to the worst", []Initiative{L, M, H, H, L, M, L, H}, true, M}, // 3L 2M 3H -> 0L 5M 0H
		{"Lows outnumber", cat(rep(5, L), rep(2, H)), true, L},                            // 3L 2M
		{"Highs outnumber", cat(rep(1, L), rep(4, H)), true, H},                           // 1M 3H
		{"Irregular one lower", rep(3, H), false, M},
		{"Irregular Medium becomes Low", rep(3, M), false, L},
		{"Irregular Low stays Low", rep(2, L), false, L},
	} {
		if got := CountInitiative(c.units, c.regular); got.Result != c.want {
			t.Errorf("%s: got %v (%v), want %v", c.name, got.Result, got, c.want)
		}
	}
}

func TestRegular(t *testing.T) {
	g := newTestGame(t)
	must(t, g.AddFormation(Formation{ID: "2Coy", Parent: "Coy"}))
	must(t, g.AddFormation(Formation{ID: "3Pl", Parent: "2Coy"}))
	must(t, g.AddFormation(Formation{ID: "4Pl", Parent: "2Coy"}))
	for _, u := range []struct{ id, f string }{{"HQ", "Coy"}, {"A1", "1Pl"}, {"A2", "1Pl"}, {"A3", "1Pl"}, {"B1", "2Pl"}, {"B2", "2Pl"}, {"C1", "3Pl"}, {"C2", "3Pl"}, {"D1", "4Pl"}} {
		must(t, g.AddUnit(Unit{ID: u.id, Formation: u.f, Type: Infantry}))
	}
	for _, c := range []struct {
		units []string
		want  bool
	}{
		{[]string{"A1"}, true},                               // a single unit
		{[]string{"A1", "A2", "A3"}, true},                   // a whole platoon
		{[]string{"A1", "A3"}, true},                         // a platoon less one unit
		{[]string{"A1", "A2", "A3", "B1", "B2"}, true},       // two platoons of the company
		{[]string{"A1", "A2", "B1", "B2"}, true},             // the same less one unit
		{[]string{"HQ", "A1", "A2", "A3", "B1", "B2"}, true}, // the HQ and two platoons; 2Coy left out
		{[]string{"A1", "A2", "C1", "C2", "D1"}, true},       // a platoon less one unit and the whole 2Coy
		{[]string{"A1", "C1", "C2", "D1"}, false},            // one squad of 1Pl is not 1Pl less a unit
		{[]string{"A1", "B1"}, false},                        // a squad of one platoon and a squad of another
		{[]string{"A1", "A2", "A3", "C1", "C2"}, false},      // a platoon of 1st company with a platoon of 2Coy's
		{[]string{"HQ", "C1", "C2"}, false},                  // company HQ with a platoon of another company
	} {
		if got := g.Regular(c.units); got != c.want {
			t.Errorf("%v: Regular %v, want %v", c.units, got, c.want)
		}
	}
}

// Every row of the Vehicle Miring Table, by crossing a stream: one below the number the
// vehicle keeps going, at it the vehicle mires where it crosses.
func TestMiringTableEveryRow(t *testing.T) {
	for tracked := 0; tracked < 2; tracked++ {
		for size := SizeAT; size <= Heavy; size++ {
			need := MiringTable[tracked][size]
			for _, mod := range []int{0, 1} {
				for _, roll := range []int{need - mod - 1, need - mod} {
					if roll > 12 {
						continue
					}
					name := fmt.Sprintf("%s %s mod %+d roll %d", gear(&Unit{Tracked: tracked == 1}), size, mod, roll)
					t.Run(name, func(t *testing.T) {
						g := newTestGame(t)
						g.Table.Streams = []Stream{{ID: "s", Line: Polyline{Inch(12, 0), Inch(12, 48)}}}
						u := tank("V", size, tracked == 1)
						u.MireMod = mod
						addDet(t, g, "A", Inch(10, 10), u)
						rep := play(t, g, &dice.Script{Values: []int{roll}}, "order A path 30,10", "movement")
						d := g.Det("A")
						mired := roll+mod >= need
						if g.Unit("V").Mired != mired {
							t.Fatalf("mired %v, want %v: %s", g.Unit("V").Mired, mired, rep.Text())
						}
						if len(rep.Rolls) != 1 || rep.Rolls[0].Kind != dice.DR {
							t.Fatalf("rolls %v, want one DR", rep.Rolls)
						}
						want := Inch(16, 10) // 12 MPH = 6"
						if mired {
							want = Inch(12, 10) // where it crossed
						}
						if !near(d.Pos, want) {
							t.Fatalf("at %v, want %v: %s", d.Pos, want, rep.Text())
						}
					})
				}
			}
		}
	}
}

func TestWheeledOnlyCheckInWoods(t *testing.T) {
	for _, tracked := range []bool{false, true} {
		g := newTestGame(t, Feature{ID: "w", Area: rect(12, 0, 40, 48), HasGround: true, Ground: Woods})
		addDet(t, g, "A", Inch(10, 10), tank("V", Medium, tracked))
		rep := play(t, g, &dice.Script{Values: []int{2}}, "order A path 30,10", "movement")
		if want := map[bool]int{false: 1, true: 0}[tracked]; len(rep.Rolls) != want {
			t.Errorf("tracked %v: %d rolls, want %d: %s", tracked, len(rep.Rolls), want, rep.Text())
		}
	}
}

func TestEscapeAndTow(t *testing.T) {
	mired := func(t *testing.T) *Game {
		g := newTestGame(t, Feature{ID: "m", Area: rect(0, 0, 72, 48), HasGround: true, Ground: Marsh})
		u := tank("V", Medium, true)
		u.Mired = true
		addDet(t, g, "A", Inch(10, 10), u)
		addDet(t, g, "B", Inch(10.5, 10), Unit{ID: "W", Type: Vehicle, Tracked: true, Size: Heavy, CrossMPH: 8, Formation: "2Pl"})
		return g
	}
	t.Run("escape on 1", func(t *testing.T) {
		g := mired(t)
		// dr 1 escapes; then moving in marsh it checks (DR 2: no mire) and goes 6"/4 = 1.5"
		rep := play(t, g, &dice.Script{Values: []int{1, 2}}, "order A path 30,10", "movement")
		if g.Unit("V").Mired || !near(g.Det("A").Pos, Inch(11.5, 10)) {
			t.Fatalf("mired %v at %v: %s", g.Unit("V").Mired, g.Det("A").Pos, rep.Text())
		}
	})
	t.Run("no escape on 2..6", func(t *testing.T) {
		for roll := 2; roll <= 6; roll++ {
			g := mired(t)
			rep := play(t, g, &dice.Script{Values: []int{roll}}, "order A path 30,10", "movement")
			if !g.Unit("V").Mired || !near(g.Det("A").Pos, Inch(10, 10)) || len(rep.Rolls) != 1 {
				t.Fatalf("roll %d: mired %v at %v: %s", roll, g.Unit("V").Mired, g.Det("A").Pos, rep.Text())
			}
		}
	})
	t.Run("tow frees it on the third turn", func(t *testing.T) {
		g := mired(t)
		play(t, g, &dice.Script{}, "tow V by W", "order B path 30,10")
		for turn := 1; turn <= 3; turn++ {
			rep := play(t, g, &dice.Script{}, "movement")
			if len(rep.Rolls) != 0 || !near(g.Det("B").Pos, Inch(10.5, 10)) {
				t.Fatalf("turn %d: rolls %v, tower at %v", turn, rep.Rolls, g.Det("B").Pos)
			}
			if got, want := g.Unit("V").Mired, turn < 3; got != want {
				t.Fatalf("after turn %d: mired %v, want %v", turn, got, want)
			}
		}
		// turn 4: the tower moves again (1/4 of 4" in marsh = 1")
		play(t, g, &dice.Script{Values: []int{2}}, "movement")
		if !near(g.Det("B").Pos, Inch(11.5, 10)) {
			t.Fatalf("turn 4: tower at %v", g.Det("B").Pos)
		}
	})
	t.Run("fire breaks the tow off", func(t *testing.T) {
		g := mired(t)
		must(t, g.AddFormation(Formation{ID: "X", Parent: "RCoy"}))
		addDet(t, g, "R", Inch(60, 40), Unit{ID: "AT", Type: Infantry, Formation: "X"})
		play(t, g, &dice.Script{}, "tow V by W", "movement", "fired B by R", "movement", "movement")
		if !g.Unit("V").Mired || g.Unit("V").TowedBy != "" {
			t.Fatalf("after fire: mired %v, towed by %q", g.Unit("V").Mired, g.Unit("V").TowedBy)
		}
	})
}

func TestMovementOrderBands(t *testing.T) {
	g := newTestGame(t)
	must(t, g.AddFormation(Formation{ID: "HPl", Parent: "Coy", Initiative: High}))
	must(t, g.AddFormation(Formation{ID: "LPl", Parent: "Coy", Initiative: Low}))
	must(t, g.AddFormation(Formation{ID: "RL", Parent: "RCoy", Initiative: Low}))
	must(t, g.AddFormation(Formation{ID: "RH", Parent: "RCoy", Initiative: High}))
	inf := func(id, f string) Unit { return Unit{ID: id, Type: Infantry, Formation: f} }
	addDet(t, g, "GH", Inch(1, 1), inf("g1", "HPl"))
	addDet(t, g, "GL1", Inch(2, 1), inf("g2", "LPl"))
	addDet(t, g, "GL2", Inch(3, 1), inf("g3", "LPl"))
	addDet(t, g, "GM", Inch(4, 1), inf("g4", "1Pl"))
	addDet(t, g, "RL1", Inch(5, 40), inf("r1", "RL"))
	addDet(t, g, "RHi", Inch(6, 40), inf("r2", "RH"))
	addDet(t, g, "RF", Inch(7, 40), inf("r3", "RH"))
	addDet(t, g, "GD", Inch(8, 1), inf("g5", "HPl"))
	play(t, g, &dice.Script{}, "fired GD by RL1", "halt GD", "forced RF path 7,45")
	rep := play(t, g, &dice.Script{}, "movement")
	want := "forced: RF, discretionary: GD, Low: GL1, Low: RL1, Low: GL2, Medium: GM, High: GH, High: RHi"
	if got := strings.Join(rep.Order, ", "); got != want {
		t.Errorf("turn 1 order:\n got %s\nwant %s", got, want)
	}
	// next turn the side that moved second (Russian) goes first in each band
	rep = play(t, g, &dice.Script{}, "movement")
	want = "Low: RL1, Low: GL1, Low: GL2, Medium: GM, High: RHi, High: GH, High: RF, High: GD"
	if got := strings.Join(rep.Order, ", "); got != want {
		t.Errorf("turn 2 order:\n got %s\nwant %s", got, want)
	}
}

func TestRunningAndGallop(t *testing.T) {
	t.Run("no two runs in a row", func(t *testing.T) {
		g := newTestGame(t)
		addDet(t, g, "A", Inch(10, 10), Unit{ID: "S", Type: Infantry})
		play(t, g, &dice.Script{}, "order A path 40,10 run")
		var got []float64
		for range 4 {
			play(t, g, &dice.Script{}, "movement")
			got = append(got, inchesOf(g.Det("A").Moved))
		}
		if fmt.Sprint(got) != "[4 2 4 2]" {
			t.Errorf("inches a turn: %v, want run 4, walk 2, run 4, walk 2", got)
		}
	})
	t.Run("gallop only where the cost is 1", func(t *testing.T) {
		g := newTestGame(t, Feature{ID: "b", Area: rect(14, 0, 72, 48), HasGround: true, Ground: Broken})
		addDet(t, g, "C", Inch(10, 10), Unit{ID: "K", Type: Cavalry, Mounted: true})
		rep := play(t, g, &dice.Script{}, "order C path 40,10 gallop", "movement")
		d := g.Det("C")
		// 4" of open at 8" (half the turn), then the rest at a walk 4" ÷ 2 = 2"/turn: 1"
		if !near(d.Pos, Inch(15, 10)) {
			t.Fatalf("at %v, want 15,10: %s", d.Pos, rep.Text())
		}
	})
	t.Run("gallop refused to infantry", func(t *testing.T) {
		g := newTestGame(t)
		addDet(t, g, "A", Inch(10, 10), Unit{ID: "S", Type: Infantry})
		refused(t, g, "order A path 20,10 gallop", RuleGallop)
	})
}

func TestRoadOrCrossCountry(t *testing.T) {
	road := Road{ID: "r", Line: Polyline{Inch(0, 10), Inch(72, 10)}, HalfWidth: RoadHalfWidth}
	for _, c := range []struct {
		name      string
		path      string
		want      Point
		roadSpeed bool
	}{
		{"all on road: road speed 12\"", "order A path 40,10", Inch(22, 10), true},
		{"leaves the road after 2\": cross-country 6\" is further", "order A path 12,10 12,30", Inch(12, 14), false},
		// the road is 1/2" wide: the path is on it until 1/4" past the corner
		{"leaves after 10.25\": the road to its end beats 6\" cross-country", "order A path 20,10 20,30", Inch(20, 10.25), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			g.Table.Roads = []Road{road}
			addDet(t, g, "A", Inch(10, 10), tank("T", Medium, true))
			rep := play(t, g, &dice.Script{}, c.path, "movement")
			d := g.Det("A")
			if !near(d.Pos, c.want) || d.Plan.Road != c.roadSpeed {
				t.Fatalf("at %v road %v, want %v road %v: %s", d.Pos, d.Plan.Road, c.want, c.roadSpeed, rep.Text())
			}
		})
	}
}

// A part breaking off for a discretionary action is named D/NAME: a side never needs to guess
// at a name the enemy may hold.
func TestPartIsNamedAfterItsDetachment(t *testing.T) {
	g := newTestGame(t)
	addDet(t, g, "A", Inch(10, 10), Unit{ID: "S1", Type: Infantry}, Unit{ID: "S2", Type: Infantry})
	must(t, g.AddFormation(Formation{ID: "X", Parent: "RCoy"}))
	addDet(t, g, "R", Inch(30, 30), Unit{ID: "RS", Type: Infantry, Formation: "X"})
	play(t, g, &dice.Script{}, "fired A units S1 by R")
	refused(t, g, "halt A part S1 as B", RuleDetachment)
	refused(t, g, "halt A part S1 as A/", RuleDetachment)
	play(t, g, &dice.Script{}, "halt A part S1 as A/1")
	if d := g.Det("A/1"); d == nil || len(d.Units) != 1 || d.Act == nil || !d.Act.Halt {
		t.Fatalf("A/1: %+v", d)
	}
}

// TestMissingPointSaysItOnce: a keyword missing its point says so once, naming the verb and
// the keyword (the message named the verb twice).
func TestMissingPointSaysItOnce(t *testing.T) {
	_, err := Parse("order D goal")
	if err == nil || err.Error() != "order: goal needs a point x,y after it" {
		t.Errorf("got %v", err)
	}
}

// TestClonesGoTheirOwnWay: a clone is a game of its own. Steps played on it leave the game it
// was cloned from as it was (as a second game built the same way shows), and the same steps
// played on that second game bring it to the clone's state, though clones and the copies steps
// are played on lay lists out in shared blocks (slab) and share the orders.
func TestClonesGoTheirOwnWay(t *testing.T) {
	build := func() *Game {
		g := newTestGame(t, Feature{ID: "m", Area: rect(12, 0, 20, 48), HasGround: true, Ground: Marsh})
		must(t, g.AddFormation(Formation{ID: "X", Parent: "RCoy"}))
		addDet(t, g, "A", Inch(5, 10), tank("T1", Light, false), tank("T2", Heavy, false), tank("T3", Small, true))
		addDet(t, g, "B", Inch(5, 30), Unit{ID: "S", Type: Infantry}, Unit{ID: "K", Type: Cavalry, Mounted: true})
		addDet(t, g, "R", Inch(60, 30), Unit{ID: "RS", Type: Infantry, Formation: "X"})
		play(t, g, nil, "order A path 30,10 40,20", "order B path 30,30 run", "order R path 50,30 40,40")
		return g
	}
	steps := []string{"movement", "order A path 60,10", "movement 1/2", "movement 2/2", "fired B by R", "halt B", "movement", "continue B", "movement"}
	g, same := build(), build()
	c := g.Clone()
	play(t, c, dice.NewSeeded(5), steps...)
	if !reflect.DeepEqual(g, same) {
		t.Fatal("steps played on a clone changed the game it was cloned from")
	}
	play(t, same, dice.NewSeeded(5), steps...)
	if !reflect.DeepEqual(c, same) {
		t.Fatal("the same steps brought a clone and a game built alike to different states")
	}
	if len(c.Dets) < 4 || len(c.Det("A").Track) < 3 {
		t.Fatalf("the steps did not break a part off and move on: %d detachments, A's track %v", len(c.Dets), c.Det("A").Track)
	}
}

// TestSlabCopiesKeepToThemselves: appending to a copy laid out in a block, past its room,
// moves it and leaves the next copy in the block as it was.
func TestSlabCopiesKeepToThemselves(t *testing.T) {
	block := make([]Point, 0, 8)
	a := slab(&block, []Point{{1, 1}, {2, 2}}, 1)
	b := slab(&block, []Point{{3, 3}}, 0)
	a = append(a, Point{4, 4}, Point{5, 5})
	b = append(b, Point{6, 6})
	if !pointsEqual(block[:2], []Point{{1, 1}, {2, 2}}) || block[3] != (Point{3, 3}) || len(a) != 4 || len(b) != 2 {
		t.Fatalf("block %v, a %v, b %v", block, a, b)
	}
	if slab(&block, nil, 1) != nil {
		t.Fatal("an empty list copies as nil")
	}
}
