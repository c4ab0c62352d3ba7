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
