package asl_test

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// TestElementaryVCAChanges checks the claim Game.Elementary rests on (D2.11): a VCA change of n
// hexspines is exactly n changes of one in a row: the same unit afterwards, the same MP, the
// same chance of staying Mobile (a Start's Mechanical Reliability once, a Bog Check per
// hexspine where the terrain calls for one), and refused exactly when the chain cannot be
// paid. It tries every turn from every heading in open ground, woods (Bog Checks on each
// hexspine), a building and a woods-road hex, stopped and moving, forward and in Reverse, with
// plenty of MP and with too few.
func TestElementaryVCAChanges(t *testing.T) {
	type setup struct {
		terrain asl.Terrain
		road    bool
		moving  bool
		reverse bool
		left    asl.MP
	}
	var cases []setup
	for _, tr := range []asl.Terrain{asl.OpenGround, asl.Woods, asl.Building} {
		for _, road := range []bool{false, true} {
			if road && tr != asl.Woods {
				continue
			}
			for _, mv := range []struct{ moving, reverse bool }{{false, false}, {true, false}, {true, true}} {
				for _, left := range []asl.MP{asl.Whole(20), asl.Whole(2)} {
					cases = append(cases, setup{tr, road, mv.moving, mv.reverse, left})
				}
			}
		}
	}
	risky, refused := 0, 0
	for _, c := range cases {
		for from := hex.Spine(0); from < 6; from++ {
			for to := hex.Spine(0); to < 6; to++ {
				n, _ := from.Steps(to)
				if n < 2 {
					continue
				}
				name := fmt.Sprintf("%v road=%v moving=%v reverse=%v left=%s %v->%v", asl.TerrainChart[c.terrain].Name, c.road, c.moving, c.reverse, c.left, from, to)
				t.Run(name, func(t *testing.T) {
					whole := vcaGame(t, c.terrain, c.road, c.moving, c.reverse, c.left, from)
					chain := vcaGame(t, c.terrain, c.road, c.moving, c.reverse, c.left, from)
					pw, errW := playVCA(whole, []hex.Spine{to})
					var steps []hex.Spine
					_, turn := from.Steps(to)
					for k := 1; k <= n; k++ {
						steps = append(steps, from.Rotate(k*turn))
					}
					pc, errC := playVCA(chain, steps)
					if (errW == nil) != (errC == nil) {
						t.Fatalf("the whole change: %v; the chain of single ones: %v", errW, errC)
					}
					if errW != nil {
						refused++
						return
					}
					if pw < 1 {
						risky++
					}
					// ImpulseCharged is what the last step alone charged (D14.33): one step
					// against the last of several.
					whole.Units[0].ImpulseCharged, chain.Units[0].ImpulseCharged = 0, 0
					if !reflect.DeepEqual(whole.Units[0], chain.Units[0]) {
						t.Fatalf("units differ:\nwhole %+v\nchain %+v", whole.Units[0], chain.Units[0])
					}
					if math.Abs(pw-pc) > 1e-12 {
						t.Fatalf("chance of staying Mobile: whole %v, chain %v", pw, pc)
					}
				})
			}
		}
	}
	if risky == 0 || refused == 0 {
		t.Errorf("%d changes risked a Bog Check and %d were refused: the cases no longer try both", risky, refused)
	}
}

// vcaGame is one tank in hex C5 of a board of terrain tr (its road across the hex with
// road), with left MP left, moving or stopped, facing heading.
func vcaGame(t *testing.T, tr asl.Terrain, road, moving, reverse bool, left asl.MP, heading hex.Spine) *asl.Game {
	t.Helper()
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	h, err := lay.Parse("C5")
	if err != nil {
		t.Fatal(err)
	}
	m.At(h).Terrain = tr
	if road {
		m.SetRoad(h, hex.Up, false)
		m.SetRoad(h, hex.Down, false)
	}
	v := asl.NewVehicle("T", asl.Tank, 20)
	u := asl.Unit{ID: "T", Side: "German", V: &v, Pos: asl.Position{Hex: h, Heading: heading, OnRoad: road}}
	g := asl.NewGame(m, []asl.Unit{u}, "German")
	g.Scratch = true
	w := &g.Units[0]
	w.Spent = w.Allowance - left
	w.Moving, w.Reverse, w.DirSet = moving, reverse, moving
	return g
}

// playVCA plays a VCA change to each heading in turn with the dice that keep the vehicle
// going, and returns the chance of it staying Mobile through them all.
func playVCA(g *asl.Game, headings []hex.Spine) (float64, error) {
	p := 1.0
	var r asl.Result
	for _, s := range headings {
		a, b := g.Units[0].Pos.Hex.SpineHexes(s)
		if err := g.Step(asl.Action{Verb: asl.VerbVCA, Unit: 0, A: a, B: b, Versus: -1}, dice.Lowest{}, &r); err != nil {
			return 0, err
		}
		p *= r.Mobile()
	}
	return p, nil
}
