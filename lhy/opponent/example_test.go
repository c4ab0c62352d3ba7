package opponent_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/lhy/opponent"
)

// umpire plays GE: its squad A1 stands next to the American squad in C5, the hex GE must clear
// this turn, and assaults it.
func ExampleDecide() {
	s, err := lhyfile.LoadLHY("example.yaml", []byte(`ruleset: lhy
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 7}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 4}
objectives:
  - {side: GE, clear: [C5], points: 2, by: 1}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	d, ok := opponent.Decide(s.Game, "GE", 0.5)
	fmt.Println(ok, d.Line)
	fmt.Println(d.Reason)
	// Output:
	// true assault C5 A1
	// A1 assault C5: 80% to beat the enemy there, worth +1.60 points on average (enemy losses and objectives less its own)
}
