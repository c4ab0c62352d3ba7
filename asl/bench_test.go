package asl_test

import (
	"fmt"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// noRolls is a dice source for steps that must not roll: it fails the benchmark if asked.
type noRolls struct{ b *testing.B }

func (n *noRolls) Roll(k dice.Kind) (dice.Roll, error) {
	n.b.Fatalf("a %v was rolled", k)
	return dice.Roll{}, nil
}

// benchGame is one open board and a tank in 2A5 facing right, already moving, with a path
// of pre-parsed steps zigzagging right across the board (2B5, 2C5, 2D5, ... 2GG5: the lowered
// and the other columns alternate, so the VCA stays right).
func benchGame(b *testing.B, mp int) (*asl.Game, []asl.Action, asl.Unit) {
	b.Helper()
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	v := asl.NewVehicle("T", asl.Tank, mp)
	start, err := lay.Parse("A5")
	if err != nil {
		b.Fatal(err)
	}
	units := []asl.Unit{{ID: "T", Side: "German", V: &v, Pos: asl.Position{Hex: start, Heading: 0}}}
	g := asl.NewGame(m, units, "German")
	var r asl.Result
	a, err := g.ParseStep("T start")
	if err != nil {
		b.Fatal(err)
	}
	if err := g.Step(a, &noRolls{b}, &r); err != nil {
		b.Fatal(err)
	}
	var path []asl.Action
	for c := 1; c < hex.BoardColumns; c++ {
		a, err := g.ParseStep("T enter " + hex.ColumnName(c) + "5")
		if err != nil {
			b.Fatal(err)
		}
		path = append(path, a)
	}
	return g, path, g.Units[0]
}

// walkPath checks the path is legal once, then times one step of it per op, going back to
// the start of the path (resetting, without allocating, the fields the path changed) at its
// end. It returns the last step's result.
func walkPath(b *testing.B, g *asl.Game, path []asl.Action, saved asl.Unit) *asl.Result {
	src := &noRolls{b}
	var r asl.Result
	u := &g.Units[0]
	for _, a := range path {
		if err := g.Step(a, src, &r); err != nil {
			b.Fatal(err)
		}
	}
	*u = saved
	b.ReportAllocs()
	b.ResetTimer()
	k := 0
	for i := 0; i < b.N; i++ {
		if k == len(path) {
			u.Pos, u.Spent, u.EnteredHex = saved.Pos, saved.Spent, saved.EnteredHex
			g.ForgetLOSRecord()
			k = 0
		}
		if err := g.Step(path[k], src, &r); err != nil {
			b.Fatal(err)
		}
		k++
	}
	b.StopTimer()
	return &r
}

// BenchmarkEnter is one `enter` of an Open Ground hex by a moving tank: the hot path of
// adjudication. Target: <= 100 ns/op, 0 allocs/op (issue 19).
func BenchmarkEnter(b *testing.B) {
	g, path, saved := benchGame(b, 60000)
	if r := walkPath(b, g, path, saved); r.Cost.Total() != asl.Whole(1) {
		b.Fatalf("an Open Ground hex cost %s", r.Cost.String())
	}
}

// BenchmarkEnterNewTerrain is BenchmarkEnter across the Terrain Chart's newer rows: gullies
// and dry streams (depressions: no Bog Check from one to the next, none for a tank leaving),
// shellholes, an elevated road entered off-road, grain out of season, brush and orchards under
// snow, a wreck now and then. Target: the figure of BenchmarkEnter, 0 allocs/op.
func BenchmarkEnterNewTerrain(b *testing.B) {
	g, path, saved := benchGame(b, 60000)
	rows := []asl.Terrain{asl.Gully, asl.DryStream, asl.Shellholes, asl.ElevatedRoad, asl.Grain, asl.Brush, asl.Orchard}
	for c := 1; c < hex.BoardColumns; c++ {
		h, _ := g.Map.Layout.Parse(hex.ColumnName(c) + "5")
		d := g.Map.At(h)
		d.Terrain = rows[c%len(rows)]
		if c%5 == 0 {
			d.Wrecks = 1
		}
	}
	g.Map.Conditions, g.Map.GrainOutOfSeason = asl.Snow, true
	walkPath(b, g, path, saved)
}

// BenchmarkEnterWoodsBog is one `enter` of a woods hex (½ the printed MP) with its Bog Check
// (D8.2). For information.
func BenchmarkEnterWoodsBog(b *testing.B) {
	g, path, saved := benchGame(b, 60000)
	for c := 1; c < hex.BoardColumns; c++ {
		h, _ := g.Map.Layout.Parse(hex.ColumnName(c) + "5")
		g.Map.At(h).Terrain = asl.Woods
	}
	var src dice.Lowest
	var r asl.Result
	u := &g.Units[0]
	for _, a := range path[:1] {
		if err := g.Step(a, src, &r); err != nil {
			b.Fatal(err)
		}
		if len(r.Rolls()) != 1 || u.Immobile != asl.Mobile {
			b.Fatalf("expected one Bog Check passed, got %v", r.Rolls())
		}
	}
	*u = saved
	b.ReportAllocs()
	b.ResetTimer()
	k := 0
	for i := 0; i < b.N; i++ {
		if k == len(path) {
			u.Pos, k = saved.Pos, 0
			g.ForgetLOSRecord()
		}
		u.Spent = saved.Spent // ½ of 60000 MP a hex: reset every step
		if err := g.Step(path[k], src, &r); err != nil {
			b.Fatal(err)
		}
		k++
	}
}

// groupBench is three vehicles in a line along rows 3, 4 and 5 of board 2 from column A,
// facing right and moving, formed into a group of the given kind (a platoon side by side, or a
// Convoy nose to tail along row 5), with the Impulses that drive them across the board.
func groupBench(b *testing.B, kind asl.GroupKind) (*asl.Game, []asl.ImpulseAction, []asl.Unit) {
	b.Helper()
	lay := hex.MustLayout([]string{"2"})
	m := asl.NewMap(lay)
	v := asl.NewVehicle("T", asl.Tank, 60000)
	v.Radio = false
	var units []asl.Unit
	var start []string
	if kind == asl.KindPlatoon {
		start = []string{"A3", "A4", "A5"}
	} else {
		start = []string{"C5", "B5", "A5"}
	}
	for i, s := range start {
		h, err := lay.Parse(s)
		if err != nil {
			b.Fatal(err)
		}
		units = append(units, asl.Unit{ID: string(rune('X' + i)), Side: "German", V: &v, Pos: asl.Position{Hex: h}, Motion: true})
	}
	g := asl.NewGame(m, units, "German")
	if err := g.AddGroup("G", kind, []int{0, 1, 2}); err != nil {
		b.Fatal(err)
	}
	var imps []asl.ImpulseAction
	first := 1
	if kind == asl.KindConvoy {
		first = 3
	}
	for c := first; c < hex.BoardColumns; c++ {
		var line string
		if kind == asl.KindPlatoon {
			line = fmt.Sprintf("G: X enter %s3, Y enter %s4, Z enter %s5", hex.ColumnName(c), hex.ColumnName(c), hex.ColumnName(c))
		} else {
			line = fmt.Sprintf("G: X enter %s5, Y enter %s5, Z enter %s5", hex.ColumnName(c), hex.ColumnName(c-1), hex.ColumnName(c-2))
		}
		l, err := g.ParseLine(line)
		if err != nil {
			b.Fatal(err)
		}
		imps = append(imps, asl.ImpulseAction{Group: 0, Acts: l.Acts})
	}
	return g, imps, append([]asl.Unit(nil), g.Units...)
}

func benchImpulse(b *testing.B, kind asl.GroupKind, want asl.MP) {
	g, imps, saved := groupBench(b, kind)
	src := &noRolls{b}
	var r asl.ImpulseResult
	for _, ia := range imps {
		if err := g.Impulse(ia, src, &r); err != nil {
			b.Fatal(err)
		}
	}
	copy(g.Units, saved)
	b.ReportAllocs()
	b.ResetTimer()
	k := 0
	for i := 0; i < b.N; i++ {
		if k == len(imps) {
			copy(g.Units, saved)
			k = 0
		}
		if err := g.Impulse(imps[k], src, &r); err != nil {
			b.Fatal(err)
		}
		k++
	}
	b.StopTimer()
	if r.Cost != want {
		b.Fatalf("an Impulse cost %s, want %s", r.Cost, want)
	}
}

// BenchmarkPlatoonImpulse is one Impulse of a three-AFV platoon, each entering an Open Ground
// hex, with the end-of-Impulse formation check (D14.21). Reported as ns per Impulse.
func BenchmarkPlatoonImpulse(b *testing.B) { benchImpulse(b, asl.KindPlatoon, asl.Whole(1)) }

// BenchmarkConvoyImpulse is one Impulse of a three-vehicle Convoy following its lead along a
// row, 1 MP per hex plus 1 for the Convoy (E11.2), with the Gap check.
func BenchmarkConvoyImpulse(b *testing.B) { benchImpulse(b, asl.KindConvoy, asl.Whole(2)) }
