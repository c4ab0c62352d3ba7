package plan_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/asl/plan"
)

// Compile a 16-MP tank's State graph on a generated four-board map once, then ask it where
// the tank can get to this MPh and the cheapest way to one hex.
func ExampleCompile() {
	g := plan.Generate(1, 16)
	tank := &g.Units[0]
	gr, err := plan.Compile(g, 0, tank.Allowance)
	if err != nil {
		panic(err)
	}
	from, _ := gr.Node(tank)
	var q plan.Query
	gr.Reach(&q, from, tank.Spent, 0)
	hexes := map[string]bool{}
	for _, w := range q.Ways {
		hexes[g.Map.Layout.Name(gr.States[w.Node].Pos.Hex)] = true
	}
	fmt.Println(len(q.Ways), "ways to", len(hexes), "hexes")
	last := q.Ways[len(q.Ways)-1]
	fmt.Println("the dearest costs", last.MP, "MP in", len(gr.Path(&q, int32(len(q.Ways)-1))), "steps")
	// Output:
	// 4941 ways to 344 hexes
	// the dearest costs 16 MP in 8 steps
}
