package ruleset

import (
	"testing"

	"github.com/umpire-referee/umpire/asl/aslfile"
)

// The map a page draws shows a road that runs off the board (rules-notes 1.5 #12) as a road
// from its edge hex to the board's edge, beside the roads between two hexes of the board.
func TestMapViewEdgeRoad(t *testing.T) {
	s, err := aslfile.Load("edge.yaml", []byte(`ruleset: asl
map:
  boards: ["2"]
  roads: [edge-2A5-2B5]
units:
  - {id: T1, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: offboard, vca: right}
`))
	if err != nil {
		t.Fatal(err)
	}
	mv := mapOf(s.Game)
	var edge, inside int
	for _, r := range mv.Roads {
		switch {
		case r.A == "2A5" && r.B == "edge":
			edge++
			if r.X2 >= r.X1 {
				t.Errorf("the road to the edge runs from x %v to %v: not off the board's left edge", r.X1, r.X2)
			}
		case r.A == "2A5" && r.B == "2B5":
			inside++
		}
	}
	if edge != 1 || inside != 1 || len(mv.Roads) != 2 {
		t.Errorf("roads %+v: want 2A5 to the edge and 2A5-2B5", mv.Roads)
	}
}
