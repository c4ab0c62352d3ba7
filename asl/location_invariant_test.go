package asl

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// TestBelowABridgeInvariant plays random games round streams crossed by roads on bridges,
// with vehicles and Infantry set up below the bridges, on the bridges and beside them, and
// checks after every step what the one Location read (crossFrom) promises whatever the step
// was (rules-notes 1.5 #15): a unit that stood below a bridge pays no road rate and no bridge
// for the step, and does not come out of it on a road; a refused step changes nothing. The
// steps are drawn from the referee's own candidates (vehicles) and every adjacent hex
// (Infantry), with real dice.
func TestBelowABridgeInvariant(t *testing.T) {
	steps, fromBelow := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0xb1d6e))
		g := bridgeWorld(rng).build(t)
		src := dice.NewSeeded(seed)
		var r Result
		var buf []Action
		for n := 0; n < 40; n++ {
			i := rng.IntN(len(g.Units))
			u := &g.Units[i]
			a, ok := randomStep(g, i, rng, &buf)
			if !ok {
				continue
			}
			wasBelow := u.Pos.Below && !u.Pos.Offboard
			before := append([]Unit(nil), g.Units...)
			mapBefore := g.Map.Clone()
			err := g.Step(a, src, &r)
			steps++
			line := fmt.Sprintf("seed %d step %d: %s %v %s", seed, n, u.ID, a.Verb, g.Map.Layout.Name(a.A))
			var ref *Refusal
			if errors.As(err, &ref) {
				if !reflect.DeepEqual(before, g.Units) || !reflect.DeepEqual(mapBefore, g.Map) {
					t.Fatalf("%s: refused (%s %s) but the game changed", line, ref.Rule, ref.Msg)
				}
				continue
			} else if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if !wasBelow {
				continue
			}
			fromBelow++
			for _, l := range costLabels(&r.Cost) {
				if strings.Contains(l, "road") || strings.Contains(l, "bridge") {
					t.Fatalf("%s: from below a bridge it paid %q (%s)", line, l, r.Cost.String())
				}
			}
			if u.Pos.Hex != before[i].Pos.Hex && u.Pos.OnRoad {
				t.Fatalf("%s: from below a bridge it came out on the road of %s (%s)", line, g.Map.Layout.Name(u.Pos.Hex), r.Cost.String())
			}
		}
	}
	t.Logf("%d steps, %d from below a bridge", steps, fromBelow)
	if fromBelow < 100 {
		t.Errorf("only %d of %d steps were taken from below a bridge: the games test too little", fromBelow, steps)
	}
}

// costLabels are the labels of every term of c.
func costLabels(c *Cost) []string {
	var out []string
	for _, x := range c.base[:c.nb] {
		out = append(out, x.Label, x.KLabel)
	}
	for _, o := range c.ops[:c.no] {
		out = append(out, o.Label)
	}
	return out
}

// bridgeWorld is a random board-2 world: a shallow or deep stream down column N (rows 1-9),
// crossed at three random rows by an east-west road on a stone or wooden bridge; woods,
// grain, buildings and a hill here and there; tanks, halftracks, trucks and squads, half of
// them below a bridge, the rest on the road or off it nearby.
func bridgeWorld(rng *rand.Rand) world {
	lay := hex.MustLayout([]string{"2"})
	w := world{terrain: map[string]Terrain{}, levels: map[string]int{}, bridges: map[string]BridgeKind{}}
	stream := []Terrain{Stream, DeepStream}[rng.IntN(2)]
	for row := 1; row <= 9; row++ {
		w.terrain[fmt.Sprintf("N%d", row)] = stream
	}
	cols := []string{"J", "K", "L", "M", "N", "O", "P", "Q", "R"}
	var bridgeHexes []string
	for _, row := range rng.Perm(8)[:3] {
		row++ // rows 1-8
		h := fmt.Sprintf("N%d", row)
		w.bridges[h] = []BridgeKind{StoneBridge, WoodenBridge}[rng.IntN(2)]
		bridgeHexes = append(bridgeHexes, h)
		for k := 0; k+1 < len(cols); k++ {
			w.roads = append(w.roads, fmt.Sprintf("%s%d-%s%d", cols[k], row, cols[k+1], row))
		}
	}
	for _, c := range cols {
		if c == "N" {
			continue
		}
		for row := 1; row <= 9; row++ {
			h := fmt.Sprintf("%s%d", c, row)
			switch rng.IntN(8) {
			case 0:
				w.terrain[h] = Woods
			case 1:
				w.terrain[h] = Grain
			case 2:
				w.terrain[h] = Building
			case 3:
				w.levels[h] = 1
			}
		}
	}
	kinds := []func() Vehicle{
		func() Vehicle { return tank(12) },
		func() Vehicle { return NewVehicle("ht", Halftrack, 12) },
		func() Vehicle { return NewVehicle("truck", Truck, 14) },
		squad,
	}
	for k := 0; k < 6; k++ {
		v := kinds[rng.IntN(len(kinds))]()
		at := bridgeHexes[rng.IntN(len(bridgeHexes))]
		var fix func(*Unit)
		switch rng.IntN(4) {
		case 0, 1:
			fix = below
		case 2: // beside the bridge, on the road or off it
			at = cols[rng.IntN(len(cols))] + at[1:]
			if at[0] == 'N' {
				fix = below
			}
		}
		h, _ := lay.Parse(at)
		sp := hex.Side(rng.IntN(6))
		vca := lay.Name(h.Neighbor(sp)) + "-" + lay.Name(h.Neighbor(sp.Rotate(1)))
		w.units = append(w.units, unitSpec{id: fmt.Sprintf("U%d", k), at: at, vca: vca, v: v, motion: rng.IntN(2) == 0, fixup: fix})
	}
	return w
}

// randomStep draws a step for unit i: one of the referee's candidates for a vehicle, an entry
// into a random adjacent hex for Infantry. ok is false when it has none.
func randomStep(g *Game, i int, rng *rand.Rand, buf *[]Action) (Action, bool) {
	u := &g.Units[i]
	if u.V.Class == Infantry {
		if u.Pos.Offboard || u.Ended {
			return Action{}, false
		}
		n := hex.Side(rng.IntN(6))
		to := u.Pos.Hex.Neighbor(n)
		if !g.Map.Contains(to) {
			return Action{}, false
		}
		return Action{Unit: i, Versus: -1, Verb: VerbEnter, A: to}, true
	}
	*buf = g.Candidates(i, (*buf)[:0])
	if len(*buf) == 0 {
		return Action{}, false
	}
	return (*buf)[rng.IntN(len(*buf))], true
}
