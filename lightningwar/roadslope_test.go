package lightningwar

import (
	"strings"
	"testing"
)

// Road movement on slopes (rules-notes 3.3, the seed's rule): speed is divided by the terrain
// factor plus the slope modifier, and on a road the road's factor 1 takes the ground's place
// while the slope still adds: a road up a gentle slope is road speed ÷ 2. Every case is worked
// from the chart: a tank of 24 MPH road (12") and 12 MPH cross-country (6"), infantry walking
// 4 MPH (2"), cavalry walking 8 MPH (4") or galloping 16 MPH (8") where the cost is 1.
func TestRoadMovementOnSlopes(t *testing.T) {
	hill := func(s Slope) Feature { return Feature{ID: "hill", Area: rect(13, 0, 72, 48), HasSlope: true, Slope: s} }
	woods := Feature{ID: "wood", Area: rect(0, 0, 72, 48), HasGround: true, Ground: Woods}
	for _, c := range []struct {
		name      string
		features  []Feature
		unit      Unit
		pace      string
		from, to  Point
		want      Point  // where the move ends
		breakdown string // part of the move's breakdown
	}{
		// flat road: 12"
		{"flat road, road speed", nil, tank("T", Medium, true), "", Inch(13, 10), Inch(60, 10), Inch(25, 10), `12" of Road at 12" [T road speed 24 MPH = 12"]`},
		// the whole way up a gentle slope: 12" ÷ (1 + 1) = 6"
		{"gentle road, road speed ÷ 2", []Feature{hill(Gentle)}, tank("T", Medium, true), "", Inch(13, 10), Inch(60, 10), Inch(19, 10),
			`6" of Road + Gentle Slope at 12" ÷ (1 [Road] + 1 [Gentle Slope]) = 6"`},
		// steep: 12" ÷ (1 + 2) = 4"
		{"steep road, road speed ÷ 3", []Feature{hill(Steep)}, tank("T", Medium, true), "", Inch(13, 10), Inch(60, 10), Inch(17, 10),
			`4" of Road + Steep Slope at 12" ÷ (1 [Road] + 2 [Steep Slope]) = 4"`},
		// 3" of flat road take 1/4 turn; the other 3/4 turn up the gentle slope at 6": 4.5"; 7.5" in all
		{"flat then gentle, leg by leg", []Feature{hill(Gentle)}, tank("T", Medium, true), "", Inch(10, 10), Inch(60, 10), Inch(17.5, 10),
			`3" of Road at 12" + 4.5" of Road + Gentle Slope at 12" ÷ (1 [Road] + 1 [Gentle Slope]) = 6" = 7.5"`},
		// a road through woods on a gentle slope: the road's 1, not the woods' 3, plus 1: 2" ÷ 2 = 1"
		{"infantry on a wooded gentle road", []Feature{woods, hill(Gentle)}, Unit{ID: "S", Type: Infantry}, "", Inch(13, 10), Inch(60, 10), Inch(14, 10),
			`1" of Road + Gentle Slope at 2" ÷ (1 [Road] + 1 [Gentle Slope]) = 1" [S walking 4 MPH = 2"]`},
		// cavalry may gallop only where the cost is 1: a road up a gentle slope costs 2, so it
		// walks: 4" ÷ 2 = 2"
		{"no gallop up a road slope", []Feature{hill(Gentle)}, Unit{ID: "K", Type: Cavalry, Mounted: true}, "gallop", Inch(13, 10), Inch(60, 10), Inch(15, 10),
			`2" of Road + Gentle Slope at 4" ÷ (1 [Road] + 1 [Gentle Slope]) = 2" [K walking 8 MPH = 4"]`},
		// on the flat road it gallops: 8"
		{"gallop on a flat road", nil, Unit{ID: "K", Type: Cavalry, Mounted: true}, "gallop", Inch(13, 10), Inch(60, 10), Inch(21, 10), `[K gallop 16 MPH = 8"]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, c.features...)
			g.Table.Roads = []Road{{ID: "r", Line: Polyline{Inch(0, 10), Inch(72, 10)}, HalfWidth: RoadHalfWidth}}
			addDet(t, g, "A", c.from, c.unit)
			x, y := c.to.Inches()
			rep := play(t, g, nil, "order A path "+trim(x)+","+trim(y)+" "+c.pace, "movement")
			d := g.Det("A")
			if !near(d.Pos, c.want) {
				t.Errorf("A ends at %v, want %v: %s", d.Pos, c.want, rep.Text())
			}
			if len(rep.Moves) != 1 || !strings.Contains(rep.Moves[0].Breakdown, c.breakdown) {
				t.Errorf("moves %+v, want a breakdown holding %q", rep.Moves, c.breakdown)
			}
		})
	}
}

// A road's slope counts when a vehicle weighs road speed against cross-country (Base
// Movement: road speed only if the whole turn is on road): up a steep road the tank makes 12" ÷
// (1 + 2) = 4" a turn at road speed, against 6" ÷ (1 + 2) = 2" cross-country. Its path leaves
// the road (which reaches 1/4" past its end) 3.25" on, so road speed gets it 3.25" and
// cross-country only 2": it keeps to the road and stops where its path leaves it.
func TestRoadSlopeInTheRoadSpeedChoice(t *testing.T) {
	g := newTestGame(t, Feature{ID: "hill", Area: rect(0, 0, 72, 48), HasSlope: true, Slope: Steep})
	g.Table.Roads = []Road{{ID: "r", Line: Polyline{Inch(0, 10), Inch(13, 10)}, HalfWidth: RoadHalfWidth}}
	addDet(t, g, "A", Inch(10, 10), tank("T", Medium, true))
	rep := play(t, g, nil, "order A path 13.25,10 30,10", "movement")
	d := g.Det("A")
	if !d.Plan.Road || !near(d.Pos, Inch(13.25, 10)) {
		t.Fatalf("A at %v, road speed %v: %s", d.Pos, d.Plan.Road, rep.Text())
	}
}
