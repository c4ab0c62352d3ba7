package ruleset

import (
	"testing"

	"github.com/umpire-referee/umpire/asl"
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
	_, hs, err := Grid([][]string{{"2", "3"}})
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
	if _, _, err := Grid([][]string{{"2", "3"}, {"4"}}); err == nil {
		t.Error("rows of unequal length make a grid")
	}
	if len(parseRows("2, 3; 4,5")) != 2 {
		t.Error(`parseRows("2, 3; 4,5")`)
	}
}
