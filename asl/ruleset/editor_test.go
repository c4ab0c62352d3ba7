package ruleset

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/rules"
)

// TestEditorLegendWords: every terrain word the editor's palette offers is one map.terrain
// reads as that Terrain Chart row, and every hexside feature and bridge has its word.
func TestEditorLegendWords(t *testing.T) {
	terrains := 0
	for _, e := range EditorLegend() {
		switch e.Kind {
		case "terrain":
			terrains++
			tr, err := asl.ParseTerrain(e.Word)
			if err != nil {
				t.Errorf("%s: the word %q does not read: %v", e.Class, e.Word, err)
			} else if asl.TerrainChart[tr].Name != e.Name {
				t.Errorf("%s: the word %q reads as %s", e.Class, e.Word, asl.TerrainChart[tr].Name)
			}
		case "hexside", "bridge":
			if e.Word == "" {
				t.Errorf("%s has no word", e.Class)
			}
		}
	}
	if terrains != int(asl.NumTerrain) {
		t.Errorf("%d terrain rows in the legend, want the whole chart's %d", terrains, asl.NumTerrain)
	}
}

// TestGridNeighbours: a board's grid has every hex of the board once, and neighbours agree
// both ways (the hex across side s has this hex across side s+3).
func TestGridNeighbours(t *testing.T) {
	_, hs, err := Grid([][]string{{"2", "3"}}, rules.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]GridHex{}
	for _, h := range hs {
		if _, dup := by[h.ID]; dup {
			t.Fatalf("%s twice", h.ID)
		}
		by[h.ID] = h
	}
	for _, h := range hs {
		for s, n := range h.N {
			if n != "" && by[n].N[(s+3)%6] != h.ID {
				t.Errorf("%s has %s across side %d, but %s has %q across side %d", h.ID, n, s, n, by[n].N[(s+3)%6], (s+3)%6)
			}
		}
	}
	if e := by["2E5"]; e.N[5] != "2F5" || e.N[4] != "2E6" {
		t.Errorf("2E5's neighbours: %v", e.N)
	}
	if _, _, err := Grid([][]string{{"2", "3"}, {"4"}}, rules.Limits{}); err == nil {
		t.Error("rows of unequal length make a grid")
	}
	if rows, n := parseRows("2, 3; 4,5", 16); len(rows) != 2 || n != 4 {
		t.Error(`parseRows("2, 3; 4,5")`)
	}
}

// TestGridCaps: the grid route refuses an arrangement over the server's boards or hexes with
// the limit, its value, what was asked and the flag, and answers one within them.
func TestGridCaps(t *testing.T) {
	grid := routeNamed(t, "grid")
	lim := rules.DefaultLimits() // 16 boards, 20,000 hexes
	small := lim
	small.Hexes = 1000
	for _, c := range []struct {
		name  string
		rows  string
		lim   rules.Limits
		limit string // the limit refused, "" for an answer
		got   int
		hexes int // the answer's hexes
	}{
		{"one board", "2", lim, "", 0, 17*10 + 16*11}, // columns A, C, ... rows 1-10; B, D, ... 0-10
		{"two by two", "1,2/3,4", lim, "", 0, 33*20 + 32*21},
		{"sixteen in a row", Rows(16, 16), lim, "", 0, 257*10 + 256*11},
		{"seventeen in a row", Rows(17, 17), lim, rules.LimitBoards, 17, 0},
		{"a thousand in a row", Rows(1000, 1000), lim, rules.LimitBoards, 1000, 0},
		{"a thousand in rows of ten", Rows(1000, 10), lim, rules.LimitBoards, 1000, 0},
		{"four in a row, over 1,000 hexes", Rows(4, 4), small, rules.LimitHexes, 129 * 11, 0},
		{"two in a row, within 1,000 hexes", "1,2", small, "", 0, 33*10 + 32*11},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := grid.Answer(t.Context(), url.Values{"rows": {c.rows}}, c.lim)
			if c.limit == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if hs := out.(map[string]any)["hexes"].([]GridHex); len(hs) != c.hexes {
					t.Errorf("%d hexes, want %d", len(hs), c.hexes)
				}
				return
			}
			var le *rules.LimitError
			if !errors.As(err, &le) {
				t.Fatalf("answered %T, error %v: want a *rules.LimitError", out, err) // not the answer: it may be huge
			}
			max, _ := c.lim.Max(c.limit)
			if le.Name != c.limit || le.Got != c.got || le.Max != max || le.Flag != rules.Flags[c.limit] || out != nil {
				t.Errorf("%+v (answer %T), want %s %d over %d", le, out, c.limit, c.got, max)
			}
			if !strings.Contains(le.Error(), strconv.Itoa(c.got)) || !strings.Contains(le.Error(), rules.Flags[c.limit]) {
				t.Errorf("the message names neither what was asked nor the flag: %q", le.Error())
			}
		})
	}
}

// TestGridQuery: a grid query that is no arrangement is a plain error (400), saying how to ask
// in a line, however long what it was asked.
func TestGridQuery(t *testing.T) {
	grid := routeNamed(t, "grid")
	for q, want := range map[string]string{
		"":                                    "rows=2,3/4,5",
		"rows=":                               "at least one board",
		"rows=2,3/4":                          "every row needs the same number",
		"rows=2,x":                            "named by its number",
		"rows=2,2":                            "appears twice",
		"rows=%00":                            "named by its number",
		"rows=1,,,/,,2,3":                     "every row needs the same number",
		"rows=2,123456789":                    "(9 bytes): a board is named by its number",
		"rows=2," + strings.Repeat("x", 5000): "(5000 bytes): a board is named by its number",
	} {
		v, _ := url.ParseQuery(q)
		out, err := grid.Answer(t.Context(), v, rules.DefaultLimits())
		var le *rules.LimitError
		if err == nil || errors.As(err, &le) || !strings.Contains(err.Error(), want) || len(err.Error()) > 200 || out != nil {
			t.Errorf("%q: %T, %v; want an error saying %q", q, out, err, want)
		}
	}
}

// TestParseRowsKeepsLittle: a query naming thousands of boards keeps one over the cap, and
// counts them all.
func TestParseRowsKeepsLittle(t *testing.T) {
	rows, n := parseRows(Rows(5000, 7), 16)
	kept := 0
	for _, r := range rows {
		kept += len(r)
	}
	if n != 5000 || kept != 17 {
		t.Errorf("counted %d boards, kept %d: want 5000 and 17", n, kept)
	}
}

// routeNamed is ASL's route at path.
func routeNamed(t *testing.T, path string) rules.Route {
	t.Helper()
	for _, r := range (Ruleset{}).Routes() {
		if r.Path == path {
			return r
		}
	}
	t.Fatalf("ASL serves no route %q", path)
	return rules.Route{}
}

// TestRows: the ?rows= Rows writes is the arrangement parseRows reads back.
func TestRows(t *testing.T) {
	for _, c := range []struct {
		n, per int
		want   string
	}{{1, 1, "1"}, {4, 2, "1,2/3,4"}, {5, 2, "1,2/3,4/5"}, {3, 3, "1,2,3"}, {3, 1, "1/2/3"}} {
		got := Rows(c.n, c.per)
		rows, n := parseRows(got, 100)
		if got != c.want || n != c.n || len(rows[0]) != min(c.per, c.n) {
			t.Errorf("Rows(%d, %d) = %q (read back: %v, %d boards), want %q", c.n, c.per, got, rows, n, c.want)
		}
	}
}
