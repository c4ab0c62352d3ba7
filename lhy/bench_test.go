package lhy

import (
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// BenchmarkAssault: one Assault resolved with seeded dice on a copy of the game.
func BenchmarkAssault(b *testing.B) {
	tc := testGames()[0]
	a, err := Parse(tc.g, "assault C4 US1 US2 USL")
	if err != nil {
		b.Fatal(err)
	}
	src := dice.NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tc.g.Clone().Do(a, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds: the exact odds of an Assault with three losers' Cohesion Checks, and of a
// fire attack with two anti-tank markers, a small-arms marker and Collateral Damage.
func BenchmarkOdds(b *testing.B) {
	games := testGames()
	for _, c := range []struct {
		name string
		g    *Game
		line string
	}{
		{"assault", games[0].g, "assault C4 US1 US2 USL"},
		{"fire", games[2].g, "fire E5: at T1 +1 atv 1, at TR +2 atv 1, sa +1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.g.Odds(c.line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOddsAllocations holds the exact odds of the two benchmarks above to the allocations they
// make now, well inside the speed targets (docs/benchmarks.md, the benchmark table). Allocations, unlike
// time, do not drift with the machine's load. The fire's ledger of one result per unit
// (fates.go) once carried each unit's result in the variables, which gave every game reached
// its own variables and the dice a fold per game, and every play built its fact keys afresh:
// 5,534 allocations a call.
func TestOddsAllocations(t *testing.T) {
	games := testGames()
	for _, c := range []struct {
		name string
		g    *Game
		line string
		most float64
	}{
		{"assault", games[0].g, "assault C4 US1 US2 USL", 550},
		{"fire", games[2].g, "fire E5: at T1 +1 atv 1, at TR +2 atv 1, sa +1", 1500},
	} {
		var err error
		n := testing.AllocsPerRun(5, func() { _, err = c.g.Odds(c.line) })
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n > c.most {
			t.Errorf("%s: %.0f allocations a call, more than %.0f", c.name, n, c.most)
		}
	}
}
