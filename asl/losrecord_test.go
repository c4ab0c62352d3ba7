package asl_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// losOracle recomputes by brute force what a DEFENDER's Motion attempt reads (D2.401), the
// way the referee once kept it: at the start of each MPh, whether each unit is in each enemy's
// LOS; at each expenditure, LOS traced from the mover to every enemy unit as it stands then.
// The game's record traces nothing until a Motion attempt asks; the two must always agree.
type losOracle struct {
	start [][]bool // [mover][defender]
	spent [][]asl.MP
	// what the checks met, so the test knows it tested something
	triggers, notes, seen, unseen int
}

func inLOSNow(g *asl.Game, a, b *asl.Unit) bool {
	if a.Pos.Offboard || b.Pos.Offboard || a.Destroyed || b.Destroyed {
		return false
	}
	return g.Map.LOSBetween(a.Pos.Spot(), b.Pos.Spot())
}

// begin is the start of an MPh: LOS between every pair of enemies, nothing spent.
func (o *losOracle) begin(g *asl.Game) {
	n := len(g.Units)
	o.start, o.spent = make([][]bool, n), make([][]asl.MP, n)
	for i := range n {
		o.start[i], o.spent[i] = make([]bool, n), make([]asl.MP, n)
		for d := range n {
			if i != d && g.Units[i].Side != g.Units[d].Side {
				o.start[i][d] = inLOSNow(g, &g.Units[i], &g.Units[d])
			}
		}
	}
}

// played adds the expenditures a step recorded (entries from k0 on): each counts for every
// enemy that sees the place it was made from, the enemy where it stands now.
func (o *losOracle) played(g *asl.Game, k0 int) {
	for k := k0; k < g.LOSRecordLen(); k++ {
		i, mp, at := g.LOSRecordSpend(k)
		if mp == 0 {
			o.notes++
			continue
		}
		for d := range g.Units {
			e := &g.Units[d]
			if d != i && e.Side != g.Units[i].Side && !e.Destroyed && !e.Pos.Offboard && g.Map.LOSBetween(at, e.Pos.Spot()) {
				o.spent[i][d] += mp
			}
		}
	}
}

// check compares the game's answers with the brute-force ones for every defender.
func (o *losOracle) check(t *testing.T, g *asl.Game, line string) {
	t.Helper()
	for d := range g.Units {
		if g.Units[d].Side == g.Phasing {
			continue
		}
		got := g.MotionSpent(d)
		best, who := asl.MP(0), -1
		for i := range g.Units {
			if g.Units[i].Side == g.Units[d].Side {
				continue
			}
			if got[i] != o.spent[i][d] {
				t.Fatalf("after %q: %s spent %s MP in %s's LOS, brute force says %s", line, g.Units[i].ID, got[i], g.Units[d].ID, o.spent[i][d])
			}
			if s := g.SeenAtStart(i, d); s != o.start[i][d] {
				t.Fatalf("after %q: %s in %s's LOS at the start of the MPh: %v, brute force says %v", line, g.Units[i].ID, g.Units[d].ID, s, o.start[i][d])
			} else if s {
				o.seen++
			} else {
				o.unseen++
			}
			if g.Units[i].Side == g.Phasing && !g.Units[i].Destroyed && !o.start[i][d] && o.spent[i][d] > best {
				best, who = o.spent[i][d], i
			}
		}
		if b, w := g.MotionTrigger(d, -1); b != best || w != who {
			t.Fatalf("after %q: %s's Motion attempt counts %s MP of unit %d, brute force says %s of %d", line, g.Units[d].ID, b, w, best, who)
		}
		if who >= 0 {
			o.triggers++
		}
	}
}

// losTestGame is board 2 with woods and hills strewn over its middle and four German and five
// Russian units (tanks and squads) placed at random there, some in Motion.
func losTestGame(t *testing.T, rng *rand.Rand) *asl.Game {
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	spot := func() hex.Hex {
		h, err := lay.Parse(fmt.Sprintf("%c%d", 'H'+rng.IntN(12), 1+rng.IntN(9)))
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for range 10 {
		m.At(spot()).Terrain = asl.Woods
		m.At(spot()).Level = int8(1 + rng.IntN(2))
	}
	sq := asl.Vehicle{Name: "4-6-7", Class: asl.Infantry, MP: asl.InfantryMF, Radio: true, Morale: 7}
	var units []asl.Unit
	for k, side := range []string{"German", "German", "German", "German", "Russian", "Russian", "Russian", "Russian", "Russian"} {
		v := asl.NewVehicle("T", asl.Tank, 12)
		if k%4 == 3 {
			v = sq
		}
		units = append(units, asl.Unit{ID: fmt.Sprintf("%c%d", side[0], k), Side: side, V: &v,
			Pos: asl.Position{Hex: spot(), Heading: hex.Spine(rng.IntN(6))}, Motion: v.Class < asl.Infantry && rng.IntN(3) == 0})
	}
	return asl.NewGame(m, units, "German")
}

// losTestLine is a random line: mostly a step from fuzzChoose (moves, attacks, Motion
// attempts), now and then a rout or advance of a squad, a new MPh of either side, or an APh
// (where the advances are made, A4.7).
func losTestLine(g *asl.Game, rng *rand.Rand) string {
	switch r := rng.IntN(40); {
	case r < 3:
		return "mph " + []string{"German", "Russian"}[rng.IntN(2)]
	case r < 5:
		return "aph " + []string{"German", "Russian"}[rng.IntN(2)]
	case r < 7:
		u := &g.Units[rng.IntN(len(g.Units))]
		return []string{"rout ", "advance "}[rng.IntN(2)] + u.ID + " " + g.Map.Layout.Name(u.Pos.Hex.Neighbor(hex.Side(rng.IntN(6))))
	}
	line := fuzzChoose(g, byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)))
	if s, ok := strings.CutPrefix(line, "phase "); ok {
		return "mph " + s
	}
	return line
}

// TestMotionRecordOracle plays random lines on random small games (and on the game of every
// kind of group, with the fuzz seeds' Impulses among them) and, after each, checks the
// MP each unit spent in each enemy's LOS, whether it was in that LOS when the MPh began, and
// the unit and MP a Motion attempt would count (D2.401), against a brute-force recomputation;
// and that a refused line leaves the record as it was.
func TestMotionRecordOracle(t *testing.T) {
	var o losOracle
	seeds := strings.Split(strings.Join(fuzzLineSeeds, "\n"), "\n")
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 7))
		g := losTestGame(t, rng)
		if seed%3 == 2 {
			g = fuzzGroupGame(t) // platoons, a Convoy, a Column: Impulses, refused or not
		}
		o.begin(g)
		src := dice.NewSeeded(seed)
		var r asl.LineResult
		for range 150 {
			line := losTestLine(g, rng)
			if seed%3 == 2 && rng.IntN(2) == 0 {
				line = seeds[rng.IntN(len(seeds))]
			}
			l, err := g.ParseLine(line)
			if err != nil {
				continue
			}
			k0 := g.LOSRecordLen()
			// An APh other than the one after the phasing side's MPh is a new Player Turn.
			newTurn := l.Kind == asl.LineMPh || l.Kind == asl.LineAPh && (g.Phasing != l.Side || g.Phase != asl.PhaseMPh)
			if err := g.Play(&l, src, &r); err != nil {
				if g.LOSRecordLen() != k0 {
					t.Fatalf("%q was refused (%v) but changed the LOS record", line, err)
				}
				continue
			}
			if newTurn {
				o.begin(g)
			} else {
				o.played(g, k0)
			}
			o.check(t, g, line)
		}
	}
	t.Logf("%d Motion attempts with MP to count, %d notes of a defender's new place, %d pairs seen at the start, %d not", o.triggers, o.notes, o.seen, o.unseen)
	if o.triggers == 0 || o.notes == 0 || o.seen == 0 || o.unseen == 0 {
		t.Fatal("the random games never exercised part of the record")
	}
}

// TestOccupancyIndex plays random lines, moves and group Impulses among them, and after each
// checks the index of units by hex against every unit's own hex: an entry, a Stop or an end
// that counts the vehicles in a hex (D2.14, D2.6, D2.31) reads that index.
func TestOccupancyIndex(t *testing.T) {
	moved, dropped := 0, 0
	check := func(g *asl.Game, line string) {
		t.Helper()
		if err := g.OccupancyAgrees(); err != nil {
			t.Fatalf("after %q: %v", line, err)
		}
		if !g.Occupancy() {
			dropped++
		}
	}
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 9))
		for _, g := range []*asl.Game{losTestGame(t, rng), fuzzGroupGame(t)} {
			g.Occupancy()
			src := dice.NewSeeded(seed)
			var r asl.LineResult
			seeds := strings.Split(strings.Join(fuzzLineSeeds, "\n"), "\n")
			for range 200 {
				line := losTestLine(g, rng)
				if rng.IntN(2) == 0 {
					line = seeds[rng.IntN(len(seeds))]
				}
				l, err := g.ParseLine(line)
				if err != nil {
					continue
				}
				before := make([]hex.Hex, len(g.Units))
				for i := range g.Units {
					before[i] = g.Units[i].Pos.Hex
				}
				_ = g.Play(&l, src, &r)
				for i := range g.Units {
					if g.Units[i].Pos.Hex != before[i] {
						moved++
					}
				}
				check(g, line)
			}
		}
	}
	t.Logf("%d moves from hex to hex; the index was dropped and made again %d times", moved, dropped)
	if moved < 100 {
		t.Fatalf("only %d moves: the random lines did not exercise the index", moved)
	}
}
