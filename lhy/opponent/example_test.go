package opponent_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/lhy/opponent"
)

// umpire plays GE: its squad A1 (Cohesion 7) stands next to the American squad U1 (Cohesion 4)
// in C5, the hex GE must clear this turn, and assaults it. +3 for the Cohesion (14.0): the
// defender loses on a d10 of 3 or more, 8 in 10, and must retreat, leaving C5 clear: 2 points
// times 0.8 = +1.60. On the deadline's own turn only points count, not losses.
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
