package plan_test

import (
	"os"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
)

func loadScenario(t testing.TB, path string) *aslfile.Scenario {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := aslfile.Load(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestExampleRoutes: the rulebook examples' routes come back as the cheapest ways to where they
// end, at the example's own cost, and the planner's way plays through the referee.
func TestExampleRoutes(t *testing.T) {
	cases := []struct {
		file, unit, hex string
		facing          string // the VCA it ends with ("" any); in Bypass, the hexside it straddles
		reverse         bool   // ends moving in Reverse
		mp              float64
	}{
		// D2.11 EX: 2 + 1 + 1 + 1 = 5 MP to N4, facing N5-O5.
		{"d2.11-vca-changes.yaml", "T", "3N4", "N5-O5", false, 5},
		// D2.21 EX: 9 MP to back into FF6 by VBM, 4 more into EE7: 13 MP, in Reverse.
		{"d2.21-reverse-vbm.yaml", "BT7", "2EE7", "", true, 13},
		// D2.33 EX: ½ along the road into K1, 1 to turn, 2 to Bypass K2 along K2-J1: 3½ MP.
		{"d2.33-bypass-k2.yaml", "Tiger", "1K2", "bypass K2-J1", false, 3.5},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			s := loadScenario(t, "../../testdata/examples/"+c.file)
			g := s.Game
			lay := g.Map.Layout
			i, _ := g.Unit(c.unit)
			r, err := plan.Reach(g, i, plan.Options{})
			if err != nil {
				t.Fatal(err)
			}
			h, _ := lay.Parse(c.hex)
			best := -1
			for _, li := range r.Live() {
				l := &r.Labels[li]
				u := &l.Unit
				if u.Pos.Offboard || u.Pos.Hex != h || l.State.Reverse != c.reverse {
					continue
				}
				switch {
				case len(c.facing) > 7 && c.facing[:7] == "bypass ":
					x, side, _ := lay.ParseHexside(c.facing[7:])
					if !u.Pos.Bypass || x != u.Pos.Hex || side != u.Pos.Side {
						continue
					}
				case c.facing != "":
					sp, err := lay.ParseVCA(h, c.facing)
					if err != nil {
						t.Fatal(err)
					}
					if u.Pos.Bypass || u.Pos.Heading != sp {
						continue
					}
				}
				if best < 0 || l.MP < r.Labels[best].MP {
					best = li
				}
			}
			if best < 0 {
				t.Fatalf("the planner found no way to %s facing %q", c.hex, c.facing)
			}
			if got := r.Labels[best].MP.Float(); got != c.mp {
				t.Errorf("cheapest way costs %v MP, the example %v", got, c.mp)
			}
			cg := g.Clone()
			var res asl.Result
			for _, a := range r.Path(best) {
				if err := cg.Step(a, dice.Lowest{}, &res); err != nil {
					t.Fatalf("the referee refuses %s: %v", cg.Describe(a), err)
				}
			}
		})
	}
}
