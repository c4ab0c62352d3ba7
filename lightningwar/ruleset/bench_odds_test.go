package ruleset

import (
	"context"
	"testing"
)

// BenchmarkOdds: the odds of the Lightning War demo's Movement Phase in which the panzers and
// the armoured car reach the Mill Brook off the bridge (three miring checks, 8 dice paths).
func BenchmarkOdds(b *testing.B) {
	g := lwGameAt(b, "../../server/demo-lw.yaml", 0)
	for i, l := range []string{"order Aufkl path 20,11 28,8 30,6", "order PzZug path 20,16 22,20 30,22", "movement", "movement"} {
		a, err := g.Parse(l)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Do(a, i+1, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for range b.N {
		if _, err := g.Odds(context.Background(), "movement", 4); err != nil {
			b.Fatal(err)
		}
	}
}
