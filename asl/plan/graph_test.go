package plan

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
)

type wayKey struct {
	s  State
	mp asl.MP
	p  int64 // P in units of 1e-9
}

func refereeWays(t testing.TB, g *asl.Game, unit int, maxRisk float64) map[wayKey]bool {
	t.Helper()
	r, err := Reach(g, unit, Options{MaxRisk: maxRisk})
	if err != nil {
		t.Fatal(err)
	}
	out := map[wayKey]bool{}
	for _, i := range r.Live() {
		l := &r.Labels[i]
		out[wayKey{l.State, l.MP, int64(math.Round(l.P * 1e9))}] = true
	}
	return out
}

// graphCases are the perft maps and more random ones, vehicles of several kinds, Stopped and in
// Motion.
func graphCases(t *testing.T) []perftCase {
	var cs []perftCase
	seen := map[int]bool{} // one situation per rulebook example map and mover
	for _, c := range perftCases(t) {
		u := &c.game.Units[c.unit]
		k := int(u.Pos.Hex.X)<<16 | int(u.Pos.Hex.Y)<<4 | int(u.Pos.Heading)
		if !seen[k] {
			seen[k] = true
			cs = append(cs, c)
		}
	}
	for seed := uint64(1); seed <= 30; seed++ {
		cs = append(cs, perftCase{fmt.Sprintf("random-%d", seed), randomGame(seed, 6+int(seed%9)), 0})
	}
	for seed := uint64(1); seed <= 3; seed++ {
		cs = append(cs, perftCase{fmt.Sprintf("generate-%d", seed), Generate(seed, 10), 0})
	}
	return cs
}

// TestGraphMatchesReferee: a query on the compiled graph finds exactly the ways (State, MP,
// chance of arriving Mobile) that Reach finds by playing every step through the referee; each
// way's path, played through the referee, costs its MP and ends in its State; and it can Stop
// there exactly when the referee lets it.
func TestGraphMatchesReferee(t *testing.T) {
	var q Query
	for _, c := range graphCases(t) {
		t.Run(c.name, func(t *testing.T) {
			u := &c.game.Units[c.unit]
			limits := []asl.MP{u.Allowance}
			if strings.HasSuffix(c.name, "0") {
				limits = append(limits, 0) // the whole map (slower to compile)
			}
			for _, limit := range limits {
				gr, err := Compile(c.game, c.unit, limit)
				if err != nil {
					t.Fatal(err)
				}
				for _, maxRisk := range []float64{0, 0.1} {
					compareWays(t, c.game, c.unit, gr, &q, maxRisk)
				}
				roundTrip(t, c.game, c.unit, gr, &q)
			}
		})
	}
}

// compareWays checks a query on gr against the referee-driven Reach: the same ways, each once.
func compareWays(t testing.TB, g *asl.Game, unit int, gr *Graph, q *Query, maxRisk float64) {
	t.Helper()
	u := &g.Units[unit]
	want := refereeWays(t, g, unit, maxRisk)
	from, ok := gr.Node(u)
	if !ok {
		t.Fatal("start State not in the graph")
	}
	gr.Reach(q, from, u.Spent, maxRisk)
	got := map[wayKey]bool{}
	for _, w := range q.Ways {
		got[wayKey{gr.States[w.Node], w.MP, int64(math.Round(w.P * 1e9))}] = true
	}
	var missing, extra []string
	for k := range want {
		if !got[k] {
			missing = append(missing, fmt.Sprintf("%+v", k))
		}
	}
	for k := range got {
		if !want[k] {
			extra = append(extra, fmt.Sprintf("%+v", k))
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing)+len(extra) > 0 {
		t.Fatalf("risk %v: graph has %d ways, referee %d; missing %d %v, extra %d %v", maxRisk, len(got), len(want), len(missing), missing, len(extra), extra)
	}
	if len(got) != len(q.Ways) {
		t.Fatalf("%d ways but %d distinct", len(q.Ways), len(got))
	}
}

// FuzzGraph: on any random situation (map, vehicle kind, MP, Motion), the compiled graph's
// query agrees with the referee-driven Reach, and no input panics.
func FuzzGraph(f *testing.F) {
	for _, s := range []uint64{1, 7, 101, 202, 303} {
		f.Add(s, uint8(8), false)
	}
	f.Fuzz(func(t *testing.T, seed uint64, mp uint8, risk bool) {
		g := randomGame(seed, 3+int(mp%14))
		u := &g.Units[0]
		gr, err := Compile(g, 0, u.Allowance)
		if err != nil {
			t.Fatal(err)
		}
		maxRisk := 0.0
		if risk {
			maxRisk = 0.05
		}
		var q Query
		compareWays(t, g, 0, gr, &q, maxRisk)
	})
}

func roundTrip(t *testing.T, g *asl.Game, unit int, gr *Graph, q *Query) {
	t.Helper()
	for wi, w := range q.Ways {
		c := g.Clone()
		var res asl.Result
		p := 1.0
		for k, a := range gr.Path(q, int32(wi)) {
			if err := c.Step(a, dice.Lowest{}, &res); err != nil {
				t.Fatalf("way %d step %d (%s) refused: %v", wi, k+1, c.Describe(a), err)
			}
			p *= res.Mobile()
		}
		u := &c.Units[unit]
		if u.Spent != w.MP || math.Abs(p-w.P) > 1e-12 {
			t.Fatalf("way %d: replayed %s MP p %v, graph %s p %v", wi, u.Spent, p, w.MP, w.P)
		}
		if s := stateOf(u); s != gr.States[w.Node] {
			t.Fatalf("way %d: replay ends in %+v, graph says %+v", wi, s, gr.States[w.Node])
		}
		err := c.Step(asl.Action{Verb: asl.VerbStop, Unit: unit, Versus: -1}, dice.Lowest{}, &res)
		if want := !u.Moving && !u.Motion || err == nil; gr.CanStop(w) != want {
			t.Fatalf("way %d: CanStop %v, referee %v", wi, gr.CanStop(w), want)
		}
	}
}
