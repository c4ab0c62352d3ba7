package lightningwar

import (
	"math"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// Every movement of a base obeys frontage (rules-notes 3.6): a pivot (the arc its outer bases
// sweep), a minor adjustment, a split part taking its place and re-forming for a choke point.
// Each meets, in turn, an enemy its side can see (a refusal under Contact that changes
// nothing), an enemy it has not seen (it stops where its bases meet it, or where it starts if
// they are already within reach, and both are revealed) and its own side's base on a choke
// point (a refusal under Moving through models). Without the gate each went through.
func TestEveryMovementObeysFrontage(t *testing.T) {
	const (
		seen   = "seen"   // an enemy revealed where it stands
		unseen = "unseen" // an enemy never revealed
		choke  = "choke"  // a German detachment standing on a choke point
	)
	type setup struct {
		g *Game
		a *Detachment
	}
	// a line of three tanks at 10,10 faced up the table: bases 8-9, 9.5-10.5 and 11-12
	// across, 9.5-10.5 deep. Pivoting to 90 its left base swings through the north-west.
	line := func(t *testing.T) setup {
		g := newTestGame(t)
		return setup{g, addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true), tank("T2", Medium, true), tank("T3", Medium, true))}
	}
	// one tank at 10,10 faced east (6" cross-country: it may adjust 0.6").
	one := func(t *testing.T) setup {
		g := newTestGame(t)
		a := addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true))
		a.Facing = 90
		return setup{g, a}
	}
	// two squads in line at 10,10 faced up the table; the part S2 goes just behind, to 10,8.5.
	squads := func(t *testing.T) setup {
		g := newTestGame(t)
		return setup{g, addDet(t, g, "A", Inch(10, 10), Unit{ID: "S1", Type: Infantry}, Unit{ID: "S2", Type: Infantry})}
	}
	// a truck carrying squad S and a tank in line at 10,10 faced up the table: L1's base 9-10
	// across, T2's 10.5-11.5 (the squad rides). S dismounting stands between them, and the line
	// re-forms: T2's base to 11-12.
	carried := func(t *testing.T) setup {
		g := newTestGame(t)
		l1 := tank("L1", Medium, false)
		l1.Carries = 1
		return setup{g, addDet(t, g, "A", Inch(10, 10), l1, Unit{ID: "S", Type: Infantry, In: "L1"}, tank("T2", Medium, true))}
	}
	// a tank at 10,10 and the part K (a tank) just behind it at 10,8.5: K joining, the line of
	// two re-forms on A's point, K's base to 10.25-11.25 across.
	parted := func(t *testing.T) setup {
		g := newTestGame(t)
		a := addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true))
		addDet(t, g, "K", Inch(10, 8.5), tank("T2", Medium, true))
		return setup{g, a}
	}
	// an obstacle, a 1" base at p: an enemy, seen or not, or a German detachment on a
	// choke point drawn round it.
	put := func(t *testing.T, s setup, kind string, p Point) *Detachment {
		if kind == choke {
			x, y := p.Inches()
			s.g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(x-0.6, y-0.6, x+0.6, y+0.6)}}
			return addDet(t, s.g, "B", p, Unit{ID: "P", Type: Infantry, Formation: "2Pl"})
		}
		e := addDet(t, s.g, "E", p, Unit{ID: "R", Type: Infantry, Formation: "RCoy"})
		if kind == seen {
			s.g.reveal(e)
		}
		return e
	}
	for _, c := range []struct {
		name  string
		setup func(*testing.T) setup
		at    Point // where the obstacle stands
		line  string
		kind  string
		rule  string                         // refused under it ("": it stops)
		check func(*testing.T, *Game) string // the stop: what is wrong with it ("": nothing)
	}{
		{"pivot, seen enemy in the arc", line, Inch(8.2, 12.0), "pivot A 90", seen, RuleContact, nil},
		{"pivot, own base on a choke point in the arc", line, Inch(8.2, 12.0), "pivot A 90", choke, RuleThrough, nil},
		{"pivot, unseen enemy in the arc: stops part way", line, Inch(8.2, 12.0), "pivot A 90", unseen, "", func(t *testing.T, g *Game) string {
			if f := g.Det("A").Facing; !(f > 0 && f < 90) {
				return "facing " + trim(f) + ", want part way to 90"
			}
			return ""
		}},
		{"pivot, a seen enemy outside the arc", line, Inch(12, 7.8), "pivot A 270", seen, "", func(t *testing.T, g *Game) string {
			if f := g.Det("A").Facing; f != 270 || g.Det("A").Revealed {
				return "want a free pivot to 270"
			}
			return "ok"
		}},
		{"adjust, seen enemy ahead", one, Inch(11.6, 10), "adjust A 10.5,10", seen, RuleContact, nil},
		// a line adjusting east first pivots to face east: T1 swings through the north-west
		{"adjust, its pivot swings a wing into a seen enemy", line, Inch(8.2, 12.0), "adjust A 10.5,10", seen, RuleContact, nil},
		{"adjust, its pivot swings a wing into an unseen enemy: stops part way", line, Inch(8.2, 12.0), "adjust A 10.5,10", unseen, "", func(t *testing.T, g *Game) string {
			if a := g.Det("A"); !near(a.Pos, Inch(10, 10)) || !(a.Facing > 0 && a.Facing < 90) {
				return "A at " + a.Pos.String() + " facing " + trim(a.Facing) + ", want part way round at 10,10"
			}
			return ""
		}},
		{"adjust, own base on a choke point ahead", one, Inch(11.3, 10), "adjust A 10.5,10", choke, RuleThrough, nil},
		{"adjust, unseen enemy ahead: stops within 1/2\"", one, Inch(11.6, 10), "adjust A 10.5,10", unseen, "", func(t *testing.T, g *Game) string {
			if a := g.Det("A"); a.Pos.Dist(Inch(10.1, 10)) > 1e-4 || math.Abs(a.Adjusted-metres(0.1)) > 1e-4 {
				return "A at " + a.Pos.String() + ", want 10.1,10 after 0.1\""
			}
			return ""
		}},
		{"adjust, unseen enemy already within 1/2\": stopped where it starts", one, Inch(11.3, 10), "adjust A 10.5,10", unseen, "", func(t *testing.T, g *Game) string {
			if a := g.Det("A"); !near(a.Pos, Inch(10, 10)) {
				return "A at " + a.Pos.String() + ", want 10,10"
			}
			return ""
		}},
		{"adjust straight away from a seen enemy within 1/2\"", one, Inch(11.3, 10), "adjust A 9.5,10", seen, "", func(t *testing.T, g *Game) string {
			if a := g.Det("A"); !near(a.Pos, Inch(9.5, 10)) || a.Revealed {
				return "A at " + a.Pos.String() + ", want a free adjustment to 9.5,10"
			}
			return "ok"
		}},
		{"split, seen enemy behind", squads, Inch(10, 8), "split A S2 as P2", seen, RuleContact, nil},
		{"split, own base on a choke point behind", squads, Inch(10, 8), "split A S2 as P2", choke, RuleThrough, nil},
		{"split, unseen enemy behind: both stay where they stood", squads, Inch(10, 8), "split A S2 as P2", unseen, "", func(t *testing.T, g *Game) string {
			a, p := g.Det("A"), g.Det("P2")
			fa, fp := g.Footprint(a), g.Footprint(p)
			if len(fa) != 1 || len(fp) != 1 || !near(lerp(fa[0][0], fa[0][2], 0.5), Inch(9.25, 10)) || !near(lerp(fp[0][0], fp[0][2], 0.5), Inch(10.75, 10)) || !p.Revealed {
				return "the bases moved: " + a.Pos.String() + ", " + p.Pos.String()
			}
			return ""
		}},
		{"split, nothing behind: the part stands 1/2\" behind", squads, Inch(30, 30), "split A S2 as P2", unseen, "", func(t *testing.T, g *Game) string {
			if a, p := g.Det("A"), g.Det("P2"); !near(a.Pos, Inch(10, 10)) || !near(p.Pos, Inch(10, 8.5)) || a.Revealed || g.apart(a, p) < metres(0.5)-1e-6 {
				return "A at " + a.Pos.String() + ", P2 at " + p.Pos.String()
			}
			return "ok"
		}},
		{"a discretionary part, seen enemy behind", squads, Inch(10, 8), "halt A part S2 as A/2", seen, RuleContact, nil},
		{"dismount, the line re-forms toward a seen enemy", carried, Inch(12.6, 10), "dismount S", seen, RuleContact, nil},
		{"dismount, the line re-forms onto its own base on a choke point", carried, Inch(12.3, 10), "dismount S", choke, RuleThrough, nil},
		{"dismount, the line would re-form toward an unseen enemy: S stays aboard", carried, Inch(12.6, 10), "dismount S", unseen, "", func(t *testing.T, g *Game) string {
			if u := g.units["S"]; u.In != "L1" || g.Det("A").Offsets != nil {
				return "S dismounted"
			}
			return ""
		}},
		{"join, the line re-forms toward a seen enemy", parted, Inch(12.1, 10), "join K into A", seen, RuleContact, nil},
		{"join, toward an unseen enemy: they stay apart", parted, Inch(12.1, 10), "join K into A", unseen, "", func(t *testing.T, g *Game) string {
			if k := g.Det("K"); k == nil || len(g.Det("A").Units) != 1 || !k.Revealed {
				return "K joined A"
			}
			return ""
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.setup(t)
			o := put(t, s, c.kind, c.at)
			if c.line == "halt A part S2 as A/2" {
				play(t, s.g, nil, "fired A units S2 by E")
			}
			if c.rule != "" {
				refused(t, s.g, c.line, c.rule)
				return
			}
			rep := play(t, s.g, dice.Lowest{}, c.line)
			msg := c.check(t, s.g)
			if msg == "ok" {
				return
			}
			if msg != "" {
				t.Errorf("%s\n%s", msg, rep.Text())
			}
			if !hasEvent(rep, "A stops in contact with E") || !s.g.Det("A").Revealed || !s.g.Det(o.ID).Revealed {
				t.Errorf("want a stop in contact, both revealed:\n%s", rep.Text())
			}
		})
	}
}

// A line re-forming in column for a narrow bridge goes through the gate as its move does: its
// column's head would reach 2" ahead of its point, into an enemy squad on the road at the
// bridge, so it stops in line where it would have formed column (its point at 12,10): in
// contact with a squad it had not seen; against the base a known squad (which its trucks
// overrun) has on the bridge.
func TestReformingObeysFrontage(t *testing.T) {
	for _, c := range []struct {
		known bool
		event string
	}{
		{false, "A stops in contact with E at 12,10"},
		{true, "A stops at bridge: E is there"},
	} {
		g := newTestGame(t)
		g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(14, 9, 16, 11)}} // no road: a line drives up to it
		truck := func(id string) Unit {
			return Unit{ID: id, Type: Vehicle, Size: Small, CrossMPH: 30, RoadMPH: 30}
		}
		a := addDet(t, g, "A", Inch(2, 10), truck("L1"), truck("L2"), truck("L3"))
		a.Facing = 90
		e := addDet(t, g, "E", Inch(14.2, 10), Unit{ID: "R", Type: Infantry, Formation: "RCoy"})
		if c.known {
			g.reveal(e)
		}
		rep := play(t, g, dice.Lowest{}, "order A path 40,10", "movement")
		a, e = g.Det("A"), g.Det("E")
		if !near(a.Pos, Inch(12, 10)) || a.FormNow() != FormLine || !hasEvent(rep, c.event) || !c.known && !(a.Revealed && e.Revealed) ||
			hasEvent(rep, "forms column") {
			t.Errorf("known %v: A at %v in %v\n%s", c.known, a.Pos, a.FormNow(), rep.Text())
		}
	}
}

// An overrun passes known infantry as an enemy only: standing on a road bridge (a choke point)
// its bases still bar the way, and the tank stops against them.
func TestOverrunIsNoExceptionToAChokePoint(t *testing.T) {
	g := newTestGame(t)
	g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(9, 9, 13, 11)}}
	fast := tank("T", Medium, true)
	fast.CrossMPH = 30
	addDet(t, g, "A", Inch(3, 10), fast)
	g.reveal(addDet(t, g, "E", Inch(11, 10), Unit{ID: "R", Type: Infantry, Formation: "RCoy"}))
	rep := play(t, g, dice.Lowest{}, "order A path 40,10", "movement")
	// the tank's front edge stops against the squad's rear edge, 10.5: its point at 10
	if a := g.Det("A"); !near(a.Pos, Inch(10, 10)) || !hasEvent(rep, "A overruns E's position") || !hasEvent(rep, "A stops at bridge: E is there") {
		t.Errorf("A at %v\n%s", a.Pos, rep.Text())
	}
}

// A spotting round counts within 5" of any base of the detachment, not of its point: a line of
// three tanks at 10,10 faced up the table has its right base from 11 to 12 across.
func TestSpottingRoundWithin5OfAnyBase(t *testing.T) {
	for _, c := range []struct {
		at string
		ok bool
	}{
		{"16.8,10", true},  // 6.8" from the point, 4.8" from T3's base
		{"17.2,10", false}, // 5.2" from T3's base
		{"10,15.4", true},  // 4.9" ahead of the bases' front edge
	} {
		g := newTestGame(t)
		addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true), tank("T2", Medium, true), tank("T3", Medium, true))
		line := "fired A spotting " + c.at
		if !c.ok {
			refused(t, g, line, RuleDiscretion)
			continue
		}
		play(t, g, nil, line, "halt A")
		if a := g.Det("A"); a.Act == nil || !a.Act.Halt {
			t.Errorf("%s: A may not halt", line)
		}
	}
}

// Road speed only if the whole turn is on road, every base of it (rules-notes 3.6): a line of
// trucks forms column on the road to use it; a column keeps to the road as far as its head
// truck's centre stays on it; one whose tail stands off the road goes cross-country.
func TestRoadSpeedEveryBase(t *testing.T) {
	for _, c := range []struct {
		name   string
		n      int     // trucks
		form   Form    // their formation
		at     float64 // x along y = 10, faced east
		road   Polyline
		path   string
		to     Point
		column bool
		event  string
	}{
		{"one truck: road speed", 1, FormLine, 5, Polyline{Inch(0, 10), Inch(48, 10)}, "45,10", Inch(20, 10), false, ""},
		{"a line forms column on the road", 3, FormLine, 5, Polyline{Inch(0, 10), Inch(48, 10)}, "45,10", Inch(20, 10), true, "A forms column on the road to use it"},
		// the route turns off the road at 20,10: the head truck, 1.5" ahead along it, leaves
		// the road's 1/4" when 0.25/sin 45° = 0.35" past the corner
		{"its head turns off the road first", 3, FormLine, 5, Polyline{Inch(0, 10), Inch(48, 10)}, "20,10 40,30", Inch(20-1.5+0.25*math.Sqrt2, 10), true, "A keeps to the road at road speed"},
		{"its head stays on the road", 3, FormLine, 5, Polyline{Inch(0, 10), Inch(14, 10)}, "20,10 40,30", Inch(12.75, 10), true, "A keeps to the road at road speed"},
		{"its tail is off the road: cross-country", 3, FormColumn, 5.5, Polyline{Inch(5, 10), Inch(48, 10)}, "45,10", Inch(11.5, 10), true, "not every base of it would be on the road"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			g.Table.Roads = []Road{{ID: "r", Line: c.road, HalfWidth: RoadHalfWidth}}
			var us []Unit
			for i := range c.n {
				us = append(us, Unit{ID: "L" + trim(float64(i)), Type: Vehicle, Size: Small, CrossMPH: 12, RoadMPH: 30})
			}
			a := addDet(t, g, "A", Inch(c.at, 10), us...)
			a.Facing, a.Form = 90, c.form
			rep := play(t, g, dice.Lowest{}, "order A path "+c.path, "movement")
			if a := g.Det("A"); a.Pos.Dist(c.to) > 1e-6 || a.FormNow() == FormColumn != c.column || c.event != "" && !hasEvent(rep, c.event) {
				t.Errorf("A at %v in %v\n%s", a.Pos, a.FormNow(), rep.Text())
			}
		})
	}
}

// What the bases cross counts, not the point: where a line's point crosses a stream on a
// road bridge, each vehicle whose base fords the stream beside it makes the stream's miring
// check; a base on the road, or on a bridge the referee marks as a choke point, does not.
func TestWingsFordBesideABridge(t *testing.T) {
	for _, c := range []struct {
		name   string
		cars   int
		chokes []Choke
		rolls  int
	}{
		{"a line of two: both wings ford", 2, nil, 2},
		{"one car on the road: none", 1, nil, 0},
		{"a wide bridge marked a choke point: none", 2, []Choke{{ID: "bridge", Area: rect(6, 8, 8, 12)}}, 0},
		{"a narrow bridge marked a choke point: in column, none", 2, []Choke{{ID: "bridge", Area: rect(6.5, 9.5, 7.5, 10.5)}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			g.Table.Roads = []Road{{ID: "r", Line: Polyline{Inch(0, 10), Inch(48, 10)}, HalfWidth: RoadHalfWidth}}
			g.Table.Streams = []Stream{{ID: "s", Line: Polyline{Inch(7, 0), Inch(7, 48)}}}
			g.Table.Chokes = c.chokes
			var us []Unit
			for i := range c.cars {
				us = append(us, Unit{ID: "V" + trim(float64(i+1)), Type: Vehicle, Size: Medium, CrossMPH: 12, RoadMPH: 24})
			}
			addDet(t, g, "A", Inch(5, 10), us...).Facing = 90
			// the path leaves the road 2.8" on: cross-country, in line
			rep := play(t, g, dice.Lowest{}, "order A path 7.5,10 12,16", "movement")
			if len(rep.Rolls) != c.rolls || c.rolls > 0 && !hasEvent(rep, "V1 does not mire fording a stream beside the bridge") {
				t.Errorf("%d rolls, want %d\n%s", len(rep.Rolls), c.rolls, rep.Text())
			}
		})
	}
}

// A broken-off part rejoining its detachment in the Movement Phase settles into its formation
// through the gate: A's line of two would re-form on its point, T1's base to 8.75-9.75 across,
// within 1/2" of E's at 7.9,10. Nothing is refused in the phase: the part stays apart, and an
// enemy A had not seen stops it and both are revealed.
func TestRejoinSettlesThroughTheGate(t *testing.T) {
	for _, known := range []bool{false, true} {
		g := newTestGame(t)
		a := addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true))
		k := addDet(t, g, "K", Inch(10.9, 10), tank("T2", Medium, true))
		k.Rejoin = "A"
		e := addDet(t, g, "E", Inch(7.9, 10), Unit{ID: "R", Type: Infantry, Formation: "RCoy"})
		if known {
			g.reveal(e)
		}
		rep := &Report{}
		g.tryRejoin(k, rep)
		if g.Det("K") == nil || len(a.Units) != 1 || known == hasEvent(rep, "A stops in contact with E") ||
			known != hasEvent(rep, "K does not rejoin A yet") || !known && !(a.Revealed && k.Revealed && e.Revealed) {
			t.Errorf("known %v: A %v, K rejoined %v\n%s", known, a.Units, g.Det("K") == nil, rep.Text())
		}
	}
	g := newTestGame(t)
	addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true))
	addDet(t, g, "K", Inch(10.9, 10), tank("T2", Medium, true)).Rejoin = "A"
	rep := &Report{}
	g.tryRejoin(g.Det("K"), rep)
	if g.Det("K") != nil || !hasEvent(rep, "T2 rejoins A") {
		t.Errorf("nothing in the way, K did not rejoin:\n%s", rep.Text())
	}
}
