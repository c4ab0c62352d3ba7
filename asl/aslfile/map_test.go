package aslfile

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/hex"
)

// TestEdgeRoads: a road path may begin or end with "edge" (rules-notes 1.5 #12): the road runs
// across the board-edge hexside of its first (last) hex, straight across from the road's next
// hex when that one is on the edge, else the edge hexside farthest round from it. Any other
// place for "edge" is an error that says why.
func TestEdgeRoads(t *testing.T) {
	cases := []struct {
		name  string
		roads string
		want  []string // board-edge hexsides that carry the road: "hex side"
		err   string
	}{
		// 2A5's next hex 2B5 is across its lower-right side: the road leaves by the upper-left.
		{name: "straight across", roads: "[edge-2A5-2B5]", want: []string{"2A5 upper-left"}},
		// 2B4 is across 2A5's upper-right side: the lower-left, kept beside the hex's own sides.
		{name: "straight across, a side kept for the hex off the map", roads: "[edge-2A5-2B4]", want: []string{"2A5 lower-left"}},
		// "edge" last: the road runs off the board from its last hex.
		{name: "edge last", roads: "[2B4-2A5-edge]", want: []string{"2A5 lower-left"}},
		// Along the edge: 2A6 is across 2A5's down side; of the edge sides (upper-left,
		// lower-left), the upper-left is farther round from it.
		{name: "turning onto the board", roads: "[edge-2A5-2A6]", want: []string{"2A5 upper-left"}},
		// The top edge: 2M1's up side.
		{name: "the top edge, the object form with note_d", roads: "[{path: edge-2M1-2M2, note_d: true}]", want: []string{"2M1 up"}},
		{name: "both ends", roads: "[edge-2A5-2B5-2C5-2D5-2E5-2F5-2G5-2H5-2I5-2J5-2K5-2L5-2M5-2N5-2O5-2P5-2Q5-2R5-2S5-2T5-2U5-2V5-2W5-2X5-2Y5-2Z5-2AA5-2BB5-2CC5-2DD5-2EE5-2FF5-2GG5-edge]",
			want: []string{"2A5 upper-left", "2GG5 upper-right"}},
		{name: "a single edge hex", roads: "[edge-2A1]", err: "2A1 has 3 hexsides on the board's edge"},
		{name: "edge in the middle", roads: "[2A4-edge-2A5]", err: "may be only the first or the last element"},
		{name: "edge next to a hex off the edge", roads: "[edge-2M5-2M6]", err: "2M5 is not on the board's edge"},
		{name: "edge alone", roads: "[edge-edge]", err: "name the board-edge hex"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _, _, err := ReadMap("m.yaml", []byte("boards: [\"2\"]\nroads: "+c.roads+"\n"))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "map.roads") {
					t.Fatalf("error %v, want one naming map.roads and saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for i := range m.Layout.Size() {
				h := m.Layout.HexAt(i)
				for s := hex.Side(0); s < 6; s++ {
					n := h.Neighbor(s)
					if m.Layout.Contains(n) {
						continue
					}
					if m.Road(h, s) != m.Road(n, s.Opposite()) {
						t.Errorf("%s %s: the road reads differently from the hex off the map", m.Layout.Name(h), s)
					}
					if m.Road(h, s) {
						got = append(got, m.Layout.Name(h)+" "+s.String())
					}
				}
			}
			if strings.Join(got, ", ") != strings.Join(c.want, ", ") {
				t.Errorf("edge roads %v, want %v", got, c.want)
			}
		})
	}
	// Only roads run off the board.
	if _, _, _, err := ReadMap("m.yaml", []byte("boards: [\"2\"]\nwalls: [edge-2A5-2B5]\n")); err == nil || !strings.Contains(err.Error(), "only a road may run off the board") {
		t.Errorf("walls with edge: %v", err)
	}
}
