package game

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// BenchmarkCreate reads a scenario file and plays its own moves as a game's first steps, as
// the server does when a game is created, for a file of each ruleset: the cost of the whole
// path from a file through the ruleset to the log; then, as units=N, generated ASL scenarios
// of N units (benchmarkCreateScale).
func BenchmarkCreate(b *testing.B) {
	for _, f := range []string{
		"../testdata/examples/d14.212-t26-platoon.yaml",
		"../testdata/lhy/14.3-advance-reinforce.yaml",
		"../testdata/lightningwar/orders-continue-after-halt.yaml",
	} {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(f), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				g, err := Create(f, data, dice.NewSeeded(1))
				if err != nil || len(g.Log) == 0 {
					b.Fatal(err)
				}
			}
		})
	}
	benchmarkCreateScale(b)
}

// BenchmarkReplay rebuilds a game from its log, as a server does for a game not in memory.
func BenchmarkReplay(b *testing.B) {
	f := "../testdata/examples/d14.212-t26-platoon.yaml"
	data, err := os.ReadFile(f)
	if err != nil {
		b.Fatal(err)
	}
	g, err := Create(f, data, dice.NewSeeded(1))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for range b.N {
		if _, err := Replay(f, data, g.Log, -1); err != nil {
			b.Fatal(err)
		}
	}
}
