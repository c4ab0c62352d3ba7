package lhy

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-referee/umpire/dice"
)

// play plays lines on g with dice, failing t at the first refusal; it gives the reports.
func play(t *testing.T, g *Game, dv []int, lines ...string) []*Report {
	t.Helper()
	src := &dice.Script{Values: dv}
	var out []*Report
	for _, l := range lines {
		rep, err := g.Apply(l, src)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		out = append(out, rep)
	}
	return out
}

// TestRefusalMessagesCiteTheRule: refusals say the rule that forbids the step, in its own terms,
// and change nothing: a second Vehicle Destruction Attempt by a side (one per side, 14.3.2), an
// attempt the row does not give that side, a Retreat longer than the night allows (14.3.3).
func TestRefusalMessagesCiteTheRule(t *testing.T) {
	vdaGame := func() *Game {
		g := &Game{Map: NewMap(12, 10), Turn: 1}
		u(g, "A1", German, Squad, "C6", 6)
		u(g, "A2", German, Squad, "C6", 5)
		u(g, "G1", German, HT, "C6", 0, av(1, -1))
		u(g, "U1", "US", Squad, "C5", 5)
		u(g, "H1", "US", HT, "C5", 0, av(1, -1))
		return g
	}
	nightGame := func() *Game {
		g := &Game{Map: NewMap(12, 10), Turn: 1, Night: true}
		u(g, "A1", German, Squad, "C6", 7)
		u(g, "A2", German, Squad, "D5", 6)
		u(g, "U1", "US", Squad, "C5", 4)
		return g
	}
	for _, c := range []struct {
		name   string
		g      func() *Game
		dice   []int
		before []string
		line   string
		rule   string
		msg    string
		not    string
	}{
		{"second attempt by the attacker", vdaGame, []int{6, 3, 5}, []string{"assault C5 A1 A2 G1", "vda A1 H1"},
			"vda A2 H1", "14.3.2", "the attacker has made its Vehicle Destruction Attempt already: one per side", "belongs to"},
		{"second attempt by the defender", vdaGame, []int{6, 3, 5}, []string{"assault C5 A1 A2 G1", "vda U1 G1"},
			"vda U1 G1", "14.3.2", "the defender has made its Vehicle Destruction Attempt already: one per side", "belongs to"},
		{"the row gives none to the defender", func() *Game {
			g := vdaGame()
			g.Units[0].Cohesion = 9 // +3, and +1 for H1 in Motion: d10 10 makes 14
			g.Units[4].Motion = true
			return g
		}, []int{10}, []string{"assault C5 A1 A2 G1"},
			"vda U1 G1", "14.3.2", "gives a Vehicle Destruction Attempt only to the attacker, not the defender", "belongs to"},
		{"no row: resolved without a roll", func() *Game {
			g := &Game{Map: NewMap(12, 10), Turn: 1}
			u(g, "T1", "US", AFV, "C6", 0, av(4, 2))
			u(g, "T2", German, AFV, "C5", 0, av(5, 3))
			return g
		}, nil, []string{"assault C5 T1"},
			"vda T2 T1", "14.3.2", "resolved without a roll: no row gives a Vehicle Destruction Attempt", "nobody"},
		{"four hexes at night", nightGame, []int{10}, []string{"assault C5 A1 A2 envelopment"},
			"retreat U1 C4 C3 C2 C1", "14.3.3", "at most 3 hexes at night", "river"},
	} {
		g := c.g()
		play(t, g, c.dice, c.before...)
		before := g.Clone()
		_, err := g.Apply(c.line, &dice.Script{Values: []int{9}})
		r, ok := err.(*Refusal)
		if !ok || r.Rule != c.rule || !strings.Contains(r.Msg, c.msg) || strings.Contains(r.Msg, c.not) {
			t.Errorf("%s: %v, want a %s refusal saying %q", c.name, err, c.rule, c.msg)
		}
		if !reflect.DeepEqual(before, g) {
			t.Errorf("%s: refused, but the game changed", c.name)
		}
	}
}

// TestNightRetreatSaysItsLimit: at night the Assault's result says how far the loser must
// retreat and why (at most 3 hexes at night, 14.3.3), and so does the state's range.
func TestNightRetreatSaysItsLimit(t *testing.T) {
	for _, c := range []struct {
		dice     []int
		want     string
		min, max int
	}{
		{[]int{10}, "U1 must retreat 3 hexes (a Retreat is at most 3 hexes at night)", 3, 3}, // row 14: 4 hexes, cut to 3
		{[]int{6, 1}, "U1 must retreat 2-3 hexes (a Retreat is at most 3 hexes at night)", 2, 3},
	} {
		g := &Game{Map: NewMap(12, 10), Turn: 1, Night: true}
		u(g, "A1", German, Squad, "C6", 7)
		u(g, "A2", German, Squad, "D5", 6)
		u(g, "U1", "US", Squad, "C5", 4)
		rep := play(t, g, c.dice, "assault C5 A1 A2 envelopment")[0]
		found := false
		for _, e := range rep.Events {
			found = found || e.Text == c.want
		}
		if !found {
			t.Errorf("dice %v: no %q among %+v", c.dice, c.want, rep.Events)
		}
		i, _ := g.Unit("U1")
		if lo, hi := g.RetreatRange(i); lo != c.min || hi != c.max {
			t.Errorf("dice %v: RetreatRange %d-%d, want %d-%d", c.dice, lo, hi, c.min, c.max)
		}
	}
}

// TestNoATVPrintedWithoutOne: an anti-tank marker written without atv, and an AFV without an
// ATV in the only-AFVs resolution, print no ATV value (no "ATV 0", no "ATV -1"); one written
// with atv 0 prints it.
func TestNoATVPrintedWithoutOne(t *testing.T) {
	text := func(rep *Report) string {
		var b strings.Builder
		for _, e := range rep.Events {
			b.WriteString(e.Text + "\n")
		}
		for _, r := range rep.Rolls {
			b.WriteString(r.Why + "\n")
		}
		return b.String()
	}
	g := &Game{Map: NewMap(12, 10), Turn: 1}
	u(g, "T1", "US", AFV, "C5", 0, av(3, -1))
	u(g, "T2", "US", AFV, "C4", 0, av(3, -1))
	u(g, "T3", German, AFV, "C7", 0, av(5, 2))
	u(g, "T4", "US", AFV, "C8", 0, av(5, -1))
	reps := play(t, g, []int{5, 6}, "fire C5: at T1 +2", "fire C4: at T2 +2 atv 0", "assault C8 T3")
	if s := text(reps[0]); strings.Contains(s, "ATV") {
		t.Errorf("a marker without atv shows an ATV:\n%s", s)
	}
	if s := text(reps[1]); !strings.Contains(s, "(ATV 0)") {
		t.Errorf("a marker with atv 0 does not show it:\n%s", s)
	}
	if s := text(reps[2]); strings.Contains(s, "ATV -1") || strings.Contains(s, "ATV 0") || !strings.Contains(s, "ATV 2 vs none") {
		t.Errorf("only AFVs, one without an ATV:\n%s", s)
	}
}
