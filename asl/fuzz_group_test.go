package asl_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslgen"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// fuzzGroupGame is board 3 with a group of every kind, all German, and a Russian tank and a
// hidden Russian squad:
//
//	P1 platoon: radioless red-MP tanks A (3M3), B (3M4), C (3M5), facing right, Stopped
//	C1 Convoy along row 7: trucks T1 (3O7, lead), T2 (3N7), T3 (3M7), in Motion, road M7-N7-O7-P7-Q7
//	K1 Column along row 9: squad S1 and leader L1 (3O9), squads S2 (3N9), S3 (3M9)
//	AA Armored Assault: platoon Q1 of tanks D (3E3) and E (3E4) with squad S4 in 3E4
//	R1 Russian tank in 3Z5; H9 a hidden Russian squad in 3R9
func fuzzGroupGame(tb testing.TB) *asl.Game {
	tb.Helper()
	lay := hex.MustLayout([]string{"3"})
	m := asl.NewMap(lay)
	at := func(s string) hex.Hex {
		h, err := lay.Parse(s)
		if err != nil {
			tb.Fatalf("hex %s: %v", s, err)
		}
		return h
	}
	m.At(at("N4")).Terrain = asl.Woods
	m.At(at("P9")).Terrain = asl.Woods
	m.At(at("O3")).Level = 1
	for _, r := range [][2]string{{"M7", "N7"}, {"N7", "O7"}, {"O7", "P7"}, {"P7", "Q7"}} {
		h, n := at(r[0]), at(r[1])
		s, _ := h.SideTo(n)
		m.SetRoad(h, s, false)
	}
	m.At(at("P7")).Wrecks = 1
	tankV := asl.NewVehicle("T26", asl.Tank, 12)
	tankV.Radio, tankV.RedMP = false, true
	truckV := asl.NewVehicle("truck", asl.Truck, 16)
	sq := asl.Vehicle{Name: "4-6-7", Class: asl.Infantry, MP: asl.InfantryMF, Radio: true, Morale: 7}
	ld := asl.Vehicle{Name: "8-0", Class: asl.Infantry, MP: asl.LeaderMF, Radio: true, Morale: 8, Leader: true}
	mk := func(id, side, h string, v asl.Vehicle, motion bool) asl.Unit {
		return asl.Unit{ID: id, Side: side, V: &v, Pos: asl.Position{Hex: at(h)}, Motion: motion}
	}
	units := []asl.Unit{
		mk("A", "German", "M3", tankV, false), mk("B", "German", "M4", tankV, false), mk("C", "German", "M5", tankV, false),
		mk("T1", "German", "O7", truckV, true), mk("T2", "German", "N7", truckV, true), mk("T3", "German", "M7", truckV, true),
		mk("S1", "German", "O9", sq, false), mk("L1", "German", "O9", ld, false), mk("S2", "German", "N9", sq, false), mk("S3", "German", "M9", sq, false),
		mk("D", "German", "E3", tankV, true), mk("E", "German", "E4", tankV, true), mk("S4", "German", "E4", sq, false),
		mk("R1", "Russian", "Z5", asl.NewVehicle("T34", asl.Tank, 16), false), mk("H9", "Russian", "R9", sq, false),
	}
	units[len(units)-1].Hidden = true
	g := asl.NewGame(m, units, "German")
	idx := func(ids ...string) []int {
		var out []int
		for _, id := range ids {
			i, _ := g.Unit(id)
			out = append(out, i)
		}
		return out
	}
	for _, gs := range []struct {
		id   string
		kind asl.GroupKind
		ms   []string
	}{
		{"P1", asl.KindPlatoon, []string{"A", "B", "C"}},
		{"C1", asl.KindConvoy, []string{"T1", "T2", "T3"}},
		{"K1", asl.KindColumn, []string{"S1", "L1", "S2", "S3"}},
		{"Q1", asl.KindPlatoon, []string{"D", "E"}},
		{"AA", asl.KindArmoredAssault, []string{"D", "E", "S4"}},
	} {
		if err := g.AddGroup(gs.id, gs.kind, idx(gs.ms...)); err != nil {
			tb.Fatalf("group %s: %v", gs.id, err)
		}
	}
	return g
}

var fuzzLineSeeds = []string{
	"P1 start\nP1: A enter N3, B enter N4, C enter N5\nP1: A vca N2-O2, B -, C -\nP1 end",
	"P1 start\nP1: A enter N3, B -, C -\nP1: A enter O3, B -, C -\nP1 stop\nP1 end\nmph German\nP1 leave A",
	"P1 leave B\nP1 start\nattack A destroyed\nP1: B enter N4, C enter N5\nP1 end",
	"C1: T1 enter P7, T2 enter O7, T3 enter N7\nattack T2 destroyed\nC1: T1 enter Q7\nC1 end\nC1.2 end",
	"C1: T1 enter P7, T2 -, T3 -\nC1 leave T3\nT3 enter N8\nT3 end\ncombine C1 C1.2\nC1 stop\nC1 start",
	"C1 stop\nC1 start\nC1: T1 reverse N7",
	"K1: S1 enter P9, L1 enter P9, S2 enter O9, S3 enter N9",
	"K1: S1 enter P8, L1 enter P8, S2 enter O9, S3 enter N9\nK1: S1 enter Q8, L1 enter Q8, S2 enter P8, S3 enter O9\nattack S3 pinned",
	"oba 3M1\naircraft 3Z10\ndisband K1\njoin K1 S4",
	"AA: D enter F3, E enter F4, S4 enter F4\nattack S4 pinned on 2\nAA leave S4\nS4 enter G4\nQ1: D enter G3, E enter G4",
	"AA leave S4 first\nS4 enter F4\nS4 end\nQ1: D enter F3, E enter F4",
	"form P9 R1 A\nform P2 A B\nmotion-attempt P1\nmph Russian\nmotion-attempt P1\nR1 start\nR1 enter Y5",
	"P1: A exit\nP1: X enter A1\nP1:\nP1: A enter N3,,\nZZ: A -\nP1 delay 2\nP1 delay x\nP1 fly",
	"combine\nform\nmph\nleave\njoin K1 ZZ\ndisband\noba\noba ZZ99\nattack A missed mines\nattack A missed on 0",
	"P1 start\nP1: A enter N3, B enter N4, C enter N5\nP1 end\nP1 end toward A:O3, B:O4, C:O5\nP1 end toward A:O3, A:O4\nP1 stop\nP1 end toward A:O3\nP1 end",
	"C1: T1 enter P7, T2 enter O7, T3 enter N7\nC1 end\nC1 end toward T1:Q7\nC1 end toward T1:Q8, T2:P7\nC1 end toward T9:Q7\nC1 end toward T1\nC1 end toward",
	"A bu\nA ce\nA ce\nT1 bu\nS1 bu\nR1 bu\nR1 fire-vca Y5-Y6\nA fire-vca M2-N2\nK1 end toward P9\nS1 end toward P9",
	"K1 advance P9\naph German\nK1: S1 enter P9, L1 enter P9, S2 enter O9, S3 enter N9\nadvance S1 P9\nrout S2 O8\nK1 advance P9\nK1 advance Q9\nP1 advance N3\nadvance K1 P9\naph Russian\nK1 advance P9",
}

// FuzzLine plays notation lines on a game with every kind of group: no line may panic, a refused
// line changes nothing, an accepted one keeps every unit's MP within its allowance.
func FuzzLine(f *testing.F) {
	for i, s := range fuzzLineSeeds {
		f.Add(s, []byte{byte(i), 5, 0, 10, 3, 9, 1, 4})
		f.Add(s, []byte{})
	}
	f.Fuzz(func(t *testing.T, script string, rolls []byte) {
		if len(script) > 4096 {
			return
		}
		g := fuzzGroupGame(t)
		src := &dice.Script{Values: stepDice(rolls), Then: dice.NewSeeded(1)}
		var r asl.LineResult
		for _, line := range strings.Split(script, "\n") {
			l, err := g.ParseLine(line)
			if err != nil {
				continue
			}
			units, groups, mp := cloneUnits(g.Units), cloneGroups(g.Groups), g.Map.Clone()
			err = g.Play(&l, src, &r)
			if err != nil {
				var ref *asl.Refusal
				if !errors.As(err, &ref) {
					continue // a scripted die out of range: not a refusal
				}
				if ref.Rule == "" || ref.Msg == "" {
					t.Fatalf("%q: refusal without a rule or a message: %#v", line, ref)
				}
				if !reflect.DeepEqual(g.Units, units) || !reflect.DeepEqual(cloneGroups(g.Groups), groups) || !reflect.DeepEqual(g.Map, mp) {
					t.Fatalf("%q was refused (%v) but changed the game", line, err)
				}
				continue
			}
			_ = r.Impulse.Rules()
			for i := range g.Units {
				u := &g.Units[i]
				if u.Spent < 0 || u.Spent > u.Allowance && !u.AllUsed && !u.Stalled {
					t.Fatalf("after %q: %s spent %s of %s", line, u.ID, u.Spent, u.Allowance)
				}
				if why := aslgen.NALocation(g, u); why != "" {
					t.Fatalf("after %q: %s: %s", line, aslgen.InvNA, why)
				}
			}
			for gi := range g.Groups {
				grp := &g.Groups[gi]
				for _, m := range grp.Members {
					if k := g.GroupOf(m, grp.Kind); !grp.Gone && k != gi {
						t.Fatalf("after %q: %s is listed in %s but its unit says %d", line, g.Units[m].ID, grp.ID, k)
					}
				}
			}
		}
	})
}

func cloneGroups(gs []asl.Group) []asl.Group {
	out := make([]asl.Group, len(gs))
	for i, g := range gs {
		g.Members = append([]int(nil), g.Members...)
		out[i] = g
	}
	return out
}
