package lhy

import (
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// FuzzStep: any line of notation, parsed and played with any dice, on any of the test games,
// never panics, and a refused or unparsable line leaves the game as it was.
func FuzzStep(f *testing.F) {
	for _, tc := range testGames() {
		for _, s := range tc.steps {
			f.Add(s, uint64(7))
		}
	}
	for _, s := range []string{
		"declare C4 US1@C5 US2@D4 envelopment", "reinforce C4 USL", "resolve C4", "retreat GE1 C3 C2",
		"retreat GE1 eliminated", "advance US1 C4", "vda US1 T1", "recover GE1", "turn",
		"fire E5: at T1 +3 atv 2 mg enfilade, mortar -1 mv 3, sa GE +2", "fire C4:", "assault", "fire ZZ99: sa +1",
		"assault C4 US1@ZZ9", "retreat GE1 " + string(make([]byte, 40)),
	} {
		f.Add(s, uint64(1))
	}
	games := testGames()
	f.Fuzz(func(t *testing.T, line string, seed uint64) {
		for _, tc := range games {
			g := tc.g.Clone()
			before := g.Clone()
			_, err := g.Apply(line, dice.NewSeeded(seed))
			if err != nil {
				if !sameGame(before, g) {
					t.Fatalf("%s: %q refused (%v) but the game changed", tc.name, line, err)
				}
			}
		}
	})
}

func sameGame(a, b *Game) bool {
	if len(a.Units) != len(b.Units) || len(a.Assaults) != len(b.Assaults) || len(a.IPs) != len(b.IPs) || (a.After == nil) != (b.After == nil) {
		return false
	}
	for i := range a.Units {
		if a.Units[i] != b.Units[i] {
			return false
		}
	}
	return a.Turn == b.Turn
}
