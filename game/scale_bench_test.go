package game

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/dice"
)

// scaleSizes are the unit counts the scale benchmarks run at: n and 2n, so that their ratio
// shows how the work grows with the number of units (it should about double, not quadruple).
var scaleSizes = []int{250, 500}

// scaleColumn is the column letters of a board, A to GG, by index.
func scaleColumn(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	c := string(rune('A' + i - 26))
	return c + c
}

// scaleRows are the rows units stand in, in the order a board fills up.
var scaleRows = []int{2, 7, 4, 9, 1, 5, 3, 8, 6}

// scaleScenario is an ASL scenario with n vehicles spread over 16 boards (four rows of four),
// German and Russian by turns in the odd-lettered columns A to EE, each with its VCA toward the
// empty even-lettered column east of it, on open ground with a woods hex here and there, so
// that many pairs of enemies see each other and some do not. The Germans are phasing; moves
// are the lines of a Movement Phase in which each German starts, enters the hex east of it,
// stops and ends its MPh.
func scaleScenario(n int) (data []byte, moves []string) {
	var b strings.Builder
	fmt.Fprintf(&b, "name: scale %d\nruleset: asl\nseed: 1\nphasing: German\nmap:\n  rows:\n", n)
	for r := range 4 {
		fmt.Fprintf(&b, "    - [\"%d\", \"%d\", \"%d\", \"%d\"]\n", 4*r+1, 4*r+2, 4*r+3, 4*r+4)
	}
	b.WriteString("  terrain:\n")
	for board := 1; board <= 16; board++ {
		for _, h := range []string{"H5", "P3", "X8", "DD6"} {
			fmt.Fprintf(&b, "    %d%s: woods\n", board, h)
		}
	}
	b.WriteString("units:\n")
	moves = append(moves, "mph German")
	for k := range n {
		board, s := 1+k%16, k/16
		col, row := 2*(s%16), scaleRows[(s/16)%len(scaleRows)]
		side, name := "German", "PzKpfw IVH"
		if s%2 == 1 {
			side, name = "Russian", "T-34 M41"
		}
		at := fmt.Sprintf("%d%s%d", board, scaleColumn(col), row)
		east := fmt.Sprintf("%d%s%d", board, scaleColumn(col+1), row)
		fmt.Fprintf(&b, "  - {id: U%d, side: %s, vehicle: {name: %s, mp: 12, class: tank}, at: %s, vca: %d%s%d-%s}\n",
			k, side, name, at, board, scaleColumn(col+1), row-1, east)
		if side == "German" {
			moves = append(moves, fmt.Sprintf("U%d start", k), fmt.Sprintf("U%d enter %s", k, east),
				fmt.Sprintf("U%d stop", k), fmt.Sprintf("U%d end", k))
		}
	}
	return []byte(b.String()), moves
}

// benchmarkCreateScale (in BenchmarkCreate, as units=N) makes a game from the text of a
// scenario of n units, as the server's Create does: read the file, set up the map and units,
// begin the phasing side's MPh.
func benchmarkCreateScale(b *testing.B) {
	for _, n := range scaleSizes {
		data, _ := scaleScenario(n)
		b.Run(fmt.Sprintf("units=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				g, _, err := CreateReported("scale.yaml", data, dice.NewSeeded(1))
				if err != nil || g == nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPhase plays a whole ASL Movement Phase through the server's API (Parse, then Do):
// the MPh begins, and every phasing vehicle starts, enters one hex, stops and ends its MPh.
// Making the game is not timed.
func BenchmarkPhase(b *testing.B) {
	for _, n := range scaleSizes {
		data, moves := scaleScenario(n)
		b.Run(fmt.Sprintf("units=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				b.StopTimer()
				g, err := Create("scale.yaml", data, dice.NewSeeded(1))
				if err != nil {
					b.Fatal(err)
				}
				src := dice.NewSeeded(1)
				runtime.GC() // the garbage of making the game is not the phase's to collect
				b.StartTimer()
				for _, line := range moves {
					a, err := g.Parse(line)
					if err != nil {
						b.Fatal(line, err)
					}
					if _, err := g.Do(line, a, src); err != nil {
						b.Fatal(line, err)
					}
				}
			}
		})
	}
}

// TestScaleScenario checks the benchmarks' scenario: it loads, and its Movement Phase is
// played through with every German ending one hex east of where it began.
func TestScaleScenario(t *testing.T) {
	data, moves := scaleScenario(64)
	g, err := Create("scale.yaml", data, dice.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range moves {
		if _, err := g.Apply(line, dice.NewSeeded(1)); err != nil {
			t.Fatal(line, err)
		}
	}
	if want := 1 + 4*32; len(g.Log) != want {
		t.Fatalf("%d steps logged, want %d", len(g.Log), want)
	}
	want := map[string]string{} // unit -> the hex it entered
	for _, line := range moves {
		if f := strings.Fields(line); len(f) == 3 && f[1] == "enter" {
			want[f[0]] = f[2]
		}
	}
	ag := aslOf(g)
	germans := 0
	for _, u := range ag.Units {
		if u.Side != "German" {
			continue
		}
		germans++
		if at := ag.Map.Layout.Name(u.Pos.Hex); !u.Ended || u.Moving || u.Motion || u.Spent != asl.Whole(3) || at != want[u.ID] {
			t.Errorf("%s: ended %v moving %v motion %v, spent %s MP, at %s; want ended and stopped in %s after 3 MP (Start, Open Ground, Stop)",
				u.ID, u.Ended, u.Moving, u.Motion, u.Spent, at, want[u.ID])
		}
	}
	if germans != 32 {
		t.Errorf("%d Germans, want 32", germans)
	}
}
