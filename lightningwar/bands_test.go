package lightningwar

import (
	"strings"
	"testing"
)

// bandGame is a German Low squad L at 5,10 ordered east, an unseen Russian squad E (Medium,
// no orders) at 7.4,10, and a German High recon car R at 1.4,4 with a general order and no
// route.
func bandGame(t *testing.T) *Game {
	t.Helper()
	g := newTestGame(t)
	must(t, g.AddFormation(Formation{ID: "LPl", Parent: "Coy", Initiative: Low}))
	must(t, g.AddFormation(Formation{ID: "AA", Parent: "Coy", Initiative: High}))
	must(t, g.AddFormation(Formation{ID: "RPl", Parent: "RCoy"}))
	addDet(t, g, "L", Inch(5, 10), Unit{ID: "S1", Type: Infantry, Formation: "LPl"})
	addDet(t, g, "E", Inch(7.4, 10), Unit{ID: "R1", Type: Infantry, Formation: "RPl"})
	must(t, g.AddUnit(Unit{ID: "SdKfz", Formation: "AA", Type: Vehicle, Size: Light, CrossMPH: 12}))
	must(t, g.AddDetachment(Detachment{ID: "R", Units: []string{"SdKfz"}, Pos: Inch(1.4, 4), Kind: Recon}))
	play(t, g, nil, "order L path 30,10", "order R : find the enemy")
	return g
}

// A High recon detachment moves after the Low band and, within its orders, reacts to what
// that band revealed: the German side sees E only once L's move has met it, and routes R
// toward it before the High band moves.
func TestBandsLetHigherInitiativeReact(t *testing.T) {
	g := bandGame(t)
	german := SideView("German")
	if g.As(german).Det("E") != nil {
		t.Fatal("the German side sees E before any move")
	}
	one := play(t, g, nil, "movement band Low")
	if got := strings.Join(one.Order, ", "); got != "Low: L" {
		t.Errorf("the Low band moved %s, want only L", got)
	}
	e := g.As(german).Det("E")
	if e == nil || !near(e.Pos, Inch(7.4, 10)) {
		t.Fatalf("after the Low band the German side sees E at %v:\n%s", e, one.Text())
	}
	if g.Det("R").Moved != 0 || !g.UnderWay() || g.Band != BandLow || g.Turn != 1 {
		t.Fatalf("after the Low band: R moved %v, band %q, turn %d", g.Det("R").Moved, g.Band, g.Turn)
	}
	// the player routes R 6" east, to below where E was seen
	x, _ := e.Pos.Inches()
	play(t, g, nil, "route R path "+trim(x)+",4")
	two := play(t, g, nil, "movement band High")
	if got := strings.Join(two.Order, ", "); got != "Medium: E, High: R" {
		t.Errorf("the rest moved %s", got)
	}
	if r := g.Det("R"); !near(r.Pos, Inch(7.4, 4)) || g.Turn != 2 || g.UnderWay() {
		t.Fatalf("R at %v, turn %d:\n%s", r.Pos, g.Turn, two.Text())
	}
}

// Every way through the phase's bands and parts, and the refusals: each band once, in order,
// in the part under way. A refused step changes nothing and cites its rule.
func TestBandSteps(t *testing.T) {
	for _, c := range []struct {
		name   string
		lines  []string
		refuse string // the last line is refused under this rule ("": accepted)
		turn   int    // the turn after the lines
		band   string // the band last played of the part under way
		part   int
	}{
		{"whole phase", []string{"movement"}, "", 2, "", 0},
		{"Low band", []string{"movement band Low"}, "", 1, BandLow, 0},
		{"Low then Medium", []string{"movement band Low", "movement band Medium"}, "", 1, BandMedium, 0},
		{"Low then the rest", []string{"movement band Low", "movement"}, "", 2, "", 0},
		{"Medium first", []string{"movement band m"}, "", 1, BandMedium, 0},
		{"High ends the turn", []string{"movement band Low", "movement band High"}, "", 2, "", 0},
		{"half 1 to Low", []string{"movement 1/2 band Low"}, "", 1, BandLow, 0},
		{"half 1 done", []string{"movement 1/2 band Low", "movement 1/2"}, "", 1, "", 1},
		{"quarters by bands", []string{"movement 1/4 band Medium", "movement 1/4", "movement 2/4 band Low"}, "", 1, BandLow, 1},
		{"Low again", []string{"movement band Low", "movement band Low"}, RuleOrder, 1, BandLow, 0},
		{"Medium after Medium", []string{"movement band Medium", "movement band Low"}, RuleOrder, 1, BandMedium, 0},
		{"another part", []string{"movement band Low", "movement 1/2"}, RuleSplit, 1, BandLow, 0},
		{"the next half too soon", []string{"movement 1/2 band Low", "movement 2/2"}, RuleSplit, 1, BandLow, 0},
		{"half 2 first", []string{"movement 2/2 band Low"}, RuleSplit, 1, "", 0},
		{"forced once under way", []string{"movement band Low", "forced R path 1,1"}, RuleOrder, 1, BandLow, 0},
		{"halt once under way", []string{"fired R by E", "movement band Low", "halt R"}, RuleDiscretion, 1, BandLow, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := bandGame(t)
			n := len(c.lines)
			if c.refuse != "" {
				n--
			}
			play(t, g, nil, c.lines[:n]...)
			if c.refuse != "" {
				refused(t, g, c.lines[n], c.refuse)
			}
			if g.Turn != c.turn || g.Band != c.band || g.Part != c.part {
				t.Errorf("turn %d, band %q, part %d; want %d, %q, %d", g.Turn, g.Band, g.Part, c.turn, c.band, c.part)
			}
		})
	}
}

// A phase played band by band moves every detachment as one played whole.
func TestBandsReachTheSamePoints(t *testing.T) {
	for _, lines := range [][]string{
		{"movement band Low", "movement band Medium", "movement band High"},
		{"movement band Medium", "movement"},
		{"movement 1/2 band Low", "movement 1/2", "movement 2/2 band Medium", "movement 2/2"},
	} {
		whole, banded := bandGame(t), bandGame(t)
		play(t, whole, nil, "movement")
		if strings.HasPrefix(lines[0], "movement 1/2") {
			whole = bandGame(t)
			play(t, whole, nil, "movement 1/2", "movement 2/2")
		}
		play(t, banded, nil, lines...)
		for _, d := range whole.Dets {
			if b := banded.Det(d.ID); b == nil || !near(b.Pos, d.Pos) {
				t.Errorf("%v: %s at %v, played whole at %v", lines, d.ID, b.Pos, d.Pos)
			}
		}
	}
}

// The notation reads and writes a band.
func TestParseMovementBand(t *testing.T) {
	for _, c := range []struct{ line, want, err string }{
		{"movement band Low", "movement band Low", ""},
		{"movement 1/2 band high A B", "movement 1/2 band High A B", ""},
		{"movement band", "", "band needs its name"},
		{"movement band forced", "", "not a band to pause after"},
	} {
		a, err := Parse(c.line)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want %q", c.line, err, c.err)
		case c.err == "" && (err != nil || a.String() != c.want):
			t.Errorf("%q: %q, %v; want %q", c.line, a.String(), err, c.want)
		}
	}
}

// An order written while the phase is paused after a band takes effect in the next phase: this
// turn's orders were handed out as the phase began. The log says so.
func TestOrderDuringThePhase(t *testing.T) {
	g := bandGame(t)
	play(t, g, nil, "movement band Low")
	rep := play(t, g, nil, "order L path 5,20")
	if !strings.Contains(rep.Text(), "it takes effect in the next Movement Phase (turn 2)") {
		t.Errorf("the order's event: %s", rep.Text())
	}
	play(t, g, nil, "movement")
	if l := g.Det("L"); len(l.Pending) != 1 || l.Order.Path[0] != Inch(30, 10) {
		t.Fatalf("L follows %v, %d pending", l.Order.Path, len(l.Pending))
	}
	rep = play(t, g, nil, "movement")
	if l := g.Det("L"); !strings.Contains(rep.Text(), "L receives its order of turn 1") || len(l.Pending) != 0 {
		t.Errorf("turn 2: %s", rep.Text())
	}
}
