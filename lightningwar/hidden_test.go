package lightningwar

import (
	"math"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// Known means known where it stands [Overrun]: a revealed squad that has since moved unseen
// is not a known position where it now stands, and the tank stops in contact with it; its
// side's enemy still sees it where it was seen.
func TestOverrunOnlyWhereKnown(t *testing.T) {
	cases := []struct {
		name    string
		steps   []string // before the tank's move, with E revealed at 8,14 and ordered to 8,10
		overrun bool
		at      Point // where the tank's point ends
	}{
		{"seen where it stands", []string{"place E 8,10", "reveal E"}, true, Inch(8, 10)},
		{"moved unseen since seen", []string{"movement", "movement"}, false, Inch(6.5, 10)},
		{"moved, then seen again", []string{"movement", "movement", "reveal E"}, true, Inch(8, 10)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			addDet(t, g, "A", Inch(2, 10), Unit{ID: "T1", Type: Vehicle, Tracked: true, Size: Medium, CrossMPH: 12, MG: 2})
			addDet(t, g, "E", Inch(8, 14), Unit{ID: "R1", Formation: "RCoy", Type: Infantry})
			play(t, g, nil, "reveal E", "order E path 8,10")
			play(t, g, nil, c.steps...)
			if c.name == "moved unseen since seen" {
				// its enemy's view shows it where it was seen, not where it is
				if e := g.As(SideView("German")).Det("E"); e == nil || !near(e.Pos, Inch(8, 14)) {
					t.Fatalf("the Germans see E at %v, want where it was seen, 8,14", e)
				}
			}
			rep := play(t, g, &dice.Script{}, "order A path 30,10", "movement")
			if got := hasEvent(rep, "A overruns E"); got != c.overrun {
				t.Errorf("overrun: %v, want %v\n%s", got, c.overrun, rep.Text())
			}
			if !c.overrun && !hasEvent(rep, "A stops in contact with E") {
				t.Errorf("no contact\n%s", rep.Text())
			}
			if a := g.Det("A"); !near(a.Pos, c.at) {
				t.Errorf("A at %v, want %v", a.Pos, c.at)
			}
		})
	}
}

// Miring once per crossing [Vehicle Miring Table, Miring: escape]: a vehicle that mired and
// escaped this turn makes no second check for the same crossing in Phase 3; a new crossing
// later in the turn is checked as any is.
func TestMiringOncePerCrossing(t *testing.T) {
	cases := []struct {
		name    string
		streams []float64 // x of each stream
		marsh   bool      // marsh from x = 11 on
		dice    []int
		rolls   int
		at      Point
	}{
		// mires crossing at 11 (10); Phase 3: escapes (1), drives 12" on
		{"stream, escaped in Phase 3", []float64{11}, false, []int{10, 1}, 2, Inch(23, 10)},
		// mires entering the marsh at 11; Phase 3: escapes, 12"/4 = 3" of marsh, no new check
		{"marsh, escaped in Phase 3", nil, true, []int{10, 1}, 2, Inch(14, 10)},
		// escapes at the first brook, checks at the second (5: no mire) and goes on
		{"another stream is checked", []float64{11, 17}, false, []int{10, 1, 5}, 3, Inch(23, 10)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var fs []Feature
			if c.marsh {
				fs = append(fs, Feature{ID: "bog", Area: rect(11, 0, 40, 48), HasGround: true, Ground: Marsh})
			}
			g := newTestGame(t, fs...)
			for i, x := range c.streams {
				g.Table.Streams = append(g.Table.Streams, Stream{ID: "s" + string(rune('1'+i)), Line: Polyline{Inch(x, 0), Inch(x, 48)}})
			}
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "L1", Type: Vehicle, Size: Small, CrossMPH: 24, RoadMPH: 24, Leader: true})
			src := &dice.Script{Values: c.dice}
			rep := play(t, g, src, "order A path 45,10 reserve", "movement")
			if len(rep.Rolls) != c.rolls || src.Remaining() != 0 {
				t.Errorf("%d rolls, want %d\n%s", len(rep.Rolls), c.rolls, rep.Text())
			}
			if a := g.Det("A"); !near(a.Pos, c.at) || g.Unit("L1").Mired {
				t.Errorf("A at %v (mired %v), want %v\n%s", a.Pos, g.Unit("L1").Mired, c.at, rep.Text())
			}
		})
	}
}

// A vehicle of a revealed detachment that mires out of the enemy's sight breaks off as a part
// the enemy has not seen, named without a unit's id; the enemy (and the public) sees the
// detachment as it was seen, with the units seen, until the referee reveals the part.
func TestBrokenOffPartIsHidden(t *testing.T) {
	g := newTestGame(t)
	g.Table.Streams = []Stream{{ID: "brook", Line: Polyline{Inch(33, 0), Inch(33, 48)}}}
	addDet(t, g, "G", Inch(5, 10), Unit{ID: "GS1", Type: Infantry})
	car := func(id string) Unit {
		return Unit{ID: id, Formation: "RCoy", Type: Vehicle, Size: Medium, CrossMPH: 12, RoadMPH: 12}
	}
	addDet(t, g, "X", Inch(30, 10), car("V1"), car("V2"))
	play(t, g, &dice.Script{Values: []int{10, 6}}, "reveal X", "order X path 60,10", "movement")
	part := g.DetOf("V1")
	if part == nil || part.ID != "X/2" || part.Revealed || !near(part.Pos, Inch(33, 10)) {
		t.Fatalf("the mired car's part: %+v", part)
	}
	for _, v := range []Viewer{SideView("German"), PublicView} {
		kg := g.As(v)
		x := kg.Det("X")
		if kg.Det("X/2") != nil || x == nil || !near(x.Pos, Inch(30, 10)) || len(x.Units) != 2 || len(kg.Footprint(x)) != 2 {
			t.Errorf("%+v sees the part, or X not as it was seen: %+v", v, x)
		}
		if g.Knows(v, "X/2") || !g.HiddenFrom(v)["X/2"] || g.Knows(v, "X/V1") {
			t.Errorf("%+v knows of the part", v)
		}
	}
	// the referee may still name the part by its old name (X and the unit): reveal X/V1
	play(t, g, nil, "reveal X/V1")
	kg := g.As(SideView("German"))
	if p := kg.Det("X/2"); p == nil || !near(p.Pos, Inch(33, 10)) || len(p.Units) != 1 || p.Units[0] != "X/2#1" {
		t.Errorf("the revealed part as the German sees it: %+v", p)
	}
	if x := kg.Det("X"); len(x.Units) != 2 || !near(x.Pos, Inch(30, 10)) {
		t.Errorf("X, not seen again, as the German sees it: %+v", x)
	}
}

// A new detachment's name may not name one of its side's units (split, or a part breaking off
// for a discretionary action): the other side knows units by type alone. Refused citing
// Detachments, the game unchanged.
func TestNewDetachmentNamesNoUnit(t *testing.T) {
	for _, line := range []string{"split A S2 as B/S2", "split A S2 as A/S2.3", "halt A part S1 as A/S1", "split A S2 as S1/x"} {
		t.Run(line, func(t *testing.T) {
			g := newTestGame(t)
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry}, Unit{ID: "S2", Type: Infantry})
			play(t, g, nil, "fired A units S1 spotting 6,10")
			refused(t, g, line, RuleDetachment)
		})
	}
	g := newTestGame(t)
	addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry}, Unit{ID: "S2", Type: Infantry})
	addDet(t, g, "E", Inch(50, 10), Unit{ID: "R1", Formation: "RCoy", Type: Infantry})
	// an enemy unit's id is not asked of: the refusal would tell the side it exists
	play(t, g, nil, "split A S2 as A/R1")
}

// A revealed detachment that joins another unseen is still known where and as it was seen
// (Game.Gone): in the other side's view, to its ruler, and as Reserve Movement's danger
// ground; its own side and the referee know it is gone; the referee may hide it.
func TestJoinedUnseenStillKnown(t *testing.T) {
	g := newTestGame(t)
	addDet(t, g, "A", Inch(5, 10), Unit{ID: "L1", Type: Vehicle, Size: Medium, CrossMPH: 12, RoadMPH: 12, Leader: true})
	addDet(t, g, "X", Inch(45, 10), Unit{ID: "RT", Formation: "RCoy", Type: Vehicle, Tank: true, Tracked: true, Size: Medium, CrossMPH: 12},
		Unit{ID: "RS", Formation: "RCoy", Type: Infantry})
	play(t, g, nil, "split X RT as X/9", "reveal X/9")
	seenAt := g.Det("X/9").Pos // where the part stood when it was seen: behind X (placeApart)
	play(t, g, nil, "join X/9 into X")
	ge, ru := SideView("German"), SideView("Russian")
	if p := g.As(ge).Det("X/9"); p == nil || !near(p.Pos, seenAt) || len(p.Units) != 1 || g.As(ge).Unit("X/9#1").Type != Vehicle {
		t.Fatalf("the German does not see the tank where it was seen: %+v", p)
	}
	if g.As(ru).Det("X/9") != nil || g.As(PublicView).Det("X/9") == nil {
		t.Error("the Russians see their joined part, or the public does not see it")
	}
	if !g.Knows(ge, "X/9") || g.Knows(ru, "X/9") || g.Knows(RefereeView, "X/9") {
		t.Error("who knows of X/9")
	}
	if _, err := g.Measure(ge, Inch(5, 10), Inch(10, 10), "X/9"); err != nil {
		t.Errorf("the German's ruler: %v", err)
	}
	// the known tank's danger ground (30" round it, where it was seen) stops the reserve move
	rep := play(t, g, &dice.Script{}, "order A path 40,10 reserve", "movement")
	// it stops with its base 30" from the tank's base as seen (behind X, where it stood)
	gv := g.As(ge)
	stop := baseDist(g.Footprint(g.Det("A"))[0], gv.Footprint(gv.Det("X/9"))[0])
	if !hasEvent(rep, "known to be within 30\" (1500 m) of an enemy tank (X/9)") || math.Abs(stop-float64(Inch(30, 0).X)) > float64(Inch(0.05, 0).X) {
		t.Errorf("A at %v\n%s", g.Det("A").Pos, rep.Text())
	}
	play(t, g, nil, "hide X/9")
	if g.As(ge).Det("X/9") != nil || g.Knows(ge, "X/9") {
		t.Error("hidden, X/9 is still shown")
	}
	refused(t, g, "hide X/9", RuleDetachment)
}
