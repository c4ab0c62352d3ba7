package opponent_test

import (
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
	"github.com/umpire-referee/umpire/lhy"
	"github.com/umpire-referee/umpire/lhy/lhyfile"
	"github.com/umpire-referee/umpire/lhy/opponent"
)

// game loads a scenario text.
func game(t testing.TB, text string) *lhy.Game {
	t.Helper()
	s, err := lhyfile.LoadLHY("o.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s.Game.Clone()
}

// play plays lines on g with scripted dice faces.
func play(t *testing.T, g *lhy.Game, faces []int, lines ...string) {
	t.Helper()
	src := &dice.Script{Values: faces}
	for _, l := range lines {
		if _, err := g.Apply(l, src); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// decide is the opponent's step for side, taken by the referee (with the lowest dice) so that
// the test knows it is legal.
func decide(t *testing.T, g *lhy.Game, side string, boldness float64) (opponent.Decision, bool) {
	t.Helper()
	d, ok := opponent.Decide(g, side, boldness)
	if ok {
		if _, err := g.Clone().Apply(d.Line, dice.Lowest{}); err != nil {
			t.Fatalf("the referee refuses umpire's %q: %v", d.Line, err)
		}
	}
	return d, ok
}

// The squad A1 beats U1 and the halftrack H1 in C5 (row 6-9, both sides may attempt a Vehicle
// Destruction, 14.3.2): umpire, playing GE, makes its attempt on H1 (A1 is a squad: +2, 3 in
// 10) before the Americans retreat, and says its chance.
func TestVehicleDestructionAttempt(t *testing.T) {
	g := game(t, `ruleset: lhy
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 6}
  - {id: H1, side: US, kind: HT, at: C5, av: 1}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 5}
`)
	play(t, g, []int{6, 2}, "assault C5 A1")
	if g.After == nil || g.After.Loser != lhy.Defender {
		t.Fatalf("the setup's Assault: %+v", g.After)
	}
	d, ok := decide(t, g, "GE", 0.5)
	if !ok || d.Line != "vda A1 H1" {
		t.Fatalf("umpire's step: %q, %v; want vda A1 H1", d.Line, ok)
	}
	if !strings.Contains(d.Reason, "30%") || !strings.Contains(d.Reason, "14.3.2") {
		t.Errorf("reason %q: want the 30%% chance and the rule", d.Reason)
	}
	// the Americans owe their Retreats: umpire, playing US, takes one of them
	d, ok = decide(t, g, "US", 0.5)
	if !ok || !strings.HasPrefix(d.Line, "retreat ") {
		t.Errorf("umpire (US) after losing: %q, %v; want a Retreat", d.Line, ok)
	}
}

// U1 loses an Assault in C5 and must retreat 2 to 4 hexes (14.3.3). The rural building in C2 is
// in cover and away from the Germans in C6 and B6; open ground lies the other ways. umpire
// retreats it into the building, the way the rule allows.
func TestRetreatToCover(t *testing.T) {
	g := game(t, `ruleset: lhy
map:
  hexes: {C2: rural building}
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 6}
  - {id: A2, side: GE, kind: squad, at: B6, cohesion: 6}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 5}
`)
	play(t, g, []int{6, 9}, "assault C5 A1")
	d, ok := decide(t, g, "US", 0.5)
	if !ok || !strings.HasPrefix(d.Line, "retreat U1 ") || !strings.HasSuffix(d.Line, " C2") {
		t.Fatalf("umpire's Retreat: %q, %v; want one ending in C2", d.Line, ok)
	}
	if !strings.Contains(d.Reason, "in cover") {
		t.Errorf("reason %q: want it to say the end is in cover", d.Reason)
	}
}

// A unit that must retreat and has no Retreat open (hemmed in by the enemy and the map edge)
// is eliminated, and umpire says so rather than leave the step undone.
func TestRetreatNoneOpen(t *testing.T) {
	g := game(t, `ruleset: lhy
map: {cols: 3, rows: 3}
units:
  - {id: A1, side: GE, kind: squad, at: B2, cohesion: 6}
  - {id: A2, side: GE, kind: squad, at: A2, cohesion: 6}
  - {id: A3, side: GE, kind: squad, at: B3, cohesion: 6}
  - {id: A4, side: GE, kind: squad, at: C2, cohesion: 6}
  - {id: A5, side: GE, kind: squad, at: C1, cohesion: 6}
  - {id: A6, side: GE, kind: squad, at: A1, cohesion: 6}
  - {id: U1, side: US, kind: squad, at: B1, cohesion: 5}
`)
	play(t, g, []int{6, 9}, "assault B1 A1")
	if len(g.RetreatPaths(6, 10)) > 0 {
		t.Skip("the setup leaves U1 a Retreat")
	}
	d, ok := decide(t, g, "US", 0.5)
	if !ok || d.Line != "retreat U1 eliminated" {
		t.Fatalf("umpire's step: %q, %v; want retreat U1 eliminated", d.Line, ok)
	}
}

// Caution: over random fronts, umpire at boldness 0 makes no more Assaults in its first turn's
// decisions than at boldness 1, and fewer in all (it weighs its own losses twice as much).
func TestBoldnessAssaults(t *testing.T) {
	count := func(b float64) (n int) {
		for seed := uint64(1); seed <= 8; seed++ {
			g := lhyTrial(t, seed)
			src := dice.NewSeeded(seed)
			for k := 0; k < 40; k++ {
				d, ok := opponent.Decide(g, axis, b)
				if !ok {
					break
				}
				if strings.HasPrefix(d.Line, "assault ") {
					n++
				}
				if _, err := g.Apply(d.Line, src); err != nil {
					t.Fatalf("refused %q: %v", d.Line, err)
				}
				for {
					l, ok := alliesPlay(g)
					if !ok {
						break
					}
					if _, err := g.Apply(l, src); err != nil {
						break
					}
				}
			}
		}
		return n
	}
	cautious, bold := count(0), count(1)
	if cautious >= bold {
		t.Errorf("assaults at boldness 0: %d, at 1: %d; want fewer when cautious", cautious, bold)
	}
}

// On the deadline's own turn only points count: umpire makes an Assault on a hex it must
// clear that a cautious player would not make turns before the deadline.
func TestDeadlineAssault(t *testing.T) {
	text := `ruleset: lhy
turn: 1
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 4}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 7}
  - {id: U2, side: US, kind: squad, at: C5, cohesion: 7}
objectives:
  - {side: GE, clear: [C5], points: 1, by: BY}
`
	early := game(t, strings.Replace(text, "BY", "5", 1))
	late := game(t, strings.Replace(text, "BY", "1", 1))
	_, earlyOK := decide(t, early, "GE", 0)
	d, lateOK := decide(t, late, "GE", 0)
	if earlyOK || !lateOK || d.Line != "assault C5 A1" {
		t.Errorf("cautious umpire: assaults 4 turns before the deadline %v, on its turn %v (%q); want only on its turn", earlyOK, lateOK, d.Line)
	}
}

// A1 (Cohesion 8), alone in C6, may assault U1 (Cohesion 5) next to it: +3, the defender
// loses on 3 or more, 8 in 10. When GE must also hold C6 (5 points), losing the Assault (A1
// retreats out of C6, 2 in 10) would cost that hex: 1 point lost on average, more than the
// Assault's gain. umpire does not risk it.
func TestHoldKeepsAttackerHome(t *testing.T) {
	text := `ruleset: lhy
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 8}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 5}
objectives:
  - {side: GE, eliminate: [U1], points: 1, by: 3}
`
	if d, ok := decide(t, game(t, text), "GE", 0.5); !ok || d.Line != "assault C5 A1" {
		t.Fatalf("without the hold: %q, %v; want assault C5 A1", d.Line, ok)
	}
	held := text + "  - {side: GE, hold: [C6], points: 5, by: 3}\n"
	if d, ok := decide(t, game(t, held), "GE", 0.5); ok {
		t.Errorf("with C6 to hold, umpire takes %q (%s); want no Assault out of it", d.Line, d.Reason)
	}
}

// A1 (Cohesion 5) has been declared against U1 (Cohesion 6) in C5: -1, the defender loses on 7
// or more, 4 in 10. A2 (Cohesion 8) is in range: reinforcing makes it +2 (on 4 or more, 7 in
// 10) for both, worth more than A1's weak Assault and A2's own alone. umpire reinforces, then
// resolves.
func TestReinforceDeclared(t *testing.T) {
	g := game(t, `ruleset: lhy
units:
  - {id: A1, side: GE, kind: squad, at: C6, cohesion: 5}
  - {id: A2, side: GE, kind: squad, at: D6, cohesion: 8}
  - {id: U1, side: US, kind: squad, at: C5, cohesion: 6}
objectives:
  - {side: GE, clear: [C5], points: 3, by: 2}
`)
	play(t, g, nil, "declare C5 A1")
	d, ok := decide(t, g, "GE", 0.5)
	if !ok || d.Line != "reinforce C5 A2" || !strings.Contains(d.Reason, "against") {
		t.Fatalf("umpire's step: %q (%s), %v; want reinforce C5 A2", d.Line, d.Reason, ok)
	}
	play(t, g, nil, d.Line)
	if d, ok = decide(t, g, "GE", 0.5); !ok || d.Line != "resolve C5" {
		t.Errorf("umpire's next step: %q, %v; want resolve C5", d.Line, ok)
	}
}
