package lightningwar

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// benchGame is a 72" x 48" table with a dozen terrain features, two roads and a stream, and
// ten detachments (tanks, trucks, infantry, cavalry) with four-leg orders.
func benchGame(b *testing.B) *Game {
	r := rand.New(rand.NewPCG(1, 1))
	tb := randomTable(r)
	for len(tb.Features) < 12 {
		tb.Features = append(tb.Features, randomTable(r).Features...)
	}
	g := newTestGame(b)
	g.Table = tb
	for i := 0; i < 10; i++ {
		var u Unit
		switch i % 4 {
		case 0:
			u = tank(fmt.Sprint("T", i), Medium, true)
		case 1:
			u = tank(fmt.Sprint("W", i), Small, false)
		case 2:
			u = Unit{ID: fmt.Sprint("S", i), Type: Infantry}
		default:
			u = Unit{ID: fmt.Sprint("K", i), Type: Cavalry, Mounted: true}
		}
		id := fmt.Sprint("D", i)
		addDet(b, g, id, Inch(float64(5+6*i), 5), u)
		path := fmt.Sprintf("order %s path", id)
		for j := 0; j < 4; j++ {
			x, y := Inch(r.Float64()*72, r.Float64()*48).Inches()
			path += fmt.Sprintf(" %.2f,%.2f", x, y)
		}
		play(b, g, nil, path)
	}
	return g
}

// BenchmarkMovementPhase plays one whole Movement Phase of ten detachments.
func BenchmarkMovementPhase(b *testing.B) {
	g := benchGame(b)
	b.ReportAllocs()
	for b.Loop() {
		c := g.Clone()
		if _, err := c.Apply("movement", dice.Lowest{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPieces cuts a five-leg route across the table into pieces of ground.
func BenchmarkPieces(b *testing.B) {
	g := benchGame(b)
	route := Polyline{Inch(1, 1), Inch(70, 40), Inch(5, 45), Inch(60, 2), Inch(30, 30), Inch(2, 20)}
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Table.pieces(route)
	}
}

// footprintGame is the bench's table with a road crossing a stream by a 2"-wide bridge (a
// choke point) at 36,24, and eight detachments of two to four bases on two sides: German
// columns driving east and Russian lines marching west in lanes 4" apart, so that they pass
// within a few inches of each other; a German line of tanks on the road, which passes the
// bridge in column, beside a German truck parked on the bridge's far corner.
func footprintGame(b testing.TB) *Game {
	r := rand.New(rand.NewPCG(2, 2))
	g := newTestGame(b)
	g.Table = randomTable(r)
	g.Table.Roads = append(g.Table.Roads, Road{ID: "road", Line: Polyline{Inch(0, 24), Inch(72, 24)}, HalfWidth: RoadHalfWidth})
	g.Table.Streams = append(g.Table.Streams, Stream{ID: "brook", Line: Polyline{Inch(36, 0), Inch(36, 48)}})
	g.Table.Chokes = []Choke{{ID: "bridge", Area: rect(35, 23, 37, 25)}}
	units := func(prefix, formation string, n int, mk func(id string) Unit) []Unit {
		var us []Unit
		for k := range n {
			u := mk(fmt.Sprint(prefix, k))
			u.Formation = formation
			us = append(us, u)
		}
		return us
	}
	tanks := func(id string) Unit { return tank(id, Medium, true) }
	squads := func(id string) Unit { return Unit{ID: id, Type: Infantry} }
	for i := range 3 {
		y := 6 + 12*float64(i)
		ge := addDet(b, g, fmt.Sprint("G", i), Inch(20, y), units(fmt.Sprint("GT", i, "_"), "1Pl", 3, tanks)...)
		ge.Form = FormColumn
		addDet(b, g, fmt.Sprint("R", i), Inch(52, y+4), units(fmt.Sprint("RS", i, "_"), "RCoy", 4, squads)...)
		play(b, g, nil, fmt.Sprintf("order G%d path 60,%v", i, y), fmt.Sprintf("order R%d path 10,%v", i, y+4))
	}
	addDet(b, g, "GR", Inch(22, 24), units("GL", "2Pl", 3, tanks)...)
	addDet(b, g, "GP", Inch(37.3, 25.3), tank("GPT", Small, false))
	play(b, g, nil, "order GR path 60,24")
	return g
}

// BenchmarkMovementPhaseFootprints plays one whole Movement Phase of footprintGame: every move
// sweeps its bases past the enemy's and the bridge.
func BenchmarkMovementPhaseFootprints(b *testing.B) {
	g := footprintGame(b)
	b.ReportAllocs()
	for b.Loop() {
		c := g.Clone()
		if _, err := c.Apply("movement", dice.Lowest{}); err != nil {
			b.Fatal(err)
		}
	}
}
