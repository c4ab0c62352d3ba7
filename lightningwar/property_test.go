package lightningwar

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// randomTable is a table of random rectangles of ground and slope, roads and streams.
func randomTable(r *rand.Rand) *Table {
	t := &Table{Width: metres(72), Height: metres(48)}
	for i := 0; i < 1+r.IntN(8); i++ {
		x, y := r.Float64()*60, r.Float64()*40
		f := Feature{ID: fmt.Sprint("f", i), Area: rect(x, y, x+1+r.Float64()*20, y+1+r.Float64()*15)}
		if r.IntN(3) > 0 {
			f.HasGround, f.Ground = true, Ground(r.IntN(int(Marsh)+1))
		}
		if !f.HasGround || r.IntN(2) == 0 {
			f.HasSlope, f.Slope = true, Slope(1+r.IntN(2))
		}
		t.Features = append(t.Features, f)
	}
	for i := 0; i < r.IntN(3); i++ {
		line := Polyline{Inch(r.Float64()*72, r.Float64()*48)}
		for j := 0; j < 1+r.IntN(4); j++ {
			line = append(line, Inch(r.Float64()*72, r.Float64()*48))
		}
		t.Roads = append(t.Roads, Road{ID: fmt.Sprint("r", i), Line: line, HalfWidth: RoadHalfWidth})
	}
	for i := 0; i < r.IntN(2); i++ {
		t.Streams = append(t.Streams, Stream{ID: fmt.Sprint("s", i), Line: Polyline{Inch(r.Float64()*72, 0), Inch(r.Float64()*72, 48)}})
	}
	return t
}

// Moving along a path in one go, in halves or in quarters of the Movement Phase reaches the
// same point, turn after turn, with the same miring checks on the way.
func TestPropertyPartsReachTheSamePoint(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 300; trial++ {
		tb := randomTable(r)
		start := Inch(r.Float64()*72, r.Float64()*48)
		path := "order A path"
		for j := 0; j < 1+r.IntN(5); j++ {
			x, y := Inch(r.Float64()*72, r.Float64()*48).Inches()
			path += fmt.Sprintf(" %.3f,%.3f", x, y)
		}
		var units []Unit
		pace := ""
		switch r.IntN(5) {
		case 0:
			units = []Unit{{ID: "S", Type: Infantry}}
			pace = " run"
		case 1:
			units = []Unit{{ID: "K", Type: Cavalry, Mounted: true}}
			pace = " gallop"
		case 2:
			units = []Unit{tank("T", Size(r.IntN(6)), r.IntN(2) == 0)}
		case 3:
			u := tank("T", Medium, false)
			u.CrossMPH, u.RoadMPH = 10, 30
			units = []Unit{u, {ID: "S", Type: Infantry}, {ID: "P", Type: PackHorse}}
		default:
			units = []Unit{tank("T1", Light, true), tank("T2", Heavy, false)}
		}
		turns := 1 + r.IntN(4)
		splits := make([][]int, 3)
		for k := range splits {
			for range turns {
				splits[k] = append(splits[k], []int{1, 2, 4}[r.IntN(3)])
			}
		}
		splits = append(splits, make([]int, turns), make([]int, turns), make([]int, turns))
		for i := range turns {
			splits[3][i], splits[4][i], splits[5][i] = 1, 2, 4
		}
		var want []Point
		var wantRolls []int
		for k, sp := range splits {
			g := newTestGame(t)
			g.Table = tb
			addDet(t, g, "A", start, units...)
			play(t, g, nil, path+pace)
			for turn, n := range sp {
				rolls := 0
				for part := 1; part <= n; part++ {
					line := "movement"
					if n > 1 {
						line = fmt.Sprintf("movement %d/%d", part, n)
					}
					rep := play(t, g, dice.Lowest{}, line)
					rolls += len(rep.Rolls)
				}
				got := g.Det("A").Pos
				if k == 0 {
					want = append(want, got)
					wantRolls = append(wantRolls, rolls)
					continue
				}
				if got.Dist(want[turn]) > 1e-6 || rolls != wantRolls[turn] {
					t.Fatalf("trial %d (%s%s, %v): turn %d in parts %v ends at %v with %d checks; split %v ends at %v with %d",
						trial, path, pace, unitsOf(units), turn+1, sp, got, rolls, splits[0], want[turn], wantRolls[turn])
				}
			}
		}
	}
}

func unitsOf(us []Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.ID+" "+u.Type.String())
	}
	return out
}

// A route cut a leg at a time as a move reaches it hands out, piece by piece, the pieces the
// whole route is cut into: on routes whose legs run straight on (or all but), fold back, stop
// short or come to nothing, as well as random ones.
func TestPropertyPiecesCutAsNeededAreThePieces(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 400; trial++ {
		tb := randomTable(r)
		route := Polyline{Inch(r.Float64()*72, r.Float64()*48)}
		for j := 0; j < 2+r.IntN(5); j++ {
			last := route[len(route)-1]
			var next Point
			switch r.IntN(7) {
			case 0, 1: // straight on from the last real leg, or within a hair of it
				prev := last
				for k := len(route) - 2; k >= 0; k-- {
					if prev = route[k]; last.Dist(prev) > 1e-3 {
						break
					}
				}
				d := last.sub(prev)
				k := 0.2 + r.Float64()
				next = Point{last.X + d.X*k, last.Y + d.Y*k + []float64{0, 1e-9, 1e-6, 1e-3}[r.IntN(4)]}
			case 2: // back the way it came
				if len(route) > 1 {
					next = route[len(route)-2]
				} else {
					next = Inch(r.Float64()*72, r.Float64()*48)
				}
			case 3: // a hair's breadth on
				next = Point{last.X + []float64{1e-10, 5e-8, 5e-7, 2e-6}[r.IntN(4)], last.Y}
			default:
				next = Inch(r.Float64()*72, r.Float64()*48)
			}
			route = append(route, next)
		}
		want := tb.pieces(route)
		gr := tb.ground()
		for i := range len(want) + 1 {
			gr.start(route)
			got, ok := gr.piece(i)
			if i == len(want) {
				if ok {
					t.Fatalf("trial %d: piece %d past the end of %d", trial, i, len(want))
				}
				continue
			}
			if !ok || got != want[i] {
				t.Fatalf("trial %d, route %v: piece %d is %+v cut as needed, %+v cut whole", trial, route, i, got, want[i])
			}
		}
	}
}

// Every movement of a base obeys frontage (rules-notes 3.6), whatever moves it: a pivot, a
// minor adjustment, a part splitting off, or a path move straight ahead with its re-forming for
// a choke point. After any step accepted, no German base is nearer an enemy's base than
// contact range unless it was already, and then no nearer than it was, nor deeper in a base
// standing on a choke point than it was (each base may turn freely on its own centre: the
// "was" is its old place turned as it now stands).
func TestPropertyEveryMovementObeysFrontage(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var room [8]Point
	for trial := 0; trial < 400; trial++ {
		g := newTestGame(t)
		at := Inch(20+r.Float64()*8, 14+r.Float64()*8)
		var us []Unit
		for i := range 1 + r.IntN(3) {
			us = append(us, tank(fmt.Sprint("T", i), Medium, true))
		}
		a := addDet(t, g, "A", at, us...)
		a.Facing = float64(r.IntN(360))
		if r.IntN(3) == 0 {
			a.Form = FormColumn
		}
		near := func() Point { return Point{at.X + metres(r.Float64()*8-4), at.Y + metres(r.Float64()*8-4)} }
		e := addDet(t, g, "E", near(), Unit{ID: "R", Type: Vehicle, Tank: true, Size: Medium, CrossMPH: 10, Formation: "RCoy"})
		e.Facing = float64(r.IntN(360))
		if r.IntN(2) == 0 {
			g.reveal(e)
		}
		bp := near()
		bx, by := bp.Inches()
		w := 0.6 + r.Float64()*2
		g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(bx-w, by-w, bx+w, by+w)}}
		addDet(t, g, "B", bp, Unit{ID: "P", Type: Infantry, Formation: "2Pl"}).Facing = float64(r.IntN(360))
		var line string
		switch r.IntN(4) {
		case 0:
			line = fmt.Sprint("pivot A ", r.IntN(360))
		case 1:
			x, y := Point{at.X + metres(r.Float64()*1.2-0.6), at.Y + metres(r.Float64()*1.2-0.6)}.Inches()
			line = fmt.Sprintf("adjust A %.3f,%.3f", x, y)
		case 2:
			line = "split A T0 as S"
		default:
			f := ahead(a.Facing)
			x, y := Point{at.X + f.X*metres(12), at.Y + f.Y*metres(12)}.Inches()
			play(t, g, nil, fmt.Sprintf("order A path %.6f,%.6f", x, y))
			line = "movement"
		}
		before := map[string]Base{}
		facing := map[string]float64{}
		for _, id := range []string{"A"} {
			d := g.Det(id)
			var l lineup
			g.lineUp(d, d.InColumn, &l)
			for i, b := range l.place(nil, d.Pos, ahead(d.Facing)) {
				before[l.units[i].ID] = b
				facing[l.units[i].ID] = d.Facing
			}
		}
		rep, err := g.Apply(line, dice.Lowest{})
		if err != nil {
			continue // refused: it changed nothing (FuzzStep, refused)
		}
		obstacles := func() (out []obstacle) {
			for _, o := range []*Detachment{g.Det("E"), g.Det("B")} {
				for _, b := range g.Footprint(o) {
					if o.Side != "German" {
						out = append(out, obstacle{b: b, det: o, reach: ContactRange})
					}
					if overlapsArea(&b, g.Table.Chokes[0].Area) {
						out = append(out, obstacle{b: b, det: o})
					}
				}
			}
			return out
		}()
		for _, d := range g.Dets {
			if d.Side != "German" || d.ID == "B" {
				continue
			}
			var l lineup
			g.lineUp(d, d.InColumn, &l)
			for i, b := range l.place(nil, d.Pos, ahead(d.Facing)) {
				u := l.units[i].ID
				old := before[u]
				c := lerp(old[0], old[2], 0.5)
				var one lineup
				one.off, one.half = []Point{{}}, []Point{l.half[i]}
				spun := one.place(nil, c, ahead(d.Facing))[0]
				for k := range obstacles {
					ob := &obstacles[k]
					now, was := gap(&b, ob, room[:0]), gap(&spun, ob, room[:0])
					if now < math.Min(ob.reach, was)-1e-3 {
						t.Fatalf("trial %d, %q: %s's base came to %v\" of %s's (reach %v\", it was %v\")\n%s",
							trial, line, u, inchesOf(now), ob.det.ID, inchesOf(ob.reach), inchesOf(was), rep.Text())
					}
				}
			}
		}
	}
}
