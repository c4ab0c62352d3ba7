package asl_test

import (
	"fmt"
	"testing"
)

func TestZZDebugLOS(t *testing.T) {
	g := fuzzGame(t)
	lay := g.Map.Layout
	r := g.Units[3].Pos.Hex
	for i := 0; i < lay.Size(); i++ {
		h := lay.HexAt(i)
		if lay.Contains(h) && g.Map.LOS(h, r) && h.X >= 10 && h.X <= 14 && h.Y <= 9 {
			fmt.Print(lay.Name(h), " ")
		}
	}
	fmt.Println()
}
