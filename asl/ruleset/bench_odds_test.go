package ruleset

import (
	"context"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// BenchmarkOdds: the odds of the demo's riskiest step, the T-26 platoon's Start (its one
// Mechanical Reliability DR, then Random Selection: 37 dice paths), worked out in full.
func BenchmarkOdds(b *testing.B) {
	g, _ := gameAt(b, "../../server/demo.yaml", 0)
	for i, l := range []string{"PzIV start", "PzIV enter 2K4", "mph Russian"} {
		a, err := g.Parse(l)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Do(a, i+1, dice.NewSeeded(1)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for range b.N {
		if _, err := g.Odds(context.Background(), "P1 start", 3); err != nil {
			b.Fatal(err)
		}
	}
}
