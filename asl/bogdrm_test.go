package asl

import (
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestBogDRMEveryEntryMode: an entry's Bog Check has the same cumulative DRM (D8.21,
// rules-notes 1.3) however the entry is paid: ALL MP, half the printed MP (with its +3), a cell's
// MP, in Reverse or as a Minimum Move (no +3). Each entry below climbs one level (+1) out of
// 2M3 (level 0) into N3 (level 1).
func TestBogDRMEveryEntryMode(t *testing.T) {
	woodsHill := func(v Vehicle, vca string) world {
		return world{terrain: map[string]Terrain{"N3": Woods}, levels: map[string]int{"N3": 1},
			units: []unitSpec{{id: "T", at: "M3", vca: vca, v: v, motion: true}}}
	}
	hedgeHill := world{hedges: []string{"M3-N3"}, levels: map[string]int{"N3": 1},
		units: []unitSpec{{id: "T", at: "M3", vca: "L2-M2", v: NewVehicle("ht", Halftrack, 40), motion: true}}}
	abruptWoods := woodsHill(NewVehicle("ht", Halftrack, 12), "N2-N3")
	abruptWoods.levels = nil
	cases := []struct {
		name string
		w    world
		step string
		mp   float64
		drm  int
	}{
		// ALL MP for a fully tracked tank that chooses it (rules-notes 1.5 #4): +1 [normal
		// GP] +1 [level gained]; no +3.
		{"ALL MP, chosen", woodsHill(tank(12), "N2-N3"), "T enter N3 all", 12, 2},
		// ALL MP for a halftrack, the chart's only cell: +1 [GP] +1 [not fully tracked] +1
		// [level gained].
		{"ALL MP, the chart's cell", woodsHill(NewVehicle("ht", Halftrack, 12), "N2-N3"), "T enter N3", 12, 3},
		// Z: 6 [½ printed MP] +4 [higher elevation] = 10; +1 [GP] +1 [level] +3 [½ MP].
		{"half the printed MP", woodsHill(tank(12), "N2-N3"), "T enter N3", 10, 5},
		// Reverse across a hedge (2 + COT, B for a halftrack), uphill: (1 [Open Ground] +4
		// [higher elevation] +2 [hedge]) x 4 [Reverse] +2 [Stop, Start] = 30; +1 [GP] +1 [not
		// fully tracked] +1 [level gained].
		{"Reverse", hedgeHill, "T reverse N3", 30, 3},
		// A Minimum Move into the woods hill: 2 [½ of 4] +4 = 6 > 4 MP; the rest of its
		// allotment; +1 [GP] +1 [level gained], no +3 (rules-notes 1.3).
		{"Minimum Move", woodsHill(tank(4), "N2-N3"), "T minimum N3", 4, 2},
		// An Abrupt Elevation Change crossed by an ALL-MP entry: +1 [GP] +1 [not fully
		// tracked] +1 [Abrupt], no climb.
		{"ALL MP across an Abrupt Elevation Change", func() world { w := abruptWoods; w.abrupt = []string{"M3-N3"}; return w }(), "T enter N3", 12, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.w.build(t)
			a, err := g.ParseStep(c.step)
			if err != nil {
				t.Fatal(err)
			}
			var r Result
			if err := g.Step(a, &dice.Script{Values: []int{2}}, &r); err != nil {
				t.Fatal(err)
			}
			if got := r.Cost.Total().Float(); got != c.mp {
				t.Errorf("%s: %v MP (%s), want %v", c.step, got, r.Cost.String(), c.mp)
			}
			rolls := r.Rolls()
			if len(rolls) != 1 {
				t.Fatalf("%s: %d rolls, want one Bog Check", c.step, len(rolls))
			}
			if rolls[0].DRM.Total() != c.drm {
				t.Errorf("%s: Bog DRM %v, want %+d", c.step, rolls[0].DRM, c.drm)
			}
		})
	}
}
