package lhy

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// TestDisruptedUnitDisruptedAgainTakesCasualty (rules-notes 2.4): a Disrupted unit that would
// Disrupt again takes a Casualty instead, whatever would Disrupt it: a small-arms or mortar hit
// above its Cohesion, or Collateral Damage on a Rider. It stays Disrupted; a one-step unit is
// eliminated.
func TestDisruptedUnitDisruptedAgainTakesCasualty(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(g *Game)
		line  string
		dice  []int
		want  []string
		steps int // U1's steps after
	}{
		{"small arms above Cohesion", func(g *Game) {
			u(g, "U1", "US", Squad, "C5", 5, disrupted)
		}, "fire C5: sa +2", []int{5}, []string{"U1 Casualty"}, 1},
		{"mortar above Cohesion", func(g *Game) {
			u(g, "U1", "US", Squad, "C5", 5, disrupted)
		}, "fire C5: mortar +1 mv 1", []int{6}, []string{"U1 Casualty"}, 1},
		{"one step left: eliminated", func(g *Game) {
			u(g, "U1", "US", Section, "C5", 5, disrupted)
		}, "fire C5: sa +2", []int{5}, []string{"U1 eliminated"}, 0},
		{"a Disrupted Rider in Collateral Damage", func(g *Game) {
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
			u(g, "U1", "US", Squad, "C5", 5, disrupted, rides("V1"))
		}, "fire C5: at V1 +2 atv 1", []int{5, 3}, []string{"V1 Destroyed", "U1 Casualty", "U1 passes Cohesion Check"}, 1},
		{"at Cohesion: no effect", func(g *Game) {
			u(g, "U1", "US", Squad, "C5", 5, disrupted)
		}, "fire C5: sa +2", []int{3}, []string{"no effect on U1"}, 2},
	} {
		g := &Game{Map: NewMap(12, 10), Turn: 1}
		c.setup(g)
		rep, err := g.Apply(c.line, &dice.Script{Values: c.dice})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, k := range c.want {
			if !hasKey(rep, k) {
				t.Errorf("%s: no %q in %q", c.name, k, rep.Keys())
			}
		}
		if hasKey(rep, "U1 Disrupted") {
			t.Errorf("%s: a Disrupted unit Disrupted again: %q", c.name, rep.Keys())
		}
		i, _ := g.Unit("U1")
		if u := g.Units[i]; int(u.Steps) != c.steps || !u.Disrupted {
			t.Errorf("%s: U1 has %d steps, Disrupted %v; want %d, Disrupted", c.name, u.Steps, u.Disrupted, c.steps)
		}
	}
}

// TestNoSilentOutcome: no outcome of a fire or an Assault on the test games (under the default
// readings and the others) is without a fact: each names what happened to whom, or that nothing
// did.
func TestNoSilentOutcome(t *testing.T) {
	for _, tc := range testGames() {
		for _, set := range []ReadingSet{0, 1<<NumReadings - 1} {
			g := tc.g.Clone()
			g.Readings = set
			for _, step := range tc.steps {
				o, err := g.Odds(step)
				if err != nil {
					t.Fatalf("%s: %s: %v", tc.name, step, err)
				}
				for _, x := range o.Outcomes {
					if len(x.Keys) == 0 {
						t.Errorf("%s (readings %s): %s: an outcome of chance %s says nothing", tc.name, set, step, x.P.RatString())
					}
				}
			}
		}
	}
}

// TestNoEffectNamesEveryTarget: a fire that changes nothing names each unit it reached: the
// selected target below its Cohesion, a vehicle whose anti-tank rolls were all ignored, the
// Riders an MDRM cannot select, the vehicles of a hex a mortar missed (no natural 10 of MV 2 or
// more), whether or not it holds units on foot too (docs/lhy-scenarios.md, "fire"). A unit
// not a vehicle is told its result at the end of the fire, after the vehicles' (fates.go).
func TestNoEffectNamesEveryTarget(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(g *Game)
		line  string
		dice  []int
		want  []string
	}{
		{"small arms below Cohesion", func(g *Game) {
			u(g, "GE1", German, Squad, "C5", 6)
		}, "fire C5: sa +0", []int{4}, []string{"no effect on GE1"}},
		{"at Cohesion, nothing to reveal", func(g *Game) {
			u(g, "GE1", German, Squad, "C5", 6)
		}, "fire C5: sa +0", []int{6}, []string{"no effect on GE1"}},
		{"two nationalities", func(g *Game) {
			u(g, "GE1", German, Squad, "C5", 6)
			u(g, "US1", "US", Squad, "C5", 6)
		}, "fire C5: sa GE +0, sa US +0", []int{2, 3}, []string{"no effect on GE1", "no effect on US1"}},
		{"anti-tank rolls all ignored", func(g *Game) {
			u(g, "T1", "US", AFV, "C5", 0, av(5, -1))
		}, "fire C5: at T1 +6, at T1 +6", []int{2, 1}, []string{"no effect on T1"}},
		{"anti-tank below the armour", func(g *Game) {
			u(g, "T1", "US", AFV, "C5", 0, av(5, -1))
		}, "fire C5: at T1 +0", []int{3}, []string{"no effect on T1"}},
		{"mortar on Riders only", func(g *Game) {
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
			u(g, "U1", "US", Squad, "C5", 5, rides("V1"))
		}, "fire C5: mortar +0 mv 1", []int{10}, []string{"no effect on V1", "no effect on U1"}},
		{"mortar misses a hex of vehicles and units on foot", func(g *Game) {
			u(g, "GE1", German, Squad, "C5", 6)
			u(g, "T1", German, AFV, "C5", 0, av(5, -1))
			u(g, "V1", German, Truck, "C5", 0, av(0, -1))
		}, "fire C5: mortar +0 mv 3", []int{4}, []string{"no effect on T1, V1", "no effect on GE1"}},
		{"mortar natural 10 of MV 1 on a hex of vehicles and units on foot", func(g *Game) {
			u(g, "GE1", German, Squad, "C5", 6)
			u(g, "T1", German, AFV, "C5", 0, av(5, -1))
		}, "fire C5: mortar -4 mv 1", []int{10}, []string{"no effect on T1", "no effect on GE1"}},
		{"small arms and a mortar miss, one vehicle under anti-tank fire", func(g *Game) {
			u(g, "GE1", German, Squad, "C5", 6)
			u(g, "T1", German, AFV, "C5", 0, av(5, -1))
			u(g, "V1", German, Truck, "C5", 0, av(0, -1))
		}, "fire C5: sa +0, mortar +0 mv 2, at T1 +0", []int{3, 2, 4}, []string{"no effect on V1", "no effect on T1", "no effect on GE1"}},
		{"mortar on vehicles alone", func(g *Game) {
			u(g, "T1", "US", AFV, "C5", 0, av(5, -1))
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
		}, "fire C5: mortar +0 mv 3", []int{7}, []string{"no effect on T1, V1"}},
		{"mortar on vehicles, one under anti-tank fire", func(g *Game) {
			u(g, "T1", "US", AFV, "C5", 0, av(5, -1))
			u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
		}, "fire C5: mortar +0 mv 3, at T1 +0", []int{7, 3}, []string{"no effect on V1", "no effect on T1"}},
	} {
		g := &Game{Map: NewMap(12, 10), Turn: 1}
		c.setup(g)
		rep, err := g.Apply(c.line, &dice.Script{Values: c.dice})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(rep.Keys(), c.want) {
			t.Errorf("%s: facts %q, want %q", c.name, rep.Keys(), c.want)
		}
	}
}

// TestMortarTenUnloadsBeforeThePick: a mortar's natural 10 (13.1.7) unloads every Rider and
// Passenger in the hex before the vehicle is picked (the pick's die comes after, and its
// candidates are the vehicles alone); a Shocked AFV then has no Riders left to check Cohesion.
func TestMortarTenUnloadsBeforeThePick(t *testing.T) {
	g := &Game{Map: NewMap(12, 10), Turn: 1}
	u(g, "T1", "US", AFV, "C5", 0, av(5, -1))
	u(g, "V1", "US", Truck, "C5", 0, av(0, -1))
	u(g, "R1", "US", Squad, "C5", 5, rides("T1"))
	u(g, "R2", "US", Squad, "C5", 4, rides("V1"))
	rep, err := g.Apply("fire C5: mortar +0 mv 2", &dice.Script{Values: []int{10, 1}})
	if err != nil {
		t.Fatal(err)
	}
	// The natural 10 reaches the Riders (they unload): no "no effect on R1, R2" beside it.
	want := []string{"R1 unloads", "R2 unloads", "T1 Shocked"}
	if !reflect.DeepEqual(rep.Keys(), want) {
		t.Fatalf("facts %q, want %q (in that order)", rep.Keys(), want)
	}
	if len(rep.Rolls) != 2 || !strings.Contains(rep.Rolls[1].Why, "unloaded") || !strings.Contains(rep.Rolls[1].Why, "among T1, V1") {
		t.Errorf("rolls %+v: the second should pick among the vehicles, once unloaded", rep.Rolls)
	}
	for _, id := range []string{"R1", "R2"} {
		if i, _ := g.Unit(id); g.Units[i].Rider != "" {
			t.Errorf("%s still aboard %s", id, g.Units[i].Rider)
		}
	}
}
