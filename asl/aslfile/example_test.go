package aslfile_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/dice"
)

const vbm = `
name: D2.3 EX
seed: 1
map:
  boards: ["3"]
  terrain: {3I10: {terrain: woods, level: 1}}
units:
  - {id: V, side: American, vehicle: {mp: 16, class: tank}, at: 3J10, vca: I10-J9, motion: true}
moves:
  - V bypass I10-J9
expect:
  - step 1: {mp: 10}
`

// Load a scenario file and play its first move on its game, reported as `umpire play` does.
func ExampleDo() {
	s, err := aslfile.Load("vbm.yaml", []byte(vbm))
	if err != nil {
		fmt.Println(err)
		return
	}
	mv := s.Moves[0]
	so, err := aslfile.Do(s.Game, 1, mv.Text, &mv.Parsed, dice.NewSeeded(1))
	fmt.Println(so.Breakdown, err)
	fmt.Println(len(s.Check(s.Game, []aslfile.StepOut{so})), "failed expectations")
	// Output:
	// (4 [higher elevation] +1 [Open Ground] = 5) x 2 [VBM] = 10 MP <nil>
	// 0 failed expectations
}
