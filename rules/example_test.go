package rules_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/rules"
)

// Read a scenario file with the ruleset it names, play its own moves with its dice, print each
// step as `umpire play` does, and check its expect: block.
func ExamplePlay() {
	_, sc, err := rules.Load("vbm.yaml", []byte(`
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
	g, played := rules.Play(sc, nil, func(r *rules.Report) { fmt.Println(r.Detail.Text(r)) })
	fmt.Println(len(sc.Check(g, played.Steps)), "failed expectations")
	// Output:
	//   1  V      bypass I10-J9                   10 MP  total 10     (4 [higher elevation] +1 [Open Ground] = 5) x 2 [VBM] = 10 MP
	// 0 failed expectations
}
