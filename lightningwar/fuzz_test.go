package lightningwar

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// FuzzGeometry: any corners make a polygon that is valid or says why not; a valid one can be
// asked what contains what and be crossed by a route without a panic.
func FuzzGeometry(f *testing.F) {
	enc := func(ps ...float64) []byte {
		b := make([]byte, 0, 8*len(ps))
		for _, p := range ps {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p))
		}
		return b
	}
	f.Add(enc(0, 0, 4, 0, 4, 4, 0, 4))
	f.Add(enc(0, 0, 4, 4, 4, 0, 0, 4))             // bow tie
	f.Add(enc(0, 0, 2, 0, 4, 0))                   // in a line
	f.Add(enc(0, 0, 0, 0, 1, 1))                   // repeated
	f.Add(enc(0, 0, 4, 0, 4, 1, 1, 1, 1, 4, 0, 4)) // L
	f.Add(enc(math.NaN(), 0, 1, 1, 2, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		var pts []Point
		for len(data) >= 16 && len(pts) < 64 {
			x := math.Float64frombits(binary.LittleEndian.Uint64(data))
			y := math.Float64frombits(binary.LittleEndian.Uint64(data[8:]))
			pts = append(pts, Point{x, y})
			data = data[16:]
		}
		pg := Polygon(pts)
		if err := pg.Validate(); err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		tb := &Table{Width: metres(100), Height: metres(100), Features: []Feature{{ID: "f", Area: pg, HasGround: true, Ground: Woods}}}
		if len(pts) >= 2 {
			line := Polyline(pts[:2])
			if line.Validate() == nil {
				tb.Roads = []Road{{ID: "r", Line: line, HalfWidth: RoadHalfWidth}}
				tb.Streams = []Stream{{ID: "s", Line: line}}
			}
		}
		route := Polyline{Inch(-5, -5), pts[0], Inch(50, 50)}
		var s float64
		for _, pc := range tb.pieces(route) {
			if pc.s0 < s-1e-6 || pc.s1 < pc.s0 {
				t.Fatalf("pieces out of order: %v after %v", pc.s0, s)
			}
			s = pc.s1
		}
		_ = pg.Contains(pts[0])
	})
}

// FuzzParse: a line of notation parses or is refused with a message; what parses writes back
// as notation that parses to the same action.
func FuzzParse(f *testing.F) {
	for _, l := range []string{"order A from Coy turn 2 path 10,5 20.5,7 run: take the farm", "continue A from Coy",
		"route R path 3,4", "forced A path 1,1", "fired A units S1,S2 by B", "fired A spotting 2,3", "fired A from 5,5",
		"halt A fire B part S1 as A2", "cover A", "fire A at B", "split A S1,S2 as A2", "join A2 into A", "mount S on T",
		"dismount S", "tow T by W", "adjust A 10.5,3", "pivot A 270", "movement", "movement 1/2 A B", "movement 3/4",
		"reveal A", "hide A", "order A goal 5,5 reserve", "movement 5/4", "order", "fired A by",
		"place A 10,10 facing 90 column", "place A 3,4 line", "place A 3,4 facing", "place A facing 90", "place A 1,1 facing 90 facing 80",
		"morale A 7 falls back", "morale A: routs", "morale A", "morale A 5: then: more", "morAle 0::"} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := Parse(line)
		if err != nil {
			return
		}
		b, err := Parse(a.String())
		if err != nil {
			t.Fatalf("%q parsed, but its notation %q does not: %v", line, a.String(), err)
		}
		if a.String() != b.String() {
			t.Fatalf("%q -> %q -> %q", line, a.String(), b.String())
		}
	})
}

// FuzzStep: any line played on a game with every kind of detachment is accepted or refused
// without a panic, and a refusal changes nothing.
func FuzzStep(f *testing.F) {
	for _, l := range []string{"order A path 30,10 60,40", "movement", "movement 1/2", "fired A by R", "cover A", "halt A fire R",
		"mount S on T", "dismount K", "tow T by W", "split A S as A2", "adjust A 10.5,10", "reveal R", "forced R path 70,47",
		"order A from Coy path 1,1", "continue A", "route A path 5,5", "fire A at R part S as X", "join B into A", "pivot A 90",
		"movement band Low", "movement 1/2 band Medium A", "order A goal 40,40", "order A : look",
		"place A 34,10 facing 90 column", "place R 12,10 facing 270", "morale A 7 holds", "order A path 70,10 reserve", "order R path 10,10",
		"place B 35,10 line"} {
		f.Add(l, l)
	}
	f.Fuzz(func(t *testing.T, l1, l2 string) {
		g := newTestGame(t,
			Feature{ID: "w", Area: rect(20, 0, 30, 20), HasGround: true, Ground: Woods},
			Feature{ID: "m", Area: rect(40, 20, 60, 40), HasGround: true, Ground: Marsh, HasSlope: true, Slope: Gentle})
		g.Table.Roads = []Road{{ID: "r", Line: Polyline{Inch(0, 10), Inch(72, 10)}, HalfWidth: RoadHalfWidth}}
		g.Table.Streams = []Stream{{ID: "s", Line: Polyline{Inch(35, 0), Inch(35, 48)}}}
		g.Table.Chokes = []Choke{{ID: "b", Area: rect(34, 9, 36, 11)}}
		tr := tank("T", Medium, false)
		tr.Carries = 2
		tr.BaseW, tr.BaseD = metres(1.5), metres(2)
		addDet(t, g, "A", Inch(10, 10), tr, Unit{ID: "S", Type: Infantry}, Unit{ID: "K", Type: Cavalry, Mounted: true}, Unit{ID: "L", Type: Infantry, Leader: true})
		g.Det("A").Form, g.Det("A").Offsets = FormDrawn, []Point{Inch(0, 1), Inch(-2, 0), Inch(2, 0), Inch(0, -2)}
		addDet(t, g, "B", Inch(12, 10), Unit{ID: "W", Type: Vehicle, Tracked: true, Size: Heavy, CrossMPH: 8, Mired: true, Formation: "2Pl"})
		must(t, g.AddFormation(Formation{ID: "X", Parent: "RCoy"}))
		addDet(t, g, "R", Inch(50, 30), Unit{ID: "RS", Type: Infantry, Formation: "X"}, Unit{ID: "RG", Type: Gun, Formation: "X"})
		addDet(t, g, "V", Inch(30, 12), Unit{ID: "RT", Type: Vehicle, Tank: true, Size: Medium, CrossMPH: 10, Formation: "X"})
		g.Det("V").Revealed, g.Det("V").Seen = true, g.Det("V").Pos
		src := dice.NewSeeded(3)
		for _, l := range []string{l1, l2, "movement", l2} {
			before := g.Clone()
			_, err := g.Apply(l, src)
			if err != nil && !reflect.DeepEqual(before, g) {
				t.Fatalf("%q was refused (%v) but changed the game", l, err)
			}
		}
	})
}
