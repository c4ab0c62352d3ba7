package lhy

import (
	"maps"
	"reflect"
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
	games := fuzzGames(f)
	f.Fuzz(func(t *testing.T, line string, seed uint64) {
		for _, tc := range games {
			g := tc.g.Clone()
			before := snapshot(g)
			_, err := g.Apply(line, dice.NewSeeded(seed))
			switch {
			case err != nil && !sameGame(before, g):
				t.Fatalf("%s: %q refused (%v) but the game changed", tc.name, line, err)
			case err == nil && !reflect.DeepEqual(before.Map, g.Map):
				t.Fatalf("%s: %q changed the map, which no step may", tc.name, line)
			}
		}
	})
}

// fuzzGames are the games FuzzStep plays a line on: the test games as they start, and after
// each of their steps (an After waiting, units shaken or gone), with an Assault declared and
// with Improved Positions left, so that a refusal that touches the Assaults, the After or the
// IPs is seen.
func fuzzGames(f *testing.F) []fuzzGame {
	var out []fuzzGame
	for _, tc := range testGames() {
		out = append(out, fuzzGame{tc.name, tc.g})
		for _, step := range append(tc.steps, "declare C4 US1@C5 US2@D4 envelopment") {
			g := tc.g.Clone()
			if _, err := g.Apply(step, dice.NewSeeded(7)); err == nil {
				out = append(out, fuzzGame{tc.name + ", " + step, g})
			}
		}
	}
	ip := out[0].g.Clone() // plain, with the Improved Positions of two destroyed Fighting Positions
	ip.IPs = []Hex{{X: 2, Y: 5}, {X: 3, Y: 4}}
	out = append(out, fuzzGame{"plain, IPs in C5 and D4", ip})
	if len(out) < 2*len(testGames()) {
		f.Fatalf("only %d games to fuzz: the test games' steps are refused", len(out))
	}
	return out
}

type fuzzGame struct {
	name string
	g    *Game
}

// snapshot is a copy of g that shares nothing with it, not even the map (which Clone shares,
// since no step may change it): what g must still equal after a refused step (sameGame).
func snapshot(g *Game) *Game {
	c := g.Clone()
	m := *g.Map
	m.Hexes, m.Sides = maps.Clone(g.Map.Hexes), maps.Clone(g.Map.Sides)
	c.Map = &m
	return c
}

// sameGame reports whether a and b are the same game: every field, element by element (the
// units, the declared Assaults with their attackers and entry hexes, the After, the IPs, the
// turn, the readings...) and the map's content, when a is a snapshot. Both are compared as
// cloned, so that a nil and an empty list (or map) read alike.
func sameGame(a, b *Game) bool {
	return reflect.DeepEqual(a.Clone(), b.Clone())
}
