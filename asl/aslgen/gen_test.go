package aslgen

import (
	"bytes"
	"fmt"
	"sort"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/hex"
)

// coverSize is the size of the coverage test's seed-th scenario.
func coverSize(seed uint64) Size {
	return Size{Boards: 1 + int(seed%4), Vehicles: 4 + int(seed%9), Infantry: int(seed % 7), Groups: 1 + int(seed%2)}
}

// TestScenarioCoverage: fifty generated scenarios load with no warning, the same seed gives the
// same bytes, and together they use every row of the Terrain Chart, every hexside feature
// (and a road off the board's edge, a Note D road), every kind of bridge, every ground
// condition and season, night, units below and on bridges, listed vehicles, every kind of
// group, and every unit state and map marker the format sets up.
func TestScenarioCoverage(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 50; seed++ {
		data := Scenario(seed, coverSize(seed))
		if !bytes.Equal(data, Scenario(seed, coverSize(seed))) {
			t.Fatalf("seed %d: two scenarios from the same seed differ", seed)
		}
		s, err := aslfile.Load("gen.yaml", data)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, data)
		}
		if len(s.Warnings) > 0 {
			t.Fatalf("seed %d: warnings %v", seed, s.Warnings)
		}
		if bytes.Contains(data, []byte("listing:")) {
			seen["listed vehicle"]++
		}
		cover(s.Game, seen)
	}
	var want []string
	for t := 0; t < asl.NumTerrain; t++ {
		want = append(want, "terrain "+asl.TerrainChart[t].Name)
	}
	for _, b := range []asl.BridgeKind{asl.StoneBridge, asl.WoodenBridge, asl.PontoonBridge, asl.FootBridge} {
		want = append(want, "bridge "+b.String())
	}
	for _, c := range []asl.Conditions{asl.Dry, asl.Mud, asl.Snow, asl.DeepSnow} {
		want = append(want, "conditions "+c.String())
	}
	want = append(want, "hexside hedge", "hexside wall", "hexside bocage", "hexside cliff", "hexside roadblock",
		"road", "road Note D", "road off the board", "path", "abrupt", "trailbreak", "novbm", "bypass wreck",
		"grain in season", "grain out of season", "night", "day", "level 2", "ground", "wrecks", "vehicle counters",
		"wrecks below", "smoke", "blaze", "wire",
		"listed vehicle", "below a bridge", "on a bridge", "vehicle below a bridge", "offboard", "motion", "bogged", "fired", "ti",
		"bu", "bypass", "recalled", "hidden", "pinned", "concealed", "broken", "leader", "cavalry", "wagon", "can attack",
		"group platoon", "group convoy", "group column", "group armored-assault",
		"class tank", "class halftrack", "class armored car", "class truck", "class motorcycle")
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("no scenario of fifty has %s", w)
		}
	}
	if t.Failed() {
		var have []string
		for k, n := range seen {
			have = append(have, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(have)
		t.Log(have)
	}
}

// TestScenarioLoads: scenarios of every size, the empty one included, load with no warning.
func TestScenarioLoads(t *testing.T) {
	for seed := uint64(0); seed <= 300; seed++ {
		size := Size{Boards: int(seed % 5), Vehicles: int(seed % 20), Infantry: int(seed % 11), Groups: int(seed % 5), Below: int(seed % 7)}
		if seed == 0 {
			size = Size{}
		}
		s, err := aslfile.Load("gen.yaml", Scenario(seed, size))
		if err != nil {
			t.Fatalf("seed %d, %+v: %v", seed, size, err)
		}
		if len(s.Warnings) > 0 {
			t.Fatalf("seed %d, %+v: %v", seed, size, s.Warnings)
		}
	}
}

// cover counts what game g holds.
func cover(g *asl.Game, seen map[string]int) {
	m := g.Map
	lay := m.Layout
	seen["conditions "+m.Conditions.String()]++
	seen[map[bool]string{false: "grain in season", true: "grain out of season"}[m.GrainOutOfSeason]]++
	seen[map[bool]string{false: "day", true: "night"}[g.Night]]++
	for i := 0; i < lay.Size(); i++ {
		h := lay.HexAt(i)
		if !lay.Contains(h) {
			continue
		}
		d := m.At(h)
		seen["terrain "+d.Terrain.String()]++
		if d.Bridge != asl.NoBridge {
			seen["bridge "+d.Bridge.String()]++
		}
		for k, on := range map[string]bool{"level 2": d.Level == 2, "ground": d.Ground != asl.OpenGround, "wrecks": d.Wrecks > 0,
			"vehicle counters": d.Vehicles > 0, "wrecks below": d.WrecksBelow > 0, "smoke": d.Smoke, "blaze": d.Blaze, "wire": d.Wire,
			"novbm": d.NoVBM != 0, "bypass wreck": d.BypassWreck != 0} {
			if on {
				seen[k]++
			}
		}
		for s := hex.Side(0); s < 6; s++ {
			f := m.Hexside(h, s)
			if ob := f.Obstacle(); ob != asl.NoObstacle {
				seen["hexside "+asl.HexsideChart[ob].Name]++
			}
			for k, on := range map[string]bool{"road": f.Road(), "road Note D": f.RoadNoteD(), "path": f.Path(), "abrupt": f.Abrupt(), "trailbreak": f.Trailbreak(),
				"road off the board": f.Road() && !lay.Contains(h.Neighbor(s))} {
				if on {
					seen[k]++
				}
			}
		}
	}
	for i := range g.Units {
		u := &g.Units[i]
		d := m.At(u.Pos.Hex)
		for k, on := range map[string]bool{"below a bridge": u.Pos.Below, "vehicle below a bridge": u.Pos.Below && u.V.Class < asl.Infantry,
			"on a bridge": !u.Pos.Offboard && !u.Pos.Below && d.Bridge != asl.NoBridge, "offboard": u.Pos.Offboard,
			"motion": u.Motion, "bogged": u.Immobile == asl.Bogged, "fired": u.FiredPFPh, "ti": u.TI, "bu": u.V.BU,
			"hidden": u.Hidden, "pinned": u.Pinned, "concealed": u.Concealed, "broken": u.Broken, "leader": u.V.Leader,
			"cavalry": u.V.Class == asl.Cavalry, "wagon": u.V.Class == asl.Wagon, "can attack": len(u.CanAttack) > 0,
			"bypass": u.Pos.Bypass, "recalled": u.Recalled,
			"class " + u.V.Class.String(): true} {
			if on {
				seen[k]++
			}
		}
	}
	for _, grp := range g.Groups {
		seen["group "+grp.Kind.String()]++
	}
}
