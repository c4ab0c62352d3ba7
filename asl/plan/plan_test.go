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

// brute enumerates every step sequence from the unit's state (depth first, without pruning
// by MP), keeping for each State the least MP and, at that MP, the best chance.
func brute(g *asl.Game, unit int, esb bool) map[State]Label {
	best := map[State]Label{}
	type key struct {
		s  State
		mp asl.MP
	}
	seen := map[key]float64{}
	var walk func(u asl.Unit, p float64)
	walk = func(u asl.Unit, p float64) {
		s := stateOf(&u)
		k := key{s, u.Spent}
		if q, ok := seen[k]; ok && q >= p-1e-12 {
			return
		}
		seen[k] = p
		if b, ok := best[s]; !ok || u.Spent < b.MP || u.Spent == b.MP && p > b.P {
			best[s] = Label{State: s, MP: u.Spent, P: p}
		}
		c := g.Clone()
		c.Units[unit] = u
		acts := candidates(c, unit, esb, nil)
		var res asl.Result
		for _, a := range acts {
			c.Units[unit] = u
			if err := c.Step(a, dice.Lowest{}, &res); err != nil {
				continue
			}
			nu := c.Units[unit]
			if nu.Immobile != asl.Mobile || nu.Stalled && !u.Stalled {
				continue
			}
			np := p * res.Mobile()
			if np > 0 {
				walk(nu, np)
			}
		}
	}
	walk(g.Units[unit], 1)
	return best
}

// TestOptimal: an exhaustive search of step sequences on small random maps finds no State the
// planner missed, none cheaper, and none safer at the same MP.
func TestOptimal(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		g := randomGame(seed, 5)
		esb := seed%3 == 0
		r, err := Reach(g, 0, Options{ESB: esb})
		if err != nil {
			t.Fatal(err)
		}
		want := brute(g, 0, esb)
		got := map[State]Label{}
		for _, li := range r.Live() {
			l := r.Labels[li]
			if b, ok := got[l.State]; !ok || l.MP < b.MP || l.MP == b.MP && l.P > b.P {
				got[l.State] = l
			}
		}
		if len(got) != len(want) {
			t.Errorf("seed %d: planner reached %d States, brute force %d", seed, len(got), len(want))
		}
		for s, w := range want {
			l, ok := got[s]
			switch {
			case !ok:
				t.Errorf("seed %d: planner missed %+v (brute force: %s MP)", seed, s, w.MP)
			case l.MP != w.MP:
				t.Errorf("seed %d: %+v costs %s MP by the planner, %s by brute force", seed, s, l.MP, w.MP)
			case l.P < w.P-1e-9:
				t.Errorf("seed %d: %+v at %s MP: planner's chance %v, brute force %v", seed, s, l.MP, l.P, w.P)
			}
		}
	}
}
