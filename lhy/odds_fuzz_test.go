package lhy

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzOdds: on a test game changed by the fuzzer (units added, states and terrain changed),
// the odds of a fire with at most 3 markers or of an Assault, with at most 2 vehicles in the
// hex and at most fuzzMaxPaths combinations of dice, equal the enumeration of every one of
// them, and none of its outcomes is silent. base picks the test game (base modulo their number)
// and the readings answered the other way (the rest of base, as a ReadingSet); scene drives the
// changes and, when line is empty, writes the step.
func FuzzOdds(f *testing.F) {
	games := testGames()
	for i, tc := range games {
		for _, s := range tc.steps {
			f.Add(uint8(i), []byte(nil), s)
		}
	}
	for _, s := range [][]byte{
		{2, 0, 8, 0, 1, 2, 0, 3, 1, 0, 1},          // armour: another AFV, then a fire
		{3, 1, 0, 0, 3, 2, 1, 1, 0, 2, 2, 1},       // armour-small in a rural building
		{0, 0, 1, 3, 1, 0, 5, 2, 0, 1, 1, 2},       // plain: a Heroic defender, an Assault
		{1, 0, 4, 0, 7, 0, 0, 0, 2, 0, 2, 0, 1},    // urban: a Japanese leader
		{4, 0, 2, 1, 4, 1, 0, 2, 1, 3, 1, 1, 0, 0}, // ties: mortar and small arms
	} {
		f.Add(s[0], s[1:], "")
	}
	// Issue 20: Disrupted targets, and each reading answered the other way.
	n := uint8(len(games))
	other := func(r Reading) uint8 { return n * uint8(1<<r) }
	for _, s := range []struct {
		base  uint8
		scene []byte
		line  string
	}{
		{4, []byte{3, 1, 0, 0, 1, 1, 0, 1, 2, 0}, "fire C4: sa +2"},                          // ties: A, B, C all Disrupted
		{4, []byte{3, 1, 0, 0, 1, 1, 0, 1, 2, 0}, "fire C4: mortar +1 mv 2"},                 // the same, by a mortar
		{0 + other(FireCheckUndisruptedOnly), []byte{1, 1, 4, 0}, "fire C4: sa +3"},          // plain, GE2 Disrupted, checks
		{0, []byte{1, 1, 4, 0}, "fire C4: sa +3"},                                            // the same by default
		{0 + other(LeaderLossRollOnly), nil, "assault C4 US1 US2 USL"},                       // plain: GEL takes the columns
		{1 + other(UrbanAssaultStacks), nil, "assault C4 R1 R2"},                             // urban: no stacking
		{3 + other(MotionLowersAV), []byte{1, 1, 0, 3}, "fire E5: at T1 +3 atv 1"},           // armour-small, T1 in Motion
		{3, []byte{1, 1, 0, 3}, "fire E5: at T1 +3 atv 1"},                                   // the same by default
		{3 + other(OpenTerrainCDPerVehicle), nil, "fire E5: at T1 +6 atv 1, sa +1"},          // Collateral Damage once
		{2 + other(OpenTerrainCDPerVehicle), nil, "fire E5: at T1 +6 atv 1, at TR +6 atv 1"}, // armour: two kills
		{3, nil, "fire E5: at T1 +0, at T1 -1"},                                              // rolls that may all be ignored
		{3, nil, "fire E5: mortar +0 mv 1"},                                                  // a mortar on a Rider
	} {
		f.Add(s.base, s.scene, s.line)
	}
	f.Fuzz(func(t *testing.T, base uint8, scene []byte, line string) {
		g := games[int(base)%len(games)].g.Clone()
		g.Readings = ReadingSet(int(base)/len(games)) & (1<<NumReadings - 1)
		m := *g.Map
		m.Hexes, m.Sides = map[Hex]HexInfo{}, map[[2]Hex]Hexside{}
		for k, v := range g.Map.Hexes {
			m.Hexes[k] = v
		}
		for k, v := range g.Map.Sides {
			m.Sides[k] = v
		}
		g.Map = &m
		c := &fuzzBytes{b: scene}
		c.changeScene(g)
		if line == "" {
			line = c.step(g)
		}
		a, err := Parse(g, line)
		if err != nil || len(a.Markers) > 3 || (a.Verb != "fire" && a.Verb != "assault") {
			return
		}
		vehicles := 0
		for _, i := range g.In(a.Hex) {
			if g.Units[i].Vehicular() {
				vehicles++
			}
		}
		if vehicles > 2 || len(g.In(a.Hex)) > 7 {
			return
		}
		// The enumeration plays every dice path: past a few thousand it takes a second, too
		// slow to fuzz (the test games and scenario files hold bigger steps to it).
		if o, err := g.OddsOf(a); err == nil && o.Paths > fuzzMaxPaths {
			return
		}
		name := fmt.Sprintf("%s %v (readings %s)", games[int(base)%len(games)].name, scene, g.Readings)
		checkAgainstOracle(t, name, g, line)
		if o, err := g.OddsOf(a); err == nil {
			for _, x := range o.Outcomes {
				if len(x.Keys) == 0 {
					t.Errorf("%s: %s: an outcome of chance %s says nothing", name, line, x.P.RatString())
				}
			}
		}
	})
}

// fuzzMaxPaths bounds the steps FuzzOdds enumerates: about 50 ms each.
const fuzzMaxPaths = 2500

// fuzzBytes reads choices from the fuzzer's bytes: each a byte modulo the number of options,
// the first option once the bytes run out.
type fuzzBytes struct {
	b []byte
	i int
}

func (c *fuzzBytes) n(k int) int {
	if c.i >= len(c.b) || k <= 1 {
		return 0
	}
	x := int(c.b[c.i]) % k
	c.i++
	return x
}

var (
	fuzzKinds   = []Kind{Squad, Section, Leader, MG, LATW, FT, FP, TowedGun, AFV, Truck, HT, Carrier, FV}
	fuzzNations = []Nation{German, "US", Russian, Japanese}
	fuzzHexes   = []string{"C4", "E5", "C5", "D4", "E6"}
)

// changeScene makes up to five changes to g: a unit added (a vehicle with its armour, a unit
// riding one), a state set, a Cohesion changed, a hex's terrain, a platoon and its leader.
func (c *fuzzBytes) changeScene(g *Game) {
	for range c.n(6) {
		switch c.n(5) {
		case 0:
			c.addUnit(g)
		case 1:
			u := &g.Units[c.n(len(g.Units))]
			switch c.n(7) {
			case 0:
				u.Disrupted = !u.Disrupted
			case 1:
				u.Concealed = !u.Concealed
			case 2:
				u.Heroic = !u.Heroic
			case 3:
				u.Motion = u.Vehicular() && !u.Motion
			case 4:
				u.Shocked = u.Vehicular() && !u.Shocked
			case 5:
				u.Regrouping = !u.Vehicular() && !u.Regrouping
			case 6:
				if u.Steps > 1 {
					u.Steps--
				}
			}
		case 2:
			g.Units[c.n(len(g.Units))].Cohesion = int8(3 + c.n(6))
		case 3:
			h, _ := g.Map.Parse(fuzzHexes[c.n(len(fuzzHexes))])
			g.Map.Hexes[h] = HexInfo{Terrain: []Terrain{Open, UrbanBuilding, RuralBuilding, Woods}[c.n(4)], IP: c.n(3) == 0, Level: int8(c.n(2))}
		case 4:
			u, w := &g.Units[c.n(len(g.Units))], &g.Units[c.n(len(g.Units))]
			u.Platoon, w.Platoon = "P1", "P1"
		}
	}
}

func (c *fuzzBytes) addUnit(g *Game) {
	k := fuzzKinds[c.n(len(fuzzKinds))]
	n := fuzzNations[c.n(len(fuzzNations))]
	h, _ := g.Map.Parse(fuzzHexes[c.n(len(fuzzHexes))])
	x := NewUnit(fmt.Sprintf("F%d", len(g.Units)), string(n), n, k, h)
	x.Cohesion = int8(3 + c.n(6))
	switch {
	case k.Vehicular():
		x.AV, x.ATV = int8(c.n(5)), int8(c.n(4)-1)
		if c.n(3) == 0 {
			x.AEV = int8(c.n(3))
		}
	case k == FP:
		x.AV = int8(c.n(4))
	default:
		for _, i := range g.In(h) {
			if v := &g.Units[i]; v.Vehicular() && c.n(2) == 0 {
				x.Rider, x.Passenger = v.ID, c.n(2) == 1
				break
			}
		}
	}
	g.Units = append(g.Units, x)
}

// step writes a fire with 1 to 3 markers on the hex of a unit, or an Assault on it by up to 3
// units of other sides.
func (c *fuzzBytes) step(g *Game) string {
	t := &g.Units[c.n(len(g.Units))]
	in := g.In(t.At)
	hex := g.Map.Name(t.At)
	if c.n(2) == 0 {
		var parts []string
		for range 1 + c.n(3) {
			drm := c.n(7) - 2
			switch c.n(3) {
			case 0:
				nation := ""
				if c.n(2) == 0 {
					nation = string(g.Units[in[c.n(len(in))]].Nation) + " "
				}
				parts = append(parts, fmt.Sprintf("sa %s%+d", nation, drm))
			case 1:
				parts = append(parts, fmt.Sprintf("mortar %+d mv %d", drm, 1+c.n(3)))
			default:
				s := fmt.Sprintf("at %s %+d atv %d", g.Units[in[c.n(len(in))]].ID, drm, c.n(3))
				if c.n(3) == 0 {
					s += " mg"
				}
				if c.n(3) == 0 {
					s += " enfilade"
				}
				parts = append(parts, s)
			}
		}
		return "fire " + hex + ": " + strings.Join(parts, ", ")
	}
	var att []string
	for i := range g.Units {
		if u := &g.Units[i]; u.Side != t.Side && !u.Eliminated && u.At != t.At && len(att) < 3 && c.n(2) == 0 {
			att = append(att, u.ID)
		}
	}
	return "assault " + hex + " " + strings.Join(att, " ")
}
