package opponent_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/asl"
	"github.com/umpire-referee/umpire/asl/aslfile"
	"github.com/umpire-referee/umpire/asl/aslgen"
	"github.com/umpire-referee/umpire/asl/opponent"
	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/hex"
)

// load reads a scenario text.
func load(t testing.TB, name, text string) *asl.Game {
	t.Helper()
	s, err := aslfile.Load(name, []byte(text))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s.Game.Clone()
}

// play plays line on g with src; a refusal fails the test.
func play(t *testing.T, g *asl.Game, line string, src dice.Source) {
	t.Helper()
	l, err := g.ParseLine(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	var r asl.LineResult
	if err := g.Play(&l, src, &r); err != nil {
		t.Fatalf("the referee refused the opponent's %q: %v", line, err)
	}
}

// turn lets the opponent play side's MPh on g to its end (it hands the turn over with `mph`),
// every step through the referee; the steps it took.
func turn(t *testing.T, g *asl.Game, side string, b float64, src dice.Source) []opponent.Decision {
	t.Helper()
	var out []opponent.Decision
	var mem opponent.Memory
	for n := 0; ; n++ {
		if n > 500 {
			t.Fatalf("the opponent took 500 steps in one MPh: %v", out[len(out)-5:])
		}
		d, ok := opponent.Decide(g, side, opponent.Options{Boldness: b, Memory: &mem})
		if !ok {
			return out
		}
		if d.Reason == "" {
			t.Errorf("%q has no reason", d.Line)
		}
		play(t, g, d.Line, src)
		out = append(out, d)
		if strings.HasPrefix(d.Line, "mph ") {
			return out
		}
	}
}

const woodsAhead = `name: a woods hex to reach
ruleset: asl
map:
  boards: ["2"]
  conditions: mud
  terrain: {2M6: woods}
  novbm: [2M6-2M5, 2M6-2L5, 2M6-2L6, 2M6-2M7, 2M6-2N5, 2M6-2N6]
units:
  - {id: T1, side: German, vehicle: PzKpfw IVH, at: 2L5, vca: 2M5-2M6}
  - {id: R1, side: Russian, vehicle: T-34 M40, at: 2C5, vca: 2B4-2B5}
objectives:
  - {side: German, reach: [2M6], points: 3}
`

// TestBoldness: 2M6 is woods in mud, no Bypass round it, so standing in it means a Bog Check;
// the safest way in is an ALL-MP entry (D2.7), 5/6 to arrive Mobile (D8.2: a Final DR of 12
// bogs, the DR +1 for normal ground pressure and +1 for mud, so a DR of 10 to 12, 6 in 36). A bold opponent takes it (5/6 of 3 points is worth the risk); a
// cautious one will not risk the tank for one hex, ends its MPh where it is and says why.
func TestBoldness(t *testing.T) {
	for _, c := range []struct {
		boldness float64
		want     string
	}{{1, "T1 enter 2M6 all"}, {0.5, "T1 enter 2M6 all"}, {0, "T1 end"}} {
		g := load(t, "woods.yaml", woodsAhead)
		d, ok := opponent.Decide(g, "German", opponent.Options{Boldness: c.boldness})
		if !ok || d.Line != c.want {
			t.Errorf("boldness %v: %q (%s), want %q", c.boldness, d.Line, d.Reason, c.want)
		}
		if !strings.Contains(d.Reason, "0.83 to arrive Mobile") {
			t.Errorf("boldness %v: the reason %q does not give the chance of arriving Mobile, 5/6", c.boldness, d.Reason)
		}
	}
}

const exitEast = `name: exit east
ruleset: asl
map:
  boards: ["2"]
units:
  - {id: T1, side: German, vehicle: PzKpfw IVH, at: 2K5, vca: 2L4-2L5}
  - {id: T2, side: German, vehicle: PzKpfw IVH, at: 2K7, vca: 2L6-2L7}
  - {id: R1, side: Russian, vehicle: T-34 M40, at: 2C5, vca: 2B4-2B5}
objectives:
  - {side: German, exit: east, points: 2}
  - {side: Russian, mobile: all}
`

// TestExitsEast: asked to exit off the east edge, the opponent drives both tanks east every
// MPh (nearer the edge at each MPh's end) and off the map in its second, 4 points; it ends
// each MPh by handing the turn to the Russian, and does nothing in the Russian's.
func TestExitsEast(t *testing.T) {
	g := load(t, "exit.yaml", exitEast)
	src := dice.NewSeeded(1)
	east := func(id string) int {
		i, _ := g.Unit(id)
		return int(g.Units[i].Pos.Hex.X)
	}
	was := []int{east("T1"), east("T2")}
	for mph := 1; mph <= 2; mph++ {
		steps := turn(t, g, "German", 0.5, src)
		if last := steps[len(steps)-1]; last.Line != "mph Russian" || !strings.Contains(last.Reason, "the turn passes to Russian") {
			t.Fatalf("MPh %d ends with %+v, want mph Russian", mph, last)
		}
		if d, ok := opponent.Decide(g, "German", opponent.Options{}); ok {
			t.Fatalf("in the Russian MPh the German opponent plays %q", d.Line)
		}
		if mph == 1 {
			for k, id := range []string{"T1", "T2"} {
				if east(id) <= was[k]+6 {
					t.Errorf("after MPh 1 %s went from column %d to %d: not east", id, was[k], east(id))
				}
			}
		}
		play(t, g, "mph German", src)
	}
	st := g.Status(0)
	if st.Points != 4 {
		t.Errorf("after two MPh the exit scores %d (%s), want 4", st.Points, st.Detail)
	}
}

// TestNeverRefused: on random scenarios (two boards, vehicles, Infantry, a platoon, a Convoy
// and a Column on each side's part) with an exit objective for the German and a hold for the
// Russian, both sides played by the opponent for three MPh each at several boldnesses: the
// referee takes every step it gives (play fails the test on a refusal), and each MPh ends.
func TestNeverRefused(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		text := string(aslgen.Scenario(seed, aslgen.Size{Boards: 2, Vehicles: 6, Infantry: 2, Groups: 1}))
		text += "objectives:\n  - {side: German, exit: east, points: 2}\n  - {side: German, mobile: all}\n  - {side: Russian, mobile: all}\n"
		g := load(t, fmt.Sprintf("generated-%d.yaml", seed), text)
		src := dice.NewSeeded(seed)
		b := float64(seed%3) / 2
		side := g.Phasing
		for mph := 0; mph < 6; mph++ {
			steps := turn(t, g, side, b, src)
			if len(steps) == 0 {
				t.Fatalf("seed %d: the opponent does nothing in %s's MPh", seed, side)
			}
			side = strings.TrimPrefix(steps[len(steps)-1].Line, "mph ")
		}
	}
}

const columnAndSquad = `name: a Column and a squad to reach 2M5
ruleset: asl
map:
  boards: ["2"]
  roads: [2B5-2C5-2D5-2E5-2F5-2G5]
units:
  - {id: I1, side: German, infantry: {name: 4-6-7}, at: 2E5}
  - {id: I2, side: German, infantry: {name: 4-6-7}, at: 2D5}
  - {id: I3, side: German, infantry: {name: 4-6-7}, at: 2C5}
  - {id: S1, side: German, infantry: {name: 4-6-7}, at: 2E8}
  - {id: R1, side: Russian, vehicle: T-34 M40, at: 2C1, vca: 2B1-2C2}
groups:
  - {id: K1, kind: column, members: [I1, I2, I3]}
objectives:
  - {side: German, reach: [2M5, 2M8], points: 3}
`

// TestColumnAndSquad: Infantry moves too. The Column's first Impulse takes its lead a hex
// toward 2M5 with each stack into the hex the one ahead left (E11.5); the lone squad ends its
// MPh nearer its goal than it began.
func TestColumnAndSquad(t *testing.T) {
	g := load(t, "column.yaml", columnAndSquad)
	s1, _ := g.Unit("S1")
	m8, _ := g.Map.Layout.Parse("2M8")
	was := hex.Distance(g.Units[s1].Pos.Hex, m8)
	steps := turn(t, g, "German", 0.5, dice.NewSeeded(1))
	if first := steps[0].Line; !strings.HasPrefix(first, "K1: I1 enter ") || !strings.Contains(first, "I2 enter 2E5, I3 enter 2D5") {
		t.Errorf("the Column's first Impulse is %q", first)
	}
	if now := hex.Distance(g.Units[s1].Pos.Hex, m8); now >= was {
		t.Errorf("S1 ends %d hexes from 2M8, was %d", now, was)
	}
}

const oneHexShort = `name: one hex short without ESB
ruleset: asl
map:
  boards: ["2"]
units:
  - {id: T1, side: German, vehicle: PzKpfw IVH, at: 2A5, vca: 2B4-2B5}
  - {id: R1, side: Russian, vehicle: T-34 M40, at: 2C1, vca: 2B1-2C2}
objectives:
  - {side: German, reach: [2N5], points: 3}
`

// TestESBWhenBold: 2N5 lies one hex beyond the PzKpfw IVH's 13 MP (a Start and 13 hexes of
// open ground). A bold opponent (1) seeks one more MP by ESB (D2.5) first, and says the chance
// of arriving Mobile that costs (13/18: the Final DR immobilizes on 12, the DR +1 for the MP
// sought and +2 for a German maker); one at the default boldness drives to 2M6 and makes no
// ESB.
func TestESBWhenBold(t *testing.T) {
	for _, c := range []struct {
		boldness float64
		want     string
		reason   string
	}{{1, "T1 esb 1", "T1 to 2N5 (reach 2N5) this MPh: 14 MP, 0.72 to arrive Mobile"}, {0.5, "T1 enter 2B5", "1 hex from 2N5"}} {
		g := load(t, "esb.yaml", oneHexShort)
		d, ok := opponent.Decide(g, "German", opponent.Options{Boldness: c.boldness})
		if !ok || !strings.HasPrefix(d.Line, strings.Fields(c.want)[0]+" "+strings.Fields(c.want)[1]) || !strings.Contains(d.Reason, c.reason) {
			t.Errorf("boldness %v: %q (%s); want %q, the reason holding %q", c.boldness, d.Line, d.Reason, c.want, c.reason)
		}
	}
}
