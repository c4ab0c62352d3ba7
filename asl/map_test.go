package asl

import (
	"testing"

	"github.com/umpire-referee/umpire/hex"
)

func TestLOSAtHexGrain(t *testing.T) {
	lay := hex.MustLayout([]string{"2"})
	p := func(s string) hex.Hex {
		h, err := lay.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	m := NewMap(lay)
	m.At(p("M4")).Terrain = Woods // on the line M3..M6
	m.At(p("G4")).Level = 1       // a hill between G3 and G6
	m.At(p("G8")).Level = 1       // hill hexes between G7 and G10, both at level 0
	m.At(p("G9")).Level = 1
	m.At(p("B4")).Terrain = Woods // A5..C5 runs along the B4/B5 hexside
	cases := []struct {
		a, b string
		want bool
	}{
		{"M3", "M6", false},  // woods between
		{"M3", "M4", true},   // adjacent: nothing between
		{"M5", "M7", true},   // open ground
		{"G3", "G6", false},  // ground higher than both ends
		{"G7", "G10", false}, // likewise
		{"G8", "G9", true},   // on the hill itself
		{"A5", "C5", true},   // along a hexside, only B4 blocks: not enough
	}
	for _, c := range cases {
		if got := m.LOS(p(c.a), p(c.b)); got != c.want {
			t.Errorf("LOS %s-%s = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	m.At(p("B5")).Terrain = Woods
	if m.LOS(p("A5"), p("C5")) {
		t.Error("with both B4 and B5 woods the hexside line is blocked")
	}
	// Same-level obstacle: units on level-1 hills on either side of a level-0 woods hex.
	m.At(p("Q3")).Level, m.At(p("Q5")).Level = 1, 1
	m.At(p("Q4")).Terrain = Woods
	if m.LOS(p("Q3"), p("Q5")) {
		t.Error("level-0 woods (top at level 1) blocks LOS between two level-1 hexes")
	}
	m.At(p("Q3")).Level, m.At(p("Q5")).Level = 2, 2
	if !m.LOS(p("Q3"), p("Q5")) {
		t.Error("level-2 observers see over level-0 woods")
	}
	// Overrides win, both ways.
	m.SetLOS(p("M3"), p("M6"), true)
	if !m.LOS(p("M6"), p("M3")) {
		t.Error("override clear")
	}
	m.SetLOS(p("M5"), p("M7"), false)
	if m.LOS(p("M5"), p("M7")) {
		t.Error("override blocked")
	}
}

func TestTerrainChartIsWhole(t *testing.T) {
	for tr, row := range TerrainChart {
		if row.Name == "" {
			t.Errorf("terrain %d has no row", tr)
		}
		if parsed, err := ParseTerrain(row.Name); err != nil || parsed != Terrain(tr) {
			t.Errorf("%s does not parse back: %v", row.Name, err)
		}
	}
	// Spot checks against rules-notes 1.2.
	checks := []struct {
		t    Terrain
		c    Column
		want Entry
	}{
		{OpenGround, ColFT, Entry{Fixed, 2}},
		{OpenGround, ColTruck, Entry{Fixed, 8}},
		{Woods, ColFT, Entry{HalfOrAll, 0}},
		{Woods, ColMC, Entry{NA, 0}},
		{Woods, ColHT, Entry{All, 0}},
		{Building, ColFT, Entry{HalfPrinted, 0}},
		{Building, ColAC, Entry{NA, 0}},
		{Brush, ColTruck, Entry{Fixed, 12}},
		{Grain, ColFT, Entry{Fixed, 2}},
		{Shellholes, ColAC, Entry{PlusCOT, 4}},
		{Marsh, ColFT, Entry{NA, 0}},
	}
	for _, c := range checks {
		if got := TerrainChart[c.t].Cost[c.c]; got != c.want {
			t.Errorf("%v/%v = %+v, want %+v", c.t, c.c, got, c.want)
		}
	}
	if HexsideChart[Wall].Cost[ColHT].Kind != NA || HexsideChart[Hedge].Cost[ColAC].V != 6 {
		t.Error("hedge/wall rows")
	}
}

// D2.37: LOS to and from a vehicle in Bypass is traced from its CAFP, so the obstacle it
// bypasses blocks a line that crosses it and not one that leaves it behind.
func TestLOSFromCAFP(t *testing.T) {
	lay := hex.MustLayout([]string{"2"})
	m := NewMap(lay)
	at := func(s string) hex.Hex {
		h, err := lay.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	m.At(at("N4")).Terrain = Woods
	left := Spot{Hex: at("N4"), Vertex: true, Spine: 3} // N4's leftmost vertex (180 degrees)
	cases := []struct {
		to   string
		want bool
		why  string
	}{
		{"R4", false, "the line runs through the woods of N4 to the far side"},
		{"J4", true, "the line leaves N4 behind, away from its woods"},
		{"L4", true, "an adjacent hex on the near side"},
	}
	for _, c := range cases {
		if got := m.LOSBetween(left, Spot{Hex: at(c.to)}); got != c.want {
			t.Errorf("LOS from N4's CAFP to %s: %v, want %v (%s)", c.to, got, c.want, c.why)
		}
		if got := m.LOSBetween(Spot{Hex: at(c.to)}, left); got != c.want {
			t.Errorf("LOS from %s to N4's CAFP: %v, want %v (symmetric)", c.to, got, c.want)
		}
	}
	// From the centre of N4 (the old hex-grain trace) its own woods never block.
	if !m.LOS(at("N4"), at("R4")) {
		t.Error("from N4's centre its own woods block")
	}
	// A vehicle in Bypass of N4: the game's LOS between units follows the CAFP.
	v := NewVehicle("T", Tank, 12)
	g := NewGame(m, []Unit{
		{ID: "T", Side: "German", V: &v, Pos: Position{Hex: at("N4"), Bypass: true, Side: 2, Heading: hex.Spine(2).Rotate(2)}},
		{ID: "E", Side: "Russian", V: &v, Pos: Position{Hex: at("R4")}},
	}, "German")
	cafp := g.Units[0].Pos.Spot()
	wantLOS := m.LOSBetween(cafp, Spot{Hex: at("R4")})
	if g.inLOS(&g.Units[0], &g.Units[1]) != wantLOS || g.inLOS(&g.Units[1], &g.Units[0]) != wantLOS {
		t.Errorf("units' LOS does not follow the CAFP %v", cafp)
	}
	if wantLOS {
		t.Errorf("T in Bypass of N4 along its side 2 (CAFP %v) still sees R4 across the woods", cafp)
	}
}

// TestEdgeRoadKept: a road across a board-edge hexside is kept even where the hex that would
// keep that hexside lies off the map (rules-notes 1.5 #12), read alike from either side, and it
// marks no other hexside; the other features of such a hexside are still dropped.
func TestEdgeRoadKept(t *testing.T) {
	lay := hex.MustLayout([]string{"2"})
	a5, _ := lay.Parse("A5")
	for _, s := range []hex.Side{hex.UpperLeft, hex.LowerLeft} { // both off the board
		m := NewMap(lay)
		m.SetRoad(a5, s, true)
		m.SetWall(a5, s)
		out := a5.Neighbor(s)
		if !m.Road(a5, s) || !m.Road(out, s.Opposite()) || !m.RoadNoteD(a5, s) || !m.RoadNoteD(out, s.Opposite()) {
			t.Errorf("side %s: the road (Note D) is lost", s)
		}
		for o := hex.Side(0); o < 6; o++ {
			if o != s && (m.Road(a5, o) || m.RoadNoteD(a5, o) || m.Hexside(a5, o) != 0) {
				t.Errorf("side %s: side %s reads %v", s, o, m.Hexside(a5, o))
			}
		}
		if m.Hexside(a5, s) != Hexside(sideRoad|sideRoadNoteD) && s == hex.LowerLeft {
			t.Errorf("side %s reads %v: only the road is kept", s, m.Hexside(a5, s))
		}
	}
}
