package lightningwar

import (
	"math"
	"strings"
	"testing"
)

// rulerGame is a 72" x 48" table: woods on a gentle slope from x = 8 to 12, y = 0 to 25 (factor
// 3 + 1 = 4),
// a road along y = 20 climbing a gentle slope from x = 30 (1 + 1 = 2), a stream at x = 40
// (bridged by the road), a choke point on the road at x 44..46; a German tank T (12 MPH = 6"
// cross-country, 24 MPH = 12" on road), squads S (walking 2") and R (ordered to run), and a
// Russian squad E and tank platoon K, revealed.
func rulerGame(t *testing.T) *Game {
	t.Helper()
	g := newTestGame(t,
		Feature{ID: "wood", Area: rect(8, 0, 12, 25), HasGround: true, Ground: Woods},
		Feature{ID: "hill", Area: rect(8, 0, 12, 25), HasSlope: true, Slope: Gentle},
		Feature{ID: "rise", Area: rect(30, 15, 72, 25), HasSlope: true, Slope: Gentle})
	g.Table.Roads = []Road{{ID: "lane", Line: Polyline{Inch(0, 20), Inch(72, 20)}, HalfWidth: RoadHalfWidth}}
	g.Table.Streams = []Stream{{ID: "brook", Line: Polyline{Inch(40, 0), Inch(40, 48)}}}
	g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(44, 19, 46, 21)}}
	must(t, g.AddFormation(Formation{ID: "RPl", Parent: "RCoy"}))
	addDet(t, g, "T", Inch(5, 10), tank("T1", Medium, true))
	addDet(t, g, "S", Inch(5, 30), Unit{ID: "S1", Type: Infantry})
	addDet(t, g, "R", Inch(5, 40), Unit{ID: "S2", Type: Infantry})
	addDet(t, g, "E", Inch(60, 40), Unit{ID: "R1", Type: Infantry, Formation: "RPl"})
	addDet(t, g, "K", Inch(60, 5), Unit{ID: "R2", Type: Vehicle, Tracked: true, Size: Medium, CrossMPH: 16, RoadMPH: 30, Formation: "RPl"})
	addDet(t, g, "H", Inch(60, 30), Unit{ID: "R3", Type: Infantry, Formation: "RPl"})
	play(t, g, nil, "order R path 70,40 run", "reveal E", "reveal K")
	return g
}

// The ruler's distances, legs and factors, worked from the Movement Chart; and a detachment's
// time, walked turn by turn (a turn is a minute).
func TestMeasure(t *testing.T) {
	g := rulerGame(t)
	for _, c := range []struct {
		name     string
		from, to Point
		det      string
		inches   float64
		legs     []string // each leg: "LENGTH LABEL COST"
		streams  []string // "ID bridged?"
		turns    float64  // -1: no time
		seconds  int
	}{
		// 10" of open
		{"open", Inch(0, 5), Inch(0, 15), "", 10, []string{"10 Open 1"}, nil, -1, 0},
		// 3-4-5 triangle: 5" of open
		{"a slant", Inch(1, 1), Inch(4, 5), "", 5, []string{"5 Open 1"}, nil, -1, 0},
		// 3" open, 4" of woods on a gentle slope (3 + 1), 3" open
		{"through the wooded slope", Inch(5, 10), Inch(15, 10), "", 10, []string{"3 Open 1", "4 Woods + Gentle Slope 4", "3 Open 1"}, nil, -1, 0},
		// the tank: 3" at 6" (1/2 turn), 4" at 6"/4 = 1.5" (8/3 turns), 3" at 6" (1/2 turn):
		// 11/3 = 3.67 turns = 220 s
		{"the tank through it", Inch(5, 10), Inch(15, 10), "T", 10, nil, nil, 11.0 / 3, 220},
		// the squad walking: 3" at 2" (1.5), 4" at 0.5" (8), 3" at 2" (1.5): 11 turns
		{"the squad through it", Inch(5, 10), Inch(15, 10), "S", 10, nil, nil, 11, 660},
		// along the road: 10" flat then up the rise (1 + 1 = 2) from x = 30; the stream at 40 is
		// bridged (no new leg: nothing changes there); through the bridge 44..46
		{"the road", Inch(20, 20), Inch(50, 20), "", 30, []string{"10 Road 1", "14 Road + Gentle Slope 2", "2 Road + Gentle Slope 2", "4 Road + Gentle Slope 2"},
			[]string{"brook bridged"}, -1, 0},
		// the tank on the road, road speed the whole way: 10" at 12" (5/6), 20" at 6" (10/3):
		// 25/6 = 4.17 turns = 250 s
		{"the tank on the road", Inch(20, 20), Inch(50, 20), "T", 30, nil, []string{"brook bridged"}, 25.0 / 6, 250},
		// off the road across the stream: a crossing where a vehicle checks
		{"the stream off the road", Inch(38, 30), Inch(42, 30), "", 4, []string{"2 Open 1", "2 Open 1"}, []string{"brook off the road"}, -1, 0},
		// R is ordered to run: 4", 2", 4", 2" ...: 10" in 3 turns exactly
		{"running and walking in turn", Inch(0, 45), Inch(10, 45), "R", 10, nil, nil, 3, 180},
		// a revealed enemy squad: its type fixes its walk: 3" at 2" = 1.5 turns
		{"a revealed enemy squad", Inch(0, 45), Inch(3, 45), "E", 3, nil, nil, 1.5, 90},
		// a revealed enemy tank: the side does not know its speed (the referee does)
		{"a revealed enemy tank", Inch(0, 45), Inch(3, 45), "K", 3, nil, nil, -1, 0},
		// zero length
		{"a point", Inch(5, 5), Inch(5, 5), "S", 0, nil, nil, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := g.Measure(SideView("German"), c.from, c.to, c.det)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(inchesOf(m.Length)-c.inches) > 1e-6 || math.Abs(m.Length-c.inches*50) > 1e-4 {
				t.Errorf("length %v m, want %v\"", m.Length, c.inches)
			}
			if c.legs != nil {
				var got []string
				for _, l := range m.Legs {
					got = append(got, trim(inchesOf(l.Length))+" "+l.Place.Label()+" "+trim(l.Factor()))
				}
				if strings.Join(got, "; ") != strings.Join(c.legs, "; ") {
					t.Errorf("legs %q, want %q", got, c.legs)
				}
			}
			var streams []string
			for _, s := range m.Streams {
				w := s.Stream + " off the road"
				if s.Bridged {
					w = s.Stream + " bridged"
				}
				streams = append(streams, w)
			}
			if strings.Join(streams, ";") != strings.Join(c.streams, ";") {
				t.Errorf("streams %q, want %q", streams, c.streams)
			}
			switch {
			case c.det == "" && m.Time != nil:
				t.Errorf("a time with no detachment: %+v", m.Time)
			case c.det != "" && c.turns < 0 && (m.Time == nil || m.Time.Known):
				t.Errorf("a time known: %+v", m.Time)
			case c.turns >= 0 && c.det != "" && (m.Time == nil || !m.Time.Known || math.Abs(m.Time.Turns-c.turns) > 1e-9 || m.Time.Seconds() != c.seconds):
				t.Errorf("time %+v, want %v turns, %v s\n%s", m.Time, c.turns, c.seconds, m.Text())
			}
		})
	}
}

// A side may name only its own and the revealed detachments; anything else is refused with the
// same words whether it exists or not, and so is a point off the table. The referee names any.
func TestMeasureRefusals(t *testing.T) {
	g := rulerGame(t)
	german := SideView("German")
	_, hidden := g.Measure(german, Inch(1, 1), Inch(2, 2), "H")
	_, nobody := g.Measure(german, Inch(1, 1), Inch(2, 2), "Nobody")
	if hidden == nil || nobody == nil || strings.ReplaceAll(hidden.Error(), `"H"`, `"X"`) != strings.ReplaceAll(nobody.Error(), `"Nobody"`, `"X"`) {
		t.Errorf("unrevealed H: %v; nobody: %v", hidden, nobody)
	}
	if _, err := g.Measure(RefereeView, Inch(1, 1), Inch(2, 2), "H"); err != nil {
		t.Errorf("the referee may name H: %v", err)
	}
	if m, err := g.Measure(RefereeView, Inch(0, 45), Inch(8, 45), "K"); err != nil || !m.Time.Known || math.Abs(m.Time.Turns-1) > 1e-9 {
		t.Errorf("the referee's time for K (16 MPH = 8\"): %+v %v", m.Time, err)
	}
	for _, p := range []Point{Inch(-1, 5), Inch(5, 49), {math.NaN(), 0}} {
		if _, err := g.Measure(RefereeView, p, Inch(5, 5), ""); err == nil {
			t.Errorf("%v measured", p)
		}
	}
}

func TestDuration(t *testing.T) {
	for sec, want := range map[int]string{0: "0 s", 45: "45 s", 60: "1 min", 150: "2 min 30 s", 3600: "60 min"} {
		if got := Duration(sec); got != want {
			t.Errorf("Duration(%d) = %q, want %q", sec, got, want)
		}
	}
}
