package server

import (
	"testing"

	"github.com/umpire-referee/umpire/game"
)

// BenchmarkStateHash is the state hash the server takes after every step it accepts, on each
// demo game's setup (rules.Hash: encoders compiled per type, streamed into SHA-256).
func BenchmarkStateHash(b *testing.B) {
	for _, c := range []struct {
		name string
		data []byte
	}{{"asl", demoScenario}, {"lhy", demoLHYScenario}, {"lightningwar", demoLWScenario}} {
		b.Run(c.name, func(b *testing.B) {
			g, _, err := game.CreateReported(c.name+".yaml", c.data, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				g.Hash()
			}
		})
	}
}
