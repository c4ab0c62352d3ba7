package lightningwar

import (
	"math"
	"math/rand/v2"
	"testing"
)

// square is a base w x d inches centred on x, y inches, faced up the table.
func square(x, y, w, d float64) Base {
	return Base{Inch(x-w/2, y-d/2), Inch(x+w/2, y-d/2), Inch(x+w/2, y+d/2), Inch(x-w/2, y+d/2)}
}

// baseDist is the distance between two bases measured the long way: the least distance from a
// corner of one to an edge of the other (0 when they overlap).
func baseDist(a, b Base) float64 {
	if signedDist(lerp(a[0], a[2], 0.5), b[:]) < 0 || signedDist(lerp(b[0], b[2], 0.5), a[:]) < 0 {
		return 0
	}
	best := math.Inf(1)
	for _, p := range a {
		for i := range b {
			best = min(best, DistToSegment(p, b[i], b[(i+1)%4]))
		}
	}
	for _, p := range b {
		for i := range a {
			best = min(best, DistToSegment(p, a[i], a[(i+1)%4]))
		}
	}
	for i := range a {
		for j := range b {
			if segmentsTouch(a[i], a[(i+1)%4], b[j], b[(j+1)%4]) {
				return 0
			}
		}
	}
	return best
}

// The Minkowski difference of two bases measures their distance: a point's distance from it is
// the distance between the bases when the second is moved by that point.
func TestMinkowskiMeasuresBaseDistance(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var room [8]Point
	for i := 0; i < 500; i++ {
		var l lineup
		l.off = []Point{{0, 0}}
		l.half = []Point{{metres(0.2 + r.Float64()), metres(0.2 + r.Float64())}}
		e := l.place(nil, Inch(r.Float64()*10, r.Float64()*10), ahead(r.Float64()*360))[0]
		l.half = []Point{{metres(0.2 + r.Float64()), metres(0.2 + r.Float64())}}
		b := l.place(nil, Inch(r.Float64()*10, r.Float64()*10), ahead(r.Float64()*360))[0]
		m := minkowski(e[:], b[:], room[:0])
		if len(m) > 8 || len(m) < 4 {
			t.Fatalf("the difference of two bases has %d corners", len(m))
		}
		u := Inch(r.Float64()*6-3, r.Float64()*6-3)
		var moved Base
		for k, p := range b {
			moved[k] = Point{p.X + u.X, p.Y + u.Y}
		}
		want, got := baseDist(e, moved), math.Max(0, signedDist(u, m))
		if math.Abs(want-got) > 1e-6 {
			t.Fatalf("case %d: distance %v, the difference says %v", i, inchesOf(want), inchesOf(got))
		}
	}
}

func TestFirstMeet(t *testing.T) {
	var room [8]Point
	e := square(10, 10, 1, 1) // an enemy base from 9.5 to 10.5
	for _, c := range []struct {
		name     string
		from, to Point // the mover's 1" base's centre
		reach    float64
		t        float64
		ok       bool
	}{
		{"head on: the edges 1/2\" apart at x = 8.5", Inch(5, 10), Inch(11, 10), 0.5, 3.5 / 6, true},
		{"touching is the reach 0", Inch(5, 10), Inch(11, 10), 0, 4.0 / 6, true},
		{"passing 2\" to the side never comes within 1/2\"", Inch(5, 12), Inch(15, 12), 0.5, 0, false},
		{"passing 1.4\" to the side comes within 1/2\" 0.3\" before the edges' ends meet", Inch(5, 11.4), Inch(15, 11.4), 0.5, 3.7 / 10, true},
		{"already within reach, moving closer: at once", Inch(8.6, 10), Inch(9, 10), 0.5, 0, true},
		{"already within reach, moving straight away: never", Inch(8.6, 10), Inch(2, 10), 0.5, 0, false},
		{"already within reach, moving along it: never", Inch(10, 11.2), Inch(20, 11.2), 0.5, 0, false},
		{"already within reach, slanting away: never", Inch(8.6, 10), Inch(2, 12), 0.5, 0, false},
		{"already within reach, slanting in: at once", Inch(8.6, 10), Inch(12, 12), 0.5, 0, true},
		{"already overlapping, moving deeper: at once", Inch(9.2, 10), Inch(10, 10), 0, 0, true},
		{"already overlapping, moving out: never", Inch(9.2, 10), Inch(5, 10), 0, 0, false},
		{"the danger ground 30\" round a tank", Inch(10, 60), Inch(10, 30), 30, 19.0 / 30, true},
	} {
		b := square(c.from.X/MetresPerInch, c.from.Y/MetresPerInch, 1, 1)
		got, ok := firstMeet(c.to.sub(c.from), minkowski(e[:], b[:], room[:0]), metres(c.reach))
		if ok != c.ok || ok && math.Abs(got-c.t) > 1e-9 {
			t.Errorf("%s: t %v ok %v, want %v %v", c.name, got, ok, c.t, c.ok)
		}
	}
}

func TestLineUp(t *testing.T) {
	g := newTestGame(t)
	wide := tank("T2", Medium, true)
	wide.BaseW, wide.BaseD = metres(2), metres(3)
	s2 := Unit{ID: "S2", Type: Infantry, In: "T2"}
	d := addDet(t, g, "A", Inch(10, 10), tank("T1", Medium, true), wide, s2, tank("T3", Medium, true))
	var l lineup
	g.lineUp(d, false, &l)
	// in line, faced north: 1 + 1/2 + 2 + 1/2 + 1 = 5" wide, T1 on the left; S2 rides T2
	want := []Point{Inch(-2, 0), Inch(0, 0), Inch(2, 0)}
	if len(l.off) != 3 || !near(l.off[0], want[0]) || !near(l.off[1], want[1]) || !near(l.off[2], want[2]) ||
		math.Abs(l.frontage-metres(5)) > 1e-9 || math.Abs(l.length-metres(3)) > 1e-9 {
		t.Errorf("line: %v, frontage %v, length %v", l.off, inchesOf(l.frontage), inchesOf(l.length))
	}
	g.lineUp(d, true, &l)
	// in column: 1 + 1/2 + 3 + 1/2 + 1 = 6" long, T1 at the head
	want = []Point{Inch(0, 2.5), Inch(0, 0), Inch(0, -2.5)}
	if !near(l.off[0], want[0]) || !near(l.off[1], want[1]) || !near(l.off[2], want[2]) ||
		math.Abs(l.frontage-metres(2)) > 1e-9 || math.Abs(l.length-metres(6)) > 1e-9 {
		t.Errorf("column: %v, frontage %v, length %v", l.off, inchesOf(l.frontage), inchesOf(l.length))
	}
	// faced east, T1 (on the left) is to the north of the point
	d.Facing = 90
	fp := g.Footprint(d)
	if len(fp) != 3 || !near(lerp(fp[0][0], fp[0][2], 0.5), Inch(10, 12)) || !near(fp[1][2], Inch(11.5, 9)) {
		t.Errorf("the footprint faced east: %v", fp)
	}
	// a drawn shape: each base where the offsets put it
	d.Form, d.Offsets = FormDrawn, []Point{Inch(0, 3), Inch(1, 0), Inch(1, 0), Inch(-1, -1)}
	g.lineUp(d, false, &l)
	if !near(l.off[0], Inch(0, 3)) || !near(l.off[2], Inch(-1, -1)) || math.Abs(l.frontage-metres(3.5)) > 1e-9 {
		t.Errorf("drawn: %v, frontage %v", l.off, inchesOf(l.frontage))
	}
}

func TestOverlapsArea(t *testing.T) {
	bridge := rect(9, 9, 11, 11)
	for _, c := range []struct {
		b    Base
		want bool
	}{
		{square(10, 10, 1, 1), true},
		{square(8.6, 10, 1, 1), true},  // its front edge on the bridge
		{square(8.5, 10, 1, 1), false}, // touching the bridge's edge
		{square(5, 5, 1, 1), false},
		{square(10, 10, 4, 4), true}, // bigger than the bridge
	} {
		if got := overlapsArea(&c.b, bridge); got != c.want {
			t.Errorf("%v on the bridge: %v, want %v", c.b, got, c.want)
		}
	}
}
