package plan

import (
	"math/rand/v2"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/hex"
)

// Generate makes a four-board map (two rows of two boards, about 1,300 hexes) from seed, with
// a vehicle of mp MP on it: hills of one and two levels, woods and building clusters, grain,
// brush, orchards and shellholes between them, a stream, roads running across the map,
// walls and hedges, a few wrecks. The vehicle is a tank of mp MP, Stopped near the middle of
// the map, facing a random way. The same seed always gives the same game; the planner's
// benchmarks and property tests use it.
func Generate(seed uint64, mp int) *asl.Game {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	lay := hex.MustLayout([]string{"41", "42"}, []string{"43", "44"})
	m := asl.NewMap(lay)
	var hexes []hex.Hex
	for x := 0; x < lay.Width(); x++ {
		for y := 0; y < lay.Height(); y++ {
			h := hex.Hex{X: int16(x), Y: int16(y)}
			if lay.Contains(h) {
				hexes = append(hexes, h)
			}
		}
	}
	pick := func() hex.Hex { return hexes[rng.IntN(len(hexes))] }
	blob := func(centre hex.Hex, radius int, set func(*asl.HexData)) {
		for _, h := range hexes {
			if d := hex.Distance(h, centre); d <= radius && (d < radius || rng.IntN(2) == 0) {
				set(m.At(h))
			}
		}
	}
	// Hills first, so the other terrain lies on them.
	for i := 0; i < 6; i++ {
		blob(pick(), 3+rng.IntN(3), func(d *asl.HexData) { d.Level = 1 })
	}
	for i := 0; i < 3; i++ {
		blob(pick(), 1+rng.IntN(2), func(d *asl.HexData) {
			if d.Level == 1 {
				d.Level = 2
			}
		})
	}
	for i := 0; i < 14; i++ {
		blob(pick(), 1+rng.IntN(3), func(d *asl.HexData) { d.Terrain = asl.Woods })
	}
	for i := 0; i < 10; i++ {
		blob(pick(), rng.IntN(2), func(d *asl.HexData) { d.Terrain = asl.Building })
	}
	scatter := []asl.Terrain{asl.Grain, asl.Grain, asl.Brush, asl.Orchard, asl.Shellholes}
	for _, h := range hexes {
		d := m.At(h)
		if d.Terrain == asl.OpenGround && rng.IntN(6) == 0 {
			d.Terrain = scatter[rng.IntN(len(scatter))]
		}
		if rng.IntN(60) == 0 {
			d.Wrecks = 1
		}
	}
	// A stream wandering down the map.
	h := hex.Hex{X: int16(lay.Width() / 3), Y: 0}
	for lay.Contains(h) {
		if d := m.At(h); d.Terrain == asl.OpenGround || d.Terrain == asl.Grain || d.Terrain == asl.Brush {
			d.Terrain, d.Level = asl.Stream, 0
		}
		h = h.Neighbor(hex.Side(2 + rng.IntN(2)))
	}
	// Roads: a few long ones across the map, each heading one general way.
	for i := 0; i < 5; i++ {
		h := pick()
		dir := hex.Side(rng.IntN(6))
		for step := 0; step < 60; step++ {
			s := dir.Rotate(rng.IntN(3) - 1)
			n := h.Neighbor(s)
			if !lay.Contains(n) {
				break
			}
			m.SetRoad(h, s, false)
			h = n
		}
	}
	// Walls and hedges.
	for _, h := range hexes {
		for s := hex.Side(0); s < 3; s++ {
			n := h.Neighbor(s)
			if !lay.Contains(n) || m.Road(h, s) {
				continue
			}
			switch rng.IntN(40) {
			case 0:
				m.SetWall(h, s)
			case 1:
				m.SetHedge(h, s)
			}
		}
	}
	start := hex.Hex{X: int16(lay.Width() / 2), Y: int16(lay.Height() / 2)}
	d := m.At(start)
	d.Terrain, d.Wrecks = asl.OpenGround, 0
	v := asl.NewVehicle("T", asl.Tank, mp)
	u := asl.Unit{ID: "T", Side: "German", V: &v, Pos: asl.Position{Hex: start, Heading: hex.Spine(rng.IntN(6))}}
	return asl.NewGame(m, []asl.Unit{u}, "German")
}
