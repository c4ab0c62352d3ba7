package asl_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
	"github.com/umpire-referee/umpire/rules"
)

// columnTestGame is a random small game for Column Disbandment (E11.53): a German Column of
// four squads and a Russian one of three, in lines on board 2 among woods and hills, each with
// a squad behind it that may join it, and tanks of both sides, some Russians Hidden and some
// Concealed.
func columnTestGame(t *testing.T, seed uint64) *asl.Game {
	rng := rand.New(rand.NewPCG(seed, 11))
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	at := func(s string) hex.Hex {
		h, err := lay.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	spot := func() hex.Hex { return at(fmt.Sprintf("%c%d", 'F'+rng.IntN(16), 1+rng.IntN(9))) }
	for range 45 {
		m.At(spot()).Terrain = asl.Woods
	}
	for range 5 {
		m.At(spot()).Level = int8(1 + rng.IntN(2))
	}
	sq := asl.Vehicle{Name: "4-6-7", Class: asl.Infantry, MP: asl.InfantryMF, Radio: true, Morale: 7}
	unit := func(id, side string, h hex.Hex, v asl.Vehicle) asl.Unit {
		return asl.Unit{ID: id, Side: side, V: &v, Pos: asl.Position{Hex: h, Heading: hex.Spine(rng.IntN(6))}}
	}
	var units []asl.Unit
	for k, h := range []string{"J3", "J4", "J5", "J6", "J7"} { // S5 may join K1 (E11.523)
		units = append(units, unit(fmt.Sprintf("S%d", k+1), "German", at(h), sq))
	}
	for k, h := range []string{"Q6", "Q7", "Q8", "Q9"} { // R4 may join K2
		u := unit(fmt.Sprintf("R%d", k+1), "Russian", at(h), sq)
		u.Concealed = rng.IntN(2) == 0
		units = append(units, u)
	}
	for k := range 3 {
		units = append(units, unit(fmt.Sprintf("G%d", k+1), "German", spot(), asl.NewVehicle("T", asl.Tank, 12)))
		e := unit(fmt.Sprintf("E%d", k+1), "Russian", spot(), asl.NewVehicle("T34", asl.Tank, 16))
		e.Hidden = rng.IntN(3) == 0
		units = append(units, e)
	}
	g := asl.NewGame(m, units, "German")
	for _, c := range []struct {
		id string
		ms []string
	}{{"K1", []string{"S1", "S2", "S3", "S4"}}, {"K2", []string{"R1", "R2", "R3"}}} {
		var idx []int
		for _, id := range c.ms {
			i, _ := g.Unit(id)
			idx = append(idx, i)
		}
		if err := g.AddGroup(c.id, asl.KindColumn, idx); err != nil {
			t.Fatalf("seed %d: Column %s: %v", seed, c.id, err)
		}
	}
	return g
}

// columnTestLine is a random line: mostly a Column's Impulse (its lead enters a neighbouring
// hex, each other member the hex of the member ahead) or advance (its lead into a neighbouring
// hex), else a line of losTestLine (a tank's
// move, a rout or advance, an attack, a new MPh), now and then a squad joining a Column.
func columnTestLine(g *asl.Game, rng *rand.Rand) string {
	if rng.IntN(10) == 0 {
		return []string{"join K1 S5", "join K2 R4"}[rng.IntN(2)]
	}
	if rng.IntN(2) == 0 {
		return losTestLine(g, rng)
	}
	id := []string{"K1", "K2"}[rng.IntN(2)]
	gi, _ := g.Group(id)
	if rng.IntN(4) == 0 && len(g.Groups[gi].Members) > 0 { // an advance, in an APh (E11.52)
		lead := &g.Units[g.Groups[gi].Members[0]]
		return id + " advance " + g.Map.Layout.Name(lead.Pos.Hex.Neighbor(hex.Side(rng.IntN(6))))
	}
	var parts []string
	var ahead hex.Hex
	for k, m := range g.Groups[gi].Members {
		u := &g.Units[m]
		to := ahead
		if k == 0 {
			to = u.Pos.Hex.Neighbor(hex.Side(rng.IntN(6)))
		}
		parts = append(parts, u.ID+" enter "+g.Map.Layout.Name(to))
		ahead = u.Pos.Hex
	}
	return id + ": " + strings.Join(parts, ", ")
}

// TestColumnWatchOracle plays random lines on two copies of each random game: one checks
// Columns for Disbandment (E11.53) incrementally, tracing LOS only from the units that changed;
// the other forgets what it saw before every line and checks each Column in full. After every
// line the two must agree: the same refusal or none, the same events (a Disbandment names the
// same unit and enemy) and the same state.
func TestColumnWatchOracle(t *testing.T) {
	late, steps, advances := 0, 0, 0
	for seed := range uint64(80) {
		inc, full := columnTestGame(t, seed), columnTestGame(t, seed)
		srcI, srcF := dice.NewSeeded(seed), dice.NewSeeded(seed)
		rng := rand.New(rand.NewPCG(seed, 13))
		var ri, rf asl.LineResult
		disbanded := map[string]bool{}
		for k := range 120 {
			line := columnTestLine(inc, rng)
			l, err := inc.ParseLine(line)
			if err != nil {
				continue
			}
			lf, _ := full.ParseLine(line)
			full.ForgetColumnWatch()
			ei, ef := inc.Play(&l, srcI, &ri), full.Play(&lf, srcF, &rf)
			if fmt.Sprint(ei) != fmt.Sprint(ef) {
				t.Fatalf("seed %d %q: incremental %v, full %v", seed, line, ei, ef)
			}
			evI := slices.Concat(ri.Step.Events(), ri.Impulse.Events())
			evF := slices.Concat(rf.Step.Events(), rf.Impulse.Events())
			if ei == nil && !slices.Equal(evI, evF) {
				t.Fatalf("seed %d %q: incremental events %v\nfull events %v", seed, line, evI, evF)
			}
			if rules.Hash(inc) != rules.Hash(full) {
				t.Fatalf("seed %d %q: the states differ", seed, line)
			}
			if ei == nil {
				steps++
				if strings.Contains(line, " advance ") {
					advances++
				}
			}
			for _, grp := range inc.Groups {
				if grp.Disbanded && !disbanded[grp.ID] {
					disbanded[grp.ID] = true
					if k > 0 {
						late++ // after checks that found nothing: the incremental check found it
					}
				}
			}
		}
	}
	t.Logf("%d steps taken, %d of them Column advances; %d Columns Disbanded after the first step", steps, advances, late)
	if advances == 0 {
		t.Fatal("no Column advanced: the random games did not exercise Disbandment as each unit advances")
	}
	if late < 20 {
		t.Fatalf("only %d Columns Disbanded after their first check: the random games did not exercise the incremental check", late)
	}
}
