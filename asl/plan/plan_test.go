package plan

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// randomGame is a small random situation on board 2 round 2M5: terrain of many kinds within
// three hexes, some roads, walls, hedges, a hill, a wreck, and one vehicle in 2M5 facing a
// random way, Stopped or in Motion.
func randomGame(seed uint64, mp int) *asl.Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	centre, _ := lay.Parse("M5")
	kinds := []asl.Terrain{asl.OpenGround, asl.OpenGround, asl.OpenGround, asl.Woods, asl.Brush, asl.Building, asl.Grain, asl.Orchard, asl.Shellholes}
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if !lay.Contains(h) || hex.Distance(h, centre) > 3 || h == centre {
				continue
			}
			d := m.At(h)
			d.Terrain = kinds[rng.IntN(len(kinds))]
			if rng.IntN(6) == 0 {
				d.Level = 1
			}
			if rng.IntN(10) == 0 {
				d.Wrecks = 1
			}
			for s := hex.Side(0); s < 3; s++ {
				n := h.Neighbor(s)
				if !lay.Contains(n) {
					continue
				}
				switch rng.IntN(12) {
				case 0, 1:
					m.SetRoad(h, s, false)
				case 2:
					m.SetWall(h, s)
				case 3:
					m.SetHedge(h, s)
				}
			}
		}
	}
	classes := []asl.Class{asl.Tank, asl.Tank, asl.Halftrack, asl.ArmoredCar, asl.Truck}
	v := asl.NewVehicle("V", classes[rng.IntN(len(classes))], mp)
	v.RedMP = v.AFV && rng.IntN(3) == 0
	v.GroundPressure = rng.IntN(3) - 1
	u := asl.Unit{ID: "V", Side: "German", V: &v, Pos: asl.Position{Hex: centre, Heading: hex.Spine(rng.IntN(6))}, Motion: rng.IntN(3) == 0}
	return asl.NewGame(m, []asl.Unit{u}, "German")
}

// TestRoundTrip: every way the planner reports, played through the referee, is legal, costs
// what the planner said, ends in the State it said, and its chance of arriving Mobile is the
// product of the checks the referee rolls.
func TestRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 25; seed++ {
		g := randomGame(seed, 8)
		r, err := Reach(g, 0, Options{ESB: seed%2 == 0})
		if err != nil {
			t.Fatal(err)
		}
		for _, li := range r.Live() {
			l := &r.Labels[li]
			c := g.Clone()
			var res asl.Result
			p := 1.0
			for k, a := range r.Path(li) {
				if err := c.Step(a, dice.Lowest{}, &res); err != nil {
					t.Fatalf("seed %d: step %d of the way to label %d (%s) refused: %v", seed, k+1, li, c.Describe(a), err)
				}
				for _, e := range res.Rolls() {
					if e.Risk.Den > 0 {
						p *= 1 - e.Risk.Float()
					}
				}
			}
			u := &c.Units[0]
			if u.Spent != l.MP || stateOf(u) != l.State {
				t.Fatalf("seed %d label %d: replayed to %+v at %s MP, planner said %+v at %s MP", seed, li, stateOf(u), u.Spent, l.State, l.MP)
			}
			if math.Abs(p-l.P) > 1e-9 {
				t.Fatalf("seed %d label %d: replayed chance %v, planner said %v", seed, li, p, l.P)
			}
		}
	}
}

// TestOptimal: an exhaustive search of step sequences on small random maps finds no State the
// planner missed, none cheaper, and none safer at the same MP.
func TestOptimal(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		if err := CheckOptimal(randomGame(seed, 5), 0, seed%3 == 0); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}
