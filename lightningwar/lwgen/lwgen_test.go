package lwgen

import (
	"bytes"
	"fmt"
	"testing"

	lw "github.com/umpire-referee/umpire/lightningwar"
	"github.com/umpire-referee/umpire/lightningwar/lwfile"
)

// TestScenarioSameSeedSameBytes: a seed and a size give one scenario, byte for byte; another
// seed gives another.
func TestScenarioSameSeedSameBytes(t *testing.T) {
	for _, size := range Sizes {
		a, b, c := Scenario(7, size), Scenario(7, size), Scenario(8, size)
		if !bytes.Equal(a, b) {
			t.Errorf("size %+v: seed 7 gave two scenarios", size)
		}
		if bytes.Equal(a, c) {
			t.Errorf("size %+v: seeds 7 and 8 gave the same scenario", size)
		}
	}
}

// TestScenarioCoverage: the scenarios of 50 seeds (of every size) load without a warning, and
// together hold every ground of the Movement Chart, both slopes, a feature with its own
// factor and one marked as cover, roads, streams, a road bridge over a stream marked as a
// choke point and another choke point, every type of unit, tanks and other vehicles, tracked
// and wheeled, every size on the Miring Table, vehicles with a miring modifier, machineguns,
// carriers with infantry aboard, mired vehicles, infantry that ran, cavalry and motorcycle
// troops dismounted, bases of their own, leaders; detachments in line, column and drawn
// shapes, hidden (in each of the three) and revealed, normal, reconnaissance and FO, Regular
// and Irregular, of each Initiative; and orders with a path, a goal, at the run and the
// gallop, and on Reserve Movement.
func TestScenarioCoverage(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		data := Scenario(seed, Sizes[seed%uint64(len(Sizes))])
		s, err := lwfile.LoadLightningWar("lwgen.yaml", data)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, data)
		}
		if len(s.Warnings) > 0 {
			t.Fatalf("seed %d: warnings %v\n%s", seed, s.Warnings, data)
		}
		for k := range covered(s.Game, data) {
			seen[k] = true
		}
	}
	want := []string{"ground open", "ground broken", "ground woods", "ground built-up", "ground marsh",
		"slope gentle", "slope steep", "own factor", "cover", "road", "stream", "road bridge choke", "other choke",
		"unit infantry", "unit pack horse", "unit cavalry", "unit motorcycle", "unit vehicle", "unit gun", "tank", "vehicle not a tank",
		"tracked", "wheeled", "size AT", "size Light", "size Small", "size Medium", "size Large", "size Heavy",
		"mire modifier", "mg", "carrier", "aboard", "mired", "ran", "dismounted", "own base", "leader",
		"form line", "form column", "form drawn", "hidden line", "hidden column", "hidden drawn", "revealed",
		"kind normal", "kind recon", "kind FO", "regular", "irregular", "initiative Low", "initiative Medium", "initiative High",
		"order path", "order goal", "order run", "order gallop", "order reserve"}
	for _, k := range want {
		if !seen[k] {
			t.Errorf("no scenario of 50 seeds has %s", k)
		}
	}
}

// covered is what one scenario holds, as TestScenarioCoverage names it.
func covered(g *lw.Game, data []byte) map[string]bool {
	out := map[string]bool{}
	grounds := map[lw.Ground]string{lw.Open: "open", lw.Broken: "broken", lw.Woods: "woods", lw.BuiltUp: "built-up", lw.Marsh: "marsh"}
	for _, f := range g.Table.Features {
		if f.HasGround {
			out["ground "+grounds[f.Ground]] = true
		}
		out["slope gentle"] = out["slope gentle"] || f.HasSlope && f.Slope == lw.Gentle
		out["slope steep"] = out["slope steep"] || f.HasSlope && f.Slope == lw.Steep
		out["own factor"] = out["own factor"] || f.Factor > 0
		out["cover"] = out["cover"] || f.Cover
	}
	out["road"], out["stream"] = len(g.Table.Roads) > 0, len(g.Table.Streams) > 0
	for _, c := range g.Table.Chokes {
		bridge := false
		for _, r := range g.Table.Roads {
			for _, s := range g.Table.Streams {
				for _, p := range crossingsOf(r.Line, s.Line) {
					bridge = bridge || c.Area.Contains(p)
				}
			}
		}
		out["road bridge choke"] = out["road bridge choke"] || bridge
		out["other choke"] = out["other choke"] || !bridge
	}
	for _, u := range g.Units {
		out["unit "+u.Type.String()] = true
		v := u.Type == lw.Vehicle
		out["tank"] = out["tank"] || u.IsTank()
		out["vehicle not a tank"] = out["vehicle not a tank"] || v && !u.Tank
		if v {
			out["tracked"] = out["tracked"] || u.Tracked
			out["wheeled"] = out["wheeled"] || !u.Tracked
			out["size "+u.Size.String()] = true
		}
		out["mire modifier"] = out["mire modifier"] || u.MireMod != 0
		out["mg"] = out["mg"] || u.MG > 0
		out["carrier"] = out["carrier"] || u.Carries > 0
		out["aboard"] = out["aboard"] || u.In != ""
		out["mired"] = out["mired"] || u.Mired
		out["ran"] = out["ran"] || u.Ran
		out["dismounted"] = out["dismounted"] || (u.Type == lw.Cavalry || u.Type == lw.Motorcycle) && !u.Mounted
		out["own base"] = out["own base"] || u.BaseW > 0
		out["leader"] = out["leader"] || u.Leader
	}
	for _, d := range g.Dets {
		out["form "+d.Form.String()] = true
		if !d.Revealed {
			out["hidden "+d.Form.String()] = true
		}
		out["revealed"] = out["revealed"] || d.Revealed
		out["kind "+d.Kind.String()] = true
		ic := g.DetachmentInitiative(d)
		out["regular"] = out["regular"] || ic.Regular
		out["irregular"] = out["irregular"] || !ic.Regular
		out["initiative "+ic.Result.String()] = true
		for _, o := range append([]*lw.Order{d.Order}, d.Pending...) {
			if o == nil {
				continue
			}
			out["order path"] = out["order path"] || len(o.Path) > 0
			out["order goal"] = out["order goal"] || o.Goal != nil
			out["order run"] = out["order run"] || o.Pace == lw.Run
			out["order gallop"] = out["order gallop"] || o.Pace == lw.Gallop
			out["order reserve"] = out["order reserve"] || o.Reserve
		}
	}
	if len(out) == 0 {
		panic(fmt.Sprintf("nothing in\n%s", data))
	}
	return out
}

// crossingsOf is where two lines of the table cross, in metres.
func crossingsOf(a, b lw.Polyline) []lw.Point {
	conv := func(l lw.Polyline) [][2]float64 {
		out := make([][2]float64, len(l))
		for i, p := range l {
			out[i] = [2]float64{p.X, p.Y}
		}
		return out
	}
	var out []lw.Point
	for _, c := range crossings(conv(a), conv(b)) {
		out = append(out, lw.Point{X: c[0], Y: c[1]})
	}
	return out
}
