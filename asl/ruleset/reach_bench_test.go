package ruleset

import (
	"os"
	"testing"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/plan"
	"github.com/umpire-referee/umpire/dice"
)

// reachGames are the two maps BenchmarkServerReach clicks on: the server's demo (one board,
// the PzKpfw IVH) and a generated four-board map (a 16-MP tank).
func reachGames(b testing.TB) map[string]func() (*Game, string) {
	data, err := os.ReadFile("../../server/demo.yaml")
	if err != nil {
		panic(err)
	}
	return map[string]func() (*Game, string){
		"demo": func() (*Game, string) {
			s, err := aslfile.Load("demo.yaml", data)
			if err != nil {
				panic(err)
			}
			return &Game{G: s.Game}, "PzIV"
		},
		"generated": func() (*Game, string) {
			g := plan.Generate(1, 16)
			return &Game{G: g}, g.Units[0].ID
		},
	}
}

// BenchmarkServerReach is what the server does when a player clicks a unit: Game.Reach, the
// reach view the API returns. cold: on a game it has not seen (everything it needs built
// first); moving: clicked after a step of its own, answered from its compiled graph; warm:
// the same game clicked again.
func BenchmarkServerReach(b *testing.B) {
	for name, mk := range reachGames(b) {
		b.Run(name+"/cold", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				g, id := mk()
				b.StartTimer()
				if _, err := g.Reach(id, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/moving", func(b *testing.B) {
			// A click after a step of the unit's own, its graph compiled: the views are
			// forgotten as a step forgets them, and the graph answers.
			g, id := mk()
			i, _, _, _ := g.unit(id)
			if _, err := g.Reach(id, 0); err != nil {
				b.Fatal(err)
			}
			a, err := g.Parse(id + " start")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := g.Do(a, 1, dice.Lowest{}); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				g.plans.settle(g.G, nil)
				if _, err := g.Reach(id, 0); err != nil {
					b.Fatal(err)
				}
			}
			if g.plans.graph == nil || g.plans.graph.unit != i {
				b.Fatal("the graph did not answer")
			}
		})
		b.Run(name+"/warm", func(b *testing.B) {
			g, id := mk()
			if _, err := g.Reach(id, 0); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Reach(id, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
