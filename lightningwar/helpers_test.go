package lightningwar

import (
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

func rect(x0, y0, x1, y1 float64) Polygon {
	return Polygon{Inch(x0, y0), Inch(x1, y0), Inch(x1, y1), Inch(x0, y1)}
}

// newTestGame is a 72" x 48" table with the given features and one German platoon
// formation (Medium) under a company, and a Russian one.
func newTestGame(t testing.TB, features ...Feature) *Game {
	t.Helper()
	g := NewGame(&Table{Width: metres(72), Height: metres(48), Features: features})
	must(t, g.AddFormation(Formation{ID: "Coy", Side: "German", Initiative: MediumInitiative}))
	must(t, g.AddFormation(Formation{ID: "1Pl", Parent: "Coy"}))
	must(t, g.AddFormation(Formation{ID: "2Pl", Parent: "Coy"}))
	must(t, g.AddFormation(Formation{ID: "RCoy", Side: "Russian", Initiative: MediumInitiative}))
	return g
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func addDet(t testing.TB, g *Game, id string, at Point, units ...Unit) *Detachment {
	t.Helper()
	var ids []string
	for _, u := range units {
		if u.Formation == "" {
			u.Formation = "1Pl"
		}
		must(t, g.AddUnit(u))
		ids = append(ids, u.ID)
	}
	must(t, g.AddDetachment(Detachment{ID: id, Units: ids, Pos: at}))
	return g.Det(id)
}

func tank(id string, size Size, tracked bool) Unit {
	return Unit{ID: id, Type: Vehicle, Tracked: tracked, Size: size, CrossMPH: 12, RoadMPH: 24}
}

func play(t testing.TB, g *Game, src dice.Source, lines ...string) *Report {
	t.Helper()
	var last *Report
	for _, l := range lines {
		rep, err := g.Apply(l, src)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		last = rep
	}
	return last
}

// refused plays a line that must be refused under rule, and checks the game did not change.
func refused(t testing.TB, g *Game, line, rule string) {
	t.Helper()
	before := g.Clone()
	_, err := g.Apply(line, &dice.Script{})
	r, ok := err.(*Refusal)
	if !ok {
		t.Fatalf("%s: got %v, want a refusal under %s", line, err, rule)
	}
	if r.Rule != rule {
		t.Fatalf("%s: refused under %q (%s), want %q", line, r.Rule, r.Msg, rule)
	}
	if !reflect.DeepEqual(before, g) {
		t.Fatalf("%s: the refused step changed the game", line)
	}
}

func near(a, b Point) bool { return a.Dist(b) < 1e-6 }
