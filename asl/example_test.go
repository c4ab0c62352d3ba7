package asl_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// A tank in 2M3 starts (1 MP, D2.12) and enters the Open Ground hex 2M4 in its VCA (1 MP for
// a fully tracked vehicle on the Terrain Chart).
func ExampleGame_Step() {
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay) // all Open Ground, level 0
	at, _ := lay.Parse("M3")
	vca, _ := lay.ParseVCA(at, "L3-M4") // the front hexspine points between 2L3 and 2M4
	tank := asl.NewVehicle("PzKpfw IVH", asl.Tank, 14)
	g := asl.NewGame(m, []asl.Unit{{ID: "T", Side: "German", V: &tank, Pos: asl.Position{Hex: at, Heading: vca}}}, "German")

	src := dice.NewSeeded(1) // no roll is needed: the tank's MP are not red
	var r asl.Result
	for _, step := range []string{"T start", "T enter 2M4"} {
		a, err := g.ParseStep(step)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := g.Step(a, src, &r); err != nil {
			fmt.Println(step, "refused:", err)
			return
		}
		fmt.Printf("%-12s %s  (total %s MP)\n", step, r.Cost.String(), r.Total)
	}
	u := &g.Units[0]
	fmt.Printf("T is in %s with %s MP left\n", lay.Name(u.Pos.Hex), u.Remaining())
	// Output:
	// T start      1 [Start] = 1 MP  (total 1 MP)
	// T enter 2M4  1 [Open Ground] = 1 MP  (total 2 MP)
	// T is in 2M4 with 12 MP left
}
