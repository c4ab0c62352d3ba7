package ruleset

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/plan"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/dice"
)

// TestGraphAnswersAgreeWithSearch moves a unit along its way to a far hex, clicking it after
// every step of its own, as a player does. From the second click on, the answers come from the
// unit's compiled graph; each must be the referee-driven search's answer (the oracle): the same
// hexes shaded with the same MP, chance, risk and Stop, and paths of the same MP and chance.
// A step of another unit drops the graph.
func TestGraphAnswersAgreeWithSearch(t *testing.T) {
	for name, mk := range reachGames(t) {
		t.Run(name, func(t *testing.T) {
			g, id := mk()
			first, err := g.Reach(id, 0)
			if err != nil {
				t.Fatal(err)
			}
			hexes := first.(ReachView).Hexes
			far := hexes[len(hexes)*2/3].Hex
			pv, err := g.Path(id, far, "", 0)
			if err != nil || !pv.(PathView).Reachable {
				t.Fatalf("no way to %s: %v", far, err)
			}
			graphs := 0
			for k, so := range pv.(PathView).Steps {
				a, err := g.Parse(so.Unit + " " + so.Action)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Do(a, k+1, dice.Lowest{}); err != nil {
					t.Fatalf("step %q: %v", so.Action, err)
				}
				oracle := &Game{G: g.G.Clone()}
				if sameReach(t, g, oracle, id, "after "+so.Action) {
					graphs++
				}
				for _, h := range []ReachHex{hexes[0], hexes[len(hexes)/3], hexes[len(hexes)-1]} {
					gp, err := g.Path(id, h.Hex, "", 0.2)
					if err != nil {
						t.Fatal(err)
					}
					wp, _ := oracle.Path(id, h.Hex, "", 0.2)
					a, b := gp.(PathView), wp.(PathView)
					if a.Reachable != b.Reachable || a.MP != b.MP || a.PExact != b.PExact || a.CanStop != b.CanStop {
						t.Fatalf("after %q, path to %s: graph %v %v MP %s stop %v; search %v %v MP %s stop %v", so.Action, h.Hex,
							a.Reachable, a.MP, a.PExact, a.CanStop, b.Reachable, b.MP, b.PExact, b.CanStop)
					}
				}
			}
			if graphs == 0 {
				t.Fatal("no answer came from a graph")
			}
		})
	}
}

// TestGraphDroppedByOthers: a step of the moving unit keeps its graph; a step that changes
// another unit drops the graph and the click.
func TestGraphDroppedByOthers(t *testing.T) {
	s, err := aslfile.Load("two.yaml", []byte(`
ruleset: asl
map: {boards: ["2"], terrain: {2M5: woods}}
units:
  - {id: A, side: German, vehicle: {name: A, mp: 12, class: tank, tracked: true}, at: 2J4, vca: K4-K5}
  - {id: B, side: German, vehicle: {name: B, mp: 12, class: tank, tracked: true}, at: 2J6, vca: K6-K7}
`))
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{G: s.Game}
	do := func(line string) {
		t.Helper()
		a, err := g.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Do(a, 1, dice.Lowest{}); err != nil {
			t.Fatal(err)
		}
	}
	reach := func() {
		t.Helper()
		if _, err := g.Reach("A", 0); err != nil {
			t.Fatal(err)
		}
	}
	reach()
	do("A start")
	reach() // the second click after a step of its own compiles the graph
	if g.plans.graph == nil || g.plans.graph.unit != 0 {
		t.Fatal("no graph for A after its own step and a second click")
	}
	do("A enter 2K5")
	if g.plans.graph == nil {
		t.Fatal("A's own step dropped its graph")
	}
	do("B start")
	if g.plans.clicked != 0 || g.plans.graph != nil {
		t.Fatalf("B's step kept A's graph (%v) or the click (%d)", g.plans.graph != nil, g.plans.clicked)
	}
}

// TestGraphAnswersOnRandomWalks walks a tank on generated maps (hills, woods, buildings,
// streams, walls) by random legal steps of its own (start, enter, Bypass, Reverse, VCA changes,
// stops), clicking it after each, and checks every graph answer against the search's.
func TestGraphAnswersOnRandomWalks(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for seed := 1; seed <= seeds; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		g := &Game{G: plan.Generate(uint64(seed), 8+rng.IntN(10))}
		id := g.G.Units[0].ID
		graphs := 0
		for k := 1; k <= 10; k++ {
			if sameReach(t, g, &Game{G: g.G.Clone()}, id, fmt.Sprintf("seed %d, after %d steps", seed, k-1)) {
				graphs++
			}
			// A random step the referee accepts (with the dice that keep it going).
			var buf []asl.Action
			buf = g.G.Candidates(0, buf)
			rng.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
			moved := false
			for _, a := range buf {
				c := g.G.Clone()
				var res asl.Result
				if c.Step(a, dice.Lowest{}, &res) != nil || c.Units[0].Immobile != asl.Mobile || a.Verb == asl.VerbExit {
					continue
				}
				act, err := g.Parse(g.G.Describe(a))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Do(act, k, dice.Lowest{}); err != nil {
					t.Fatalf("seed %d: %s: %v", seed, g.G.Describe(a), err)
				}
				moved = true
				break
			}
			if !moved {
				t.Logf("seed %d: no step left after %d", seed, k-1)
				break
			}
		}
		if graphs == 0 {
			t.Errorf("seed %d: no answer came from a graph", seed)
		}
	}
}

// sameReach asks g for unit id's reach and checks it is the search's answer on oracle, a copy
// of g with no plans kept (when: the situation, for the failure). It reports whether g
// answered from its compiled graph.
func sameReach(t *testing.T, g, oracle *Game, id, when string) (fromGraph bool) {
	t.Helper()
	got, err := g.Reach(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	want, err := oracle.Reach(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: the graph's reach differs from the search's:\n got %+v\nwant %+v", when, got, want)
	}
	return g.plans.graph != nil
}
