package hex

import (
	"sort"
	"testing"
)

func mustParse(t *testing.T, l *Layout, s string) Hex {
	t.Helper()
	h, err := l.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return h
}

func neighbourNames(l *Layout, h Hex) []string {
	var ns []string
	for s := Side(0); s < 6; s++ {
		if n := h.Neighbor(s); l.Contains(n) {
			ns = append(ns, l.Name(n))
		}
	}
	sort.Strings(ns)
	return ns
}

func TestNeighboursAsTheSpecDescribes(t *testing.T) {
	l := MustLayout([]string{"3"})
	cases := []struct {
		hex  string
		want []string
	}{
		// scenario-format.md: Z5 touches Y5, Y6, AA5, AA6; M3 touches L2, L3, N2, N3.
		{"Z5", []string{"3AA5", "3AA6", "3Y5", "3Y6", "3Z4", "3Z6"}},
		{"M3", []string{"3L2", "3L3", "3M2", "3M4", "3N2", "3N3"}},
		// half hexes: B0 (top edge) touches A1, B1, C1 only; A1 (left edge) touches B0, B1, A2.
		{"B0", []string{"3A1", "3B1", "3C1"}},
		{"A1", []string{"3A2", "3B0", "3B1"}},
		{"GG10", []string{"3FF10", "3FF9", "3GG9"}},
		// row 10 of an odd-lettered column is a full hex: I10 touches H9, H10, I9, J9, J10 (I11
		// would be below the board).
		{"I10", []string{"3H10", "3H9", "3I9", "3J10", "3J9"}},
	}
	for _, c := range cases {
		got := neighbourNames(l, mustParse(t, l, c.hex))
		if len(got) != len(c.want) {
			t.Errorf("%s: neighbours %v, want %v", c.hex, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: neighbours %v, want %v", c.hex, got, c.want)
				break
			}
		}
	}
}

func TestSidesAndSpines(t *testing.T) {
	l := MustLayout([]string{"3"})
	m3 := mustParse(t, l, "M3")
	want := map[Side]string{UpperRight: "3N2", Up: "3M2", UpperLeft: "3L2", LowerLeft: "3L3", Down: "3M4", LowerRight: "3N3"}
	for s, n := range want {
		if got := l.Name(m3.Neighbor(s)); got != n {
			t.Errorf("M3 across %v = %s, want %s", s, got, n)
		}
		if back, ok := m3.Neighbor(s).SideTo(m3); !ok || back != s.Opposite() {
			t.Errorf("side %v seen back = %v, want %v", s, back, s.Opposite())
		}
	}
	// D2.11 EX: in M3 a VCA of L2-M2 is two hexspines from N2-N3.
	p1, err := l.ParseVCA(m3, "L2-M2")
	if err != nil {
		t.Fatal(err)
	}
	p2, err := l.ParseVCA(m3, "N3-N2") // either order names the same VCA
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := p1.Steps(p2); n != 2 {
		t.Errorf("L2-M2 to N2-N3 = %d hexspines, want 2", n)
	}
	// Entering N3 keeps the heading; from N3 that VCA is O3-O4 (D2.11 EX).
	n3 := mustParse(t, l, "N3")
	if got := l.VCAName(n3, p2); got != "3O3-3O4" {
		t.Errorf("VCA in N3 = %s, want 3O3-3O4", got)
	}
	if _, err := l.ParseVCA(m3, "L2-N2"); err == nil {
		t.Error("L2-N2 is not a hexspine of M3, want an error")
	}
}

func TestSeveralBoardsShareEdgeHexes(t *testing.T) {
	l := MustLayout([]string{"2", "3"}, []string{"4", "5"})
	a := mustParse(t, l, "2GG5")
	b := mustParse(t, l, "3A5")
	if a != b {
		t.Fatalf("2GG5 %v and 3A5 %v should be one location", a, b)
	}
	if names := l.Names(a); len(names) != 2 {
		t.Errorf("Names(2GG5) = %v, want two names", names)
	}
	if mustParse(t, l, "2B10") != mustParse(t, l, "4B0") {
		t.Error("2B10 and 4B0 should be one location")
	}
	if mustParse(t, l, "3A10") == mustParse(t, l, "5A1") {
		t.Error("3A10 and 5A1 are different hexes of different boards")
	}
	if !mustParse(t, l, "3C10").Adjacent(mustParse(t, l, "5C1")) {
		t.Error("3C10 and 5C1 face each other across the board edge")
	}
	// 2GG5's neighbours include 3B4/3B5 on the next board.
	got := neighbourNames(l, a)
	for _, w := range []string{"3B4", "3B5", "2FF4", "2FF5"} {
		found := false
		for _, g := range got {
			if g == w {
				found = true
			}
		}
		if !found {
			t.Errorf("2GG5 neighbours %v lack %s", got, w)
		}
	}
	// The four-board corner: 2GG10 is a single hex? No: odd-lettered columns have no row 0,
	// so 2GG10 and 3A10 are one location and 4GG1 is below it.
	if !mustParse(t, l, "4GG1").Adjacent(mustParse(t, l, "2GG10")) {
		t.Error("4GG1 should touch 2GG10 across the board edge")
	}
}

func TestParseErrors(t *testing.T) {
	l := MustLayout([]string{"2", "3"})
	for _, s := range []string{"", "M3", "9M3", "2HH3", "2AB3", "2M11", "2A0", "2M", "23"} {
		if _, err := l.Parse(s); err == nil {
			t.Errorf("Parse(%q): want an error", s)
		}
	}
	if h := mustParse(t, l, "2bb4"); l.Name(h) != "2BB4" {
		t.Errorf("lower case: got %s", l.Name(h))
	}
}

func TestDistance(t *testing.T) {
	l := MustLayout([]string{"2"})
	cases := []struct {
		a, b string
		d    int
	}{{"M3", "M3", 0}, {"M3", "N3", 1}, {"M3", "M7", 4}, {"A1", "GG1", 32}, {"FF5", "EE7", 2}, {"K1", "J1", 1}, {"K1", "J2", 2}, {"K2", "J2", 1}}
	for _, c := range cases {
		if got := Distance(mustParse(t, l, c.a), mustParse(t, l, c.b)); got != c.d {
			t.Errorf("Distance(%s,%s) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestVertexNotation(t *testing.T) {
	l := MustLayout([]string{"1"})
	// D2.33 EX: CAFP K2-J1-J2 is the same vertex however it is written.
	v1, err := l.ParseVertex("K2-J1-J2")
	if err != nil {
		t.Fatal(err)
	}
	v2, err := l.ParseVertex("J2-K2-J1")
	if err != nil {
		t.Fatal(err)
	}
	if v1.Canon() != v2.Canon() {
		t.Errorf("K2-J1-J2 %v and J2-K2-J1 %v should be one vertex", v1.Canon(), v2.Canon())
	}
	k2 := mustParse(t, l, "K2")
	if p, ok := v1.SpineAt(k2); !ok || p != 3 {
		t.Errorf("K2-J1-J2 is K2's left hexspine (3); got %v %v", p, ok)
	}
	if _, err := l.ParseVertex("K2-J1-L1"); err == nil {
		t.Error("K2-J1-L1 do not meet at a vertex; want an error")
	}
}

func TestLineTrace(t *testing.T) {
	l := MustLayout([]string{"2"})
	// Straight down a column: every hex in it.
	steps := Line(mustParse(t, l, "M1"), mustParse(t, l, "M4"))
	if len(steps) != 4 || steps[1].Split || l.Name(steps[2].A) != "2M3" {
		t.Errorf("M1-M4: %v", steps)
	}
	// M3 to O2 runs through the centre of N2.
	steps = Line(mustParse(t, l, "M3"), mustParse(t, l, "O2"))
	if len(steps) != 3 || steps[1].Split || l.Name(steps[1].A) != "2N2" {
		t.Errorf("M3-O2: %v", steps)
	}
	// Along a hexspine the line runs between pairs of hexes: M3 to N1 passes between M2 and N2.
	steps = Line(mustParse(t, l, "M3"), mustParse(t, l, "N1"))
	if len(steps) != 3 || !steps[1].Split {
		t.Fatalf("M3-N1: %v", steps)
	}
	pair := []string{l.Name(steps[1].A), l.Name(steps[1].B)}
	sort.Strings(pair)
	if pair[0] != "2M2" || pair[1] != "2N2" {
		t.Errorf("M3-N1 passes between %v, want M2 and N2", pair)
	}
}

// TestNeighborMatchesAxial checks the offset tables Neighbor, SideTo and SpineHexes use against
// the axial arithmetic they replace, for hexes of both parities on and off the map.
func TestNeighborMatchesAxial(t *testing.T) {
	for x := int16(-3); x <= 4; x++ {
		for y := int16(-3); y <= 4; y++ {
			h := Hex{X: x, Y: y}
			q, r := h.axial()
			for s := Side(0); s < 6; s++ {
				want := fromAxial(q+sideDelta[s][0], r+sideDelta[s][1])
				if got := h.Neighbor(s); got != want {
					t.Fatalf("%v.Neighbor(%v) = %v, want %v", h, s, got, want)
				}
				if got, ok := h.SideTo(want); !ok || got != s {
					t.Fatalf("%v.SideTo(%v) = %v %v, want %v", h, want, got, ok, s)
				}
			}
			for p := Spine(0); p < 8; p++ { // 6 and 7 wrap as Sides does
				s1 := Side(mod6(int(p) - 1))
				wa, wb := fromAxial(q+sideDelta[s1][0], r+sideDelta[s1][1]), h.Neighbor(Side(p))
				if a, b := h.SpineHexes(p); a != wa || b != wb {
					t.Fatalf("%v.SpineHexes(%v) = %v %v, want %v %v", h, p, a, b, wa, wb)
				}
			}
			for _, n := range []Hex{h, {x + 2, y}, {x, y + 2}, {x + 1, y + 2}} {
				if _, ok := h.SideTo(n); ok {
					t.Fatalf("%v.SideTo(%v) found a side", h, n)
				}
			}
		}
	}
}
