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

// fuzzGame builds a small game on board 2 round 2M4, with one hex or hexside of nearly every
// kind the movement rules read:
//
//	T1 German tank in 2M4, VCA M5-N4 (red MP, stalls on 12, may attack R1)
//	H1 German halftrack in Bypass of woods 2N4 along N4-N5, CAFP toward N5-O5
//	K1 German truck off-board, to enter facing right
//	R1 Russian tank (BU AFV) in 2P5, across the woods from T1
func fuzzGame(tb testing.TB) *asl.Game {
	tb.Helper()
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	at := func(s string) hex.Hex {
		h, err := lay.Parse(s)
		if err != nil {
			tb.Fatalf("hex %s: %v", s, err)
		}
		return h
	}
	side := func(a, b string) (hex.Hex, hex.Side) {
		h, n := at(a), at(b)
		s, ok := h.SideTo(n)
		if !ok {
			tb.Fatalf("%s and %s are not adjacent", a, b)
		}
		return h, s
	}
	terrain := map[string]asl.Terrain{
		"N4": asl.Woods, "N5": asl.Woods, "O4": asl.Woods,
		"L5": asl.Building, "K5": asl.Rubble,
		"M6": asl.Shellholes, "L3": asl.Stream, "K3": asl.Gully, "O3": asl.Marsh,
		"M2": asl.Brush, "K4": asl.Grain, "L4": asl.Orchard,
	}
	for s, t := range terrain {
		m.At(at(s)).Terrain = t
	}
	m.At(at("N5")).Ground = asl.Brush // VBM round N5 pays double brush
	m.At(at("M6")).Ground = asl.Grain // shellholes: plus COT of grain
	m.At(at("O5")).Level = 1          // a level-1 hill
	m.At(at("O6")).Level = 4          //
	m.At(at("N6")).Smoke = true       // SMOKE
	m.At(at("O4")).Blaze = true       // no VBM round a Blaze
	m.At(at("M5")).Wrecks = 1         // a wreck on the road
	m.At(at("L4")).Vehicles = 1       // a vehicle counter that is not a unit
	h, s := side("N4", "M4")          // interior too close to the obstacle depiction
	m.At(h).NoVBM |= 1 << s           //
	h, s = side("N5", "O5")           // a wreck in Bypass along N5-O5
	m.At(h).BypassWreck |= 1 << s     //
	for _, r := range [][2]string{{"M4", "M5"}, {"M5", "M6"}, {"M6", "M7"}, {"M7", "M8"}} {
		h, s := side(r[0], r[1])
		m.SetRoad(h, s, r[0] == "M6")
	}
	h, s = side("M4", "M3")
	m.SetWall(h, s)
	h, s = side("M4", "L4")
	m.SetHedge(h, s)
	h, s = side("N3", "O3")
	m.SetRoadblock(h, s)

	tank := asl.NewVehicle("PzKpfw IVH", asl.Tank, 14)
	tank.RedMP, tank.StallsOn, tank.Maker = true, 12, asl.MakerGerman
	ht := asl.NewVehicle("SPW 251/1", asl.Halftrack, 12)
	truck := asl.NewVehicle("Opel Blitz", asl.Truck, 13)
	truck.GroundPressure, truck.Towing = 1, true
	t34 := asl.NewVehicle("T-34 M43", asl.Tank, 16)
	t34.BU, t34.Radio, t34.GroundPressure, t34.Maker = true, false, -1, asl.MakerRussian

	vca := func(in, s string) hex.Spine {
		p, err := lay.ParseVCA(at(in), s)
		if err != nil {
			tb.Fatal(err)
		}
		return p
	}
	bh, bs := side("N4", "N5")
	units := []asl.Unit{
		{ID: "T1", Side: "German", V: &tank, Pos: asl.Position{Hex: at("M4"), Heading: vca("M4", "M5-N4"), OnRoad: true}, CanAttack: []string{"R1"}},
		{ID: "H1", Side: "German", V: &ht, Pos: asl.Position{Hex: bh, Bypass: true, Side: bs, Heading: hex.Spine(bs).Rotate(2)}},
		{ID: "K1", Side: "German", V: &truck, Pos: asl.Position{Offboard: true, Heading: 0}, Motion: true},
		{ID: "R1", Side: "Russian", V: &t34, Pos: asl.Position{Hex: at("P5"), Heading: vca("P5", "O5-O6")}},
	}
	return asl.NewGame(m, units, "German")
}

// fuzzStepSeeds are step scripts: every verb of ParseStep, legal sequences that reach deep
// states, and junk. "phase SIDE" is not a step: the harness begins that side's MPh.
var fuzzStepSeeds = []string{
	"T1 start\nT1 enter M5\nT1 enter M6\nT1 enter M7\nT1 stop\nT1 end",
	"T1 start\nT1 enter N4\nT1 vca O4-O5\nT1 enter O5\nT1 enter O4 all",
	"T1 start\nT1 enter N4 all\nT1 end",
	"T1 start\nT1 bypass N4-M5\nT1 vca N4-N5\nT1 bypass N4-N5\nT1 enter O5",
	"T1 start\nT1 bypass N4-M5\nT1 vca M5-N5\nT1 bypass N5-M5\nT1 end",
	"T1 bypass N4-M5\nT1 reverse M4\nT1 end",
	"T1 start\nT1 reverse M3\nT1 reverse L2\nT1 end",
	"T1 vca L3-M3\nT1 reverse bypass N4-M5\nT1 reverse N5\nT1 stop",
	"T1 vca L3-M3\nT1 enter M3\nT1 enter L2\nT1 vca L3-M2",
	"T1 vca M3-N3\nT1 enter N3\nT1 enter O3",
	"T1 delay 2\nT1 delay 1.5\nT1 delay ½\nT1 start\nT1 esb 3\nT1 end",
	"T1 esb 4\nT1 esb 1\nT1 esb 1",
	"T1 minimum M5\nT1 end",
	"T1 start\nT1 enter M5\nT1 enter M6\nT1 enter M7\nT1 enter M8\nT1 enter M9\nT1 enter M10",
	"T1 start\nT1 enter M5\nT1 enter M6\nT1 enter M7\nT1 enter M8\nT1 enter N8\nT1 stop\nT1 start\nT1 stop\nmotion-attempt R1 vca P4-Q5 vs T1\nmotion-attempt R1",
	"T1 start\nT1 enter M5\nT1 enter M6\nT1 enter M7\nT1 enter M8\nT1 enter N8\nmotion-attempt R1\nphase Russian\nR1 enter O5",
	"H1 start\nH1 enter O5\nmotion-attempt R1 vs H1\nH1 end",
	"H1 reverse M5\nH1 stop\nH1 end",
	"T1 start\nT1 vca N4-N3\nT1 enter N4\nT1 stop\nT1 end\nphase Russian\nmotion-attempt T1\nR1 start",
	"attack T1 missed\nattack T1 destroyed\nT1 start\nH1 enter O5",
	"attack H1 immobilized\nH1 end\nattack R1 shocked\nattack K1 stunned\nattack T1 recalled",
	"H1 start\nH1 enter O5\nH1 stop",
	"H1 vca N5-O5\nH1 bypass N5-O5",
	"H1 vca N4-O5\nH1 bypass O5-N4\nH1 end",
	"H1 vca N5-O5\nH1 vca N4-O5\nH1 end",
	"K1 enter A5\nK1 enter B5\nK1 enter C6\nK1 stop\nK1 end",
	"K1 enter GG5\nK1 enter M4",
	"K1 enter A5 all\nK1 end",
	"K1 start\nK1 vca A4-B5\nK1 reverse A5",
	"phase Russian\nR1 start\nR1 enter O5\nR1 enter N5 all\nR1 end",
	"phase Russian\nR1 vca P6-Q6\nR1 start\nR1 reverse O5\nR1 end\nphase German\nT1 start",
	"phase Russian\nR1 minimum O6\nR1 end",
	"phase Russian\nR1 esb 2\nR1 minimum O5\nmotion-attempt T1 vs R1",
	"R1 start",
	"T1 enter M5\nT1 enter M5\nT1 stop\nT1 stop",
	"T1 start\nT1 start\nT1 end\nT1 end\nT1 start",
	"T1 enter ZZ99\nT1 enter 99ZZ99\nT1 enter 3M4",
	"T1 vca M5-M5\nT1 vca M4-M5\nT1 bypass M5-M7",
	"T1 delay 0\nT1 delay -1\nT1 esb 1001\nT1 delay 1000",
	"attack\nattack T1\nattack T1 nuked\nattack X1 missed",
	"motion-attempt\nmotion-attempt R1 vca\nmotion-attempt R1 xyz Q\nmotion-attempt R1 vs R1",
	"T1\nT1 fly\nT1 enter\nT1 enter M5 M6\nT1 reverse bypass\n\n  \t",
	"X1 start\n2M4 enter\n% % %\n\x00\xff",
	"t1 START\nT1 Enter m5 ALL\nT1 Reverse Bypass n4-m4",
	"T1 start\nT1 enter M5\nT1 end\nT1 end toward M6\nT1 end toward N5\nT1 stop\nT1 end toward M6\nT1 end",
	"T1 start\nT1 enter N4\nT1 end toward O4\nT1 end toward O3\nT1 end",
	"H1 start\nH1 enter O5\nH1 end toward P5\nH1 end\nK1 end toward A5\nK1 end",
	"T1 bu\nT1 enter M5\nT1 ce\nT1 ce\nR1 ce\nR1 bu\nK1 bu\nH1 bu",
	"R1 fire-vca O5-P6\nR1 fire-vca P6-Q6\nR1 fire-vca O5-O6\nT1 fire-vca M5-N4\nT1 end\nT1 fire-vca L4-M5\nH1 fire-vca N5-O5",
	"attack R1 immobilized\nR1 fire-vca P6-Q6\nattack T1 stunned\nT1 end toward M5\nT1 end",
	"T1 end toward\nT1 end toward M5 M6\nT1 end M5\nT1 bu now\nT1 fire-vca\nT1 fire-vca M5\nT1 end toward ZZ9",
}

// stepDice maps fuzz bytes to scripted rolls 2..12 (a dr asked for gets a script error when
// the value is over 6: that path is fuzzed too).
func stepDice(data []byte) []int {
	vs := make([]int, len(data))
	for i, b := range data {
		vs[i] = 2 + int(b)%11
	}
	return vs
}

func cloneUnits(us []asl.Unit) []asl.Unit {
	c := append([]asl.Unit(nil), us...)
	for i := range c {
		if c[i].CanAttack != nil {
			c[i].CanAttack = append([]string(nil), c[i].CanAttack...)
		}
		if c[i].V != nil {
			v := *c[i].V
			c[i].V = &v
		}
	}
	return c
}

// checkInvariants checks what must hold after every accepted step, for every unit. StartStop
// is the part of Spent that was Start/Stop MP, so it is never more than Spent (it once was:
// TestStartCountedOnce); no unit stands where the Terrain Chart says NA for it (the random
// games' invariant, aslgen.NALocation).
func checkInvariants(t *testing.T, g *asl.Game, line string) {
	t.Helper()
	for i := range g.Units {
		u := &g.Units[i]
		if u.Spent < 0 {
			t.Fatalf("after %q: %s has spent %s MP", line, u.ID, u.Spent)
		}
		if u.Spent > u.Allowance && !u.AllUsed {
			t.Fatalf("after %q: %s has spent %s MP of an allowance of %s (not ALL MP)", line, u.ID, u.Spent, u.Allowance)
		}
		if u.StartStop < 0 || u.StartStop > u.Spent {
			t.Fatalf("after %q: %s has Start/Stop MP %s of %s spent", line, u.ID, u.StartStop, u.Spent)
		}
		if !u.Pos.Offboard && !g.Map.Contains(u.Pos.Hex) {
			t.Fatalf("after %q: %s is at %v, off the map", line, u.ID, u.Pos.Hex)
		}
		if why := aslgen.NALocation(g, u); why != "" {
			t.Fatalf("after %q: %s: %s", line, aslgen.InvNA, why)
		}
	}
}

func FuzzStep(f *testing.F) {
	for i, s := range fuzzStepSeeds {
		f.Add(s, []byte{byte(i), 5, 0, 10, 3, 9, 1, 4})
		f.Add(s, []byte{})
	}
	f.Fuzz(func(t *testing.T, script string, rolls []byte) {
		if len(script) > 4096 {
			return
		}
		g := fuzzGame(t)
		src := &dice.Script{Values: stepDice(rolls), Then: dice.NewSeeded(1)}
		var r asl.Result
		for _, line := range strings.Split(script, "\n") {
			fuzzOneStep(t, g, line, src, &r)
		}
	})
}

// fuzzOneStep parses and plays one line ("phase SIDE" begins that side's MPh) and checks
// that a refused step changed nothing and an accepted one kept the invariants.
func fuzzOneStep(t *testing.T, g *asl.Game, line string, src dice.Source, r *asl.Result) {
	t.Helper()
	if f := strings.Fields(line); len(f) == 2 && f[0] == "phase" {
		g.BeginMPh(f[1])
		checkInvariants(t, g, line)
		return
	}
	a, err := g.ParseStep(line)
	if err != nil {
		return
	}
	// The notation round-trips.
	if b, err := g.ParseStep(g.Describe(a)); err != nil {
		t.Fatalf("%q: Describe wrote %q, which does not parse: %v", line, g.Describe(a), err)
	} else if b != a {
		t.Fatalf("%q: Describe wrote %q, which parses as %+v, not %+v", line, g.Describe(a), b, a)
	}
	units, mp, phasing := cloneUnits(g.Units), g.Map.Clone(), g.Phasing
	err = g.Step(a, src, r)
	if err != nil {
		var ref *asl.Refusal
		if errors.As(err, &ref) && (ref.Rule == "" || ref.Msg == "") {
			t.Fatalf("%q: refusal without a rule or a message: %#v", line, ref)
		}
		if !reflect.DeepEqual(g.Units, units) {
			for i := range units {
				if !reflect.DeepEqual(g.Units[i], units[i]) {
					t.Fatalf("%q was refused (%v) but changed %s:\nbefore %+v\nafter  %+v", line, err, units[i].ID, units[i], g.Units[i])
				}
			}
			t.Fatalf("%q was refused (%v) but changed the units", line, err)
		}
		if !reflect.DeepEqual(g.Map, mp) || g.Phasing != phasing {
			t.Fatalf("%q was refused (%v) but changed the map or the phasing side", line, err)
		}
		return
	}
	if got := r.Cost.Total(); got < 0 {
		t.Fatalf("%q: step cost %s (%s)", line, got, r.Cost.String())
	}
	_ = r.Cost.String()
	_ = r.Rules()
	checkInvariants(t, g, line)
}

// FuzzStepChoices plays steps chosen by the fuzz bytes, four a step: the unit, the verb, the
// argument (a hex, hexspine or hexside round the unit, an MP amount, an attack result) and the
// scripted roll. Unlike FuzzStep, nearly every step it makes parses, so it goes deeper.
func FuzzStepChoices(f *testing.F) {
	f.Add([]byte{0, 0, 0, 5, 0, 3, 4, 5, 0, 3, 4, 5, 0, 3, 5, 5, 0, 1, 0, 0, 0, 2, 0, 0})
	f.Add([]byte{1, 3, 0, 7, 1, 5, 1, 7, 1, 6, 2, 7, 1, 6, 18, 7, 1, 8, 3, 9, 1, 2, 0, 0})
	f.Add([]byte{0, 5, 0, 2, 0, 6, 5, 2, 0, 6, 21, 2, 0, 7, 1, 2, 0, 8, 2, 2, 0, 11, 4, 2})
	f.Add([]byte{0, 9, 3, 2, 0, 10, 6, 12, 3, 13, 0, 1, 3, 14, 0, 0, 3, 0, 0, 2, 3, 3, 3, 2})
	f.Add([]byte{2, 3, 3, 4, 2, 3, 4, 4, 2, 4, 5, 4, 0, 12, 1, 0, 1, 12, 2, 0, 3, 12, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 400 {
			return
		}
		g := fuzzGame(t)
		var r asl.Result
		seeded := dice.NewSeeded(uint64(len(data)))
		for ; len(data) >= 4; data = data[4:] {
			line := fuzzChoose(g, data[0], data[1], data[2])
			src := &dice.Script{Values: []int{1 + int(data[3])%12}, Then: seeded}
			fuzzOneStep(t, g, line, src, &r)
		}
	})
}

var fuzzAttacks = []string{"missed", "destroyed", "immobilized", "shocked", "stunned", "recalled"}

// fuzzChoose writes a step for unit ub%len(Units), verb vb, argument ab.
func fuzzChoose(g *asl.Game, ub, vb, ab byte) string {
	lay := g.Map.Layout
	u := &g.Units[int(ub)%len(g.Units)]
	h := u.Pos.Hex
	n := h.Neighbor(hex.Side(ab % 6))
	// a pair of hexes round h: the two a hexspine points between, or h and a neighbour
	x, y := h.SpineHexes(hex.Spine(ab % 6))
	if ab&16 != 0 {
		x, y = h, n
	}
	if ab&8 != 0 {
		x, y = y, x
	}
	if u.Pos.Bypass && ab&32 != 0 { // round the CAFP of a vehicle in Bypass
		a, b := u.Pos.FacedHexside()
		x, y = a, b
		if ab&64 != 0 {
			x, y = b.Neighbor(hex.Side(ab%6)), b
		}
	}
	pair := lay.Name(x) + "-" + lay.Name(y)
	other := g.Units[int(ab)%len(g.Units)].ID
	mp := asl.MP(ab % 9).String()
	switch vb % 19 {
	case 0:
		return u.ID + " start"
	case 1:
		return u.ID + " stop"
	case 2:
		return u.ID + " end"
	case 3:
		return u.ID + " enter " + lay.Name(n)
	case 4:
		return u.ID + " enter " + lay.Name(n) + " all"
	case 5:
		return u.ID + " vca " + pair
	case 6:
		return u.ID + " bypass " + pair
	case 7:
		return u.ID + " reverse " + lay.Name(n)
	case 8:
		return u.ID + " reverse bypass " + pair
	case 9:
		return u.ID + " delay " + mp
	case 10:
		return u.ID + " esb " + mp
	case 11:
		return u.ID + " minimum " + lay.Name(n)
	case 12:
		return "attack " + u.ID + " " + fuzzAttacks[int(ab)%len(fuzzAttacks)]
	case 13:
		s := "motion-attempt " + u.ID
		if ab&1 != 0 {
			s += " vca " + pair
		}
		if ab&2 != 0 {
			s += " vs " + other
		}
		return s
	case 15:
		return u.ID + " end toward " + lay.Name(n)
	case 16:
		return u.ID + " bu"
	case 17:
		return u.ID + " ce"
	case 18:
		return u.ID + " fire-vca " + pair
	}
	return "phase " + u.Side
}
