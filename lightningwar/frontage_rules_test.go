package lightningwar

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// hasEvent reports whether some event of the report contains s.
func hasEvent(rep *Report, s string) bool {
	for _, e := range rep.Events {
		if strings.Contains(e.Text, s) {
			return true
		}
	}
	return false
}

// Contact is judged base edge to base edge (rules-notes 3.6): a move stops where a base comes
// within 1/2" of an enemy's, or where it starts if it would bring a base already that close
// any closer; moving away or along is allowed; known infantry may be overrun by vehicles.
func TestContactOnBases(t *testing.T) {
	for _, c := range []struct {
		name     string
		mover    Unit
		enemy    Point
		revealed bool
		path     string
		at       Point
		event    string
	}{
		{"meets on the way: front edge 1/2\" from the rear edge", tank("T", Medium, true), Inch(9, 10), false, "20,10", Inch(7.5, 10), "A stops in contact with E at 7.5,10"},
		{"passes 1.6\" to the side", tank("T", Medium, true), Inch(9, 11.6), false, "20,10", Inch(11, 10), ""},
		{"within 1/2\" at the start, moving closer: stopped where it starts", tank("T", Medium, true), Inch(6.3, 10), false, "20,10", Inch(5, 10), "A stops in contact with E at 5,10"},
		{"within 1/2\" at the start, moving away", tank("T", Medium, true), Inch(6.3, 10), false, "0,10", Inch(0, 10), ""},
		{"within 1/2\" at the start, moving along", tank("T", Medium, true), Inch(6.3, 10), false, "5,20", Inch(5, 16), ""},
		{"within 1/2\" at the start, known infantry: overrun", tank("T", Medium, true), Inch(6.3, 10), true, "20,10", Inch(11, 10), "A overruns E's position"},
		{"met on the way, known infantry: overrun", tank("T", Medium, true), Inch(9, 10), true, "20,10", Inch(11, 10), "A overruns E's position"},
		{"infantry never overruns", Unit{ID: "T", Type: Infantry}, Inch(6.3, 10), true, "20,10", Inch(5, 10), "A stops in contact with E"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			addDet(t, g, "A", Inch(5, 10), c.mover)
			if e := addDet(t, g, "E", c.enemy, Unit{ID: "R", Type: Infantry, Formation: "RCoy"}); c.revealed {
				g.reveal(e) // seen where it stands
			}
			play(t, g, nil, "order A path "+c.path)
			rep := play(t, g, dice.Lowest{}, "movement")
			a, e := g.Det("A"), g.Det("E") // a step plays on a copy of the game
			if !near(a.Pos, c.at) {
				t.Errorf("A at %v, want %v\n%s", a.Pos, c.at, rep.Text())
			}
			contact := c.event != "" && !strings.Contains(c.event, "overruns")
			if c.event != "" && !hasEvent(rep, c.event) || c.event == "" && hasEvent(rep, "contact") {
				t.Errorf("want the event %q:\n%s", c.event, rep.Text())
			}
			if contact != (a.Revealed && e.Revealed) && !c.revealed {
				t.Errorf("contact %v, but revealed A %v E %v", contact, a.Revealed, e.Revealed)
			}
		})
	}
}

// At a choke point no base passes through a base standing on it (rules-notes 3.6): the mover
// stops against it wherever it stands on the choke point, and passes beside it where there is
// room.
func TestChokeBlocksWhereTheBaseStands(t *testing.T) {
	for _, c := range []struct {
		name   string
		bridge Polygon
		parked Point
		at     Point
	}{
		{"deep on a long bridge", rect(9, 9, 13, 11), Inch(12.5, 10), Inch(11.5, 10)},
		{"its point off the bridge, its base on it", rect(9, 9, 11, 11), Inch(8.7, 10), Inch(7.7, 10)},
		{"its base just off the bridge: no choke", rect(9, 9, 11, 11), Inch(8.5, 10), Inch(18, 10)},
		{"beside the road on a wide bridge", rect(9, 7, 11, 13), Inch(10, 11.2), Inch(18, 10)},
		{"beside the road, bases overlapping by 0.1\"", rect(9, 7, 11, 13), Inch(10, 10.9), Inch(9, 10)},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			g.Table.Chokes = []Choke{{ID: "bridge", Area: c.bridge}}
			fast := tank("T", Medium, true)
			fast.CrossMPH = 30 // 15" a turn
			addDet(t, g, "A", Inch(3, 10), fast)
			addDet(t, g, "B", c.parked, tank("P", Medium, true))
			rep := play(t, g, dice.Lowest{}, "order A path 40,10", "movement")
			a := g.Det("A")
			if !near(a.Pos, c.at) {
				t.Errorf("A at %v, want %v\n%s", a.Pos, c.at, rep.Text())
			}
		})
	}
}

// A detachment on Reserve Movement moves again in Phase 3 and keeps off the danger ground of
// known enemies; fire ends its Reserve Movement, and it still may not fire back that turn
// (rules-notes 3.4).
func TestReserveMovement(t *testing.T) {
	setup := func(t *testing.T) *Game {
		g := newTestGame(t)
		addDet(t, g, "A", Inch(5, 10), Unit{ID: "S", Type: Infantry}, Unit{ID: "L", Type: Infantry, Leader: true})
		addDet(t, g, "E", Inch(60, 40), Unit{ID: "R", Type: Infantry, Formation: "RCoy"})
		play(t, g, nil, "order A path 40,10 reserve")
		return g
	}
	t.Run("two moves", func(t *testing.T) {
		g := setup(t)
		s := g.Sight(Action{Verb: "movement"})
		rep := play(t, g, dice.Lowest{}, "movement")
		s.After(g)
		// the enemy is told nothing of it: who uses Reserve Movement is A's side's business
		for _, e := range SideView("Russian").Step("movement", s, rep).Events {
			if strings.Contains(e.Text, "Reserve") || strings.Contains(e.Text, "A ") {
				t.Errorf("the Russian is told %q", e.Text)
			}
		}
		a := g.Det("A")
		// in line, two 1" bases: 2.5" frontage; 2" in Phase 2, 2" more in Phase 3
		if !near(a.Pos, Inch(9, 10)) || !samePoint(Point{a.Moved, 0}, Inch(4, 0)) || !hasEvent(rep, "Phase 3, Reserve Movement: A moves again") {
			t.Errorf("A at %v, moved %v\n%s", a.Pos, Inches(a.Moved), rep.Text())
		}
	})
	for _, c := range []struct {
		name  string
		enemy Unit
		at    Point
		want  Point // where A stops
	}{
		// A walks east along y = 10, faced east: its bases are side by side across y 8.75 to
		// 11.25, its front edges at x + 0.5
		{"5\" from known infantry", Unit{ID: "R2", Type: Infantry}, Inch(14.5, 10), Inch(8.5, 10)},
		{"30\" from a known tank", Unit{ID: "R2", Type: Vehicle, Tank: true, Size: Medium, CrossMPH: 10}, Inch(38.5, 10), Inch(7.5, 10)},
		{"30\" from a known gun", Unit{ID: "R2", Type: Gun}, Inch(38.5, 10), Inch(7.5, 10)},
		{"a known truck is no danger", Unit{ID: "R2", Type: Vehicle, Size: Medium, CrossMPH: 10}, Inch(38.5, 10), Inch(9, 10)},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := setup(t)
			c.enemy.Formation = "RCoy"
			g.reveal(addDet(t, g, "K", c.at, c.enemy))
			rep := play(t, g, dice.Lowest{}, "movement")
			if a := g.Det("A"); !near(a.Pos, c.want) {
				t.Errorf("A at %v, want %v\n%s", a.Pos, c.want, rep.Text())
			}
		})
	}
	t.Run("an unknown tank is no danger", func(t *testing.T) {
		g := setup(t)
		addDet(t, g, "K", Inch(38.5, 10), Unit{ID: "R2", Type: Vehicle, Tank: true, Size: Medium, CrossMPH: 10, Formation: "RCoy"})
		play(t, g, dice.Lowest{}, "movement")
		if a := g.Det("A"); !near(a.Pos, Inch(9, 10)) {
			t.Errorf("A at %v, want 9,10", a.Pos)
		}
	})
	t.Run("fire ends it, and it may not fire back", func(t *testing.T) {
		g := setup(t)
		play(t, g, dice.Lowest{}, "movement")
		rep := play(t, g, nil, "fired A by E")
		if a := g.Det("A"); a.Order != nil || !hasEvent(rep, "A stops Reserve Movement under fire") {
			t.Fatalf("A's orders %+v\n%s", a.Order, rep.Text())
		}
		refused(t, g, "fire A at E", RuleReserve)
		refused(t, g, "halt A fire E", RuleReserve)
		refused(t, g, "cover A fire E", RuleReserve)
		play(t, g, nil, "halt A")
	})
	t.Run("morale at -2", func(t *testing.T) {
		g := setup(t)
		play(t, g, dice.Lowest{}, "movement")
		if rep := play(t, g, nil, "morale A 6 pinned"); !hasEvent(rep, "roll 6 -2 [Reserve Movement] = 4: pinned") {
			t.Errorf("%s", rep.Text())
		}
		if rep := play(t, g, nil, "morale E 6 pinned"); !hasEvent(rep, "E checks morale: 6 pinned") || hasEvent(rep, "-2") {
			t.Errorf("%s", rep.Text())
		}
	})
}

func TestPlace(t *testing.T) {
	g := newTestGame(t)
	addDet(t, g, "A", Inch(5, 10), tank("T1", Medium, true), tank("T2", Medium, true))
	play(t, g, nil, "order A path 20,10")
	refused(t, g, "place A 80,10 facing 90", RuleFrontage)
	refused(t, g, "place B 8,10", RuleDetachment)
	play(t, g, nil, "place A 8,12 facing 90 column")
	if a := g.Det("A"); !near(a.Pos, Inch(8, 12)) || a.Facing != 90 || a.FormNow() != FormColumn || g.Frontage(a) != metres(1) {
		t.Errorf("placed A: %v facing %v in %v, frontage %v", a.Pos, a.Facing, a.FormNow(), Inches(g.Frontage(a)))
	}
	play(t, g, dice.Lowest{}, "movement") // 6" toward the path's end, from where it was placed
	a := g.Det("A")
	if d := a.Pos.Dist(Inch(8, 12)); d < metres(6)-1e-6 || d > metres(6)+1e-6 || a.MovedTurn != 1 {
		t.Errorf("A moved %v from where it was placed", Inches(d))
	}
}

// The footprint benchmark's game does what BenchmarkMovementPhaseFootprints says: its columns
// and lines pass each other without contact on turn 1, and the line of tanks on the road forms
// column on it to use it (road speed), in which it passes the bridge and the truck parked on
// its corner. On turn 2 its column's head, 2" ahead of its point, meets the north end of the
// Russian line R1 astride the road: it stops 1/2" short, its point at 45,24.
func TestFootprintBenchGame(t *testing.T) {
	g := footprintGame(t)
	rep := play(t, g, dice.Lowest{}, "movement")
	if hasEvent(rep, "contact") || !hasEvent(rep, "GR forms column on the road to use it") || hasEvent(rep, "GR stops") {
		t.Errorf("turn 1:\n%s", rep.Text())
	}
	rep = play(t, g, dice.Lowest{}, "movement")
	if !hasEvent(rep, "GR stops in contact with R1 at 45,24") || !near(g.Det("GR").Pos, Inch(45, 24)) {
		t.Errorf("turn 2:\n%s", rep.Text())
	}
}
