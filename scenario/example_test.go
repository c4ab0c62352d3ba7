package scenario_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/scenario"
)

// Load a scenario, play its moves and check its expectations.
func ExampleLoad() {
	s, err := scenario.Load("vbm.yaml", []byte(`
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
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	out := s.Play(nil)
	fmt.Println(out.Steps[0].Breakdown)
	fmt.Println(len(s.Check(out)), "failed expectations")
	// Output:
	// (4 [higher elevation] +1 [Open Ground] = 5) x 2 [VBM] = 10 MP
	// 0 failed expectations
}
