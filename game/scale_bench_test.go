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

// columnScenario is an ASL scenario for the Column check (E11.53): a German Column of m squads
// in a snaking line on board 1, a German tank on board 16, and e Russian tanks on the boards
// beyond boards 2, 5 and 6, which are all woods, so that no Column member sees one: every
// check must find that no member has LOS to a Known enemy. Its moves are the tank's start and
// stop and a new German MPh, over and over.
func columnScenario(m, e int) (data []byte, moves []string) {
	var b strings.Builder
	fmt.Fprintf(&b, "name: columns %dx%d\nruleset: asl\nseed: 1\nphasing: German\nmap:\n  rows:\n", m, e)
	for r := range 4 {
		fmt.Fprintf(&b, "    - [\"%d\", \"%d\", \"%d\", \"%d\"]\n", 4*r+1, 4*r+2, 4*r+3, 4*r+4)
	}
	b.WriteString("  terrain:\n")
	for _, board := range []int{2, 5, 6} {
		for c := range 33 {
			for r := 1; r <= 10; r++ {
				fmt.Fprintf(&b, "    %d%s%d: woods\n", board, scaleColumn(c), r)
			}
		}
	}
	b.WriteString("units:\n")
	var members []string
	for k := range m { // rows 2, 3, ... of board 1, east along one and back along the next
		col := k % 30
		if (k/30)%2 == 1 {
			col = 29 - col
		}
		fmt.Fprintf(&b, "  - {id: S%d, side: German, infantry: {name: 4-6-7}, at: 1%s%d}\n", k, scaleColumn(col), 2+k/30)
		members = append(members, fmt.Sprintf("S%d", k))
	}
	b.WriteString("  - {id: T, side: German, vehicle: {name: PzKpfw IVH, mp: 12, class: tank}, at: 16A2, vca: 16B1-16B2}\n")
	far := []int{3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	for k := range e {
		board, s := far[k%len(far)], k/len(far)
		col, row := 2*(s%16), []int{1, 10, 2, 9}[(s/16)%4]
		fmt.Fprintf(&b, "  - {id: R%d, side: Russian, vehicle: {name: T-34 M41, mp: 12, class: tank}, at: %d%s%d, vca: %d%s%d-%d%s%d}\n",
			k, board, scaleColumn(col), row, board, scaleColumn(col+1), row-1, board, scaleColumn(col+1), row)
	}
	fmt.Fprintf(&b, "groups:\n  - {id: K1, kind: column, members: [%s]}\n", strings.Join(members, ", "))
	return []byte(b.String()), []string{"T start", "T stop", "mph German"}
}

// columnSizes are the Column's members and the enemies it faces, at n and 2n units.
var columnSizes = [][2]int{{30, 200}, {60, 400}}

// BenchmarkColumnCheck is one step of a unit outside a Column while the Column faces many
// Known enemies, none in its LOS: every step checks the Column for Disbandment (E11.53). The
// check traces LOS only from units that changed (asl/columnwatch.go); tracing from every
// member to every enemy made a step cost members x enemies traces (10 ms at 60 x 400).
func BenchmarkColumnCheck(b *testing.B) {
	for _, c := range columnSizes {
		data, moves := columnScenario(c[0], c[1])
		b.Run(fmt.Sprintf("members=%d,enemies=%d", c[0], c[1]), func(b *testing.B) {
			g, err := Create("columns.yaml", data, dice.NewSeeded(1))
			if err != nil {
				b.Fatal(err)
			}
			src := dice.NewSeeded(1)
			for _, line := range moves { // the first check of a game looks at every pair, once
				if _, err := g.Apply(line, src); err != nil {
					b.Fatal(line, err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				line := moves[i%len(moves)]
				if _, err := g.Apply(line, src); err != nil {
					b.Fatal(line, err)
				}
			}
		})
	}
}

// TestColumnScenario checks the benchmark's scenario: it loads, its steps are taken, and the
// Column is still whole after them (no member sees an enemy, so every check had to look).
func TestColumnScenario(t *testing.T) {
	data, moves := columnScenario(40, 60)
	g, err := Create("columns.yaml", data, dice.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, line := range moves {
			if _, err := g.Apply(line, dice.NewSeeded(1)); err != nil {
				t.Fatal(line, err)
			}
		}
	}
	ag := aslOf(g)
	gi, ok := ag.Group("K1")
	if !ok || ag.Groups[gi].Disbanded || len(ag.Groups[gi].Members) != 40 {
		t.Fatalf("Column K1 after the steps: found %v, %+v; want 40 members, not Disbanded", ok, ag.Groups[gi])
	}
}
