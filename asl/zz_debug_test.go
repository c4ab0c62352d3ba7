package asl_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
)

func TestZZDebugSeeds(t *testing.T) {
	for _, s := range fuzzStepSeeds {
		g := fuzzGame(t)
		fmt.Println("LOS T1-R1", g.Map.LOS(g.Units[0].Pos.Hex, g.Units[3].Pos.Hex), "H1-R1", g.Map.LOS(g.Units[1].Pos.Hex, g.Units[3].Pos.Hex))
		src := &dice.Script{Then: dice.NewSeeded(1)}
		var r asl.Result
		for _, line := range strings.Split(s, "\n") {
			if f := strings.Fields(line); len(f) == 2 && f[0] == "phase" {
				g.BeginMPh(f[1])
				fmt.Println("  ", line)
				continue
			}
			a, err := g.ParseStep(line)
			if err != nil {
				fmt.Printf("   %-40q PARSE %v\n", line, err)
				continue
			}
			if err := g.Step(a, src, &r); err != nil {
				fmt.Printf("   %-40q REFUSED %v\n", line, err)
				continue
			}
			fmt.Printf("   %-40q ok %s rolls=%d ev=%v\n", line, r.Cost.String(), len(r.Rolls()), r.Events())
		}
		fmt.Println()
	}
}
