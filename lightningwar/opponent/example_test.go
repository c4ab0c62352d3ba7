package opponent_test

import (
	"fmt"

	"github.com/umpire-referee/umpire/lightningwar/lwfile"
	"github.com/umpire-referee/umpire/lightningwar/opponent"
)

// umpire plays the German: its tank is to reach within 2" of 16,10 by the end of turn 1. It is
// 6" away across open ground, where it moves 6" a turn (12 MPH); it needs to cover 4" of
// them, 0.7 of a turn.
func ExampleDecide() {
	s, err := lwfile.LoadLightningWar("example.yaml", []byte(`ruleset: lightningwar
table: {width: 48, height: 24}
toe:
  - {id: 1Pl, side: German, initiative: medium}
  - {id: 2Pl, side: Russian, initiative: medium}
units:
  - {id: T1, formation: 1Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
  - {id: T2, formation: 2Pl, type: vehicle, tracked: true, size: medium, road: 24, xc: 12}
detachments:
  - {id: A, units: [T1], at: [10, 10]}
  - {id: R, units: [T2], at: [46.8, 20]}
objectives:
  - {side: German, reach: {at: "16,10", within: 2}, points: 3, by: 1}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	d, ok := opponent.Decide(s.Game, "German", 0.5)
	fmt.Println(ok, d.Line)
	fmt.Println(d.Reason)
	// Output:
	// true order A path 16,10 : reach 16,10
	// A to reach 16,10 (3 points, by the end of turn 1): 6.0" away, about 0.7 turns
}
