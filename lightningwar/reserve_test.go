package lightningwar

import (
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// reserveGame: a rifle squad A with its leader (walking 4 MPH = 2" a turn) at 5,10, the
// leader's tank T (12 MPH = 6"; 2" in woods) at 5,20, and a reconnaissance car R, the
// leader's (6"), at 5,30; woods from x = 12 to 20 across y 15..25.
func reserveGame(t *testing.T) *Game {
	g := newTestGame(t, Feature{ID: "wood", Area: rect(12, 15, 20, 25), HasGround: true, Ground: Woods})
	addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry}, Unit{ID: "HQ", Type: Infantry, Leader: true})
	addDet(t, g, "T", Inch(5, 20), Unit{ID: "L1", Type: Vehicle, Tracked: true, Size: Medium, CrossMPH: 12, RoadMPH: 12, Leader: true})
	addDet(t, g, "R", Inch(5, 30), Unit{ID: "L2", Type: Vehicle, Tracked: true, Size: Small, CrossMPH: 12, RoadMPH: 12, Leader: true})
	g.Det("R").Kind = Recon
	return g
}

// Reserve Movement uses its full allowance, in the Movement Phase and again in Phase 3
// (rules-notes 3.4): a reserve order whose path ends before two turns' moves are done is
// refused when written (order, route), citing Reserve Movement, and changes nothing. The path
// is measured as the detachment moves, terrain included.
func TestReserveOrderPathTooShort(t *testing.T) {
	cases := []struct {
		line   string
		before []string
		ok     bool
	}{
		{"order A path 8,10 reserve", nil, false},     // 3" walked in 1.5 of its 2 turns
		{"order A goal 8,10 reserve", nil, false},     // a goal, measured as its path
		{"order A path 9,10 reserve", nil, true},      // 4": both turns, exactly
		{"order A path 7,10 7,12 reserve", nil, true}, // 2" + 2"
		{"order T path 13,20 reserve", nil, false},    // 7" of open at 6" + 1" of woods at 2": 1.67 turns
		{"order T path 14,20 reserve", nil, true},     // 7" of open + 2" of woods: 2.17 turns
		{"order A reserve: hold", nil, false},         // no path at all
		// a reconnaissance car's route within its reserve order is a path written too
		{"route R path 9,30", []string{"order R path 40,30 reserve"}, false},
		{"route R path 17,30", []string{"order R path 40,30 reserve"}, true},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			g := reserveGame(t)
			play(t, g, nil, c.before...)
			if c.ok {
				play(t, g, nil, c.line)
				return
			}
			refused(t, g, c.line, RuleReserve)
		})
	}
}

// A reserve order is measured again when the detachment takes it up: if it has moved since it
// was written and its path is now too short, it ends Reserve Movement, says why, and follows
// the order without it (no Phase 3 move).
func TestReserveMeasuredAgainWhenTakenUp(t *testing.T) {
	cases := []struct {
		name  string
		to    string // the reserve order's path end, written at 5,10 (the Coy's: a turn to arrive)
		at    Point  // where A ends turn 2
		phase bool   // it moves in Phase 3
	}{
		{"now too short: 3\" from 7,10", "10,10", Inch(9, 10), false},
		{"still long enough: 4\" from 7,10", "11,10", Inch(11, 10), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := reserveGame(t)
			// turn 1: A walks to 7,10 on an order of its own; the company's reserve order,
			// written with A at 5,10, reaches it on turn 2
			play(t, g, nil, "order A path 7,10", "order A from Coy path "+c.to+" reserve", "movement")
			rep := play(t, g, &dice.Script{}, "movement")
			ended := hasEvent(rep, "A ends Reserve Movement as it takes up its order of turn 1")
			if ended == c.phase || hasEvent(rep, "Phase 3, Reserve Movement: A moves again") != c.phase {
				t.Errorf("ended %v, Phase 3 %v\n%s", ended, !ended, rep.Text())
			}
			if a := g.Det("A"); !near(a.Pos, c.at) {
				t.Errorf("A at %v, want %v\n%s", a.Pos, c.at, rep.Text())
			}
		})
	}
}

// A part broken off without the leader makes no Phase 3 move (rules-notes 3.4: Reserve
// Movement needs a leader): the mired car's part does not roll to escape nor move again.
func TestReservePartWithoutLeader(t *testing.T) {
	g := newTestGame(t)
	g.Table.Streams = []Stream{{ID: "brook", Line: Polyline{Inch(8, 0), Inch(8, 48)}}}
	car := Unit{ID: "V1", Type: Vehicle, Size: Medium, CrossMPH: 12, RoadMPH: 12}
	addDet(t, g, "A", Inch(5, 10), car, Unit{ID: "L1", Type: Vehicle, Size: Medium, CrossMPH: 12, RoadMPH: 12, Leader: true})
	// V1 mires at the brook (10), L1 does not (6); a 1 would free V1 if it rolled in Phase 3
	src := &dice.Script{Values: []int{10, 6, 1}}
	rep := play(t, g, src, "order A path 40,10 reserve", "movement")
	p := g.DetOf("V1")
	if len(rep.Rolls) != 2 || !g.Unit("V1").Mired || p == nil || !near(p.Pos, Inch(8, 10)) {
		t.Fatalf("the leaderless part moved in Phase 3: rolls %v\n%s", rep.Rolls, rep.Text())
	}
	if !hasEvent(rep, "Phase 3, Reserve Movement: "+p.ID+" has no leader with it and does not move again") ||
		!near(g.Det("A").Pos, Inch(17, 10)) {
		t.Errorf("Phase 3:\n%s", rep.Text())
	}
}
