package lightningwar

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// Each event is logged in the turn it happens, and only then: a stream crossing, a miring
// check, an escape roll, contact, an overrun, a choke point stop and an order's arrival. Every
// case plays two turns (with any step between them) and checks both turns' events: the first
// holds the event, the second does not.
func TestEventsInTheirTurn(t *testing.T) {
	stream := func(g *Game) { g.Table.Streams = []Stream{{ID: "brook", Line: Polyline{Inch(7, 0), Inch(7, 48)}}} }
	car := Unit{ID: "V1", Type: Vehicle, Size: Medium, CrossMPH: 12}
	for _, c := range []struct {
		name   string
		setup  func(t *testing.T, g *Game)
		dice   []int
		first  string   // the steps before the first turn's movement
		middle []string // the steps between the turns
		turn1  string   // in the first turn's events
		not2   []string // in none of the second turn's
	}{
		{"stream crossing", func(t *testing.T, g *Game) { stream(g); addDet(t, g, "A", Inch(5, 10), car) }, []int{6},
			"order A path 30,10", nil, "V1 does not mire crossing a stream", []string{"stream", "2d6"}},
		{"miring check", func(t *testing.T, g *Game) {
			g.Table.Features = []Feature{{ID: "belt", Area: rect(8, 0, 8.5, 48), HasGround: true, Ground: Woods}}
			addDet(t, g, "A", Inch(5, 10), car)
		}, []int{6}, "order A path 30,10", nil, "V1 does not mire entering Woods", []string{"mire"}},
		{"escape roll", func(t *testing.T, g *Game) {
			stream(g)
			v := car
			v.Mired = true
			addDet(t, g, "A", Inch(5, 10), v)
		}, []int{1, 6}, "order A path 6.5,10", nil, "V1 rolls 1 on 1d6 and escapes", []string{"1d6", "escape"}},
		{"contact", func(t *testing.T, g *Game) {
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry})
			addDet(t, g, "E", Inch(7.4, 10), Unit{ID: "R1", Type: Infantry, Formation: "RPl"})
		}, nil, "order A path 30,10", []string{"order A path 0,10"}, "A stops in contact with E", []string{"contact"}},
		{"overrun", func(t *testing.T, g *Game) {
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "T1", Type: Vehicle, Tracked: true, Size: Medium, CrossMPH: 12, MG: 2})
			addDet(t, g, "E", Inch(8, 10), Unit{ID: "R1", Type: Infantry, Formation: "RPl"})
		}, nil, "order A path 30,10\nreveal E", nil, "A overruns E's position", []string{"overrun", "contact"}},
		{"choke point stop", func(t *testing.T, g *Game) {
			g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(10, 9, 12, 11)}}
			addDet(t, g, "A", Inch(5, 10), car)
			addDet(t, g, "B", Inch(11, 10), Unit{ID: "S1", Type: Infantry, Formation: "2Pl", Initiative: Low})
		}, nil, "order A path 30,10", []string{"order B path 11,20"}, "A stops at bridge: B is there", []string{"stops at"}},
		{"order arrival", func(t *testing.T, g *Game) {
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry}, Unit{ID: "S2", Type: Infantry})
		}, nil, "order A from Coy turn 1 path 5,20", nil, "A has no orders", []string{"has no orders"}},
		{"order arrival (received)", func(t *testing.T, g *Game) {
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry})
		}, nil, "order A path 5,20", nil, "A receives its order of turn 1", []string{"receives"}},
		{"an order waiting for moving infantry", func(t *testing.T, g *Game) {
			addDet(t, g, "A", Inch(5, 10), Unit{ID: "S1", Type: Infantry})
		}, nil, "order A path 30,10\nmovement\norder A path 5,20", nil, "A is infantry on the move and receives no orders", []string{"receives", "on the move"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t)
			must(t, g.AddFormation(Formation{ID: "RPl", Parent: "RCoy"}))
			c.setup(t, g)
			src := &dice.Script{Values: c.dice}
			play(t, g, src, strings.Split(c.first, "\n")...)
			one := play(t, g, src, "movement")
			if !strings.Contains(one.Text(), c.turn1) {
				t.Fatalf("turn %d's log lacks %q:\n%s", g.Turn-1, c.turn1, one.Text())
			}
			for _, l := range c.middle {
				play(t, g, src, l)
			}
			two := play(t, g, src, "movement")
			for _, x := range c.not2 {
				if strings.Contains(two.Text(), x) {
					t.Errorf("turn %d's log mentions %q again:\n%s", g.Turn-1, x, two.Text())
				}
			}
		})
	}
}

// A move that ends where a stream or a held choke point begins has not crossed or entered it:
// the check belongs to the turn it goes on, and is made then (not lost, not made twice).
func TestChecksAtTheEndOfAMoveAreMadeNextTurn(t *testing.T) {
	car := Unit{ID: "V1", Type: Vehicle, Size: Medium, CrossMPH: 12}
	t.Run("stream at the move's end", func(t *testing.T) {
		g := newTestGame(t)
		g.Table.Streams = []Stream{{ID: "brook", Line: Polyline{Inch(11, 0), Inch(11, 48)}}}
		addDet(t, g, "A", Inch(5, 10), car)
		src := &dice.Script{Values: []int{6}}
		one := play(t, g, src, "order A path 30,10", "movement")
		two := play(t, g, src, "movement")
		if len(one.Rolls) != 0 || len(two.Rolls) != 1 || !strings.Contains(two.Text(), "V1 does not mire crossing a stream") {
			t.Fatalf("turn 1 rolled %d, turn 2 %d:\n%s%s", len(one.Rolls), len(two.Rolls), one.Text(), two.Text())
		}
	})
	t.Run("mired at the crossing, escaped: no second check", func(t *testing.T) {
		g := newTestGame(t)
		g.Table.Streams = []Stream{{ID: "brook", Line: Polyline{Inch(7, 0), Inch(7, 48)}}}
		addDet(t, g, "A", Inch(5, 10), car)
		src := &dice.Script{Values: []int{10, 1}}
		play(t, g, src, "order A path 30,10", "movement")
		two := play(t, g, src, "movement")
		if len(two.Rolls) != 1 || !near(g.Det("A").Pos, Inch(13, 10)) {
			t.Fatalf("turn 2 rolled %d, A at %v:\n%s", len(two.Rolls), g.Det("A").Pos, two.Text())
		}
	})
	t.Run("a held choke point stops it again", func(t *testing.T) {
		g := newTestGame(t)
		g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(10, 9, 12, 11)}}
		addDet(t, g, "A", Inch(5, 10), car)
		addDet(t, g, "B", Inch(11, 10), Unit{ID: "S1", Type: Infantry, Formation: "2Pl"})
		play(t, g, nil, "order A path 30,10", "movement")
		two := play(t, g, nil, "movement")
		if !near(g.Det("A").Pos, Inch(10, 10)) || !strings.Contains(two.Text(), "A stops at bridge") {
			t.Fatalf("A at %v:\n%s", g.Det("A").Pos, two.Text())
		}
	})
}
